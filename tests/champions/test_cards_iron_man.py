"""Scenario tests: Iron Man's identity, hero cards, obligation and nemesis set (one or more per card)."""

from __future__ import annotations

import capes
from capes.games.champions.engine import AE, HERO
from tests.champions.test_cards_captain_marvel import Sc

IM = "iron_man"


def sc(**kw):
    return Sc(heroes=kw.pop("heroes", (IM,)), **kw)


def test_iron_man_hand_size_per_tech_upgrade():
    """01029a Iron Man: +1 hand size per Tech upgrade, to 7 at most (champions/rr/hand-size)."""
    s = sc()
    g = s.g
    assert g.hand_size(0) == 1
    s.play("01035")
    s.play("01037")
    s.play("01033")  # Pepper Potts: a support, not a Tech upgrade
    assert g.hand_size(0) == 3
    for c in ("01036", "01038", "01038", "01039", "01039"):
        s.play(c)
    assert g.hand_size(0) == 7  # 7 Tech upgrades would make 8: capped
    g._form[0] = AE
    assert g.hand_size(0) == 6  # Tony Stark's own hand size


def test_futurist_take_one_discard_two():
    """01029b (champions/summary/actions/action) Tony Stark, Futurist: look at the top 3, take 1, discard the others (once per round)."""
    s = sc(form=AE)
    g = s.g
    a = s.deck_top("01031")
    b = s.deck_top("01032")
    c = s.deck_top("01035")
    idu = g.ident[0]
    s.turn().do(f"use:{idu}")
    assert g.decision.kind == "modal" and len(s.ids) == 3
    s.pick("Supersonic Punch")
    assert g.hand[0] == [b] and a in g.disc[0] and c in g.disc[0]
    assert f"use:{idu}" not in s.ids


def test_war_machine_damages_every_enemy():
    """01030 (champions/rr/damage) War Machine: exhaust and take 2 damage; 1 damage to each enemy."""
    s = sc()
    g = s.g
    wm = s.play("01030")
    m = s.minion("01102")
    s.turn().do(f"use:{wm}")
    assert g.dmg[wm] == 2 and g.exh[wm] and g.dmg[g.villain] == 1 and g.dmg[m] == 1


def test_repulsor_blast_extra_damage_per_energy():
    """01031 (champions/rr/attack) Repulsor Blast: 1 damage + 2 per printed energy resource among the top 5 discarded."""
    s = sc()
    g = s.g
    rb = s.hand("01031")
    s.hand("01032")  # pays
    for c in ("01035", "01038", "01038", "01036", "01037"):  # E, E, E, M, P on top
        s.deck_top(c)
    s.turn().do(f"play:{rb}").pay_all()
    if g.decision.kind == "choose":
        s.do(f"t:{g.villain}")
    assert g.dmg[g.villain] == 1 + 2 * 3 and len(g.disc[0]) == 5 + 2


def test_supersonic_punch_aerial_eight():
    """01032 (champions/rr/attack) Supersonic Punch: 4 damage, 8 while Aerial (Rocket Boots)."""
    for aerial, dmg in ((False, 4), (True, 8)):
        s = sc()
        g = s.g
        sp = s.hand("01032")
        s.hand("01031")
        s.hand("01031")
        if aerial:
            g.mods.append(("round", "aerial", 0))
        s.turn().do(f"play:{sp}").pay_all()
        assert g.dmg[g.villain] == dmg


def test_pepper_potts_generates_top_discard_resources():
    """01033 Pepper Potts: exhaust to generate the resources of the top card of the discard pile
    (champions/rr/resources)."""
    s = sc()
    g = s.g
    pp = s.play("01033")
    s.disc("01036")  # Mark V Armor: M on top of the discard pile
    sp = s.hand("01032")  # Supersonic Punch costs 2
    s.hand("01031")
    s.turn().do(f"play:{sp}")
    assert f"res:{pp}" in s.ids
    s.do(f"res:{pp}")
    assert g.exh[pp] and g.decision.kind == "pay"  # 1 resource generated, 1 more to pay
    s.pay_all()
    assert g.dmg[g.villain] == 4


