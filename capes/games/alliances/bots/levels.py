"""The bots alliances offers by name: the heuristic under its own name and the levels for people."""

from __future__ import annotations

from capes.core.bots.levels import noisy, searching
from capes.games.alliances.bots.heuristic import HeuristicBot

#: the decisions the hard bot searches (what a Character does, who activates, where it goes)
SEARCH_KINDS = frozenset({"activation", "activate", "destination"})

#: the bots alliances offers by name (game.bots() returns a copy): the heuristic under its own name, and
#: the levels for people (easy: the heuristic with 10% random moves; normal: the heuristic; hard: ISMCTS over it).
#: Measured, one player, seeds 0-199 (issue 15): easy 69/200 (34.5%) against normal's 118/200; with 30% random moves
#: easy had won 0 of 100, a team-mate that never wins
BOTS: dict[str, type] = {
    "alliances-heuristic": HeuristicBot,
    "easy": noisy(HeuristicBot, "easy", 0.1),
    "normal": HeuristicBot,
    "hard": searching(HeuristicBot, "hard", heuristic_rollouts=True, iterations=20, rollout_depth=16,
                      prior_weight=1.0, kinds=SEARCH_KINDS),
}
