"""Many games in parallel, with bots in every seat, summarised with confidence intervals.

>>> # summary = simulate("heroes", n=100, workers=2, seat_bots=["heroes-heuristic", "random", "random", "random"])
"""

from __future__ import annotations

import functools
import math
import time
import traceback
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from capes.core.bots.base import make_bot
from capes.core.registry import load


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion ``k / n``.

    >>> tuple(round(x, 3) for x in wilson(50, 100))
    (0.404, 0.596)
    """
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def default_bot(game_id: str, config: Mapping[str, Any]) -> str:
    """The game's first heuristic bot if it has one, else ``random``."""
    extra = list(load(game_id, **config).bots())
    return extra[0] if extra else "random"


def play_one(game_id: str, config: Mapping[str, Any], seed: int, seat_bots: Sequence[str],
             bot_opts: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Play one game with the named bots; returns outcome, length and timing (never raises)."""
    t0 = time.perf_counter()
    actions = 0
    try:
        game = load(game_id, **config)
        state = game.new_game(seed)
        bots = []
        for s in range(game.num_seats):
            name = seat_bots[s % len(seat_bots)]
            opts = dict(bot_opts or {}) if searches(game, name) else {}
            bots.append(make_bot(name, game, s, seed=seed, **opts))
        while not state.is_over:
            seat = state.decision.seat
            assert seat is not None
            state.apply(bots[seat].choose(state))
            actions += 1
        result = state.result
        assert result is not None
        return {
            "seed": seed, "outcomes": list(result.outcomes), "scores": list(result.scores),
            "stats": {**game.sim_stats(state), **result.stats}, "actions": actions,
            "seconds": time.perf_counter() - t0, "error": None,
        }
    except Exception as e:  # a game that raises is counted, never hidden
        return {"seed": seed, "outcomes": None, "scores": None, "stats": {}, "actions": actions,
                "seconds": time.perf_counter() - t0,
                "error": f"{type(e).__name__}: {e}", "trace": traceback.format_exc(limit=6)}


@dataclass
class SimSummary:
    game: str
    config: dict[str, Any]
    seat_bots: list[str]
    games: int = 0
    outcomes: dict[str, dict[str, Any]] = field(default_factory=dict)
    mean_actions: float = 0.0
    actions_per_second: float = 0.0
    games_per_second: float = 0.0
    errors: int = 0
    error_samples: list[str] = field(default_factory=list)
    stats: dict[str, float] = field(default_factory=dict)
    wall_seconds: float = 0.0
    #: the seeds asked for (``seed .. seed+n-1``), the bots' settings and whether Ctrl-C cut the run short
    first_seed: int = 0
    requested: int = 0
    bot_settings: dict[str, Any] = field(default_factory=dict)
    interrupted: bool = False
    error_seeds: list[int] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        from capes.core.version import __version__

        return {
            "game": self.game, "config": self.config, "bots": self.seat_bots, "bot_settings": self.bot_settings,
            "seeds": {"first": self.first_seed, "last": self.first_seed + self.requested - 1,
                      "rule": "game i (0-based) uses seed first+i", "finished": self.games,
                      "errors": self.error_seeds},
            "games": self.games, "interrupted": self.interrupted, "capes": __version__,
            "outcomes": self.outcomes, "mean_actions": self.mean_actions,
            "actions_per_second": self.actions_per_second, "games_per_second": self.games_per_second,
            "errors": self.errors, "error_samples": self.error_samples, "stats": self.stats,
            "wall_seconds": self.wall_seconds,
        }


class Tally:
    """Running totals of finished games: memory stays flat however many games are played."""

    def __init__(self) -> None:
        self.games = 0
        self.ok = 0
        self.counts: list[dict[str, int]] = []
        self.score_sums: list[float] = []
        self.actions_ok = 0
        self.actions_all = 0
        self.seconds = 0.0
        self.stat_sums: dict[str, float] = {}
        self.errors: list[str] = []
        self.error_seeds: list[int] = []

    def add(self, r: dict[str, Any]) -> None:
        self.games += 1
        self.actions_all += r["actions"]
        self.seconds += r["seconds"]
        if r["error"] is not None:
            if len(self.errors) < 5:
                self.errors.append(f"seed {r['seed']}: {r['error']}")
            if len(self.error_seeds) < 1000:
                self.error_seeds.append(r["seed"])
            return
        self.ok += 1
        self.actions_ok += r["actions"]
        if not self.counts:
            self.counts = [{"win": 0, "loss": 0, "draw": 0} for _ in r["outcomes"]]
            self.score_sums = [0.0 for _ in r["outcomes"]]
        for s, o in enumerate(r["outcomes"]):
            self.counts[s][o] = self.counts[s].get(o, 0) + 1
            self.score_sums[s] += r["scores"][s]
        for k, v in r["stats"].items():
            self.stat_sums[k] = self.stat_sums.get(k, 0.0) + float(v)


def _ignore_sigint() -> None:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops the workers; they never print tracebacks


def simulate(game_id: str, n: int, workers: int = 1, seed: int = 0, config: Mapping[str, Any] | None = None,
             seat_bots: Sequence[str] | None = None, bot_opts: Mapping[str, Any] | None = None,
             progress: Callable[[int], None] | None = None,
             on_game: Callable[[dict[str, Any]], None] | None = None) -> SimSummary:
    """Play ``n`` games (seeds ``seed .. seed+n-1``) in ``workers`` processes and summarise.

    Results are tallied as they arrive (never all kept); at most a few games per worker are queued at once.
    ``on_game`` sees each :func:`play_one` result as it arrives (``capes sim --out`` writes them as Parquet rows).
    Ctrl-C stops at once (workers are terminated) and the summary covers the games that finished, with
    ``interrupted`` set."""
    cfg = dict(config or {})
    game = load(game_id, **cfg)  # validates config before any worker starts
    bots = seat_bots_for(game, seat_bots or [default_bot(game_id, cfg)])
    settings: dict[str, Any] = {}
    for s, b in enumerate(bots):  # fail fast on an unknown bot name or setting
        st = bot_settings(game, s, b, bot_opts)
        if st:
            settings[b] = st
    tally = Tally()
    interrupted = False

    def done(r: dict[str, Any]) -> None:
        tally.add(r)
        if on_game is not None:
            on_game(r)
        if progress:
            progress(1)

    t0 = time.perf_counter()
    try:
        if workers <= 1:
            for i in range(n):
                done(play_one(game_id, cfg, seed + i, bots, bot_opts))
        else:
            _run_pool(game_id, cfg, seed, n, bots, bot_opts, workers, done)
    except KeyboardInterrupt:
        interrupted = True
    wall = time.perf_counter() - t0
    summary = summarise_tally(game_id, game.config_json(), bots, tally, wall)
    summary.first_seed, summary.requested, summary.bot_settings = seed, n, settings
    summary.interrupted = interrupted
    return summary


def seat_bots_for(game: Any, seat_bots: Sequence[str]) -> list[str]:
    """One bot name per seat: a single name fills every seat; otherwise exactly one per seat (ConfigError)."""
    bots = list(seat_bots)
    if len(bots) == 1:
        bots = bots * game.num_seats
    if len(bots) != game.num_seats:
        from capes.core.errors import ConfigError

        raise ConfigError(f"{game.id}: {len(bots)} bots given for {game.num_seats} seats; give one bot or one per seat")
    return bots


def searches(game: Any, name: str) -> bool:
    """Whether bot ``name`` is a search (``ismcts`` or a level built on it, such as ``hard``): those take the
    search settings (``--iterations``); other bots play without settings."""
    if name == "ismcts":
        return True
    from capes.core.bots.ismcts import ISMCTSBot

    kind = game.bots().get(name)  # the class: nothing is built just to ask (an unknown name fails in make_bot)
    return isinstance(kind, type) and issubclass(kind, ISMCTSBot)


def bot_settings(game: Any, seat: int, name: str, bot_opts: Mapping[str, Any] | None) -> dict[str, Any]:
    """The settings bot ``name`` plays seat ``seat`` with (``{}`` for bots without settings); an unknown bot or
    setting raises ConfigError before any game starts."""
    search = searches(game, name)
    bot = make_bot(name, game, seat, **(dict(bot_opts or {}) if search else {}))
    if not search:
        return {}
    return {k: getattr(bot, k) for k in ("iterations", "rollout_depth", "exploration", "time_limit") if hasattr(bot, k)}


def _worker(tasks: Any, results: Any, fn: Callable[[Any], Any]) -> None:
    _ignore_sigint()
    while True:
        item = tasks.get()
        if item is None:
            return
        results.put(fn(item))


def stream_pool(fn: Callable[[Any], Any], items: Iterable[Any], workers: int,
                on_result: Callable[[Any], None], ahead: int = 3) -> None:
    """``on_result(fn(item))`` for every item, computed in ``workers`` forked processes, in the order they finish.

    At most ``ahead`` items per worker are queued at once (memory stays flat however many items there are);
    on Ctrl-C or any error the workers are terminated at once. ``capes sim`` streams seeds through it and
    ``capes sweep`` chunks of seeds."""
    import multiprocessing
    import queue

    ctx: Any = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    tasks, results = ctx.Queue(), ctx.Queue()
    procs = [ctx.Process(target=_worker, args=(tasks, results, fn), daemon=True) for _ in range(workers)]
    for p in procs:
        p.start()
    todo = iter(items)
    sent = done = 0
    more = True
    try:
        while True:
            while more and sent - done < workers * ahead:
                item = next(todo, None)
                if item is None:
                    more = False
                    break
                tasks.put(item)
                sent += 1
            if not more and done == sent:
                break
            try:
                r = results.get(timeout=0.25)
            except queue.Empty:
                if not any(p.is_alive() for p in procs):
                    raise RuntimeError("every simulation worker died") from None
                continue
            done += 1
            on_result(r)
        for _ in procs:
            tasks.put(None)
        for p in procs:
            p.join(timeout=5)
    finally:
        for p in procs:
            if p.is_alive():
                p.terminate()  # a game in progress is abandoned at once
        for p in procs:
            p.join(timeout=1)
        for q in (tasks, results):
            q.cancel_join_thread()
            q.close()


def _run_pool(game_id: str, cfg: dict[str, Any], seed: int, n: int, bots: list[str],
              bot_opts: Mapping[str, Any] | None, workers: int, on_result: Callable[[dict[str, Any]], None]) -> None:
    """Worker processes fed a few seeds at a time; on Ctrl-C they are terminated at once."""
    stream_pool(functools.partial(_play_seed, game_id, cfg, bots, bot_opts), range(seed, seed + n), workers, on_result)


def _play_seed(game_id: str, cfg: dict[str, Any], bots: list[str], bot_opts: Mapping[str, Any] | None,
               seed: int) -> dict[str, Any]:
    return play_one(game_id, cfg, seed, bots, bot_opts)


def summarise_tally(game_id: str, cfg: dict[str, Any], bots: list[str], t: Tally, wall: float) -> SimSummary:
    summary = SimSummary(game_id, cfg, bots)
    summary.games = t.games
    summary.errors = t.games - t.ok
    summary.error_samples = list(t.errors)
    summary.error_seeds = list(t.error_seeds)
    if t.ok:
        for s, counts in enumerate(t.counts):
            lo, hi = wilson(counts["win"], t.ok)
            summary.outcomes[f"seat{s + 1}"] = {
                **counts, "bot": bots[s], "win_rate": counts["win"] / t.ok, "win_rate_ci95": [lo, hi],
                "mean_score": t.score_sums[s] / t.ok,
            }
        summary.mean_actions = t.actions_ok / t.ok
        summary.stats = {k: v / t.ok for k, v in sorted(t.stat_sums.items())}
    summary.actions_per_second = t.actions_all / t.seconds if t.seconds > 0 else 0.0
    summary.games_per_second = t.games / wall if wall > 0 else 0.0
    summary.wall_seconds = wall
    return summary


def summarise(game_id: str, cfg: dict[str, Any], bots: list[str], results: list[dict[str, Any]],
              wall: float) -> SimSummary:
    """The summary of a list of :func:`play_one` results."""
    t = Tally()
    for r in results:
        t.add(r)
    return summarise_tally(game_id, {k: list(v) if isinstance(v, tuple) else v for k, v in cfg.items()}, bots, t, wall)
