"""Bots, rollout policy, evaluation and render."""

from __future__ import annotations

import capes
from capes.core.bots.base import make_bot
from capes.core.rng import Rng


def test_heuristic_full_game_and_render() -> None:
    g = capes.load("heroes", players=3)
    st = g.new_game(2)
    bots = [make_bot("heroes-heuristic", g, s, seed=2) for s in range(3)]
    text = g.render(st, 0)
    assert "Game Round 1" in text and "Your Resource cards" in text
    while not st.is_over:
        st.apply(bots[st.decision.seat].choose(st))
    assert st.result is not None and max(st.vp) > 0
    assert 0.0 <= g.evaluate(st, 0) <= 1.0


def test_ismcts_decides() -> None:
    g = capes.load("heroes", players=2)
    st = g.new_game(1)
    bot = make_bot("ismcts", g, st.decision.seat, seed=1, iterations=20, rollout_depth=20)
    assert bot.choose(st) in st.decision.ids()
    assert g.rollout_policy(st, Rng(3)) in st.decision.ids()
