"""Labels and prompts are functions of the state (issue 9 item 8; rule ids heroes/combat/1, heroes/missions/*).

The first test plays random games and compares, at every decision, the live state's prompt, option ids, labels and
groups with those of the same state rebuilt from ``to_json()`` in a fresh Python process. The others build, in one
process, two states that share an option id but differ in what the option does, and check that each label says
what its own state does (a process-wide cache of Options by id failed every one of them).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import capes
from capes.core.rng import Rng
from capes.games.heroes.engine import DIST0, SUPC, HeroesState
from tests.heroes.helpers import BLANK, HIT, TWO_HITS, new, place, play, refresh, to_actions

VILLAGE = 2

_FRESH = r"""
import json, sys
import capes
out = []
with open(sys.argv[1], encoding="utf-8") as f:
    for line in f:
        st = capes.load_state(line)
        d = st.decision
        out.append([d.prompt, [[o.id, o.label, o.group] for o in d.options]])
json.dump(out, sys.stdout)
"""


def _decision_key(st: Any) -> list[Any]:
    d = st.decision
    return [d.prompt, [[o.id, o.label, o.group] for o in d.options]]


def _pollute() -> None:
    """Play other configurations first, as a long-lived process (a server, a test run) would have."""
    for players, scen, seed in ((4, "infinity_war", 5), (3, "annihilation", 6)):
        st = capes.load("heroes", players=players, scenario=scen).new_game(seed)
        r = Rng(seed)
        while not st.is_over:
            o = st.decision.options
            st.apply(o[r.randbelow(len(o))].id)


def test_labels_equal_fresh_process_rebuild_heroes_combat_1(tmp_path: Path) -> None:
    """heroes/combat/1, heroes/missions/troubleshoot, heroes/missions/free-move, heroes/mastermind/scheming: the
    decision (prompt, ids, labels, groups) of every state of random games equals that of the state rebuilt from
    to_json() in a fresh process."""
    _pollute()
    live: list[Any] = []
    path = tmp_path / "states.jsonl"
    with path.open("w", encoding="utf-8") as f:
        for players, scen, seed in ((2, "born_again", 1), (3, "secret_invasion", 2), (4, "house_of_m", 3),
                                    (2, "annihilation", 4)):
            st = capes.load("heroes", players=players, scenario=scen).new_game(seed)
            r = Rng(seed * 31)
            while not st.is_over:
                live.append(_decision_key(st))
                f.write(st.to_json() + "\n")
                o = st.decision.options
                st.apply(o[r.randbelow(len(o))].id)
    res = subprocess.run([sys.executable, "-c", _FRESH, str(path)], capture_output=True, text=True, timeout=300,
                         check=True)
    fresh = json.loads(res.stdout)
    assert len(fresh) == len(live) > 500
    wrong = [(a, b) for a, b in zip(live, fresh, strict=True) if a != b]
    assert not wrong, f"{len(wrong)} decisions differ, first: {wrong[0]}"


def _ts_state(players: int = 2, head: str = "you_cant_defeat_me", hero: str = "human_torch",
              seat: int = 0) -> HeroesState:
    st = new(players=players, first=seat)
    to_actions(st)
    st.heads[VILLAGE] = head
    place(st, seat, hero, DIST0 + st.head_dist(VILLAGE))
    return st


def _label(st: HeroesState, oid: str) -> str:
    o = st.decision.find(oid)
    assert o is not None, (oid, st.decision.ids())
    return o.label


def _to_power_pick(hero: str) -> HeroesState:
    st = _ts_state(hero=hero)
    st.vhand[1] = ["rhino"]
    st.forced = [HIT] * 8
    play(st, st.decision.ids()[0], "lead:rhino")
    while st.decision.kind != "power":
        play(st, "pass")
    return st


def test_secret_power_pick_names_this_fighters_powers_heroes_combat_1() -> None:
    """heroes/combat/1: the secret Combat Power pick offers the fighting hero's own Powers, whoever fought before."""
    torch = _to_power_pick("human_torch")
    assert "Fire Blast" in _label(torch, "power:red")
    thing = _to_power_pick("thing")
    red = thing.C.heroes["thing"].powers[0]
    assert red.name in _label(thing, "power:red") and "Fire Blast" not in _label(thing, "power:red")
    assert f"a{red.a} | d{red.d} | w{red.w}" in _label(thing, "power:red")


def test_troubleshoot_names_the_headline_in_play_heroes_missions_troubleshoot() -> None:
    """heroes/missions/troubleshoot: "Troubleshoot ..." names the Headline now in the District."""
    a = _ts_state(head="you_cant_defeat_me")
    assert "You Can't Defeat Me" in _label(a, "trouble:village-star")
    b = _ts_state(head="building_fire")  # also a star District
    assert "Tenement Blaze" in _label(b, "trouble:village-star")
    assert "You Can't Defeat Me" not in _label(b, "trouble:village-star")


