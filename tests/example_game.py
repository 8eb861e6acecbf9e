"""A tiny two-seat game that exercises the whole protocol before the real games land.

"High Card": a deck of cards 1..9 is shuffled; each seat is dealt three hidden cards.
Each round both seats secretly and simultaneously play a card; the higher card
scores a point, then each seat draws a card if any remain. After three rounds the
higher score wins. Hidden hands, a hidden deck, secret simultaneous choices and a
terminal result: the shapes every real game needs.

Broken variants (``BROKEN``, keyed ``kind`` or ``kind/what``) each break one protocol
property, to show the contract suite catches it with exactly that kind.
"""

from __future__ import annotations

import random
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from capes.core.protocol import Decision, Game, Option, Result, State
from capes.core.rng import Rng
from capes.core.rules import Rule, RulesIndex

RULES = RulesIndex("example", [
    Rule("example/setup", "Setup", "example rules §1"),
    Rule("example/play", "Play a card", "example rules §2"),
    Rule("example/score", "Score the round", "example rules §3"),
    Rule("example/end", "End of the game", "example rules §4"),
])


@contextmanager
def hard_limit(seconds: int) -> Iterator[None]:
    """Fail (never hang) if the body runs longer than ``seconds`` (SIGALRM; the main thread on POSIX)."""

    def expire(signum: int, frame: object) -> None:
        raise TimeoutError(f"still running after {seconds} s: the step bound did not stop the engine")

    old = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


class HighCardState(State):
    hands: list[list[int]]
    deck: list[int]
    picks: list[int | None]
    score: list[int]
    round: int

    def setup(self) -> None:
        self.deck = self.rng.shuffled(range(1, 10))
        self.hands = [sorted(self.deck[:3]), sorted(self.deck[3:6])]
        self.deck = self.deck[6:]
        self.picks = [None, None]
        self.score = [0, 0]
        self.round = 1
        self.emit("example/setup", "Each seat is dealt three cards.")

    def _compute_decision(self) -> Decision:
        if self.round > 3:
            return Decision(None, "over", ())
        seat = 0 if self.picks[0] is None else 1
        opts = tuple(Option(f"play:{c}", f"Play {c}") for c in self.hands[seat])
        return Decision(seat, "Choose a card to play in secret", opts, seats=(0, 1), secret=True)

    def _do(self, option_id: str) -> None:
        self._tick("example/play")
        card = int(option_id.split(":")[1])
        seat = 0 if self.picks[0] is None else 1
        self.hands[seat].remove(card)
        self.picks[seat] = card
        self.emit("example/play", f"Seat {seat + 1} plays {card}.", only=seat, public=f"Seat {seat + 1} plays a card.")
        if seat == 1:
            a, b = self.picks[0], self.picks[1]
            assert a is not None and b is not None
            self.score[0 if a > b else 1] += 1
            self.emit("example/score", f"{a} vs {b}: seat {1 if a > b else 2} scores.")
            self.picks = [None, None]
            self.round += 1
            for s in (0, 1):
                if self.deck:
                    self.hands[s].append(self.deck.pop())
                    self.hands[s].sort()
            if self.round > 3:
                self.emit("example/end", f"Final score {self.score[0]}–{self.score[1]}.")

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {
            "round": self.round,
            "score": list(self.score),
            "hand": list(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "deck_size": len(self.deck),
            "my_pick": self.picks[seat] if seat is not None else None,
            "picked": [p is not None for p in self.picks],
        }

    def _dump(self) -> Any:
        return {"hands": self.hands, "deck": self.deck, "picks": self.picks, "score": self.score, "round": self.round}

    def _load(self, data: Any) -> None:
        self.hands = [list(h) for h in data["hands"]]
        self.deck = list(data["deck"])
        self.picks = list(data["picks"])
        self.score = list(data["score"])
        self.round = data["round"]

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, HighCardState)
        other.hands = [h.copy() for h in self.hands]
        other.deck = self.deck.copy()
        other.picks = self.picks.copy()
        other.score = self.score.copy()
        other.round = self.round

    def _result(self) -> Result | None:
        if self.round <= 3:
            return None
        a, b = self.score
        return Result(("win", "loss") if a > b else ("loss", "win"), (float(a), float(b)))

    def _resample(self, seat: int, rng: Rng) -> None:
        other = 1 - seat
        # The other seat's hand, its secret pick and the deck are unknown to `seat`. The pool is
        # sorted before it is dealt, so the deal depends on `seat`'s view and `rng` alone (not on
        # the hidden order): a bot given the same view and seed decides the same way (fair play).
        unknown = self.hands[other] + self.deck
        pick = self.picks[other]
        if pick is not None:
            unknown.append(pick)
        unknown.sort()
        rng.shuffle(unknown)
        if pick is not None:
            self.picks[other] = unknown.pop()
        n = len(self.hands[other])
        self.hands[other] = sorted(unknown[:n])
        self.deck = unknown[n:]


