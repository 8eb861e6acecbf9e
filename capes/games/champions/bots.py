"""The ``champions-heuristic`` bot, the rollout policy and the evaluation used by ISMCTS.

Three layers:

* :func:`quick` — a fast greedy policy for *any* seat, reading the state it is given. It is only ever
  run on a determinized copy (``state.resample(seat, rng)``: hidden hands, decks and facedown cards
  redealt), never on the real state, so it sees no more than the deciding seat knows. It thwarts the
  main scheme when the next villain phase could complete it, plays allies, upgrades and supports,
  attacks (minions it can defeat first), recovers when hurt, flips to alter-ego only when it is safe,
  chump-blocks with allies, pays with resource cards and abilities first.
* :func:`value` — a static evaluation of a (determinized) state for the heroes: villain hit points
  left over all stages (with tough status and damage-absorbing attachments), main-scheme threat against
  its target and the chance the next villain phase completes it (a mean and a spread: acceleration is
  certain, encounter cards and boosts are not), side schemes (their threat and icons, including the one
  a villain stage still to come will reveal), engaged minions, hero hit points (worth most when few are
  left) against the damage expected next villain phase, allies, upgrades and supports in play, hand
  size, readiness. :func:`evaluate` squashes it into [0, 1] for ISMCTS.
* :class:`HeuristicBot` — reads ``state.decision`` and ``state.view(seat)`` (through its determinized
  copies only). For the important decisions (turn actions, defence, modal choices, targets, optional
  responses) it looks ahead: for each option and each of a few determinizations (the same ones for
  every option, to compare like with like) it applies the option and plays on with :func:`quick` — in
  the player phase to the moment the last turn would end (all options valued at that same point, before
  the villain phase), in the villain phase to the next round's first turn — and scores the position with
  :func:`value`. A turn action is also judged followed by ending the turn at once, and keeps the better
  of the two scores, so it is not blamed for a poor move of :func:`quick` after it. Other decisions
  (payments, discards, mulligans) use :func:`quick` on one determinization.
"""

from __future__ import annotations

import math
from typing import Any

from capes.core.bots.levels import noisy
from capes.core.rng import Rng
from capes.games.champions.data import CARDS

# ----------------------------------------------------------------------------- static helpers


def _c(g: Any, u: int):
    return CARDS[g.code[u]]


def _hp_left(g: Any, u: int) -> int:
    return g.hp(u) - g.dmg[u]


def _inflow(g: Any, ae: dict[int, bool] | None = None, spread: bool = False) -> Any:
    """Threat expected on the main scheme next villain phase (escalation, acceleration, schemes against
    alter-egos with a boost, about 0.4 per encounter card). ``ae``: override of who is in alter-ego.
    ``spread``: also return its variance (the acceleration is certain; an encounter card mostly adds
    nothing and now and then a whole scheme, a boosted scheme anything from SCH to SCH + 3)."""
    ms = g.mscheme
    c = _c(g, ms)
    esc = (c.escalation or 0) * (1 if c.escalation_fixed else g.n)
    hazard = sum(_c(g, u).hazard for u in g.eplay)
    t = esc + g.accel + sum(_c(g, u).accel for u in g.eplay) + W["enc_thr"] * hazard  # hazard: one more card
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
                if g.eng[m] == p and _c(g, m).type == "minion":
                    t += g.sch(m)
    return (t, var) if spread else t


def _danger(g: Any, p: int) -> float:
    """Damage player p's identity may take next villain phase in hero form (villain + boost + minions)."""
    d = g.atk(g.villain) + (2.6 if _c(g, g.villain).atk_star else 1.3)
    for m in g.eplay:
        if g.eng[m] == p and _c(g, m).type == "minion":
            d += g.atk(m)
    return d


def _thw_capacity(g: Any, p: int) -> int:
    """Threat player p could remove with basic thwarts (identity and allies)."""
    t = 0
    if g._form[p] and not g.exh[g.ident[p]]:
        t += g.thw(g.ident[p])
    for a in g.play[p]:
        c = _c(g, a)
        if c.type == "ally" and not g.exh[a] and c.thw:
            t += g.thw(a)
    return t


