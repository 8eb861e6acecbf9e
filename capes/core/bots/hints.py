"""Hints and reasons: what a bot level would choose for a seat, and why, in a line a person can read.

A bot may say why it made its last choice: after :meth:`choose`, a bot with a ``last_reason`` attribute holds a
one-line reason (or ``None``). :func:`reason_of` reads it for any bot, so interfaces need not know which bots
explain themselves. :func:`hint` asks a level (``hard`` by default) what it would choose at a human seat's
decision; the bot decides as it always does, from what that seat may know (its view and resampled copies), on a
clone of the state, so asking for a hint never changes the game.

>>> import capes
>>> game = capes.load("heroes")
>>> state = game.new_game(seed=3)
>>> h = hint(game, state, state.decision.seat, level="normal")
>>> state.decision.find(h.option) is not None and h.label == state.decision.find(h.option).label
True
>>> len(state.actions)
0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from capes.core.bots.base import make_bot

if TYPE_CHECKING:
    from capes.core.protocol import Game, State

#: the level a hint asks by default: the best player capes has within a budget people accept at a table
HINT_LEVEL = "hard"


@dataclass(frozen=True, slots=True)
class Hint:
    """What ``level`` would choose: the option's id and label, and its reason when the bot gives one."""

    option: str
    label: str
    reason: str | None
    level: str

    def line(self) -> str:
        """``hint (hard): Thwart the main scheme — the scheme completes in 1 round, the villain needs 3``."""
        why = f" — {self.reason}" if self.reason else ""
        return f"hint ({self.level}): {self.label}{why}"


def reason_of(bot: Any) -> str | None:
    """The one-line reason ``bot`` gives for its last choice, or None when it gives none."""
    reason = getattr(bot, "last_reason", None)
    if reason is None:
        return None
    text = " ".join(str(reason).split())
    return text[:200] or None


def hint(game: Game, state: State, seat: int, level: str = HINT_LEVEL, seed: int = 0) -> Hint:
    """What bot ``level`` would choose at ``state``'s decision for ``seat``, and why.

    Raises ValueError when the decision is not ``seat``'s (a hint is for the seat that decides)."""
    decision = state.decision
    if decision.seat != seat:
        raise ValueError(f"seat {seat + 1} is not deciding now")
    options = game.bots()
    if level not in options and level not in ("random", "ismcts"):
        level = "normal" if "normal" in options else next(iter(options))
    bot = make_bot(level, game, seat, seed)
    choice = bot.choose(state.clone())
    option = decision.find(choice)
    label = option.label if option is not None else choice
    return Hint(choice, str(label), reason_of(bot), level)
