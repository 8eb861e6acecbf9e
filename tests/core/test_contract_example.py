"""The contract suite on the tiny example game, and proof that it catches each kind of break."""

from __future__ import annotations

import pytest

from capes.core.contract import ContractViolation, check_game
from tests.example_game import BROKEN, HighCardGame


def test_example_game_passes_contract() -> None:
    report = check_game(HighCardGame(), games=20)
    assert report.games == 20
    assert report.max_length == 6


@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_contract_catches_break(kind: str) -> None:
    with pytest.raises(ContractViolation) as info:
        check_game(BROKEN[kind](), games=5)
    assert info.value.kind == kind, str(info.value)
