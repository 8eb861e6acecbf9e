"""Bots for the squad: a heuristic bot, the rollout policy and the evaluation for ISMCTS."""

from __future__ import annotations

from typing import Any

from capes.core.rng import Rng


def rollout_choice(state: Any, rng: Rng) -> str:
    opts = state.decision.options
    return opts[rng.randbelow(len(opts))].id


def evaluate(state: Any) -> float:
    return 0.5


class HeuristicBot:
    name = "alliances-heuristic"

    def __init__(self, game: Any, seat: int, seed: int = 0, **opts: Any) -> None:
        self.game = game
        self.seat = seat
        self.rng = Rng(seed * 7919 + seat + 1)

    def choose(self, state: Any) -> str:
        opts = state.decision.options
        return opts[self.rng.randbelow(len(opts))].id
