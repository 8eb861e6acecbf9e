"""One scenario test (at least) per card of the sets scripted with the engine: Spider-Man (+ Vulture),
Justice, Basic, Rhino, Bomb Scare, Standard, Expert, She-Hulk (+ Titania), Aggression, Klaw, Masters of Evil."""

from capes.games.champions import engine
from capes.games.champions.engine import AE, HERO
from tests.champions.helpers import do, play_card, reveal, scenario, settle, texts, uid

STUN, CONF, TOUGH = engine.STUN, engine.CONF, engine.TOUGH


# ---------------------------------------------------------------- Spider-Man
def test_01001a_spider_sense_draws_when_villain_attacks():
    s = scenario(edeck_top=["01186", "01112"])
    do(s, "end")
    settle(s, ("optwin",))
    while s.decision.kind == "optwin" and not any(i.startswith("trig:") for i in s.decision.ids()):
        do(s, "pass")
        settle(s, ("optwin",))
    n = len(s.hand[0])
    do(s, "trig:")
    assert len(s.hand[0]) == n + 1


def test_01001b_scientist_mental_once_per_round():
    s = scenario(form="ae", hand=["01006"])
    play_card(s, "01006")  # Aunt May cost 1 paid by Scientist
    assert any(s.code[u] == "01006" for u in s.play[0]) and "scientist" in s.used[0]


def test_01002_black_cat_keeps_mental_cards():
    s = scenario(hand=["01002", "01088"])
    s.deck[0] = [u for u in s.deck[0]]
    g_top = [uid(s, "01089"), uid(s, "01090")]  # Genius (mental) on top, Strength below it
    for u in g_top:
        s.deck[0].remove(u)
    s.deck[0] += [g_top[1], g_top[0]]
    play_card(s, "01002")
    assert g_top[0] in s.hand[0] and g_top[1] in s.disc[0]
    # champions/rr/discard: the discarded cards go face up, and the log names them (a player saw Genius join
    # Peter Parker's hand, or Hulk deal 2 more damage, with no word of the card that caused it)
    said = [e.text for e in s.log if e.rule == "champions/rr/discard"]
    assert said == ["Player 1 discards Genius and Strength from the top of their deck."]


def test_01003_backflip_prevents_attack_damage():
    s = scenario(hand=["01003"], edeck_top=["01186", "01112"])
    do(s, "end")
    settle(s, ("defend",))
    do(s, "nodef")
    while not any(i.startswith("trig:") and "01003" in i for i in s.decision.ids()):
        do(s, "pass" if "pass" in s.decision.ids() else "")
    do(s, "trig:")
    settle(s)
    assert s.dmg[s.ident[0]] == 0


def test_01004_enhanced_spider_sense_cancels_treachery():
    s = scenario(hand=["01004", "01088"])
    reveal(s, "01112", windows=True)  # False Alarm
    do(s, "trig:", "pay:")
    settle(s)
    assert not s.st[s.ident[0]] & CONF


def test_01005_swinging_web_kick():
    s = scenario(hand=["01005", "01088", "01089"])
    play_card(s, "01005")
    settle(s)
    assert s.dmg[s.villain] == 8


def test_01006_aunt_may_heals_4():
    s = scenario(form="ae", play=["01006"])
    s.dmg[s.ident[0]] = 6
    s._decision = None
    do(s, "use:")
    assert s.dmg[s.ident[0]] == 2


def test_01007_spider_tracer_removes_3_threat():
    s = scenario(hand=["01007", "01088"], minions=["01110"], threat=5)
    m = uid(s, "01110", "play")
    play_card(s, "01007")
    do(s, f"atk:{m}")
    settle(s)
    assert s.thr[s.mscheme] == 2


def test_01008_web_shooter_wild_resource_and_uses():
    s = scenario(play=["01008"], hand=["01087", "01003"])
    ws = uid(s, "01008", "play")
    do(s, "play:", f"res:{ws}", "pay:")
    assert s.cnt[ws] == 2 and s.exh[ws]


def test_01009_webbed_up_replaces_attack_with_stun():
    s = scenario(hand=["01009", "01088", "01089"], edeck_top=["01186", "01112"])
    play_card(s, "01009")  # the villain is the only enemy: attached without a question
    settle(s)
    do(s, "end")
    settle(s)
    assert s.st[s.villain] & STUN and s.dmg[s.ident[0]] == 0


