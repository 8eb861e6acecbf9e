"""The protocol every capes game speaks.

A :class:`Game` is a validated configuration; ``game.new_game(seed)`` gives a
:class:`State`. A state always knows its :attr:`State.decision`: which seat must
choose, a prompt, and the legal :class:`Option` s (each with a stable string id and a
human label), or that the game is over. :meth:`State.apply` takes an option or its
id; anything else raises :class:`~capes.core.errors.IllegalAction` and leaves the
state exactly as it was.

Games subclass :class:`State` and implement the underscore hooks. A game state must
be plain data (ints, strs, tuples, lists, dicts and small slotted objects) so that
it can be cloned, saved and resampled at any decision: no generators, threads or
closures may hold game state.
"""

from __future__ import annotations

import json
import marshal
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from capes.core.decision import GAME_OVER, JSON, Decision, Option, Text
from capes.core.errors import EngineError, IllegalAction, ReplayError
from capes.core.jsontext import ListJson, encode, int_text
from capes.core.rng import Rng, rng_for

if TYPE_CHECKING:
    from capes.core.config import Param
    from capes.core.rules import RulesIndex

__all__ = ["GAME_OVER", "JSON", "ContentEntry", "Decision", "Event", "Game", "Option", "Result", "State", "Text",
           "parse_document", "replay_actions"]


_new_tuple = tuple.__new__
#: the ends of a sentence whose last word brought its own mark ("The Break-In!" + ".")
_DOUBLE_STOPS = frozenset(("!.", "?."))
_new_object = object.__new__


class Event(NamedTuple):
    """One log entry. ``rule`` is a rules-index id; ``only`` makes it private to one seat,
    in which case other seats see ``public`` (if any) instead of ``text``."""

    rule: str
    text: str
    only: int | None = None
    public: str | None = None

    def seen_by(self, seat: int | None) -> str | None:
        if self.only is None or self.only == seat:
            return self.text
        return self.public


@dataclass(frozen=True, slots=True)
class Result:
    """Per-seat outcomes (``"win"``, ``"loss"`` or ``"draw"``) and scores."""

    outcomes: tuple[str, ...]
    scores: tuple[float, ...]
    summary: str = ""
    #: game-specific figures for simulations (e.g. rounds played, stages cleared)
    stats: Mapping[str, float] = field(default_factory=dict)

    def reward(self, seat: int) -> float:
        """1 for a win, 0.5 for a draw, 0 for a loss: what search bots maximise."""
        o = self.outcomes[seat]
        return 1.0 if o == "win" else 0.5 if o == "draw" else 0.0

    def to_dict(self) -> dict[str, JSON]:
        return {"outcomes": list(self.outcomes), "scores": list(self.scores), "summary": self.summary,
                "stats": dict(self.stats)}


@dataclass(frozen=True)
class ContentEntry:
    """One content item a game ships, for ``capes content``."""

    kind: str
    id: str
    name: str
    source: str  # "rulebook" | "project" | "user" | "rules-reference"
    implemented: bool = True
    note: str = ""


