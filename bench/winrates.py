"""Bot win rates for the README (not a test), one cell at a time, with Wilson 95% intervals.

    python bench/winrates.py --list
    python bench/winrates.py --cell heroes-mirror-2p --games 200 [--workers 1] [--seed 0]
    python bench/winrates.py --game heroes --config players=4 --seats hard,normal,normal,normal \\
        --opt hard:iterations=60 --games 100

A cell is a game, a config and one bot per seat (a single bot fills every seat). Seeds run
``seed .. seed+games-1``; the same seed gives the same game, so two cells over the same seeds
compare like with like. Each line prints every seat's wins with its Wilson 95% interval, the
number of games it rests on, and each seat's mean seconds per decision (decisions with more than
one option only, which are the ones a bot thinks about).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from capes.core.bots.base import make_bot
from capes.core.registry import load

CHAMPIONS_SOLO = {"heroes": "spider_man", "villain": "rhino", "mode": "standard", "modulars": "bomb_scare"}
CHAMPIONS_DUO = {"heroes": "spider_man,she_hulk", "villain": "klaw", "mode": "standard"}
DECKS = ("spider_man", "she_hulk", "iron_man", "black_panther", "captain_marvel")

#: name -> (game, config, seat bots)
CELLS: dict[str, tuple[str, dict[str, Any], list[str]]] = {
    "champions-solo": ("champions", CHAMPIONS_SOLO, ["normal"]),
    "champions-duo": ("champions", CHAMPIONS_DUO, ["normal"]),
    "alliances-solo": ("alliances", {}, ["normal"]),
    "heroes-mirror-2p": ("heroes", {"players": 2}, ["normal", "normal"]),
    "heroes-4p": ("heroes", {"players": 4}, ["normal"] * 4),
}
for _deck in DECKS:
    CELLS[f"champions-rhino-{_deck}"] = ("champions", {"heroes": _deck, "villain": "rhino", "mode": "standard"},
                                         ["normal"])
#: issue 15's solo matrix: every pre-built deck against every villain, standard and expert
#: (``champions-<villain>-<mode>-<deck>``; the standard Rhino cells above are the same games)
for _villain in ("rhino", "klaw", "ultron"):
    for _mode in ("standard", "expert"):
        for _deck in DECKS:
            CELLS[f"champions-{_villain}-{_mode}-{_deck}"] = (
                "champions", {"heroes": _deck, "villain": _villain, "mode": _mode}, ["normal"])


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of ``k`` successes in ``n`` trials.

    >>> tuple(round(x, 3) for x in wilson(50, 100))
    (0.404, 0.596)
    """
    if n == 0:
        return 0.0, 1.0
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def play(args: tuple[str, Mapping[str, Any], int, Sequence[str], Mapping[str, Mapping[str, Any]]]) -> dict[str, Any]:
    """One game: the outcomes, seconds and decisions per seat."""
    game_id, config, seed, bots, opts = args
    game = load(game_id, **config)
    players = [make_bot(b, game, s, seed=seed, **dict(opts.get(b, {}))) for s, b in enumerate(bots)]
    state = game.new_game(seed)
    secs = [0.0] * len(bots)
    decisions = [0] * len(bots)
    while not state.is_over:
        d = state.decision
        s = d.seat
        assert s is not None
        t0 = time.perf_counter()
        a = players[s].choose(state)
        if len(d.options) > 1:
            secs[s] += time.perf_counter() - t0
            decisions[s] += 1
        state.apply(a)
    r = state.result
    assert r is not None
    return {"seed": seed, "outcomes": list(r.outcomes), "secs": secs, "decisions": decisions}