def _card_keep(c: Any) -> float:
    """How much a hand card is worth keeping (lower: pay with it / discard it first)."""
    t = c.type
    if t == "resource":
        return 1.0 + 0.5 * len(c.res)
    base = {"ally": 6.0, "upgrade": 5.0, "support": 4.5, "event": 3.5}.get(t, 2.0)
    return base - 0.3 * (c.cost or 0)


# ----------------------------------------------------------------------------- evaluation

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
    "ally": 0.16, "upgrade": 0.18, "hand": 0.06, "exh": 0.8,
    "stage": 1.0,      # the main scheme advancing (its next stage's "when revealed")
    "loss": 30.0,      # the chance of losing in the coming villain phase
    "dscale": 0.8, "dmargin": 1.5,  # spread and margin of the damage a hero may take
}


def _sig(z: float) -> float:
    if z > 30:
        return 1.0
    if z < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))


def _total_budget(g: Any) -> int:
    """The targets of every main scheme stage of the game (passed, current and to come)."""
    return sum(g.target(u) for u in range(len(g.code)) if _c(g, u).type == "main_scheme" and _c(g, u).threat)


def _pre_villain(g: Any) -> bool:
    """Whether the villain phase of this round is still to come (the player phase is over)."""
    return g.turn == -1 and any(f[0] == "vthreat" for f in g.stack)


#: attachments that take the damage meant for the villain until they hold this much (Armored Rhino Suit)
SHIELDS = {"01098": 5}


def _shield(g: Any, v: int) -> int:
    """Damage the villain's shielding attachments will still absorb (hit points in all but name: damage put
    on them is progress the evaluation must see)."""
    return sum(max(0, SHIELDS[g.code[u]] - g.dmg[u]) for u in g.eplay if g.att[u] == v and g.code[u] in SHIELDS)


def _side_penalty(c: Any, thr: float) -> float:
    """What a side scheme in play with ``thr`` threat costs the heroes (its threat and its icons)."""
    w = W
    return w["side"] * thr + w["icon"] * (c.accel + c.hazard) + w["crisis"] * c.crisis


def _reveal_debt(g: Any) -> float:
    """The side schemes the villain stages still to come will put into play when revealed ("find X in the
    encounter deck ... and reveal it"), valued as if in play now: defeating a stage only brings forward a cost
    the heroes pay anyway, so the lookahead must not shy away from the killing blow."""
    debt = 0.0
    for u in g.vstages:
        text = _c(g, u).text
        i = text.find("find ")
        if i < 0 or "reveal" not in text:
            continue
        j = text.find(" in the encounter deck", i)
        name = text[i + 5:j] if j > i else ""
        c = _named_scheme(name)
        if c is not None:
            debt += _side_penalty(c, (c.base_threat or 0) + g.n * ("per player" in c.text))
    return debt


_SCHEMES: dict[str, Any] = {}


def _named_scheme(name: str) -> Any:
    if not _SCHEMES:
        for c in CARDS.values():
            if c.type == "side_scheme":
                _SCHEMES.setdefault(c.name, c)
    return _SCHEMES.get(name)


