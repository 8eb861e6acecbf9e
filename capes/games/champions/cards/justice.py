"""Justice aspect cards."""

from capes.games.champions.cards import action, play, stat, trigger


@trigger("01058", "after_thwart", kind="optional", can=lambda g, p, me, i: g.ev(i)[2] == me)  # Daredevil
def daredevil(g, p, me, i):
    g.choose(p, "enemy", (("dmg", "@", 1, me, 0),), "Daredevil: 1 damage to")


@stat("01059", "thw")  # Jessica Jones
def jessica_jones(g, me, target):
    return len(g.sides()) if target == me else 0


@play("01060", form="hero", can=lambda g, p, me: any(g.thr[s] for s in g.thwartable(p)))  # For Justice!
def for_justice(g, p, me):
    n = 4 if ("M" in g.paid or "W" in g.paid) else 3
    g.thwart_with_event(p, n, me)


@trigger("01061", "threat", kind="optional", where="hand", form="hero",
         can=lambda g, p, me, i: g.ev(i)[2] > 0)  # Great Responsibility
def great_responsibility(g, p, me, i):
    n = g.ev(i)[2]
    g.ev_set(i, 2, 0)
    g.damage(g.ident[p], n, -1)


# The Power of Justice: resource doubling is applied by the engine (State.res_of).
__import__("capes.games.champions.cards", fromlist=["mark"]).mark("01062", "justice")


@trigger("01063", "minion_defeated", kind="optional",
         can=lambda g, p, me, i: not g.exh[me] and g.ev(i)[3] == p)  # Interrogation Room
def interrogation_room(g, p, me, i):
    g.exhaust(me)
    g.choose(p, "thwartable", (("rthreat", "@", 1, me),), "Interrogation Room: remove 1 threat from")


@action("01064", can=lambda g, p, me: not g.exh[me] and g.cnt[me] > 0 and g.ctrl(me) == p)  # Surveillance Team
def surveillance_team(g, p, me):
    g.exhaust(me)
    g.spend_uses(me)
    g.choose(p, "thwartable", (("rthreat", "@", 1, me),), "Surveillance Team: remove 1 threat from")


@stat("01065", "thw")  # Heroic Intuition
def heroic_intuition(g, me, target):
    return 1 if g.att[me] == target else 0
