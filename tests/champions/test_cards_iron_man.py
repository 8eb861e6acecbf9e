"""Scenario tests: Iron Man's identity, hero cards, obligation and nemesis set (one or more per card).

Positions come from ``tests/champions/helpers.py``: :data:`sc` is ``scenario()`` with Iron Man against Rhino
(seed 3, no threat on the main scheme).
"""

from __future__ import annotations

from functools import partial

from capes.games.champions.engine import AE
from tests.champions.helpers import (
    contract_games,
    do,
    enc,
    enc_top,
    minion,
    pay_all,
    pick,
    run_turn,
    scenario,
    side,
    to_disc,
    to_hand,
    to_play,
    to_top,
)

IM = "iron_man"
sc = partial(scenario, heroes=(IM,), seed=3, threat=0)


def test_iron_man_hand_size_per_tech_upgrade():
    """01029a Iron Man: +1 hand size per Tech upgrade, to 7 at most (champions/rr/hand-size)."""
    g = sc()
    assert g.hand_size(0) == 1
    to_play(g, 0, "01035")
    to_play(g, 0, "01037")
    to_play(g, 0, "01033")  # Pepper Potts: a support, not a Tech upgrade
    assert g.hand_size(0) == 3
    for c in ("01036", "01038", "01038", "01039", "01039"):
        to_play(g, 0, c)
    assert g.hand_size(0) == 7  # 7 Tech upgrades would make 8: capped
    g._form[0] = AE
    assert g.hand_size(0) == 6  # Tony Stark's own hand size


def test_futurist_take_one_discard_two():
    """01029b (champions/summary/actions/action) Tony Stark, Futurist: look at the top 3, take 1, discard the others (once per round)."""
    g = sc(form=AE)
    a = to_top(g, 0, "01031")
    b = to_top(g, 0, "01032")
    c = to_top(g, 0, "01035")
    idu = g.ident[0]
    run_turn(g)
    do(g, f"use:{idu}")
    assert g.decision.kind == "modal" and len(g.decision.ids()) == 3
    pick(g, "Supersonic Punch")
    assert g.hand[0] == [b] and a in g.disc[0] and c in g.disc[0]
    assert f"use:{idu}" not in g.decision.ids()


def test_war_machine_damages_every_enemy():
    """01030 (champions/rr/damage) War Machine: exhaust and take 2 damage; 1 damage to each enemy."""
    g = sc()
    wm = to_play(g, 0, "01030")
    m = minion(g, "01102", placed=True)
    run_turn(g)
    do(g, f"use:{wm}")
    assert g.dmg[wm] == 2 and g.exh[wm] and g.dmg[g.villain] == 1 and g.dmg[m] == 1


def test_repulsor_blast_extra_damage_per_energy():
    """01031 (champions/rr/attack) Repulsor Blast: 1 damage + 2 per printed energy resource among the top 5 discarded."""
    g = sc()
    rb = to_hand(g, 0, "01031")
    to_hand(g, 0, "01032")  # pays
    for c in ("01035", "01038", "01038", "01036", "01037"):  # E, E, E, M, P on top
        to_top(g, 0, c)
    run_turn(g)
    do(g, f"play:{rb}")
    pay_all(g)
    if g.decision.kind == "choose":
        do(g, f"t:{g.villain}")
    assert g.dmg[g.villain] == 1 + 2 * 3 and len(g.disc[0]) == 5 + 2


def test_supersonic_punch_aerial_eight():
    """01032 (champions/rr/attack) Supersonic Punch: 4 damage, 8 while Aerial (Rocket Boots)."""
    for aerial, dmg in ((False, 4), (True, 8)):
        g = sc()
        sp = to_hand(g, 0, "01032")
        to_hand(g, 0, "01031")
        to_hand(g, 0, "01031")
        if aerial:
            g.mods.append(("round", "aerial", 0))
        run_turn(g)
        do(g, f"play:{sp}")
        pay_all(g)
        assert g.dmg[g.villain] == dmg


