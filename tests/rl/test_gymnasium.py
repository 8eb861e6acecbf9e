"""capes.rl.gymnasium registers the three envs, each passing gymnasium's own check_env."""

import numpy as np
import pytest

from tests.rl.conftest import CONFIGS, IDS

gym = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

import capes.rl.gymnasium as cgym  # noqa: E402
from capes.core.errors import ConfigError  # noqa: E402


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("game_id", "config"), CONFIGS, ids=IDS)
def test_check_env(game_id, config):
    env = gym.make(cgym.ENV_IDS[game_id], **config)
    check_env(env.unwrapped)


def test_a_masked_random_episode_ends_with_the_learners_reward():
    env = gym.make("capes/Heroes-v0", opponent="random").unwrapped
    obs, info = env.reset(seed=8)
    rng = np.random.default_rng(8)
    over, total = False, 0.0
    while not over:
        assert env.state.decision.seat == 0
        assert (env.action_masks() == info["action_mask"].astype(bool)).all()
        obs, r, over, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        total += r
    assert total == 2 * env.state.result.reward(0) - 1


def test_an_illegal_action_ends_the_episode_and_changes_nothing():
    env = gym.make("capes/Champions-v0").unwrapped
    _, info = env.reset(seed=1)
    before = env.state.to_json()
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, r, term, _, info = env.step(bad)
    assert (r, term) == (-1.0, True) and "not legal" in info["illegal"]
    assert env.state.to_json() == before


def test_bad_make_arguments_are_one_line_errors():
    with pytest.raises(ConfigError, match="seat must be"):
        gym.make("capes/Heroes-v0", seat=5)
    with pytest.raises(ConfigError, match="unknown bot"):
        gym.make("capes/Heroes-v0", opponent="nobody")
    with pytest.raises(ConfigError):
        gym.make("capes/Champions-v0", villain="galactus")