def test_01165_eviction_notice_remove_by_exhausting():
    s = scenario(form="ae")
    u = reveal(s, "01165")
    do(s, "m:0")
    assert u in s.removed and s.exh[s.ident[0]]


def test_01166_highway_robbery_takes_and_returns_cards():
    s = scenario(hand=["01088"], sides=[], threat=0)
    u = reveal(s, "01166")
    assert not s.hand[0] and s.thr[u] == 3
    s.thr[u] = 1
    s._decision = None
    do(s, f"thw:{u}")
    settle(s)
    assert len(s.hand[0]) == 1


def test_01167_vulture_quickstrike():
    s = scenario()
    u = reveal(s, "01167")
    settle(s)
    assert "quickstrike" in texts(s) and u in s.eplay


def test_01168_sweeping_swoop_stuns_and_surges_with_vulture():
    s = scenario(minions=["01167"], edeck_top=["01104"])
    reveal(s, "01168")
    assert s.st[s.ident[0]] & STUN and "Surge" in texts(s)


def test_01169_vultures_plans():
    s = scenario(hand=["01088"])
    reveal(s, "01169")
    settle(s)
    assert s.thr[s.mscheme] == 1 and not s.hand[0]


# ---------------------------------------------------------------- Justice
def test_01058_daredevil_pings_after_thwart():
    s = scenario(play=["01058"], threat=4)
    dd = uid(s, "01058", "play")
    do(s, f"athw:{dd}:{s.mscheme}", "trig:")
    settle(s)
    assert s.thr[s.mscheme] == 2 and s.dmg[s.villain] == 1


def test_01059_jessica_jones_thw_per_side_scheme():
    s = scenario(play=["01059"], sides=["01109", "01108"])
    jj = uid(s, "01059", "play")
    assert s.thw(jj) == 3


def test_01060_for_justice_extra_with_mental():
    s = scenario(hand=["01060", "01089"], threat=6)
    play_card(s, "01060")
    settle(s)
    assert s.thr[s.mscheme] == 2


def test_01061_great_responsibility_takes_threat_as_damage():
    s = scenario(hand=["01061"])
    do(s, "end")
    settle(s, ("optwin",))
    do(s, "trig:")
    settle(s, ("defend", "turn"))
    assert s.thr[s.mscheme] == 0 and s.dmg[s.ident[0]] >= 1


def test_01062_power_of_justice_doubles_for_justice():
    s = scenario(hand=["01060", "01062"], threat=5)
    play_card(s, "01060")
    settle(s)
    assert s.thr[s.mscheme] <= 2


def test_01063_interrogation_room_after_minion_defeat():
    s = scenario(play=["01063"], minions=["01110"], threat=3)
    m = uid(s, "01110", "play")
    do(s, f"atk:{m}")
    settle(s, ("optwin", "turn"))
    do(s, "trig:")
    settle(s)
    assert s.thr[s.mscheme] == 2


def test_01064_surveillance_team():
    s = scenario(play=["01064"], threat=3)
    do(s, "use:")
    settle(s)
    assert s.thr[s.mscheme] == 2


def test_01065_heroic_intuition():
    s = scenario(play=["01065"])
    assert s.thw(s.ident[0]) == 2


# ---------------------------------------------------------------- Basic
def test_01083_mockingbird_stuns():
    s = scenario(hand=["01083", "01088", "01089"])
    play_card(s, "01083", f"t:{s.villain}")
    assert s.st[s.villain] & STUN


def test_01084_nick_fury_draw_3_and_leaves():
    s = scenario(hand=["01084", "01088", "01089", "01090"])
    play_card(s, "01084", "m:1")
    assert len(s.hand[0]) == 4  # Strength left over + 3 drawn
    do(s, "end")
    settle(s)
    assert not any(s.code[u] == "01084" for u in s.play[0])


def test_01085_emergency_reduces_villain_scheme():
    s = scenario(form="ae", hand=["01085"], edeck_top=["01186", "01112"])
    do(s, "end")
    settle(s, ("optwin",))
    while not any(i.startswith("trig:") for i in s.decision.ids()):
        do(s, "pass")
        settle(s, ("optwin",))
    do(s, "trig:")
    settle(s)
    assert s.thr[s.mscheme] == 1


