"""The rulebook's worked examples, with forced dice and decks (2 players: James = F4, Rich = X-Men)."""

from __future__ import annotations

from capes.games.heroes.engine import DIST0, DIST_IDS, READY, REC, SPACE0, SUPC
from tests.heroes.helpers import BLANK, HIT, HIT_B, HIT_BOOST, TROUBLE, TWO_HITS, new, play

JAMES, RICH = 0, 1
VILLAGE, UPPER = 2, 0


def _table():
    st = new(players=2, first=JAMES, seed=5)
    st.rhand[JAMES] = ["black_widow", "research_grant", "nick_fury"]
    st.rhand[RICH] = ["beast", "research_grant", "wasp"]
    st.vhand[RICH] = ["avalanche", "crimson_dynamo"]
    st.vhand[JAMES] = ["toad", "rhino", "pyro"]
    st.heads[:4] = ["serial_robbers", "bank_heist", "you_cant_defeat_me", "riot"]
    return st


def _planning(st) -> None:
    # James: Human Torch Ready (2), Invisible Woman Supporting (1), Black Widow (1); Thing and Mr Fantastic in Recovery
    play(st, "ready:human_torch", "support:invisible_woman", "recover:mr_fantastic", "recover:thing", "ally:black_widow")
    # Rich: Cyclops in Recovery, Jean Grey and Storm Supporting (1 each), Wolverine Ready (2)
    play(st, "recover:cyclops", "support:jean_grey", "support:storm", "ready:wolverine")


def test_planning_example_heroes_planning_example() -> None:
    """heroes/planning/example, heroes/planning/1, heroes/planning/2, heroes/planning/4: James and Rich plan."""
    st = _table()
    assert st.pp[JAMES] == 4  # heroes/planning/1: 4 Plot Points in the first Game Round
    play(st, "ready:human_torch", "support:invisible_woman", "recover:mr_fantastic", "recover:thing", "ally:black_widow")
    assert st.pp == [0, 4]  # Rich receives his 4 when his Planning begins
    play(st, "recover:cyclops", "support:jean_grey", "support:storm", "ready:wolverine")
    f4 = st.hloc[JAMES]
    assert f4 == [READY, SUPC, REC, REC]
    assert st.hloc[RICH] == [REC, SUPC, SUPC, READY]
    assert st.pp == [0, 0]
    assert st.allies[JAMES] == [["black_widow", 0]]  # not linked to the F4: the Plot Point is discarded
    assert st.decision.kind == "action" and st.decision.seat == JAMES


def _missions_to_troubleshoot(st) -> None:
    # the Story track: the next card James will take is an F4 card, two X-Men cards are pushed off by Rich's Cerebro
    st.track = ["st_stark_expo", "st_wedding", "st_danger_room", "st_blackbird"]
    st.sdeck = [*st.sdeck, "st_night_patrol", "st_sanctum", "st_asgard_visit"]  # top = last
    st.rdeck = [*st.rdeck, "crystal", "hawkeye", "colossus", "ambulance"]
    # First Action Round
    play(st, f"move:human_torch:{DIST_IDS[VILLAGE * 4 + 2]}", "take:invisible_woman")
    play(st, "ability:jean_grey", "advance")
    if st.decision.kind == "story":  # the second advance is asked only when a manipulation is also possible
        play(st, "advance")
    # Second Action Round
    play(st, "story")
    if st.decision.kind == "story":
        play(st, "advance")
    play(st, f"move:wolverine:{DIST_IDS[UPPER * 4]}", "take:storm")


def test_mission_example_heroes_missions_example() -> None:
    """heroes/missions/example, heroes/missions/free-move, heroes/missions/ability, heroes/missions/story."""
    st = _table()
    _planning(st)
    _missions_to_troubleshoot(st)
    assert st.hloc[JAMES][0] == DIST0 + VILLAGE * 4 + 2  # Human Torch in The Village ★
    assert st.hloc[JAMES][1] == SPACE0 + 2 * VILLAGE  # Invisible Woman moved along for free
    assert st.hloc[RICH][1] == REC  # Cerebro moves Jean Grey to Recovery
    assert st.stories[RICH] == ["st_blackbird", "st_danger_room"]  # two Story actions pushed off two X-Men cards
    assert st.stories[JAMES] == ["st_wedding"] and st.vp[JAMES] == 1  # heroes/missions/story-cards: +1 VP
    assert st.hloc[RICH][3] == DIST0 + UPPER * 4 and st.hloc[RICH][2] == SPACE0 + 2 * UPPER
    assert st.ar == 3 and st.decision.seat == JAMES
    assert "trouble:village-star" in st.decision.ids()


def _troubleshoot(st, reroll: int = TROUBLE) -> None:
    st.forced = [HIT, HIT_B, TROUBLE, HIT_BOOST, BLANK, reroll]
    st.vdeck = [*st.vdeck, "rhino", "toad"]
    play(st, "trouble:village-star")


def test_determine_trouble_level_heroes_troubleshooting_1() -> None:
    """heroes/troubleshooting/1, heroes/troubleshooting/1/skills: 5 dice give 4, the BOOST reroll makes 5."""
    st = _table()
    _planning(st)
    _missions_to_troubleshoot(st)
    _troubleshoot(st)
    roll = [e.text for e in st.log if e.rule == "heroes/troubleshooting/1"]
    assert roll[-1].endswith("Trouble Level 5.")


