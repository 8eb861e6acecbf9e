"""Issue 40, Champions: rule classes that slipped, each test naming the rule it checks (docs/audits/ lists every
place of each class and the test that shows it)."""

from capes.games.champions.engine import CONF, STUN
from tests.champions.helpers import do, enc_top, go, scenario, settle, texts


# ---------------------------------------------------------------- item 1: a status card replaces the whole activation
def test_stunned_klaw_gets_no_boost_card_and_no_when_attacks_rr_stunned():
    """champions/rr/stunned (RR 'Stunned': "If a stunned enemy would activate to attack, instead of doing so, the
    stunned status card is discarded"): the activation is replaced, so the villain is dealt no boost card (the
    first step of the attack, RR 'Attack (Enemy Activation)' step 1) and Klaw's "when Klaw attacks: one more boost
    card" does not fire."""
    s = scenario(villain="klaw", form="hero", clear=True)
    s.st[s.villain] |= STUN
    deck = len(s.edeck)
    go(s, ("attack", s.villain, 0, 1), windows=True)
    assert not s.st[s.villain] & STUN
    assert len(s.edeck) == deck and not s.boosts, "a stunned villain is dealt no boost card"
    assert s.decision.kind != "defend" and s.dmg[s.ident[0]] == 0
    assert "stunned and does not attack" in texts(s)


def test_confused_villain_gets_no_boost_card_rr_confused():
    """champions/rr/confused (RR 'Confused': "If a confused enemy would activate to scheme, instead of doing so,
    the confused status card is discarded"): no boost card, no threat."""
    s = scenario(villain="klaw", form="alter-ego", clear=True)
    s.st[s.villain] |= CONF
    deck, thr = len(s.edeck), s.thr[s.mscheme]
    go(s, ("scheme", s.villain, 0, 1), windows=True)
    assert not s.st[s.villain] & CONF and len(s.edeck) == deck and s.thr[s.mscheme] == thr


# ---------------------------------------------------------------- item 6: what an attack remembers belongs to it
def test_sweeping_swoop_boost_on_a_scheme_stuns_nobody_hit_earlier_rr_boost():
    """champions/rr/boost, card text of Sweeping Swoop (01168: "Boost (star): a friendly character damaged by this
    activation is stunned"): She-Hulk was damaged by an earlier attack; the villain then schemes against her
    alter-ego with Sweeping Swoop as its boost card; that activation damaged no one, so no one is stunned."""
    s = scenario(heroes=("she_hulk",), form="hero", clear=True)
    go(s, ("attack", s.villain, 0, 0))
    settle(s)
    sh = s.ident[0]
    assert s.dmg[sh] > 0 and not s.st[sh] & STUN
    s._form[0] = 0
    enc_top(s, "01168")
    go(s, ("scheme", s.villain, 0, 1), windows=True)
    settle(s)
    assert not s.st[sh] & STUN, "the scheme damaged no one: the earlier attack's victim is not this activation's"


def test_sweeping_swoop_boost_stuns_the_character_this_attack_damaged_rr_boost():
    """The same boost on an attack that damages the hero stuns the hero (the rule the previous test narrows)."""
    s = scenario(heroes=("she_hulk",), form="hero", clear=True)
    enc_top(s, "01168")
    go(s, ("attack", s.villain, 0, 1))
    do(s, "nodef")
    settle(s)
    assert s.dmg[s.ident[0]] > 0 and s.st[s.ident[0]] & STUN
