"""The race count of the champions bots (bots/race.py, issue 41) and the reasons the levels give for their choices.

Marvel Champions is a race (champions/rr/main-scheme: the villain wins when the last stage of the main scheme
completes; champions/summary/scoring/victory: the heroes win when the villain's last stage is defeated)."""

import capes
from capes.core.bots.base import make_bot
from capes.games.champions.bots import BOTS
from capes.games.champions.bots.race import clocks, race
from tests.champions.helpers import scenario


def _thwarts_main(s, oid):
    return oid in (f"thw:{s.mscheme}",) or (oid.startswith("athw:") and oid.endswith(f":{s.mscheme}"))


def test_race_counts_a_scheme_one_villain_phase_from_completion():
    """The Break-In! (target 7, acceleration 1 a villain phase) at 6 threat against a fresh Rhino: the scheme
    completes in the next villain phase, the villain needs many rounds, so the count says thwart."""
    s = scenario(threat=6)
    r = race(s)
    assert r.final and r.budget == 1
    assert r.scheme_rounds <= 1.0 < r.villain_rounds
    assert r.scheme_first and r.deficit > 0
    assert r.p_next == 1.0  # the acceleration alone completes it
    assert clocks(r) == "the scheme would complete in 1 round, the villain needs 9 rounds"  # 29 hit points, 4.5 a round


def test_normal_and_hard_thwart_when_the_scheme_wins_the_race():
    """With the scheme one villain phase from completion and the villain far from defeat, ``normal`` and ``hard``
    spend the basic power on the main scheme, and say why in the race's terms."""
    for level in ("normal", "hard"):
        s = scenario(threat=6, hand=["01005"])  # Swinging Web Kick in hand: an attack is on offer too
        bot = make_bot(level, s.game, 0, seed=4)
        assert any(o.id.startswith("atk:") for o in s.decision.options)
        chosen = []
        for _ in range(60):
            if s.is_over or s.turn == -1:
                break
            oid, why = bot.choose_with_reason(s)
            chosen.append((oid, why))
            s.apply(oid)
        thw = [(o, w) for o, w in chosen if _thwarts_main(s, o)]
        assert thw, (level, chosen)
        assert thw[0][1].startswith("thwart: the next villain phase completes the scheme"), thw[0][1]
        assert s.thr[s.mscheme] <= 5


def test_race_says_attack_when_the_villain_falls_first():
    """Rhino on his last stage at 2 hit points, no threat on the main scheme: the villain falls first, the bot
    attacks him."""
    s = scenario(threat=0)
    s.vstages.clear()  # the stage in play is the last one
    s.dmg[s.villain] = s.hp(s.villain) - 2
    r = race(s)
    assert not r.scheme_first and r.villain_rounds < 1.0
    bot = make_bot("normal", s.game, 0, seed=2)
    oid, why = bot.choose_with_reason(s)
    assert oid == f"atk:{s.villain}", (oid, why)
    assert why.startswith("attack the villain: the scheme would complete in"), why


def test_every_level_gives_a_one_line_reason_and_explaining_changes_nothing():
    """choose_with_reason, last_reason and explain on every level: one readable line per decision; asking for an
    explanation first does not change what the bot then chooses (its random stream is left as it was)."""
    g = capes.load("champions", heroes=["captain_marvel"], villain="klaw")
    for level in BOTS:
        a, b = make_bot(level, g, 0, seed=7), make_bot(level, g, 0, seed=7)
        s = g.new_game(11)
        for _ in range(25):
            if s.is_over:
                break
            line = b.explain(s)
            assert line and "\n" not in line
            oid, why = b.choose_with_reason(s)
            assert oid == a.choose(s), level
            assert why == b.last_reason and why and "\n" not in why
            if level != "easy" and len(s.decision.options) > 1:
                assert b.explain(s, oid) == why  # the reason for a choice is the explanation of that action
            s.apply(oid)


def test_a_question_s_reason_never_shows_an_internal_id() -> None:
    """What a person sees is true and readable: the first-player question's reason is named by its prompt, not by
    the engine's decision kind (it read "pick_first: Player 1 (Peter Parker)")."""
    import capes
    from capes.core.bots.base import make_bot

    game = capes.load("champions", heroes=["spider_man", "she_hulk"], villain="rhino")
    state = game.new_game(seed=4)
    d = state.decision
    bot = make_bot("normal", game, d.seat, seed=4)
    bot.choose(state)
    assert d.kind not in bot.last_reason and bot.last_reason.startswith(d.prompt.rstrip(" :?"))
