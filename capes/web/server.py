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
from capes.web.guard import LOOPBACK_HOSTS, Limits, RateFilter, guarded_http, is_loopback

#: uvicorn refuses websocket frames larger than this before our own check sees them
WS_MAX_SIZE = 8 * MAX_MESSAGE


def raise_fd_limit() -> int:
    """Raise this process's soft limit of open files to its hard limit (the connection cap needs room under it);
    returns the limit."""
    try:
        import resource
    except ImportError:  # not on this system
        return 0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
    if soft < want:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
            soft = want
        except (ValueError, OSError):
            pass
    return int(soft)


def run(host: str = "127.0.0.1", port: int = 8000, db: Path = Path("capes.db"), bot_pause: float | None = None,
        bot_workers: str = "process", allowed_origins: tuple[str, ...] = (), access_log: bool = True,
        bot_processes: int | None = None, render_processes: int | None = None,
        allowed_hosts: tuple[str, ...] = (), limits: Limits | None = None, chosen_seeds: bool = False,
        trusted_proxies: tuple[str, ...] = ()) -> None:
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
    lim = limits or Limits()
    hosts = tuple(dict.fromkeys((*LOOPBACK_HOSTS, *(h.lower() for h in allowed_hosts))))
    if chosen_seeds and not all(is_loopback(h) for h in hosts):
        raise SystemExit("capes: --chosen-seeds is for a server on loopback only (a chosen seed tells its chooser "
                         "every hidden card); drop it or the --allow-host names")
    if not is_loopback(host) and hosts == LOOPBACK_HOSTS:
        print(f"capes: bound to {host} but answering only to loopback names; add --allow-host NAME for the "
              "name players type", flush=True)
    fds = raise_fd_limit()
    if fds and lim.max_concurrency > fds - 200:  # room for the database, the workers and the log
        lim.max_concurrency = max(50, fds - 200)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    logging.getLogger("uvicorn.error").addFilter(RateFilter())  # one warning per bad request, limited
    app = create_app(db, bot_pause=bot_pause, bot_workers=bot_workers, bot_processes=bot_processes,
                     allowed_origins=allowed_origins, render_processes=render_processes, tune_gc=True,
                     allowed_hosts=hosts, limits=lim, chosen_seeds=chosen_seeds)
    unit = {"process": ("worker process", "worker processes"), "thread": ("thread", "threads")}[bot_workers]
    drawn = f"{render_processes} worker process{'es' if render_processes != 1 else ''}" if render_processes \
        else "the server process"
    print(f"capes: serving on http://{host}:{port}/ (tables in {db}; bots think in {bot_processes} "
          f"{unit[bot_processes != 1]}; boards drawn in {drawn}); Ctrl-C stops", flush=True)
    # no per-message deflate: updates are a few KB, and compressing each one costs more CPU than it saves
    # the h11 protocol with a deadline for each request's head and a cap of connections per address; idle
    # keep-alive, websocket pings (a peer silent for ping_interval after a ping is closed), the request head's
    # size, the connections in all (503 past it) and a bounded graceful shutdown are uvicorn's own settings
    # behind a trusted proxy, the client's address and scheme come from its X-Forwarded-For and -Proto headers
    uvicorn.run(app, host=host, port=port, http=guarded_http(lim, trusted_proxies), ws="websockets-sansio",
                ws_max_size=max(WS_MAX_SIZE, 4 * lim.max_message), ws_max_queue=16,
                ws_per_message_deflate=False, ws_ping_interval=lim.ping_interval, ws_ping_timeout=lim.ping_interval,
                timeout_keep_alive=lim.keep_alive, h11_max_incomplete_event_size=lim.max_head,
                limit_concurrency=lim.max_concurrency, timeout_graceful_shutdown=5,
                log_level="info" if access_log else "warning",
                access_log=access_log, proxy_headers=bool(trusted_proxies),
                forwarded_allow_ips=",".join(trusted_proxies) if trusted_proxies else None, server_header=False)


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
    add_public_flags(ap)
    ap.add_argument("--quiet", action="store_true", help="no access log")
    a = ap.parse_args(argv)
    run(a.host, a.port, a.db, a.bot_pause, a.bot_workers, tuple(a.allow_origin), access_log=not a.quiet,
        bot_processes=a.bot_processes, render_processes=a.render_processes, allowed_hosts=tuple(a.allow_host),
        limits=limits_from(a), chosen_seeds=a.chosen_seeds, trusted_proxies=tuple(a.trust_proxy))


def _seconds(lo: float, hi: float) -> Callable[[str], float]:
    def parse(text: str) -> float:
        try:
            x = float(text)
            if not lo <= x <= hi:
                raise ValueError
        except ValueError:
            raise argparse.ArgumentTypeError(f"a number of seconds from {lo:g} to {hi:g} (got {text[:40]!r})") from None
        return x
    return parse


def add_public_flags(ap: argparse.ArgumentParser) -> None:
    """The flags of a server on an open network (``capes serve`` has the same)."""
    d = Limits()
    ap.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                    help="a host name (or address) players reach this server by, besides the loopback names; "
                    "every request's Host and every browser's Origin must be one of them (repeat for several)")
    ap.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                    help="an exact origin (scheme://host[:port]) whose pages may use this server too")
    ap.add_argument("--trust-proxy", action="append", default=[], metavar="ADDRESS",
                    help="the address of an HTTPS proxy in front of this server: its X-Forwarded-For and "
                    "X-Forwarded-Proto name the client and the scheme (repeat for several)")
    ap.add_argument("--idle-days", type=_seconds(0.0001, 3650), default=d.idle_expiry / 86400,
                    help=f"end open tables no player acted at for this many days (default {d.idle_expiry / 86400:g})")
    ap.add_argument("--tables-per-address", type=_count(1, 10_000), default=d.create_burst,
                    help=f"tables one address may create at once (default {d.create_burst}; then one per "
                    f"--create-every seconds)")
    ap.add_argument("--create-every", type=_seconds(0, 86400), default=d.create_every,
                    help=f"seconds per table created after the burst (default {d.create_every:g})")
    ap.add_argument("--pages-per-address", type=_count(1, 100_000), default=d.max_pages_per_address,
                    help=f"websocket pages open from one address (default {d.max_pages_per_address})")
    ap.add_argument("--conns-per-address", type=_count(1, 100_000), default=d.max_conns_per_address,
                    help=f"HTTP connections open from one address (default {d.max_conns_per_address})")
    ap.add_argument("--spectators-per-table", type=_count(0, 10_000), default=d.max_spectators_per_table,
                    help=f"spectator pages of one table (default {d.max_spectators_per_table}; a seat's own pages "
                    "never count)")
    ap.add_argument("--max-connections", type=_count(10, 1_000_000), default=d.max_concurrency,
                    help=f"connections held at most; past it requests get 503 (default {d.max_concurrency}, "
                    "lowered to fit the open-files limit)")
    ap.add_argument("--chosen-seeds", action="store_true",
                    help="let a table of several humans have a chosen seed (loopback only: tests, friends at one "
                    "machine); a chosen seed tells its chooser every hidden card")


def limits_from(a: argparse.Namespace) -> Limits:
    lim = Limits()
    lim.idle_expiry = a.idle_days * 86400
    lim.create_burst, lim.create_every = a.tables_per_address, a.create_every
    lim.max_pages_per_address, lim.max_conns_per_address = a.pages_per_address, a.conns_per_address
    lim.max_spectators_per_table, lim.max_concurrency = a.spectators_per_table, a.max_connections
    return lim


if __name__ == "__main__":
    main()
