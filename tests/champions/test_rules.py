"""Conformance tests: each names the rule id it checks (rules.yaml)."""

import pytest

import capes
from capes.core.errors import ConfigError
from capes.games.champions import engine
from capes.games.champions.data import CARDS
from capes.games.champions.engine import AE, HERO
from tests.champions.helpers import (
    do,
    pass_windows,
    pay_all,
    reveal,
    scenario,
    settle,
    synthetic,
    texts,
    to_hand,
    uid,
)


def test_setup_alter_ego_and_hand_size():
    """champions/summary/setup/4, champions/summary/easy/1: identities start in alter-ego; draw to AE hand size."""
    s = capes.load("champions").new_game(0)
    assert s._form == [AE]
    assert len(s.hand[0]) == 6  # Peter Parker's hand size


def test_villain_hit_points_per_player_and_stages():
    """champions/rr/villain, champions/rr/expert-mode: hit points x players; standard I-II, expert II-III."""
    s = capes.load("champions", heroes=["spider_man", "she_hulk"]).new_game(0)
    assert s.hp(s.villain) == 28 and s.code[s.villain] == "01094"
    e = capes.load("champions", mode="expert").new_game(0)
    assert e.code[e.villain] == "01095"
    assert any(e.code[u] == "01107" for u in e.eplay)  # Rhino II's When Revealed at setup
    assert any(e.code[u] in ("01191", "01192", "01193") for u in e.edeck + e.edisc)


def test_obligation_and_nemesis_setup():
    """champions/summary/setup/2 and /3: nemesis set aside, obligation shuffled into the encounter deck."""
    s = capes.load("champions").new_game(0)
    assert sorted(s.code[u] for u in s.setaside[0]) == ["01166", "01167", "01168", "01168", "01169"]
    assert any(s.code[u] == "01165" for u in s.edeck)


def test_change_form_once_per_turn():
    """champions/summary/easy/2, champions/summary/actions/change-form."""
    s = scenario(form="ae")
    do(s, "flip")
    assert s._form[0] == HERO
    assert "flip" not in s.decision.ids()


def test_card_caused_form_change_does_not_count():
    """champions/summary/easy/2: Split Personality changes form without using the turn's change."""
    s = scenario(heroes=("she_hulk",), hand=["01025", "01088", "01089"], form="ae")
    do(s, "flip")  # voluntary change
    settle(s)
    do(s, "play:", "pay:", "pay:")
    settle(s)
    assert s._form[0] == AE


def test_basic_attack_and_thwart_exhaust():
    """champions/summary/actions/basic-attack-hero, champions/summary/actions/basic-thwart."""
    s = scenario(threat=3)
    do(s, f"atk:{s.villain}")
    assert s.dmg[s.villain] == 2 and s.exh[s.ident[0]]
    s = scenario(threat=3)
    do(s, f"thw:{s.mscheme}")
    assert s.thr[s.mscheme] == 2


def test_recover_only_in_alter_ego():
    """champions/rr/recover: REC heals; hero form has no recover."""
    s = scenario(form="ae")
    s.dmg[s.ident[0]] = 5
    s._decision = None
    do(s, "rec")
    assert s.dmg[s.ident[0]] == 2
    s2 = scenario(form="hero")
    assert "rec" not in s2.decision.ids()


def test_ally_consequential_damage():
    """champions/summary/actions/basic-attack-ally, champions/rr/consequential-damage."""
    s = scenario(play=["01058"])  # Daredevil ATK 2 (1 consequential)
    dd = uid(s, "01058", "play")
    do(s, f"aatk:{dd}:{s.villain}")
    assert s.dmg[s.villain] == 2 and s.dmg[dd] == 1


def test_dash_power_cannot_be_used():
    """champions/summary/easy/8: Hulk has no THW, so he cannot thwart."""
    s = scenario(heroes=("she_hulk",), play=["01050"], threat=3)
    hulk = uid(s, "01050", "play")
    assert not any(i.startswith(f"athw:{hulk}") for i in s.decision.ids())


