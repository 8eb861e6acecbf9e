"""The bot levels champions offers by name: ``easy``, ``normal``, ``hard``."""

from __future__ import annotations

from typing import Any

from capes.core.bots.levels import noisy
from capes.games.champions.bots.lookahead import HeuristicBot


class QuickBot(HeuristicBot):
    """:func:`quick` on one determinization, no lookahead (the base of ``easy``)."""

    name = "champions-quick"

    def __init__(self, game: Any, seat: int, seed: int = 0, look: int = 0, **opts: Any) -> None:
        super().__init__(game, seat, seed=seed, look=look, **opts)


class DeepBot(HeuristicBot):
    """The heuristic looking two actions ahead in its own turn (``hard``, ``ply`` 2): a turn action is judged
    followed by the best next action of the same turn on each deal, instead of by what :func:`quick` would do
    next (:meth:`HeuristicBot._two_step`). About twice the heuristic's time a game."""

    name = "champions-deep"

    def __init__(self, game: Any, seat: int, seed: int = 0, ply: int = 2, **opts: Any) -> None:
        super().__init__(game, seat, seed=seed, ply=ply, **opts)


#: the bots champions offers by name (game.bots() returns a copy): the heuristic under its own name, and
#: the levels for people (easy: no lookahead and some random moves; normal: the heuristic; hard: a deeper
#: lookahead)
BOTS: dict[str, type] = {
    "champions-heuristic": HeuristicBot,
    "easy": noisy(QuickBot, "easy", 0.2),
    "normal": HeuristicBot,
    "hard": DeepBot,
}
