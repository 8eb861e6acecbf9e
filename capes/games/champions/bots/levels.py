"""The bot levels champions offers by name: ``easy``, ``normal``, ``hard``."""

from __future__ import annotations

from typing import Any

from capes.core.bots.levels import noisy
from capes.games.champions.bots.lookahead import HeuristicBot


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
    "easy": noisy(HeuristicBot, "easy", 0.1),
    "normal": HeuristicBot,
    "hard": DeepBot,
}
