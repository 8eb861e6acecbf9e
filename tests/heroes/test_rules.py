"""Conformance tests, one or more per rule; each names the rule id it checks."""

from __future__ import annotations

import capes
from capes.core.rng import Rng
from capes.games.heroes.engine import AVAIL, DIST0, READY, REC, SPACE0, SUPC, HeroesState
from tests.heroes.helpers import (
    BLANK,
    HIT,
    HIT_BOOST,
    TROUBLE,
    TWO_HITS,
    new,
    place,
    play,
    refresh,
    rules_cited,
    to_actions,
)

VILLAGE = 2


def _ts_state(players=2, head="you_cant_defeat_me", hero="human_torch", seat=0, **cfg):
    """Seat `seat` to act with `hero` Ready in the Headline's District of The Village."""
    st = new(players=players, first=seat, **cfg)
    to_actions(st)
    st.heads[VILLAGE] = head
    d = st.head_dist(VILLAGE)
    place(st, seat, hero, DIST0 + d)
    return st, d


def test_two_player_areas_heroes_board_areas() -> None:
    """heroes/board/areas: Brooklyn and Queens are not used with two players."""
    st = new(players=2)
    assert st.heads[4] == "" and st.heads[5] == ""
    to_actions(st)
    place(st, 0, "human_torch", READY)
    ids = st.decision.ids()
    assert not any("queens" in i or "brooklyn" in i for i in ids)
    st4 = new(players=4)
    assert all(st4.heads)


def test_starting_hands_heroes_setup_3() -> None:
    """heroes/setup/3: two of each deck, three with two players; heroes/setup/5: no Archnemesis in round one."""
    st2, st3 = new(players=2), new(players=3)
    assert [len(h) for h in st2.rhand] == [3, 3] and [len(h) for h in st2.vhand] == [3, 3]
    assert [len(h) for h in st3.rhand] == [2, 2, 2] and [len(h) for h in st3.vhand] == [2, 2, 2]
    assert st2.arch == -1


def test_game_round_setup_heroes_round_setup() -> None:
    """heroes/round-setup/1, heroes/round-setup/2, heroes/round-setup/3, heroes/round-setup/4, heroes/round-setup/5,
    heroes/round-setup/story-track, heroes/round-setup/headlines: round 2 advances, refills, assigns tokens."""
    st = new(players=2)
    to_actions(st)
    st.heads[1] = ""
    st.track = ["st_wedding", "st_blackbird", "st_sanctum", "st_franklin"]
    for _ in range(10):
        play(st, "story")
        while st.decision.kind == "story":
            play(st, "advance")
        if st.round == 2:
            break
    assert st.round == 2 and st.ar == 1
    assert st.heads[1] != ""
    assert "heroes/round-setup/archnemesis" in rules_cited(st)


def test_receive_plot_points_heroes_planning_1() -> None:
    """heroes/planning/1: available heroes (not in a District, not wounded) plus 1 per 5 VP."""
    st = new(players=2)
    to_actions(st)
    st.hloc[0] = [DIST0 + 3, SPACE0, REC, SUPC]
    st.wound[0] = [0, 0, 1, 0]
    st.vp[0] = 11
    st.pp[0] = 0
    st.first = 0
    st.stack.append(("plan", 0))
    refresh(st)
    assert st.decision.ids()[0] == "keep:human_torch"  # the hero in a District is asked about first
    assert st.pp[0] == 2 + 2  # two available (Support space, Supporting) + 2 bonus for 11 VP
    assert st.hloc[0][2] == REC and st.hloc[0][1] == AVAIL and st.hloc[0][3] == AVAIL


def test_keep_on_board_heroes_planning_keep() -> None:
    """heroes/planning/keep: pay the Level to stay Ready in the District, else go to Recovery."""
    st = new(players=2)
    to_actions(st)
    st.hloc[0] = [DIST0 + 3, REC, REC, REC]
    st.pp[0] = 0
    st.stack.append(("plan", 0))
    refresh(st)
    d = st.decision
    assert d.ids()[0] == "keep:human_torch"  # 3 available -> 3 PP >= Level 2
    play(st, "keep:human_torch")
    assert st.hloc[0][0] == DIST0 + 3 and st.pp[0] == 1
    st.hloc[0] = [DIST0 + 3, DIST0 + 4, DIST0 + 5, DIST0 + 6]
    st.pp[0] = 1
    st.stack.append(("plan", 0))
    refresh(st)
    assert st.decision.seat is not None
    assert st.hloc[0] == [REC, REC, REC, REC]  # nobody affordable: all to Recovery


def test_heal_heroes_planning_3() -> None:
    """heroes/planning/3: a wounded hero stays in Recovery and loses the Wound."""
    st = new(players=2)
    to_actions(st)
    st.wound[0] = [1, 0, 0, 0]
    st.stack.append(("plan", 0))
    refresh(st)
    to_actions(st)
    assert st.wound[0][0] == 0 and st.hloc[0][0] == REC


def test_allies_heroes_planning_4_and_allegiance() -> None:
    """heroes/planning/4, heroes/cards/allegiance, heroes/planning/unspent: a linked Ally keeps its Plot Point,
    one extra Plot Point may go on it, at most three Allies; unspent Plot Points are kept."""
    st = new(players=4, teams="avengers,f4,xmen,knights", first=0)
    st.rhand[0] = ["namor", "black_widow"]
    play(st, "recover:captain_america", "recover:hulk", "recover:iron_man", "recover:thor")
    assert st.decision.ids() == ["ally:namor", "ally:black_widow", "ally:none"]
    play(st, "ally:namor", "extra:yes")
    assert st.allies[0] == [["namor", 2]] and st.pp[0] == 2
    # a fourth Ally forces a discard
    st.allies[0] = [["nick_fury", 0], ["wasp", 1], ["beast", 0], ["namor", 2]]
    st.stack.append(("allydrop", 0))
    refresh(st)
    play(st, "drop:1:wasp")
    assert [a[0] for a in st.allies[0]] == ["nick_fury", "beast", "namor"]
    assert st.pp[0] == 2  # kept for later rounds


