"""Scenario tests for the Protection aspect cards."""


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
    to_hand,
    to_play,
)

#: Black Panther (alter-ego) against Rhino with Bomb Scare at player 1's first turn, no encounter cards left
game = partial(scenario, heroes=("black_panther",), modulars=("bomb_scare",), seed=1, form="alter-ego", bare=True)


def test_black_widow_cancels_treachery_rr_cancel():
    """01075 (champions/rr/cancel): exhaust her and spend a mental resource to cancel a revealed treachery
    and discard it; another encounter card is then revealed."""
    st = game()
    bw = to_play(st, 0, "01075")
    m = res_to_hand(st, 0, "M")
    nxt = enc(st, "01109")  # Bomb Scare side scheme: revealed next
    st.edeck.append(nxt)
    tr = enc(st, "01112")  # False Alarm would confuse the hero
    go(st, ("reveal", tr, 0, 1), windows=True)  # revealed from the encounter deck
    assert st.decision.kind == "optwin"
    opt(st, f"trig:{bw}:")
    opt(st, f"pay:{m}")
    assert st.exh[bw] and not st.st[st.ident[0]] & 2
    # revealing Bomb Scare emptied the encounter deck: the discard pile (False Alarm) is at once the new deck
    assert st.edeck == [tr] and not st.edisc and nxt in st.eplay


def test_black_widow_cancels_any_encounter_card_rr_cancel():
    """01075 (champions/rr/cancel): "when a card is revealed from the encounter deck": a minion too is
    cancelled before it engages (the window opens before any encounter card resolves); a card revealed
    from elsewhere (a search) opens no window."""
    st = game()
    bw = to_play(st, 0, "01075")
    m = res_to_hand(st, 0, "M")
    nxt = enc(st, "01109")
    st.edeck.append(nxt)
    mi = enc(st, "01102")  # a minion
    go(st, ("reveal", mi, 0, 1), windows=True)
    assert st.decision.kind == "optwin" and "is revealed from the encounter deck" in st.decision.prompt
    assert mi not in st.eplay
    opt(st, f"trig:{bw}:")
    opt(st, f"pay:{m}")
    # revealing Bomb Scare emptied the encounter deck: the discard pile (the minion) is at once the new deck
    assert st.edeck == [mi] and mi not in st.eplay and nxt in st.eplay and st.exh[bw]
    st2 = game()
    to_play(st2, 0, "01075")
    res_to_hand(st2, 0, "M")
    mi2 = enc(st2, "01102")
    go(st2, ("reveal", mi2, 0), windows=True)
    assert mi2 in st2.eplay and st2.decision.kind != "optwin"


def test_luke_cage_toughness_rr_toughness():
    """01076 (champions/rr/toughness): Luke Cage enters play with a tough status card."""
    st = game()
    u = play(st, 0, "01076", "P", "P", "P", "P")
    assert u in st.play[0] and st.st[u] & 4
    go(st, ("dmg", u, 3, st.villain, 0))
    assert st.dmg[u] == 0 and not st.st[u] & 4


def test_get_behind_me_rr_cancel():
    """01078 (champions/rr/cancel, champions/rr/attack): hero interrupt: a revealed treachery's When Revealed
    is cancelled and the villain attacks you instead."""
    st = game()
    hero(st)
    g = to_hand(st, 0, "01078")
    m = res_to_hand(st, 0, "P")
    tr = enc(st, "01112")
    go(st, ("reveal", tr, 0), windows=True)
    opt(st, f"trig:{g}:")
    opt(st, f"pay:{m}")
    assert st.decision.kind == "defend"
    opt(st, "nodef")
    assert not st.st[st.ident[0]] & 2  # not confused
    assert st.dmg[st.ident[0]] > 0 and tr in st.edisc and g in st.disc[0]


def test_power_of_protection_rr_resources():
    """01079 (champions/rr/resources): two resources when paying for a Protection card."""
    st = game()
    pw = to_hand(st, 0, "01079")
    mt = to_hand(st, 0, "01080")
    assert st.res_of(pw, mt) == "WW"
    assert st.res_of(pw, -1) == "W"


def test_med_team_rr_uses():
    """01080 (champions/rr/uses, champions/rr/heal): exhaust, spend a counter: heal 2 from a friendly
    character; discarded with its last counter."""
    st = game()
    u = play(st, 0, "01080", "P", "P", "P")
    assert st.cnt[u] == 3
    st.dmg[st.ident[0]] = 5
    opt(st, f"use:{u}")
    assert st.dmg[st.ident[0]] == 3 and st.cnt[u] == 2 and st.exh[u]
    st.cnt[u] = 1
    st.exh[u] = 0
    st._decision = None
    opt(st, f"use:{u}")
    assert u in st.disc[0]


def test_armored_vest_rr_control():
    """01081 (champions/rr/control, champions/rr/ownership): played under any player's control (max 1 per
    player): the vest enters that player's play area, their hero has +1 DEF; when it leaves play it goes to
    its owner's discard pile."""
    st = game(heroes=("black_panther", "captain_marvel"))
    hero(st, 0)
    hero(st, 1)
    d0, d1 = st.defv(st.ident[0]), st.defv(st.ident[1])
    u = to_hand(st, 0, "01081")
    res_to_hand(st, 0, "P")
    opt(st, f"play:{u}")
    pay_all(st)
    pass_windows(st)
    assert len(labels(st)) == 2
    pick(st, "player 2")
    assert st.defv(st.ident[1]) == d1 + 1 and st.defv(st.ident[0]) == d0
    assert u in st.play[1] and u not in st.play[0] and st.ctrl(u) == 1 and st.owner[u] == 0
    assert st.view(0)["players"][1]["play"][-1]["controller"] == 1
    # a second vest: player 2 already controls one, so only player 1 can take it (no question)
    v = to_hand(st, 0, "01081")
    res_to_hand(st, 0, "P")
    opt(st, f"play:{v}")
    pay_all(st)
    pass_windows(st)
    assert v in st.play[0] and st.defv(st.ident[0]) == d0 + 1
    # a third: every player controls one, so it cannot be played
    w = to_hand(st, 0, "01081")
    res_to_hand(st, 0, "P")
    st._decision = None
    assert f"play:{w}" not in st.decision.ids()
    go(st, ("discard", u))
    assert u in st.disc[0] and u not in st.disc[1] and st.defv(st.ident[1]) == d1 and u not in st.ctl


