"""No leak: an observation is a function of the seat's view alone, so another seat's secrets never reach it.

DESIGN "Hidden information": view(seat) is all that seat may know. Each observation is built twice, from the full
state (as the adapters do) and from the seat's view only; and again after redealing everything the seat cannot
see (state.resample), which must change nothing the seat observes though it changes the hidden state.
"""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

import capes
from capes.core.rng import Rng
from capes.rl import pettingzoo as cpz
from capes.rl.observe import encode_view, observe
from tests.rl.conftest import CONFIGS, IDS


@pytest.mark.parametrize(("game_id", "config"), CONFIGS, ids=IDS)
def test_observation_is_the_view_and_survives_a_redeal(game_id, config):
    game = capes.load(game_id, **config)
    hidden_changed = 0
    for seed in (31, 32):
        state, rng = game.new_game(seed), Rng(seed)
        step = 0
        while not state.is_over:
            if step % 7 == 0:
                for seat in range(game.num_seats):
                    full = observe(state, seat)
                    view_only = encode_view(state.view(seat))
                    np.testing.assert_array_equal(full, view_only)
                    redealt = state.resample(seat, Rng(seed * 1000 + step))
                    np.testing.assert_array_equal(observe(redealt, seat), full)
                    hidden_changed += redealt._dump() != state._dump()
            d = state.decision
            state.apply(d.options[rng.randbelow(len(d.options))].id)
            step += 1
    if game_id != "alliances":  # alliances hides nothing from its seats (a co-op game with open information)
        assert hidden_changed, "the redeal never changed a hidden card, so this test would not see a leak"


@pytest.mark.parametrize(("game_id", "config"), [c for c in CONFIGS if c[0] == "heroes"][:1])
def test_the_aec_observation_is_blind_to_another_seats_hand(game_id, config):
    env = cpz.env(game_id, **config)
    env.reset(seed=4)
    st = env.unwrapped.state
    before = env.observe("seat_1")["observation"]
    env.unwrapped.state = st.resample(1, Rng(77))  # seat 0's secrets redealt; seat 1 sees the same game
    assert env.unwrapped.state._dump() != st._dump()
    np.testing.assert_array_equal(env.observe("seat_1")["observation"], before)
