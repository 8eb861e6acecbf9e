"""More conformance tests: setup, the Round structure, actions and skills, the attack steps, Stage rules."""

import capes
from capes.games.alliances.content import COND_BIT
from capes.games.alliances.engine import (
    C_COND,
    C_DAZ,
    C_HELD,
    C_INJ,
    C_POS,
    C_POW,
    C_SKUSED,
    C_STA,
    C_TOK,
    E_COND,
    E_DMG,
    E_POS,
    T_KIND,
    T_POS,
    T_X,
)

from .helpers import BLANK, BLOCK, CRIT, HIT, WILD, blank_stage, put_char, put_enemy, run, sq, texts, where


def _to_setup(cfg: dict, seed: int = 0):
    s = capes.load("alliances", **cfg).new_game(seed)
    while s.decision.kind in ("mission", "levelup"):
        s.apply(s.decision.options[0].id)
    return s


def test_mission_squad_and_stage_setup() -> None:
    """alliances/mission/build, alliances/mission/length, alliances/stages-and-missions, alliances/squad,
    alliances/stage-setup, alliances/stage-setup/board/1, alliances/stage-setup/board/2, alliances/stage-setup/board/3, alliances/stage-setup/board/4, alliances/stage-setup/enemy-tracker,
    alliances/stage-setup/play-area, alliances/stage/oscorp-lab/setup, alliances/token-pools."""
    g = capes.load("alliances", players=3, long=True)
    assert g.stage_ids == ("oscorp_lab", "glider_works", "subway_rescue", "goblins_last_laugh")
    assert g.ctrl == (0, 0, 1, 2) and g.num_seats == 3
    s = _to_setup({"players": 3})
    st = s.stage
    objs = sorted(t[3] for t in s.tokens if t[T_KIND] == "obj")
    assert objs == [CRIT, WILD, HIT, BLOCK] and all(t[T_POS] in st.spaces_of("O") for t in s.tokens)
    assert set(s.terrain) == set(st.spaces_of("T"))
    assert sorted((e[1], s.lbl(e[E_POS])) for e in s.enemies) == [("goblin_army", "h1"), ("spider_slayer", "a1")]
    assert s.tracker[:4] == ["goblin_army", "spider_slayer", "goblin_army", "oscorp_goliath"]
    assert s.pool == [3, 3, 3, 3]
    assert any("Mini-Boss side" in t for t in texts(s))


def test_turn_steps_in_order_and_cleanup_tokens() -> None:
    """alliances/round, alliances/turn, alliances/turn/1, alliances/turn/2, alliances/turn/3, alliances/turn/4, alliances/turn/5, alliances/end-turn, alliances/activation-phase,
    alliances/cleanup/1, alliances/cleanup/2, alliances/cleanup/4."""
    s2 = blank_stage(0)
    s2.stack.clear()
    s2._push(("turn", 0))
    fr = s2.stack.pop()
    s2._f_turn(*fr[1:])
    order = [f[0] for f in reversed(s2.stack)]
    assert order == ["act_pick"] * 4 + ["enemies_move", "enemies_spawn", "enemies_attack", "pass_priority", "end_turn"]
    for c in s2.chars:
        c[C_TOK] = 0
    s2.stack.clear()
    run(s2, ("cleanup",))
    assert all(c[C_TOK] == 2 for c in s2.chars)


def test_actions_move_shake_and_activation_end() -> None:
    """alliances/activation, alliances/activation/move, alliances/activation/shake, alliances/activation/end,
    alliances/activation/attack, alliances/any-time (Interact after the action)."""
    s = blank_stage(0)
    bc = put_char(s, "black_cat", "d5")
    s.chars[bc][C_COND] = COND_BIT["shock"]
    s.chars[bc][C_POW] = 3
    s._put_ing(HIT, sq(s, "d3"))
    s.tokens.append([90, "obj", sq(s, "a1"), HIT, 0])
    run(s, ("activate", bc))
    ids = s.decision.ids()
    assert "move" in ids and "shake:shock" in ids and "end" in ids
    s.apply("move")
    assert s.decision.kind == "destination" and "move:d3" in s.decision.ids()
    s.apply("move:d4")
    ids = s.decision.ids()
    assert not any(i.startswith(("move", "shake", "attack")) for i in ids)
    assert any(i.startswith("interact") for i in ids)  # any time: Interact after the action
    tok = s.chars[bc][C_TOK]
    s.apply("end")
    assert s.chars[bc][C_TOK] == tok - 1 and s.active == -1


