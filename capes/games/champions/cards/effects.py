"""The shared vocabulary of card effects: conditions and effects most cards are made of, so that a card's
script is one declarative line, as the card reads::

    play("01005", form="hero")(attack(8))                           # Swinging Web Kick: attack for 8
    action("01064", can=ready_with_uses)(uses(remove_threat(1)))    # Surveillance Team

An *effect* is ``fn(game, player, card, *event)`` (``card``: the card instance resolving it; ``event``: the
stack position of the event a triggered ability answers, absent for other abilities); a *condition* is
``fn(game, player, card) -> bool``. Effects that choose a target ask ``player`` with the prompt "<card name>: ...".
Rule ids: champions/rr/attack and champions/rr/thwart (attack and thwart events: stun, confusion, guard,
retaliate apply), champions/rr/uses (a card with no counter left is discarded), champions/rr/damage,
champions/rr/heal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Effect = Callable[[Any, int, int], None]
Condition = Callable[[Any, int, int], bool]


# ---------------------------------------------------------------- conditions
def ready_and_mine(game: Any, player: int, card: int) -> bool:
    """The card is ready and controlled by ``player`` (an "Exhaust this card:" action)."""
    return not game.exh[card] and game.ctrl(card) == player


def ready_with_uses(game: Any, player: int, card: int) -> bool:
    """Ready, controlled by ``player`` and with a counter left (a Uses card's "Exhaust, spend a counter:")."""
    return not game.exh[card] and game.cnt[card] > 0 and game.ctrl(card) == player


def anyone_damaged(game: Any, player: int, card: int) -> bool:
    """A hero or ally in play has damage to heal."""
    return any(game.dmg[u] for u in game.friendly())


# ---------------------------------------------------------------- effects
def attack(n: int, targets: str = "attackable") -> Effect:
    """An attack event: ``n`` damage to an enemy ``player``'s hero may attack (champions/rr/attack)."""
    def attack_effect(game: Any, player: int, card: int, *event: int) -> None:
        game.attack_with_event(player, targets, n, card)
    return attack_effect


def thwart(n: int) -> Effect:
    """A thwart event: remove ``n`` threat from a scheme ``player``'s hero may thwart (confusion applies)."""
    def thwart_effect(game: Any, player: int, card: int, *event: int) -> None:
        game.thwart_with_event(player, n, card)
    return thwart_effect


def damage(n: int, targets: str = "enemy") -> Effect:
    """``n`` damage (not an attack) to a chosen character of ``targets``."""
    def damage_effect(game: Any, player: int, card: int, *event: int) -> None:
        game.choose(player, targets, (("dmg", "@", n, card, 0),), f"{game.name(card)}: {n} damage to")
    return damage_effect


def remove_threat(n: int) -> Effect:
    """Remove ``n`` threat from a chosen scheme (not a thwart by the hero: confusion does not apply)."""
    def remove_threat_effect(game: Any, player: int, card: int, *event: int) -> None:
        game.choose(player, "thwartable", (("rthreat", "@", n, card),), f"{game.name(card)}: remove {n} threat from")
    return remove_threat_effect


def heal(n: int) -> Effect:
    """Heal ``n`` damage from a chosen hero or ally (a damaged one when there is one)."""
    def heal_effect(game: Any, player: int, card: int, *event: int) -> None:
        game.choose(player, "damaged_friendly", (("heal", "@", n),), f"{game.name(card)}: heal {n} damage from")
    return heal_effect


def heal_hero(n: int) -> Effect:
    """Heal ``n`` damage from ``player``'s own identity."""
    def heal_hero_effect(game: Any, player: int, card: int, *event: int) -> None:
        game.heal(game.ident[player], n)
    return heal_hero_effect


def draw(n: int) -> Effect:
    """``player`` draws ``n`` cards."""
    def draw_effect(game: Any, player: int, card: int, *event: int) -> None:
        game.draw(player, n)
    return draw_effect


def exhausting(effect: Effect) -> Effect:
    """Cost "exhaust this card", then ``effect``."""
    def exhausting_effect(game: Any, player: int, card: int, *event: int) -> None:
        game.exhaust(card)
        effect(game, player, card)
    return exhausting_effect


def uses(effect: Effect) -> Effect:
    """Cost "exhaust this card and spend one of its counters" (champions/rr/uses), then ``effect``."""
    def uses_effect(game: Any, player: int, card: int, *event: int) -> None:
        game.exhaust(card)
        game.spend_uses(card)
        effect(game, player, card)
    return uses_effect


def discard_this(game: Any, player: int, card: int, at: int = -1) -> None:
    """Discard this card (e.g. "at the end of the round, discard it")."""
    game.discard(card)


def prevent_all_damage(game: Any, player: int, card: int, at: int) -> None:
    """Interrupt: the damage of the event at ``at`` is prevented (champions/rr/damage)."""
    game.change_event(at, amount=0)
