"""The effect vocabulary: short functions keyed by the ``effect`` name used in the content files.

Combat effects take ``(state, side, params)`` where ``side`` is ``"H"`` (the Super Hero) or
``"V"`` (the Lead Villain / Mastermind); ``usable_*`` says whether the effect can do anything
now (so a window only offers abilities that matter). Action effects take
``(state, seat, params, hero_index)`` (``hero_index`` is -1 for Event cards).

Rule ids (rules.yaml): heroes/combat/abilities, heroes/combat/timing, heroes/missions/ability, heroes/cards/events.

An effect touches the game only through :class:`Target` below (implemented by the chapters: powers.py for combat,
cards.py and scenarios.py for actions), so this module imports no engine module (no import cycle).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from capes.games.heroes.board import F_BOOST, F_HITS
from capes.games.heroes.dice import FACES, HIT

TWO_HIT_FACES = tuple(i for i, f in enumerate(FACES) if f.count(HIT) == 2)
ONE_HIT_FACE = next(i for i, f in enumerate(FACES) if f == (HIT,))
BLANK_FACE = next(i for i, f in enumerate(FACES) if f == ())



def just_rolled(dice: tuple[int, ...]) -> list[tuple[int, int]]:
    """``(index, face)`` of every die "just rolled": heroes/combat/timing/3, "When an ability refers to dice 'just
    rolled,' this includes both the initial roll and any rerolls from dice boosting" -- a die of the first roll
    (face ``f``, 0-9) and a reroll (``f + 10``) alike; a cancelled die (-1) is not a die any more. The one place
    the effects below read the dice they act on (issue 40).

    >>> just_rolled((5, 15, -1, 0))
    [(0, 5), (1, 5), (3, 0)]
    """
    return [(i, f % 10) for i, f in enumerate(dice) if f >= 0]


__all__ = ["ACTIONS", "COMBAT", "CONDITIONAL_ACTIONS", "F_BOOST", "F_HITS", "Target", "usable_action"]


class Target(Protocol):
    """What an effect may read and change: the combat in progress (``cb``, powers.py), a seat's Plot Points, Wounds
    and cards (state.py, cards.py), Victory Points (scenarios.py) and the Most Wanted spaces."""

    cb: dict[str, Any] | None
    pp: list[int]
    wound: list[list[int]]
    wanted: list[str]

    def die(self) -> int: ...
    def rating(self, side: str) -> int: ...
    def has_boost(self, side: str) -> bool: ...
    def cb_add(self, key: str, n: int) -> None: ...
    def cb_dice(self, side: str) -> tuple[int, ...]: ...
    def cb_set_dice(self, side: str, dice: tuple[int, ...]) -> None: ...
    def cb_hits(self, side: str) -> int: ...
    def cb_kos(self, side: str) -> int: ...
    def cb_heal(self, side: str) -> None: ...
    def to_recovery(self, s: int, i: int) -> None: ...
    def draw_resources(self, s: int, k: int) -> None: ...
    def discard_story_front(self, k: int) -> None: ...
    def push_story_actions(self, s: int, k: int) -> None: ...
    def push_discard_wanted(self, s: int) -> None: ...
    def gain_vp(self, s: int, n: int) -> None: ...


def other(side: str) -> str:
    return "V" if side == "H" else "H"


# ---- combat: "pre" (the next roll), "post" (dice just rolled / results), "end" (next sequence) ----------------

def _stat_of(st: Target, side: str) -> str:
    """The rating ``side`` uses on the upcoming roll: a / d / w."""
    cb = st.cb
    assert cb is not None
    if cb["roll"] == "w":
        return "w"
    return "a" if cb["att"] == side else "d"


def usable_plus_rating(st: Target, side: str, p: dict[str, Any]) -> bool:
    stat = p.get("stat", "any")
    return stat == "any" or stat == _stat_of(st, side)


def plus_rating(st: Target, side: str, p: dict[str, Any]) -> None:
    st.cb_add(side + "plus", int(p.get("n", 1)))


def usable_set_rating(st: Target, side: str, p: dict[str, Any]) -> bool:
    return p.get("stat") == _stat_of(st, side) and st.rating(side) < int(p["value"])


def set_rating(st: Target, side: str, p: dict[str, Any]) -> None:
    cb = st.cb
    assert cb is not None
    cb[side + "set"] = max(cb[side + "set"], int(p["value"]))


def usable_minus_opp(st: Target, side: str, p: dict[str, Any]) -> bool:
    return st.rating(other(side)) > 0


def minus_opp(st: Target, side: str, p: dict[str, Any]) -> None:
    st.cb_add(other(side) + "plus", -int(p.get("n", 1)))


def usable_gain_boost(st: Target, side: str, p: dict[str, Any]) -> bool:
    return not st.has_boost(side) and st.rating(side) > 0


def gain_boost(st: Target, side: str, p: dict[str, Any]) -> None:
    cb = st.cb
    assert cb is not None
    cb[side + "b1"] = True


def usable_cancel_opp_boost(st: Target, side: str, p: dict[str, Any]) -> bool:
    return any(F_BOOST[f] for _, f in just_rolled(st.cb_dice(other(side))))


def cancel_opp_boost(st: Target, side: str, p: dict[str, Any]) -> None:
    """Cancel every die the opponent just rolled that shows a BOOST icon, rerolls from boosting included."""
    o = other(side)
    dice = list(st.cb_dice(o))
    for i, f in just_rolled(tuple(dice)):
        if F_BOOST[f]:
            dice[i] = -1
    st.cb_set_dice(o, tuple(dice))


def usable_cap_opp_die(st: Target, side: str, p: dict[str, Any]) -> bool:
    return any(f in TWO_HIT_FACES for _, f in just_rolled(st.cb_dice(other(side))))


def cap_opp_die(st: Target, side: str, p: dict[str, Any]) -> None:
    o = other(side)
    dice = list(st.cb_dice(o))
    for i, f in just_rolled(tuple(dice)):
        if f in TWO_HIT_FACES:
            dice[i] = ONE_HIT_FACE + (10 if dice[i] >= 10 else 0)
            break
    st.cb_set_dice(o, tuple(dice))


def usable_plus_result(st: Target, side: str, p: dict[str, Any]) -> bool:
    return True


def plus_result(st: Target, side: str, p: dict[str, Any]) -> None:
    st.cb_add(side + "res", int(p.get("n", 1)))


def usable_minus_opp_result(st: Target, side: str, p: dict[str, Any]) -> bool:
    return st.cb_hits(other(side)) > 0


def minus_opp_result(st: Target, side: str, p: dict[str, Any]) -> None:
    st.cb_add(other(side) + "res", -int(p.get("n", 1)))


def usable_reroll_blanks(st: Target, side: str, p: dict[str, Any]) -> bool:
    return any(f == BLANK_FACE for _, f in just_rolled(st.cb_dice(side)))


def reroll_blanks(st: Target, side: str, p: dict[str, Any]) -> None:
    """Reroll, once, the blank dice just rolled (rerolls from boosting included); a rerolled blank counts as a
    reroll: it never boosts again."""
    dice = list(st.cb_dice(side))
    for i, f in just_rolled(tuple(dice)):
        if f == BLANK_FACE:
            dice[i] = st.die() + 10
    st.cb_set_dice(side, tuple(dice))


def usable_heal_ko(st: Target, side: str, p: dict[str, Any]) -> bool:
    return st.cb_kos(side) > 0


def heal_ko(st: Target, side: str, p: dict[str, Any]) -> None:
    st.cb_heal(side)


def usable_seize_initiative(st: Target, side: str, p: dict[str, Any]) -> bool:
    cb = st.cb
    assert cb is not None
    return cb["init"] != side


def seize_initiative(st: Target, side: str, p: dict[str, Any]) -> None:
    cb = st.cb
    assert cb is not None
    cb["init"] = side


def usable_seq_plus_rating(st: Target, side: str, p: dict[str, Any]) -> bool:
    cb = st.cb
    assert cb is not None
    return cb[side + "seq"] == 0


def seq_plus_rating(st: Target, side: str, p: dict[str, Any]) -> None:
    """A "this combat sequence" ability: n more dice on every roll of the sequence."""
    st.cb_add(side + "seq", int(p.get("n", 1)))


Combat = Callable[[Target, str, dict[str, Any]], Any]
COMBAT: dict[str, tuple[Combat, Combat]] = {
    name: (globals()[f"usable_{name}"], globals()[name])
    for name in ("plus_rating", "set_rating", "minus_opp", "gain_boost", "cancel_opp_boost", "cap_opp_die",
                 "plus_result", "minus_opp_result", "reroll_blanks", "heal_ko", "seize_initiative", "seq_plus_rating")
}


# ---- actions (Support (Action) abilities and Event cards) ---------------------------------------------------

def rampage(st: Target, seat: int, p: dict[str, Any], hero: int) -> None:
    st.to_recovery(seat, hero)
    st.draw_resources(seat, 2)
    st.discard_story_front(2)


def cerebro(st: Target, seat: int, p: dict[str, Any], hero: int) -> None:
    st.to_recovery(seat, hero)
    st.push_story_actions(seat, 2)


def draw_resources(st: Target, seat: int, p: dict[str, Any], hero: int) -> None:
    if hero >= 0 and p.get("exhaust"):
        st.to_recovery(seat, hero)
    st.draw_resources(seat, int(p.get("n", 1)))


def gain_pp(st: Target, seat: int, p: dict[str, Any], hero: int) -> None:
    if hero >= 0 and p.get("exhaust"):
        st.to_recovery(seat, hero)
    st.pp[seat] += int(p.get("n", 1))


def medical_all(st: Target, seat: int, p: dict[str, Any], hero: int) -> None:
    w = st.wound[seat]
    for i in range(4):
        w[i] = 0


def gain_vp(st: Target, seat: int, p: dict[str, Any], hero: int) -> None:
    st.gain_vp(seat, int(p.get("n", 1)))


def discard_wanted(st: Target, seat: int, p: dict[str, Any], hero: int) -> None:
    st.push_discard_wanted(seat)


def story_actions(st: Target, seat: int, p: dict[str, Any], hero: int) -> None:
    st.push_story_actions(seat, int(p.get("n", 1)))


Action = Callable[[Target, int, dict[str, Any], int], None]
ACTIONS: dict[str, Action] = {
    f.__name__: f for f in (rampage, cerebro, draw_resources, gain_pp, medical_all, gain_vp, discard_wanted, story_actions)
}


#: the Action effects whose use depends on the table, each with its test (usable_action is true for every other)
_USABLE_IF: dict[str, Callable[[Target, int], bool]] = {
    "medical_all": lambda st, seat: any(st.wound[seat]),
    "discard_wanted": lambda st, seat: bool(st.wanted),
}
CONDITIONAL_ACTIONS = frozenset(_USABLE_IF)


def usable_action(st: Target, seat: int, effect: str) -> bool:
    test = _USABLE_IF.get(effect)
    return test is None or test(st, seat)
