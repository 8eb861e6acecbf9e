"""Terminal play: human seats pick from numbered menus; bot seats play themselves; events are narrated."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

from capes.core.bots.base import Bot, bot_names, make_bot
from capes.core.errors import ConfigError, ReplayError
from capes.core.protocol import Game, State
from capes.core.replay import save_game

HUMAN = "human"


def parse_seats(game: Game, specs: Sequence[str], default: str) -> list[str]:
    """``["1=human", "2=random"]`` → one controller name per seat (1-based seat numbers)."""
    seats = [default] * game.num_seats
    allowed = [HUMAN, *bot_names(game)]
    for spec in specs:
        if "=" not in spec:
            raise ConfigError(f"--seat expects N=KIND, for example 1=human (got {spec!r})")
        n, _, kind = spec.partition("=")
        try:
            i = int(n) - 1
        except ValueError:
            raise ConfigError(f"--seat number must be 1..{game.num_seats} (got {n!r})") from None
        if not 0 <= i < game.num_seats:
            raise ConfigError(f"--seat number must be 1..{game.num_seats} for this config (got {n})")
        if kind not in allowed:
            raise ConfigError(f"--seat {n}: unknown kind {kind!r}; choose one of {', '.join(allowed)}")
        seats[i] = kind
    return seats


class Narrator:
    """Prints log events as they happen, as the observing seat may see them."""

    def __init__(self, console: Console, observer: int | None, show_rules: bool = True) -> None:
        self.console = console
        self.observer = observer
        self.show_rules = show_rules
        self.pos = 0

    def flush(self, state: State) -> None:
        for rule, text in state.visible_log(self.observer, self.pos):
            tag = f"[dim]{escape('[' + rule + ']')}[/dim] " if self.show_rules else ""
            self.console.print(f"{tag}{escape(text)}", highlight=False)
        self.pos = len(state.log)


def run(game: Game, state: State, controllers: list[str], console: Console, save: Path | None,
        seed: int, input_fn: Any = input, show_rules: bool = True, max_actions: int | None = None) -> State:
    """Play ``state`` to the end (or until a human quits)."""
    humans = [i for i, c in enumerate(controllers) if c == HUMAN]
    bots: dict[int, Bot] = {i: make_bot(c, game, i, seed=seed) for i, c in enumerate(controllers) if c != HUMAN}
    narrator = Narrator(console, humans[0] if len(humans) == 1 else None, show_rules)
    steps = 0
    while not state.is_over:
        narrator.flush(state)
        d = state.decision
        seat = d.seat
        assert seat is not None
        if seat in bots:
            state.apply(bots[seat].choose(state))
        else:
            oid = ask_human(game, state, seat, console, input_fn, save)
            if oid is None:
                narrator.flush(state)
                if save:
                    _write(save, state)
                    console.print(f"Game saved to {save}; continue it with: capes replay {save} --resume")
                else:
                    console.print("Game abandoned (use --save FILE to keep a game).")
                return state
            state.apply(oid)
        steps += 1
        if max_actions is not None and steps >= max_actions:
            break
    narrator.flush(state)
    res = state.result
    if res is not None:
        console.rule("Result")
        console.print(escape(res.summary or ", ".join(
            f"{game.seat_name(i)}: {o}" for i, o in enumerate(res.outcomes))), highlight=False)
        console.print("  ".join(f"{game.seat_name(i)} {o} ({s:g})" for i, (o, s) in
                                enumerate(zip(res.outcomes, res.scores, strict=True))), highlight=False)
    if save:
        _write(save, state)
        console.print(f"Saved to {save}")
    return state


def _write(path: Path, state: State) -> None:
    try:
        path.write_text(json.dumps(save_game(state), indent=1) + "\n", encoding="utf-8")
    except OSError as e:
        raise ReplayError(f"cannot write the save file {path}: {e.strerror}; choose a writable --save path") from None


def ask_human(game: Game, state: State, seat: int, console: Console, input_fn: Any, save: Path | None) -> str | None:
    """Show ``seat``'s picture and menu; return an option id, or None to quit."""
    d = state.decision
    console.rule(f"{game.seat_name(seat)} to decide")
    console.print(escape(game.render(state, seat)), highlight=False)
    console.print(f"[bold]{escape(d.prompt)}[/bold]")
    for i, o in enumerate(d.options, 1):
        console.print(f"  {i:>3}. {escape(o.label)}  [dim]{escape(o.id)}[/dim]", highlight=False)
    while True:
        try:
            raw = str(input_fn(f"{game.seat_name(seat)} choice [1-{len(d.options)}, id, or q to quit]: "))
        except (EOFError, KeyboardInterrupt):
            console.print("\n(input ended)")
            return None
        raw = raw.strip()
        if raw in ("q", "quit", "exit"):
            return None
        if raw.isdigit() and 1 <= int(raw) <= len(d.options):
            return d.options[int(raw) - 1].id
        if d.find(raw) is not None:
            return raw
        console.print(f"[red]error:[/red] {escape(repr(raw))} is not an option; type a number from 1 to "
                      f"{len(d.options)}, an option id, or q", highlight=False)
