"""Saved games: game id, config, seed, actions and capes version, replayed exactly.

>>> # doc = save_game(state); state2 = replay(doc)  → identical state
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from capes.core.errors import CapesError, ReplayError
from capes.core.protocol import State, parse_document, replay_actions
from capes.core.registry import load

FORMAT = "capes-replay/1"


def _version() -> str:
    from capes import __version__

    return __version__


def save_game(state: State) -> dict[str, Any]:
    """The replay document of ``state`` (JSON-safe)."""
    return {
        "format": FORMAT,
        "capes": _version(),
        "game": state.game.id,
        "config": state.game.config_json(),
        "seed": state.seed,
        "actions": list(state.actions),
    }


def replay(data: str | Mapping[str, Any]) -> State:
    """Rebuild a saved game by replaying its actions; errors say which action failed and why."""
    doc = parse_document(data, "a saved game: a JSON object with game, config, seed and actions")
    for key, typ in (("game", str), ("config", dict), ("seed", int), ("actions", list)):
        if not isinstance(doc.get(key), typ):
            raise ReplayError(f"saved game lacks '{key}' ({typ.__name__}); expected keys: game, config, seed, actions")
    try:
        game = load(doc["game"], **doc["config"])
    except CapesError as e:
        raise ReplayError(f"saved game cannot be set up: {e}") from None
    state = game.new_game(doc["seed"])
    return replay_actions(state, [str(a) for a in doc["actions"]])


def load_state(data: str | Mapping[str, Any]) -> State:
    """Load a full state snapshot written by ``State.to_json`` (no replay needed)."""
    doc = parse_document(data, "a state file (a JSON object)")
    if not isinstance(doc.get("game"), str) or not isinstance(doc.get("config"), dict):
        raise ReplayError("a state file needs 'game' and 'config'")
    try:
        game = load(doc["game"], **doc["config"])
    except CapesError as e:
        raise ReplayError(f"state file cannot be set up: {e}") from None
    try:
        return game.from_json(doc)
    except (KeyError, TypeError, ValueError, IndexError) as e:
        raise ReplayError(f"state file is malformed: {type(e).__name__}: {e}") from None
