"""The contract suite on every registered game (issue #2 §7, issue #9, issue #15): random games to the
end, checking determinism, clone independence, JSON round trip, illegal-option refusal, view stability
under resample, terminal/live options, the stated length bound, rule citations, the engine-step bound
(``steps``), labels and prompts that are a function of the state, also in a fresh process (``labels``),
the glossary (``glossary``) and, for every bot of every game, fair play (``fairplay``)."""

from __future__ import annotations

from typing import Any

import pytest

from capes.core.bots.base import bot_names
from capes.core.contract import ContractViolation, check_fair_play, check_game, check_resample_canonical
from capes.core.registry import BUILTIN, available, load
from tests.example_game import hard_limit

GAME_IDS = list(BUILTIN)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_registered_game_passes_contract(game_id: str) -> None:
    if not available(game_id):
        pytest.skip(f"{game_id} is not installed in this build")
    game = load(game_id)
    with hard_limit(300):  # an engine loop that never ticks fails here instead of hanging CI
        report = check_game(game, games=2, seed=11, resample_every=5, roundtrip_every=3, fresh_every=5)
    assert report.games == 2
    assert report.max_length <= game.max_actions
    assert report.ticked > 0 and report.max_ticks <= game.max_steps  # the engine counts its steps (kind 'steps')
    assert report.fresh_states >= report.steps // 5  # sampled states were rebuilt in a fresh process ('labels')


#: configurations the fair-play check plays besides each game's default one: more seats, more secrets
FAIR_PLAY_CONFIGS: dict[str, list[dict[str, Any]]] = {
    "champions": [{}, {"heroes": ["spider_man", "she_hulk"], "villain": "klaw"}],
    "alliances": [{}, {"players": 2}],
    "heroes": [{}, {"players": 4}],
}

#: (game, bot) -> why the fair-play check fails today; strict, so a fix turns the test red until the entry goes.
#: Empty since champions' resample sorts each hidden pool before shuffling it (deals from the view alone).
FAIR_PLAY_XFAIL: dict[tuple[str, str], str] = {}

#: game -> why its resample deals from the hidden order today (the cause of fair-play xfails)
RESAMPLE_XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("game_id", [
    pytest.param(g, marks=[pytest.mark.xfail(strict=True, raises=ContractViolation, reason=RESAMPLE_XFAIL[g])] if g in RESAMPLE_XFAIL else [])
    for g in GAME_IDS
])
def test_resample_deals_from_the_view_alone(game_id: str) -> None:
    """What search bots need to be fair (issue #15): the same view(seat) and rng give the same deal."""
    if not available(game_id):
        pytest.skip(f"{game_id} is not installed in this build")
    for config in FAIR_PLAY_CONFIGS.get(game_id, [{}]):
        assert check_resample_canonical(load(game_id, **config), games=1, seed=11, every=5) > 0


def _fair_play_cases() -> list[Any]:
    cases = []
    for gid in GAME_IDS:
        if not available(gid):
            continue
        for bot in bot_names(load(gid)):
            why = FAIR_PLAY_XFAIL.get((gid, bot))
            marks = [pytest.mark.xfail(strict=True, raises=ContractViolation, reason=why)] if why else []
            cases.append(pytest.param(gid, bot, id=f"{gid}-{bot}", marks=marks))
    return cases


@pytest.mark.parametrize(("game_id", "bot"), _fair_play_cases())
def test_bot_plays_fair(game_id: str, bot: str) -> None:
    """Issue #15 'Fair play': the same view(seat) and bot seed give the same pick (kind 'fairplay')."""
    for config in FAIR_PLAY_CONFIGS.get(game_id, [{}]):
        game = load(game_id, **config)
        report = check_fair_play(game, bots=[bot], games=1, seed=11, every=3)
        assert report.checks > 0 and report.hidden_differs > 0, config  # the two states really differed


def test_fair_play_xfail_table_names_real_bots() -> None:
    known = {(gid, b) for gid in GAME_IDS if available(gid) for b in bot_names(load(gid))}
    assert set(FAIR_PLAY_XFAIL) <= known