def test_skills_active_reactive_innate() -> None:
    """alliances/skills, alliances/skills/active, alliances/skills/reactive, alliances/skills/innate,
    alliances/activation/skill, alliances/content/bad-luck, alliances/content/spider-sense,
    alliances/content/cat-burglar, alliances/content/second-wind, alliances/content/web-zip,
    alliances/content/quick-reflexes, alliances/content/wall-crawler."""
    s = blank_stage(0)
    bc = put_char(s, "black_cat", "d5")
    ga = put_enemy(s, "oscorp_goliath", "d3")
    s.chars[bc][C_POW] = 2
    s.active = bc
    run(s, ("act_menu",))
    assert f"skill:bad_luck:{ga}" in s.decision.ids()
    s.apply(f"skill:bad_luck:{ga}")
    assert s.enemy(ga)[E_COND] & COND_BIT["hex"] and "bad_luck" in s.chars[bc][C_SKUSED]
    assert f"skill:bad_luck:{ga}" not in s.decision.ids()  # once per Activation
    assert s._interact_cost(bc) == 0  # Cat Burglar (innate)
    s.chars[bc][C_DAZ] = 1
    assert not s.has_skill(bc, "cat_burglar")  # Innate skills are off while Dazed
    # Spider-Sense: reactive, once per Enemy attack, 1 Power
    s2 = blank_stage(0)
    ssm = put_char(s2, "spectacular_spider_man", "d5")
    s2.chars[ssm][C_POW] = 1
    e = put_enemy(s2, "goblin_army", "d4")
    run(s2, ("eatk", ssm, (e,), 0))
    assert s2.decision.kind == "reactive"
    s2.forced = [BLOCK, BLOCK, BLOCK, BLOCK]
    s2.apply("use")
    assert s2.chars[ssm][C_POW] == 0 and "defense [block,block,block,block]" in texts(s2)[-1]  # Physical 3 + 1
    # Web Zip (Action skill) and Quick Reflexes (reactive)
    s3 = blank_stage(0)
    gs = put_char(s3, "ghost_spider", "d5")
    s3.active = gs
    run(s3, ("act_menu",))
    assert "skill:web_zip" in s3.decision.ids()
    s3.apply("skill:web_zip")
    assert "move:d8" in s3.decision.ids()
    s3.apply("move:d8")
    assert s3.lbl(s3.chars[gs][C_POS]) == "d8"
    e3 = put_enemy(s3, "oscorp_goliath", "d7")
    s3.stack.clear()
    run(s3, ("eatk", gs, (e3,), 0), dice=(BLANK, BLANK, BLANK))
    assert s3.decision.kind == "reactive" and "pass" in s3.decision.ids()
    s3.apply("move:c8")
    assert s3.lbl(s3.chars[gs][C_POS]) == "c8"
    # Second Wind
    s4 = blank_stage(0)
    bc4 = put_char(s4, "black_cat", "d5")
    s4.chars[bc4][10] = ("bc_second_wind",)
    s4.chars[bc4][C_STA], s4.chars[bc4][C_POW] = 2, 2
    s4.active = bc4
    run(s4, ("act_menu",))
    s4.apply("skill:second_wind")
    assert s4.chars[bc4][C_STA] == 4 and s4.chars[bc4][C_POW] == 0


def test_cannot_beats_can() -> None:
    """alliances/cannot-beats-can: Green Goblin 'cannot be moved by any other effects' beats a Push."""
    s = blank_stage(2)
    gs = put_char(s, "ghost_spider", "d5")
    gg = put_enemy(s, "green_goblin", "d4")
    run(s, ("move_away", gs, gg, 1, "push"))
    assert where(s, gg) == "d4"
    run(s, ("move_away", gs, gg, 2, "throw"))  # alliances/card/last-laugh/6
    assert where(s, gg) == "d4" and s.enemy(gg)[E_DMG] == 1


def test_character_attack_steps() -> None:
    """alliances/char-attacks, alliances/character-attacks, alliances/char-attack/1 (no attack it can't pay for),
    alliances/char-attack/2, alliances/char-attack/3 (Power paid), alliances/char-attack/4, alliances/char-attack/5,
    alliances/char-attack/7, alliances/char-attack/8, alliances/char-attack/9, alliances/char-attack/10 (Damage
    capped at Stamina), alliances/char-attack/11, alliances/enemy-damage."""
    s = blank_stage(0)
    bc = put_char(s, "black_cat", "d5")
    ga = put_enemy(s, "goblin_army", "d4")
    s.active = bc
    run(s, ("act_menu",))
    ids = s.decision.ids()
    assert f"attack:claws:{ga}" in ids and not any(i.startswith("attack:grapple_lash") for i in ids)
    s.chars[bc][C_POW] = 1
    s.stack.clear()
    s.pending = None
    run(s, ("act_menu",))
    s.forced = [HIT, HIT, HIT, WILD, BLANK]
    s.apply(f"attack:grapple_lash:{ga}")
    assert s.chars[bc][C_POW] == 0 and s.enemy(ga) is None
    assert any("goes back onto the Spawn Tracker" in t for t in texts(s))


