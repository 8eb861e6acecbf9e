"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Each iteration deals a determinization consistent with the bot's own view
(``state.resample(seat, rng)``), descends a tree keyed by option ids choosing among
the options legal in that determinization by UCB1 with availability counts, expands
one node, runs a rollout (the game's ``rollout_policy``) for at most
``rollout_depth`` actions, and scores the end with the game's result or, when cut
off, with the game's ``evaluate``. Every node stores the reward of the seat that
chose the option leading to it, so the same tree serves co-operative and
competitive games.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any

from capes.core.rng import Rng

if TYPE_CHECKING:
    from capes.core.protocol import Game, State


class _Node:
    __slots__ = ("avail", "children", "seat", "value", "visits")

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.value = 0.0


DEFAULTS: dict[str, Any] = {"iterations": 200, "rollout_depth": 40, "exploration": 0.7, "time_limit": None}


class ISMCTSBot:
    """ISMCTS for ``seat``. ``iterations`` and/or ``time_limit`` (seconds) bound each decision.

    Defaults come from :data:`DEFAULTS`, overridden by the game's ``ismcts_defaults``
    attribute (if any), overridden by keyword arguments.
    """

    name = "ismcts"

    def __init__(self, game: Game, seat: int, seed: int = 0, **opts: Any) -> None:
        settings = dict(DEFAULTS)
        settings.update(getattr(game, "ismcts_defaults", {}) or {})
        unknown = set(opts) - set(DEFAULTS)
        if unknown:
            from capes.core.errors import ConfigError

            raise ConfigError(f"unknown ismcts option(s) {', '.join(sorted(unknown))}; allowed: {', '.join(DEFAULTS)}")
        settings.update(opts)
        self.game = game
        self.seat = seat
        self.iterations = int(settings["iterations"])
        self.rollout_depth = int(settings["rollout_depth"])
        self.exploration = float(settings["exploration"])
        tl = settings["time_limit"]
        self.time_limit: float | None = None if tl is None else float(tl)
        self.rng = Rng(seed * 104_729 + seat + 1)
        self.last_iterations = 0

    def choose(self, state: State) -> str:
        d = state.decision
        if len(d.options) == 1:
            return d.options[0].id
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
        best = max(legal, key=lambda a: (root.children[a].visits, root.children[a].value) if a in root.children else (-1, 0.0))
        return best

    def _iterate(self, root: _Node, det: State) -> None:
        game = self.game
        rng = self.rng
        path = [root]
        node = root
        # Selection and expansion.
        while True:
            d = det.decision
            if d.seat is None:
                break
            ids = d.ids()
            children = node.children
            untried = [a for a in ids if a not in children]
            for a in ids:
                child = children.get(a)
                if child is not None:
                    child.avail += 1
            if untried:
                a = untried[rng.randbelow(len(untried))]
                child = _Node(d.seat)
                children[a] = child
                det.apply(a)
                path.append(child)
                break
            best_a = ids[0]
            best_u = -math.inf
            c = self.exploration
            for a in ids:
                ch = children[a]
                u = ch.value / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if u > best_u:
                    best_u, best_a = u, a
            node = children[best_a]
            det.apply(best_a)
            path.append(node)
        # Rollout.
        steps = 0
        while steps < self.rollout_depth and det.decision.seat is not None:
            det.apply(game.rollout_policy(det, rng))
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
