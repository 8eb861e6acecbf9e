"""Marvel Heroes drawn in a real browser (issue 12): a Super Hero is sent to a District by clicking on the board
(select the hero, click a lit District), and what the page draws is checked against the engine's view of the same
game replayed here. Saves screenshots under .screenshots/ (not committed) and the README's copy at
docs/screenshots/heroes.png.

Debian's Chromium (/usr/bin/chromium) through Playwright, against a real `python -m capes.web.server` process;
without them the test skips with a one-line hint (CAPES_REQUIRE_BROWSER=1 turns that into a failure)."""

from __future__ import annotations

import random
import shutil
from collections import Counter
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

README_SHOT = ROOT / "docs" / "screenshots" / "heroes.png"

require_browser()

from playwright.sync_api import expect  # noqa: E402

from capes.core.registry import load  # noqa: E402

expect.set_options(timeout=15_000)
PLAYERS = 3


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with running_server(tmp_path_factory.mktemp("draw-heroes") / "capes.db") as (url, port):
        yield url, port


def _moves(v: dict[str, Any]) -> dict[str, list[str]]:
    """The seat's District moves by hero (``move:<hero>:<area>-<icon>``)."""
    out: dict[str, list[str]] = {}
    for o in (v.get("decision") or {}).get("options", []):
        p = o.split(":")
        if len(p) == 3 and p[0] == "move" and "-" in p[2]:
            out.setdefault(p[1], []).append(o)
    return out


def _plan(seed: int) -> tuple[list[tuple[int, str]], Any]:
    """Random play from ``seed`` until seat 0 may send two or more heroes to a District in Game Round 2 or later
    (so that the board has heroes, allies and a Story track in play): the (seat, option) pairs and the state."""
    g = load("heroes", players=PLAYERS)
    s = g.new_game(seed)
    rng = random.Random(seed)
    plan: list[tuple[int, str]] = []
    for _ in range(3000):
        d = s.decision
        assert d.seat is not None, "the game ended before the wanted moment"
        if d.seat == 0 and len(_moves(s.view(0))) >= 2 and s.view(0)["round"] >= 2:
            return plan, s
        o = rng.choice(d.options).id
        plan.append((d.seat, o))
        s.apply(o)
    raise AssertionError("no moment to send a hero within 3000 random steps")


def _create(url: str, seed: int) -> tuple[str, dict[int, str]]:
    return create_table(url, "heroes", ["human"] * PLAYERS, seed, players=PLAYERS)


def _check_drawn(page: Any, v: dict[str, Any]) -> None:
    """What the page draws is the view: every hero's place on the board, every card of the hand, other hands as
    counts, only current options clickable."""
    board = page.locator("#board .heroes-table")
    tokens = board.locator("svg.heroes-board g.hero").evaluate_all(
        "els => els.map(e => [e.dataset.hero, e.dataset.loc,"
        " (e.closest('[data-district]') || e.closest('[data-space]') || {dataset: {}}).dataset.district"
        " || (e.closest('[data-space]') || {dataset: {}}).dataset.space || null])")
    drawn = {h: (loc, place) for h, loc, place in tokens}
    assert len(drawn) == len(tokens)
    for h, st in v["heroes"].items():
        loc = st["loc"]
        if "-" in loc or loc.startswith("support:"):
            assert drawn.get(h) == (loc, loc), (h, loc, drawn.get(h))
        else:
            assert h not in drawn
    cards = Counter(tuple(x) for x in board.locator(".hand-card").evaluate_all(
        "els => els.map(e => [e.dataset.kind, e.dataset.card])"))
    want = Counter([("resource", r) for r in v["resource_hand"]] + [("villain", x) for x in v["villain_hand"]]
                   + [("story", x) for x in v["stories"][0]])
    assert cards == want
    for o in range(1, PLAYERS):
        r, vl = v["hand_sizes"][o]
        expect(board.locator(f'p.hand-count[data-seat="{o}"]')).to_have_text(
            f"Hand: {r} Resource cards, {vl} Villain cards, face down")
    for s in range(PLAYERS):
        expect(board.locator(f'svg.heroes-board g.vp[data-seat="{s}"]')).to_have_attribute("data-vp",
                                                                                         str(v["vp"][s]))
    opts = set(v["decision"].get("options", []))
    on_board = set(board.locator("[data-option]").evaluate_all("els => els.map(e => e.dataset.option)"))
    assert on_board <= opts


