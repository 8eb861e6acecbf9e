"""Boards drawn in worker processes, off the server's event loop.

Drawing the seats' boards is most of the server's work per action (``view`` then ``web_view``, once per
connected seat). A render worker keeps a mirror of each table it draws: it builds the game from the
table's game, configuration and seed, then applies the same actions the server applied (the engine is
deterministic: the recorded-games corpus checks it), and checks the mirror against the server's
fingerprint of the state before drawing, so that what it returns is ``board_parts`` of the very state the
server holds. A worker that fails, lags or diverges only costs time: the table draws its boards itself.

Tables are spread over the workers by id; each worker answers its requests in order. The server sends a
table's new actions only (the whole list when the worker has no mirror of it, e.g. after a restart).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import pickle
import socket
import struct
import zlib
from collections import OrderedDict
from typing import Any

from capes.core.protocol import State
from capes.web.views import board_parts

log = logging.getLogger("capes.web")

#: the tables a worker keeps a mirror of at most (the least recently drawn go first; a finished game's at once)
MIRRORS = 512
_HEAD = struct.Struct("!i")  # multiprocessing.Connection's framing: a 4-byte length, then the pickle


def fingerprint(state: State) -> str:
    """A short digest of where the game stands after an action, to catch a replay that diverges."""
    d = state.decision
    tail = "\x1f".join(e.text for e in state.log[-3:])
    body = f"{len(state.log)}\x1e{tail}\x1e{d.seat}\x1e{d.prompt}\x1e" + "\x1f".join(d.ids())
    return f"{len(state.log)}:{zlib.crc32(body.encode('utf-8')):08x}"


def draw(mirrors: OrderedDict[str, State], req: tuple[Any, ...]) -> tuple[str, Any]:
    """One request, in the worker: bring the table's mirror to the server's state and draw ``seats``.
    Returns ``("ok", {seat: board})``, or ``("resync", None)`` when the mirror is not where the request
    starts (the server then sends the whole game), or ``("diverged", why)``."""
    from capes.web.botrunner import configured_game

    tid, setup, base, actions, check, seats = req
    st = mirrors.pop(tid, None)
    if setup is not None:
        game_id, config, seed = setup
        st = configured_game(game_id, config).new_game(seed)
    elif st is None or len(st.actions) != base:
        return "resync", None
    for option in actions:
        st.apply(option)
    if fingerprint(st) != check:
        return "diverged", f"the mirror after {len(st.actions)} actions differs from the table"
    boards = {seat: board_parts(st.game, st, seat) for seat in seats}
    if not st.is_over:  # a finished game draws no more (a late page makes the worker replay it)
        mirrors[tid] = st
        while len(mirrors) > MIRRORS:
            mirrors.popitem(last=False)
    return "ok", boards


def serve(conn: Any) -> None:
    """A render worker's loop (in its own process): requests in, boards out, until the server goes away."""
    from capes.core.errors import CapesError
    from capes.core.registry import game_ids
    from capes.web.botrunner import configured_game
    from capes.web.collector import tune_gc

    for g in game_ids():  # import each game and its content now, not while a table waits for its board
        try:
            configured_game(g, {})
        except CapesError:
            pass
    tune_gc()  # as the server does: no full collection of the mirrors between a request and its boards
    conn.send_bytes(pickle.dumps((0, ("ready", None))))
    mirrors: OrderedDict[str, State] = OrderedDict()
    while True:
        try:
            rid, req = pickle.loads(conn.recv_bytes())
        except (EOFError, OSError):
            return
        try:
            out = draw(mirrors, req)
        except Exception as e:  # an engine bug: the server draws this one itself (and logs what it raises)
            mirrors.pop(req[0], None)
            out = ("error", f"{type(e).__name__}: {e}")
        conn.send_bytes(pickle.dumps((rid, out), pickle.HIGHEST_PROTOCOL))


class _Worker:
    """One worker process and the server's end of its socket."""

    def __init__(self, ctx: Any) -> None:
        here, there = multiprocessing.Pipe(duplex=True)  # a socketpair on POSIX
        self.proc = ctx.Process(target=serve, args=(there,), name="capes-render", daemon=True)
        self.proc.start()
        there.close()
        self.sock = socket.socket(fileno=os.dup(here.fileno()))
        here.close()
        self.sock.setblocking(False)
        self.writer: asyncio.StreamWriter | None = None
        self.reader_task: asyncio.Task[None] | None = None
        self.alive = True
        self.synced: dict[str, int] = {}  # table -> the action count its mirror will have, as far as we know


