"""Scenario tests: Captain Marvel's identity, hero cards, obligation and nemesis set (one or more per card).

Also holds :class:`Sc`, a small scenario builder the Iron Man and Black Panther card tests import
(a real game is set up, then every player card is put back in the deck and the tested cards are moved
into place; actions are taken through the public decisions).
"""

from __future__ import annotations

import capes
from capes.games.champions.engine import AE, HERO


class Sc:
    def __init__(self, heroes=("captain_marvel",), villain="rhino", seed=3, form=HERO):
        self.g = g = capes.load("champions", heroes=list(heroes), villain=villain).new_game(seed)
        for p in range(g.n):
            g.deck[p] += g.hand[p] + g.disc[p]
            g.hand[p] = []
            g.disc[p] = []
            g._form[p] = form
            g.used[p] = []
        g.stack = []
        g.rnd = 1
        g.turn = 0
        g.first = 0
        g.st[g.villain] = 0
        g.thr[g.mscheme] = 0

    # ---- placing cards
    def find(self, code, lists):
        for lst in lists:
            for u in lst:
                if self.g.code[u] == code:
                    return u
        raise AssertionError(f"no {code} available")

    def hand(self, code, p=0):
        g = self.g
        u = self.find(code, [g.deck[p], g.disc[p]])
        g.remove_from_zones(u)
        g.hand[p].append(u)
        return u

    def play(self, code, p=0):
        g = self.g
        u = self.find(code, [g.deck[p], g.disc[p], g.hand[p]])
        g.remove_from_zones(u)
        g.play[p].append(u)
        if g.ctype(u) == "upgrade":
            g.att[u] = g.ident[p]
        return u

    def disc(self, code, p=0):
        g = self.g
        u = self.find(code, [g.deck[p], g.hand[p]])
        g.remove_from_zones(u)
        g.disc[p].append(u)
        return u

    def deck_top(self, code, p=0):
        g = self.g
        u = self.find(code, [g.deck[p], g.hand[p], g.disc[p]])
        g.remove_from_zones(u)
        g.deck[p].append(u)
        return u

    def enc(self, code):
        g = self.g
        u = self.find(code, [g.edeck, g.edisc, *g.setaside])
        g.remove_from_zones(u)
        for lst in g.setaside:
            if u in lst:
                lst.remove(u)
        return u

    def enc_top(self, code):
        u = self.enc(code)
        self.g.edeck.append(u)
        return u

    def minion(self, code, p=0):
        g = self.g
        u = self.enc(code)
        g.eplay.append(u)
        g.eng[u] = p
        g.dmg[u] = 0
        return u

    def side(self, code, threat):
        g = self.g
        u = self.enc(code)
        g.eplay.append(u)
        g.thr[u] = threat
        return u

    # ---- running
    def run(self, *frames, p=0):
        g = self.g
        g.stack = [("turn", p)]
        g.turn = p
        g.stack.extend(reversed(frames))
        g._decision = None
        g.run()
        return self

    def turn(self, p=0):
        return self.run(p=p)

    @property
    def ids(self):
        return [o.id for o in self.g.decision.options]

    @property
    def labels(self):
        return [o.label for o in self.g.decision.options]

    def do(self, *oids):
        for o in oids:
            self.g.apply(o)
        return self

    def pick(self, text):
        """Apply the option whose label contains ``text`` (exactly one must)."""
        hits = [o.id for o in self.g.decision.options if text in o.label]
        assert len(hits) == 1, (text, self.labels)
        self.g.apply(hits[0])
        return self

    def pay_all(self):
        """Answer payment questions with the first source offered until none is asked."""
        while self.g.decision.kind == "pay":
            self.g.apply(self.ids[0])
        return self

    def at_turn(self) -> bool:
        return self.g.decision.kind == "turn"


CM = "captain_marvel"