def value(g: Any, seat: int = 0, as_ended: bool = False) -> float:
    """Static value of the position for the heroes (unbounded; higher is better). ``as_ended``: value
    the position as if the player phase ended now.

    At the end of the player phase (the villain phase still to come) it first estimates that villain
    phase: the threat it adds and the chance it completes the main scheme, the damage each hero in hero
    form takes after the best block (a ready ally chump-blocks the villain, else the hero defends when it
    saves enough) and the chance it defeats him."""
    if g.over == "win":
        return 100.0
    w = W
    n = g.n
    v = g.villain
    vc = _c(g, v)
    stage_hp = max(1, vc.hp or 1) * (n if vc.hp_per_hero else 1)
    # a tough villain shrugs off the next hit (about one attack's worth of damage)
    left = (_hp_left(g, v) + (2.5 if g.st[v] & 4 else 0) + _shield(g, v)) / stage_hp + len(g.vstages)
    x = -w["villain"] * left
    pre = not g.over and (as_ended or _pre_villain(g))
    # main scheme: the threat budget left over this stage and the stages to come (excess threat does not
    # carry over, so each point of threat brings the defeat one point closer whatever the stage)
    ms = g.mscheme
    tgt = max(1, g.target(ms))
    thr = g.thr[ms]
    inflow, ivar = _inflow(g, spread=True)
    final = not g.mstages
    future = sum(g.target(u) for u in g.mstages)
    total = max(tgt + future, _total_budget(g))
    if pre:
        p_done = _sig((thr + inflow - tgt + 0.5) / (0.6 * math.sqrt(ivar) + 0.2))
        x -= (w["loss"] / n if final else w["stage"]) * p_done
        thr = min(tgt, thr + inflow)
    budget = tgt - thr + future
    x -= w["threat"] * (1.0 - budget / total) ** 2 + w["tlin"] * (total - budget)
    if final:
        cap = 0.0
        for p in range(n):
            if g.alive[p]:
                cap += _thw_capacity(g, p) if not pre else (g.thw(g.ident[p]) + sum(
                    g.thw(a) for a in g.play[p] if _c(g, a).type == "ally" and _c(g, a).thw))
        crisis = any(_c(g, s).crisis for s in g.eplay if _c(g, s).type == "side_scheme")
        margin = tgt - thr - inflow + (0 if crisis else 0.6 * cap)
        # a logistic "the scheme completes next villain phase" term
        x -= w["slack"] * _sig(-1.3 * margin)
    x -= _reveal_debt(g)
    for u in g.eplay:
        c = _c(g, u)
        if c.type == "side_scheme":
            x -= _side_penalty(c, g.thr[u])
        elif c.type == "minion":
            x -= w["minion"] * (g.atk(u) + g.sch(u) * 1.2 + 0.5 * _hp_left(g, u) + 1)
    for p in range(n):
        if not g.alive[p]:
            x -= w["dead"]
            continue
        idu = g.ident[p]
        hl = _hp_left(g, idu)
        allies = [a for a in g.play[p] if _c(g, a).type == "ally"]
        blocked = -1
        if pre and g._form[p]:
            # a stunned villain skips his attack (the first activation)
            va = 0 if g.st[v] & 1 and n == 1 else g.atk(v) + (2.6 if vc.atk_star else 1.3)
            inc = va + w["enc_hit"] * (1 + sum(_c(g, u).hazard for u in g.eplay)) * (g.atk(v) + 1.3)
            for m in g.eplay:
                if g.eng[m] == p and _c(g, m).type == "minion":
                    inc += g.atk(m)
            if allies:  # the least valuable ally chump-blocks the villain
                blocked = min(allies, key=lambda a: (_c(g, a).atk or 0) + (_c(g, a).thw or 0) + _hp_left(g, a))
                inc -= va
            elif hl - inc <= 3:  # the hero defends (and is exhausted next turn)
                inc -= min(va, g.defv(idu))
                x -= w["exh"]
            x -= w["loss"] / n * _sig((inc - hl + w["dmargin"]) / w["dscale"])
            hl = max(0.0, hl - inc)
        x += w["hp"] * min(hl, 12) + w["hpsafe"] * (1.0 - math.exp(-hl / 4.0))
        if g._form[p] and not pre:
            dg = _danger(g, p)
            if hl <= dg:
                x -= w["hurt"] * (1.0 + (dg - hl) * 0.25)
        if g.exh[idu] and not pre:
            x -= w["exh"]
        for a in g.play[p]:
            c = _c(g, a)
            t = c.type
            if t == "ally":
                al = _hp_left(g, a) if a != blocked else 0
                x += w["ally"] * ((c.atk or 0) + (c.thw or 0) + 1.0) * min(1.0, 0.4 + 0.3 * al) * (
                    0.7 if g.exh[a] and not pre else 1.0)
            elif t in ("upgrade", "support"):
                x += w["upgrade"]
        x += w["hand"] * (g.hand_size(p) if pre else min(len(g.hand[p]), 7))  # drawn up at the phase's end
    if g.over:  # lost: still prefer the positions that were closer to winning
        x -= 50.0
    return x