def test_enemy_attack_damage_cap_and_power() -> None:
    """alliances/enemy-attack/1, alliances/enemy-attack/3, alliances/enemy-attack/4, alliances/enemy-attack/5,
    alliances/enemy-attack/8, alliances/enemy-attack/9, alliances/enemy-attack/10 (a Character suffers at most its
    Stamina; Power equal to the Damage suffered), alliances/enemy-attack/11, alliances/enemy-attack/12,
    alliances/char-damage, alliances/enemy/crushing-grip, alliances/enemy-special-rules."""
    s = blank_stage(0)
    bc = put_char(s, "black_cat", "d5")
    s.chars[bc][C_STA] = 2
    e1 = put_enemy(s, "oscorp_goliath", "d4")
    e2 = put_enemy(s, "oscorp_goliath", "c5")
    run(s, ("eatk", bc, (e1, e2), 0), dice=(BLANK, BLANK))
    assert s.chars[bc][C_STA] == 0 and s.chars[bc][C_POW] == 2 and s.chars[bc][C_DAZ] == 1
    assert "(Physical, Attack Strength 4)" in [t for t in texts(s) if "Enemies attack" in t][-1]
    s2 = blank_stage(0)
    u = put_char(s2, "ultimate_spider_man", "d5")
    e = put_enemy(s2, "oscorp_goliath", "d4")
    run(s2, ("eatk", u, (e,), 0), dice=(BLANK, BLANK))
    assert s2.chars[u][C_COND] & COND_BIT["shock"]  # Crushing Grip


def test_measurement_range_and_straight_line() -> None:
    """alliances/measurement, alliances/measurement/straight-line, alliances/place."""
    s = blank_stage(0)
    b = s.board
    assert b.dist[sq(s, "a1")][sq(s, "c4")] == 5 and b.dist[sq(s, "d4")][sq(s, "d4")] == 0
    assert [b.labels[x] for x in b.line(sq(s, "b2"), b.dir_index("S"), 3)] == ["b3", "b4", "b5"]
    assert [b.labels[x] for x in b.line(sq(s, "b2"), b.dir_index("N"), 3)] == ["b1"]


def test_boss_activates_only_in_boss_battle() -> None:
    """alliances/enemies-move/1, alliances/boss-battle-card, alliances/enemy/goblin-glider: the Boss activates
    first in a Boss Battle; in a Standard Stage Green Goblin (Mini-Boss) moves as a Minion and ignores Terrain."""
    s = blank_stage(0)
    put_char(s, "black_cat", "d8")
    gg = put_enemy(s, "green_goblin", "d3")
    s.terrain = (sq(s, "d4"), sq(s, "d5"))
    run(s, ("enemies_move",))
    assert where(s, gg) == "d7"  # Speed 5 through two Terrain Features (Goblin Glider)
    s2 = blank_stage(2)
    put_char(s2, "black_cat", "d5")
    run(s2, ("enemies_move",), dice=(CRIT,))
    assert s2._gg() is not None


def test_open_and_other_spawns_and_minions() -> None:
    """alliances/spawning, alliances/open-spawn-space, alliances/other-spawns, alliances/minions,
    alliances/enemies-spawn/2, alliances/enemies-spawn/3, alliances/enemies-spawn/4: a matching icon Spawn Space is used when Open, else the nearest."""
    s = blank_stage(0)
    put_char(s, "black_cat", "c8")
    s.priority = 3
    s.tracker[:2] = ["goblin_army", "spider_slayer"]  # last occupied spot shows 1 Spawn
    put_enemy(s, "goblin_army", "h1")  # occupies the only Hit Spawn Space
    run(s, ("enemies_spawn",), dice=(HIT,))
    assert any(e[1] == "goblin_army" and s.lbl(e[E_POS]) == "a4" for e in s.enemies)
    assert s.tracker[:2] == ["spider_slayer", ""]


def test_removing_damage_and_sides() -> None:
    """alliances/removing-damage, alliances/stat-card-sides, alliances/level-up-improvements,
    alliances/level-up-cards."""
    s = blank_stage(0)
    bc = put_char(s, "black_cat", "d5")
    s.chars[bc][C_STA] = 5
    s._heal(bc, 3)
    assert s.chars[bc][C_STA] == 6
    s.chars[bc][C_INJ] = 1
    assert s.cside(bc).stamina == 5
    s.chars[bc][10] = ("bc_claws_plus",)
    claws = [a for a in s.cside(bc).attacks if a.id == "claws"]
    assert len(claws) == 1 and claws[0].strength == 6