def test_ally_limit_three():
    """champions/summary/easy/3: a fourth ally forces a discard down to three."""
    s = scenario(play=["01058", "01059", "01083"], hand=["01002", "01088"])
    do(s, "play:", "pay:")
    assert s.decision.kind == "over_limit"
    do(s, "d:")
    assert len(s.allies(0)) == 3


def test_restricted_limit_two(tmp_path):
    """champions/summary/easy/4 and champions/rr/restricted: a third restricted card forces a discard (a
    synthetic restricted upgrade: no core card is restricted)."""
    card = ("- {code: x_restr, name: Gadget, type: upgrade, set: basic, cost: 0, keywords: [restricted],"
            " attach: identity, vanilla: true}")
    with synthetic(tmp_path, card) as content:
        s = scenario(play=["x_restr", "x_restr"], content=content)
        assert CARDS["x_restr"].kw("restricted")
        u = to_hand(s, 0, "x_restr")
        do(s, f"play:{u}")
        pay_all(s)
        pass_windows(s)
        assert s.decision.kind == "over_limit"
        assert len(s.decision.ids()) == 3
        s.apply(s.decision.ids()[0])
        pass_windows(s)
        assert sum(1 for v in s.play[0] if s.code[v] == "x_restr") == 2


def test_undefended_attack_and_hero_defence():
    """champions/summary/easy/7 and champions/summary/actions/defense-hero; boosts only for the villain (easy/5)."""
    s = scenario(edeck_top=["01186", "01112", "01186"])  # boost: Advance (0 icons)
    idu = s.ident[0]
    do(s, "end")
    while s.decision.kind != "defend":
        s.apply("keep" if "keep" in s.decision.ids() else "pass")
    do(s, "nodef")
    settle(s)
    assert s.dmg[idu] == 2  # Rhino ATK 2, boost 0
    assert "Boost: Advance" in texts(s)


def test_hero_defence_reduces_by_def():
    """champions/summary/actions/defense-hero."""
    s = scenario(edeck_top=["01186", "01112"])
    idu = s.ident[0]
    do(s, "end")
    while s.decision.kind != "defend":
        s.apply("keep" if "keep" in s.decision.ids() else "pass")
    do(s, "def:hero")
    assert s.dmg[idu] == 0 and s.exh[idu] == 1


def test_ally_defends_no_carry_over():
    """champions/summary/actions/defense-ally, champions/summary/faq/3: excess does not reach the hero."""
    s = scenario(play=["01002"], edeck_top=["01109", "01112"])  # boost Bomb Scare: 2 icons -> 4 damage
    cat = uid(s, "01002", "play")
    do(s, "end")
    while s.decision.kind != "defend":
        s.apply("keep" if "keep" in s.decision.ids() else "pass")
    do(s, f"def:{cat}")
    assert cat in s.disc[0] and s.dmg[s.ident[0]] == 0


def test_overkill_from_charge():
    """champions/rr/overkill: Charge gives Rhino's attack overkill; excess goes to the ally's controller."""
    s = scenario(play=["01002"], villain_attachments=["01099"], edeck_top=["01186", "01112"])
    cat = uid(s, "01002", "play")
    do(s, "end")
    while s.decision.kind != "defend":
        s.apply("keep" if "keep" in s.decision.ids() else "pass")
    do(s, f"def:{cat}")
    settle(s)
    # ATK 2 + 3 (Charge) = 5; Black Cat has 2 hp -> 3 to Spider-Man; Charge then discarded
    assert s.dmg[s.ident[0]] == 3
    assert not any(s.code[u] == "01099" for u in s.eplay)