def evaluate(state: Any, seat: int) -> float:
    r = state.result
    if r is not None:
        return r.reward(seat)
    # a gentle squash: values run from about -30 (hopeless) to 0 (nearly won), and ISMCTS needs them apart
    return min(1.0, max(0.0, 0.5 + math.atan((value(state, seat) + 5.0) / 8.0) / math.pi))


# ----------------------------------------------------------------------------- the quick policy


def _turn_scores(g: Any, p: int, opts: Any, rng: Rng) -> str:
    hero = g._form[p]
    idu = g.ident[p]
    ms = g.mscheme
    tgt = g.target(ms)
    thr = g.thr[ms]
    inflow = _inflow(g)
    hl = _hp_left(g, idu)
    need_thw = thr + inflow >= tgt - 0.5  # the next villain phase could complete the scheme
    pressure = thr / max(1, tgt)
    best, bs = "end", -1e9
    total_ally = len([a for a in g.play[p] if _c(g, a).type == "ally"])
    for o in opts:
        oid = o.id
        k = oid.split(":", 1)[0]
        s = 0.0
        if k == "play":
            u = int(oid[5:])
            c = _c(g, u)
            t = c.type
            if t == "ally":
                s = 70 if total_ally < 3 else 20
            elif t == "upgrade":
                s = 66
            elif t == "support":
                s = 64
            elif t == "event":
                s = 50
                txt = c.text.lower()
                if "threat" in txt and need_thw:
                    s = 92
                elif "heal" in txt and hl > 6:
                    s = 5
                if "damage" in txt and g.st[idu] & 1 or "threat" in txt and g.st[idu] & 2:
                    s = 4  # stunned / confused: the event would only discard the status card
            else:
                s = 40
        elif k == "use":
            s = 60
            u = int(oid[4:])
            if _c(g, u).code == "01006" and g.dmg[idu] < 3:  # Aunt May: only when hurt
                s = 5
        elif k == "req":
            s = 30
        elif k in ("thw", "athw"):
            sc = int(oid.rsplit(":", 1)[1])
            if k == "thw" and g.st[idu] & 2:
                s = 89  # a basic thwart just discards the confusion
            elif not g.thr[sc]:
                s = -50  # legal, but removes nothing
            elif sc == ms:
                s = 96 if need_thw else 35 + 45 * pressure
            else:
                c = _c(g, sc)
                s = 48 + 25 * c.crisis + 10 * (c.accel + c.hazard) + 20 * pressure
                if g.thr[sc] <= (g.thw(idu) if k == "thw" else 1):
                    s += 8
            if k == "athw":
                s -= 1
                a = int(oid.split(":")[1])
                if _c(g, a).thw_cost and _hp_left(g, a) <= _c(g, a).thw_cost and not need_thw:
                    s -= 10
        elif k == "reqh":
            s = -100  # asking another bot seat to play from its hand: the bots decline (see quick)
        elif k in ("atk", "aatk"):
            e = int(oid.rsplit(":", 1)[1])
            s = 58
            if k == "atk" and g.st[idu] & 1:
                s = 90  # a basic attack just discards the stun: do it first
            if e != g.villain:
                a = g.atk(idu) if k == "atk" else g.atk(int(oid.split(":")[1]))
                s = 64 if _hp_left(g, e) <= a else 57
            if k == "aatk":
                s -= 1
                a = int(oid.split(":")[1])
                if _c(g, a).atk_cost and _hp_left(g, a) <= _c(g, a).atk_cost:
                    s -= 10
        elif k == "rec":
            s = 75 if g.dmg[idu] >= 2 else 3
        elif k == "flip":
            if hero:
                # to alter-ego only when the hero would be in danger and the scheme can take the extra schemes
                ae_inflow = _inflow(g, {p: True})
                safe = thr + ae_inflow < tgt - 1
                s = 12 if (hl <= _danger(g, p) + 1 and safe) else -1
            else:
                ae_inflow = inflow
                h_inflow = _inflow(g, {p: False})
                risky = thr + ae_inflow >= tgt - 1
                if hl > _danger(g, p) + 2 or (risky and hl > _danger(g, p)):
                    s = 80 if g.exh[idu] or g.dmg[idu] < 2 else 11
                else:
                    s = 1 if thr + h_inflow < tgt else 11
        elif k == "end":
            s = 10
        s += rng.random() * 0.3
        if s > bs:
            best, bs = oid, s
    return best


