"""Bot win rates for the README (not a test): the matchups each game's issue asks for.

    python bench/winrates.py [--games 200] [--workers 2] [--iterations 20] [--depth 15] [--only GAME] [--skip-ismcts]

Each row is ``capes.sim.simulate`` over seeds 0..N-1; ISMCTS runs with the given (reduced)
iteration budget so that hundreds of games finish in minutes, and the table says so.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from capes.sim import simulate

CHAMPIONS_SOLO = {"heroes": "spider_man", "villain": "rhino", "mode": "standard", "modulars": "bomb_scare"}
CHAMPIONS_DUO = {"heroes": "spider_man,she_hulk", "villain": "klaw", "mode": "standard"}


def matchups(skip_ismcts: bool) -> list[tuple[str, str, dict[str, Any], list[str]]]:
    rows: list[tuple[str, str, dict[str, Any], list[str]]] = []
    for label, cfg in (("Spider-Man vs Rhino + Bomb Scare", CHAMPIONS_SOLO), ("Spider-Man + She-Hulk vs Klaw", CHAMPIONS_DUO)):
        for bot in ("random", "champions-heuristic", "ismcts"):
            rows.append(("champions", f"{label}: {bot}", cfg, [bot]))
    for bot in ("random", "alliances-heuristic", "ismcts"):
        rows.append(("alliances", f"4 Characters, 1 player: {bot}", {}, [bot]))
    rows.append(("alliances", "4 Characters, 1 player, long Mission: alliances-heuristic", {"long": True},
                 ["alliances-heuristic"]))
    four = {"players": 4}
    rows.append(("heroes", "heroes-heuristic vs 3 random", four, ["heroes-heuristic", "random", "random", "random"]))
    rows.append(("heroes", "ismcts vs 3 random", four, ["ismcts", "random", "random", "random"]))
    rows.append(("heroes", "ismcts vs 3 heroes-heuristic", four,
                 ["ismcts", "heroes-heuristic", "heroes-heuristic", "heroes-heuristic"]))
    rows.append(("heroes", "random vs 3 random", four, ["random"] * 4))
    if skip_ismcts:
        rows = [r for r in rows if "ismcts" not in r[3]]
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--iterations", type=int, default=20, help="ismcts iterations per decision")
    ap.add_argument("--depth", type=int, default=15, help="ismcts rollout depth")
    ap.add_argument("--only", action="append", help="only this game (repeatable)")
    ap.add_argument("--skip-ismcts", action="store_true")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out = []
    print("| game | matchup | games | seat 1 win rate (95% CI) | mean actions | other | errors | minutes |")
    print("|---|---|---:|---|---:|---|---:|---:|", flush=True)
    for game, label, cfg, bots in matchups(args.skip_ismcts):
        if args.only and game not in args.only:
            continue
        t0 = time.perf_counter()
        s = simulate(game, args.games, args.workers, 0, cfg, bots,
                     {"iterations": args.iterations, "rollout_depth": args.depth})
        minutes = (time.perf_counter() - t0) / 60
        o = s.outcomes.get("seat1", {"win_rate": 0.0, "win_rate_ci95": [0.0, 0.0]})
        lo, hi = o["win_rate_ci95"]
        other = ", ".join(f"{k} {v:.2f}" for k, v in s.stats.items())
        if "ismcts" in bots:
            label += f" ({args.iterations} it., depth {args.depth})"
        print(f"| {game} | {label} | {s.games} | {o['win_rate']:.1%} ({lo:.1%}–{hi:.1%}) | {s.mean_actions:.0f} | "
              f"{other} | {s.errors} | {minutes:.1f} |", flush=True)
        out.append({"game": game, "matchup": label, **s.to_dict()})
    if args.json:
        print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