def test_villain_schemes_in_alter_ego():
    """champions/summary/flow/6, champions/rr/scheme: alter-ego -> the villain schemes; flow/5 acceleration."""
    s = scenario(form="ae", edeck_top=["01186", "01112"])
    do(s, "end")
    while s.decision.kind in ("hdisc", "optwin"):
        s.apply("keep" if "keep" in s.decision.ids() else "pass")
    # 1 acceleration + Rhino SCH 1 + boost 0 (Advance as the boost card); False Alarm is then revealed
    assert s.thr[s.mscheme] == 2


def test_stunned_villain_skips_attack():
    """champions/rr/stunned: a stunned villain discards the stun instead of attacking."""
    s = scenario(edeck_top=["01186", "01112"])
    s.st[s.villain] |= engine.STUN
    do(s, "end")  # the villain phase: every window passed, hands kept, attacks undefended
    settle(s)
    assert not s.st[s.villain] & engine.STUN
    assert s.dmg[s.ident[0]] == 0


def test_confused_villain_skips_scheme():
    """champions/rr/confused."""
    s = scenario(form="ae", edeck_top=["01104", "01112"])
    s.st[s.villain] |= engine.CONF
    do(s, "end")  # the villain phase: every window passed, hands kept, attacks undefended
    settle(s)
    assert not s.st[s.villain] & engine.CONF


def test_stunned_hero_attack_removes_stun():
    """champions/rr/stunned (player side)."""
    s = scenario()
    s.st[s.ident[0]] |= engine.STUN
    do(s, f"atk:{s.villain}")
    assert s.dmg[s.villain] == 0 and not s.st[s.ident[0]]


def test_tough_prevents_damage():
    """champions/rr/tough and champions/rr/toughness: Sandman enters with tough; first damage is prevented."""
    s = scenario(minions=["01102"])
    m = uid(s, "01102", "play")
    assert s.st[m] & engine.TOUGH
    do(s, f"atk:{m}")
    assert s.dmg[m] == 0 and not s.st[m] & engine.TOUGH


def test_guard_blocks_villain_attacks():
    """champions/rr/guard: a guard minion engaged with you protects the villain."""
    s = scenario(minions=["01101"])
    assert f"atk:{s.villain}" not in s.decision.ids()


def test_crisis_blocks_main_scheme_thwart():
    """champions/rr/crisis: Crowd Control in play -> no thwart on the main scheme."""
    s = scenario(sides=["01108"], threat=3)
    assert f"thw:{s.mscheme}" not in s.decision.ids()


def test_acceleration_icon_and_hazard_icon():
    """champions/rr/acceleration and champions/rr/hazard: +1 threat per acceleration icon; +1 card per hazard."""
    s = scenario(sides=["01109", "01107"], form="ae", edeck_top=["01186", "01104", "01104", "01186"])
    do(s, "end")
    while s.decision.kind in ("hdisc", "optwin"):
        s.apply("keep" if "keep" in s.decision.ids() else "pass")
    assert "Encounter cards are dealt (2)" in texts(s)
    assert "2 threat is placed on The Break-In!" in texts(s)


def test_quickstrike():
    """champions/rr/quickstrike: Vulture attacks as he engages a hero."""
    s = scenario(edeck_top=["01186", "01190", "01186"])  # Shadow of the Past brings Vulture
    do(s, "end")  # the villain phase: every window passed, hands kept, attacks undefended
    settle(s)
    assert "quickstrike" in texts(s)


def test_surge_reveals_another():
    """champions/rr/surge: Stampede surges in alter-ego."""
    s = scenario(form="ae", edeck_top=["01104", "01106", "01186"])
    do(s, "end")  # the villain phase: every window passed, hands kept, attacks undefended
    settle(s)
    assert "Surge" in texts(s)


def test_retaliate_damages_attacker():
    """champions/rr/retaliate: Solid-Sound Body gives Klaw retaliate 1."""
    s = scenario(villain="klaw", villain_attachments=["01119"], clear=True)
    do(s, f"atk:{s.villain}")
    assert s.dmg[s.ident[0]] == 1


