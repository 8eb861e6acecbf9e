"""Rendering, the heuristic bot and the ISMCTS hooks."""

import capes
from capes.core.rng import Rng
from capes.games.alliances.bots import HeuristicBot


def _mid_game(seed: int = 1):
    g = capes.load("alliances", players=2)
    s = g.new_game(seed)
    r = Rng(seed)
    for _ in range(30):
        o = s.decision.options
        s.apply(o[r.randbelow(len(o))].id)
    return g, s


def test_render_at_every_step_of_a_game_start() -> None:
    g = capes.load("alliances", players=2)
    s = g.new_game(0)
    for _ in range(12):
        assert "Legend:" in g.render(s, s.decision.seat) and g.render(s, None)
        s.apply(s.decision.options[0].id)


def test_render_grid_legend_and_dashboards() -> None:
    g, s = _mid_game()
    text = g.render(s, 0)
    assert "Legend:" in text and "Spawn Tracker:" in text and "Spectacular Spider-Man" in text
    assert "  a     b     c" in text  # column header of the grid (one 6-wide [Space] per column)


def test_heuristic_bot_picks_legal_options_and_hooks_in_range() -> None:
    g, s = _mid_game()
    bots = [HeuristicBot(g, i, seed=1) for i in range(2)]
    for _ in range(40):
        if s.is_over:
            break
        a = bots[s.decision.seat].choose(s)
        assert a in s.decision.ids()
        assert 0.0 <= g.evaluate(s, 0) <= 1.0
        assert g.rollout_policy(s, Rng(3)) in s.decision.ids()
        s.apply(a)
    assert "alliances-heuristic" in g.bots()
