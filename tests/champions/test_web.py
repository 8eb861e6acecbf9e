"""The Champions table drawn for the browser (issue 12): the fragment shows what the seat's view holds — every card
of its hand, no other hand, the villain's hit points and the schemes' threat as the view has them — and nothing
else; every clickable element is one of the seat's current options; every text is escaped."""

from __future__ import annotations

import random
import re
from html import unescape
from typing import Any

import pytest

from capes.core.registry import load
from capes.games.champions import data
from capes.games.champions.web import _draw

UID = re.compile(r'data-uid="(\d+)"')
OPTION = re.compile(r'data-option="([^"]*)"')


def _states(seed: int, steps: int, every: int = 7) -> Any:
    """States along a random game (the end of a turn avoided, so that turns have cards played)."""
    g = load("champions", heroes=["spider_man", "she_hulk"])
    s = g.new_game(seed)
    rng = random.Random(seed)
    for i in range(steps):
        d = s.decision
        if d.seat is None:
            return
        if i % every == 0:
            yield g, s
        ops = [o for o in d.options if o.id != "end"] or list(d.options)
        s.apply(rng.choice(ops).id)


def _uids(v: dict[str, Any]) -> set[int]:
    out = {v["villain"]["uid"], v["main_scheme"]["uid"], *(e["uid"] for e in v["encounter_play"])}
    for p in v["players"]:
        out.add(p["identity"]["uid"])
        out |= {c["uid"] for c in p["play"]} | {c["uid"] for c in p.get("hand", [])}
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_fragment_matches_the_view(seed):
    seen_play = 0
    for g, s in _states(seed, 400):
        for seat in (0, 1, None):
            v = s.view(seat)
            html, drawn = _draw(v, seat)
            assert "".join(g.web_view(v, seat)) == html
            uids = {int(u) for u in UID.findall(html)}
            # every card drawn is a card of this view; the seat's hand is drawn card by card
            assert uids <= _uids(v)
            for p in v["players"]:
                assert p["identity"]["uid"] in uids
                assert {c["uid"] for c in p["play"]} <= uids
                if "hand" in p:
                    assert {c["uid"] for c in p["hand"]} <= uids
                    assert f"Your hand ({len(p['hand'])})" in html
                else:  # another hand is a count
                    assert f"<title>cards in hand: {p['hand_size']}</title>" in html
            # hit points and threat as the view has them
            vil = v["villain"]
            assert f">{vil['hp'] - vil.get('damage', 0)}</text>" in html
            assert f"of {vil['hp']} HP" in html
            ms = v["main_scheme"]
            assert f">{ms.get('threat', 0)}/{ms['target']}</text>" in html
            for e in v["encounter_play"]:
                if data.CARDS[e["code"]].type == "side_scheme":
                    assert f'data-uid="{e["uid"]}"' in html
            assert f"<title>deck: {v['encounter_deck']}</title>" in html
            # the board offers only the seat's current options, and every card it can play is clickable
            opts = set(v["decision"].get("options", []))
            on_board = {unescape(o) for o in OPTION.findall(html)}
            assert on_board == set(drawn) <= opts
            if seat is None or v["decision"].get("seat") != seat:
                assert not on_board
            plays = {o for o in opts if o.startswith(("play:", "use:", "aatk:", "athw:"))}
            assert plays <= on_board
            seen_play += len(plays)
    assert seen_play, "the random games offered cards to play"


def test_no_other_hand_in_the_fragment():
    """Seat 0's drawing holds nothing of seat 1's hand: neither its uids nor any card only that hand holds."""
    checked = 0
    for _, s in _states(5, 300, every=11):
        v0, v1 = s.view(0), s.view(1)
        html, _ = _draw(v0, 0)
        uids = {int(u) for u in UID.findall(html)}
        hand1 = {c["uid"] for c in v1["players"][1]["hand"]}
        assert not uids & hand1
        public = {c["code"] for c in [v0["villain"], v0["main_scheme"], *v0["encounter_play"]]}
        for p in v0["players"]:
            public |= {c["code"] for c in [p["identity"], *p["play"], *p.get("hand", [])]} | set(p["discard"])
        public |= set(v0["encounter_discard"])
        for c in v1["players"][1]["hand"]:
            if c["code"] not in public:
                assert f'data-code="{c["code"]}"' not in html
                checked += 1
        # the spectator sees no hand at all
        spec, _ = _draw(s.view(None), None)
        assert "Your hand" not in spec
        assert not {int(u) for u in UID.findall(spec)} & (hand1 | {c["uid"] for c in v0["players"][0]["hand"]})
    assert checked