def test_oscorp_lab_synthesis_and_end() -> None:
    """alliances/stage/oscorp-lab, alliances/stage/oscorp-lab/objective, alliances/stage/oscorp-lab/end,
    alliances/objective-tokens, alliances/mission-tokens, alliances/stage-tokens/contest."""
    s = blank_stage(0)
    for cid, lab in (("spectacular_spider_man", "a8"), ("ultimate_spider_man", "d5"), ("ghost_spider", "c8"), ("black_cat", "h8")):
        put_char(s, cid, lab)
    s.tokens = [[1, "obj", sq(s, "d4"), HIT, 0]]
    s.chars[1][C_HELD] = ((5, HIT), (6, HIT))
    s.chars[1][C_POW] = 1
    s.completed = 2
    s.active = 1
    run(s, ("act_menu",))
    s.apply("interact:1")
    assert s.tokens[0][T_X] == 2 and s.tokens[0][T_POS] == -1 and s.completed == 3
    while s.decision.kind == "assist":
        s.apply(s.decision.options[0].id)
    s.stack.clear()
    s.pending = None
    run(s, ("end_turn", 0))
    assert s.stage_i == 1 or s.decision.kind == "rally"
    # Ingredients are Stage tokens: an adjacent Enemy does not stop the Interact
    s2 = blank_stage(0)
    u = put_char(s2, "ultimate_spider_man", "d5")
    s2._put_ing(WILD, sq(s2, "d4"))
    put_enemy(s2, "goblin_army", "d3")
    s2.chars[u][C_POW] = 1
    assert any(o.id.startswith("interact") for o in s2._act_options(u))


def test_glider_works_end_and_braces() -> None:
    """alliances/stage/glider-works/end, alliances/stage/last-laugh/setup, alliances/stage/last-laugh/brace."""
    s = blank_stage(1)
    s.completed = 3
    run(s, ("end_turn", 1))
    assert s.stages_done == 1
    s2 = _to_setup({})
    s2._set_stage(2)
    s2.stack.clear()
    s2.pending = None
    run(s2, ("stage_setup",))
    braces = [t for t in s2.tokens if t[T_KIND] == "brace"]
    assert len(braces) == 4 and s2.braces == [0, 0, 0, 0]
    ci = 0
    s2.chars[ci][C_POS] = sq(s2, "b4")
    s2.chars[ci][C_POW] = 1
    s2.stack.clear()
    s2.pending = None
    s2.active = ci
    run(s2, ("act_menu",))
    tid = next(t[0] for t in braces if s2.lbl(t[T_POS]) == "a4")
    s2.apply(f"interact:{tid}")
    assert sum(s2.braces) == 1


def test_green_goblin_frenzy_and_moving_into_an_enemy() -> None:
    """alliances/card/last-laugh/3 (Frenzy: he removes his conditions instead of Advancing),
    alliances/card/last-laugh/5 (an Enemy in his way is Placed as close as possible), alliances/frenzy,
    alliances/pitfall, alliances/timing."""
    s = blank_stage(2)
    put_char(s, "black_cat", "a8")
    gg = put_enemy(s, "green_goblin", "c2")
    s.enemy(gg)[E_COND] = COND_BIT["hex"] | COND_BIT["bleed"]
    run(s, ("frenzy",))
    while s.decision.kind == "spawn":
        s.apply(s.decision.options[0].id)
    assert where(s, gg) == "c2" and s.enemy(gg)[E_COND] == 0
    s2 = blank_stage(2)
    put_char(s2, "black_cat", "a8")
    g2 = put_enemy(s2, "green_goblin", "a2")
    other = put_enemy(s2, "goblin_army", "c2")
    s2.target = sq(s2, "e2")
    run(s2, ("gg_go", 4, 0), dice=(CRIT,))
    assert s2.decision.kind == "place" and s2.decision.seat == 0
    assert set(s2.decision.ids()) == {"place:c1", "place:c3", "place:d2"}
    s2.apply("place:c3")
    # he reaches the Target (e2) on his 4th Space: the Critical sends him to a3 and the Target to h3
    assert where(s2, other) == "c3" and where(s2, g2) == "a3" and s2.lbl(s2.target) == "h3"


def test_enemy_tracker_modifier_and_types() -> None:
    """alliances/enemy-tracker, alliances/enemy-modifier, alliances/enemy-stat-card, alliances/enemy-types,
    alliances/characters-and-enemies: the tracker order, Green Goblin's two sides, the modifier applies to all
    Enemies (alliances/card/oscorp-weaponry)."""
    g = capes.load("alliances")
    assert g.mission["enemy_tracker"][0] == "spider_slayer"
    gg = g.data.enemies["green_goblin"]
    assert gg.type == "mini_boss" and gg.boss is not None and gg.boss.speed == 6
    assert {e.type for e in g.data.enemies.values()} == {"goon", "sentry", "brute", "mini_boss"}
