"""Tests of the rulings in docs/rulings/heroes.md (each names its rule id)."""

from __future__ import annotations

import pytest

import capes
from capes.core.errors import ConfigError
from capes.games.heroes.engine import ROUND_CAP, SEQ_CAP
from tests.heroes.helpers import new


def test_arch_tie_henchmen_heroes_ruling_arch_tie() -> None:
    """heroes/ruling/arch-tie, heroes/round-setup/archnemesis: Avengers and Knights tied for the most VP; the
    Nemesis controllers are seat 3 (Red Skull, Henchmen 2) and seat 0 (Kingpin, Henchmen 4): seat 0 is Archnemesis."""
    st = new(players=4)
    st.vp = [3, 1, 7, 7]
    st._assign_tokens()
    assert st.arch == 0


def test_arch_tie_none_option_heroes_ruling_arch_tie() -> None:
    """heroes/ruling/arch-tie: with arch_tie=none (the Archnemesis section's reading) nobody is Archnemesis."""
    st = new(players=4, arch_tie="none")
    st.vp = [3, 1, 7, 7]
    st._assign_tokens()
    assert st.arch == -1


def test_arch_tie_equal_henchmen_heroes_ruling_arch_tie() -> None:
    """heroes/ruling/arch-tie: F4 and X-Men tied; Doctor Doom and Magneto both have Henchmen 3: nobody."""
    st = new(players=4)
    st.vp = [6, 6, 2, 0]
    st._assign_tokens()
    assert st.arch == -1


def test_arch_single_leader_heroes_round_setup_archnemesis() -> None:
    """heroes/round-setup/archnemesis: the controller of the leading Team's Nemesis (the next seat)."""
    st = new(players=3)
    st.vp = [1, 9, 2]
    st._assign_tokens()
    assert st.arch == 2


def test_first_player_heroes_round_setup_first_player() -> None:
    """heroes/round-setup/first-player: fewest VP, then fewer Power-Ups."""
    st = new(players=3)
    st.vp = [4, 2, 2]
    st.pups = [[], ["pu_quinjet"], []]
    st._assign_tokens()
    assert st.first == 2


def test_round_cap_heroes_ruling_round_cap() -> None:
    """heroes/ruling/round-cap: the game ends after Game Round 15 even if nobody reaches the Scenario's goal."""
    game = capes.load("heroes", players=2)
    st = game.new_game(3)
    while not st.is_over:
        st.apply("story" if "story" in st.decision.ids() else st.decision.ids()[-1])
    assert st.round <= ROUND_CAP
    assert any(e.rule in ("heroes/ruling/round-cap", "heroes/winning") for e in st.log)


def test_sequence_cap_constant_heroes_ruling_sequence_cap() -> None:
    """heroes/ruling/sequence-cap: a combat in which nobody can score ends after SEQ_CAP sequences: the Villain wins
    and the Headline is discarded."""
    from capes.games.heroes.engine import DIST0
    from tests.heroes.helpers import BLANK, TWO_HITS, place, play, to_actions

    st = new(players=2, first=0)
    to_actions(st)
    st.heads[2] = "you_cant_defeat_me"
    place(st, 0, "human_torch", DIST0 + st.head_dist(2))
    st.vhand[1] = ["rhino"]
    st.forced = [TWO_HITS] * 5 + [BLANK] * 2000  # every combat die blank: no KO, Outwit ties
    play(st, "trouble:village-star", "lead:rhino")
    guard = 0
    while st.ts is not None and guard < 500:
        ids = st.decision.ids()
        play(st, "pass" if "pass" in ids else ids[0])
        guard += 1
    assert SEQ_CAP == 10 and st.cb is None and st.ts is None
    capped = [e.text for e in st.log if e.rule == "heroes/ruling/sequence-cap"]
    assert capped and "10 combat sequences" in capped[0]
    assert "you_cant_defeat_me" in st.hdisc and st.vp[0] == 0


def test_bad_config_one_line() -> None:
    for cfg, key in [({"players": 5}, "players"), ({"scenario": "nope"}, "scenario"),
                     ({"players": 3, "teams": "f4,xmen"}, "teams"), ({"teams": "f4,hydra"}, "teams"),
                     ({"arch_tie": "coin"}, "arch_tie"), ({"content": "/no/such/dir"}, "content")]:
        with pytest.raises(ConfigError) as e:
            capes.load("heroes", **cfg)
        msg = str(e.value)
        assert "\n" not in msg and key in msg
