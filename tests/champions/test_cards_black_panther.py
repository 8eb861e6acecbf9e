"""Scenario tests: Black Panther's identity, hero cards, obligation and nemesis set (one or more per card).

Positions come from ``tests/champions/helpers.py``: :data:`sc` is ``scenario()`` with Black Panther against
Rhino (seed 3, no threat on the main scheme).
"""

from __future__ import annotations

from functools import partial

import capes
from capes.games.champions import cards as S
from capes.games.champions.engine import AE, HERO
from tests.champions.helpers import (
    contract_games,
    do,
    enc,
    enc_top,
    finish,
    labels,
    minion,
    pass_windows,
    pay_all,
    pick,
    play_card,
    run_turn,
    scenario,
    side,
    to_disc,
    to_hand,
    to_play,
)

BP = "black_panther"
sc = partial(scenario, heroes=(BP,), seed=3, threat=0)


def play_wakanda_forever(g) -> None:
    """Player 1 plays Wakanda Forever! (01043d), paying with the Vibranium resource (01044) put in hand with it."""
    to_hand(g, 0, "01043d")
    to_hand(g, 0, "01044")
    run_turn(g)
    play_card(g, "01043d")


def test_black_panther_retaliate_one():
    """01040a Black Panther: Retaliate 1, after he is attacked the attacker takes 1 (champions/rr/retaliate)."""
    g = sc()
    run_turn(g, ("attack", g.villain, 0, 0))
    pick(g, "Defend with Black Panther")
    finish(g)
    assert g.dmg[g.villain] == 1


def test_black_panther_retaliate_undefended_and_not_for_ally():
    """champions/rr/retaliate: Black Panther retaliates when attacked undefended too (even for 0 damage:
    tough); an ally defending instead is the one attacked, so he does not retaliate."""
    g = sc()
    g.st[g.ident[0]] |= 4  # tough: the attack deals no damage, retaliate still applies
    run_turn(g, ("attack", g.villain, 0, 0))
    pick(g, "Do not defend")
    finish(g)
    assert g.dmg[g.villain] == 1 and g.dmg[g.ident[0]] == 0
    g = sc()
    to_play(g, 0, "01041")  # Shuri
    run_turn(g, ("attack", g.villain, 0, 0))
    pick(g, "Defend with Shuri")
    finish(g)
    assert g.dmg[g.villain] == 0


def test_tchalla_foresight_setup():
    """01040b T'Challa, Foresight (champions/summary/setup/7): at setup, before the opening hand, take a
    Black Panther upgrade from the deck into hand; the deck is shuffled."""
    assert S.SCRIPTED.get("01040b") == "black_panther"
    g = capes.load("champions", heroes=[BP]).new_game(5)
    assert g.decision.kind == "modal" and g.decision.seat == 0
    labels = [o.label for o in g.decision.options]
    assert sorted(lab.split("take ")[1].split(" into")[0] for lab in labels) == [
        "Energy Daggers", "Panther Claws", "Tactical Genius", "Vibranium Suit"]
    oid = next(o.id for o in g.decision.options if "Panther Claws" in o.label)
    g.apply(oid)
    assert g.decision.kind == "mulligan"
    codes = [g.code[u] for u in g.hand[0]]
    assert "01047" in codes and len(codes) == 1 + 6  # the upgrade plus an opening hand of 6
    assert all(g.code[u] != "01047" for u in g.deck[0])


def test_shuri_search_upgrade():
    """01041 (champions/rr/timing) Shuri: after she enters play, take an upgrade from the deck into hand; optional."""
    g = sc()
    sh = to_hand(g, 0, "01041")
    to_hand(g, 0, "01044")  # Vibranium WW pays her cost 2
    run_turn(g)
    do(g, f"play:{sh}")
    pay_all(g)
    assert g.decision.kind == "modal"
    pick(g, "Vibranium Suit")
    assert [g.code[u] for u in g.hand[0]] == ["01049"] and sh in g.play[0]


def test_ancestral_knowledge_shuffles_three_back():
    """01042 (champions/rr/form) Ancestral Knowledge: alter-ego action, up to 3 different discard cards shuffled into the deck."""
    g = sc(form=AE)
    ak = to_hand(g, 0, "01042")
    to_hand(g, 0, "01044")
    a = to_disc(g, 0, "01046")
    b = to_disc(g, 0, "01047")
    c = to_disc(g, 0, "01048")
    d = to_disc(g, 0, "01049")
    deck = len(g.deck[0])
    run_turn(g)
    do(g, f"play:{ak}")
    pay_all(g)
    assert not any("shuffle Ancestral Knowledge" in lab for lab in labels(g))  # not itself
    pick(g, "Energy Daggers")
    pick(g, "Panther Claws")
    pick(g, "Tactical Genius")
    assert g.decision.kind == "turn"
    assert {a, b, c} <= set(g.deck[0]) and d in g.disc[0] and len(g.deck[0]) == deck + 3 and ak in g.disc[0]


