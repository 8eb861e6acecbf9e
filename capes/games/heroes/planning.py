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

from capes.core.protocol import Decision, Event, Option
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
from capes.games.heroes.menus import KEEP, READY_, RECALL, RECOVER, SUPPORTING, ally_option, hero_menu

#: Planning decisions are kept per Game (``game.planning_decisions``) while the pool holds fewer Plot Points than this
#: (the key includes the pool, so the cache stays bounded); above it they are built afresh
_KEPT_PP = 64
#: per location: is a hero there available in Planning (Ready or Supporting on his card, on a Support space, in
#: Recovery), as opposed to a District or the Scenario card (kept or recalled: q_keep)
_OFF_BOARD = tuple(lc in (READY, SUPC, REC) or SPACE0 <= lc < SPACE0 + 12 for lc in range(SCEN + 1))
#: a seat's Planning frames (shared constant tuples): pup, ally, heal; per hero (status, keep)
_PLAN_FRAMES = tuple((("pup", s), ("ally", s), ("heal", s)) for s in range(4))
_HERO_FRAMES = tuple(tuple((("status", s, i), ("keep", s, i)) for i in range(4)) for s in range(4))
#: the Ally question's constant parts
_NO_ALLY = Option("ally:none", "Play no Ally")


class Planning(Cards):
    """The Planning chapter: its steps (``f_*``), questions (``q_*``) and answers (``a_*``)."""

    def f_plan(self, fr: tuple[Any, ...]) -> None:
        s = fr[1]
        loc = self.hloc[s]
        w = self.wound[s]
        # heroes/planning/1: Receive Plot Points
        avail = 0
        for i in range(4):
            if _OFF_BOARD[loc[i]]:
                # off the Districts: available unless Wounded (a Wounded hero stays in or goes to Recovery)
                if w[i]:
                    loc[i] = REC
                else:
                    loc[i] = AVAIL
                    avail += 1
        bonus = self.vp[s] // 5 + self._scen_param("plot_bonus") + self.plan_bonus(s, "mp_pp")
        if self.pups[s]:
            bonus += self.pu_bonus(s, "pu_pp")
        pool = self.pp[s] = self.pp[s] + avail + bonus
        if pool < _KEPT_PP and 0 <= bonus < _KEPT_PP:
            # the log Event is kept per Game and seat by what it says (at most 5 x 64 x 64 per seat)
            kept = self.game.planning_events[s]
            key = pool << 9 | bonus << 3 | avail
            ev = kept.get(key)
            if ev is None:
                ev = kept[key] = self._plot_points_event(s, avail, bonus, pool)
            self.log.append(ev)
        else:
            self.log.append(self._plot_points_event(s, avail, bonus, pool))
        st = self.stack
        st += _PLAN_FRAMES[s]  # ("pup", s), ("ally", s), ("heal", s): shared constant tuples
        frames = _HERO_FRAMES[s]
        for i in (3, 2, 1, 0):
            if loc[i] == AVAIL:
                st.append(frames[i][0])  # ("status", s, i)
        for i in (3, 2, 1, 0):
            if loc[i] >= DIST0 and loc[i] < DIST0 + 24 or loc[i] == SCEN:
                st.append(frames[i][1])  # ("keep", s, i)

    def _plot_points_event(self, s: int, avail: int, bonus: int, pool: int) -> Event:
        return Event("heroes/planning/1", f"{self.pname(s)} receives {plural(avail + bonus, 'Plot Point')} "
                     f"({plural(avail, 'available Super Hero', 'available Super Heroes')}, {bonus} bonus); pool {pool}.")

    def q_keep(self, fr: tuple[Any, ...]) -> Decision | None:
        s, i = fr[1], fr[2]
        h = self.hero_of(s, i)
        pp = self.pp[s]
        if pp < h.level:
            self.stack.pop()
            self.hloc[s][i] = REC
            self.emit("heroes/planning/keep", f"{h.name} cannot be kept on the board and goes to Recovery.")
            return None
        lc = self.hloc[s][i]
        if pp >= _KEPT_PP:
            return self._keep_decision(s, h, lc, pp)
        # kept per Game and seat by everything it shows (hero, place, pool): at most 4 x 61 x 64 per seat
        key = pp << 8 | lc << 2 | i
        kept: dict[int, Decision] = self.game.planning_decisions[s]
        d = kept.get(key)
        if d is None:
            d = kept[key] = self._keep_decision(s, h, lc, pp)
        return d

    def _keep_decision(self, s: int, h: Any, lc: int, pp: int) -> Decision:
        m = hero_menu(self.game, h.id)
        return Decision(s, f"Keep {h.name} in {place_name(lc)} for {plural(h.level, 'Plot Point')}? "
                        f"({plural(pp, 'Plot Point')} in your pool)", (m[KEEP], m[RECALL]), kind="planning")

    def a_keep(self, fr: tuple[Any, ...], oid: str) -> None:
        s, i = fr[1], fr[2]
        answers = self.game.planning_answers[s]
        a = answers.get(oid)
        if a is None:
            a = answers[oid] = self._planning_answer(s, oid)
        cost, lc, ev = a
        self.pp[s] -= cost
        if lc >= 0:
            self.hloc[s][i] = lc
        self.log.append(ev)

    def _planning_answer(self, s: int, oid: str) -> tuple[int, int, Event]:
        """What the Planning answer ``oid`` of seat ``s`` does to its hero (heroes/planning/2, heroes/planning/keep):
        (Plot Points paid, new location or -1 to stay, the log Event). A function of the seat, the id and the content
        (the text names the player and the hero), kept per Game and seat (``game.planning_answers``; bounded by the
        five Planning ids of each of the seat's four heroes)."""
        kind, _, hid = oid.partition(":")
        h = self.C.heroes[hid]
        if kind == "keep":
            return h.level, -1, Event("heroes/planning/keep", f"{self.pname(s)} keeps {h.name} on the board "
                                      f"({plural(h.level, 'Plot Point')}).")
        if kind == "recall":
            return 0, REC, Event("heroes/planning/keep", f"{self.pname(s)} moves {h.name} to Recovery.")
        # heroes/planning/2: Assign Super Hero Status
        cost, lc = (h.level, READY) if kind == "ready" else (1, SUPC) if kind == "support" else (0, REC)
        return cost, lc, Event("heroes/planning/2", f"{self.pname(s)}: {h.name} is {status_name(lc)}.")

    def q_status(self, fr: tuple[Any, ...]) -> Decision | None:
        s, i = fr[1], fr[2]
        pp = self.pp[s]
        if pp >= _KEPT_PP:
            return self._status_decision(s, i, pp)
        # kept per Game and seat by everything it shows (hero, Plot Points left): at most 4 x 64 per seat
        kept: dict[int, Decision] = self.game.planning_decisions[s]
        key = -1 - (pp << 2 | i)  # negative: apart from q_keep's keys in the same dict
        d = kept.get(key)
        if d is None:
            d = kept[key] = self._status_decision(s, i, pp)
        return d

    def _status_decision(self, s: int, i: int, pp: int) -> Decision:
        h = self.hero_of(s, i)
        m = hero_menu(self.game, h.id)
        opts = [m[READY_]] if pp >= h.level else []
        if pp >= 1:
            opts.append(m[SUPPORTING])
        opts.append(m[RECOVER])
        return Decision(s, f"Status of {h.name} ({plural(pp, 'Plot Point')} left)", tuple(opts), kind="planning")

    def a_status(self, fr: tuple[Any, ...], oid: str) -> None:
        # heroes/planning/2: Assign Super Hero Status (what each id does: _planning_answer)
        s, i = fr[1], fr[2]
        answers = self.game.planning_answers[s]
        a = answers.get(oid)
        if a is None:
            a = answers[oid] = self._planning_answer(s, oid)
        self.pp[s] -= a[0]
        self.hloc[s][i] = a[1]
        self.log.append(a[2])

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
        game = self.game
        opts = []
        for c in self.rhand[s]:
            if R[c].kind == "ally":
                o = ally_option(game, c)
                if o not in opts:
                    opts.append(o)
        opts.append(_NO_ALLY)
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
        if len(self.stories[s]) < 3:  # asked first: the cheaper test
            self.stack.pop()
            return None
        left = [p for p in self.C.team_powerups.get(self.teams[s], []) if p not in self.pups[s]]
        if not left:
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
