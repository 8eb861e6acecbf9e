"""capes benchmarks (not tests; nothing here asserts a timing).

For every registered game: random-playout applied actions/s and games/s (one core),
``clone()`` and ``to_json()`` µs on a mid-game state, and one ``ismcts`` decision at
default settings; plus exact-odds computation times. Prints a Markdown table and the
machine it ran on.

    python bench/run.py [--seconds S] [--game ID ...] [--json]
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from typing import Any

from capes.core.bots.base import make_bot
from capes.core.registry import GAMES, available, load
from capes.core.rng import Rng


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    import os

    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}"


def playouts(game_id: str, seconds: float) -> dict[str, float]:
    game = load(game_id)
    rng = Rng(1)
    actions = games = 0
    lengths = []
    t0 = time.perf_counter()
    seed = 0
    while time.perf_counter() - t0 < seconds:
        s = game.new_game(seed)
        seed += 1
        n = 0
        while not s.is_over:
            opts = s.decision.options
            s.apply(opts[rng.randbelow(len(opts))])
            n += 1
        actions += n
        games += 1
        lengths.append(n)
    dt = time.perf_counter() - t0
    return {"actions_per_s": actions / dt, "games_per_s": games / dt, "games": games,
            "mean_length": statistics.mean(lengths)}


def mid_game(game_id: str, length: float) -> Any:
    game = load(game_id)
    s = game.new_game(123)
    rng = Rng(5)
    for _ in range(int(length / 2)):
        if s.is_over:
            break
        opts = s.decision.options
        s.apply(opts[rng.randbelow(len(opts))])
    if s.is_over:  # a short game: take an earlier point
        s = game.new_game(123)
        for _ in range(int(length / 4)):
            opts = s.decision.options
            s.apply(opts[rng.randbelow(len(opts))])
    return game, s


def micro(fn: Any, repeat: int = 2000) -> float:
    """Median µs of ``fn`` over batches."""
    samples = []
    for _ in range(7):
        t0 = time.perf_counter()
        for _ in range(repeat // 7 + 1):
            fn()
        samples.append((time.perf_counter() - t0) / (repeat // 7 + 1))
    return statistics.median(samples) * 1e6


def ismcts_decision(game: Any, state: Any) -> tuple[float, int]:
    """Seconds for one ismcts decision at default settings (at a decision with >= 2 options)."""
    s = state.clone()
    rng = Rng(3)
    while not s.is_over and len(s.decision.options) < 2:
        opts = s.decision.options
        s.apply(opts[rng.randbelow(len(opts))])
    if s.is_over:
        return 0.0, 0
    bot = make_bot("ismcts", game, s.decision.seat, seed=1)
    t0 = time.perf_counter()
    bot.choose(s)
    return time.perf_counter() - t0, bot.last_iterations  # type: ignore[attr-defined]


def odds_times() -> dict[str, float]:
    from capes.games.alliances.odds import character_attack, enemy_attack
    from capes.games.heroes.odds import attack_odds

    return {
        "alliances character attack 5 dice vs 2": micro(lambda: character_attack(5, 2, True), 20) / 1000,
        "alliances enemy attack 6 vs 4 dice, cover": micro(lambda: enemy_attack(6, 4, True), 20) / 1000,
        "heroes 8 vs 8 dice, both boosting": micro(lambda: attack_odds(8, 8, True, True), 20) / 1000,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=10.0, help="playout time per game")
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    ids = args.game or [g for g in GAMES if available(g)]
    rows = {}
    for gid in ids:
        p = playouts(gid, args.seconds)
        game, s = mid_game(gid, p["mean_length"])
        clone_us = micro(s.clone)
        json_us = micro(s.to_json, 300)
        ism_s, ism_it = ismcts_decision(game, s)
        rows[gid] = {**p, "clone_us": clone_us, "to_json_us": json_us, "ismcts_decision_s": ism_s,
                     "ismcts_iterations": ism_it, "mid_game_actions": len(s.actions)}
    odds = odds_times()
    if args.json:
        print(json.dumps({"machine": machine(), "games": rows, "odds_ms": odds}, indent=1))
        return
    print(f"Machine: {machine()}\n")
    print("| game | actions/s (1 core) | games/s | mean actions/game | clone µs | to_json µs | ismcts decision s |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for gid, r in rows.items():
        print(f"| {gid} | {r['actions_per_s']:,.0f} | {r['games_per_s']:.2f} | {r['mean_length']:.0f} | "
              f"{r['clone_us']:.1f} | {r['to_json_us']:.0f} | {r['ismcts_decision_s']:.2f} ({r['ismcts_iterations']} it.) |")
    print("\n| exact odds | ms |\n|---|---:|")
    for k, v in odds.items():
        print(f"| {k} | {v:.2f} |")


if __name__ == "__main__":
    main()
