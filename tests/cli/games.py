"""A small two-seat game for the terminal tests: long grouped menus, a hidden deck and hands, dice,
single-option decisions, a glossary and rules with texts. Nothing here is a real game's rule."""

from __future__ import annotations

from typing import Any

from capes.core.protocol import Decision, Game, Option, Result, State
from capes.core.registry import register
from capes.core.rng import Rng
from capes.core.rules import Rule, RulesIndex

HEROES = ("Ant", "Bee", "Cat")
PLACES = ("Dock", "Fort", "Gate", "Hill", "Isle", "Jetty")
RULES = RulesIndex("steps", [
    Rule("steps/ready", "Ready", "steps rules §1", "At the start of a turn the seat readies."),
    Rule("steps/move", "Move", "steps rules §2", "A hero moves to any place; it scores that place's number."),
    Rule("steps/draw", "Draw", "steps rules §3", "Draw the top card of the hidden deck into your secret hand."),
    Rule("steps/roll", "Roll", "steps rules §4", "Roll a die and score it."),
    Rule("steps/end", "End", "steps rules §5", "After six turns the higher score wins."),
])


class StepsState(State):
    turn: int
    ready: bool
    pos: dict[str, int]
    hands: list[list[int]]
    deck: list[int]
    score: list[int]

    def setup(self) -> None:
        self.turn, self.ready = 0, False
        self.pos = {h: 0 for h in HEROES}
        self.deck = self.rng.shuffled(range(100, 140))
        self.hands = [[self.deck.pop()], [self.deck.pop()]]
        self.score = [0, 0]
        for s in (0, 1):
            self.emit("steps/draw", f"Seat {s + 1} secretly holds card {self.hands[s][0]}.", only=s,
                      public=f"Seat {s + 1} holds a secret card.")

    @property
    def seat(self) -> int:
        return self.turn % 2

    def _compute_decision(self) -> Decision:
        if self.turn >= 6:
            return Decision(None, "over", ())
        if not self.ready:
            return Decision(self.seat, "Ready?", (Option("ready", "Get ready"),))
        opts = [Option(f"move:{h}:{i}", f"Move {h} to {p}", h) for h in HEROES for i, p in enumerate(PLACES)]
        if self.deck:
            opts.append(Option("draw", "Draw a secret card", "other"))
        opts += [Option("roll", "Roll the die", "other"), Option("end", "End the turn", "other")]
        return Decision(self.seat, "Your move", tuple(opts))

    def _do(self, oid: str) -> None:
        s = self.seat
        if oid == "ready":
            self.ready = True
            self.emit("steps/ready", f"Seat {s + 1} is ready.")
        elif oid.startswith("move:"):
            _, h, i = oid.split(":")
            self.pos[h] = int(i)
            self.score[s] += int(i)
            self.emit("steps/move", f"Seat {s + 1} moves {h} to {PLACES[int(i)]}.")
        elif oid == "draw":
            c = self.deck.pop()
            self.hands[s].append(c)
            self.emit("steps/draw", f"Seat {s + 1} secretly draws card {c}.", only=s,
                      public=f"Seat {s + 1} draws a secret card.")
        elif oid == "roll":
            r = self.rng.randint(1, 6)
            self.score[s] += r
            self.emit("steps/roll", f"Seat {s + 1} rolls {r}.")
        if oid == "end" or (oid != "ready" and self._acts_this_turn() >= 5):  # a turn is at most 5 actions
            self.turn += 1
            self.ready = False
            if self.turn >= 6:
                self.emit("steps/end", f"Final score {self.score[0]}-{self.score[1]}.")

    def _acts_this_turn(self) -> int:
        n = 1  # the action being applied (not yet in self.actions)
        for a in reversed(self.actions):
            if a == "ready":
                return n
            n += 1
        return n

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"turn": self.turn, "ready": self.ready, "pos": dict(self.pos), "score": list(self.score),
                "hand": list(self.hands[seat]) if seat is not None else None,
                "hand_sizes": [len(h) for h in self.hands], "deck": len(self.deck)}

    def _dump(self) -> Any:
        return {"turn": self.turn, "ready": self.ready, "pos": self.pos, "hands": self.hands, "deck": self.deck,
                "score": self.score}

    def _load(self, d: Any) -> None:
        self.turn, self.ready, self.pos = d["turn"], d["ready"], dict(d["pos"])
        self.hands, self.deck, self.score = [list(h) for h in d["hands"]], list(d["deck"]), list(d["score"])

    def _copy_into(self, o: State) -> None:
        assert isinstance(o, StepsState)
        o.turn, o.ready, o.pos = self.turn, self.ready, dict(self.pos)
        o.hands, o.deck, o.score = [h.copy() for h in self.hands], self.deck.copy(), self.score.copy()

    def _result(self) -> Result | None:
        if self.turn < 6:
            return None
        a, b = self.score
        out = ("win", "loss") if a > b else ("loss", "win") if b > a else ("draw", "draw")
        return Result(out, (float(a), float(b)))

    def _resample(self, seat: int, rng: Rng) -> None:
        other = 1 - seat
        unknown = self.hands[other] + self.deck
        rng.shuffle(unknown)
        n = len(self.hands[other])
        self.hands[other], self.deck = unknown[:n], unknown[n:]


class StepsGame(Game):
    id = "steps"
    name = "Steps (a test game)"
    state_class = StepsState

    def new_game(self, seed: int = 0) -> State:
        s = StepsState(self, seed)
        s.setup()
        return s

    @property
    def num_seats(self) -> int:
        return 2

    @property
    def rules(self) -> RulesIndex:
        return RULES

    def render(self, state: State, seat: int | None) -> str:
        assert isinstance(state, StepsState)
        where = ", ".join(f"{h} at {PLACES[i]}" for h, i in state.pos.items())
        mine = f"\nSecret hand of seat {seat + 1}: {state.hands[seat]}" if seat is not None else ""
        return f"Turn {state.turn + 1}; score {state.score}; {where}{mine}"

    def glossary(self, state: State, seat: int | None) -> dict[str, str]:
        assert isinstance(state, StepsState)
        out = {h: f"{h} is a hero who moves anywhere." for h in HEROES}
        if seat is not None:
            out.update({f"Card {c}": f"Card {c} is worth {c}." for c in state.hands[seat]})
        return out


register("steps", StepsGame)