def test_take_along_names_the_area_heroes_missions_free_move() -> None:
    """heroes/missions/free-move: "Take X along" names the Area the Ready hero moved to."""
    labels = []
    for dest in ("upper-x", "lower-x"):
        st = new(players=2, first=0)
        to_actions(st)
        place(st, 0, "human_torch", DIST0)  # Ready in Upper Manhattan, moving on
        place(st, 0, "invisible_woman", SUPC)
        if dest == "upper-x":
            place(st, 0, "human_torch", DIST0 + 12)
        play(st, f"move:human_torch:{dest}")
        labels.append(_label(st, "take:invisible_woman"))
    assert "Upper Manhattan" in labels[0] and "Lower Manhattan" in labels[1]


def test_increase_threat_and_challenge_name_this_mastermind_heroes_mastermind_scheming() -> None:
    """heroes/mastermind/scheming/threat, heroes/mastermind/challenge: the Threat rating and the Mastermind named
    are those of the Hero player's Nemesis in this game."""
    seen = {}
    for teams in (("f4", "xmen"), ("xmen", "avengers")):
        st = new(players=2, first=0, teams=",".join(teams))
        to_actions(st)
        st.heads[VILLAGE] = "gang_war"  # Crime, Mastermind icon, circle
        hero = st.game.team_heroes[teams[0]][0]
        place(st, 0, hero, DIST0 + st.head_dist(VILLAGE))
        play(st, "trouble:village-circle", "plan:no")
        mm = st.C.masterminds[st.mastermind_of(1)]
        assert _label(st, "scheme:threat") == f"Increase the Threat by {mm.threat[0]}"
        seen[mm.id] = _label(st, "scheme:threat")
        # challenge: force a solved Headline with a Master Plan attempted
        st2 = new(players=2, first=0, teams=",".join(teams))
        to_actions(st2)
        st2.heads[VILLAGE] = "gang_war"
        place(st2, 0, hero, DIST0 + st2.head_dist(VILLAGE))
        st2.forced = [BLANK] * 12
        play(st2, "trouble:village-circle")
        play(st2, st2.decision.ids()[0], "scheme:no")
        while "challenge" not in st2.decision.ids():
            play(st2, st2.decision.ids()[-1])
        assert _label(st2, "challenge") == f"Challenge {mm.name}"
    assert set(seen) == {"doctor_doom", "magneto"}


def test_villain_ability_names_this_lead_villain_heroes_cards_discard() -> None:
    """heroes/cards/discard: the Lead Villain's ability option names this Lead Villain's ability."""
    out = {}
    for lead in ("rhino", "doctor_octopus"):
        st = _ts_state(players=2)
        st.vhand[1] = [lead, "toad", "toad"]
        st.forced = [TWO_HITS] * 5 + [BLANK] * 60
        play(st, "trouble:village-star", f"lead:{lead}")
        while st.decision.kind == "villains":
            play(st, "pass")
        play(st, "power:red", "power:red")
        guard = 0
        while "use:f" not in st.decision.ids() and guard < 40:
            ids = st.decision.ids()
            play(st, "pass" if "pass" in ids else ids[0])
            guard += 1
        out[lead] = _label(st, "use:f")
    assert out["rhino"].startswith("Rhino: Stampede")
    assert out["doctor_octopus"].startswith("Doctor Octopus: Four Arms")


def test_story_manipulation_names_the_card_heroes_missions_story() -> None:
    """heroes/missions/story: "Move ... to the last position" names the card at that place of the track."""
    labels = []
    for track in (["st_wedding", "st_sanctum", "st_franklin", "st_sanctum"],
                  ["st_franklin", "st_sanctum", "st_wedding", "st_sanctum"]):
        st = new(players=2, first=0)
        to_actions(st)
        st.track = track
        refresh(st)
        play(st, "story")
        labels.append(_label(st, "manip:0"))
    assert "A Wedding in the Family" in labels[0] and "Franklin's Birthday" in labels[1]


def test_power_up_labels_by_moment_heroes_missions_story_cards() -> None:
    """heroes/missions/story-cards, heroes/mastermind/defeated: one Power-Up id, two moments, two true labels."""
    st = new(players=2, first=0)
    st.stories[0] = ["st_wedding", "st_franklin", "st_baxter_open"]
    st.stack.append(("pup", 0))
    refresh(st)
    assert _label(st, "powerup:pu_fantasticar").startswith("Discard 3 Story cards")
    st2 = new(players=2, first=0)
    st2.stack.append(("mmpup", 0))
    refresh(st2)
    assert _label(st2, "powerup:pu_fantasticar").startswith("Put Fantasticar into play")


def test_no_internal_ids_in_labels_heroes_missions() -> None:
    """heroes/missions/move: labels and prompts use place names, never internal ids such as support:queens:1."""
    for players, seed in ((2, 3), (4, 4)):
        st = capes.load("heroes", players=players).new_game(seed)
        r = Rng(seed)
        while not st.is_over:
            d = st.decision
            for text in [d.prompt, *(o.label for o in d.options)]:
                assert "support:" not in text and "upper-" not in text and "_" not in text, text
            st.apply(d.options[r.randbelow(len(d.options))].id)
        for e in st.log:
            assert "support:" not in e.text and " 1 HITS" not in e.text and " 1 dice" not in e.text, e.text


