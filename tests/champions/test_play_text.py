"""Issue 10 (terminal play), Champions: the glossary, why a card cannot be played, labels in game words, the
log, and cancelling a payment. Rule ids are named where a rule is checked."""

import re

import capes
from capes.core.rng import Rng
from capes.games.champions.render import render
from tests.champions.helpers import do, go, res_to_hand, scenario, settle, texts, to_hand, uid


def test_glossary_shows_what_the_seat_sees_and_nothing_hidden():
    """The glossary holds the seat's own hand, the villain, schemes and identities (both sides); never the other
    seat's hand, a deck or facedown encounter cards."""
    g = capes.load("champions", heroes=["spider_man", "she_hulk"])
    s = scenario(heroes=("spider_man", "she_hulk"), hands=[["01005"], ["01021"]])  # Swinging Web Kick; Gamma Slam
    gl = g.glossary(s, 0)
    assert "Swinging Web Kick" in gl and "Gamma Slam" not in gl
    assert "Rhino (I)" in gl and "Spider-Man" in gl and "Peter Parker" in gl and "She-Hulk" in gl
    assert "Gamma Slam" in g.glossary(s, 1) and "Swinging Web Kick" not in g.glossary(s, 1)
    hidden = {s.code[u] for u in s.edeck} - {s.code[u] for u in s.eplay + s.edisc}
    from capes.games.champions.data import CARDS
    names = {CARDS[c].name for c in hidden} - {CARDS[s.code[u]].name for u in s.eplay + s.edisc}
    assert not names & set(gl)
    assert all(isinstance(v, str) and v for v in gl.values())


def test_render_says_why_a_hand_card_cannot_be_played():
    """A hand card that cannot be played now is shown with the reason: wrong form, cannot pay, no target."""
    s = scenario(hand=["01005", "01058"], form="alter-ego")  # Swinging Web Kick (hero only); Daredevil (cost 4)
    out = render(s, 0)
    assert "Swinging Web Kick" in out and "wrong form" in out
    assert re.search(r"Daredevil.*cannot pay", out)
    s2 = scenario(hand=["01009"], form="hero", clear=True)  # Webbed Up goes on an enemy: the villain is one
    assert "no target" not in s2.why_unplayable(0, uid(s2, "01009", "hand"))


def _all_decisions(seed: int, heroes=("spider_man", "she_hulk"), villain="rhino", n=600):
    g = capes.load("champions", heroes=list(heroes), villain=villain)
    s = g.new_game(seed)
    rng = Rng(seed)
    for _ in range(n):
        if s.is_over:
            break
        yield s
        ids = s.decision.ids()
        s.apply(ids[rng.randbelow(len(ids))])


def test_labels_are_in_game_words():
    """No internal ids or engine words in prompts and labels; no empty prompt."""
    bad = re.compile(r"\b\d+:\d+\b|respond to|attack init|\bdmg\b|\(s\)|Choose \(")
    for seed in (1, 2):
        for s in _all_decisions(seed):
            d = s.decision
            assert d.prompt.strip(), d
            for o in d.options:
                assert o.label.strip() and not bad.search(o.label), o.label
            assert not bad.search(d.prompt), d.prompt


def test_enemies_with_one_name_are_told_apart():
    """Two copies of one minion engaged with different players get different labels."""
    s = scenario(heroes=("spider_man", "she_hulk"), form="hero", clear=True)
    from tests.champions.helpers import minion
    a = minion(s, "01101", 0, placed=True)
    b = minion(s, "01101", 1, placed=True)
    assert s.label(a) != s.label(b) and "player 1" in s.label(a) and "player 2" in s.label(b)
    labels = [o.label for o in s.decision.options if o.id.startswith("atk:")]
    assert len(labels) == len(set(labels))


def test_damage_prevented_is_logged_rr_damage():
    """champions/rr/damage: damage an interrupt prevents (Backflip) is logged."""
    s = scenario(hand=["01003"], edeck_top=["01186", "01112"])
    do(s, "end")
    settle(s, ("defend",))
    do(s, "nodef")
    while not any(i.startswith("trig:") and "01003" in i for i in s.decision.ids()):
        do(s, "pass" if "pass" in s.decision.ids() else "")
    do(s, "trig:")
    settle(s)
    assert "damage to Spider-Man is prevented" in texts(s)


def test_no_zero_threat_removed_rr_thwart():
    """champions/rr/thwart: removing threat from a scheme with none says so, not "0 threat removed"."""
    s = scenario(threat=0)
    go(s, ("rthreat", s.mscheme, 2, -1))
    assert "0 threat removed" not in texts(s) and "has no threat to remove" in texts(s)


