"""Scenario tests: Black Panther's identity, hero cards, obligation and nemesis set (one or more per card)."""

from __future__ import annotations

import capes
from capes.games.champions import cards as S
from capes.games.champions.engine import AE, HERO
from tests.champions.test_cards_captain_marvel import Sc

BP = "black_panther"


def sc(**kw):
    return Sc(heroes=kw.pop("heroes", (BP,)), **kw)


def pass_windows(s):
    """Pass the open optional windows (e.g. Get Behind Me! in a Protection deck answers every revealed
    treachery in hero form)."""
    while s.g.decision.kind == "optwin":
        s.do("pass")
    return s


def finish(s):
    """Pass every remaining question (windows, declines) until the turn decision is back."""
    while not s.at_turn():
        s.do(s.ids[-1])
    return s


def test_black_panther_retaliate_one():
    """01040a Black Panther: Retaliate 1, after he is attacked the attacker takes 1 (champions/rr/retaliate)."""
    s = sc()
    g = s.g
    s.run(("attack", g.villain, 0, 0))
    s.pick("Defend with Black Panther")
    finish(s)
    assert g.dmg[g.villain] == 1


def test_black_panther_retaliate_undefended_and_not_for_ally():
    """champions/rr/retaliate: Black Panther retaliates when attacked undefended too (even for 0 damage:
    tough); an ally defending instead is the one attacked, so he does not retaliate."""
    s = sc()
    g = s.g
    g.st[g.ident[0]] |= 4  # tough: the attack deals no damage, retaliate still applies
    s.run(("attack", g.villain, 0, 0))
    s.pick("Do not defend")
    finish(s)
    assert g.dmg[g.villain] == 1 and g.dmg[g.ident[0]] == 0
    s = sc()
    g = s.g
    s.play("01041")  # Shuri
    s.run(("attack", g.villain, 0, 0))
    s.pick("Defend with Shuri")
    finish(s)
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
    s = sc()
    g = s.g
    sh = s.hand("01041")
    s.hand("01044")  # Vibranium WW pays her cost 2
    s.turn().do(f"play:{sh}").pay_all()
    assert g.decision.kind == "modal"
    s.pick("Vibranium Suit")
    assert [g.code[u] for u in g.hand[0]] == ["01049"] and sh in g.play[0]


def test_ancestral_knowledge_shuffles_three_back():
    """01042 (champions/rr/form) Ancestral Knowledge: alter-ego action, up to 3 different discard cards shuffled into the deck."""
    s = sc(form=AE)
    g = s.g
    ak = s.hand("01042")
    s.hand("01044")
    a = s.disc("01046")
    b = s.disc("01047")
    c = s.disc("01048")
    d = s.disc("01049")
    deck = len(g.deck[0])
    s.turn().do(f"play:{ak}").pay_all()
    assert not any("shuffle Ancestral Knowledge" in lab for lab in s.labels)  # not itself
    s.pick("Energy Daggers").pick("Panther Claws").pick("Tactical Genius")
    assert s.at_turn()
    assert {a, b, c} <= set(g.deck[0]) and d in g.disc[0] and len(g.deck[0]) == deck + 3 and ak in g.disc[0]


def test_wakanda_forever_sequence_final_step_doubles():
    """01043a-d (champions/rr/timing) Wakanda Forever!: each Black Panther upgrade's Special in the chosen order; the final step
    is the stronger one."""
    for code in ("01043a", "01043b", "01043c", "01043d"):
        s = sc()
        g = s.g
        m = s.minion("01102")
        g.thr[g.mscheme] = 5
        s.play("01046")  # Energy Daggers
        s.play("01047")  # Panther Claws
        s.play("01048")  # Tactical Genius
        s.play("01049")  # Vibranium Suit
        g.dmg[g.ident[0]] = 3
        wf = s.hand(code)
        s.hand("01044")
        s.turn().do(f"play:{wf}").pay_all()
        s.pick("Energy Daggers")          # 1 to the villain and the minion engaged with player 1
        s.pick("Vibranium Suit")
        s.do(f"t:{m}")                    # move 1 damage from the hero to the minion
        s.pick("Tactical Genius")         # remove 1 threat (the only scheme with threat: no question)
        s.do(f"t:{g.villain}")            # Panther Claws, the last one: the final step, 4 damage
        finish(s)
        assert g.dmg[g.villain] == 1 + 4, code
        assert g.dmg[m] == 1 + 1 and g.dmg[g.ident[0]] == 2 and g.thr[g.mscheme] == 4, code


