"""The Champions bots' win-rate matrix (issue 41; not a test): each matchup's wins with its Wilson 95% interval,
the losses by cause (the scheme, the heroes' hit points), rounds and the mean time per decision.

    python bench/bots_matrix.py                        # normal, every target matchup, 100 games each, seeds 0-99
    python bench/bots_matrix.py --bot hard --games 20 --only klaw:captain_marvel,rhino:she_hulk
    python bench/bots_matrix.py --games 20 --seed 1000 --w race=3   # a weight changed (tuning: seeds 1000-1999)

A matchup is ``villain:hero[+hero]`` (standard mode, each hero's pre-built deck, the villain's recommended
modular set). Game i of a matchup uses seed ``--seed + i``, so two runs over the same seeds compare like with like.
Timing counts decisions with more than one option (the ones a bot thinks about). ``make bots-matrix`` runs the
default matrix.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from winrates import parse_pairs, wilson  # noqa: E402

HEROES = ("spider_man", "she_hulk", "iron_man", "black_panther", "captain_marvel")
PAIRS = ("spider_man+she_hulk", "captain_marvel+black_panther", "iron_man+spider_man")
#: the matchups of issue 41's targets: every core hero against each core villain, three pairs against Klaw
MATRIX = ([f"rhino:{h}" for h in HEROES] + [f"klaw:{h}" for h in HEROES] + [f"ultron:{h}" for h in HEROES]
          + [f"klaw:{p}" for p in PAIRS])


def play(job: tuple[str, str, int, dict[str, Any], dict[str, float]]) -> dict[str, Any]:
    """One game: the outcome, its cause, rounds, seconds and decisions of the bots."""
    matchup, bot, seed, opts, weights = job
    from capes.core.bots.base import make_bot
    from capes.core.registry import load
    from capes.games.champions.bots import estimates

    estimates.W.update(weights)
    villain, heroes = matchup.split(":")
    game = load("champions", heroes=heroes.replace("+", ","), villain=villain, mode="standard")
    state = game.new_game(seed)
    bots = [make_bot(bot, game, s, seed=seed, **opts) for s in range(game.num_seats)]
    secs = 0.0
    dec = 0
    while not state.is_over:
        d = state.decision
        t0 = time.perf_counter()
        a = bots[d.seat].choose(state)
        if len(d.options) > 1:
            secs += time.perf_counter() - t0
            dec += 1
        state.apply(a)
    g = state
    win = g.over == "win"
    cause = "win" if win else ("scheme" if not g.mstages and g.thr[g.mscheme] >= g.target(g.mscheme) else "damage")
    return {"matchup": matchup, "seed": seed, "cause": cause, "rounds": g.rnd, "secs": secs, "decisions": dec}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bot", default="normal", help="easy, normal or hard (default normal)")
    ap.add_argument("--games", type=int, default=100, help="games per matchup (default 100)")
    ap.add_argument("--seed", type=int, default=0, help="first seed (default 0; tuning used 1000-1999)")
    ap.add_argument("--only", default="", help="comma-separated matchups villain:hero[+hero] (default: all)")
    ap.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("--opt", action="append", default=[], help="KEY=VALUE bot option (repeatable)")
    ap.add_argument("--w", action="append", default=[], help="KEY=VALUE evaluation weight (repeatable)")
    ap.add_argument("--json", help="also write the per-game rows here")
    a = ap.parse_args(argv)
    cells = [m.strip() for m in a.only.split(",") if m.strip()] or MATRIX
    for m in cells:
        v, _, h = m.partition(":")
        if v not in ("rhino", "klaw", "ultron") or not h or any(x not in HEROES for x in h.split("+")):
            raise SystemExit(f"bots_matrix: matchup {m!r} should be villain:hero[+hero], villain one of rhino, "
                             f"klaw, ultron, heroes among {', '.join(HEROES)}")
    if a.games < 1 or a.workers < 1:
        raise SystemExit(f"bots_matrix: --games and --workers must be at least 1 (got {a.games}, {a.workers})")
    opts = parse_pairs(a.opt)
    weights = {k: float(v) for k, v in parse_pairs(a.w).items()}
    print(f"bot {a.bot} {opts or ''} {weights or ''}; {a.games} games a matchup, seeds {a.seed}..{a.seed + a.games - 1};"
          f" standard, pre-built decks; {a.workers} workers on {os.cpu_count()} cores", flush=True)
    jobs = [(m, a.bot, a.seed + i, opts, weights) for m in cells for i in range(a.games)]
    rows: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    with ProcessPoolExecutor(a.workers) as ex:
        done: dict[str, list[dict[str, Any]]] = {m: [] for m in cells}
        for r in ex.map(play, jobs, chunksize=1):
            rows.append(r)
            got = done[r["matchup"]]
            got.append(r)
            if len(got) == a.games:
                _line(r["matchup"], got)
    tot_w = sum(r["cause"] == "win" for r in rows)
    lo, hi = wilson(tot_w, len(rows))
    print(f"all: {tot_w}/{len(rows)} = {tot_w / len(rows):.1%} (95% {lo:.1%}-{hi:.1%}); "
          f"{(time.perf_counter() - t0) / 60:.1f} min", flush=True)
    if a.json:
        Path(a.json).write_text(json.dumps(rows))


def _line(m: str, got: list[dict[str, Any]]) -> None:
    n = len(got)
    w = sum(r["cause"] == "win" for r in got)
    sc = sum(r["cause"] == "scheme" for r in got)
    lo, hi = wilson(w, n)
    ms = 1000 * sum(r["secs"] for r in got) / max(1, sum(r["decisions"] for r in got))
    rnd = sum(r["rounds"] for r in got) / n
    print(f"{m:36s} {w:3d}/{n:<3d} = {w / n:6.1%} (95% {lo:5.1%}-{hi:5.1%})  lost to scheme {sc:3d}, "
          f"to damage {n - w - sc:3d}; {rnd:4.1f} rounds; {ms:6.1f} ms/decision", flush=True)


if __name__ == "__main__":
    main()
