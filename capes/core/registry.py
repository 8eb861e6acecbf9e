"""The registered games and :func:`load`."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from capes.core.errors import UnknownGame
from capes.core.protocol import Game

#: the games capes ships
BUILTIN: tuple[str, ...] = ("champions", "alliances", "heroes")

#: game id -> "module:Class". Tests may register extra games.
GAMES: dict[str, str] = {
    "champions": "capes.games.champions.game:ChampionsGame",
    "alliances": "capes.games.alliances.game:AlliancesGame",
    "heroes": "capes.games.heroes.game:HeroesGame",
}


#: game id -> "module:function" returning the game's command-line extras, ``{"odds": command}``: a command is a
#: function whose annotated parameters are its options (typer reads them), registered as ``capes odds GAME``.
#: The CLI finds a game's commands here and never imports a game module by name.
CLI: dict[str, str] = {
    "alliances": "capes.games.alliances.cli:commands",
    "heroes": "capes.games.heroes.cli:commands",
}


def cli_extras() -> dict[str, dict[str, Callable[..., Any]]]:
    """Every installed game's command-line extras, by game id (a game whose module is missing is left out)."""
    out: dict[str, dict[str, Callable[..., Any]]] = {}
    for gid, target in CLI.items():
        mod, _, fn = target.partition(":")
        try:
            factory = getattr(importlib.import_module(mod), fn)
        except (ImportError, AttributeError):
            continue
        out[gid] = dict(factory())
    return out


def register(game_id: str, target: str | type[Game]) -> None:
    """Register a game class (or its ``module:Class`` path) under ``game_id``."""
    if isinstance(target, str):
        GAMES[game_id] = target
    else:
        _CLASSES[game_id] = target
        GAMES[game_id] = f"{target.__module__}:{target.__qualname__}"


_CLASSES: dict[str, type[Game]] = {}


def game_ids() -> list[str]:
    return [g for g in GAMES if available(g)]


def available(game_id: str) -> bool:
    try:
        game_class(game_id)
    except (ImportError, AttributeError):
        return False
    return True


def game_class(game_id: str) -> type[Game]:
    if game_id in _CLASSES:
        return _CLASSES[game_id]
    if game_id not in GAMES:
        raise UnknownGame(f"unknown game {game_id!r}; known games: {', '.join(GAMES)}")
    mod, _, cls = GAMES[game_id].partition(":")
    klass: type[Game] = getattr(importlib.import_module(mod), cls)
    _CLASSES[game_id] = klass
    return klass


def load(game_id: str, **config: Any) -> Game:
    """A configured game. Unknown ids and bad config raise :class:`ConfigError`."""
    try:
        klass = game_class(game_id)
    except (ImportError, AttributeError):
        raise UnknownGame(f"game {game_id!r} is registered but not installed in this build") from None
    return klass(**config)