def test_01086_first_aid():
    s = scenario(hand=["01086", "01088"])
    s.dmg[s.ident[0]] = 3
    s._decision = None
    play_card(s, "01086")
    assert s.dmg[s.ident[0]] == 1


def test_01087_haymaker():
    s = scenario(hand=["01087", "01088"])
    play_card(s, "01087")
    settle(s)
    assert s.dmg[s.villain] == 3


def test_01088_01089_01090_resource_cards_make_two():
    s = scenario(hand=["01087", "01090"])
    play_card(s, "01087")
    settle(s)
    assert s.dmg[s.villain] == 3  # one Strength (2 resources) paid the 2 cost


def test_01091_avengers_mansion():
    s = scenario(play=["01091"])
    do(s, "use:")
    assert len(s.hand[0]) == 1


def test_01092_helicarrier_discount():
    s = scenario(play=["01092"], hand=["01087", "01088"])
    # the option's reminder is the action (champions/summary/actions/action), not the card's copy limit
    use = next(o for o in s.decision.options if o.id.startswith("use:"))
    assert use.label.startswith("Use Helicarrier: Action: ") and "costs 1 less" in use.label, use.label
    do(s, "use:")
    assert s.cost_of(0, uid(s, "01087", "hand")) == 1


def test_01093_tenacity_readies_hero():
    s = scenario(play=["01093"], hand=["01090"])
    do(s, f"atk:{s.villain}")
    settle(s)
    do(s, "use:", "pay:")
    assert not s.exh[s.ident[0]]


# ---------------------------------------------------------------- Rhino
def test_01095_rhino_ii_reveals_breakin():
    s = scenario(mode="expert")
    assert any(s.code[u] == "01107" for u in s.eplay)


def test_01096_rhino_iii_toughness_and_stun():
    s = scenario(mode="expert", hand=["01005", "01088", "01089"])
    s.dmg[s.villain] = 14
    s._decision = None
    play_card(s, "01005")
    settle(s)
    assert s.code[s.villain] == "01096" and s.st[s.villain] & TOUGH and s.st[s.ident[0]] & STUN


def test_01098_armored_rhino_suit_absorbs():
    s = scenario(villain_attachments=["01098"])
    do(s, f"atk:{s.villain}")
    settle(s)
    assert s.dmg[s.villain] == 0 and s.dmg[uid(s, "01098", "play")] == 2


def test_01099_charge_gives_atk():
    s = scenario(villain_attachments=["01099"])
    assert s.atk(s.villain) == 5


def test_01100_ivory_horn_discard_with_physical():
    s = scenario(villain_attachments=["01100"], hand=["01090", "01003"])
    assert s.atk(s.villain) == 3
    h = uid(s, "01100", "play")
    do(s, f"use:{h}", "pay:", "pay:")
    assert h not in s.eplay


def test_01101_hydra_mercenary_guard():
    s = scenario(minions=["01101"])
    assert f"atk:{s.villain}" not in s.decision.ids()


def test_01102_sandman_toughness():
    s = scenario()
    u = reveal(s, "01102")
    assert s.st[u] & TOUGH


def test_01103_shocker_damages_heroes():
    s = scenario()
    reveal(s, "01103")
    settle(s)
    assert s.dmg[s.ident[0]] == 1


def test_01104_hard_to_keep_down():
    s = scenario(edeck_top=["01186"])
    s.dmg[s.villain] = 5
    reveal(s, "01104")
    assert s.dmg[s.villain] == 1
    s2 = scenario(edeck_top=["01104"], form="ae")
    reveal(s2, "01104")
    assert "Surge" in texts(s2)


def test_01105_im_tough():
    s = scenario(edeck_top=["01104"])
    reveal(s, "01105")
    assert s.st[s.villain] & TOUGH
    reveal(s, "01105")
    assert "Surge" in texts(s)


def test_01106_stampede_stuns_damaged():
    s = scenario(edeck_top=["01186"])
    reveal(s, "01106")
    settle(s, ("defend",))
    do(s, "nodef")
    settle(s)
    assert s.st[s.ident[0]] & STUN


def test_01107_breakin_and_takin_threat_and_hazard():
    s = scenario()
    u = reveal(s, "01107")
    assert s.thr[u] == 3


def test_01108_crowd_control_crisis():
    s = scenario(sides=["01108"], threat=3)
    assert f"thw:{s.mscheme}" not in s.decision.ids()


