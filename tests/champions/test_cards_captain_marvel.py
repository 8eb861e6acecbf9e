"""Scenario tests: Captain Marvel's identity, hero cards, obligation and nemesis set (one or more per card).

Positions come from ``tests/champions/helpers.py``: :data:`cm` is ``scenario()`` with Captain Marvel against
Rhino (seed 3, no threat on the main scheme); cards are moved into place and actions taken through the
public decisions.
"""

from __future__ import annotations

from functools import partial

from capes.games.champions.engine import AE, HERO
from tests.champions.helpers import (
    contract_games,
    do,
    enc,
    enc_top,
    finish,
    minion,
    pay_all,
    pick,
    play_card,
    run_turn,
    scenario,
    side,
    to_hand,
    to_play,
)

CM = "captain_marvel"
cm = partial(scenario, heroes=(CM,), seed=3, threat=0)


def test_rechannel_heal_one_pay_energy_draw_one():
    """01010a Captain Marvel, Rechannel (champions/summary/actions/action): once per round."""
    g = cm()
    idu = g.ident[0]
    g.dmg[idu] = 3
    ea = to_hand(g, 0, "01014")  # Energy Absorption: EEE
    run_turn(g)
    assert f"use:{idu}" in g.decision.ids()
    deck = len(g.deck[0])
    do(g, f"use:{idu}", f"pay:{ea}")
    assert g.dmg[idu] == 2 and len(g.deck[0]) == deck - 1 and len(g.hand[0]) == 1
    assert f"use:{idu}" not in g.decision.ids()  # limit once per round
    g.used[0] = []
    g.dmg[idu] = 0
    run_turn(g)
    assert f"use:{idu}" not in g.decision.ids()  # no damage to heal: the cost cannot be paid


def test_commander_draw_for_chosen_player():
    """01010b (champions/summary/actions/action) Carol Danvers, Commander: a chosen player draws 1 (two players: a target choice)."""
    g = cm(heroes=(CM, "spider_man"), form=AE)
    idu = g.ident[0]
    run_turn(g)
    n1 = len(g.hand[1])
    # the option says what the ability does, not only its name ("Commander" alone told a player nothing)
    label = g.decision.find(f"use:{idu}").label
    assert label.startswith("Use Carol Danvers: Commander. ") and "a chosen player draws 1 card" in label, label
    do(g, f"use:{idu}")
    assert g.decision.kind == "choose"
    do(g, f"t:{g.ident[1]}")
    assert len(g.hand[1]) == n1 + 1
    assert f"use:{idu}" not in g.decision.ids()


def test_spider_woman_confuses_villain():
    """01011 Spider-Woman: response after she enters play, the villain is confused (champions/rr/confused)."""
    g = cm()
    sw = to_hand(g, 0, "01011")
    for c in ("01014", "01014"):
        to_hand(g, 0, c)
    run_turn(g)
    do(g, f"play:{sw}")
    pay_all(g)
    assert g.decision.kind == "modal"
    pick(g, "confuse")
    assert g.st[g.villain] & 2 and sw in g.play[0]


def test_crisis_interdiction_aerial_second_scheme():
    """01012 Crisis Interdiction: 2 threat from a scheme, then (Aerial) 2 from a different scheme
    (champions/rr/thwart)."""
    g = cm()
    g.thr[g.mscheme] = 5
    sch = side(g, "01107", 3)  # Breakin' & Takin'
    to_play(g, 0, "01017")  # Cosmic Flight: Aerial
    to_hand(g, 0, "01012")
    to_hand(g, 0, "01014")
    run_turn(g)
    play_card(g, "01012", f"t:{g.mscheme}")
    assert g.thr[g.mscheme] == 3 and g.thr[sch] == 1


def test_crisis_interdiction_without_aerial_one_scheme():
    """01012 (champions/rr/thwart) Crisis Interdiction without Aerial removes threat from one scheme only."""
    g = cm()
    g.thr[g.mscheme] = 5
    sch = side(g, "01107", 3)
    to_hand(g, 0, "01012")
    to_hand(g, 0, "01014")
    run_turn(g)
    play_card(g, "01012", f"t:{sch}")
    assert g.thr[sch] == 1 and g.thr[g.mscheme] == 5 and g.decision.kind == "turn"


