"""Scenario tests for the Ultron villain set (villain stages, main schemes, encounter cards, Drones).

Positions come from ``tests/champions/helpers.py``: :data:`ultron` is ``scenario(setup=True)`` with this set's
defaults (a game past setup, every hand kept, player 1 first, at player 1's first turn).
"""

from __future__ import annotations

from functools import partial

from capes.games.champions.cards.ultron import DRONE, drones, held_card
from tests.champions.helpers import (
    contract_games,
    empty_encounter,
    enc,
    go,
    hero,
    labels,
    minion,
    opt,
    pass_windows,
    pay_all,
    pick,
    res_to_hand,
    reveal,
    scenario,
    to_play,
    unscripted,
)

ultron = partial(scenario, villain="ultron", modulars=("under_attack",), seed=1, setup=True)

# ---------------------------------------------------------------------------------------- tests


def test_crimson_cowl_setup_and_drones_rr_environment():
    """01137a/01137b/01140 (champions/rr/environment, champions/rr/setup): Ultron Drones enters play at setup,
    every player's top deck card becomes a facedown Drone engaged with them; views hide which card it is."""
    st = ultron(heroes=("spider_man", "she_hulk"))
    env = [u for u in st.eplay if st.code[u] == "01140"]
    assert len(env) == 1
    for p in range(2):
        ds = drones(st, p)
        assert len(ds) == 1 and st.code[ds[0]] == DRONE
        c = st.view(p)["encounter_play"]
        assert {"code": DRONE, "name": "Drone"}.items() <= next(x for x in c if x["uid"] == ds[0]).items()
        assert st.atk(ds[0]) == 1 and st.sch(ds[0]) == 1 and st.hp(ds[0]) == 1
        assert st.owner[held_card(st, ds[0])] == p


def test_drone_defeated_goes_to_owners_discard_rr_environment():
    """01140/ultron_drone (champions/rr/environment): a defeated facedown Drone goes to its owner's discard
    pile as the player card it was; its token uid says nothing about the card and is reused."""
    st = ultron()
    d = drones(st, 0)[0]
    card = held_card(st, d)
    assert card >= 0 and st.owner[card] == 0 and card not in st.deck[0] and d != card
    go(st, ("dmg", d, 1, st.ident[0], 0))
    assert d not in st.eplay and card in st.disc[0]
    assert not any(m[0] == "drone" for m in st.mods)
    go(st, ("call", "ultron.make_drone", 0))
    assert drones(st, 0) == [d]


def test_drone_eliminated_player_swept_rr_environment():
    """01140: a facedown Drone engaged with an eliminated player engages the next player and keeps its card
    (champions/rr/elimination, ruling 15); a Drone leaving play another way (here: put straight into the
    encounter discard pile) is returned to its owner by the sweep."""
    st = ultron(heroes=("spider_man", "she_hulk"))
    d = drones(st, 1)[0]
    card = held_card(st, d)
    from capes.games.champions.flow import _eliminate
    _eliminate(st, 1)
    assert d in st.minions(0) and held_card(st, d) == card
    st.eplay.remove(d)
    st.edisc.append(d)
    st.eng[d] = -1
    from capes.games.champions.cards.ultron import sweep
    sweep(st)
    assert card in st.disc[1] and d not in st.edisc


def test_ultron_1_after_attack_choice_rr_attack():
    """01134 (champions/rr/attack): after Ultron attacks you, choose 1 threat or a facedown Drone."""
    st = ultron()
    empty_encounter(st)
    hero(st)
    before = len(drones(st, 0))
    go(st, ("attack", st.villain, 0, 0))
    opt(st, "nodef")
    assert "Place 1 threat on the main scheme" in labels(st)
    pick(st, "facedown Drone")
    assert len(drones(st, 0)) == before + 1
    t = st.thr[st.mscheme]
    go(st, ("attack", st.villain, 0, 0))
    opt(st, "nodef")
    pick(st, "1 threat")
    assert st.thr[st.mscheme] == t + 1


def test_ultron_1_stunned_no_response_rr_stunned():
    """01134 (champions/rr/stunned): a stunned Ultron makes no attack, so there is no response."""
    st = ultron()
    empty_encounter(st)
    hero(st)
    st.stun(st.villain)
    go(st, ("attack", st.villain, 0, 0))
    assert st.decision.kind == "turn"


