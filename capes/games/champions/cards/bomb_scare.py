"""Bomb Scare modular set."""

from capes.games.champions.cards import cont, revealed


@revealed("01109")  # Bomb Scare
def bomb_scare(game, player, card):
    game.threat_per_player(card)


@revealed("01110")  # Hydra Bomber
def hydra_bomber(game, player, card):
    game.modal(player, [("Take 2 damage", (("dmg", game.ident[player], 2, card, 0),)),
                ("Place 1 threat on the main scheme", (("threat", game.mscheme, 1, "card"),))])


@revealed("01111")  # Explosion
def explosion(game, player, card):
    bomb = next((u for u in game.eplay if game.code[u] == "01109"), -1)
    if bomb < 0:
        game.surge(player)
        return
    # ruling 10 (champions/summary/faq/6): the first player picks among the eligible targets
    game.push(("call", "bomb_scare.assign", game.first, card, game.thr[bomb]))


@cont
def assign(game, player, card, left):
    """Assign the damage one point at a time among heroes and allies."""
    if left <= 0:
        return
    game.choose(player, "friendly", (("dmg", "@", 1, card, 0), ("call", "bomb_scare.assign", player, card, left - 1)),
             f"Explosion: assign 1 of {left} damage to")


@revealed("01112")  # False Alarm
def false_alarm(game, player, card):
    u = game.ident[player]
    if game.st[u] & 2:
        game.surge(player)
    else:
        game.confuse(u)
