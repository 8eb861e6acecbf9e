"""Option and Decision as values (issue #14: slotted classes instead of frozen dataclasses, lazy labels).

What engines, bots, the contract suite and saves rely on: equality and hashing by value, the
dataclass-style repr, pickling and copying with the text, and lazy labels/prompts that are built
once, on the first read, from values fixed when the option was made.
"""

from __future__ import annotations

import copy
import pickle
from functools import partial

import pytest

from capes.core.protocol import GAME_OVER, Decision, Option


def test_options_are_equal_and_hash_alike_by_id_label_and_group() -> None:
    a, b = Option("play:1", "Play card 1"), Option("play:1", "Play card 1", "")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != Option("play:1", "Play card 1", "Hand") and a != Option("play:2", "Play card 1")
    assert a != Option("play:1", "Play card one")
    assert a != ("play:1", "Play card 1", "") and a != "play:1"  # a value of its own kind, not a tuple or an id
    assert repr(a) == "Option(id='play:1', label='Play card 1', group='')" and str(a) == "Play card 1"


def test_option_has_no_attribute_dict() -> None:
    o = Option("x", "X")
    assert not hasattr(o, "__dict__")  # slotted: no per-instance dict to grow
    with pytest.raises(AttributeError):
        o.colour = "red"  # type: ignore[attr-defined]


def test_lazy_label_is_built_once_on_first_read() -> None:
    calls: list[str] = []

    def label(name: str, cost: int) -> str:
        calls.append(name)
        return f"Play {name} ({cost} energy)"

    o = Option("play:ws", partial(label, "Web-Shooter", 1), "Hand")
    assert calls == [] and o.id == "play:ws" and o.group == "Hand"  # bots read ids: no text built
    assert o.label == "Play Web-Shooter (1 energy)" and o.label == str(o)
    assert calls == ["Web-Shooter"]  # built once
    assert o == Option("play:ws", "Play Web-Shooter (1 energy)", "Hand")
    assert hash(o) == hash(Option("play:ws", "Play Web-Shooter (1 energy)", "Hand"))


def test_lazy_label_compares_by_its_text() -> None:
    lazy = Option("a", lambda: "Attack")
    assert lazy == Option("a", "Attack") and lazy != Option("a", "Defend")


def test_lazy_label_must_build_text() -> None:
    o = Option("a", lambda: 3)  # type: ignore[arg-type, return-value]
    with pytest.raises(TypeError, match="option 'a': its label callable returned int, not str"):
        _ = o.label


def test_pickle_and_copy_carry_the_text_not_the_callable() -> None:
    o = Option("a", lambda: "Attack", "Combat")  # a lambda does not pickle: the text must be what travels
    for other in (pickle.loads(pickle.dumps(o)), copy.copy(o), copy.deepcopy(o)):
        assert other == o and other._label == "Attack"
    d = Decision(1, lambda: "Choose", (o,), seats=(0, 1), secret=True, kind="combat")
    again = pickle.loads(pickle.dumps(d))
    assert again == d and again.prompt == "Choose" and again.options == (o,)


def test_decisions_are_values() -> None:
    opts = (Option("a", "A"), Option("b", "B", "G"))
    d = Decision(0, "Choose", opts, kind="play")
    same = Decision(0, "Choose", (Option("a", "A"), Option("b", "B", "G")), (), False, "play")
    assert d == same and hash(d) == hash(same)
    assert d != Decision(0, "Choose", opts, kind="other") and d != Decision(1, "Choose", opts, kind="play")
    assert d != Decision(0, "Choose", opts, seats=(0, 1), secret=True, kind="play")
    assert d.ids() == ["a", "b"] and d.find("b") is opts[1] and d.find("c") is None and not d.is_terminal
    assert repr(d).startswith("Decision(seat=0, prompt='Choose', options=(Option(id='a'")
    assert d.to_dict() == {"seat": 0, "seats": [], "prompt": "Choose", "secret": False, "kind": "play",
                           "options": [{"id": "a", "label": "A", "group": ""}, {"id": "b", "label": "B", "group": "G"}]}
    assert GAME_OVER.is_terminal and GAME_OVER.options == () and GAME_OVER.prompt == "The game is over."


def test_lazy_prompt_is_built_once_on_first_read() -> None:
    calls = []
    d = Decision(0, lambda: calls.append(1) or "Keep Spider-Man?", (Option("y", "Yes"),))
    assert calls == [] and d.ids() == ["y"]
    assert d.prompt == "Keep Spider-Man?" and d.to_dict()["prompt"] == "Keep Spider-Man?" and calls == [1]
    assert d == Decision(0, "Keep Spider-Man?", (Option("y", "Yes"),))