def test_rechannel_heal_one_pay_energy_draw_one():
    """01010a Captain Marvel, Rechannel (champions/summary/actions/action): once per round."""
    s = Sc()
    g = s.g
    idu = g.ident[0]
    g.dmg[idu] = 3
    ea = s.hand("01014")  # Energy Absorption: EEE
    s.turn()
    assert f"use:{idu}" in s.ids
    deck = len(g.deck[0])
    s.do(f"use:{idu}", f"pay:{ea}")
    assert g.dmg[idu] == 2 and len(g.deck[0]) == deck - 1 and len(g.hand[0]) == 1
    assert f"use:{idu}" not in s.ids  # limit once per round
    g.used[0] = []
    g.dmg[idu] = 0
    assert f"use:{idu}" not in s.turn().ids  # no damage to heal: the cost cannot be paid


def test_commander_draw_for_chosen_player():
    """01010b (champions/summary/actions/action) Carol Danvers, Commander: a chosen player draws 1 (two players: a target choice)."""
    s = Sc(heroes=(CM, "spider_man"), form=AE)
    g = s.g
    idu = g.ident[0]
    s.turn()
    n1 = len(g.hand[1])
    s.do(f"use:{idu}")
    assert g.decision.kind == "choose"
    s.do(f"t:{g.ident[1]}")
    assert len(g.hand[1]) == n1 + 1
    assert f"use:{idu}" not in s.ids


def test_spider_woman_confuses_villain():
    """01011 Spider-Woman: response after she enters play, the villain is confused (champions/rr/confused)."""
    s = Sc()
    g = s.g
    sw = s.hand("01011")
    for c in ("01014", "01014"):
        s.hand(c)
    s.turn().do(f"play:{sw}").pay_all()
    assert g.decision.kind == "modal"
    s.pick("confuse")
    assert g.st[g.villain] & 2 and sw in g.play[0]


def test_crisis_interdiction_aerial_second_scheme():
    """01012 Crisis Interdiction: 2 threat from a scheme, then (Aerial) 2 from a different scheme
    (champions/rr/thwart)."""
    s = Sc()
    g = s.g
    g.thr[g.mscheme] = 5
    side = s.side("01107", 3)  # Breakin' & Takin'
    s.play("01017")  # Cosmic Flight: Aerial
    ci = s.hand("01012")
    s.hand("01014")
    s.turn().do(f"play:{ci}").pay_all()
    s.do(f"t:{g.mscheme}")
    assert g.thr[g.mscheme] == 3 and g.thr[side] == 1


def test_crisis_interdiction_without_aerial_one_scheme():
    """01012 (champions/rr/thwart) Crisis Interdiction without Aerial removes threat from one scheme only."""
    s = Sc()
    g = s.g
    g.thr[g.mscheme] = 5
    side = s.side("01107", 3)
    ci = s.hand("01012")
    s.hand("01014")
    s.turn().do(f"play:{ci}").pay_all().do(f"t:{side}")
    assert g.thr[side] == 1 and g.thr[g.mscheme] == 5 and s.at_turn()


def test_photonic_blast_five_damage_draw_if_energy():
    """01013 Photonic Blast: 5 damage to an enemy; paid with energy, draw 1 (champions/rr/attack)."""
    s = Sc()
    g = s.g
    pb = s.hand("01013")
    ea = s.hand("01014")
    s.turn().do(f"play:{pb}", f"pay:{ea}")
    if g.decision.kind == "choose":
        s.do(f"t:{g.villain}")
    assert g.dmg[g.villain] == 5 and len(g.hand[0]) == 1


def test_photonic_blast_no_draw_without_energy():
    """01013 (champions/rr/resources) Photonic Blast paid with physical/mental resources draws nothing."""
    s = Sc()
    g = s.g
    pb = s.hand("01013")
    for c in ("01068", "01071", "01016"):  # Leadership/own cards without energy icons
        s.hand(c)
    hand = [u for u in g.hand[0] if u != pb]
    assert all("E" not in g.ccard(u).res and "W" not in g.ccard(u).res for u in hand)
    s.turn().do(f"play:{pb}").pay_all()
    assert g.dmg[g.villain] == 5 and g.hand[0] == []


