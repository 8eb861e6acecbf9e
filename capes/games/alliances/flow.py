"""How the rules run: an explicit stack of small frames, questions and answers.

Every pending rule is a tuple ``(name, *args)`` on ``state.stack`` (LIFO; ``_push`` takes frames in the order
they should run). ``_run`` pops and executes frames (``decisions.FRAMES``) until one needs a player's decision:
it then sets ``state.pending = (kind, seat, *data)`` (``_ask``). ``decision`` shows it (``DECIDERS[kind]``);
``apply`` calls ``_do``, which runs the answer (``ANSWERS[kind]``, pushing the continuation) and ``_run`` again.
No generators or closures hold state, so a state can be cloned, saved and resampled at any decision.
(rulebook: Game Overview > the game ends; Timing — one thing at a time, in order.)

Rule ids (rules.yaml): alliances/full-spawn-tracker, alliances/house/round-limit, alliances/win-lose.
"""

from __future__ import annotations

from typing import Any

from capes.core.protocol import GAME_OVER, Decision, Result
from capes.games.alliances.decisions import ANSWERS, DECIDERS, FRAMES
from capes.games.alliances.state import StateData


class Flow(StateData):
    """The frame stack, questions and answers, and the end of the game."""

    def _push(self, *frames: tuple[Any, ...]) -> None:
        if len(frames) == 1:
            self.stack.append(frames[0])
        else:
            self.stack.extend(reversed(frames))

    def _run(self) -> None:
        st = self.stack
        frames = FRAMES
        limit = self.game.max_steps
        while self.pending is None and st and not self.over:
            fr = st.pop()
            # every engine step counts: an apply can never run forever. State._tick inlined; past the limit it
            # is called, and raises EngineError naming the step
            self._ticks = t = self._ticks + 1
            if t > limit:
                self._ticks = limit
                self._tick(fr[0])
            step = frames[fr[0]]
            # a call with its arguments spelled out is about three times cheaper than step(self, *fr[1:])
            n = len(fr)
            if n == 1:
                step(self)
            elif n == 2:
                step(self, fr[1])
            elif n == 3:
                step(self, fr[1], fr[2])
            elif n == 4:
                step(self, fr[1], fr[2], fr[3])
            else:
                step(self, *fr[1:])
        if self.over:
            self.stack.clear()
            self.pending = None

    def _after(self, mark: int, *frames: tuple[Any, ...]) -> None:
        """Push ``frames`` to run after whatever was pushed since the stack had ``mark`` frames.

        A KO's consequences (a full Spawn Tracker's Spawn, alliances/full-spawn-tracker) happen at the moment
        of the KO; the effects that come after the attack (step 12) run after them."""
        if frames:
            self.stack[mark:mark] = frames[::-1]

    def _ask(self, kind: str, seat: int, *data: Any) -> None:
        self.pending = (kind, seat, *data)

    def _compute_decision(self) -> Decision:
        p = self.pending
        if self.over or p is None:
            return GAME_OVER
        return DECIDERS[p[0]](self)

    def _do(self, oid: str) -> None:
        p = self.pending
        assert p is not None
        self.pending = None
        ANSWERS[p[0]](self, oid, p)
        self._run()

    def _result(self) -> Result | None:
        if not self.over:
            return None
        n = self.game.num_seats
        out = ("win",) * n if self.over == 1 else ("loss",) * n
        return Result(out, (float(self.stages_done),) * n, self.why)

    def _lose(self, why: str) -> None:
        self.over = 2
        self.why = why
        self.emit("alliances/win-lose", why)

    def _lose_limit(self, why: str) -> None:
        self.over = 2
        self.why = why
        self.emit("alliances/house/round-limit", why)
