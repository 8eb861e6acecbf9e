"""What the champions bots estimate from a (determinized) state: the threat and damage the next villain phase
brings, the threat a player can remove, what a hand card is worth keeping, and the weights of the evaluation."""

from __future__ import annotations

import math
from typing import Any

from capes.games.champions.data import CARDS


def card(g: Any, u: int):
    return CARDS[g.code[u]]


def hp_left(g: Any, u: int) -> int:
    return g.hp(u) - g.dmg[u]


def threat_inflow(g: Any, ae: dict[int, bool] | None = None, spread: bool = False) -> Any:
    """Threat expected on the main scheme next villain phase (escalation, acceleration, schemes against
    alter-egos with a boost, about 0.4 per encounter card). ``ae``: override of who is in alter-ego.
    ``spread``: also return its variance (the acceleration is certain; an encounter card mostly adds
    nothing and now and then a whole scheme, a boosted scheme anything from SCH to SCH + 3)."""
    ms = g.mscheme
    c = card(g, ms)
    esc = (c.escalation or 0) * (1 if c.escalation_fixed else g.n)
    hazard = sum(card(g, u).hazard for u in g.eplay)
    t = esc + g.accel + sum(card(g, u).accel for u in g.eplay) + W["enc_thr"] * hazard  # hazard: one more card
    var = W["enc_var"] * hazard
    vsch = g.sch(g.villain)
    conf = bool(g.st[g.villain] & 2)  # a confused villain skips one scheme
    for p in range(g.n):
        if not g.alive[p]:
            continue
        t += W["enc_thr"]
        var += W["enc_var"]
        in_ae = (not g._form[p]) if ae is None or p not in ae else ae[p]
        if in_ae:
            if conf:
                conf = False
            else:
                t += vsch + 1.2
                var += W["boost_var"]
            for m in g.eplay:
                if g.eng[m] == p and card(g, m).type == "minion":
                    t += g.sch(m)
    return (t, var) if spread else t


def danger(g: Any, p: int) -> float:
    """Damage player p's identity may take next villain phase in hero form (villain + boost + minions)."""
    d = g.atk(g.villain) + (2.6 if card(g, g.villain).atk_star else 1.3)
    for m in g.eplay:
        if g.eng[m] == p and card(g, m).type == "minion":
            d += g.atk(m)
    return d


def thw_capacity(g: Any, p: int) -> int:
    """Threat player p could remove with basic thwarts (identity and allies)."""
    t = 0
    if g._form[p] and not g.exh[g.ident[p]]:
        t += g.thw(g.ident[p])
    for a in g.play[p]:
        c = card(g, a)
        if c.type == "ally" and not g.exh[a] and c.thw:
            t += g.thw(a)
    return t


def card_keep(c: Any) -> float:
    """How much a hand card is worth keeping (lower: pay with it / discard it first)."""
    t = c.type
    if t == "resource":
        return 1.0 + 0.5 * len(c.res)
    base = {"ally": 6.0, "upgrade": 5.0, "support": 4.5, "event": 3.5}.get(t, 2.0)
    return base - 0.3 * (c.cost or 0)



W = {
    "villain": 6.0,    # per stage of villain hit points
    "threat": 3.0,     # main scheme threat / target (squared)
    "tlin": 0.2,       # per point of threat on the main scheme (it must be thwarted some day)
    "slack": 2.2,      # next villain phase could complete the main scheme
    "side": 0.4, "icon": 1.5, "crisis": 1.5,  # a side scheme's threat, its icons (each round it stays)
    "minion": 0.10,
    "hp": 0.07, "hurt": 1.2, "dead": 3.0,
    "hpsafe": 2.5,     # hit points matter most when few are left: 2.5 * (1 - exp(-hp / 4))
    "enc_thr": 0.4, "enc_var": 1.0, "boost_var": 0.7,  # threat an encounter card / a boost adds: mean, variance
    "enc_hit": 0.25,   # chance an encounter card makes the villain attack a hero in hero form (Assault...)
    "ally": 0.16, "upgrade": 0.18, "hand": 0.06,
    # the hand drawn at the end of the player phase (up to the hand size of the form the hero ends it in): at
    # 0.06 a card, the 5 cards Tony Stark draws over Iron Man (hand size 1) were worth less than one point
    # of threat, and Iron Man ended every phase in hero form and drew nothing
    "draw": 0.3,
    # an exhausted identity at the start of a turn: a hero who defended (champions/rr/defense: the defender
    # exhausts) lost the whole next turn, an attack or thwart; at 0.8 the bots defended at full hit points
    "exh": 4.0,
    "stage": 1.0,      # the main scheme advancing (its next stage's "when revealed")
    "loss": 30.0,      # the chance of losing in the coming villain phase
    "dscale": 0.8, "dmargin": 1.5,  # spread and margin of the damage a hero may take
}


def sig(z: float) -> float:
    if z > 30:
        return 1.0
    if z < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))

