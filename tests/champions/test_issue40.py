"""Issue 40, Champions: rule classes that slipped, each test naming the rule it checks (docs/audits/ lists every
place of each class and the test that shows it)."""

import ast
import inspect
import json
import re
from pathlib import Path

from capes.games.champions import data
from capes.games.champions.engine import CONF, STUN
from tests.champions.helpers import do, enc_top, go, minion, reveal, scenario, settle, texts, to_play


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


# ---------------------------------------------------------------- item 2: the engaged player orders their minions
def test_engaged_minions_activate_in_the_order_the_player_chooses_rr_villain_phase():
    """champions/rr/villain-phase (ruling 65; RR 'Villain Phase' step 2: after the villain activates against a
    player, each minion engaged with that player activates against them, one at a time, "in the order of the
    player's choosing"): with Hydra Mercenary and Shocker engaged, player 1 is asked which goes first and Shocker,
    chosen, attacks first."""
    s = scenario(form="hero", clear=True, bare=True, minions=["01101", "01103"])
    merc, shocker = s.minions(0)
    go(s, ("mall", 0))
    assert s.decision.kind == "morder" and s.decision.seat == 0
    assert sorted(s.decision.ids()) == sorted([f"mact:{merc}", f"mact:{shocker}"])
    do(s, f"mact:{shocker}")
    assert s.decision.kind == "defend" and s.decision.prompt.startswith("Shocker attacks")
    do(s, "nodef")
    settle(s, until=("defend",))
    assert s.decision.kind == "defend" and s.decision.prompt.startswith("Hydra Mercenary attacks")


def test_identical_minions_are_not_ordered_rr_villain_phase():
    """Ruling 65 with ruling 7's copies: two copies of one minion, alike in damage, status and attachments, are
    the same choice: no question is asked."""
    s = scenario(form="hero", clear=True, bare=True, minions=["01101", "01101"])
    go(s, ("mall", 0))
    assert s.decision.kind == "defend"


# ---------------------------------------------------------------- item 3: ties go to the players
def test_genetically_enhanced_tie_is_decided_by_the_first_player_summary_faq_6():
    """champions/summary/faq/6 ("Who decides ties or simultaneous effects?": the first player; ruling 66) and the
    card text of Genetically Enhanced (01163, "Attach to the minion with the highest printed hit points"):
    revealed by player 2 with Hydra Mercenary and Shocker (3 printed hit points each) in play, player 1 (first)
    chooses which gets it."""
    s = scenario(heroes=("spider_man", "she_hulk"), form="hero", clear=True, bare=True)
    s.first = 0
    merc = minion(s, "01101", 1, placed=True)
    shocker = minion(s, "01103", 1, placed=True)
    ge = reveal(s, "01163", 1)
    assert s.decision.kind == "tie" and s.decision.seat == 0
    assert sorted(s.decision.ids()) == sorted([f"t:{merc}", f"t:{shocker}"])
    do(s, f"t:{shocker}")
    assert s.att[ge] == shocker and s.hp(shocker) == 6
    assert "breaks the tie" in texts(s)


def test_genetically_enhanced_without_a_tie_asks_nobody_summary_faq_6():
    """No tie, no question: Sandman (4 printed hit points) over Shocker (3)."""
    s = scenario(heroes=("spider_man", "she_hulk"), form="hero", clear=True, bare=True)
    minion(s, "01103", 1, placed=True)
    sand = minion(s, "01102", 1, placed=True)
    ge = reveal(s, "01163", 1)
    assert s.decision.kind != "tie" and s.att[ge] == sand


# ---------------------------------------------------------------- item 4: elimination
def test_an_eliminated_players_obligation_is_removed_and_replaced_rr_elimination():
    """champions/rr/elimination (ruling 67; RR 'Elimination'/'Obligation': an obligation of an eliminated player
    that is revealed is removed from the game and another encounter card is revealed instead): She-Hulk's player
    is eliminated; Legal Work (her obligation) revealed for Spider-Man is not resolved against anyone."""
    from capes.games.champions.damage import _eliminate
    s = scenario(heroes=("spider_man", "she_hulk"), form="alter-ego", clear=True)
    _eliminate(s, 1)
    deck = len(s.edeck)
    lw = reveal(s, "01160", 0)
    assert lw in s.removed and lw not in s.edisc
    assert len(s.edeck) < deck, "another encounter card is revealed in its place"
    assert "belongs to an eliminated player" in texts(s)


