"""Bots think in workers, never on the server's event loop.

The default is a pool of worker processes (``min(2, cpus)`` unless configured): real parallelism, so
that an ISMCTS bot thinking for a second at one table neither holds up the server nor queues another
table's bot behind it. A worker receives the state as ``to_json`` text and rebuilds it; the bot decides
from it exactly as in the CLI. A thread pool is available for tests and tiny machines.

Each choice reports which worker made it and when (monotonic clock, shared by the processes of one
machine), so that the server can show, and a test can check, that bots of different tables think at
the same time.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from capes.core.bots.base import make_bot
from capes.core.bots.hints import hint, reason_of
from capes.core.protocol import Game, State
from capes.web.guard import FairGate

T = TypeVar("T")

_GAMES: dict[str, Game] = {}  # per worker process: configured games by (game id, config)


def default_workers() -> int:
    """Bot worker processes when none are configured: two, or one on a one-core machine."""
    return max(1, min(2, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1))


@dataclass(frozen=True)
class Thought:
    """Where and when one choice was made: the worker (process id, thread id) and its start and end."""

    worker: tuple[int, int]
    start: float
    end: float


def configured_game(game_id: str, config: dict[str, Any]) -> Game:
    """In a worker process: the game of this configuration, built once per process."""
    from capes.core.registry import load

    key = game_id + json.dumps(config, sort_keys=True)
    g = _GAMES.get(key)
    if g is None:
        if len(_GAMES) > 64:
            _GAMES.clear()
        g = _GAMES[key] = load(game_id, **config)
    return g


def _here() -> tuple[int, int]:
    return os.getpid(), threading.get_ident()


def choose_from_json(game_id: str, config: dict[str, Any], state_json: str, bot: str, seat: int, seed: int,
                     opts: dict[str, Any]) -> tuple[str, Thought, str | None]:
    """Run in the worker: rebuild the state and let bot ``bot`` choose for ``seat`` (with its reason, if any)."""
    t0 = time.monotonic()
    game = configured_game(game_id, config)
    state = game.from_json(state_json)
    player = make_bot(bot, game, seat, seed=seed, **opts)
    option = player.choose(state)
    return option, Thought(_here(), t0, time.monotonic()), reason_of(player)


def hint_from_json(game_id: str, config: dict[str, Any], state_json: str, seat: int, seed: int
                   ) -> tuple[str, str, str | None, str]:
    """Run in the worker: what the hint level would choose for ``seat`` (:func:`capes.core.bots.hints.hint`)."""
    game = configured_game(game_id, config)
    h = hint(game, game.from_json(state_json), seat, seed=seed)
    return h.option, h.label, h.reason, h.level


def watch_parent(parent: int, every: float = 1.0) -> None:
    """Run in each worker process as it starts: a thread that ends the worker when the server that started it is
    gone (killed with SIGKILL, it could not stop its workers), within ``every`` seconds."""
    def watch() -> None:
        while True:
            time.sleep(every)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, name="capes-watch-parent", daemon=True).start()


def _choose_here(state: State, bot: str, seat: int, seed: int, opts: dict[str, Any]
                 ) -> tuple[str, Thought, str | None]:
    t0 = time.monotonic()
    player = make_bot(bot, state.game, seat, seed=seed, **opts)
    option = player.choose(state)
    return option, Thought(_here(), t0, time.monotonic()), reason_of(player)


def _hint_here(state: State, seat: int, seed: int) -> tuple[str, str, str | None, str]:
    h = hint(state.game, state, seat, seed=seed)
    return h.option, h.label, h.reason, h.level


class BotRunner:
    """``await runner.choose(state, bot, seat, seed, opts)`` → an option id, computed off the event loop
    by one of ``workers`` workers (processes, or threads with ``kind="thread"``)."""

    def __init__(self, kind: str = "process", workers: int | None = None) -> None:
        if kind not in ("process", "thread"):
            raise ValueError(f"bot worker kind must be process or thread (got {kind!r})")
        workers = default_workers() if workers is None else workers
        if not isinstance(workers, int) or not 1 <= workers <= 64:
            raise ValueError(f"bot workers must be a whole number from 1 to 64 (got {workers!r})")
        self.kind = kind
        self.workers = workers
        self._pool: Executor | None = None
        #: the latest choices' workers and times (the newest 256)
        self.thoughts: deque[Thought] = deque(maxlen=256)
        #: the workers, shared fairly by the tables (created in the event loop, at the first choice)
        self._gate: FairGate | None = None

    def _executor(self) -> Executor:
        if self._pool is None:
            if self.kind == "process":
                # spawn: a fork of a server with running threads and an event loop is unsafe
                self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                                 initializer=watch_parent, initargs=(os.getpid(),))
            else:
                self._pool = ThreadPoolExecutor(self.workers, thread_name_prefix="capes-bot")
        return self._pool

    async def choose(self, state: State, bot: str, seat: int, seed: int, opts: dict[str, Any],
                     key: str = "", urgent: bool = False) -> str:
        """The bot's option; ``key`` (who made the table) shares the workers fairly with the other keys, and an
        ``urgent`` choice (a player waits for it) goes first (see :class:`~capes.web.guard.FairGate`)."""
        option, _ = await self.choose_with_reason(state, bot, seat, seed, opts, key, urgent)
        return option

    async def choose_with_reason(self, state: State, bot: str, seat: int, seed: int, opts: dict[str, Any],
                                 key: str = "", urgent: bool = False) -> tuple[str, str | None]:
        """:meth:`choose`, with the one-line reason the bot gave (None when it gives none)."""
        return await self._fair().run(key, lambda: self._choose(state, bot, seat, seed, opts), urgent)

    async def hint(self, state: State, seat: int, seed: int, key: str = "") -> tuple[str, str, str | None, str]:
        """What the hint level would choose for ``seat`` now: (option id, label, reason, level). A player waits
        for it, so it goes before bots playing alone; it shares the workers with ``key``'s tables."""
        return await self._fair().run(key, lambda: self._off_loop(hint_from_json, _hint_here, state, seat, seed),
                                      True)

    def _fair(self) -> FairGate:
        """The gate sharing the workers (made in the event loop, at the first use)."""
        if self._gate is None:
            self._gate = FairGate(self.workers)
        return self._gate

    async def _off_loop(self, in_process: Callable[..., T], in_thread: Callable[..., T], state: State,
                        *args: Any) -> T:
        """Run a worker function on ``state``: a process gets the state as JSON (and rebuilds the configured game),
        a thread a clone of it."""
        loop = asyncio.get_running_loop()
        if self.kind == "process":
            return await loop.run_in_executor(self._executor(), in_process, state.game.id, state.game.config_json(),
                                              state.to_json(), *args)
        return await loop.run_in_executor(self._executor(), in_thread, state.clone(), *args)

    async def _choose(self, state: State, bot: str, seat: int, seed: int, opts: dict[str, Any]
                      ) -> tuple[str, str | None]:
        option, thought, reason = await self._off_loop(choose_from_json, _choose_here, state, bot, seat, seed, opts)
        self.thoughts.append(thought)
        return str(option), reason

    def overlapping(self) -> int:
        """How many pairs of recent choices were thought at the same time by different workers."""
        ts = sorted(self.thoughts, key=lambda t: t.start)
        return sum(1 for i, a in enumerate(ts) for b in ts[i + 1:]
                   if b.start < a.end and a.worker != b.worker)

    def recover(self) -> None:
        """After a choice failed for want of a worker: drop a broken pool (the next choice starts a new one)."""
        pool = self._pool
        if isinstance(pool, ProcessPoolExecutor) and getattr(pool, "_broken", False):
            self._pool = None
            pool.shutdown(wait=False, cancel_futures=True)

    def close(self, timeout: float = 5.0) -> None:
        """Stop the workers now, a choice in progress too (its table's bot thinks again after a restart)."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        procs = list(getattr(pool, "_processes", {}).values()) if isinstance(pool, ProcessPoolExecutor) else []
        pool.shutdown(wait=False, cancel_futures=True)
        for p in procs:
            if p.is_alive():
                p.terminate()
        deadline = time.monotonic() + timeout
        for p in procs:
            p.join(max(0.0, deadline - time.monotonic()))
            if p.is_alive():
                p.kill()
