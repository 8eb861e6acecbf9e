"""Issue #15 'levels for people': alliances offers easy, normal and hard by name (CLI --seat, web lobby)."""

from __future__ import annotations

from capes.cli.seats import parse_seats
from capes.core.bots.base import bot_names, make_bot
from capes.core.contract import check_fair_play
from capes.core.registry import load
from capes.games.alliances.bots import SEARCH_KINDS, HeuristicBot
from capes.web.lobby import seat_choices

GAME = "alliances"
CONFIG: dict[str, object] = {}
CHEAP = {"iterations": 6, "rollout_depth": 6}


def _state_at(kind: str, seed: int = 3):
    game = load(GAME, **CONFIG)
    state = game.new_game(seed)
    bots = [make_bot("normal", game, s, seed=seed) for s in range(game.num_seats)]
    while state.decision.kind != kind or len(state.decision.options) < 2:
        state.apply(bots[state.decision.seat].choose(state))
    return game, state


def test_levels_are_named_in_cli_and_lobby() -> None:
    game = load(GAME, **CONFIG)
    assert {"easy", "normal", "hard"} <= set(bot_names(game)) and {"easy", "normal", "hard"} <= set(seat_choices(GAME))
    assert [str(k) for k in parse_seats(game, ["1=hard"], "human")] == ["hard"]
    assert game.bots()["normal"] is HeuristicBot


def test_hard_follows_the_heuristic_with_one_iteration_and_searches_with_more() -> None:
    game, state = _state_at("activation")
    assert state.decision.kind in SEARCH_KINDS
    seat = state.decision.seat
    heuristic = HeuristicBot(game, seat, seed=0).choose(state)
    hard = make_bot("hard", game, seat, seed=0, iterations=1)
    assert hard.choose(state) == heuristic
    snap = state.to_json()
    a = make_bot("hard", game, seat, seed=4, **CHEAP).choose(state)
    assert a in state.decision.ids() and a == make_bot("hard", game, seat, seed=4, **CHEAP).choose(state)
    assert state.to_json() == snap  # searching never changes the state it was shown


def test_easy_makes_random_moves_now_and_then() -> None:
    game, state = _state_at("activation")
    seat = state.decision.seat
    normal = HeuristicBot(game, seat, seed=0).choose(state)
    picks = [make_bot("easy", game, seat, seed=s).choose(state) for s in range(30)]
    assert normal in picks and set(picks) - {normal}


def test_levels_play_fair() -> None:
    game = load(GAME, **CONFIG)
    report = check_fair_play(game, bots=["easy", "hard"], games=1, seed=5, every=9, bot_opts={"hard": CHEAP})
    assert report.checks > 0 and report.hidden_differs > 0
