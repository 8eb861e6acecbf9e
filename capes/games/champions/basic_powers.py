"""Basic powers: a hero's or ally's attack, thwart and recover, and attacks and thwarts made by events;
retaliate, piercing and consequential damage.

Rule ids: champions/summary/actions/basic-attack-hero, /basic-attack-ally, /basic-thwart, champions/rr/recover,
champions/rr/attack, champions/rr/stunned and champions/rr/confused (the power is replaced),
champions/rr/retaliate, champions/rr/ranged, champions/rr/piercing, champions/rr/assault (ruling 56),
champions/rr/consequential-damage. Defending is an enemy activation (:mod:`capes.games.champions.activations`).
"""

from __future__ import annotations

from capes.games.champions.frames import CARDS, CONF, F_ATTACK, STUN, TOUGH, step
from capes.games.champions.state import ChampionsState
from capes.games.champions.zones import _in_play

G = ChampionsState

@step("hattack")
def _hattack(g: G, p: int, e: int) -> None:
    # champions/summary/actions/basic-attack-hero
    idu = g.ident[p]
    g.exh[idu] = 1
    if g.st[idu] & STUN:  # champions/rr/stunned
        g.st[idu] &= ~STUN
        g.emit("champions/rr/stunned", f"{g.name(idu)} is stunned: the attack is replaced by discarding the stun.")
        return
    g.emit("champions/summary/actions/basic-attack-hero", f"{g.name(idu)} attacks {g.name(e)}.")
    _attack_hits(g, p, idu, e, g.atk(idu), 1)


def _attack_hits(g: G, p: int, attacker: int, e: int, n: int, basic: int, flags: int = 0) -> None:
    """Damage from a player's attack, then retaliate and the after-attack window."""
    if g.has_kw(attacker, "piercing") and g.st[e] & TOUGH:  # champions/rr/piercing
        g.st[e] &= ~TOUGH
    g.push(("dmg", e, n, attacker, F_ATTACK | flags))
    r = g.has_kw(e, "retaliate") if e in g.eplay or e == g.villain else 0
    if r and g.has_kw(attacker, "ranged"):  # champions/rr/ranged: no retaliate damage
        r = 0
    if r:  # champions/rr/retaliate
        g.push(("retaliate", e, attacker, r))
    g.push(("win", "after_attack"), ("evt", "after_attack", attacker, e, p, basic))


@step("retaliate")
def _retaliate(g: G, e: int, attacker: int, r: int) -> None:
    """``e`` (an enemy, hero or ally) was attacked by ``attacker``: deal it ``r`` damage if both are still
    in play (champions/rr/retaliate; it applies even when the attack dealt no damage)."""
    if _in_play(g, e) and _in_play(g, attacker):
        g.emit("champions/rr/retaliate", f"{g.name(e)} retaliates for {r}.")
        g.push(("dmg", attacker, r, e, 0))


@step("hthwart")
def _hthwart(g: G, p: int, s: int) -> None:
    idu = g.ident[p]
    g.exh[idu] = 1
    if g.st[idu] & CONF:  # champions/rr/confused
        g.st[idu] &= ~CONF
        g.emit("champions/rr/confused", f"{g.name(idu)} is confused: the thwart is replaced by discarding it.")
        return
    g.emit("champions/summary/actions/basic-thwart", f"{g.name(idu)} thwarts {g.name(s)}.")
    g.push(("rthreat", s, _basic_thwart(g, idu, s), idu), ("win", "after_thwart"), ("evt", "after_thwart", idu, p))


def _thw_label(g: G, u: int, s: int) -> str:
    return f"ATK {g.atk(u)}, assault" if g.assault(s) else f"THW {g.thw(u)}"


def _basic_thwart(g: G, u: int, s: int) -> int:
    """The threat character ``u``'s basic thwart removes from scheme ``s``: its THW, or (champions/rr/assault,
    ruling 56) against a scheme with assault its ATK, with the modifiers to ATK and not those to THW."""
    n = g.basic_thw(u, s)
    if g.assault(s):
        g.emit("champions/rr/assault", f"{g.name(s)} has assault: {g.name(u)} thwarts with its ATK ({n}) "
               f"instead of its THW.")
    return n


@step("recover")
def _recover(g: G, p: int) -> None:
    idu = g.ident[p]
    g.exh[idu] = 1
    g.emit("champions/rr/recover", f"{g.name(idu)} recovers.")
    g.heal(idu, g.rec(idu))


@step("aattack")
def _aattack(g: G, p: int, a: int, e: int) -> None:
    # champions/summary/actions/basic-attack-ally
    g.exh[a] = 1
    if g.st[a] & STUN:  # champions/rr/stunned: the attack is replaced, so no consequential damage (champions/rr/ally)
        g.st[a] &= ~STUN
        g.emit("champions/rr/stunned", f"{g.name(a)} is stunned: the attack is replaced by discarding the stun "
               "(no consequential damage).")
        return
    g.emit("champions/summary/actions/basic-attack-ally", f"{g.name(a)} attacks {g.name(e)}.")
    _attack_hits(g, p, a, e, g.atk(a), 1)
    c = CARDS[g.code[a]]
    if c.atk_cost:
        g.push(("dmg", a, c.atk_cost, -1, 0))  # champions/rr/consequential-damage


@step("athwart")
def _athwart(g: G, p: int, a: int, s: int) -> None:
    g.exh[a] = 1
    if g.st[a] & CONF:  # champions/rr/confused: the thwart is replaced, so no consequential damage (champions/rr/ally)
        g.st[a] &= ~CONF
        g.emit("champions/rr/confused", f"{g.name(a)} is confused: the thwart is replaced by discarding the "
               "confused card (no consequential damage).")
        return
    g.emit("champions/summary/actions/basic-thwart", f"{g.name(a)} thwarts {g.name(s)}.")
    g.push(("rthreat", s, _basic_thwart(g, a, s), a), ("win", "after_thwart"), ("evt", "after_thwart", a, p))
    c = CARDS[g.code[a]]
    if c.thw_cost:
        g.push(("dmg", a, c.thw_cost, -1, 0))  # champions/rr/consequential-damage


@step("eattack")
def _eattack(g: G, p: int, e: int, n: int, src: int, flags: int) -> None:
    """Damage from an attack event (not a basic attack). champions/rr/stunned: a stunned hero's attack is
    replaced by discarding the stun, whatever made the attack."""
    idu = g.ident[p]
    if g.st[idu] & STUN:
        g.st[idu] &= ~STUN
        g.emit("champions/rr/stunned", f"{g.name(idu)} is stunned: the attack is replaced by discarding the stun.")
        return
    if _in_play(g, e):
        _attack_hits(g, p, idu, e, n, 0, flags)


@step("ethwart")
def _ethwart(g: G, p: int, n: int, src: int, selector: str) -> None:
    idu = g.ident[p]
    if g.st[idu] & CONF:
        g.st[idu] &= ~CONF
        g.emit("champions/rr/confused", f"{g.name(idu)} is confused: the thwart is replaced by discarding it.")
        return
    g.push(("choose", p, selector, (("rthreat", "@", n, src),), f"{g.name(src)}: remove {n} threat from",
            False, src))
