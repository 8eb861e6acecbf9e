"""The third Standard Stage, Last Train Out (``subway_rescue``, source: project), and long Missions.

Each test names the rule ids it checks (capes/games/alliances/rules.yaml, ``alliances/stage/subway-rescue/...``).
"""

import capes
from capes.core.contract import check_game
from capes.core.rng import Rng
from capes.games.alliances.bots import HeuristicBot
from capes.games.alliances.engine import C_DAZ, C_INJ, C_POW, C_STA, C_XP, E_POS, T_KIND, T_POS, T_X
from capes.games.alliances.stages import drag_candidates, lead_spaces

from .helpers import HIT, blank_stage, play_checked, put_char, put_enemy, run, sq, texts

SUBWAY = 2  # index of Last Train Out in the long Mission


def _subway(players: int = 1):
    s = blank_stage(SUBWAY, players=players, long=True)
    assert s.stage.id == "subway_rescue"
    return s


def _civ(s, label: str, tid: int = 1) -> list:
    t = [tid, "obj", sq(s, label), HIT, 0]
    s.tokens.append(t)
    return t


def _labels(s, spaces) -> set:
    return {s.lbl(x) for x in spaces}


def test_long_mission_has_three_distinct_standard_stages() -> None:
    """alliances/mission/length, alliances/mission/build: three Standard Stages (no replay), then the Boss Battle;
    Player 1 picks which comes first."""
    g = capes.load("alliances", long=True)
    assert g.stage_ids == ("oscorp_lab", "glider_works", "subway_rescue", "goblins_last_laugh")
    s = g.new_game(0)
    assert s.decision.kind == "mission"
    assert s.decision.ids() == ["first:oscorp_lab", "first:glider_works", "first:subway_rescue"]
    s.apply("first:subway_rescue")
    assert s.order == ["subway_rescue", "oscorp_lab", "glider_works", "goblins_last_laugh"]
    assert s.stage.id == "subway_rescue"
    # the normal Mission is unchanged
    assert capes.load("alliances").stage_ids == ("oscorp_lab", "glider_works", "goblins_last_laugh")


def test_content_lists_the_stage_as_project_content() -> None:
    """The Stage is authored by the project (source: project), and scripted."""
    es = {e.id: e for e in capes.load("alliances").content()}
    e = es["subway_rescue"]
    assert e.kind == "stage" and e.source == "project" and e.implemented


def test_subway_setup() -> None:
    """alliances/stage/subway-rescue/setup, alliances/stage-setup/board/1-4: four Civilians on the Objective Spaces,
    Terrain, the starting Enemies and Spawn Tracker, Exits at a8, e8 and h8."""
    s = _subway()
    run(s, ("stage_setup",))
    st = s.stage
    civ = [t for t in s.tokens if t[T_KIND] == "obj"]
    assert len(civ) == 4 and {t[T_POS] for t in civ} == set(st.spaces_of("O"))
    assert _labels(s, st.spaces_of("O")) == {"g3", "b4", "e5", "c6"}
    assert _labels(s, st.tags["exit"]) == {"a8", "e8", "h8"}
    assert set(s.terrain) == set(st.spaces_of("T"))
    assert sorted((e[1], s.lbl(e[E_POS])) for e in s.enemies) == [("goblin_army", "h1"), ("spider_slayer", "a3")]
    assert s.tracker[:4] == ["goblin_army", "spider_slayer", "goblin_army", "oscorp_goliath"]
    assert s.completed == 0
    assert any("Civilians" in t and "a8, e8, h8" in t for t in texts(s))
    assert s.decision.kind == "deploy"  # alliances/stage-complete: then the Characters Deploy


def test_lead_civilian_two_spaces_toward_nearest_exit() -> None:
    """alliances/stage/subway-rescue/objective, alliances/interact: a Character Securing a Civilian spends 1 Power
    to lead it 2 Spaces Toward the nearest Exit; its player picks among the Spaces that end as near an Exit as 2
    Spaces allow; once per Civilian per Character per Turn, other Characters may lead it on."""
    s = _subway()
    ci = put_char(s, "ghost_spider", "c6")
    cj = put_char(s, "ultimate_spider_man", "b7")
    _civ(s, "c5")  # 5 from both a8 and e8
    assert _labels(s, lead_spaces(s, sq(s, "c5"))) == {"a5", "b6", "c7", "d6", "e5"}
    s.active = ci
    s.chars[ci][C_POW] = 1
    s.chars[cj][C_POW] = 1
    ids = [o.id for o in s._act_options(ci)]
    assert sorted(i for i in ids if i.startswith("interact")) == [
        "interact:1:a5", "interact:1:b6", "interact:1:c7", "interact:1:d6", "interact:1:e5"]
    run(s, ("act_menu",))
    s.apply("interact:1:c7")
    assert s.lbl(s.tokens[0][T_POS]) == "c7" and s.chars[ci][C_POW] == 0
    assert s.completed == 0 and any("leads a Civilian from c5 to c7" in t for t in texts(s))
    s.chars[ci][C_POW] = 1
    assert not any(o.id.startswith("interact") for o in s._act_options(ci))  # once per Turn for this Character
    s.active = cj
    # c7 is 3 from a8 and e8: 2 Spaces can bring it to 1 from an Exit
    assert sorted(o.id for o in s._act_options(cj) if o.id.startswith("interact")) == [
        "interact:1:a7", "interact:1:b8", "interact:1:d8", "interact:1:e7"]


