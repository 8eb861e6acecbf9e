"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Each iteration deals a determinization consistent with the bot's own view
(``state.resample(seat, rng)``), descends a tree keyed by option ids choosing among
the options legal in that determinization, expands one node, runs a rollout for at
most ``rollout_depth`` actions, and scores the end with the game's result or, when
cut off, with the game's ``evaluate``. Every node stores the reward of the seat that
chose the option leading to it, so the same tree serves co-operative and competitive
games.

Selection is UCB1 with availability counts (``prior_weight=0``, the default), or
PUCT over a prior (``prior_weight>0``, as in AlphaZero, with availability counts in
place of the parent's visits): ``Q + c_p * P(a) * sqrt(avail) / (1 + visits)``, where
an unvisited option counts its parent's mean value (first-play urgency). The prior
comes from a ``prior`` callable given to the bot, else from the game's optional
``policy_prior(state, seat, rng)`` hook (looked up with ``getattr``), else from the
game's ``rollout_policy``: the option the rule of thumb picks gets ``prior_top`` of the
mass, the others share the rest. So a game's heuristic orders the search without any
change to the protocol.

With ``paired=True`` the search compares root options on common determinizations: each
determinization (its hidden cards and its future dice, ``resample`` reseeds the RNG) is
played once from each candidate, the ``candidates`` options the prior ranks highest
(progressive widening over the heuristic's ordering), by the rollout policy, cut off and
scored like the tree's iterations. Differences between candidates on the same deal are far
less noisy than separate means. The prior's top choice is kept unless another candidate
beats it on the same deals by ``switch_z`` standard errors (and by ``switch_min`` on
average), which takes at least two deals (``iterations`` counts playouts): the search
overrules the rule of thumb only where it sees a difference. With ``drop_z>0`` the candidates race: after
``drop_after`` deals, one whose gain over the prior's choice is ``drop_z`` standard errors below zero (and below
another's sure gain) stops being played, so the playouts go where the choice is close (the heuristic unsure).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from capes.core.rng import Rng

if TYPE_CHECKING:
    from capes.core.protocol import Game, State

#: (determinized state, deciding seat, rng) -> prior probability by option id (need not cover every option)
PriorFn = Callable[["State", int, Rng], Mapping[str, float]]
#: (determinized state, rng) -> option id, the move of whoever decides
PolicyFn = Callable[["State", Rng], str]


def _flag(value: Any) -> bool:
    """A setting that is a yes/no: a bool, or the text a player types (``paired=true``)."""
    if isinstance(value, str):
        return value.strip().lower() in ("1", "true", "yes", "on")
    return bool(value)


def _setting(settings: Mapping[str, Any], key: str, kind: type, low: float, high: float) -> Any:
    """Setting ``key`` as an int or a float within [low, high] (a number typed as text too); anything else is a
    one-line :class:`~capes.core.errors.ConfigError` (a search of 1e99 iterations would never answer).

    >>> _setting({"iterations": "400"}, "iterations", int, 1, 1_000_000)
    400
    >>> _setting({"iterations": 1e99}, "iterations", int, 1, 1_000_000)
    Traceback (most recent call last):
    capes.core.errors.ConfigError: ismcts option iterations must be an integer from 1 to 1,000,000 (got 1e+99)
    """
    v = settings[key]
    try:
        x = float(v) if not isinstance(v, bool) else math.nan
    except (TypeError, ValueError):
        x = math.nan
    whole = kind is int
    if not (low <= x <= high) or (whole and x != int(x)):
        from capes.core.errors import ConfigError

        what = "an integer" if whole else "a number"
        raise ConfigError(f"ismcts option {key} must be {what} from {low:,} to {high:,} (got {str(v)[:40]})")
    return int(x) if whole else x


class _Node:
    __slots__ = ("avail", "children", "prior", "seat", "value", "visits")

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.value = 0.0
        self.prior: dict[str, float] | None = None


DEFAULTS: dict[str, Any] = {"iterations": 200, "rollout_depth": 40, "exploration": 0.7, "time_limit": None,
                            "prior_weight": 0.0, "prior_top": 0.6, "paired": False, "candidates": 4,
                            "switch_z": 1.0, "switch_min": 0.0, "drop_z": 0.0, "drop_after": 4}


def top_choice_prior(choice: str, ids: list[str], top: float) -> dict[str, float]:
    """``top`` of the mass on ``choice``, the rest shared by the other options.

    >>> top_choice_prior("b", ["a", "b", "c"], 0.6)
    {'a': 0.2, 'b': 0.6, 'c': 0.2}
    """
    n = len(ids)
    if n == 1:
        return {ids[0]: 1.0}
    rest = (1.0 - top) / (n - 1)
    return {a: (top if a == choice else rest) for a in ids}


class ISMCTSBot:
    """ISMCTS for ``seat``. ``iterations`` and/or ``time_limit`` (seconds) bound each decision.

    Settings come from :data:`DEFAULTS`, overridden by the game's ``ismcts_defaults``
    attribute (if any), overridden by keyword arguments. ``prior`` (a :data:`PriorFn`)
    and ``rollout`` (a :data:`PolicyFn`, default the game's ``rollout_policy``) are for
    games' own search bots; they are not settings a player types.
    """

    name = "ismcts"

    def __init__(self, game: Game, seat: int, seed: int = 0, prior: PriorFn | None = None,
                 rollout: PolicyFn | None = None, **opts: Any) -> None:
        settings = dict(DEFAULTS)
        settings.update(getattr(game, "ismcts_defaults", {}) or {})
        unknown = set(opts) - set(DEFAULTS)
        if unknown:
            from capes.core.errors import ConfigError

            raise ConfigError(f"unknown ismcts option(s) {', '.join(sorted(unknown))}; allowed: {', '.join(DEFAULTS)}")
        settings.update(opts)
        self.game = game
        self.seat = seat
        self.iterations = _setting(settings, "iterations", int, 1, 1_000_000)
        self.rollout_depth = _setting(settings, "rollout_depth", int, 0, 100_000)
        self.exploration = _setting(settings, "exploration", float, 0, 100)
        self.prior_weight = _setting(settings, "prior_weight", float, 0, 100)
        self.prior_top = _setting(settings, "prior_top", float, 0, 1)
        self.paired = _flag(settings["paired"])
        self.candidates = _setting(settings, "candidates", int, 1, 1_000)
        self.switch_z = _setting(settings, "switch_z", float, -100, 100)
        self.switch_min = _setting(settings, "switch_min", float, -100, 100)
        self.drop_z = _setting(settings, "drop_z", float, -100, 100)
        self.drop_after = max(2, _setting(settings, "drop_after", int, 0, 1_000_000))
        #: after a decision: per option searched, (visits, mean reward) in the tree search, or (deals, mean
        #: difference from the prior's top choice) in a paired search
        self.last_stats: dict[str, tuple[int, float]] = {}
        self.time_limit: float | None = (None if settings["time_limit"] is None
                                         else _setting(settings, "time_limit", float, 0.001, 3600))
        self.rng = Rng(seed * 104_729 + seat + 1)
        self.last_iterations = 0
        self.rollout: PolicyFn = rollout if rollout is not None else game.rollout_policy
        hook = getattr(game, "policy_prior", None)
        self.prior: PriorFn = prior if prior is not None else hook if hook is not None else self._rollout_prior

    def _rollout_prior(self, state: State, seat: int, rng: Rng) -> dict[str, float]:
        return top_choice_prior(self.rollout(state, rng), state.decision.ids(), self.prior_top)

    def choose(self, state: State) -> str:
        d = state.decision
        if len(d.options) == 1:
            self.last_stats = {}
            return d.options[0].id
        if self.paired:
            return self._choose_paired(state)
        root = _Node(None)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        n = 0
        while n < self.iterations:
            if deadline is not None and n > 0 and time.perf_counter() >= deadline:
                break
            self._iterate(root, state.resample(self.seat, self.rng))
            n += 1
        self.last_iterations = n
        legal = d.ids()
        ch = root.children
        self.last_stats = {a: (ch[a].visits, ch[a].value / ch[a].visits) for a in legal if a in ch and ch[a].visits}
        best = max(legal, key=lambda a: (root.children[a].visits, root.children[a].value) if a in root.children else (-1, 0.0))
        return best

    def _ranked(self, det: State) -> list[str]:
        """The options of ``det``'s decision, the prior's favourite first (ties in menu order)."""
        d = det.decision
        assert d.seat is not None
        ids = d.ids()
        prior = self.prior(det, d.seat, self.rng)
        order = {a: i for i, a in enumerate(ids)}
        return sorted(ids, key=lambda a: (-prior.get(a, 0.0), order[a]))

    def _playout(self, det: State) -> None:
        """Play ``det`` on by the rollout policy for at most ``rollout_depth`` actions."""
        rollout = self.rollout
        rng = self.rng
        steps = 0
        while steps < self.rollout_depth and det.decision.seat is not None:
            det.apply(rollout(det, rng))
            steps += 1

    def _score(self, det: State) -> float:
        result = det.result if det.decision.seat is None else None
        return result.reward(self.seat) if result is not None else self.game.evaluate(det, self.seat)

    def _choose_paired(self, state: State) -> str:
        """Candidates compared on common deals; the prior's top choice unless one is clearly better."""
        self.last_iterations, self.last_stats = 0, {}
        first = state.resample(self.seat, self.rng)
        ranked = self._ranked(first)
        cands = ranked[:max(1, min(self.candidates, self.iterations // 2))]  # at least two deals each
        top = cands[0]
        if len(cands) == 1:
            return top
        deals = dict.fromkeys(cands, 0)
        sums = dict.fromkeys(cands, 0.0)
        squares = dict.fromkeys(cands, 0.0)
        live = list(cands)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        used = 0
        det = first
        while len(live) > 1 and used + len(live) <= self.iterations:
            if deadline is not None and used > 0 and time.perf_counter() >= deadline:
                break
            if used > 0:
                det = state.resample(self.seat, self.rng)
            values = {}
            for a in live:
                play = det.clone()
                play.apply(a)
                self._playout(play)
                values[a] = self._score(play)
            base = values[top]
            for a in live:
                diff = values[a] - base
                deals[a] += 1
                sums[a] += diff
                squares[a] += diff * diff
            used += len(live)
            if self.drop_z > 0 and deals[top] >= self.drop_after:
                live = self._race(live, top, deals, sums, squares)
        self.last_iterations = used
        self.last_stats = {a: (deals[a], sums[a] / deals[a]) for a in cands if deals[a]}
        best, best_lcb = top, 0.0
        for a in cands[1:]:
            n = deals[a]
            if n < 2:
                continue  # no spread to judge a difference by: the rule of thumb stands
            mean, half = self._spread(n, sums[a], squares[a], self.switch_z)
            if mean > self.switch_min and mean - half > best_lcb:
                best, best_lcb = a, mean - half
        return best

    @staticmethod
    def _spread(n: int, total: float, squares: float, z: float) -> tuple[float, float]:
        """The mean of ``n`` paired differences and ``z`` standard errors of it."""
        mean = total / n
        var = max(0.0, squares / n - mean * mean)
        return mean, z * math.sqrt(var / max(1, n - 1))

    def _race(self, live: list[str], top: str, deals: Mapping[str, int], sums: Mapping[str, float],
              squares: Mapping[str, float]) -> list[str]:
        """Racing: the candidates (never the prior's choice) whose gain over it is, by ``drop_z`` standard errors,
        below zero and below the best sure gain of another stop being played; their playouts go to the close ones."""
        bounds = {a: self._spread(deals[a], sums[a], squares[a], self.drop_z) for a in live if a != top}
        bar = max([0.0] + [m - h for m, h in bounds.values()])
        return [a for a in live if a == top or bounds[a][0] + bounds[a][1] >= bar]

    def _select_ucb(self, node: _Node, ids: list[str]) -> str:
        children = node.children
        untried = [a for a in ids if a not in children]
        if untried:
            return untried[self.rng.randbelow(len(untried))]
        best_a = ids[0]
        best_u = -math.inf
        c = self.exploration
        for a in ids:
            ch = children[a]
            u = ch.value / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
            if u > best_u:
                best_u, best_a = u, a
        return best_a

    def _select_puct(self, node: _Node, det: State, seat: int, ids: list[str]) -> str:
        prior = node.prior
        if prior is None or any(a not in prior for a in ids):
            fresh = self.prior(det, seat, self.rng)
            prior = node.prior = {**fresh, **(prior or {})}
        children = node.children
        n_seen = len(ids)
        tv = sum(ch.visits for ch in children.values())
        fpu = sum(ch.value for ch in children.values()) / tv if tv else 0.5  # the mean of the tried options
        c = self.prior_weight
        best_a = ids[0]
        best_u = -math.inf
        for a in ids:
            p = prior.get(a, 1.0 / n_seen)
            ch = children.get(a)
            if ch is None or ch.visits == 0:
                u = fpu + c * p * math.sqrt(tv + 1)
            else:
                u = ch.value / ch.visits + c * p * math.sqrt(ch.avail) / (1 + ch.visits)
            if u > best_u:
                best_u, best_a = u, a
        return best_a

    def _iterate(self, root: _Node, det: State) -> None:
        game = self.game
        rng = self.rng
        path = [root]
        node = root
        puct = self.prior_weight > 0
        # Selection and expansion.
        while True:
            d = det.decision
            if d.seat is None:
                break
            ids = d.ids()
            children = node.children
            for a in ids:
                child = children.get(a)
                if child is not None:
                    child.avail += 1
            a = self._select_puct(node, det, d.seat, ids) if puct else self._select_ucb(node, ids)
            child = children.get(a)
            det.apply(a)
            if child is None:
                child = children[a] = _Node(d.seat)
                path.append(child)
                break
            node = child
            path.append(node)
        # Rollout, cut off after rollout_depth actions.
        steps = 0
        rollout = self.rollout
        while steps < self.rollout_depth and det.decision.seat is not None:
            det.apply(rollout(det, rng))
            steps += 1
        # Scoring.
        result = det.result if det.decision.seat is None else None
        cache: dict[int, float] = {}
        for nd in path[1:]:
            s = nd.seat
            assert s is not None
            r = cache.get(s)
            if r is None:
                r = cache[s] = result.reward(s) if result is not None else game.evaluate(det, s)
            nd.visits += 1
            nd.value += r

