"""In a real browser (Playwright + Chromium): a page that rebuilds its board from the pieces it is sent shows,
after every action of a game, exactly the seat's whole drawing (``board_html`` of the engine's state, parsed by
the same browser), for every game, and a page opened mid-game shows the same."""

from __future__ import annotations

import random
import re

import pytest

from tests.web.browser import chromium, create_table, require_browser, running_server

require_browser()

from playwright.sync_api import Page, expect  # noqa: E402

from capes.core.registry import load  # noqa: E402
from capes.web.views import board_html  # noqa: E402

expect.set_options(timeout=15_000)

#: the board as shown, and the whole drawing parsed by the page's own browser (serialized alike)
SAME_AS_WHOLE = """whole => {
  const d = document.createElement("div");
  d.innerHTML = whole;
  return [document.getElementById("board").innerHTML, d.innerHTML];
}"""

GAMES = [("champions", {"heroes": ["spider_man", "she_hulk"]}, 40),
         ("heroes", {"players": 2}, 25), ("alliances", {"players": 2}, 25)]


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with running_server(tmp_path_factory.mktemp("pieces") / "capes.db", "--bot-pause", "0") as srv:
        yield srv


def open_seat(browser, url: str, errors: list[str]) -> Page:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)  # (evaluate below)
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    expect(page.locator("#conn")).to_have_text("live")
    return page


def shows_whole(page: Page, whole: str) -> None:
    shown, want = page.evaluate(SAME_AS_WHOLE, whole)
    assert shown == want


@pytest.mark.parametrize(("game", "cfg", "actions"), GAMES, ids=[g[0] for g in GAMES])
def test_a_patched_page_shows_the_whole_drawing_after_every_action(browser, server, game, cfg, actions):
    seed = 12
    tid, tokens = create_table(server.url, game, ["human", "human"], seed, **cfg)
    errors: list[str] = []
    pages = {s: open_seat(browser, f"{server.url}/t/{tid}#{tok}", errors) for s, tok in tokens.items()}
    st = load(game, **cfg).new_game(seed)
    g = st.game
    rng = random.Random(seed)
    for k in range(actions + 1):
        for s, page in pages.items():
            expect(page.locator("#table")).to_have_attribute("data-n", str(k))
            shows_whole(page, board_html(g, st, s))
        if st.is_over or k == actions:
            break
        actor = pages[st.decision.seat]
        option = rng.choice(st.decision.options).id
        # click the option: on the board when it is drawn there (the drawing's own click-to-act), else its button
        on_board = actor.locator(f'#board [data-option="{option}"]')
        if on_board.count() and on_board.first.is_visible():
            on_board.first.click()
        else:
            actor.locator(f'#options button[data-option="{option}"]').click()
        st.apply(option)
    # a page opened now holds no piece: it is sent every one, and shows the same
    late = open_seat(browser, f"{server.url}/t/{tid}#{tokens[0]}", errors)
    expect(late.locator("#table")).to_have_attribute("data-n", re.compile(rf"^{len(st.actions)}$"))
    shows_whole(late, board_html(g, st, 0))
    assert late.locator("#board").inner_html() == pages[0].locator("#board").inner_html()
    assert not errors, errors
    for page in [*pages.values(), late]:
        page.context.close()
