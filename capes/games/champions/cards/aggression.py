"""Aggression aspect cards."""

from capes.games.champions.cards import action, cont, mark, play, stat, trigger
from capes.games.champions.cards.effects import damage, ready_with_uses, uses
from capes.games.champions.data import CARDS


@trigger("01050", "after_attack", kind="forced", can=lambda game, player, card, at: game.event(at).attacker == card)  # Hulk
def hulk(game, player, card, at):
    top = game.discard_top(player, 1)
    if not top:
        return
    r = CARDS[game.code[top[0]]].res
    if "P" in r or "W" in r:
        game.choose(player, "enemy", (("dmg", "@", 2, card, 0),), "Hulk: 2 damage to")
    if "E" in r or "W" in r:
        for u in game.friendly() + game.enemies():
            game.damage(u, 1, card)
    if "M" in r or "W" in r:
        game.discard(card)


def _defeated_target(game, at):
    e = game.event(at).target  # after_attack
    return e not in game.eplay and game.ctype(e) == "minion"


@trigger("01051", "after_attack", kind="optional", can=lambda game, player, card, at: game.event(at).attacker == card and _defeated_target(game, at))
def tigra(game, player, card, at):
    game.heal(card, 1)


@trigger("01052", "after_attack", kind="optional", where="hand",
         can=lambda game, player, card, at: game.event(at).attacker == game.ident[player] and (_defeated_target(game, at) or game.event(at).target in game.removed))
def chase_them_down(game, player, card, at):
    game.thwart_with_event(player, 2, card)


@play("01053", form="hero", can=lambda game, player, card: bool(game.minions()))  # Relentless Assault
def relentless_assault(game, player, card):
    game.attack_with_event(player, "minion", 5, card, 2 if ("P" in game.paid or "W" in game.paid) else 0)


@play("01054", form="hero")  # Uppercut
def uppercut(game, player, card):
    game.attack_with_event(player, "attackable", 5, card)


mark("01055", "aggression")


# Tac Team (01056), uses (3 counters): exhaust, spend a counter: 2 damage to an enemy.
action("01056", can=ready_with_uses)(uses(damage(2)))


@stat("01057", "atk")  # Combat Training
def combat_training(game, card, target):
    return 1 if game.att[card] == target else 0


_ = cont
