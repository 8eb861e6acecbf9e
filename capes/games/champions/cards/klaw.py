"""Klaw scenario: villain stages, main schemes and the Klaw encounter set."""

from capes.games.champions.cards import GRANTS, action, boost, cont, mark, revealed, setup, stat, trigger
from capes.games.champions.frames import HERO


def _extra_boost(game, player, card, at):
    game.deal_boost(1)


for _code in ("01113", "01114", "01115"):  # star: one extra boost card when Klaw attacks
    trigger(_code, "attack_init", kind="forced",
            can=lambda game, player, card, at: game.event(at).attacker == card == game.villain)(_extra_boost)


def _search_reveal(game, code, player):
    u = game.find_encounter(code)
    if u >= 0:
        game.remove_from_zones(u)
        game.rng.shuffle(game.edeck)
        game.reveal_card(u, player)


@revealed("01114")
def klaw_2(game, player, card):
    _search_reveal(game, "01127", player)


@setup("01116a")
def underground_setup(game, player, card):
    _search_reveal(game, "01125", game.first)


def discard_until_minion(game, player, pred=None):
    """Discard from the encounter deck until a minion (matching ``pred``), which engages ``p``; the search ends
    when the deck runs out (ruling 60)."""
    u = game.discard_until(player, lambda v: game.ctype(v) == "minion" and (pred is None or pred(v)))
    if u >= 0:
        game.push(("engage", u, player), ("call_revealed_if", u, player), ("quick", u, player))


@revealed("01116b")
def underground_distribution(game, player, card):
    discard_until_minion(game, game.first)


@revealed("01117b")  # Secret Rendezvous (the 2A side's reveal)
def secret_rendezvous(game, player, card):
    discard_until_minion(game, game.first)


@trigger("01118", "attack_init", kind="forced", can=lambda game, player, card, at: game.event(at).attacker == game.villain == game.att[card])
def sonic_converter(game, player, card, at):
    game.mods.append(("atk", "stun_hit", card))


def _discard_with(colors):
    def fn(game, player, card):
        game.pay_colors(player, colors, ("call", "klaw.drop", card))
    return fn


@cont
def drop(game, card, paid=""):
    game.discard(card)


for _code in ("01118", "01119"):
    action(_code, form="hero", can=lambda game, player, card: card in game.eplay and game.can_afford_colors(player, "EMP"))(_discard_with("EMP"))

GRANTS["01119"] = ("retaliate", 1)


@boost("01121")  # Weapons Runner: enters play engaged with you
def weapons_runner(game, player, card):
    if card in game.boosts:
        game.boosts.remove(card)
        game.push(("engage", card, player))


@revealed("01122")  # Klaw's Vengeance
def klaws_vengeance(game, player, card):
    if game._form[player] != HERO:
        if game.hand[player]:
            u = game.hand[player][game.rng.randbelow(len(game.hand[player]))]
            game.hand[player].remove(u)
            game.disc[player].append(u)
        return
    game.push(("call", "klaw.mark_call", "klaw.vengeance_after"))
    game.villain_attacks(player)


@cont
def mark_call(game, name):
    game.mods.append(("atk", "call", name))


@cont
def vengeance_after(game, player, e, hit):
    if hit:
        game.add_threat(game.mscheme, 1)


@revealed("01123")  # Sonic Boom
def sonic_boom(game, player, card):
    opts = []
    if game.can_afford_colors(player, "EMP"):
        opts.append(("Spend energy, mental and physical resources", (("call", "klaw.boom_pay", player),)))
    opts.append(("Exhaust each character you control", (("call", "klaw.boom_exhaust", player),)))
    if len(opts) == 1:
        game.push(*opts[0][1])
    else:
        game.modal(player, opts)


@cont
def boom_pay(game, player):
    game.pay_colors(player, "EMP", ("nop_paid",))


@cont
def boom_exhaust(game, player):
    game.exhaust(game.ident[player])
    for a in game.allies(player):
        game.exhaust(a)


@boost("01123")
def sonic_boom_boost(game, player, card):
    game.mods.append(("atk", "call", "klaw.boom_after"))


@cont
def boom_after(game, player, e, hit):
    if game.ident[player] in hit:
        game.exhaust(game.ident[player])


@revealed("01124")  # Sound Manipulation
def sound_manipulation(game, player, card):
    if game._form[player] != HERO:
        if not game.heal(game.villain, 4):
            game.surge(player)
    else:
        game.damage(game.ident[player], 2, card)
        game.push(("heal", game.villain, 2))


@revealed("01125")  # Defense Network
def defense_network(game, player, card):
    game.threat_per_player(card)


@revealed("01126")  # Illegal Arms Factory
def illegal_arms_factory(game, player, card):
    game.threat_per_player(card)


@stat("01127", "hp")  # The "Immortal" Klaw: +10 hit points
def immortal_klaw(game, card, target):
    return 10 if target == game.villain else 0


mark("01113", "klaw")
mark("01116a", "klaw")
mark("01117a", "klaw")  # its reveal is scripted on 01117b