def test_contested_civilian_cannot_be_led_and_power_is_needed() -> None:
    """alliances/objective/interact-contested, alliances/objective/secure, alliances/stage/subway-rescue/objective:
    no Interact while an Enemy Contests the Civilian, nor without the Power to spend."""
    s = _subway()
    ci = put_char(s, "ghost_spider", "d5")
    _civ(s, "c5")
    s.active = ci
    s.chars[ci][C_POW] = 0
    assert not any(o.id.startswith("interact") for o in s._act_options(ci))
    s.chars[ci][C_POW] = 1
    put_enemy(s, "goblin_army", "c4")
    assert not any(o.id.startswith("interact") for o in s._act_options(ci))
    s.enemies[0][5] = 1  # a Dazed Enemy does not Contest
    assert any(o.id.startswith("interact") for o in s._act_options(ci))


def test_civilian_led_into_an_exit_is_evacuated() -> None:
    """alliances/stage/subway-rescue/evacuate, alliances/objective/complete, alliances/heroic-assist: a Civilian
    led into an Exit is removed; the Character Completes an Objective (2 XP each, Heroic Assist)."""
    s = _subway()
    for cid, lab in (("spectacular_spider_man", "a1"), ("ultimate_spider_man", "b1"), ("ghost_spider", "c1"),
                     ("black_cat", "e6")):
        ci = put_char(s, cid, lab)
    _civ(s, "e7")
    assert _labels(s, lead_spaces(s, sq(s, "e7"))) == {"e8"}
    s.active = ci
    s.chars[ci][C_POW] = 1
    run(s, ("act_menu",))
    opt = next(o for o in s.decision.options if o.id == "interact:1:e8")
    assert "evacuated" in opt.label
    s.apply("interact:1:e8")
    assert s.tokens[0][T_POS] == -1 and s.completed == 1
    assert [c[C_XP] for c in s.chars] == [2, 2, 2, 3]
    assert s.decision.kind == "assist"
    assert any("escapes up the stairs at e8" in t for t in texts(s))


def test_two_civilians_in_one_space_are_one_choice_unless_another_character_led_one() -> None:
    """alliances/stage/subway-rescue/objective, alliances/interact, contract 'labels': two Civilians Dragged Off into
    one Space look alike, so leading one is one choice (as two alike Ingredients are); when another Character led
    one of them this Turn (it "cannot Interact with the same Mission token more than once per Turn"), which one
    moves decides what that Character may still do, so each is offered, named by who led it."""
    s = _subway()
    ci = put_char(s, "ghost_spider", "c6")
    _civ(s, "c5", 1)
    _civ(s, "c5", 2)
    s.active = ci
    s.chars[ci][C_POW] = 1
    opts = [o for o in s._act_options(ci) if o.id.startswith("interact")]
    assert sorted(o.id for o in opts) == [
        "interact:1:a5", "interact:1:b6", "interact:1:c7", "interact:1:d6", "interact:1:e5"]
    assert {o.label for o in opts} == {f"Interact: lead the Civilian at c5 to {x}" for x in ("a5", "b6", "c7", "d6", "e5")}
    cj = put_char(s, "black_cat", "c4")
    s.interacted = ((cj, 2),)  # Black Cat led Civilian 2 into c5 this Turn
    labels = [o.label for o in s._act_options(ci) if o.id.startswith("interact")]
    assert len(labels) == 10 and len(set(labels)) == 10
    assert "Interact: lead the Civilian at c5 (led by Black Cat this Turn) to c7" in labels
    assert "Interact: lead the Civilian at c5 (not led this Turn) to c7" in labels


def test_dragged_off_single_way_and_blocked_by_a_character() -> None:
    """alliances/stage/subway-rescue/dragged-off: at the end of the Turn a Civilian an Enemy Contests and no
    Character Contests moves 1 Space Toward the nearest Spawn Space; a non-Dazed Character within 1 stops it;
    at most once per Turn; one already on a Spawn Space stays."""
    s = _subway()
    put_char(s, "black_cat", "d8")
    civ = _civ(s, "a5", 1)
    on_spawn = _civ(s, "h3", 2)
    ga = put_enemy(s, "goblin_army", "b5")
    put_enemy(s, "goblin_army", "h2")
    assert [t[0] for t in drag_candidates(s)] == [1, 2]
    run(s, ("end_turn", 0))
    assert s.lbl(civ[T_POS]) == "a4" and s.lbl(on_spawn[T_POS]) == "h3"
    assert civ[T_X] == on_spawn[T_X] != 0
    assert drag_candidates(s) == []  # already Dragged Off this Turn
    run(s, ("end_turn", 0))
    assert s.lbl(civ[T_POS]) == "a4"
    # next Turn: a Character within 1 Contests it, so it stays; a Dazed one does not
    s.turn = 1
    s.enemy(ga)[E_POS] = sq(s, "b4")
    put_char(s, "ghost_spider", "a3")
    run(s, ("end_turn", 1))
    assert s.lbl(civ[T_POS]) == "a4"
    s.chars[s.game.squad.index("ghost_spider")][C_DAZ] = 1
    run(s, ("end_turn", 1))
    assert s.lbl(civ[T_POS]) == "a3"
    assert sum("drag the Civilian" in t for t in texts(s)) == 2


