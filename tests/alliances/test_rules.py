"""Conformance tests, one or more per rule; each names the rule id it checks."""

import capes
from capes.games.alliances.content import COND_BIT
from capes.games.alliances.engine import (
    C_COND,
    C_DAZ,
    C_HELD,
    C_INJ,
    C_LVL,
    C_POS,
    C_POW,
    C_STA,
    C_TOK,
    C_XP,
    E_COND,
    E_DMG,
    E_POS,
)

from .helpers import (
    BLANK,
    CRIT,
    FAIL,
    HIT,
    WILD,
    blank_stage,
    put_char,
    put_enemy,
    run,
    settle_order,
    sq,
    texts,
    where,
)


def _to_priority(s):
    while s.decision.kind in ("mission", "levelup"):
        s.apply(s.decision.options[0].id)
    assert s.decision.kind == "priority"


def test_dashboards_and_level1_cards() -> None:
    """alliances/dashboards: 0 XP, 0 Power, full Stamina, two Activation tokens; draw two Level 1 cards, keep one."""
    s = capes.load("alliances").new_game(3)
    assert s.decision.kind == "mission"  # alliances/mission/build: which Standard Stage first
    s.apply("first:glider_works")
    assert s.order == ["glider_works", "oscorp_lab", "goblins_last_laugh"]
    for i, c in enumerate(s.chars):
        assert c[C_XP] == 0 and c[C_POW] == 0 and c[C_TOK] == 2 and c[C_STA] == s.cside(i).stamina
    d = s.decision
    assert d.kind == "levelup" and len(d.options) == 2
    s.apply(d.options[0].id)
    assert len(s.chars[0][10]) == 1


def test_priority_roll_off_and_tie_breaks() -> None:
    """alliances/priority, alliances/priority-player, alliances/priority/roll-off: most Critical+Wild+Hit wins;
    ties go to most Criticals."""
    s = capes.load("alliances", players=2).new_game(1)
    _to_priority(s)
    assert "rolloff" in s.decision.ids()
    # Player 1: 2 successes (Hit, Wild); Player 2: 2 successes with a Critical -> Player 2 wins the tie-break
    s.forced = [HIT, WILD, BLANK, BLANK, BLANK, CRIT, HIT, BLANK, BLANK, BLANK]
    s.apply("rolloff")
    d = s.decision
    assert d.kind == "priority" and d.seat == 1 and set(d.ids()) == {"give:ghost_spider", "give:black_cat"}
    s.apply("give:black_cat")
    assert s.priority == 3
    # alliances/deployment: clockwise from the Priority Character
    assert s.decision.kind == "deploy" and "Black Cat" in s.decision.prompt


def test_power_phase_gain_and_maximum() -> None:
    """alliances/power-phase/1, alliances/power: +1 Power each, never above 10."""
    s = blank_stage(0)
    s.chars[0][C_POW] = 10
    run(s, ("power",))
    assert s.chars[0][C_POW] == 10 and s.chars[1][C_POW] == 1


def test_dazed_character_recovers_at_activation_start() -> None:
    """alliances/activation/dazed: conditions and Dazed removed, Injured side, full Stamina."""
    s = blank_stage(0)
    ci = put_char(s, "black_cat", "d5")
    c = s.chars[ci]
    c[C_DAZ], c[C_STA], c[C_COND] = 1, 0, COND_BIT["bleed"]
    run(s, ("activate", ci))
    assert c[C_DAZ] == 0 and c[C_INJ] == 1 and c[C_COND] == 0 and c[C_STA] == 5


def test_advance_terrain_ends_it_unless_wall_crawler() -> None:
    """alliances/advance, alliances/flight: entering Terrain ends an Advance; Wall Crawlers are not hindered."""
    s = blank_stage(0)
    bc = put_char(s, "black_cat", "a1")
    s.terrain = (sq(s, "a2"), sq(s, "b1"))
    assert {s.lbl(x) for x in s._advance_targets(bc, 4)} == {"a2", "b1"}
    ssm = put_char(s, "spectacular_spider_man", "a1")
    s.chars[bc][C_POS] = sq(s, "h8")
    assert "a4" in {s.lbl(x) for x in s._advance_targets(ssm, 3)}