def test_wakanda_forever_single_upgrade_is_final():
    """01043a (champions/rr/timing) Wakanda Forever! with one upgrade: it is the final step (Tactical Genius removes 2)."""
    s = sc()
    g = s.g
    g.thr[g.mscheme] = 5
    s.play("01048")
    wf = s.hand("01043a")
    s.hand("01044")
    s.turn().do(f"play:{wf}").pay_all()
    finish(s)
    assert g.thr[g.mscheme] == 3


def test_wakanda_forever_needs_an_upgrade():
    """01043b (champions/summary/actions/play) Wakanda Forever! cannot be played without a Black Panther upgrade."""
    s = sc()
    g = s.g
    wf = s.hand("01043b")
    s.hand("01044")
    assert not g.playable(0, wf)


def test_vibranium_pays_two():
    """01044 Vibranium: two wild resources from one card (champions/rr/resources)."""
    s = sc()
    g = s.g
    sh = s.hand("01041")
    v = s.hand("01044")
    s.turn().do(f"play:{sh}", f"pay:{v}")
    assert g.decision.kind == "modal" and sh in g.play[0]


def test_golden_city_draws_two():
    """01045 (champions/rr/form) The Golden City: alter-ego action, exhaust to draw 2."""
    s = sc(form=AE)
    g = s.g
    gc = s.play("01045")
    s.turn().do(f"use:{gc}")
    assert len(g.hand[0]) == 2 and g.exh[gc]
    g._form[0] = HERO
    g.exh[gc] = 0
    assert f"use:{gc}" not in s.turn().ids


def test_energy_daggers_special_chosen_player():
    """01046 (champions/rr/damage) Energy Daggers (Special): 1 damage to the villain and each enemy engaged with the chosen player,
    2 as the final step."""
    s = sc(heroes=(BP, "spider_man"))
    g = s.g
    m0 = s.minion("01102", p=0)
    m1 = s.minion("01101", p=1)
    s.play("01046")
    wf = s.hand("01043d")
    s.hand("01044")
    s.turn().do(f"play:{wf}").pay_all()
    s.do(f"t:{g.ident[1]}")
    finish(s)
    assert g.dmg[g.villain] == 2 and g.dmg[m1] == 2 and g.dmg[m0] == 0


def test_panther_claws_special_is_an_attack():
    """01047 Panther Claws (Special, attack): 2 damage, 4 as the final step; the target's Retaliate hits
    the hero (champions/rr/retaliate)."""
    s = Sc(heroes=(BP, "iron_man"))
    g = s.g
    w = s.minion("01172")  # Whiplash, Retaliate 1 (Iron Man's nemesis), 4 hit points
    s.play("01047")
    s.play("01048")
    g.thr[g.mscheme] = 3
    wf = s.hand("01043d")
    s.hand("01044")
    s.turn().do(f"play:{wf}").pay_all()
    s.pick("Panther Claws").do(f"t:{w}")
    finish(s)
    assert g.dmg[w] == 2 and g.dmg[g.ident[0]] == 1 and g.thr[g.mscheme] == 1
    s = sc()
    g = s.g
    s.play("01047")
    wf = s.hand("01043d")
    s.hand("01044")
    s.turn().do(f"play:{wf}").pay_all()
    finish(s)
    assert g.dmg[g.villain] == 4


def test_tactical_genius_special_thwart():
    """01048 (champions/rr/thwart) Tactical Genius (Special, thwart): 1 threat, 2 as the final step."""
    s = sc()
    g = s.g
    side = s.side("01107", 3)
    g.thr[g.mscheme] = 3
    s.play("01048")
    s.play("01046")
    s.minion("01102")
    wf = s.hand("01043d")
    s.hand("01044")
    s.turn().do(f"play:{wf}").pay_all()
    s.pick("Tactical Genius")
    s.do(f"t:{side}")
    finish(s)
    assert g.thr[side] == 2


def test_vibranium_suit_special_moves_damage():
    """01049 (champions/rr/attack) Vibranium Suit (Special, attack): move 2 damage from the hero to an enemy as the final step."""
    s = sc()
    g = s.g
    s.play("01049")
    g.dmg[g.ident[0]] = 5
    wf = s.hand("01043d")
    s.hand("01044")
    s.turn().do(f"play:{wf}").pay_all()
    finish(s)
    assert g.dmg[g.ident[0]] == 3 and g.dmg[g.villain] == 2