def test_pepper_potts_generates_top_discard_resources():
    """01033 Pepper Potts: exhaust to generate the resources of the top card of the discard pile
    (champions/rr/resources)."""
    g = sc()
    pp = to_play(g, 0, "01033")
    to_disc(g, 0, "01036")  # Mark V Armor: M on top of the discard pile
    sp = to_hand(g, 0, "01032")  # Supersonic Punch costs 2
    to_hand(g, 0, "01031")
    run_turn(g)
    do(g, f"play:{sp}")
    assert f"res:{pp}" in g.decision.ids()
    do(g, f"res:{pp}")
    assert g.exh[pp] and g.decision.kind == "pay"  # 1 resource generated, 1 more to pay
    pay_all(g)
    assert g.dmg[g.villain] == 4


def test_pepper_potts_colour_and_quantity():
    """01033 (champions/rr/resources) Pepper Potts: a coloured cost only when the top card has that colour; a multi-resource card
    generates all its resources (ruling: used before other resources of the payment)."""
    g = sc()
    pp = to_play(g, 0, "01033")
    to_disc(g, 0, "01036")  # M
    to_play(g, 0, "01039")  # Rocket Boots: its action needs a mental resource
    boots = g.play[0][-1]
    run_turn(g)
    assert f"use:{boots}" in g.decision.ids()
    do(g, f"use:{boots}", f"res:{pp}")
    assert g.decision.kind == "turn" and g.exh[pp] and ("round", "aerial", 0) in g.mods
    # the boots' action is not offered when Pepper's top card has no mental resource
    g.exh[boots] = 0
    g.exh[pp] = 0
    g.mods.remove(("round", "aerial", 0))
    arc = to_disc(g, 0, "01035")  # Arc Reactor (E) now on top
    run_turn(g)
    assert f"use:{boots}" not in g.decision.ids()
    g.disc[0].remove(arc)  # Mark V Armor (M) on top again
    g.deck[0].insert(0, arc)
    # an energy cost cannot use a mental top card
    g.exh[pp] = 0
    e = to_hand(g, 0, "01035")  # Arc Reactor: an energy resource
    run_turn(g, ("pay", 0, 1, "E", -1, "", ("nop_paid",)))
    assert g.decision.kind == "pay" and g.decision.ids() == [f"pay:{e}", "cancel"]
    # the top card's resources in full: a 3-cost card paid by Pepper alone when the top card is "EEE"
    g2 = sc(heroes=(IM, "captain_marvel"))
    pp2 = to_play(g2, 0, "01033")
    ea = to_disc(g2, 1, "01014")
    g2.disc[1].remove(ea)
    g2.disc[0].append(ea)  # an Energy Absorption on top of Iron Man's discard pile
    armor = to_hand(g2, 0, "01036")  # Mark V Armor costs 3: Pepper alone pays it
    k1 = to_hand(g2, 0, "01031")
    k2 = to_hand(g2, 0, "01031")
    run_turn(g2)
    do(g2, f"play:{armor}", f"res:{pp2}")
    assert armor in g2.play[0] and k1 in g2.hand[0] and k2 in g2.hand[0]


def test_stark_tower_returns_top_tech_upgrade():
    """01034 (champions/rr/form) Stark Tower: alter-ego action, a chosen player takes back their topmost Tech upgrade."""
    g = sc(form=AE)
    st = to_play(g, 0, "01034")
    a = to_disc(g, 0, "01038")
    b = to_disc(g, 0, "01035")
    to_disc(g, 0, "01031")  # an event on top: not a Tech upgrade
    run_turn(g)
    do(g, f"use:{st}")
    assert b in g.hand[0] and a in g.disc[0] and g.exh[st]


def test_arc_reactor_readies_iron_man():
    """01035 (champions/rr/hero-action) Arc Reactor: exhaust it to ready Iron Man."""
    g = sc()
    ar = to_play(g, 0, "01035")
    idu = g.ident[0]
    run_turn(g)
    assert f"use:{ar}" not in g.decision.ids()  # Iron Man is ready: nothing to do
    do(g, f"atk:{g.villain}")
    assert g.exh[idu]
    do(g, f"use:{ar}")
    assert not g.exh[idu] and g.exh[ar]


