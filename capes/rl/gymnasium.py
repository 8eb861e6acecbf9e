"""Gymnasium environments: one learning seat, every other seat played by a capes bot.

Importing this module registers ``capes/Champions-v0``, ``capes/Alliances-v0`` and ``capes/Heroes-v0``:

>>> import gymnasium as gym
>>> import capes.rl.gymnasium
>>> env = gym.make("capes/Heroes-v0", players=2, opponent="random")
>>> obs, info = env.reset(seed=5)
>>> obs.shape, int(info["action_mask"].sum()) == len(info["option_ids"])
((1024,), True)

``gym.make(id, seat=0, opponent=None, **config)``: ``config`` is anything ``capes.load`` accepts for that game;
``seat`` is the learning seat; ``opponent`` names the bot of the other seats (``random``, ``ismcts`` or one of the
game's own, see ``capes bots``; by default the game's first heuristic bot), or a list with one name per seat. The
action space is the configuration's catalogue (:mod:`capes.rl.catalogue`); the observation is the float32 vector of
:func:`capes.rl.observe.observe` of the learning seat's view. ``info["action_mask"]`` (and :meth:`CapesEnv.action_masks`,
the name sb3-contrib's MaskablePPO asks for) gives the legal actions. The reward is +1 / 0 / -1 for a win / draw / loss
at the end. An action that is not legal ends the episode at once with reward -1 and ``info["illegal"]``: the
state is left as it was, so a masked agent never meets it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from capes.core.bots.base import Bot, make_bot
from capes.core.errors import ConfigError, IllegalAction
from capes.core.protocol import Game, State
from capes.rl._common import load_with_catalogue, reward
from capes.rl.catalogue import Catalogue
from capes.rl.observe import OBS_SIZE, observe

__all__ = ["ENV_IDS", "CapesEnv"]

ENV_IDS = {"champions": "capes/Champions-v0", "alliances": "capes/Alliances-v0", "heroes": "capes/Heroes-v0"}


class CapesEnv(gym.Env):  # type: ignore[misc]
    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, game: str | Game, seat: int = 0, opponent: str | Sequence[str] | None = None,
                 render_mode: str | None = None, catalogue: Catalogue | str | None = None,
                 obs_size: int = OBS_SIZE, illegal_reward: float = -1.0, **config: Any) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi' (got {render_mode!r})")
        self.game, self.catalogue = load_with_catalogue(game, catalogue, **config)
        n_seats = self.game.num_seats
        if not isinstance(seat, int) or not 0 <= seat < n_seats:
            raise ConfigError(f"seat must be a seat number from 0 to {n_seats - 1} (got {seat!r})")
        self.seat = seat
        if opponent is None:
            extra = list(self.game.bots())
            opponent = extra[0] if extra else "random"
        names = [opponent] * n_seats if isinstance(opponent, str) else list(opponent)
        if len(names) != n_seats:
            raise ConfigError(f"opponent: give one bot name or {n_seats} (one per seat), not {len(names)}")
        self.opponent_names = names
        for s, name in enumerate(names):  # a bad name fails here, in make, not at the first reset
            if s != seat:
                make_bot(name, self.game, s, seed=0)
        self.render_mode = render_mode
        self.obs_size = obs_size
        self.illegal_reward = illegal_reward
        self.action_space = spaces.Discrete(len(self.catalogue))
        self.observation_space = spaces.Box(-np.inf, np.inf, (obs_size,), np.float32)
        self.state: State | None = None
        self.bots: dict[int, Bot] = {}
        self._seeder = random.Random()

    # --- helpers ------------------------------------------------------------------------
    def _play_others(self) -> None:
        assert self.state is not None
        st = self.state
        while not st.is_over and st.decision.seat != self.seat:
            s = st.decision.seat
            assert s is not None
            st.apply(self.bots[s].choose(st))

    def _obs_info(self) -> tuple[np.ndarray, dict[str, Any]]:
        assert self.state is not None
        d = self.state.decision
        info: dict[str, Any] = {"action_mask": self.catalogue.mask(d), "option_ids": d.ids() if d.seat is not None
                                else []}
        return observe(self.state, self.seat, self.obs_size), info

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as booleans (sb3-contrib's MaskablePPO reads this)."""
        assert self.state is not None, "call reset() first"
        return self.catalogue.mask(self.state.decision).astype(bool)

    # --- the Gymnasium API --------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeder.seed(seed)
        game_seed = self._seeder.randrange(2**63)
        self.state = self.game.new_game(game_seed)
        self.bots = {s: make_bot(name, self.game, s, seed=game_seed % (2**31))
                     for s, name in enumerate(self.opponent_names) if s != self.seat}
        self._play_others()
        return self._obs_info()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        assert self.state is not None, "call reset() first"
        st = self.state
        if st.is_over:
            raise gym.error.ResetNeeded("the game is over: call reset() before step()")
        try:
            oid = self.catalogue.option_id(st.decision, int(action))
        except IllegalAction as e:
            obs, info = self._obs_info()
            return obs, self.illegal_reward, True, False, {**info, "illegal": str(e)}
        st.apply(oid)
        self._play_others()
        obs, info = self._obs_info()
        over = st.is_over
        if over:
            info["result"] = st.result.summary if st.result else ""
        return obs, reward(st.result, self.seat) if over else 0.0, over, False, info

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        return self.game.render(self.state, None)


def _register() -> None:
    for game_id, env_id in ENV_IDS.items():
        if env_id not in gym.registry:
            gym.register(id=env_id, entry_point="capes.rl.gymnasium:CapesEnv", kwargs={"game": game_id},
                         disable_env_checker=False)


_register()
