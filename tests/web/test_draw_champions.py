"""Champions drawn in a real browser (issue 12): a card in the hand is played by clicking it on the table, and what
the page draws is checked against the engine's view of the same game replayed here. Saves a screenshot under
.screenshots/ (not committed) and the README's copy at docs/screenshots/champions.png.

Debian's Chromium (/usr/bin/chromium) through Playwright, against a real `python -m capes.web.server` process;
without them the test skips with a one-line hint (CAPES_REQUIRE_BROWSER=1 turns that into a failure)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.web.browser import (
    ROOT,
    SHOTS,
    chromium,
    create_table,
    fast_forward,
    require_browser,
    running_server,
)

README_SHOT = ROOT / "docs" / "screenshots" / "champions.png"

require_browser()

from playwright.sync_api import expect  # noqa: E402

from capes.core.registry import load  # noqa: E402
from capes.games.champions import data  # noqa: E402

expect.set_options(timeout=15_000)
HEROES = ["spider_man", "she_hulk"]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with running_server(tmp_path_factory.mktemp("draw") / "capes.db") as (url, port):
        yield url, port


def _plan(seed: int) -> tuple[list[str], Any]:
    """Random play from ``seed`` until seat 0 may play an ally, support or upgrade from its hand in round 2 or
    later with an enemy or side scheme on the table: the options taken and the state reached."""
    g = load("champions", heroes=HEROES)
    s = g.new_game(seed)
    rng = random.Random(seed)
    plan: list[str] = []
    for _ in range(600):
        d = s.decision
        assert d.seat is not None, "the game ended before the wanted moment"
        v = s.view(0)
        playable = [o.id for o in d.options if o.id.startswith("play:") and d.seat == 0
                    and data.CARDS[s.code[int(o.id[5:])]].type in ("ally", "support", "upgrade")]
        if playable and v["round"] >= 2 and v["encounter_play"] and len(v["players"][0]["hand"]) >= 4:
            return plan, s
        ops = [o for o in d.options if o.id != "end"] if rng.random() < 0.8 else list(d.options)
        o = rng.choice(ops or list(d.options)).id
        plan.append(o)
        s.apply(o)
    raise AssertionError("no moment to play a card by clicking within 600 random steps")


def _create(url: str, seed: int) -> tuple[str, dict[int, str]]:
    return create_table(url, "champions", ["human", "human"], seed, heroes=HEROES)


def _check_drawn(page: Any, v: dict[str, Any]) -> None:
    """What the page draws is the view: every hand card and every card in play, HP and threat."""
    board = page.locator("#board .drawn")
    me = v["players"][0]
    hand = page.locator("#board section.hand [data-uid]")
    assert sorted(int(x) for x in hand.evaluate_all("els => els.map(e => e.dataset.uid)")) == \
        sorted(c["uid"] for c in me["hand"])
    drawn = {int(x) for x in board.locator("[data-uid]").evaluate_all("els => els.map(e => e.dataset.uid)")}
    for p in v["players"]:
        assert p["identity"]["uid"] in drawn
        assert {c["uid"] for c in p["play"]} <= drawn
    assert {e["uid"] for e in v["encounter_play"]} <= drawn
    other = v["players"][1]
    expect(page.locator("#board svg.pile title", has_text=f"cards in hand: {other['hand_size']}")).to_have_count(1)
    vil, ms = v["villain"], v["main_scheme"]
    vcard = board.locator(f'svg[data-uid="{vil["uid"]}"]')
    expect(vcard).to_contain_text(f"of {vil['hp']} HP")
    expect(vcard).to_contain_text(str(vil["hp"] - vil.get("damage", 0)))
    expect(board.locator(f'svg[data-uid="{ms["uid"]}"]')).to_contain_text(f"{ms.get('threat', 0)}/{ms['target']}")
    # every clickable element of the drawing is one of the seat's current options
    opts = set(v["decision"].get("options", []))
    on_board = set(board.locator("[data-option]").evaluate_all("els => els.map(e => e.dataset.option)"))
    assert on_board <= opts


def test_play_a_card_by_clicking_it(server):
    url, port = server
    seed = 7
    plan, st = _plan(seed)
    g = load("champions", heroes=HEROES)
    local = g.new_game(seed)
    seats = []
    for o in plan:
        seats.append(local.decision.seat)
        local.apply(o)
    tid, tokens = _create(url, seed)
    fast_forward(port, tid, tokens, list(zip(seats, plan, strict=True)), timeout=10)
    SHOTS.mkdir(exist_ok=True)
    errors: list[str] = []
    with chromium() as b:
        ctx = b.new_context(viewport={"width": 1280, "height": 800})
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{url}/t/{tid}#{tokens[0]}")
        expect(page.locator("#conn")).to_have_text("live")
        expect(page.locator("#table")).to_have_attribute("data-n", str(len(plan)))
        _check_drawn(page, local.view(0))
        # issue 12 (Champions): a hand card that cannot be played now is marked, its reason first in its tooltip
        v = local.view(0)
        marked = page.locator("#board section.hand [data-unplayable]")
        want = [c["uid"] for c in v["players"][0]["hand"]
                if not any(o.split(":")[1:2] == [str(c["uid"])] for o in v["decision"]["options"])]
        assert sorted(int(x) for x in marked.locator("svg.card").evaluate_all(
            "els => els.map(e => e.dataset.uid)")) == sorted(want)
        if want:
            why = marked.first.get_attribute("data-unplayable")
            expect(marked.first.locator("svg > title")).to_contain_text(f"Cannot be played now: {why}")
            expect(marked.first).to_contain_text("CAN'T PLAY NOW")
        # the card to play: a button on the table carrying its play option, in the hand
        hand = {c["uid"]: c for c in v["players"][0]["hand"]}
        target = next(o for o in v["decision"]["options"] if o.startswith("play:")
                      and data.CARDS[hand[int(o[5:])]["code"]].type in ("ally", "support", "upgrade"))
        uid = int(target[5:])
        card = page.locator(f'#board section.hand [data-option="{target}"]')
        expect(card).to_have_count(1)
        assert card.locator(f'svg[data-uid="{uid}"]').count() == 1
        # its name, type, cost and text (our own words, from data/*.yaml) are on it, the whole text in its tooltip
        c = data.CARDS[hand[uid]["code"]]
        svg = card.locator("svg")
        expect(svg.locator("title")).to_contain_text(c.text.strip()[:60])
        expect(svg).to_contain_text(str(c.cost))
        expect(svg).to_contain_text(c.type.capitalize())
        page.screenshot(path=SHOTS / "champions-before-play.png", full_page=True)
        # the README's picture: the table with the cards that can act now highlighted
        page.set_viewport_size({"width": 1280, "height": 880})
        page.evaluate("document.querySelector('#board').scrollIntoView()")
        README_SHOT.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=README_SHOT)
        page.set_viewport_size({"width": 1280, "height": 800})
        card.click()
        local.apply(target)
        paid = 0
        # pay for it on the table too: a card offered as a payment is clicked; anything else by its button
        for _ in range(12):
            expect(page.locator("#table")).to_have_attribute("data-n", str(len(local.actions)))
            if uid in {c["uid"] for c in local.view(0)["players"][0]["play"]}:
                break
            assert local.decision.seat == 0, "the payment is the seat's to make"
            ids = [o.id for o in local.decision.options]
            pay = [o for o in ids if o.startswith(("pay:", "res:"))]
            if pay:  # by keyboard: the card offered as a payment takes the focus, Enter pays with it
                page.locator(f'#board [data-option="{pay[0]}"]').first.focus()
                page.keyboard.press("Enter")
                local.apply(pay[0])
                paid += 1
            else:
                choice = next((o for o in ids if o not in ("cancel",)), ids[0])
                page.locator(f'#options button[data-option="{choice}"]').click()
                local.apply(choice)
        v = local.view(0)
        expect(page.locator("#table")).to_have_attribute("data-n", str(len(local.actions)))
        assert uid in {c["uid"] for c in v["players"][0]["play"]}, "the card clicked is in play"
        assert paid or not c.cost, "its cost was paid by keyboard on the table"
        assert uid not in {c["uid"] for c in v["players"][0]["hand"]}
        zone = {"ally": "allies", "support": "supports", "upgrade": "upgrades"}[
            data.CARDS[local.code[uid]].type]
        expect(page.locator(f'#board section.{zone} svg[data-uid="{uid}"]')).to_have_count(1)
        _check_drawn(page, v)
        page.screenshot(path=SHOTS / "champions-table.png", full_page=True)
        # a phone: the drawing wraps and stays usable
        phone = b.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
        pp = phone.new_page()
        pp.goto(f"{url}/t/{tid}#{tokens[0]}")
        expect(pp.locator("#conn")).to_have_text("live")
        assert pp.evaluate("document.documentElement.scrollWidth") <= 390 + 1
        pp.screenshot(path=SHOTS / "champions-phone.png", full_page=True)
        pp.locator("#board").scroll_into_view_if_needed()
        pp.screenshot(path=ROOT / "docs" / "screenshots" / "champions-phone.png")
    assert not errors, errors
