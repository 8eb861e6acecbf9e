"""Keywords no core-set card carries, checked with synthetic cards loaded through ``content=`` (a directory of
YAML files, as a user would add cards): Villainous, Peril, Permanent, Amplify, Team-Up, Teamwork (Trait) and
Assault (champions/rr/<keyword>; rulings in docs/rulings/champions.md)."""

from __future__ import annotations

from functools import partial

import pytest

from capes.core.errors import ContentError
from capes.games.champions import data
from capes.games.champions.engine import AE, HERO
from tests.champions.helpers import enc_top, go, new_uid, pass_windows, scenario, synthetic

#: Captain Marvel and Black Panther (hero form) against Rhino with Bomb Scare, at player 1's first turn
team = partial(scenario, heroes=("captain_marvel", "black_panther"), modulars=("bomb_scare",), seed=1, clear=True)

SYNTHETIC = """
- {code: x_vil, name: Villainous Thug, type: minion, set: test_keywords, atk: 1, sch: 1, hp: 5,
   keywords: [villainous], vanilla: true}
- {code: x_thug, name: Plain Thug, type: minion, set: test_keywords, atk: 1, sch: 1, hp: 5, vanilla: true}
- {code: x_boost, name: Boost Two, type: treachery, set: test_keywords, boost: 2, vanilla: true}
- {code: x_peril, name: Perilous Trap, type: treachery, set: test_keywords, keywords: [peril], vanilla: true}
- {code: x_plain, name: Plain Trap, type: treachery, set: test_keywords, vanilla: true}
- {code: x_perm, name: Permanent Friend, type: ally, set: basic, cost: 1, atk: 1, thw: 1, hp: 3,
   keywords: [permanent], vanilla: true}
- {code: x_amp, name: Amplifier, type: side_scheme, set: test_keywords, base_threat: 3, base_fixed: true,
   amplify: 1, vanilla: true}
- {code: x_team, name: Joint Venture, type: support, set: basic, cost: 0, keywords: [team_up],
   team: [Captain Marvel, Black Panther], vanilla: true}
- {code: x_tw, name: Teamwork Agent, type: minion, set: test_keywords, atk: 2, sch: 3, hp: 4,
   traits: [Hydra], keywords: ["teamwork:Hydra"], vanilla: true}
- {code: x_assault, name: Siege Line, type: side_scheme, set: test_keywords, base_threat: 6, base_fixed: true,
   keywords: [assault], vanilla: true}
- {code: x_ally, name: Brawler, type: ally, set: basic, cost: 1, atk: 3, thw: 1, thw_cost: 1, hp: 3,
   vanilla: true}
- {code: x_tw_incite, name: Teamwork Agitator, type: minion, set: test_keywords, atk: 1, sch: 2, hp: 4,
   traits: [Hydra], keywords: ["teamwork:Hydra", "incite:1"], vanilla: true}
- {code: x_hydra, name: Hydra Grunt, type: minion, set: test_keywords, atk: 1, sch: 1, hp: 3,
   traits: [Hydra], vanilla: true}
"""


@pytest.fixture
def kw(tmp_path):
    """A content directory with the synthetic cards; the shipped card table is restored afterwards."""
    with synthetic(tmp_path, SYNTHETIC) as content:
        yield content


# ---------------------------------------------------------------- Villainous
def test_villainous_minion_gets_a_boost_card_rr_villainous(kw):
    """champions/rr/villainous: a minion with villainous activating gets a boost card, as the villain does
    (its boost icons add to the attack); a minion without it gets none."""
    st = team(content=kw)
    idu = st.ident[0]
    m = new_uid(st, "x_vil", -1)
    st.eplay.append(m)
    st.eng[m] = 0
    b = enc_top(st, "x_boost")
    go(st, ("mact", m, 0), windows=True)
    assert st.decision.kind == "defend"
    while st.decision.kind == "defend":  # every player may declare a defender (champions/rr/defense)
        st.apply("nodef")
    pass_windows(st)
    assert st.dmg[idu] == 1 + 2 and b in st.edisc and b not in st.edeck
    plain = new_uid(st, "x_thug", -1)
    st.eplay.append(plain)
    st.eng[plain] = 0
    b2 = enc_top(st, "x_boost")
    go(st, ("mact", plain, 0), windows=True)
    while st.decision.kind == "defend":  # every player may declare a defender (champions/rr/defense)
        st.apply("nodef")
    pass_windows(st)
    assert st.dmg[idu] == 3 + 1 and st.edeck[-1] == b2


