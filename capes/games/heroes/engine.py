"""The Marvel Heroes rules engine: one :class:`HeroesState` driven by an explicit stack of frames.

Every pending rule step is a small tuple on ``self.stack`` (top = last). ``_run`` executes
automatic frames until the top frame needs a player's choice; that frame's options make
the current :class:`Decision`. Frames, contexts (``ts`` for a Troubleshooting action,
``cb`` for a combat) and all other fields are plain data, so a state can be cloned,
saved and resampled at any decision.

Seats sit clockwise in index order: the player "to the left" of seat ``s`` is ``s + 1``.
Seat ``s`` plays team ``teams[s]`` and the Nemesis of the team of the player to his
right, so the Nemesis of seat ``s``'s team is controlled by seat ``s + 1``.

Decks are lists whose top card is the last element. ``forced`` is a list of die face
indices (into ``dice.FACES``) consumed before the RNG, for conformance tests.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from capes.core.protocol import GAME_OVER, Decision, Option, Result, State
from capes.core.rng import Rng
from capes.games.heroes import effects as fx
from capes.games.heroes.content import COMBAT_EFFECTS
from capes.games.heroes.dice import FACES, MAX_DICE

if TYPE_CHECKING:
    from capes.games.heroes.content import Content, Headline
    from capes.games.heroes.game import HeroesGame

AREAS = ("upper", "central", "village", "lower", "queens", "brooklyn")
AREA_NAMES = ("Upper Manhattan", "Central Manhattan", "The Village", "Lower Manhattan", "Queens", "Brooklyn")
ICONS = ("x", "diamond", "star", "circle")
ICON_SIGNS = ("✖", "◆", "★", "●")
TYPES = ("crime", "danger", "mystery")
COLORS = ("red", "orange", "yellow")
DIST_IDS = tuple(f"{a}-{i}" for a in AREAS for i in ICONS)
DIST_NAMES = tuple(f"{an} {s}" for an in AREA_NAMES for s in ICON_SIGNS)

# hero locations
REC, READY, SUPC, AVAIL = 0, 1, 2, 3
DIST0 = 10  # 10..33: District d
SPACE0 = 40  # 40..51: Support space 2*area + slot
SCEN = 60  # on the Scenario card (Special Headline)

#: the Game Round cap (ruling heroes/ruling/round-cap)
ROUND_CAP = 15
#: combat sequences before a combat is called (ruling heroes/ruling/sequence-cap)
SEQ_CAP = 10
ACTION_ROUNDS = 5

F_HITS = fx.F_HITS
F_TROUBLE = tuple(f.count("hit") + f.count("trouble") for f in FACES)
F_BOOST = fx.F_BOOST

def opt(oid: str, label: str, group: str = "") -> Option:
    """An option built afresh from the state it describes (no cache: a label is a function of the state)."""
    return Option(oid, label, group)


PASS = Option("pass", "Pass")
#: constant id, label and group: the same in every state
STORY = Option("story", "Story action: draw a Resource card, then you may advance or manipulate the Story track",
               "Story action")


def loc_name(loc: int) -> str:
    if loc == REC:
        return "recovery"
    if loc == READY:
        return "ready"
    if loc == SUPC:
        return "supporting"
    if loc == AVAIL:
        return "available"
    if DIST0 <= loc < DIST0 + 24:
        return DIST_IDS[loc - DIST0]
    if SPACE0 <= loc < SPACE0 + 12:
        k = loc - SPACE0
        return f"support:{AREAS[k // 2]}:{k % 2 + 1}"
    if loc == SCEN:
        return "scenario"
    return "?"


def _hero_menu(C: Any, h: str) -> tuple[Any, ...]:
    """The action-menu Options of hero ``h`` whose id says all their label and group say (the hero, the place, the
    content's names): (24 District moves, onto the Scenario card, to Recovery, 6 Support-space moves, back to the
    card, Support (Action) ability or None, Medical Treatment). Kept per game (``HeroesGame.hero_menus``), whose
    content never changes, so a label is always what its id does; everything else is built from the state."""
    hero = C.heroes[h]
    hn = hero.name
    g = f"Move {hn} (Ready)"
    moves = tuple(Option(f"move:{h}:{DIST_IDS[d]}", f"Move {hn} to {DIST_NAMES[d]}", g) for d in range(24))
    scen = Option(f"move:{h}:scenario", f"Move {hn} onto the Scenario card", g)
    rec = Option(f"move:{h}:recovery", f"Move {hn} to Recovery", g)
    g = f"Move {hn} (Supporting)"
    sup = tuple(Option(f"sup:{h}:{AREAS[a]}", f"Move {hn} to a Support space of {AREA_NAMES[a]}", g) for a in range(6))
    card = Option(f"sup:{h}:card", f"Move {hn} back to the Supporting position on the hero card", g)
    ab = hero.support
    abil = (Option(f"ability:{h}", f"Use {hn}'s {ab.name}: {ab.text}", "Use a Special Ability")
            if ab.kind == "action" else None)
    med = Option(f"medical:{h}", f"Medical Treatment: remove {hn}'s Wound", "Medical Treatment")
    return moves, scen, rec, sup, card, abil, med


def place_name(loc: int) -> str:
    """Where a Super Hero is, in the rulebook's words (for labels and the log; the view keeps ``loc_name``)."""
    if loc == REC:
        return "Recovery"
    if loc == READY:
        return "the Ready position on the hero card"
    if loc == SUPC:
        return "the Supporting position on the hero card"
    if loc == AVAIL:
        return "the available Super Heroes"
    if DIST0 <= loc < DIST0 + 24:
        return DIST_NAMES[loc - DIST0]
    if SPACE0 <= loc < SPACE0 + 12:
        return f"a Support space of {AREA_NAMES[(loc - SPACE0) // 2]}"
    if loc == SCEN:
        return "the Scenario card"
    return "nowhere"


def status_name(loc: int) -> str:
    """A Super Hero's status (heroes/reference-cards): Ready, Supporting or In Recovery."""
    if loc == READY or DIST0 <= loc < DIST0 + 24 or loc == SCEN:
        return "Ready"
    if loc == SUPC or SPACE0 <= loc < SPACE0 + 12:
        return "Supporting"
    return "In Recovery"


def plural(n: int, one: str, many: str | None = None) -> str:
    """``1 HIT``, ``2 HITS``, ``0 cards``: a count with its noun in the right number."""
    return f"{n} {one if n == 1 else (many if many is not None else one + 's')}"


def hits_of(dice: tuple[int, ...]) -> int:
    return sum(F_HITS[f % 10] for f in dice if f >= 0)



def _redeal(deck: list[Any], hands: list[list[Any]], seat: int, rng: Rng) -> list[Any]:
    """Shuffle ``deck`` with every hand but ``seat``'s, deal those hands back at their sizes; return the new deck.
    The pool is sorted first, so the deal is a function of what ``seat`` may know and the rng, never of the hidden
    order."""
    pool = deck[:]
    for s, h in enumerate(hands):
        if s != seat:
            pool += h
    pool.sort()
    rng.shuffle(pool)
    for s, h in enumerate(hands):
        if s != seat:
            k = len(h)
            hands[s] = pool[:k]
            pool = pool[k:]
    return pool

