"""Fuzzing: random configurations of a game played by random and heuristic bots, every decision checked.

    python -m capes.core.fuzz [GAME ...] [--seconds 60] [--games N] [--seed 0]

The contract suite plays each game's default configuration; this plays whatever the configuration keys allow
(heroes, villains, modular sets, player counts, difficulties...: each key drawn from its own choices and bounds,
free-text and file keys left at their defaults) with the ``random`` bot and, where a game offers it, ``normal``,
which plays deeper into a game. At every decision it checks what a person meets: a live decision names a seat,
asks something and offers options, and no two options share a label (contract 'labels'). At about one decision
in twelve, and at the end, it also builds what every seat and a spectator are shown (the terminal drawing, the
view as JSON, the browser pieces, the glossary) and saves and reloads the state (the same text and labels).

Each failure is one line naming the game, configuration, seed, bot and action count, so it can be replayed
(``capes play GAME --seed S --config key=value ...``, with the bot in every seat). The exit status is 1 when
anything failed, 2 on bad arguments. Found by it (2026-12-07): Champions options that read the same for two
copies of a card in play.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from capes.core.bots.base import make_bot
from capes.core.config import Param
from capes.core.contract import twin_labels
from capes.core.errors import ConfigError
from capes.core.protocol import Game, State
from capes.core.registry import BUILTIN, game_class
from capes.core.rng import Rng

#: the bots tried, each where the game offers it
BOTS = ("random", "normal")


@dataclass
class Report:
    games: int = 0
    refused: int = 0  # drawn configurations the game refused (a ConfigError: e.g. keys that must agree)
    failures: list[str] = field(default_factory=list)


def draw_config(params: Sequence[Param], rng: Rng) -> dict[str, Any]:
    """A configuration with every key that has choices or bounds drawn at random (the others left out)."""
    cfg: dict[str, Any] = {}
    for p in params:
        allowed = p.allowed()
        if p.kind == "choice" and allowed:
            cfg[p.name] = allowed[rng.randbelow(len(allowed))]
        elif p.kind == "bool":
            cfg[p.name] = bool(rng.randbelow(2))
        elif p.kind == "int" and p.lo is not None and p.hi is not None:
            cfg[p.name] = p.lo + rng.randbelow(p.hi - p.lo + 1)
        elif p.kind == "list" and allowed and p.hi is not None:
            lo, hi = p.lo or 0, min(p.hi, len(allowed)) if p.unique else p.hi
            k = lo + rng.randbelow(hi - lo + 1)
            pool = list(allowed)
            if p.unique:
                rng.shuffle(pool)
                cfg[p.name] = pool[:k]
            else:
                cfg[p.name] = [pool[rng.randbelow(len(pool))] for _ in range(k)]
    return cfg


def _shown(game: Game, state: State) -> None:
    """Build everything a seat or a spectator is shown, and save and reload the state."""
    for seat in (None, *range(game.num_seats)):
        game.render(state, seat)
        view = state.view(seat)
        json.dumps(view)
        game.web_view(view, seat)
        json.dumps(game.glossary(state, seat))
    text = state.to_json()
    again = game.from_json(text)
    if again.to_json() != text:
        raise AssertionError("a saved and reloaded state saves to different text")
    if [o.label for o in again.decision.options] != [o.label for o in state.decision.options]:
        raise AssertionError("a reloaded state shows different labels")


def _decision_problem(state: State, seats: int) -> str:
    d = state.decision
    if d.seat is None:
        return ""
    if not 0 <= d.seat < seats:
        return f"the decision names seat {d.seat}, not one of 0..{seats - 1}"
    if not d.options:
        return "a live decision offers no option"
    if not d.prompt:
        return "a live decision asks nothing (empty prompt)"
    twice = twin_labels(d)
    return f"two options share a label: {twice}" if twice else ""


def play_one(game: Game, seed: int, bot: str, rng: Rng) -> str:
    """Play one game; '' when every check held, else what failed (one line)."""
    stage = "setting up"
    try:
        state = game.new_game(seed)
        bots = [make_bot(bot, game, s, seed=seed) for s in range(game.num_seats)]
        stage = "playing"
        while True:
            problem = _decision_problem(state, game.num_seats)
            if problem:
                return problem
            if state.is_over or rng.randbelow(12) == 0:
                stage = "building what the seats are shown"
                _shown(game, state)
                stage = "playing"
            if state.is_over:
                return ""
            if len(state.actions) >= game.max_actions:
                return f"the game passed its stated bound of {game.max_actions} actions"
            state.apply(bots[state.decision.seat].choose(state))  # type: ignore[index]
    except Exception as e:  # noqa: BLE001 - any exception is the finding
        return f"{type(e).__name__} while {stage}: {str(e).splitlines()[0][:300] if str(e) else ''}"


def fuzz(game_ids: list[str], seconds: float | None = None, games: int | None = None, seed: int = 0,
         progress: Callable[[str], None] | None = None) -> Report:
    """Play random configurations of ``game_ids`` in turn until ``games`` are played or ``seconds`` have passed
    (at least one of the two bounds is needed)."""
    if not game_ids or games is None and seconds is None:
        raise ValueError("fuzz needs at least one game id, and a number of games or of seconds")
    rng = Rng(seed)
    rep = Report()
    end = None if seconds is None else time.monotonic() + seconds
    i = 0
    while (games is None or rep.games < games) and (end is None or time.monotonic() < end):
        gid = game_ids[i % len(game_ids)]
        i += 1
        klass = game_class(gid)
        cfg = draw_config(klass.params, rng)
        try:
            game = klass(**cfg)
        except ConfigError:
            rep.refused += 1
            if rep.refused > 1000 + 10 * rep.games:
                raise SystemExit(f"fuzz: {gid} refused nearly every configuration drawn (last: {cfg})") from None
            continue
        bots = [b for b in BOTS if b == "random" or b in game.bots()]
        bot = bots[rng.randbelow(len(bots))]
        game_seed = rng.randbelow(1_000_000)
        problem = play_one(game, game_seed, bot, rng)
        rep.games += 1
        if problem:
            line = f"{gid} seed {game_seed} bot {bot} config {json.dumps(cfg)}: {problem}"
            rep.failures.append(line)
            if progress:
                progress(line)
    return rep


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m capes.core.fuzz", description=__doc__.splitlines()[0])
    ap.add_argument("game", nargs="*", help=f"games to fuzz (default: {', '.join(BUILTIN)})")
    ap.add_argument("--seconds", type=float, default=None, help="stop after this long (default 60 without --games)")
    ap.add_argument("--games", type=int, default=None, help="stop after this many games")
    ap.add_argument("--seed", type=int, default=0, help="the seed of the configurations, seeds and bots drawn")
    a = ap.parse_args(argv)
    ids = a.game or list(BUILTIN)
    for gid in ids:
        try:
            game_class(gid)
        except ConfigError as e:
            print(f"fuzz: {e}", file=sys.stderr)
            return 2
    if a.games is not None and not 1 <= a.games <= 10_000_000:
        print(f"fuzz: --games must be from 1 to 10,000,000, not {a.games}", file=sys.stderr)
        return 2
    if a.seconds is not None and not 0 < a.seconds <= 7 * 86400:
        print(f"fuzz: --seconds must be more than 0 and at most a week (604800), not {a.seconds:g}", file=sys.stderr)
        return 2
    seconds = a.seconds if a.seconds is not None or a.games is not None else 60.0
    t = time.monotonic()
    rep = fuzz(ids, seconds, a.games, a.seed, progress=lambda line: print(line, flush=True))
    print(f"fuzz: {rep.games} games of {', '.join(ids)} in {time.monotonic() - t:.0f} s "
          f"({rep.refused} configurations refused by the game), {len(rep.failures)} failed")
    return 1 if rep.failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