def test_villainous_minion_schemes_with_a_boost_rr_villainous(kw):
    """champions/rr/villainous: the boost applies to a scheme activation too (alter-ego form)."""
    st = team(content=kw)
    st._form[0] = AE
    m = new_uid(st, "x_vil", -1)
    st.eplay.append(m)
    st.eng[m] = 0
    enc_top(st, "x_boost")
    before = st.thr[st.mscheme]
    go(st, ("mact", m, 0), windows=True)
    pass_windows(st)
    assert st.thr[st.mscheme] == before + 1 + 2


# ---------------------------------------------------------------- Peril
def _widow_ready(st, p):
    bw = new_uid(st, "01075", p)
    st.play[p].append(bw)
    st.hand[p].append(new_uid(st, "01067", p))  # a mental resource to pay her cost
    return bw


def test_peril_only_the_resolving_player_may_respond_rr_peril(kw):
    """champions/rr/peril: while a peril card resolves, the other players cannot respond (player 2's Black
    Widow is not offered); without peril she is."""
    st = team(content=kw)
    bw = _widow_ready(st, 1)
    u = enc_top(st, "x_plain")
    go(st, ("reveal", st.edeck.pop(), 0, 1), windows=True)
    assert st.decision.kind == "optwin" and st.decision.seat == 1
    assert any(o.startswith(f"trig:{bw}:") for o in st.decision.ids())
    pass_windows(st)
    assert u in st.edisc
    v = enc_top(st, "x_peril")
    go(st, ("reveal", st.edeck.pop(), 0, 1), windows=True)
    seats = []
    while st.decision.kind == "optwin":
        seats.append(st.decision.seat)
        st.apply("pass")
    assert 1 not in seats and v in st.edisc and st.decision.kind == "turn"
    assert not any(m[0] == "peril" for m in st.mods)


def test_peril_resolving_player_may_still_respond_rr_peril(kw):
    """champions/rr/peril: the player resolving the card may use their own responses (here Black Widow
    cancels it)."""
    st = team(content=kw)
    bw = _widow_ready(st, 0)
    v = enc_top(st, "x_peril")
    nxt = enc_top(st, "x_plain")
    st.edeck.remove(v)
    go(st, ("reveal", v, 0, 1), windows=True)
    assert st.decision.kind == "optwin" and st.decision.seat == 0
    st.apply(next(o for o in st.decision.ids() if o.startswith(f"trig:{bw}:")))
    while st.decision.kind == "pay":
        st.apply(st.decision.ids()[0])
    pass_windows(st)
    assert st.exh[bw] and v in st.edisc and nxt in st.edisc
    assert not any(m[0] == "peril" for m in st.mods)


# ---------------------------------------------------------------- Permanent
def test_permanent_card_cannot_be_discarded_rr_permanent(kw):
    """champions/rr/permanent: a discard effect leaves a permanent card in play; over the ally limit it cannot
    be the ally chosen; it leaves the game with its eliminated controller."""
    st = team(content=kw)
    u = new_uid(st, "x_perm", 0)
    st.play[0].append(u)
    go(st, ("discard", u), windows=True)
    pass_windows(st)
    assert u in st.play[0] and u not in st.disc[0]
    assert any(e.rule == "champions/rr/permanent" for e in st.log)
    for code in ("01066", "01067", "01068"):
        a = new_uid(st, code, 0)
        st.play[0].append(a)
    go(st, ("over_limit", 0, "ally"), windows=True)
    assert st.decision.kind == "over_limit" and f"d:{u}" not in st.decision.ids()
    assert len(st.decision.ids()) == 3
    st.apply(st.decision.ids()[0])
    pass_windows(st)
    assert u in st.play[0]
    go(st, ("dmg", st.ident[0], 99, st.villain, 0), windows=True)
    pass_windows(st)
    assert not st.alive[0] and u in st.removed and u not in st.play[0]


# ---------------------------------------------------------------- Amplify
def test_amplify_icon_adds_to_each_boost_card_rr_amplify(kw):
    """champions/rr/amplify (ruling 51): each amplify icon in play adds one boost icon to each boost card
    turned faceup for an activation."""
    st = team(content=kw)
    idu = st.ident[0]
    s = new_uid(st, "x_amp", -1)
    st.eplay.append(s)
    st.thr[s] = 3
    enc_top(st, "x_boost")
    atk = st.atk(st.villain)
    go(st, ("attack", st.villain, 0, 1), windows=True)
    while st.decision.kind == "defend":  # every player may declare a defender (champions/rr/defense)
        st.apply("nodef")
    pass_windows(st)
    assert st.dmg[idu] == atk + 2 + 1


