"""What the three adapters share: loading a configuration with its catalogue, the reward of a finished game."""

from __future__ import annotations

import json
from typing import Any

from capes.core.errors import ConfigError
from capes.core.protocol import Game, Result
from capes.core.registry import game_ids, load
from capes.rl.catalogue import DEFAULT_GAMES, DEFAULT_SLOTS, Catalogue, catalogue_for


def load_with_catalogue(game: str | Game, catalogue: Catalogue | str | None = None, catalogue_games: int = DEFAULT_GAMES,
                        slots: int = DEFAULT_SLOTS, **config: Any) -> tuple[Game, Catalogue]:
    """``capes.load(game, **config)`` and its action catalogue (``catalogue``: one made before, or its JSON)."""
    if isinstance(game, str):
        if game not in game_ids():
            raise ConfigError(f"unknown game {game!r}; choose one of: {', '.join(game_ids())}")
        g = load(game, **config)
    else:
        if config:
            raise ConfigError("pass either a loaded game or a game id with its configuration, not both")
        g = game
    if catalogue is None:
        cat = catalogue_for(g, catalogue_games, slots)
    else:
        cat = Catalogue.from_json(catalogue) if isinstance(catalogue, str) else catalogue
        if cat.game_id != g.id or json.dumps(cat.config, sort_keys=True) != json.dumps(g.config_json(),
                                                                                    sort_keys=True):
            raise ConfigError(f"the catalogue given is for {cat.game_id} {cat.config}, not {g.id} {g.config_json()}")
    return g, cat


def reward(result: Result | None, seat: int) -> float:
    """+1 for a win, 0 for a draw, -1 for a loss (0 while the game goes on)."""
    if result is None:
        return 0.0
    return 2.0 * result.reward(seat) - 1.0
