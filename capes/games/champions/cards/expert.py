"""The Expert encounter set."""

from capes.games.champions.cards import revealed


@revealed("01191")  # Exhaustion (surge from keywords)
def exhaustion(game, player, card):
    game.exhaust(game.ident[player])


@revealed("01192")  # Masterplan
def masterplan(game, player, card):
    sides = game.sides()
    if sides:
        for s in sides:
            game.add_threat(s, 4)
        return
    # ruling 60: the search ends when the encounter deck runs out (the reshuffled discard pile is not searched)
    u = game.discard_until(player, lambda v: game.ctype(v) == "side_scheme")
    if u >= 0:
        game.reveal_card(u, player)
    else:
        game.emit("champions/rr/discard", "Masterplan: no side scheme is left in the encounter deck.")


@revealed("01193")  # Under Fire (surge from keywords)
def under_fire(game, player, card):
    u = game.enc_draw()
    if u >= 0:
        game.reveal_card(u, player)