def test_pepper_potts_colour_and_quantity():
    """01033 (champions/rr/resources) Pepper Potts: a coloured cost only when the top card has that colour; a multi-resource card
    generates all its resources (ruling: used before other resources of the payment)."""
    s = sc()
    g = s.g
    pp = s.play("01033")
    s.disc("01036")  # M
    s.play("01039")  # Rocket Boots: its action needs a mental resource
    boots = g.play[0][-1]
    s.turn()
    assert f"use:{boots}" in s.ids
    s.do(f"use:{boots}", f"res:{pp}")
    assert s.at_turn() and g.exh[pp] and ("round", "aerial", 0) in g.mods
    # the boots' action is not offered when Pepper's top card has no mental resource
    g.exh[boots] = 0
    g.exh[pp] = 0
    g.mods.remove(("round", "aerial", 0))
    arc = s.disc("01035")  # Arc Reactor (E) now on top
    assert f"use:{boots}" not in s.turn().ids
    g.disc[0].remove(arc)  # Mark V Armor (M) on top again
    g.deck[0].insert(0, arc)
    # an energy cost cannot use a mental top card
    g.exh[pp] = 0
    e = s.hand("01035")  # Arc Reactor: an energy resource
    s.run(("pay", 0, 1, "E", -1, "", ("nop_paid",)))
    assert g.decision.kind == "pay" and s.ids == [f"pay:{e}"]
    # the top card's resources in full: a 3-cost card paid by Pepper alone when the top card is "EEE"
    s2 = Sc(heroes=(IM, "captain_marvel"))
    g2 = s2.g
    pp2 = s2.play("01033")
    ea = s2.disc("01014", p=1)
    g2.disc[1].remove(ea)
    g2.disc[0].append(ea)  # an Energy Absorption on top of Iron Man's discard pile
    armor = s2.hand("01036")  # Mark V Armor costs 3: Pepper alone pays it
    k1 = s2.hand("01031")
    k2 = s2.hand("01031")
    s2.turn().do(f"play:{armor}", f"res:{pp2}")
    assert armor in g2.play[0] and k1 in g2.hand[0] and k2 in g2.hand[0]


def test_stark_tower_returns_top_tech_upgrade():
    """01034 (champions/rr/form) Stark Tower: alter-ego action, a chosen player takes back their topmost Tech upgrade."""
    s = sc(form=AE)
    g = s.g
    st = s.play("01034")
    a = s.disc("01038")
    b = s.disc("01035")
    s.disc("01031")  # an event on top: not a Tech upgrade
    s.turn().do(f"use:{st}")
    assert b in g.hand[0] and a in g.disc[0] and g.exh[st]


def test_arc_reactor_readies_iron_man():
    """01035 (champions/rr/hero-action) Arc Reactor: exhaust it to ready Iron Man."""
    s = sc()
    g = s.g
    ar = s.play("01035")
    idu = g.ident[0]
    s.turn()
    assert f"use:{ar}" not in s.ids  # Iron Man is ready: nothing to do
    s.do(f"atk:{g.villain}")
    assert g.exh[idu]
    s.do(f"use:{ar}")
    assert not g.exh[idu] and g.exh[ar]


def test_mark_v_armor_and_rocket_boots_hit_points():
    """01036 (champions/rr/attachments) Mark V Armor (+6 hit points) and 01039 Rocket Boots (+1) in both forms."""
    s = sc()
    g = s.g
    idu = g.ident[0]
    s.play("01036")
    s.play("01039")
    assert g.hp(idu) == 9 + 7
    g._form[0] = AE
    assert g.hp(idu) == 9 + 7


def test_mark_v_helmet_one_or_each_scheme():
    """01037 (champions/rr/thwart) Mark V Helmet: remove 1 threat from a scheme, from each scheme while Aerial."""
    s = sc()
    g = s.g
    mh = s.play("01037")
    g.thr[g.mscheme] = 4
    side = s.side("01107", 2)
    s.turn().do(f"use:{mh}", f"t:{side}")
    assert g.thr[side] == 1 and g.thr[g.mscheme] == 4
    g.exh[mh] = 0
    g.mods.append(("round", "aerial", 0))
    s.turn().do(f"use:{mh}")
    assert g.thr[side] == 0 and g.thr[g.mscheme] == 3


def test_powered_gauntlets_damage():
    """01038 (champions/rr/attack) Powered Gauntlets: exhaust for 1 damage, 2 while Aerial."""
    s = sc()
    g = s.g
    pg = s.play("01038")
    s.turn().do(f"use:{pg}")
    assert g.dmg[g.villain] == 1 and g.exh[pg]
    g.exh[pg] = 0
    g.mods.append(("round", "aerial", 0))
    s.turn().do(f"use:{pg}")
    assert g.dmg[g.villain] == 3


def test_rocket_boots_aerial_until_end_of_phase():
    """01039 (champions/rr/hero-action) Rocket Boots: exhaust + a mental resource, Aerial until the end of the phase."""
    s = sc()
    g = s.g
    rb = s.play("01039")
    m = s.hand("01036")  # Mark V Armor: M
    s.turn().do(f"use:{rb}", f"pay:{m}")
    from capes.games.champions.cards.captain_marvel import aerial
    assert aerial(g, 0)
    g.turn = -1  # the player phase has ended
    assert not aerial(g, 0)


