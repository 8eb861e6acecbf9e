"""Tune the weights of the Champions bots' evaluation by the games they win (not a test; nothing here asserts).

The cross-entropy method over the logarithms of some of ``W``'s weights
(capes/games/champions/bots/estimates.py): each round draws ``--pop`` candidate weight sets around the current
mean (the mean itself is always one of them), plays every candidate on the same games (the same heroes and
seeds, so candidates are compared on the same deals), and moves the mean to the average of the ``--elite`` best.
Training seeds start at 10,000, away from the seeds the README's win rates use (0-199); check a result there with
``bench/winrates.py`` before believing it.

    python bench/tune_champions.py --rounds 6 --pop 8 --games 20 [--workers 2] [--out /tmp/tuned.json]

``--games`` is per hero and candidate: 20 plays 100 games a candidate (Spider-Man, She-Hulk, Iron Man, Black
Panther and Captain Marvel against Rhino, standard). At 100 games a candidate the ranking is mostly noise (in the
first round the weights as they were won 46 of 100 games and seven candidates around them 34-52; in the second,
42-55): read the rounds for a direction the best candidates share, then test that direction alone on 200 seeds
a hero with the README's seeds.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from winrates import play as winrates_play  # noqa: E402

HEROES = ("spider_man", "she_hulk", "iron_man", "black_panther", "captain_marvel")
#: the weights tuned (multiplied by exp(x) for a candidate x); the others stay as they are
TUNED = ("villain", "threat", "tlin", "slack", "side", "icon", "crisis", "minion", "hp", "hpsafe", "hurt", "exh",
         "ally", "upgrade", "draw", "hand", "loss", "stage")


def play(job: tuple[dict[str, float], str, str, int]) -> int:
    """One game of the heuristic with these weights (bench/winrates.py plays it): 1 if the heroes win."""
    weights, heroes, villain, seed = job
    from capes.games.champions.bots import estimates

    estimates.W.update(weights)
    row = winrates_play(("champions", {"heroes": heroes, "villain": villain, "mode": "standard"}, seed,
                         ["champions-heuristic"], {}))
    return int(row["outcomes"][0] == "win")


def main(argv: list[str] | None = None) -> None:
    from capes.core.rng import Rng
    from capes.games.champions.bots.estimates import W

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--pop", type=int, default=8)
    ap.add_argument("--elite", type=int, default=3)
    ap.add_argument("--games", type=int, default=20, help="games per hero and candidate")
    ap.add_argument("--sigma", type=float, default=0.5, help="starting spread of the log-multipliers")
    ap.add_argument("--seed", type=int, default=10_000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", help="write the best mean's weights here (JSON)")
    a = ap.parse_args(argv)
    if a.rounds < 1 or a.games < 1 or a.workers < 1 or a.pop < 2 or not 1 <= a.elite <= a.pop or a.sigma <= 0:
        raise SystemExit("tune_champions: need --rounds, --games and --workers at least 1, --pop at least 2, "
                         f"--elite from 1 to --pop and --sigma above 0 (got {vars(a)})")
    base = {k: W[k] for k in TUNED}
    mu = dict.fromkeys(TUNED, 0.0)
    sd = dict.fromkeys(TUNED, a.sigma)
    rng = Rng(a.seed)
    games = [(h, "rhino", a.seed + i) for h in HEROES for i in range(a.games)]

    def weights(x: dict[str, float]) -> dict[str, float]:
        return {k: round(base[k] * math.exp(x[k]), 5) for k in TUNED}

    def normal() -> float:  # Box-Muller from the project's RNG
        u = max(1e-12, rng.random())
        return math.sqrt(-2 * math.log(u)) * math.cos(2 * math.pi * rng.random())

    with ProcessPoolExecutor(a.workers) as ex:
        for r in range(a.rounds):
            t0 = time.perf_counter()
            cands = [dict(mu)] + [{k: mu[k] + sd[k] * normal() for k in TUNED} for _ in range(a.pop - 1)]
            jobs = [(weights(c), h, v, s) for c in cands for h, v, s in games]
            res = list(ex.map(play, jobs, chunksize=4))
            n = len(games)
            scores = [sum(res[i * n:(i + 1) * n]) for i in range(len(cands))]
            order = sorted(range(len(cands)), key=lambda i: -scores[i])
            elite = [cands[i] for i in order[:a.elite]]
            print(f"round {r}: mean wins {scores[0]}/{n}, candidates {sorted(scores, reverse=True)}, "
                  f"{time.perf_counter() - t0:.0f} s", flush=True)
            mu = {k: sum(c[k] for c in elite) / len(elite) for k in TUNED}
            sd = {k: max(0.1, math.sqrt(sum((c[k] - mu[k]) ** 2 for c in elite) / len(elite))) for k in TUNED}
            print("  best:", json.dumps(weights(cands[order[0]])), flush=True)
            print("  mean:", json.dumps(weights(mu)), flush=True)
    if a.out:
        Path(a.out).write_text(json.dumps(weights(mu), indent=1))


if __name__ == "__main__":
    main()