def test_copies_of_an_ally_are_told_apart_by_plot_points() -> None:
    """heroes/cards/allies, contract 'labels': two copies of an Ally with the same Plot Points are one choice;
    with different Plot Points each label says how many (discarding or using the one with a Point differs)."""
    st = new(players=4, teams="avengers,f4,xmen,knights", first=0)
    play(st, "recover:captain_america", "recover:hulk", "recover:iron_man", "recover:thor")
    st.allies[0] = [["wasp", 1], ["wasp", 1], ["beast", 0], ["namor", 2]]
    st.stack.append(("allydrop", 0))
    refresh(st)
    assert [o.label for o in st.decision.options] == ["Discard the Ally The Wasp (1 Plot Point on it)",
                                                      "Discard the Ally Beast"]
    st.allies[0][1][1] = 0
    refresh(st)
    assert [o.label for o in st.decision.options] == ["Discard the Ally The Wasp (1 Plot Point on it)",
                                                      "Discard the Ally The Wasp (no Plot Point on it)",
                                                      "Discard the Ally Beast"]


def test_power_up_purchase_heroes_missions_story_cards() -> None:
    """heroes/missions/story-cards: three Story cards buy a Team Power-Up; the VP stay."""
    st = new(players=2, first=0)
    st.stories[0] = ["st_wedding", "st_franklin", "st_cover_story"]
    st.vp[0] = 3
    play(st, "recover:human_torch", "recover:invisible_woman", "recover:mr_fantastic", "recover:thing")
    if st.decision.ids()[0].startswith("ally"):
        play(st, "ally:none")
    play(st, "powerup:pu_fantasticar")
    assert st.pups[0] == ["pu_fantasticar"] and st.stories[0] == [] and st.vp[0] == 3


def test_support_spaces_heroes_missions_move() -> None:
    """heroes/missions/move, heroes/missions/support-spaces: two heroes per Area's Support spaces at most."""
    st = new(players=2, first=0)
    to_actions(st)
    st.hloc[0] = [SUPC, SUPC, SUPC, REC]
    st.hloc[1] = [SPACE0, REC, REC, REC]
    refresh(st)
    play(st, "sup:human_torch:upper")
    assert st.hloc[0][0] == SPACE0 + 1
    st.stack[-1] = ("act", 0)
    refresh(st)
    assert "sup:invisible_woman:upper" not in st.decision.ids()
    assert "sup:invisible_woman:central" in st.decision.ids()


def test_medical_treatment_heroes_missions_medical() -> None:
    """heroes/missions/medical: the Wound is removed, the hero stays in Recovery."""
    st = new(players=2, first=0)
    to_actions(st)
    st.wound[0][2] = 1
    refresh(st)
    play(st, "medical:mr_fantastic")
    assert st.wound[0][2] == 0 and st.hloc[0][2] == REC


def test_story_manipulate_heroes_missions_story() -> None:
    """heroes/missions/story: draw a Resource card, then move one of your Team's Story cards to the last position."""
    st = new(players=2, first=0)
    to_actions(st)
    st.track = ["st_wedding", "st_blackbird", "st_sanctum", "st_franklin"]
    n = len(st.rhand[0])
    refresh(st)
    play(st, "story", "manip:0")
    assert len(st.rhand[0]) == n + 1
    assert st.track == ["st_blackbird", "st_sanctum", "st_franklin", "st_wedding"]


def test_story_card_of_absent_team_heroes_missions_story_cards() -> None:
    """heroes/missions/story: a pushed-off card whose Team is not in play is discarded."""
    st = new(players=2, first=0)
    to_actions(st)
    st.track = ["st_wedding", "st_blackbird", "st_sanctum", "st_stark_expo"]
    refresh(st)
    play(st, "story", "advance")
    assert "st_stark_expo" in st.sdisc and st.vp == [0, 0]


def test_rampage_heroes_missions_ability() -> None:
    """heroes/missions/ability, heroes/ruling/rampage: the Hulk's Rampage — Recovery, 2 Resource cards, the first 2
    Story cards (at the beginning of the track, where new cards enter) discarded."""
    st = new(players=4, teams="avengers,f4,xmen,knights", first=0)
    to_actions(st)
    place(st, 0, "hulk", SUPC)
    st.track = ["st_wedding", "st_blackbird", "st_sanctum", "st_franklin"]
    n = len(st.rhand[0])
    play(st, "ability:hulk")
    assert st.hloc[0][1] == REC and len(st.rhand[0]) == n + 2 and st.track == ["st_sanctum", "st_franklin"]
    assert st.sdisc[-2:] == ["st_wedding", "st_blackbird"]


def test_skill_blocks_boost_heroes_troubleshooting_1_skills() -> None:
    """heroes/troubleshooting/1/skills: Wolverine (Fight) on a Fight Headline: the BOOST is ignored."""
    st, d = _ts_state(players=2, seat=1, hero="wolverine")
    st.forced = [HIT, HIT, TROUBLE, HIT_BOOST, BLANK, TROUBLE]
    play(st, "trouble:village-star")
    assert any(e.text.endswith("Trouble Level 4.") for e in st.log if e.rule == "heroes/troubleshooting/1")


