"""Masters of Evil modular set."""

from capes.games.champions.cards import boost, cont, revealed, trigger
from capes.games.champions.engine import HERO

MOE = ("01129", "01130", "01131", "01132")


@revealed("01128")
def masters_of_evil(g, p, me):
    from capes.games.champions.cards.klaw import discard_until_minion
    discard_until_minion(g, g.first, lambda u: g.code[u] in MOE)


def _random_discard(g, p):
    if g.hand[p]:
        u = g.hand[p][g.rng.randbelow(len(g.hand[p]))]
        g.hand[p].remove(u)
        g.disc[p].append(u)


@trigger("01129", "enemy_attacked", kind="forced", can=lambda g, p, me, i: g.ev(i)[2] == me and g.ev(i)[4] == "attack")
def radioactive_man(g, p, me, i):
    _random_discard(g, g.ev(i)[3])


@boost("01129")
def radioactive_boost(g, p, me):
    _random_discard(g, p)


@trigger("01130", "attack_init", kind="forced",
         can=lambda g, p, me, i: g.ev(i)[1] == me and not g.ev(i)[4] and not g.ev(i)[3] & 2)
def whirlwind(g, p, me, i):
    target = g.ev(i)[2]
    for q in g.order():
        if q != target and g._form[q] == HERO:
            g.push(("attack", me, q, 2))  # flag 2: the copy does not trigger again


@boost("01130")
def whirlwind_boost(g, p, me):
    for q in g.order():
        if g._form[q] == HERO:
            g.damage(g.ident[q], 1, me)


@trigger("01131", "enemy_attacked", kind="forced", can=lambda g, p, me, i: g.ev(i)[2] == me and g.ev(i)[4] == "attack")
def tiger_shark(g, p, me, i):
    g.tough(me)


@boost("01131")
def tiger_shark_boost(g, p, me):
    g.tough(g.villain)


# Melter's "must defend with an ally" is applied by the defence question (flow._def_build).
@boost("01132")
def melter_boost(g, p, me):
    for a in g.allies(p):
        g.exhaust(a)


@revealed("01133")  # Masters of Mayhem
def masters_of_mayhem(g, p, me):
    made = False
    for m in g.minions():
        q = g.eng[m]
        if g.code[m] in MOE and g._form[q] == HERO:
            g.push(("attack", m, q, 0))
            made = True
    if not made:
        g.push(("call", "masters_of_evil.mayhem_search", p))


@cont
def mayhem_search(g, p):
    for lst in (g.edeck, g.edisc):
        for u in lst:
            if g.code[u] in MOE:
                g.remove_from_zones(u)
                g.rng.shuffle(g.edeck)
                g.push(("engage", u, p), ("call_revealed_if", u, p), ("quick", u, p))
                return