def test_uses_card_discarded_after_last_use():
    """champions/summary/easy/14, champions/rr/uses."""
    s = scenario(play=["01064"], threat=5)
    st = uid(s, "01064", "play")
    s.cnt[st] = 1
    s._decision = None
    do(s, f"use:{st}")
    if s.decision.kind == "choose":
        do(s, "t:")
    assert st in s.disc[0]


def test_end_of_phase_discard_and_draw_up():
    """champions/summary/flow/3, champions/summary/easy/9, faq/2: discard down, draw up, ready."""
    s = scenario(hand=["01088", "01089", "01090", "01003", "01003", "01004", "01004"])
    do(s, f"atk:{s.villain}", "end")
    assert s.decision.kind == "hdisc"
    assert "keep" not in s.decision.ids()  # 7 cards, hand size 5: must discard
    do(s, "d:", "d:")
    assert s.decision.kind != "hdisc" or "keep" in s.decision.ids()


def test_empty_player_deck_reshuffles_and_deals_encounter_card():
    """champions/summary/scoring/empty-deck and easy/15."""
    s = scenario()
    s.disc[0] = s.deck[0][:-2]
    s.deck[0] = s.deck[0][-2:]
    from capes.games.champions.flow import _draw
    _draw(s, 0, 4)
    assert len(s.hand[0]) == 4 and len(s.fd[0]) == 1 and not s.disc[0]


def test_empty_encounter_deck_adds_acceleration():
    """champions/summary/scoring/empty-encounter and faq/4."""
    s = scenario()
    s.edisc += s.edeck
    s.edeck = []
    from capes.games.champions.flow import enc_draw
    u = enc_draw(s)
    assert u >= 0 and s.accel == 1


def test_main_scheme_completed_loses():
    """champions/summary/scoring/defeat."""
    s = scenario(threat=6, form="ae")
    do(s, "end")  # the villain phase: every window passed, hands kept, attacks undefended
    settle(s)
    assert s.is_over and s.result.outcomes == ("loss",)


def test_stage_advance_excess_threat_does_not_carry():
    """champions/summary/easy/13: Klaw's main scheme advances to 2; excess threat is lost, tokens stay."""
    s = scenario(villain="klaw", threat=5, form="ae")
    s.accel = 1
    do(s, "end")  # the villain phase: every window passed, hands kept, attacks undefended
    settle(s)
    assert s.code[s.mscheme] == "01117b" and s.accel >= 1
    assert "advances to Secret Rendezvous" in texts(s)
    assert s.thr[s.mscheme] < 6  # only the activations after the advance, not the excess


def test_villain_stage_transition_and_victory():
    """champions/rr/villain and champions/summary/scoring/victory."""
    s = scenario(hand=["01005", "01088", "01089"])
    s.dmg[s.villain] = 13
    s._decision = None
    do(s, f"atk:{s.villain}")
    assert s.code[s.villain] == "01095" and s.dmg[s.villain] == 0
    assert any(s.code[u] == "01107" for u in s.eplay)  # Rhino II reveals Breakin' & Takin'
    s.dmg[s.villain] = 14
    s._decision = None
    do(s, "play:", "pay:", "pay:")
    if s.decision.kind == "choose":
        do(s, "t:")
    assert s.is_over and s.result.outcomes == ("win",)


def test_elimination_passes_first_player():
    """champions/summary/scoring/elimination: an eliminated first player passes the token."""
    s = scenario(heroes=("spider_man", "she_hulk"))
    from capes.games.champions.flow import _eliminate
    s.first = 0
    _eliminate(s, 0)
    assert s.first == 1 and not s.alive[0] and not s.is_over