# ---------------------------------------------------------------- Team-Up
def test_team_up_needs_every_named_character_in_play_rr_team_up(kw):
    """champions/rr/team-up (ruling 52): the card can be played only while
    each named character is in play (an identity showing that name, or an ally)."""
    st = team(content=kw)  # Captain Marvel and Black Panther, both in hero form
    u = new_uid(st, "x_team", 0)
    st.hand[0].append(u)
    st._decision = None
    assert f"play:{u}" in st.decision.ids()
    st._form[1] = AE  # T'Challa: Black Panther's name is not showing
    st._decision = None
    assert f"play:{u}" not in st.decision.ids()
    st._form[1] = HERO
    st._decision = None
    st.apply(f"play:{u}")
    while st.decision.kind == "pay":
        st.apply(st.decision.ids()[0])
    pass_windows(st)
    assert u in st.play[0]


def test_team_up_named_ally_counts_rr_team_up(kw, tmp_path):
    """champions/rr/team-up: a named character may be an ally in play."""
    (tmp_path / "synthetic.yaml").write_text(SYNTHETIC.replace("[Captain Marvel, Black Panther]",
                                                               "[Captain Marvel, Black Widow]"), encoding="utf-8")
    st = team(heroes=("captain_marvel",), content=str(tmp_path))
    u = new_uid(st, "x_team", 0)
    st.hand[0].append(u)
    st._decision = None
    assert f"play:{u}" not in st.decision.ids()
    bw = new_uid(st, "01075", 0)
    st.play[0].append(bw)
    st._decision = None
    assert f"play:{u}" in st.decision.ids()


def test_team_up_card_must_name_its_characters():
    """Card data: a team-up card without at least two names in ``team`` is refused, naming the field."""
    with pytest.raises(ContentError, match="field 'team'"):
        data.parse_file("- {code: x_t, name: T, type: support, set: basic, keywords: [team_up]}", "x.yaml")


def test_team_up_deckbuilding_needs_a_named_identity(kw, tmp_path):
    """champions/rr/team-up (ruling 52): a MarvelCDB deck may include a team-up card only if its identity is
    one of the named characters."""
    import collections
    import json

    import capes
    from capes.core.errors import ConfigError
    from capes.games.champions import decks

    def deck(hero, code):
        slots = collections.Counter(decks.prebuilt(hero))
        slots["x_team"] = 1
        p = tmp_path / f"{hero}.json"
        p.write_text(json.dumps({"hero_code": code, "slots": dict(slots)}))
        return str(p)

    with pytest.raises(ConfigError, match="team-up card for Captain Marvel and Black Panther"):
        capes.load("champions", heroes=["spider_man"], content=kw, deck=deck("spider_man", "01001a"))
    g = capes.load("champions", heroes=["captain_marvel"], content=kw, deck=deck("captain_marvel", "01010a"))
    assert g.new_game(0).n == 1


# ---------------------------------------------------------------- Teamwork (Trait)
def test_teamwork_trait_activates_with_another_minion_of_the_trait_rr_teamwork(kw):
    """champions/rr/teamwork (ruling 57): a minion with teamwork (Hydra) engaging a player while another Hydra
    minion is in play activates at once: it attacks a hero, schemes against an alter-ego."""
    st = team(content=kw)
    idu = st.ident[0]
    grunt = new_uid(st, "x_hydra", -1)
    st.eplay.append(grunt)
    st.eng[grunt] = 1  # engaged with the other player: still in play
    tw = new_uid(st, "x_tw", -1)
    go(st, ("engage", tw, 0), windows=True)
    pass_windows(st)
    assert st.decision.kind == "defend" and st.decision.seat == 0
    while st.decision.kind == "defend":  # every player may declare a defender (champions/rr/defense)
        st.apply("nodef")
    pass_windows(st)
    assert st.dmg[idu] == 2
    assert any(e.rule == "champions/rr/teamwork" for e in st.log)
    st._form[1] = AE  # alter-ego: the second copy schemes
    tw2 = new_uid(st, "x_tw", -1)
    before = st.thr[st.mscheme]
    go(st, ("engage", tw2, 1), windows=True)
    pass_windows(st)
    assert st.thr[st.mscheme] == before + 3 and st.decision.kind == "turn"