def test_dice_cap_heroes_dice_cap() -> None:
    """heroes/dice/cap, heroes/mastermind/scheming/threat: the Threat roll never uses more than 8 dice
    (a Threat 7 Headline + Kingpin... here Doctor Doom's Crime Threat rating)."""
    st, d = _ts_state(players=2, head="prison_break", seat=0)  # Crime, Threat 7, Mastermind
    st.forced = [BLANK] * 8 + [HIT] * 5
    play(st, "trouble:village-circle")
    while st.decision.kind == "mastermind":
        ids = st.decision.ids()
        play(st, "scheme:threat" if "scheme:threat" in ids else ids[-1])
    assert st.forced == [HIT] * 5  # exactly 8 dice were rolled


def test_support_troubleshooting_heroes_troubleshooting_2_support() -> None:
    """heroes/troubleshooting/2/support: Storm Supporting in the Area reduces a Danger Headline by 2 more."""
    st, d = _ts_state(players=2, head="stadium_panic", seat=1, hero="wolverine")  # Danger 5 (protection, rescue)
    place(st, 1, "storm", SPACE0 + 2 * VILLAGE)
    st.forced = [HIT, HIT, HIT, HIT, TROUBLE]  # Storm has Rescue: no boosting; Trouble 5
    play(st, "trouble:village-diamond")
    # heroes/troubleshooting/1/skills: the log says why the dice are not boosted, in words
    assert any(e.text.startswith("Threat roll of 5 dice (no boosting: a Super Hero there has one of the Headline's "
                                 "Skills): Trouble Level 5") for e in st.log)
    assert st.ts["trouble"] == 3  # Wolverine's Danger rating 2
    play(st, "use:storm")
    assert st.ts["trouble"] == 1


def test_no_lead_villain_scores_heroes_troubleshooting_5() -> None:
    """heroes/troubleshooting/5: Trouble reduced to 0 -> the Headline is scored at once."""
    st, d = _ts_state(players=2, seat=0)
    st.forced = [BLANK] * 5
    play(st, "trouble:village-star")
    assert st.vp[0] == 3 and st.heads[VILLAGE] == "" and st.ts is None


def _to_combat(st, lead="rhino", forced_trouble=(HIT,) * 5):
    st.vhand[1] = [lead]
    st.forced = list(forced_trouble)
    play(st, "trouble:village-star")
    play(st, f"lead:{lead}")
    while st.decision.kind == "villains":
        play(st, "pass")


def test_villain_wins_heroes_troubleshooting_4() -> None:
    """heroes/troubleshooting/4: the defeated hero goes to Recovery with a Wound; the Supporting hero stays;
    a Most Wanted Villain goes to a Most Wanted space (heroes/troubleshooting/3/most-wanted)."""
    st, d = _ts_state(players=2, seat=0)
    place(st, 0, "invisible_woman", SPACE0 + 2 * VILLAGE)
    st.vdeck += ["toad", "toad"]
    _to_combat(st, lead="avalanche", forced_trouble=(TWO_HITS,) * 5)
    st.ko[0][0] = 1
    play(st, "power:red")
    # Tremor a3|d1|w1: the Torch misses, then Avalanche's 3 dice beat the Torch's 2 blank Defend dice
    st.forced = [BLANK] * 4 + [TWO_HITS] + [TWO_HITS] * 3 + [BLANK] * 2
    play(st, "power:red")
    guard = 0
    while st.cb is not None and guard < 50:
        play(st, "pass")
        guard += 1
    assert st.wound[0][0] == 1 and st.hloc[0][0] == REC
    assert st.hloc[0][1] == SPACE0 + 2 * VILLAGE
    assert st.wanted == ["avalanche"] and st.heads[VILLAGE] == "" and "you_cant_defeat_me" in st.hdisc


def test_most_wanted_replacement_heroes_troubleshooting_3_most_wanted() -> None:
    """heroes/troubleshooting/3/most-wanted: spaces full -> the defeated Team's Nemesis controller decides;
    a Most Wanted Villain leads with Requirement 0."""
    st, d = _ts_state(players=3, seat=0)
    st.wanted = ["bullseye", "venom", "abomination"]
    st.vhand[1], st.vhand[2] = [], []
    st.forced = [HIT] * 3 + [BLANK] * 2  # Trouble 3 - Crime 2 = 1
    play(st, "trouble:village-star")
    ids = st.decision.ids()
    assert "wanted:0:bullseye" not in ids  # Cost 3 > Trouble 1
    st.wanted = ["toad", "venom", "abomination"]  # Toad is not Most Wanted but tests the Requirement-0 path
    st.stack[-1] = ("tslead", 0)
    refresh(st)
    assert st.decision.ids() == ["wanted:0:toad", "pass"] and st.decision.seat == 1
    # a Most Wanted winner with full spaces: the Nemesis controller of the defeated Team (seat 1) chooses
    st.stack.append(("wanted", 1, "juggernaut"))
    refresh(st)
    assert st.decision.seat == 1
    play(st, "replace:1:venom")
    assert st.wanted[1] == "juggernaut" and "venom" in st.vdisc


