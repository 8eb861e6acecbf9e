"""The contract suite on the tiny example game, and proof that it catches each kind of break."""

from __future__ import annotations

import pytest

from capes.core.contract import (
    KINDS,
    ContractViolation,
    check_fair_play,
    check_game,
    check_resample_canonical,
)
from tests.example_game import BROKEN, HighCardGame, HighCardState, hard_limit


def test_example_game_passes_contract() -> None:
    report = check_game(HighCardGame(), games=20)
    assert report.games == 20
    assert report.max_length == 6
    assert report.ticked == report.applies == 120  # every apply counts its step (the 'steps' kind)
    assert report.fresh_states == 120  # every state was rebuilt in a fresh process (the 'labels' kind)


def test_example_bots_play_fair() -> None:
    report = check_fair_play(HighCardGame(), games=4)
    assert report.bots == ["random", "ismcts", "example-high"]
    assert report.checks == 3 * 24
    assert report.hidden_differs > report.checks // 2  # the resampled states really hid something else


def test_example_resample_deals_from_the_view_alone() -> None:
    assert check_resample_canonical(HighCardGame(), games=4) == 2 * 24


def test_resample_in_hidden_order_misleads_search_and_is_named() -> None:
    game = BROKEN["fairplay/resample-order"]()
    check_fair_play(game, bots=["random", "example-high"], games=4)  # bots that never resample do not notice
    with pytest.raises(ContractViolation, match="bot 'ismcts'"):
        check_fair_play(game, bots=["ismcts"], games=4)
    with pytest.raises(ContractViolation, match=r"deals differently .* \(deck, hands\)"):
        check_resample_canonical(game, games=1)


def test_broken_variants_cover_every_kind() -> None:
    assert {k.partition("/")[0] for k in BROKEN} == set(KINDS)


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_contract_catches_break(name: str) -> None:
    kind = name.partition("/")[0]
    game = BROKEN[name]()
    with hard_limit(60), pytest.raises(ContractViolation) as info:
        check_game(game, games=5)
        check_fair_play(game, games=2)
        check_resample_canonical(game, games=2)
    assert info.value.kind == kind, str(info.value)


def test_two_options_with_one_label_are_named() -> None:
    """contract 'labels': a person must be able to tell every option of a decision apart by its label."""
    with pytest.raises(ContractViolation, match=r"options 'play:\d+' and 'play:\d+' share the label 'Play an (odd|even) card'"):
        check_game(BROKEN["labels/twins"](), games=3, fresh_every=0)


def test_endless_engine_loop_ends_in_a_step_violation_naming_the_step() -> None:
    with hard_limit(20), pytest.raises(ContractViolation) as info:
        check_game(BROKEN["steps/endless-loop"](), games=1)
    msg = str(info.value)
    assert info.value.kind == "steps"
    assert "step 0: apply('play:" in msg and "last step: example/spin" in msg, msg


def test_new_game_that_loops_is_a_step_violation() -> None:
    class SpinningSetup(HighCardState):
        def setup(self) -> None:
            super().setup()
            while True:
                self._tick("example/setup-spin")

    game = type("SpinningSetupGame", (HighCardGame,), {"state_class": SpinningSetup})()
    with hard_limit(20), pytest.raises(ContractViolation) as info:
        check_game(game, games=1, fresh_every=0)
    assert info.value.kind == "steps" and "new_game(0)" in str(info.value), str(info.value)


def test_label_cache_is_caught_only_by_the_fresh_process() -> None:
    game = BROKEN["labels"]()
    check_game(game, games=5, fresh_every=0)  # a process-wide cache fools every in-process comparison
    with pytest.raises(ContractViolation, match="fresh process labels option"):
        check_game(game, games=5)


def test_peeking_bot_is_named_with_a_reproducing_seed() -> None:
    with pytest.raises(ContractViolation) as info:
        check_fair_play(BROKEN["fairplay"](), bots=["example-peek"], games=2)
    msg = str(info.value)
    assert "bot 'example-peek'" in msg and "game seed 0, step" in msg, msg


def test_hard_limit_ends_a_loop_the_step_bound_cannot_see() -> None:
    """The guard the step tests run under: an engine loop that never ticks ends in a TimeoutError, not a hang."""
    with pytest.raises(TimeoutError, match="still running after 1 s"), hard_limit(1):
        while True:
            pass