def test_moves_grouped_by_hero_heroes_missions_move() -> None:
    """heroes/missions/move: the long action menu files each hero's moves under that hero."""
    st = new(players=4, first=0)
    to_actions(st)
    for h in ("human_torch", "thing"):
        place(st, 0, h, DIST0 + 1)
    d = st.decision
    torch = [o for o in d.options if o.id.startswith("move:human_torch:")]
    assert len(torch) == 24 and len({o.group for o in torch}) == 1 and "Human Torch" in torch[0].group
    assert all(o.group for o in d.options)
    assert len({o.group for o in d.options}) < len(d.options) // 4


def test_reveal_line_shows_ratings_after_agents_heroes_combat_1() -> None:
    """heroes/combat/1, heroes/combat/timing/6: the reveal line prints the ratings the engine rolls (after Agents),
    not the printed ones; the secret pick's labels say the same."""
    st = _ts_state(players=2)
    st.vhand[1] = ["rhino", "hydra_agent", "maggia_thug"]
    st.forced = [TWO_HITS] * 5 + [BLANK] * 30
    play(st, "trouble:village-star", "lead:rhino", "agent:hydra_agent", "agent:maggia_thug")
    while st.decision.kind != "power":
        play(st, "pass")
    assert _label(st, "power:red").startswith("Red token: Fire Blast (a2 | d1 | w1; printed a4 | d2 | w2")
    play(st, "power:red", "power:red")
    reveal = [e.text for e in st.log if e.text.startswith("Powers revealed")][-1]
    assert "Fire Blast (a2 | d1 | w1;" in reveal and "Horn Charge (a4 | d2 | w0)" in reveal
    assert st.base_rating("H", "a") == 2


def test_action_round_shown_is_the_marker_heroes_missions_round_setup_1() -> None:
    """heroes/missions and heroes/round-setup/1-2: each Game Round has five Action Rounds, and the marker is reset
    only when the next Game Round begins; no view (so no board or text render) ever says "Action Round 6"."""
    seen = set()
    for seed in range(4):
        st = capes.load("heroes", players=2).new_game(seed)
        r = Rng(seed)
        while not st.is_over:
            v = st.view(0)
            seen.add(v["action_round"])
            assert "Action Round 6" not in capes.load("heroes", players=2).render(st, 0)
            o = st.decision.options
            st.apply(o[r.randbelow(len(o))].id)
        seen.add(st.view(0)["action_round"])
    assert seen == {1, 2, 3, 4, 5}, seen


def test_planning_phase_is_named_as_such_heroes_planning() -> None:
    """heroes/planning then heroes/missions: while a player plans (Plot Points, statuses, Allies, Power-Ups) the Game
    Round is in its Planning phase, which the terminal and the browser name, rather than an Action Round that has
    not begun; from the first action on, they show the Action Round."""
    g = capes.load("heroes", players=2)
    st = g.new_game(31)
    r = Rng(31)
    phases = []
    while not st.is_over and st.view(0)["round"] < 3:
        d = st.decision
        v = st.view(0)
        planning = d.kind == "planning"  # the decision's kind (protocol): Planning questions are "planning"
        assert v["phase"] == ("planning" if planning else "missions"), (d.kind, v["phase"])
        text = g.render(st, 0).splitlines()[0]
        html = "".join(g.web_view(v, 0))
        if planning:
            assert text.endswith("Planning phase") and "Planning phase" in html
        elif d.kind == "action":
            assert text.endswith(f"Action Round {v['action_round']}") and "Planning phase" not in html
        if not phases or phases[-1] != v["phase"]:
            phases.append(v["phase"])
        st.apply(d.options[r.randbelow(len(d.options))].id)
    assert phases[:4] == ["planning", "missions", "planning", "missions"], phases


def test_an_allys_extra_plot_point_is_shown_heroes_cards_allies() -> None:
    """heroes/cards/allies: "You may also place one additional Plot Point on the Ally card, so that you can use it
    two times instead of just once." The terminal and the browser say so on an Ally that has it (the browser showed
    nothing, the terminal "[1]"), and nothing on one that does not."""
    from capes.games.heroes.board import ALLY_PP

    g = capes.load("heroes", players=2)
    seen = {0: 0, 1: 0}
    for seed in range(40):
        st = g.new_game(seed)
        r = Rng(seed)
        while not st.is_over and st.view(0)["round"] < 3:
            v = st.view(0)
            for a in v["allies"][0]:
                html = "".join(g.web_view(v, 0))
                line = next(ln for ln in g.render(st, 0).splitlines() if ln.strip().startswith("Allies:"))
                name = st.C.resources[a[0]].name
                card = html.split(f'data-kind="ally" data-pp="{a[1]}"')[1].split("</svg>")[0]
                assert (ALLY_PP in card) == bool(a[1]) and (f"{name} ({ALLY_PP})" in line) == bool(a[1])
                seen[bool(a[1])] += 1
            o = st.decision.options
            st.apply(o[r.randbelow(len(o))].id)
        if all(seen.values()):
            break
    assert all(seen.values()), seen
