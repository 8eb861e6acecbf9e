"""Issue #15 'levels for people': the searching games (alliances, heroes) offer easy, normal and hard by name
(CLI --seat, web lobby). Champions' levels are tested in tests/champions/test_levels.py (its hard is a deeper
lookahead, not a search)."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

import pytest

from capes.cli.seats import parse_seats
from capes.core.bots.base import bot_names, make_bot
from capes.core.contract import check_fair_play
from capes.core.registry import load
from capes.web.lobby import seat_choices

CHEAP = {"iterations": 6, "rollout_depth": 6}


@dataclass(frozen=True)
class Case:
    game: str
    config: dict[str, Any]
    searched: str  # a decision kind the hard level searches
    seats: str  # a --seat spec giving hard one seat
    kinds: list[str]  # the seat kinds that spec makes
    easy_mix: float  # the share of random moves in easy (issue 15: 30% made a co-op team-mate that never won)

    @property
    def bots(self) -> Any:
        return importlib.import_module(f"capes.games.{self.game}.bots")


CASES = [Case("alliances", {}, "activation", "1=hard", ["hard"], 0.1),
         Case("heroes", {"players": 2}, "action", "2=hard", ["human", "hard"], 0.3)]


@pytest.fixture(params=CASES, ids=[c.game for c in CASES])
def case(request: pytest.FixtureRequest) -> Case:
    return request.param  # type: ignore[no-any-return]


def _state_at(case: Case, seed: int = 3) -> tuple[Any, Any]:
    game = load(case.game, **case.config)
    state = game.new_game(seed)
    bots = [make_bot("normal", game, s, seed=seed) for s in range(game.num_seats)]
    while state.decision.kind != case.searched or len(state.decision.options) < 2:
        state.apply(bots[state.decision.seat].choose(state))
    return game, state


def test_levels_are_named_in_cli_and_lobby(case: Case) -> None:
    game = load(case.game, **case.config)
    assert {"easy", "normal", "hard"} <= set(bot_names(game)) and {"easy", "normal", "hard"} <= set(seat_choices(case.game))
    assert [str(k) for k in parse_seats(game, [case.seats], "human")] == case.kinds
    assert game.bots()["normal"] is case.bots.HeuristicBot


def test_hard_follows_the_heuristic_with_one_iteration_and_searches_with_more(case: Case) -> None:
    game, state = _state_at(case)
    assert state.decision.kind in case.bots.SEARCH_KINDS
    seat = state.decision.seat
    heuristic = case.bots.HeuristicBot(game, seat, seed=0).choose(state)
    hard = make_bot("hard", game, seat, seed=0, iterations=1)
    assert hard.choose(state) == heuristic
    snap = state.to_json()
    a = make_bot("hard", game, seat, seed=4, **CHEAP).choose(state)
    assert a in state.decision.ids() and a == make_bot("hard", game, seat, seed=4, **CHEAP).choose(state)
    assert state.to_json() == snap  # searching never changes the state it was shown


def test_easy_makes_random_moves_now_and_then(case: Case) -> None:
    game, state = _state_at(case)
    seat = state.decision.seat
    assert make_bot("easy", game, seat, seed=0).mix == case.easy_mix  # type: ignore[attr-defined]
    normal = case.bots.HeuristicBot(game, seat, seed=0).choose(state)
    picks = [make_bot("easy", game, seat, seed=s, mix=0.5).choose(state) for s in range(30)]
    assert normal in picks and set(picks) - {normal}


def test_levels_play_fair(case: Case) -> None:
    game = load(case.game, **case.config)
    report = check_fair_play(game, bots=["easy", "hard"], games=1, seed=5, every=9, bot_opts={"hard": CHEAP})
    assert report.checks > 0 and report.hidden_differs > 0
