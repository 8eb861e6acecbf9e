"""Bots think in a worker, never on the server's event loop.

The default worker is a process pool (real parallelism: ISMCTS can think for a second while the
server keeps serving). The worker receives the state as ``to_json`` text and rebuilds it; the bot
decides from it exactly as in the CLI. A thread pool is available for tests and tiny machines.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from capes.core.bots.base import make_bot
from capes.core.protocol import Game, State

_GAMES: dict[str, Game] = {}  # per worker process: configured games by (game id, config)


def _game(game_id: str, config: dict[str, Any]) -> Game:
    from capes.core.registry import load

    key = game_id + json.dumps(config, sort_keys=True)
    g = _GAMES.get(key)
    if g is None:
        if len(_GAMES) > 64:
            _GAMES.clear()
        g = _GAMES[key] = load(game_id, **config)
    return g


def choose_from_json(game_id: str, config: dict[str, Any], state_json: str, bot: str, seat: int, seed: int,
                     opts: dict[str, Any]) -> str:
    """Run in the worker: rebuild the state and let bot ``bot`` choose for ``seat``."""
    game = _game(game_id, config)
    state = game.from_json(state_json)
    return make_bot(bot, game, seat, seed=seed, **opts).choose(state)


def _choose_here(state: State, bot: str, seat: int, seed: int, opts: dict[str, Any]) -> str:
    return make_bot(bot, state.game, seat, seed=seed, **opts).choose(state)


class BotRunner:
    """``await runner.choose(state, bot, seat, seed, opts)`` → an option id, computed off the event loop."""

    def __init__(self, kind: str = "process", workers: int = 1) -> None:
        if kind not in ("process", "thread"):
            raise ValueError(f"bot worker kind must be process or thread (got {kind!r})")
        self.kind = kind
        self.workers = workers
        self._pool: Executor | None = None

    def _executor(self) -> Executor:
        if self._pool is None:
            if self.kind == "process":
                # spawn: a fork of a server with running threads and an event loop is unsafe
                self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"))
            else:
                self._pool = ThreadPoolExecutor(self.workers, thread_name_prefix="capes-bot")
        return self._pool

    async def choose(self, state: State, bot: str, seat: int, seed: int, opts: dict[str, Any]) -> str:
        loop = asyncio.get_running_loop()
        if self.kind == "process":
            return await loop.run_in_executor(self._executor(), choose_from_json, state.game.id,
                                              state.game.config_json(), state.to_json(), bot, seat, seed, opts)
        return await loop.run_in_executor(self._executor(), _choose_here, state.clone(), bot, seat, seed, opts)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