def test_photonic_blast_five_damage_draw_if_energy():
    """01013 Photonic Blast: 5 damage to an enemy; paid with energy, draw 1 (champions/rr/attack)."""
    g = cm()
    pb = to_hand(g, 0, "01013")
    ea = to_hand(g, 0, "01014")
    run_turn(g)
    do(g, f"play:{pb}", f"pay:{ea}")
    if g.decision.kind == "choose":
        do(g, f"t:{g.villain}")
    assert g.dmg[g.villain] == 5 and len(g.hand[0]) == 1


def test_photonic_blast_no_draw_without_energy():
    """01013 (champions/rr/resources) Photonic Blast paid with physical/mental resources draws nothing."""
    g = cm()
    pb = to_hand(g, 0, "01013")
    for c in ("01068", "01071", "01016"):  # Leadership/own cards without energy icons
        to_hand(g, 0, c)
    hand = [u for u in g.hand[0] if u != pb]
    assert all("E" not in g.ccard(u).res and "W" not in g.ccard(u).res for u in hand)
    run_turn(g)
    do(g, f"play:{pb}")
    pay_all(g)
    assert g.dmg[g.villain] == 5 and g.hand[0] == []


def test_energy_absorption_pays_three():
    """01014 Energy Absorption: one card, three energy resources (champions/rr/resources)."""
    g = cm()
    pb = to_hand(g, 0, "01013")  # cost 3
    ea = to_hand(g, 0, "01014")
    run_turn(g)
    do(g, f"play:{pb}", f"pay:{ea}")
    assert g.decision.kind != "pay" and ea in g.disc[0]


def test_alpha_flight_station_draws_two_as_carol():
    """01015 (champions/summary/actions/action) Alpha Flight Station: exhaust, discard a card, draw 1 (2 as Carol Danvers)."""
    for form, k in ((HERO, 1), (AE, 2)):
        g = cm(form=form)
        afs = to_play(g, 0, "01015")
        x = to_hand(g, 0, "01012")
        run_turn(g)
        do(g, f"use:{afs}")
        assert x in g.disc[0] and len(g.hand[0]) == k and g.exh[afs]


def test_captain_marvels_helmet_def():
    """01016 (champions/summary/actions/defense-hero) Captain Marvel's Helmet: +1 DEF, +2 while Aerial."""
    g = cm()
    idu = g.ident[0]
    to_play(g, 0, "01016")
    assert g.defv(idu) == 2
    to_play(g, 0, "01017")
    assert g.defv(idu) == 3


def test_cosmic_flight_prevents_three_damage():
    """01017 Cosmic Flight: hero interrupt, discard it to prevent 3 of the damage (champions/rr/damage)."""
    g = cm()
    idu = g.ident[0]
    cf = to_play(g, 0, "01017")
    run_turn(g, ("dmg", idu, 5, g.villain, 1))
    assert g.decision.kind == "optwin"
    do(g, f"trig:{cf}:01017")
    while g.decision.kind != "turn":
        pick(g, "Pass")
    assert g.dmg[idu] == 2 and cf in g.disc[0]


def test_energy_channel_charge_and_fire():
    """01018 (champions/rr/resources) Energy Channel: spend X energy for X counters; discard it for 2 damage per counter (max 10)."""
    g = cm()
    ec = to_play(g, 0, "01018")
    ea = to_hand(g, 0, "01014")
    run_turn(g)
    do(g, f"use:{ec}", f"pay:{ea}")
    assert g.cnt[ec] == 3 and g.decision.kind == "turn"
    to_hand(g, 0, "01012")  # an energy card keeps "charge" open, so the fire option is a choice
    do(g, f"use:{ec}")
    pick(g, "discard it to deal 6")
    if g.decision.kind == "choose":
        do(g, f"t:{g.villain}")
    assert g.dmg[g.villain] == 6 and ec in g.disc[0]


def test_energy_channel_damage_capped_at_ten():
    """01018 (champions/rr/attack) Energy Channel: at most 10 damage."""
    g = cm()
    ec = to_play(g, 0, "01018")
    g.cnt[ec] = 7
    run_turn(g)
    do(g, f"use:{ec}")
    if g.decision.kind == "choose":
        do(g, f"t:{g.villain}")
    assert g.dmg[g.villain] == 10


def test_energy_channel_max_one_per_player():
    """01018 Energy Channel: max 1 per player (champions/rr/restricted-like limit)."""
    g = cm()
    to_play(g, 0, "01018")
    e2 = to_hand(g, 0, "01018")
    assert not g.playable(0, e2)


