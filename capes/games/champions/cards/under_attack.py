"""Under Attack modular set."""

from __future__ import annotations

from capes.games.champions import cards as S
from capes.games.champions.cards import action, boost, cont, revealed, trigger
from capes.games.champions.cards.ultron import after_event
from capes.games.champions.engine import TOUGH


@revealed("01151")  # Under Attack (crisis icon from the data)
def under_attack(g, p, me):
    for q in g.order():
        g.push(("call", "under_attack.pick", q, me))


@cont
def pick(g, q, me):
    if not g.alive[q]:
        return
    g.modal(q, [("Place 2 threat on Under Attack", (("threat", me, 2, "card"),)),
                ("Deal 3 damage to your hero", (("dmg", g.ident[q], 3, me, 0),))])


def _discard_with(colors: str):
    def fn(g, p, me):
        g.exhaust(g.ident[p])
        g.pay_colors(p, colors, ("call", "under_attack.drop", me))
    return fn


@cont
def drop(g, me, paid=""):
    g.discard(me)


@trigger("01152", "dmg", kind="forced",
         can=lambda g, p, me, i: g.att[me] == g.villain == g.ev(i)[1] and g.ev(i)[2] > 0)
def vibranium_armor(g, p, me, i):
    # forced response: after the villain takes damage, it gets a tough status card (champions/rr/tough)
    after_event(g, i, ("call", "under_attack.armor_after", me, g.villain, g.dmg[g.villain]))


@cont
def armor_after(g, me, v, before):
    if v == g.villain and g.att[me] == v and g.dmg[v] > before:
        g.tough(v)


action("01152", form="hero", can=lambda g, p, me: me in g.eplay and not g.exh[g.ident[p]]
       and g.can_afford_colors(p, "PP"))(_discard_with("PP"))

# Concussion Blasters: the villain gains retaliate 1 (granted while attached)
S.GRANTS["01153"] = ("retaliate", 1)
action("01153", form="hero", can=lambda g, p, me: me in g.eplay and not g.exh[g.ident[p]]
       and g.can_afford_colors(p, "EE"))(_discard_with("EE"))


@revealed("01154")  # Concussive Blast
def concussive_blast(g, p, me):
    for u in g.friendly():
        g.damage(u, 1, me)


@boost("01154")
def concussive_blast_boost(g, p, me):
    for u in [g.ident[p], *g.allies(p)]:
        g.damage(u, 1, me)


_ = TOUGH