def test_elimination_minions_engage_the_next_player_rr_elimination():
    """champions/rr/elimination (ruling 15): the minions engaged with an eliminated player engage the next living
    player clockwise, keeping their damage; the villain's hit points (per player) do not change."""
    from capes.games.champions.flow import _eliminate
    s = scenario(heroes=("spider_man", "she_hulk", "iron_man"), minions=["01101"])
    m = s.minions(0)[0]
    s.dmg[m] = 1
    hp = s.hp(s.villain)
    s.alive[1] = 0
    _eliminate(s, 0)
    assert s.minions(2) == [m] and s.dmg[m] == 1 and m in s.eplay
    assert s.hp(s.villain) == hp
    assert any(e.rule == "champions/rr/elimination" and "engages player 3" in e.text for e in s.log)


def test_first_player_is_chosen():
    """champions/summary/setup/5 and faq/6 (ruling 14): the players (seat 0) pick the first player in
    multiplayer, as the first setup question, before any hand is dealt."""
    s = capes.load("champions", heroes=["spider_man", "she_hulk"]).new_game(0)
    assert s.decision.kind == "pick_first" and s.decision.seat == 0
    assert all(not h for h in s.hand)


def test_first_player_chosen_before_villain_setup_rr_setup():
    """champions/rr/setup, summary setup/5 before setup/6 (ruling 14): the first player is chosen before the
    villain and main scheme are set up: Underground Distribution's setup reveals Defense Network for the chosen
    first player and its 1B side's minion engages that player (player 2 here), not seat 1."""
    s = capes.load("champions", heroes=["spider_man", "she_hulk"], villain="klaw").new_game(0)
    assert s.decision.kind == "pick_first" and not s.eplay
    s.apply("first:1")
    mins = s.minions()
    assert len(mins) == 1 and s.eng[mins[0]] == 1
    assert any(s.code[u] == "01125" for u in s.sides())
    assert "Revealed for player 2: Defense Network (side scheme)." in [e.text for e in s.log]
    assert s.decision.kind == "mulligan" and s.first == 1
    rules = [e.rule for e in s.log]
    assert rules.index("champions/summary/setup/5") < rules.index("champions/rr/villain")


def test_interrupt_window_in_player_order():
    """champions/summary/actions/interrupt-response, faq/1: Backflip prevents attack damage."""
    s = scenario(hand=["01003"], edeck_top=["01186", "01112"])
    do(s, "end")
    while s.decision.kind != "defend":
        s.apply("keep" if "keep" in s.decision.ids() else "pass")
    do(s, "nodef")
    assert s.decision.kind == "optwin"
    do(s, "trig:")
    assert s.dmg[s.ident[0]] == 0


def test_round_cap_bound():
    """champions/engine/round-cap (ruling 1)."""
    s = scenario()
    s.rnd = engine.ROUND_CAP
    s.stack = [("round",)]
    s.run()
    assert s.is_over


@pytest.mark.parametrize("cfg,msg", [
    ({"heroes": []}, "heroes"),
    ({"heroes": ["hulk"]}, "heroes"),
    ({"villain": "loki"}, "villain"),
    ({"mode": "heroic"}, "mode"),
    ({"modulars": ["nope"]}, "modulars"),
    ({"decks": ["spider_man", "she_hulk"]}, "decks"),
    ({"deck": "/nonexistent.json"}, "deck"),
])
def test_bad_config(cfg, msg):
    with pytest.raises(ConfigError, match=msg) as e:
        capes.load("champions", **cfg)
    assert "\n" not in str(e.value)


def test_indirect_damage_is_assigned_and_not_beyond_lethal():
    """champions/summary/easy/12 and champions/rr/indirect-damage."""
    s = scenario(play=["01002"])
    cat = uid(s, "01002", "play")
    s.indirect(0, 3)
    s.run()
    do(s, f"t:{cat}", f"t:{cat}")  # Black Cat has 2 hit points: the third point must go elsewhere
    assert cat in s.disc[0] or s.dmg[cat] == 2
    settle(s)
    assert s.dmg[s.ident[0]] == 1


def test_stalwart_ignores_stun():
    """champions/rr/stalwart."""
    s = scenario()
    s.mods.append(("kw", s.villain, "stalwart"))
    s.stun(s.villain)
    assert not s.st[s.villain] & engine.STUN