def test_family_emergency_remove_or_stun_surge():
    """01175 Family Emergency (champions/rr/obligation): flip, exhaust Carol to remove it; or be stunned + surge."""
    g = cm(form=HERO)
    fe = enc(g, "01175")
    run_turn(g, ("reveal", fe, 0))
    pick(g, "Flip to Carol Danvers")
    pick(g, "Exhaust Carol Danvers")
    assert fe in g.removed and g._form[0] == AE and g.exh[g.ident[0]]
    assert g.changed[0] == 0  # a card-caused change does not use the turn's change (champions/summary/easy/2)

    g = cm(form=HERO)
    fe = enc(g, "01175")
    top = enc_top(g, "01179")  # the surge reveals Yon-Rogg's Treason (no energy cards in hand: it surges too)
    run_turn(g, ("reveal", fe, 0))
    pick(g, "Stay in hero form")
    assert g.st[g.ident[0]] & 1 and fe in g.edisc and top not in g.edeck


def test_psyche_magnitron_threat_per_player():
    """01176 The Psyche-Magnitron: 3 threat plus 1 per player (champions/rr/side-schemes)."""
    g = cm(heroes=(CM, "spider_man"))
    pm = enc(g, "01176")
    run_turn(g, ("reveal", pm, 0))
    finish(g)
    assert g.thr[pm] == 3 + 2


def test_yon_rogg_attack_adds_threat_to_magnitron():
    """01177 (champions/rr/forced) Yon-Rogg: forced response after he attacks, 1 threat on The Psyche-Magnitron."""
    g = cm()
    yr = minion(g, "01177", placed=True)
    pm = side(g, "01176", 4)
    run_turn(g, ("attack", yr, 0, 0))
    pick(g, "Do not defend")
    assert g.dmg[g.ident[0]] == 3 and g.thr[pm] == 5
    g.thr[pm] = 4
    run_turn(g, ("scheme", yr, 0, 0))  # scheming is not attacking
    assert g.thr[pm] == 4


def test_kree_manipulator_reveal_and_boost():
    """01178 Kree Manipulator: 1 threat on the main scheme and surge; star boost on an undefended
    attack only (champions/rr/boost)."""
    g = cm()
    km = enc(g, "01178")
    nxt = enc_top(g, "01104")  # Hard to Keep Down: the surge card
    run_turn(g, ("reveal", km, 0))
    assert g.thr[g.mscheme] >= 1 and nxt not in g.edeck

    for defend, expect in (("Do not defend", 1), ("Defend with Captain Marvel", 0)):
        g = cm()
        enc_top(g, "01178")
        run_turn(g, ("attack", g.villain, 0, 1))
        while g.decision.kind != "turn":
            pick(g, defend) if g.decision.kind == "defend" else do(g, g.decision.ids()[-1])
        assert g.thr[g.mscheme] == expect, defend
    # an exhausted hero cannot defend: undefended; an ally defending: not undefended
    for exhausted, ally, expect in ((True, False, 1), (False, True, 0)):
        g = cm()
        g.exh[g.ident[0]] = int(exhausted)
        if ally:
            sw = to_play(g, 0, "01011")
        enc_top(g, "01178")
        run_turn(g, ("attack", g.villain, 0, 1))
        while g.decision.kind != "turn":
            if g.decision.kind == "defend":
                do(g, f"def:{sw}" if ally else "nodef")
            else:
                do(g, g.decision.ids()[-1])
        assert g.thr[g.mscheme] == expect, (exhausted, ally)


def test_yon_roggs_treason_discards_energy_cards():
    """01179 (champions/rr/surge) Yon-Rogg's Treason: discard every energy card in hand; surge if none."""
    g = cm()
    e1 = to_hand(g, 0, "01014")
    e2 = to_hand(g, 0, "01012")
    keep = to_hand(g, 0, "01013")
    yt = enc(g, "01179")
    run_turn(g, ("reveal", yt, 0))
    assert e1 in g.disc[0] and e2 in g.disc[0] and keep in g.hand[0]
    g = cm()
    to_hand(g, 0, "01013")  # physical only
    yt = enc(g, "01179")
    nxt = enc_top(g, "01104")
    run_turn(g, ("reveal", yt, 0))
    assert nxt not in g.edeck and len(g.hand[0]) == 1  # nothing discarded: it surged


def test_contract_with_captain_marvel():
    """The capes contract suite (capes/core/contract.py) with this hero in play."""
    assert contract_games(3, 5, 5, heroes=[CM]) == 3
