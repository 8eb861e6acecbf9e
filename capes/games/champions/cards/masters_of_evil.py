"""Masters of Evil modular set."""

from capes.games.champions.cards import boost, cont, revealed, trigger
from capes.games.champions.frames import HERO

MOE = ("01129", "01130", "01131", "01132")


@revealed("01128")
def masters_of_evil(game, player, card):
    from capes.games.champions.cards.klaw import discard_until_minion
    discard_until_minion(game, game.first, lambda u: game.code[u] in MOE)


def _random_discard(game, player):
    if game.hand[player]:
        u = game.hand[player][game.rng.randbelow(len(game.hand[player]))]
        game.hand[player].remove(u)
        game.disc[player].append(u)


@trigger("01129", "enemy_attacked", kind="forced", can=lambda game, player, card, at: game.event(at).enemy == card and game.event(at).how == "attack")
def radioactive_man(game, player, card, at):
    _random_discard(game, game.event(at).player)


@boost("01129")
def radioactive_boost(game, player, card):
    _random_discard(game, player)


@trigger("01130", "attack_init", kind="forced",
         can=lambda game, player, card, at: game.event(at).attacker == card and not game.event(at).cancelled and not game.event(at).flags & 2)
def whirlwind(game, player, card, at):
    target = game.event(at).player
    for q in game.order():
        if q != target and game._form[q] == HERO:
            game.push(("attack", card, q, 2))  # flag 2: the copy does not trigger again


@boost("01130")
def whirlwind_boost(game, player, card):
    for q in game.order():
        if game._form[q] == HERO:
            game.damage(game.ident[q], 1, card)


@trigger("01131", "enemy_attacked", kind="forced", can=lambda game, player, card, at: game.event(at).enemy == card and game.event(at).how == "attack")
def tiger_shark(game, player, card, at):
    game.tough(card)


@boost("01131")
def tiger_shark_boost(game, player, card):
    game.tough(game.villain)


# Melter's "must defend with an ally" is applied by the defence question (flow._def_build).
@boost("01132")
def melter_boost(game, player, card):
    for a in game.allies(player):
        game.exhaust(a)


@revealed("01133")  # Masters of Mayhem
def masters_of_mayhem(game, player, card):
    made = False
    for m in game.minions():
        q = game.eng[m]
        if game.code[m] in MOE and game._form[q] == HERO:
            game.push(("attack", m, q, 0))
            made = True
    if not made:
        game.push(("call", "masters_of_evil.mayhem_search", player))


@cont
def mayhem_search(game, player):
    for lst in (game.edeck, game.edisc):
        for u in lst:
            if game.code[u] in MOE:
                game.remove_from_zones(u)
                game.rng.shuffle(game.edeck)
                game.push(("engage", u, player), ("call_revealed_if", u, player), ("quick", u, player))
                return
