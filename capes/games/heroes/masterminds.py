"""Masterminds (rulebook "Scheming", "Attempting Master Plans", "Challenging the Mastermind Villain", "The
Archnemesis"; "Henchmen").

The Nemesis (or the Archnemesis) may attempt a Master Plan and scheme once per Troubleshooting action; a plan
on a solved Headline may be stopped by challenging the Mastermind, whose Henchmen are drawn from the Villain
deck.

Rule ids (rules.yaml) applied here:
heroes/combat/henchmen, heroes/mastermind/challenge, heroes/mastermind/defeated, heroes/mastermind/plans,
heroes/mastermind/scheming, heroes/mastermind/scheming/boost, heroes/mastermind/scheming/draw,
heroes/mastermind/scheming/threat, heroes/mastermind/victorious, heroes/reference-cards.
"""

from __future__ import annotations

from typing import Any

from capes.core.protocol import Decision, Option
from capes.games.heroes.board import plural
from capes.games.heroes.cards import Cards


class Masterminds(Cards):
    """The Masterminds chapter: its steps (``f_*``), questions (``q_*``) and answers (``a_*``)."""

    def q_tsplan(self, fr: tuple[Any, ...]) -> Decision | None:
        ts = self.ts
        assert ts is not None
        nem = ts["nem"]
        mm = self.C.masterminds[self.mastermind_of(nem)]
        p = mm.plans[self.plans[nem]]
        return Decision(nem, f"Attempt your Master Plan \"{p.name}\" with {mm.name}?",
                        (Option(f"plan:{p.id}", f"Attempt \"{p.name}\" ({p.text})"), Option("plan:no", "Do not attempt a Master Plan")),
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
                        (Option(f"scheme:{when}", lab), Option("scheme:no", "Not now")), kind="mastermind")

    def _top_level(self) -> int:
        ts = self.ts
        assert ts is not None
        s = ts["seat"]
        return max((self.hero_of(s, i).level for i in self._ts_heroes()), default=0)

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
                        (Option("challenge", f"Challenge {mm.name}"), Option("nochallenge", "Do not challenge (the Master Plan succeeds)")),
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
        # heroes/mastermind/defeated: "he *may* put one of his Team Power-Up cards into play" -- declining is a choice
        # (fewer Power-Ups in play wins the First Player tie-break, heroes/round-setup/first-player)
        return Decision(s, "The Mastermind is defeated: you may put one of your Team Power-Ups into play",
                        (*(Option(f"powerup:{p}", f"Put {self.C.powerups[p].name} into play: {self.C.powerups[p].text}")
                           for p in left), Option("powerup:none", "Put no Team Power-Up into play")), kind="mastermind")

    def a_mmpup(self, fr: tuple[Any, ...], oid: str) -> None:
        s = fr[1]
        p = oid[8:]
        if oid == "powerup:none":
            self.emit("heroes/mastermind/defeated", f"{self.pname(s)} puts no Team Power-Up into play.")
            return
        self.pups[s].append(p)
        self.emit("heroes/mastermind/defeated", f"{self.pname(s)} puts the Power-Up {self.C.powerups[p].name} into play.")