def test_ultron_2_drone_and_attack_bonus_rr_attack():
    """01135 (champions/rr/attack): when Ultron II attacks you, a Drone enters engaged with you and he has
    +1 ATK per Drone engaged with you for that attack."""
    st = ultron(mode="expert", modulars=("under_attack",))
    empty_encounter(st)
    hero(st)
    assert st.code[st.villain] == "01135"
    k = len(drones(st, 0))
    idu = st.ident[0]
    go(st, ("attack", st.villain, 0, 0))
    assert len(drones(st, 0)) == k + 1
    assert st.atk(st.villain) == 2 + k + 1
    opt(st, "nodef")
    assert st.dmg[idu] == 2 + k + 1
    assert st.atk(st.villain) == 2


def test_ultron_3_drones_and_shield_rr_cannot():
    """01136 (champions/rr/cannot): Drones get +1 ATK/+1 HP; Ultron takes no damage while a Drone is in
    play; when revealed he finds Ultron's Imperative."""
    st = ultron(mode="expert")
    empty_encounter(st)
    imp = enc(st, "01150")
    st.edisc.append(imp)
    go(st, ("dmg", st.villain, st.hp(st.villain), st.ident[0], 0))  # defeat stage II
    assert st.code[st.villain] == "01136"
    assert imp in st.eplay
    d = drones(st)[0]
    assert st.atk(d) == 2 and st.hp(d) == 2
    go(st, ("dmg", st.villain, 5, st.ident[0], 0))
    assert st.dmg[st.villain] == 0
    for d in drones(st):
        st.eplay.remove(d)
    go(st, ("dmg", st.villain, 5, st.ident[0], 0))
    assert st.dmg[st.villain] == 5


def test_assault_on_norad_rr_main_scheme():
    """01138a/01138b (champions/rr/main-scheme): stage 2 brings a Drone per player; after villain-phase
    threat, each player picks 2 threat there or a Drone."""
    st = ultron()
    empty_encounter(st)
    k = len(drones(st, 0))
    go(st, ("threat", st.mscheme, 10, "card"))
    assert st.code[st.mscheme] == "01138b"
    assert len(drones(st, 0)) == k + 1
    go(st, ("vthreat",))
    t = st.thr[st.mscheme]
    assert t == 1
    pick(st, "2 threat")
    assert st.thr[st.mscheme] == 3
    go(st, ("vthreat",))
    pick(st, "Drone")
    assert st.thr[st.mscheme] == 4 and len(drones(st, 0)) == k + 2


def test_countdown_to_oblivion_no_removal_rr_cannot():
    """01139a/01139b (champions/rr/cannot): stage 3 brings Drones; threat removed from it is put back."""
    st = ultron()
    empty_encounter(st)
    go(st, ("threat", st.mscheme, 10, "card"))
    k = len(drones(st, 0))
    go(st, ("threat", st.mscheme, 30, "card"))
    assert st.code[st.mscheme] == "01139b" and len(drones(st, 0)) == k + 1
    go(st, ("threat", st.mscheme, 3, "card"))
    assert st.thr[st.mscheme] == 3
    hero(st)
    go(st, ("hthwart", 0, st.mscheme))
    assert st.thr[st.mscheme] == 3
    go(st, ("rthreat", st.mscheme, 2, -1), ("threat", st.mscheme, 1, "card"))
    assert st.thr[st.mscheme] == 4
    go(st, ("threat", st.mscheme, 2, "card"))
    assert st.over == "loss"


def test_program_transmitter_rr_scheme():
    """01141 (champions/rr/scheme): +1 SCH for Ultron; after he schemes, 1 threat on each side scheme;
    hero action: exhaust and spend two mental resources to discard it."""
    st = ultron()
    empty_encounter(st)
    u = reveal(st, "01141")
    assert st.att[u] == st.villain and st.sch(st.villain) == 2
    side = reveal(st, "01149")
    t = st.thr[side]
    m = st.thr[st.mscheme]
    go(st, ("scheme", st.villain, 0, 0))
    assert st.thr[st.mscheme] == m + 2 and st.thr[side] == t + 1
    hero(st)
    st.hand[0][:] = []
    a, b = res_to_hand(st, 0, "M"), res_to_hand(st, 0, "M")
    assert f"use:{u}" in st.decision.ids()
    st.apply(f"use:{u}")
    st.apply(f"pay:{a}")
    st.apply(f"pay:{b}")
    assert u not in st.eplay and st.exh[st.ident[0]]


