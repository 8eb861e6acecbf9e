"""Seat kinds: a human at the terminal, or a named bot with its settings (saved with the game)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from capes.core.bots.base import Bot, bot_names, make_bot
from capes.core.config import quote
from capes.core.errors import ConfigError, ReplayError
from capes.core.protocol import Game

HUMAN = "human"


@dataclass(frozen=True)
class SeatKind:
    """``human``, or a bot name with settings (``ismcts:iterations=400``)."""

    kind: str
    settings: Mapping[str, Any] = field(default_factory=dict)

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    def __str__(self) -> str:
        if not self.settings:
            return self.kind
        return self.kind + ":" + ",".join(f"{k}={v}" for k, v in self.settings.items())

    def to_json(self) -> dict[str, Any]:
        if self.is_human:
            return {"kind": HUMAN}
        return {"kind": "bot", "bot": self.kind, "settings": dict(self.settings)}

    @staticmethod
    def from_json(doc: Mapping[str, Any], game: Game) -> SeatKind:
        if doc.get("kind") == HUMAN:
            return SeatKind(HUMAN)
        name, settings = doc.get("bot"), doc.get("settings", {})
        if doc.get("kind") != "bot" or not isinstance(name, str) or not isinstance(settings, dict):
            raise ReplayError(f"saved seat {quote(dict(doc))} is not {{\"kind\": \"human\"}} or "
                              f"{{\"kind\": \"bot\", \"bot\": NAME, \"settings\": {{}}}}")
        if name not in bot_names(game):
            raise ReplayError(f"saved seat names bot {quote(name)}, which this capes lacks; "
                              f"override it with --seat N=KIND ({', '.join([HUMAN, *bot_names(game)])})")
        for k, v in settings.items():
            if not isinstance(v, int | float | str | None) or isinstance(v, str) and len(v) > 100:
                raise ReplayError(f"saved seat setting {quote(k)} has a bad value {quote(v)}")
        return SeatKind(name, dict(settings))

    def make(self, game: Game, seat: int, seed: int) -> Bot:
        """The bot of this seat kind (a ConfigError when its settings are not allowed)."""
        try:
            return make_bot(self.kind, game, seat, seed=seed, **self.settings)
        except TypeError:
            raise ConfigError(f"bot {self.kind} takes no settings (got {str(self)!r})") from None


def _value(text: str) -> Any:
    t = text.strip()
    if t.lower() == "none":
        return None
    for conv in (int, float):
        try:
            return conv(t)
        except ValueError:
            pass
    return t


def parse_kind(game: Game, text: str) -> SeatKind:
    """``human``, ``random``, ``ismcts:iterations=400,time_limit=2`` … checked against the game's bots."""
    allowed = [HUMAN, *bot_names(game)]
    name, _, rest = text.partition(":")
    name = name.strip()
    if name not in allowed:
        raise ConfigError(f"unknown seat kind {quote(name)}; choose one of {', '.join(allowed)}")
    settings: dict[str, Any] = {}
    if rest.strip():
        if name == HUMAN:
            raise ConfigError("a human seat takes no settings")
        for pair in rest.split(","):
            k, eq, v = pair.partition("=")
            if not eq or not k.strip():
                raise ConfigError(f"bot settings are KEY=VALUE separated by commas, e.g. ismcts:iterations=400 "
                                  f"(got {quote(rest)})")
            settings[k.strip()] = _value(v)
    kind = SeatKind(name, settings)
    if not kind.is_human:
        kind.make(game, 0, 0)  # fails now on unknown settings, not mid-game
    if isinstance(settings.get("iterations"), int) and not 1 <= settings["iterations"] <= 1_000_000:
        raise ConfigError(f"iterations must be from 1 to 1,000,000 (got {settings['iterations']})")
    return kind


def parse_seats(game: Game, specs: Sequence[str], default: str | Sequence[SeatKind]) -> list[SeatKind]:
    """``["1=human", "2=random"]`` → one :class:`SeatKind` per seat (1-based seat numbers)."""
    if isinstance(default, str):
        seats = [parse_kind(game, default)] * game.num_seats
    else:
        seats = list(default)
    for spec in specs:
        if "=" not in spec:
            raise ConfigError(f"--seat expects N=KIND, for example 1=human (got {quote(spec)})")
        n, _, kind = spec.partition("=")
        try:
            i = int(n) - 1
        except ValueError:
            raise ConfigError(f"--seat number must be 1..{game.num_seats} (got {quote(n)})") from None
        if not 0 <= i < game.num_seats:
            raise ConfigError(f"--seat number must be 1..{game.num_seats} for this config (got {quote(n)})")
        try:
            seats[i] = parse_kind(game, kind)
        except ConfigError as e:
            raise ConfigError(f"--seat {n}: {e}") from None
    return seats


def describe(game: Game, seats: Sequence[SeatKind]) -> str:
    """``Player 1 = human, Player 2 = ismcts:iterations=400``."""
    return ", ".join(f"{game.seat_name(i)} = {k}" for i, k in enumerate(seats))
