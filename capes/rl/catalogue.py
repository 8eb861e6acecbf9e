"""The action encoding: a fixed ``Discrete(n)`` space for one configuration, and the mask of a decision.

Every game names its options with stable string ids built from its content ("play:12", "attack:thwip:4",
"drop:0:beast"...); see docs/rl.md for each game's forms. The ids a configuration can produce are not listed by
the engines (they embed card-instance numbers, map spaces, trigger names and menu positions that only arise in
play), so the catalogue is a *deterministic enumeration*: the sorted set of every id offered in ``games`` random
games of that configuration on seeds ``0 .. games-1`` (a fixed policy, so the same configuration and capes version
always give the same catalogue). Actions ``0 .. len(ids)-1`` are those ids, in sorted order.

An id outside the catalogue (a rare branch the enumeration never reached) is still reachable: the last ``slots``
actions are *position slots*, slot ``k`` meaning "the k-th legal id of this decision that is not in the catalogue",
in the decision's own order. So every legal option of every decision maps to exactly one action and back; the
slots' meaning changes from decision to decision, which is the documented limit of the encoding. A decision with
more uncatalogued options than slots raises a one-line error naming the fix (a larger ``slots``).

A catalogue can be saved (:meth:`Catalogue.to_json`) and passed back in, to keep one encoding across capes
versions.

>>> import capes
>>> cat = catalogue_for(capes.load("champions"), games=4)
>>> state = capes.load("champions").new_game(seed=11)
>>> mask = cat.mask(state.decision)
>>> [cat.option_id(state.decision, a) for a in cat.actions(state.decision)] == state.decision.ids()
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from capes.core.decision import Decision
from capes.core.errors import ConfigError, IllegalAction
from capes.core.protocol import Game
from capes.core.rng import Rng

#: random games enumerated by default (a few seconds at most for any configuration)
DEFAULT_GAMES = 100
#: position slots beyond the catalogue by default
DEFAULT_SLOTS = 16


class Catalogue:
    """The action ids of one configuration (see the module docstring)."""

    def __init__(self, game_id: str, config: dict[str, Any], ids: Sequence[str], slots: int = DEFAULT_SLOTS,
                 games: int = 0) -> None:
        self.game_id = game_id
        self.config = config
        self.ids: tuple[str, ...] = tuple(sorted(set(ids)))
        self.index: dict[str, int] = {oid: i for i, oid in enumerate(self.ids)}
        self.slots = slots
        self.games = games
        self.n = len(self.ids) + slots

    def __len__(self) -> int:
        return self.n

    def __repr__(self) -> str:
        return f"<Catalogue {self.game_id}: {len(self.ids)} ids + {self.slots} slots, digest {self.digest[:12]}>"

    @property
    def digest(self) -> str:
        """A short hash of the encoding (ids and slots), to check two runs share one action space."""
        return hashlib.sha256(json.dumps([self.ids, self.slots]).encode()).hexdigest()

    # --- the mapping ---------------------------------------------------------------
    def _extra(self, decision: Decision) -> list[str]:
        extra = [o.id for o in decision.options if o.id not in self.index]
        if len(extra) > self.slots:
            raise ConfigError(f"{self.game_id}: a decision has {len(extra)} options outside the action catalogue "
                              f"but only {self.slots} slots; build the catalogue with slots={len(extra)} or more")
        return extra

    def actions(self, decision: Decision) -> list[int]:
        """The action of each legal option, in the decision's order."""
        index, base, out = self.index, len(self.ids), []
        k = 0
        for o in decision.options:
            a = index.get(o.id)
            if a is None:
                a = base + k
                k += 1
            out.append(a)
        if k > self.slots:
            self._extra(decision)  # raises the one-line error
        return out

    def mask(self, decision: Decision) -> np.ndarray:
        """1 for each legal action of ``decision`` (all 0 when the game is over), as int8."""
        m = np.zeros(self.n, dtype=np.int8)
        if decision.seat is not None:
            m[self.actions(decision)] = 1
        return m

    def option_id(self, decision: Decision, action: int) -> str:
        """The option id action ``action`` stands for at ``decision``; IllegalAction when none."""
        a = int(action)
        if 0 <= a < len(self.ids):
            oid = self.ids[a]
            if decision.find(oid) is not None:
                return oid
        elif len(self.ids) <= a < self.n:
            extra = self._extra(decision)
            k = a - len(self.ids)
            if k < len(extra):
                return extra[k]
        legal = self.actions(decision) if decision.seat is not None else []
        raise IllegalAction(f"action {action!r} is not legal here; legal actions: {legal[:12]}"
                            f"{' …' if len(legal) > 12 else ''} (of {self.n})")

    def action(self, decision: Decision, option_id: str) -> int:
        """The action that stands for legal option ``option_id`` at ``decision``."""
        a = self.index.get(option_id)
        if a is not None:
            return a
        extra = self._extra(decision)
        if option_id not in extra:
            raise IllegalAction(f"{option_id!r} is not a legal option here")
        return len(self.ids) + extra.index(option_id)

    # --- saving ----------------------------------------------------------------------
    def to_json(self) -> str:
        return json.dumps({"game": self.game_id, "config": self.config, "ids": list(self.ids), "slots": self.slots,
                           "games": self.games})

    @classmethod
    def from_json(cls, text: str) -> Catalogue:
        doc = json.loads(text)
        return cls(doc["game"], doc["config"], doc["ids"], doc["slots"], doc.get("games", 0))


def enumerate_ids(game: Game, games: int) -> tuple[list[str], int]:
    """Every option id offered in ``games`` random games of ``game`` (seeds 0..games-1), and the most options
    any one decision had."""
    seen: set[str] = set()
    widest = 0
    for seed in range(games):
        state = game.new_game(seed)
        rng = Rng(seed * 104729 + 17)
        while not state.is_over:
            d = state.decision
            opts = d.options
            widest = max(widest, len(opts))
            seen.update(o.id for o in opts)
            state.apply(opts[rng.randbelow(len(opts))].id)
    return sorted(seen), widest


@lru_cache(maxsize=32)
def _cached(game_id: str, config_text: str, games: int, slots: int) -> Catalogue:
    from capes.core.registry import load

    config = json.loads(config_text)
    game = load(game_id, **config)
    ids, _ = enumerate_ids(game, games)
    return Catalogue(game_id, game.config_json(), ids, slots, games)


def catalogue_for(game: Game, games: int = DEFAULT_GAMES, slots: int = DEFAULT_SLOTS) -> Catalogue:
    """The catalogue of ``game``'s configuration (built once per process for each configuration)."""
    if games < 1 or slots < 1:
        raise ConfigError(f"catalogue: games and slots must be at least 1 (got games={games}, slots={slots})")
    return _cached(game.id, json.dumps(game.config_json(), sort_keys=True), games, slots)