def test_reduce_trouble_heroes_troubleshooting_2() -> None:
    """heroes/troubleshooting/2: the Human Torch's Crime rating 2 takes the Trouble Level from 5 to 3."""
    st = _table()
    _planning(st)
    _missions_to_troubleshoot(st)
    _troubleshoot(st)
    assert st.ts is not None and st.ts["trouble"] == 3


def _play_villains(st) -> None:
    _troubleshoot(st)
    # heroes/troubleshooting/3/draw: with two players the Villain player (who "may draw") draws two cards
    assert st.decision.seat == RICH and st.decision.ids() == ["draw:2", "draw:1", "draw:0"]
    play(st, "draw:2")
    assert sorted(st.vhand[RICH]) == ["avalanche", "crimson_dynamo", "rhino", "toad"]
    d = st.decision
    assert d.seat == RICH and "lead:avalanche" in d.ids() and "lead:crimson_dynamo" not in d.ids()
    play(st, "lead:avalanche")
    assert st.ts["trouble"] == 1
    play(st, "back:crimson_dynamo")  # Innocent Bystanders, Cost 1


def test_play_villains_heroes_troubleshooting_3() -> None:
    """heroes/troubleshooting/3/lead, heroes/troubleshooting/3/pay, heroes/troubleshooting/3/backup:
    Avalanche (Requirement 3, Cost 2) leads, Innocent Bystanders (Cost 1) backs him up, no Trouble is left."""
    st = _table()
    _planning(st)
    _missions_to_troubleshoot(st)
    _play_villains(st)
    assert st.cb is not None and st.cb["foe"] == "avalanche" and st.cb["backs"] == ("crimson_dynamo",)
    assert st.decision.kind == "power" and st.decision.secret and st.decision.seat == JAMES


def test_combat_example_heroes_combat_example() -> None:
    """heroes/combat/example, heroes/combat/1-4, heroes/combat/boost, heroes/combat/allies-backups,
    heroes/cards/activate-ally, heroes/cards/allies, heroes/combat/powers, heroes/combat/timing/1,
    heroes/combat/timing/3, heroes/combat/timing/4, heroes/ruling/boost-example (the Outwit total is 5, not the
    printed 4): the Human Torch against Avalanche, with Black Widow and the Invisible Woman."""
    st = _table()
    _planning(st)
    _missions_to_troubleshoot(st)
    st.rhand[JAMES] = ["nick_fury"]
    _play_villains(st)
    vp_before = st.vp[JAMES]
    # Choose Powers, secretly: Rich's view does not show James's token before both are in
    play(st, "power:red")
    assert st.view(RICH)["combat"]["hp"] == "hidden"
    assert st.view(JAMES)["combat"]["hp"] == 0
    play(st, "power:orange")
    # First Attack: Fire Blast 4 dice (blank, blank, 2 HITS, 1 HIT) against Shatter's 2 Defend dice (3 HITS)
    st.forced = [BLANK, BLANK, TWO_HITS, HIT, TWO_HITS, HIT]
    play(st, "pass")  # Rich does not use Avalanche's ability before the roll
    assert st.cb["Hdice"] and st.cb_hits("H") == 3 and st.cb_hits("V") == 3
    # Avalanche hides behind the Innocent Bystanders: the 2 HITS die shows 1 HIT
    play(st, "use:b:0:crimson_dynamo")
    # Second Attack: Avalanche's single die is blank
    st.forced = [BLANK, HIT, BLANK]
    assert st.cb["fko"] == 0 and st.ko[JAMES][0] == 0
    play(st, "pass")  # pre-roll windows: James declines Flame Shield...
    play(st, "pass")  # ...and Rich declines Aftershock
    # Outwit: Black Widow raises the Outwit rating to 4 (no Plot Point on her: the card is discarded)
    st.forced = [HIT, HIT_B, HIT_BOOST, TWO_HITS, BLANK, HIT, HIT, HIT, HIT_BOOST, HIT_BOOST]
    play(st, "use:a:0:black_widow")  # no other ability is usable: the window closes
    assert st.allies[JAMES] == [] and "black_widow" in st.rdisc
    play(st, "pass")  # Rich
    # boosting from the Supporting Invisible Woman: the HIT/BOOST die is rerolled for 2 more HITS
    assert st.cb_hits("H") == 5 and st.cb_hits("V") == 5
    # Invisible Force Fields (a Resource card is discarded) cancels Avalanche's two BOOST dice: 3 against 5
    play(st, "use:s:invisible_woman")
    assert "nick_fury" in st.rdisc
    assert st.cb is None  # Avalanche (1 KO) is defeated and the combat ends
    assert st.vp[JAMES] == vp_before + 3  # heroes/troubleshooting/5: the Headline is scored
    assert st.hloc[JAMES][0] == DIST0 + VILLAGE * 4 + 2 and st.wound[JAMES][0] == 0
    assert "avalanche" in st.vdisc and "crimson_dynamo" in st.vdisc
    assert st.heads[VILLAGE] == ""
