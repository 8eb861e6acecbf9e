"""What every ``capes`` command shares: the consoles, the bounds of command-line numbers, and the checks made
before a game is loaded (the commands in main.py and sweep.py import them from here)."""

from __future__ import annotations

import os
import sys

from rich.console import Console

from capes.core.config import Param, check_int, check_path
from capes.core.registry import game_class

# Piped output is not cut to 80 columns (tables stay whole); a terminal keeps its own width.
console = Console(highlight=False, width=None if sys.stdout.isatty() else 200)
err = Console(stderr=True, highlight=False, soft_wrap=True)

#: bounds of command-line numbers (a one-line error names them)
MAX_GAMES = 10_000_000
MAX_ITERATIONS = 1_000_000
MAX_SEED = 2**64 - 1
#: how an unexpected exception is reported (a bug in capes, met on this input)
INTERNAL = "internal error (a capes bug; please report it with the command and its files): "

_check_int = check_int


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _check_files(game_id: str, cfg: dict[str, str]) -> None:
    """Config values naming files or content folders: regular UTF-8 files of bounded size, before any reading."""
    params: dict[str, Param] = {p.name: p for p in game_class(game_id).params}
    for key, value in cfg.items():
        p = params.get(key)
        if p is None or not value:
            continue
        if p.kind == "file" or any(w in p.help.lower() for w in ("directory", "folder", " file")):
            check_path(game_id, key, value)