def run_cell(game_id: str, config: Mapping[str, Any], bots: Sequence[str], games: int, seed: int = 0,
             workers: int = 1, opts: Mapping[str, Mapping[str, Any]] | None = None,
             progress: bool = False) -> dict[str, Any]:
    """Play ``games`` games and summarise: per seat wins, Wilson interval, seconds per decision."""
    game = load(game_id, **config)
    seats = game.num_seats
    bots = list(bots) * seats if len(bots) == 1 else list(bots)
    if len(bots) != seats:
        raise SystemExit(f"{game_id}: {len(bots)} bots for {seats} seats")
    jobs = [(game_id, dict(config), seed + i, bots, dict(opts or {})) for i in range(games)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as ex:
            rows = list(ex.map(play, jobs, chunksize=1))
    else:
        rows = []
        for j in jobs:
            rows.append(play(j))
            if progress:  # a running tally on stderr, so a cell cut short still tells something
                wins = [sum(1 for r in rows if r["outcomes"][s] == "win") for s in range(seats)]
                print(f"  after {len(rows)} games, wins by seat: {wins}", file=sys.stderr, flush=True)
    out: dict[str, Any] = {"game": game_id, "config": dict(config), "bots": bots, "games": len(rows), "seats": []}
    for s in range(seats):
        k = sum(1 for r in rows if r["outcomes"][s] == "win")
        dec = sum(r["decisions"][s] for r in rows)
        sec = sum(r["secs"][s] for r in rows)
        out["seats"].append({"bot": bots[s], "wins": k, "rate": k / max(1, len(rows)), "ci95": wilson(k, len(rows)),
                             "sec_per_decision": sec / max(1, dec), "decisions": dec})
    return out


def _value(text: str) -> Any:
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return None if text.lower() == "none" else text


def parse_pairs(items: Sequence[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for it in items:
        k, eq, v = it.partition("=")
        if not eq:
            raise SystemExit(f"expected KEY=VALUE, got {it!r}")
        out[k.strip()] = _value(v.strip())
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--list", action="store_true", help="list the named cells")
    ap.add_argument("--cell", help="a named cell (see --list)")
    ap.add_argument("--game")
    ap.add_argument("--config", action="append", default=[], help="KEY=VALUE (repeatable)")
    ap.add_argument("--seats", help="bots by seat, comma separated (one bot fills every seat)")
    ap.add_argument("--opt", action="append", default=[], help="BOT:KEY=VALUE bot setting (repeatable)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--progress", action="store_true", help="a running tally on stderr after each game")
    args = ap.parse_args()
    if args.list:
        for name, (g, cfg, bots) in CELLS.items():
            print(f"{name}: {g} {cfg} {','.join(bots)}")
        return
    if args.cell:
        if args.cell not in CELLS:
            raise SystemExit(f"unknown cell {args.cell!r}; choose one of {', '.join(CELLS)}")
        game_id, config, bots = CELLS[args.cell]
        config = {**config, **parse_pairs(args.config)}
    elif args.game:
        game_id, config, bots = args.game, parse_pairs(args.config), ["normal"]
    else:
        raise SystemExit("give --cell NAME or --game ID (see --list)")
    if args.seats:
        bots = [b.strip() for b in args.seats.split(",")]
    opts: dict[str, dict[str, Any]] = {}
    for o in args.opt:
        bot, _, kv = o.partition(":")
        opts.setdefault(bot, {}).update(parse_pairs([kv]))
    t0 = time.perf_counter()
    res = run_cell(game_id, config, bots, args.games, args.seed, args.workers, opts, args.progress)
    res["minutes"] = (time.perf_counter() - t0) / 60
    res["opts"] = opts
    if args.json:
        print(json.dumps(res, indent=1))
        return
    cfg = ",".join(f"{k}={v}" for k, v in config.items())
    print(f"{game_id} [{cfg}] {'/'.join(bots)} {opts or ''} seeds {args.seed}..{args.seed + res['games'] - 1}: "
          f"{res['games']} games, {res['minutes']:.1f} min")
    for s, row in enumerate(res["seats"]):
        lo, hi = row["ci95"]
        print(f"  seat {s + 1} {row['bot']}: {row['wins']}/{res['games']} = {row['rate']:.1%} "
              f"(95% {lo:.1%}–{hi:.1%}), {row['sec_per_decision'] * 1000:.1f} ms/decision")


if __name__ == "__main__":
    main()
