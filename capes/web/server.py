"""``capes serve``: run the lobby and the tables with uvicorn (loopback by default).

``python -m capes.web.server --port 8000 --db capes.db [--bot-pause 0.8]`` does the same with the
settings tests and the load bench need.
"""

from __future__ import annotations

import argparse
import logging
import os
from pathlib import Path

from capes.web.app import MAX_MESSAGE, create_app

#: uvicorn refuses websocket frames larger than this before our own check sees them
WS_MAX_SIZE = 8 * MAX_MESSAGE


def run(host: str = "127.0.0.1", port: int = 8000, db: Path = Path("capes.db"), bot_pause: float | None = None,
        bot_workers: str = "process", allowed_origins: tuple[str, ...] = (), access_log: bool = True) -> None:
    """Serve until interrupted. ``CAPES_BOT_PAUSE`` (seconds) sets the bots' visible pause (default 0.8)."""
    import uvicorn

    if bot_pause is None:
        bot_pause = float(os.environ.get("CAPES_BOT_PAUSE", "0.8"))
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    app = create_app(db, bot_pause=bot_pause, bot_workers=bot_workers, allowed_origins=allowed_origins)
    print(f"capes: serving on http://{host}:{port}/ (tables in {db}); Ctrl-C stops", flush=True)
    # no per-message deflate: updates are a few KB, and compressing each one costs more CPU than it saves
    uvicorn.run(app, host=host, port=port, ws_max_size=WS_MAX_SIZE, ws_per_message_deflate=False,
                log_level="info" if access_log else "warning",
                access_log=access_log, proxy_headers=False, server_header=False)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m capes.web.server", description=__doc__)
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--db", type=Path, default=Path("capes.db"))
    ap.add_argument("--bot-pause", type=float, default=None)
    ap.add_argument("--bot-workers", choices=("process", "thread"), default="process")
    ap.add_argument("--allow-origin", action="append", default=[])
    ap.add_argument("--quiet", action="store_true", help="no access log")
    a = ap.parse_args(argv)
    run(a.host, a.port, a.db, a.bot_pause, a.bot_workers, tuple(a.allow_origin), access_log=not a.quiet)


if __name__ == "__main__":
    main()
