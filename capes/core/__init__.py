"""capes core: the game protocol, RNG, dice and odds, rule citations, bots, contract checks."""

from capes.core.config import Param
from capes.core.errors import (
    CapesError,
    ConfigError,
    ContentError,
    EngineError,
    IllegalAction,
    ReplayError,
    UnknownGame,
)
from capes.core.protocol import GAME_OVER, ContentEntry, Decision, Event, Game, Option, Result, State
from capes.core.registry import load
from capes.core.rng import Rng

__all__ = [
    "GAME_OVER", "CapesError", "ConfigError", "ContentEntry", "ContentError", "Decision", "EngineError", "Event", "Game",
    "IllegalAction", "Option", "Param", "ReplayError", "Result", "Rng", "State", "UnknownGame", "load",
]