class HighCardGame(Game):
    id = "example"
    name = "High Card (test example)"
    max_actions = 6
    state_class = HighCardState

    @property
    def num_seats(self) -> int:
        return 2

    @property
    def rules(self) -> RulesIndex:
        return RULES

    def new_game(self, seed: int = 0) -> State:
        s = self.state_class(self, seed)
        assert isinstance(s, HighCardState)
        s.setup()
        return s

    def glossary(self, state: State, seat: int | None) -> dict[str, str]:
        assert isinstance(state, HighCardState)
        out = {"High Card": "Both seats play a card in secret; the higher card scores a point. Three rounds."}
        if seat is not None:
            for c in state.hands[seat]:
                out[f"Card {c}"] = f"Worth {c}; beats every lower card."
        return out

    def bots(self) -> dict[str, Any]:
        return {"example-high": HighestCardBot}


class HighestCardBot:
    """Plays its highest card: reads only the decision (its own options)."""

    name = "example-high"

    def __init__(self, game: Game, seat: int, seed: int = 0, **_: Any) -> None:
        self.seat = seat

    def choose(self, state: State) -> str:
        return max(state.decision.ids(), key=lambda i: int(i.split(":")[1]))


# --- deliberately broken variants: each breaks one property --------------------------

class _NondeterministicState(HighCardState):
    def setup(self) -> None:
        super().setup()
        self.deck = random.sample(range(100, 200), 3)  # randomness outside the state's RNG


class _SharedCloneState(HighCardState):
    def _copy_into(self, other: State) -> None:
        super()._copy_into(other)
        assert isinstance(other, HighCardState)
        other.hands = self.hands  # clone shares a mutable list


class _LossyJsonState(HighCardState):
    def _load(self, data: Any) -> None:
        super()._load(data)
        self.score = [0, 0]  # loses the score


class _MutatingIllegalState(HighCardState):
    def apply(self, option: Option | str) -> None:
        self.round += 0 if option != "__capes_contract_illegal__" else 0
        if option == "__capes_contract_illegal__":
            self.score[0] += 1  # changes state before refusing
        super().apply(option)


class _LeakyViewState(HighCardState):
    def _view(self, seat: int | None) -> dict[str, Any]:
        v = super()._view(seat)
        v["deck"] = list(self.deck)  # shows the hidden deck
        return v


class _UnsafeViewState(HighCardState):
    def _view(self, seat: int | None) -> dict[str, Any]:
        v = super()._view(seat)
        v["hand"] = set(v["hand"] or ())  # a set is not JSON
        return v


class _DeadEndState(HighCardState):
    def _compute_decision(self) -> Decision:
        d = super()._compute_decision()
        if self.round == 3 and d.seat == 1:
            return Decision(1, "stuck", ())  # a live state with no options
        return d


class _TerminalOptionsState(HighCardState):
    def _compute_decision(self) -> Decision:
        if self.round > 3:
            return Decision(None, "over", (Option("x", "x"),))
        return super()._compute_decision()


class _EndlessState(HighCardState):
    def _do(self, option_id: str) -> None:
        super()._do(option_id)
        if self.round > 3:
            self.round = 1
            self.hands = [[1, 2, 3], [4, 5, 6]]


class _BadCitationState(HighCardState):
    def setup(self) -> None:
        super().setup()
        self.emit("example/no-such-rule", "cites a rule that is not in the index")


class _SpinningState(HighCardState):
    def _do(self, option_id: str) -> None:
        super()._do(option_id)
        while True:  # an "until" loop whose condition never comes true: only _tick ends it
            self._tick("example/spin")


class _UncountedState(HighCardState):
    def _tick(self, step: str) -> None:
        """An engine that never counts its steps (so nothing bounds its loops)."""


#: a process-wide cache of labels by option id: the first label built for an id is shown for ever after
_LABEL_CACHE: dict[str, str] = {}


class _CachedLabelState(HighCardState):
    def _compute_decision(self) -> Decision:
        d = super()._compute_decision()
        a, b = self.score
        opts = tuple(
            Option(o.id, _LABEL_CACHE.setdefault(o.id, f"{o.label} (round {self.round}, score {a}-{b})"))
            for o in d.options
        )
        return Decision(d.seat, d.prompt, opts, d.seats, d.secret, d.kind)


class _SecretLabelState(HighCardState):
    def _compute_decision(self) -> Decision:
        d = super()._compute_decision()
        if d.seat is None:
            return d
        top = max(self.hands[1 - d.seat], default=0)  # the other seat's hidden hand
        opts = tuple(Option(o.id, f"{o.label}{' (wins)' if int(o.id[5:]) > top else ''}") for o in d.options)
        return Decision(d.seat, d.prompt, opts, d.seats, d.secret, d.kind)


class _TwinLabelState(HighCardState):
    """Labels that say too little: two cards of one colour (odd, even) read the same, yet play differently."""

    def _compute_decision(self) -> Decision:
        d = super()._compute_decision()
        opts = tuple(Option(o.id, "Play an odd card" if int(o.id[5:]) % 2 else "Play an even card") if
                     o.id.startswith("play:") else o for o in d.options)
        return Decision(d.seat, d.prompt, opts, d.seats, d.secret, d.kind)


