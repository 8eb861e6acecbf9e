"""Decks and discard piles: drawing, discarding from the top, the encounter deck, boost cards, and the rule
that an empty deck is reshuffled the moment it runs out.

Rule ids: champions/rr/draw, champions/summary/scoring/empty-deck (a player's deck runs out: reshuffle, and an
encounter card is dealt), champions/summary/scoring/empty-encounter (the encounter deck runs out: reshuffle, and
an acceleration token), champions/summary/easy/15 (drawing goes on from the new deck), champions/rr/boost (boost
cards are dealt from the encounter deck), ruling 59 (an empty discard pile: the deck stays empty), ruling 60
(a search stops when the deck runs out).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from capes.games.champions.frames import counted, step


class Piles:
    """Mixin of :class:`capes.games.champions.state.ChampionsState`: moving cards off the tops of decks."""

    deck: list[list[int]]
    disc: list[list[int]]
    hand: list[list[int]]
    fd: list[list[int]]
    edeck: list[int]
    edisc: list[int]
    boosts: list[int]
    accel: int
    n: int
    alive: list[int]
    mods: list[tuple]
    rng: Any

    def draw_cards(self, p: int, k: int) -> None:
        """Player ``p`` draws ``k`` cards; an empty deck reshuffles and deals an encounter card
        (champions/summary/scoring/empty-deck), and the drawing goes on from the new deck (champions/summary/easy/15)."""
        got = 0
        for _ in range(k):
            if not self.deck[p]:
                if not self.reshuffle_player(p):
                    break
            self.hand[p].append(self.deck[p].pop())
            got += 1
        if got:
            self.emit("champions/rr/draw", f"Player {p + 1} draws {counted(got, 'card')}.")

    def reshuffle_player(self, p: int) -> bool:
        """champions/summary/scoring/empty-deck: player p's discard pile becomes their new deck, then they are dealt
        an encounter card. Nothing happens (False) when the discard pile is empty."""
        if not self.disc[p]:
            return False
        self.deck[p] = self.disc[p]
        self.disc[p] = []
        self.rng.shuffle(self.deck[p])
        self.emit("champions/summary/scoring/empty-deck", f"Player {p + 1}'s deck is empty: they shuffle "
                  "their discard pile into a new deck and are dealt an encounter card.")
        u = self.enc_draw()
        if u >= 0:
            self.fd[p].append(u)
        return True

    def discard_top(self, p: int, k: int) -> list[int]:
        """Discard the top k deck cards. When the deck runs out the discarding stops: the new deck is shuffled at
        once (after this step, :meth:`ran_out`) and nothing is discarded from it (champions/summary/easy/15)."""
        out: list[int] = []
        if not self.deck[p]:
            self.reshuffle_player(p)
            return out
        for _ in range(k):
            if not self.deck[p]:
                break
            u = self.deck[p].pop()
            self.disc[p].append(u)
            out.append(u)
        if out:  # the cards go face up to the discard pile: everyone sees them, and what the effect does next
            names = [self.name(u) for u in out]
            said = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
            self.emit("champions/rr/discard", f"Player {p + 1} discards {said} from the top of their deck.")
        return out

    def reshuffle_encounter(self) -> bool:
        """champions/summary/scoring/empty-encounter: the encounter discard pile is shuffled into a new encounter
        deck and an acceleration token is added. Nothing happens (False) when the discard pile is empty."""
        if not self.edisc:
            return False
        self.edeck = self.edisc
        self.edisc = []
        self.rng.shuffle(self.edeck)
        self.accel += 1
        self.emit("champions/summary/scoring/empty-encounter", "The encounter deck is empty: its discard pile is "
                  f"shuffled into a new deck and an acceleration token is added ({counted(self.accel, 'token')}).")
        return True

    def enc_take(self) -> int:
        """The top card of the encounter deck, taken out of it (-1 if it is empty); nothing is reshuffled here: the
        deck running out is answered after the step (:meth:`ran_out`)."""
        return self.edeck.pop() if self.edeck else -1

    def enc_draw(self) -> int:
        """Top encounter card; a deck that is empty when a card is needed (it ran out while its discard pile was
        empty) first reshuffles the discard pile and adds an acceleration token."""
        if not self.edeck:
            self.reshuffle_encounter()
        return self.enc_take()

    def discard_until(self, p: int, wanted: Callable[[int], bool]) -> int:
        """Discard encounter cards from the top of the deck until one for which ``wanted(card)`` holds, and return
        it (taken out of the deck, not discarded), or -1. The search ends when the deck runs out: the reshuffled
        discard pile is not searched (ruling 60), so it is bounded by the deck's size."""
        for _ in range(len(self.edeck)):
            self._tick("discard_until")
            u = self.enc_take()
            if wanted(u):
                return u
            self.edisc.append(u)
            self.emit("champions/rr/discard", f"{self.name(u)} is discarded from the encounter deck.")
        return -1

    def deal_boost(self, k: int) -> None:
        """champions/rr/boost: ``k`` facedown boost cards from the encounter deck."""
        for _ in range(k):
            u = self.enc_draw()
            if u >= 0:
                self.boosts.append(u)

    # ---------------------------------------------------------------- running out, checked after every step
    def _decks_had(self) -> list[bool]:
        """Which decks hold cards now: the encounter deck (index 0), then each player's deck."""
        return [bool(self.edeck), *map(bool, self.deck)]

    def _ran_out(self, had: list[bool]) -> None:
        """The "immediately" rules of empty decks, checked after every rules step whatever emptied the deck
        (a draw, a deal, a boost, a surge, a discard, a search):
        champions/summary/scoring/empty-encounter: when the last card leaves the encounter deck, its discard
        pile is shuffled into a new deck and an acceleration token is added at once;
        champions/summary/scoring/empty-deck: when the last card leaves a player's deck, they shuffle their
        discard pile into a new deck and are dealt an encounter card at once. With an empty discard pile
        nothing can be shuffled: the deck stays empty until a card is needed (ruling 59)."""
        if had[0] and not self.edeck:
            self.reshuffle_encounter()
        for p in range(self.n):
            if had[p + 1] and not self.deck[p] and self.alive[p] and not any(
                    m[0] == "iron_man.look" and m[1] == p for m in self.mods):  # looked-at cards are still there
                self.reshuffle_player(p)
        had[0] = bool(self.edeck)
        for p in range(self.n):
            had[p + 1] = bool(self.deck[p]) or had[p + 1] and any(
                m[0] == "iron_man.look" and m[1] == p for m in self.mods)


# The old function names (``discard_top(state, player, k)``): scripts and tests call them on a state.
draw_cards = Piles.draw_cards
_draw = Piles.draw_cards
reshuffle_player = Piles.reshuffle_player
reshuffle_encounter = Piles.reshuffle_encounter
discard_top = Piles.discard_top
enc_take = Piles.enc_take
enc_draw = Piles.enc_draw
discard_until = Piles.discard_until
deal_boost = Piles.deal_boost


@step("draw")
def _draw_step(g: Piles, p: int, k: int) -> None:
    g.draw_cards(p, k)


@step("player_draw")
def _player_draw(g: Any, u: int, k: int) -> None:
    """Draw for the player whose identity is ``u`` (for "choose a player" effects)."""
    g.draw_cards(g.owner[u], k)
