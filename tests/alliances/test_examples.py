"""The rulebook's worked examples, each with forced dice and a fixed board."""

from capes.games.alliances.engine import C_HELD, C_POS, C_POW, C_STA, C_XP, E_POS

from .helpers import (
    BLANK,
    BLOCK,
    CRIT,
    FAIL,
    HIT,
    WILD,
    blank_stage,
    put_char,
    put_enemy,
    run,
    sq,
    texts,
    where,
)


def test_full_spawn_tracker_example_enemies_spawn_1_to_4() -> None:
    """alliances/full-spawn-tracker, alliances/enemies-spawn/1, alliances/enemies-spawn/2, alliances/enemies-spawn/3, alliances/enemies-spawn/4, alliances/card/bombing-run, alliances/frenzy:
    3 dice (2 Failures, 1 Critical) with Spectacular Spider-Man holding Priority."""
    s = blank_stage(0)
    put_char(s, "spectacular_spider_man", "e3")
    s.tracker = ["goblin_army", "spider_slayer", "oscorp_goliath", "goblin_army", "spider_slayer", "goblin_army", "", ""]
    run(s, ("enemies_spawn",), dice=(FAIL, FAIL, CRIT))
    assert s.pending is None
    t = texts(s)
    assert any("rolls 3 Spawn dice: Failure, Failure, Critical" in x for x in t)
    assert any("Pitfall: Bombing Run" in x for x in t)
    by = {e[1]: s.lbl(e[E_POS]) for e in s.enemies}
    # Green Goblin Spawned nearest the Priority Character (d1), then Frenzy moved him 1 Space
    assert s.board.dist[sq(s, by["green_goblin"])][sq(s, "e3")] == 2
    # Frenzy spawn (first Enemy: Goblin Army) into d1; extra Failure (Spider-Slayer) into the nearest open
    # Spawn Space h4; the Critical (Oscorp Goliath) into the Critical Spawn Space a1
    assert by["goblin_army"] == "d1" and by["spider_slayer"] == "h4" and by["oscorp_goliath"] == "a1"
    assert s.tracker == ["goblin_army", "spider_slayer", "goblin_army", "", "", "", "", ""]


def test_enemies_attack_example_enemy_attack_1_to_12() -> None:
    """alliances/enemies-attack, alliances/enemy-attack/2, alliances/enemy-attack/3, alliances/enemy-attack/4, alliances/enemy-attack/6, alliances/enemy-attack/8, alliances/enemy-attack/10: Black Cat and Ultimate Spider-Man
    against two Spider-Slayers and a Goblin Army, every number of the example."""
    s = blank_stage(0)
    usm = put_char(s, "ultimate_spider_man", "d6")
    bc = put_char(s, "black_cat", "e6")
    put_enemy(s, "spider_slayer", "d4")
    put_enemy(s, "spider_slayer", "e4")
    put_enemy(s, "goblin_army", "f6")
    # Ultimate Spider-Man (resolved first, squad order): 3 Energy Defense dice, 3 successes
    # Black Cat: Critical + 2 Blanks, the extra die for the Critical is a Block
    run(s, ("enemies_attack",), dice=(BLOCK, WILD, BLOCK, CRIT, BLANK, BLANK, BLOCK))
    t = texts(s)
    # "the final Attack Strength is less than 0": logged as 0, no Damage (issue 10: no negative strengths)
    assert any("2 Enemies attack Ultimate Spider-Man (Energy, Attack Strength 2)" in x
               and "= 3 successes; final Attack Strength 0: no Damage" in x for x in t)
    assert any("3 Enemies attack Black Cat (Energy, Attack Strength 3)" in x and "= 2 successes; final Attack Strength 1" in x for x in t)
    assert "Black Cat suffers 1 Damage and gains 1 Power (Stamina 5/6)." in t
    assert not any("-1" in x for x in t)
    assert s.chars[bc][C_STA] == 5 and s.chars[bc][C_POW] == 1
    assert s.chars[usm][C_STA] == 5 and s.chars[usm][C_POW] == 0