def test_upgraded_drones_rr_attachments():
    """01142 (champions/rr/attachments): on Ultron Drones; facedown Drones +1 ATK/+1 HP (not Advanced
    Drones); hero action: spend energy, mental and physical resources to discard it."""
    st = ultron()
    empty_encounter(st)
    u = reveal(st, "01142")
    assert st.code[st.att[u]] == "01140"
    d = drones(st, 0)[0]
    assert st.atk(d) == 2 and st.hp(d) == 2
    adv = minion(st, "01143")
    assert st.atk(adv) == 1 and st.hp(adv) == 4
    hero(st)
    st.hand[0][:] = []
    assert f"use:{u}" not in st.decision.ids()
    for c in "EMP":
        res_to_hand(st, 0, c)
    st.apply(f"use:{u}")
    pay_all(st)
    assert u not in st.eplay and not st.hand[0]


def test_advanced_ultron_drone_rr_minion():
    """01143 (champions/rr/minion, champions/rr/guard): guard; when defeated, the engaged player's top
    deck card becomes a facedown Drone."""
    st = ultron()
    empty_encounter(st)
    adv = minion(st, "01143")
    hero(st)
    assert st.villain not in st.attackable(0)
    k = len(drones(st, 0))
    go(st, ("dmg", adv, 4, st.ident[0], 0))
    assert adv not in st.eplay
    assert len(drones(st, 0)) == k


def test_android_efficiency_rr_boost():
    """01144a-c (champions/rr/boost): when revealed each player gets a Drone; as a boost you spend the
    resource or take a Drone."""
    st = ultron(heroes=("spider_man", "she_hulk"))
    empty_encounter(st)
    k0, k1 = len(drones(st, 0)), len(drones(st, 1))
    reveal(st, "01144a")
    assert len(drones(st, 0)) == k0 + 1 and len(drones(st, 1)) == k1 + 1
    st.hand[0][:] = []
    go(st, ("call", "ultron.efficiency_pick", 0, "E"))
    assert len(drones(st, 0)) == k0 + 2  # no energy resource: no choice
    e = res_to_hand(st, 0, "E")
    from capes.games.champions.cards import BOOST
    b = enc(st, "01144b")
    st.boosts.append(b)
    go(st, ("call", "ultron.efficiency_pick", 0, "E"))
    pick(st, "Spend")
    opt(st, f"pay:{e}")
    assert e in st.disc[0]
    assert BOOST["01144c"]


def test_rage_of_ultron_hero_rr_attack():
    """01145 (champions/rr/attack): in hero form Ultron attacks you; discard a deck card per damage."""
    st = ultron()
    empty_encounter(st)
    hero(st)
    n = len(st.deck[0])
    reveal(st, "01145")
    opt(st, "nodef")
    if st.decision.kind == "modal":
        pick(st, "1 threat")
    assert st.dmg[st.ident[0]] == 2
    assert len(st.deck[0]) == n - 2


def test_rage_of_ultron_alter_ego_rr_scheme():
    """01145 (champions/rr/scheme): in alter-ego Ultron schemes; discard a deck card per threat placed."""
    st = ultron()
    empty_encounter(st)
    n = len(st.deck[0])
    t = st.thr[st.mscheme]
    reveal(st, "01145")
    assert st.thr[st.mscheme] == t + 1
    assert len(st.deck[0]) == n - 1


def test_rage_of_ultron_defeated_defender_rr_defeated():
    """01145 (champions/rr/defeated): damage dealt to a defending ally that is defeated still counts."""
    st = ultron()
    empty_encounter(st)
    hero(st)
    a = to_play(st, 0, "01083")  # Mockingbird, 3 hit points
    st.dmg[a] = 2
    n = len(st.deck[0])
    reveal(st, "01145")
    opt(st, f"def:{a}")
    if st.decision.kind == "modal":
        pick(st, "1 threat")
    assert a in st.disc[0]
    assert len(st.deck[0]) == n - 2


