"""Issue 9 (rules audit), Alliances items 5-7 and their classes: every Spawn follows the Spawning rules, a Throw
collides with everything in the Space, Enemy Bleed belongs to the Enemies Attack step, KO consequences happen at
once, and no engine step can loop forever. Each test names the rule id it checks."""

import pytest

from capes.core.errors import EngineError
from capes.games.alliances.content import COND_BIT
from capes.games.alliances.engine import C_POS, C_POW, C_STA, E_COND, E_DMG, T_POS
from capes.games.alliances.stages import _works_launch

from .helpers import (
    BLANK,
    BLOCK,
    CRIT,
    HIT,
    blank_stage,
    put_char,
    put_enemy,
    run,
    settle_order,
    sq,
    texts,
    where,
)

SQUAD = ("spectacular_spider_man", "ultimate_spider_man", "ghost_spider", "black_cat")


def _jam_spawn_spaces(s) -> dict[str, int]:
    """Oscorp Lab (Spawn Spaces a1 d1 h1 a4 h4): the four Characters stand on a1 d1 h1 a4 and three Spider-Slayers
    hold h2 h3 h4, none able to Advance nearer to Black Cat at h1 — so no Spawn Space opens even after a Frenzy."""
    for cid, lab in zip(SQUAD, ("a1", "d1", "a4", "h1"), strict=True):
        put_char(s, cid, lab)
    return {lab: put_enemy(s, "spider_slayer", lab) for lab in ("h2", "h3", "h4")}


def test_minion_ko_full_tracker_no_open_spawn_space_frenzies_and_waits() -> None:
    """alliances/full-spawn-tracker, alliances/no-open-spawn, alliances/frenzy, alliances/minions (ruling 13): a
    KO'd Minion meets a full Spawn Tracker; the Spawn it causes finds no Open Spawn Space, so Enemies Frenzy instead;
    the Frenzy cannot Spawn either, so Enemies Attack. The KO'd Minion is not set aside for the Stage: it takes the
    first spot that empties and can be Spawned again."""
    s = blank_stage(0)
    _jam_spawn_spaces(s)
    s.priority = 3
    s.tracker = ["oscorp_goliath"] * 8
    ga = put_enemy(s, "goblin_army", "e6")
    s.forced = [BLOCK] * 20  # every defence die a Block: no Damage
    s._hurt_enemy(s.enemy(ga), 5, -1)
    s._run()
    settle_order(s)
    t = texts(s)
    assert "An Enemy would Spawn but no Spawn Space is open: Enemies Frenzy instead." in t
    assert "Enemies Frenzy!" in t and "Still no Open Spawn Space: Enemies Attack." in t
    assert any("attack" in x and "Black Cat" in x for x in t)
    assert s.tracker == ["oscorp_goliath"] * 8 and s.waiting == ["goblin_army"]
    # a Spawn Space opens and the next Spawn frees a spot: the waiting Goblin Army takes it
    s.chars[0][C_POS] = sq(s, "b2")
    run(s, ("spawn", -1, 0), ("compact",))
    assert where(s, max(e[0] for e in s.enemies)) == "a1"
    assert s.tracker == ["oscorp_goliath"] * 7 + ["goblin_army"] and s.waiting == []


def test_take_off_other_spawn_with_no_open_spawn_space_frenzies() -> None:
    """alliances/other-spawns, alliances/no-open-spawn, alliances/stage/glider-works/launch: the Other Spawn after a
    Take-Off, with every Spawn Space taken, makes Enemies Frenzy instead (today nothing happened)."""
    s = blank_stage(1)
    assert s.stage.id == "glider_works"
    spawns = s.stage.spaces_of("S")
    for x in spawns:
        s._add_enemy("oscorp_goliath", x)
    put_char(s, "black_cat", "d8")
    s.priority = 3
    s.tracker[0] = "goblin_army"
    tok = [1, "obj", sq(s, "e4"), BLANK, 0]
    s.tokens.append(tok)
    s.forced = [BLOCK] * 20
    _works_launch(s, tok)
    s._run()
    t = texts(s)
    assert tok[T_POS] == -1
    assert "Enemies Frenzy!" in t
    moved = [x for x in t if "Advances from" in x]
    assert moved, t  # the Frenzy's Advances are logged
    assert any("Goblin Army Spawns at" in x for x in t)  # a Goliath left its Spawn Space: the Frenzy Spawns


def test_bombing_run_spawn_with_no_open_spawn_space_frenzies_instead() -> None:
    """alliances/card/bombing-run, alliances/no-open-spawn: Green Goblin's Spawn finds no Open Spawn Space, so
    Enemies Frenzy instead of it; then Bombing Run's own Frenzy follows."""
    s = blank_stage(0)
    _jam_spawn_spaces(s)
    s.priority = 3
    s.forced = [BLOCK] * 40
    run(s, ("bombing_run",))
    settle_order(s)
    t = texts(s)
    assert "Green Goblin would Spawn but no Spawn Space is open: Enemies Frenzy instead." in t
    assert t.count("Enemies Frenzy!") == 2