def _rhino_ability_offered_with_empty_lead_hand() -> HeroesState:
    """A 3-player combat vs Rhino whose controller (seat 1) has no Villain card and seat 2 holds one,
    advanced to where Rhino's Stampede is offered."""
    st, _ = _ts_state(players=3, seat=0)
    _to_combat(st, lead="rhino")
    st.vhand[1], st.vhand[2] = [], ["toad"]
    st.forced = [BLANK] * 40
    play(st, "power:red", "power:red")
    # Rhino's Stampede (+1 Attack die) is 'pre' but Rhino defends first: pass through until offered
    guard = 0
    while "use:f" not in st.decision.ids() and guard < 30:
        ids = st.decision.ids()
        play(st, "pass" if "pass" in ids else ids[0])
        guard += 1
    return st


def test_any_villain_pays_heroes_cards_discard() -> None:
    """heroes/cards/discard: the Lead Villain's controller has no card; another Villain player pays."""
    st = _rhino_ability_offered_with_empty_lead_hand()
    assert st.decision.seat == 1 and not st.vhand[1]
    play(st, "use:f")
    assert st.decision.seat == 2 and st.decision.ids() == ["discard:toad", "decline"]
    play(st, "discard:toad")
    assert "toad" in st.vdisc and any(e.text.startswith("Stampede") for e in st.log)
    n = len([e for e in st.log if e.rule == "heroes/combat/roll"])
    while len([e for e in st.log if e.rule == "heroes/combat/roll"]) == n:
        play(st, "pass")  # the Initiative holder may answer Stampede (heroes/combat/timing/7), then the roll
    rolls = [e.text for e in st.log if e.rule == "heroes/combat/roll"]
    assert any("Rhino 5 dice" in r for r in rolls)  # Horn Charge a4 + 1 (no boosting)


def test_outwit_tie_keeps_initiative_heroes_combat_4() -> None:
    """heroes/combat/4: an Outwit tie scores nothing and the Initiative stays."""
    st, d = _ts_state(players=2, seat=0)
    _to_combat(st, lead="toad")
    # Fire Blast a4 d2 w2 vs Tongue Lash a2 d1 w1: attack 0 vs 1, attack 0 vs 0, Outwit 1 vs 1
    st.forced = [BLANK] * 4 + [HIT] + [BLANK, BLANK] + [BLANK, BLANK] + [HIT, BLANK] + [HIT]
    play(st, "power:red", "power:red")
    while st.cb["roll"] != "w" or not st.cb["Hdice"]:
        play(st, "pass")
    while st.cb["seq"] == 1:
        play(st, "pass")
    assert st.cb["init"] == "H" and st.cb["fko"] == 0 and st.ko[0][0] == 0


def test_attack_needs_a_hit_heroes_combat_2() -> None:
    """heroes/combat/2, heroes/combat/3, heroes/combat/sequence: a tie with 0 HITS scores no KO."""
    st, d = _ts_state(players=2, seat=0)
    st.hloc[0][0] = DIST0 + d
    _to_combat(st, lead="rhino")
    st.forced = [BLANK] * 6
    play(st, "power:red", "power:red")  # Fire Blast 4 vs Horn Charge d2
    while not st.cb["Hdice"]:
        play(st, "pass")
    cmp_rule = [e.text for e in st.log if e.rule == "heroes/combat/2"]
    assert cmp_rule and cmp_rule[-1] == "Attack 0 against Defend 0: no KO."


def test_multi_character_heroes_combat_multi() -> None:
    """heroes/combat/multi: choose the fighter each sequence; when one is defeated the Villain takes Initiative."""
    st, d = _ts_state(players=2, seat=0)
    place(st, 0, "thing", DIST0 + d)
    _to_combat(st, lead="rhino")
    assert st.decision.ids() == ["fighter:human_torch", "fighter:thing"]
    play(st, "fighter:human_torch", "power:red")
    # Horn Charge a4|d2|w0 hits the Torch (KO 2) in each Second Attack; the Outwit contest is 0-0
    seq = [BLANK] * 4 + [BLANK] * 2 + [TWO_HITS] * 4 + [BLANK] * 2
    st.forced = seq + [BLANK] * 2 + seq
    play(st, "power:red")
    guard = 0
    while st.cb is not None and len(st.cb["heroes"]) == 2 and guard < 40:
        ids = st.decision.ids()
        play(st, "pass" if "pass" in ids else ids[0])
        guard += 1
    assert st.cb["heroes"] == (3,) and st.cb["init"] == "V"
    assert st.wound[0][0] == 1 and st.hloc[0][0] == REC


def test_agents_lower_ratings_heroes_combat_timing_6() -> None:
    """heroes/combat/timing/6, heroes/troubleshooting/3/agents: an Agent lowers the hero's rating all combat."""
    st, d = _ts_state(players=2, seat=0)
    st.vhand[1] = ["rhino", "hydra_agent"]
    st.forced = [HIT] * 5 + [BLANK] * 10
    play(st, "trouble:village-star", "lead:rhino", "agent:hydra_agent")
    play(st, "power:red", "power:red")
    assert st.base_rating("H", "a") == 3  # Fire Blast a4 - 1