def test_every_text_is_escaped():
    g = load("champions", heroes=["spider_man"])
    s = g.new_game(1)
    v = s.view(0)
    v["players"][0]["identity"]["name"] = '<img src=x onerror="alert(1)">'
    v["players"][0]["hand"][0]["name"] = "</title><script>x</script>"
    v["decision"]["options"] = ['play:"><b>']
    html, _ = _draw(v, 0)
    assert "<img" not in html and "<script>" not in html and '"><b>' not in html
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in html


def test_exhausted_card_is_turned_and_can_act_is_a_button():
    g = load("champions", heroes=["spider_man"])
    s = g.new_game(1)
    v = s.view(0)
    v["players"][0]["identity"]["exhausted"] = True
    uid = v["players"][0]["hand"][0]["uid"]
    v["decision"] = {"seat": 0, "seats": [], "prompt": "", "options": [f"play:{uid}", "end"]}
    html, drawn = _draw(v, 0)
    ident = v["players"][0]["identity"]["uid"]
    card = re.search(rf'<svg[^>]*data-uid="{ident}".*?</svg>', html)
    assert card and 'rotate(90)' in card.group(0) and "EXHAUSTED" in card.group(0)
    assert re.search(rf'<button type="button" class="cslot act" data-option="play:{uid}"[^>]*><svg[^>]*data-uid="{uid}"',
                     html)
    assert drawn == [f"play:{uid}"]
    # two options of one card: a small button for each
    v["decision"]["options"] = [f"play:{uid}", f"d:{uid}"]
    html, drawn = _draw(v, 0)
    assert sorted(drawn) == sorted(v["decision"]["options"])
    assert f'data-option="d:{uid}" title="Discard: ' in html


def test_every_copy_of_a_card_in_hand_carries_the_option_that_plays_one():
    """Contract 'labels': a menu offers copies of a card in hand once (the first copy), so on the board every copy
    is the button for it, and none is marked as unplayable (playing either copy is the same)."""
    g = load("champions", heroes=["spider_man"])
    s = g.new_game(1)
    v = s.view(0)
    hand = v["players"][0]["hand"]
    hand[1] = dict(hand[1], code=hand[0]["code"], name=hand[0]["name"])  # a second copy of the first card
    a, b = hand[0]["uid"], hand[1]["uid"]
    v["decision"] = {"seat": 0, "seats": [], "prompt": "", "options": [f"play:{a}", "end"]}
    html, _ = _draw(v, 0)
    for u in (a, b):
        assert re.search(rf'<button type="button" class="cslot act" data-option="play:{a}"[^>]*><svg[^>]*data-uid="{u}"',
                         html), u
    assert "data-unplayable" not in re.search(rf'<[^>]*>\s*<svg[^>]*data-uid="{b}"', html).group(0)


def _contrast(a: str, b: str) -> float:
    def lum(h: str) -> float:
        r, g, b_ = (int(h[i:i + 2], 16) / 255 for i in (1, 3, 5))
        f = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b_)]
        return 0.2126 * f[0] + 0.7152 * f[1] + 0.0722 * f[2]
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_colours_meet_wcag_aa():
    """Text on every card band and resource icon has a contrast of at least 4.5:1 (WCAG AA)."""
    from capes.games.champions.web import BAND, RES
    for colour in BAND.values():
        assert _contrast(colour, "#ffffff") >= 4.5, colour
    for _, fill, fg in RES.values():
        assert _contrast(fill, fg) >= 4.5, fill


def test_every_card_is_reachable_by_keyboard():
    """Each card is a button (one choice), holds buttons (several) or takes the focus (to read its text)."""
    for _, s in _states(4, 200, every=13):
        html, _ = _draw(s.view(s.decision.seat), s.decision.seat)
        cards = len(re.findall(r'<svg class="card"', html))
        slots = len(re.findall(r'<span class="cslot" tabindex="0"[^>]*><svg class="card"', html))
        acts = len(re.findall(r'<button type="button" class="cslot act" data-option="[^"]*"[^>]*><svg class="card"', html))
        groups = len(re.findall(r'<span class="cslot acts" role="group"[^>]*><svg class="card"', html))
        assert cards == slots + acts + groups > 0