def test_teamwork_trait_revealed_activates_once_after_revealing_rr_teamwork(kw):
    """champions/rr/teamwork (ruling 57): a revealed teamwork minion activates once, after its reveal has
    resolved (here: after its incite threat), like quickstrike."""
    st = team(content=kw)
    st._form[0] = AE
    grunt = new_uid(st, "x_hydra", -1)
    st.eplay.append(grunt)
    st.eng[grunt] = 0
    u = new_uid(st, "x_tw_incite", -1)
    before = st.thr[st.mscheme]
    go(st, ("reveal", u, 0))
    assert st.decision.kind == "turn" and u in st.eplay and st.eng[u] == 0
    assert st.thr[st.mscheme] == before + 1 + 2
    rules = [e.rule for e in st.log]
    assert rules.count("champions/rr/teamwork") == 1
    incite = next(i for i, e in enumerate(st.log) if e.text.startswith("1 threat on"))
    assert incite < rules.index("champions/rr/teamwork")


def test_teamwork_trait_no_other_minion_no_activation_rr_teamwork(kw):
    """champions/rr/teamwork (ruling 57): with no *other* minion of the trait in play (itself does not count;
    a minion without the trait does not count) the entering minion does not activate."""
    st = team(content=kw)
    idu = st.ident[0]
    plain = new_uid(st, "x_thug", -1)
    st.eplay.append(plain)
    st.eng[plain] = 0
    tw = new_uid(st, "x_tw", -1)
    before = st.thr[st.mscheme]
    go(st, ("engage", tw, 0), windows=True)
    pass_windows(st)
    assert st.decision.kind == "turn" and st.dmg[idu] == 0 and st.thr[st.mscheme] == before
    assert tw in st.eplay and not any(e.rule == "champions/rr/teamwork" for e in st.log)


def test_teamwork_trait_keyword_needs_a_trait():
    """Card data: ``teamwork`` without a trait, or on a card that is not a minion, is refused."""
    with pytest.raises(ContentError, match="needs a trait"):
        data.parse_file("- {code: x_t, name: T, type: minion, set: s, keywords: [teamwork]}", "x.yaml")
    with pytest.raises(ContentError, match="minion keyword"):
        data.parse_file("- {code: x_t, name: T, type: support, set: basic, keywords: ['teamwork:Hydra']}", "x.yaml")
    with pytest.raises(ContentError, match="needs a number"):
        data.parse_file("- {code: x_t, name: T, type: minion, set: s, keywords: ['incite:Hydra']}", "x.yaml")


# ---------------------------------------------------------------- Assault
def test_assault_basic_thwart_uses_atk_rr_assault(kw):
    """champions/rr/assault (ruling 56): a basic thwart against a scheme with assault removes threat equal to
    the character's ATK (with ATK modifiers; THW modifiers do not count); a card effect that removes N threat
    is unaffected; a scheme without assault is thwarted with THW."""
    st = team(heroes=("she_hulk",), content=kw)  # She-Hulk: ATK 3, THW 1
    idu = st.ident[0]
    s = new_uid(st, "x_assault", -1)
    st.eplay.append(s)
    st.thr[s] = 6
    st.mods.append(("stat", idu, "atk", 1, "phase"))
    st.mods.append(("stat", idu, "thw", 2, "phase"))
    st.thr[st.mscheme] = 3
    st._decision = None
    label = st.decision.find(f"thw:{s}").label
    assert "ATK 4, assault" in label
    assert "THW 3" in st.decision.find(f"thw:{st.mscheme}").label
    st.apply(f"thw:{s}")
    pass_windows(st)
    assert st.thr[s] == 6 - 4
    assert any(e.rule == "champions/rr/assault" for e in st.log)
    go(st, ("rthreat", s, 1, idu), windows=True)  # a card effect: "remove 1 threat"
    pass_windows(st)
    assert st.thr[s] == 1


def test_assault_ally_thwart_uses_atk_rr_assault(kw):
    """champions/rr/assault (ruling 56): an ally's basic thwart against an assault scheme uses its ATK; its
    printed thwart consequential damage still applies (it is still a thwart)."""
    st = team(heroes=("she_hulk",), content=kw)
    s = new_uid(st, "x_assault", -1)
    st.eplay.append(s)
    st.thr[s] = 6
    a = new_uid(st, "x_ally", 0)
    st.play[0].append(a)
    st.thr[st.mscheme] = 3
    st._decision = None
    st.apply(f"athw:{a}:{s}")
    pass_windows(st)
    assert st.thr[s] == 6 - 3 and st.dmg[a] == 1
    main = st.thr[st.mscheme]
    b = new_uid(st, "x_ally", 0)
    st.play[0].append(b)
    st._decision = None
    st.apply(f"athw:{b}:{st.mscheme}")
    pass_windows(st)
    assert st.thr[st.mscheme] == main - 1
