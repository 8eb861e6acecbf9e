"""Leadership aspect cards."""

from __future__ import annotations

from capes.games.champions.cards import action, cont, enters, mark, play, stat, trigger
from capes.games.champions.data import CARDS


@enters("01066")  # Hawkeye: enters play with 4 arrow counters (not Uses: he stays when they are gone)
def hawkeye_enters(g, p, me):
    g.cnt[me] = 4


@trigger("01066", "minion_entered", kind="optional",
         can=lambda g, p, me, i: g.ctrl(me) == p and g.cnt[me] > 0 and g.ev(i)[2] in g.eplay)
def hawkeye(g, p, me, i):
    """Response: after a minion enters play, remove an arrow counter to deal it 2 damage."""
    g.cnt[me] -= 1
    g.damage(g.ev(i)[2], 2, me)


@stat("01073", "ally_limit")  # The Triskelion: your ally limit is 1 higher (champions/rr/ally-limit)
def triskelion(g, me, target):
    p = g.ctrl(me)
    return 1 if me in g.play[p] and target == g.ident[p] else 0


@enters("01067")  # Maria Hill: response, each player draws 1 card
def maria_hill(g, p, me):
    g.modal(p, [("Maria Hill: each player draws 1 card", tuple(("draw", q, 1) for q in g.order())),
                ("Decline", ())])


# Vision: action (once per round): spend an energy resource -> +2 ATK or +2 THW until the end of the phase.
@action("01068", can=lambda g, p, me: g.ctrl(me) == p and not g.used_once(p, f"vision:{me}")
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
    g.boost_stat(me, which, 2, "phase")


@play("01069", can=lambda g, p, me: any(g.allies(q) for q in range(g.n)))  # Get Ready
def get_ready(g, p, me):
    us = [a for q in g.order() for a in g.allies(q)]
    ex = [a for a in us if g.exh[a]] or us
    if len(ex) == 1:
        g.ready(ex[0])
    else:
        g.modal(p, [(f"Ready {g.name(a)}", (("ready", a),)) for a in ex])


@play("01070", form="hero")  # Lead from the Front
def lead_from_the_front(g, p, me):
    g.choose(p, "player", (("call", "leadership.lftf_set", "@"),), "Lead from the Front: which player?")


@cont
def lftf_set(g, ident):
    """Each character the chosen player controls (now) gets +1 THW and +1 ATK until the end of the phase."""
    q = g.owner[ident]
    for u in [g.ident[q], *g.allies(q)]:
        g.boost_stat(u, "thw", 1, "phase")
        g.boost_stat(u, "atk", 1, "phase")
    g.emit("champions/rr/hero-action", f"Lead from the Front: player {q + 1}'s characters get +1 THW and +1 ATK "
           "until the end of the phase.")


def _call_targets(g, p):
    """Allies Make the Call can bring back: from any (living) player's discard pile, whose printed cost
    ``p`` can pay (champions/rr/control)."""
    out = []
    for q in g.order():
        for u in g.disc[q]:
            c = CARDS[g.code[u]]
            if c.type != "ally" or (c.unique and g._unique_in_play(c.name, c.subname)):
                continue
            if g.can_afford(p, c.cost or 0, "", -1, -1):
                out.append(u)
    return out


@play("01071", can=lambda g, p, me: bool(_call_targets(g, p)))  # Make the Call
def make_the_call(g, p, me):
    seen = {}
    for u in _call_targets(g, p):
        seen.setdefault((g.owner[u], g.code[u]), u)
    g.modal(p, [(f"Pay {CARDS[g.code[u]].cost} to put {g.name(u)} (player {g.owner[u] + 1}'s discard pile) "
                 "into play", (("pay", p, CARDS[g.code[u]].cost or 0, "", -1, "",
                                ("call", "leadership.call_in", p, u)),))
                for u in seen.values()])


@cont
def call_in(g, p, u, paid=""):
    """The ally enters play under ``p``'s control; it still belongs to its owner (champions/rr/control):
    it counts toward p's ally limit and goes to its owner's discard pile when it leaves play."""
    o = g.owner[u]
    if u not in g.disc[o]:
        return
    g.disc[o].remove(u)
    g.play[p].append(u)
    g.set_ctrl(u, p)
    g.exh[u] = 0
    g.dmg[u] = 0
    g.cnt[u] = CARDS[g.code[u]].kw("uses")
    g.emit("champions/summary/actions/play", f"Make the Call: {g.name(u)} enters play.")
    g.push(("entered", p, u))


# The Power of Leadership: resource doubling is applied by the engine (State.res_of).
mark("01072", "leadership")


@enters("01074")  # Inspired: attach to an ally (max 1 per ally): +1 THW and +1 ATK
def inspired(g, p, me):
    """It can be played only while an ally can take it (State.playable, attach: ally); should none be left
    when it enters play, it is discarded."""
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