def test_henchmen_and_challenge_heroes_mastermind_challenge() -> None:
    """heroes/mastermind/plans, heroes/mastermind/challenge, heroes/combat/henchmen, heroes/mastermind/defeated."""
    st, d = _ts_state(players=2, head="gang_war", seat=0)  # Crime 6, Mastermind icon
    st.forced = [BLANK] * 6
    play(st, "trouble:village-circle")
    assert st.decision.seat == 1 and st.decision.ids()[0] == "plan:dd_prologue"
    play(st, "plan:dd_prologue", "scheme:no")
    assert st.vp[0] == 4 and st.decision.ids() == ["challenge", "nochallenge"]
    st.vdeck += ["toad", "hydra_agent", "rhino"]
    play(st, "challenge")
    assert st.cb is not None and st.cb["mm"] and st.cb["vboost"]
    assert st.cb["backs"] == ("rhino", "toad") and st.cb["agents"] == ("hydra_agent",)
    st.cb["fko"] = st.cb["fkov"] - 1
    play(st, "power:red", "power:red")
    st.forced = [TWO_HITS] * 4 + [BLANK] * 3
    guard = 0
    while st.cb is not None and guard < 30:
        ids = st.decision.ids()
        play(st, "pass" if "pass" in ids else ids[0])
        guard += 1
    assert st.pblock[1] == st.round and st.plans[1] == 0
    assert st.decision.kind == "mastermind" and st.decision.ids()[0].startswith("powerup:")
    play(st, st.decision.ids()[0])
    assert len(st.pups[0]) == 1


def test_plan_succeeds_when_declined_heroes_mastermind_victorious() -> None:
    """heroes/mastermind/victorious: declining the challenge completes the Master Plan."""
    st, d = _ts_state(players=2, head="gang_war", seat=0)
    st.forced = [BLANK] * 6
    play(st, "trouble:village-circle", "plan:dd_prologue", "scheme:no", "nochallenge")
    assert st.plans[1] == 1 and st.plan_bonus(1, "mp_hench") == 1


def test_archnemesis_any_headline_heroes_archnemesis() -> None:
    """heroes/archnemesis: the Archnemesis may attempt a Master Plan on a normal Headline."""
    st, d = _ts_state(players=2, seat=0)
    st.arch = 1
    st.forced = [BLANK] * 5
    play(st, "trouble:village-star")
    assert st.decision.seat == 1 and st.decision.kind == "mastermind"


def test_scheming_draw_and_boost_heroes_mastermind_scheming() -> None:
    """heroes/mastermind/scheming/draw: extra Villain cards equal to the highest Level among Ready heroes."""
    st, d = _ts_state(players=2, head="gang_war", seat=0)
    st.forced = [HIT] * 6
    play(st, "trouble:village-circle", "plan:no", "scheme:no")
    assert st.decision.ids() == ["scheme:special", "scheme:no"]  # Doctor Doom's own Scheming ability
    play(st, "scheme:no", "draw:2")
    n = len(st.vhand[1])
    assert st.decision.ids() == ["scheme:draw", "scheme:no"]
    play(st, "scheme:draw")
    assert len(st.vhand[1]) == n + 2  # the Human Torch is Level 2


def test_resample_hides_power_pick_heroes_combat_1() -> None:
    """heroes/combat/1: the Villain's view and resample never reveal the Hero's secret token."""
    st, d = _ts_state(players=2, seat=0)
    _to_combat(st, lead="rhino")
    play(st, "power:orange")
    v = st.view(1)
    for k in range(5):
        r = st.resample(1, Rng(k))
        assert r.view(1) == v
    assert {st.resample(1, Rng(k)).cb["hp"] for k in range(12)} == {0, 1, 2}  # any of the Torch's tokens


def test_reshuffle_heroes_cards_reshuffle() -> None:
    """heroes/cards/reshuffle: an empty deck is rebuilt from its discard pile."""
    st = new(players=2)
    st.rdisc = st.rdeck[:]
    st.rdeck.clear()
    st.draw_resources(0, 1)
    assert st.rdisc == [] and len(st.rdeck) > 0


def test_special_headline_heroes_winning_special() -> None:
    """heroes/winning/special: solving the Scenario Headline ends the game when the Action Round ends."""
    st = new(players=2, scenario="secret_invasion", first=0)
    to_actions(st)
    st.special = "skrull_mothership"
    place(st, 0, "human_torch", READY)
    play(st, "move:human_torch:scenario")
    to = st.decision
    assert to.seat == 1
    play(st, "story")
    while st.decision.kind == "story":
        play(st, st.decision.ids()[0])
    st.forced = [BLANK] * 8
    play(st, "trouble:scenario")
    assert st.solver == 0 and st.vp[0] == 6 and not st.is_over
    play(st, "story")
    while st.decision.kind == "story":
        play(st, st.decision.ids()[0])
    assert st.is_over and st.result.outcomes[0] == "win"


def test_end_tie_breaks_heroes_winning_tie() -> None:
    """heroes/winning/tie: most VP, then the Scenario Headline's scorer, then most Power-Ups."""
    st = new(players=3)
    st.vp = [9, 9, 4]
    st.pups = [[], ["pu_cerebro"], []]
    st._finish("heroes/winning")
    assert st.winners == [1]
    st2 = new(players=3)
    st2.vp = [9, 9, 4]
    st2.pups = [[], ["pu_cerebro"], []]
    st2.solver = 0
    st2._finish("heroes/winning")
    assert st2.winners == [0]


def test_house_of_m_heroes_winning_house_of_m() -> None:
    """heroes/winning/house-of-m: after Game Round 4 everyone challenges Magneto (Henchmen 4) with two heroes."""
    game = capes.load("heroes", players=3, scenario="house_of_m")
    st = game.new_game(4)
    r = Rng(1)
    while not st.is_over and st.round <= 4 and st.decision.kind != "house_of_m":
        ids = st.decision.ids()
        st.apply(ids[r.randbelow(len(ids))])
    assert st.decision.kind == "house_of_m"
    assert "heroes/winning/house-of-m" in rules_cited(st)
    s = st.decision.seat
    assert st.vp[s] == max(st.vp)
    play(st, st.decision.ids()[0])
    play(st, st.decision.ids()[0])
    assert st.cb is not None and st.cb["foe"] == "magneto" and st.cb["vs"] == (s + 1) % 3
    assert len(st.cb["backs"]) + len(st.cb["agents"]) == 4
    while not st.is_over:
        ids = st.decision.ids()
        st.apply(ids[r.randbelow(len(ids))])
    res = st.result
    assert res is not None and (res.outcomes.count("win") == 1 or set(res.outcomes) == {"loss"})


