"""How much an ``ismcts`` setting gives up against a much longer search, decision by decision (not a test; nothing
here asserts).

Win rates need hundreds of games a setting, and one ``ismcts`` game of Champions or Alliances takes minutes. This
asks a cheaper question first: on the same positions, does a cheaper setting choose what a long search (the
*reference*: many more iterations at the default rollout depth) chooses, and when it does not, how much worse is its
choice by the reference's own estimates?

Positions are the decisions (with at least two options) of games the ``normal`` bot plays in every seat, one position
in ``--every`` taken. For each position the reference runs once; each setting runs ``--repeats`` times with different
seeds. Per setting it prints: the share of its choices equal to the reference's; the mean *regret* (the reference's
mean reward of its own choice minus its mean reward of the setting's choice, 0 when they agree; rewards are the
game's, between 0 and 1); and its CPU seconds per decision. For scale, the same for a choice at random (the expected
regret over the options) and for the ``normal`` bot's choice.

    python bench/ismcts_settings.py --game champions --positions 40 --reference 2000 \\
        --setting rollout_depth=40 --setting rollout_depth=12 [--config key=value ...]

The reference plays at the default rollout depth, so it favours settings close to the default; read a low regret
of a shorter rollout as "loses little against a deep search", not as "as strong". Win rates (bench/winrates.py)
decide.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from capes.core.bots.base import make_bot
from capes.core.config import parse_pairs
from capes.core.errors import CapesError
from capes.core.registry import load
from capes.core.rng import Rng

#: rows printed for scale beside the settings
BASELINES = ("a random option", "the normal bot")


def positions(game: Any, n: int, every: int, seed: int) -> list[Any]:
    """``n`` decisions with at least two options from games of the ``normal`` bot, one in ``every`` (by a seeded
    draw), at most three a game so that they come from several games."""
    out: list[Any] = []
    pick = Rng(seed)
    s_seed = seed
    while len(out) < n:
        state = game.new_game(s_seed)
        bots = [make_bot("normal", game, k, seed=s_seed) for k in range(game.num_seats)]
        taken = 0
        while not state.is_over and len(state.actions) < game.max_actions and taken < 3 and len(out) < n:
            d = state.decision
            if len(d.options) >= 2 and pick.randbelow(every) == 0:
                out.append(state.clone())
                taken += 1
            state.apply(bots[d.seat].choose(state))
        s_seed += 1
    return out


def search(game: Any, state: Any, seed: int, opts: dict[str, Any]) -> tuple[str, dict[str, tuple[int, float]], float]:
    bot = make_bot("ismcts", game, state.decision.seat, seed=seed, **opts)
    t0 = time.process_time()
    choice = bot.choose(state)
    return choice, dict(bot.last_stats), time.process_time() - t0  # type: ignore[attr-defined]


def regret(stats: dict[str, tuple[int, float]], ref: str, choice: str) -> float:
    """The reference's mean reward of its own choice ``ref`` minus that of ``choice`` (an option it never tried: 0)."""
    best = stats[ref][1]
    return best - stats[choice][1] if choice in stats else best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", required=True)
    ap.add_argument("--config", action="append", default=[], help="key=value (the game's config)")
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--every", type=int, default=6, help="take one decision in this many (default 6)")
    ap.add_argument("--reference", type=int, default=2000, help="the reference's iterations (default 2000)")
    ap.add_argument("--setting", action="append", default=[],
                    help="ismcts options of one setting, comma-separated key=value (repeatable)")
    ap.add_argument("--repeats", type=int, default=2, help="runs of each setting per position (default 2)")
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    for name in ("positions", "every", "reference", "repeats"):
        if not 1 <= getattr(a, name) <= 100_000:
            raise SystemExit(f"--{name} must be a whole number from 1 to 100,000 (got {getattr(a, name)})")
    try:
        game = load(a.game, **parse_pairs(a.config))
        settings = []
        for text in a.setting or [""]:
            if text and not all("=" in kv for kv in text.split(",")):
                raise SystemExit(f"--setting {text!r}: give key=value pairs joined by commas "
                                 "(iterations=120,rollout_depth=20)")
            settings.append(parse_pairs(text.split(",")) if text else {})
        for opts in settings:  # an unknown or out-of-range setting is refused before any search runs
            make_bot("ismcts", game, 0, **opts)
    except CapesError as exc:
        raise SystemExit(str(exc)) from None
    pos = positions(game, a.positions, a.every, a.seed)
    rows: dict[int, dict[str, list[float]]] = {i: {"agree": [], "regret": [], "cpu": []} for i in range(len(settings))}
    base: dict[str, dict[str, list[float]]] = {b: {"agree": [], "regret": [], "cpu": []} for b in BASELINES}
    ref_cpu = []
    for k, st in enumerate(pos):
        ref, stats, cpu = search(game, st, 10_000 + k, {"iterations": a.reference})
        ref_cpu.append(cpu)
        ids = st.decision.ids()
        # the scale: a choice at random (its expected regret over the options) and the normal bot's choice
        base["a random option"]["regret"].append(sum(regret(stats, ref, c) for c in ids) / len(ids))
        base["a random option"]["agree"].append(1.0 / len(ids))
        bot = make_bot("normal", game, st.decision.seat, seed=k)
        t0 = time.process_time()
        c = bot.choose(st)
        base["the normal bot"]["cpu"].append(time.process_time() - t0)
        base["the normal bot"]["agree"].append(1.0 if c == ref else 0.0)
        base["the normal bot"]["regret"].append(regret(stats, ref, c))
        for i, opts in enumerate(settings):
            for r in range(a.repeats):
                choice, _, c = search(game, st, 20_000 + 100 * k + r, opts)
                rows[i]["agree"].append(1.0 if choice == ref else 0.0)
                rows[i]["regret"].append(regret(stats, ref, choice))
                rows[i]["cpu"].append(c)
    print(f"{a.game} {game.config_json()}: {len(pos)} positions (normal bot games from seed {a.seed}); reference "
          f"ismcts {a.reference} iterations at the default depth, {statistics.mean(ref_cpu):.2f} CPU s a decision\n")
    print("| setting | agrees with the reference | mean regret (reference's rewards) | regret minus the first "
          "setting's (paired) | CPU s a decision |")
    print("|---|---:|---:|---:|---:|")
    named = [(", ".join(f"{k}={v}" for k, v in opts.items()) or "defaults", rows[i]) for i, opts in enumerate(settings)]
    first = named[0][1]["regret"]
    for name, r in [*named, *base.items()]:
        n = len(r["agree"])
        sd = statistics.stdev(r["regret"]) / n ** 0.5 if n > 1 else 0.0
        paired = ""
        if r["regret"] is not first and len(r["regret"]) == len(first) and n > 1:
            diff = [x - y for x, y in zip(r["regret"], first, strict=True)]
            paired = f"{statistics.mean(diff):+.4f} (± {statistics.stdev(diff) / n ** 0.5:.4f})"
        print(f"| {name} | {statistics.mean(r['agree']):.0%} of {n} | {statistics.mean(r['regret']):.4f} "
              f"(± {sd:.4f}) | {paired} | {statistics.mean(r['cpu']) if r['cpu'] else 0:.3f} |")


if __name__ == "__main__":
    main()
