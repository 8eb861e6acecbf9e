"""Contract suite for alliances (capes.core.contract)."""

import capes
from capes.core.contract import check_game


def test_contract_one_player() -> None:
    check_game(capes.load("alliances"), games=3)


def test_contract_two_players_long() -> None:
    check_game(capes.load("alliances", players=2, long=True, difficulty=2), games=2, seed=11)


def test_contract_four_players() -> None:
    check_game(capes.load("alliances", players=4), games=2, seed=21, resample_every=3)