class Game(ABC):
    """A configured game. Subclasses set the class attributes and implement the hooks."""

    id: ClassVar[str]
    name: ClassVar[str]
    summary: ClassVar[str] = ""
    #: A stated bound on the number of applied actions in one game (checked by the contract suite).
    max_actions: ClassVar[int] = 100_000
    #: The parameters :meth:`capes.load` accepts.
    params: ClassVar[Sequence[Param]] = ()
    #: A bound on the engine steps one ``apply`` (or setting up a new game) may run; an engine that
    #: calls :meth:`State._tick` once per step raises :class:`EngineError` past it instead of hanging.
    max_steps: ClassVar[int] = 50_000

    def __init__(self, **config: Any) -> None:
        from capes.core.config import validate

        self.config: dict[str, Any] = validate(self.id, self.params, config)
        self.setup()

    def setup(self) -> None:  # noqa: B027 - an optional hook, empty by default
        """Load content for this configuration (hook)."""

    # --- the protocol -------------------------------------------------------------
    @abstractmethod
    def new_game(self, seed: int = 0) -> State:
        """A fresh state ready for its first decision."""

    @property
    @abstractmethod
    def num_seats(self) -> int:
        """How many seats this configuration has."""

    def seat_name(self, seat: int) -> str:
        return f"Player {seat + 1}"

    @property
    def rules(self) -> RulesIndex:
        from capes.core.rules import RulesIndex

        return RulesIndex.for_game(self.id)

    def config_json(self) -> dict[str, JSON]:
        """The configuration as JSON-safe data (for saves); a function of ``config`` alone."""
        return {k: (list(v) if isinstance(v, tuple) else v) for k, v in self.config.items()}

    #: the marshal bytes of ``config`` and the text :meth:`_save_header` made of it
    _header_memo: tuple[bytes, str] | None = None

    def _save_header(self) -> str:
        """``"config":…,"game":…`` as :meth:`State.to_json` writes it, made again only when ``config`` changed.

        The key is ``config``'s marshal bytes: equal bytes are equal values of the same types (1, 1.0 and True differ
        there, not under ==), so equal text; ~1 µs against ~6 µs to encode it again at every save."""
        try:
            key = marshal.dumps(self.config, 2)  # version 2: no back-references, whose use follows refcounts
        except ValueError:  # a value marshal cannot write (an object of the game's own class): no memo
            return f'"config":{encode(self.config_json())},"game":{encode(self.id)}'
        memo = self._header_memo
        if memo is None or memo[0] != key:
            memo = self._header_memo = (key, f'"config":{encode(self.config_json())},"game":{encode(self.id)}')
        return memo[1]

    def from_json(self, data: str | Mapping[str, JSON]) -> State:
        """Rebuild a state saved with :meth:`State.to_json` (an exact round trip)."""
        doc = parse_document(data, "a state file (a JSON object)")
        if doc.get("game") != self.id:
            raise ReplayError(f"state file is for game {doc.get('game')!r}, not {self.id!r}")
        if doc.get("config") != self.config_json():
            raise ReplayError("state file config differs from this game's config; load it with capes.load_state")
        state = self._blank_state()
        state.seed = int(doc["seed"])
        state.rng = rng_for(state.seed)  # the seed names the generator (and keys the keyed one)
        state.rng.state = int(doc["rng"])
        state.actions = [str(a) for a in doc["actions"]]
        state.log = [Event(e[0], e[1], e[2], e[3]) for e in doc["log"]]
        state._load(doc["state"])
        return state

    def _blank_state(self) -> State:
        """An uninitialised state object of this game's class, for :meth:`from_json`."""
        st = self.state_class.__new__(self.state_class)
        st.game = self
        st._decision = None
        return st

    state_class: ClassVar[type[State]]

    # --- optional hooks for tools ------------------------------------------------
    def bots(self) -> Mapping[str, Any]:
        """Game-specific bots by name: ``name -> callable(game, seat, **opts) -> Bot``."""
        return {}

    def rollout_policy(self, state: State, rng: Rng) -> str:
        """The option id a rollout takes (ISMCTS); default uniform random."""
        opts = state.decision.options
        return opts[rng.randbelow(len(opts))].id

    def evaluate(self, state: State, seat: int) -> float:
        """Heuristic value in [0, 1] of a non-terminal state for ``seat`` (ISMCTS cut-off)."""
        return 0.5

    def render(self, state: State, seat: int | None) -> str:
        """A text picture of what ``seat`` sees (the CLI shows it before a decision)."""
        return json.dumps(state.view(seat), indent=1)[:4000]

    def web_view(self, view: dict[str, JSON], seat: int | None) -> str | Sequence[str] | None:
        """The table drawn for the browser from ``view`` (= ``state.view(seat)``) alone: an HTML fragment
        (inline SVG welcome), every text escaped by the game. An element with ``data-option="<id>"`` is
        a choice the page sends when clicked (when that id is among the seat's options). ``None``: the
        page shows the text render instead.

        The fragment may come in pieces, a list of strings whose concatenation is the drawing (a piece
        needs not be whole HTML): a page is then sent only the pieces it does not hold yet. Pieces that
        are the same strings from drawing to drawing (a game's memoized fragments) cost the server least."""
        return None

    def glossary(self, state: State, seat: int | None) -> dict[str, str]:
        """The text of every card, skill, villain, location… that ``seat`` can see now, by the name
        shown to players (card rules in the project's own words). Never anything hidden from ``seat``."""
        return {}

    def content(self) -> list[ContentEntry]:
        """Every content entry this game ships, with its source and implementation status."""
        return []

    def sim_stats(self, state: State) -> dict[str, float]:
        """Game-specific figures of a finished game for simulations (rounds played, stages cleared…)."""
        return {}


