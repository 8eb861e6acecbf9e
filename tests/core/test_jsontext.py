"""The incremental JSON text of saves (capes/core/jsontext.py, issue #14: to_json <= 100 µs): always the text one
json.dumps of the whole list or document would write, however the lists and the states sharing them change."""

from __future__ import annotations

import json
from typing import Any

from capes.core.jsontext import ListJson, encode, int_text
from capes.core.protocol import State
from capes.core.registry import load
from capes.core.rng import Rng


def _dumps(x: Any) -> str:
    return json.dumps(x, sort_keys=True, separators=(",", ":"))


def test_list_text_grows_in_place_and_an_older_text_keeps_standing_for_its_items() -> None:
    live: list[Any] = ["a"]
    first = ListJson.extend(None, live, encode)
    live.append("b")
    second = ListJson.extend(first, live, encode)
    assert second.items is first.items  # grown in place, not copied
    assert (first.count, first.text, second.text) == (1, '["a"]', '["a","b"]')
    # a copy of the state at `first` (a clone) goes another way: it gets its own list, the shared one is untouched
    other = ["a", "c", "d"]
    third = ListJson.extend(first, other, encode)
    assert third.items is not first.items and third.text == _dumps(other) and second.text == '["a","b"]'
    assert first.items[:2] == ["a", "b"]
    # the newest text on the shared list still grows in place after that
    live.append({"k": [1, True]})
    fourth = ListJson.extend(second, live, encode)
    assert fourth.items is first.items and fourth.text == _dumps(live)
    # a list rewritten at its head but longer: encoded afresh, the shared list left as it was
    rewritten = ["z", "b", {"k": [1, True]}, 5]
    fifth = ListJson.extend(fourth, rewritten, encode)
    assert fifth.text == _dumps(rewritten) and fourth.items == ["a", "b", {"k": [1, True]}] and fourth.count == 3
    # same length, changed item; shorter; empty
    assert ListJson.extend(fourth, ["a", "b", {"k": [2]}], encode).text == '["a","b",{"k":[2]}]'
    assert ListJson.extend(fourth, ["a"], encode).text == '["a"]'
    empty = ListJson.extend(fourth, [], encode)
    assert (empty.text, ListJson.extend(empty, [1, 2], encode).text) == ("[]", "[1,2]")
    assert ListJson.extend(fourth, list(fourth.items), encode) is fourth  # unchanged: the same text


def test_int_text_is_the_json_of_ints_only() -> None:
    for x in (0, -1, 2**64 - 1, 10**30, True, False, 1.0, None, "7"):
        assert int_text(x) == _dumps(x)


def _document(s: State) -> str:
    return _dumps({"game": s.game.id, "config": s.game.config_json(), "seed": s.seed, "rng": s.rng.state,
                   "actions": s.actions, "log": [list(e) for e in s.log], "state": s._dump()})


def test_an_original_and_its_clones_saving_in_turns_each_save_their_own_game() -> None:
    game = load("heroes")
    a = game.new_game(3)
    rng = Rng(4)
    for _ in range(5):
        a.apply(a.decision.options[rng.randbelow(len(a.decision.options))])
    a.to_json()
    b, c = a.clone(), a.clone()
    for _ in range(12):
        for s in (a, b, c):  # three games from one point, saved in turn after each action
            if not s.is_over:
                opts = s.decision.options
                s.apply(opts[rng.randbelow(len(opts))])
            assert s.to_json() == _document(s)
    assert len({a.to_json(), b.to_json(), c.to_json()}) == 3


def test_the_save_header_follows_a_config_changed_after_the_first_save() -> None:
    game = load("heroes")
    s = game.new_game(1)
    s.to_json()
    game.config["arch_tie"] = 1  # not a valid config: only to see the text follow a changed value of another type
    assert '"arch_tie":1' in s.to_json() and s.to_json() == _document(s)
    game.config["arch_tie"] = True  # == 1, but JSON true: the header's key tells them apart
    assert '"arch_tie":true' in s.to_json() and s.to_json() == _document(s)