def test_business_problems_obligation():
    """01170 Business Problems (champions/rr/obligation): exhaust Tony to remove it, or exhaust upgrades."""
    s = sc(form=AE)
    g = s.g
    up = s.play("01038")
    bp = s.enc("01170")
    s.run(("reveal", bp, 0))
    s.pick("Exhaust each upgrade")
    assert g.exh[up] and bp in g.edisc and not g.exh[g.ident[0]]
    s = sc(form=AE)
    g = s.g
    bp = s.enc("01170")
    s.run(("reveal", bp, 0))
    s.pick("Exhaust Tony Stark")
    assert bp in g.removed and g.exh[g.ident[0]]


def test_imminent_overload_threat_per_player():
    """01171 (champions/rr/acceleration) Imminent Overload: 3 threat plus 1 per player; acceleration icon adds villain-phase threat."""
    s = sc()
    g = s.g
    io = s.enc("01171")
    s.run(("reveal", io, 0))
    assert g.thr[io] == 4
    before = g.thr[g.mscheme]
    s.run(("vthreat",))
    from capes.games.champions.data import CARDS
    esc = CARDS[g.code[g.mscheme]].escalation or 0
    assert g.thr[g.mscheme] - before == esc * g.n + 1


def test_whiplash_retaliates():
    """01172 Whiplash: Retaliate 1 (champions/rr/retaliate)."""
    s = sc()
    g = s.g
    w = s.minion("01172")
    s.turn().do(f"atk:{w}")
    assert g.dmg[w] == 1 and g.dmg[g.ident[0]] == 1


def test_electric_whip_attack_choices_and_boost():
    """01173 (champions/rr/boost) Electric Whip Attack: damage per upgrade or discard one; star boost on undefended attacks."""
    s = sc()
    g = s.g
    a = s.play("01038")
    b = s.play("01039")
    ew = s.enc("01173")
    s.run(("reveal", ew, 0))
    s.pick("Take 2 damage")
    assert g.dmg[g.ident[0]] == 2
    ew2 = s.enc("01173")
    s.run(("reveal", ew2, 0))
    s.pick("Discard an upgrade")
    s.pick("discard Rocket Boots")
    assert b in g.disc[0] and a in g.play[0]

    for defend, lost in (("Do not defend", True), ("Defend with Iron Man", False)):
        s = sc()
        g = s.g
        a = s.play("01038")
        s.enc_top("01173")
        s.run(("attack", g.villain, 0, 1))
        while not s.at_turn():
            s.pick(defend) if g.decision.kind == "defend" else s.do(s.ids[-1])
        assert (a in g.disc[0]) == lost, defend


def test_electromagnetic_backlash_damage_per_energy():
    """01174 (champions/rr/damage) Electromagnetic Backlash: each player discards 5 and takes 1 damage per printed energy."""
    s = sc()
    g = s.g
    for c in ("01035", "01038", "01036", "01037", "01031"):  # E, E, M, P, P
        s.deck_top(c)
    eb = s.enc("01174")
    s.run(("reveal", eb, 0))
    assert g.dmg[g.ident[0]] == 2 and len(g.disc[0]) == 5


def test_contract_with_iron_man():
    """The capes contract suite (capes/core/contract.py) with this hero in play."""
    from capes.core.contract import check_game
    rep = check_game(capes.load("champions", heroes=[IM]), games=3, resample_every=5, roundtrip_every=5)
    assert rep.games == 3


_ = HERO


def test_pepper_potts_produces_callable_rr_resources():
    """01033 (champions/rr/resources): Pepper Potts's resource ability reports the colours of the top card
    of the discard pile as a source (``produces`` is a callable), so ``can_afford`` counts a
    multi-resource top card in full."""
    s = sc()
    g = s.g
    pp = s.play("01033")
    assert not any(u == pp for _, u, _ in g.sources(0, -1, -1))  # empty discard pile: no resource
    s.disc("01036")  # Mark V Armor: M
    assert ("ability", pp, "M") in g.sources(0, -1, -1)
    assert g.can_afford(0, 1, "M", -1, -1) and not g.can_afford(0, 1, "E", -1, -1)
    assert not g.can_afford(0, 2, "", -1, -1)


def test_payment_without_sources_is_refused_summary_actions_play():
    """champions/summary/actions/play (ruling): a payment that no source can complete is refused: the card
    and the resources already discarded for it go back to the hand, nothing stays in limbo."""
    from capes.games.champions import flow
    s = sc()
    g = s.g
    sp = s.hand("01032")  # Supersonic Punch: cost 2
    r = s.hand("01031")   # one resource only
    g.mods.append(("cost", 0, -1))  # a cost modifier (here +1): it is used up by the play, then given back
    g.stack = [("turn", 0)]
    flow._start_play(g, 0, sp)
    g._decision = None
    g.run()
    assert g.decision.kind == "pay"
    g.apply(f"pay:{r}")
    assert s.at_turn()
    assert sorted(g.hand[0]) == sorted([sp, r]) and r not in g.disc[0]
    assert not any(m[0] == "limbo" for m in g.mods) and g.dmg[g.villain] == 0
    assert ("cost", 0, -1) in g.mods  # the cost modifier is given back