def test_event_card_heroes_cards_events() -> None:
    """heroes/cards/events: an Event is played as the action and discarded."""
    st = new(players=2, first=0)
    to_actions(st)
    st.rhand[0] = ["press_conference"]
    pp = st.pp[0]
    refresh(st)
    play(st, "event:press_conference")
    assert st.pp[0] == pp + 2 and "press_conference" in st.rdisc and st.decision.seat == 1


def test_scheme_boost_heroes_mastermind_scheming_boost() -> None:
    """heroes/mastermind/scheming/boost: the Nemesis gives the Lead Villain dice boosting before the combat."""
    st, d = _ts_state(players=2, head="gang_war", seat=0)
    st.vhand[1] = ["rhino"]
    st.forced = [HIT] * 6
    play(st, "trouble:village-circle", "plan:no", "scheme:no", "scheme:no", "scheme:no", "lead:rhino")
    while st.decision.kind == "villains":
        play(st, "pass")
    assert st.decision.ids() == ["scheme:boost", "scheme:no"]
    play(st, "scheme:boost")
    assert st.cb is not None and st.cb["vboost"] and st.has_boost("V")


def test_initiative_first_heroes_combat_timing_7() -> None:
    """heroes/combat/timing/7, heroes/ruling/windows, heroes/combat/abilities, heroes/combat/support:
    the Initiative holder's abilities come first."""
    st, d = _ts_state(players=2, seat=0)
    st.rhand[0] = ["nick_fury", "wasp"]
    _to_combat(st, lead="rhino")
    st.vhand[1] = ["toad"]
    st.cb["init"] = "V"
    play(st, "power:red", "power:red")
    assert st.decision.seat == 1 and "use:f" in st.decision.ids()  # Rhino attacks first and acts first
    play(st, "pass")
    assert st.decision.seat == 0 and "use:h:human_torch" in st.decision.ids()  # Flame Shield on the Defend roll


def test_no_stacking_heroes_combat_timing_2() -> None:
    """heroes/combat/timing/2: one source is not used twice on the same roll, even with tokens to spare."""
    st, d = _ts_state(players=2, seat=0)
    st.allies[0] = [["black_panther", 2]]
    _to_combat(st, lead="rhino")
    st.vhand[1] = []
    st.cb["init"] = "V"
    play(st, "power:red", "power:red")  # the Torch defends with d2: Black Panther raises it to 4
    play(st, "use:a:0:black_panther")
    assert st.allies[0] == [["black_panther", 1]]
    assert st.decision.seat != 0 or "use:a:0:black_panther" not in st.decision.ids()


def test_this_sequence_window_heroes_combat_timing_5() -> None:
    """heroes/combat/timing/5: a "this sequence" ability is offered before the choice of Powers."""
    st, d = _ts_state(players=2, seat=1, hero="wolverine")
    place(st, 1, "cyclops", SPACE0 + 2 * VILLAGE)
    st.rhand[1] = ["nick_fury", "wasp"]
    st.vhand[0] = ["vulture"]
    st.forced = [HIT] * 5
    play(st, "trouble:village-star", "lead:vulture")  # Trouble 5 - Wolverine's Crime 3 = 2
    while st.decision.kind == "villains":
        play(st, "pass")
    assert st.decision.seat == 1 and "use:s:cyclops" in st.decision.ids()
    play(st, "use:s:cyclops", "discard:wasp")
    assert st.cb["Hseq"] == 1 and st.decision.kind == "power"


def test_initial_setup_heroes_setup() -> None:
    """heroes/setup/1, heroes/setup/2, heroes/setup/4, heroes/setup/6, heroes/setup/7, heroes/setup/8, heroes/setup/9,
    heroes/setup/10, heroes/setup/11, heroes/setup/12, heroes/setup/13, heroes/teams, heroes/scenario:
    the starting position."""
    st = new(players=4, first=2)
    assert st.teams == ["f4", "xmen", "avengers", "knights"]
    # heroes/setup/2: seat s runs the Nemesis of the Team on his right (seat s - 1)
    assert [st.mastermind_of(s) for s in range(4)] == ["kingpin", "doctor_doom", "magneto", "red_skull"]
    assert st.nem(0) == 1 and st.nem(3) == 0
    assert st.first == 2 and st.round == 1 and st.ar == 1
    assert len(st.track) == 4 and all(st.heads)
    assert st.vp == [0, 0, 0, 0] and st.ts is None and st.scen == "born_again"
    assert all(loc == [REC] * 4 or AVAIL in loc for loc in st.hloc)  # heroes/status/recovery: in the middle
    g = capes.load("heroes", players=3)
    firsts = {g.new_game(k).first for k in range(12)}
    assert firsts == {0, 1, 2}  # heroes/setup/4: chosen randomly


