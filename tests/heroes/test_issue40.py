"""Issue 40, Marvel Heroes: rule classes that slipped (no stacking, "just rolled", "may"), each test naming and
quoting the rule it checks (docs/audits/ lists every place of each class)."""

from capes.games.heroes import effects
from tests.heroes.helpers import BLANK, HIT, HIT_BOOST, TWO_HITS, play
from tests.heroes.test_rules import _ts_state


def _in_combat(agents=()):
    """The Human Torch (Fire Blast a4) against Rhino in The Village, with the given Agents played beside him."""
    st, d = _ts_state(players=2, seat=0)
    st.vhand[1] = ["rhino", *agents]
    st.forced = [TWO_HITS] * 5 + [BLANK] * 10  # Trouble 10: room for Rhino and two Agents
    play(st, "trouble:village-star", "lead:rhino")
    for a in agents:
        play(st, f"agent:{a}")
    while st.decision.kind == "villains":
        play(st, "pass")
    play(st, "power:red", "power:red")
    return st


# ---------------------------------------------------------------- item 8: abilities do not stack
def test_two_copies_of_one_agent_lower_a_rating_once_heroes_combat_timing_2():
    """heroes/combat/timing/2 ("Abilities do not 'stack'; that is, abilities may not be used multiple times to
    affect the same dice roll or value") with heroes/combat/timing/6 (Agents are continuous): two Hydra Agents take
    Fire Blast's Attack from 4 to 3, not 2."""
    st = _in_combat(("hydra_agent", "hydra_agent"))
    assert st.cb["agents"] == ("hydra_agent", "hydra_agent")
    assert st.base_rating("H", "a") == 3 and st.power_ratings("H", st.cb["hp"])[0] == 3


def test_different_agents_each_lower_a_rating_heroes_combat_timing_6():
    """Two different Agents are two abilities: Hydra Agents (Attack 1 lower) and Maggia Thugs (every rating 1
    lower) take Fire Blast's Attack from 4 to 2."""
    st = _in_combat(("hydra_agent", "maggia_thug"))
    assert st.base_rating("H", "a") == 2


def test_identical_henchmen_agents_lower_a_rating_once_heroes_combat_henchmen():
    """heroes/combat/henchmen: a Mastermind's Henchmen drawn from the Villain deck that are Agents act as Agents;
    two identical ones are one ability (heroes/combat/timing/2)."""
    st = _in_combat()
    st.cb["agents"] = ("hydra_agent", "hydra_agent")  # as masterminds._mm_combat builds them from the draw
    assert st.base_rating("H", "a") == 3


# ---------------------------------------------------------------- item 9: "just rolled" includes boost rerolls
def test_cancel_boost_dice_cancels_rerolled_boost_dice_too_heroes_combat_timing_3():
    """heroes/combat/timing/3 ("When an ability refers to dice 'just rolled,' this includes both the initial roll and
    any rerolls from dice boosting"): Crystal's Elemental Shield ("Cancel every die showing a BOOST icon the
    opponent just rolled") cancels a boost reroll showing HIT + BOOST as well as the first-roll one."""
    st = _in_combat()
    st.cb["Vdice"] = (HIT_BOOST, HIT_BOOST + 10, TWO_HITS)
    assert effects.usable_cancel_opp_boost(st, "H", {})
    effects.cancel_opp_boost(st, "H", {})
    assert st.cb["Vdice"] == (-1, -1, TWO_HITS)
    st.cb["Vdice"] = (TWO_HITS, HIT_BOOST + 10)
    assert effects.usable_cancel_opp_boost(st, "H", {}), "a reroll showing BOOST is a die just rolled"


def test_reroll_blanks_rerolls_blank_boost_rerolls_heroes_combat_timing_3():
    """The same reading for "reroll the blank dice you just rolled" (Moon Knight, Targeting Computer, Never
    Misses): a blank boost reroll is rerolled too (and the new die, a reroll, does not boost)."""
    st = _in_combat()
    st.cb["Hdice"] = (HIT_BOOST, BLANK + 10, HIT)
    assert effects.usable_reroll_blanks(st, "H", {})
    st.forced = [TWO_HITS]
    effects.reroll_blanks(st, "H", {})
    assert st.cb["Hdice"] == (HIT_BOOST, TWO_HITS + 10, HIT)


