"""A PettingZoo AEC environment for any capes game and configuration.

>>> from capes.rl import pettingzoo as cpz
>>> env = cpz.env("heroes", players=2)
>>> env.reset(seed=1)
>>> env.agents
['seat_0', 'seat_1']
>>> obs, reward, term, trunc, info = env.last()
>>> sorted(obs), int(obs["action_mask"].sum()) == len(env.unwrapped.state.decision.options)
(['action_mask', 'observation'], True)

Agents are the seats (``seat_0`` …). Every agent has the same ``Discrete(n)`` action space, ``n`` the size of the
configuration's catalogue (:mod:`capes.rl.catalogue`), and a ``Dict`` observation: ``observation``, the float32
vector of :func:`capes.rl.observe.observe` (made from that seat's view alone), and ``action_mask``, 1 for each legal
action of that seat now (all 0 when another seat is to act). Rewards come at the end: +1 win, 0 draw, -1 loss per
seat (a co-operative game gives every seat the same). ``infos[agent]`` carries ``option_ids`` (the legal ids
in action order) for the agent to act. ``render_mode="ansi"``: :meth:`render` returns the game's text board
as a spectator sees it (no hidden card); ``"human"`` prints it.

The games are turn-based (a secret simultaneous choice is collected one seat at a time, no seat seeing another's
pick), so the environment is AEC only; PettingZoo's AEC-to-parallel conversion does not apply.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from capes.core.protocol import Game, State
from capes.rl._common import load_with_catalogue, reward
from capes.rl.catalogue import Catalogue
from capes.rl.observe import OBS_SIZE, observe

__all__ = ["CapesAEC", "env"]


class CapesAEC(AECEnv):  # type: ignore[misc]
    metadata = {"render_modes": ["ansi", "human"], "name": "capes_v0", "is_parallelizable": False}

    def __init__(self, game: str | Game, render_mode: str | None = None, catalogue: Catalogue | str | None = None,
                 obs_size: int = OBS_SIZE, **config: Any) -> None:
        super().__init__()
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode must be None, 'ansi' or 'human' (got {render_mode!r})")
        self.game, self.catalogue = load_with_catalogue(game, catalogue, **config)
        self.render_mode = render_mode
        self.obs_size = obs_size
        self.metadata = {**self.metadata, "name": f"capes_{self.game.id}_v0"}
        self.possible_agents = [f"seat_{s}" for s in range(self.game.num_seats)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        n = len(self.catalogue)
        self._action_space = spaces.Discrete(n)
        self._obs_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (obs_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        })
        self._seeder = random.Random()
        self.state: State | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_space

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.state is not None, "call reset() first"
        seat = self._seat[agent]
        d = self.state.decision
        mask = self.catalogue.mask(d) if d.seat == seat else np.zeros(len(self.catalogue), dtype=np.int8)
        return {"observation": observe(self.state, seat, self.obs_size), "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeder.seed(seed)
        self.state = self.game.new_game(self._seeder.randrange(2**63))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._after_move()

    def _after_move(self) -> None:
        assert self.state is not None
        d = self.state.decision
        for a in self.agents:
            self.infos[a] = {}
        if d.seat is None:
            result = self.state.result
            for a in self.agents:
                self.rewards[a] = reward(result, self._seat[a])
                self.terminations[a] = True
            self.infos[self.agent_selection]["result"] = result.summary if result else ""
        else:
            self.agent_selection = self.possible_agents[d.seat]
            self.infos[self.agent_selection]["option_ids"] = d.ids()

    def step(self, action: int | None) -> None:
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        assert self.state is not None
        self._cumulative_rewards[self.agent_selection] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        d = self.state.decision
        self.state.apply(self.catalogue.option_id(d, int(action)))  # type: ignore[arg-type]
        self._after_move()
        self._accumulate_rewards()
        if self.render_mode == "human":
            print(self.render())

    def render(self) -> str | None:
        if self.render_mode is None or self.state is None:
            return None
        return self.game.render(self.state, None)

    def close(self) -> None:
        pass


def env(game: str | Game, render_mode: str | None = None, catalogue: Catalogue | str | None = None,
        obs_size: int = OBS_SIZE, **config: Any) -> CapesAEC:
    """The AEC environment of ``capes.load(game, **config)`` (see the module docstring)."""
    return CapesAEC(game, render_mode=render_mode, catalogue=catalogue, obs_size=obs_size, **config)
