"""Control separate from ownership (champions/rr/control, champions/rr/ownership): Make the Call (01071)
takes an ally from any player's discard pile under your control; Armored Vest (01081) is played under any
player's control (its scenario test is in test_cards_protection.py); a card that leaves play goes to its
owner's piles."""

from __future__ import annotations

from functools import partial

from capes.core.rng import Rng
from capes.games.champions.data import CARDS
from capes.games.champions.engine import ChampionsState
from tests.champions.helpers import give, new_uid, pass_windows, pay_all, pick, scenario

#: Captain Marvel and Black Panther (hero form) against Rhino with Bomb Scare, at player 1's first turn, hands
#: in the decks, encounter cards setup put into play discarded
team = partial(scenario, heroes=("captain_marvel", "black_panther"), modulars=("bomb_scare",), seed=1, clear=True)


def _apply(st: ChampionsState, oid: str) -> None:
    assert oid in st.decision.ids(), (oid, st.decision.ids())
    st.apply(oid)


def _call_teammates_ally(st: ChampionsState, code: str = "01075") -> int:
    """Player 1 plays Make the Call on an ally (``code``) in player 2's discard pile."""
    a = new_uid(st, code, 1)
    st.disc[1].append(a)
    mtc = new_uid(st, "01071", 0)
    st.hand[0].append(mtc)
    give(st, *["01083"] * (CARDS[code].cost or 0))  # Mockingbird: one physical resource each
    _apply(st, f"play:{mtc}")
    pay_all(st)
    pass_windows(st)
    pick(st, "player 2's discard pile")
    pay_all(st)
    pass_windows(st)
    return a


def test_make_the_call_takes_a_teammates_ally_rr_control():
    """champions/rr/control: Make the Call puts an ally from another player's discard pile into play under
    your control: it is in your play area, counts as your ally, you attack with it, it readies with your cards;
    it still belongs to its owner."""
    st = team()
    a = _call_teammates_ally(st)
    assert a in st.play[0] and a not in st.disc[1] and a not in st.play[1]
    assert st.owner[a] == 1 and st.ctrl(a) == 0 and st.ctl == {a: 0}
    assert a in st.allies(0) and a not in st.allies(1)
    assert st.decision.kind == "turn" and st.decision.seat == 0
    assert f"aatk:{a}:{st.villain}" in st.decision.ids()
    v = st.view(1)["players"][0]["play"]
    assert any(c["uid"] == a and c["owner"] == 1 and c["controller"] == 0 for c in v)
    _apply(st, f"aatk:{a}:{st.villain}")
    pass_windows(st)
    assert st.exh[a]
    st.stack.append(("readyall",))
    st._decision = None
    st.run()
    assert not st.exh[a]


def test_controlled_ally_is_discarded_to_its_owners_pile_rr_ownership():
    """champions/rr/ownership: an ally under another player's control that leaves play goes to its owner's
    discard pile (here: defeated by damage)."""
    st = team()
    a = _call_teammates_ally(st)
    st.stack.append(("dmg", a, 9, st.villain, 0))
    st._decision = None
    st.run()
    pass_windows(st)
    assert a in st.disc[1] and a not in st.disc[0] and a not in st.play[0] and a not in st.ctl


def test_controlled_ally_counts_toward_the_ally_limit_rr_ally_limit():
    """champions/rr/ally-limit with champions/rr/control: the ally limit counts the allies you control, also
    one owned by a teammate; discarding it to make room sends it to its owner's discard pile."""
    st = team()
    mine = []
    for code in ("01066", "01067", "01068"):  # Hawkeye, Maria Hill, Vision (player 1's own)
        u = new_uid(st, code, 0)
        st.play[0].append(u)
        mine.append(u)
    a = _call_teammates_ally(st)
    assert st.decision.kind == "over_limit" and st.decision.seat == 0
    assert set(st.decision.ids()) == {f"d:{u}" for u in [*mine, a]}
    _apply(st, f"d:{a}")
    pass_windows(st)
    assert a in st.disc[1] and a not in st.disc[0] and len(st.allies(0)) == 3 and not st.ctl


def test_control_survives_clone_json_and_resample_rr_control():
    """The controller map is part of the state: clone, JSON round trip and resample keep it."""
    st = team()
    a = _call_teammates_ally(st)
    c = st.clone()
    assert c.ctl == {a: 0} and c.ctl is not st.ctl
    c.ctl.clear()
    assert st.ctl == {a: 0}
    j = st.game.from_json(st.to_json())
    assert isinstance(j, ChampionsState) and j.ctl == {a: 0} and j.view(0) == st.view(0)
    r = st.resample(1, Rng(3))
    assert isinstance(r, ChampionsState) and r.ctl == {a: 0} and r.view(1) == st.view(1)


def test_hellcat_returns_to_her_owners_hand_rr_ownership():
    """champions/rr/ownership: Hellcat (01020) under another player's control returns to her owner's hand."""
    st = team()
    a = _call_teammates_ally(st, "01020")
    assert a in st.play[0] and f"use:{a}" in st.decision.ids()
    _apply(st, f"use:{a}")
    assert a in st.hand[1] and a not in st.hand[0] and not st.ctl


def test_eliminated_controller_discards_a_borrowed_ally_rr_elimination():
    """champions/rr/elimination (ruling 50): when a player is eliminated, an ally they control that another
    player owns goes to its owner's discard pile; the cards they own leave the game."""
    st = team()
    a = _call_teammates_ally(st)
    own = new_uid(st, "01066", 0)
    st.play[0].append(own)
    idu = st.ident[0]
    st.stack.append(("dmg", idu, 99, st.villain, 0))
    st._decision = None
    st.run()
    pass_windows(st)
    assert not st.alive[0]
    assert a in st.disc[1] and own in st.removed and not st.ctl and not st.play[0]


def test_eliminated_owner_removes_a_card_another_player_controls_rr_elimination():
    """champions/rr/elimination (ruling 50): a card the eliminated player owns leaves the game even when
    another player controls it (here player 1's Armored Vest under player 2's control)."""
    st = team(heroes=("black_panther", "captain_marvel"))
    vest = new_uid(st, "01081", 0)
    st.play[1].append(vest)
    st.set_ctrl(vest, 1)
    d1 = st.defv(st.ident[1])
    st.stack.append(("dmg", st.ident[0], 99, st.villain, 0))
    st._decision = None
    st.run()
    pass_windows(st)
    assert not st.alive[0] and vest in st.removed and vest not in st.play[1] and not st.ctl
    assert st.defv(st.ident[1]) == d1 - 1


def test_render_marks_a_borrowed_card_rr_ownership():
    """The terminal picture names the owner of a card another player controls."""
    st = team()
    _call_teammates_ally(st)
    assert "Black Widow [owned by P2]" in st.game.render(st, 0)