def test_energy_absorption_pays_three():
    """01014 Energy Absorption: one card, three energy resources (champions/rr/resources)."""
    s = Sc()
    g = s.g
    pb = s.hand("01013")  # cost 3
    ea = s.hand("01014")
    s.turn().do(f"play:{pb}", f"pay:{ea}")
    assert g.decision.kind != "pay" and ea in g.disc[0]


def test_alpha_flight_station_draws_two_as_carol():
    """01015 (champions/summary/actions/action) Alpha Flight Station: exhaust, discard a card, draw 1 (2 as Carol Danvers)."""
    for form, k in ((HERO, 1), (AE, 2)):
        s = Sc(form=form)
        g = s.g
        afs = s.play("01015")
        x = s.hand("01012")
        s.turn().do(f"use:{afs}")
        assert x in g.disc[0] and len(g.hand[0]) == k and g.exh[afs]


def test_captain_marvels_helmet_def():
    """01016 (champions/summary/actions/defense-hero) Captain Marvel's Helmet: +1 DEF, +2 while Aerial."""
    s = Sc()
    g = s.g
    idu = g.ident[0]
    s.play("01016")
    assert g.defv(idu) == 2
    s.play("01017")
    assert g.defv(idu) == 3


def test_cosmic_flight_prevents_three_damage():
    """01017 Cosmic Flight: hero interrupt, discard it to prevent 3 of the damage (champions/rr/damage)."""
    s = Sc()
    g = s.g
    idu = g.ident[0]
    cf = s.play("01017")
    s.run(("dmg", idu, 5, g.villain, 1))
    assert g.decision.kind == "optwin"
    s.do(f"trig:{cf}:01017")
    while not s.at_turn():
        s.pick("Pass")
    assert g.dmg[idu] == 2 and cf in g.disc[0]


def test_energy_channel_charge_and_fire():
    """01018 (champions/rr/resources) Energy Channel: spend X energy for X counters; discard it for 2 damage per counter (max 10)."""
    s = Sc()
    g = s.g
    ec = s.play("01018")
    ea = s.hand("01014")
    s.turn().do(f"use:{ec}", f"pay:{ea}")
    assert g.cnt[ec] == 3 and s.at_turn()
    s.hand("01012")  # an energy card keeps "charge" open, so the fire option is a choice
    s.do(f"use:{ec}").pick("discard it to deal 6")
    if g.decision.kind == "choose":
        s.do(f"t:{g.villain}")
    assert g.dmg[g.villain] == 6 and ec in g.disc[0]


def test_energy_channel_damage_capped_at_ten():
    """01018 (champions/rr/attack) Energy Channel: at most 10 damage."""
    s = Sc()
    g = s.g
    ec = s.play("01018")
    g.cnt[ec] = 7
    s.turn().do(f"use:{ec}")
    if g.decision.kind == "choose":
        s.do(f"t:{g.villain}")
    assert g.dmg[g.villain] == 10


def test_energy_channel_max_one_per_player():
    """01018 Energy Channel: max 1 per player (champions/rr/restricted-like limit)."""
    s = Sc()
    g = s.g
    s.play("01018")
    e2 = s.hand("01018")
    assert not g.playable(0, e2)


def test_family_emergency_remove_or_stun_surge():
    """01175 Family Emergency (champions/rr/obligation): flip, exhaust Carol to remove it; or be stunned + surge."""
    s = Sc(form=HERO)
    g = s.g
    fe = s.enc("01175")
    s.run(("reveal", fe, 0))
    s.pick("Flip to Carol Danvers")
    s.pick("Exhaust Carol Danvers")
    assert fe in g.removed and g._form[0] == AE and g.exh[g.ident[0]]
    assert g.changed[0] == 0  # a card-caused change does not use the turn's change (champions/summary/easy/2)

    s = Sc(form=HERO)
    g = s.g
    fe = s.enc("01175")
    top = s.enc_top("01179")  # the surge reveals Yon-Rogg's Treason (no energy cards in hand: it surges too)
    s.run(("reveal", fe, 0))
    s.pick("Stay in hero form")
    assert g.st[g.ident[0]] & 1 and fe in g.edisc and top not in g.edeck


