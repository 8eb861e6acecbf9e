"""capes benchmarks (not tests; nothing here asserts a timing).

For every registered game: random-playout applied actions/s and games/s (one core),
``clone()`` and ``to_json()`` µs on a mid-game state (``to_json`` twice: saved after each of 40 more
actions, as a table saves, and the first save of a freshly loaded state), and ``ismcts`` decisions at
default settings, the mean of five from that state on (these two in CPU time, so that a busy shared machine does
not inflate them); plus exact-odds computation times. Prints a Markdown table, the machine it ran on (and whether
the pure package or a compiled build ran) and its load average.

``--peers`` also times OpenSpiel's python tic-tac-toe and python-chess random games in the same
run (see bench/peers.py; needs the ``bench`` extra) and adds capes actions/s ÷ each peer. The
playouts of all workloads take turns in slices (``--rounds``), so a change of load falls on all.

    python bench/run.py [--seconds S] [--rounds R] [--game ID ...] [--peers] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from peers import Capes, Workload, load_average, machine, measure, peers_or_exit

from capes.core.bots.base import make_bot
from capes.core.registry import GAMES, available, load
from capes.core.rng import Rng


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
    """Median µs of ``fn`` over batches, in this process's CPU time: on a busy machine, wall time
    would count the waits for a core too (on an idle one the two agree)."""
    samples = []
    for _ in range(7):
        t0 = time.process_time()
        for _ in range(repeat // 7 + 1):
            fn()
        samples.append((time.process_time() - t0) / (repeat // 7 + 1))
    return statistics.median(samples) * 1e6


def save_times(game: Any, state: Any, actions: int = 40) -> tuple[float, float]:
    """CPU µs of ``to_json``: a state's first save (every action and log entry encoded, as after loading a game),
    and a save after every action (what a table does; to_json extends the text it kept at the previous save)."""
    text = state.to_json()
    fresh = [game.from_json(text) for _ in range(60)]
    t0 = time.process_time()
    for s in fresh:
        s.to_json()
    first = (time.process_time() - t0) / len(fresh) * 1e6
    s = state.clone()
    s.to_json()
    rng = Rng(11)
    spent, saves = 0.0, 0
    while saves < actions and not s.is_over:
        opts = s.decision.options
        s.apply(opts[rng.randbelow(len(opts))])
        t0 = time.process_time()
        s.to_json()
        spent += time.process_time() - t0
        saves += 1
    return first, spent / max(1, saves) * 1e6


def ismcts_decisions(game: Any, state: Any, positions: int = 5) -> tuple[list[float], int]:
    """CPU seconds of one ismcts decision at default settings, at each of ``positions`` decisions with >= 2 options
    (the first from ``state`` on, the next ones after a few more random actions each), and the iterations of one.
    One decision alone is a poor figure: its time depends on how far its rollouts go before the game ends."""
    s = state.clone()
    rng = Rng(3)
    times: list[float] = []
    iterations = 0
    while len(times) < positions and not s.is_over:
        if len(s.decision.options) >= 2:
            bot = make_bot("ismcts", game, s.decision.seat, seed=1 + len(times))
            t0 = time.process_time()
            bot.choose(s)
            times.append(time.process_time() - t0)
            iterations = bot.last_iterations  # type: ignore[attr-defined]
            for _ in range(5):  # move on a few actions, so that the positions differ
                if s.is_over:
                    break
                opts = s.decision.options
                s.apply(opts[rng.randbelow(len(opts))])
            continue
        opts = s.decision.options
        s.apply(opts[rng.randbelow(len(opts))])
    return times, iterations


def _span(xs: list[float]) -> str:
    """``0.31–0.42 of 5``: the range of the timed decisions and how many there were."""
    return f"{min(xs):.2f}–{max(xs):.2f} of {len(xs)}" if xs else "none timed"


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
    ap.add_argument("--seconds", type=float, default=10.0, help="playout time per game (and per peer)")
    ap.add_argument("--rounds", type=int, default=5, help="interleaved playout slices per workload (default 5)")
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    ap.add_argument("--peers", action="store_true", help="also time OpenSpiel tic-tac-toe and python-chess")
    ap.add_argument("--ismcts-positions", type=int, default=5, metavar="N",
                    help="ismcts decisions timed per game, the mean reported (default 5)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if not 1 <= args.ismcts_positions <= 100:
        ap.error(f"--ismcts-positions must be from 1 to 100 (got {args.ismcts_positions})")
    peers: list[Workload] = peers_or_exit() if args.peers else []
    ids = args.game or [g for g in GAMES if available(g)]
    load_before = load_average()
    games = {gid: Capes(gid) for gid in ids}
    measure([*peers, *games.values()], args.seconds, max(1, args.rounds))
    rows = {}
    for gid, w in games.items():
        p = {"actions_per_s": w.rate, "cpu_actions_per_s": w.cpu_rate, "games_per_s": w.games / w.seconds,
             "games": w.games, "mean_length": w.actions / w.games}
        if peers:
            p["ratios"] = {q.name: w.rate / q.rate for q in peers}
            p["cpu_ratios"] = {q.name: w.cpu_rate / q.cpu_rate for q in peers}
        game, s = mid_game(gid, p["mean_length"])
        clone_us = micro(s.clone)
        json_first_us, json_us = save_times(game, s)
        ism, ism_it = ismcts_decisions(game, s, args.ismcts_positions)
        rows[gid] = {**p, "clone_us": clone_us, "to_json_us": json_us, "to_json_first_us": json_first_us,
                     "ismcts_decision_s": statistics.mean(ism) if ism else 0.0, "ismcts_decisions_s": ism,
                     "ismcts_iterations": ism_it, "mid_game_actions": len(s.actions)}
    odds = odds_times()
    load_after = load_average()
    if args.json:
        print(json.dumps({"machine": machine(), "load_before": load_before, "load_after": load_after,
                          "peers": {q.name: {"rate": q.rate, "unit": q.unit, "games": q.games} for q in peers},
                          "games": rows, "odds_ms": odds}, indent=1))
        return
    print(f"Machine: {machine()}\nLoad average before: {load_before}; after: {load_after}\n")
    print("| game | actions/s (1 core) | actions/CPU s | games/s | mean actions/game | clone µs | "
          "to_json µs (each action saved / first save) | ismcts decision CPU s (mean; range) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for gid, r in rows.items():
        print(f"| {gid} | {r['actions_per_s']:,.0f} | {r['cpu_actions_per_s']:,.0f} | {r['games_per_s']:.2f} | "
              f"{r['mean_length']:.0f} | {r['clone_us']:.1f} | {r['to_json_us']:.0f} / {r['to_json_first_us']:.0f} | "
              f"{r['ismcts_decision_s']:.2f} ({_span(r['ismcts_decisions_s'])}; {r['ismcts_iterations']} it.) |")
    if peers:
        ttt, chess = peers
        print(f"\nPeers in the same run: {ttt.name} {ttt.rate:,.0f} actions/s ({ttt.cpu_rate:,.0f} per CPU s), "
              f"{chess.name} {chess.rate:,.0f} plies/s ({chess.cpu_rate:,.0f} per CPU s)\n")
        print("| game | ÷ OpenSpiel python tic-tac-toe | ÷ python-chess plies | (same, in CPU time) |\n|---|---:|---:|---:|")
        for gid, r in rows.items():
            print(f"| {gid} | {r['ratios'][ttt.name]:.2f} | {r['ratios'][chess.name]:.2f} | "
                  f"{r['cpu_ratios'][ttt.name]:.2f} / {r['cpu_ratios'][chess.name]:.2f} |")
    print("\n| exact odds | ms |\n|---|---:|")
    for k, v in odds.items():
        print(f"| {k} | {v:.2f} |")


if __name__ == "__main__":
    main()
