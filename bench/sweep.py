"""Sweep scaling (not a test; nothing here asserts a timing): games/s of one sweep on 1 and 2 local worker
processes and on Ray with 2 CPUs, parallel efficiency, and Ray's overhead against local processes.

The sweep is Champions with random bots over villain × mode (6 cells): a game takes milliseconds, so the figures
show the machinery's cost (chunks, processes, Parquet, Ray tasks) more than a slow game would. Ray is timed twice:
with its start-up (``--backend ray`` as a user runs it) and on a session already running (the steady state of a
long sweep or a standing cluster). Every run writes its Parquet parts to a temporary folder; the rows of every run
are checked identical (except ``seconds``). The machine's load average is printed before and after.

    python bench/sweep.py [--per-cell N] [--chunk C] [--skip-one] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from capes.sweep import Sweep, iter_rows, parse_grid, run_sweep

GRID = ["villain=rhino,klaw,ultron", "mode=standard,expert"]


def load_average() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "n/a"


def rows(path: Path) -> list[tuple[Any, ...]]:
    out = []
    for r in iter_rows([path]):
        r.pop("seconds")
        out.append(tuple(json.dumps(v, sort_keys=True) for v in r.values()))
    return sorted(out)


def cpu_seconds() -> float:
    """CPU time of this process and of its finished, reaped children (the local worker processes)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def timed(label: str, sweep: Sweep, out: Path, backend: str, workers: int) -> dict[str, Any]:
    t0, c0 = time.perf_counter(), cpu_seconds()
    run = run_sweep(sweep, out, backend, workers)
    wall, cpu = time.perf_counter() - t0, cpu_seconds() - c0
    res = {"run": label, "games": run.games, "wall_s": wall, "games_per_s": run.games / wall,
           "load_after": load_average()}
    if backend == "local":  # Ray's workers are not our children: their CPU time is not counted here
        res["cpu_ms_per_game"] = 1000 * cpu / run.games
    cpu_text = f"{res['cpu_ms_per_game']:6.2f} CPU ms/game" if "cpu_ms_per_game" in res else " " * 17
    print(f"{label:<32} {run.games:>7,} games {wall:8.2f} s {run.games / wall:9.1f} games/s {cpu_text}  "
          f"(load {res['load_after']})", flush=True)
    return res


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--per-cell", type=int, default=200, help="games per cell (6 cells)")
    ap.add_argument("--chunk", type=int, default=50, help="games per chunk")
    ap.add_argument("--skip-one", action="store_true", help="skip the 1-worker run (long sweeps)")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    sweep = Sweep("champions", parse_grid("champions", GRID), a.per_cell, 0, bots=["random"], chunk=a.chunk)
    print(f"capes sweep bench: champions random bots, {len(sweep.cells)} cells × {a.per_cell:,} = {sweep.games:,} "
          f"games, chunks of {a.chunk}; {platform.machine()} {os.cpu_count()} cores, python "
          f"{platform.python_version()}; load average before: {load_average()}", flush=True)
    tmp = Path(tempfile.mkdtemp(prefix="capes-bench-sweep-"))
    results: list[dict[str, Any]] = []
    try:
        if not a.skip_one:
            results.append(timed("local, 1 worker", sweep, tmp / "l1", "local", 1))
        results.append(timed("local, 2 workers", sweep, tmp / "l2", "local", 2))
        results.append(timed("ray, 2 CPUs (with start-up)", sweep, tmp / "r1", "ray", 2))
        import ray

        t0 = time.perf_counter()
        ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR", log_to_driver=False)
        start = time.perf_counter() - t0
        print(f"{'ray.init (2 CPUs)':<32} {start:25.2f} s", flush=True)
        try:
            results.append(timed("ray, 2 CPUs (session running)", sweep, tmp / "r2", "ray", 2))
        finally:
            ray.shutdown()
        ref = rows(tmp / "l2")
        same = all(rows(tmp / d) == ref for d in ("l1", "r1", "r2") if (tmp / d).exists())
        by = {r["run"]: r["games_per_s"] for r in results}
        summary: dict[str, Any] = {"games": sweep.games, "rows_identical": same, "ray_init_s": start,
                                   "load_average_after": load_average()}
        if "local, 1 worker" in by:
            summary["parallel_efficiency_2"] = by["local, 2 workers"] / (2 * by["local, 1 worker"])
        summary["ray_overhead_with_startup"] = by["local, 2 workers"] / by["ray, 2 CPUs (with start-up)"] - 1
        summary["ray_overhead_running"] = by["local, 2 workers"] / by["ray, 2 CPUs (session running)"] - 1
        for k, v in summary.items():
            print(f"{k}: {v:.3f}" if isinstance(v, float) else f"{k}: {v}")
        if a.json:
            print(json.dumps({"runs": results, **summary}, indent=1))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
