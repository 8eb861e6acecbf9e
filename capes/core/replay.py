"""Saved games: game id, config, seed, seat kinds, actions and capes version, replayed exactly.

>>> # doc = save_game(state); state2 = replay(doc)  → identical state

Everything read from a file is bounded: at most :data:`MAX_SAVE_BYTES` bytes, UTF-8 only, no
nesting deeper than :data:`MAX_DEPTH`, no action longer than :data:`MAX_ACTION_CHARS`; errors quote
at most a few dozen characters of the input (:func:`quote`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from typing import Any

from capes.core.config import FileProblem, quote, read_text_bounded
from capes.core.errors import CapesError, ReplayError
from capes.core.protocol import State, parse_document, replay_actions
from capes.core.registry import load
from capes.core.rng import KEYED, KEYED_LIMIT, SPLITMIX64, generator_of

FORMAT = "capes-replay/1"
#: the largest save file read (a game of 100,000 actions is about 4 MB)
MAX_SAVE_BYTES = 16 * 1024 * 1024
#: the deepest JSON nesting a save may have (a save needs 3)
MAX_DEPTH = 32
#: the longest option id a save may hold
MAX_ACTION_CHARS = 200


def _version() -> str:
    from capes.core.version import __version__

    return __version__


def save_game(state: State, seats: Sequence[Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """The replay document of ``state`` (JSON-safe); ``seats`` records each seat's kind
    (``{"kind": "human"}`` or ``{"kind": "bot", "bot": NAME, "settings": {...}}``)."""
    doc: dict[str, Any] = {
        "format": FORMAT,
        "capes": _version(),
        "game": state.game.id,
        "config": state.game.config_json(),
        "seed": state.seed,
    }
    if generator_of(state.seed) != SPLITMIX64:  # a save without "rng" is SplitMix64 (every save before issue 42)
        doc["rng"] = generator_of(state.seed)
    if seats is not None:
        doc["seats"] = [dict(s) for s in seats]
    doc["actions"] = list(state.actions)
    return doc


def read_text_file(path: str | os.PathLike[str], what: str, limit: int = MAX_SAVE_BYTES) -> str:
    """The UTF-8 text of a regular file of at most ``limit`` bytes; anything else is a one-line error."""
    name = f"{what} {quote(str(path))}"
    try:
        return read_text_bounded(path, limit)
    except FileProblem as e:
        raise ReplayError({
            "unreadable": f"cannot read {name}: {e.detail}",
            "directory": f"{name} is a directory; give a file",
            "special": f"{name} is not a regular file (a device or pipe); give a file",
            "too_large": f"{name} is larger than {e.detail}; not a file capes wrote",
            "not_utf8": f"{name} is not UTF-8 text (byte {e.detail}); not a file capes wrote",
        }[e.kind]) from None


def _depth_ok(text: str, limit: int = MAX_DEPTH) -> bool:
    """True when brackets outside strings never nest deeper than ``limit`` (cheap, linear)."""
    depth = 0
    in_str = esc = False
    for ch in text:
        if in_str:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return False
        elif ch in "]}":
            depth -= 1
    return True


def parse_save(data: str | Mapping[str, Any]) -> dict[str, Any]:
    """A checked save document: a JSON object with game, config, seed and actions."""
    if isinstance(data, str):
        if len(data) > MAX_SAVE_BYTES:
            raise ReplayError(f"a saved game is at most {MAX_SAVE_BYTES // (1024 * 1024)} MB")
        if "\x00" in data:
            raise ReplayError("not a saved game: the text holds NUL bytes")
        if not _depth_ok(data):
            raise ReplayError(f"not a saved game: JSON nested deeper than {MAX_DEPTH} levels")
        try:
            doc = parse_document(data, "a saved game: a JSON object with game, config, seed and actions")
        except (ValueError, RecursionError) as e:  # e.g. an integer of more than 4,300 digits
            if isinstance(e, ReplayError):
                raise
            raise ReplayError(f"not valid JSON: {quote(str(e), 60)}") from None
    else:
        doc = parse_document(data, "a saved game: a JSON object with game, config, seed and actions")
    fmt = doc.get("format", FORMAT)
    if fmt != FORMAT:
        raise ReplayError(f"unknown save format {quote(fmt)}; this capes reads {FORMAT} (saved by a newer capes?)")
    for key, typ in (("game", str), ("config", dict), ("seed", int), ("actions", list)):
        if not isinstance(doc.get(key), typ) or isinstance(doc.get(key), bool):
            raise ReplayError(f"saved game lacks '{key}' ({typ.__name__}); expected keys: game, config, seed, actions")
    if not 0 <= doc["seed"] < KEYED_LIMIT:
        raise ReplayError(f"saved game seed must be from 0 to 2**512-1 (got a {doc['seed'].bit_length()}-bit number)")
    named = doc.get("rng", SPLITMIX64)
    if named != generator_of(doc["seed"]):
        raise ReplayError(f"saved game names generator {quote(named)} but its seed is one of "
                          f"{generator_of(doc['seed'])} (seeds below 2**64: {SPLITMIX64}; from 2**64: {KEYED})")
    for i, a in enumerate(doc["actions"]):
        if not isinstance(a, str):
            raise ReplayError(f"action #{i + 1} is not a string (got {quote(a)})")
        if len(a) > MAX_ACTION_CHARS:
            raise ReplayError(f"action #{i + 1} {quote(a)} is longer than {MAX_ACTION_CHARS} characters; "
                              f"no option id is")
    seats = doc.get("seats")
    if seats is not None and (not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats)):
        raise ReplayError("saved game 'seats' must be a list of objects like {\"kind\": \"human\"}")
    return doc


def version_warning(doc: Mapping[str, Any]) -> str | None:
    """A one-line warning when the save names a capes version other than this one (or none)."""
    v = doc.get("capes")
    if v == _version():
        return None
    if not isinstance(v, str):
        return f"the save does not say which capes wrote it; replaying it with capes {_version()}"
    return (f"the save was written by capes {quote(v, 20)}, this is capes {_version()}; "
            f"if it does not replay, use that version")


def replay(data: str | Mapping[str, Any]) -> State:
    """Rebuild a saved game by replaying its actions; errors say which action failed and why."""
    doc = parse_save(data)
    try:
        game = load(doc["game"], **doc["config"])
    except CapesError as e:
        raise ReplayError(f"saved game cannot be set up: {e}") from None
    except TypeError:  # a config key that is not a valid Python keyword
        raise ReplayError("saved game config keys must be strings naming the game's options") from None
    state = game.new_game(doc["seed"])
    return replay_actions(state, doc["actions"])


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


def dumps(doc: Mapping[str, Any]) -> str:
    """The save document as the text capes writes."""
    return json.dumps(doc, indent=1) + "\n"
