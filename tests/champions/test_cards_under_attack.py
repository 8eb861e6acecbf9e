"""Scenario tests for the Under Attack modular set."""

from functools import partial

from capes.games.champions.cards import BOOST
from tests.champions.helpers import (
    empty_encounter,
    go,
    hero,
    labels,
    opt,
    pay_all,
    pick,
    res_to_hand,
    reveal,
    scenario,
    to_play,
    unscripted,
)

attack = partial(scenario, modulars=("under_attack",), seed=1, setup=True)  # Rhino, Spider-Man


def test_under_attack_choice_rr_crisis():
    """01151 (champions/rr/crisis, champions/rr/side-schemes): each player picks 2 threat here or 3 damage
    to their hero; its crisis icon protects the main scheme."""
    st = attack(heroes=("spider_man", "she_hulk"))
    empty_encounter(st)
    u = reveal(st, "01151")
    assert st.thr[u] == 3
    assert labels(st) == ["Place 2 threat on Under Attack", "Deal 3 damage to your hero"]
    pick(st, "2 threat")
    pick(st, "3 damage")
    assert st.thr[u] == 5 and st.dmg[st.ident[1]] == 3 and st.dmg[st.ident[0]] == 0
    st.thr[st.mscheme] = 4
    go(st, ("rthreat", st.mscheme, 2, -1))
    assert st.thr[st.mscheme] == 4


def test_vibranium_armor_rr_tough():
    """01152 (champions/rr/tough): after the villain takes damage it gets a tough status card; hero action
    (exhaust, two physical resources) discards it."""
    st = attack()
    empty_encounter(st)
    u = reveal(st, "01152")
    v = st.villain
    assert st.att[u] == v
    go(st, ("dmg", v, 3, st.ident[0], 0))
    assert st.dmg[v] == 3 and st.st[v] & 4
    go(st, ("dmg", v, 3, st.ident[0], 0))
    assert st.dmg[v] == 3 and not st.st[v] & 4  # the tough card prevented it: no damage taken, no new card
    hero(st)
    st.hand[0][:] = []
    assert f"use:{u}" not in st.decision.ids()
    res_to_hand(st, 0, "P")
    res_to_hand(st, 0, "P")
    opt(st, f"use:{u}")
    pay_all(st)
    assert u not in st.eplay and st.exh[st.ident[0]]


def test_concussion_blasters_rr_retaliate():
    """01153 (champions/rr/retaliate): the villain gains retaliate 1; hero action (exhaust, two energy)
    discards it."""
    st = attack()
    empty_encounter(st)
    u = reveal(st, "01153")
    assert st.has_kw(st.villain, "retaliate") == 1
    hero(st)
    opt(st, f"atk:{st.villain}")
    assert st.dmg[st.ident[0]] == 1
    st.exh[st.ident[0]] = 0
    st.hand[0][:] = []
    res_to_hand(st, 0, "E")
    res_to_hand(st, 0, "E")
    st._decision = None
    opt(st, f"use:{u}")
    pay_all(st)
    assert u not in st.eplay and st.has_kw(st.villain, "retaliate") == 0


def test_concussive_blast_rr_damage():
    """01154 (champions/rr/damage, champions/rr/boost): 1 damage to each friendly character; boost: 1 damage
    to each character you control."""
    st = attack(heroes=("spider_man", "she_hulk"))
    empty_encounter(st)
    a = to_play(st, 1, "01083")
    reveal(st, "01154")
    assert st.dmg[st.ident[0]] == 1 and st.dmg[st.ident[1]] == 1 and st.dmg[a] == 1
    BOOST["01154"](st, 1, -1)
    st._decision = None
    st.run()
    assert st.dmg[st.ident[0]] == 1 and st.dmg[st.ident[1]] == 2 and st.dmg[a] == 2


def test_every_under_attack_card_scripted():
    assert not unscripted("under_attack")
