"""What a player is asked (the protocol's :class:`Decision`) and what they may answer (its :class:`Option` s): small
immutable values built at every decision of every game. :mod:`capes.core.protocol` re-exports them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

JSON = Any

#: a label or prompt: the text itself, or a zero-argument callable that builds it on first read
Text = str | Callable[[], str]


class Option:
    """One legal choice: a stable id (used in saves and by bots) and a label for people.

    ``group`` (optional) names the heading a long menu files the option under (for example the
    hero a move belongs to), so that a person can pick the group first and then the option.

    Options are immutable values: equal (and hashing alike) when id, label and group are equal.
    ``label`` may be given as a zero-argument callable, called on the first read (bots and
    simulations read ids only, so the text is never built for them). The callable must depend only
    on values fixed when the option is made (``functools.partial(fmt, name, cost)``), never on a live
    state that later actions change: a label is a function of the state it describes.

    >>> o = Option("play:1", "Play card 1")
    >>> o, str(o), o == Option("play:1", "Play card 1"), o == Option("play:1", "Play card 1", "Hand")
    (Option(id='play:1', label='Play card 1', group=''), 'Play card 1', True, False)
    >>> from functools import partial
    >>> Option("play:2", partial("Play {} ({} energy)".format, "Web-Shooter", 1)).label
    'Play Web-Shooter (1 energy)'
    """

    # A plain slotted class, not a frozen dataclass: building options is the engines' most frequent
    # allocation, and a frozen dataclass's __init__ costs about three times a plain one (issue #14).
    __slots__ = ("id", "_label", "group")
    __match_args__ = ("id", "label", "group")

    def __init__(self, id: str, label: Text, group: str = "") -> None:
        # Plain slot stores: immutability is checked by mypy (Final), not guarded at run time, since
        # a __setattr__ guard would cost most of what leaving the dataclass saved.
        self.id: Final[str] = id
        self._label: Text = label
        self.group: Final[str] = group

    @property
    def label(self) -> str:
        t = self._label
        if isinstance(t, str):
            return t
        text = t()
        if not isinstance(text, str):
            raise TypeError(f"option {self.id!r}: its label callable returned {type(text).__name__}, not str")
        self._label = text
        return text

    def __str__(self) -> str:
        return self.label

    def __repr__(self) -> str:
        return f"Option(id={self.id!r}, label={self.label!r}, group={self.group!r})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Option)
        return self.id == other.id and self.group == other.group and self.label == other.label

    def __hash__(self) -> int:
        return hash((self.id, self.label, self.group))

    def __reduce__(self) -> tuple[type[Option], tuple[str, str, str]]:
        return self.__class__, (self.id, self.label, self.group)  # pickles and copies carry the text, not the callable


class Decision:
    """Who must decide what.

    ``seat`` is the seat to act now (``None`` when the game is over). For a secret
    simultaneous choice, ``seats`` lists every seat of the choice and ``secret`` is
    true: the engine collects one seat at a time and no seat's view shows another's
    pick until all are in. ``prompt``, like an option's label, may be given as a zero-argument
    callable of values fixed when the decision is made (built on first read).

    Decisions are immutable values, equal when every field is equal.

    >>> d = Decision(0, "Choose a card", (Option("play:1", "Play card 1"),), kind="play")
    >>> d.ids(), d.find("play:1"), d.find("nope"), d.is_terminal
    (['play:1'], Option(id='play:1', label='Play card 1', group=''), None, False)
    """

    # Slotted for the same reason as Option: one is built at every decision of every playout.
    __slots__ = ("seat", "_prompt", "options", "seats", "secret", "kind")
    __match_args__ = ("seat", "prompt", "options", "seats", "secret", "kind")

    def __init__(self, seat: int | None, prompt: Text, options: tuple[Option, ...], seats: tuple[int, ...] = (),
                 secret: bool = False, kind: str = "") -> None:
        self.seat: Final[int | None] = seat
        self._prompt: Text = prompt
        self.options: Final[tuple[Option, ...]] = options
        self.seats: Final[tuple[int, ...]] = seats
        self.secret: Final[bool] = secret
        self.kind: Final[str] = kind

    @property
    def prompt(self) -> str:
        t = self._prompt
        if isinstance(t, str):
            return t
        text = t()
        if not isinstance(text, str):
            raise TypeError(f"decision of seat {self.seat}: its prompt callable returned {type(text).__name__}, "
                            f"not str")
        self._prompt = text
        return text

    def _fields(self) -> tuple[object, ...]:
        return (self.seat, self.prompt, self.options, self.seats, self.secret, self.kind)

    def __repr__(self) -> str:
        return (f"Decision(seat={self.seat!r}, prompt={self.prompt!r}, options={self.options!r}, "
                f"seats={self.seats!r}, secret={self.secret!r}, kind={self.kind!r})")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Decision)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __reduce__(self) -> tuple[type[Decision], tuple[object, ...]]:
        return self.__class__, self._fields()

    @property
    def is_terminal(self) -> bool:
        return self.seat is None

    def ids(self) -> list[str]:
        return [o.id for o in self.options]

    def find(self, option_id: str) -> Option | None:
        for o in self.options:
            if o.id == option_id:
                return o
        return None

    def to_dict(self) -> dict[str, JSON]:
        return {
            "seat": self.seat,
            "seats": list(self.seats),
            "prompt": self.prompt,
            "secret": self.secret,
            "kind": self.kind,
            "options": [{"id": o.id, "label": o.label, "group": o.group} for o in self.options],
        }


GAME_OVER = Decision(seat=None, prompt="The game is over.", options=())