def test_a_living_players_obligation_still_resolves_rr_obligation():
    """champions/rr/obligation: the same card with its owner alive is resolved (asked of She-Hulk's player)."""
    s = scenario(heroes=("spider_man", "she_hulk"), form="alter-ego", clear=True)
    reveal(s, "01160", 0)
    assert s.decision.seat == 1


# ---------------------------------------------------------------- item 5: limits checked when they change
def test_losing_the_triskelion_forces_a_discard_down_to_the_ally_limit_summary_easy_3():
    """champions/summary/easy/3 ("The ally limit is three allies per player in play at any given time; exceeding
    it requires immediate discard down to the limit"; ruling 68): with The Triskelion (ally limit 4) and four
    allies, the Triskelion leaving play makes the player discard an ally at once."""
    s = scenario(form="hero", play=["01073", "01050", "01051", "01083", "01084"])
    assert len(s.allies(0)) == 4
    t = [u for u in s.play[0] if s.code[u] == "01073"][0]
    go(s, ("discard", t))
    assert s.decision.kind == "over_limit" and s.decision.seat == 0
    do(s, s.decision.ids()[0])
    assert len(s.allies(0)) == 3


# ---------------------------------------------------------------- item 7: who may defend, who is asked first
def test_the_attacked_player_is_asked_before_a_team_mate_rr_defense():
    """champions/rr/defense (ruling 9 as rewritten, ruling 69): RR 'Attack (Enemy Activation)': "If a player wishes
    to defend, that player exhausts a hero or ally as the defender. If a player other than the target player
    defends, the defending player becomes the target player for this attack". Three players, player 1 first, the
    villain attacks player 2: player 2 is asked first, then player 1, then player 3; a team-mate's ally never
    defends before the attacked player has declined."""
    s = scenario(heroes=("spider_man", "she_hulk", "iron_man"), form="hero", clear=True, bare=True)
    s.first = 0
    to_play(s, 0, "01058")  # Daredevil, player 1's ally
    go(s, ("attack", s.villain, 1, 0))
    asked = []
    while s.decision.kind == "defend":
        asked.append(s.decision.seat)
        do(s, "nodef")
    assert asked == [1, 0, 2]


# ---------------------------------------------------------------- by construction: the helpers every place goes through
_REFERENCE = Path("/work/shared/reference/marvelsdb")
_ENGINE = Path(__file__).resolve().parents[2] / "capes" / "games" / "champions"


def _engine_sources():
    """The rules modules and card scripts (not the bots, not the web table)."""
    for p in sorted(_ENGINE.glob("*.py")) + sorted((_ENGINE / "cards").glob("*.py")):
        yield p, p.read_text(encoding="utf-8")


def test_no_selection_of_a_highest_or_lowest_bypasses_the_tie_helper_summary_faq_6():
    """Ruling 66: every "highest / lowest / most / fewest / nearest" selection goes through
    ``Vocabulary.extreme``, which asks the first player on a tie. Fails if a rules module or card script calls
    ``max``/``min`` with ``key=`` (a selection that silently takes the first of tied cards), or if a card whose
    text (ours or printed) names such a selection has a script that does not call ``extreme``."""
    for p, src in _engine_sources():
        for node in ast.walk(ast.parse(src)):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("max", "min"):
                assert not any(k.arg == "key" for k in node.keywords), \
                    f"{p.name}:{node.lineno}: {node.func.id}(..., key=...) picks one of tied cards without asking"
    from capes.games.champions import cards as S
    word = re.compile(r"\b(highest|lowest|the most|fewest|nearest|greatest)\b", re.I)
    printed = {}
    for f in _REFERENCE.glob("*.json") if _REFERENCE.exists() else ():
        if f.name != "card_schema.json":
            printed.update({c["code"]: c for c in json.loads(f.read_text(encoding="utf-8"))})
    S.load_scripts()
    checked = 0
    for code, c in data.cards().items():
        texts_ = [c.text or "", (printed.get(code) or {}).get("text") or ""]
        if not any(word.search(t) for t in texts_):
            continue
        fns = [reg[code] for reg in (S.REVEALED, S.BOOST, S.ENTERS) if code in reg]
        assert fns, f"{code} {c.name}: a 'highest/lowest' text with no script"
        assert any("extreme(" in inspect.getsource(fn) for fn in fns), \
            f"{code} {c.name}: its selection does not go through Vocabulary.extreme"
        checked += 1
    assert checked >= 2  # Genetically Enhanced, Biomechanical Upgrades


