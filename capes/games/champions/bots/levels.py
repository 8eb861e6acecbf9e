"""The bot levels champions offers by name: ``easy``, ``normal``, ``hard``."""

from __future__ import annotations

from typing import Any

from capes.core.bots.levels import noisy
from capes.games.champions.bots.lookahead import HeuristicBot


class EasyBot(noisy(HeuristicBot, "easy", 0.1)):  # type: ignore[misc]
    """The heuristic with 10% random moves (``easy``), with the same reason API as the other levels."""

    last_reason = ""

    def choose(self, state: Any) -> str:
        opts = state.decision.options
        if len(opts) > 1 and self.rng.random() < self.mix:
            a = opts[self.rng.randbelow(len(opts))].id
            self.last_reason = f"a random move ({self.name} plays {self.mix:.0%} of its moves at random)"
            return a
        a = self.inner.choose(state)
        self.last_reason = self.inner.last_reason
        return a

    def choose_with_reason(self, state: Any) -> tuple[str, str]:
        a = self.choose(state)
        return a, self.last_reason

    def explain(self, state: Any, action: str | None = None) -> str:
        return self.inner.explain(state, action)


class DeepBot(HeuristicBot):
    """The heuristic looking two actions ahead in its own turn (``hard``, ``ply`` 2): a turn action is judged
    followed by the best next action of the same turn on each deal, instead of by what :func:`quick` would do
    next (:meth:`HeuristicBot._two_step`). About twice the heuristic's time a game."""

    name = "champions-deep"

    def __init__(self, game: Any, seat: int, seed: int = 0, ply: int = 2, **opts: Any) -> None:
        super().__init__(game, seat, seed=seed, ply=ply, **opts)


#: the bots champions offers by name (game.bots() returns a copy): the heuristic under its own name, and
#: the levels for people (easy: the heuristic with 10% random moves; normal: the heuristic; hard: a deeper
#: lookahead). Measured, Spider-Man vs Rhino, standard, seeds 0-199 (issue 15): easy 76/200, normal 160/200,
#: hard 170/200. A random move costs more here than in the other games (a flip, an ended turn, a discarded card):
#: 30% of them won 8/200, so easy mixes in 10%, a team-mate that still wins games. (easy had been the quick
#: policy without lookahead, ``normal`` with ``look=0``, with 20% random moves: 0/200; without them 14/200.)
BOTS: dict[str, type] = {
    "champions-heuristic": HeuristicBot,
    "easy": EasyBot,
    "normal": HeuristicBot,
    "hard": DeepBot,
}