def test_advance_through_allies_not_enemies() -> None:
    """alliances/advance: through allied Characters (not ending there), never through Enemies."""
    s = blank_stage(0)
    bc = put_char(s, "black_cat", "a1")
    put_char(s, "ghost_spider", "a2")
    put_enemy(s, "goblin_army", "b1")
    reach = {s.lbl(x) for x in s._advance_targets(bc, 2)}
    assert "a3" in reach and "a2" not in reach and "b1" not in reach and "c1" not in reach


def test_minion_advance_nearest_tie_is_players_decision() -> None:
    """alliances/enemies-move/2, alliances/nearest, alliances/player-decisions: a tie for nearest goes to the
    Priority Player; the Minion ends closer to the chosen Character."""
    s = blank_stage(0, players=2)
    put_char(s, "spectacular_spider_man", "a5")
    put_char(s, "black_cat", "e5")
    s.priority = 3
    ga = put_enemy(s, "goblin_army", "c1")
    run(s, ("enemies_move",))
    d = s.decision
    assert d.kind == "nearest" and d.seat == 1
    s.apply("nearest:black_cat")
    e = s.enemy(ga)
    assert s.board.dist[e[E_POS]][sq(s, "e5")] == 3


def test_empty_spawn_tracker_advance() -> None:
    """alliances/empty-spawn-tracker: no Enemies on the tracker: each Enemy Advances 1 Space instead."""
    s = blank_stage(0)
    put_char(s, "black_cat", "a8")
    ga = put_enemy(s, "goblin_army", "a4")
    run(s, ("enemies_spawn",))
    assert where(s, ga) == "a5"


def test_no_open_spawn_space_frenzy_and_goblin_war_cry() -> None:
    """alliances/no-open-spawn, alliances/frenzy, alliances/enemy/goblin-war-cry: no Open Spawn Space ->
    Enemies Frenzy; each Goblin Army Advances 3 instead of 1, other Enemies 1; then the first Enemy Spawns."""
    s = blank_stage(0)
    put_char(s, "black_cat", "c8")
    s.priority = 3
    spawns = s.stage.spaces_of("S")
    for x in spawns:
        s._add_enemy("spider_slayer", x)
    ga = put_enemy(s, "goblin_army", "d4")
    s.tracker[0] = "oscorp_goliath"
    run(s, ("spawn", -1, 0))
    settle_order(s)  # alliances/timing: the players decide the order of the Frenzy's Advances
    assert s.board.dist[sq(s, where(s, ga))][sq(s, "d4")] == 3
    assert any("Enemies Frenzy" in t for t in texts(s))
    assert any("Oscorp Goliath Spawns" in t for t in texts(s))  # a Spider-Slayer moved off its Spawn Space


def test_minion_ko_back_to_tracker_and_full_tracker() -> None:
    """alliances/minion-ko, alliances/full-spawn-tracker: a KO'd Minion goes to the first empty spot; when there is
    none, the first Enemy Spawns before the KO'd one takes the last spot."""
    s = blank_stage(0)
    put_char(s, "black_cat", "c8")
    ga = put_enemy(s, "goblin_army", "d5")
    s.tracker = ["spider_slayer", "", "", "", "", "", "", ""]
    s._hurt_enemy(s.enemy(ga), 5, -1)
    assert s.tracker[:2] == ["spider_slayer", "goblin_army"]
    s.tracker = ["spider_slayer"] + ["oscorp_goliath"] * 7
    ga2 = put_enemy(s, "goblin_army", "d5")
    s._hurt_enemy(s.enemy(ga2), 5, -1)
    s.priority = 3
    s._run()
    assert s.tracker[-1] == "goblin_army" and s.tracker[0] == "oscorp_goliath"
    assert any(e[1] == "spider_slayer" for e in s.enemies)


def test_mini_boss_ko_removed_and_xp() -> None:
    """alliances/mini-boss-ko, alliances/xp: a KO'd Mini-Boss leaves the Stage and each Character gains 2 XP."""
    s = blank_stage(0)
    for cid, lab in (("spectacular_spider_man", "a8"), ("ultimate_spider_man", "b8"), ("ghost_spider", "c8"), ("black_cat", "d8")):
        put_char(s, cid, lab)
    gg = put_enemy(s, "green_goblin", "d7")
    assert s.etype(s.enemy(gg)) == "mini_boss"
    ko = s._hurt_enemy(s.enemy(gg), 20, 3)
    assert ko and s.enemy(gg) is None and s.gg_gone == 1 and "green_goblin" not in s.tracker
    assert [c[C_XP] for c in s.chars] == [2, 2, 2, 2]


