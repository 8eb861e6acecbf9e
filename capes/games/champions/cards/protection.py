"""Protection aspect cards."""

from __future__ import annotations

from capes.games.champions.cards import ANY_CONTROL, action, cont, enters, mark, stat, trigger
from capes.games.champions.cards.effects import heal, ready_with_uses, uses
from capes.games.champions.data import CARDS


# Black Widow: interrupt when a card is revealed from the encounter deck -> exhaust her and spend a mental
# resource: cancel its effects and discard it, then reveal another (the engine's encounter_revealed window;
# cancel value 2 makes the engine reveal the next card once this one is discarded).
@trigger("01075", "encounter_revealed", kind="optional",
         can=lambda game, player, card, at: not game.exh[card] and not game.event(at).cancelled and game.can_afford(player, 1, "M", -1, -1))
def black_widow(game, player, card, at):
    game.exhaust(card)
    game.change_event(at, cancelled=2)  # champions/rr/cancel
    game.pay(player, 1, "M", ("nop_paid",))


@enters("01076")  # Luke Cage: toughness (champions/rr/toughness): he enters play with a tough status card
def luke_cage(game, player, card):
    game.tough(card)


@trigger("01078", "treachery", kind="optional", where="hand", form="hero",
         can=lambda game, player, card, at: not game.event(at).cancelled)
def get_behind_me(game, player, card, at):
    """Get Behind Me! (01078): hero interrupt when a treachery is revealed: cancel its When Revealed; the
    villain attacks you instead (champions/rr/cancel)."""
    game.change_event(at, cancelled=1)
    game.villain_attacks(player)


@trigger("01077", "defended", kind="optional", where="hand",
         can=lambda game, player, card, at: game.event(at).defender == game.ident[player] and game.event(at).enemy in game.attackable(player))
def counter_punch(game, player, card, at):
    """Counter-Punch: response (attack) after your hero defends against an enemy attack: damage equal to
    your hero's ATK to that enemy. It is an attack (champions/rr/attack): guard limits it and retaliate
    answers it."""
    e = game.event(at).enemy
    game.push(("eattack", player, e, game.atk(game.ident[player]), card, 0))


# The Power of Protection: resource doubling is applied by the engine (State.res_of).
mark("01079", "protection")


# Med Team (01080), uses (3 counters): exhaust, spend a counter: heal 2 damage from a hero or ally.
action("01080", can=ready_with_uses)(uses(heal(2)))


ANY_CONTROL.add("01081")


@enters("01081")  # Armored Vest: played under any player's control (max 1 per player)
def armored_vest(game, player, card):
    """The player who plays it picks a player who controls no Armored Vest; the vest enters play under that
    player's control (champions/rr/control; it is not an attachment). Should nobody be free, it is discarded."""
    game.att[card] = -1
    free = [q for q in game.order()
            if not any(game.code[a] == "01081" for a in game.play[q] if a != card)]
    if not free:
        game.discard(card)
    elif len(free) == 1:
        vest_to(game, card, free[0])
    else:
        game.modal(player, [(f"Armored Vest for player {q + 1} ({game.idcard(q).name})",
                     (("call", "protection.vest_to", card, q),)) for q in free])


@cont
def vest_to(game, card, q):
    c = game.ctrl(card)
    if card not in game.play[c]:
        return
    game.play[c].remove(card)
    game.play[q].append(card)
    game.set_ctrl(card, q)
    game.emit("champions/rr/control", f"Armored Vest enters play under player {q + 1}'s control.")


@stat("01081", "def")
def armored_vest_def(game, card, target):
    """Your hero gets +1 DEF: the hero of the vest's controller."""
    q = game.ctrl(card)
    return 1 if q >= 0 and target == game.ident[q] and card in game.play[q] else 0



# ---------------------------------------------------------------- Indomitable
@trigger("01082", "defended", kind="optional",
         can=lambda game, player, card, at: game.ctrl(card) == player and game.att[card] == game.ident[player] == game.event(at).defender)
def indomitable(game, player, card, at):
    """Response: after your hero defends, discard Indomitable to ready your hero."""
    game.discard(card)
    game.ready(game.ident[player])


_ = CARDS
