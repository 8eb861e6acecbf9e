"""Issue 41's figures for the Alliances and Heroes bots (not a test), each with its seeds, game count and Wilson
95% interval.

    python bench/bots_ah.py alliances [--games 400] [--seed 5000] [--workers 2]
    python bench/bots_ah.py heroes [--games 400] [--seed 5000] [--workers 2]

* ``alliances``: the ``normal`` bot plays the Mission with the default squad, one player, seeds
  ``seed .. seed+games-1``; prints the Missions won, and of the losses how they ended (a Character KO'd, the
  Round limit, or another cause the result names).
* ``heroes``: ``hard`` against ``normal``, two players; game ``i`` uses seed ``seed+i``, the ordered pair of
  distinct teams ``i // 2 mod 12`` (each team in each seat against each other team) and puts ``hard`` in seat
  ``i mod 2 + 1``; prints ``hard``'s wins (a tie is not a win) and ``normal``'s.

Seeds 1000-1999 were the ones the bots were tuned on (issue 41); report on others (the default 5000).
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bench.winrates import wilson
from capes.core.bots.base import make_bot
from capes.core.registry import load

TEAMS = ("f4", "xmen", "avengers", "knights")
PAIRS = list(itertools.permutations(TEAMS, 2))


def heroes_setup(i: int) -> tuple[list[str], int]:
    """Game ``i``'s teams by seat and the seat ``hard`` takes."""
    return list(PAIRS[(i // 2) % len(PAIRS)]), i % 2


def _alliances(seed: int) -> dict[str, Any]:
    game = load("alliances")
    bot = make_bot("normal", game, 0, seed=seed)
    st = game.new_game(seed)
    while not st.is_over:
        st.apply(bot.choose(st))
    r = st.result
    assert r is not None
    why = "won" if r.outcomes[0] == "win" else _loss_cause(st)
    return {"seed": seed, "win": r.outcomes[0] == "win", "why": why, "stage": st.stage_i}


def _loss_cause(st: Any) -> str:
    """How a lost Mission ended, from the log line that ended it, and on which Stage."""
    text = next((e.text for e in reversed(list(st.log)) if e.rule == "alliances/win-lose"), "no end line")
    why = "a Character KO'd" if "KO'd" in text else text
    return f"{why} (Stage {st.stage_i + 1})"


def _heroes(args: tuple[int, int]) -> dict[str, Any]:
    i, seed = args
    teams, hs = heroes_setup(i)
    game = load("heroes", players=2, teams=teams)
    bots = [make_bot("hard" if s == hs else "normal", game, s, seed=seed) for s in range(2)]
    st = game.new_game(seed)
    while not st.is_over:
        d = st.decision
        assert d.seat is not None
        st.apply(bots[d.seat].choose(st))
    r = st.result
    assert r is not None
    return {"i": i, "seed": seed, "teams": teams, "hard_seat": hs, "hard": r.outcomes[hs] == "win",
            "normal": r.outcomes[1 - hs] == "win"}


def _run(fn: Any, jobs: list[Any], workers: int) -> list[dict[str, Any]]:
    """Every job's row, with a running tally on stderr (a run cut short still tells something)."""
    rows: list[dict[str, Any]] = []
    key = "win" if fn is _alliances else "hard"

    def note(r: dict[str, Any]) -> None:
        rows.append(r)
        print(f"  {len(rows)}/{len(jobs)} games, {sum(x[key] for x in rows)} won ({key}), last seed {r['seed']}",
              file=sys.stderr, flush=True)
    if workers > 1:
        with ProcessPoolExecutor(workers) as ex:
            for r in ex.map(fn, jobs, chunksize=1):
                note(r)
    else:
        for j in jobs:
            note(fn(j))
    return rows


def _line(name: str, k: int, n: int) -> str:
    lo, hi = wilson(k, n)
    return f"{name}: {k}/{n} = {k / max(1, n):.1%} (95% {lo:.1%}-{hi:.1%})"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", choices=("alliances", "heroes"))
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=5000)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--start", type=int, default=0,
                    help="heroes: the first game's index (a run split in parts: --start 200 --games 200 plays the "
                         "second half of --games 400 with the same seeds, teams and seats)")
    a = ap.parse_args(argv)
    if a.games < 1 or a.workers < 1:
        raise SystemExit("--games and --workers must be at least 1")
    t0 = time.perf_counter()
    last = a.seed + a.games - 1
    if a.game == "alliances":
        rows = _run(_alliances, list(range(a.seed, last + 1)), a.workers)
        wins = sum(r["win"] for r in rows)
        print(f"alliances, default squad, 1 player, normal, seeds {a.seed}..{last}")
        print("  " + _line("Missions won", wins, len(rows)))
        for why, n in Counter(r["why"] for r in rows if not r["win"]).most_common():
            print(f"  lost, {why}: {n}")
    else:
        first = a.seed + a.start
        last = first + a.games - 1
        rows = _run(_heroes, [(i, a.seed + i) for i in range(a.start, a.start + a.games)], a.workers)
        print(f"heroes, 2 players, hard vs normal, seeds {first}..{last}, teams and seats rotated "
              f"({len(PAIRS)} ordered team pairs x hard in seat 1 and 2)")
        print("  " + _line("hard wins", sum(r["hard"] for r in rows), len(rows)))
        print("  " + _line("normal wins", sum(r["normal"] for r in rows), len(rows)))
        for s in range(2):
            sub = [r for r in rows if r["hard_seat"] == s]
            print("  " + _line(f"hard in seat {s + 1}", sum(r["hard"] for r in sub), len(sub)))
    print(f"  {(time.perf_counter() - t0) / 60:.1f} min", file=sys.stderr)


if __name__ == "__main__":
    main()