class _LeakyGlossaryGame(HighCardGame):
    def glossary(self, state: State, seat: int | None) -> dict[str, str]:
        out = super().glossary(state, seat)
        assert isinstance(state, HighCardState)
        if seat is not None:  # names the other seat's hidden hand
            out["Opponent"] = f"Holds {state.hands[1 - seat]}."
        return out


class _NumericGlossaryGame(HighCardGame):
    def glossary(self, state: State, seat: int | None) -> dict[str, str]:
        out: dict[str, Any] = dict(super().glossary(state, seat))
        out["Round"] = getattr(state, "round", 0)  # an int, not text
        return out


class PeekingBot:
    """Plays the lowest card that beats everything the other seat holds: it reads the hidden hand."""

    name = "example-peek"

    def __init__(self, game: Game, seat: int, seed: int = 0, **_: Any) -> None:
        self.seat = seat

    def choose(self, state: State) -> str:
        assert isinstance(state, HighCardState)
        top = max(state.hands[1 - self.seat] + [p for p in state.picks if p is not None], default=0)
        ids = sorted(state.decision.ids(), key=lambda i: int(i.split(":")[1]))
        return next((i for i in ids if int(i.split(":")[1]) > top), ids[0])


class _HiddenOrderResampleState(HighCardState):
    def _resample(self, seat: int, rng: Rng) -> None:
        other = 1 - seat
        unknown = self.hands[other] + self.deck  # dealt in the hidden order: a search bot's picks follow it
        pick = self.picks[other]
        if pick is not None:
            unknown.append(pick)
        rng.shuffle(unknown)
        if pick is not None:
            self.picks[other] = unknown.pop()
        n = len(self.hands[other])
        self.hands[other] = sorted(unknown[:n])
        self.deck = unknown[n:]


class LogReadingBot:
    """Reads the other seat's private log line ("Seat 1 plays 7.") to beat its secret pick."""

    name = "example-log-peek"

    def __init__(self, game: Game, seat: int, seed: int = 0, **_: Any) -> None:
        self.seat = seat

    def choose(self, state: State) -> str:
        ids = sorted(state.decision.ids(), key=lambda i: int(i.split(":")[1]))
        for e in reversed(state.log):
            if e.rule == "example/play" and e.only not in (None, self.seat) and e.text[-2].isdigit():
                top = int(e.text[-2])
                return next((i for i in ids if int(i.split(":")[1]) > top), ids[0])
        return ids[-1]


class _PeekingBotGame(HighCardGame):
    def bots(self) -> dict[str, Any]:
        return {**super().bots(), "example-peek": PeekingBot}


class _LogReadingBotGame(HighCardGame):
    def bots(self) -> dict[str, Any]:
        return {**super().bots(), "example-log-peek": LogReadingBot}


def _variant(state_cls: type[HighCardState], name: str, base: type[HighCardGame] = HighCardGame) -> type[HighCardGame]:
    cls = type(f"Broken{name}", (base,), {"state_class": state_cls, "__module__": __name__})
    globals()[cls.__name__] = cls  # importable by name, so a fresh process can rebuild it
    return cls


#: ``kind`` or ``kind/what`` -> a broken game class the contract suite must reject with exactly ``kind``
BROKEN: dict[str, type[HighCardGame]] = {
    "determinism": _variant(_NondeterministicState, "Determinism"),
    "clone": _variant(_SharedCloneState, "Clone"),
    "roundtrip": _variant(_LossyJsonState, "Roundtrip"),
    "illegal": _variant(_MutatingIllegalState, "Illegal"),
    "resample": _variant(_LeakyViewState, "Resample"),
    "view": _variant(_UnsafeViewState, "View"),
    "options": _variant(_DeadEndState, "Options"),
    "terminal": _variant(_TerminalOptionsState, "Terminal"),
    "length": _variant(_EndlessState, "Length"),
    "citation": _variant(_BadCitationState, "Citation"),
    "steps/endless-loop": _variant(_SpinningState, "StepsLoop"),
    "steps/uncounted": _variant(_UncountedState, "StepsUncounted"),
    "labels": _variant(_CachedLabelState, "Labels"),
    "labels/secret": _variant(_SecretLabelState, "LabelsSecret"),
    "labels/twins": _variant(_TwinLabelState, "LabelsTwins"),
    "glossary": _variant(HighCardState, "Glossary", _LeakyGlossaryGame),
    "glossary/type": _variant(HighCardState, "GlossaryType", _NumericGlossaryGame),
    "fairplay": _variant(HighCardState, "Fairplay", _PeekingBotGame),
    "fairplay/log": _variant(HighCardState, "FairplayLog", _LogReadingBotGame),
    "fairplay/resample-order": _variant(_HiddenOrderResampleState, "FairplayResampleOrder"),
}