def test_incite_places_threat():
    """champions/rr/incite (no core minion has it: tested with a lasting keyword on the card data path)."""
    from capes.games.champions.data import CARDS
    c = CARDS["01101"]
    CARDS["01101"] = c.model_copy(update={"keywords": [*c.keywords, "incite:2"]})
    try:
        from tests.champions.helpers import reveal
        s = scenario()
        reveal(s, "01101")
        settle(s)
        assert s.thr[s.mscheme] == 2
        assert any(e.rule == "champions/rr/incite" and "incite 2" in e.text for e in s.log)
    finally:
        CARDS["01101"] = c


def test_action_by_request_on_another_players_turn():
    """champions/summary/faq/1: actions may be used by request during another player's turn; the owner decides."""
    s = scenario(heroes=("spider_man", "she_hulk"), plays=[[], ["01091"]])
    mansion = uid(s, "01091", "play")
    assert s.decision.seat == s.first
    s.turn = s.first
    if s.first != 0:
        settle(s)
    p = s.decision.seat
    if s.owner[mansion] == p:
        return
    do(s, f"req:{mansion}")
    assert s.decision.seat == s.owner[mansion] and s.decision.kind == "request"
    n = len(s.hand[0]) + len(s.hand[1])
    do(s, "accept")
    if s.decision.kind == "choose":
        do(s, "t:")
    assert len(s.hand[0]) + len(s.hand[1]) == n + 1 and s.exh[mansion]


def test_minions_get_no_boost_cards():
    """champions/summary/easy/5: a minion's attack gets no boost card."""
    s = scenario(minions=["01110"])
    m = uid(s, "01110", "play")
    n = len(s.edeck)
    s.stack.append(("attack", m, 0, 0))
    s._decision = None
    s.run()
    assert s.decision.kind == "defend" and len(s.edeck) == n and not s.boosts


def test_star_boost_is_not_an_icon_but_its_ability_resolves():
    """champions/summary/easy/6: Sweeping Swoop as a boost adds 0 and its star ability stuns the damaged hero."""
    s = scenario(edeck_top=["01168"])
    s.stack.append(("attack", s.villain, 0, 1))
    s._decision = None
    s.run()
    settle(s, ("defend",))
    do(s, "nodef")
    settle(s)
    assert s.dmg[s.ident[0]] == 2 and s.st[s.ident[0]] & engine.STUN


def test_no_player_abilities_during_setup():
    """champions/summary/easy/10 and setup/7: setup resolves no player abilities except "Setup" ones."""
    s = capes.load("champions").new_game(3)
    assert s.rnd == 0 and all(not s.exh[u] for u in s.play[0]) and not s.play[0]


def test_cannot_is_absolute_crisis_beats_thwart_effects():
    """champions/summary/easy/11: "cannot remove threat" (crisis) also stops card effects like For Justice!."""
    s = scenario(sides=["01108"], threat=5)
    s.push(("rthreat", s.mscheme, 3, -1))
    s.run()
    assert s.thr[s.mscheme] == 5


def test_discarding_stops_after_reshuffle():
    """champions/summary/easy/15: an empty deck while discarding reshuffles; no more cards are discarded."""
    from capes.games.champions.flow import discard_top
    s = scenario()
    s.disc[0] = s.deck[0][:-1]
    s.deck[0] = s.deck[0][-1:]
    had = s._decks_had()
    out = discard_top(s, 0, 3)
    assert len(out) == 1 and not s.deck[0]
    s._ran_out(had)  # the check the run loop makes after every step
    assert out[0] in s.deck[0] and not s.disc[0] and len(s.fd[0]) == 1


def test_exhausted_cards_abilities_stay_active():
    """champions/summary/faq/5: an exhausted Jessica Jones keeps her constant THW bonus."""
    s = scenario(play=["01059"], sides=["01109"])
    jj = uid(s, "01059", "play")
    s.exh[jj] = 1
    assert s.thw(jj) == 2


