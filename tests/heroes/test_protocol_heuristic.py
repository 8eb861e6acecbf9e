"""Protocol properties along heuristic-bot games, which reach combats, Mastermind challenges and Most Wanted
Villains far more often than the contract suite's random games."""

from __future__ import annotations

import json

import pytest

import capes
from capes.core.bots.base import make_bot
from capes.core.rng import Rng


@pytest.mark.parametrize("players,scenario,seed", [(3, "born_again", 5), (4, "annihilation", 6), (2, "house_of_m", 7)])
def test_heuristic_game_protocol(players: int, scenario: str, seed: int) -> None:
    g = capes.load("heroes", players=players, scenario=scenario)
    st = g.new_game(seed)
    bots = [make_bot("heroes-heuristic", g, s, seed=seed) for s in range(players)]
    step = 0
    kinds = set()
    while not st.is_over:
        d = st.decision
        kinds.add(d.kind)
        choice = bots[d.seat].choose(st)
        snap = st.to_json()
        if step % 3 == 0:
            loaded = g.from_json(snap)
            assert loaded.to_json() == snap
            for seat in range(players):
                v = json.dumps(st.view(seat), sort_keys=True)
                r = st.resample(seat, Rng(step + seat))
                assert json.dumps(r.view(seat), sort_keys=True) == v, (step, seat)
                if seat == d.seat:
                    assert r.decision.ids() == d.ids()
            assert st.to_json() == snap
        twin = st.clone()
        twin.apply(choice)
        assert st.to_json() == snap
        st.apply(choice)
        assert twin.to_json() == st.to_json()
        step += 1
        assert step <= g.max_actions
    assert {"combat", "power", "villains"} <= kinds
    again = g.new_game(seed)
    for a in st.actions:
        again.apply(a)
    assert again.to_json() == st.to_json()
