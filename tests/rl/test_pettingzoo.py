"""capes.rl.pettingzoo passes PettingZoo's own API test for every game."""

import numpy as np
import pytest

from tests.rl.conftest import CONFIGS, IDS

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test  # noqa: E402

from capes.rl import pettingzoo as cpz  # noqa: E402


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("game_id", "config"), CONFIGS, ids=IDS)
def test_api_test(game_id, config):
    api_test(cpz.env(game_id, **config), num_cycles=200)


def test_a_whole_game_ends_with_rewards_and_an_ansi_board():
    env = cpz.env("heroes", render_mode="ansi")
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    final = {}
    for agent in env.agent_iter():
        obs, r, term, trunc, info = env.last()
        if term or trunc:
            final[agent] = r
            env.step(None)
            continue
        assert set(info["option_ids"]) == set(env.unwrapped.state.decision.ids())
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    result = env.unwrapped.state.result
    assert result is not None
    assert final == {
        f"seat_{s}": 2 * result.reward(s) - 1 for s in range(2)}
    board = env.render()
    assert isinstance(board, str) and board.strip()


def test_mask_is_empty_for_a_seat_not_to_act():
    env = cpz.env("heroes")
    env.reset(seed=0)
    other = next(a for a in env.agents if a != env.agent_selection)
    assert env.observe(other)["action_mask"].sum() == 0
    assert env.observe(env.agent_selection)["action_mask"].sum() == len(env.unwrapped.state.decision.options)
