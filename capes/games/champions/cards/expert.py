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
    # ruling 60: the search ends when the encounter deck runs out (the reshuffled discard pile is not searched)
    from capes.games.champions.flow import discard_until
    u = discard_until(g, p, lambda v: g.ctype(v) == "side_scheme")
    if u >= 0:
        g.reveal_card(u, p)
    else:
        g.emit("champions/rr/discard", "Masterplan: no side scheme is left in the encounter deck.")


@revealed("01193")  # Under Fire (surge from keywords)
def under_fire(g, p, me):
    from capes.games.champions.flow import enc_draw
    u = enc_draw(g)
    if u >= 0:
        g.reveal_card(u, p)