def test_engine_events_for_scripts_minion_entered_and_defended():
    """champions/rr/minion and champions/summary/actions/defense-hero: the ``minion_entered`` and ``defended``
    events reach optional triggers (used by Hawkeye and Counter-Punch)."""
    from capes.games.champions import cards as S
    seen = []
    entries = [("01001a", "optional", "identity", None, None, lambda g, p, me, i: seen.append(g.ev(i)[1]))]
    for ev in ("minion_entered", "defended"):
        S.TRIGGERS.setdefault(ev, []).extend(entries)
    try:
        s = scenario(edeck_top=["01186", "01101"])
        do(s, "end")
        for _ in range(40):
            d = s.decision
            if d.seat is None or d.kind == "turn" and s.rnd > 1:
                break
            ids = d.ids()
            pick = next((i for i in ids if i.startswith("trig:0:01001a")), None)
            if pick is None:
                pick = "def:hero" if "def:hero" in ids else next(
                    (x for x in ("pass", "keep", "nodef") if x in ids), ids[0])
            s.apply(pick)
        assert "defended" in seen and "minion_entered" in seen
    finally:
        for ev in ("minion_entered", "defended"):
            S.TRIGGERS[ev] = [t for t in S.TRIGGERS[ev] if t not in entries]


def test_resample_redeals_other_players_hidden_cards_only():
    """champions/summary/actions/play (hidden hands): resample keeps my hand, redeals others' hands and decks,
    and the facedown cards under Highway Robbery."""
    from capes.core.rng import Rng
    s = scenario(heroes=("spider_man", "she_hulk"), hands=[["01088", "01089"], ["01054", "01055"]])
    reveal(s, "01166")
    mine = sorted(s.hand[0])
    other = sorted(s.hand[1] + s.deck[1] + [m[2] for m in s.mods if m[0] == "under" and s.owner[m[2]] == 1])
    for k in range(5):
        r = s.resample(0, Rng(k))
        assert sorted(r.hand[0]) == mine
        again = sorted(r.hand[1] + r.deck[1] + [m[2] for m in r.mods if m[0] == "under" and r.owner[m[2]] == 1])
        assert again == other


def test_lasting_stat_boost_ends_with_the_phase():
    """champions/rr/timing (lasting effects): a +2 ATK "until the end of the phase" ends at the phase end."""
    s = scenario()
    s.boost_stat(s.ident[0], "atk", 2)
    assert s.atk(s.ident[0]) == 4
    do(s, "end")
    settle(s, ("hdisc", "optwin", "defend"))
    assert s.atk(s.ident[0]) == 2


def test_cannot_remove_threat_registry():
    """champions/rr/cannot: a scheme listed in CANNOT_REMOVE keeps its threat."""
    from capes.games.champions import cards as S
    s = scenario(threat=4)
    S.CANNOT_REMOVE.add(s.code[s.mscheme])
    try:
        do(s, f"thw:{s.mscheme}")
        assert s.thr[s.mscheme] == 4
    finally:
        S.CANNOT_REMOVE.discard(s.code[s.mscheme])


def test_first_player_orders_simultaneous_forced_abilities():
    """champions/rr/first-player and champions/summary/faq/6: two different forced abilities at once ->
    the first player picks the order."""
    from capes.games.champions import cards as S
    entry = ("01006", "forced", "play", None, None, lambda g, p, me, i: g.emit("champions/rr/forced", "May!"))
    S.TRIGGERS.setdefault("round_end", []).append(entry)
    engine._FORCED.clear()
    try:
        s = scenario(play=["01084", "01006"], edeck_top=["01186", "01104"])
        do(s, "end")
        settle(s, ("forced_order",))
        assert s.decision.kind == "forced_order" and s.decision.seat == s.first
        assert len(s.decision.options) == 2
        do(s, "f:")
        settle(s)
        assert "May!" in texts(s) and not any(s.code[u] == "01084" for u in s.play[0])
    finally:
        S.TRIGGERS["round_end"].remove(entry)
        engine._FORCED.clear()


