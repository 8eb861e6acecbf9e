"""capes: exact rules engines, bots, odds and simulation for Marvel tabletop games.

>>> import capes
>>> sorted(capes.core.registry.GAMES)
['alliances', 'champions', 'heroes']
"""

from capes import core
from capes.core import (
    ConfigError,
    Decision,
    Game,
    IllegalAction,
    Option,
    ReplayError,
    Result,
    State,
    load,
)
from capes.core.replay import load_state, replay
from capes.core.version import __version__

__all__ = [
    "ConfigError", "Decision", "Game", "IllegalAction", "Option", "ReplayError", "Result", "State",
    "__version__", "core", "load", "load_state", "replay",
]