def test_mark_v_armor_and_rocket_boots_hit_points():
    """01036 (champions/rr/attachments) Mark V Armor (+6 hit points) and 01039 Rocket Boots (+1) in both forms."""
    g = sc()
    idu = g.ident[0]
    to_play(g, 0, "01036")
    to_play(g, 0, "01039")
    assert g.hp(idu) == 9 + 7
    g._form[0] = AE
    assert g.hp(idu) == 9 + 7


def test_mark_v_helmet_one_or_each_scheme():
    """01037 (champions/rr/thwart) Mark V Helmet: remove 1 threat from a scheme, from each scheme while Aerial."""
    g = sc()
    mh = to_play(g, 0, "01037")
    g.thr[g.mscheme] = 4
    sch = side(g, "01107", 2)
    run_turn(g)
    do(g, f"use:{mh}", f"t:{sch}")
    assert g.thr[sch] == 1 and g.thr[g.mscheme] == 4
    g.exh[mh] = 0
    g.mods.append(("round", "aerial", 0))
    run_turn(g)
    do(g, f"use:{mh}")
    assert g.thr[sch] == 0 and g.thr[g.mscheme] == 3


def test_powered_gauntlets_damage():
    """01038 (champions/rr/attack) Powered Gauntlets: exhaust for 1 damage, 2 while Aerial."""
    g = sc()
    pg = to_play(g, 0, "01038")
    run_turn(g)
    do(g, f"use:{pg}")
    assert g.dmg[g.villain] == 1 and g.exh[pg]
    g.exh[pg] = 0
    g.mods.append(("round", "aerial", 0))
    run_turn(g)
    do(g, f"use:{pg}")
    assert g.dmg[g.villain] == 3


def test_rocket_boots_aerial_until_end_of_phase():
    """01039 (champions/rr/hero-action) Rocket Boots: exhaust + a mental resource, Aerial until the end of the phase."""
    g = sc()
    rb = to_play(g, 0, "01039")
    m = to_hand(g, 0, "01036")  # Mark V Armor: M
    run_turn(g)
    do(g, f"use:{rb}", f"pay:{m}")
    from capes.games.champions.cards.captain_marvel import aerial
    assert aerial(g, 0)
    g.turn = -1  # the player phase has ended
    assert not aerial(g, 0)


def test_business_problems_obligation():
    """01170 Business Problems (champions/rr/obligation): exhaust Tony to remove it, or exhaust upgrades."""
    g = sc(form=AE)
    up = to_play(g, 0, "01038")
    bp = enc(g, "01170")
    run_turn(g, ("reveal", bp, 0))
    pick(g, "Exhaust each upgrade")
    assert g.exh[up] and bp in g.edisc and not g.exh[g.ident[0]]
    g = sc(form=AE)
    bp = enc(g, "01170")
    run_turn(g, ("reveal", bp, 0))
    pick(g, "Exhaust Tony Stark")
    assert bp in g.removed and g.exh[g.ident[0]]


def test_imminent_overload_threat_per_player():
    """01171 (champions/rr/acceleration) Imminent Overload: 3 threat plus 1 per player; acceleration icon adds villain-phase threat."""
    g = sc()
    io = enc(g, "01171")
    run_turn(g, ("reveal", io, 0))
    assert g.thr[io] == 4
    before = g.thr[g.mscheme]
    run_turn(g, ("vthreat",))
    from capes.games.champions.data import CARDS
    esc = CARDS[g.code[g.mscheme]].escalation or 0
    assert g.thr[g.mscheme] - before == esc * g.n + 1


def test_whiplash_retaliates():
    """01172 Whiplash: Retaliate 1 (champions/rr/retaliate)."""
    g = sc()
    w = minion(g, "01172", placed=True)
    run_turn(g)
    do(g, f"atk:{w}")
    assert g.dmg[w] == 1 and g.dmg[g.ident[0]] == 1


