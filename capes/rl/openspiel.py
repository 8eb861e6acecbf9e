"""OpenSpiel games: importing this module registers ``capes_champions``, ``capes_alliances`` and ``capes_heroes``.

>>> import pyspiel
>>> import capes.rl.openspiel
>>> game = pyspiel.load_game("capes_heroes", {"config": '{"players": 2}'})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes()) == game.max_chance_outcomes()
(True, True)
>>> state.apply_action(7)                 # the deal: seed 7
>>> state.current_player(), len(state.information_state_tensor(0)) == 2 * len(state.observation_tensor(0))
(0, True)

Parameters: ``config``, the JSON text of the configuration (anything ``capes.load`` accepts; ``"{}"`` for the
defaults), and ``deals``, how many deals the first chance node offers (4096 by default). The game is sequential with
imperfect information (a secret simultaneous choice is collected one seat at a time, and no seat sees another's
pick), general-sum, with terminal rewards +1 / 0 / -1 for a win / draw / loss per seat.

Chance: the engines draw every die and shuffle from the state's own RNG inside ``apply`` and do not offer them to a
caller one at a time, so they cannot be OpenSpiel chance nodes. What *can* be enumerated is the deal: the first node
of every game is an explicit chance node choosing the seed (uniform over ``deals`` seeds), after which the game is a
deterministic function of the players' actions. Histories replay exactly, so OpenSpiel's serialisation (which
replays the history) and cloning hold.

Actions are the configuration's catalogue (:mod:`capes.rl.catalogue`). The observation tensor is
:func:`capes.rl.observe.encode_view` of the player's view; the information-state tensor adds a second block holding
the player's own past actions (hashed counts), and the information-state string is the view's JSON with the list
of that player's own actions (perfect recall of what it did; the rest of its memory is what the view holds, the log
it was shown included). Both are built from ``state.view(player)`` and the player's own actions only.
"""

from __future__ import annotations

import json
import zlib
from functools import lru_cache
from typing import Any

import numpy as np
import pyspiel

from capes.core.errors import ConfigError
from capes.core.protocol import State
from capes.core.registry import load
from capes.rl._common import reward
from capes.rl.catalogue import Catalogue, catalogue_for
from capes.rl.observe import OBS_SIZE, encode_view

__all__ = ["CapesSpielGame", "CapesSpielState", "GAME_NAMES"]

GAME_NAMES = {"champions": "capes_champions", "alliances": "capes_alliances", "heroes": "capes_heroes"}
_SEATS = {"champions": (1, 4), "alliances": (1, 4), "heroes": (2, 4)}
DEFAULT_DEALS = 4096


def _game_type(game_id: str) -> pyspiel.GameType:
    lo, hi = _SEATS[game_id]
    return pyspiel.GameType(
        short_name=GAME_NAMES[game_id],
        long_name=f"capes {load(game_id).name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=hi,
        min_num_players=lo,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"config": "{}", "deals": DEFAULT_DEALS},
    )


class _Spec:
    """What one set of parameters loads: the capes game, its catalogue, the number of deals."""

    def __init__(self, capes_id: str, config_text: str, deals: int) -> None:
        try:
            config = json.loads(config_text)
        except json.JSONDecodeError as e:
            raise ConfigError(f"config must be JSON text of the configuration, like '{{\"players\": 2}}' ({e.msg})"
                              ) from None
        if not isinstance(config, dict):
            raise ConfigError(f"config must be a JSON object, like '{{\"players\": 2}}' (got {config_text!r})")
        if deals < 1:
            raise ConfigError(f"deals must be at least 1 (got {deals})")
        self.capes_id = capes_id
        self.capes_game = load(capes_id, **config)
        self.catalogue: Catalogue = catalogue_for(self.capes_game)
        self.config_text = config_text
        self.deals = deals


@lru_cache(maxsize=32)
def _spec(capes_id: str, config_text: str, deals: int) -> _Spec:
    return _Spec(capes_id, config_text, deals)


class CapesSpielGame(pyspiel.Game):  # type: ignore[misc]
    """One capes configuration as an OpenSpiel game."""

    capes_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        spec = _spec(self.capes_id, str(params.get("config", "{}")), int(params.get("deals", DEFAULT_DEALS)))
        info = pyspiel.GameInfo(
            num_distinct_actions=len(spec.catalogue),
            max_chance_outcomes=spec.deals,
            num_players=spec.capes_game.num_seats,
            min_utility=-1.0,
            max_utility=1.0,
            max_game_length=spec.capes_game.max_actions,
        )
        super().__init__(_game_type(self.capes_id), info, {"config": spec.config_text, "deals": spec.deals})

    @property
    def spec(self) -> _Spec:
        """The capes game, catalogue and deals of these parameters (a game rebuilt by unpickling finds them too)."""
        p = self.get_parameters()
        return _spec(self.capes_id, str(p["config"]), int(p["deals"]))

    def new_initial_state(self) -> CapesSpielState:
        return CapesSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> CapesObserver:
        if params:
            raise ValueError(f"observation parameters are not supported (got {params})")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return CapesObserver(recall)