def test_a_payment_can_be_cancelled_summary_actions_play():
    """champions/summary/actions/play (ruling 21): a payment can be cancelled before it completes; the card and
    the resources already spent go back to the hand, as for a refused payment."""
    s = scenario(hand=["01058"], form="hero")  # Daredevil, cost 4
    dd = uid(s, "01058", "hand")
    r1 = res_to_hand(s, 0, "P")
    r2 = res_to_hand(s, 0, "M")
    to_hand(s, 0, "01088")
    do(s, f"play:{dd}")
    assert s.decision.kind == "pay" and "cancel" in s.decision.ids()
    do(s, f"pay:{r1}")
    do(s, "cancel")
    assert s.decision.kind == "turn"
    assert dd in s.hand[0] and r1 in s.hand[0] and r2 in s.hand[0] and r1 not in s.disc[0]
    assert "cancels the payment" in texts(s)


def test_every_card_the_log_names_can_be_looked_up_then():
    """What a person sees is true (issue 10, read the cards in the game): a card a log line of seat 1 names is in
    its glossary at that moment — also a treachery still resolving or on its way to the discard pile, an
    obligation whose choice is being made (Eviction Notice), and a boost card turned faceup ("Boost: Assault")."""
    g = capes.load("champions")
    names: set[str] = set()
    for seed in range(100, 112):  # every card name of these games, from their glossaries
        s, r = g.new_game(seed), Rng(seed)
        while not s.is_over and len(s.actions) < 300:
            names |= {k for k in g.glossary(s, 0) if len(k) > 4}
            o = s.decision.options
            s.apply(o[r.randbelow(len(o))])
    assert len(names) > 30
    for seed in range(100, 112):
        s, r, seen = g.new_game(seed), Rng(seed), 0
        while not s.is_over and len(s.actions) < 300:
            vis = s.visible_log(0, seen)
            seen = len(s.log)
            gl = g.glossary(s, 0) if vis else {}
            for _, text in vis:
                missing = [n for n in names if n in text and n not in gl]
                assert not missing, (seed, missing, text)
            o = s.decision.options
            s.apply(o[r.randbelow(len(o))])


def test_boost_cards_turned_faceup_are_public_until_the_attack_ends_rr_boost():
    """champions/rr/boost: boost cards are dealt facedown and turned faceup when the attack (or scheme) resolves;
    from then until it ends they are public: the view counts them apart from the facedown ones and names them, the
    glossary has their text, and ``resample`` (what a search bot may not know) leaves them where they are."""
    g = capes.load("champions")
    found = 0
    for seed in range(40):
        s, r = g.new_game(seed), Rng(seed)
        while not s.is_over and len(s.actions) < 300:
            if s.bup:
                up = s.boosts[:s.bup]
                names = [s.ccard(u).name for u in up]
                v = s.view(0)
                assert v["boost_faceup"] == [s.code[u] for u in up]
                assert v["boost_facedown"] == len(s.boosts) - len(up)
                assert all(f"Boost: {n} (" in " ".join(e.text for e in s.log) for n in names)
                assert all(n in g.glossary(s, 0) for n in names)
                t = s.resample(0, Rng(seed + 1))
                assert t.boosts[:t.bup] == up
                found += 1
            o = s.decision.options
            s.apply(o[r.randbelow(len(o))])
        if found >= 20:
            break
    assert found >= 20, found


def test_a_save_from_before_faceup_boosts_were_recorded_still_loads():
    """Saves written before the state recorded faceup boost cards have no "bup": they load with none faceup."""
    import json

    g = capes.load("champions")
    s, r = g.new_game(3), Rng(3)
    for _ in range(30):
        o = s.decision.options
        s.apply(o[r.randbelow(len(o))])
    doc = json.loads(s.to_json())
    del doc["state"]["bup"]
    t = g.from_json(json.dumps(doc))
    assert t.bup == 0 and t.view(0)["boost_facedown"] == len(t.boosts) and t.decision.ids() == s.decision.ids()


def test_setup_is_called_setup_not_round_0_summary_setup():
    """champions/summary/setup: the first player and the mulligans are part of setup, before Round 1; the terminal
    and the browser say "Setup" there (they said "Round 0"), then "Round 1"."""
    from capes.games.champions.web import _draw

    g = capes.load("champions")
    s = g.new_game(5)
    assert s.view(0)["round"] == 0 and s.decision.seat is not None
    for surface in (g.render(s, 0).splitlines()[0], _draw(s.view(0), 0)[0]):
        assert "Setup" in surface and "Round 0" not in surface
    while s.view(0)["round"] == 0:
        s.apply(s.decision.options[-1].id)
    assert g.render(s, 0).startswith("Round 1 ") and "<strong>Round 1</strong>" in _draw(s.view(0), 0)[0]