def test_electric_whip_attack_choices_and_boost():
    """01173 (champions/rr/boost) Electric Whip Attack: damage per upgrade or discard one; star boost on undefended attacks."""
    g = sc()
    a = to_play(g, 0, "01038")
    b = to_play(g, 0, "01039")
    ew = enc(g, "01173")
    run_turn(g, ("reveal", ew, 0))
    pick(g, "Take 2 damage")
    assert g.dmg[g.ident[0]] == 2
    ew2 = enc(g, "01173")
    run_turn(g, ("reveal", ew2, 0))
    pick(g, "Discard an upgrade")
    pick(g, "discard Rocket Boots")
    assert b in g.disc[0] and a in g.play[0]

    # two copies of one upgrade are two choices (they can differ), each named as the table names it (contract 'labels')
    g = sc()
    c1, c2 = to_play(g, 0, "01038"), to_play(g, 0, "01038")
    ew3 = enc(g, "01173")
    run_turn(g, ("reveal", ew3, 0))
    pick(g, "Discard an upgrade")
    assert sorted(o.label for o in g.decision.options) == [
        f"Electric Whip Attack: discard {g.name(c1)} (player 1's, #1)", f"Electric Whip Attack: discard {g.name(c1)} (player 1's, #2)"]
    pick(g, "#2")
    assert max(c1, c2) in g.disc[0] and min(c1, c2) in g.play[0]

    for defend, lost in (("Do not defend", True), ("Defend with Iron Man", False)):
        g = sc()
        a = to_play(g, 0, "01038")
        enc_top(g, "01173")
        run_turn(g, ("attack", g.villain, 0, 1))
        while g.decision.kind != "turn":
            pick(g, defend) if g.decision.kind == "defend" else do(g, g.decision.ids()[-1])
        assert (a in g.disc[0]) == lost, defend


def test_electromagnetic_backlash_damage_per_energy():
    """01174 (champions/rr/damage) Electromagnetic Backlash: each player discards 5 and takes 1 damage per printed energy."""
    g = sc()
    for c in ("01035", "01038", "01036", "01037", "01031"):  # E, E, M, P, P
        to_top(g, 0, c)
    eb = enc(g, "01174")
    run_turn(g, ("reveal", eb, 0))
    assert g.dmg[g.ident[0]] == 2 and len(g.disc[0]) == 5


def test_contract_with_iron_man():
    """The capes contract suite (capes/core/contract.py) with this hero in play."""
    assert contract_games(3, 5, 5, heroes=[IM]) == 3



def test_pepper_potts_produces_callable_rr_resources():
    """01033 (champions/rr/resources): Pepper Potts's resource ability reports the colours of the top card
    of the discard pile as a source (``produces`` is a callable), so ``can_afford`` counts a
    multi-resource top card in full."""
    g = sc()
    pp = to_play(g, 0, "01033")
    assert not any(u == pp for _, u, _ in g.sources(0, -1, -1))  # empty discard pile: no resource
    to_disc(g, 0, "01036")  # Mark V Armor: M
    assert ("ability", pp, "M") in g.sources(0, -1, -1)
    assert g.can_afford(0, 1, "M", -1, -1) and not g.can_afford(0, 1, "E", -1, -1)
    assert not g.can_afford(0, 2, "", -1, -1)


def test_payment_without_sources_is_refused_summary_actions_play():
    """champions/summary/actions/play (ruling): a payment that no source can complete is refused: the card
    and the resources already discarded for it go back to the hand, nothing stays in limbo."""
    from capes.games.champions import flow
    g = sc()
    sp = to_hand(g, 0, "01032")  # Supersonic Punch: cost 2
    r = to_hand(g, 0, "01031")   # one resource only
    g.mods.append(("cost", 0, -1))  # a cost modifier (here +1): it is used up by the play, then given back
    g.stack = [("turn", 0)]
    flow._start_play(g, 0, sp)
    g._decision = None
    g.run()
    assert g.decision.kind == "pay"
    g.apply(f"pay:{r}")
    assert g.decision.kind == "turn"
    assert sorted(g.hand[0]) == sorted([sp, r]) and r not in g.disc[0]
    assert not any(m[0] == "limbo" for m in g.mods) and g.dmg[g.villain] == 0
    assert ("cost", 0, -1) in g.mods  # the cost modifier is given back
