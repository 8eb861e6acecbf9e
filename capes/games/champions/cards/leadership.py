"""Leadership aspect cards.

Not scripted (the engine has no hook for them yet; see the session report): Hawkeye (01066) responds
"after a minion enters play" and no rules step announces that; The Triskelion (01073) raises the ally
limit, which the engine fixes at 3.
"""

from __future__ import annotations

from capes.games.champions.cards import action, cont, enters, mark, play, stat, trigger
from capes.games.champions.data import CARDS


# ---------------------------------------------------------------- written, waiting for engine hooks
def hawkeye_enters(g, p, me):
    g.cnt[me] = 4  # arrow counters (not Uses: he stays in play when they are gone)


def hawkeye(g, p, me, i):
    """Hawkeye (01066): response after a minion enters play: remove an arrow counter, 2 damage to it.
    Needs an engine event ``("evt", "minion_entered", minion, player)`` after flow._engage; register with
    :func:`register_hawkeye` once it exists."""
    g.cnt[me] -= 1
    g.damage(g.ev(i)[2], 2, me)


def register_hawkeye() -> None:
    enters("01066")(hawkeye_enters)
    trigger("01066", "minion_entered", kind="optional",
            can=lambda g, p, me, i: g.cnt[me] > 0 and g.ev(i)[2] in g.eplay)(hawkeye)


def triskelion(g, me, target):
    """The Triskelion (01073): your ally limit is 1 higher. Needs the engine to read the ally limit as
    ``3 + g._mod("ally_limit", g.ident[p])`` (flow._entered/_over_build); register with
    :func:`register_triskelion`."""
    p = g.owner[me]
    return 1 if me in g.play[p] and target == g.ident[p] else 0


def register_triskelion() -> None:
    stat("01073", "ally_limit")(triskelion)


@enters("01067")  # Maria Hill: response, each player draws 1 card
def maria_hill(g, p, me):
    g.modal(p, [("Maria Hill: each player draws 1 card", tuple(("draw", q, 1) for q in g.order())),
                ("Decline", ())])


# Vision: action (once per round): spend an energy resource -> +2 ATK or +2 THW until the end of the phase.
@action("01068", can=lambda g, p, me: g.owner[me] == p and not g.used_once(p, f"vision:{me}")
        and g.can_afford(p, 1, "E", -1, -1))
def vision(g, p, me):
    g.use_once(p, f"vision:{me}")
    g.pay(p, 1, "E", ("call", "leadership.vision_pick", p, me))


@cont
def vision_pick(g, p, me, paid=""):
    g.modal(p, [("Vision gets +2 ATK until the end of the phase", (("call", "leadership.vision_set", me, "atk"),)),
                ("Vision gets +2 THW until the end of the phase", (("call", "leadership.vision_set", me, "thw"),))])


@cont
def vision_set(g, me, which):
    g.mods.append(("round", "vision", me, which))


def _phase_mod(g, me, which) -> int:
    # "until the end of the phase": action abilities are used in the player phase (turn >= 0)
    if g.turn < 0:
        return 0
    return 2 * sum(1 for m in g.mods if m[0] == "round" and m[1] == "vision" and m[2] == me and m[3] == which)


@stat("01068", "atk")
def vision_atk(g, me, target):
    return _phase_mod(g, me, "atk") if target == me else 0


@stat("01068", "thw")
def vision_thw(g, me, target):
    return _phase_mod(g, me, "thw") if target == me else 0


@play("01069", can=lambda g, p, me: any(g.allies(q) for q in range(g.n)))  # Get Ready
def get_ready(g, p, me):
    us = [a for q in g.order() for a in g.allies(q)]
    ex = [a for a in us if g.exh[a]] or us
    if len(ex) == 1:
        g.ready(ex[0])
    else:
        g.modal(p, [(f"Ready {g.name(a)}", (("ready", a),)) for a in ex])


# Lead from the Front: hero action, each character a chosen player controls gets +1 THW and +1 ATK
# until the end of the phase. The engine has no lasting stat effects for events, so the card stays in
# its owner's play area as the reminder of the effect until the round ends (no effect after the phase).
@play("01070", form="hero")
def lead_from_the_front(g, p, me):
    if me in g.disc[p]:
        g.disc[p].remove(me)
    g.play[p].append(me)
    g.cnt[me] = 0
    g.choose(p, "player", (("call", "leadership.lftf_set", me, "@"),), "Lead from the Front: which player?")


@cont
def lftf_set(g, me, ident):
    g.cnt[me] = g.owner[ident] + 1
    g.emit("champions/summary/actions/play", f"Each character player {g.owner[ident] + 1} controls gets +1 THW "
           "and +1 ATK until the end of the phase.")


def _lftf(g, me, target) -> int:
    q = g.cnt[me] - 1
    if q < 0 or g.turn < 0 or g.code[me] != "01070":
        return 0
    return 1 if target == g.ident[q] or target in g.allies(q) else 0


stat("01070", "atk")(_lftf)
stat("01070", "thw")(_lftf)


@trigger("01070", "round_end", kind="forced")
def lead_from_the_front_ends(g, p, me, i):
    g.discard(me)


def _call_targets(g, p):
    """Allies Make the Call can bring back: from your own discard pile (see the report), affordable."""
    out = []
    for u in g.disc[p]:
        c = CARDS[g.code[u]]
        if c.type != "ally" or (c.unique and g._unique_in_play(c.name, c.subname)):
            continue
        if g.can_afford(p, c.cost or 0, "", -1, -1) and u not in out:
            out.append(u)
    return out


@play("01071", can=lambda g, p, me: bool(_call_targets(g, p)))  # Make the Call
def make_the_call(g, p, me):
    seen = {}
    for u in _call_targets(g, p):
        seen.setdefault(g.code[u], u)
    g.modal(p, [(f"Pay {CARDS[g.code[u]].cost} to put {g.name(u)} into play", (
        ("pay", p, CARDS[g.code[u]].cost or 0, "", -1, "", ("call", "leadership.call_in", p, u)),))
        for u in seen.values()])


@cont
def call_in(g, p, u, paid=""):
    if u not in g.disc[p]:
        return
    g.disc[p].remove(u)
    g.play[p].append(u)
    g.exh[u] = 0
    g.dmg[u] = 0
    g.cnt[u] = CARDS[g.code[u]].kw("uses")
    g.emit("champions/summary/actions/play", f"Make the Call: {g.name(u)} enters play.")
    g.push(("entered", p, u))


# The Power of Leadership: resource doubling is applied by the engine (State.res_of).
mark("01072", "leadership")


@enters("01074")  # Inspired: attach to an ally (max 1 per ally): +1 THW and +1 ATK
def inspired(g, p, me):
    """Ruling: if no ally can take it when it enters play, it is discarded (the engine's playability check
    does not look at upgrades that attach to allies)."""
    g.att[me] = -1
    free = [a for q in g.order() for a in g.allies(q)
            if not any(g.code[x] == "01074" for x in g.attached(a) if x != me)]
    if not free:
        g.discard(me)
    elif len(free) == 1:
        g.att[me] = free[0]
    else:
        g.modal(p, [(f"Attach Inspired to {g.name(a)}", (("call", "leadership.inspire", me, a),)) for a in free])


@cont
def inspire(g, me, a):
    g.att[me] = a


def _inspired(g, me, target) -> int:
    return 1 if g.att[me] == target and target >= 0 and g.ctype(target) == "ally" else 0


stat("01074", "atk")(_inspired)
stat("01074", "thw")(_inspired)
