"""Aggression aspect cards."""

from capes.games.champions.cards import action, cont, mark, play, stat, trigger
from capes.games.champions.data import CARDS


@trigger("01050", "after_attack", kind="forced", can=lambda g, p, me, i: g.ev(i)[2] == me)  # Hulk
def hulk(g, p, me, i):
    from capes.games.champions.flow import discard_top
    top = discard_top(g, p, 1)
    if not top:
        return
    r = CARDS[g.code[top[0]]].res
    if "P" in r or "W" in r:
        g.choose(p, "enemy", (("dmg", "@", 2, me, 0),), "Hulk: 2 damage to")
    if "E" in r or "W" in r:
        for u in g.friendly() + g.enemies():
            g.damage(u, 1, me)
    if "M" in r or "W" in r:
        g.discard(me)


def _defeated_target(g, i):
    e = g.ev(i)[3]
    return e not in g.eplay and g.ctype(e) == "minion"


@trigger("01051", "after_attack", kind="optional", can=lambda g, p, me, i: g.ev(i)[2] == me and _defeated_target(g, i))
def tigra(g, p, me, i):
    g.heal(me, 1)


@trigger("01052", "after_attack", kind="optional", where="hand",
         can=lambda g, p, me, i: g.ev(i)[2] == g.ident[p] and (_defeated_target(g, i) or g.ev(i)[3] in g.removed))
def chase_them_down(g, p, me, i):
    g.thwart_with_event(p, 2, me)


@play("01053", form="hero", can=lambda g, p, me: bool(g.minions()))  # Relentless Assault
def relentless_assault(g, p, me):
    g.attack_with_event(p, "minion", 5, me, 2 if ("P" in g.paid or "W" in g.paid) else 0)


@play("01054", form="hero")  # Uppercut
def uppercut(g, p, me):
    g.attack_with_event(p, "attackable", 5, me)


mark("01055", "aggression")


@action("01056", can=lambda g, p, me: g.ctrl(me) == p and not g.exh[me] and g.cnt[me] > 0)  # Tac Team
def tac_team(g, p, me):
    g.exhaust(me)
    g.spend_uses(me)
    g.choose(p, "enemy", (("dmg", "@", 2, me, 0),), "Tac Team: 2 damage to")


@stat("01057", "atk")  # Combat Training
def combat_training(g, me, target):
    return 1 if g.att[me] == target else 0


_ = cont