def test_every_encounter_card_is_drawn_once():
    """An attachment on an ally or a side scheme (no zone of its own) is still drawn, once; so is each card."""
    g = load("champions", heroes=["spider_man"])
    s = g.new_game(1)
    v = s.view(0)
    ally = {"uid": 900, "code": "01002", "name": "Black Cat", "stats": {"atk": 1, "thw": 1, "hp": 2}}
    v["players"][0]["play"].append(ally)
    v["encounter_play"] += [
        {"uid": 901, "code": "01107", "name": "Side", "threat": 2},
        {"uid": 902, "code": "01098", "name": "On ally", "attached_to": 900},
        {"uid": 903, "code": "01099", "name": "On villain", "attached_to": v["villain"]["uid"]},
    ]
    for e in v["encounter_play"]:
        assert e["code"] in data.CARDS
    html, _ = _draw(v, 0)
    for u in (900, 901, 902, 903):
        assert len(re.findall(rf'data-uid="{u}"', html)) == 1, u
    assert "on Black Cat" in html


GENERIC = ("not among your options now", "no card can be played at this decision", "the game is over")


@pytest.mark.parametrize("seed", [1, 4])
def test_unplayable_hand_cards_are_marked_with_a_true_reason(seed):
    """issue 12 (Champions: a card that can act now highlighted) / champions/rr/playing-cards: a card in hand the
    seat can do nothing with now is marked as such, and its reason is the engine's own (why_unplayable) whenever
    the drawing names a rule; a card with an option is never marked."""
    named = marked = 0
    for _g, s in _states(seed, 500, every=3):
        for seat in (0, 1):
            v = s.view(seat)
            html, _ = _draw(v, seat)
            opts = v["decision"].get("options", [])
            for c in v["players"][seat]["hand"]:
                m = re.search(rf'<span class="cslot" tabindex="0" data-unplayable="([^"]*)"[^>]*><svg class="card"'
                              rf'[^>]*data-uid="{c["uid"]}"', html)
                # a menu offers copies of a card in hand once: each copy carries the option
                copies = {str(h["uid"]) for h in v["players"][seat]["hand"] if h["code"] == c["code"]}
                has_opt = any(o.split(":")[1:2] == [str(c["uid"])] or (o.split(":")[0] in ("play", "pay", "d", "trig")
                                                                      and o.split(":")[1:2] and o.split(":")[1] in copies)
                              for o in opts)
                assert (m is None) == has_opt, (c, opts)
                if m is None:
                    continue
                marked += 1
                why = unescape(m.group(1))
                engine = s.why_unplayable(seat, c["uid"])
                if why.startswith("not your decision now"):
                    assert v["decision"]["seat"] != seat and f"P{v['decision']['seat'] + 1} is deciding" in why
                elif why not in GENERIC:
                    assert why == engine, (c["name"], why, engine)
                    named += 1
    assert marked and named, (marked, named)


def test_unplayable_card_is_dimmed_with_its_reason_first_in_the_tooltip():
    """issue 12 (Champions): the reason is readable on hover (the card's title) and the card is drawn dimmed."""
    for _g, s in _states(2, 300, every=5):
        seat = s.decision.seat
        v = s.view(seat)
        html, _ = _draw(v, seat)
        m = re.search(r'data-unplayable="([^"]*)"[^>]*><svg class="card"[^>]*><title>([^<]*)</title><g opacity="0.5">',
                      html)
        if m:
            assert unescape(m.group(2)).startswith(f"Cannot be played now: {unescape(m.group(1))}.")
            assert "CAN&#x27;T PLAY NOW" in html or "CAN'T PLAY NOW" in html
            return
    raise AssertionError("no unplayable card in hand")


def test_headers_name_the_side_that_is_up():
    """issue 12 (Champions: identity, which side is up): the text render's header and the drawing's header name the
    deciding player by the side of the identity that is up — Peter Parker in alter-ego form, Spider-Man in hero form
    (the header said "Spider-Man" while Peter Parker was up)."""
    g = load("champions", heroes=["spider_man"])
    s = g.new_game(1)
    assert s.view(0)["players"][0]["identity"]["form"] == "alter-ego"
    text = g.render(s, 0)
    assert "P1 Peter Parker (alter-ego) to decide" in text.splitlines()[:2]
    head = _draw(s.view(0), 0)[0].split('<p class="ct-head">')[1].split("</p>")[0]
    assert "deciding: P1 Peter Parker (you)" in head and "Spider-Man" not in head
    rng = random.Random(1)
    while s.decision.seat is not None and s.view(0)["players"][0]["identity"]["form"] != "hero":
        flip = [o.id for o in s.decision.options if o.id == "flip"]
        s.apply(flip[0] if flip else rng.choice(s.decision.options).id)
    assert s.decision.seat == 0
    assert "P1 Spider-Man (hero) to decide" in g.render(s, 0).splitlines()[:2]
    assert "deciding: P1 Spider-Man (you)" in _draw(s.view(0), 0)[0]