def test_an_activations_memory_is_created_and_dropped_in_one_place_rr_boost():
    """Ruling 64: who an activation damaged (``hit``) is set only by ``activations.begin_activation`` /
    ``end_activation`` (and the state's creation and copy), and ``("atk", ...)`` modifiers are dropped only there:
    fails if another module resets or keeps that memory itself."""
    allowed = {"activations.py", "setup.py", "state.py"}
    for p, src in _engine_sources():
        if p.name in allowed:
            continue
        assert not re.search(r"\.hit\s*=", src), f"{p.name}: sets an activation's memory outside activations.py"
        assert not re.search(r"m\[0\]\s*!=\s*\"atk\"", src), f"{p.name}: drops 'this attack' modifiers itself"
    act = (_ENGINE / "activations.py").read_text(encoding="utf-8")
    assert act.count(".hit = ") == 2 and act.count('m[0] != "atk"') == 2  # begin/end; end and _atk_end


# ---------------------------------------------------------------- elimination (docs/audits/elimination.md): every card dealt,
# revealed or assigned to an eliminated player
def _three_with_player_2_out():
    from capes.games.champions.damage import _eliminate
    s = scenario(heroes=("spider_man", "she_hulk", "iron_man"), form="hero", clear=True)
    s.first = 0
    s.fd[1] = [s.edeck.pop()]
    _eliminate(s, 1)
    return s


def test_an_eliminated_players_facedown_cards_are_discarded_rr_elimination():
    """champions/rr/elimination (ruling 15): the encounter cards dealt to a player who is then eliminated are
    discarded, not revealed for anyone; the next deal deals nothing to them."""
    s = _three_with_player_2_out()
    assert s.fd[1] == [] and s.order() == [0, 2]
    go(s, ("deal",))
    assert s.fd[1] == [] and len(s.fd[0]) == 1 and len(s.fd[2]) == 1


def test_a_card_revealed_for_an_eliminated_player_goes_to_a_living_one_rr_elimination():
    """champions/rr/elimination: a card that would be revealed for an eliminated player (a surge or a "reveal" step
    still naming them) is revealed for the first living player in player order instead of resolving against
    nobody (ruling 15)."""
    s = _three_with_player_2_out()
    u = enc_top(s, "01103")  # Shocker, a minion: it engages the player it is revealed for
    go(s, ("reveal", s.edeck.pop(), 1, 0))
    assert u in s.eplay and s.eng[u] == 0


def test_no_activation_against_an_eliminated_player_deals_a_boost_card_rr_elimination():
    """champions/rr/elimination: the villain does not activate against an eliminated player: no attack, no boost
    card dealt."""
    s = _three_with_player_2_out()
    deck = len(s.edeck)
    go(s, ("vact", 1))
    go(s, ("attack", s.villain, 1, 1))
    assert len(s.edeck) == deck and not s.boosts and s.decision.kind != "defend"


def test_an_eliminated_player_is_no_choice_for_a_card_rr_elimination():
    """champions/rr/elimination: "choose a player" / "choose a hero" (Energy Daggers, Stark Tower) offer only the
    players still in the game."""
    from capes.games.champions.frames import SELECTORS
    s = _three_with_player_2_out()
    assert s.ident[1] not in SELECTORS["player"](s, 0) and s.ident[1] not in SELECTORS["hero"](s, 0)
    assert set(SELECTORS["player"](s, 0)) == {s.ident[0], s.ident[2]}


def test_klaws_vengeance_threat_follows_damage_from_that_attack_rr_boost():
    """Card text of Klaw's Vengeance (01122, "Klaw attacks you. If this attack deals damage, place 1 threat on the
    main scheme"): the threat depends on what this attack did (ruling 64): undefended, it damages the hero and adds 1
    threat; the same attack fully prevented by a tough status adds none."""
    for tough in (False, True):
        s = scenario(villain="klaw", form="hero", clear=True, bare=True)
        s.boost_stat(s.villain, "atk", 3, "round")  # Klaw I has ATK 0 and the deck gives no boost card here
        if tough:
            s.st[s.ident[0]] |= 4
        thr = s.thr[s.mscheme]
        reveal(s, "01122")
        while s.decision.kind == "defend":
            do(s, "nodef")
        settle(s)
        assert (s.thr[s.mscheme] == thr + 1) is (not tough), tough


def test_the_last_hero_eliminated_loses_the_game_summary_scoring_elimination():
    """champions/summary/scoring/elimination with /defeat: when every player has been eliminated the players lose."""
    from capes.games.champions.damage import _eliminate
    s = scenario(heroes=("spider_man", "she_hulk"), form="hero", clear=True)
    _eliminate(s, 0)
    assert not s.over
    _eliminate(s, 1)
    assert s.over and "Every hero is defeated" in texts(s)
