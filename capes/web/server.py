"""``capes serve``: run the lobby and the tables with uvicorn (loopback by default).

``python -m capes.web.server --port 8000 --db capes.db [--bot-pause 0.8]`` does the same with the
settings tests and the load bench need.
"""

from __future__ import annotations

import argparse
import logging
import os
from collections.abc import Callable
from pathlib import Path

from capes.web.app import MAX_MESSAGE, create_app
from capes.web.botrunner import default_workers

#: uvicorn refuses websocket frames larger than this before our own check sees them
WS_MAX_SIZE = 8 * MAX_MESSAGE


def run(host: str = "127.0.0.1", port: int = 8000, db: Path = Path("capes.db"), bot_pause: float | None = None,
        bot_workers: str = "process", allowed_origins: tuple[str, ...] = (), access_log: bool = True,
        bot_processes: int | None = None, render_processes: int | None = None) -> None:
    """Serve until interrupted. ``CAPES_BOT_PAUSE`` (seconds) sets the bots' visible pause (default 0.8),
    ``CAPES_BOT_PROCESSES`` how many worker processes the bots think in (default ``min(2, cpus)``),
    ``CAPES_RENDER_PROCESSES`` how many draw the boards (default 0: the server process draws them; on a
    2-core machine the bench measured more total CPU per action with one, see bench/load.py)."""
    import uvicorn

    if bot_pause is None:
        bot_pause = _env_number("CAPES_BOT_PAUSE", "0.8", float, 0.0, 60.0)
    if bot_processes is None:
        bot_processes = int(_env_number("CAPES_BOT_PROCESSES", str(default_workers()), int, 1, 64))
    if render_processes is None:
        render_processes = int(_env_number("CAPES_RENDER_PROCESSES", "0", int, 0, 64))
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    app = create_app(db, bot_pause=bot_pause, bot_workers=bot_workers, bot_processes=bot_processes,
                     allowed_origins=allowed_origins, render_processes=render_processes, tune_gc=True)
    unit = {"process": ("worker process", "worker processes"), "thread": ("thread", "threads")}[bot_workers]
    drawn = f"{render_processes} worker process{'es' if render_processes != 1 else ''}" if render_processes \
        else "the server process"
    print(f"capes: serving on http://{host}:{port}/ (tables in {db}; bots think in {bot_processes} "
          f"{unit[bot_processes != 1]}; boards drawn in {drawn}); Ctrl-C stops", flush=True)
    # no per-message deflate: updates are a few KB, and compressing each one costs more CPU than it saves
    uvicorn.run(app, host=host, port=port, ws_max_size=WS_MAX_SIZE, ws_per_message_deflate=False,
                log_level="info" if access_log else "warning",
                access_log=access_log, proxy_headers=False, server_header=False)


def _env_number(name: str, default: str, kind: type[int] | type[float], lo: float, hi: float) -> float:
    raw = os.environ.get(name, default)
    try:
        value = kind(raw)
        if not lo <= value <= hi:
            raise ValueError
    except ValueError:
        raise SystemExit(f"capes: {name} must be a number from {lo:g} to {hi:g} (got {raw[:40]!r})") from None
    return value


def _count(lo: int, hi: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``lo`` to ``hi``."""
    def parse(text: str) -> int:
        try:
            n = int(text)
            if not lo <= n <= hi:
                raise ValueError
        except ValueError:
            raise argparse.ArgumentTypeError(f"a whole number from {lo} to {hi} (got {text[:40]!r})") from None
        return n
    return parse


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m capes.web.server", description=__doc__)
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--db", type=Path, default=Path("capes.db"))
    ap.add_argument("--bot-pause", type=float, default=None)
    ap.add_argument("--bot-workers", choices=("process", "thread"), default="process")
    ap.add_argument("--bot-processes", type=_count(1, 64), default=None,
                    help="how many workers the bots think in (default: CAPES_BOT_PROCESSES or min(2, cpus))")
    ap.add_argument("--render-processes", type=_count(0, 64), default=None,
                    help="how many worker processes draw the boards (default: CAPES_RENDER_PROCESSES or 0: "
                    "the server process draws them)")
    ap.add_argument("--allow-origin", action="append", default=[])
    ap.add_argument("--quiet", action="store_true", help="no access log")
    a = ap.parse_args(argv)
    run(a.host, a.port, a.db, a.bot_pause, a.bot_workers, tuple(a.allow_origin), access_log=not a.quiet,
        bot_processes=a.bot_processes, render_processes=a.render_processes)


if __name__ == "__main__":
    main()
