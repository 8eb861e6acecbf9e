"""Winning the Game and the Scenarios (rulebook "Object of the Game", "The Scenario", "Winning the Game",
"Special Headlines", "The House of M Scenario").

Victory Points and the Scenario's Victory: a threshold reached at once or at the end of a Game Round, a number
of Game Rounds, a Special Headline, or House of M (every player challenges Magneto); ties; the Game Round cap.

Rule ids (rules.yaml) applied here:
heroes/ruling/round-cap, heroes/winning, heroes/winning/house-of-m, heroes/winning/tie.
"""

from __future__ import annotations

from typing import Any

from capes.core.protocol import Decision, Option
from capes.games.heroes.board import ROUND_CAP
from capes.games.heroes.cards import Cards


class Scenarios(Cards):
    """The Scenarios chapter: its steps (``f_*``), questions (``q_*``) and answers (``a_*``)."""

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
        vps = ", ".join(f"P{s + 1} {v}" for s, v in enumerate(self.vp))
        self.emit(rule, f"The game ends after Game Round {self.round}. Victory Points: {vps}. Winner: {names}.")

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
        opts = tuple(Option(f"champion:{hids[i]}", f"Choose {self.C.heroes[hids[i]].name}") for i in range(4) if i not in self.hom_pick)
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