def parse_document(data: str | Mapping[str, JSON], what: str = "a JSON object") -> dict[str, JSON]:
    """A JSON object from text or a mapping; anything else raises a one-line ReplayError."""
    if isinstance(data, str):
        try:
            doc = json.loads(data)
        except json.JSONDecodeError as e:
            raise ReplayError(f"not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    else:
        doc = dict(data)
    if not isinstance(doc, dict):
        raise ReplayError(f"expected {what}")
    return doc


class State(ABC):
    """A game in progress. See the module docstring for the rules games follow."""

    game: Game
    seed: int
    rng: Rng
    actions: list[str]
    log: list[Event]
    _decision: Decision | None
    #: engine steps run since the current ``apply`` began (see :meth:`_tick`)
    _ticks: int = 0
    #: the JSON text of ``actions`` and ``log`` as last saved (see :meth:`to_json`)
    _actions_json: ListJson | None = None
    _log_json: ListJson | None = None

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.rng = rng_for(seed)
        self.actions = []
        self.log = []
        self._decision = None

    # --- hooks games implement -----------------------------------------------------
    @abstractmethod
    def _compute_decision(self) -> Decision:
        """The current decision (called once per state change; cached)."""

    @abstractmethod
    def _do(self, option_id: str) -> None:
        """Apply a legal option id and advance the game to its next decision."""

    @abstractmethod
    def _view(self, seat: int | None) -> dict[str, JSON]:
        """Everything ``seat`` may know (``None``: a spectator) as JSON-safe data."""

    @abstractmethod
    def _dump(self) -> JSON:
        """The game-specific part of the state as JSON-safe data."""

    @abstractmethod
    def _load(self, data: JSON) -> None:
        """Inverse of :meth:`_dump` (exact)."""

    @abstractmethod
    def _copy_into(self, other: State) -> None:
        """Copy the game-specific fields into ``other`` (deep where mutable)."""

    @abstractmethod
    def _result(self) -> Result | None:
        """The result when the game is over, else ``None``."""

    def _tick(self, step: str) -> None:
        """Count one engine step of the current action; past ``game.max_steps`` raise EngineError.

        Engines call this once per step of their run loop (and in any search/repeat loop), so that
        no ``apply`` can loop forever: it ends with a one-line error naming the step."""
        self._ticks += 1
        if self._ticks > self.game.max_steps:
            self._ticks = 0
            raise EngineError(f"{self.game.id}: one action ran more than {self.game.max_steps} engine steps "
                              f"(last step: {step}); this is an engine bug, please report it with the save")

    def _resample(self, seat: int, rng: Rng) -> None:  # noqa: B027 - optional: nothing hidden by default
        """Redeal, in place, everything ``seat`` cannot see (default: nothing is hidden)."""

    # --- the public protocol --------------------------------------------------------
    @property
    def decision(self) -> Decision:
        d = self._decision
        if d is None:
            d = self._decision = self._compute_decision()
        return d

    @property
    def is_over(self) -> bool:
        d = self._decision  # the decision property, inlined: playout loops ask this before every action
        if d is None:
            d = self._decision = self._compute_decision()
        return d.seat is None

    @property
    def result(self) -> Result | None:
        return self._result()

    def legal_ids(self) -> list[str]:
        return self.decision.ids()

    def apply(self, option: Option | str) -> None:
        """Apply a legal option (or its id). Illegal input raises and changes nothing."""
        oid = option.id if isinstance(option, Option) else option
        d = self._decision  # the decision property, inlined (once per action of every playout)
        if d is None:
            d = self._decision = self._compute_decision()
        if not isinstance(oid, str) or d.find(oid) is None:
            raise IllegalAction(_illegal_message(oid, d))
        self._decision = None
        self._ticks = 0
        self._do(oid)
        self.actions.append(oid)

    def emit(self, rule: str, text: str, only: int | None = None, public: str | None = None) -> None:
        """Log an event citing a rules-index id. A sentence that ends with a name bringing its own mark ("... placed
        on The Break-In!.") loses the full stop (:func:`capes.core.words.sentence`)."""
        try:  # one character looked at (a log line is a sentence; a try costs nothing in 3.11 until it catches)
            if text[-2] in "!?" and text[-1] == ".":
                text = text[:-1]
        except IndexError:
            pass
        if public is not None and public[-2:] in _DOUBLE_STOPS:
            public = public[:-1]
        # tuple.__new__ is what Event(...) does, without the NamedTuple's Python-level __new__ (half the cost)
        self.log.append(_new_tuple(Event, (rule, text, only, public)))

    def visible_log(self, seat: int | None, start: int = 0) -> list[tuple[str, str]]:
        """``(rule, text)`` of each log event from ``start`` that ``seat`` may see."""
        out = []
        for e in self.log[start:]:
            t = e.seen_by(seat)
            if t is not None:
                out.append((e.rule, t))
        return out

    def view(self, seat: int | None) -> dict[str, JSON]:
        """A JSON-safe dict of everything ``seat`` may know (``None`` for a spectator)."""
        v = self._view(seat)
        v["decision"] = self._decision_view(seat)
        return v

    def views(self, seats: Iterable[int | None]) -> dict[int | None, dict[str, JSON]]:
        """``{seat: self.view(seat)}`` for several seats at once. A game may build what the views have in common
        once (``_views``), so the views may share objects: treat them as read-only."""
        out = self._views(list(seats))
        for s, v in out.items():
            v["decision"] = self._decision_view(s)
        return out

    def _views(self, seats: list[int | None]) -> dict[int | None, dict[str, JSON]]:
        return {s: self._view(s) for s in seats}

    def _decision_view(self, seat: int | None) -> dict[str, JSON]:
        d = self.decision
        if d.seat is None:
            return {"over": True}
        mine = seat is not None and d.seat == seat
        return {
            "seat": d.seat,
            "seats": list(d.seats),
            "prompt": d.prompt if mine or not d.secret else "",
            "options": [o.id for o in d.options] if mine else [],
        }

    def clone(self) -> State:
        # object.__new__ and Rng.copy inlined (no State subclass defines __new__): ~0.3 µs of a clone (issue #14)
        other = _new_object(self.__class__)
        other.game = self.game
        other.seed = self.seed
        mine = self.rng
        if mine.__class__ is Rng:
            other.rng = rng = _new_object(Rng)
            rng.state = mine.state
        else:  # the keyed generator of a server table
            other.rng = mine.copy()
        other.actions = self.actions.copy()
        other.log = self.log.copy()
        other._decision = self._decision
        other._actions_json = self._actions_json
        other._log_json = self._log_json
        self._copy_into(other)
        return other

    def to_json(self) -> str:
        """The whole state as JSON; ``game.from_json`` restores it exactly.

        The text is ``json.dumps`` of ``{"actions", "config", "game", "log", "rng", "seed", "state"}`` with sorted
        keys and no spaces. The actions and the log only grow, so their text is kept and extended by what was added
        since the last save (a list changed in any other way is encoded afresh): saving after every action costs
        the new entries, not the whole game."""
        self._actions_json = actions = ListJson.extend(self._actions_json, self.actions, encode)
        self._log_json = log = ListJson.extend(self._log_json, self.log, encode)  # an Event is written as a list
        return (f'{{"actions":{actions.head}],{self.game._save_header()},"log":{log.head}],'
                f'"rng":{int_text(self.rng.state)},"seed":{int_text(self.seed)},"state":{self._dump_json()}}}')

    def _dump_json(self) -> str:
        """The JSON text of :meth:`_dump` as :meth:`to_json` writes it (sorted keys, no spaces). A hook: a game may
        write the same text faster (for example reusing the text of parts it knows unchanged since its last save)."""
        return encode(self._dump())

    def resample(self, seat: int, rng: Rng) -> State:
        """A full state consistent with ``seat``'s view, for determinized search.

        The copy's own RNG is also reseeded, so future chance events are unknown too.
        """
        other = self.clone()
        other._resample(seat, rng)
        other.rng = rng.fork()
        other._decision = None
        return other

    def __repr__(self) -> str:
        d = self.decision
        return f"<{self.game.id} state: {len(self.actions)} actions, seat {d.seat} to {d.prompt!r}>"


def _illegal_message(oid: object, d: Decision) -> str:
    if d.seat is None:
        return f"no action is legal: the game is over (got {oid!r})"
    ids = d.ids()
    shown = ", ".join(ids[:8]) + (f", … ({len(ids)} in all)" if len(ids) > 8 else "")
    return f"{oid!r} is not a legal option for seat {d.seat} ({d.prompt}); legal: {shown}"


def replay_actions(state: State, actions: Iterable[str]) -> State:
    """Apply ``actions`` in order; a failure says at which action and why."""
    for i, a in enumerate(actions):
        try:
            state.apply(a)
        except IllegalAction as e:
            raise ReplayError(f"action #{i + 1} {a!r} cannot be replayed: {e}") from None
    return state