def test_dice_boost_once_heroes_dice_boost() -> None:
    """heroes/dice/boost: a BOOST die is rerolled once and added; BOOST on the reroll is ignored."""
    st, d = _ts_state(players=2, seat=0)
    # Fight Headline, Protection hero: boosting applies. Die 1 HIT/BOOST is rerolled into another HIT/BOOST,
    # which is not rerolled again; dice 2-5 are blank: 2 in all, and exactly six dice were rolled.
    st.forced = [HIT_BOOST, HIT_BOOST, BLANK, BLANK, BLANK, BLANK, TROUBLE]
    play(st, "trouble:village-star")
    rolls = [e.text for e in st.log if e.rule == "heroes/troubleshooting/1"]
    assert rolls[-1].endswith("Trouble Level 2.")
    assert st.forced == [TROUBLE]


def test_status_and_troubleshoot_options_heroes_missions_troubleshoot() -> None:
    """heroes/missions/troubleshoot, heroes/status/ready, heroes/status/supporting: only a District holding one of
    your Ready heroes can be troubleshot; a Supporting hero moves only to Support spaces."""
    st, d = _ts_state(players=2, seat=0)
    place(st, 0, "invisible_woman", SUPC)
    ids = st.decision.ids()
    assert [i for i in ids if i.startswith("trouble:")] == ["trouble:village-star"]
    assert not any(i.startswith("move:invisible_woman") for i in ids)
    assert any(i.startswith("sup:invisible_woman:") for i in ids)


def test_police_raid_heroes_board_most_wanted() -> None:
    """heroes/board/most-wanted, heroes/cards/events: an Event discards a Villain from a Most Wanted space."""
    st = new(players=2, first=0)
    to_actions(st)
    st.wanted = ["venom", "bullseye"]
    st.rhand[0] = ["police_raid"]
    refresh(st)
    play(st, "event:police_raid", "dropwanted:1:bullseye")
    assert st.wanted == ["venom"] and "bullseye" in st.vdisc


def test_nobody_pays_heroes_cards_discard() -> None:
    """heroes/cards/discard: when every other Villain player declines, the Lead Villain's ability is not used."""
    st = _rhino_ability_offered_with_empty_lead_hand()
    play(st, "use:f", "decline")
    assert st.vhand[2] == ["toad"] and any(e.text.startswith("Nobody pays") for e in st.log)
    assert "use:f" not in st.decision.ids()


def test_mastermind_scheming_ability_heroes_reference_cards() -> None:
    """heroes/reference-cards, heroes/mastermind/scheming: the Mastermind's own Scheming Special Ability (Magneto's
    Magnetic Pulse raises the Trouble Level by 2 after it was reduced to 0) is the one Scheming action."""
    st, d = _ts_state(players=2, head="gang_war", seat=1, hero="wolverine")  # X-Men: Nemesis Magneto (seat 0)
    st.forced = [BLANK] * 6
    play(st, "trouble:village-circle", "plan:no", "scheme:no")
    assert st.ts["trouble"] == 0 and st.decision.ids()[0] == "scheme:special"
    play(st, "scheme:special")
    assert st.ts["trouble"] == 2 and st.ts["scheme"] == "special"
    assert st.decision.kind == "villains" and st.decision.seat == 0


def test_same_card_twice_heroes_combat_timing_2() -> None:
    """heroes/combat/timing/2: two copies of one Ally are one ability: only one may affect a roll. Copies with
    the same Plot Points are one option (contract 'labels'); with different ones each is offered, labelled by them."""
    st, d = _ts_state(players=2, seat=0)
    st.allies[0] = [["black_panther", 1], ["black_panther", 0]]
    _to_combat(st, lead="rhino")
    st.vhand[1] = []
    st.cb["init"] = "V"
    play(st, "power:red", "power:red")
    ids = st.decision.ids()
    assert "use:a:0:black_panther" in ids and "use:a:1:black_panther" in ids
    labs = [o.label for o in st.decision.options if o.id.startswith("use:a:")]
    assert "(1 Plot Point on it)" in labs[0] and "(no Plot Point on it)" in labs[1], labs
    st.allies[0][0][1] = 0
    refresh(st)
    assert [i for i in st.decision.ids() if i.startswith("use:a:")] == ["use:a:0:black_panther"]
    play(st, "use:a:0:black_panther")
    assert st.decision.seat != 0 or not any(i.startswith("use:a:") for i in st.decision.ids())
    assert [a[0] for a in st.allies[0]] == ["black_panther"]


def test_deck_reshuffled_the_moment_it_runs_out_heroes_cards_reshuffle() -> None:
    """heroes/cards/reshuffle: "Whenever a deck of cards is exhausted" the discard pile becomes the new deck at once,
    not at the next draw: a card discarded afterwards stays in the new discard pile."""
    st = new(players=2)
    st.rdeck = ["nick_fury"]
    st.rdisc = ["hawkeye", "crystal"]
    st.draw_resources(0, 1)
    assert sorted(st.rdeck) == ["crystal", "hawkeye"] and st.rdisc == []
    st.rdisc.append("beast")  # discarded after the reshuffle
    st.draw_resources(0, 2)
    assert "beast" not in st.rhand[0] and st.rdeck == ["beast"] and st.rdisc == []
    # the Villain deck likewise, when Henchmen empty it in the middle of a draw
    st.vdeck = ["toad"]
    st.vdisc = ["rhino"]
    st._draw_v(0)
    assert st.vdeck == ["rhino"] and st.vdisc == []
    assert any(e.rule == "heroes/cards/reshuffle" for e in st.log)