def test_stunned_hero_attack_event_is_replaced():
    """champions/rr/stunned: an attack event by a stunned hero only discards the stun."""
    from tests.champions.helpers import play_card
    s = scenario(hand=["01087", "01088"])
    s.st[s.ident[0]] |= engine.STUN
    play_card(s, "01087")
    settle(s)
    assert s.dmg[s.villain] == 0 and not s.st[s.ident[0]] & engine.STUN


def test_confused_hero_thwart_event_is_replaced():
    """champions/rr/confused: For Justice! by a confused hero only discards the confused card."""
    from tests.champions.helpers import play_card
    s = scenario(hand=["01060", "01088"], threat=5)
    s.st[s.ident[0]] |= engine.CONF
    play_card(s, "01060")
    settle(s)
    assert s.thr[s.mscheme] == 5 and not s.st[s.ident[0]] & engine.CONF


def test_stunned_attack_drops_its_modifiers_rr_stunned():
    """champions/rr/stunned: an attack replaced by discarding the stun does not happen, so the modifiers
    made for it (Charge's overkill and discard, "stun every character hit") end with it and do not carry
    over to the next attack or scheme."""
    s = scenario()
    s.mods.append(("atk", "overkill", s.villain))
    s.mods.append(("atk", "stun_hit", s.villain))
    s.st[s.villain] |= engine.STUN
    s.stack.append(("attack", s.villain, 0, 0))
    s._decision = None
    s.run()
    settle(s)
    assert not s.st[s.villain] & engine.STUN
    assert not any(m[0] == "atk" for m in s.mods)


def test_enemy_attacked_not_after_scheme_rr_scheme():
    """champions/rr/scheme, champions/rr/attack: "after the enemy attacks" abilities answer attacks only;
    schemes close with their own event (enemy_schemed)."""
    from capes.games.champions import cards as S
    seen = []
    rhino = "01094"
    extra = [(rhino, "forced", "play", None, None, lambda g, p, me, i: seen.append(("a", g.ev(i)[4]))),
             (rhino, "forced", "play", None, None, lambda g, p, me, i: seen.append(("s", g.ev(i)[4])))]
    S.TRIGGERS.setdefault("enemy_attacked", []).append(extra[0])
    S.TRIGGERS.setdefault("enemy_schemed", []).append(extra[1])
    engine._FORCED.clear()
    try:
        s = scenario(form="ae")
        assert s.code[s.villain] == rhino
        s.stack.append(("scheme", s.villain, 0, 0))
        s._decision = None
        s.run()
        settle(s)
        assert seen == [("s", "scheme")]
        s._form[0] = HERO
        s.stack.append(("attack", s.villain, 0, 0))
        s._decision = None
        s.run()
        settle(s)
        assert seen == [("s", "scheme"), ("a", "attack")]
    finally:
        S.TRIGGERS["enemy_attacked"].remove(extra[0])
        S.TRIGGERS["enemy_schemed"].remove(extra[1])
        engine._FORCED.clear()


def test_when_revealed_threat_is_in_the_log_rr_threat():
    """champions/rr/threat: a side scheme's "when revealed: 1 more threat per player" shows in the log with its
    rule (Defense Network, two players: 2 more threat)."""
    s = scenario(heroes=("spider_man", "she_hulk"), villain="klaw", clear=True)
    u = reveal(s, "01125")
    start = (CARDS["01125"].base_threat or 0) * (1 if CARDS["01125"].base_fixed else 2)
    assert s.thr[u] == start + 2
    ev = [e for e in s.log if e.text == f"Defense Network: 2 more threat (1 per player) ({start + 2})."]
    assert len(ev) == 1 and ev[0].rule == "champions/rr/threat"
