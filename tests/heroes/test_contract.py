"""The contract suite on several configurations (heroes)."""

import pytest

import capes
from capes.core.contract import check_game


@pytest.mark.parametrize(
    "players,scenario",
    [(2, "born_again"), (3, "house_of_m"), (4, "secret_invasion"), (2, "annihilation"), (4, "infinity_war")],
)
def test_contract(players: int, scenario: str) -> None:
    game = capes.load("heroes", players=players, scenario=scenario)
    report = check_game(game, games=1, seed=players, resample_every=2, roundtrip_every=2)
    assert report.games == 1


def test_contract_all_scenarios_quick() -> None:
    game0 = capes.load("heroes")
    for sc in game0.C.scenarios:
        game = capes.load("heroes", players=3, scenario=sc)
        check_game(game, games=1, seed=11, resample_every=25, roundtrip_every=25)
