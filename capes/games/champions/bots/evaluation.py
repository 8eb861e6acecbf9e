"""The static evaluation of a position for the heroes (:func:`value`) and its squash into [0, 1] for ISMCTS
(:func:`evaluate`)."""

from __future__ import annotations

import math
from typing import Any

from capes.games.champions.bots.estimates import (
    W,
    card,
    danger,
    hp_left,
    inflow_dist,
    mean,
    p_reach,
    sig,
    thw_capacity,
)
from capes.games.champions.bots.race import clocks_of, rates
from capes.games.champions.bots.villain_hp import _mean_stage_hp, _revealed_scheme, villain_left


def _total_budget(g: Any) -> int:
    """The targets of every main scheme stage of the game (passed, current and to come): a function of the card
    instances and the number of players, kept by them (by the game's table of its cards, which is made afresh when
    card data is replaced: abilities.relevant_for; bounded, cleared at 64 entries)."""
    key = (g._relevant(), g.n)
    got = _BUDGET.get(key)
    if got is None:
        if len(_BUDGET) >= 64:
            _BUDGET.clear()
        got = _BUDGET[key] = sum(g.target(u) for u in range(len(g.code))
                                 if card(g, u).type == "main_scheme" and card(g, u).threat)
    return got


_BUDGET: dict[tuple[Any, int], int] = {}

#: the softness (in rounds) of the race term of :func:`features`
RACE_SOFT = 1.0
#: the deficit beyond which the race term counts no more (the clocks are rough: far behind, they are noise)
RACE_CAP = 6.0


def pre_villain(g: Any) -> bool:
    """Whether the villain phase of this round is still to come (the player phase is over)."""
    return g.turn == -1 and any(f[0] == "vthreat" for f in g.stack)


