"""The contract suite on every registered game (issue #2 §7): random games to the end, checking
determinism, clone independence, JSON round trip, illegal-option refusal, view stability under
resample, terminal/live options, the stated length bound and rule citations at every step."""

from __future__ import annotations

import pytest

from capes.core.contract import check_game
from capes.core.registry import BUILTIN, available, load

GAME_IDS = list(BUILTIN)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_registered_game_passes_contract(game_id: str) -> None:
    if not available(game_id):
        pytest.skip(f"{game_id} is not installed in this build")
    game = load(game_id)
    report = check_game(game, games=2, seed=11, resample_every=5, roundtrip_every=3)
    assert report.games == 2
    assert report.max_length <= game.max_actions
