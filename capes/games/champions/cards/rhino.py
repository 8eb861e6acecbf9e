"""Rhino scenario: villain stages, main scheme and the Rhino encounter set."""

from capes.games.champions.cards import action, cont, revealed, trigger
from capes.games.champions.engine import HERO


@revealed("01095")  # Rhino II
def rhino_2(g, p, me):
    u = g.find_encounter("01107")
    if u >= 0:
        g.remove_from_zones(u)
        g.rng.shuffle(g.edeck)
        g.reveal_card(u, p)


@revealed("01096")  # Rhino III
def rhino_3(g, p, me):
    for q in g.order():
        if g._form[q] == HERO:
            g.stun(g.ident[q])


@trigger("01098", "dmg", kind="forced", can=lambda g, p, me, i: g.ev(i)[1] == g.villain and g.ev(i)[2] > 0
         and g.att[me] == g.villain)  # Armored Rhino Suit
def armored_rhino_suit(g, p, me, i):
    n = g.ev(i)[2]
    g.ev_set(i, 2, 0)
    g.dmg[me] += n
    g.emit("champions/rr/damage", f"Armored Rhino Suit absorbs {n} damage ({g.dmg[me]}).")
    if g.dmg[me] >= 5:
        g.discard(me)


@trigger("01099", "attack_init", kind="forced", can=lambda g, p, me, i: g.ev(i)[1] == g.villain
         and g.att[me] == g.villain)  # Charge (+3 ATK from the data)
def charge(g, p, me, i):
    g.mods.append(("atk", "overkill", me))
    g.mods.append(("atk", "discard", me))


@action("01100", form="hero", can=lambda g, p, me: me in g.eplay and g.can_afford(p, 3, "P", -1, -1))  # Ivory Horn
def ivory_horn(g, p, me):
    g.pay(p, 3, "P", ("call", "rhino.discard_it", me))


@cont
def discard_it(g, me, paid=""):
    g.discard(me)


@revealed("01103")  # Shocker
def shocker(g, p, me):
    for q in g.order():
        if g._form[q] == HERO:
            g.damage(g.ident[q], 1, me)


@revealed("01104")  # Hard to Keep Down
def hard_to_keep_down(g, p, me):
    if not g.heal(g.villain, 4):
        g.surge(p)


@revealed("01105")  # "I'm Tough"
def im_tough(g, p, me):
    if g.st[g.villain] & 4:
        g.surge(p)
    else:
        g.tough(g.villain)


@revealed("01106")  # Stampede
def stampede(g, p, me):
    if g._form[p] != HERO:
        g.surge(p)
        return
    g.push(("call", "rhino.stampede_mark", me))
    g.villain_attacks(p)


@cont
def stampede_mark(g, me):
    g.mods.append(("atk", "stun_hit", me))


@revealed("01107")  # Breakin' & Takin'
def breakin_takin(g, p, me):
    g.threat_per_player(me)



