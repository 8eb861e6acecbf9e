"""Phase 2: Planning (rulebook "Planning": Receive Plot Points, Assign Super Hero Status, Heal, Allies and
Power-Ups; "Playing Allies", "Team Allegiance").

One ``plan`` frame per player, in turn order from the First Player: Plot Points in, keep or recall the heroes
on the board, choose each available hero's status, heal, play an Ally (and its extra Plot Point), buy a Team
Power-Up.

Rule ids (rules.yaml) applied here:
heroes/cards/allegiance, heroes/cards/allies, heroes/missions/story-cards, heroes/planning/1,
heroes/planning/2, heroes/planning/3, heroes/planning/4, heroes/planning/keep.
"""

from __future__ import annotations

from typing import Any

from capes.core.protocol import Decision, Option
from capes.games.heroes.board import (
    AVAIL,
    DIST0,
    READY,
    REC,
    SCEN,
    SPACE0,
    SUPC,
    ally_tell,
    first_ally_copies,
    place_name,
    plural,
    status_name,
)
from capes.games.heroes.cards import Cards
from capes.games.heroes.menus import KEEP, READY_, RECALL, RECOVER, SUPPORTING, hero_menu


class Planning(Cards):
    """The Planning chapter: its steps (``f_*``), questions (``q_*``) and answers (``a_*``)."""

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
        m = hero_menu(self.game, h.id)
        return Decision(s, f"Keep {h.name} in {place_name(self.hloc[s][i])} for {plural(h.level, 'Plot Point')}? "
                        f"({plural(self.pp[s], 'Plot Point')} in your pool)", (m[KEEP], m[RECALL]), kind="planning")

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
        m = hero_menu(self.game, h.id)
        pp = self.pp[s]
        opts = [m[READY_]] if pp >= h.level else []
        if pp >= 1:
            opts.append(m[SUPPORTING])
        opts.append(m[RECOVER])
        return Decision(s, f"Status of {h.name} ({plural(pp, 'Plot Point')} left)", tuple(opts), kind="planning")

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
        opts = [Option(f"ally:{c}", f"Play the Ally {R[c].name} (1 Plot Point)") for c in seen]
        opts.append(Option("ally:none", "Play no Ally"))
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
        first3 = self.allies[s][:3]
        opts = tuple(Option(f"drop:{k}:{first3[k][0]}", f"Discard the Ally {R[first3[k][0]].name}{ally_tell(first3, k)}")
                     for k in first_ally_copies(first3))
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
                        (Option("extra:yes", "Place 1 more Plot Point on it"), Option("extra:no", "No")), kind="planning")

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
        opts = [Option(f"powerup:{p}", f"Discard 3 Story cards for {self.C.powerups[p].name}: {self.C.powerups[p].text}")
                for p in left]
        opts.append(Option("powerup:none", "Keep the Story cards"))
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
