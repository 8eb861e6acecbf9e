"""The champions-heuristic bot, the ISMCTS hooks and render."""

import capes
from capes.core.bots.base import make_bot
from capes.core.rng import Rng


def test_heuristic_bot_plays_full_games():
    for cfg in ({}, {"heroes": ["spider_man", "she_hulk"], "villain": "klaw"}):
        g = capes.load("champions", **cfg)
        s = g.new_game(1)
        bots = [make_bot("champions-heuristic", g, i, seed=1) for i in range(g.num_seats)]
        while not s.is_over:
            s.apply(bots[s.decision.seat].choose(s))
        assert s.result is not None


def test_rollout_policy_evaluate_and_render():
    g = capes.load("champions")
    s = g.new_game(2)
    r = Rng(3)
    for _ in range(30):
        if s.is_over:
            break
        oid = g.rollout_policy(s, r)
        assert oid in s.decision.ids()
        v = g.evaluate(s, 0)
        assert 0.0 <= v <= 1.0
        s.apply(oid)
    text = g.render(s, 0)
    assert "VILLAIN" in text and "MAIN SCHEME" in text


def test_ismcts_makes_a_legal_choice():
    g = capes.load("champions")
    s = g.new_game(4)
    bot = make_bot("ismcts", g, 0, seed=1, iterations=10, rollout_depth=10)
    assert bot.choose(s) in s.decision.ids()