# ---------------------------------------------------------------- Bomb Scare
def test_01109_bomb_scare_threat_and_acceleration():
    s = scenario()
    u = reveal(s, "01109")
    assert s.thr[u] == 3


def test_01110_hydra_bomber_choice():
    s = scenario()
    reveal(s, "01110")
    do(s, "m:1")
    settle(s)
    assert s.thr[s.mscheme] == 1


def test_01111_explosion_assigns_bomb_threat():
    s = scenario(sides=["01109"])
    reveal(s, "01111")
    settle(s)
    assert s.dmg[s.ident[0]] == 2


def test_01112_false_alarm_confuses():
    s = scenario(edeck_top=["01104"])
    reveal(s, "01112")
    assert s.st[s.ident[0]] & CONF
    reveal(s, "01112")
    assert "Surge" in texts(s)


# ---------------------------------------------------------------- Standard / Expert
def test_01186_advance():
    s = scenario(edeck_top=["01104"])
    reveal(s, "01186")
    settle(s)
    assert s.thr[s.mscheme] == 1


def test_01187_assault():
    s = scenario(edeck_top=["01104"])
    reveal(s, "01187")
    settle(s, ("defend",))
    do(s, "nodef")
    settle(s)
    assert s.dmg[s.ident[0]] == 2


def test_01188_caught_off_guard():
    s = scenario(play=["01064"])
    reveal(s, "01188")
    assert not s.play[0]


def test_01189_gang_up():
    s = scenario(minions=["01101"], edeck_top=["01104"])
    reveal(s, "01189")
    settle(s)
    assert s.dmg[s.ident[0]] == 3


def test_01190_shadow_of_the_past():
    s = scenario()
    reveal(s, "01190")
    settle(s)
    assert any(s.code[u] == "01167" for u in s.eplay) and any(s.code[u] == "01166" for u in s.eplay)


def test_01191_exhaustion():
    s = scenario(mode="expert", edeck_top=["01104"])
    reveal(s, "01191")
    assert s.exh[s.ident[0]] and "Surge" in texts(s)


def test_01192_masterplan():
    s = scenario(sides=["01109"])
    reveal(s, "01192")
    settle(s)
    assert s.thr[uid(s, "01109", "play")] == 6


def test_01193_under_fire():
    s = scenario(mode="expert", edeck_top=["01104", "01104"])
    reveal(s, "01193")
    assert texts(s).count("Hard to Keep Down") == 2


# ---------------------------------------------------------------- She-Hulk
def sh(**kw):
    return scenario(heroes=("she_hulk",), **kw)


def test_01019a_she_hulk_damage_on_flip():
    s = sh(form="ae")
    do(s, "flip", "trig:")  # the villain is the only enemy
    assert s.dmg[s.villain] == 2


def test_01019b_i_object():
    s = sh(form="ae")
    do(s, "end")
    settle(s, ("optwin",))
    thr = s.thr[s.mscheme]
    do(s, "trig:")
    assert "i_object" in s.used[0]
    settle(s, ("defend", "optwin", "choose", "modal"))
    assert s.thr[s.mscheme] == thr  # 1 acceleration threat, 1 prevented


def test_01020_hellcat_returns_to_hand():
    s = sh(play=["01020"])
    h = uid(s, "01020", "play")
    do(s, f"use:{h}")
    assert h in s.hand[0]


def test_01021_gamma_slam():
    s = sh(hand=["01021", "01088", "01089", "01090"])
    s.dmg[s.ident[0]] = 6
    s._decision = None
    play_card(s, "01021")
    settle(s)
    assert s.dmg[s.villain] == 6


def test_01022_ground_stomp():
    s = sh(hand=["01022", "01088"], minions=["01110"])
    play_card(s, "01022")
    settle(s)
    assert s.dmg[s.villain] == 1 and s.dmg[uid(s, "01110", "play")] == 1


def test_01023_legal_practice():
    s = sh(form="ae", hand=["01023", "01088", "01089"], threat=4)
    play_card(s, "01023", "m:0", "m:0")
    settle(s)
    assert s.thr[s.mscheme] == 2


def test_01024_one_two_punch():
    s = sh(hand=["01024", "01088"])
    do(s, f"atk:{s.villain}")
    settle(s, ("optwin", "turn"))
    do(s, "trig:", "pay:")
    settle(s)
    assert not s.exh[s.ident[0]]


