"""The Expert encounter set."""

from capes.games.champions.cards import revealed


@revealed("01191")  # Exhaustion (surge from keywords)
def exhaustion(g, p, me):
    g.exhaust(g.ident[p])


@revealed("01192")  # Masterplan
def masterplan(g, p, me):
    sides = g.sides()
    if sides:
        for s in sides:
            g.add_threat(s, 4)
        return
    from capes.games.champions.flow import enc_draw
    while True:
        u = enc_draw(g)
        if u < 0:
            return
        if g.ctype(u) == "side_scheme":
            g.reveal_card(u, p)
            return
        g.edisc.append(u)


@revealed("01193")  # Under Fire (surge from keywords)
def under_fire(g, p, me):
    from capes.games.champions.flow import enc_draw
    u = enc_draw(g)
    if u >= 0:
        g.reveal_card(u, p)
