"""Scenario tests for The Doomsday Chair modular set."""

from functools import partial

from tests.champions.helpers import (
    empty_encounter,
    enc,
    go,
    hero,
    labels,
    minion,
    opt,
    pick,
    reveal,
    scenario,
    unscripted,
)

chair = partial(scenario, modulars=("the_doomsday_chair",), seed=1, setup=True)  # Rhino, Spider-Man


def test_doomsday_chair_finds_modok_rr_acceleration():
    """01183 (champions/rr/side-schemes, champions/rr/acceleration): M.O.D.O.K. is found and engages you;
    the acceleration icon adds 1 threat in the villain phase."""
    st = chair()
    empty_encounter(st)
    mo = enc(st, "01184")
    st.edisc.append(mo)
    u = reveal(st, "01183")
    assert st.thr[u] == 8 and mo in st.eplay and st.eng[mo] == 0
    reveal(st, "01183")
    assert [st.code[x] for x in st.eplay].count("01184") == 1
    t = st.thr[st.mscheme]
    go(st, ("vthreat",))
    assert st.thr[st.mscheme] == t + 1 + 2  # Rhino's scheme: 1 per player, +1 per acceleration icon (two copies)


def test_modok_retaliate_rr_retaliate():
    """01184 (champions/rr/retaliate): retaliate 2."""
    st = chair()
    empty_encounter(st)
    mo = minion(st, "01184")
    hero(st)
    opt(st, f"atk:{mo}")
    assert st.dmg[mo] == 2 and st.dmg[st.ident[0]] == 2


def test_biomechanical_upgrades_rr_attachments():
    """01185 (champions/rr/attachments, champions/rr/surge): goes on the minion with the highest printed hit
    points (ties: the first player picks); when it would be defeated, it heals all damage and the card is
    discarded."""
    st = chair()
    empty_encounter(st)
    mo = minion(st, "01184")
    small = minion(st, "01102")  # a Rhino-set minion with fewer hit points
    b = reveal(st, "01185")
    assert st.att[b] == mo
    b2 = reveal(st, "01185")
    assert st.att[b2] == small
    go(st, ("dmg", mo, 3, st.ident[0], 0))
    go(st, ("dmg", mo, 5, st.ident[0], 0))
    assert mo in st.eplay and st.dmg[mo] == 0 and b not in st.eplay
    go(st, ("dmg", mo, 8, st.ident[0], 0))
    assert mo not in st.eplay


def test_biomechanical_tie_first_player_picks():
    """01185 ruling: a tie for the highest printed hit points is broken by the first player, who tells the two
    copies apart as the table names them (contract 'labels': no two options share a label)."""
    st = chair(modulars=("legions_of_hydra", "the_doomsday_chair"))
    empty_encounter(st)
    s1, s2 = minion(st, "01182"), minion(st, "01182")
    b = enc(st, "01185")
    go(st, ("reveal", b, 0))
    assert sorted(labels(st)) == ["Attach to Hydra Soldier (engaged with player 1, #1)",
                                  "Attach to Hydra Soldier (engaged with player 1, #2)"]
    pick(st, "#2")
    assert st.att[b] == max(s1, s2)  # #2: the later card instance of the two


def test_every_doomsday_card_scripted():
    assert not unscripted("the_doomsday_chair")
