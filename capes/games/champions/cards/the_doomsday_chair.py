"""The Doomsday Chair modular set."""

from __future__ import annotations

from capes.games.champions.cards import cont, mark, revealed, trigger
from capes.games.champions.cards.legions_of_hydra import search_engage
from capes.games.champions.data import CARDS
from capes.games.champions.frames import TOUGH

BIO = "01185"


@revealed("01183")  # The Doomsday Chair (acceleration icon from the data)
def the_doomsday_chair(game, player, card):
    search_engage(game, "01184", player)


mark("01184", "the_doomsday_chair")  # M.O.D.O.K.: retaliate 2 is applied by the engine


def _printed_hp(game, m: int) -> int:
    return CARDS[game.code[m]].hp or 0


@revealed(BIO)  # Biomechanical Upgrades (surge from the data)
def biomechanical_upgrades(game, player, card):
    """Attach to the minion with the highest printed hit points without another copy attached.

    Rulings: a facedown Drone has no printed hit points and is not a candidate; a tie is broken by the
    first player; with no candidate the card is discarded.
    """
    cand = [m for m in game.minions() if game.code[m] != "ultron_drone"
            and not any(game.code[a] == BIO for a in game.attached(m) if a != card)]
    if not cand:
        game.discard(card)
        return
    game.extreme(cand, lambda m: _printed_hp(game, m), (("call", "the_doomsday_chair.attach", card, "@"),),
                 "highest", "printed hit points", "Attach to")


@cont
def attach(game, card, m):
    if card in game.eplay and m in game.eplay:
        game.att[card] = m
        game.emit("champions/rr/attachments", f"{game.name(card)} is attached to {game.label(m)}.")


def _would_defeat(game, player, card, at) -> bool:
    damage = game.event(at)
    m = game.att[card]
    if m < 0 or damage.target != m or damage.amount <= 0 or m not in game.eplay:
        return False
    if game.st[m] & TOUGH:  # the damage will be prevented by the tough status
        return False
    return game.dmg[m] + damage.amount >= game.hp(m)


@trigger(BIO, "dmg", kind="forced", can=_would_defeat)
def biomechanical_save(game, player, card, at):
    """Forced interrupt: when the attached minion would be defeated, heal all its damage instead and
    discard this card (applied as the defeating damage is dealt: the minion ends with no damage)."""
    m = game.att[card]
    game.change_event(at, amount=0)
    game.dmg[m] = 0
    game.emit("champions/rr/heal", f"Biomechanical Upgrades: {game.name(m)} is not defeated and heals all damage.")
    game.discard(card)
