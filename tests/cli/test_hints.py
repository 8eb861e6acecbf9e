"""Hints at the terminal (issue 41, "Hints"): ``h`` asks the ``hard`` level what it would choose and why; the
choice stays the player's, the game does not move, and a table started with ``--no-hints`` refuses."""

from __future__ import annotations

import capes
from capes.core.bots.hints import Hint, hint, reason_of
from tests.cli.helpers import session


class _Explains:
    last_reason = "  thwart:   the scheme completes in 1 round,\n the villain needs 3 "


def test_reason_of_reads_a_bot_s_last_reason_as_one_line() -> None:
    assert reason_of(_Explains()) == "thwart: the scheme completes in 1 round, the villain needs 3"
    assert reason_of(object()) is None


def test_hint_is_one_of_the_seat_s_options_and_leaves_the_state_alone() -> None:
    game = capes.load("champions", heroes=["spider_man"], villain="rhino")
    state = game.new_game(seed=11)
    before = state.to_json()
    h = hint(game, state, state.decision.seat, level="normal")
    assert isinstance(h, Hint)
    assert state.decision.find(h.option) is not None
    assert state.to_json() == before
    assert h.line().startswith("hint (normal): ")


def test_hint_is_only_for_the_seat_that_decides() -> None:
    game = capes.load("heroes")
    state = game.new_game(seed=1)
    other = (state.decision.seat + 1) % game.num_seats
    try:
        hint(game, state, other)
    except ValueError as e:
        assert "is not deciding now" in str(e)
    else:
        raise AssertionError("a hint for a seat that is not deciding was given")


def test_h_at_the_prompt_prints_a_hint_and_changes_nothing() -> None:
    game = capes.load("heroes")
    state = game.new_game(seed=3)
    s, out, _ = session(game, state, ["human", "normal"], ["h", "q"])
    s.run()
    text = out.getvalue()
    assert "hint (hard): " in text
    assert s.state.actions == state.actions


def test_no_hints_refuses() -> None:
    game = capes.load("heroes")
    state = game.new_game(seed=3)
    s, out, _ = session(game, state, ["human", "normal"], ["h", "q"])
    s.hints = False
    s.run()
    assert "hints are off at this table" in out.getvalue()
