"""Terminal play and simulation through the protocol only (issue #2 §5–6), on the example game."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from capes.cli.play import parse_seats, run
from capes.core.errors import ConfigError
from capes.core.registry import register
from capes.core.replay import replay
from capes.sim import simulate, wilson
from tests.example_game import HighCardGame

register("example", HighCardGame)


def test_human_seat_sees_menu_and_bad_input_is_refused(tmp_path: Path) -> None:
    game = HighCardGame()
    state = game.new_game(4)
    answers = iter(["0", "banana", "1", "1", "1"])
    out = io.StringIO()
    save = tmp_path / "g.json"
    run(game, state, ["human", "random"], Console(file=out, width=120), save, 4, input_fn=lambda _: next(answers))
    text = out.getvalue()
    assert "error: no choice 0" in text and "'banana' is not a choice" in text
    assert "Choose a card to play in secret" in text
    assert state.is_over and "Result" in text
    assert replay(json.loads(save.read_text())).to_json() == state.to_json()


def test_quit_saves_a_resumable_game(tmp_path: Path) -> None:
    game = HighCardGame()
    state = game.new_game(4)
    answers = iter(["", "1", "", "", "q"])  # hot-seat: press Enter at each hand-off
    save = tmp_path / "g.json"
    run(game, state, ["human", "human"], Console(file=io.StringIO()), save, 4, input_fn=lambda _: next(answers))
    doc = json.loads(save.read_text())
    assert len(doc["actions"]) == 1 and not replay(doc).is_over


def test_seat_specs() -> None:
    game = HighCardGame()
    assert [str(k) for k in parse_seats(game, ["2=ismcts:iterations=50"], "random")] == ["random",
                                                                                      "ismcts:iterations=50"]
    for bad, msg in [("3=human", "must be 1..2"), ("1=wizard", "unknown seat kind 'wizard'"), ("x", "N=KIND"),
                     ("1=ismcts:iterations", "KEY=VALUE"), ("1=human:x=1", "takes no settings")]:
        with pytest.raises(ConfigError, match=msg):
            parse_seats(game, [bad], "random")


def test_simulate_counts_outcomes_and_errors() -> None:
    s = simulate("example", 40, workers=1, seed=0, seat_bots=["ismcts", "random"], bot_opts={"iterations": 30})
    assert s.games == 40 and s.errors == 0
    assert s.outcomes["seat1"]["win"] + s.outcomes["seat1"]["loss"] == 40
    assert s.mean_actions == 6
    lo, hi = s.outcomes["seat1"]["win_rate_ci95"]
    assert lo <= s.outcomes["seat1"]["win_rate"] <= hi
    d = s.to_dict()
    assert {"games", "outcomes", "mean_actions", "actions_per_second", "errors"} <= set(d)


def test_simulate_bad_bot() -> None:
    with pytest.raises(ConfigError, match="unknown bot 'wizard'"):
        simulate("example", 1, seat_bots=["wizard"])


def test_wilson_interval_contains_estimate() -> None:
    lo, hi = wilson(3, 10)
    assert lo < 0.3 < hi


def test_search_settings_reach_the_hard_level_too() -> None:
    """`capes sim --iterations N` sets the search of ismcts and of a level built on it (heroes `hard`); a bot
    without a search plays without settings."""
    from capes.core.registry import load
    from capes.sim import bot_settings, searches

    game = load("heroes", players=2)
    assert searches(game, "ismcts") and searches(game, "hard")
    assert not searches(game, "normal") and not searches(game, "random")
    assert bot_settings(game, 0, "hard", {"iterations": 3})["iterations"] == 3
    assert bot_settings(game, 0, "normal", {"iterations": 3}) == {}
