"""The contract every registered game passes (OpenSpiel's random-simulation test is the model).

:func:`check_game` plays random games to the end and checks at every step (``*_every``
arguments sample the costlier checks); :func:`check_fair_play` and :func:`check_resample_canonical`
check what bots see. A failure raises :class:`ContractViolation` whose ``kind`` names the broken
property, one of :data:`KINDS`:

- ``determinism``: the same seed and actions give an identical state;
- ``clone``: a clone is independent of the original and behaves the same;
- ``roundtrip``: ``game.from_json(s.to_json())`` is exact and behaves the same;
- ``illegal``: an unknown option id is refused and changes nothing;
- ``resample``: ``view(seat)`` is identical before and after ``resample(seat)``, which leaves the
  original alone and keeps the seat's own options;
- ``terminal``: a finished game offers no options and has a result; a live one has none;
- ``options``: a live state offers at least one option, ids are unique, the seat is in range;
- ``length``: no game runs more than ``Game.max_actions`` actions;
- ``citation``: every log event cites an id of the game's rules index;
- ``view``: ``view(seat)`` is JSON-safe;
- ``steps``: every ``apply`` (and ``new_game``) returns within ``Game.max_steps`` engine steps: an
  :class:`~capes.core.errors.EngineError` becomes a violation naming the game, step and option; and
  the engine counts its steps (:meth:`State._tick`), so that bound holds at all: a game whose
  applies never tick fails;
- ``labels``: no two options of a decision share a label (a person could not tell them apart); and the
  decision (seat, prompt, option ids, labels and groups) is a function of the state:
  the same for a clone whose decision is recomputed, for a state resampled for the deciding seat
  (a label tells nothing hidden), for ``game.from_json(to_json())`` in this process, and for the
  state rebuilt from ``to_json()`` in a fresh Python process, which a module-level cache cannot
  fool (:func:`check_game` sends every sampled state to one child process per call, which rebuilds
  them newest first);
- ``glossary``: ``Game.glossary(state, seat)`` is a JSON-safe ``dict[str, str]``, the same for a state
  resampled for that seat (it tells nothing hidden) and the same in a fresh process;
- ``fairplay``: every bot given two states with the same ``view(seat)`` (the live one and a
  ``resample(seat)``) and the same seed picks the same option, and leaves the state it is shown
  unchanged (:func:`check_fair_play`); and ``resample(seat, rng)`` deals from ``view(seat)`` and
  ``rng`` alone, not from the hidden order, which search bots need to be fair
  (:func:`check_resample_canonical`).
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, NoReturn

from capes.core.bots.base import bot_names, make_bot
from capes.core.errors import EngineError, IllegalAction
from capes.core.protocol import Decision, Event, Game, State
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
    "steps",
    "labels",
    "glossary",
    "fairplay",
)

ILLEGAL_ID = "__capes_contract_illegal__"

#: options :func:`check_fair_play` gives core bots: a tiny, iteration-bound (never timed) search
FAIR_PLAY_BOT_OPTS: dict[str, dict[str, Any]] = {
    "ismcts": {"iterations": 8, "rollout_depth": 8, "time_limit": None},
    # the searching level of each game: the same check at a small budget (a bot that peeks beyond its view
    # does so at any budget; the default budget made this one check take minutes)
    "hard": {"iterations": 8, "rollout_depth": 8, "time_limit": None},
}

#: seconds the fresh process of the label check may take before it counts as a failure
FRESH_TIMEOUT = 300.0


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
    #: applies made on the played states, how many ran at least one counted engine step, the total
    #: and the largest number of engine steps of one apply
    applies: int = 0
    ticked: int = 0
    ticks: int = 0
    max_ticks: int = 0
    #: states whose decision was rebuilt and compared in a fresh process
    fresh_states: int = 0


@dataclass
class FairPlayReport:
    #: (state, bot) pairs compared
    checks: int = 0
    #: of which the resampled state really differed from the live one (hidden information redealt)
    hidden_differs: int = 0
    bots: list[str] = field(default_factory=list)


def _fail(kind: str, msg: str) -> NoReturn:
    raise ContractViolation(kind, msg)


def twin_labels(d: Decision) -> list[str]:
    """The labels that two or more options of ``d`` share (sorted; empty when a person can tell every option
    apart): the ``labels`` rule, for tools that report rather than raise (capes.core.fuzz, the corpus test)."""
    labels = [o.label for o in d.options]
    if len(set(labels)) == len(labels):
        return []
    return sorted({x for x in labels if labels.count(x) > 1})


def _twin_labels(where: str, d: Decision) -> NoReturn:
    seen: dict[str, str] = {}
    for o in d.options:
        if o.label in seen:
            _fail("labels", f"{where}: options {seen[o.label]!r} and {o.id!r} share the label {o.label!r}, so a person "
                  "cannot tell them apart: offer one option for interchangeable choices, or say in each label how "
                  "they differ")
        seen[o.label] = o.id
    raise AssertionError("no two labels are the same")


def check_game(
    game: Game,
    games: int = 3,
    seed: int = 0,
    resample_every: int = 1,
    roundtrip_every: int = 1,
    fresh_every: int = 1,
) -> ContractReport:
    """Play ``games`` random games of ``game`` and check the protocol at every step.

    ``resample_every`` and ``roundtrip_every`` sample the resample/view/glossary checks and the
    apply-on-a-loaded-state check; ``fresh_every`` samples the states sent to the fresh process
    (0: no fresh process). The clone and in-process ``from_json`` label checks run at every step.
    """
    report = ContractReport()
    fresh: list[tuple[str, str, dict[str, Any], dict[str, str] | None]] = []
    at = [""]
    for g in range(games):
        try:
            _play_one(game, g, seed, resample_every, roundtrip_every, fresh_every, report, fresh, at)
        except EngineError as e:
            _fail("steps", f"{at[0]}: {e}")
    if fresh_every and fresh:
        _check_fresh(game, fresh)
        report.fresh_states = len(fresh)
    return report


def _play_one(
    game: Game,
    g: int,
    seed: int,
    resample_every: int,
    roundtrip_every: int,
    fresh_every: int,
    report: ContractReport,
    fresh: list[tuple[str, str, dict[str, Any], dict[str, str] | None]],
    at: list[str],
) -> None:
    rules = game.rules
    at[0] = f"game {g}: new_game({seed + g})"
    state = game.new_game(seed + g)
    chooser = Rng(10_007 * (seed + g) + 1)
    step = 0
    cited = 0
    ticked = 0
    while True:
        cited = _check_citations(state, rules, cited)
        at[0] = f"game {g} (seed {seed + g}) step {step}"
        where = at[0]
        d = state.decision
        if d.seat is None:
            if d.options:
                _fail("terminal", f"game {g}: terminal state offers {len(d.options)} options")
            if state.result is None:
                _fail("terminal", f"game {g}: terminal state has no result")
            break
        if not d.options:
            _fail("options", f"{where}: live state (seat {d.seat}) offers no options")
        if len({o.id for o in d.options}) != len(d.options):
            _fail("options", f"{where}: option ids are not unique")
        if len({o.label for o in d.options}) != len(d.options):
            _twin_labels(where, d)
        if not 0 <= d.seat < game.num_seats:
            _fail("options", f"{where}: seat {d.seat} out of range")
        if state.result is not None:
            _fail("terminal", f"{where}: live state already has a result")

        snap = state.to_json()
        dd = d.to_dict()
        # Illegal input changes nothing.
        try:
            state.apply(ILLEGAL_ID)
        except IllegalAction:
            pass
        else:
            _fail("illegal", f"{where}: an unknown option id was accepted")
        if state.to_json() != snap:
            _fail("illegal", f"{where}: refusing an illegal option changed the state")

        choice = d.options[chooser.randbelow(len(d.options))].id

        # Clone: independent of the original and behaves the same; its decision, computed afresh,
        # is the live one (labels are a function of the state).
        twin = state.clone()
        twin._decision = None
        _same_decision(where, "a clone", "clone", twin.decision, dd)
        at[0] = f"{where}: apply({choice!r}) on a clone"
        twin.apply(choice)
        at[0] = where
        if state.to_json() != snap:
            _fail("clone", f"{where}: applying to a clone changed the original")

        # View and glossary are JSON-safe and stable under resample.
        if step % resample_every == 0:
            for seat in range(game.num_seats):
                v = state.view(seat)
                try:
                    vtext = json.dumps(v, sort_keys=True)
                except (TypeError, ValueError) as e:
                    _fail("view", f"{where}: view({seat}) is not JSON-safe: {e}")
                gloss = _glossary(game, state, seat, where)
                det = state.resample(seat, Rng(step * 31 + seat))
                if json.dumps(det.view(seat), sort_keys=True) != vtext:
                    _fail("resample", f"{where}: view({seat}) differs after resample({seat})")
                if (det.decision.seat != d.seat or det.decision.ids() != d.ids()) and d.seat == seat:
                    _fail("resample", f"{where}: resample changed seat {seat}'s own options")
                if d.seat == seat:  # the deciding seat reads its prompt and labels: they tell nothing hidden
                    _same_decision(where, f"a state resampled for seat {seat} (the label tells something hidden)",
                                   "resample", det.decision, dd)
                other = _glossary(game, det, seat, where)
                if other != gloss:
                    diff = sorted(set(gloss.items()) ^ set(other.items()))[:1]
                    _fail("glossary", f"{where}: glossary({seat}) differs after resample({seat}) "
                          f"(it shows something hidden from the seat), e.g. {diff}")
            json.dumps(state.view(None))
            _glossary(game, state, None, where)
            if state.to_json() != snap:
                _fail("resample", f"{where}: resample (or view, glossary) changed the original state")

        # JSON round trip: exact, the same decision (labels too), and behaves the same afterwards.
        rebuilt = game.from_json(snap)
        if rebuilt.to_json() != snap:
            _fail("roundtrip", f"{where}: from_json(to_json(s)) differs from s")
        _same_decision(where, "game.from_json(to_json())", "roundtrip", rebuilt.decision, dd)
        loaded = None
        if step % roundtrip_every == 0:
            loaded = rebuilt
            at[0] = f"{where}: apply({choice!r}) on a loaded state"
            loaded.apply(choice)
        if fresh_every and step % fresh_every == 0:
            fresh.append((where, snap, dd, _glossary(game, state, d.seat, where) or None))

        at[0] = f"{where}: apply({choice!r})"
        state.apply(choice)
        t = state._ticks
        report.applies += 1
        report.ticks += t
        report.max_ticks = max(report.max_ticks, t)
        if t:
            report.ticked += 1
            ticked += 1
        after = state.to_json()
        if twin.to_json() != after:
            _fail("clone", f"{where}: a clone diverged from the original on {choice!r}")
        if loaded is not None and loaded.to_json() != after:
            _fail("roundtrip", f"{where}: a loaded state diverged from the original on {choice!r}")
        step += 1
        if step > game.max_actions:
            _fail("length", f"game {g}: more than the stated bound of {game.max_actions} actions")

    if step and not ticked:
        _fail("steps", f"game {g} (seed {seed + g}): {step} actions applied and not one engine step counted: "
              f"the engine never calls State._tick, so nothing bounds its loops (Game.max_steps)")

    # Determinism: the same seed and actions give an identical state.
    at[0] = f"game {g}: replaying seed {seed + g}"
    again = game.new_game(seed + g)
    for i, a in enumerate(state.actions):
        at[0] = f"game {g}: replaying seed {seed + g}, action #{i + 1} {a!r}"
        try:
            again.apply(a)
        except IllegalAction:
            _fail("determinism", f"game {g}: replaying seed {seed + g}, action #{i + 1} {a!r} was not legal")
    if again.to_json() != state.to_json():
        _fail("determinism", f"game {g}: replaying seed {seed + g} and its actions gave a different state")
    report.games += 1
    report.steps += step
    report.max_length = max(report.max_length, step)


def _same_decision(where: str, what: str, ids_kind: str, got: Decision, want: dict[str, Any]) -> None:
    """``got`` must be the live decision ``want`` (a :meth:`Decision.to_dict`): a different seat or
    option ids is a ``ids_kind`` violation, anything else people read (prompt, labels…) ``labels``."""
    _compare_decision(where, what, ids_kind, got.to_dict(), want)


def _compare_decision(where: str, what: str, ids_kind: str, gd: dict[str, Any], want: dict[str, Any]) -> None:
    if gd == want:
        return
    gids = [o["id"] for o in gd["options"]]
    wids = [o["id"] for o in want["options"]]
    if gd["seat"] != want["seat"] or gids != wids:
        _fail(ids_kind, f"{where}: {what} has a different decision (seat {gd['seat']}, options {gids[:6]}; "
              f"the live state: seat {want['seat']}, options {wids[:6]})")
    for key in ("prompt", "seats", "secret", "kind"):
        if gd[key] != want[key]:
            _fail("labels", f"{where}: {what} has {key} {gd[key]!r}; the live state {want[key]!r}")
    for a, b in zip(gd["options"], want["options"], strict=True):
        if a != b:
            _fail("labels", f"{where}: {what} labels option {a['id']!r} {a['label']!r} (group {a['group']!r}); "
                  f"the live state {b['label']!r} (group {b['group']!r})")


def _glossary(game: Game, state: State, seat: int | None, where: str) -> dict[str, str]:
    gl = game.glossary(state, seat)
    if not isinstance(gl, dict):
        _fail("glossary", f"{where}: glossary({seat}) is a {type(gl).__name__}, not a dict of str to str")
    for k, v in gl.items():
        if not isinstance(k, str) or not isinstance(v, str):
            _fail("glossary", f"{where}: glossary({seat}) maps {k!r} to {str(v)[:60]!r} "
                  f"({type(k).__name__} to {type(v).__name__}); it must map str to str")
    try:
        json.dumps(gl)
    except (TypeError, ValueError) as e:  # pragma: no cover - str keys and values always dump
        _fail("glossary", f"{where}: glossary({seat}) is not JSON-safe: {e}")
    return dict(gl)


# --- the fresh process ----------------------------------------------------------------

_CHILD = "from capes.core.contract import _fresh_main; _fresh_main()"


def _check_fresh(game: Game, fresh: list[tuple[str, str, dict[str, Any], dict[str, str] | None]]) -> None:
    """Rebuild every sampled state from its JSON in one new Python process and compare decisions."""
    klass = type(game)
    if "<locals>" in klass.__qualname__:
        raise ValueError(f"{klass.__qualname__}: a game class must be defined at module level for the fresh-process "
                         f"label check (or pass fresh_every=0)")
    req = {
        "module": klass.__module__,
        "qualname": klass.__qualname__,
        "config": game.config_json(),
        "snaps": [snap for _, snap, _, _ in fresh],
        "seats": [dd["seat"] for _, _, dd, _ in fresh],
    }
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    try:
        proc = subprocess.run([sys.executable, "-c", _CHILD], input=json.dumps(req), capture_output=True, text=True,
                              env=env, timeout=FRESH_TIMEOUT, check=False)
    except subprocess.TimeoutExpired:
        _fail("labels", f"the fresh process did not rebuild {len(fresh)} states within {FRESH_TIMEOUT:.0f} s")
    if proc.returncode != 0:
        last = (proc.stderr.strip().splitlines() or ["(no output)"])[-1]
        _fail("labels", f"the fresh process failed to rebuild the states (exit {proc.returncode}): {last}")
    got = json.loads(proc.stdout)
    for (where, _, dd, gloss), (gd, ggloss) in zip(fresh, got, strict=True):
        _compare_decision(where, "the state rebuilt from to_json() in a fresh process", "roundtrip", gd, dd)
        if (ggloss or None) != gloss:
            _fail("glossary", f"{where}: glossary({dd['seat']}) of the state rebuilt in a fresh process differs")


def _fresh_main() -> None:
    """The child of :func:`_check_fresh`: reads the request on stdin, prints ``[[decision, glossary], …]``.

    States are rebuilt newest first, the reverse of the order the parent built them in, so that a
    label cached from an earlier state cannot match by luck."""
    req = json.load(sys.stdin)
    obj: Any = importlib.import_module(req["module"])
    for part in req["qualname"].split("."):
        obj = getattr(obj, part)
    game: Game = obj(**req["config"])
    out: list[Any] = [None] * len(req["snaps"])
    for i in reversed(range(len(req["snaps"]))):
        st = game.from_json(req["snaps"][i])
        out[i] = [st.decision.to_dict(), game.glossary(st, req["seats"][i])]
    json.dump(out, sys.stdout)


# --- fair play ----------------------------------------------------------------------


def check_fair_play(
    game: Game,
    bots: Iterable[str] | None = None,
    games: int = 1,
    seed: int = 0,
    every: int = 1,
    bot_opts: Mapping[str, Mapping[str, Any]] | None = None,
) -> FairPlayReport:
    """Play ``games`` random games; at every ``every``-th decision ask each bot (``bots``, default every
    bot of the game) for the deciding seat twice, with the same seed: once on the live state, once on
    ``state.resample(seat, rng)`` (with the log lines private to other seats replaced by what ``seat`` sees),
    whose view of that seat is the same. A bot that decides from what its seat may know picks the same
    option both times (and leaves the live state unchanged). Not covered: ``state.actions``, which holds
    every seat's picks (secret ones too) and which the engine needs unchanged."""
    names = list(bots) if bots is not None else bot_names(game)
    opts = {**FAIR_PLAY_BOT_OPTS, **(bot_opts or {})}
    report = FairPlayReport(bots=names)
    for g in range(games):
        state = game.new_game(seed + g)
        chooser = Rng(10_007 * (seed + g) + 1)
        step = 0
        while not state.is_over:
            d = state.decision
            seat = d.seat
            assert seat is not None
            if step % every == 0:
                where = f"game seed {seed + g}, step {step} of the contract's random game (seat {seat})"
                snap = state.to_json()
                rseed = 7_919 * step + seat + 1
                other = state.resample(seat, Rng(rseed))
                # Log lines private to other seats are hidden too: the resampled copy keeps what `seat` sees.
                other.log = [e if e.only is None or e.only == seat else
                             Event(e.rule, e.public or "(hidden)", e.only, e.public) for e in other.log]
                if json.dumps(other.view(seat), sort_keys=True) != json.dumps(state.view(seat), sort_keys=True):
                    _fail("resample", f"{where}: view({seat}) differs after resample({seat}, Rng({rseed}))")
                hidden = other.to_json() != snap
                for k, name in enumerate(names):
                    bseed = 1_000 * step + k
                    o = opts.get(name, {})
                    try:
                        a = make_bot(name, game, seat, seed=bseed, **o).choose(state)
                        if state.to_json() != snap:
                            _fail("fairplay", f"{where}: bot {name!r} changed the state it was shown")
                        b = make_bot(name, game, seat, seed=bseed, **o).choose(other)
                    except EngineError as e:
                        _fail("steps", f"{where}: bot {name!r}: {e}")
                    if a != b:
                        la = d.find(a)
                        lb = d.find(b)
                        _fail("fairplay", f"{where}: bot {name!r} (seed {bseed}) picks {a!r} ({la.label if la else '?'}) "
                              f"on the live state but {b!r} ({lb.label if lb else '?'}) on resample({seat}, "
                              f"Rng({rseed})), whose view({seat}) is the same: it decides from something its "
                              f"seat cannot see")
                    report.checks += 1
                    report.hidden_differs += hidden
            state.apply(d.options[chooser.randbelow(len(d.options))].id)
            step += 1
    return report