def _choose_target(g: Any, f: tuple, opts: Any) -> str:
    _, p, sel, then, prompt, optional, src = f
    step = then[0][0] if then else ""
    n = then[0][2] if then and len(then[0]) > 2 and isinstance(then[0][2], int) else 1
    ms = g.mscheme
    best, bs = opts[0].id, -1e9
    for o in opts:
        if o.id == "skip":
            s = 0.0
        else:
            u = int(o.id[2:])
            c = _c(g, u)
            own = g.owner[u] >= 0
            s = 1.0
            if step == "rthreat":
                if u == ms:
                    tgt = g.target(ms)
                    s = 10 + 10 * g.thr[ms] / max(1, tgt) + (20 if g.thr[ms] + _inflow(g) >= tgt else 0)
                else:
                    s = 8 + 6 * (c.accel + c.hazard + 2 * c.crisis) + (6 if g.thr[u] <= n else 0) + g.thr[u] * 0.5
                if not g.thr[u]:
                    s -= 15
            elif step in ("dmg", "eattack", "stun", "confuse"):
                if own:
                    s = -5 - (_card_keep(c) if g.ident[g.owner[u]] != u else 10)
                elif u == g.villain:
                    s = 6
                else:
                    s = 5 + (8 if _hp_left(g, u) <= n else 0) + g.atk(u) + g.sch(u)
                    if step in ("stun", "confuse"):
                        s = 3 + g.atk(u)
                    if step == "stun":
                        s -= 2
            elif step == "heal":
                s = g.dmg[u] + (3 if own and g.ident[g.owner[u]] == u else 0)
            elif step == "discard":
                s = -_card_keep(c) if own else 5
            elif step == "attach":
                s = 5 if u == g.villain else 3 + g.atk(u)
            else:
                s = 2 if own and g.owner[u] == p else 1
        if s > bs:
            best, bs = o.id, s
    return best


def quick(g: Any, rng: Rng) -> str:
    """Greedy choice for whoever decides in ``g`` (a determinized copy)."""
    d = g.decision
    opts = d.options
    if len(opts) == 1:
        return opts[0].id
    kind = d.kind
    p = d.seat
    if kind == "turn":
        return _turn_scores(g, p, opts, rng)
    if kind == "pay":
        best, bs = opts[0].id, -1e9
        f = g.stack[-1]
        need = f[2]
        for o in opts:
            if not o.id.startswith(("pay:", "res:")):
                continue  # "cancel" (take the payment back) and "done" are not sources
            u = int(o.id[4:])
            if o.id.startswith("res:"):
                s = 10.0
            else:
                c = _c(g, u)
                s = -_card_keep(c) - 1.5 * max(0, len(c.res) - need)
            if s > bs:
                best, bs = o.id, s
        return best
    if kind == "defend":
        return _defend(g, p, opts)
    if kind == "choose":
        return _choose_target(g, g.stack[-1], opts)
    if kind == "optwin":
        # responses are usually free value (Spider-Sense, Backflip, Emergency...)
        ids = [o.id for o in opts if o.id != "pass"]
        return ids[0] if ids else "pass"
    if kind in ("mulligan", "hdisc"):
        ids = [o.id for o in opts]
        if "keep" in ids:
            return "keep"
        worst, ws = opts[0].id, 1e9
        for o in opts:
            s = _card_keep(_c(g, int(o.id[2:])))
            if s < ws:
                worst, ws = o.id, s
        return worst
    if kind == "over_limit":
        worst, ws = opts[0].id, 1e9
        for o in opts:
            u = int(o.id[2:])
            s = _hp_left(g, u) + (_c(g, u).atk or 0) + (_c(g, u).thw or 0)
            if s < ws:
                worst, ws = o.id, s
        return worst
    if kind == "indirect":
        # put indirect damage on the character with the most hit points left (the identity if healthy)
        best, bs = opts[0].id, -1e9
        for o in opts:
            u = int(o.id[2:])
            s = _hp_left(g, u) + (2 if g.owner[u] >= 0 and g.ident[g.owner[u]] == u else 0)
            if s > bs:
                best, bs = o.id, s
        return best
    if kind == "request_hand":
        return "decline"
    if kind == "request":
        return "accept" if any(o.id == "accept" for o in opts) else opts[0].id
    if kind == "pick_first":
        return opts[0].id
    return opts[rng.randbelow(len(opts))].id


