"""What keeps ``capes serve`` up on an open network (issue 42): the server's limits, the allowed hosts and
origins, per-address counters and rate limits, bounded reading of bodies and websocket messages, log lines
limited per connection, and an HTTP protocol for uvicorn that cuts idle and slow connections off.

Every limit counts what arrives (bytes read, messages received, connections open), never what a header
announces.
"""

from __future__ import annotations

import asyncio
import heapq
import ipaddress
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar
from urllib.parse import urlsplit

from capes.core.replay import _depth_ok

log = logging.getLogger("capes.web")

T = TypeVar("T")

#: the names a server answers to when no ``--allow-host`` is given
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")


@dataclass
class Limits:
    """The server's limits; ``capes serve`` flags set some (see ``capes serve --help``)."""

    #: the largest request body read (the lobby's form is ~1 KB), counted as it streams in
    max_body: int = 16 * 1024
    #: seconds a request's head, and then its body, may take to arrive
    request_timeout: float = 10.0
    #: seconds an idle keep-alive HTTP connection is kept
    keep_alive: int = 5
    #: the largest request head (request line and headers), in bytes
    max_head: int = 8 * 1024
    #: HTTP connections (not yet websockets) open from one address at most
    max_conns_per_address: int = 64
    #: connections (HTTP and websocket) the server holds at most; past it uvicorn answers 503
    max_concurrency: int = 3000
    #: seconds a websocket has to say hello
    hello_timeout: float = 10.0
    #: websocket pings every this many seconds; a peer that does not answer within as long is closed
    ping_interval: float = 20.0
    #: the largest websocket message read (an action is ~100 bytes)
    max_message: int = 2048
    #: the deepest JSON nesting of a websocket message (messages need 1)
    max_depth: int = 4
    #: websocket pages over the whole server: of seats, and of spectators (counted apart)
    max_pages: int = 4096
    max_spectator_pages: int = 2048
    #: spectator pages of one table; a seat's own pages never count against it
    max_spectators_per_table: int = 32
    #: pages of one seat (its newest page wins: the oldest is closed)
    max_pages_per_seat: int = 4
    #: websocket pages from one client address
    max_pages_per_address: int = 64
    #: tables one address may create: a burst of ``create_burst``, then one per ``create_every`` seconds
    create_burst: int = 5
    create_every: float = 60.0
    #: an open table no player acted at for this long is ended (seconds; default 7 days)
    idle_expiry: float = 7 * 24 * 3600.0
    #: finished tables rebuilt (replayed) per address: a burst, then one per this many seconds
    rebuild_burst: int = 20
    rebuild_every: float = 2.0
    #: log lines about one connection's bad input: this many, then one per ``log_every`` seconds
    log_burst: int = 3
    log_every: float = 60.0


def default_hosts() -> tuple[str, ...]:
    return LOOPBACK_HOSTS


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def split_host(netloc: str) -> tuple[str, str]:
    """``host[:port]`` (an IPv6 address in brackets) as (host in lower case without brackets, port or '')."""
    netloc = netloc.strip().lower()
    if netloc.startswith("["):
        host, _, rest = netloc[1:].partition("]")
        return host, rest[1:] if rest.startswith(":") else ""
    host, _, port = netloc.partition(":")
    return host, port


def host_allowed(host_header: str, allowed: frozenset[str]) -> bool:
    host, port = split_host(host_header)
    return bool(host) and host in allowed and (port == "" or port.isdigit())


def origin_allowed(origin: str | None, host_header: str, scheme: str, allowed: frozenset[str],
                   extra: frozenset[str]) -> bool:
    """A browser's request must come from a page of this server: its Origin is this server's scheme, an allowed
    host and the port the request came to (the Host header, itself checked), or one listed with
    ``--allow-origin``. No Origin: not a browser (scripts need a token to act, as pages do)."""
    if origin is None:
        return True
    if origin in extra:
        return True
    try:
        o = urlsplit(origin)
    except ValueError:
        return False
    want = "https" if scheme in ("https", "wss") else "http"
    return (o.scheme == want and host_allowed(o.netloc, allowed) and host_allowed(host_header, allowed)
            and split_host(o.netloc) == split_host(host_header))


