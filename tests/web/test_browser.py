"""Real-browser tests: Playwright for Python driving Debian's Chromium (/usr/bin/chromium) against
a real `python -m capes.web.server` process. Screenshots go to .screenshots/ (not committed).

Without Chromium these tests skip with a one-line hint; CAPES_REQUIRE_BROWSER=1 (set by .ci/run)
turns that skip into a failure."""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path

import pytest

from tests.web.browser import (
    SHOTS,
    chromium,
    create_table,
    fast_forward,
    require_browser,
    running_server,
)

require_browser()

from playwright.sync_api import Page, expect  # noqa: E402

from capes.core.registry import load  # noqa: E402

expect.set_options(timeout=15_000)

#: bots pause a little so that a page can follow them
PAUSE = ("--bot-pause", "0.15")


@pytest.fixture(scope="module")
def browser():
    SHOTS.mkdir(exist_ok=True)
    with chromium() as b:
        yield b


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One real server process for the module, with the protocol's example game registered too."""
    with running_server(tmp_path_factory.mktemp("web") / "capes.db", *PAUSE, example=True) as srv:
        yield srv


def seat_page(browser, url: str, errors: list[str], table: bool = True) -> Page:
    """A page in a browser context of its own (its own storage: another person)."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    if table:
        expect(page.locator("#conn")).to_have_text("live")
        expect(page.locator("#table")).to_have_attribute("data-n", re.compile(r"^\d+$"))  # a state is shown
    return page


def n_of(page: Page) -> int:
    return int(page.locator("#table").get_attribute("data-n") or -1)


def wait_n(page: Page, n: int) -> None:
    """Until the page shows ``n`` actions (an assertion that polls; the page's CSP forbids eval)."""
    expect(page.locator("#table")).to_have_attribute("data-n", str(n))


def click_round(pages: list[Page], rng: random.Random) -> None:
    """The page whose seat is to act clicks one of its buttons; every page then shows the new action."""
    n = n_of(pages[0])
    deadline = time.monotonic() + 15
    while not (actor := [p for p in pages if p.locator("#options button").count()]) and time.monotonic() < deadline:
        time.sleep(0.05)  # a bot or the engine may still be moving
    assert len(actor) == 1, "exactly one seat has buttons"
    buttons = actor[0].locator("#options button")
    buttons.nth(rng.randrange(buttons.count())).click()
    for p in pages:
        wait_n(p, n + 1)


def test_two_browsers_play_champions_by_clicking(browser, server):
    """Champions: the lobby form in a browser, then two contexts take the two seats and play three rounds."""
    errors: list[str] = []
    host = seat_page(browser, server.url + "/", errors, table=False)
    host.click("#new-champions")
    host.select_option("select[aria-label='heroes 2']", "she_hulk")
    host.select_option("#seat-2", "human")
    host.fill("#seed", "31")
    host.click("#create")
    links = [host.input_value(f"#join-{i}") for i in (1, 2)]
    host.screenshot(path=SHOTS / "lobby-created.png", full_page=True)
    p1, p2 = seat_page(browser, links[0], errors), seat_page(browser, links[1], errors)
    expect(p1.locator("#you")).to_have_text("you play Spider-Man / Peter Parker")
    expect(p2.locator("#you")).to_have_text("you play She-Hulk / Jennifer Walters")
    assert "#" not in p1.url  # the token left the address bar
    rng = random.Random(31)
    rounds = 0
    for _ in range(120):
        m = re.search(r"Round (\d+)", p1.locator("#board").inner_text())
        rounds = int(m.group(1)) if m else rounds
        if rounds >= 3 or p1.locator("#result").is_visible():
            break
        click_round([p1, p2], rng)
    assert rounds >= 3, "three rounds were played by clicking"
    # the drawing's text version is sent when it is opened, and stays open and current as the game moves
    alt = p1.locator("#board details.text-alt")
    alt.locator("summary").click()
    expect(alt.locator("pre.render")).to_contain_text("MAIN SCHEME")
    click_round([p1, p2], rng)
    expect(p1.locator("#board details.text-alt")).to_have_attribute("open", "")
    expect(p1.locator("#board details.text-alt pre.render")).to_contain_text(f"Round {rounds}")
    assert "MAIN SCHEME" not in p2.locator("#board details.text-alt pre.render").text_content()  # never opened there
    # each page shows its own hand only, and the log links each event to its rule
    assert p1.locator("#board").inner_text() != p2.locator("#board").inner_text()
    first = p1.locator("#log a.rule").first
    assert first.get_attribute("href").startswith("/rules/champions/")
    assert p1.locator("#seats li").count() == 2 and "connected" in p1.locator("#seats").inner_text()
    p1.screenshot(path=SHOTS / "champions-seat1.png", full_page=True)
    p2.screenshot(path=SHOTS / "champions-seat2.png", full_page=True)
    rule = p1.context.new_page()
    rule.goto(server.url + first.get_attribute("href"))
    expect(rule.locator("h1")).not_to_be_empty()
    # reload mid-game: the seat, its buttons and its log come back
    n, log_lines = n_of(p1), p1.locator("#log li").count()
    actor, other = (p1, p2) if p1.locator("#options button").count() else (p2, p1)
    actor.reload()
    expect(actor.locator("#conn")).to_have_text("live")
    wait_n(actor, n)
    assert actor.locator("#options button").count() > 0
    assert actor.locator("#log li").count() >= min(log_lines, 100)
    click_round([actor, other], rng)
    assert not errors, errors


def heroes_plan_to_secret_pick() -> tuple[int, list[tuple[int, str]]]:
    """A seed and the (seat, option) pairs random play takes from it up to a secret Combat Power pick."""
    game = load("heroes", players=2)
    for seed in range(1, 40):
        st = game.new_game(seed)
        rng = random.Random(seed)
        plan = []
        while not st.decision.secret and not st.is_over:
            o = rng.choice(st.decision.options).id
            plan.append((st.decision.seat, o))
            st.apply(o)
        if st.decision.secret:
            return seed, plan
    raise AssertionError("no seed in 1..39 reaches a secret Combat Power pick by random play")


def test_heroes_secret_combat_power_pick_from_both_sides(browser, server):
    seed, actions = heroes_plan_to_secret_pick()
    tid, tokens = create_table(server.url, "heroes", ["human", "human"], seed)
    fast_forward(server.port, tid, tokens, list(actions))
    errors: list[str] = []
    pages = {s: seat_page(browser, f"{server.url}/t/{tid}#{tokens[s]}", errors) for s in (0, 1)}
    for p in pages.values():
        wait_n(p, len(actions))
    first = 1 if pages[1].locator("#options button").count() else 0
    second = 1 - first
    a, b = pages[first], pages[second]
    expect(a.locator("#turn")).to_contain_text("Your secret choice")
    expect(b.locator("#turn")).to_contain_text("is choosing secretly")
    assert b.locator("#options button").count() == 0 and b.locator("#prompt").inner_text() == ""
    a.screenshot(path=SHOTS / "heroes-secret-pick.png", full_page=True)
    a.locator("#options button", has_text="Red token").click()
    wait_n(b, len(actions) + 1)
    expect(a.locator("#log")).to_contain_text("picks the red token")
    # the other seat learns that a pick was made, never which
    expect(b.locator("#log")).to_contain_text("picks a Combat Power token in secret")
    assert "picks the red token" not in b.content()
    expect(b.locator("#turn")).to_contain_text("Your secret choice")
    b.screenshot(path=SHOTS / "heroes-secret-pick-other-side.png", full_page=True)
    b.locator("#options button", has_text="Orange token").click()
    for p in (a, b):
        wait_n(p, len(actions) + 2)
        expect(p.locator("#log")).to_contain_text("Powers revealed")
    a.screenshot(path=SHOTS / "heroes-revealed.png", full_page=True)
    assert not errors, errors


def test_alliances_bots_watched_from_the_spectator_link(browser, server):
    tid, tokens = create_table(server.url, "alliances", ["alliances-heuristic"], 41)
    assert tokens == {}
    errors: list[str] = []
    page = seat_page(browser, f"{server.url}/t/{tid}?watch", errors)
    expect(page.locator("#you")).to_have_text("watching")
    expect(page.locator("#table")).to_have_attribute("data-n", re.compile(r"^([5-9]|\d\d+)$"))
    assert page.locator("#options button").count() == 0
    page.screenshot(path=SHOTS / "alliances-spectator.png", full_page=True)
    assert not errors, errors


def test_server_sigkilled_mid_game_and_restarted_loses_nothing(browser, tmp_path):
    db = tmp_path / "kill.db"
    errors: list[str] = []
    rng = random.Random(33)
    with running_server(db, *PAUSE) as srv:
        tid, tokens = create_table(srv.url, "champions", ["human", "human"], 33,
                                   heroes=["spider_man", "captain_marvel"])
        pages = [seat_page(browser, f"{srv.url}/t/{tid}#{tokens[s]}", errors) for s in (0, 1)]
        for _ in range(8):
            click_round(pages, rng)
        n = n_of(pages[0])
        boards = [p.locator("#board").inner_text() for p in pages]
        srv.kill()
        for p in pages:
            expect(p.locator("#conn")).to_have_text("reconnecting…")
    with running_server(db, *PAUSE, port=srv.port):  # the same port and file
        for p, before in zip(pages, boards, strict=True):
            expect(p.locator("#conn")).to_have_text("live", timeout=20_000)
            wait_n(p, n)  # every acknowledged action is still there
            assert p.locator("#board").inner_text() == before
        for _ in range(4):
            click_round(pages, rng)  # and the game goes on
        assert n_of(pages[1]) == n + 4
        pages[0].screenshot(path=SHOTS / "champions-after-restart.png", full_page=True)
        assert not errors, errors


def test_glossary_secret_picks_result_and_save_on_the_example_game(browser, server):
    """The protocol's example game: each seat's glossary (its own cards), the result and the save."""
    tid, tokens = create_table(server.url, "example", ["human", "human"], 5)
    errors: list[str] = []
    pages = [seat_page(browser, f"{server.url}/t/{tid}#{tokens[s]}", errors) for s in (0, 1)]
    for p in pages:  # the glossary is sent when a page opens it
        p.locator("#glossary summary").click()
        expect(p.locator("#glossary-list dt", has_text="High Card")).to_have_count(1)
    g0 = pages[0].locator("#glossary-list dt").all_text_contents()
    g1 = pages[1].locator("#glossary-list dt").all_text_contents()
    assert "High Card" in g0 and "High Card" in g1
    assert not {x for x in g0 if x.startswith("Card ")} & {x for x in g1 if x.startswith("Card ")}
    expect(pages[0].locator("#glossary-list dd").first).to_be_visible()
    pages[0].screenshot(path=SHOTS / "example-glossary.png", full_page=True)
    rng = random.Random(5)
    while not pages[0].locator("#result").is_visible():
        click_round(pages, rng)
    for p in pages:
        expect(p.locator("#result")).to_contain_text("Result")
        expect(p.locator("#turn")).to_have_text("The game is over.")
    with pages[1].expect_download() as dl:
        pages[1].locator("#save").click()
    doc = json.loads(Path(dl.value.path()).read_text())
    assert doc["game"] == "example" and len(doc["actions"]) == 6
    pages[1].screenshot(path=SHOTS / "example-result.png", full_page=True)
    assert not errors, errors


def test_phone_sized_table_and_lobby_form_errors(browser, server):
    """A phone-sized page stacks the columns; a bad form shows its error next to the field."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = ctx.new_page()
    page.goto(server.url + "/new/champions")
    page.select_option("select[aria-label='heroes 2']", "spider_man")
    page.click("#create")
    expect(page.locator(".field.has-error .field-error")).to_contain_text("lists an item twice")
    page.screenshot(path=SHOTS / "lobby-form-error-phone.png", full_page=True)
    page.select_option("select[aria-label='heroes 2']", "")
    page.click("#create")
    page.goto(page.input_value("#join-1"))
    expect(page.locator("#conn")).to_have_text("live")
    expect(page.locator("#options button").first).to_be_visible()
    box = page.locator("#options button").first.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390
    page.screenshot(path=SHOTS / "champions-phone.png", full_page=True)
    ctx.close()
