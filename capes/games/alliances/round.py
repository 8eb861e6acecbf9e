"""Parts of a Round: the Power Phase, the two Turns of the Activation Phase, passing Priority, the end of a Turn
(End of Stage check, Stage complete, Rally) and Cleanup (rulebook: Game Mechanics > Parts of a Round, Power Phase,
Activation Phase > Turns, Pass Priority, End of Turn, Cleanup Phase; Stage complete and Rally).

Rule ids (rules.yaml): alliances/cleanup/3, alliances/cleanup/4, alliances/end-turn, alliances/pass-priority,
alliances/power, alliances/power-phase/1, alliances/rally, alliances/round, alliances/stage-complete,
alliances/turn, alliances/win-lose.
"""

from __future__ import annotations

from typing import Any

from capes.core.protocol import Decision, Option
from capes.games.alliances.content import COND_BIT
from capes.games.alliances.decisions import answer, decider, question
from capes.games.alliances.stages import SCRIPTS_END
from capes.games.alliances.state import (
    C_COND,
    C_DAZ,
    C_HELD,
    C_POW,
    C_STA,
    C_TOK,
    MAX_POWER,
    StateData,
    cond_names,
    cond_title,
)


def _turn_steps(t: int) -> tuple[tuple[Any, ...], ...]:
    """A Turn's steps in the order they run (alliances/turn)."""
    return (("act_pick",), ("act_pick",), ("act_pick",), ("act_pick",), ("enemies_move",), ("enemies_spawn",),
            ("enemies_attack", 1), ("pass_priority",), ("end_turn", t))


# the frames of a Round and of each Turn as the stack holds them (_push's order: the last to run first); frames
# are immutable tuples, so every state shares them
_ROUND_FRAMES = (("round",), ("cleanup",), ("turn", 1), ("turn", 0))
_TURN_FRAMES = tuple(_turn_steps(t)[::-1] for t in (0, 1))


#: the log lines of the Power Phase and of the Cleanup Phase's last step (what changes every Character's dashboard)
POWER_PHASE_TEXT = "Power Phase: each Character gains 1 Power (10 at most)."
CLEANUP_TEXT = "Cleanup Phase: each Character's two Activation tokens go back to its Dashboard."


class Round(StateData):
    """The Round, its phases and Turns, Stage completion."""

    def _f_round(self) -> None:
        # alliances/round
        limit = self.game.config["round_limit"]
        if limit and self.rounds_total >= limit:
            self._lose_limit(f"The Mission runs out of time after {self.rounds_total} Rounds (house rule round_limit).")
            return
        self.round += 1
        self.rounds_total += 1
        self.emit("alliances/round", f"Round {self.round} begins.")
        self.stack.extend(_ROUND_FRAMES)  # _push(("turn", 0), ("turn", 1), ("cleanup",), ("round",))
        self._f_power()  # the first step at once (as pushing it and running the stack would)

    def _f_power(self) -> None:
        # alliances/power-phase/1: all Characters gain 1 Power (max 10: alliances/power)
        for c in self.chars:
            c[C_POW] = min(MAX_POWER, c[C_POW] + 1)
        self.emit("alliances/power-phase/1", POWER_PHASE_TEXT)

    def _f_turn(self, t: int) -> None:
        # alliances/turn
        self.turn = t
        self.interacted = ()
        self.stack.extend(_TURN_FRAMES[t])  # _push(*_turn_steps(t))

    def _f_pass_priority(self) -> None:
        # alliances/pass-priority: clockwise (squad order)
        self.priority = (self.priority + 1) % 4

    def _f_end_turn(self, t: int) -> None:
        # alliances/end-turn; alliances/stage-complete
        if SCRIPTS_END[self.stage.script](self):
            self.stages_done += 1
            self.emit("alliances/stage-complete", f"The Characters complete {self.stage.name}!")
            if self.stage.kind == "boss":
                self.over = 1
                self.why = "The Boss Battle is complete: the Mission is a success!"
                self.emit("alliances/win-lose", self.why)
                return
            self.stack.clear()
            for ci, c in enumerate(self.chars):
                if c[C_DAZ]:
                    self._recover(ci)  # ruling: Cleanup step 3 for Dazed Characters when a Stage ends
                c[C_HELD] = ()
            frames: list[tuple[Any, ...]] = []
            for ci, c in enumerate(self.chars):
                k = c[C_POW] // 3  # alliances/rally: per 3 Power lost
                c[C_POW] = 0
                frames += [("rally", ci)] * k
            self._set_stage(self.stage_i + 1)
            frames.append(("stage_setup",))
            self.emit("alliances/rally", "The Characters Rally.")
            self._push(*frames)

    def _f_rally(self, ci: int) -> None:
        c = self.chars[ci]
        opts = [Option("rally:xp", "Gain 1 XP")]
        if c[C_STA] < self.cside(ci).stamina:
            opts.append(Option("rally:heal", "Remove 1 Damage"))
        for cn in cond_names(c[C_COND]):
            opts.append(Option(f"rally:cond:{cn}", f"Remove {cond_title(cn)}"))
        if len(opts) == 1:
            self._gain_xp(ci, 1)
            return
        self._ask("rally", self.seat_of(ci), ci, tuple(opts))

    def _f_cleanup(self) -> None:
        # alliances/cleanup/3: Dazed Characters recover on their Injured side
        for ci, c in enumerate(self.chars):
            if c[C_DAZ]:
                self._recover(ci)
                self.emit("alliances/cleanup/3", f"{self.cname(ci)} recovers from being Dazed (Injured side).")
            c[C_TOK] = 2  # alliances/cleanup/4
        self.emit("alliances/cleanup/4", CLEANUP_TEXT)


@decider("rally")
def _rally_d(st: StateData) -> Decision:
    return question(st, f"{st.cname(st.pending[2])} Rallies: choose an effect", st.pending[3], "rally")  # type: ignore[index]


@answer("rally")
def _rally_a(st: StateData, oid: str, p: tuple[Any, ...]) -> None:
    ci = p[2]
    parts = oid.split(":")
    if parts[1] == "xp":
        st._gain_xp(ci, 1)
    elif parts[1] == "heal":
        st._heal(ci, 1)
    else:
        st.chars[ci][C_COND] &= ~COND_BIT[parts[2]]