class _Held:
    """The capes state of an OpenSpiel state with its spec: copied with capes' own ``clone`` (OpenSpiel clones a
    Python state by deepcopy) and pickled as its save (OpenSpiel pickles a Python state's ``__dict__``)."""

    __slots__ = ("spec", "state")

    def __init__(self, spec: _Spec, state: State | None) -> None:
        self.spec = spec
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.spec, None if self.state is None else self.state.clone())

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        spec = self.spec
        return _restore, (spec.capes_id, spec.config_text, spec.deals,
                          None if self.state is None else self.state.to_json())


def _restore(capes_id: str, config_text: str, deals: int, saved: str | None) -> _Held:
    spec = _spec(capes_id, config_text, deals)
    return _Held(spec, None if saved is None else spec.capes_game.from_json(saved))


class CapesSpielState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: CapesSpielGame) -> None:
        super().__init__(game)
        self._held = _Held(game.spec, None)
        #: (seat, option id) of every player action, in order
        self.moves: list[tuple[int, str]] = []

    @property
    def _g(self) -> _Spec:
        return self._held.spec

    @property
    def capes_state(self) -> State | None:
        """The capes state (``None`` before the deal)."""
        return self._held.state

    # --- OpenSpiel's API ------------------------------------------------------------------
    def current_player(self) -> int:
        st = self.capes_state
        if st is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = st.decision.seat
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        st = self.capes_state
        if st is None or st.decision.seat != player:
            return []
        return sorted(self._g.catalogue.actions(st.decision))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self._g.deals
        return [(i, p) for i in range(self._g.deals)]

    def _apply_action(self, action: int) -> None:
        if self.capes_state is None:
            if not 0 <= action < self._g.deals:
                raise ConfigError(f"the deal must be from 0 to {self._g.deals - 1} (got {action})")
            self._held.state = self._g.capes_game.new_game(int(action))
            return
        st = self.capes_state
        seat = st.decision.seat
        assert seat is not None
        oid = self._g.catalogue.option_id(st.decision, action)
        st.apply(oid)
        self.moves.append((seat, oid))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal:{action}"
        cat, st = self._g.catalogue, self.capes_state
        if st is not None and st.decision.seat == player:
            try:
                return cat.option_id(st.decision, action)
            except Exception:  # an action not legal now is named by its catalogue entry
                pass
        return cat.ids[action] if action < len(cat.ids) else f"slot:{action - len(cat.ids)}"

    def is_terminal(self) -> bool:
        return self.capes_state is not None and self.capes_state.is_over

    def returns(self) -> list[float]:
        st, n = self.capes_state, self._g.capes_game.num_seats
        if st is None or not st.is_over:
            return [0.0] * n
        return [reward(st.result, s) for s in range(n)]

    def __str__(self) -> str:
        st = self.capes_state
        if st is None:
            return "(the deal)"
        return f"seed {st.seed}, {len(st.actions)} actions\n{self._g.capes_game.render(st, None)}"


class CapesObserver:
    """OpenSpiel's PyObserver: the observation (``perfect_recall`` false) or the information state of a player."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        size = OBS_SIZE * (2 if perfect_recall else 1)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"view": self.tensor[:OBS_SIZE]}
        if perfect_recall:
            self.dict["own_actions"] = self.tensor[OBS_SIZE:]

    def set_from(self, state: CapesSpielState, player: int) -> None:
        self.tensor.fill(0)
        st = state.capes_state
        if st is None:
            return
        self.dict["view"][:] = encode_view(st.view(player))
        if self.perfect_recall:
            mine = self.dict["own_actions"]
            for seat, oid in state.moves:
                if seat == player:
                    mine[zlib.crc32(oid.encode()) % OBS_SIZE] += 1.0

    def string_from(self, state: CapesSpielState, player: int) -> str:
        st = state.capes_state
        if st is None:
            return "deal"
        doc: dict[str, Any] = {"view": st.view(player)}
        if self.perfect_recall:
            doc["own_actions"] = [oid for seat, oid in state.moves if seat == player]
        return json.dumps(doc, sort_keys=True, separators=(",", ":"))


class ChampionsGame(CapesSpielGame):
    capes_id = "champions"


class AlliancesGame(CapesSpielGame):
    capes_id = "alliances"


class HeroesGame(CapesSpielGame):
    capes_id = "heroes"


def _register() -> None:
    registered = set(pyspiel.registered_names())
    for cls in (ChampionsGame, AlliancesGame, HeroesGame):
        if GAME_NAMES[cls.capes_id] not in registered:
            pyspiel.register_game(_game_type(cls.capes_id), cls)


_register()