def test_full_tracker_spawn_happens_at_the_ko_before_after_attack_effects() -> None:
    """alliances/full-spawn-tracker, alliances/char-attack/10, alliances/heroic-assist: the Spawn a KO causes on a
    full Spawn Tracker happens at the KO, before the Heroic Assist that follows the attack (ruling 13 said after)."""
    s = blank_stage(0)
    ci = put_char(s, "black_cat", "e6")
    s.priority = ci
    s.tracker = ["oscorp_goliath"] * 8
    ga = put_enemy(s, "goblin_army", "e5")
    run(s, ("atk_one", ci, "claws", ga, 1), dice=(HIT, HIT, HIT, HIT, BLANK))
    t = texts(s)
    spawn = next(i for i, x in enumerate(t) if "Oscorp Goliath Spawns" in x)
    assist = next(i for i, x in enumerate(t) if "makes a Heroic Assist" in x)
    assert spawn < assist
    assert s.tracker[-1] == "goblin_army"


def test_throw_into_an_enemy_on_terrain_destroys_the_terrain() -> None:
    """alliances/collisions, alliances/terrain/destroy, alliances/dodge: a Thrown Enemy that collides with an Enemy
    standing on a Terrain Feature destroys the Terrain Feature, and the other Enemy dodges."""
    s = blank_stage(0)
    ci = put_char(s, "spectacular_spider_man", "b5")
    a = put_enemy(s, "oscorp_goliath", "c5")
    b = put_enemy(s, "oscorp_goliath", "e5")
    s.terrain = (sq(s, "e5"),)
    run(s, ("throw_go", ci, a, 3, "throw", s.board.dir_index("E")))
    assert where(s, a) == "d5" and s.enemy(a)[E_DMG] == 1
    assert s.terrain == ()  # today the Terrain Feature under the other Enemy survived
    assert s.enemy(b)[E_DMG] == 2  # it dodges: 3 Damage less its Defense 1
    assert any("collides with Oscorp Goliath and the Terrain Feature" in x for x in texts(s))


def test_thrown_terrain_into_a_character_on_terrain_destroys_it_and_the_character_dodges() -> None:
    """alliances/terrain/throw, alliances/collisions, alliances/dodge: a Thrown Terrain Feature reaching a Space with
    a Character and a Terrain Feature destroys that Feature and the Character dodges (today: only the Feature)."""
    s = blank_stage(0)
    ss = put_char(s, "spectacular_spider_man", "b5")
    bc = put_char(s, "black_cat", "e5")
    s.terrain = (sq(s, "c5"), sq(s, "e5"))
    run(s, ("toss", ss, sq(s, "c5"), s.board.dir_index("E")), dice=(BLANK, BLANK, BLANK))
    assert s.terrain == ()
    assert s.chars[bc][C_STA] == 6 - 3 and any("Black Cat dodges and suffers 3 Damage" in x for x in texts(s))


def test_enemy_bleed_only_at_the_end_of_the_enemies_attack_step() -> None:
    """alliances/enemy-conditions/bleed, alliances/frenzy, alliances/boss-dazed: Enemy Bleed resolves at the end of
    the Enemies Attack step, not after an Enemies Attack that a Frenzy causes during the Spawn step."""
    s = blank_stage(0)
    e = _jam_spawn_spaces(s)
    s.priority = 3
    s.tracker[0] = "goblin_army"
    h2 = s.enemy(e["h2"])
    h2[E_COND] = COND_BIT["bleed"]
    s.forced = [BLOCK] * 20
    run(s, ("spawn", -1, 0))
    settle_order(s)
    assert h2[E_COND] & COND_BIT["bleed"] and h2[E_DMG] == 0  # today: Bleed resolved here
    assert "Still no Open Spawn Space: Enemies Attack." in texts(s)
    s.forced = [BLOCK] * 20
    run(s, ("enemies_attack", 1))
    settle_order(s)  # the Spider-Slayers' Protection Programming Advances
    assert not h2[E_COND] & COND_BIT["bleed"] and h2[E_DMG] == 2


def test_turn_runs_the_enemies_attack_step_as_the_step() -> None:
    """alliances/turn/4: the Turn's Enemies Attack is the step (its end resolves Enemy Bleed)."""
    s = blank_stage(0)
    s.stack.clear()
    s._f_turn(0)
    assert ("enemies_attack", 1) in s.stack


