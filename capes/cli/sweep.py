"""``capes sweep`` and ``capes report``: many configurations × many seeds into Parquet, and the answers drawn."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from capes.core.config import parse_pairs, quote
from capes.core.errors import ConfigError

#: the most games one sweep cell may ask for, and the largest chunk
MAX_N = 10_000_000
MAX_CHUNK = 100_000


class GamesPerSecond(ProgressColumn):
    """Games per second since the start (of the games played now, not those a resumed sweep found done)."""

    def render(self, task: Task) -> Text:
        speed = task.speed
        return Text(f"{speed:,.1f} games/s" if speed else "… games/s")


def progress_bar(console: Console) -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), GamesPerSecond(),
                    TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(), console=console,
                    transient=True, refresh_per_second=4, speed_estimate_period=60)


def sweep(
    game: Annotated[str, typer.Argument(help="game id")],
    grid: Annotated[list[str] | None, typer.Option(
        "--grid", help="KEY=V1,V2,... one axis of the grid (repeatable; a list value joins items with +, "
                       "e.g. heroes=spider_man+iron_man)")] = None,
    n: Annotated[int, typer.Option("-n", help=f"games per cell (1 to {MAX_N:,}); cell games use seeds seed..seed+n-1")] = 100,
    bot: Annotated[list[str] | None, typer.Option(help="bot for every seat, or one --bot per seat in order")] = None,
    out: Annotated[Path, typer.Option(help="output folder of Parquet parts (e.g. runs/x.parquet); rerun to resume")] = Path("sweep.parquet"),
    backend: Annotated[str, typer.Option(help="local (worker processes) or ray")] = "local",
    address: Annotated[str | None, typer.Option(help="with --backend ray: an existing cluster (ray://host:10001; "
                                                     "RAY_ADDRESS too); default: a local Ray started by capes")] = None,
    workers: Annotated[int, typer.Option(help="local: processes (1 to the cores); ray without --address: CPUs")] = 1,
    seed: Annotated[int, typer.Option(help="first seed")] = 0,
    config: Annotated[list[str] | None, typer.Option("--config", "-c", help="key=value fixed in every cell (repeatable)")] = None,
    chunk: Annotated[int, typer.Option(help="games per chunk (one part file each)")] = 50,
    iterations: Annotated[int | None, typer.Option(help="search iterations per decision (ismcts and the hard levels)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print what was done as JSON")] = False,
) -> None:
    """Play every combination of the --grid values N times with bots, one Parquet row per game, written in parts
    as chunks finish. Rerunning the same command resumes an interrupted sweep without redoing finished chunks."""
    from capes.cli.common import MAX_ITERATIONS, MAX_SEED, _check_files, _check_int, _cores, console, err
    from capes.sweep import PartDir, Sweep, parse_grid, run_sweep

    _check_int("-n", n, 1, MAX_N)
    _check_int("--chunk", chunk, 1, MAX_CHUNK)
    _check_int("--seed", seed, 0, MAX_SEED - MAX_N)
    if backend not in ("local", "ray"):
        raise ConfigError(f"--backend must be local or ray (got {quote(backend)})")
    if address is not None and backend != "ray":
        raise ConfigError("--address only applies with --backend ray")
    cores = _cores()
    if backend == "local" or address is None:
        _check_int("--workers", workers, 1, cores, f" (the cores available to capes: {cores})")
    if iterations is not None:
        _check_int("--iterations", iterations, 1, MAX_ITERATIONS)
    cfg = parse_pairs(config or [])
    _check_files(game, cfg)
    plan = Sweep(game, parse_grid(game, grid or []), n, seed, cfg, list(bot or []),
                 {"iterations": iterations} if iterations is not None else {}, chunk)
    if backend == "ray":
        from capes.sweep_ray import preflight

        preflight(address)  # an unreachable cluster is the only line printed
    PartDir(out).open(plan.manifest())  # so is an --out that cannot hold this sweep
    if as_json:
        run = run_sweep(plan, out, backend, workers, address)
    else:
        err.print(f"{game}: {len(plan.cells)} cells × {n:,} games = {plan.games:,} games → {escape(str(out))} "
                  f"({backend}, {workers} worker{'s' if workers != 1 else ''})", highlight=False)
        with progress_bar(err) as prog:
            task = prog.add_task(game, total=plan.games)
            run = run_sweep(plan, out, backend, workers, address, progress=lambda k: prog.advance(task, k))
    if as_json:
        print(json.dumps({**run.to_dict(), "out": str(out), "cells": len(plan.cells), "total": plan.games}, indent=1))
    else:
        if run.interrupted:
            err.print("interrupted: the finished chunks are kept; rerun the same command to resume")
        console.print(f"{run.games:,} games played" + (f", {run.skipped:,} already done" if run.skipped else "")
                      + f" in {run.wall:.1f} s ({run.games_per_second:,.1f} games/s); errors: {run.errors}; "
                      f"results in {escape(str(out))} (capes report {escape(str(out))} --out report.html)",
                      highlight=False)
        for e in run.error_samples:
            err.print(f"[red]error[/red] {escape(e)}")
    if run.interrupted:
        raise typer.Exit(130)
    if run.errors:
        raise typer.Exit(1)


def report(
    paths: Annotated[list[Path], typer.Argument(help="sweep output folders or Parquet part files (any number)")],
    out: Annotated[Path, typer.Option(help="the HTML report to write; CSV tables are written beside it")] = Path("report.html"),
    as_json: Annotated[bool, typer.Option("--json", help="also print the tables as JSON")] = False,
    interval: Annotated[str, typer.Option(help="95% intervals: wilson or clopper-pearson")] = "wilson",
) -> None:
    """Win rates with 95% intervals per cell, game lengths, tests of the differences between cells, a fitted
    logistic model of the win over the swept factors, bot line-ups compared on the same seeds, and plots, in one
    self-contained HTML file (plus CSV of each table)."""
    from capes.cli.common import console
    from capes.report import build_report, write_report

    if out.suffix.lower() not in (".html", ".htm"):
        raise ConfigError(f"--out {quote(str(out))}: give an .html file name")
    if not out.parent.is_dir():
        raise ConfigError(f"--out: folder {quote(str(out.parent))} does not exist")
    rep = build_report([str(p) for p in paths], interval)
    files = write_report(rep, out)
    if as_json:
        print(json.dumps(rep.to_dict(), indent=1, default=_jsonable))
        return
    console.print(rep.text_summary(), highlight=False)
    console.print(f"wrote {', '.join(escape(str(f)) for f in files)}", highlight=False)


def _jsonable(x: Any) -> Any:
    return x if isinstance(x, str | int | float) else str(x)