def features(g: Any, seat: int = 0, as_ended: bool = False) -> dict[str, float]:
    """The terms :func:`value` weighs, by the name of their weight in ``W`` (for a game not won).
    ``as_ended``: the position as if the player phase ended now.

    At the end of the player phase (the villain phase still to come) it first estimates that villain
    phase: the threat it adds and the chance it completes the main scheme, the damage each hero in hero
    form takes after the best block (a ready ally chump-blocks the villain, else the hero defends when it
    saves enough) and the chance it defeats him."""
    w = W
    n = g.n
    v = g.villain
    vc = card(g, v)
    f = dict.fromkeys(FEATURES, 0.0)
    vl = villain_left(g)
    f["villain"] = -vl
    f["vstage"] = -float(len(g.vstages))
    pre = not g.over and (as_ended or pre_villain(g))
    # main scheme: the threat budget left over this stage and the stages to come (excess threat does not
    # carry over, so each point of threat brings the defeat one point closer whatever the stage)
    ms = g.mscheme
    tgt = max(1, g.target(ms))
    thr = g.thr[ms]
    t0, pmf = inflow_dist(g)
    inflow = t0 + mean(pmf)
    final = not g.mstages
    future = sum(g.target(u) for u in g.mstages)
    total = max(tgt + future, _total_budget(g))
    # the race (bots/race.py): rounds until the last stage of the main scheme completes against rounds of attacking
    # until the villain's last stage falls; the deficit (the rounds the scheme wins by) costs, its lead is worth
    # nothing more than the other terms say (a softplus: 0 well ahead, linear well behind)
    if w["race"]:
        dr, _ = rates(g)
        rs, rv = clocks_of(g, max(0, tgt - thr) + future, max(0.5, t0 + mean(pmf)), vl * _mean_stage_hp(g, vc), dr)
        x = min(RACE_CAP, rv - rs) / RACE_SOFT
        f["race"] = -RACE_SOFT * (x + math.log1p(math.exp(-x)) if x > 0 else math.log1p(math.exp(x)))
    loss = 0.0
    if pre:
        # the chance it completes the scheme: the certain threat plus the chance of the rest (a logistic around
        # the mean put it at 47% with 2 threat to go in hero form; 6% was measured)
        p_done = p_reach(thr + t0, pmf, tgt)
        if final:
            loss += p_done  # every hero loses with the scheme (a hero's own defeat, below, is 1/n of the table)
        else:
            f["stage"] = -p_done
        thr = min(tgt, thr + inflow)
    budget = tgt - thr + future
    f["threat"] = -(1.0 - budget / total) ** 2
    f["tlin"] = -float(total - budget)
    if final:
        cap = 0.0
        for p in range(n):
            if g.alive[p]:
                cap += thw_capacity(g, p) if not pre else (g.thw(g.ident[p]) + sum(
                    g.thw(a) for a in g.play[p] if card(g, a).type == "ally" and card(g, a).thw))
        crisis = any(card(g, s).crisis for s in g.eplay if card(g, s).type == "side_scheme")
        margin = tgt - thr - inflow + (0 if crisis else 0.6 * cap)
        # a logistic "the scheme completes next villain phase" term
        f["slack"] = -sig(-1.3 * margin)
    # side schemes in play, and those the villain stages to come will reveal ("find X in the encounter deck and
    # reveal it"), valued as if in play now: defeating a stage only brings forward a cost the heroes pay anyway,
    # so the lookahead must not shy away from the killing blow
    side = icon = crisis_n = 0.0
    for u in g.vstages:
        c = _revealed_scheme(card(g, u))
        if c is not None:
            side += (c.base_threat or 0) + g.n * ("per player" in c.text)
            icon += c.accel + c.hazard
            crisis_n += c.crisis
    minion = 0.0
    for u in g.eplay:
        c = card(g, u)
        if c.type == "side_scheme":
            side += g.thr[u]
            icon += c.accel + c.hazard
            crisis_n += c.crisis
        elif c.type == "minion":
            minion += g.atk(u) + g.sch(u) * 1.2 + 0.5 * hp_left(g, u) + 1
    f["side"], f["icon"], f["crisis"], f["minion"] = -side, -icon, -crisis_n, -minion
    dead = hp = hpsafe = hurt = exh = ally = upgrade = draw = hand = 0.0
    for p in range(n):
        if not g.alive[p]:
            dead += 1
            continue
        idu = g.ident[p]
        hl = hp_left(g, idu)
        allies = [a for a in g.play[p] if card(g, a).type == "ally"]
        blocked = -1
        if pre and g._form[p]:
            # a stunned villain skips his attack (the first activation)
            va = 0 if g.st[v] & 1 and n == 1 else g.atk(v) + (2.6 if vc.atk_star else 1.3)
            inc = va + w["enc_hit"] * (1 + sum(card(g, u).hazard for u in g.eplay)) * (g.atk(v) + 1.3)
            for m in g.eplay:
                if g.eng[m] == p and card(g, m).type == "minion":
                    inc += g.atk(m)
            if allies:  # the least valuable ally chump-blocks the villain
                blocked = min(allies, key=lambda a: (card(g, a).atk or 0) + (card(g, a).thw or 0) + hp_left(g, a))
                inc -= va
            elif hl - inc <= 3:  # the hero defends (and is exhausted next turn)
                inc -= min(va, g.defv(idu))
                exh += 1
            loss += sig((inc - hl + w["dmargin"]) / w["dscale"]) / n
            hl = max(0.0, hl - inc)
        hp += min(hl, 12)
        hpsafe += 1.0 - math.exp(-hl / 4.0)
        if g._form[p] and not pre:
            dg = danger(g, p)
            if hl <= dg:
                hurt += 1.0 + (dg - hl) * 0.25
        if g.exh[idu] and not pre:
            exh += 1
        for a in g.play[p]:
            c = card(g, a)
            t = c.type
            if t == "ally":
                al = hp_left(g, a) if a != blocked else 0
                ally += ((c.atk or 0) + (c.thw or 0) + 1.0) * min(1.0, 0.4 + 0.3 * al) * (
                    0.7 if g.exh[a] and not pre else 1.0)
            elif t in ("upgrade", "support"):
                upgrade += 1
        if pre:  # drawn up at the phase's end
            draw += g.hand_size(p)
        else:
            hand += min(len(g.hand[p]), 7)
    f["loss"], f["dead"], f["hp"], f["hpsafe"], f["hurt"], f["exh"] = -loss, -dead, hp, hpsafe, -hurt, -exh
    f["ally"], f["upgrade"], f["draw"], f["hand"] = ally, upgrade, draw, hand
    return f


#: the terms of :func:`features`, each weighed by the weight of the same name in ``W`` (a term that counts against
#: the heroes is negative, so every weight is positive)
FEATURES = ("race", "villain", "vstage", "stage", "loss", "threat", "tlin", "slack", "side", "icon", "crisis", "minion",
            "dead", "hp", "hpsafe", "hurt", "exh", "ally", "upgrade", "draw", "hand")


def value(g: Any, seat: int = 0, as_ended: bool = False) -> float:
    """Static value of the position for the heroes (unbounded; higher is better): the terms of :func:`features`
    weighed by ``W``. ``as_ended``: value the position as if the player phase ended now."""
    if g.over == "win":
        return 100.0
    w = W
    f = features(g, seat, as_ended)
    x = sum(w[k] * f[k] for k in FEATURES)
    if g.over:  # lost: still prefer the positions that were closer to winning
        x -= 50.0
    return x


def evaluate(state: Any, seat: int) -> float:
    r = state.result
    if r is not None:
        return r.reward(seat)
    # a gentle squash: values run from about -30 (hopeless) to 0 (nearly won), and ISMCTS needs them apart
    return min(1.0, max(0.0, 0.5 + math.atan((value(state, seat) + 5.0) / 8.0) / math.pi))