def test_repair_sequence_rr_heal():
    """01146 (champions/rr/heal, champions/rr/surge): Ultron heals 2 per Drone engaged with you, else surge;
    boost: heals 1 per Drone."""
    st = ultron()
    empty_encounter(st)
    st.dmg[st.villain] = 5
    reveal(st, "01146")
    assert st.dmg[st.villain] == 3
    for d in drones(st):
        st.eplay.remove(d)
    adv = enc(st, "01143")
    st.edeck.append(adv)
    reveal(st, "01146")
    assert adv in st.eplay  # surged into the next card
    st.dmg[st.villain] = 5
    from capes.games.champions.cards import BOOST
    go(st, ("call", "ultron.shuffle_deck"))
    BOOST["01146"](st, 0, -1)
    assert st.dmg[st.villain] == 4


def test_swarm_attack_rr_attack():
    """01147 (champions/rr/attack): each Drone engaged with your hero attacks; if none attacked, a Drone."""
    st = ultron()
    empty_encounter(st)
    hero(st)
    d = drones(st, 0)[0]
    idu = st.ident[0]
    reveal(st, "01147")
    opt(st, "nodef")
    assert st.dmg[idu] == 1 and len(drones(st, 0)) == 1
    st._form[0] = 0
    reveal(st, "01147")
    assert len(drones(st, 0)) == 2
    assert d in st.eplay


def test_drone_factory_rr_side_schemes():
    """01148 (champions/rr/side-schemes, champions/rr/acceleration): a Drone per player, then 1 threat per
    Drone in play."""
    st = ultron(heroes=("spider_man", "she_hulk"))
    empty_encounter(st)
    u = reveal(st, "01148")
    assert len(drones(st)) == 4
    assert st.thr[u] == 4 + 4


def test_invasive_ai_rr_side_schemes():
    """01149 (champions/rr/side-schemes): each player discards the top 3 cards of their deck."""
    st = ultron(heroes=("spider_man", "she_hulk"))
    empty_encounter(st)
    n0, n1 = len(st.deck[0]), len(st.deck[1])
    u = reveal(st, "01149")
    assert len(st.deck[0]) == n0 - 3 and len(st.deck[1]) == n1 - 3
    assert st.thr[u] == 6


def test_ultrons_imperative_rr_side_schemes():
    """01150 (champions/rr/side-schemes): the first player's top 2 deck cards become Drones."""
    st = ultron(heroes=("spider_man", "she_hulk"))
    empty_encounter(st)
    k = len(drones(st, 0))
    reveal(st, "01150", p=1)
    assert len(drones(st, 0)) == k + 2


def test_every_ultron_card_scripted():
    assert not unscripted("ultron")


def test_contract_ultron():
    """The contract suite with Ultron (standard and expert) and this session's modular sets."""
    for cfg in ({"villain": "ultron", "modulars": ["under_attack"]},
                {"villain": "ultron", "mode": "expert", "heroes": ["spider_man", "she_hulk"],
                 "modulars": ["legions_of_hydra", "the_doomsday_chair"]},
                {"villain": "klaw", "heroes": ["black_panther", "captain_marvel", "spider_man"],
                 "modulars": ["under_attack", "legions_of_hydra", "the_doomsday_chair"]}):
        assert contract_games(2, 3, 2, **cfg) == 2


def test_resample_redeals_cards_held_by_drones_rr_environment():
    """01140/ultron_drone (champions/rr/environment, hidden information): the player cards held facedown
    as Drones are unknown to every seat, their owner included: resample redeals them with the deck (and, for
    other players, the hand), keeping the view identical."""
    from capes.core.rng import Rng
    st = ultron(heroes=("spider_man", "she_hulk"))
    pass_windows(st)
    assert drones(st, 0) and drones(st, 1)
    held = {p: sorted(held_card(st, d) for d in drones(st, p)) for p in range(2)}
    pool0 = sorted(st.deck[0] + held[0])
    pool1 = sorted(st.hand[1] + st.deck[1] + held[1])
    hand0 = sorted(st.hand[0])
    seen = set()
    for k in range(8):
        r = st.resample(0, Rng(k))
        assert r.view(0) == st.view(0)
        h0 = sorted(held_card(r, d) for d in drones(r, 0))
        h1 = sorted(held_card(r, d) for d in drones(r, 1))
        assert sorted(r.hand[0]) == hand0 and sorted(r.deck[0] + h0) == pool0
        assert sorted(r.hand[1] + r.deck[1] + h1) == pool1
        seen.add(tuple(h0))
    assert len(seen) > 1