def _defend(g: Any, p: int, opts: Any) -> str:
    f = g.stack[-1]
    e = f[1]
    attacked = f[2]
    hl = _hp_left(g, g.ident[attacked])
    hit = g.atk(e) + (1.3 if f[3] & 1 else 0)
    ids = [o.id for o in opts]
    if attacked != p and hl - hit > 0:
        return "nodef" if "nodef" in ids else ids[0]  # another player's hero survives the attack: let them choose
    # chump-block with the least valuable ally, or one that survives
    best_ally, ba = None, -1e9
    for i in ids:
        if i.startswith("def:") and i != "def:hero":
            a = int(i[4:])
            c = _c(g, a)
            s = (3 if _hp_left(g, a) > hit else 0) - ((c.atk or 0) + (c.thw or 0)) + (2 if g.code[a] == "01084" else 0)
            if s > ba:
                best_ally, ba = i, s
    if hl - hit <= 3 or (best_ally is not None and ba >= 3):
        if best_ally is not None:
            return best_ally
        if "def:hero" in ids:
            return "def:hero"
    if "def:hero" in ids and hl - hit <= 1:
        return "def:hero"
    return "nodef" if "nodef" in ids else ids[0]


def rollout_choice(state: Any, rng: Rng) -> str:
    """Rollout policy for ISMCTS (it runs on determinizations): the quick greedy policy, with a little
    randomness so the rollouts are not all alike."""
    d = state.decision
    if rng.random() < 0.1:
        opts = d.options
        return opts[rng.randbelow(len(opts))].id
    return quick(state, rng)


# ----------------------------------------------------------------------------- the bot

LOOK_KINDS = frozenset({"turn", "defend", "modal", "choose", "optwin", "over_limit"})


def _last_turn(g: Any) -> bool:
    """Whether the turn being played is the last one of this player phase (no other turn to start)."""
    return not any(f[0] == "tstart" for f in g.stack)


def _playout(g: Any, rnd: int, rng: Rng, player_phase: bool, cap: int = 250,
             end_turn: int = -1) -> tuple[Any, bool]:
    """Play on with :func:`quick`: to the end of the player phase (``player_phase``), else to the next
    round's first player turn (after the villain phase). Returns the state and whether the playout stopped
    just before the last turn of the phase ended (the state is then to be valued ``as_ended``): ending a turn
    runs the end of the phase and, with no question on the way (an empty hand), on into the villain phase,
    so the playouts stop before it, all at the same point. ``end_turn``: that seat ends its turn at its first turn
    menu (answering only the questions the action being judged asks)."""
    steps = 0
    while not g.over and steps < cap:
        if player_phase and g.turn == -1:
            break
        d = g.decision
        if d.seat is None:
            break
        if d.kind == "turn" and g.rnd > rnd:
            break
        a = "end" if d.seat == end_turn and d.kind == "turn" and any(o.id == "end" for o in d.options) else quick(g, rng)
        if player_phase and a == "end" and d.kind == "turn" and _last_turn(g):
            return g, True
        g.apply(a)
        steps += 1
    return g, False