class Bucket:
    """Token buckets by key (a client address): ``burst`` at once, then one every ``every`` seconds."""

    def __init__(self, burst: int, every: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.burst, self.every, self.clock = burst, every, clock
        self._level: dict[str, tuple[float, float]] = {}  # key -> (tokens, at)

    def take(self, key: str) -> float:
        """0 when ``key`` may go on now (one token taken), else the seconds until it may."""
        if self.every <= 0:  # no limit
            return 0.0
        now = self.clock()
        tokens, at = self._level.get(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - at) / self.every)
        if tokens >= 1.0:
            self._level[key] = (tokens - 1.0, now)
            if len(self._level) > 100_000:  # forget the full ones
                self._level = {k: v for k, v in self._level.items() if v[0] < self.burst - 1}
            return 0.0
        self._level[key] = (tokens, now)
        return (1.0 - tokens) * self.every


class Counter:
    """How many of something each key holds now."""

    def __init__(self) -> None:
        self.n: dict[str, int] = {}

    def get(self, key: str) -> int:
        return self.n.get(key, 0)

    def add(self, key: str) -> None:
        self.n[key] = self.n.get(key, 0) + 1

    def drop(self, key: str) -> None:
        left = self.n.get(key, 0) - 1
        if left > 0:
            self.n[key] = left
        else:
            self.n.pop(key, None)


class LogLimiter:
    """Log lines of one connection: a burst, then at most one per period; the ones left out are counted in the
    next line written."""

    def __init__(self, burst: int, every: float) -> None:
        self.bucket = Bucket(burst, every)
        self.dropped = 0

    def warning(self, msg: str, *args: Any) -> None:
        if self.bucket.take("") > 0:
            self.dropped += 1
            return
        if self.dropped:
            msg += f" ({self.dropped} like line(s) of this connection left out)"
            self.dropped = 0
        log.warning(msg, *args)


class RateFilter(logging.Filter):
    """A logging filter: each message template passes ``burst`` times, then once per ``every`` seconds (uvicorn
    logs one warning per malformed request; a flood of them must not fill the disk)."""

    def __init__(self, burst: int = 5, every: float = 60.0) -> None:
        super().__init__()
        self.bucket = Bucket(burst, every)

    def filter(self, record: logging.LogRecord) -> bool:
        return record.levelno >= logging.ERROR or self.bucket.take(str(record.msg)[:200]) == 0


class BodyTooLarge(Exception):
    pass


async def read_body(stream: AsyncIterator[bytes], limit: int, timeout: float) -> bytes:
    """The body of a request, read as it streams in: :class:`BodyTooLarge` past ``limit`` bytes (chunked or not,
    whatever Content-Length says), :class:`TimeoutError` when it takes longer than ``timeout`` seconds."""
    chunks: list[bytes] = []
    size = 0

    async def read() -> None:
        nonlocal size
        async for chunk in stream:
            size += len(chunk)
            if size > limit:
                raise BodyTooLarge
            chunks.append(chunk)

    await asyncio.wait_for(read(), timeout)
    return b"".join(chunks)


def parse_message(text: str | None, limits: Limits) -> tuple[dict[str, Any] | None, str]:
    """A websocket message as a dict, or (None, why it is refused): too long, too deep, not JSON, not an object,
    text that is not valid Unicode (a lone surrogate)."""
    if text is None:
        return None, "messages are JSON text, not binary"
    if len(text) > limits.max_message:
        return None, f"message too long ({len(text):,} characters; at most {limits.max_message:,})"
    if not _depth_ok(text, limits.max_depth):
        return None, f"message nested deeper than {limits.max_depth} levels; messages are flat JSON objects"
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        return None, f"message is not valid JSON ({e.msg})"
    except (ValueError, RecursionError):  # an integer of more than 4,300 digits
        return None, "message is not valid JSON (a number too long)"
    if not isinstance(data, dict):
        return None, "a message is a JSON object with a \"type\""
    if not _text_ok(data):
        return None, "message text is not valid Unicode (a lone surrogate)"
    return data, ""