def _cold(fn: Any) -> Any:
    """``fn()`` with every memo of the drawing emptied first."""
    from capes.games.champions.web import clear_caches

    clear_caches()
    return fn()


def test_memoized_drawing_equals_a_cold_drawing():
    """The drawing is a function of the view (issue 11: labels and drawings keep no cache that outlives their
    input): the card memo is keyed by everything a card's drawing reads, so views drawn one after another along
    real games (several seeds, random play, every seat and the spectator, the memo warm from the earlier views
    and the other games) draw byte for byte what each draws with every memo emptied."""
    from capes.games.champions import web

    warm = []
    cold = []
    configs = [dict(heroes=["spider_man", "she_hulk"]), dict(heroes=["captain_marvel", "iron_man"], villain="klaw"),
               dict(heroes=["black_panther", "spider_man", "iron_man"], villain="ultron", mode="expert"),
               dict(heroes=["she_hulk"], villain="klaw", modulars=["masters_of_evil"])]
    for seed, cfg in enumerate(configs, 11):
        g = load("champions", **cfg)
        s = g.new_game(seed)
        rng = random.Random(seed)
        for i in range(500):
            if s.decision.seat is None:
                break
            if i % 4 == 0:
                for seat in (*range(g.num_seats), None):
                    v = s.view(seat)
                    warm.append(web.draw(v, seat))
                    cold.append(_cold(lambda v=v, seat=seat: web.draw(v, seat)))
            s.apply(rng.choice(s.decision.options).id)
    assert len(warm) > 300
    assert warm == cold
    assert web.cards._CARDS  # the memo was used


def test_card_memo_tells_numbers_from_flags():
    """The card memo's key holds the exact value of each number it reads: a count of 1 and a flag True (equal in
    Python) draw differently, and so they are never taken for one another."""
    from capes.games.champions import web

    c = data.CARDS["01094"]
    one = web.card_svg(c, {"uid": 5, "damage": 1, "threat": 1})
    flag = web.card_svg(c, {"uid": 5, "damage": True, "threat": True})
    assert _cold(lambda: web.card_svg(c, {"uid": 5, "damage": True, "threat": True})) == flag != one
    assert _cold(lambda: web.card_svg(c, {"uid": 5, "damage": 1, "threat": 1})) == one


def test_card_memo_key_holds_every_input():
    """Each thing a card's drawing reads, changed alone, is drawn as a cold drawing draws it (a key missing one
    would give the drawing memoized for the other value)."""
    from capes.games.champions import web

    base = {"uid": 7, "stats": {"atk": 2, "sch": 1, "hp": 28}, "hp": 28}
    variants = [{}, {"damage": 3}, {"damage": 4}, {"threat": 2}, {"counters": 1}, {"counters": 2},
                {"status": ["stunned"]}, {"status": ["stunned", "tough"]}, {"exhausted": True},
                {"stats": {"atk": 3, "sch": 1, "hp": 28}}, {"attached_to": 3}, {"uid": 8}]
    kwargs = [{}, {"big": True}, {"note": "on Rhino"}, {"threat_target": 9}, {"threat_target": 10},
              {"villain_hp": 28}, {"villain_hp": 30}, {"label": "▶ Attack"}, {"why": "wrong form"}]
    for code in ("01094", "01097b", "01001a"):
        c = data.CARDS[code]
        for kw in kwargs:
            for var in variants:
                d = {**base, **var}
                assert web.card_svg(c, d, **kw) == _cold(lambda c=c, d=d, kw=kw: web.card_svg(c, d, **kw)), (var, kw)


