"""The Hint button and bots' reasons in a real browser (issue 41, "Good company at a table" and "Hints"): a human
seat asks what the hard bot would choose and why, the game does not move, the hinted option is marked; a table
made with "no hints" shows no button and refuses a hint request; a bot team-mate's choice comes with its reason
in the log."""

from __future__ import annotations

import json
import re
from urllib.parse import urlencode

import pytest

from tests.web.browser import SHOTS, chromium, require_browser, running_server

require_browser()

from playwright.sync_api import expect  # noqa: E402

expect.set_options(timeout=30_000)


@pytest.fixture(scope="module")
def browser():
    SHOTS.mkdir(exist_ok=True)
    with chromium() as b:
        yield b


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with running_server(tmp_path_factory.mktemp("hints") / "capes.db", "--bot-pause", "0.05") as srv:
        yield srv


def make_table(url: str, seats: list[str], seed: int, hints: bool = True, **cfg: object) -> tuple[str, list[str]]:
    """A Champions table from the lobby form: (table id, the join links in seat order)."""
    import httpx

    data = [(f"seat.{i + 1}", k) for i, k in enumerate(seats)] + [("seed", str(seed))]
    if not hints:
        data.append(("no_hints", "on"))
    for k, v in cfg.items():
        for item in (v if isinstance(v, list) else [v]):
            data.append((f"cfg.{k}", str(item)))
    r = httpx.post(f"{url}/new/champions", content=urlencode(data), timeout=30,
                   headers={"content-type": "application/x-www-form-urlencoded", "origin": url})
    assert r.status_code == 200, r.text[-800:]
    tid = re.search(r'id="table-id">([0-9a-f]+)<', r.text).group(1)
    links = [m.replace("&amp;", "&") for m in re.findall(r'value="(http[^"]+#[^"]+)"', r.text)]
    return tid, links


def open_seat(browser, link: str, errors: list[str]):
    page = browser.new_context(viewport={"width": 1366, "height": 900}).new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(link)
    expect(page.locator("#conn")).to_have_text("live")
    expect(page.locator("#options button").first).to_be_visible()
    return page


def test_hint_button_names_a_choice_and_its_reason_and_moves_nothing(browser, server):
    errors: list[str] = []
    _, links = make_table(server.url, ["human"], seed=5, heroes=["spider_man"], villain="rhino")
    page = open_seat(browser, links[0], errors)
    n = page.locator("#table").get_attribute("data-n")
    expect(page.locator("#hint")).to_be_visible()
    page.click("#hint")
    expect(page.locator("#hint-text")).to_contain_text("bot would choose")
    expect(page.locator("[data-option].hinted").first).to_be_attached()
    assert page.locator("#table").get_attribute("data-n") == n  # the hint played nothing
    page.screenshot(path=SHOTS / "champions-hint.png")
    assert not errors, errors


def test_no_hints_table_shows_no_button_and_refuses_a_request(browser, server):
    errors: list[str] = []
    tid, links = make_table(server.url, ["human"], seed=6, hints=False, heroes=["spider_man"], villain="rhino")
    page = open_seat(browser, links[0], errors)
    expect(page.locator("#hint-bar")).to_be_hidden()
    from websockets.sync.client import connect

    token = links[0].split("#", 1)[1]
    with connect(f"ws://127.0.0.1:{server.port}/ws/{tid}") as ws:  # (this page replaces the browser's)
        ws.send(json.dumps({"type": "hello", "token": token}))
        n = None
        while n is None:
            m = json.loads(str(ws.recv(timeout=20)).partition("\n")[0])
            n = m["n"] if m["type"] == "state" else None
        ws.send(json.dumps({"type": "hint", "n": n}))
        while True:
            m = json.loads(str(ws.recv(timeout=20)).partition("\n")[0])
            if m["type"] == "error":
                assert "hints are off at this table" in m["message"]
                break
            assert m["type"] != "hint"
    assert not errors, errors


def test_a_bot_team_mate_says_why(browser, server):
    """Seat 2 is a normal bot: after seat 1's setup choices, the bot's own choices arrive with their reasons."""
    errors: list[str] = []
    _, links = make_table(server.url, ["human", "normal"], seed=7, heroes=["spider_man", "she_hulk"],
                          villain="rhino")
    page = open_seat(browser, links[0], errors)
    for _ in range(40):
        if page.locator("#log li.reason").count():
            break
        buttons = page.locator("#options button")
        if buttons.count():
            buttons.last.click()
        page.wait_for_timeout(300)
    expect(page.locator("#log li.reason").first).to_contain_text("(bot): ")
    assert not errors, errors
