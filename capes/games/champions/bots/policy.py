"""The quick greedy policy (:func:`quick`) for any seat of a determinized copy, and the ISMCTS rollout policy."""

from __future__ import annotations

from typing import Any

from capes.core.rng import Rng
from capes.games.champions.bots.estimates import card, card_keep, danger, hp_left, threat_inflow
from capes.games.champions.player_phase import grantable


def _turn_scores(g: Any, p: int, opts: Any, rng: Rng) -> str:
    hero = g._form[p]
    idu = g.ident[p]
    ms = g.mscheme
    tgt = g.target(ms)
    thr = g.thr[ms]
    # the threat the next villain phase brings (threat_inflow), found when the first option that weighs it comes up
    # (most menus have none): the same scores, without the estimate a menu does not read
    inflow = None

    def next_inflow() -> float:
        """threat_inflow(g), computed at the first read."""
        nonlocal inflow
        if inflow is None:
            inflow = threat_inflow(g)
        return inflow

    def need_thw() -> bool:
        """Whether the next villain phase could complete the scheme."""
        return thr + next_inflow() >= tgt - 0.5

    hl = hp_left(g, idu)
    pressure = thr / max(1, tgt)
    best, bs = "end", -1e9
    total_ally = len([a for a in g.play[p] if card(g, a).type == "ally"])
    for o in opts:
        oid = o.id
        k = oid.split(":", 1)[0]
        s = 0.0
        if k == "play":
            u = int(oid[5:])
            c = card(g, u)
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
                if "threat" in txt and need_thw():
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
            if card(g, u).code == "01006" and g.dmg[idu] < 3:  # Aunt May: only when hurt
                s = 5
        elif k == "req":
            # ask another player to use a card only when (on this deal) they can: a request they cannot grant
            # is declined and leaves the turn as it was, so a policy that asks again would ask for ever
            u = int(oid[4:])
            s = 30 if grantable(g, g.ctrl(u), u) else -1
        elif k in ("thw", "athw"):
            sc = int(oid.rsplit(":", 1)[1])
            if k == "thw" and g.st[idu] & 2:
                s = 89  # a basic thwart just discards the confusion
            elif not g.thr[sc]:
                s = -50  # legal, but removes nothing
            elif sc == ms:
                s = 96 if need_thw() else 35 + 45 * pressure
            else:
                c = card(g, sc)
                s = 48 + 25 * c.crisis + 10 * (c.accel + c.hazard) + 20 * pressure
                if g.thr[sc] <= (g.thw(idu) if k == "thw" else 1):
                    s += 8
            if k == "athw":
                s -= 1
                a = int(oid.split(":")[1])
                if card(g, a).thw_cost and hp_left(g, a) <= card(g, a).thw_cost and not need_thw():
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
                s = 64 if hp_left(g, e) <= a else 57
            if k == "aatk":
                s -= 1
                a = int(oid.split(":")[1])
                if card(g, a).atk_cost and hp_left(g, a) <= card(g, a).atk_cost:
                    s -= 10
        elif k == "rec":
            s = 75 if g.dmg[idu] >= 2 else 3
        elif k == "flip":
            # (each estimate is computed only where the score reads it; they are pure, so the scores are the same)
            if hero:
                # to alter-ego only when the hero would be in danger and the scheme can take the extra schemes
                s = 12 if hl <= danger(g, p) + 1 and thr + threat_inflow(g, {p: True}) < tgt - 1 else -1
            else:
                risky = thr + next_inflow() >= tgt - 1  # the threat as it comes with this alter-ego staying so
                dg = danger(g, p)
                if hl > dg + 2 or (risky and hl > dg):
                    s = 80 if g.exh[idu] or g.dmg[idu] < 2 else 11
                else:
                    s = 1 if thr + threat_inflow(g, {p: False}) < tgt else 11
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
            c = card(g, u)
            own = g.owner[u] >= 0
            s = 1.0
            if step == "rthreat":
                if u == ms:
                    tgt = g.target(ms)
                    s = 10 + 10 * g.thr[ms] / max(1, tgt) + (20 if g.thr[ms] + threat_inflow(g) >= tgt else 0)
                else:
                    s = 8 + 6 * (c.accel + c.hazard + 2 * c.crisis) + (6 if g.thr[u] <= n else 0) + g.thr[u] * 0.5
                if not g.thr[u]:
                    s -= 15
            elif step in ("dmg", "eattack", "stun", "confuse"):
                if own:
                    s = -5 - (card_keep(c) if g.ident[g.owner[u]] != u else 10)
                elif u == g.villain:
                    s = 6
                else:
                    s = 5 + (8 if hp_left(g, u) <= n else 0) + g.atk(u) + g.sch(u)
                    if step in ("stun", "confuse"):
                        s = 3 + g.atk(u)
                    if step == "stun":
                        s -= 2
            elif step == "heal":
                s = g.dmg[u] + (3 if own and g.ident[g.owner[u]] == u else 0)
            elif step == "discard":
                s = -card_keep(c) if own else 5
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
                c = card(g, u)
                s = -card_keep(c) - 1.5 * max(0, len(c.res) - need)
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
            s = card_keep(card(g, int(o.id[2:])))
            if s < ws:
                worst, ws = o.id, s
        return worst
    if kind == "over_limit":
        worst, ws = opts[0].id, 1e9
        for o in opts:
            u = int(o.id[2:])
            s = hp_left(g, u) + (card(g, u).atk or 0) + (card(g, u).thw or 0)
            if s < ws:
                worst, ws = o.id, s
        return worst
    if kind == "indirect":
        # put indirect damage on the character with the most hit points left (the identity if healthy)
        best, bs = opts[0].id, -1e9
        for o in opts:
            u = int(o.id[2:])
            s = hp_left(g, u) + (2 if g.owner[u] >= 0 and g.ident[g.owner[u]] == u else 0)
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
    hl = hp_left(g, g.ident[attacked])
    hit = g.atk(e) + (1.3 if f[3] & 1 else 0)
    ids = [o.id for o in opts]
    if attacked != p and hl - hit > 0:
        return "nodef" if "nodef" in ids else ids[0]  # another player's hero survives the attack: let them choose
    # chump-block with the least valuable ally, or one that survives
    best_ally, ba = None, -1e9
    for i in ids:
        if i.startswith("def:") and i != "def:hero":
            a = int(i[4:])
            c = card(g, a)
            s = (3 if hp_left(g, a) > hit else 0) - ((c.atk or 0) + (c.thw or 0)) + (2 if g.code[a] == "01084" else 0)
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

