"""The action encoding (capes.rl.catalogue): every legal option of random games is one action and back."""

import pytest

pytest.importorskip("numpy")

import capes
from capes.core.errors import ConfigError, IllegalAction
from capes.core.rng import Rng
from capes.rl.catalogue import Catalogue, catalogue_for
from tests.rl.conftest import CONFIGS, IDS


@pytest.mark.parametrize(("game_id", "config"), CONFIGS, ids=IDS)
def test_every_legal_option_is_one_action_and_back(game_id, config):
    game = capes.load(game_id, **config)
    cat = catalogue_for(game)
    slotted = offered = 0
    for seed in (900, 901, 902):  # seeds outside the enumeration's 0..99
        state, rng = game.new_game(seed), Rng(seed)
        while not state.is_over:
            d = state.decision
            actions = cat.actions(d)
            assert len(set(actions)) == len(actions), "two options share an action"
            assert all(0 <= a < len(cat) for a in actions)
            assert [cat.option_id(d, a) for a in actions] == d.ids()
            assert [cat.action(d, o) for o in d.ids()] == actions
            assert cat.mask(d).sum() == len(actions) and all(cat.mask(d)[actions] == 1)
            slotted += sum(a >= len(cat.ids) for a in actions)
            offered += len(actions)
            state.apply(d.options[rng.randbelow(len(d.options))].id)
    assert slotted < offered * 0.05, "the enumeration should catch nearly every id; slots are for rare branches"


def test_catalogue_is_stable_and_saved():
    game = capes.load("heroes")
    a = catalogue_for(game, games=5)
    from capes.rl.catalogue import _cached

    _cached.cache_clear()
    b = catalogue_for(capes.load("heroes"), games=5)
    assert a is not b and a.ids == b.ids and a.digest == b.digest
    c = Catalogue.from_json(b.to_json())
    assert c.ids == b.ids and c.slots == b.slots and c.digest == b.digest
    assert list(a.ids) == sorted(a.ids)


def test_an_action_that_is_not_legal_is_refused_in_one_line():
    game = capes.load("champions")
    cat = catalogue_for(game)
    d = game.new_game(3).decision
    legal = set(cat.actions(d))
    bad = next(a for a in range(len(cat)) if a not in legal)
    with pytest.raises(IllegalAction, match="not legal here"):
        cat.option_id(d, bad)
    with pytest.raises(IllegalAction):
        cat.option_id(d, len(cat) + 5)


def test_too_few_slots_names_the_fix():
    game = capes.load("heroes")
    tiny = Catalogue("heroes", game.config_json(), [], slots=1)
    with pytest.raises(ConfigError, match="slots="):
        tiny.actions(game.new_game(0).decision)
