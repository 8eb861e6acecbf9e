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


def test_heuristic_ranking_puts_its_choice_first_then_troubleshooting_then_the_best_moves() -> None:
    """The order the hard level widens over (issue #15: progressive widening over the heuristic's ordering)."""
    from capes.games.heroes.bots import HeuristicBot

    g = capes.load("heroes", players=2)
    checked = 0
    for seed in range(3):
        st = g.new_game(seed)
        bots = [HeuristicBot(g, s, seed=seed) for s in range(2)]
        while not st.is_over and checked < 40:
            d = st.decision
            bot = bots[d.seat]
            if d.kind == "action" and len(d.options) > 2:
                ranked = bot.ranking(st)
                assert sorted(ranked) == sorted(d.ids()) and ranked[0] == bot.choose(st)
                scores = bot._move_scores(d.ids(), st.view(d.seat))
                rest = [a for a in ranked[1:] if a.startswith("trouble:") or a in scores]
                assert rest == ranked[1:1 + len(rest)]  # promising options straight after the choice
                assert [a for a in rest if a.startswith("trouble:")] == rest[:sum(a.startswith("trouble:") for a in rest)]
                moves = [scores[a] for a in rest if a in scores]
                assert moves == sorted(moves, reverse=True)
                checked += 1
            st.apply(bot.choose(st))
    assert checked >= 20


def test_hard_compares_the_heuristic_top_three_actions_on_common_deals() -> None:
    """Issue #15 'search that beats the rules of thumb': hard is a paired search over the heuristic's ranking at
    Action Round decisions, and answers the other decisions with the heuristic itself."""
    from capes.games.heroes.bots import SEARCH_KINDS, HeuristicBot

    g = capes.load("heroes", players=2)
    st = g.new_game(4)
    h = [HeuristicBot(g, s, seed=4) for s in range(2)]
    seen = set()
    while len(seen) < 2:
        d = st.decision
        if len(d.options) > 3 and d.seat == 0 and d.kind not in seen:
            hard = make_bot("hard", g, 0, seed=1, iterations=12)
            pick = hard.choose(st)
            if d.kind in SEARCH_KINDS:
                assert list(hard.last_stats) == h[0].ranking(st)[:3]
                assert all(n == 4 for n, _ in hard.last_stats.values()) and hard.last_iterations == 12
            else:
                assert hard.last_stats == {} and pick == h[0].choose(st)
            seen.add("action" if d.kind in SEARCH_KINDS else "other")
        st.apply(h[d.seat].choose(st))


def test_the_heuristic_reads_only_what_the_view_shows() -> None:
    """Fair play (issue #15): every fact ``seen`` hands the heuristic equals the same entry of ``view(seat)``, for each
    seat at every decision of three- and four-player games (combat included)."""
    from capes.games.heroes.bots import HeuristicBot, seen

    fights = 0
    for players in (3, 4):
        g = capes.load("heroes", players=players)
        st = g.new_game(players)
        bots = [HeuristicBot(g, s, seed=players) for s in range(players)]
        while not st.is_over:
            for s in range(players):
                view, facts = st.view(s), seen(st, s)
                assert facts["pp"] == view["pp"] and facts["teams"] == view["teams"]
                assert facts["headlines"] == view["headlines"]
                assert facts["heroes"] and all(view["heroes"][h]["loc"] == f["loc"] for h, f in facts["heroes"].items())
                assert set(facts["heroes"]) == set(g.team_heroes[view["teams"][s]])
                if view["combat"] is None:
                    assert facts["combat"] is None
                else:
                    assert facts["combat"] == {k: view["combat"][k] for k in facts["combat"]}
                    fights += 1
            st.apply(bots[st.decision.seat].choose(st))
    assert fights > 50
