"""Named bot levels a game builds from its heuristic: ``easy``, ``normal``, ``hard``.

* :func:`noisy` — the heuristic, but now and then (``mix``) a uniformly random option:
  the mistakes a casual player makes.
* :func:`searching` — ISMCTS (PUCT selection) whose prior is the heuristic's choice in each
  determinization and whose rollouts are a game policy, cut off with the game's evaluation; or,
  with ``paired=True``, the heuristic's best-ranked options played out on common deals, the
  heuristic's choice kept unless another is clearly better (see :mod:`capes.core.bots.ismcts`).

A game registers its levels in its ``bots.py`` ``BOTS`` table (``normal`` is the heuristic class
itself); the CLI's ``--seat 2=hard`` and the web lobby read that table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from capes.core.bots.ismcts import ISMCTSBot, PolicyFn, top_choice_prior
from capes.core.rng import Rng

if TYPE_CHECKING:
    from capes.core.protocol import Game, State


class NoisyBot:
    """``base`` with probability ``mix`` replaced by a uniformly random option (never when only one)."""

    name = "noisy"
    base: Any = None
    mix = 0.3

    def __init__(self, game: Game, seat: int, seed: int = 0, mix: float | None = None, **opts: Any) -> None:
        self.seat = seat
        self.inner = self.base(game, seat, seed=seed, **opts)
        self.mix = float(self.mix if mix is None else mix)
        self.rng = Rng(seed * 65_537 + seat + 11)

    def choose(self, state: State) -> str:
        opts = state.decision.options
        if len(opts) > 1 and self.rng.random() < self.mix:
            return opts[self.rng.randbelow(len(opts))].id
        return str(self.inner.choose(state))


def noisy(base: type, name: str, mix: float) -> type:
    """A :class:`NoisyBot` class named ``name`` over the bot class ``base``."""
    return type(f"Noisy{base.__name__}", (NoisyBot,), {"name": name, "base": base, "mix": mix,
                                                        "__doc__": f"{base.__name__} with {mix:.0%} random moves."})


def ranked_prior(ranked: list[str], ids: list[str], top: float) -> dict[str, float]:
    """``top`` on ``ranked[0]``; the rest of the mass halves from rank to rank, the last two sharing
    equally (options ``ranked`` leaves out follow in menu order).

    >>> ranked_prior(["b", "a"], ["a", "b", "c"], 0.6)
    {'b': 0.6, 'a': 0.2, 'c': 0.2}
    >>> ranked_prior(["c", "a", "b"], ["a", "b", "c"], 0.5)
    {'c': 0.5, 'a': 0.25, 'b': 0.25}
    """
    order = [a for a in dict.fromkeys(ranked) if a in ids]
    order += [a for a in ids if a not in order]
    if len(order) == 1:
        return {order[0]: 1.0}
    prior = {order[0]: top}
    rest = 1.0 - top
    for a in order[1:-1]:
        prior[a] = rest / 2
        rest /= 2
    prior[order[-1]] = rest
    return prior


class HeuristicPrior:
    """The prior and rollout policy of a searching bot: one ``heuristic`` bot per seat, asked on the
    determinization it is shown (so it sees that deal, which its seat's search dealt itself)."""

    def __init__(self, game: Game, heuristic: type, top: float, seed: int) -> None:
        self.game = game
        self.heuristic = heuristic
        self.top = top
        self.seed = seed
        self.bots: dict[int, Any] = {}

    def bot(self, seat: int) -> Any:
        b = self.bots.get(seat)
        if b is None:
            b = self.bots[seat] = self.heuristic(self.game, seat, seed=self.seed)
        return b

    def prior(self, state: State, seat: int, rng: Rng) -> dict[str, float]:
        """``top`` on the heuristic's choice; when the heuristic also ranks the others (a ``ranking(state)``
        method, its choice first) the rest of the mass falls off with the rank, else it is shared evenly."""
        bot = self.bot(seat)
        ids = state.decision.ids()
        ranking = getattr(bot, "ranking", None)
        if ranking is None or len(ids) == 1:
            return top_choice_prior(bot.choose(state), ids, self.top)
        return ranked_prior([str(a) for a in ranking(state)], ids, self.top)

    def policy(self, state: State, rng: Rng) -> str:
        d = state.decision
        if len(d.options) == 1:
            return d.options[0].id
        assert d.seat is not None
        return str(self.bot(d.seat).choose(state))


class SearchingBot(ISMCTSBot):
    """ISMCTS with the heuristic as PUCT prior (and, with ``heuristic_rollouts``, as rollout policy)."""

    name = "searching"
    heuristic: Any = None
    heuristic_rollouts = False
    settings: dict[str, Any] = {}
    #: decision kinds worth a search (None: all); the heuristic answers the others at once
    kinds: frozenset[str] | None = None

    def __init__(self, game: Game, seat: int, seed: int = 0, **opts: Any) -> None:
        merged = {"prior_weight": 1.0, **self.settings, **opts}
        self.h = HeuristicPrior(game, self.heuristic, float(merged.get("prior_top", 0.6)), seed)
        rollout: PolicyFn | None = self.h.policy if self.heuristic_rollouts else None
        super().__init__(game, seat, seed=seed, prior=self.h.prior, rollout=rollout, **merged)
        self.own = self.heuristic(game, seat, seed=seed)

    def choose(self, state: State) -> str:
        d = state.decision
        if len(d.options) > 1 and self.kinds is not None and d.kind not in self.kinds:
            return str(self.own.choose(state))
        return super().choose(state)


def searching(heuristic: type, name: str, heuristic_rollouts: bool = False, kinds: frozenset[str] | None = None,
              **settings: Any) -> type:
    """A :class:`SearchingBot` class named ``name``: ISMCTS with ``heuristic`` as prior, ``settings`` its
    defaults (``iterations``, ``rollout_depth``, ``prior_weight`` …; a player may still override them);
    ``kinds``: the decision kinds it searches (the heuristic answers the others)."""
    return type(f"Searching{heuristic.__name__}", (SearchingBot,), {
        "name": name, "heuristic": heuristic, "heuristic_rollouts": heuristic_rollouts, "settings": dict(settings),
        "kinds": kinds,
        "__doc__": f"ISMCTS over {heuristic.__name__}'s choices ({settings})."})
