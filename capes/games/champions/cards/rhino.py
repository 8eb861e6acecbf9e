"""Rhino scenario: villain stages, main scheme and the Rhino encounter set."""

from capes.games.champions.cards import action, cont, revealed, trigger
from capes.games.champions.frames import HERO


@revealed("01095")  # Rhino II
def rhino_2(game, player, card):
    u = game.find_encounter("01107")
    if u >= 0:
        game.remove_from_zones(u)
        game.rng.shuffle(game.edeck)
        game.reveal_card(u, player)


@revealed("01096")  # Rhino III
def rhino_3(game, player, card):
    for q in game.order():
        if game._form[q] == HERO:
            game.stun(game.ident[q])


@trigger("01098", "dmg", kind="forced", can=lambda game, player, card, at: game.event(at).target == game.villain and game.event(at).amount > 0
         and game.att[card] == game.villain)  # Armored Rhino Suit
def armored_rhino_suit(game, player, card, at):
    n = game.event(at).amount
    game.change_event(at, amount=0)
    game.dmg[card] += n
    game.emit("champions/rr/damage", f"Armored Rhino Suit absorbs {n} damage ({game.dmg[card]}).")
    if game.dmg[card] >= 5:
        game.discard(card)


@trigger("01099", "attack_init", kind="forced", can=lambda game, player, card, at: game.event(at).attacker == game.villain
         and game.att[card] == game.villain)  # Charge (+3 ATK from the data)
def charge(game, player, card, at):
    game.mods.append(("atk", "overkill", card))
    game.mods.append(("atk", "discard", card))


@action("01100", form="hero", can=lambda game, player, card: card in game.eplay and game.can_afford(player, 3, "P", -1, -1))  # Ivory Horn
def ivory_horn(game, player, card):
    game.pay(player, 3, "P", ("call", "rhino.discard_it", card))


@cont
def discard_it(game, card, paid=""):
    game.discard(card)


@revealed("01103")  # Shocker
def shocker(game, player, card):
    for q in game.order():
        if game._form[q] == HERO:
            game.damage(game.ident[q], 1, card)


@revealed("01104")  # Hard to Keep Down
def hard_to_keep_down(game, player, card):
    if not game.heal(game.villain, 4):
        game.surge(player)


@revealed("01105")  # "I'm Tough"
def im_tough(game, player, card):
    if game.st[game.villain] & 4:
        game.surge(player)
    else:
        game.tough(game.villain)


@revealed("01106")  # Stampede
def stampede(game, player, card):
    if game._form[player] != HERO:
        game.surge(player)
        return
    game.push(("call", "rhino.stampede_mark", card))
    game.villain_attacks(player)


@cont
def stampede_mark(game, card):
    game.mods.append(("atk", "stun_hit", card))


@revealed("01107")  # Breakin' & Takin'
def breakin_takin(game, player, card):
    game.threat_per_player(card)



