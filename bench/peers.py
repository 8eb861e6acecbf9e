"""capes against peers, timed in the same process run (not a test; nothing here asserts a timing).

Random playouts, one core: OpenSpiel's pure-Python tic-tac-toe (``python_tic_tac_toe``, the
simplest game of the most used game framework) and python-chess random games (plies/s), then every
registered capes game. The workloads take turns in short slices over several rounds, so that a change
of machine load during the run falls on all of them alike; each figure is total actions ÷ total time,
in wall-clock seconds and in this process's CPU seconds (steadier when the machine is shared).
Prints the machine, its load and a Markdown table of capes actions/s ÷ each peer.

    python bench/peers.py [--seconds S] [--rounds R] [--game ID ...] [--json]

Needs the ``bench`` extra (``pip install -e '.[bench]'``: open_spiel and chess); without it the run
says so on one line and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from capes.core.registry import GAMES, available, load
from capes.core.rng import Rng

EXTRA = "pip install -e '.[bench]'"


def machine() -> str:
    """CPU model, cores, Python and OS."""
    import platform

    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}; capes {build()}"


def build() -> str:
    """Which capes runs: the pure-Python package, or the compiled build (bench/compile.py) and where it lies (its
    engines are extension modules; a figure of one must never pass for the other)."""
    import importlib
    from pathlib import Path

    mod = importlib.import_module("capes.games.champions.engine")
    path = Path(mod.__file__ or "")
    if path.suffix == ".py":
        return "pure Python"
    return f"compiled build in {path.parents[3]}"


def load_average() -> str:
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:
        return "unknown"
    return f"{one:.2f} / {five:.2f} / {fifteen:.2f} (1 / 5 / 15 min)"


class Workload:
    """Random playouts run in slices: ``run(seconds)`` plays whole games until the slice is spent."""

    name = ""
    unit = "actions"

    def __init__(self) -> None:
        self.actions = 0
        self.games = 0
        self.seconds = 0.0
        self.cpu_seconds = 0.0

    def play_one(self) -> int:
        """Play one random game; return how many actions (plies) it took."""
        raise NotImplementedError

    def run(self, seconds: float) -> None:
        t0, c0 = time.perf_counter(), time.process_time()
        end = t0 + seconds
        while True:
            self.actions += self.play_one()
            self.games += 1
            if time.perf_counter() >= end:
                break
        self.seconds += time.perf_counter() - t0
        self.cpu_seconds += time.process_time() - c0

    @property
    def rate(self) -> float:
        """Actions per wall-clock second."""
        return self.actions / self.seconds if self.seconds else 0.0

    @property
    def cpu_rate(self) -> float:
        """Actions per second of this process's CPU time (steadier than wall time on a busy machine)."""
        return self.actions / self.cpu_seconds if self.cpu_seconds else 0.0


class TicTacToe(Workload):
    """OpenSpiel's pure-Python tic-tac-toe through the pyspiel API, uniform random moves."""

    name = "OpenSpiel python_tic_tac_toe"

    def __init__(self) -> None:
        super().__init__()
        import open_spiel.python.games  # noqa: F401 - registers the python_* games with pyspiel
        import pyspiel

        self.game = pyspiel.load_game("python_tic_tac_toe")
        self.rng = random.Random(1)

    def play_one(self) -> int:
        state = self.game.new_initial_state()
        n = 0
        choice = self.rng.choice
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
            n += 1
        return n


class Chess(Workload):
    """python-chess from the start position, uniform random legal moves until ``is_game_over()``."""

    name = "python-chess random game"
    unit = "plies"

    def __init__(self) -> None:
        super().__init__()
        import chess

        self.chess = chess
        self.rng = random.Random(1)

    def play_one(self) -> int:
        board = self.chess.Board()
        choice = self.rng.choice
        while not board.is_game_over():
            board.push(choice(list(board.legal_moves)))
        return board.ply()