def _text_ok(value: Any) -> bool:
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return False
        return True
    if isinstance(value, dict):
        return all(_text_ok(k) and _text_ok(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_text_ok(v) for v in value)
    return True


class FairGate:
    """``slots`` workers shared fairly by keys: when every worker is busy, the next to go is an urgent request (a
    person waits for it) before any other, then the one whose key used the least worker time lately (halved each
    ``half_life`` seconds), then the first come. So a key whose bots think long waits behind one whose bot thinks
    little, and none waits forever (a key's use fades while it waits)."""

    def __init__(self, slots: int, half_life: float = 60.0) -> None:
        self.free = slots
        self.half_life = half_life
        self._used: dict[str, tuple[float, float]] = {}  # key -> (seconds used, at)
        self._waiting: list[tuple[int, float, int, asyncio.Future[None]]] = []
        self._seq = 0

    def used(self, key: str, now: float | None = None) -> float:
        now = time.monotonic() if now is None else now
        u, at = self._used.get(key, (0.0, now))
        return float(u * 0.5 ** ((now - at) / self.half_life))

    async def run(self, key: str, work: Callable[[], Awaitable[T]], urgent: bool = False) -> T:
        if self.free > 0 and not self._waiting:
            self.free -= 1
        else:
            fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._seq += 1
            heapq.heappush(self._waiting, (0 if urgent else 1, self.used(key), self._seq, fut))
            try:
                await fut
            except asyncio.CancelledError:
                if fut.done() and not fut.cancelled():  # the slot was passed to us: pass it on
                    self._release()
                raise
        t0 = time.monotonic()
        try:
            return await work()
        finally:
            now = time.monotonic()
            self._used[key] = (self.used(key, now) + (now - t0), now)
            if len(self._used) > 10_000:
                self._used = {k: v for k, v in self._used.items() if self.used(k, now) > 0.01}
            self._release()

    def _release(self) -> None:
        while self._waiting:
            *_, fut = heapq.heappop(self._waiting)
            if not fut.done():
                fut.set_result(None)
                return
        self.free += 1


@dataclass
class Peers:
    """Per-address HTTP connection counts, shared by the protocol instances of one server."""

    limit: int
    open: Counter = field(default_factory=Counter)


def guarded_http(limits: Limits, trusted: tuple[str, ...] = ()) -> type[asyncio.Protocol]:
    """uvicorn's h11 protocol, with what it lacks for an open network: a request's head must arrive within
    ``request_timeout`` seconds of the connection or of the previous response (an idle or slowloris connection is
    closed), and at most ``max_conns_per_address`` connections from one address (but a ``trusted`` proxy's)."""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    peers = Peers(limits.max_conns_per_address)
    refusals = LogLimiter(limits.log_burst, limits.log_every)

    class GuardedH11Protocol(H11Protocol):
        _deadline: asyncio.TimerHandle | None = None
        _armed_for: object = None
        _counted: str | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            addr = self.client[0] if self.client else ""
            if addr in trusted:
                self._arm()
                return
            if peers.open.get(addr) >= peers.limit:
                refusals.warning("refused a connection from %s: it has %d open", addr, peers.limit)
                transport.close()
                return
            peers.open.add(addr)
            self._counted = addr
            self._arm()

        def _arm(self) -> None:
            self._disarm()
            self._armed_for = self.cycle
            self._deadline = self.loop.call_later(limits.request_timeout, self._too_slow)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_slow(self) -> None:
            self._deadline = None
            if self.transport.is_closing() or self.transport.get_protocol() is not self:
                return  # closed, or upgraded to a websocket (which has its own timeouts)
            if self.cycle is self._armed_for or self.cycle is None:  # no request head arrived in time
                if self.conn.our_state not in (h11.ERROR, h11.CLOSED):
                    self.conn.send(h11.ConnectionClosed())
                self.transport.close()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self._deadline is not None and self.cycle is not self._armed_for:
                self._disarm()  # a request head arrived; the app bounds its body

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()

        def handle_websocket_upgrade(self, event: Any) -> None:
            self._disarm()
            self._uncount()
            super().handle_websocket_upgrade(event)

        def _uncount(self) -> None:
            if self._counted is not None:
                peers.open.drop(self._counted)
                self._counted = None

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            self._uncount()
            super().connection_lost(exc)

    return GuardedH11Protocol
