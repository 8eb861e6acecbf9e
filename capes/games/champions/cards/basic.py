"""Basic cards."""

from capes.games.champions.cards import action, enters, play, trigger


@enters("01083")  # Mockingbird
def mockingbird(g, p, me):
    g.choose(p, "enemy", (("stun", "@"),), "Mockingbird: stun", optional=True)


@enters("01084")  # Nick Fury
def nick_fury(g, p, me):
    g.modal(p, [
        ("Remove 2 threat from a scheme", (("choose", p, "thwartable", (("rthreat", "@", 2, me),), "Remove 2 threat from", False, me),)),
        ("Draw 3 cards", (("draw", p, 3),)),
        ("Deal 4 damage to an enemy", (("choose", p, "enemy", (("dmg", "@", 4, me, 0),), "4 damage to", False, me),)),
    ])


@trigger("01084", "round_end", kind="forced")
def nick_fury_leaves(g, p, me, i):
    g.discard(me)


@trigger("01085", "threat", kind="optional", where="hand",
         can=lambda g, p, me, i: g.ev(i)[3] == "vscheme" and g.ev(i)[2] > 0)  # Emergency
def emergency(g, p, me, i):
    g.ev_set(i, 2, g.ev(i)[2] - 1)


@play("01086", can=lambda g, p, me: any(g.dmg[u] for u in g.friendly()))  # First Aid
def first_aid(g, p, me):
    g.choose(p, "damaged_friendly", (("heal", "@", 2),), "First Aid: heal 2 damage from")


@play("01087", form="hero")  # Haymaker
def haymaker(g, p, me):
    g.attack_with_event(p, "attackable", 3, me)


@action("01091", can=lambda g, p, me: not g.exh[me] and g.ctrl(me) == p)  # Avengers Mansion
def avengers_mansion(g, p, me):
    g.exhaust(me)
    g.choose(p, "player", (("player_draw", "@", 1),), "Avengers Mansion: who draws 1 card?")


@action("01092", can=lambda g, p, me: not g.exh[me] and g.ctrl(me) == p)  # Helicarrier
def helicarrier(g, p, me):
    g.exhaust(me)
    g.choose(p, "player", (("call", "basic.discount", "@"),), "Helicarrier: whose next card costs 1 less?")


from capes.games.champions.cards import cont  # noqa: E402


@cont
def discount(g, ident):
    g.mods.append(("cost", g.owner[ident], 1))


@action("01093", form="hero", can=lambda g, p, me: g.ctrl(me) == p and g.can_afford(p, 1, "P", -1, -1))  # Tenacity
def tenacity(g, p, me):
    g.discard(me)
    g.pay(p, 1, "P", ("call", "basic.tenacity_ready", p))


@cont
def tenacity_ready(g, p, paid):
    g.ready(g.ident[p])