def test_dragged_off_tie_is_the_priority_players_decision() -> None:
    """alliances/stage/subway-rescue/dragged-off, alliances/player-decisions: two Spaces equally Toward the nearest
    Spawn Space -> the Priority Player picks; then the End of Stage check follows."""
    s = _subway(players=2)
    s.priority = 2  # Ghost-Spider, player 2's Character
    civ = _civ(s, "g4")  # 2 from the Spawn Space h3: by g3 or by h4
    put_enemy(s, "goblin_army", "g5")
    s.completed = 3
    run(s, ("end_turn", 0))
    d = s.decision
    assert d.kind == "drag" and d.seat == 1 and d.ids() == ["drag:g3", "drag:h4"]
    assert s.stage_i == SUBWAY
    s.apply("drag:h4")
    assert s.lbl(civ[T_POS]) == "h4"
    assert s.stage_i == SUBWAY + 1 and s.stage.kind == "boss"  # then the Stage is completed


def test_end_of_stage_needs_three_evacuated() -> None:
    """alliances/stage/subway-rescue/end, alliances/stage-complete: 3 Civilians evacuated completes the Stage and
    the Boss Battle follows; 2 do not."""
    s = _subway()
    s.completed = 2
    run(s, ("end_turn", 0))
    assert s.stage_i == SUBWAY and s.stages_done == 0
    s.completed = 3
    run(s, ("end_turn", 0))
    assert s.stages_done == 1 and s.stage_i == SUBWAY + 1 and s.stage.id == "goblins_last_laugh"
    assert any("complete Last Train Out" in t for t in texts(s))


def test_a_ko_during_the_stage_loses() -> None:
    """alliances/win-lose, alliances/ko: a Character KO'd during Last Train Out fails the Mission."""
    s = _subway()
    ci = put_char(s, "black_cat", "d6")
    s.chars[ci][C_INJ] = 1
    s.chars[ci][C_STA] = 1
    s._hurt_char(ci, 1, True)
    assert s.is_over and s.result.outcomes == ("loss",)


def _bot_game(players: int, seed: int):
    g = capes.load("alliances", long=True, players=players)
    s = g.new_game(seed)
    bots = [HeuristicBot(g, i, seed=seed) for i in range(g.num_seats)]
    while not s.is_over:
        s.apply(bots[s.decision.seat].choose(s))
    return s


def test_long_game_with_bots_clears_all_three_stages_and_wins() -> None:
    """alliances/mission/length, alliances/stage/subway-rescue/end, alliances/win-lose: a long game played by the
    heuristic bot clears Grounded for Good, Oscorp Lab and Last Train Out, then wins the Boss Battle (seed found by
    search)."""
    s = _bot_game(1, 1)
    assert s.order == ["glider_works", "oscorp_lab", "subway_rescue", "goblins_last_laugh"]
    assert s.stages_done == 4 and s.result.outcomes == ("win",)
    log = texts(s)
    assert sum("escapes up the stairs" in t for t in log) >= 3 and any("complete Last Train Out" in t for t in log)


def test_long_game_with_bots_can_fail_in_the_subway() -> None:
    """alliances/win-lose: a long game where a Character is KO'd during Last Train Out (seed found by search)."""
    s = _bot_game(1, 216)
    assert s.stage.id == "subway_rescue" and s.stages_done == 2 and s.result.outcomes == ("loss",)


def test_long_game_protocol_intact_through_the_subway() -> None:
    """Protocol (clone independence, JSON round trip, the stated bound) at every step of a 2-player long game that
    reaches the Boss Battle through Last Train Out (seed found by search)."""
    assert play_checked({"players": 2, "long": True}, 1) == 4


def test_contract_long_mission_starting_in_the_subway() -> None:
    """Contract suite on a long=true config whose random games (seeds 10 and 11) pick Last Train Out first, so
    its Interacts and Dragged Off run under the protocol checks (view, resample, JSON round trip, citations)."""
    g = capes.load("alliances", long=True)
    for seed in (10, 11):
        s = g.new_game(seed)
        d = s.decision
        assert d.options[Rng(10_007 * seed + 1).randbelow(len(d.options))].id == "first:subway_rescue"
    check_game(g, games=2, seed=10)
