"""What the heroes must still deal to defeat the villain: hit points over this stage and the stages to come, tough
status, shielding attachments and the guards in the way (:func:`villain_left`). Read by the evaluation and by the
race count (:mod:`.race`), which is why it is a module of its own."""

from __future__ import annotations

import re
from typing import Any

from capes.games.champions.bots.estimates import card, hp_left
from capes.games.champions.data import CARDS
from capes.games.champions.frames import TOUGH

#: attachments that take the damage meant for the villain until they hold this much (Armored Rhino Suit)
SHIELDS = {"01098": 5}


def _shield(g: Any, v: int) -> int:
    """Damage the villain's shielding attachments will still absorb (hit points in all but name: damage put
    on them is progress the evaluation must see)."""
    return sum(max(0, SHIELDS[g.code[u]] - g.dmg[u]) for u in g.eplay if g.att[u] == v and g.code[u] in SHIELDS)


def _revealed_scheme(vc: Any) -> Any:
    """The side scheme a villain stage's "when revealed" finds in the encounter deck and reveals, if any."""
    text = vc.text
    i = text.find("find ")
    if i < 0 or "reveal" not in text:
        return None
    j = text.find(" in the encounter deck", i)
    return _named_scheme(text[i + 5:j] if j > i else "")


_SCHEMES: dict[str, Any] = {}


def _named_scheme(name: str) -> Any:
    if not _SCHEMES:
        for c in CARDS.values():
            if c.type == "side_scheme":
                _SCHEMES.setdefault(c.name, c)
    return _SCHEMES.get(name)


def _stage_hp(c: Any, n: int) -> int:
    return max(1, c.hp or 1) * (n if c.hp_per_hero else 1)


_MEAN_HP: dict[tuple[str, str], float] = {}


def _mean_stage_hp(g: Any, vc: Any) -> float:
    """The mean printed hit points of the villain's stages (all of them, in any mode; per hero when printed so), a
    unit that stays the same as the stages turn over."""
    key = (vc.set, vc.name)
    if key not in _MEAN_HP:
        hps = [max(1, c.hp or 1) for c in CARDS.values() if c.type == "villain" and c.set == vc.set
               and c.name == vc.name]
        _MEAN_HP[key] = sum(hps) / len(hps) if hps else float(max(1, vc.hp or 1))
    return _MEAN_HP[key] * (g.n if vc.hp_per_hero else 1)


_PLUS_HP = re.compile(r"\+(\d+) hit points")


def _stages_hp(g: Any) -> float:
    """The hit points of the villain stages still to come, with those the side schemes they reveal give them
    ("Klaw has +10 hit points while it is in play")."""
    total = 0.0
    for u in g.vstages:
        vc = card(g, u)
        total += _stage_hp(vc, g.n) + _revealed_hp(vc)
    return total


def _revealed_hp(vc: Any) -> int:
    """The hit points the side scheme a villain stage reveals gives the villain (memoized by the stage's text)."""
    got = _REVEALED_HP.get(vc.text)
    if got is None:
        c = _revealed_scheme(vc)
        m = _PLUS_HP.search(c.text) if c is not None else None
        got = _REVEALED_HP[vc.text] = int(m.group(1)) if m else 0
    return got


_REVEALED_HP: dict[str, int] = {}


def villain_left(g: Any) -> float:
    """The villain's hit points left in this stage and the stages to come, in units of his mean stage: a killing
    blow moves none of it (a per-stage measure counted defeating Klaw I at 2 hit points, for Klaw II's 46 with The
    "Immortal" Klaw, as losing 1.2 stages of progress, and the bots never dealt it); a tough villain shrugs off the
    next hit (about one attack's worth of damage). Guards count too: a player engaged with a guard minion cannot
    attack the villain (champions/rr/guard), so the hit points of the guards in the way of the player with the
    fewest are villain hit points in all but name (Klaw at 1 hit point behind two Armored Guards stood for five
    rounds while the bots thwarted)."""
    v = g.villain
    return (_to_defeat(g, v) + _shield(g, v) + _guarded(g) + _stages_hp(g)) / _mean_stage_hp(g, card(g, v))


def _to_defeat(g: Any, u: int) -> float:
    """Hit points left, and about one attack's worth more while tough (the next hit is shrugged off)."""
    return hp_left(g, u) + (2.5 if g.st[u] & TOUGH else 0.0)


def _guarded(g: Any) -> float:
    """What it takes to defeat the guard minions engaged with the living player who has the fewest."""
    by = [0.0] * g.n
    for m in g.minions():
        p = g.eng[m]
        if p >= 0 and g.has_kw(m, "guard"):
            by[p] += _to_defeat(g, m)
    return min((by[p] for p in range(g.n) if g.alive[p]), default=0.0)
