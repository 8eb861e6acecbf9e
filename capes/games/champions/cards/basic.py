"""Basic cards."""

from capes.games.champions.cards import action, enters, play, trigger
from capes.games.champions.cards.effects import anyone_damaged, attack, discard_this, heal


@enters("01083")  # Mockingbird
def mockingbird(game, player, card):
    game.choose(player, "enemy", (("stun", "@"),), "Mockingbird: stun", optional=True)


@enters("01084")  # Nick Fury
def nick_fury(game, player, card):
    game.modal(player, [
        ("Remove 2 threat from a scheme", (("choose", player, "thwartable", (("rthreat", "@", 2, card),), "Remove 2 threat from", False, card),)),
        ("Draw 3 cards", (("draw", player, 3),)),
        ("Deal 4 damage to an enemy", (("choose", player, "enemy", (("dmg", "@", 4, card, 0),), "4 damage to", False, card),)),
    ])


# Nick Fury: forced response, at the end of the round discard him.
trigger("01084", "round_end", kind="forced")(discard_this)


@trigger("01085", "threat", kind="optional", where="hand",
         can=lambda game, player, card, at: game.event(at).cause == "vscheme" and game.event(at).amount > 0)  # Emergency
def emergency(game, player, card, at):
    game.change_event(at, amount=game.event(at).amount - 1)


# First Aid (01086): heal 2 damage from a hero or ally.
play("01086", can=anyone_damaged)(heal(2))

# Haymaker (01087), hero attack event: 3 damage to an enemy.
play("01087", form="hero")(attack(3))


@action("01091", can=lambda game, player, card: not game.exh[card] and game.ctrl(card) == player)  # Avengers Mansion
def avengers_mansion(game, player, card):
    game.exhaust(card)
    game.choose(player, "player", (("player_draw", "@", 1),), "Avengers Mansion: who draws 1 card?")


@action("01092", can=lambda game, player, card: not game.exh[card] and game.ctrl(card) == player)  # Helicarrier
def helicarrier(game, player, card):
    game.exhaust(card)
    game.choose(player, "player", (("call", "basic.discount", "@"),), "Helicarrier: whose next card costs 1 less?")


from capes.games.champions.cards import cont  # noqa: E402


@cont
def discount(game, ident):
    game.mods.append(("cost", game.owner[ident], 1))


@action("01093", form="hero", can=lambda game, player, card: game.ctrl(card) == player and game.can_afford(player, 1, "P", -1, -1))  # Tenacity
def tenacity(game, player, card):
    game.discard(card)
    game.pay(player, 1, "P", ("call", "basic.tenacity_ready", player))


@cont
def tenacity_ready(game, player, paid):
    game.ready(game.ident[player])
