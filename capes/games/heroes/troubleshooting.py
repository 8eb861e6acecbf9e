"""Troubleshooting (rulebook "Troubleshooting a Normal Headline", steps 1, 2, 4 and 5; "Troubleshooting a
Mastermind Headline").

``_start_troubleshooting`` opens the ``ts`` context and pushes the steps: Master Plan and Scheming questions
(masterminds.py), Determine Trouble Level, Reduce Trouble (and Support (Troubleshooting) abilities), Play
Villains (villains.py), Combat (combat.py), Headline Resolution, and the end of the action.

Rule ids (rules.yaml) applied here:
heroes/troubleshooting, heroes/troubleshooting/1, heroes/troubleshooting/1/skills, heroes/troubleshooting/2,
heroes/troubleshooting/2/support, heroes/troubleshooting/4, heroes/troubleshooting/5.
"""

from __future__ import annotations

from typing import Any

from capes.core.protocol import Decision, Option
from capes.games.heroes.board import DIST0, DIST_NAMES, F_BOOST, F_TROUBLE, SCEN, SPACE0, TYPES, plural
from capes.games.heroes.cards import Cards
from capes.games.heroes.content import Headline
from capes.games.heroes.dice import MAX_DICE

#: heroes/troubleshooting/1/skills, in the Threat roll's log line
_NO_BOOST = " (no boosting: a Super Hero there has one of the Headline's Skills)"


class Troubleshooting(Cards):
    """The Troubleshooting chapter: its steps (``f_*``), questions (``q_*``) and answers (``a_*``)."""

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

    def _ts_heroes(self) -> list[int]:
        """Ready heroes of the Hero player in the troubleshooting District."""
        ts = self.ts
        assert ts is not None
        s = ts["seat"]
        where = SCEN if ts["dist"] < 0 else DIST0 + ts["dist"]
        return [i for i in range(4) if self.hloc[s][i] == where]

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
        self.emit("heroes/troubleshooting/1", f"Threat roll of {plural(k, 'die', 'dice')}{'' if boost else _NO_BOOST}: "
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
                        (Option(f"use:{h.id}", f"Use {h.name}'s {h.support.name}: {h.support.text}"), Option("skip", "Do not use it")),
                        kind="troubleshooting")

    def a_tssup(self, fr: tuple[Any, ...], oid: str) -> None:
        ts = self.ts
        assert ts is not None
        if oid == "skip":
            return
        h = self.hero_of(ts["seat"], fr[1])
        ts["trouble"] = max(0, ts["trouble"] - int(h.support.params.get("n", 1)))
        self.emit("heroes/troubleshooting/2/support", f"{h.name} uses {h.support.name}: Trouble Level {ts['trouble']}.")

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

    def f_tsend(self, fr: tuple[Any, ...]) -> None:
        ts = self.ts
        assert ts is not None
        self.ko[ts["seat"]] = [0, 0, 0, 0]  # heroes/troubleshooting/4: KO tokens never outlive the action
        self.ts = None
