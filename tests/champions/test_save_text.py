"""A Champions save reuses the JSON text of each state field unchanged since the last save
(ChampionsState._dump_json, issue 14: a web table saves after every action). The save must still be exactly
``encode(_dump())`` at every action, for the state and for its clones, which is what `capes replay` and
``from_json`` read (protocol: State.to_json). The reuse is only sound if equal values have equal text: the fields
other than ``stack`` may hold no bool or float (0 == False but prints differently) and lists at most two deep (the
saved copy copies two levels)."""

from typing import Any

import pytest

import capes
from capes.core.jsontext import encode
from capes.core.rng import Rng
from capes.games.champions.state import _SAVE_ORDER


def _shape_ok(v: Any, depth: int = 0) -> bool:
    if isinstance(v, bool | float):
        return False
    if isinstance(v, list):
        return depth < 2 and all(_shape_ok(x, depth + 1) for x in v)
    if isinstance(v, tuple):
        return all(_shape_ok(x, depth) for x in v)
    return v is None or isinstance(v, int | str)


@pytest.mark.parametrize(("seed", "cfg"), [
    (1, {}),
    (2, {"heroes": ["she_hulk", "iron_man"], "villain": "klaw"}),
    (3, {"heroes": ["captain_marvel", "black_panther", "spider_man"], "villain": "ultron", "mode": "expert"}),
])
def test_every_save_is_the_text_of_the_dumped_state_champions_protocol_to_json(seed: int, cfg: dict) -> None:
    game = capes.load("champions", **cfg)
    state = game.new_game(seed)
    rng = Rng(seed)
    clone = None
    n = 0
    while not state.is_over and n < 1500:
        assert state._dump_json() == encode(state._dump()), f"action {n}"
        d = state._dump()
        assert sorted(d) == list(_SAVE_ORDER)
        for k, v in d.items():
            if k != "stack":
                assert _shape_ok(v), f"field {k} at action {n} holds a bool, a float or lists nested too deep"
        if n % 7 == 0:
            clone = state.clone()  # a clone starts with no saved text; then goes its own way
        if clone is not None and not clone.is_over:
            opts = clone.decision.options
            clone.apply(opts[rng.randbelow(len(opts))].id)
            assert clone._dump_json() == encode(clone._dump())
        opts = state.decision.options
        state.apply(opts[rng.randbelow(len(opts))].id)
        n += 1
    assert state._dump_json() == encode(state._dump())
    again = game.from_json(state.to_json())
    assert again.to_json() == state.to_json()