def test_indomitable_rr_timing():
    """01082 (champions/rr/timing): response after your hero defends: discard it to ready your hero; not
    offered when the hero did not defend."""
    st = game()
    hero(st)
    u = to_play(st, 0, "01082")
    idu = st.ident[0]
    go(st, ("attack", st.villain, 0, 0))
    opt(st, "def:hero", keep=True)
    assert st.exh[idu]
    assert st.decision.kind == "optwin" and f"trig:{u}:01082" in st.decision.ids()
    opt(st, f"trig:{u}:")
    pass_windows(st)
    assert not st.exh[idu] and u in st.disc[0]
    u = to_play(st, 0, "01082")
    go(st, ("attack", st.villain, 0, 0))
    opt(st, "nodef")
    assert st.decision.kind == "turn" and u in st.play[0]
    st.exh[idu] = 1  # an exhausted hero cannot defend: no response either
    go(st, ("attack", st.villain, 0, 0))
    assert st.decision.kind == "turn" and u in st.play[0]


def test_indomitable_zero_damage_defence_rr_timing():
    """01082: the response is offered after a defence that prevents all the damage."""
    st = game()
    hero(st)
    u = to_play(st, 0, "01082")
    go(st, ("attack", st.villain, 0, 0))
    st.st[st.ident[0]] |= 4  # tough: no damage is dealt
    opt(st, "def:hero", keep=True)
    opt(st, f"trig:{u}:")
    assert not st.exh[st.ident[0]]


def test_every_protection_card_accounted():
    """Every Protection card is scripted."""
    from capes.games.champions.data import FILES, cards
    cards()
    missing = [c for c in FILES["protection"] if c not in SCRIPTED]
    assert missing == []


def test_counter_punch_rr_attack():
    """01077 (champions/rr/attack): response after your hero defends: deal that enemy damage equal to your
    hero's ATK (an attack: retaliate answers it)."""
    st = game()
    hero(st)
    cp = to_hand(st, 0, "01077")
    go(st, ("attack", st.villain, 0, 0))
    opt(st, "def:hero", keep=True)
    assert f"trig:{cp}:01077" in st.decision.ids()
    opt(st, f"trig:{cp}:", keep=True)
    while st.decision.kind == "pay":
        st.apply(st.decision.ids()[0])
    pass_windows(st)
    # Counter-Punch (ATK) plus Black Panther's own Retaliate 1 (champions/rr/retaliate)
    assert st.dmg[st.villain] == st.atk(st.ident[0]) + 1 and cp in st.disc[0]


def test_counter_punch_not_after_undefended_rr_attack():
    """01077: no response when the hero did not defend (or an ally defended)."""
    st = game()
    hero(st)
    to_hand(st, 0, "01077")
    a = to_play(st, 0, "01083")
    go(st, ("attack", st.villain, 0, 0))
    opt(st, "nodef", keep=True)
    assert not any(o.startswith("trig:") for o in st.decision.ids())
    pass_windows(st)
    go(st, ("attack", st.villain, 0, 0))
    opt(st, f"def:{a}", keep=True)
    assert not any(o.startswith("trig:") for o in st.decision.ids())


def test_get_behind_me_prepared_function():
    """01078 (written; registration waits for a test fix elsewhere): cancels the treachery, villain attacks."""
    from capes.games.champions.cards.protection import get_behind_me
    st = game()
    hero(st)
    tr = enc(st, "01112")
    st.stack.append(("treach_res", tr, 0, 0))
    i = len(st.stack) - 1
    st._buf = []
    get_behind_me(st, 0, -1, i)
    frames = st._buf
    st._buf = None
    assert st.stack[i][3] == 1
    go(st, *frames)
    opt(st, "nodef")
    assert st.dmg[st.ident[0]] > 0 and not st.st[st.ident[0]] & 2 and tr in st.edisc


def test_two_indomitables_both_offered_rr_timing():
    """01082: each copy watches the attack; both responses are offered after the hero defends, each by its own
    label (contract 'labels': copies in play are told apart, #1 and #2)."""
    st = game()
    hero(st)
    a = to_play(st, 0, "01082")
    b = to_play(st, 0, "01082")
    go(st, ("attack", st.villain, 0, 0))
    opt(st, "def:hero", keep=True)
    ids = st.decision.ids()
    assert f"trig:{a}:01082" in ids and f"trig:{b}:01082" in ids
    # contract 'labels': the two copies' options read differently, each named as the table names it
    labs = {o.id: o.label for o in st.decision.options}
    assert labs[f"trig:{a}:01082"].startswith("Use Indomitable (player 1's, #1): ")
    assert labs[f"trig:{b}:01082"].startswith("Use Indomitable (player 1's, #2): ")
    opt(st, f"trig:{a}:")
    assert st.decision.kind == "turn" and not st.exh[st.ident[0]]
    assert not any(m[0] in ("indom", "indom_ok") for m in st.mods)
