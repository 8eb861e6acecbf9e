"""Many games in parallel, with bots in every seat, summarised with confidence intervals.

>>> # summary = simulate("heroes", n=100, workers=2, seat_bots=["heroes-heuristic", "random", "random", "random"])
"""

from __future__ import annotations

import math
import time
import traceback
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
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
            opts = dict(bot_opts or {}) if name == "ismcts" else {}
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


def _play_star(args: tuple[Any, ...]) -> dict[str, Any]:
    return play_one(*args)


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

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game, "config": self.config, "bots": self.seat_bots, "games": self.games,
            "outcomes": self.outcomes, "mean_actions": self.mean_actions,
            "actions_per_second": self.actions_per_second, "games_per_second": self.games_per_second,
            "errors": self.errors, "error_samples": self.error_samples, "stats": self.stats,
            "wall_seconds": self.wall_seconds,
        }


def simulate(game_id: str, n: int, workers: int = 1, seed: int = 0, config: Mapping[str, Any] | None = None,
             seat_bots: Sequence[str] | None = None, bot_opts: Mapping[str, Any] | None = None,
             progress: Callable[[int], None] | None = None) -> SimSummary:
    """Play ``n`` games (seeds ``seed .. seed+n-1``) in ``workers`` processes and summarise."""
    cfg = dict(config or {})
    game = load(game_id, **cfg)  # validates config before any worker starts
    seats = game.num_seats
    bots = list(seat_bots or [default_bot(game_id, cfg)])
    if len(bots) == 1:
        bots = bots * seats
    if len(bots) != seats:
        from capes.core.errors import ConfigError

        raise ConfigError(f"{game_id}: {len(bots)} bots given for {seats} seats; give one bot or one per seat")
    for s, b in enumerate(bots):  # fail fast on an unknown bot name
        make_bot(b, game, s)
    jobs = [(game_id, cfg, seed + i, bots, bot_opts) for i in range(n)]
    t0 = time.perf_counter()
    results: list[dict[str, Any]] = []
    if workers <= 1:
        for j in jobs:
            results.append(_play_star(j))
            if progress:
                progress(1)
    else:
        with ProcessPoolExecutor(max_workers=workers) as ex:
            for r in ex.map(_play_star, jobs, chunksize=max(1, n // (workers * 8))):
                results.append(r)
                if progress:
                    progress(1)
    wall = time.perf_counter() - t0
    return summarise(game_id, cfg, bots, results, wall)


def summarise(game_id: str, cfg: dict[str, Any], bots: list[str], results: list[dict[str, Any]],
              wall: float) -> SimSummary:
    ok = [r for r in results if r["error"] is None]
    summary = SimSummary(game_id, {k: list(v) if isinstance(v, tuple) else v for k, v in cfg.items()}, bots)
    summary.games = len(results)
    summary.errors = len(results) - len(ok)
    summary.error_samples = [f"seed {r['seed']}: {r['error']}" for r in results if r["error"]][:5]
    if ok:
        seats = len(ok[0]["outcomes"])
        for s in range(seats):
            counts = {"win": 0, "loss": 0, "draw": 0}
            for r in ok:
                counts[r["outcomes"][s]] = counts.get(r["outcomes"][s], 0) + 1
            lo, hi = wilson(counts["win"], len(ok))
            summary.outcomes[f"seat{s + 1}"] = {
                **counts, "bot": bots[s], "win_rate": counts["win"] / len(ok), "win_rate_ci95": [lo, hi],
                "mean_score": sum(r["scores"][s] for r in ok) / len(ok),
            }
        summary.mean_actions = sum(r["actions"] for r in ok) / len(ok)
        keys = sorted({k for r in ok for k in r["stats"]})
        summary.stats = {k: sum(float(r["stats"].get(k, 0)) for r in ok) / len(ok) for k in keys}
    cpu = sum(r["seconds"] for r in results)
    total_actions = sum(r["actions"] for r in results)
    summary.actions_per_second = total_actions / cpu if cpu > 0 else 0.0
    summary.games_per_second = len(results) / wall if wall > 0 else 0.0
    summary.wall_seconds = wall
    return summary