def test_daze_then_cleanup_then_ko_loses() -> None:
    """alliances/dazed, alliances/cleanup/3, alliances/ko, alliances/win-lose."""
    s = blank_stage(0)
    ci = put_char(s, "black_cat", "d5")
    s.chars[ci][C_HELD] = ((99, HIT),)
    s._hurt_char(ci, 10, enemy=True)
    c = s.chars[ci]
    assert c[C_DAZ] == 1 and c[C_STA] == 0 and c[C_POW] == 6 and c[C_HELD] == ()
    # alliances/tokens/drop: the held token is Placed within 1 Space
    s._run()
    assert s.decision.kind == "place"
    s.apply(s.decision.options[0].id)
    assert any(t[0] == 99 for t in s.tokens)
    run(s, ("cleanup",))
    assert c[C_DAZ] == 0 and c[C_INJ] == 1 and c[C_STA] == 5
    s._hurt_char(ci, 9, enemy=True)
    assert s.is_over and s.result.outcomes == ("loss",)


def test_power_only_from_enemy_effects_and_bleed() -> None:
    """alliances/power/from-effects, alliances/conditions/bleed: Bleed deals 2 at the end of the next Activation,
    no Power (special conditions are not enemy effects)."""
    s = blank_stage(0)
    ci = put_char(s, "black_cat", "d5")
    s.chars[ci][C_COND] = COND_BIT["bleed"]
    run(s, ("act_end", ci))
    assert s.chars[ci][C_STA] == 4 and s.chars[ci][C_POW] == 0 and s.chars[ci][C_COND] == 0


def test_level_up_at_10_xp() -> None:
    """alliances/level-up: at 10 XP the Character reaches Level 2, spends the XP, goes Healthy with full Stamina
    and keeps one of two Level 2 cards."""
    s = blank_stage(0)
    ci = put_char(s, "black_cat", "d5")
    c = s.chars[ci]
    c[C_INJ], c[C_STA], c[C_XP] = 1, 2, 9
    s._gain_xp(ci, 2)
    assert c[C_LVL] == 2 and c[C_XP] == 1 and c[C_INJ] == 0 and c[C_STA] == 6
    s._run()
    d = s.decision
    assert d.kind == "levelup" and all("Level 2" in o.label for o in d.options)


def test_rally_per_three_power() -> None:
    """alliances/rally: lose all Power; one effect per 3 Power lost."""
    s = blank_stage(0)
    ci = put_char(s, "black_cat", "d5")
    s.chars[ci][C_POW] = 7
    s.chars[ci][C_STA] = 3
    s.completed = 3
    for j in range(4):
        if j != ci:
            s.chars[j][C_POW] = 0
    run(s, ("end_turn", 1))
    assert s.chars[ci][C_POW] == 0
    assert s.decision.kind == "rally"
    s.apply("rally:heal")
    assert s.decision.kind == "rally"
    s.apply("rally:xp")
    assert s.chars[ci][C_STA] == 4 and s.chars[ci][C_XP] == 1
    assert s.stage_i == 1  # alliances/stage-complete: the next Stage is set up
    assert s.decision.kind == "deploy" and "Spectacular" in s.decision.prompt  # Priority carries on


def test_cover_for_enemy_and_incinerate() -> None:
    """alliances/cover, alliances/enemy-conditions/incinerate: Cover adds 1 to an Enemy's Defense; Incinerate
    takes 2 off once."""
    s = blank_stage(0)
    ci = put_char(s, "black_cat", "d5")
    ss = put_enemy(s, "spider_slayer", "d4")
    s.terrain = (sq(s, "d4"),)
    run(s, ("atk_one", ci, "claws", ss, 1), dice=(HIT, HIT, BLANK, BLANK, BLANK))
    assert "2 successes against Spider-Slayer at d4's Defense 2" in texts(s)[-2]
    assert texts(s)[-1] == "Claws deals no Damage to Spider-Slayer at d4."
    s.enemy(ss)[E_COND] = COND_BIT["incinerate"]
    run(s, ("atk_one", ci, "claws", ss, 1), dice=(HIT, BLANK, BLANK, BLANK, BLANK))
    assert "'s Defense 0." in texts(s)[-2] and texts(s)[-1] == "Claws deals 1 Damage to Spider-Slayer at d4 (1/3 Damage)."
    assert s.enemy(ss)[E_COND] == 0


