"""Drive a terminal session with scripted input and capture what the screen showed."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from rich.console import Console

from capes.cli.play import Session
from capes.cli.seats import SeatKind
from capes.core.protocol import Game, State

CLEARED = "screen cleared"


class Script:
    """Answers prompts from a list (or a function of the prompt); EOF when the list runs out."""

    def __init__(self, answers: Iterable[str] | Callable[[str], str], out: io.StringIO) -> None:
        self.fn = answers if callable(answers) else None
        self.it = iter(()) if callable(answers) else iter(answers)
        self.out = out
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        self.out.write(prompt + "\n")
        if self.fn is not None:
            return self.fn(prompt)
        try:
            return next(self.it)
        except StopIteration:
            raise EOFError from None


def session(game: Game, state: State, seats: Sequence[str | SeatKind], answers: Iterable[str] | Callable[[str], str],
            save: Path | None = None) -> tuple[Session, io.StringIO, Script]:
    out = io.StringIO()
    script = Script(answers, out)
    s = Session(game, state, seats, Console(file=out, width=200, force_terminal=False), save, input_fn=script)
    return s, out, script
