"""Justice aspect cards."""

from capes.games.champions.cards import action, play, stat, trigger
from capes.games.champions.cards.effects import damage, exhausting, ready_with_uses, remove_threat, uses

# Daredevil (01058): response, after he thwarts, deal 1 damage to an enemy.
trigger("01058", "after_thwart", kind="optional",
        can=lambda game, player, card, at: game.event(at).thwarter == card)(damage(1))


@stat("01059", "thw")  # Jessica Jones
def jessica_jones(game, card, target):
    return len(game.sides()) if target == card else 0


@play("01060", form="hero", can=lambda game, player, card: any(game.thr[s] for s in game.thwartable(player)))  # For Justice!
def for_justice(game, player, card):
    n = 4 if ("M" in game.paid or "W" in game.paid) else 3
    game.thwart_with_event(player, n, card)


@trigger("01061", "threat", kind="optional", where="hand", form="hero",
         can=lambda game, player, card, at: game.event(at).amount > 0)  # Great Responsibility
def great_responsibility(game, player, card, at):
    n = game.event(at).amount
    game.change_event(at, amount=0)
    game.damage(game.ident[player], n, -1)


# The Power of Justice: resource doubling is applied by the engine (State.res_of).
__import__("capes.games.champions.cards", fromlist=["mark"]).mark("01062", "justice")


# Interrogation Room (01063): response, after you defeat a minion, exhaust it to remove 1 threat from a scheme.
trigger("01063", "minion_defeated", kind="optional",
        can=lambda game, player, card, at: not game.exh[card] and game.event(at).by_player == player)(
    exhausting(remove_threat(1)))

# Surveillance Team (01064), uses (3 counters): exhaust, spend a counter: remove 1 threat from a scheme.
action("01064", can=ready_with_uses)(uses(remove_threat(1)))


@stat("01065", "thw")  # Heroic Intuition
def heroic_intuition(game, card, target):
    return 1 if game.att[card] == target else 0
