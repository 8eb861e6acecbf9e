"""The rules stack's vocabulary: constants, the step and question registries, event records.

Pending rules are an explicit stack of plain tuples on ``state.stack`` (saved and cloned as data). A frame is
``(name, *args)``: ``name`` is either a *step* (:data:`STEPS`, run at once) or a *question* (:data:`ASKS`, a
decision for one seat). Chapter modules register their steps with ``@step(name)`` and their questions with
``ASKS[name] = (build, do)``; the run loop is :meth:`capes.games.champions.state.ChampionsState.run`.

Interrupt and response windows (champions/rr/timing) name the frame they answer; :data:`EVENTS` gives each such
frame named fields, so that a card script reads ``event.target`` and not ``frame[1]``
(see :meth:`capes.games.champions.vocabulary.Vocabulary.event`).

Rule ids: champions/rr/status-cards (the status bits), champions/rr/overkill, champions/rr/piercing (damage flags).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from capes.games.champions.data import CARDS, Card

#: forms of an identity (``state._form[player]``)
HERO, AE = 1, 0
#: status cards, as bits of ``state.st[card]`` (champions/rr/status-cards)
STUN, CONF, TOUGH = 1, 2, 4
NAMES = ("stunned", "confused", "tough")
#: flags of a damage frame: from an attack, overkill, piercing, indirect
F_ATTACK, F_OVERKILL, F_PIERCE, F_INDIRECT = 1, 2, 4, 8
ROUND_CAP = 40  # engine bound: if the villain has not won by then, the scheme is completed (ruling)
TURN_CAP = 60  # engine bound on decisions in one player turn; then only "end turn" is offered (ruling)


def C(code: str) -> Card:  # noqa: N802
    """The printed data of card ``code``."""
    return CARDS[code]


def counted(k: int, word: str, plural: str = "") -> str:
    """``1 card``, ``2 cards``: a count with its noun in the right number."""
    return f"{k} {word if k == 1 else plural or word + 's'}"


# ---------------------------------------------------------------- registries
#: step name -> fn(state, *frame[1:]), run when the frame reaches the top of the stack
STEPS: dict[str, Callable[..., Any]] = {}
#: question name -> (build(state, frame) -> (seat, prompt, [(id, label[, group])]), do(state, frame, option id))
ASKS: dict[str, tuple[Any, Any]] = {}
#: questions answered at once when they have a single option
AUTO_SINGLE: set[str] = set()
#: question name -> fn(state, frame) run when that question has no option at all (e.g. a payment nothing can pay)
ON_EMPTY: dict[str, Any] = {}
#: selector name -> fn(state, player) -> the cards a "choose" question offers (``state.choose``)
SELECTORS: dict[str, Any] = {}


def step(name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register the decorated function as step ``name``."""
    def deco(fn: Callable[..., Any]) -> Callable[..., Any]:
        STEPS[name] = fn
        return fn
    return deco


def ask(name: str, auto_single: bool = False) -> Callable[[tuple[Any, Any]], tuple[Any, Any]]:
    def deco(pair: tuple[Any, Any]) -> tuple[Any, Any]:
        ASKS[name] = pair
        if auto_single:
            AUTO_SINGLE.add(name)
        return pair
    return deco


# ---------------------------------------------------------------- event records (champions/rr/timing)
# Each window opens on a frame of the stack; these records name its fields. The first field is the frame's
# step name ("evt" for a frame that only marks that something happened, followed by the event's name).
class AttackStarts(NamedTuple):
    """``attack_init``: an enemy is about to attack (frame ``atk_go``)."""
    step: str
    attacker: int
    player: int
    flags: int
    cancelled: int


class DamageDealt(NamedTuple):
    """``dmg``: a card would take damage (frame ``dmg_apply``; ``flags & F_ATTACK``: from an attack)."""
    step: str
    target: int
    amount: int
    source: int
    flags: int
    asked: int = -1


class ThreatPlaced(NamedTuple):
    """``threat``: threat would be placed on a scheme (frame ``threat_apply``; ``cause``: "accel", "vscheme",
    "scheme" or "card")."""
    step: str
    scheme: int
    amount: int
    cause: str


class TreacheryRevealed(NamedTuple):
    """``treachery``: a treachery is revealed (frame ``treach_res``)."""
    step: str
    card: int
    player: int
    cancelled: int


class EncounterRevealed(NamedTuple):
    """``encounter_revealed``: a card is revealed from the encounter deck (frame ``enc_rev``; ``cancelled`` 2:
    cancel it and reveal another)."""
    step: str
    card: int
    player: int
    cancelled: int


class AfterAttack(NamedTuple):
    step: str
    event: str
    attacker: int
    target: int
    player: int
    basic: int


class AfterThwart(NamedTuple):
    step: str
    event: str
    thwarter: int
    player: int


class Defended(NamedTuple):
    step: str
    event: str
    defender: int
    enemy: int
    player: int


class MinionDefeated(NamedTuple):
    step: str
    event: str
    minion: int
    by_player: int
    source: int


class MinionDefeating(NamedTuple):
    """``minion_defeating``: forced interrupts before a defeated minion leaves play (frame ``mdisc``)."""
    step: str
    minion: int
    by_player: int


class MinionEntered(NamedTuple):
    step: str
    event: str
    minion: int
    player: int


class FormChanged(NamedTuple):
    step: str
    event: str
    player: int


class EnemyActivated(NamedTuple):
    """``enemy_attacked`` / ``enemy_schemed``: after an enemy's attack or scheme (``how``: "attack"/"scheme")."""
    step: str
    event: str
    enemy: int
    player: int
    how: str = "attack"


class RoundEnds(NamedTuple):
    step: str
    event: str


#: event name -> the record naming the fields of the frame its window answers
EVENTS: dict[str, type] = {
    "attack_init": AttackStarts, "dmg": DamageDealt, "threat": ThreatPlaced, "treachery": TreacheryRevealed,
    "encounter_revealed": EncounterRevealed, "after_attack": AfterAttack, "after_thwart": AfterThwart,
    "defended": Defended, "minion_defeated": MinionDefeated, "minion_defeating": MinionDefeating,
    "minion_entered": MinionEntered, "form_changed": FormChanged, "enemy_attacked": EnemyActivated,
    "enemy_schemed": EnemyActivated, "round_end": RoundEnds,
}
#: frame step name -> record, for the frames that are not "evt" markers
FRAME_RECORDS: dict[str, type] = {
    "atk_go": AttackStarts, "dmg_apply": DamageDealt, "threat_apply": ThreatPlaced, "treach_res": TreacheryRevealed,
    "enc_rev": EncounterRevealed, "mdisc": MinionDefeating,
}


def record_of(frame: tuple) -> Any:
    """The named record of an event frame (a plain tuple on the stack)."""
    rec = EVENTS.get(frame[1]) if frame[0] == "evt" else FRAME_RECORDS.get(frame[0])
    if rec is None:
        return frame
    if len(frame) == _WIDTH[rec]:  # every field given: what rec(*frame) builds, without its Python-level __new__
        return _new_tuple(rec, frame)
    return rec(*frame)  # fills the fields a frame leaves out with their defaults


_new_tuple = tuple.__new__
#: record -> how many fields it has
_WIDTH: dict[type, int] = {rec: len(rec._fields) for rec in {*EVENTS.values(), *FRAME_RECORDS.values()}}
