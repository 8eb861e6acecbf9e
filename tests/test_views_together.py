"""``State.views(seats)`` (what the browser server asks for, so that a game builds what the seats' views share
once) gives each seat exactly ``view(seat)``, and never another seat's hand, in every game."""

from __future__ import annotations

import json
import random

import pytest

from capes.core.registry import load

GAMES = [("champions", {"heroes": ["spider_man", "she_hulk"]}), ("champions", {"heroes": ["spider_man"]}),
         ("heroes", {"players": 2}), ("alliances", {"players": 2})]


@pytest.mark.parametrize(("game", "cfg"), GAMES, ids=["champions-2", "champions-1", "heroes", "alliances"])
def test_views_together_equal_each_view(game, cfg):
    g = load(game, **cfg)
    seats = [*range(g.num_seats), None]
    for seed in (1, 2):
        st, rng = g.new_game(seed), random.Random(seed)
        for k in range(400):
            if st.is_over:
                break
            if k % 7 == 0:
                for subset in (seats, seats[:1], seats[::-1]):
                    together = st.views(subset)
                    assert list(together) == subset
                    for s in subset:
                        alone = st.view(s)
                        assert together[s] == alone
                        assert json.dumps(together[s]) == json.dumps(alone)  # the same keys in the same order
            st.apply(rng.choice(st.decision.options).id)


def test_views_together_share_the_public_part_and_not_the_hands():
    g = load("champions", heroes=["spider_man", "she_hulk"])
    st = g.new_game(3)
    v = st.views([0, 1])
    assert v[0]["villain"] is v[1]["villain"]  # built once
    assert "hand" in v[0]["players"][0] and "hand" not in v[1]["players"][0]
    assert "hand" not in v[0]["players"][1] and "hand" in v[1]["players"][1]
    assert v[0]["decision"] is not v[1]["decision"]