def test_instant_victory_at_the_moment_of_scoring_heroes_winning() -> None:
    """heroes/winning: "the first player to acquire a certain number of Victory Points" (Infinity War: 12, at once)
    wins when the points are scored - before the Mastermind challenge or a Master Plan that would score more."""
    st, d = _ts_state(players=2, head="gang_war", scenario="infinity_war", seat=0)  # 4 VP, Mastermind icon
    st.vp = [9, 11]
    st.plans[1] = 2  # Doctor Doom's next Master Plan (Conclusion) scores 4 VP
    st.forced = [BLANK] * 6
    play(st, "trouble:village-circle", "plan:dd_conclusion", "scheme:no")
    assert st.is_over and st.winners == [0] and st.vp == [13, 11]
    assert st.result is not None and st.result.outcomes == ("win", "loss")


def test_story_card_victory_at_once_heroes_winning() -> None:
    """heroes/winning, heroes/missions/story-cards: a Story card that takes a Team to the Scenario total ends the game
    at that moment (checked wherever the points come from)."""
    st = new(players=2, first=0, scenario="infinity_war")
    to_actions(st)
    st.vp = [11, 0]
    st.track = ["st_stark_expo", "st_sanctum", "st_blackbird", "st_wedding"]
    refresh(st)
    play(st, "story", "advance")
    assert st.is_over and st.winners == [0]


def test_story_action_may_leave_the_track_heroes_missions_story() -> None:
    """heroes/missions/story: after drawing, the player "may" advance or manipulate the track - or do neither."""
    st = new(players=2, first=0)
    to_actions(st)
    st.track = ["st_wedding", "st_blackbird", "st_sanctum", "st_franklin"]
    refresh(st)
    play(st, "story")
    assert st.decision.ids()[-1] == "leave"
    play(st, "leave")
    assert st.track == ["st_wedding", "st_blackbird", "st_sanctum", "st_franklin"] and st.stories == [[], []]


def test_villain_players_may_draw_heroes_troubleshooting_3_draw() -> None:
    """heroes/troubleshooting/3/draw: each Villain player, from the Nemesis clockwise, "may draw" (two cards with two
    players, one otherwise): drawing none is allowed."""
    st, d = _ts_state(players=3, seat=0)
    st.forced = [TWO_HITS] * 5
    hands = [len(h) for h in st.vhand]
    play(st, "trouble:village-star")
    assert st.decision.seat == 1 and st.decision.ids() == ["draw:1", "draw:0"]
    play(st, "draw:0")
    assert st.decision.seat == 2 and st.decision.ids() == ["draw:1", "draw:0"]
    play(st, "draw:1")
    assert [len(h) for h in st.vhand] == [hands[0], hands[1], hands[2] + 1]


def test_lead_villain_controller_may_let_another_pay_heroes_cards_discard() -> None:
    """heroes/cards/discard: "Any Villain player may discard a Villain card to use the ability of a Lead Villain,
    not just the player controlling it": the controller, holding cards, may leave the payment to another."""
    st = _rhino_ability_offered_with_empty_lead_hand()
    st.vhand[1] = ["mystique"]
    refresh(st)
    play(st, "use:f")
    assert st.decision.seat == 1 and st.decision.ids() == ["discard:mystique", "decline"]
    play(st, "decline")
    assert st.decision.seat == 2 and st.decision.ids() == ["discard:toad", "decline"]
    play(st, "discard:toad")
    assert st.vhand[1] == ["mystique"] and "toad" in st.vdisc


def test_initiative_holder_may_answer_heroes_combat_timing_7() -> None:
    """heroes/combat/timing/7: the Initiative holder uses abilities first, but after the other side uses one he may
    answer it in the same window (the window closes when both have passed)."""
    st, d = _ts_state(players=2, seat=0)
    st.allies[0] = [["nick_fury", 1]]
    st.rhand[0] = []
    st.vhand[1] = ["rhino", "rhino"]
    st.forced = [TWO_HITS] * 5
    play(st, "trouble:village-star", "lead:rhino", "back:rhino")
    while st.decision.kind == "villains":
        play(st, "pass")
    st.forced = [HIT] * 4 + [BLANK] * 2 + [BLANK] * 40
    play(st, "power:red", "power:red")  # Fire Blast a4 against Horn Charge d2; the Torch has Initiative
    while "use:a:0:nick_fury" not in st.decision.ids():
        play(st, "pass")
    assert st.decision.seat == 0 and st.cb["Hdice"]
    play(st, "pass")  # the Torch's side passes first...
    assert st.decision.seat == 1 and "use:b:0:rhino" in st.decision.ids()
    play(st, "use:b:0:rhino")  # ...Smashed Cars takes 1 from his result...
    assert st.decision.seat == 0 and "use:a:0:nick_fury" in st.decision.ids()  # ...and he may answer
    play(st, "use:a:0:nick_fury")
    assert [e.text for e in st.log if e.rule == "heroes/combat/2"][-1] == "Attack 4 against Defend 0: a KO."


def test_resample_depends_only_on_the_view_heroes_combat_1() -> None:
    """heroes/setup/3, heroes/combat/1: a determinization deals the unknown cards from what the seat may know and the
    rng, never from their hidden order (two states that differ only in hidden order resample identically)."""
    st = new(players=3)
    a, b = st.clone(), st.clone()
    assert isinstance(b, HeroesState)
    b.vhand[1].reverse()
    b.rhand[2].reverse()
    b.rdeck.reverse()
    b.vdeck.reverse()
    b.hdeck.reverse()
    b.sdeck.reverse()
    assert a.view(0) == b.view(0)
    ra, rb = a.resample(0, Rng(5)), b.resample(0, Rng(5))
    for f in ("rhand", "vhand", "rdeck", "vdeck", "hdeck", "sdeck"):
        assert getattr(ra, f) == getattr(rb, f), f