def test_green_goblin_boss_behaviour_example_appendix_c() -> None:
    """alliances/appendix-c, alliances/card/last-laugh/2, alliances/card/last-laugh/4: Green Goblin (Speed 6) reaches the Target after
    3 Spaces, a Blank sends him to the Blank arrow Space, the Target follows its arrow to the edge, he finishes
    his last 3 Spaces and barrels into Ghost-Spider (2 Damage, she is Placed as close as possible)."""
    s = blank_stage(2)
    gs = put_char(s, "ghost_spider", "f3")
    put_char(s, "spectacular_spider_man", "a8")
    gg = put_enemy(s, "green_goblin", "b2")
    s.target = sq(s, "e2")
    assert s.ecard(s.enemy(gg)).speed == 6
    run(s, ("gg_go", 6, 0), dice=(BLANK,))
    # the Blank arrow Space is f1 pointing S: the Target goes to the edge at f8
    assert s.lbl(s.target) == "f8"
    assert s.chars[gs][C_STA] == 3 and s.chars[gs][C_POW] == 2
    d = s.decision
    assert d.kind == "place" and set(d.ids()) == {"place:e3", "place:g3", "place:f4"}
    s.apply("place:g3")
    assert s.lbl(s.chars[gs][C_POS]) == "g3"
    assert where(s, gg) == "f4"


def test_whiplash_web_solo_area_attack() -> None:
    """alliances/area: Ghost-Spider's Whiplash Web Solo targets the 3 Enemies within Range 1; Power is paid once
    and the attacking player orders the series."""
    s = blank_stage(0)
    gs = put_char(s, "ghost_spider", "d5")
    for lab in ("d4", "c5", "e5"):
        put_enemy(s, "spider_slayer", lab)
    put_enemy(s, "spider_slayer", "d7")
    s.chars[gs][C_POW] = 2
    s.active = gs
    run(s, ("act_menu",))
    assert "attack:whiplash_web_solo" in s.decision.ids()
    s.forced = [BLANK] * 12
    s.apply("attack:whiplash_web_solo")
    assert s.chars[gs][C_POW] == 0
    d = s.decision
    assert d.kind == "target" and len(d.options) == 3
    s.apply(d.options[0].id)
    assert s.decision.kind == "target" and len(s.decision.options) == 2
    s.apply(s.decision.options[0].id)
    assert s.pending is None  # the third attack resolved by itself; nothing else to do, the Activation ended
    assert sum("rolls [blank,blank,blank,blank]" in x for x in texts(s)) == 3


def test_tag_team_stacking_example() -> None:
    """alliances/stacking, alliances/content/tag-team, alliances/heroic-assist: Ultimate Spider-Man's Heroic Assist
    goes to 2 Characters, never the same one twice."""
    s = blank_stage(0)
    usm = put_char(s, "ultimate_spider_man", "d5")
    put_char(s, "spectacular_spider_man", "a8")
    put_char(s, "ghost_spider", "b8")
    put_char(s, "black_cat", "h8")
    ga = put_enemy(s, "goblin_army", "d4")
    s.active = usm
    run(s, ("atk_one", usm, "web_strike", ga, 1), dice=(HIT, HIT, BLANK, BLANK))
    assert s.enemy(ga) is None and s.chars[usm][C_XP] == 1
    assert s.decision.kind == "assist"
    s.apply("assist:spectacular_spider_man:power")
    d = s.decision
    assert d.kind == "assist" and not any("spectacular_spider_man" in i for i in d.ids())
    s.apply(d.options[0].id)
    assert s.pending is None


def test_ultimate_spider_man_picks_up_a_token() -> None:
    """alliances/tokens/hold, alliances/interact, alliances/stage/interact-ingredient: Ultimate Spider-Man
    Interacts with a Stage token within 1 Space and holds it on his Dashboard."""
    s = blank_stage(0)
    usm = put_char(s, "ultimate_spider_man", "d4")
    s._put_ing(HIT, sq(s, "d5"))
    tid = s.tokens[-1][0]
    s.chars[usm][C_POW] = 1
    s.active = usm
    run(s, ("act_menu",))
    s.apply(f"interact:{tid}")
    assert s.chars[usm][C_HELD] == ((tid, HIT),) and s.chars[usm][C_POW] == 0
    assert not any(t[0] == tid for t in s.tokens)
    assert s.view(0)["characters"][usm]["holding"] == ["hit"]