def test_psyche_magnitron_threat_per_player():
    """01176 The Psyche-Magnitron: 3 threat plus 1 per player (champions/rr/side-schemes)."""
    s = Sc(heroes=(CM, "spider_man"))
    g = s.g
    pm = s.enc("01176")
    s.run(("reveal", pm, 0))
    while not s.at_turn():
        s.do(s.ids[-1])
    assert g.thr[pm] == 3 + 2


def test_yon_rogg_attack_adds_threat_to_magnitron():
    """01177 (champions/rr/forced) Yon-Rogg: forced response after he attacks, 1 threat on The Psyche-Magnitron."""
    s = Sc()
    g = s.g
    yr = s.minion("01177")
    pm = s.side("01176", 4)
    s.run(("attack", yr, 0, 0))
    s.pick("Do not defend")
    assert g.dmg[g.ident[0]] == 3 and g.thr[pm] == 5
    g.thr[pm] = 4
    s.run(("scheme", yr, 0, 0))  # scheming is not attacking
    assert g.thr[pm] == 4


def test_kree_manipulator_reveal_and_boost():
    """01178 Kree Manipulator: 1 threat on the main scheme and surge; star boost on an undefended
    attack only (champions/rr/boost)."""
    s = Sc()
    g = s.g
    km = s.enc("01178")
    nxt = s.enc_top("01104")  # Hard to Keep Down: the surge card
    s.run(("reveal", km, 0))
    assert g.thr[g.mscheme] >= 1 and nxt not in g.edeck

    for defend, expect in (("Do not defend", 1), ("Defend with Captain Marvel", 0)):
        s = Sc()
        g = s.g
        s.enc_top("01178")
        s.run(("attack", g.villain, 0, 1))
        while not s.at_turn():
            s.pick(defend) if g.decision.kind == "defend" else s.do(s.ids[-1])
        assert g.thr[g.mscheme] == expect, defend
    # an exhausted hero cannot defend: undefended; an ally defending: not undefended
    for exhausted, ally, expect in ((True, False, 1), (False, True, 0)):
        s = Sc()
        g = s.g
        g.exh[g.ident[0]] = int(exhausted)
        if ally:
            sw = s.play("01011")
        s.enc_top("01178")
        s.run(("attack", g.villain, 0, 1))
        while not s.at_turn():
            if g.decision.kind == "defend":
                s.do(f"def:{sw}" if ally else "nodef")
            else:
                s.do(s.ids[-1])
        assert g.thr[g.mscheme] == expect, (exhausted, ally)


def test_yon_roggs_treason_discards_energy_cards():
    """01179 (champions/rr/surge) Yon-Rogg's Treason: discard every energy card in hand; surge if none."""
    s = Sc()
    g = s.g
    e1 = s.hand("01014")
    e2 = s.hand("01012")
    keep = s.hand("01013")
    yt = s.enc("01179")
    s.run(("reveal", yt, 0))
    assert e1 in g.disc[0] and e2 in g.disc[0] and keep in g.hand[0]
    s = Sc()
    g = s.g
    s.hand("01013")  # physical only
    yt = s.enc("01179")
    nxt = s.enc_top("01104")
    s.run(("reveal", yt, 0))
    assert nxt not in g.edeck and len(g.hand[0]) == 1  # nothing discarded: it surged


def test_contract_with_captain_marvel():
    """The capes contract suite (capes/core/contract.py) with this hero in play."""
    from capes.core.contract import check_game
    rep = check_game(capes.load("champions", heroes=[CM]), games=3, resample_every=5, roundtrip_every=5)
    assert rep.games == 3