class HeroesState(State):
    game: HeroesGame

    # ------------------------------------------------------------------ setup
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

    @property
    def C(self) -> Content:
        return self.game.C

    def pname(self, s: int) -> str:
        return self.game.pnames[s]

    def hero_id(self, s: int, i: int) -> str:
        return self.game.team_heroes[self.teams[s]][i]

    def nem(self, s: int) -> int:
        """The seat controlling the Nemesis of seat ``s``'s team."""
        return (s + 1) % self.n

    def mastermind_of(self, s: int) -> str:
        """The Mastermind that seat ``s`` controls (the Nemesis of the team on his right)."""
        return self.C.teams[self.teams[(s - 1) % self.n]].nemesis

    def areas(self) -> int:
        return 4 if self.n == 2 else 6  # heroes/board/areas: no Brooklyn or Queens with two players

    # ------------------------------------------------------------------ cards
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
        extra = self._scen_param("threat_plus")
        for a in range(self.areas()):
            if not self.heads[a]:
                h = self._draw(self.hdeck, self.hdisc)
                if h is None:
                    continue
                self.heads[a] = h
                hl = C.headlines[h]
                self.emit("heroes/round-setup/headlines",
                          f"Headline \"{hl.name}\" ({hl.type.capitalize()}, Threat {hl.threat + extra}) in "
                          f"{DIST_NAMES[a * 4 + ICONS.index(hl.district)]}.")

    def head_dist(self, a: int) -> int:
        return a * 4 + self.game.icon_of[self.heads[a]]

    def _scen_param(self, effect: str) -> int:
        sc = self.C.scenarios[self.scen]
        return int(sc.params.get("n", 1)) if sc.effect == effect else 0

    def plan_bonus(self, s: int, effect: str) -> int:
        """Sum of ``n`` over the achieved Master Plans of seat ``s``'s Mastermind with this effect."""
        k = self.plans[s]
        if not k:
            return 0
        total = 0
        for p in self.C.masterminds[self.mastermind_of(s)].plans[:k]:
            if p.effect == effect:
                total += int(p.params.get("n", 1))
        return total

    def pu_bonus(self, s: int, effect: str) -> int:
        total = 0
        for pid in self.pups[s]:
            p = self.C.powerups[pid]
            if p.effect == effect:
                total += int(p.params.get("n", 1))
        return total

    def hero_of(self, s: int, i: int) -> Any:
        return self.C.heroes[self.hero_id(s, i)]

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

    # ------------------------------------------------------------------ driver
    def _run(self) -> None:
        stack = self.stack
        while not self.over:
            fr = stack[-1]
            self._tick(fr[0])  # no action may run more than Game.max_steps engine steps (EngineError, not a hang)
            h = _AUTO.get(fr[0])
            if h is not None:
                stack.pop()
                h(self, fr)
                continue
            d = _ASK[fr[0]](self, fr)
            if d is None:
                continue  # the builder resolved the frame itself (no choice to make)
            if len(d.options) == 1 and not d.secret and fr[0] not in _ALWAYS_ASK:
                # the rules give no choice: just do it
                self._answer(d.options[0].id)
                continue
            self._decision = d
            return
        self._decision = GAME_OVER

    def _compute_decision(self) -> Decision:
        if self.over:
            return GAME_OVER
        self._run()
        d = self._decision
        assert d is not None
        return d

    def _do(self, option_id: str) -> None:
        self._answer(option_id)
        self._run()

    def _answer(self, oid: str) -> None:
        fr = self.stack.pop()
        _ANS[fr[0]](self, fr, oid)

    # ================================================================== Game Round
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
        top = max(self.vp)
        lead = [s for s in range(n) if self.vp[s] == top]
        arch = -1
        if len(lead) == 1:
            arch = self.nem(lead[0])
        elif self.game.config.get("arch_tie", "henchmen") == "henchmen":
            # ruling heroes/ruling/arch-tie: the tied Nemesis controller with the highest Henchmen rating
            cands = [self.nem(s) for s in lead]
            best = max(self.C.masterminds[self.mastermind_of(c)].henchmen for c in cands)
            top_c = [c for c in cands if self.C.masterminds[self.mastermind_of(c)].henchmen == best]
            arch = top_c[0] if len(top_c) == 1 else -1
        self.arch = arch
        if arch >= 0:
            self.emit("heroes/round-setup/archnemesis", f"{self.pname(arch)} is the Archnemesis this Game Round.")
        else:
            self.emit("heroes/round-setup/archnemesis", "Nobody is the Archnemesis this Game Round.")
        low = min(self.vp)
        cands = [s for s in range(n) if self.vp[s] == low]
        if len(cands) > 1:
            fewest = min(len(self.pups[s]) for s in cands)
            cands = [s for s in cands if len(self.pups[s]) == fewest]
        self.first = cands[0] if len(cands) == 1 else cands[self.rng.randbelow(len(cands))]
        self.emit("heroes/round-setup/first-player", f"{self.pname(self.first)} receives the First Player token.")

    # ================================================================== Planning
    def f_plan(self, fr: tuple[Any, ...]) -> None:
        s = fr[1]
        loc = self.hloc[s]
        w = self.wound[s]
        # heroes/planning/1: Receive Plot Points
        avail = 0
        for i in range(4):
            lc = loc[i]
            if (lc in (READY, SUPC, REC) or SPACE0 <= lc < SPACE0 + 12) and not w[i]:
                loc[i] = AVAIL
                avail += 1
            elif SPACE0 <= lc < SPACE0 + 12 or lc in (READY, SUPC):
                loc[i] = REC
        bonus = self.vp[s] // 5 + self._scen_param("plot_bonus") + self.pu_bonus(s, "pu_pp") + self.plan_bonus(s, "mp_pp")
        self.pp[s] += avail + bonus
        self.emit("heroes/planning/1", f"{self.pname(s)} receives {plural(avail + bonus, 'Plot Point')} "
                  f"({plural(avail, 'available Super Hero', 'available Super Heroes')}, {bonus} bonus); "
                  f"pool {self.pp[s]}.")
        st = self.stack
        st.append(("pup", s))
        st.append(("ally", s))
        st.append(("heal", s))
        for i in reversed(range(4)):
            if loc[i] == AVAIL:
                st.append(("status", s, i))
        for i in reversed(range(4)):
            if loc[i] >= DIST0 and loc[i] < DIST0 + 24 or loc[i] == SCEN:
                st.append(("keep", s, i))

    def q_keep(self, fr: tuple[Any, ...]) -> Decision | None:
        s, i = fr[1], fr[2]
        h = self.hero_of(s, i)
        if self.pp[s] < h.level:
            self.stack.pop()
            self.hloc[s][i] = REC
            self.emit("heroes/planning/keep", f"{h.name} cannot be kept on the board and goes to Recovery.")
            return None
        return Decision(s, f"Keep {h.name} in {place_name(self.hloc[s][i])} for {plural(h.level, 'Plot Point')}? "
                        f"({plural(self.pp[s], 'Plot Point')} in your pool)",
                        (opt(f"keep:{h.id}", f"Keep {h.name} on the board, Ready ({plural(h.level, 'Plot Point')})"),
                         opt(f"recall:{h.id}", f"Move {h.name} to Recovery")), kind="planning")

    def a_keep(self, fr: tuple[Any, ...], oid: str) -> None:
        s, i = fr[1], fr[2]
        h = self.hero_of(s, i)
        if oid.startswith("keep:"):
            self.pp[s] -= h.level
            self.emit("heroes/planning/keep", f"{self.pname(s)} keeps {h.name} on the board "
                      f"({plural(h.level, 'Plot Point')}).")
        else:
            self.hloc[s][i] = REC
            self.emit("heroes/planning/keep", f"{self.pname(s)} moves {h.name} to Recovery.")

    def q_status(self, fr: tuple[Any, ...]) -> Decision | None:
        s, i = fr[1], fr[2]
        h = self.hero_of(s, i)
        opts = []
        if self.pp[s] >= h.level:
            opts.append(opt(f"ready:{h.id}", f"Make {h.name} Ready ({plural(h.level, 'Plot Point')})"))
        if self.pp[s] >= 1:
            opts.append(opt(f"support:{h.id}", f"Make {h.name} Supporting (1 Plot Point)"))
        opts.append(opt(f"recover:{h.id}", f"Leave {h.name} In Recovery (free)"))
        return Decision(s, f"Status of {h.name} ({plural(self.pp[s], 'Plot Point')} left)", tuple(opts), kind="planning")

    def a_status(self, fr: tuple[Any, ...], oid: str) -> None:
        # heroes/planning/2: Assign Super Hero Status
        s, i = fr[1], fr[2]
        h = self.hero_of(s, i)
        kind = oid.split(":", 1)[0]
        if kind == "ready":
            self.pp[s] -= h.level
            self.hloc[s][i] = READY
        elif kind == "support":
            self.pp[s] -= 1
            self.hloc[s][i] = SUPC
        else:
            self.hloc[s][i] = REC
        self.emit("heroes/planning/2", f"{self.pname(s)}: {h.name} is {status_name(self.hloc[s][i])}.")

    def f_heal(self, fr: tuple[Any, ...]) -> None:
        # heroes/planning/3: wounded heroes stay in Recovery and lose their Wound token
        s = fr[1]
        w = self.wound[s]
        for i in range(4):
            if w[i]:
                w[i] = 0
                self.hloc[s][i] = REC
                self.emit("heroes/planning/3", f"{self.hero_of(s, i).name} heals in Recovery.")

    def q_ally(self, fr: tuple[Any, ...]) -> Decision | None:
        # asked whenever the player could play one, judged from public facts only (PP, hand size)
        s = fr[1]
        if self.pp[s] < 1 or not self.rhand[s]:
            self.stack.pop()
            return None
        R = self.C.resources
        seen = []
        for c in self.rhand[s]:
            if R[c].kind == "ally" and c not in seen:
                seen.append(c)
        opts = [opt(f"ally:{c}", f"Play the Ally {R[c].name} (1 Plot Point)") for c in seen]
        opts.append(opt("ally:none", "Play no Ally"))
        return Decision(s, "Play an Ally?", tuple(opts), kind="planning")

    def a_ally(self, fr: tuple[Any, ...], oid: str) -> None:
        # heroes/planning/4 and heroes/cards/allies
        s = fr[1]
        c = oid[5:]
        if c == "none":
            return
        self.pp[s] -= 1
        self.rhand[s].remove(c)
        r = self.C.resources[c]
        linked = r.team == self.teams[s]
        # heroes/cards/allegiance: a linked Ally keeps the Plot Point spent on it
        self.allies[s].append([c, 1 if linked else 0])
        self.emit("heroes/cards/allies", f"{self.pname(s)} plays the Ally {r.name}"
                  + (" (linked: the Plot Point stays on the card)." if linked else "."))
        if self.pp[s] >= 1:
            self.stack.append(("allyextra", s))
        if len(self.allies[s]) > 3:
            self.stack.append(("allydrop", s))

    def q_allydrop(self, fr: tuple[Any, ...]) -> Decision | None:
        s = fr[1]
        R = self.C.resources
        opts = tuple(opt(f"drop:{k}:{a[0]}", f"Discard the Ally {R[a[0]].name}") for k, a in enumerate(self.allies[s][:3]))
        return Decision(s, "You may have three Allies in play: discard one", opts, kind="planning")

    def a_allydrop(self, fr: tuple[Any, ...], oid: str) -> None:
        s = fr[1]
        k = int(oid.split(":")[1])
        a = self.allies[s].pop(k)
        self.rdisc.append(a[0])
        self.emit("heroes/cards/allies", f"{self.pname(s)} discards the Ally {self.C.resources[a[0]].name}.")

    def q_allyextra(self, fr: tuple[Any, ...]) -> Decision | None:
        s = fr[1]
        if self.pp[s] < 1:
            self.stack.pop()
            return None
        return Decision(s, "Place one more Plot Point on the Ally you just played?",
                        (opt("extra:yes", "Place 1 more Plot Point on it"), opt("extra:no", "No")), kind="planning")

    def a_allyextra(self, fr: tuple[Any, ...], oid: str) -> None:
        s = fr[1]
        if oid == "extra:yes":
            self.pp[s] -= 1
            self.allies[s][-1][1] += 1
            self.emit("heroes/cards/allies", f"{self.pname(s)} places a Plot Point on the Ally.")

    def q_pup(self, fr: tuple[Any, ...]) -> Decision | None:
        s = fr[1]
        left = [p for p in self.C.team_powerups.get(self.teams[s], []) if p not in self.pups[s]]
        if len(self.stories[s]) < 3 or not left:
            self.stack.pop()
            return None
        opts = [opt(f"powerup:{p}", f"Discard 3 Story cards for {self.C.powerups[p].name}: {self.C.powerups[p].text}")
                for p in left]
        opts.append(opt("powerup:none", "Keep the Story cards"))
        return Decision(s, "Purchase a Team Power-Up?", tuple(opts), kind="planning")

    def a_pup(self, fr: tuple[Any, ...], oid: str) -> None:
        s = fr[1]
        p = oid[8:]
        if p == "none":
            return
        # heroes/missions/story-cards: three Story cards buy a Team Power-Up; VP are kept
        for _ in range(3):
            self.sdisc.append(self.stories[s].pop(0))
        self.pups[s].append(p)
        self.emit("heroes/missions/story-cards", f"{self.pname(s)} puts the Power-Up {self.C.powerups[p].name} into play.")

    # ================================================================== Missions
    def f_mission(self, fr: tuple[Any, ...]) -> None:
        n = self.n
        if self.at < n:
            s = (self.first + self.at) % n
            self.at += 1
            self.stack.append(("mission",))
            self.stack.append(("act", s))
            return
        # end of an Action Round
        self.at = 0
        if self.end_ar:
            # heroes/winning/special: the game ends when this Action Round is completed
            self._finish("heroes/winning/special")
            return
        self.ar += 1
        if self.ar <= ACTION_ROUNDS:
            self.emit("heroes/missions", f"Action Round {self.ar}.")
            self.stack.append(("mission",))
        else:
            self.stack.append(("roundend",))

    def gain_vp(self, s: int, n: int) -> None:
        """Seat ``s`` scores ``n`` Victory Points; a Scenario won "at once" on reaching a total ends the game now,
        whatever scored them (heroes/winning: "the first player to acquire a certain number of Victory Points")."""
        self.vp[s] += n
        v = self.C.scenarios[self.scen].victory
        if v["kind"] == "threshold" and not v.get("finish_round", True) and self.vp[s] >= int(v["vp"]) \
                and not self.over:
            self._finish("heroes/winning", [s])

    def f_roundend(self, fr: tuple[Any, ...]) -> None:
        v = self.C.scenarios[self.scen].victory
        kind = v["kind"]
        if kind == "threshold" and max(self.vp) >= int(v["vp"]):
            self._finish("heroes/winning")
            return
        if kind == "rounds" and self.round >= int(v["n"]):
            self._finish("heroes/winning")
            return
        if kind == "house_of_m" and self.round >= int(v["round"]):
            self._start_house_of_m()
            return
        if self.round >= ROUND_CAP:
            self._finish("heroes/ruling/round-cap")
            return
        self.round += 1
        self.stack.append(("round",))

    def _finish(self, rule: str, winners: list[int] | None = None) -> None:
        # heroes/winning/tie: most VP; then the Scenario Headline's scorer; then most Power-Ups
        n = self.n
        if winners is None:
            top = max(self.vp)
            c = [s for s in range(n) if self.vp[s] == top]
            if len(c) > 1 and self.solver in c:
                c = [self.solver]
            if len(c) > 1:
                most = max(len(self.pups[s]) for s in c)
                c = [s for s in c if len(self.pups[s]) == most]
        else:
            c = winners
        self.winners = c
        self.over = True
        self.stack.clear()
        names = ", ".join(self.pname(s) for s in c)
        self.emit(rule, f"The game ends after Game Round {self.round}. VP: {self.vp}. Winner: {names}.")

    # ---- the action
    def q_act(self, fr: tuple[Any, ...]) -> Decision:
        s = fr[1]
        C = self.C
        loc = self.hloc[s]
        hids = self.game.team_heroes[self.teams[s]]
        opts: list[Option] = []
        na = self.areas()
        nd = na * 4
        occupied = self._occupied() if (SUPC in loc or any(SPACE0 <= lc < SPACE0 + 12 for lc in loc)) else ()
        # heroes/missions/troubleshoot
        for lc in loc:
            if DIST0 <= lc < DIST0 + nd:
                d = lc - DIST0
                h = self.heads[d // 4]
                if h and self.head_dist(d // 4) == d:
                    oid = "trouble:" + DIST_IDS[d]
                    if not any(o.id == oid for o in opts):
                        opts.append(Option(oid, f"Troubleshoot \"{C.headlines[h].name}\" in {DIST_NAMES[d]}",
                                           "Troubleshoot a Headline"))
        if self.special and SCEN in loc:
            opts.append(Option("trouble:scenario", f"Troubleshoot the Special Headline \"{C.specials[self.special].name}\"",
                               "Troubleshoot a Headline"))
        menus = self.game.hero_menus
        for i in range(4):
            lc = loc[i]
            h = hids[i]
            m = menus.get(h)
            if m is None:
                m = menus[h] = _hero_menu(C, h)
            if lc == READY or DIST0 <= lc < DIST0 + 24 or lc == SCEN:
                # heroes/missions/move: a Ready hero to any District, or back to Recovery
                mv = m[0]
                if DIST0 <= lc < DIST0 + nd:
                    k = lc - DIST0
                    opts.extend(mv[:k])
                    opts.extend(mv[k + 1:nd])
                else:
                    opts.extend(mv[:nd])
                if self.special and lc != SCEN:
                    opts.append(m[1])
                if lc != READY:
                    opts.append(m[2])
            elif lc == SUPC or SPACE0 <= lc < SPACE0 + 12:
                sp = m[3]
                for a in range(na):
                    b = SPACE0 + 2 * a
                    if lc == b or lc == b + 1 or (b in occupied and b + 1 in occupied):
                        continue
                    opts.append(sp[a])
                if lc != SUPC:
                    opts.append(m[4])
                # heroes/missions/ability: Support (Action)
                if m[5] is not None and fx.usable_action(self, s, C.heroes[h].support.effect):
                    opts.append(m[5])
            elif lc == REC and self.wound[s][i]:
                opts.append(m[6])
        if self.rhand[s]:
            seen = set()
            for c in self.rhand[s]:
                r = C.resources[c]
                if r.kind == "event" and c not in seen:
                    seen.add(c)
                    if fx.usable_action(self, s, r.ability.effect):
                        opts.append(Option(f"event:{c}", f"Play {r.name}: {r.ability.text}", "Play an Event card"))
        opts.append(STORY)
        return Decision(s, f"Game Round {self.round}, Action Round {self.ar}: choose your action", tuple(opts), kind="action")

    def _occupied(self) -> set[int]:
        occ = set()
        for row in self.hloc:
            for lc in row:
                if SPACE0 <= lc < SPACE0 + 12:
                    occ.add(lc)
        return occ

    def _hidx(self, s: int, hid: str) -> int:
        return self.game.team_heroes[self.teams[s]].index(hid)

    def a_act(self, fr: tuple[Any, ...], oid: str) -> None:
        s = fr[1]
        C = self.C
        kind, _, rest = oid.partition(":")
        if kind == "story":
            self.stack.append(("story", s))
        elif kind == "move":
            h, _, dest = rest.partition(":")
            i = self._hidx(s, h)
            if dest == "recovery":
                self.hloc[s][i] = REC
                self.emit("heroes/missions/move", f"{self.pname(s)} moves {C.heroes[h].name} to Recovery.")
                return
            if dest == "scenario":
                self.hloc[s][i] = SCEN
                self.emit("heroes/winning/special", f"{self.pname(s)} moves {C.heroes[h].name} onto the Scenario card.")
                return
            d = DIST_IDS.index(dest)
            self.hloc[s][i] = DIST0 + d
            self.emit("heroes/missions/move", f"{self.pname(s)} moves {C.heroes[h].name} to {DIST_NAMES[d]}.")
            # heroes/missions/free-move: offered for any move of a Ready hero to a District
            self.stack.append(("freesup", s, d // 4))
        elif kind == "sup":
            h, _, dest = rest.partition(":")
            i = self._hidx(s, h)
            if dest == "card":
                self.hloc[s][i] = SUPC
                self.emit("heroes/missions/move", f"{self.pname(s)} moves {C.heroes[h].name} back to his card.")
                return
            a = AREAS.index(dest)
            occ = self._occupied()
            self.hloc[s][i] = SPACE0 + 2 * a + (0 if SPACE0 + 2 * a not in occ else 1)
            self.emit("heroes/missions/move", f"{self.pname(s)} moves {C.heroes[h].name} to a Support space of {AREA_NAMES[a]}.")
        elif kind == "trouble":
            self._start_troubleshooting(s, -1 if rest == "scenario" else DIST_IDS.index(rest))
        elif kind == "medical":
            i = self._hidx(s, rest)
            self.wound[s][i] = 0
            self.emit("heroes/missions/medical", f"{self.pname(s)} treats {C.heroes[rest].name}: the Wound is removed.")
        elif kind == "ability":
            i = self._hidx(s, rest)
            sup = C.heroes[rest].support
            self.emit("heroes/missions/ability", f"{self.pname(s)} uses {C.heroes[rest].name}'s {sup.name}.")
            fx.ACTIONS[sup.effect](self, s, sup.params, i)
        elif kind == "event":
            r = C.resources[rest]
            self.rhand[s].remove(rest)
            self.rdisc.append(rest)
            self.emit("heroes/cards/events", f"{self.pname(s)} plays the Event {r.name}.")
            fx.ACTIONS[r.ability.effect](self, s, r.ability.params, -1)

    def q_freesup(self, fr: tuple[Any, ...]) -> Decision | None:
        # heroes/missions/free-move: take one Supporting hero (from his card) to a Support space of the Area
        s, a = fr[1], fr[2]
        occ = self._occupied()
        if SPACE0 + 2 * a in occ and SPACE0 + 2 * a + 1 in occ:
            self.stack.pop()
            return None
        hids = self.game.team_heroes[self.teams[s]]
        opts = [opt(f"take:{hids[i]}", f"Take {self.C.heroes[hids[i]].name} along to a Support space of {AREA_NAMES[a]}")
                for i in range(4) if self.hloc[s][i] == SUPC]
        if not opts:
            self.stack.pop()
            return None
        opts.append(opt("take:none", "Take nobody along"))
        return Decision(s, "Free move of a Supporting Super Hero?", tuple(opts), kind="action")

    def a_freesup(self, fr: tuple[Any, ...], oid: str) -> None:
        s, a = fr[1], fr[2]
        h = oid[5:]
        if h == "none":
            return
        i = self._hidx(s, h)
        occ = self._occupied()
        self.hloc[s][i] = SPACE0 + 2 * a + (0 if SPACE0 + 2 * a not in occ else 1)
        self.emit("heroes/missions/free-move", f"{self.C.heroes[h].name} moves along to a Support space of {AREA_NAMES[a]}.")

    # ---- Story action
    def q_story(self, fr: tuple[Any, ...]) -> Decision | None:
        s = fr[1]
        # heroes/missions/story: draw one Resource card first
        self.draw_resources(s, 1 + self.pu_bonus(s, "pu_draw"))
        self.emit("heroes/missions/story", f"{self.pname(s)} takes a Story action and draws a Resource card.")
        self.stack[-1] = ("storych", s)
        return None

    def q_storych(self, fr: tuple[Any, ...]) -> Decision | None:
        s = fr[1]
        opts = []
        if self.sdeck or self.sdisc:
            opts.append(opt("advance", "Advance the Story track"))
        C = self.C
        last = len(self.track) - 1
        for k, c in enumerate(self.track):
            if k != last and C.stories[c].team == self.teams[s]:
                opts.append(opt(f"manip:{k}", f"Move \"{C.stories[c].name}\" to the last position of the track"))
        if not opts:
            self.stack.pop()
            return None
        # heroes/missions/story: "You may then either" advance or manipulate - or do neither
        opts.append(opt("leave", "Leave the Story track as it is"))
        return Decision(s, "Story action: you may advance or manipulate the Story track", tuple(opts), kind="story")

    def a_storych(self, fr: tuple[Any, ...], oid: str) -> None:
        s = fr[1]
        C = self.C
        if oid == "advance":
            c = self._draw(self.sdeck, self.sdisc)
            assert c is not None
            self.track.insert(0, c)
            self.emit("heroes/missions/story", f"The Story track advances: \"{C.stories[c].name}\" enters it.")
            if len(self.track) > 4:
                out = self.track.pop()
                team = C.stories[out].team
                if team in self.teams:
                    t = self.teams.index(team)
                    self.stories[t].append(out)
                    gain = self._scen_param("story_vp") or 1
                    self.emit("heroes/missions/story-cards", f"\"{C.stories[out].name}\" goes to {self.pname(t)}: +{gain} VP.")
                    self.gain_vp(t, gain)
                else:
                    self.sdisc.append(out)
                    self.emit("heroes/missions/story", f"\"{C.stories[out].name}\" is discarded (its Team is not in play).")
        elif oid == "leave":
            self.emit("heroes/missions/story", f"{self.pname(s)} leaves the Story track as it is.")
        else:
            k = int(oid[6:])
            c = self.track.pop(k)
            self.track.append(c)
            self.emit("heroes/missions/story", f"{self.pname(s)} moves \"{C.stories[c].name}\" to the last position.")

    def q_dropwanted(self, fr: tuple[Any, ...]) -> Decision | None:
        s = fr[1]
        if not self.wanted:
            self.stack.pop()
            return None
        opts = tuple(opt(f"dropwanted:{k}:{v}", f"Discard {self.C.villains[v].name} from the Most Wanted spaces")
                     for k, v in enumerate(self.wanted))
        return Decision(s, "Discard a Most Wanted Villain", opts, kind="action")

    def a_dropwanted(self, fr: tuple[Any, ...], oid: str) -> None:
        k = int(oid.split(":")[1])
        v = self.wanted.pop(k)
        self.vdisc.append(v)
        self.emit("heroes/troubleshooting/3/most-wanted", f"{self.C.villains[v].name} leaves the Most Wanted spaces.")

    # ================================================================== Troubleshooting
    def headline(self) -> Headline:
        ts = self.ts
        assert ts is not None
        return self.C.specials[ts["head"]] if ts["dist"] < 0 else self.C.headlines[ts["head"]]

    def _start_troubleshooting(self, s: int, d: int) -> None:
        C = self.C
        nem = self.nem(s)
        if d < 0:
            head = self.special
            hl = C.specials[head]
            area = -1
        else:
            area = d // 4
            head = self.heads[area]
            hl = C.headlines[head]
        special = d < 0
        scheme_ok = hl.mastermind or nem == self.arch
        plan_ok = scheme_ok and not special and self.plans[nem] < 3 and self.pblock[nem] != self.round
        self.ts = {"seat": s, "dist": d, "area": area, "head": head, "type": TYPES.index(hl.type), "nem": nem,
                   "plan": "", "scheme": "", "scheme_ok": scheme_ok, "lead_wanted": False, "trouble": 0, "lead": "", "lead_seat": -1,
                   "backs": (), "agents": (), "won": -1}
        where = "the Scenario card" if special else DIST_NAMES[d]
        self.emit("heroes/troubleshooting", f"{self.pname(s)} troubleshoots \"{hl.name}\" in {where}.")
        st = self.stack
        st.append(("tsend",))
        st.append(("tsresolve",))
        st.append(("tsvil",))
        if scheme_ok and C.masterminds[self.mastermind_of(nem)].scheming is not None:
            st.append(("tsscheme", "special"))
        st.append(("tsreduce",))
        st.append(("tsroll",))
        if scheme_ok:
            st.append(("tsscheme", "threat"))
        if plan_ok:
            st.append(("tsplan",))

    def q_tsplan(self, fr: tuple[Any, ...]) -> Decision | None:
        ts = self.ts
        assert ts is not None
        nem = ts["nem"]
        mm = self.C.masterminds[self.mastermind_of(nem)]
        p = mm.plans[self.plans[nem]]
        return Decision(nem, f"Attempt your Master Plan \"{p.name}\" with {mm.name}?",
                        (opt(f"plan:{p.id}", f"Attempt \"{p.name}\" ({p.text})"), opt("plan:no", "Do not attempt a Master Plan")),
                        kind="mastermind")

    def a_tsplan(self, fr: tuple[Any, ...], oid: str) -> None:
        ts = self.ts
        assert ts is not None
        if oid != "plan:no":
            ts["plan"] = oid[5:]
            p = self.C.plans[ts["plan"]]
            self.emit("heroes/mastermind/plans", f"{self.pname(ts['nem'])} places the Mastermind on the Headline and "
                      f"attempts the Master Plan \"{p.name}\".")

    def q_tsscheme(self, fr: tuple[Any, ...]) -> Decision | None:
        ts = self.ts
        assert ts is not None
        when = fr[1]
        if ts["scheme"]:
            self.stack.pop()
            return None
        nem = ts["nem"]
        mm = self.C.masterminds[self.mastermind_of(nem)]
        if when == "threat":
            lab = f"Increase the Threat by {mm.threat[ts['type']]}"
        elif when == "special":
            if ts["trouble"] <= 0 and mm.scheming.effect != "raise_trouble":
                self.stack.pop()
                return None
            lab = f"{mm.scheming.name}: {mm.scheming.text}"
        elif when == "draw":
            lab = f"Draw {self._top_level()} additional Villain cards"
        else:
            if not ts["lead"]:
                self.stack.pop()
                return None
            lab = "Give the Lead Villain dice boosting"
        return Decision(nem, "Scheming (one per Troubleshooting action)",
                        (opt(f"scheme:{when}", lab), opt("scheme:no", "Not now")), kind="mastermind")

    def _top_level(self) -> int:
        ts = self.ts
        assert ts is not None
        s = ts["seat"]
        return max((self.hero_of(s, i).level for i in self._ts_heroes()), default=0)

    def _ts_heroes(self) -> list[int]:
        """Ready heroes of the Hero player in the troubleshooting District."""
        ts = self.ts
        assert ts is not None
        s = ts["seat"]
        where = SCEN if ts["dist"] < 0 else DIST0 + ts["dist"]
        return [i for i in range(4) if self.hloc[s][i] == where]

    def a_tsscheme(self, fr: tuple[Any, ...], oid: str) -> None:
        ts = self.ts
        assert ts is not None
        if oid == "scheme:no":
            return
        when = fr[1]
        ts["scheme"] = when
        nem = ts["nem"]
        if when == "draw":
            # heroes/mastermind/scheming/draw
            k = self._top_level()
            for _ in range(k):
                self._draw_v(nem)
            self.emit("heroes/mastermind/scheming/draw", f"{self.pname(nem)} schemes: draws {k} more Villain cards.")
        elif when == "threat":
            self.emit("heroes/mastermind/scheming/threat", f"{self.pname(nem)} schemes: the Threat increases.")
        elif when == "special":
            # heroes/reference-cards: the Mastermind's own Scheming Special Ability
            sch = self.C.masterminds[self.mastermind_of(nem)].scheming
            n = int(sch.params.get("n", 1))
            if sch.effect == "raise_trouble":
                ts["trouble"] += n
            else:
                for _ in range(n):
                    self._draw_v(nem)
            self.emit("heroes/mastermind/scheming", f"{self.pname(nem)} schemes with {sch.name}: {sch.text} "
                      f"(Trouble Level {ts['trouble']}).")
        else:
            self.emit("heroes/mastermind/scheming/boost", f"{self.pname(nem)} schemes: the Lead Villain gets dice boosting.")

    def f_tsroll(self, fr: tuple[Any, ...]) -> None:
        # heroes/troubleshooting/1: Determine Trouble Level
        ts = self.ts
        assert ts is not None
        hl = self.headline()
        nem = ts["nem"]
        n = hl.threat + self._scen_param("threat_plus") + self.plan_bonus(nem, "mp_threat")
        if ts["scheme"] == "threat":
            n += self.C.masterminds[self.mastermind_of(nem)].threat[ts["type"]]
        k = min(n, MAX_DICE)
        # heroes/troubleshooting/1/skills: no boosting if a hero in the District or Area has a listed Skill
        boost = not self._skill_match()
        total = 0
        faces = []
        for _ in range(k):
            f = self.die()
            faces.append(f)
            total += F_TROUBLE[f]
            if boost and F_BOOST[f]:
                g = self.die()
                faces.append(g + 10)
                total += F_TROUBLE[g]
        ts["trouble"] = total
        self.emit("heroes/troubleshooting/1", f"Threat roll of {plural(k, 'die', 'dice')}{'' if boost else ' (no boosting: Skill)'}: "
                  f"Trouble Level {total}.")

    def _skill_match(self) -> bool:
        ts = self.ts
        assert ts is not None
        hl = self.headline()
        s = ts["seat"]
        skills = hl.skills
        for i in self._ts_heroes():
            if self.hero_of(s, i).skill in skills:
                return True
        a = ts["area"]
        if a >= 0:
            for i in range(4):
                lc = self.hloc[s][i]
                if lc in (SPACE0 + 2 * a, SPACE0 + 2 * a + 1) and self.hero_of(s, i).skill in skills:
                    return True
        return False

    def f_tsreduce(self, fr: tuple[Any, ...]) -> None:
        # heroes/troubleshooting/2: Reduce Trouble by the best Ready hero's rating
        ts = self.ts
        assert ts is not None
        s = ts["seat"]
        t = ts["type"]
        best = max((self.hero_of(s, i).troubleshooting[t] for i in self._ts_heroes()), default=0)
        best += self.pu_bonus(s, "pu_trouble")
        ts["trouble"] = max(0, ts["trouble"] - best)
        self.emit("heroes/troubleshooting/2", f"The Super Heroes reduce the Trouble by {best}: Trouble Level {ts['trouble']}.")
        a = ts["area"]
        if a >= 0:
            for i in reversed(range(4)):
                lc = self.hloc[s][i]
                if lc in (SPACE0 + 2 * a, SPACE0 + 2 * a + 1):
                    sup = self.hero_of(s, i).support
                    if sup.kind == "troubleshooting" and sup.params.get("type", TYPES[t]) == TYPES[t]:
                        self.stack.append(("tssup", i))

    def q_tssup(self, fr: tuple[Any, ...]) -> Decision | None:
        ts = self.ts
        assert ts is not None
        if ts["trouble"] <= 0:
            self.stack.pop()
            return None
        s = ts["seat"]
        h = self.hero_of(s, fr[1])
        return Decision(s, f"Use {h.name}'s Support (Troubleshooting) ability?",
                        (opt(f"use:{h.id}", f"Use {h.name}'s {h.support.name}: {h.support.text}"), opt("skip", "Do not use it")),
                        kind="troubleshooting")

    def a_tssup(self, fr: tuple[Any, ...], oid: str) -> None:
        ts = self.ts
        assert ts is not None
        if oid == "skip":
            return
        h = self.hero_of(ts["seat"], fr[1])
        ts["trouble"] = max(0, ts["trouble"] - int(h.support.params.get("n", 1)))
        self.emit("heroes/troubleshooting/2/support", f"{h.name} uses {h.support.name}: Trouble Level {ts['trouble']}.")

    def villain_order(self) -> list[int]:
        """Villain players clockwise from the Hero player's Nemesis."""
        ts = self.ts
        assert ts is not None
        s = ts["seat"]
        return [(s + 1 + j) % self.n for j in range(self.n - 1)]

    def f_tsvil(self, fr: tuple[Any, ...]) -> None:
        ts = self.ts
        assert ts is not None
        if ts["trouble"] <= 0:
            return  # heroes/troubleshooting/2: straight to Headline Resolution
        st = self.stack
        st.append(("tscombat",))
        if ts["scheme_ok"]:
            st.append(("tsscheme", "boost"))
        st.append(("tsback", 0))
        st.append(("tslead", 0))
        if ts["scheme_ok"]:
            st.append(("tsscheme", "draw"))
        # heroes/troubleshooting/3/draw: each Villain player in turn from the Nemesis "may draw"
        for j in reversed(range(self.n - 1)):
            st.append(("tsdraw", j))

    def _villain_draw(self, v: int) -> int:
        """How many Villain cards seat ``v`` may draw at Play Villains (heroes/troubleshooting/3/draw)."""
        return (2 if self.n == 2 else 1) + self._scen_param("villain_draw") + self.plan_bonus(v, "mp_draw")

    def q_tsdraw(self, fr: tuple[Any, ...]) -> Decision | None:
        v = self.villain_order()[fr[1]]
        k = self._villain_draw(v)
        opts = [opt(f"draw:{j}", f"Draw {plural(j, 'Villain card')}" if j else "Draw no Villain card")
                for j in range(k, -1, -1)]
        return Decision(v, "Play Villains: draw Villain cards?", tuple(opts), kind="villains")

    def a_tsdraw(self, fr: tuple[Any, ...], oid: str) -> None:
        v = self.villain_order()[fr[1]]
        j = int(oid[5:])
        for _ in range(j):
            self._draw_v(v)
        self.emit("heroes/troubleshooting/3/draw", f"{self.pname(v)} draws {plural(j, 'Villain card')}.")

    def q_tslead(self, fr: tuple[Any, ...]) -> Decision | None:
        # heroes/troubleshooting/3/lead
        ts = self.ts
        assert ts is not None
        order = self.villain_order()
        k = fr[1]
        v = order[k]
        t = ts["trouble"]
        V = self.C.villains
        opts = []
        seen = set()
        for c in self.vhand[v]:
            card = V[c]
            if c not in seen and card.agent is None and card.requirement <= t and card.cost <= t:
                seen.add(c)
                opts.append(opt(f"lead:{c}", f"Play {card.name} as Lead Villain (Requirement {card.requirement}, Cost {card.cost})"))
        for j, c in enumerate(self.wanted):
            # heroes/troubleshooting/3/most-wanted: Requirement 0, Cost paid normally
            if V[c].cost <= t:
                opts.append(opt(f"wanted:{j}:{c}", f"Play the Most Wanted {V[c].name} as Lead Villain (Cost {V[c].cost})"))
        if not opts and not self.vhand[v]:
            self.stack.pop()
            if k + 1 < len(order):
                self.stack.append(("tslead", k + 1))
            return None
        opts.append(PASS)
        return Decision(v, f"Trouble Level {t}: play a Lead Villain?", tuple(opts), kind="villains")

    def a_tslead(self, fr: tuple[Any, ...], oid: str) -> None:
        ts = self.ts
        assert ts is not None
        order = self.villain_order()
        k = fr[1]
        v = order[k]
        if oid == "pass":
            if k + 1 < len(order):
                self.stack.append(("tslead", k + 1))
            return
        if oid.startswith("wanted:"):
            _, j, c = oid.split(":")
            self.wanted.pop(int(j))
            ts["lead_wanted"] = True
        else:
            c = oid[5:]
            self.vhand[v].remove(c)
        card = self.C.villains[c]
        ts["lead"] = c
        ts["lead_seat"] = v
        ts["trouble"] -= card.cost  # heroes/troubleshooting/3/pay
        self.emit("heroes/troubleshooting/3/lead", f"{self.pname(v)} plays {card.name} as the Lead Villain "
                  f"(Trouble Level now {ts['trouble']}).")

    def q_tsback(self, fr: tuple[Any, ...]) -> Decision | None:
        # heroes/troubleshooting/3/backup
        ts = self.ts
        assert ts is not None
        order = self.villain_order()
        k = fr[1]
        if not ts["lead"] or ts["trouble"] <= 0 or k >= len(order):
            self.stack.pop()
            return None
        v = order[k]
        t = ts["trouble"]
        V = self.C.villains
        opts = []
        seen = set()
        for c in self.vhand[v]:
            if c in seen:
                continue
            seen.add(c)
            card = V[c]
            if card.agent is not None:
                if card.cost <= t:
                    opts.append(opt(f"agent:{c}", f"Play the Agent {card.name} (Cost {card.cost})"))
            elif card.backup is not None and card.backup.cost <= t:
                opts.append(opt(f"back:{c}", f"Play {card.backup.name} as a Backup Effect (Cost {card.backup.cost})"))
        if not opts and not self.vhand[v]:
            self.stack[-1] = ("tsback", k + 1)
            return None
        opts.append(PASS)
        return Decision(v, f"Trouble Level {t}: play Backup Effects or Agents?", tuple(opts), kind="villains")

    def a_tsback(self, fr: tuple[Any, ...], oid: str) -> None:
        ts = self.ts
        assert ts is not None
        k = fr[1]
        v = self.villain_order()[k]
        if oid == "pass":
            self.stack.append(("tsback", k + 1))
            return
        kind, _, c = oid.partition(":")
        card = self.C.villains[c]
        self.vhand[v].remove(c)
        if kind == "agent":
            ts["agents"] = ts["agents"] + (c,)
            ts["trouble"] -= card.cost
            self.emit("heroes/troubleshooting/3/agents", f"{self.pname(v)} plays the Agent {card.name}.")
        else:
            assert card.backup is not None
            ts["backs"] = ts["backs"] + (c,)
            ts["trouble"] -= card.backup.cost
            self.emit("heroes/troubleshooting/3/backup", f"{self.pname(v)} plays {card.backup.name} as a Backup Effect.")
        self.stack.append(("tsback", k))

    def f_tscombat(self, fr: tuple[Any, ...]) -> None:
        ts = self.ts
        assert ts is not None
        if not ts["lead"]:
            self.emit("heroes/troubleshooting/3", "No Lead Villain is played.")
            return
        c = self.C.villains[ts["lead"]]
        s = ts["seat"]
        self._start_combat(s, ts["lead_seat"], ts["lead"], False, self._ts_heroes(), ts["area"],
                           ts["scheme"] == "boost", ts["backs"], ts["agents"], "lead")
        ts["backs"] = ()
        ts["agents"] = ()
        self.emit("heroes/troubleshooting/4", f"Combat: the Super Heroes against {c.name}.")

    def f_tsresolve(self, fr: tuple[Any, ...]) -> None:
        # heroes/troubleshooting/5: Headline Resolution
        ts = self.ts
        assert ts is not None
        s = ts["seat"]
        hl = self.headline()
        won = ts["won"] != 0  # no Lead Villain (-1) or heroes won (1)
        if won:
            self.scored[s].append(hl.id)
            self.emit("heroes/troubleshooting/5", f"{self.pname(s)} solves \"{hl.name}\": +{hl.vp} VP "
                      f"(now {self.vp[s] + hl.vp}).")
            self.gain_vp(s, hl.vp)
            if self.over:
                return
        else:
            self.emit("heroes/troubleshooting/5", f"\"{hl.name}\" is discarded.")
        if ts["dist"] >= 0:
            if not won:
                self.hdisc.append(hl.id)
            self.heads[ts["area"]] = ""
        elif won:
            self.special = ""
            self.solver = s
            self.end_ar = True
        ts["trouble"] = 0
        if ts["plan"]:
            if won and self._ts_heroes():
                self.stack.append(("tschal",))
            else:
                self._plan_succeeds()

    def _plan_succeeds(self) -> None:
        # heroes/mastermind/victorious
        ts = self.ts
        assert ts is not None
        nem = ts["nem"]
        p = self.C.plans[ts["plan"]]
        self.plans[nem] += 1
        self.emit("heroes/mastermind/victorious", f"{self.pname(nem)} completes the Master Plan \"{p.name}\": {p.text}")
        if p.effect == "mp_vp":
            self.gain_vp(nem, int(p.params.get("n", 1)))

    def q_tschal(self, fr: tuple[Any, ...]) -> Decision | None:
        ts = self.ts
        assert ts is not None
        mm = self.C.masterminds[self.mastermind_of(ts["nem"])]
        return Decision(ts["seat"], f"Challenge {mm.name} to stop the Master Plan?",
                        (opt("challenge", f"Challenge {mm.name}"), opt("nochallenge", "Do not challenge (the Master Plan succeeds)")),
                        kind="mastermind")

    def a_tschal(self, fr: tuple[Any, ...], oid: str) -> None:
        ts = self.ts
        assert ts is not None
        if oid == "nochallenge":
            self._plan_succeeds()
            return
        # heroes/mastermind/challenge: KOs carry over, Henchmen drawn for free, the Mastermind boosts
        nem = ts["nem"]
        mmid = self.mastermind_of(nem)
        self.stack.append(("tsmmres",))
        self._challenge(ts["seat"], nem, mmid, self._ts_heroes(), ts["area"], self._henchmen(nem, mmid), "mm")

    def _henchmen(self, nem: int, mmid: str) -> int:
        return self.C.masterminds[mmid].henchmen + self.plan_bonus(nem, "mp_hench")

    def _challenge(self, s: int, nem: int, mmid: str, heroes: list[int], area: int, hench: int, tag: str) -> None:
        backs: list[str] = []
        agents: list[str] = []
        for _ in range(hench):
            c = self._draw(self.vdeck, self.vdisc)
            if c is None:
                break
            (agents if self.C.villains[c].agent is not None else backs).append(c)
        mm = self.C.masterminds[mmid]
        self.emit("heroes/combat/henchmen", f"{mm.name} brings {plural(len(backs) + len(agents), 'Henchman', 'Henchmen')}.")
        self._start_combat(s, nem, mmid, True, heroes, area, True, tuple(backs), tuple(agents), tag)

    def f_tsmmres(self, fr: tuple[Any, ...]) -> None:
        ts = self.ts
        assert ts is not None
        if ts["won"] == 1:
            # heroes/mastermind/defeated: a Team Power-Up; the plan is blocked this Game Round
            self.pblock[ts["nem"]] = self.round
            self.emit("heroes/mastermind/defeated", "The Mastermind is defeated: the Master Plan fails this Game Round.")
            self.stack.append(("mmpup", ts["seat"]))
        else:
            self._plan_succeeds()

    def q_mmpup(self, fr: tuple[Any, ...]) -> Decision | None:
        s = fr[1]
        left = [p for p in self.C.team_powerups.get(self.teams[s], []) if p not in self.pups[s]]
        if not left:
            self.stack.pop()
            return None
        return Decision(s, "Put one of your Team Power-Ups into play",
                        tuple(opt(f"powerup:{p}", f"Put {self.C.powerups[p].name} into play: {self.C.powerups[p].text}")
                              for p in left), kind="mastermind")

    def a_mmpup(self, fr: tuple[Any, ...], oid: str) -> None:
        s = fr[1]
        p = oid[8:]
        self.pups[s].append(p)
        self.emit("heroes/mastermind/defeated", f"{self.pname(s)} puts the Power-Up {self.C.powerups[p].name} into play.")

    def f_tsend(self, fr: tuple[Any, ...]) -> None:
        ts = self.ts
        assert ts is not None
        self.ko[ts["seat"]] = [0, 0, 0, 0]  # heroes/troubleshooting/4: KO tokens never outlive the action
        self.ts = None

    # ================================================================== Combat
    def _start_combat(self, s: int, vs: int, foe: str, mm: bool, heroes: list[int], area: int, vboost: bool,
                      backs: tuple[str, ...], agents: tuple[str, ...], tag: str) -> None:
        C = self.C
        kov = C.masterminds[foe].ko if mm else C.villains[foe].ko
        self.cb = {"hs": s, "vs": vs, "foe": foe, "mm": mm, "fko": 0, "fkov": kov, "heroes": tuple(heroes),
                   "fighter": heroes[0] if heroes else -1, "init": "H", "seq": 0, "hp": -1, "vp": -1,
                   "vboost": vboost, "backs": backs, "agents": agents, "area": area, "tag": tag,
                   "roll": "", "att": "H", "Hplus": 0, "Vplus": 0, "Hset": 0, "Vset": 0, "Hb1": False, "Vb1": False,
                   "Hres": 0, "Vres": 0, "Hdice": (), "Vdice": (), "used": (), "win": "", "Hseq": 0, "Vseq": 0}
        self.stack.append(("cbend",))
        self.stack.append(("cbseq",))

    # accessors used by effects
    def cb_add(self, key: str, n: int) -> None:
        cb = self.cb
        assert cb is not None
        cb[key] += n

    def cb_dice(self, side: str) -> tuple[int, ...]:
        cb = self.cb
        assert cb is not None
        return cb[side + "dice"]  # type: ignore[no-any-return]

    def cb_set_dice(self, side: str, dice: tuple[int, ...]) -> None:
        cb = self.cb
        assert cb is not None
        cb[side + "dice"] = dice

    def cb_hits(self, side: str) -> int:
        cb = self.cb
        assert cb is not None
        return max(0, hits_of(cb[side + "dice"]) + cb[side + "res"])

    def cb_kos(self, side: str) -> int:
        cb = self.cb
        assert cb is not None
        if side == "V":
            return cb["fko"]  # type: ignore[no-any-return]
        f = cb["fighter"]
        return self.ko[cb["hs"]][f] if f >= 0 else 0

    def cb_heal(self, side: str) -> None:
        cb = self.cb
        assert cb is not None
        if side == "V":
            cb["fko"] = max(0, cb["fko"] - 1)
        else:
            f = cb["fighter"]
            self.ko[cb["hs"]][f] = max(0, self.ko[cb["hs"]][f] - 1)

    def foe_powers(self) -> tuple[Any, ...]:
        cb = self.cb
        assert cb is not None
        return self.C.masterminds[cb["foe"]].powers if cb["mm"] else self.C.villains[cb["foe"]].powers

    def foe_name(self) -> str:
        cb = self.cb
        assert cb is not None
        return self.C.masterminds[cb["foe"]].name if cb["mm"] else self.C.villains[cb["foe"]].name

    def base_rating(self, side: str, stat: str) -> int:
        """The chosen Power's rating after Agents (heroes/combat/timing/6: Agents are continuous)."""
        cb = self.cb
        assert cb is not None
        if side == "H":
            p = self.hero_of(cb["hs"], cb["fighter"]).powers[cb["hp"]]
            r = getattr(p, stat)
            for c in cb["agents"]:
                ag = self.C.villains[c].agent
                if ag.params.get("stat") in (stat, "any"):
                    r -= int(ag.params.get("n", 1))
            return max(0, r)
        p = self.foe_powers()[cb["vp"]]
        return getattr(p, stat)  # type: ignore[no-any-return]

    def power_ratings(self, side: str, k: int) -> tuple[int, int, int]:
        """Attack, Defend and Outwit of ``side``'s Power ``k`` after Agents (heroes/combat/timing/6)."""
        cb = self.cb
        assert cb is not None
        if side == "V":
            p = self.foe_powers()[k]
            return p.a, p.d, p.w
        p = self.hero_of(cb["hs"], cb["fighter"]).powers[k]
        out = []
        for stat in ("a", "d", "w"):
            r = getattr(p, stat)
            for c in cb["agents"]:
                ag = self.C.villains[c].agent
                if ag.params.get("stat") in (stat, "any"):
                    r -= int(ag.params.get("n", 1))
            out.append(max(0, r))
        return out[0], out[1], out[2]

    def _ratings_text(self, side: str, k: int) -> str:
        """``a4 | d2 | w2`` (the rulebook's notation) after Agents, with the printed ratings when they differ,
        and any "this sequence" dice."""
        cb = self.cb
        assert cb is not None
        a, d, w = self.power_ratings(side, k)
        p = (self.hero_of(cb["hs"], cb["fighter"]).powers if side == "H" else self.foe_powers())[k]
        txt = f"a{a} | d{d} | w{w}"
        if (a, d, w) != (p.a, p.d, p.w):
            txt += f"; printed a{p.a} | d{p.d} | w{p.w}, lowered by Agents"
        if cb[side + "seq"]:
            txt += f"; {plural(cb[side + 'seq'], 'more die', 'more dice')} on every roll this sequence"
        return txt

    def rating(self, side: str) -> int:
        """Dice ``side`` rolls on the upcoming roll (heroes/dice/cap: at most 8)."""
        cb = self.cb
        assert cb is not None
        stat = fx._stat_of(self, side)
        r = max(self.base_rating(side, stat), cb[side + "set"]) + cb[side + "plus"] + cb[side + "seq"]
        return max(0, min(MAX_DICE, r))

    def has_boost(self, side: str) -> bool:
        cb = self.cb
        assert cb is not None
        if cb[side + "b1"]:
            return True
        if side == "V":
            return cb["vboost"]  # type: ignore[no-any-return]
        s = cb["hs"]
        if self.pu_bonus(s, "pu_boost"):
            return True
        a = cb["area"]
        if a < 0:
            return False
        # heroes/combat/boost: a Teammate in a Support space of the Area
        lo = SPACE0 + 2 * a
        return any(lc == lo or lc == lo + 1 for lc in self.hloc[s])

    def f_cbseq(self, fr: tuple[Any, ...]) -> None:
        cb = self.cb
        assert cb is not None
        cb["seq"] += 1
        if cb["seq"] > SEQ_CAP:
            # ruling heroes/ruling/sequence-cap
            self.emit("heroes/ruling/sequence-cap", f"After {SEQ_CAP} combat sequences the Super Heroes withdraw: the Villain wins.")
            self._end_combat("V")
            return
        cb["hp"] = -1
        cb["vp"] = -1
        cb["Hseq"] = cb["Vseq"] = 0
        cb["used"] = ()
        st = self.stack
        st.append(("cbseq",))
        st.append(("cbwin", "end", 1))
        st.append(("cbwin", "end", 0))
        st.append(("cbout",))
        st.append(("cbatk", 2))
        st.append(("cbatk", 1))
        st.append(("cbreveal",))
        st.append(("cbpow", "V"))
        st.append(("cbpow", "H"))
        # heroes/combat/timing/5: "this sequence" abilities before the choice of Powers
        st.append(("cbwin", "seq", 1))
        st.append(("cbwin", "seq", 0))
        if len(cb["heroes"]) > 1:
            st.append(("cbfighter",))

    def q_cbfighter(self, fr: tuple[Any, ...]) -> Decision | None:
        # heroes/combat/multi: choose which Super Hero fights this sequence
        cb = self.cb
        assert cb is not None
        s = cb["hs"]
        opts = tuple(opt(f"fighter:{self.hero_id(s, i)}", f"{self.hero_of(s, i).name} fights this sequence") for i in cb["heroes"])
        return Decision(s, "Which Super Hero fights this combat sequence?", opts, kind="combat")

    def a_cbfighter(self, fr: tuple[Any, ...], oid: str) -> None:
        cb = self.cb
        assert cb is not None
        cb["fighter"] = self._hidx(cb["hs"], oid[8:])

    def q_cbpow(self, fr: tuple[Any, ...]) -> Decision | None:
        # heroes/combat/1: each side secretly picks a Combat Power token
        cb = self.cb
        assert cb is not None
        side = fr[1]
        if side == "H":
            seat = cb["hs"]
            powers = self.hero_of(seat, cb["fighter"]).powers
            who = self.hero_of(seat, cb["fighter"]).name
        else:
            seat = cb["vs"]
            powers = self.foe_powers()
            who = self.foe_name()
        opts = tuple(opt(f"power:{COLORS[k]}", f"{COLORS[k].capitalize()} token: {p.name} ({self._ratings_text(side, k)})")
                     for k, p in enumerate(powers))
        if len(opts) == 1:
            self.stack.pop()
            cb["hp" if side == "H" else "vp"] = 0
            return None
        return Decision(seat, f"Secretly choose {who}'s Combat Power", opts, seats=(cb["hs"], cb["vs"]), secret=True,
                        kind="power")

    def a_cbpow(self, fr: tuple[Any, ...], oid: str) -> None:
        cb = self.cb
        assert cb is not None
        side = fr[1]
        k = COLORS.index(oid[6:])
        cb["hp" if side == "H" else "vp"] = k
        seat = cb["hs"] if side == "H" else cb["vs"]
        self.emit("heroes/combat/1", f"{self.pname(seat)} picks the {COLORS[k]} token.", only=seat,
                  public=f"{self.pname(seat)} picks a Combat Power token in secret.")

    def f_cbreveal(self, fr: tuple[Any, ...]) -> None:
        cb = self.cb
        assert cb is not None
        # heroes/combat/1: the ratings shown are those the engine uses (after Agents, heroes/combat/timing/6)
        hp = self.hero_of(cb["hs"], cb["fighter"]).powers[cb["hp"]]
        vp = self.foe_powers()[cb["vp"]]
        self.emit("heroes/combat/1", f"Powers revealed: {self.hero_of(cb['hs'], cb['fighter']).name} uses {hp.name} "
                  f"({self._ratings_text('H', cb['hp'])}); {self.foe_name()} uses {vp.name} "
                  f"({self._ratings_text('V', cb['vp'])}).")

    def _new_roll(self, roll: str, att: str) -> None:
        cb = self.cb
        assert cb is not None
        cb["roll"] = roll
        cb["att"] = att
        cb["Hplus"] = cb["Vplus"] = cb["Hset"] = cb["Vset"] = cb["Hres"] = cb["Vres"] = 0
        cb["Hb1"] = cb["Vb1"] = False
        cb["Hdice"] = cb["Vdice"] = ()
        cb["used"] = ()

    def _push_roll(self) -> None:
        st = self.stack
        st.append(("cbcmp",))
        st.append(("cbwin", "post", 1))
        st.append(("cbwin", "post", 0))
        st.append(("cbroll",))
        st.append(("cbwin", "pre", 1))
        st.append(("cbwin", "pre", 0))

    def f_cbatk(self, fr: tuple[Any, ...]) -> None:
        # heroes/combat/2 and heroes/combat/3: the two Attack phases
        cb = self.cb
        assert cb is not None
        init = cb["init"]
        att = init if fr[1] == 1 else fx.other(init)
        self._new_roll(f"a{fr[1]}", att)
        if self.base_rating(att, "a") == 0:
            self.emit("heroes/combat/2" if fr[1] == 1 else "heroes/combat/3", "Attack rating 0: the phase is skipped.")
            return
        self._push_roll()

    def f_cbout(self, fr: tuple[Any, ...]) -> None:
        # heroes/combat/4: the Outwit contest
        self._new_roll("w", "H")
        self._push_roll()

    def _side_order(self, k: int) -> str:
        # heroes/combat/timing/7: the Initiative holder's abilities go first
        cb = self.cb
        assert cb is not None
        return cb["init"] if k == 0 else fx.other(cb["init"])

    def f_cbroll(self, fr: tuple[Any, ...]) -> None:
        cb = self.cb
        assert cb is not None
        roll = cb["roll"]
        for side in ("H", "V") if roll == "w" or cb["att"] == "H" else ("V", "H"):
            k = self.rating(side)
            boost = self.has_boost(side)
            dice = []
            for _ in range(k):
                f = self.die()
                dice.append(f)
                if boost and F_BOOST[f]:
                    dice.append(self.die() + 10)  # heroes/dice/boost: one reroll, added
            cb[side + "dice"] = tuple(dice)
        self.emit("heroes/combat/roll", f"{self._roll_name()}: {self._dice_text('H')} vs {self._dice_text('V')}.")

    def _roll_name(self) -> str:
        cb = self.cb
        assert cb is not None
        if cb["roll"] == "w":
            return "Outwit contest"
        return f"{'First' if cb['roll'] == 'a1' else 'Second'} Attack ({'Super Hero' if cb['att'] == 'H' else 'Villain'} attacks)"

    def _dice_text(self, side: str) -> str:
        cb = self.cb
        assert cb is not None
        who = self.hero_of(cb["hs"], cb["fighter"]).name if side == "H" else self.foe_name()
        dice = cb[side + "dice"]
        rr = sum(1 for f in dice if f >= 10)
        return (f"{who} {plural(len(dice) - rr, 'die', 'dice')}{f' + {rr} boosted' if rr else ''} = "
                f"{plural(self.cb_hits(side), 'HIT', 'HITS')}")

    # ---- ability windows
    def _sources(self, side: str, when: str) -> list[tuple[str, str, Any]]:
        """(source id, label, ability) usable by ``side`` now (heroes/combat/timing)."""
        cb = self.cb
        assert cb is not None
        C = self.C
        used = cb["used"]
        out = []
        tbl = fx.COMBAT
        when_of = _WHEN
        if side == "H":
            s = cb["hs"]
            if self.rhand[s]:
                f = cb["fighter"]
                h = self.hero_of(s, f)
                ab = h.combat
                if when_of[ab.effect] == when and ("h:" + h.id) not in used and tbl[ab.effect][0](self, side, ab.params):
                    out.append(("h:" + h.id, f"{h.name}: {ab.name}", ab))
                a = cb["area"]
                if a >= 0:
                    lo = SPACE0 + 2 * a
                    for i in range(4):
                        lc = self.hloc[s][i]
                        if lc == lo or lc == lo + 1:
                            h = self.hero_of(s, i)
                            ab = h.support
                            if ab.kind == "combat" and when_of[ab.effect] == when and ("s:" + h.id) not in used \
                                    and tbl[ab.effect][0](self, side, ab.params):
                                out.append(("s:" + h.id, f"{h.name} (Support): {ab.name}", ab))
            for k, (rid, _tok) in enumerate(self.allies[s]):
                ab = C.resources[rid].ability
                key = f"a:{k}:{rid}"
                # heroes/combat/timing/2: two copies of one card are the same ability: once per roll
                if when_of[ab.effect] == when and ("=" + rid) not in used and tbl[ab.effect][0](self, side, ab.params):
                    out.append((key, f"Ally {C.resources[rid].name}: {ab.name}", ab))
        else:
            foe = cb["foe"]
            ab = C.masterminds[foe].combat if cb["mm"] else C.villains[foe].ability
            if ab is not None and when_of[ab.effect] == when and "f" not in used and tbl[ab.effect][0](self, side, ab.params):
                if cb["mm"]:
                    payable = bool(self.vhand[cb["vs"]])
                else:
                    payable = any(self.vhand[v] for v in range(self.n) if v != cb["hs"])
                if payable:
                    out.append(("f", f"{self.foe_name()}: {ab.name}", ab))
            for k, c in enumerate(cb["backs"]):
                if not c:
                    continue
                ab = C.villains[c].backup
                key = f"b:{k}:{c}"
                if when_of[ab.effect] == when and ("=" + c) not in used and tbl[ab.effect][0](self, side, ab.params):
                    out.append((key, f"Backup Effect {ab.name}", ab))
        return out

    def q_cbwin(self, fr: tuple[Any, ...]) -> Decision | None:
        cb = self.cb
        assert cb is not None
        when = fr[1]
        side = self._side_order(fr[2])
        if side == "H" and cb["fighter"] < 0:
            self.stack.pop()
            return None
        srcs = self._sources(side, when)
        if not srcs:
            self.stack.pop()
            return None
        seat = cb["hs"] if side == "H" else cb["vs"]
        opts = [opt(f"use:{key}", f"{lab}: {ab.text}") for key, lab, ab in srcs]
        opts.append(PASS)
        what = {"pre": "before the next roll", "post": "on the dice just rolled", "end": "at the end of the sequence",
                "seq": "for this combat sequence"}[when]
        return Decision(seat, f"{self._roll_name() if when in ('pre', 'post') else 'Combat'}: use an ability {what}?",
                        tuple(opts),
                        kind="combat")

    def a_cbwin(self, fr: tuple[Any, ...], oid: str) -> None:
        cb = self.cb
        assert cb is not None
        if oid == "pass":
            return
        side = self._side_order(fr[2])
        key = oid[4:]
        cb["used"] = cb["used"] + ((key, "=" + key.rsplit(":", 1)[1]) if key[0] in "ab" else (key,))
        self.stack.append(fr)  # the same window stays open for further abilities
        if fr[2] == 1:
            # heroes/combat/timing/7: the Initiative holder acts first, but may answer what the other side just
            # did; the window closes when both sides have passed (each ability once per roll bounds it)
            self.stack.append((fr[0], fr[1], 0))
        C = self.C
        if key.startswith("h:") or key.startswith("s:"):
            # heroes/cards/discard: a Resource card pays for a Super Hero's ability
            h = C.heroes[key[2:]]
            ab = h.combat if key[0] == "h" else h.support
            self.stack.append(("rpay", cb["hs"], key))
            del ab
        elif key.startswith("a:"):
            # heroes/cards/activate-ally: a token from the card, or the card itself
            s = cb["hs"]
            k = int(key.split(":")[1])
            ally = self.allies[s][k]
            ab = C.resources[ally[0]].ability
            if ally[1] > 0:
                ally[1] -= 1
                note = "discarding a Plot Point from the card"
            else:
                note = "discarding the card"
            self.emit("heroes/cards/activate-ally", f"{self.pname(s)} uses the Ally {C.resources[ally[0]].name}, {note}.")
            self._apply(side, ab)
            if note == "discarding the card":
                self._drop_ally(s, k)
        elif key.startswith("b:"):
            # heroes/combat/allies-backups: a Backup Effect is discarded to be used
            k = int(key.split(":")[1])
            c = cb["backs"][k]
            ab = C.villains[c].backup
            self.emit("heroes/combat/allies-backups", f"{self.pname(cb['vs'])} discards the Backup Effect {ab.name}.")
            self._apply(side, ab)
            cb["backs"] = cb["backs"][:k] + ("",) + cb["backs"][k + 1:]  # keep indices stable; "" is spent
            self.vdisc.append(c)
        else:  # the foe's own ability
            if cb["mm"]:
                self.stack.append(("vpay", cb["vs"], 0))
            else:
                self.stack.append(("vpay", cb["vs"], 1))

    def _drop_ally(self, s: int, k: int) -> None:
        rid = self.allies[s].pop(k)[0]
        self.rdisc.append(rid)

    def _apply(self, side: str, ab: Any) -> None:
        fx.COMBAT[ab.effect][1](self, side, ab.params)
        self.emit("heroes/combat/abilities", f"{ab.name}: {ab.text}")

    def q_rpay(self, fr: tuple[Any, ...]) -> Decision | None:
        s = fr[1]
        R = self.C.resources
        if len(self.rhand[s]) == 1:
            self.stack.pop()
            self.a_rpay(fr, "discard:" + self.rhand[s][0])
            return None
        seen: list[str] = []
        for c in self.rhand[s]:
            if c not in seen:
                seen.append(c)
        return Decision(s, "Discard a Resource card to pay for the ability",
                        tuple(opt(f"discard:{c}", f"Discard {R[c].name}") for c in seen), kind="combat")

    def a_rpay(self, fr: tuple[Any, ...], oid: str) -> None:
        s, key = fr[1], fr[2]
        c = oid[8:]
        self.rhand[s].remove(c)
        self.rdisc.append(c)
        h = self.C.heroes[key[2:]]
        ab = h.combat if key[0] == "h" else h.support
        self.emit("heroes/cards/discard", f"{self.pname(s)} discards {self.C.resources[c].name} for {h.name}'s {ab.name}.")
        self._apply("H", ab)

    def q_vpay(self, fr: tuple[Any, ...]) -> Decision | None:
        # heroes/cards/discard: any Villain player may pay for the Lead Villain's ability
        cb = self.cb
        assert cb is not None
        payer = fr[1]
        V = self.C.villains
        hand = self.vhand[payer]
        if not hand:
            return self._vpay_next(fr)
        # "Any Villain player may discard a Villain card to use the ability of a Lead Villain, not just the player
        # controlling it": the controller may leave the payment to the others when one of them holds a card
        others = fr[2] and any(self.vhand[v] for v in range(self.n) if v not in (cb["hs"], cb["vs"]))
        if payer == cb["vs"] and len(hand) == 1 and not others:
            self.stack.pop()
            self.a_vpay(fr, "discard:" + hand[0])
            return None
        seen: list[str] = []
        for c in hand:
            if c not in seen:
                seen.append(c)
        opts = [opt(f"discard:{c}", f"Discard {V[c].name}") for c in seen]
        if payer != cb["vs"]:
            opts.append(opt("decline", "Do not pay"))
        elif others:
            opts.append(opt("decline", "Do not pay: let the other Villain players pay or decline"))
        return Decision(payer, f"Discard a Villain card to pay for {self.foe_name()}'s ability?", tuple(opts), kind="combat")

    def _vpay_next(self, fr: tuple[Any, ...]) -> None:
        cb = self.cb
        assert cb is not None
        self.stack.pop()
        payer, anyone = fr[1], fr[2]
        if anyone:
            nxt = (payer + 1) % self.n
            if nxt == cb["hs"]:
                nxt = (nxt + 1) % self.n
            if nxt != cb["vs"]:
                self.stack.append(("vpay", nxt, 1))
                return None
        self.emit("heroes/cards/discard", "Nobody pays: the ability is not used.")
        return None

    def a_vpay(self, fr: tuple[Any, ...], oid: str) -> None:
        cb = self.cb
        assert cb is not None
        if oid == "decline":
            self.stack.append(fr)
            self._vpay_next(fr)
            return
        payer = fr[1]
        c = oid[8:]
        self.vhand[payer].remove(c)
        self.vdisc.append(c)
        foe = cb["foe"]
        ab = self.C.masterminds[foe].combat if cb["mm"] else self.C.villains[foe].ability
        self.emit("heroes/cards/discard", f"{self.pname(payer)} discards a Villain card for {self.foe_name()}'s {ab.name}.")
        self._apply("V", ab)

    # ---- compare
    def f_cbcmp(self, fr: tuple[Any, ...]) -> None:
        cb = self.cb
        assert cb is not None
        h = self.cb_hits("H")
        v = self.cb_hits("V")
        if cb["roll"] == "w":
            if h > v:
                self.emit("heroes/combat/4", f"The Super Hero wins the Outwit contest {h}–{v}: a KO, and Initiative.")
                cb["init"] = "H"
                self._ko("V")
            elif v > h:
                self.emit("heroes/combat/4", f"The Villain wins the Outwit contest {v}–{h}: a KO, and Initiative.")
                cb["init"] = "V"
                self._ko("H")
            else:
                self.emit("heroes/combat/4", f"The Outwit contest is tied {h}–{v}: no KO.")
            return
        att = cb["att"]
        a, d = (h, v) if att == "H" else (v, h)
        rule = "heroes/combat/2" if cb["roll"] == "a1" else "heroes/combat/3"
        if a >= d and a >= 1:
            self.emit(rule, f"Attack {a} against Defend {d}: a KO.")
            self._ko(fx.other(att))
        else:
            self.emit(rule, f"Attack {a} against Defend {d}: no KO.")

    def _ko(self, side: str) -> None:
        cb = self.cb
        assert cb is not None
        if side == "V":
            cb["fko"] += 1
            if cb["fko"] >= cb["fkov"]:
                self.emit("heroes/combat/2", f"{self.foe_name()} is defeated.")
                self._end_combat("H")
            return
        s = cb["hs"]
        f = cb["fighter"]
        self.ko[s][f] += 1
        h = self.hero_of(s, f)
        if self.ko[s][f] >= h.ko:
            # heroes/combat/multi: the defeated hero goes to Recovery with one Wound
            self.ko[s][f] = 0
            self.wound[s][f] = 1
            if cb["tag"] != "hom":
                self.hloc[s][f] = REC
            left = tuple(i for i in cb["heroes"] if i != f)
            cb["heroes"] = left
            self.emit("heroes/combat/multi", f"{h.name} is defeated and goes to Recovery with a Wound.")
            if not left:
                self._end_combat("V")
                return
            cb["fighter"] = left[0]
            cb["init"] = "V"
            # the sequence ends; the next one starts with another hero (bounded by the stack's frames)
            while self.stack and self.stack[-1][0] != "cbseq":
                self._tick("combat: end the sequence")
                self.stack.pop()

    def _end_combat(self, winner: str) -> None:
        cb = self.cb
        assert cb is not None
        cb["win"] = winner
        while self.stack and self.stack[-1][0] != "cbend":  # bounded by the stack's frames
            self._tick("combat: end the combat")
            self.stack.pop()

    def f_cbend(self, fr: tuple[Any, ...]) -> None:
        cb = self.cb
        assert cb is not None
        C = self.C
        s = cb["hs"]
        won = cb["win"] == "H"
        for c in cb["backs"]:
            if c:
                self.vdisc.append(c)
        self.vdisc.extend(cb["agents"])
        tag = cb["tag"]
        if tag == "hom":
            self.cb = None
            self._hom_result(won)
            return
        ts = self.ts
        assert ts is not None
        ts["won"] = 1 if won else 0
        if won:
            if tag == "lead" or not ts["plan"] or tag == "mm":
                # heroes/troubleshooting/4: the heroes' KO tokens are discarded (kept for a Mastermind challenge)
                if tag == "mm" or not ts["plan"]:
                    self.ko[s] = [0, 0, 0, 0]
            if not cb["mm"]:
                self.vdisc.append(cb["foe"])
            self.emit("heroes/troubleshooting/4", "The Super Heroes win the combat.")
        else:
            self.ko[s] = [0, 0, 0, 0]
            self.emit("heroes/troubleshooting/4", f"{self.foe_name()} wins the combat.")
            if not cb["mm"]:
                v = cb["foe"]
                if C.villains[v].most_wanted:
                    # heroes/troubleshooting/3/most-wanted
                    if len(self.wanted) < 3:
                        self.wanted.append(v)
                        self.emit("heroes/troubleshooting/3/most-wanted", f"{C.villains[v].name} goes to a Most Wanted space.")
                    else:
                        self.stack.append(("wanted", self.nem(s), v))
                else:
                    self.vdisc.append(v)
        self.cb = None

    def q_wanted(self, fr: tuple[Any, ...]) -> Decision | None:
        seat, v = fr[1], fr[2]
        V = self.C.villains
        opts = [opt(f"replace:{k}:{c}", f"Replace {V[c].name} with {V[v].name}") for k, c in enumerate(self.wanted)]
        opts.append(opt("discard", f"Discard {V[v].name}"))
        return Decision(seat, "The Most Wanted spaces are full", tuple(opts), kind="villains")

    def a_wanted(self, fr: tuple[Any, ...], oid: str) -> None:
        v = fr[2]
        if oid == "discard":
            self.vdisc.append(v)
            self.emit("heroes/troubleshooting/3/most-wanted", f"{self.C.villains[v].name} is discarded.")
            return
        k = int(oid.split(":")[1])
        self.vdisc.append(self.wanted[k])
        self.wanted[k] = v
        self.emit("heroes/troubleshooting/3/most-wanted", f"{self.C.villains[v].name} replaces a Most Wanted Villain.")

    # ================================================================== House of M
    def _start_house_of_m(self) -> None:
        # heroes/winning/house-of-m: most VP first, then clockwise
        n = self.n
        top = max(self.vp)
        order0 = next(s for s in [(self.first + k) % n for k in range(n)] if self.vp[s] == top)
        self.emit("heroes/winning/house-of-m", "The end of Game Round 4: every player challenges Magneto.")
        self.stack[:] = [("homnext", order0, 0)]

    def f_homnext(self, fr: tuple[Any, ...]) -> None:
        s, k = fr[1], fr[2]
        if k >= self.n:
            self.winners = []
            self.over = True
            self.stack.clear()
            self.emit("heroes/winning/house-of-m", "Nobody defeats Magneto: Magneto wins and everybody loses!")
            return
        self.stack.append(("homfight", s, k))
        self.stack.append(("hompick", s, 1))
        self.stack.append(("hompick", s, 0))
        self.hom_pick = []

    def q_hompick(self, fr: tuple[Any, ...]) -> Decision | None:
        s = fr[1]
        hids = self.game.team_heroes[self.teams[s]]
        opts = tuple(opt(f"champion:{hids[i]}", f"Choose {self.C.heroes[hids[i]].name}") for i in range(4) if i not in self.hom_pick)
        return Decision(s, "Choose a Super Hero to challenge Magneto", opts, kind="house_of_m")

    def a_hompick(self, fr: tuple[Any, ...], oid: str) -> None:
        s = fr[1]
        self.hom_pick = self.hom_pick + [self._hidx(s, oid[9:])]

    def f_homfight(self, fr: tuple[Any, ...]) -> None:
        s, k = fr[1], fr[2]
        v = self.C.scenarios[self.scen].victory
        self.stack.append(("homnext", (s + 1) % self.n, k + 1))
        self.ko[s] = [0, 0, 0, 0]
        self.emit("heroes/winning/house-of-m", f"{self.pname(s)} challenges Magneto.")
        self._challenge(s, self.nem(s), "magneto", list(self.hom_pick), -1, int(v.get("henchmen", 4)), "hom")

    def _hom_result(self, won: bool) -> None:
        if won:
            s = self.stack[-1][1] - 1
            s %= self.n
            self.winners = [s]
            self.over = True
            self.stack.clear()
            self.emit("heroes/winning/house-of-m", f"{self.pname(s)} defeats Magneto and wins!")

    # ================================================================== protocol hooks
    _LISTS2 = ("hloc", "wound", "ko", "stories", "pups", "scored", "rhand", "vhand")
    _LISTS1 = ("teams", "vp", "pp", "plans", "pblock", "rdeck", "vdeck", "hdeck", "sdeck", "rdisc", "vdisc", "hdisc",
               "sdisc", "heads", "track", "wanted", "forced", "winners", "hom_pick")
    _SCALARS = ("n", "scen", "round", "ar", "at", "first", "arch", "over", "special", "solver", "end_ar")

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, HeroesState)
        d = other.__dict__
        src = self.__dict__
        for k in self._SCALARS:
            d[k] = src[k]
        for k in self._LISTS1:
            d[k] = src[k][:]
        for k in self._LISTS2:
            d[k] = [x[:] for x in src[k]]
        d["allies"] = [[a[:] for a in row] for row in self.allies]
        d["stack"] = self.stack[:]
        d["ts"] = dict(self.ts) if self.ts is not None else None
        d["cb"] = dict(self.cb) if self.cb is not None else None

    def _dump(self) -> Any:
        out: dict[str, Any] = {}
        for k in self._SCALARS + self._LISTS1 + self._LISTS2:
            out[k] = getattr(self, k)
        out["allies"] = self.allies
        out["stack"] = [list(f) for f in self.stack]
        out["ts"] = _enc(self.ts)
        out["cb"] = _enc(self.cb)
        return out

    def _load(self, data: Any) -> None:
        for k in self._SCALARS:
            setattr(self, k, data[k])
        for k in self._LISTS1:
            setattr(self, k, list(data[k]))
        for k in self._LISTS2:
            setattr(self, k, [list(x) for x in data[k]])
        self.allies = [[list(a) for a in row] for row in data["allies"]]
        self.stack = [tuple(f) for f in data["stack"]]
        self.ts = _dec(data["ts"])
        self.cb = _dec(data["cb"])

    def _result(self) -> Result | None:
        if not self.over:
            return None
        w = self.winners
        out = tuple(("win" if len(w) == 1 else "draw") if s in w else "loss" for s in range(self.n))
        summary = ("Winner: " + ", ".join(self.pname(s) for s in w)) if w else "Everybody loses."
        return Result(out, tuple(float(v) for v in self.vp), summary)

    def _view(self, seat: int | None) -> dict[str, Any]:
        n = self.n
        cb = self.cb
        v: dict[str, Any] = {
            "scenario": self.scen, "round": self.round, "action_round": self.ar, "first": self.first, "arch": self.arch,
            "teams": self.teams[:], "vp": self.vp[:], "pp": self.pp[:], "plans": self.plans[:],
            "heroes": {self.hero_id(s, i): {"loc": loc_name(self.hloc[s][i]), "wound": self.wound[s][i], "ko": self.ko[s][i]}
                       for s in range(n) for i in range(4)},
            "allies": [[a[:] for a in row] for row in self.allies], "stories": [x[:] for x in self.stories],
            "powerups": [x[:] for x in self.pups], "scored": [x[:] for x in self.scored],
            "headlines": {AREAS[a]: self.heads[a] for a in range(self.areas())}, "special": self.special,
            "track": self.track[:], "wanted": self.wanted[:],
            "decks": {"resource": len(self.rdeck), "villain": len(self.vdeck), "headline": len(self.hdeck),
                      "story": len(self.sdeck)},
            "discards": {"resource": self.rdisc[:], "villain": self.vdisc[:], "headline": self.hdisc[:],
                         "story": self.sdisc[:]},
            "hand_sizes": [[len(self.rhand[s]), len(self.vhand[s])] for s in range(n)],
            "resource_hand": sorted(self.rhand[seat]) if seat is not None else None,
            "villain_hand": sorted(self.vhand[seat]) if seat is not None else None,
            "troubleshooting": _enc(self.ts),
            "over": self.over, "winners": self.winners[:],
        }
        if cb is not None:
            c = dict(cb)
            # heroes/combat/1: the other side's token stays hidden until both are in
            if c["vp"] < 0 and c["hp"] >= 0 and seat != c["hs"]:
                c["hp"] = "hidden"
            v["combat"] = _enc(c)
        else:
            v["combat"] = None
        if self.stack and self.stack[-1][0] == "hompick" or self.hom_pick:
            v["house_of_m"] = self.hom_pick[:]
        v["seat"] = seat
        return v

    def _resample(self, seat: int, rng: Rng) -> None:
        # other seats' hands and the deck orders are unknown to `seat`
        self.rdeck = _redeal(self.rdeck, self.rhand, seat, rng)
        self.vdeck = _redeal(self.vdeck, self.vhand, seat, rng)
        self.hdeck.sort()  # canonical order first: the shuffle must not depend on the hidden order
        rng.shuffle(self.hdeck)
        self.sdeck.sort()
        rng.shuffle(self.sdeck)
        cb = self.cb
        if cb is not None and cb["vp"] < 0 and cb["hp"] >= 0 and seat != cb["hs"] and cb["fighter"] >= 0:
            k = len(self.hero_of(cb["hs"], cb["fighter"]).powers)
            cb["hp"] = rng.randbelow(k)


def _enc(d: dict[str, Any] | None) -> Any:
    if d is None:
        return None
    return {k: (list(v) if isinstance(v, tuple) else v) for k, v in d.items()}


def _dec(d: Any) -> dict[str, Any] | None:
    if d is None:
        return None
    return {k: (tuple(v) if isinstance(v, list) else v) for k, v in d.items()}


_WHEN = COMBAT_EFFECTS

_AUTO = {
    "round": HeroesState.f_round, "plan": HeroesState.f_plan, "heal": HeroesState.f_heal,
    "mission": HeroesState.f_mission, "roundend": HeroesState.f_roundend,
    "tsroll": HeroesState.f_tsroll, "tsreduce": HeroesState.f_tsreduce, "tsvil": HeroesState.f_tsvil,
    "tscombat": HeroesState.f_tscombat, "tsresolve": HeroesState.f_tsresolve, "tsmmres": HeroesState.f_tsmmres,
    "tsend": HeroesState.f_tsend,
    "cbseq": HeroesState.f_cbseq, "cbreveal": HeroesState.f_cbreveal, "cbatk": HeroesState.f_cbatk,
    "cbout": HeroesState.f_cbout, "cbroll": HeroesState.f_cbroll, "cbcmp": HeroesState.f_cbcmp,
    "cbend": HeroesState.f_cbend, "homnext": HeroesState.f_homnext, "homfight": HeroesState.f_homfight,
}
_NAMES = ("keep", "status", "ally", "allydrop", "allyextra", "pup", "act", "freesup", "story", "storych", "dropwanted",
          "tsplan", "tsscheme", "tssup", "tsdraw", "tslead", "tsback", "tschal", "mmpup", "cbfighter", "cbpow", "cbwin", "rpay",
          "vpay", "wanted", "hompick")
_ASK = {k: getattr(HeroesState, "q_" + k) for k in _NAMES}
_ANS = {k: getattr(HeroesState, "a_" + k) for k in _NAMES if hasattr(HeroesState, "a_" + k)}
#: frames asked on public facts only: a single option is still shown, so the other seats cannot learn from
#: whether the question was asked what is in a hidden hand
_ALWAYS_ASK: frozenset[str] = frozenset({"act", "ally", "tslead", "tsback", "rpay", "vpay"})