def test_01025_split_personality():
    s = sh(hand=["01025", "01088", "01089"])
    play_card(s, "01025")
    settle(s)
    assert s._form[0] == AE and len(s.hand[0]) == 6


def test_01026_superhuman_law_division():
    s = sh(form="ae", play=["01026"], hand=["01089"], threat=3)
    do(s, "use:", "pay:")
    settle(s)
    assert s.thr[s.mscheme] == 1


def test_01027_focused_rage():
    s = sh(play=["01027"])
    do(s, "use:")
    settle(s)
    assert s.dmg[s.ident[0]] == 1 and len(s.hand[0]) == 1


def test_01028_superhuman_strength():
    s = sh(play=["01028"])
    assert s.atk(s.ident[0]) == 5
    do(s, f"atk:{s.villain}")
    settle(s)
    assert s.st[s.villain] & STUN


def test_01160_legal_work():
    s = sh(form="ae")
    reveal(s, "01160")
    do(s, "m:1")
    assert s.accel == 1


def test_01161_personal_challenge():
    s = sh()
    u = reveal(s, "01161")
    assert s.thr[u] == 4


def test_01162_titania_atk_is_remaining_hp():
    s = sh(minions=["01162"])
    t = uid(s, "01162", "play")
    s.dmg[t] = 2
    assert s.atk(t) == 4


def test_01163_genetically_enhanced():
    s = sh(minions=["01102"])
    reveal(s, "01163")
    assert s.hp(uid(s, "01102", "play")) == 7


def test_01164_titanias_fury():
    s = sh(minions=["01162"])
    reveal(s, "01164")
    settle(s, ("defend",))
    assert s.decision.kind == "defend"


# ---------------------------------------------------------------- Aggression
def test_01050_hulk_discards_top_card():
    s = sh(play=["01050"])
    hulk = uid(s, "01050", "play")
    n = len(s.disc[0])
    do(s, f"aatk:{hulk}:{s.villain}")
    settle(s)
    assert len(s.disc[0]) >= n + 1 or hulk in s.disc[0]


def test_01051_tigra_heals_after_defeating_minion():
    s = sh(play=["01051"], minions=["01110"])
    tg = uid(s, "01051", "play")
    s.dmg[tg] = 1
    s._decision = None
    do(s, f"aatk:{tg}:{uid(s, '01110', 'play')}")
    settle(s, ("optwin", "turn"))
    while s.decision.kind == "optwin":
        do(s, "trig:" if any(i.startswith("trig:") for i in s.decision.ids()) else "pass")
    assert s.dmg[tg] == 1  # healed 1 after taking 1 consequential damage


def test_01052_chase_them_down():
    s = sh(hand=["01052"], minions=["01110"], threat=3)
    do(s, f"atk:{uid(s, '01110', 'play')}")
    settle(s, ("optwin", "turn"))
    do(s, "trig:")
    settle(s)
    assert s.thr[s.mscheme] == 1


def test_01053_relentless_assault_overkill():
    s = sh(hand=["01053", "01090"], minions=["01110"])
    play_card(s, "01053")
    settle(s)
    assert s.dmg[s.villain] == 3


def test_01054_uppercut():
    s = sh(hand=["01054", "01088", "01089"])
    play_card(s, "01054")
    settle(s)
    assert s.dmg[s.villain] == 5


def test_01055_power_of_aggression():
    s = sh(hand=["01054", "01055", "01088"])
    play_card(s, "01054")
    settle(s)
    assert s.dmg[s.villain] == 5


def test_01056_tac_team():
    s = sh(play=["01056"])
    do(s, "use:")
    settle(s)
    assert s.dmg[s.villain] == 2


def test_01057_combat_training():
    s = sh(play=["01057"])
    assert s.atk(s.ident[0]) == 4


# ---------------------------------------------------------------- Klaw
def kl(**kw):
    return scenario(villain="klaw", modulars=["masters_of_evil"], **kw)


def test_01113_klaw_extra_boost_and_setup():
    s = kl(edeck_top=["01124", "01124", "01186"])
    assert any(s.code[u] == "01125" for u in s.eplay)  # Defense Network at setup
    do(s, "end")
    settle(s, ("defend",))
    assert len(s.boosts) == 2


