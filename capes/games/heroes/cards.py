"""Cards and dice (rulebook "The Dice", "Using Resource and Villain Cards": Discarding Cards, Reshuffling Decks;
"Headline Cards"; "Advance the Story Track").

Rule ids (rules.yaml): heroes/dice, heroes/cards/reshuffle, heroes/round-setup/headlines, heroes/ruling/reshuffle,
heroes/ruling/rampage.

Rolling a die (forced faces first, for tests), drawing from a deck (reshuffling its discard pile the moment it runs
out), filling the Headline spaces, and the small moves the effect vocabulary (effects.py) makes on the table.
"""

from __future__ import annotations

from capes.games.heroes.board import DIST_NAMES, ICONS, REC, plural
from capes.games.heroes.state import HeroesData


class Cards(HeroesData):
    """Dice, decks, the Headline spaces and the Story track: the base every chapter mixin builds on."""

    def die(self) -> int:
        if self.forced:
            return self.forced.pop(0)
        return self.rng.randbelow(6)

    def _draw(self, deck: list[str], disc: list[str]) -> str | None:
        if not deck:
            if not disc:
                return None
            # heroes/cards/reshuffle: the deck ran out while its discard pile was empty; cards discarded since
            # form the new deck when a card is next needed (heroes/ruling/reshuffle)
            self._reshuffle(deck, disc)
        c = deck.pop()
        if not deck and disc:
            # heroes/cards/reshuffle: "whenever a deck of cards is exhausted" - at once, from the discard pile as
            # it is now, whatever emptied the deck
            self._reshuffle(deck, disc)
        return c

    def _reshuffle(self, deck: list[str], disc: list[str]) -> None:
        deck.extend(self.rng.shuffled(disc))
        disc.clear()
        name = ("Resource" if deck is self.rdeck else "Villain" if deck is self.vdeck
                else "Headline" if deck is self.hdeck else "Story")
        self.emit("heroes/cards/reshuffle", f"The {name} deck is exhausted: its discard pile is shuffled into a "
                  f"new deck of {plural(len(deck), 'card')}.")

    def draw_resources(self, s: int, k: int) -> None:
        for _ in range(k):
            c = self._draw(self.rdeck, self.rdisc)
            if c is None:
                return
            self.rhand[s].append(c)

    def _draw_v(self, s: int) -> None:
        c = self._draw(self.vdeck, self.vdisc)
        if c is not None:
            self.vhand[s].append(c)

    def _refill_headlines(self) -> None:
        C = self.C
        heads = self.heads
        for a in range(self.areas()):
            if not heads[a]:
                h = self._draw(self.hdeck, self.hdisc)
                if h is None:
                    continue
                heads[a] = h
                hl = C.headlines[h]
                extra = self._scen_param("threat_plus")
                self.emit("heroes/round-setup/headlines",
                          f"Headline \"{hl.name}\" ({hl.type.capitalize()}, Threat {hl.threat + extra}) in "
                          f"{DIST_NAMES[a * 4 + ICONS.index(hl.district)]}.")

    def head_dist(self, a: int) -> int:
        return a * 4 + self.game.icon_of[self.heads[a]]

    def to_recovery(self, s: int, i: int) -> None:
        self.hloc[s][i] = REC

    def discard_story_front(self, k: int) -> None:
        # "the first cards" of the track: those at its beginning, where new cards enter (ruling heroes/ruling/rampage)
        for _ in range(min(k, len(self.track))):
            self.sdisc.append(self.track.pop(0))

    def push_story_actions(self, s: int, k: int) -> None:
        for _ in range(k):
            self.stack.append(("story", s))

    def push_discard_wanted(self, s: int) -> None:
        self.stack.append(("dropwanted", s))

    def _drop_ally(self, s: int, k: int) -> None:
        rid = self.allies[s].pop(k)[0]
        self.rdisc.append(rid)
