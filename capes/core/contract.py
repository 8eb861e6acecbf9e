"""The contract every registered game passes (OpenSpiel's random-simulation test is the model).

:func:`check_game` plays random games to the end and checks, at every step:
determinism, clone independence, the JSON round trip, refusal of an illegal option
without change, identical ``view(seat)`` before and after ``resample(seat)``, no
options in a terminal state and at least one in a live one, a stated bound on game
length, and that every log event cites an id in the game's rules index.
A failure raises :class:`ContractViolation` whose ``kind`` names the broken property.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from capes.core.errors import IllegalAction
from capes.core.protocol import Game, State
from capes.core.rng import Rng

KINDS = (
    "determinism",
    "clone",
    "roundtrip",
    "illegal",
    "resample",
    "terminal",
    "options",
    "length",
    "citation",
    "view",
)

ILLEGAL_ID = "__capes_contract_illegal__"


class ContractViolation(AssertionError):
    """A broken protocol property; ``kind`` is one of :data:`KINDS`."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(f"[{kind}] {message}")
        self.kind = kind


@dataclass
class ContractReport:
    games: int = 0
    steps: int = 0
    max_length: int = 0


def _fail(kind: str, msg: str) -> None:
    raise ContractViolation(kind, msg)


def check_game(
    game: Game,
    games: int = 3,
    seed: int = 0,
    resample_every: int = 1,
    roundtrip_every: int = 1,
) -> ContractReport:
    """Play ``games`` random games of ``game`` and check the protocol at every step."""
    report = ContractReport()
    rules = game.rules
    for g in range(games):
        state = game.new_game(seed + g)
        chooser = Rng(10_007 * (seed + g) + 1)
        step = 0
        cited = 0
        while True:
            cited = _check_citations(state, rules, cited)
            d = state.decision
            if d.seat is None:
                if d.options:
                    _fail("terminal", f"game {g}: terminal state offers {len(d.options)} options")
                if state.result is None:
                    _fail("terminal", f"game {g}: terminal state has no result")
                break
            if not d.options:
                _fail("options", f"game {g} step {step}: live state (seat {d.seat}) offers no options")
            if len({o.id for o in d.options}) != len(d.options):
                _fail("options", f"game {g} step {step}: option ids are not unique")
            if not 0 <= d.seat < game.num_seats:
                _fail("options", f"game {g} step {step}: seat {d.seat} out of range")
            if state.result is not None:
                _fail("terminal", f"game {g} step {step}: live state already has a result")

            snap = state.to_json()
            # Illegal input changes nothing.
            try:
                state.apply(ILLEGAL_ID)
            except IllegalAction:
                pass
            else:
                _fail("illegal", f"game {g} step {step}: an unknown option id was accepted")
            if state.to_json() != snap:
                _fail("illegal", f"game {g} step {step}: refusing an illegal option changed the state")

            choice = d.options[chooser.randbelow(len(d.options))].id

            # Clone: independent of the original and behaves the same.
            twin = state.clone()
            twin.apply(choice)
            if state.to_json() != snap:
                _fail("clone", f"game {g} step {step}: applying to a clone changed the original")

            # View is JSON-safe and stable under resample.
            if step % resample_every == 0:
                for seat in range(game.num_seats):
                    v = state.view(seat)
                    try:
                        vtext = json.dumps(v, sort_keys=True)
                    except (TypeError, ValueError) as e:
                        _fail("view", f"game {g} step {step}: view({seat}) is not JSON-safe: {e}")
                    det = state.resample(seat, Rng(step * 31 + seat))
                    if json.dumps(det.view(seat), sort_keys=True) != vtext:
                        _fail("resample", f"game {g} step {step}: view({seat}) differs after resample({seat})")
                    if state.to_json() != snap:
                        _fail("resample", f"game {g} step {step}: resample changed the original state")
                    if det.decision.seat != d.seat or det.decision.ids() != d.ids():
                        if d.seat == seat:
                            _fail("resample", f"game {g} step {step}: resample changed seat {seat}'s own options")
                json.dumps(state.view(None))


            # JSON round trip: exact, and behaves the same afterwards.
            loaded = None
            if step % roundtrip_every == 0:
                loaded = game.from_json(snap)
                if loaded.to_json() != snap:
                    _fail("roundtrip", f"game {g} step {step}: from_json(to_json(s)) differs from s")
                if loaded.decision.ids() != d.ids() or loaded.decision.seat != d.seat:
                    _fail("roundtrip", f"game {g} step {step}: loaded state has a different decision")
                loaded.apply(choice)

            state.apply(choice)
            after = state.to_json()
            if twin.to_json() != after:
                _fail("clone", f"game {g} step {step}: a clone diverged from the original on {choice!r}")
            if loaded is not None and loaded.to_json() != after:
                _fail("roundtrip", f"game {g} step {step}: a loaded state diverged from the original on {choice!r}")
            step += 1
            if step > game.max_actions:
                _fail("length", f"game {g}: more than the stated bound of {game.max_actions} actions")

        # Determinism: the same seed and actions give an identical state.
        again = game.new_game(seed + g)
        for i, a in enumerate(state.actions):
            try:
                again.apply(a)
            except IllegalAction:
                _fail("determinism", f"game {g}: replaying seed {seed + g}, action #{i + 1} {a!r} was not legal")
        if again.to_json() != state.to_json():
            _fail("determinism", f"game {g}: replaying seed {seed + g} and its actions gave a different state")
        report.games += 1
        report.steps += step
        report.max_length = max(report.max_length, step)
    return report


def _check_citations(state: State, rules: object, start: int) -> int:
    log = state.log
    for e in log[start:]:
        if e.rule not in rules:  # type: ignore[operator]
            _fail("citation", f"log event cites {e.rule!r}, which is not in the rules index: {e.text!r}")
    return len(log)