def test_01114_klaw_ii_reveals_immortal():
    s = scenario(villain="klaw", mode="expert")
    assert any(s.code[u] == "01127" for u in s.eplay)


def test_01115_klaw_iii_toughness():
    s = scenario(villain="klaw", mode="expert", hand=["01005", "01088", "01089"])
    s.dmg[s.villain] = s.hp(s.villain) - 1
    s._decision = None
    play_card(s, "01005")
    settle(s)
    assert s.code[s.villain] == "01115" and s.st[s.villain] & TOUGH


def test_01116_underground_distribution_brings_minion():
    s = kl()
    assert s.minions() or s.edisc


def test_01117_secret_rendezvous():
    s = kl(threat=5, form="ae")
    s.thr[s.mscheme] = 5
    do(s, "end")
    settle(s)
    assert s.code[s.mscheme] == "01117b"


def test_01118_sonic_converter():
    s = kl(villain_attachments=["01118"], edeck_top=["01186", "01186"])
    assert s.atk(s.villain) == 1
    do(s, "end")
    settle(s, ("defend",))
    do(s, "nodef")
    settle(s)
    assert s.st[s.ident[0]] & STUN


def test_01119_solid_sound_body_retaliate():
    s = kl(villain_attachments=["01119"], clear=True)
    do(s, f"atk:{s.villain}")
    settle(s)
    assert s.dmg[s.ident[0]] == 1


def test_01120_armored_guard():
    s = kl()
    u = reveal(s, "01120")
    assert s.st[u] & TOUGH and f"atk:{s.villain}" not in s.decision.ids()


def test_01121_weapons_runner_surge():
    s = kl(edeck_top=["01104"])
    reveal(s, "01121")
    assert "Surge" in texts(s)


def test_01122_klaws_vengeance_ae_discards():
    s = kl(form="ae", hand=["01088"])
    reveal(s, "01122")
    assert not s.hand[0]


def test_01123_sonic_boom_exhausts():
    s = kl()
    reveal(s, "01123")
    settle(s)
    assert s.exh[s.ident[0]]


def test_01124_sound_manipulation_hero():
    s = kl()
    s.dmg[s.villain] = 3
    reveal(s, "01124")
    settle(s)
    assert s.dmg[s.ident[0]] == 2 and s.dmg[s.villain] == 1


def test_01125_01126_side_schemes():
    s = kl()
    u = reveal(s, "01126")
    assert s.thr[u] == 4


def test_01127_immortal_klaw_hp():
    s = kl()
    hp = s.hp(s.villain)
    reveal(s, "01127")
    assert s.hp(s.villain) == hp + 10


# ---------------------------------------------------------------- Masters of Evil
def test_01128_masters_of_evil_brings_minion():
    s = kl()
    reveal(s, "01128")
    settle(s)
    assert any(s.code[u] in ("01129", "01130", "01131", "01132") for u in s.eplay)


def test_01129_radioactive_man_boost_discard():
    s = kl(hand=["01088"])
    from capes.games.champions.cards.masters_of_evil import radioactive_boost
    radioactive_boost(s, 0, -1)
    assert not s.hand[0]


def test_01130_whirlwind_boost_damages_heroes():
    s = kl()
    from capes.games.champions.cards.masters_of_evil import whirlwind_boost
    whirlwind_boost(s, 0, -1)
    s.run()
    settle(s)
    assert s.dmg[s.ident[0]] == 1


def test_01131_tiger_shark_tough_after_attack():
    s = kl(minions=["01131"])
    ts = uid(s, "01131", "play")
    s.stack.append(("attack", ts, 0, 0))
    s.run()
    do(s, "nodef")
    settle(s)
    assert s.st[ts] & TOUGH


def test_01132_melter_must_be_defended_by_ally():
    s = kl(minions=["01132"], play=["01002", "01083"])
    m = uid(s, "01132", "play")
    s.stack.append(("defend", m, 0, 0, 0))
    s._decision = None
    s.run()
    assert "nodef" not in s.decision.ids() and "def:hero" not in s.decision.ids()


def test_01133_masters_of_mayhem_searches_when_no_attack():
    s = kl()
    reveal(s, "01133")
    settle(s)
    assert any(s.code[u] in ("01129", "01130", "01131", "01132") for u in s.eplay)


_ = HERO
