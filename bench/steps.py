"""Where a game's time goes, by rule step: random playouts with every entry of the engine's dispatch tables timed.

    python bench/steps.py champions [--games 300] [--top 30] [--seed 0]

Each engine runs its rules as named steps from dispatch tables (Champions: ``frames.STEPS`` and the build/answer
pair of each question in ``frames.ASKS``, ``frames.ON_EMPTY``; Alliances: ``decisions.FRAMES``, ``DECIDERS``,
``ANSWERS``; Heroes: ``engine._AUTO``, ``_ASK``, ``_ANS``). This tool wraps every entry with a timer, plays
``--games`` random games (seeds ``--seed`` on, uniform random options as bench/run.py), restores the tables and
prints each entry's **self time** (its own time less the time of the entries it ran) with its calls and µs per call,
largest first. "outside any step" is the rest of the playout: the protocol's ``apply``, the engine's run loop, the
Decision and Option objects, the random choice. Work an entry does by calling a method directly (not through a
table) counts as that entry's own.

A wrapper adds about half a microsecond per call to the caller's time, so shares lean towards frequent steps; the
header gives the actions/s of the same games without wrappers and with them, which says how much. Wrapping never
changes a game (tests/core/test_bench_steps.py replays the same seeds with and without it). Nothing here asserts a
timing.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterator, MutableMapping
from contextlib import contextmanager
from typing import Any

from peers import Capes

from capes.core.registry import GAMES, available

#: game id -> (module, [(table name, label kind, how its values hold functions)]): "fn" a function, "pair" a tuple
#: whose first two items are a question's build and answer (Champions' ASKS)
TABLES: dict[str, tuple[str, list[tuple[str, str]]]] = {
    "champions": ("capes.games.champions.frames", [("STEPS", "fn"), ("ASKS", "pair"), ("ON_EMPTY", "fn")]),
    "alliances": ("capes.games.alliances.decisions", [("FRAMES", "fn"), ("DECIDERS", "fn"), ("ANSWERS", "fn")]),
    "heroes": ("capes.games.heroes.engine", [("_AUTO", "fn"), ("_ASK", "fn"), ("_ANS", "fn")]),
}
#: how each table's entries are named in the report
KINDS = {"STEPS": "step", "FRAMES": "step", "_AUTO": "step", "ASKS": "ask", "DECIDERS": "ask", "_ASK": "ask",
         "ANSWERS": "answer", "_ANS": "answer", "ON_EMPTY": "no options"}


class Timings:
    """Self time and calls per entry, kept while the wrapped tables run (one playout thread)."""

    def __init__(self) -> None:
        self.self_s: dict[str, float] = {}
        self.calls: dict[str, int] = {}
        self._open: list[list[float]] = []  # per running entry: [start, time of the entries it ran]

    def wrap(self, name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        clock, opened = time.perf_counter, self._open
        self_s, calls = self.self_s, self.calls
        self_s.setdefault(name, 0.0)
        calls.setdefault(name, 0)

        def timed(*args: Any) -> Any:
            rec = [clock(), 0.0]
            opened.append(rec)
            try:
                return fn(*args)
            finally:
                opened.pop()
                spent = clock() - rec[0]
                self_s[name] += spent - rec[1]
                calls[name] += 1
                if opened:
                    opened[-1][1] += spent

        return timed


@contextmanager
def timed_tables(game_id: str) -> Iterator[Timings]:
    """Wrap every entry of ``game_id``'s dispatch tables for the duration of the block (restored after, also on
    an error)."""
    import importlib

    modname, tables = TABLES[game_id]
    mod = importlib.import_module(modname)
    t = Timings()
    saved: list[tuple[MutableMapping[str, Any], dict[str, Any]]] = []
    try:
        for tname, how in tables:
            table: MutableMapping[str, Any] = getattr(mod, tname)
            saved.append((table, dict(table)))
            kind = KINDS[tname]
            for k, v in list(table.items()):
                if how == "pair":
                    table[k] = (t.wrap(f"ask {k}", v[0]), t.wrap(f"answer {k}", v[1]), *v[2:])
                else:
                    table[k] = t.wrap(f"{kind} {k}", v)
        yield t
    finally:
        for table, old in saved:
            table.clear()
            table.update(old)


def play(game_id: str, games: int, seed: int) -> tuple[int, float]:
    """Random games of ``game_id`` from seed ``seed`` on, bench/run.py's workload (peers.Capes): (actions, seconds)."""
    w = Capes(game_id)
    w.seed = seed
    t0 = time.perf_counter()
    acts = sum(w.play_one() for _ in range(games))
    return acts, time.perf_counter() - t0


def report(game_id: str, games: int, seed: int = 0, top: int = 30) -> str:
    play(game_id, 1, seed)  # imports and first-use caches out of the figures
    acts, plain = play(game_id, games, seed)
    with timed_tables(game_id) as t:
        acts2, wrapped = play(game_id, games, seed)
    assert acts2 == acts, "wrapping the tables changed the games"
    inside = sum(t.self_s.values())
    rows = sorted(t.self_s.items(), key=lambda kv: -kv[1])
    out = [f"{game_id}: {games} random games from seed {seed}, {acts:,} actions; {acts / plain:,.0f} actions/s "
           f"unwrapped, {acts / wrapped:,.0f} wrapped (each share below is of the wrapped time)", "",
           "| entry | calls | self time | µs a call |", "|---|---:|---:|---:|"]
    for name, s in rows[:top]:
        n = t.calls[name]
        if n:
            out.append(f"| {name} | {n:,} | {s / wrapped:.1%} | {s / n * 1e6:.1f} |")
    rest = [(k, s) for k, s in rows[top:] if t.calls[k]]
    if rest:
        out.append(f"| {len(rest)} more entries | {sum(t.calls[k] for k, _ in rest):,} | "
                   f"{sum(s for _, s in rest) / wrapped:.1%} | |")
    out.append(f"| outside any step | | {(wrapped - inside) / wrapped:.1%} | |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", help="champions, alliances or heroes")
    ap.add_argument("--games", type=int, default=300, help="random games to play (1-100,000; default 300)")
    ap.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    ap.add_argument("--top", type=int, default=30, help="entries listed (the rest are summed; default 30)")
    a = ap.parse_args(argv)
    if a.game not in TABLES or a.game not in GAMES or not available(a.game):
        ap.error(f"unknown game {a.game!r}: choose one of {', '.join(sorted(TABLES))}")
    if not 1 <= a.games <= 100_000:
        ap.error(f"--games must be from 1 to 100,000 (got {a.games})")
    if not 1 <= a.top <= 10_000:
        ap.error(f"--top must be from 1 to 10,000 (got {a.top})")
    if not 0 <= a.seed < 2**63:
        ap.error(f"--seed must be from 0 to 2**63 - 1 (got {a.seed})")
    print(report(a.game, a.games, a.seed, a.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
