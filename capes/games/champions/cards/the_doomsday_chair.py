"""The Doomsday Chair modular set."""

from __future__ import annotations

from capes.games.champions.cards import cont, mark, revealed, trigger
from capes.games.champions.cards.legions_of_hydra import search_engage
from capes.games.champions.data import CARDS
from capes.games.champions.engine import TOUGH

BIO = "01185"


@revealed("01183")  # The Doomsday Chair (acceleration icon from the data)
def the_doomsday_chair(g, p, me):
    search_engage(g, "01184", p)


mark("01184", "the_doomsday_chair")  # M.O.D.O.K.: retaliate 2 is applied by the engine


def _printed_hp(g, m: int) -> int:
    return CARDS[g.code[m]].hp or 0


@revealed(BIO)  # Biomechanical Upgrades (surge from the data)
def biomechanical_upgrades(g, p, me):
    """Attach to the minion with the highest printed hit points without another copy attached.

    Rulings: a facedown Drone has no printed hit points and is not a candidate; a tie is broken by the
    first player; with no candidate the card is discarded.
    """
    cand = [m for m in g.minions() if g.code[m] != "ultron_drone"
            and not any(g.code[a] == BIO for a in g.attached(m) if a != me)]
    if not cand:
        g.discard(me)
        return
    top = max(_printed_hp(g, m) for m in cand)
    best = [m for m in cand if _printed_hp(g, m) == top]
    if len(best) == 1:
        g.att[me] = best[0]
    else:
        g.modal(g.first, [(f"Attach to {g.name(m)}", (("call", "the_doomsday_chair.attach", me, m),))
                          for m in best])


@cont
def attach(g, me, m):
    if me in g.eplay and m in g.eplay:
        g.att[me] = m


def _would_defeat(g, p, me, i) -> bool:
    f = g.ev(i)
    m = g.att[me]
    if m < 0 or f[1] != m or f[2] <= 0 or m not in g.eplay:
        return False
    if g.st[m] & TOUGH:  # the damage will be prevented by the tough status
        return False
    return g.dmg[m] + f[2] >= g.hp(m)


@trigger(BIO, "dmg", kind="forced", can=_would_defeat)
def biomechanical_save(g, p, me, i):
    """Forced interrupt: when the attached minion would be defeated, heal all its damage instead and
    discard this card (applied as the defeating damage is dealt: the minion ends with no damage)."""
    m = g.att[me]
    g.ev_set(i, 2, 0)
    g.dmg[m] = 0
    g.emit("champions/rr/heal", f"Biomechanical Upgrades: {g.name(m)} is not defeated and heals all damage.")
    g.discard(me)