def test_engine_steps_are_bounded() -> None:
    """Issue 9 (every loop bounded): the run loop counts each step; past Game.max_steps an apply ends with an
    EngineError naming the step instead of running on."""
    s = blank_stage(0)
    put_char(s, "black_cat", "d5")
    s.game.max_steps = 50  # type: ignore[misc]
    with pytest.raises(EngineError, match="power"):
        run(s, *[("power",)] * 100)
    assert s.chars[0][C_POW] <= 10


def test_players_decide_the_order_of_enemy_advances_when_it_matters() -> None:
    """alliances/timing, alliances/player-decisions, alliances/enemies-move/2 (ruling 3 rewritten): Minions Advance
    at once and the rulebook gives no order, so the Priority Player decides it when one Advance can change another
    (here both Goblin Armies want d7); Enemies that cannot meet move without a question."""
    s = blank_stage(0)
    put_char(s, "black_cat", "d8")
    s.priority = 3
    g1 = put_enemy(s, "goblin_army", "d5")
    g2 = put_enemy(s, "goblin_army", "d4")
    run(s, ("enemies_move",))
    d = s.decision
    assert d.kind == "enemy-order" and d.seat == 0
    assert [o.label for o in d.options] == ["Advance them in the order they entered the battlefield",
                                            "Goblin Army at d5 Advances next", "Goblin Army at d4 Advances next"]
    s.apply(f"first:{g2}")
    assert where(s, g2) == "d7" and where(s, g1) == "d6"
    s2 = blank_stage(0)
    put_char(s2, "black_cat", "d8")
    a = put_enemy(s2, "goblin_army", "d5")
    b = put_enemy(s2, "goblin_army", "d4")
    run(s2, ("enemies_move",))
    s2.apply("order:arrival")
    assert where(s2, a) == "d7" and where(s2, b) == "d6"
    s3 = blank_stage(0)
    put_char(s3, "black_cat", "a8")
    put_char(s3, "ghost_spider", "h1")
    put_enemy(s3, "goblin_army", "a5")
    put_enemy(s3, "goblin_army", "h4")
    run(s3, ("enemies_move",))
    assert s3.decision.kind != "enemy-order" and len([t for t in texts(s3) if "Advances from" in t]) == 2


def test_priority_goes_to_the_proposed_character_only_with_a_majority() -> None:
    """alliances/priority (ruling 8 rewritten): "If a majority of players agree" — Player 1's proposal needs the
    other players' agreement; without a majority, the players roll off."""
    import capes

    from .test_rules import _to_priority

    s = capes.load("alliances", players=2).new_game(1)
    _to_priority(s)
    s.apply("priority:black_cat")
    d = s.decision
    assert d.seat == 1 and d.ids() == ["agree", "disagree"]
    s.apply("disagree")  # 1 of 2 is no majority
    assert "No majority agrees (1 of 2): the players roll off for Priority." in texts(s)
    s = capes.load("alliances", players=3).new_game(1)
    _to_priority(s)
    s.apply("priority:black_cat")
    s.apply("agree")
    assert s.decision.seat == 2
    s.apply("disagree")  # 2 of 3 agree
    assert s.priority == 3 and s.decision.kind == "deploy"


def test_players_decide_the_order_of_spawn_results() -> None:
    """alliances/enemies-spawn/3, alliances/timing (ruling 11 rewritten): the order of the other results decides
    which Enemy goes to which icon's Space and the rulebook gives none, so the Priority Player decides it."""
    s = blank_stage(0)
    put_char(s, "black_cat", "d8")
    s.priority = 3
    s.tracker[:3] = ["goblin_army", "oscorp_goliath", "goblin_army"]  # the third spot shows 2 Spawns
    run(s, ("enemies_spawn",), dice=(CRIT, BLOCK))
    d = s.decision
    assert d.kind == "spawn-order" and d.ids() == ["order:rolled", "icon:critical", "icon:block"]
    s.apply("icon:block")
    assert [(x[1], s.lbl(x[2])) for x in s.enemies] == [("goblin_army", "a4"), ("oscorp_goliath", "h4")]


def test_players_decide_the_order_of_simultaneous_bleed_kos() -> None:
    """alliances/enemy-conditions/bleed, alliances/timing, alliances/minion-ko: two Minions KO'd by Bleed at the end
    of the Enemies Attack step reach the Spawn Tracker in the order the players decide."""
    s = blank_stage(0)
    put_char(s, "black_cat", "d8")
    s.priority = 3
    a = put_enemy(s, "goblin_army", "a1")
    b = put_enemy(s, "spider_slayer", "h1")
    s.enemy(a)[E_COND] = COND_BIT["bleed"]
    s.enemy(b)[E_COND] = COND_BIT["bleed"]
    s.enemy(b)[E_DMG] = 1
    run(s, ("enemy_bleed",))
    assert s.decision.kind == "enemy-order"
    s.apply(f"first:{b}")
    assert s.tracker[:2] == ["spider_slayer", "goblin_army"] and s.enemies == []