class RenderPool:
    """``await pool.boards(table_id, setup, state, seats)`` → ``{seat: board_parts}`` drawn by a worker, or
    ``None`` (the caller draws them itself) when the worker failed."""

    def __init__(self, workers: int) -> None:
        ctx = multiprocessing.get_context("spawn")  # a fork of a server with running threads is unsafe
        self.workers = [_Worker(ctx) for _ in range(workers)]
        self._pending: dict[int, tuple[asyncio.Future[tuple[str, Any]], _Worker]] = {}
        self._next = 0
        self.drawn = 0  # boards the workers drew (the tests check that they did)

    async def start(self) -> None:
        """Connect to the workers and wait until each has imported the games (call once, in the event loop)."""
        for w in self.workers:
            reader, w.writer = await asyncio.open_unix_connection(sock=w.sock, limit=2**26)
            fut: asyncio.Future[tuple[str, Any]] = asyncio.get_running_loop().create_future()
            self._pending[0] = (fut, w)
            w.reader_task = asyncio.get_running_loop().create_task(self._read(w, reader))
            await fut

    async def _read(self, w: _Worker, reader: asyncio.StreamReader) -> None:
        try:
            while True:
                (n,) = _HEAD.unpack(await reader.readexactly(4))
                rid, out = pickle.loads(await reader.readexactly(n))
                fut = self._pending.pop(rid, (None, None))[0]
                if fut is not None and not fut.done():
                    fut.set_result(out)
        except (asyncio.IncompleteReadError, ConnectionError, OSError, pickle.UnpicklingError) as e:
            log.error("a render worker stopped (%s); tables draw their boards themselves", type(e).__name__)
        finally:
            self._drop(w)

    def _drop(self, w: _Worker) -> None:
        w.alive = False
        for rid, (fut, owner) in list(self._pending.items()):
            if owner is w:
                del self._pending[rid]
                if not fut.done():
                    fut.set_result(("error", "the render worker stopped"))

    @property
    def alive(self) -> bool:
        return any(w.alive for w in self.workers)

    async def boards(self, table_id: str, setup: tuple[str, dict[str, Any], int], state: State,
                     seats: list[int | None]) -> dict[int | None, list[str]] | None:
        w = self.workers[zlib.crc32(table_id.encode()) % len(self.workers)]
        if not w.alive or w.writer is None:
            return None
        n = len(state.actions)
        check = fingerprint(state)
        for _ in range(2):  # the second time with the whole game, when the worker had no mirror to go on from
            base = w.synced.get(table_id)
            req: tuple[Any, ...]
            if base is None or base > n:
                req = (table_id, setup, 0, state.actions, check, seats)
            else:
                req = (table_id, None, base, state.actions[base:], check, seats)
            if len(w.synced) > 4 * MIRRORS:  # the worker forgot most of them anyway
                w.synced.clear()
            w.synced[table_id] = n
            kind, out = await self._ask(w, req)
            if kind == "ok":
                self.drawn += len(out)
                if state.is_over:
                    w.synced.pop(table_id, None)
                return dict(out)
            w.synced.pop(table_id, None)
            if kind != "resync":
                if kind == "diverged":
                    log.error("table %s: render worker: %s; drawing here", table_id, out)
                return None
        return None

    async def _ask(self, w: _Worker, req: tuple[Any, ...]) -> tuple[str, Any]:
        assert w.writer is not None
        self._next += 1
        rid = self._next
        fut: asyncio.Future[tuple[str, Any]] = asyncio.get_running_loop().create_future()
        self._pending[rid] = (fut, w)
        body = pickle.dumps((rid, req), pickle.HIGHEST_PROTOCOL)
        try:
            w.writer.write(_HEAD.pack(len(body)) + body)
        except (ConnectionError, OSError, RuntimeError):
            self._drop(w)
        return await asyncio.shield(fut)

    async def close(self) -> None:
        for w in self.workers:
            if w.reader_task is not None:
                w.reader_task.cancel()
            if w.writer is not None:
                w.writer.close()
            else:
                w.sock.close()
            w.alive = False
            w.proc.join(2)
            if w.proc.is_alive():
                w.proc.kill()
                w.proc.join(1)
