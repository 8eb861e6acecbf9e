"""Objects and Mission tokens: Securing and Contesting an Objective, Completing one, and Stage tokens dropped
by a Dazed Character (rulebook: Key Concepts > Objects, Mission Tokens, Objective tokens, Stage tokens; Game
Mechanics > Secure, Contest, Complete an Objective, Holding and dropping tokens).

Rule ids (rules.yaml): alliances/objective/complete, alliances/objective/contest, alliances/objective/secure,
alliances/tokens/drop.
"""

from __future__ import annotations

from typing import Any

from capes.core.protocol import Decision, Option
from capes.games.alliances.content import RESULT_NAMES
from capes.games.alliances.decisions import answer, decider, question
from capes.games.alliances.state import C_DAZ, C_POS, E_DAZ, E_POS, T_POS, StateData


def contested_by_enemy(st: StateData, pos: int) -> bool:
    # alliances/objective/contest: a non-Dazed Enemy within Range 1
    d = st.board.dist[pos]
    return any(not e[E_DAZ] and d[e[E_POS]] <= 1 for e in st.enemies)


def contested_by_char(st: StateData, pos: int) -> bool:
    # alliances/objective/contest: a non-Dazed Character within Range 1
    d = st.board.dist[pos]
    return any(not c[C_DAZ] and c[C_POS] >= 0 and d[c[C_POS]] <= 1 for c in st.chars)


def securing(st: StateData, ci: int, tok: list[Any]) -> bool:
    # alliances/objective/secure
    c = st.chars[ci]
    return (not c[C_DAZ] and tok[T_POS] >= 0 and st.board.dist[c[C_POS]][tok[T_POS]] <= 1
            and not contested_by_enemy(st, tok[T_POS]))


def tokens_in_reach(st: StateData, ci: int) -> list[list[Any]]:
    """The tokens on the battlefield within Range 1 of Character ``ci`` (what it may Interact with), in order."""
    near = st.board.within1[st.chars[ci][C_POS]]  # never holds -1 (a token off the battlefield)
    return [t for t in st.tokens if t[T_POS] in near]


class Objectives(StateData):
    """Completing Objectives; dropped Stage tokens."""

    def _complete_objective(self, ci: int, tok: list[Any]) -> None:
        # alliances/objective/complete: removed by a Character's effect -> Completes an Objective
        tok[T_POS] = -1
        self.completed += 1
        self.emit("alliances/objective/complete", f"{self.cname(ci)} Completes an Objective; each Character gains 2 XP.")
        self._push(("assist", ci, 0))
        for j in range(4):
            self._gain_xp(j, 2)

    def _f_drop(self, ci: int, tid: int, sym: int) -> None:
        # alliances/tokens/drop + oscorp-lab Interact (Ingredient): Placed within 1 Space
        pos = self.chars[ci][C_POS]
        b = self.board
        spaces = [s for s in range(b.n) if b.exists[s] and b.dist[pos][s] <= 1]
        if len(spaces) == 1:
            self._put_ing(sym, spaces[0], tid)
        else:
            self._ask("place_ing", self.seat_of(ci), sym, tuple(spaces), tid)

    def _put_ing(self, sym: int, s: int, tid: int = 0) -> None:
        """Put an Ingredient (Stage token) on the battlefield; a dropped one keeps its identity."""
        if not tid:
            tid = self.next_tid
            self.next_tid += 1
        self.tokens.append([tid, "ing", s, sym, 0])


@decider("place_ing")
def _place_ing_d(st: StateData) -> Decision:
    _, _, sym, spaces, _tid = st.pending  # type: ignore[misc]
    opts = [Option(f"place:{st.lbl(s)}", f"Place the {RESULT_NAMES[sym].title()} Ingredient at {st.lbl(s)}") for s in spaces]
    return question(st, "Place the Ingredient within 1 Space", opts, "place")


@answer("place_ing")
def _place_ing_a(st: StateData, oid: str, p: tuple[Any, ...]) -> None:
    st._put_ing(p[2], st.board.parse(oid.split(":")[1]), p[4])