def test_send_a_hero_to_a_district_by_clicking(server):
    url, port = server
    seed = 5
    plan, local = _plan(seed)
    g = load("heroes", players=PLAYERS)
    local = g.new_game(seed)
    for _, o in plan:
        local.apply(o)
    tid, tokens = _create(url, seed)
    fast_forward(port, tid, tokens, plan)
    SHOTS.mkdir(exist_ok=True)
    errors: list[str] = []
    with chromium() as b:
        ctx = b.new_context(viewport={"width": 1280, "height": 800})
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{url}/t/{tid}#{tokens[0]}")
        expect(page.locator("#conn")).to_have_text("live")
        expect(page.locator("#table")).to_have_attribute("data-n", str(len(plan)))
        v = local.view(0)
        _check_drawn(page, v)
        moves = _moves(v)
        heroes = list(moves)
        # the first hero is selected at the start: its Districts are lit, the second hero's are not
        first, second = heroes[0], heroes[1]
        lit = page.locator(f'#board a.target[data-option="{moves[first][0]}"]')
        expect(lit).to_be_visible()
        expect(page.locator(f'#board a.target[data-option="{moves[second][0]}"]')).to_be_hidden()
        page.screenshot(path=SHOTS / "heroes-before-send.png", full_page=True)
        # the README's picture: the board with the selected hero's Districts lit
        page.evaluate("document.querySelector('#board').scrollIntoView()")
        README_SHOT.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=README_SHOT)
        # keyboard: focusing the second hero's selector selects it, and Tab goes on to one of its Districts
        page.focus(f'#board g.hero-select[data-hero="{second}"] g.selector')
        expect(page.locator(f'#board a.target[data-option="{moves[second][0]}"]')).to_be_visible()
        # (the other heroes' selectors come first in the tab order; the lit Districts are the next options)
        focused = ""
        for _ in range(len(heroes) + 1):
            page.keyboard.press("Tab")
            focused = page.evaluate("document.activeElement.dataset.option || ''")
            if focused:
                break
        assert focused in moves[second], focused
        page.focus(f'#board g.hero-select[data-hero="{first}"] g.selector')
        expect(lit).to_be_visible()
        # select the second hero on the board by clicking, then click a District of its
        page.locator(f'#board g.hero-select[data-hero="{second}"] g.selector').click()
        target = moves[second][len(moves[second]) // 2]
        expect(page.locator(f'#board a.target[data-option="{target}"]')).to_be_visible()
        expect(lit).to_be_hidden()
        page.locator(f'#board a.target[data-option="{target}"]').click()
        local.apply(target)
        expect(page.locator("#table")).to_have_attribute("data-n", str(len(plan) + 1))
        v = local.view(0)
        assert v["heroes"][second]["loc"] == target.split(":")[2]
        dist = target.split(":")[2]
        expect(page.locator(f'#board [data-district="{dist}"] g.hero[data-hero="{second}"]')).to_have_count(1)
        _check_drawn(page, v)
        page.screenshot(path=SHOTS / "heroes-table.png", full_page=True)
        # a phone: the drawing scales and the page does not scroll sideways
        phone = b.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
        pp = phone.new_page()
        pp.goto(f"{url}/t/{tid}#{tokens[0]}")
        expect(pp.locator("#conn")).to_have_text("live")
        assert pp.evaluate("document.documentElement.scrollWidth") <= 390 + 1
        pp.screenshot(path=SHOTS / "heroes-phone.png", full_page=True)
    assert not errors, errors


def _combat_plan() -> tuple[int, list[tuple[int, str]], Any]:
    """Random 2-player play until seat 0 decides inside a combat whose dice hold a die rolled again (a BOOST's
    extra die): (seed, the (seat, option) pairs, the state)."""
    g = load("heroes", players=2)
    for seed in range(1, 40):
        s = g.new_game(seed)
        rng = random.Random(seed)
        plan: list[tuple[int, str]] = []
        for _ in range(3000):
            d = s.decision
            if d.seat is None:
                break
            cb = s.view(0)["combat"]
            if d.seat == 0 and cb and cb["roll"] in ("a1", "a2") and any(f >= 10 for f in cb["Hdice"] + cb["Vdice"]):
                return seed, plan, s
            o = rng.choice(d.options).id
            plan.append((d.seat, o))
            s.apply(o)
    raise AssertionError("no combat with a die rolled again in random play")


def test_combat_drawn_as_it_happens_desktop_and_phone(server):
    """issue 12 (Heroes: combat shown as it happens; All games: a phone): in the middle of a real game the page
    draws both combatants, the revealed Combat Power tokens, every die as rolled with the dice rolled again marked,
    each side's HITS and the comparison with its KO (heroes/combat/2); at 390x844 the combat panel keeps a
    readable size (it is not the board's 1200-unit width shrunk to the phone)."""
    url, port = server
    seed, plan, local = _combat_plan()
    tid, tokens = create_table(url, "heroes", ["human", "human"], seed, players=2)
    fast_forward(port, tid, tokens, plan)
    v = local.view(0)
    cb = v["combat"]
    errors: list[str] = []
    with chromium() as b:
        for size, name in (({"width": 1280, "height": 900}, "heroes-combat"), ({"width": 390, "height": 844},
                                                                             "heroes-combat-phone")):
            page = b.new_context(viewport=size, is_mobile=size["width"] < 500).new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(f"{url}/t/{tid}#{tokens[0]}")
            expect(page.locator("#conn")).to_have_text("live")
            expect(page.locator("#table")).to_have_attribute("data-n", str(len(plan)))
            panel = page.locator("#board svg.heroes-combat")
            expect(panel).to_have_count(1)
            for side in ("H", "V"):
                dice = panel.locator(f'g.combatant[data-side="{side}"] g.die').evaluate_all(
                    "els => els.map(e => [Number(e.dataset.face), e.dataset.again])")
                assert dice == [[f, str(int(f >= 10))] for f in cb[side + "dice"]]
                expect(panel.locator(f'g.combatant[data-side="{side}"] g.power-token')).to_have_attribute(
                    "data-state", "shown")
            assert panel.locator('g.die[data-again="1"]').count() >= 1
            outcome = panel.locator("g.compare").get_attribute("data-outcome") or ""
            assert outcome.startswith(("KO on", "no KO")), outcome
            text = panel.locator("g.compare text").first.bounding_box()
            assert text is not None and text["height"] >= 8, text  # readable on a phone too
            if size["width"] < 500:
                assert page.evaluate("document.documentElement.scrollWidth") <= 390 + 1
            panel.scroll_into_view_if_needed()
            panel.screenshot(path=SHOTS / f"{name}.png")
            shutil.copyfile(SHOTS / f"{name}.png", ROOT / "docs" / "screenshots" / f"{name}.png")
    assert not errors, errors
