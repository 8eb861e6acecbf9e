"""Win-rate helper (not a test): one bot against three others over N four-player games.

Run: .venv/bin/python -m tests.heroes.sim_helper heroes-heuristic random 200
"""

from __future__ import annotations

import sys
import time

import capes
from capes.core.bots.base import make_bot


def run(lead: str, others: str, n: int, players: int = 4, scenario: str = "born_again", progress: bool = False,
        **opts: int) -> None:
    g = capes.load("heroes", players=players, scenario=scenario)
    wins = draws = 0
    rounds = actions = 0
    t0 = time.perf_counter()
    for i in range(n):
        seat = i % players  # rotate the tested bot through the seats
        bots = [make_bot(lead if s == seat else others, g, s, seed=i, **(opts if s == seat and lead == "ismcts" else {}))
                for s in range(players)]
        st = g.new_game(i)
        while not st.is_over:
            st.apply(bots[st.decision.seat].choose(st))
        out = st.result.outcomes[seat]
        wins += out == "win"
        draws += out == "draw"
        rounds += st.round
        actions += len(st.actions)
        if progress:
            print(f"  {i + 1} games: wins {wins}, draws {draws}, mean rounds {rounds / (i + 1):.2f}", flush=True)
    dt = time.perf_counter() - t0
    print(f"{lead} vs 3x {others}: {n} games, win rate {wins / n:.3f} (draws {draws}), mean length "
          f"{rounds / n:.2f} Game Rounds / {actions / n:.0f} actions, {dt:.0f}s")


if __name__ == "__main__":
    extra = {k: int(v) for k, v in (a.split("=") for a in sys.argv[4:])}
    run(sys.argv[1], sys.argv[2], int(sys.argv[3]), progress=True, **extra)
