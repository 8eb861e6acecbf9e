"""The Standard encounter set."""

from capes.games.champions.cards import revealed
from capes.games.champions.frames import HERO


@revealed("01186")  # Advance
def advance(game, player, card):
    game.villain_schemes(player)


@revealed("01187")  # Assault
def assault(game, player, card):
    if game._form[player] != HERO:
        game.surge(player)
    else:
        game.villain_attacks(player)


@revealed("01188")  # Caught Off Guard
def caught_off_guard(game, player, card):
    if any(game.ctype(u) in ("upgrade", "support") for u in game.play[player]):
        game.choose(player, "my_upgrade_support", (("discard", "@"),), "Caught Off Guard: discard")
    else:
        game.surge(player)


@revealed("01189")  # Gang-Up
def gang_up(game, player, card):
    if game._form[player] != HERO:
        game.surge(player)
        return
    game.villain_attacks(player)
    for m in game.minions(player):
        game.push(("attack", m, player, 0))


@revealed("01190")  # Shadow of the Past
def shadow_of_the_past(game, player, card):
    nem = game.setaside[player]
    minion = [u for u in nem if game.ctype(u) == "minion"]
    side = [u for u in nem if game.ctype(u) == "side_scheme"]
    rest = [u for u in nem if u not in minion and u not in side]
    game.setaside[player] = []
    game.edeck += rest
    game.rng.shuffle(game.edeck)
    for u in side:
        game.reveal_card(u, player)
    for u in minion:
        game.push(("engage", u, player), ("call_revealed_if", u, player), ("quick", u, player))
    if not minion:
        game.surge(player)
