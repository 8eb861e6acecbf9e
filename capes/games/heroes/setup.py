"""Initial Game Setup and Phase 1: Game Round Setup (rulebook "Initial Game Setup", "The Game Round", "Phase 1:
Game Round Setup", "Assigning the Archnemesis and First Player Tokens").

Setup deals the starting hands, the First Player, the Story track and the Headlines, then pushes the first
``round`` frame. Each later Game Round advances the markers and the Story track, refills the Headlines and
assigns the Archnemesis and First Player tokens, then pushes one ``plan`` frame per player and the ``mission``
frame.

Rule ids (rules.yaml) applied here:
heroes/round-setup/1, heroes/round-setup/3, heroes/round-setup/4, heroes/round-setup/5,
heroes/round-setup/archnemesis, heroes/round-setup/first-player, heroes/round-setup/story-track,
heroes/ruling/arch-tie, heroes/setup/10, heroes/setup/3, heroes/setup/4, heroes/setup/5, heroes/setup/7,
heroes/winning/special.
"""

from __future__ import annotations

from typing import Any

from capes.games.heroes.board import REC
from capes.games.heroes.cards import Cards


class Setup(Cards):
    """The Setup chapter: its steps (``f_*``), questions (``q_*``) and answers (``a_*``)."""

    def setup(self, teams: list[str], scenario: str, first: int | None = None) -> None:
        C = self.C
        n = self.n = len(teams)
        self.teams = list(teams)
        self.scen = scenario
        self.round = 1
        self.ar = 1
        self.at = 0
        self.arch = -1
        self.over = False
        self.winners: list[int] = []
        self.vp = [0] * n
        self.pp = [0] * n
        self.hloc = [[REC] * 4 for _ in range(n)]
        self.wound = [[0] * 4 for _ in range(n)]
        self.ko = [[0] * 4 for _ in range(n)]
        self.allies: list[list[list[Any]]] = [[] for _ in range(n)]
        self.stories: list[list[str]] = [[] for _ in range(n)]
        self.pups: list[list[str]] = [[] for _ in range(n)]
        self.plans = [0] * n
        self.pblock = [0] * n
        self.scored: list[list[str]] = [[] for _ in range(n)]
        self.special = ""
        self.solver = -1
        self.end_ar = False
        self.ts: dict[str, Any] | None = None
        self.cb: dict[str, Any] | None = None
        self.forced: list[int] = []
        self.stack: list[tuple[Any, ...]] = []
        self.wanted: list[str] = []
        self.hom_pick: list[int] = []
        self.rdeck = self.rng.shuffled(C.resource_deck)
        self.vdeck = self.rng.shuffled(C.villain_deck)
        self.hdeck = self.rng.shuffled(sorted(C.headlines))
        self.sdeck = self.rng.shuffled(sorted(C.stories))
        self.rdisc: list[str] = []
        self.vdisc: list[str] = []
        self.hdisc: list[str] = []
        self.sdisc: list[str] = []
        self.rhand: list[list[str]] = [[] for _ in range(n)]
        self.vhand: list[list[str]] = [[] for _ in range(n)]
        self.heads = [""] * 6
        self.track: list[str] = []
        # heroes/setup/3: two Resource and two Villain cards each (three with two players)
        k = 3 if n == 2 else 2
        for s in range(n):
            self.draw_resources(s, k)
            for _ in range(k):
                self._draw_v(s)
        self.emit("heroes/setup/3", f"Each player draws {k} Resource and {k} Villain cards.")
        # heroes/setup/4: First Player chosen randomly
        self.first = self.rng.randbelow(n) if first is None else first
        self.emit("heroes/setup/4", f"{self.pname(self.first)} receives the First Player token.")
        self.emit("heroes/setup/5", "No Archnemesis is named for the first Game Round.")
        # heroes/setup/7: fill the Story track and the Headline spaces
        for _ in range(4):
            c = self._draw(self.sdeck, self.sdisc)
            if c is not None:
                self.track.append(c)
        self._refill_headlines()
        sc = C.scenarios[scenario]
        self.emit("heroes/setup/10", f"Scenario: {sc.name}. {sc.text}")
        self.stack = [("round",)]
        self._run()

    def f_round(self, fr: tuple[Any, ...]) -> None:
        n = self.n
        if self.round > 1:
            # heroes/round-setup/1-2: advance the Game Round marker, reset the Action Round marker
            self.ar = 1
            self.at = 0
            self.emit("heroes/round-setup/1", f"Game Round {self.round} begins.")
            # heroes/round-setup/3: advance the Story track (the card pushed off is discarded)
            c = self._draw(self.sdeck, self.sdisc)
            if c is not None:
                self.track.insert(0, c)
                if len(self.track) > 4:
                    self.sdisc.append(self.track.pop())
            self.emit("heroes/round-setup/story-track", "The Story track advances.")
            # heroes/round-setup/4
            self._refill_headlines()
            # heroes/round-setup/5: Archnemesis and First Player
            self._assign_tokens()
        sc = self.C.scenarios[self.scen]
        if sc.victory["kind"] == "special" and not self.special and self.solver < 0 \
                and self.round >= int(sc.victory["round"]):
            self.special = sc.victory["headline"]
            hl = self.C.specials[self.special]
            self.emit("heroes/winning/special", f"The Special Headline \"{hl.name}\" enters play on the Scenario card.")
        self.stack.append(("mission",))
        for k in reversed(range(n)):
            self.stack.append(("plan", (self.first + k) % n))

    def _assign_tokens(self) -> None:
        n = self.n
        vp = self.vp
        top = max(vp)
        arch = -1
        if vp.count(top) == 1:  # one leader (the common case)
            arch = self.nem(vp.index(top))
        elif self.game.config.get("arch_tie", "henchmen") == "henchmen":
            # ruling heroes/ruling/arch-tie: the tied Nemesis controller with the highest Henchmen rating
            cands = [self.nem(s) for s in range(n) if vp[s] == top]
            best = max(self.C.masterminds[self.mastermind_of(c)].henchmen for c in cands)
            top_c = [c for c in cands if self.C.masterminds[self.mastermind_of(c)].henchmen == best]
            arch = top_c[0] if len(top_c) == 1 else -1
        self.arch = arch
        if arch >= 0:
            self.emit("heroes/round-setup/archnemesis", f"{self.pname(arch)} is the Archnemesis this Game Round.")
        else:
            self.emit("heroes/round-setup/archnemesis", "Nobody is the Archnemesis this Game Round.")
        low = min(vp)
        cands = [vp.index(low)] if vp.count(low) == 1 else [s for s in range(n) if vp[s] == low]
        if len(cands) > 1:
            fewest = min(len(self.pups[s]) for s in cands)
            cands = [s for s in cands if len(self.pups[s]) == fewest]
        self.first = cands[0] if len(cands) == 1 else cands[self.rng.randbelow(len(cands))]
        self.emit("heroes/round-setup/first-player", f"{self.pname(self.first)} receives the First Player token.")