def test_ancestral_knowledge_tells_apart_cards_of_one_name_rr_form():
    """01042: two Wakanda Forever! of different codes in the discard pile are two choices, named by their
    resource (contract 'labels': no two options share a label)."""
    g = sc(form=AE)
    ak = to_hand(g, 0, "01042")
    to_hand(g, 0, "01044")
    to_disc(g, 0, "01043a")
    to_disc(g, 0, "01043b")
    run_turn(g)
    do(g, f"play:{ak}")
    pay_all(g)
    wf = [lab for lab in labels(g) if "Wakanda Forever!" in lab]
    assert len(wf) == 2 and len(set(wf)) == 2, wf
    assert all(lab.startswith("Ancestral Knowledge: shuffle Wakanda Forever! (") for lab in wf), wf


def test_wakanda_forever_sequence_final_step_doubles():
    """01043a-d (champions/rr/timing) Wakanda Forever!: each Black Panther upgrade's Special in the chosen order; the final step
    is the stronger one."""
    for code in ("01043a", "01043b", "01043c", "01043d"):
        g = sc()
        m = minion(g, "01102", placed=True)
        g.thr[g.mscheme] = 5
        to_play(g, 0, "01046")  # Energy Daggers
        to_play(g, 0, "01047")  # Panther Claws
        to_play(g, 0, "01048")  # Tactical Genius
        to_play(g, 0, "01049")  # Vibranium Suit
        g.dmg[g.ident[0]] = 3
        wf = to_hand(g, 0, code)
        to_hand(g, 0, "01044")
        run_turn(g)
        do(g, f"play:{wf}")
        pay_all(g)
        pick(g, "Energy Daggers")  # 1 to the villain and the minion engaged with player 1
        pick(g, "Vibranium Suit")
        do(g, f"t:{m}")  # move 1 damage from the hero to the minion
        pick(g, "Tactical Genius")  # remove 1 threat (the only scheme with threat: no question)
        do(g, f"t:{g.villain}")  # Panther Claws, the last one: the final step, 4 damage
        finish(g)
        assert g.dmg[g.villain] == 1 + 4, code
        assert g.dmg[m] == 1 + 1 and g.dmg[g.ident[0]] == 2 and g.thr[g.mscheme] == 4, code


def test_wakanda_forever_single_upgrade_is_final():
    """01043a (champions/rr/timing) Wakanda Forever! with one upgrade: it is the final step (Tactical Genius removes 2)."""
    g = sc()
    g.thr[g.mscheme] = 5
    to_play(g, 0, "01048")
    wf = to_hand(g, 0, "01043a")
    to_hand(g, 0, "01044")
    run_turn(g)
    do(g, f"play:{wf}")
    pay_all(g)
    finish(g)
    assert g.thr[g.mscheme] == 3


def test_wakanda_forever_needs_an_upgrade():
    """01043b (champions/summary/actions/play) Wakanda Forever! cannot be played without a Black Panther upgrade."""
    g = sc()
    wf = to_hand(g, 0, "01043b")
    to_hand(g, 0, "01044")
    assert not g.playable(0, wf)


def test_vibranium_pays_two():
    """01044 Vibranium: two wild resources from one card (champions/rr/resources)."""
    g = sc()
    sh = to_hand(g, 0, "01041")
    v = to_hand(g, 0, "01044")
    run_turn(g)
    do(g, f"play:{sh}", f"pay:{v}")
    assert g.decision.kind == "modal" and sh in g.play[0]


def test_golden_city_draws_two():
    """01045 (champions/rr/form) The Golden City: alter-ego action, exhaust to draw 2."""
    g = sc(form=AE)
    gc = to_play(g, 0, "01045")
    run_turn(g)
    do(g, f"use:{gc}")
    assert len(g.hand[0]) == 2 and g.exh[gc]
    g._form[0] = HERO
    g.exh[gc] = 0
    run_turn(g)
    assert f"use:{gc}" not in g.decision.ids()


def test_energy_daggers_special_chosen_player():
    """01046 (champions/rr/damage) Energy Daggers (Special): 1 damage to the villain and each enemy engaged with the chosen player,
    2 as the final step."""
    g = sc(heroes=(BP, "spider_man"))
    m0 = minion(g, "01102", p=0, placed=True)
    m1 = minion(g, "01101", p=1, placed=True)
    to_play(g, 0, "01046")
    play_wakanda_forever(g)
    do(g, f"t:{g.ident[1]}")
    finish(g)
    assert g.dmg[g.villain] == 2 and g.dmg[m1] == 2 and g.dmg[m0] == 0


def test_panther_claws_special_is_an_attack():
    """01047 Panther Claws (Special, attack): 2 damage, 4 as the final step; the target's Retaliate hits
    the hero (champions/rr/retaliate)."""
    g = sc(heroes=(BP, "iron_man"))
    w = minion(g, "01172", placed=True)  # Whiplash, Retaliate 1 (Iron Man's nemesis), 4 hit points
    to_play(g, 0, "01047")
    to_play(g, 0, "01048")
    g.thr[g.mscheme] = 3
    play_wakanda_forever(g)
    pick(g, "Panther Claws")
    do(g, f"t:{w}")
    finish(g)
    assert g.dmg[w] == 2 and g.dmg[g.ident[0]] == 1 and g.thr[g.mscheme] == 1
    g = sc()
    to_play(g, 0, "01047")
    play_wakanda_forever(g)
    finish(g)
    assert g.dmg[g.villain] == 4


