"""Speed measurement helper (not a test): random-playout actions/s and clone time on mid-game states.

Run: .venv/bin/python -m tests.heroes.perf_helper
"""

from __future__ import annotations

import time

import capes
from capes.core.rng import Rng


def measure(players: int = 4, games: int = 20) -> tuple[float, float]:
    g = capes.load("heroes", players=players)
    actions = 0
    mids = []
    t0 = time.perf_counter()
    for seed in range(games):
        s = g.new_game(seed)
        r = Rng(seed + 99)
        k = 0
        while not s.is_over:
            opts = s.decision.options
            s.apply(opts[r.randbelow(len(opts))].id)
            k += 1
            if k == 150:
                mids.append(s.clone())
        actions += k
    dt = time.perf_counter() - t0
    t1 = time.perf_counter()
    reps = 0
    for _ in range(50):
        for m in mids:
            m.clone()
            reps += 1
    ct = (time.perf_counter() - t1) / reps
    return actions / dt, ct * 1e6


if __name__ == "__main__":
    for p in (2, 3, 4):
        aps, us = measure(p)
        print(f"{p} players: {aps:,.0f} actions/s, clone {us:.1f} µs")
