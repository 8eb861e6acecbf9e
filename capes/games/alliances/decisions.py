"""The engine's three dispatch tables and how chapters fill them.

- ``FRAMES[name](state, *args)`` runs a rule step (a frame ``(name, *args)`` popped from ``state.stack``);
  the state's ``_f_<name>`` methods are registered by engine.py, module-level steps with ``@frame``.
- ``DECIDERS[kind](state)`` turns the open question ``state.pending = (kind, seat, *data)`` into a Decision;
  ``ANSWERS[kind](state, option_id, pending)`` applies the answer (pushing frames). Each chapter module
  declares the questions it asks with ``@decider``/``@answer``, next to the rule that asks them.
- ``INTERACT_DO[stage_script](state, ci, parts)`` applies a Stage's Interact (stages.py fills it).
- ``kept`` reuses the Options of frequent questions across menus and states (per Game, bounded).

This module imports no chapter, so every chapter can import it (no cycles).
"""

from __future__ import annotations

from typing import Any, TypeVar

from capes.core.protocol import Decision, Option
from capes.games.alliances.state import StateData

FRAMES: dict[str, Any] = {}
DECIDERS: dict[str, Any] = {}
ANSWERS: dict[str, Any] = {}
INTERACT_DO: dict[str, Any] = {}


def frame(name: str) -> Any:
    """Register a module-level function as the rule step ``name``."""
    def wrap(f: Any) -> Any:
        FRAMES[name] = f
        return f
    return wrap


def decider(kind: str) -> Any:
    """Register how the question ``kind`` is shown as a Decision."""
    def wrap(f: Any) -> Any:
        DECIDERS[kind] = f
        return f
    return wrap


def answer(kind: str) -> Any:
    """Register how an answer to the question ``kind`` continues the game."""
    def wrap(f: Any) -> Any:
        ANSWERS[kind] = f
        return f
    return wrap


#: how many Options a Game keeps in ``game.menus`` before it empties it (see ``kept``)
MENU_LIMIT = 4096


_Kept = TypeVar("_Kept")


def kept(menus: dict[Any, Any], key: Any, option: _Kept) -> _Kept:
    """Keep ``option`` (an Option, a tuple of them: a whole menu, or a dict of them by a Space) in a Game's ``menus``
    under ``key``, which must hold every value its ids, labels and groups are made from but the dict's own key (the
    Game fixes the content and squad): the next menu with the same key reuses it (an Option is an immutable value).
    Emptied when full, so it stays bounded whatever the number of games (a dict holds at most a board's Spaces)."""
    if len(menus) >= MENU_LIMIT:
        menus.clear()
    menus[key] = option
    return option


def question(st: StateData, prompt: str, opts: list[Option] | tuple[Option, ...], kind: str) -> Decision:
    """The Decision for the open question: its seat, a prompt and the options."""
    return Decision(st.pending[1], prompt, tuple(opts), (), False, kind)  # type: ignore[index]  (positional: cheaper)