class Capes(Workload):
    """A capes game in its default configuration: seeds 0, 1, 2…, uniform random options (as bench/run.py)."""

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.name = game_id
        self.game = load(game_id)
        self.rng = Rng(1)
        self.seed = 0

    def play_one(self) -> int:
        s = self.game.new_game(self.seed)
        self.seed += 1
        rng = self.rng
        n = 0
        while not s.is_over:
            opts = s.decision.options
            s.apply(opts[rng.randbelow(len(opts))])
            n += 1
        return n


def peers_or_exit() -> list[Workload]:
    """The two peer workloads; a one-line message and exit 2 when the ``bench`` extra is missing."""
    try:
        return [TicTacToe(), Chess()]
    except ImportError as e:
        print(f"bench/peers.py: the peers are not installed ({e.name or e}); install the bench extra: {EXTRA}",
              file=sys.stderr)
        raise SystemExit(2) from None


def measure(workloads: list[Workload], seconds: float, rounds: int,
            progress: Callable[[str], None] | None = None) -> None:
    """Give each workload ``seconds`` in all, in ``rounds`` interleaved slices."""
    for w in workloads:  # one game each first: imports and first-use caches stay out of the figures
        w.play_one()
    for r in range(rounds):
        for w in workloads:
            w.run(seconds / rounds)
        if progress:
            progress(f"round {r + 1}/{rounds} done")


def report(peers: list[Workload], games: list[Workload]) -> dict[str, Any]:
    return {
        "machine": machine(),
        "peers": {p.name: {"rate": p.rate, "cpu_rate": p.cpu_rate, "unit": p.unit, "games": p.games,
                           "seconds": p.seconds} for p in peers},
        "games": {g.name: {"actions_per_s": g.rate, "cpu_actions_per_s": g.cpu_rate, "games": g.games,
                           "seconds": g.seconds, "ratios": {p.name: g.rate / p.rate for p in peers},
                           "cpu_ratios": {p.name: g.cpu_rate / p.cpu_rate for p in peers}} for g in games},
    }


def table(peers: list[Workload], games: list[Workload]) -> str:
    ttt, chess = peers
    lines = [
        "| workload | per wall second (1 core) | per CPU second | games |",
        "|---|---:|---:|---:|",
    ]
    for w in [*peers, *games]:
        lines.append(f"| {w.name} | {w.rate:,.0f} {w.unit} | {w.cpu_rate:,.0f} | {w.games:,} |")
    lines += [
        "",
        "| game | ÷ OpenSpiel python tic-tac-toe | ÷ python-chess plies | (same, in CPU time) |",
        "|---|---:|---:|---:|",
    ]
    for g in games:
        lines.append(f"| {g.name} | {g.rate / ttt.rate:.2f} | {g.rate / chess.rate:.2f} | "
                     f"{g.cpu_rate / ttt.cpu_rate:.2f} / {g.cpu_rate / chess.cpu_rate:.2f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=10.0, help="time per workload, in all (default 10)")
    ap.add_argument("--rounds", type=int, default=5, help="interleaved slices per workload (default 5)")
    ap.add_argument("--game", action="append", help="only this capes game (repeatable)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    peers = peers_or_exit()
    ids = args.game or [g for g in GAMES if available(g)]
    games: list[Workload] = [Capes(g) for g in ids]
    load_before = load_average()
    measure([*peers, *games], args.seconds, max(1, args.rounds),
            None if args.json else lambda m: print(m, file=sys.stderr))
    load_after = load_average()
    if args.json:
        doc = report(peers, games)
        doc["load_before"], doc["load_after"] = load_before, load_after
        print(json.dumps(doc, indent=1))
        return 0
    print(f"Machine: {machine()}\nLoad average before: {load_before}; after: {load_after}\n")
    print(table(peers, games))
    return 0


if __name__ == "__main__":
    sys.exit(main())