class HeuristicBot:
    """Heuristic + shallow determinized lookahead (see the module docstring). Options: ``dets`` (number
    of determinizations per lookahead in the villain phase, default 6; ``pdets`` in the player phase, default 3), ``look`` (0 disables the lookahead)."""

    name = "champions-heuristic"

    def __init__(self, game: Any, seat: int, seed: int = 0, dets: int = 6, pdets: int = 3, look: int = 1,
                 stop: int = 1, **opts: Any) -> None:
        self.seat = seat
        self.stop = int(stop)
        self.rng = Rng(seed * 7919 + seat + 1)
        self.dets = int(dets)
        self.pdets = int(pdets)
        self.look = int(look)

    def choose(self, state: Any) -> str:
        d = state.decision
        opts = d.options
        if len(opts) == 1:
            return opts[0].id
        rng = self.rng
        if not self.look or d.kind not in LOOK_KINDS:
            det = state.resample(self.seat, rng)
            return quick(det, rng)
        if d.kind == "turn":  # requests to another seat's hand are declined by the bots: not worth a lookahead
            opts = tuple(o for o in opts if not o.id.startswith("reqh:")) or opts
        pp = state.turn != -1
        dets = [state.resample(self.seat, rng) for _ in range(self.dets if not pp else self.pdets)]
        seeds = [rng.next_u64() for _ in dets]
        rnd = state.rnd
        # a turn action is judged twice: followed by the quick policy to the end of the turn, and followed by
        # ending the turn at once; it scores the better of the two (averaged over the deals), so a good action
        # is not blamed for a poor move the quick policy would make after it
        stop = self.stop and pp and d.kind == "turn" and any(o.id == "end" for o in opts)
        best, bs = opts[0].id, -1e18
        for o in opts:
            tot = tot_end = 0.0
            for det, sd in zip(dets, seeds, strict=True):
                g = det.clone()
                g.rng = Rng(sd)
                if pp and o.id == "end" and d.kind == "turn" and _last_turn(g):
                    tot += value(g, self.seat, as_ended=True)  # the phase ends: value it before the villain's
                    tot_end = -1e18
                    continue
                g.apply(o.id)
                if stop and o.id != "end":
                    h, ended = _playout(g.clone(), rnd, Rng(sd ^ 0x5DEECE66D), pp, end_turn=d.seat)
                    tot_end += value(h, self.seat, as_ended=ended)
                else:
                    tot_end = -1e18
                g, ended = _playout(g, rnd, Rng(sd ^ 0x5DEECE66D), pp)
                tot += value(g, self.seat, as_ended=ended)
            tot = max(tot, tot_end)
            if tot > bs:
                best, bs = o.id, tot
        return best


class QuickBot(HeuristicBot):
    """:func:`quick` on one determinization, no lookahead (the base of ``easy``)."""

    name = "champions-quick"

    def __init__(self, game: Any, seat: int, seed: int = 0, look: int = 0, **opts: Any) -> None:
        super().__init__(game, seat, seed=seed, look=look, **opts)


class DeepBot(HeuristicBot):
    """The heuristic's lookahead over three times as many determinizations (``hard``): each option is
    judged on 18 deals in the villain phase and 9 in the player phase instead of 6 and 3."""

    name = "champions-deep"

    def __init__(self, game: Any, seat: int, seed: int = 0, dets: int = 18, pdets: int = 9, **opts: Any) -> None:
        super().__init__(game, seat, seed=seed, dets=dets, pdets=pdets, **opts)


#: the bots champions offers by name (game.bots() returns a copy): the heuristic under its own name, and
#: the levels for people (easy: no lookahead and some random moves; normal: the heuristic; hard: a deeper
#: lookahead)
BOTS: dict[str, type] = {
    "champions-heuristic": HeuristicBot,
    "easy": noisy(QuickBot, "easy", 0.2),
    "normal": HeuristicBot,
    "hard": DeepBot,
}