def test_cover_for_character() -> None:
    """alliances/cover, alliances/enemy-attack/7: a Character in Cover changes one defence die to a Block."""
    s = blank_stage(0)
    ci = put_char(s, "black_cat", "d5")
    s.terrain = (sq(s, "d5"),)
    put_enemy(s, "goblin_army", "d4")
    run(s, ("eatk", ci, (s.enemies[0][0],), 0), dice=(BLANK, BLANK))
    assert s.chars[ci][C_STA] == 6 and any("Cover" in t for t in texts(s))


def test_shock_and_pool_minimum() -> None:
    """alliances/conditions/shock, alliances/rolling-dice/pool-minimum: Shock removes 2 attack dice once;
    a pool is never below one die (alliances/conditions/incinerate on defence)."""
    s = blank_stage(0)
    ci = put_char(s, "black_cat", "d5")
    ga = put_enemy(s, "goblin_army", "d4")
    s.chars[ci][C_COND] = COND_BIT["shock"]
    run(s, ("atk_one", ci, "claws", ga, 1), dice=(BLANK, BLANK, BLANK))
    assert "rolls [blank,blank,blank]" in texts(s)[-2] and s.chars[ci][C_COND] == 0
    usm = put_char(s, "ultimate_spider_man", "a1")
    s.chars[usm][C_COND] = COND_BIT["incinerate"]
    ss = put_enemy(s, "spider_slayer", "a2")
    run(s, ("eatk", usm, (ss,), 0), dice=(BLANK,))
    assert "defense [blank]" in texts(s)[-2]


def test_enemy_shock_skips_attack_and_enemy_bleed() -> None:
    """alliances/enemy-conditions/shock, alliances/enemy-conditions/bleed."""
    s = blank_stage(0)
    ci = put_char(s, "black_cat", "d5")
    ga = put_enemy(s, "goblin_army", "d4")
    s.enemy(ga)[E_COND] = COND_BIT["shock"] | COND_BIT["bleed"]
    run(s, ("enemies_attack", 1))  # the Enemies Attack step (issue 9 item 7: Bleed resolves at its end)
    assert s.chars[ci][C_STA] == 6 and s.enemy(ga) is None  # Bleed KO'd it (2 Stamina)


def test_hex_on_character_and_enemy() -> None:
    """alliances/conditions/hex, alliances/enemy-conditions/hex."""
    s = blank_stage(0)
    ci = put_char(s, "black_cat", "d5")
    ga = put_enemy(s, "oscorp_goliath", "d4")
    s.chars[ci][C_COND] = COND_BIT["hex"]
    run(s, ("atk_one", ci, "claws", ga, 1), dice=(CRIT, BLANK, BLANK, BLANK, BLANK))
    assert any("rolls [critical,blank,blank,blank,blank]:" in t for t in texts(s)) and s.chars[ci][C_COND] == 0
    s.enemy(ga)[E_COND] = COND_BIT["hex"]
    run(s, ("atk_one", ci, "claws", ga, 1), dice=(CRIT, BLANK, BLANK, BLANK, BLANK, BLANK, BLANK))
    assert any("rolls [critical,blank,blank,blank,blank,blank,blank]" in t for t in texts(s)[-3:])


def test_oscorp_weaponry() -> None:
    """alliances/card/oscorp-weaponry, alliances/char-attack/12: a Failure in the attack roll -> 1 Damage back."""
    s = blank_stage(0)
    ci = put_char(s, "black_cat", "d5")
    ga = put_enemy(s, "oscorp_goliath", "d4")
    run(s, ("atk_one", ci, "claws", ga, 1), dice=(FAIL, BLANK, BLANK, BLANK, BLANK))
    assert s.chars[ci][C_STA] == 5 and s.chars[ci][C_POW] == 1


