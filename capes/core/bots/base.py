"""The bot interface, the random bot and the bot factory."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from capes.core.errors import ConfigError
from capes.core.rng import Rng

if TYPE_CHECKING:
    from capes.core.protocol import Game, State


class Bot(Protocol):
    """Chooses an option id for ``state.decision`` when it is this bot's seat."""

    name: str
    seat: int

    def choose(self, state: State) -> str: ...


class RandomBot:
    """Picks uniformly among the legal options."""

    name = "random"

    def __init__(self, game: Game, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.rng = Rng(seed * 7919 + seat)

    def choose(self, state: State) -> str:
        opts = state.decision.options
        return opts[self.rng.randbelow(len(opts))].id


CORE_BOTS = ("random", "ismcts")


def bot_names(game: Game) -> list[str]:
    return [*CORE_BOTS, *game.bots()]


def make_bot(name: str, game: Game, seat: int, seed: int = 0, **opts: Any) -> Bot:
    """Build bot ``name`` (``random``, ``ismcts`` or a game's own) for ``seat``."""
    from capes.core.bots.ismcts import ISMCTSBot

    if name == "random":
        return RandomBot(game, seat, seed)
    if name == "ismcts":
        return ISMCTSBot(game, seat, seed=seed, **opts)
    extra = game.bots()
    if name in extra:
        bot: Bot = extra[name](game, seat, seed=seed, **opts)
        return bot
    raise ConfigError(f"unknown bot {name!r} for {game.id}; choose one of: {', '.join(bot_names(game))}")
