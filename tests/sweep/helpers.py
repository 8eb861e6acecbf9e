"""Shared pieces of the sweep tests: a small Champions sweep (random bots: milliseconds a game) and row reading."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from capes.sweep import Sweep, iter_rows, parse_grid


def small_sweep(n: int = 6, chunk: int = 4, seed: int = 3) -> Sweep:
    """2 villains × 2 modes × n games of Champions with random bots."""
    return Sweep("champions", parse_grid("champions", ["villain=rhino,klaw", "mode=standard,expert"]), n, seed,
                 bots=["random"], chunk=chunk)


def rows_without_timing(path: Path) -> list[dict[str, Any]]:
    """Every row, in (cell, seed) order, without ``seconds`` (the one column that depends on the machine)."""
    rows = list(iter_rows([path]))
    for r in rows:
        del r["seconds"]
    return sorted(rows, key=lambda r: (r["cell"], r["seed"]))
