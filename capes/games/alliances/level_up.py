"""Experience and Level-Up: gaining XP, reaching a new Level, drawing and keeping Level-Up Cards
(rulebook: Game Mechanics > XP, Level Up; Setting Up the Character Dashboards).

Rule ids (rules.yaml): alliances/level-up, alliances/level-up-cards, alliances/xp.
"""

from __future__ import annotations

from typing import Any

from capes.core.protocol import Decision, Option
from capes.games.alliances.decisions import answer, decider, question
from capes.games.alliances.state import (
    C_CARDS,
    C_COND,
    C_DAZ,
    C_INJ,
    C_LVL,
    C_STA,
    C_XP,
    XP_NEEDED,
    StateData,
)


class LevelUp(StateData):
    """XP, Levels and Level-Up Cards."""

    def _f_levelup(self, ci: int, level: int) -> None:
        # alliances/level-up: randomly draw two cards of that Level, keep one, remove the other
        ch = self.game.data.characters[self.game.squad[ci]]
        deck = ch.cards_of_level(level)
        if not deck:
            return
        drawn = [deck.pop(self.rng.randbelow(len(deck)))]
        if deck:
            drawn.append(deck.pop(self.rng.randbelow(len(deck))))
        if len(drawn) == 1:
            self._gain_card(ci, drawn[0])
            return
        self._ask("keep", self.seat_of(ci), ci, tuple(drawn))

    def _gain_card(self, ci: int, card: str) -> None:
        c = self.chars[ci]
        c[C_CARDS] = (*c[C_CARDS], card)
        lu = self.game.data.characters[self.game.squad[ci]].levelups[card]
        self.emit("alliances/level-up-cards", f"{self.cname(ci)} gains Level-Up Card {lu.name} (Level {lu.level}).")

    def _gain_xp(self, ci: int, n: int) -> None:
        # alliances/xp, alliances/level-up at 10/15/20 XP (spent)
        c = self.chars[ci]
        c[C_XP] += n
        while c[C_LVL] < 4 and c[C_XP] >= XP_NEEDED[c[C_LVL] + 1]:
            c[C_XP] -= XP_NEEDED[c[C_LVL] + 1]
            c[C_LVL] += 1
            c[C_COND] = 0
            c[C_DAZ] = 0
            c[C_INJ] = 0
            c[C_STA] = self.cside(ci).stamina
            self.emit("alliances/level-up", f"{self.cname(ci)} reaches Level {c[C_LVL]}: Healthy side, full Stamina.")
            self._push(("levelup", ci, c[C_LVL]))


@decider("keep")
def _keep_d(st: StateData) -> Decision:
    _, _, ci, drawn = st.pending  # type: ignore[misc]
    ch = st.game.data.characters[st.game.squad[ci]]
    opts = [Option(f"keep:{c}", f"Keep {ch.levelups[c].name} (Level {ch.levelups[c].level})") for c in drawn]
    return question(st, f"{ch.name}: choose a Level-Up Card to keep", opts, "levelup")


@answer("keep")
def _keep_a(st: StateData, oid: str, p: tuple[Any, ...]) -> None:
    st._gain_card(p[2], oid.split(":", 1)[1])
