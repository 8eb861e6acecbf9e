"""HeroesGame.glossary: the text of everything a seat can see, never another seat's hand or secret pick
(issue 10; rule ids heroes/cards/villains, heroes/combat/1)."""

from __future__ import annotations

import capes
from capes.core.rng import Rng
from capes.games.heroes.engine import DIST0
from tests.heroes.helpers import HIT, new, place, play, to_actions


def _mid_game(players: int = 3, seed: int = 4, steps: int = 200):  # type: ignore[no-untyped-def]
    g = capes.load("heroes", players=players)
    st = g.new_game(seed)
    r = Rng(seed)
    for _ in range(steps):
        o = st.decision.options
        st.apply(o[r.randbelow(len(o))].id)
    return g, st


def test_glossary_covers_what_is_in_view_heroes_teams() -> None:
    """heroes/teams, heroes/reference-cards, heroes/round-setup/headlines, heroes/board/story-track: every Super Hero
    and Mastermind in play, their Powers and abilities, the Scenario, the Headlines and Story cards on the board, the
    seat's own hand."""
    g, st = _mid_game()
    C = g.C
    gl = g.glossary(st, 0)
    for s in range(3):
        for hid in C.teams[st.teams[s]].heroes:
            h = C.heroes[hid]
            assert h.name in gl and h.support.text in gl[h.name]
            for p in h.powers:
                assert any(k.startswith(p.name) for k in gl)
        assert C.masterminds[st.mastermind_of(s)].name in gl
    assert C.scenarios[st.scen].name in gl
    for h in st.heads:
        if h:
            assert C.headlines[h].name in gl
    for c in st.track:
        assert C.stories[c].name in gl
    for c in st.rhand[0]:
        assert C.resources[c].name in gl
    for c in st.vhand[0]:
        assert C.villains[c].name in gl
    assert all(v and "_" not in k for k, v in gl.items())


def test_glossary_never_shows_another_hand_heroes_cards_villains() -> None:
    """heroes/cards/villains: a Villain card held only by seat 1 is in seat 1's glossary, not in seat 0's nor a
    spectator's."""
    g, st = _mid_game()
    st.vdisc = [c for c in st.vdisc if c != "juggernaut"]
    st.vdeck = [c for c in st.vdeck if c != "juggernaut"]
    st.wanted = [c for c in st.wanted if c != "juggernaut"]
    for h in st.vhand:
        while "juggernaut" in h:
            h.remove("juggernaut")
    st.vhand[1].append("juggernaut")
    assert "Juggernaut" in g.glossary(st, 1)
    for seat in (0, 2, None):
        gl = g.glossary(st, seat)
        assert "Juggernaut" not in gl and not any("Juggernaut" in v for v in gl.values())


def test_glossary_reveals_no_secret_pick_heroes_combat_1() -> None:
    """heroes/combat/1: the Villain's glossary is the same before and after the Hero's secret Combat Power pick."""
    st = new(players=2, first=0)
    to_actions(st)
    st.heads[2] = "you_cant_defeat_me"
    place(st, 0, "human_torch", DIST0 + st.head_dist(2))
    st.vhand[1] = ["rhino"]
    st.forced = [HIT] * 8
    play(st, "trouble:village-star", "lead:rhino")
    while st.decision.kind != "power":
        play(st, "pass")
    g = st.game
    before = g.glossary(st, 1)
    play(st, "power:yellow")
    assert st.decision.kind == "power" and st.decision.seat == 1
    assert g.glossary(st, 1) == before


def test_a_card_the_log_named_stays_at_hand_after_a_reshuffle_heroes_cards_reshuffle() -> None:
    """Issue 44: heroes/cards/reshuffle shuffles a discard pile back into its deck; a Villain or Resource card the
    seat's log named there is still found by `? NAME` (the log told the seat about it)."""
    g, st = _mid_game(players=2, seed=4, steps=200)
    told = " ".join(t for e in st.log if (t := e.seen_by(0)) is not None)
    named = {g.C.villains[c].name for c in st.vdisc if g.C.villains[c].name in told}
    named |= {g.C.resources[c].name for c in st.rdisc if g.C.resources[c].name in told}
    assert named and named <= set(g.glossary(st, 0))
    st.vdeck, st.rdeck = [], []
    st._reshuffle(st.vdeck, st.vdisc)
    st._reshuffle(st.rdeck, st.rdisc)
    gl = g.glossary(st, 0)
    assert named <= set(gl), sorted(named - set(gl))
