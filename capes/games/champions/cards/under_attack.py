"""Under Attack modular set."""

from __future__ import annotations

from capes.games.champions import cards as S
from capes.games.champions.cards import action, boost, cont, revealed, trigger
from capes.games.champions.cards.ultron import after_event
from capes.games.champions.frames import TOUGH


@revealed("01151")  # Under Attack (crisis icon from the data)
def under_attack(game, player, card):
    for q in game.order():
        game.push(("call", "under_attack.pick", q, card))


@cont
def pick(game, q, card):
    if not game.alive[q]:
        return
    game.modal(q, [("Place 2 threat on Under Attack", (("threat", card, 2, "card"),)),
                ("Deal 3 damage to your hero", (("dmg", game.ident[q], 3, card, 0),))])


def _discard_with(colors: str):
    def fn(game, player, card):
        game.exhaust(game.ident[player])
        game.pay_colors(player, colors, ("call", "under_attack.drop", card))
    return fn


@cont
def drop(game, card, paid=""):
    game.discard(card)


@trigger("01152", "dmg", kind="forced",
         can=lambda game, player, card, at: game.att[card] == game.villain == game.event(at).target and game.event(at).amount > 0)
def vibranium_armor(game, player, card, at):
    # forced response: after the villain takes damage, it gets a tough status card (champions/rr/tough)
    after_event(game, at, ("call", "under_attack.armor_after", card, game.villain, game.dmg[game.villain]))


@cont
def armor_after(game, card, v, before):
    if v == game.villain and game.att[card] == v and game.dmg[v] > before:
        game.tough(v)


action("01152", form="hero", can=lambda game, player, card: card in game.eplay and not game.exh[game.ident[player]]
       and game.can_afford_colors(player, "PP"))(_discard_with("PP"))

# Concussion Blasters: the villain gains retaliate 1 (granted while attached)
S.GRANTS["01153"] = ("retaliate", 1)
action("01153", form="hero", can=lambda game, player, card: card in game.eplay and not game.exh[game.ident[player]]
       and game.can_afford_colors(player, "EE"))(_discard_with("EE"))


@revealed("01154")  # Concussive Blast
def concussive_blast(game, player, card):
    for u in game.friendly():
        game.damage(u, 1, card)


@boost("01154")
def concussive_blast_boost(game, player, card):
    for u in [game.ident[player], *game.allies(player)]:
        game.damage(u, 1, card)


_ = TOUGH
