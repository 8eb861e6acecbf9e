"""The capes contract suite on champions configurations."""

import pytest

import capes
from capes.core.contract import check_game


@pytest.mark.parametrize("cfg,games", [
    ({}, 4),
    ({"heroes": ["spider_man", "she_hulk"], "villain": "klaw", "modulars": ["masters_of_evil"]}, 2),
    ({"villain": "rhino", "mode": "expert", "modulars": ["bomb_scare"]}, 2),
    ({"heroes": ["spider_man", "she_hulk", "iron_man", "captain_marvel"], "villain": "ultron", "mode": "expert",
      "modulars": ["legions_of_hydra", "the_doomsday_chair"]}, 1),
])
def test_contract(cfg, games):
    rep = check_game(capes.load("champions", **cfg), games=games, resample_every=3, roundtrip_every=2)
    assert rep.games == games