def test_throw_edge_collision_dodge_and_terrain() -> None:
    """alliances/throw, alliances/collisions, alliances/movement/edge, alliances/dodge, alliances/terrain/destroy."""
    s = blank_stage(0)
    ci = put_char(s, "spectacular_spider_man", "b4")
    a = put_enemy(s, "oscorp_goliath", "a4")
    run(s, ("move_away", ci, a, 2, "throw"))
    assert set(s.decision.ids()) == {"dir:N", "dir:S", "dir:W"}  # alliances/toward-away
    s.apply("dir:W")
    assert where(s, a) == "a4" and s.enemy(a)[E_DMG] == 1  # edge collision
    b = put_enemy(s, "oscorp_goliath", "c4")
    c = put_enemy(s, "oscorp_goliath", "e4")
    run(s, ("move_away", ci, b, 3, "throw"))
    s.apply("dir:E")
    assert where(s, b) == "d4" and s.enemy(b)[E_DMG] == 1 and s.enemy(c)[E_DMG] == 2  # dodge: 3 - Defense 1
    s.terrain = (sq(s, "b6"),)
    d = put_enemy(s, "oscorp_goliath", "b5")
    run(s, ("move_away", ci, d, 3, "throw"))
    s.apply("dir:S")
    assert where(s, d) == "b5" and s.terrain == ()


def test_push_no_collision() -> None:
    """alliances/push: a Push stops before an obstacle without Damage."""
    s = blank_stage(0)
    ci = put_char(s, "ghost_spider", "b4")
    a = put_enemy(s, "oscorp_goliath", "c4")
    put_enemy(s, "oscorp_goliath", "d4")
    run(s, ("move_away", ci, a, 1, "push"))
    assert where(s, a) == "c4" and s.enemy(a)[E_DMG] == 0


def test_beam_targets_the_line() -> None:
    """alliances/beam: measured in a straight line to full Range; each Enemy in it is targeted."""
    s = blank_stage(0)
    ci = put_char(s, "ultimate_spider_man", "a4")
    put_enemy(s, "goblin_army", "b4")
    put_enemy(s, "goblin_army", "d4")
    put_enemy(s, "goblin_army", "e4")
    put_enemy(s, "goblin_army", "b5")
    s.chars[ci][C_POW] = 2
    s.active = ci
    run(s, ("act_menu",))
    assert "attack:web_barrage:E" in s.decision.ids()
    s.apply("attack:web_barrage:E")
    assert s.decision.kind == "target" and len(s.decision.options) == 2


def test_objective_contested_and_secured_completion() -> None:
    """alliances/objective/contest, alliances/objective/interact-contested, alliances/objective/secure,
    alliances/objective/complete, alliances/stage/glider-works/objective, alliances/stage/glider-works/detonate:
    no Interact with a Contested Objective token; a Secured prototype takes a Charge, which blows at the end of the
    Round and Completes the Objective for the Character who planted it."""
    s = blank_stage(1)
    for cid, lab in (("spectacular_spider_man", "a8"), ("ultimate_spider_man", "b8"), ("ghost_spider", "c8"), ("black_cat", "d5")):
        put_char(s, cid, lab)
    s.tokens = [[1, "obj", sq(s, "d4"), HIT, 0]]
    ga = put_enemy(s, "goblin_army", "d3")
    s.active = 3
    s.chars[3][C_POW] = 1
    assert not any(o.id.startswith("interact") for o in s._act_options(3))
    s.enemies.clear()
    assert "interact:1" in [o.id for o in s._act_options(3)]
    run(s, ("act_menu",))
    s.apply("interact:1")
    assert s.completed == 0 and s.tokens[0][4] == 4  # a Charge planted by Black Cat (character 3)
    s.apply("end")
    s.turn = 1  # the second Turn: the end of the Round
    run(s, ("end_turn", 1))
    assert s.completed == 1 and [c[C_XP] for c in s.chars] == [2, 2, 2, 3]
    assert s.decision.kind == "assist"
    _ = ga


