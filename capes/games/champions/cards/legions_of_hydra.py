"""Legions of Hydra modular set."""

from __future__ import annotations

from capes.games.champions.cards import cont, defeated, revealed, trigger
from capes.games.champions.data import CARDS

LEGIONS, MADAME = "01180", "01181"


def hydra_enemies(game) -> list[int]:
    return [u for u in game.enemies() if "Hydra" in CARDS[game.code[u]].traits]


def search_engage(game, code: str, player: int) -> None:
    """If no card ``code`` is in play, find it in the encounter deck or discard, engage it with p; shuffle."""
    if any(game.code[u] == code for u in game.eplay):
        return
    u = game.find_encounter(code)
    if u >= 0:
        game.remove_from_zones(u)
        game.push(("engage", u, player), ("call_revealed_if", u, player), ("quick", u, player))
    game.push(("call", "legions_of_hydra.shuffle"))


@cont
def shuffle(game):
    game.rng.shuffle(game.edeck)


@revealed(LEGIONS)  # Legions of Hydra (hazard icon from the data)
def legions_of_hydra(game, player, card):
    search_engage(game, MADAME, player)
    game.push(("call", "legions_of_hydra.legions_threat", card))


@cont
def legions_threat(game, card):
    k = len(hydra_enemies(game))
    if k and card in game.eplay:
        game.add_threat(card, 2 * k)


@trigger(MADAME, "dmg", kind="forced", can=lambda game, player, card, at: game.event(at).target == card and game.event(at).amount > 0
         and any(game.code[s] == LEGIONS for s in game.sides()))
def madame_hydra_shield(game, player, card, at):
    # champions/rr/cannot: no damage while the Legions of Hydra side scheme is in play
    game.change_event(at, amount=0)
    game.emit("champions/rr/cannot", "Madame Hydra cannot take damage while Legions of Hydra is in play.")


@trigger(MADAME, "enemy_attacked", kind="forced", can=lambda game, player, card, at: game.event(at).enemy == card)
@trigger(MADAME, "enemy_schemed", kind="forced", can=lambda game, player, card, at: game.event(at).enemy == card)
def madame_hydra(game, player, card, at):
    """Star forced response: after she schemes or attacks, 2 threat on Legions of Hydra (the
    enemy_attacked and enemy_schemed events). Ruling: with two copies of the side
    scheme in play, the first player picks which one."""
    ls = [s for s in game.sides() if game.code[s] == LEGIONS]
    if len(ls) == 1:
        game.add_threat(ls[0], 2)
    elif ls:
        game.modal(game.first, [(f"2 threat on {game.label(s)} ({game.thr[s]} threat)", (("threat", s, 2, "card"),)) for s in ls])


@defeated("01182")  # Hydra Soldier (guard from the data)
def hydra_soldier(game, by, card):
    q = game.eng[card]
    if q >= 0 and game.alive[q]:
        u = game.enc_draw()
        if u >= 0:
            game.fd[q].append(u)
            game.emit("champions/rr/encounter-cards", f"Hydra Soldier: player {q + 1} is dealt an encounter card.")
