"""Legions of Hydra modular set."""

from __future__ import annotations

from capes.games.champions.cards import cont, defeated, revealed, trigger
from capes.games.champions.data import CARDS

LEGIONS, MADAME = "01180", "01181"


def hydra_enemies(g) -> list[int]:
    return [u for u in g.enemies() if "Hydra" in CARDS[g.code[u]].traits]


def search_engage(g, code: str, p: int) -> None:
    """If no card ``code`` is in play, find it in the encounter deck or discard, engage it with p; shuffle."""
    if any(g.code[u] == code for u in g.eplay):
        return
    u = g.find_encounter(code)
    if u >= 0:
        g.remove_from_zones(u)
        g.push(("engage", u, p), ("call_revealed_if", u, p), ("quick", u, p))
    g.push(("call", "legions_of_hydra.shuffle"))


@cont
def shuffle(g):
    g.rng.shuffle(g.edeck)


@revealed(LEGIONS)  # Legions of Hydra (hazard icon from the data)
def legions_of_hydra(g, p, me):
    search_engage(g, MADAME, p)
    g.push(("call", "legions_of_hydra.legions_threat", me))


@cont
def legions_threat(g, me):
    k = len(hydra_enemies(g))
    if k and me in g.eplay:
        g.add_threat(me, 2 * k)


@trigger(MADAME, "dmg", kind="forced", can=lambda g, p, me, i: g.ev(i)[1] == me and g.ev(i)[2] > 0
         and any(g.code[s] == LEGIONS for s in g.sides()))
def madame_hydra_shield(g, p, me, i):
    # champions/rr/cannot: no damage while the Legions of Hydra side scheme is in play
    g.ev_set(i, 2, 0)
    g.emit("champions/rr/cannot", "Madame Hydra cannot take damage while Legions of Hydra is in play.")


@trigger(MADAME, "enemy_attacked", kind="forced", can=lambda g, p, me, i: g.ev(i)[2] == me)
@trigger(MADAME, "enemy_schemed", kind="forced", can=lambda g, p, me, i: g.ev(i)[2] == me)
def madame_hydra(g, p, me, i):
    """Star forced response: after she schemes or attacks, 2 threat on Legions of Hydra (the
    enemy_attacked and enemy_schemed events). Ruling: with two copies of the side
    scheme in play, the first player picks which one."""
    ls = [s for s in g.sides() if g.code[s] == LEGIONS]
    if len(ls) == 1:
        g.add_threat(ls[0], 2)
    elif ls:
        g.modal(g.first, [(f"2 threat on {g.name(s)} ({g.thr[s]} threat)", (("threat", s, 2, "card"),)) for s in ls])


@defeated("01182")  # Hydra Soldier (guard from the data)
def hydra_soldier(g, by, me):
    from capes.games.champions.flow import enc_draw
    q = g.eng[me]
    if q >= 0 and g.alive[q]:
        u = enc_draw(g)
        if u >= 0:
            g.fd[q].append(u)
            g.emit("champions/rr/encounter-cards", f"Hydra Soldier: player {q + 1} is dealt an encounter card.")