def test_stage_end_and_boss_win() -> None:
    """alliances/stage/last-laugh/end, alliances/win-lose: completing the Boss Battle wins."""
    s = blank_stage(2)
    s.boss_dazes = 2
    run(s, ("end_turn", 0))
    assert s.is_over and s.result.outcomes == ("win",)


def test_boss_spawn_arrow_and_target() -> None:
    """alliances/card/last-laugh/1: roll, Spawn on the matching arrow Space, Target at the edge along the arrow."""
    s = blank_stage(2)
    put_char(s, "black_cat", "d5")
    run(s, ("boss_activate",), dice=(CRIT,))
    gg = s._gg()
    assert s.lbl(s.target) == "h3"
    assert s.lbl(gg[E_POS]) == "g3"  # spawned at a3, then Advanced 6 Spaces east, stopping at the edge


def test_web_line_along_came_a_spider_and_turbo_boost() -> None:
    """alliances/stage/along-came-a-spider, alliances/stage/last-laugh/web-line, alliances/card/turbo-boost."""
    s = blank_stage(2)
    put_char(s, "black_cat", "a8")
    s.braces = [1, 1, 0, 0]  # brace_a pair (row 4) turned
    gg = put_enemy(s, "green_goblin", "c2")
    s.target = sq(s, "c8")
    run(s, ("gg_go", 6, 0))
    e = s.enemy(gg)
    assert s.lbl(e[E_POS]) == "c4" and e[E_DMG] == 3 and e[E_COND] & COND_BIT["shock"] and s.braces == [0, 0, 0, 0]
    s.braces = [1, 1, 0, 0]
    e[E_POS] = sq(s, "c2")
    run(s, ("turbo_boost",))
    assert s.braces == [0, 0, 0, 0] and s.enemy(gg)[E_DMG] == 3 and any("Enemies Frenzy" in t for t in texts(s))


def test_boss_dazed_leaves_and_counts() -> None:
    """alliances/boss-dazed, alliances/card/last-laugh/7, alliances/heroic-assist."""
    s = blank_stage(2)
    ci = put_char(s, "black_cat", "d5")
    put_char(s, "ghost_spider", "a8")
    gg = put_enemy(s, "green_goblin", "d4")
    assert s._hurt_enemy(s.enemy(gg), 99, ci)
    assert s.enemy(gg) is None and s.boss_dazes == 1


def test_scientific_method_and_protection_programming() -> None:
    """alliances/stage/scientific-method, alliances/enemy/protection-programming."""
    s = blank_stage(0)
    ci = put_char(s, "black_cat", "d5")
    s.pool = [3, 3, 3, 3]
    ga = put_enemy(s, "goblin_army", "d4")
    s._hurt_enemy(s.enemy(ga), 2, ci)
    assert sum(s.pool) == 11 and any(t[1] == "ing" and s.lbl(t[2]) == "d4" for t in s.tokens)
    s.tokens.append([50, "obj", sq(s, "a5"), HIT, 0])
    ss = put_enemy(s, "spider_slayer", "d3")
    run(s, ("after_eatk", (ss,)))
    assert where(s, ss) == "c3"


def test_no_round_limit_by_default() -> None:
    """alliances/round: the rulebook has no Round limit, so none applies unless round_limit is set."""
    s = blank_stage(0)
    s.rounds_total = 500
    run(s, ("round",))
    assert not s.over and s.rounds_total == 501 and s.game.max_actions == 50_000


def test_round_limit_house_rule() -> None:
    """alliances/house/round-limit: the Mission fails after round_limit Rounds."""
    s = blank_stage(0, round_limit=5)
    s.rounds_total = 5
    run(s, ("round",))
    assert s.is_over and s.result.outcomes == ("loss",)


def test_pass_priority_clockwise() -> None:
    """alliances/pass-priority."""
    s = blank_stage(0)
    s.priority = 3
    run(s, ("pass_priority",))
    assert s.priority == 0


def test_challenge_tokens_fill_spots_and_never_spawn() -> None:
    """alliances/difficulty: Challenge tokens take empty spots after the Enemies, move toward the start like
    Enemies, raise the Spawn count and are never Spawned themselves (ruling)."""
    s = capes.load("alliances", difficulty=2).new_game(0)
    _to_priority(s)
    assert s.tracker[:6] == ["goblin_army", "spider_slayer", "goblin_army", "oscorp_goliath", "*", "*"]
    s2 = blank_stage(0)
    put_char(s2, "black_cat", "c8")
    s2.priority = 3
    s2.tracker = ["*", "goblin_army", "*", "", "", "", "", ""]
    run(s2, ("spawn", -1, 0), ("compact",))
    assert s2.tracker[:3] == ["*", "*", ""] and s2.enemies[0][1] == "goblin_army"