def test_affairs_of_state_obligation():
    """01155 Affairs of State (champions/rr/obligation): exhaust T'Challa, or discard a Black Panther upgrade."""
    s = sc(form=HERO)
    g = s.g
    up = s.play("01047")
    aos = s.enc("01155")
    s.run(("reveal", aos, 0))
    s.pick("Stay in hero form")  # only the upgrade bullet is possible in hero form
    assert up in g.disc[0] and aos in g.edisc
    s = sc(form=AE)
    g = s.g
    aos = s.enc("01155")
    s.run(("reveal", aos, 0))
    s.pick("Exhaust T'Challa")
    assert aos in g.removed and g.exh[g.ident[0]]


def test_usurp_the_throne_enters_with_threat():
    """01156 Usurp the Throne: 3 threat per player, hazard icon (champions/rr/hazard)."""
    s = sc()
    g = s.g
    ut = s.enc("01156")
    s.run(("reveal", ut, 0))
    assert ut in g.eplay and g.thr[ut] == 3
    edeck = len(g.edeck)
    s.run(("deal",))
    assert edeck - len(g.edeck) == 2 and len(g.fd[0]) == 2


def test_killmonger_immune_to_black_panther_upgrades():
    """01157 Killmonger cannot take damage from Black Panther upgrades (champions/rr/cannot)."""
    s = sc()
    g = s.g
    k = s.minion("01157")
    s.play("01047")
    wf = s.hand("01043d")
    s.hand("01044")
    s.turn().do(f"play:{wf}").pay_all()
    s.do(f"t:{k}")
    finish(s)
    assert g.dmg[k] == 0
    s.do(f"atk:{k}")  # a basic attack is not an upgrade
    finish(s)
    assert g.dmg[k] == 2


def test_heart_shaped_herb_tough_and_boost():
    """01158 Heart-Shaped Herb: tough for the villain and the minions engaged with you; star boost: the
    villain gets tough (champions/rr/tough)."""
    s = sc()
    g = s.g
    m = s.minion("01102")
    other = s.minion("01101", p=0)
    hh = s.enc("01158")
    s.enc_top("01104")  # the surge card
    s.run(("reveal", hh, 0))
    pass_windows(s)
    assert g.st[g.villain] & 4 and g.st[m] & 4 and g.st[other] & 4
    s = sc()
    g = s.g
    s.enc_top("01158")
    s.run(("attack", g.villain, 0, 1))
    s.pick("Do not defend")
    finish(s)
    # the boost made the villain tough; Black Panther's Retaliate 1 then spent it (champions/rr/retaliate)
    assert g.dmg[g.villain] == 0
    assert any("tough status prevents" in e.text and "Rhino" in e.text for e in g.log)


def test_ritual_combat_x_from_boost_icons():
    """01159 (champions/rr/boost) Ritual Combat: discard the top encounter card; X = its boost icons + 1; damage or threat."""
    s = sc()
    g = s.g
    top = s.enc_top("01156")  # 3 boost icons: X = 4
    rc = s.enc("01159")
    s.run(("reveal", rc, 0))
    pass_windows(s)
    s.pick("Take 4 damage")
    finish(s)
    assert g.dmg[g.ident[0]] == 4 and top in g.edisc
    s = sc()
    g = s.g
    s.enc_top("01158")  # 1 boost icon: X = 2
    rc = s.enc("01159")
    s.run(("reveal", rc, 0))
    pass_windows(s)
    s.pick("Place 2 threat")
    finish(s)
    assert g.thr[g.mscheme] == 2


def test_contract_with_black_panther():
    """The capes contract suite (capes/core/contract.py) with this hero in play."""
    from capes.core.contract import check_game
    rep = check_game(capes.load("champions", heroes=[BP]), games=3, resample_every=5, roundtrip_every=5)
    assert rep.games == 3


def test_contract_three_heroes():
    """The capes contract suite (capes/core/contract.py) with this hero in play."""
    from capes.core.contract import check_game
    rep = check_game(capes.load("champions", heroes=["captain_marvel", "iron_man", BP], villain="klaw",
                                modulars=["masters_of_evil"]), games=2, resample_every=7, roundtrip_every=7)
    assert rep.games == 2