# ---------------------------------------------------------------- item 10: "may" is a choice
def _mastermind_defeated():
    """The Mastermind challenge of test_rules' Henchmen test, won by the Super Hero (heroes/mastermind/defeated)."""
    st, d = _ts_state(players=2, head="gang_war", seat=0)
    st.forced = [BLANK] * 6
    play(st, "trouble:village-circle", "plan:dd_prologue", "scheme:no")
    st.vdeck += ["toad", "hydra_agent", "rhino"]
    play(st, "challenge")
    st.cb["fko"] = st.cb["fkov"] - 1
    play(st, "power:red", "power:red")
    st.forced = [TWO_HITS] * 4 + [BLANK] * 3
    guard = 0
    while st.cb is not None and guard < 30:
        ids = st.decision.ids()
        play(st, "pass" if "pass" in ids else ids[0])
        guard += 1
    assert st.decision.kind == "mastermind"
    return st


def test_the_team_power_up_after_a_mastermind_may_be_declined_heroes_mastermind_defeated():
    """heroes/mastermind/defeated ("If the Hero player wins the combat, he may put one of his Team Power-Up cards
    into play"): "may" is a choice, so declining is offered; declining puts none into play and says so (it can
    matter for the First Player tie-break, heroes/round-setup/first-player: "the tied player with fewer Team
    Power-Ups in play receives the First Player token")."""
    st = _mastermind_defeated()
    assert "powerup:none" in st.decision.ids() and len(st.decision.ids()) >= 2
    play(st, "powerup:none")
    assert st.pups[0] == [] and "puts no Team Power-Up into play" in st.log[-1].text


# ---------------------------------------------------------------- ties (docs/audits/ties.md): House of M's first challenger
def test_house_of_m_tie_for_the_most_vp_starts_from_the_first_player_heroes_winning_house_of_m():
    """heroes/winning/house-of-m ("All the players challenge Magneto one after the other, starting with the player who
    has the most Victory Points and proceeding clockwise"), silent on a tie: the tied player reached first going
    clockwise from the First Player starts (docs/rulings/heroes.md, issue 40)."""
    from tests.heroes.helpers import new
    st = new(players=3, first=1)
    st.vp = [5, 3, 5]
    st._start_house_of_m()
    assert st.stack[-1] == ("homnext", 2, 0)
    st.first = 0
    st._start_house_of_m()
    assert st.stack[-1] == ("homnext", 0, 0)


def test_cap_opp_die_reaches_a_rerolled_two_hit_die_heroes_combat_timing_3():
    """heroes/combat/timing/3 for Innocent Bystanders' `cap_opp_die` (a die of the opponent's roll showing 2 HITS
    counts as 1): a boost reroll showing 2 HITS is a die just rolled, and stays a reroll."""
    st = _in_combat()
    st.cb["Hdice"] = (BLANK, TWO_HITS + 10)
    assert effects.usable_cap_opp_die(st, "V", {})
    effects.cap_opp_die(st, "V", {})
    assert st.cb["Hdice"] == (BLANK, HIT + 10)


def test_two_copies_of_one_backup_effect_are_one_ability_heroes_combat_timing_2():
    """heroes/combat/timing/2 ("Abilities do not 'stack'"): with two Toad Backup Effects, once one is used on a roll
    the other is no longer offered for that roll (Leaping Ambush: 1 HIT fewer for the Super Hero, after the roll)."""
    st = _in_combat()
    st.cb["backs"] = ("toad", "toad")
    st.cb["used"] = ()
    st.cb["Hdice"] = (TWO_HITS,)
    offered = [k for k, _lab, _ab in st._sources("V", "post") if k.startswith("b:")]
    assert offered, "a Backup Effect is offered before either is used"
    st.cb["used"] = (offered[0], "=toad")
    assert not [k for k, _lab, _ab in st._sources("V", "post") if k.startswith("b:")]