def test_throwing_terrain_feature() -> None:
    """alliances/terrain/throw, alliances/content/web-toss, alliances/dodge: the thrown Feature is destroyed; the
    first object in the straight line collides with it (an Enemy dodges: 3 Damage less its Defense)."""
    s = blank_stage(0)
    ci = put_char(s, "spectacular_spider_man", "d5")
    s.terrain = (sq(s, "d6"), sq(s, "b5"))
    ss = put_enemy(s, "oscorp_goliath", "g5")
    s.active = ci
    run(s, ("act_menu",))
    assert "skill:web_toss:d6:E" in s.decision.ids()
    s.apply("skill:web_toss:d6:E")
    assert s.terrain == (sq(s, "b5"),) and s.enemy(ss)[E_DMG] == 2


def test_criticals_only_from_the_initial_roll() -> None:
    """alliances/char-attack/6, alliances/enemy-attack/6: extra dice for Criticals of the initial roll only."""
    s = blank_stage(0)
    ci = put_char(s, "black_cat", "d5")
    ga = put_enemy(s, "oscorp_goliath", "d4")
    run(s, ("atk_one", ci, "claws", ga, 1), dice=(CRIT, BLANK, BLANK, BLANK, BLANK, CRIT))
    assert any("rolls [critical,blank,blank,blank,blank,critical]:" in t for t in texts(s))
    assert s.forced == []


def test_special_rule_icon_threshold() -> None:
    """alliances/attack-special-rules: the rule applies only if the final roll shows its icons."""
    s = blank_stage(0)
    ci = put_char(s, "black_cat", "d5")
    ga = put_enemy(s, "oscorp_goliath", "d4")
    run(s, ("atk_one", ci, "claws", ga, 1), dice=(HIT, BLANK, BLANK, BLANK, BLANK))
    assert s.enemy(ga)[E_COND] == 0
    run(s, ("atk_one", ci, "claws", ga, 1), dice=(CRIT, BLANK, BLANK, BLANK, BLANK, BLANK))
    assert s.enemy(ga)[E_COND] == COND_BIT["bleed"]


def test_halving_rounds_up() -> None:
    """alliances/halving."""
    from capes.games.alliances.engine import half_up
    assert [half_up(n) for n in (1, 2, 3, 7)] == [1, 1, 2, 4]


def test_protection_programming_tie_is_players_decision() -> None:
    """alliances/enemy/protection-programming, alliances/nearest: a tie for the nearest Objective token goes to
    the Priority Player."""
    s = blank_stage(0)
    put_char(s, "black_cat", "d8")
    s.tokens = [[1, "obj", sq(s, "b3"), HIT, 0], [2, "obj", sq(s, "f3"), WILD, 0]]
    ss = put_enemy(s, "spider_slayer", "d3")
    run(s, ("after_eatk", (ss,)))
    assert s.decision.kind == "nearest-objective" and set(s.decision.ids()) == {"toward:b3", "toward:f3"}
    s.apply("toward:f3")
    assert where(s, ss) == "e3"


def test_lab_partners_needs_both_players() -> None:
    """alliances/stage/lab-partners: taking an Ingredient from another player's Character asks that player."""
    s = blank_stage(0, players=2)
    usm = put_char(s, "ultimate_spider_man", "d5")
    gs = put_char(s, "ghost_spider", "d6")
    s.chars[gs][C_HELD] = ((77, HIT),)
    s.chars[usm][C_POW] = 1
    s.active = usm
    run(s, ("act_menu",))
    s.apply("interact:held:ghost_spider:hit")
    d = s.decision
    assert d.kind == "consent" and d.seat == 1
    s.apply("agree")
    assert s.chars[usm][C_HELD] == ((77, HIT),) and s.chars[gs][C_HELD] == () and s.chars[usm][C_POW] == 0
