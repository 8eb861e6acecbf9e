"""capes.rl.openspiel: the three games pass pyspiel's random_sim_test and the checks OpenSpiel's own Python games
run (legal actions, serialisation, pickling, cloning)."""

import json
import pickle

import numpy as np
import pytest

from tests.rl.conftest import CONFIGS, IDS

pyspiel = pytest.importorskip("pyspiel")
import capes.rl.openspiel as cos  # noqa: E402
from capes.core.errors import ConfigError  # noqa: E402


def _load(game_id, config):
    return pyspiel.load_game(cos.GAME_NAMES[game_id], {"config": json.dumps(config)})


@pytest.mark.parametrize(("game_id", "config"), CONFIGS, ids=IDS)
def test_random_sim_test(game_id, config):
    game = _load(game_id, config)
    assert game.num_players() == len(game.new_initial_state().returns())
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def _played(game, actions, seed):
    """A state after the deal ``seed`` and ``actions`` random legal actions."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    state.apply_action(seed)
    for _ in range(actions):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize("game_id", ["champions", "alliances", "heroes"])
def test_legal_actions_sorted_masked_and_named(game_id):
    game = _load(game_id, {})
    state = _played(game, 20, 5)
    legal = state.legal_actions()
    assert legal == sorted(legal) and legal
    mask = state.legal_actions_mask()
    assert [a for a, m in enumerate(mask) if m] == legal
    names = [state.action_to_string(state.current_player(), a) for a in legal]
    assert sorted(names) == sorted(state.capes_state.decision.ids())
    for p in range(game.num_players()):
        if p != state.current_player():
            assert state.legal_actions(p) == []


@pytest.mark.parametrize("game_id", ["champions", "alliances", "heroes"])
def test_serialise_pickle_and_clone(game_id):
    game = _load(game_id, {})
    state = _played(game, 30, 9)
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game) and state2.history() == state.history()
    assert str(state2) == str(state)
    assert state2.information_state_string(0) == state.information_state_string(0)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    state3 = pickle.loads(pickle.dumps(state))
    assert str(state3) == str(state) and state3.history() == state.history()
    assert state3.observation_tensor(0) == state.observation_tensor(0)
    clone = state.clone()
    assert clone.history() == state.history() and str(clone) == str(state)
    assert clone.information_state_tensor(0) == state.information_state_tensor(0)
    if not clone.is_terminal():
        before = state.capes_state.to_json()
        clone.apply_action(clone.legal_actions()[0])
        assert len(clone.history()) == len(state.history()) + 1
        assert state.capes_state.to_json() == before, "the clone shares nothing with its original"


def test_the_first_node_is_the_deal_and_histories_replay():
    game = pyspiel.load_game("capes_heroes", {"deals": 16})
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(16)) and abs(sum(p for _, p in outcomes) - 1) < 1e-12
    a, b = _played(game, 40, 3), _played(game, 40, 3)
    assert str(a) == str(b)
    assert a.capes_state.to_json() == b.capes_state.to_json()


def test_information_state_holds_own_actions_only():
    game = _load("heroes", {})
    state = _played(game, 25, 2)
    for p in range(2):
        doc = json.loads(state.information_state_string(p))
        assert doc["view"] == json.loads(json.dumps(state.capes_state.view(p)))
        assert doc["own_actions"] == [oid for seat, oid in state.moves if seat == p]
        assert "own_actions" not in json.loads(state.observation_string(p))


def test_bad_parameters_are_one_line_errors():
    with pytest.raises(ConfigError, match="JSON"):
        pyspiel.load_game("capes_heroes", {"config": "players=3"})
    with pytest.raises(ConfigError):
        pyspiel.load_game("capes_heroes", {"config": '{"players": 9}'})