def _perturbed(v: dict[str, Any]) -> Any:
    """Copies of view ``v``, each with one thing changed: every number, flag and list a drawing reads, on every
    card and every pile."""
    import copy

    def cards(w: dict[str, Any]) -> list[dict[str, Any]]:
        out = [w["villain"], w["main_scheme"], *w["encounter_play"]]
        for p in w["players"]:
            out += [p["identity"], *p["play"], *p.get("hand", [])]
        return out

    for k in range(len(cards(v))):
        for field, value in (("damage", 1), ("threat", 1), ("counters", 1), ("exhausted", True),
                             ("status", ["confused"]), ("stats", {"atk": 9, "thw": 9, "def": 9, "hp": 99})):
            w = copy.deepcopy(v)
            d = cards(w)[k]
            d[field] = (d.get(field) or 0) + value if isinstance(value, int) and field != "exhausted" else value
            yield w
    for path, value in ((("acceleration_tokens",), 2), (("villain_stages_left",), 2), (("main_stages_left",), 1),
                        (("encounter_deck",), 3), (("boost_facedown",), 1), (("first_player",), 1)):
        w = copy.deepcopy(v)
        w[path[0]] = value
        yield w
    for i in range(len(v["players"])):
        for field, value in (("deck_size", 1), ("hand_size", 7), ("facedown_encounter", 1), ("alive", 0)):
            w = copy.deepcopy(v)
            w["players"][i][field] = value
            yield w
        w = copy.deepcopy(v)
        w["players"][i]["discard"].append(w["villain"]["code"])
        yield w
    w = copy.deepcopy(v)
    w["encounter_discard"].append(w["villain"]["code"])
    yield w
    w = copy.deepcopy(v)
    w["victory_display"].append(w["villain"]["code"])
    yield w
    w = copy.deepcopy(v)
    w["boost_faceup"] = [*(w.get("boost_faceup") or []), "01094"]
    yield w


def test_memo_follows_every_change_of_the_view():
    """Each area of the table memoized (the villain's side, each player's area, each card) is redrawn when anything
    it shows changes: a view changed in one place (a card's damage, threat, counters, exhausted, status or stats,
    a pile, a stage, the first player) draws, with the memo warm from the unchanged view, what it draws cold."""
    from capes.games.champions import web

    picked = 0
    for seed, cfg in ((21, dict(heroes=["spider_man", "she_hulk"])),
                      (22, dict(heroes=["black_panther", "iron_man"], villain="ultron"))):
        g = load("champions", **cfg)
        s = g.new_game(seed)
        rng = random.Random(seed)
        for i in range(400):
            if s.decision.seat is None:
                break
            v = s.view(s.decision.seat)
            if i % 60 == 30 or (i % 10 == 0 and any(e.get("attached_to") is not None for e in v["encounter_play"])
                                and picked < 6):
                picked += 1
                for seat in (s.decision.seat, None):
                    base = s.view(seat)
                    # an attachment on an identity too (its numbers are drawn in that player's area)
                    base["encounter_play"].append({"uid": 990, "code": "01098", "name": "On identity",
                                                   "attached_to": base["players"][0]["identity"]["uid"]})
                    web.draw(base, seat)
                    for w in _perturbed(base):
                        assert web.draw(w, seat) == _cold(lambda w=w, seat=seat: web.draw(w, seat))
            s.apply(rng.choice(s.decision.options).id)
    assert picked >= 4


def test_boost_cards_turned_faceup_are_shown_rr_boost():
    """champions/rr/boost: from when an attack's (or scheme's) boost cards are turned until it ends they are public
    (the view names them): the table draws each of them as a card, marked "faceup boost", beside the facedown
    pile, and the terminal lists them, so that a person answering the response window sees what the log names
    ("Boost: ...")."""
    g = load("champions")
    found = 0
    for seed in range(40):
        s, rng = g.new_game(seed), random.Random(seed)
        while not s.is_over and len(s.actions) < 300 and found < 10:
            v = s.view(0)
            if v["boost_faceup"] and s.decision.seat == 0:
                html = unescape(_draw(v, 0)[0])
                for code in v["boost_faceup"]:
                    name = data.CARDS[code].name
                    assert f"<title>{name}:" in html, name
                assert html.count(">faceup boost<") == len(v["boost_faceup"])
                text = g.render(s, 0)  # the terminal too
                assert all(f"{data.CARDS[c].name} (faceup, boost " in text for c in v["boost_faceup"]), text
                found += 1
            s.apply(rng.choice(s.decision.options).id)
        if found >= 10:
            break
    assert found >= 10, found
