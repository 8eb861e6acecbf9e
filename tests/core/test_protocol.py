"""Protocol behaviour on the example game: illegal input, saves, replays, views (issue #2 §2)."""

from __future__ import annotations

import json

import pytest

from capes.core.errors import IllegalAction, ReplayError
from capes.core.protocol import Option, State, replay_actions
from capes.core.registry import register
from capes.core.replay import load_state, replay, save_game
from capes.core.rng import Rng
from tests.example_game import HighCardGame, HighCardState

register("example", HighCardGame)


def _played(seed: int = 3, n: int = 3) -> HighCardState:
    s = HighCardGame().new_game(seed)
    for _ in range(n):
        s.apply(s.decision.options[0])
    assert isinstance(s, HighCardState)
    return s


def test_illegal_option_raises_one_line_and_changes_nothing() -> None:
    s = _played()
    before = s.to_json()
    with pytest.raises(IllegalAction) as e:
        s.apply("play:99")
    assert "not a legal option for seat" in str(e.value) and "legal: play:" in str(e.value)
    with pytest.raises(IllegalAction):
        s.apply(Option("nope", "Nope"))
    with pytest.raises(IllegalAction):
        s.apply(42)
    assert s.to_json() == before


def test_terminal_state_refuses_everything() -> None:
    s = _played(n=6)
    assert s.is_over and s.decision.options == () and s.result is not None
    with pytest.raises(IllegalAction, match="the game is over"):
        s.apply("play:1")


def test_secret_simultaneous_choice_is_hidden_until_both_are_in() -> None:
    s = HighCardGame().new_game(1)
    d = s.decision
    assert d.secret and d.seats == (0, 1) and d.seat == 0
    s.apply(d.options[0])
    v1 = s.view(1)
    assert v1["my_pick"] is None and v1["picked"] == [True, False]
    assert "play" not in json.dumps(v1["decision"]["options"]).replace("play:", "")  # only seat 1's own options
    assert s.visible_log(1)[-1][1] == "Seat 1 plays a card."


def test_save_and_replay_exactly() -> None:
    s = _played(n=4)
    doc = save_game(s)
    assert set(doc) >= {"game", "config", "seed", "actions", "capes"}
    again = replay(json.dumps(doc))
    assert again.to_json() == s.to_json()


def test_replay_failure_names_action_and_reason() -> None:
    s = _played(n=2)
    doc = save_game(s)
    doc["actions"][1] = "play:77"
    with pytest.raises(ReplayError, match=r"action #2 'play:77' cannot be replayed"):
        replay(doc)
    with pytest.raises(ReplayError, match="not valid JSON"):
        replay("{oops")
    with pytest.raises(ReplayError, match="lacks 'seed'"):
        replay({"game": "example", "config": {}, "actions": []})
    with pytest.raises(ReplayError, match="cannot be set up: unknown game"):
        replay({"game": "nope", "config": {}, "seed": 1, "actions": []})


def test_state_snapshot_round_trip_via_load_state() -> None:
    s = _played(n=3)
    t = load_state(s.to_json())
    assert t.to_json() == s.to_json()
    with pytest.raises(ReplayError, match="not valid JSON"):
        load_state("[")


def test_replay_actions_helper() -> None:
    s = HighCardGame().new_game(0)
    replay_actions(s, [s.decision.options[0].id])
    assert len(s.actions) == 1


def test_resample_keeps_own_view_and_hides_nothing_new() -> None:
    s = _played(n=1)
    for seat in (0, 1):
        r = s.resample(seat, Rng(9))
        assert r.view(seat) == s.view(seat)


def _whole_document(s: State) -> str:
    """to_json's format, written the plain way: one json.dumps of the whole document."""
    return json.dumps({"game": s.game.id, "config": s.game.config_json(), "seed": s.seed, "rng": s.rng.state,
                       "actions": s.actions, "log": [list(e) for e in s.log], "state": s._dump()},
                      sort_keys=True, separators=(",", ":"))


@pytest.mark.parametrize("game_id", ["example", "heroes", "champions", "alliances"])
def test_to_json_extends_its_text_and_equals_one_dumps_of_the_document(game_id: str) -> None:
    # issue 14: to_json keeps the text of the actions and the log and extends it by what was added since
    from capes.core.protocol import Event
    from capes.core.registry import load

    s = load(game_id).new_game(5)
    rng = Rng(9)
    saved = s.to_json()
    assert saved == _whole_document(s)
    for step in range(60):
        if s.is_over:
            break
        opts = s.decision.options
        s.apply(opts[rng.randbelow(len(opts))])
        if step % 7 == 0:
            s = s.clone()  # a clone shares the saved text and extends its own
        if step % 3 == 0:
            assert s.to_json() == _whole_document(s)
    assert s.to_json() == s.to_json() == _whole_document(s)
    # a log changed otherwise than by growing (an event rewritten, the log cut short) is encoded afresh
    s.log[0] = Event(s.log[0].rule, "rewritten", None, None)
    s.emit(s.log[0].rule, "and one more event")  # longer, but no longer beginning with the saved events
    assert '"rewritten"' in s.to_json() and s.to_json() == _whole_document(s)
    s.log[0] = Event(s.log[0].rule, "rewritten again", None, None)  # as long as when saved
    assert '"rewritten again"' in s.to_json() and s.to_json() == _whole_document(s)
    del s.log[1:3], s.actions[-1]
    assert s.to_json() == _whole_document(s)
    s.log.clear()
    assert s.to_json() == _whole_document(s)