def test_a_card_on_one_of_two_same_named_minions_says_which_rr_attachments():
    """champions/rr/attachments: Ultron's Drones share a name; a card attached to one of them (a Spider-Tracer) says
    which one, by the player it is engaged with ("on Drone (engaged with P2)"), in the terminal and the browser,
    where both said only "on Drone"."""
    import random

    from capes.games.champions.web import _draw

    g = capes.load("champions", heroes=["spider_man", "iron_man"], villain="ultron")
    seen = 0
    for seed in range(30):
        s = g.new_game(seed)
        r = random.Random(seed)
        while not s.is_over and len(s.actions) < 300:
            v = s.view(0)
            drones = [e for e in v["encounter_play"] if e["name"] == "Drone"]
            text = g.render(s, 0)
            if len(drones) > 1 and re.search(r"  on Drone\b", text):
                assert not re.search(r"  on Drone(?! \(engaged with P[12]\))", text), text
                # the browser's note on the attached card says the same (its words wrap over two lines)
                words = " ".join(" ".join(re.findall(r">([^<]+)<", _draw(v, 0)[0])).split())
                assert "on Drone (engaged with P" in words and not re.search(r"\bon Drone\b(?! \(engaged)", words)
                seen += 1
            s.apply(r.choice(s.decision.options).id)
        if seen >= 5:
            break
    assert seen >= 5, seen


def test_one_counter_is_singular():
    """A card with one counter (a Web-Shooter's last) says "1 counter" in the terminal and the browser, not
    "1 counters"."""
    from capes.games.champions.data import CARDS
    from capes.games.champions.render import _tags
    from capes.games.champions.web.cards import card_svg

    assert _tags({"counters": 1}) == ["1 counter"] and _tags({"counters": 2}) == ["2 counters"]
    capes.load("champions")  # the card data is read with the game
    c = CARDS["01008"]  # Web-Shooter
    assert ">counter<" in card_svg(c, {"uid": 3, "counters": 1}) and ">counters<" in card_svg(c, {"uid": 3, "counters": 2})


def test_the_defend_option_says_def_against_atk_rr_defense():
    """champions/rr/defense: a hero who defends subtracts their DEF from the attack's damage. The option names both
    numbers, from the state ("Defend with Black Panther (DEF 2 against ATK 1 + boost)"; it read "takes 1 minus 2")."""
    g = capes.load("champions", heroes=["black_panther"])
    seen = 0
    for seed in range(20):
        s, r = g.new_game(seed), Rng(seed)
        while not s.is_over and len(s.actions) < 300:
            d = s.decision
            hero = [o for o in d.options if o.id == "def:hero"]
            if hero:
                f = s.stack[-1]
                p = d.seat
                m = re.fullmatch(r"Defend with (.+) \(DEF (\d+) against ATK (\d+)( \+ boost)?\)", hero[0].label)
                assert m, hero[0].label
                assert int(m.group(2)) == s.defv(s.ident[p]) and int(m.group(3)) == s.atk(f[1])
                seen += 1
            o = d.options
            s.apply(o[r.randbelow(len(o))])
        if seen >= 10:
            break
    assert seen >= 10, seen


def test_a_card_the_log_named_stays_at_hand_after_it_leaves_view():
    """Issue 44 (`? whirlwind` failed after a reshuffle): once a log line seat 1 can read names a card, `? NAME`
    finds it for the rest of the game, wherever the card is: here encounter cards revealed and discarded, then
    shuffled into a new encounter deck (champions/summary/scoring/empty-encounter)."""
    from capes.games.champions.data import CARDS

    g = capes.load("champions")
    checked = 0
    for seed in range(100, 110):
        s, r = g.new_game(seed), Rng(seed)
        while not s.is_over and len(s.actions) < 300 and not s.edisc:
            o = s.decision.options
            s.apply(o[r.randbelow(len(o))])
        if not s.edisc:
            continue
        named = {CARDS[s.code[u]].name for u in s.edisc} - {CARDS[s.code[u]].name for u in s.eplay}
        assert named <= set(g.glossary(s, 0))
        s.edisc += s.edeck  # the whole deck drawn: the engine's own reshuffle makes the new deck
        s.edeck = []
        assert s.reshuffle_encounter()
        assert not s.edisc and all(CARDS[s.code[u]].name not in named for u in s.eplay)
        gl = g.glossary(s, 0)
        assert named <= set(gl), (seed, sorted(named - set(gl)))
        checked += len(named)
    assert checked >= 3