def check_resample_canonical(game: Game, games: int = 1, seed: int = 0, every: int = 1) -> int:
    """Check that ``resample(seat, rng)`` deals from ``view(seat)`` and ``rng`` alone: resampling the live state
    and resampling an already resampled state with the same ``rng`` give the same full state. Search bots
    (ISMCTS, lookahead heuristics) see the world through these deals; a deal that follows the hidden order
    makes their picks depend on it, which :func:`check_fair_play` reports against the bot. Returns the number
    of (state, seat) pairs checked; a failure is a ``fairplay`` violation naming the fields that differ."""
    checked = 0
    for g in range(games):
        state = game.new_game(seed + g)
        chooser = Rng(10_007 * (seed + g) + 1)
        step = 0
        while not state.is_over:
            d = state.decision
            if step % every == 0:
                for seat in range(game.num_seats):
                    a = json.loads(state.resample(seat, Rng(step + 1)).to_json())
                    b = json.loads(state.resample(seat, Rng(step + 2)).resample(seat, Rng(step + 1)).to_json())
                    if a != b:
                        keys = sorted(k for k in a["state"] if a["state"][k] != b["state"].get(k))
                        what = ", ".join(keys) or "the rng or log"
                        _fail("fairplay", f"game seed {seed + g}, step {step} of the contract's random game: "
                              f"resample({seat}, rng) deals differently from two states with the same view({seat}) "
                              f"({what}): the deal follows the hidden order (sort the pool before shuffling)")
                    checked += 1
            state.apply(d.options[chooser.randbelow(len(d.options))].id)
            step += 1
    return checked


def _check_citations(state: State, rules: object, start: int) -> int:
    log = state.log
    for e in log[start:]:
        if e.rule not in rules:  # type: ignore[operator]
            _fail("citation", f"log event cites {e.rule!r}, which is not in the rules index: {e.text!r}")
    return len(log)