def test_tactical_genius_special_thwart():
    """01048 (champions/rr/thwart) Tactical Genius (Special, thwart): 1 threat, 2 as the final step."""
    g = sc()
    sch = side(g, "01107", 3)
    g.thr[g.mscheme] = 3
    to_play(g, 0, "01048")
    to_play(g, 0, "01046")
    minion(g, "01102", placed=True)
    play_wakanda_forever(g)
    pick(g, "Tactical Genius")
    do(g, f"t:{sch}")
    finish(g)
    assert g.thr[sch] == 2


def test_vibranium_suit_special_moves_damage():
    """01049 (champions/rr/attack) Vibranium Suit (Special, attack): move 2 damage from the hero to an enemy as the final step."""
    g = sc()
    to_play(g, 0, "01049")
    g.dmg[g.ident[0]] = 5
    play_wakanda_forever(g)
    finish(g)
    assert g.dmg[g.ident[0]] == 3 and g.dmg[g.villain] == 2


def test_affairs_of_state_obligation():
    """01155 Affairs of State (champions/rr/obligation): exhaust T'Challa, or discard a Black Panther upgrade."""
    g = sc(form=HERO)
    up = to_play(g, 0, "01047")
    aos = enc(g, "01155")
    run_turn(g, ("reveal", aos, 0))
    pick(g, "Stay in hero form")  # only the upgrade bullet is possible in hero form
    assert up in g.disc[0] and aos in g.edisc
    g = sc(form=AE)
    aos = enc(g, "01155")
    run_turn(g, ("reveal", aos, 0))
    pick(g, "Exhaust T'Challa")
    assert aos in g.removed and g.exh[g.ident[0]]


def test_usurp_the_throne_enters_with_threat():
    """01156 Usurp the Throne: 3 threat per player, hazard icon (champions/rr/hazard)."""
    g = sc()
    ut = enc(g, "01156")
    run_turn(g, ("reveal", ut, 0))
    assert ut in g.eplay and g.thr[ut] == 3
    edeck = len(g.edeck)
    run_turn(g, ("deal",))
    assert edeck - len(g.edeck) == 2 and len(g.fd[0]) == 2


def test_killmonger_immune_to_black_panther_upgrades():
    """01157 Killmonger cannot take damage from Black Panther upgrades (champions/rr/cannot)."""
    g = sc()
    k = minion(g, "01157", placed=True)
    to_play(g, 0, "01047")
    play_wakanda_forever(g)
    do(g, f"t:{k}")
    finish(g)
    assert g.dmg[k] == 0
    do(g, f"atk:{k}")  # a basic attack is not an upgrade
    finish(g)
    assert g.dmg[k] == 2


def test_heart_shaped_herb_tough_and_boost():
    """01158 Heart-Shaped Herb: tough for the villain and the minions engaged with you; star boost: the
    villain gets tough (champions/rr/tough)."""
    g = sc()
    m = minion(g, "01102", placed=True)
    other = minion(g, "01101", p=0, placed=True)
    hh = enc(g, "01158")
    enc_top(g, "01104")  # the surge card
    run_turn(g, ("reveal", hh, 0))
    pass_windows(g)
    assert g.st[g.villain] & 4 and g.st[m] & 4 and g.st[other] & 4
    g = sc()
    enc_top(g, "01158")
    run_turn(g, ("attack", g.villain, 0, 1))
    pick(g, "Do not defend")
    finish(g)
    # the boost made the villain tough; Black Panther's Retaliate 1 then spent it (champions/rr/retaliate)
    assert g.dmg[g.villain] == 0
    assert any("tough status prevents" in e.text and "Rhino" in e.text for e in g.log)


def test_ritual_combat_x_from_boost_icons():
    """01159 (champions/rr/boost) Ritual Combat: discard the top encounter card; X = its boost icons + 1; damage or threat."""
    g = sc()
    top = enc_top(g, "01156")  # 3 boost icons: X = 4
    rc = enc(g, "01159")
    run_turn(g, ("reveal", rc, 0))
    pass_windows(g)
    pick(g, "Take 4 damage")
    finish(g)
    assert g.dmg[g.ident[0]] == 4 and top in g.edisc
    g = sc()
    enc_top(g, "01158")  # 1 boost icon: X = 2
    rc = enc(g, "01159")
    run_turn(g, ("reveal", rc, 0))
    pass_windows(g)
    pick(g, "Place 2 threat")
    finish(g)
    assert g.thr[g.mscheme] == 2


def test_contract_with_black_panther():
    """The capes contract suite (capes/core/contract.py) with this hero in play."""
    assert contract_games(3, 5, 5, heroes=[BP]) == 3


def test_contract_three_heroes():
    """The capes contract suite (capes/core/contract.py) with this hero in play."""
    assert contract_games(2, 7, 7, heroes=["captain_marvel", "iron_man", BP], villain="klaw",
                          modulars=["masters_of_evil"]) == 2
