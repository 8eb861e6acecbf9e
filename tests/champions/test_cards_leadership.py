"""Scenario tests for the Leadership aspect cards."""

from functools import partial

from capes.games.champions.cards import SCRIPTED
from tests.champions.helpers import (
    enc,
    go,
    hero,
    labels,
    opt,
    pass_windows,
    pay_all,
    pick,
    play,
    res_to_hand,
    scenario,
    settle,
    to_hand,
    to_play,
)

#: Captain Marvel (alter-ego) against Rhino with Bomb Scare at player 1's first turn, no encounter cards left
cm = partial(scenario, heroes=("captain_marvel",), modulars=("bomb_scare",), seed=1, form="alter-ego", bare=True)


def test_maria_hill_rr_draw():
    """01067 (champions/rr/draw): response after she enters play: each player draws 1 card."""
    st = cm(heroes=("captain_marvel", "black_panther"))
    u = play(st, 0, "01067", "P", "P")
    assert u in st.play[0]
    pick(st, "each player draws")
    assert len(st.hand[0]) == 1 and len(st.hand[1]) == 1


def test_vision_rr_action():
    """01068 (champions/summary/actions/action): once per round, spend an energy resource: +2 ATK or +2 THW
    until the end of the phase."""
    st = cm()
    v = to_play(st, 0, "01068")
    res_to_hand(st, 0, "E")
    opt(st, f"use:{v}")
    pay_all(st)
    pass_windows(st)
    pick(st, "+2 ATK")
    assert st.atk(v) == 4
    assert f"use:{v}" not in st.decision.ids()
    go(st, ("pend",))  # the end of the player phase: discard down (keep), draw up, ready
    settle(st)
    assert st.atk(v) == 2


def test_get_ready_rr_ready():
    """01069 (champions/summary/flow/3): action: ready an ally."""
    st = cm()
    a = to_play(st, 0, "01067")
    st.exh[a] = 1
    play(st, 0, "01069")
    assert not st.exh[a]


def test_lead_from_the_front_rr_hero_action():
    """01070 (champions/rr/hero-action): each character of a chosen player gets +1 THW and +1 ATK until the
    end of the phase."""
    st = cm(heroes=("captain_marvel", "black_panther"))
    hero(st)
    a = to_play(st, 1, "01083")
    atk1, thw1, aatk = st.atk(st.ident[1]), st.thw(st.ident[1]), st.atk(a)
    atk0 = st.atk(st.ident[0])
    u = to_hand(st, 0, "01070")
    res_to_hand(st, 0, "P")
    res_to_hand(st, 0, "P")
    opt(st, f"play:{u}")
    pay_all(st)
    pass_windows(st)
    opt(st, f"t:{st.ident[1]}")
    assert st.atk(st.ident[1]) == atk1 + 1 and st.thw(st.ident[1]) == thw1 + 1 and st.atk(a) == aatk + 1
    assert st.atk(st.ident[0]) == atk0 and u in st.disc[0]
    go(st, ("pend",))  # the end of the player phase: discard down (keep), draw up, ready
    settle(st)
    assert st.atk(st.ident[1]) == atk1 and st.atk(a) == aatk


def test_make_the_call_rr_allies():
    """01071 (champions/summary/actions/allies): pay the printed cost of an ally in a discard pile to put it
    into play under your control (its enters-play response resolves)."""
    st = cm(heroes=("captain_marvel", "black_panther"))
    mh = to_hand(st, 0, "01067")
    st.hand[0].remove(mh)
    st.disc[0].append(mh)
    u = to_hand(st, 0, "01071")
    res_to_hand(st, 0, "P")
    res_to_hand(st, 0, "P")
    opt(st, f"play:{u}")
    pay_all(st)
    pass_windows(st)
    pick(st, "Maria Hill")
    pay_all(st)
    pass_windows(st)
    assert mh in st.play[0]
    pick(st, "each player draws")
    assert len(st.hand[1]) == 1


def test_power_of_leadership_rr_resources():
    """01072 (champions/rr/resources): two resources when paying for a Leadership card."""
    st = cm()
    pw = to_hand(st, 0, "01072")
    v = to_hand(st, 0, "01068")
    assert st.res_of(pw, v) == "WW"


def test_inspired_rr_attachments():
    """01074 (champions/rr/attachments): attach to an ally (max 1 per ally): +1 THW and +1 ATK."""
    st = cm()
    a = to_play(st, 0, "01067")
    b = to_play(st, 0, "01083")
    atk_a = st.atk(a)
    u = to_hand(st, 0, "01074")
    res_to_hand(st, 0, "P")
    opt(st, f"play:{u}")
    pay_all(st)
    pass_windows(st)
    assert len(labels(st)) == 2
    pick(st, "Maria Hill")
    assert st.att[u] == a and st.atk(a) == atk_a + 1 and st.thw(a) == 3
    assert st.atk(st.ident[0]) == st.idcard(0).atk
    go(st, ("discard", a))
    assert u in st.disc[0]
    _ = b


def test_inspired_needs_an_ally_rr_attachments():
    """01074 (champions/rr/attachments): Inspired can be played only while some ally can take it (an ally
    in play without Inspired attached); otherwise it is not offered."""
    st = cm()
    u = to_hand(st, 0, "01074")
    res_to_hand(st, 0, "P")
    st._decision = None
    assert not st.playable(0, u) and f"play:{u}" not in st.decision.ids()
    a = to_play(st, 0, "01067")
    assert st.playable(0, u)
    other = to_play(st, 0, "01074", attach_to=a)  # a second copy, already on the only ally
    assert st.att[other] == a and not st.playable(0, u)


def test_every_leadership_card_accounted():
    """Every Leadership card is scripted."""
    from capes.games.champions.data import FILES, cards
    cards()
    assert not [c for c in FILES["leadership"] if c not in SCRIPTED]


def test_hawkeye_rr_minion():
    """01066 (champions/rr/minion): 4 arrow counters; response after a minion enters play: remove one to deal
    it 2 damage."""
    st = cm()
    hk = play(st, 0, "01066", "P", "P", "P")
    assert st.cnt[hk] == 4
    m = enc(st, "01101")
    go(st, ("engage", m, 0), windows=True)
    opt(st, f"trig:{hk}:")
    assert st.dmg[m] == 2 and st.cnt[hk] == 3
    st.cnt[hk] = 0
    m2 = enc(st, "01102")
    go(st, ("engage", m2, 0), windows=True)
    assert not any(o.startswith(f"trig:{hk}") for o in st.decision.ids())
    assert hk in st.play[0]  # not Uses: he stays without counters


def test_triskelion_rr_ally_limit():
    """01073 (champions/rr/ally-limit): your ally limit is 1 higher."""
    st = cm()
    to_play(st, 0, "01073")
    for c in ("01066", "01067", "01083"):
        to_play(st, 0, c)
    u = play(st, 0, "01068", "P", "P", "P", "P")
    assert u in st.play[0] and len(st.allies(0)) == 4 and st.decision.kind == "turn"


def test_ally_limit_without_triskelion_rr_ally_limit():
    """champions/rr/ally-limit: without The Triskelion a fourth ally makes you discard one."""
    st = cm()
    for c in ("01066", "01067", "01083"):
        to_play(st, 0, c)
    play(st, 0, "01068", "P", "P", "P", "P")
    assert st.decision.kind == "over_limit"
