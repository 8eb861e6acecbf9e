"""Scenario tests for the Legions of Hydra modular set."""

from functools import partial

from tests.champions.helpers import empty_encounter, enc, go, hero, minion, opt, reveal, scenario, unscripted

hydra = partial(scenario, modulars=("legions_of_hydra",), seed=1, setup=True)  # Rhino, Spider-Man


def test_legions_of_hydra_finds_madame_rr_side_schemes():
    """01180 (champions/rr/side-schemes, champions/rr/hazard): Madame Hydra is found and engages you; then 2
    threat per Hydra enemy in play."""
    st = hydra()
    empty_encounter(st)
    mh = enc(st, "01181")
    st.edisc.append(mh)
    sold = minion(st, "01182")
    u = reveal(st, "01180")
    assert mh in st.eplay and st.eng[mh] == 0
    assert st.thr[u] == 3 + 2 * 2
    assert sold in st.eplay


def test_madame_hydra_shield_and_threat_rr_cannot():
    """01181 (champions/rr/cannot, champions/rr/attack): no damage while Legions of Hydra is in play; after
    she attacks or schemes, 2 threat on Legions of Hydra."""
    st = hydra()
    empty_encounter(st)
    st.edisc.append(enc(st, "01181"))
    u = reveal(st, "01180")
    mh = next(x for x in st.eplay if st.code[x] == "01181")
    t = st.thr[u]
    go(st, ("dmg", mh, 3, st.ident[0], 0))
    assert st.dmg[mh] == 0
    go(st, ("scheme", mh, 0, 0))
    assert st.thr[u] == t + 2
    hero(st)
    go(st, ("attack", mh, 0, 0))
    opt(st, "nodef")
    assert st.thr[u] == t + 4
    st.eplay.remove(u)
    go(st, ("dmg", mh, 3, st.ident[0], 0))
    assert st.dmg[mh] == 3


def test_hydra_soldier_rr_guard():
    """01182 (champions/rr/guard, champions/rr/encounter-cards): guard; when defeated, the engaged player is
    dealt an encounter card."""
    st = hydra()
    hs = minion(st, "01182")
    hero(st)
    assert st.villain not in st.attackable(0)
    n = len(st.fd[0])
    go(st, ("dmg", hs, 4, st.ident[0], 0))
    assert hs not in st.eplay and len(st.fd[0]) == n + 1


def test_every_legions_card_scripted():
    assert not unscripted("legions_of_hydra")
