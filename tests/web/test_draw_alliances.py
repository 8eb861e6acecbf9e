"""Alliances drawn in a real browser (issue 12): a game played by clicking its board — Deployment Spaces clicked
(one with the keyboard), a Character activated by clicking its figure, a Move made by clicking a highlighted
Space — with every drawn Character and Enemy checked against the engine's view after each action.

Playwright for Python drives Debian's Chromium (/usr/bin/chromium) against a real ``python -m capes.web.server``
process. A screenshot goes to .screenshots/alliances-board.png (not committed) and to
docs/screenshots/alliances.png (the README's). Without Chromium the test skips with a one-line hint;
CAPES_REQUIRE_BROWSER=1 turns that skip into a failure.
"""

from __future__ import annotations

import random
import re
import shutil
from typing import Any
from urllib.parse import urlencode

import pytest

from tests.web.browser import ROOT, SHOTS, chromium, require_browser, running_server

DOCS_SHOT = ROOT / "docs" / "screenshots" / "alliances.png"

require_browser()

import httpx  # noqa: E402
from playwright.sync_api import Page, expect  # noqa: E402

import capes  # noqa: E402

expect.set_options(timeout=15_000)
SEED = 7
JOIN = re.compile(r'data-seat="(\d+)" readonly value="([^"]*/t/([0-9a-f]+)#[A-Za-z0-9_-]+)"')


@pytest.fixture(scope="module")
def server_url(tmp_path_factory):
    """A real server process in its own session (stopped with its bot workers at the end)."""
    with running_server(tmp_path_factory.mktemp("web-alliances") / "capes.db", "--bot-pause", "0.1") as (url, _):
        yield url


def _new_table(url: str) -> str:
    """A one-player Alliances table made through the lobby form: the seat's join link."""
    r = httpx.post(f"{url}/new/alliances", content=urlencode([("seat.1", "human"), ("seed", str(SEED))]),
                   headers={"content-type": "application/x-www-form-urlencoded", "origin": url}, timeout=30)
    assert r.status_code == 200, r.text[-1500:]
    links = JOIN.findall(r.text)
    assert len(links) == 1, r.text[-1500:]
    return links[0][1]


def _pick(options: list[str]) -> str:
    """The option a player heading for a Move would take: a Move, a Space, an Activation, else the first."""
    for want in ("move", "move:", "deploy:", "activate:", "priority:", "first:", "keep:", "agree"):
        for o in options:
            if o == want or (want.endswith(":") and o.startswith(want)):
                return o
    return options[0]


def _check_drawn(page: Page, view: dict) -> None:
    """Every Character and Enemy is drawn in the Space the view gives it (its figure inside that Space)."""
    board = page.locator("#board")
    for c in view["characters"]:
        fig = board.locator(f'g.al-char[data-character="{c["id"]}"]')
        if not c["pos"]:
            expect(fig).to_have_count(0)
            continue
        expect(fig).to_have_attribute("data-space", c["pos"])
        _inside(fig.bounding_box(), board.locator(f'g.al-space[data-space="{c["pos"]}"] > rect').first.bounding_box())
    for e in view["enemies"]:
        fig = board.locator(f'g.al-enemy[data-enemy="{e["uid"]}"]')
        if e["pos"]:
            expect(fig).to_have_attribute("data-space", e["pos"])
            _inside(fig.bounding_box(), board.locator(f'g.al-space[data-space="{e["pos"]}"] > rect').first.bounding_box())
    expect(board.locator("g.al-enemy")).to_have_count(sum(1 for e in view["enemies"] if e["pos"]))


def _inside(fig: dict | None, space: dict | None) -> None:
    assert fig is not None and space is not None
    cx, cy = fig["x"] + fig["width"] / 2, fig["y"] + fig["height"] / 2
    assert space["x"] <= cx <= space["x"] + space["width"] and space["y"] <= cy <= space["y"] + space["height"], (fig, space)


def _step(page: Page, mirror, choice: str, on_board: dict[str, int], keyboard: bool = False) -> None:
    """Choose ``choice`` on the page (on the board when it is drawn there, else its button); the mirror follows."""
    n = len(mirror.actions)
    target = page.locator(f'#board [data-option="{choice}"]')
    head = choice.split(":")[0]
    if keyboard:
        target.focus()  # keyboard: a clickable Space is a link reached with Tab; Enter chooses it
        page.keyboard.press("Enter")
        on_board["keyboard"] += 1
    elif target.count():
        target.first.click()
        on_board[head] = on_board.get(head, 0) + 1
    else:
        page.locator(f'#options button[data-option="{choice}"]').click()
    mirror.apply(choice)
    expect(page.locator("#table")).to_have_attribute("data-n", str(n + 1))


def _check_options(page: Page, view: dict) -> None:
    """Every Space option is a highlighted Space on the board, and nothing else is."""
    spaces = {o for o in view["decision"]["options"] if re.fullmatch(r"(move|deploy|place|space|toward|launch|drag):[a-z]\d+", o)}
    drawn = page.locator("#board a.al-space-opt").evaluate_all("els => els.map(e => e.dataset.option)")
    assert set(drawn) == spaces


def _check_groups(page: Page, mirror) -> None:
    """Option.group: one heading per group in the options box, groups in the order they first appear, each over
    exactly its options in the game's order (Alliances lists a Move's Spaces by index, so the distances
    interleave: seed 7's first Move offers 3, 2, 3, 1, 2, 3 and 2 Spaces away)."""
    want: dict[str, list[str]] = {}
    for o in mirror.decision.options:
        if o.group:
            want.setdefault(o.group, []).append(o.id)
    got = page.locator("#options div.group").evaluate_all(
        "els => els.map(g => [g.querySelector('h3').textContent,"
        " [...g.querySelectorAll('button')].map(b => b.dataset.option)])")
    assert [tuple(x) for x in got] == [(k, v) for k, v in want.items()]


def _fight_pick(mirror, options: list[str]) -> str:
    """Heading for the Enemies: attack one if possible, else Move toward the nearest, else the usual pick."""
    view = mirror.view(0)
    for o in options:
        if (o.startswith("attack:") or o.startswith("target:")) and o.split(":")[-1].isdigit():
            return o
    b = mirror.game.data.stages[view["stage"]].board
    foes = [b.parse(e["pos"]) for e in view["enemies"] if e["pos"]]
    moves = [o for o in options if o.startswith("move:")]
    if moves and foes:
        return min(moves, key=lambda o: min(b.dist[b.parse(o[5:])][f] for f in foes))
    return _pick([o for o in options if o != "end"] or options)


def test_alliances_move_by_clicking_a_space(server_url):
    """issue 12 (Alliances): Deploy (by mouse and keyboard), Activate and Move by clicking the board, then attack
    an Enemy by clicking it; after every action each drawn Character and Enemy is where the engine's view says."""
    game = capes.load("alliances")
    mirror = game.new_game(SEED)  # the same game as the server's table (same config and seed)
    link = _new_table(server_url)
    SHOTS.mkdir(exist_ok=True)
    errors: list[str] = []
    with chromium() as browser:
        page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(link)
        expect(page.locator("#conn")).to_have_text("live")
        board = page.locator("#board")
        on_board = {"deploy": 0, "keyboard": 0, "activate": 0, "move": 0}
        moved = None
        for _ in range(60):
            view = mirror.view(0)
            _check_drawn(page, view)
            _check_options(page, view)
            _check_groups(page, mirror)
            choice = _pick(view["decision"]["options"])
            _step(page, mirror, choice, on_board, keyboard=choice.startswith("deploy:") and not on_board["keyboard"])
            if choice.startswith("move:"):
                moved = (view["active"], choice[5:])
                break
        assert moved is not None, "a Move was offered and made"
        assert on_board["deploy"] >= 2 and on_board["keyboard"] == 1 and on_board["activate"] >= 1, on_board
        # the mover stands on the clicked Space, and every figure matches the engine's view
        view = mirror.view(0)
        expect(board.locator(f'g.al-char[data-character="{moved[0]}"]')).to_have_attribute("data-space", moved[1])
        _check_drawn(page, view)
        # hovering a Character shades the Spaces within its longest attack's range (SMIL <set>: the page's CSP
        # forbids inline styles); moving away clears them
        ci = [c["id"] for c in view["characters"]].index(moved[0])
        c = view["characters"][ci]
        b = game.data.stages[view["stage"]].board
        reach = max(a.range for a in game.side(c["id"], int(c["injured"]), tuple(c["cards"])).attacks)
        want = sum(1 for s in b.spaces() if 0 < b.dist[b.parse(moved[1])][s] <= reach)
        shaded = "els => els.filter(e => getComputedStyle(e).fillOpacity === '0.3').length"
        board.locator(f'g.al-char[data-character="{moved[0]}"]').hover()
        assert board.locator("g.al-space rect").evaluate_all(shaded) == want
        page.mouse.move(1, 1)
        assert board.locator("g.al-space rect").evaluate_all(shaded) == 0
        # fight: an attack target chosen by clicking the Enemy (or its attack chip) on the board
        attacked = 0
        shot = False
        for _ in range(150):
            view = mirror.view(0)
            if view["decision"].get("seat") is None:
                break
            _check_drawn(page, view)
            _check_options(page, view)
            choice = _fight_pick(mirror, view["decision"]["options"])
            if choice.startswith("move:") and attacked and not shot:
                page.locator("#board .al-stage").evaluate("e => e.scrollIntoView({block: 'start'})")
                page.mouse.move(1, 1)
                page.screenshot(path=str(SHOTS / "alliances-board.png"))
                board.screenshot(path=str(SHOTS / "alliances-board-full.png"))
                shot = True
            uid = choice.split(":")[-1]
            if choice.startswith("attack:") and uid.isdigit():
                assert board.locator(f'[data-option="{choice}"]').count() == 1
                attacked += 1
            _step(page, mirror, choice, on_board)
            if shot and attacked >= 2:
                break
        assert attacked >= 1 and on_board.get("attack", 0) == attacked, (attacked, on_board)
        assert shot
        _check_drawn(page, mirror.view(0))
        assert not errors, errors
        DOCS_SHOT.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(SHOTS / "alliances-board.png", DOCS_SHOT)


def _random_until(pred: Any, seed: int) -> list[str]:
    """The options random play from ``seed`` (one player) takes until ``pred(view of seat 0)`` holds."""
    g = capes.load("alliances")
    s = g.new_game(seed)
    rng = random.Random(seed)
    plan: list[str] = []
    for _ in range(3000):
        if s.decision.seat is None:
            break
        if pred(s.view(0)):
            return plan
        o = rng.choice(s.decision.options).id
        plan.append(o)
        s.apply(o)
    raise AssertionError(f"no such moment from seed {seed}")


def _replay(page: Page, mirror: Any, plan: list[str]) -> None:
    """Play ``plan`` on the page: on the board where the choice is drawn there, else by its button."""
    for choice in plan:
        _step(page, mirror, choice, {})


def _is_beam(o: str) -> bool:
    return o.startswith("attack:") and o.split(":")[-1] in ("N", "E", "S", "W")


def test_alliances_path_and_direction_on_the_board_desktop_and_phone(server_url):
    """issue 12 (Alliances: choosing on the board; range and path shown when a Character is selected; All games:
    a phone): hovering a Space the activating Character may Move to shows the way along the board's adjacency;
    a Beam attack's side is chosen by clicking its arrow on the board; at 390x844 the board fits the page."""
    errors: list[str] = []
    with chromium() as browser:
        for seed, want in ((1, "move"), (1, "beam")):
            plan = _random_until(
                (lambda v: any(o.startswith("move:") for o in v["decision"].get("options", []))
                 and len(v["enemies"]) >= 2) if want == "move" else
                (lambda v: any(_is_beam(o) for o in v["decision"].get("options", []))), seed)
            game = capes.load("alliances")
            mirror = game.new_game(seed)
            r = httpx.post(f"{server_url}/new/alliances",
                           content=urlencode([("seat.1", "human"), ("seed", str(seed))]),
                           headers={"content-type": "application/x-www-form-urlencoded", "origin": server_url},
                           timeout=30)
            link = JOIN.findall(r.text)[0][1]
            page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(link)
            expect(page.locator("#conn")).to_have_text("live")
            _replay(page, mirror, plan)
            view = mirror.view(0)
            _check_drawn(page, view)
            board = page.locator("#board svg.al-board")
            b = game.data.stages[view["stage"]].board
            if want == "move":
                here = b.parse(next(c["pos"] for c in view["characters"] if c["id"] == view["active"]))
                # the farthest Space off the Character's row and column: a path that turns
                target = max((o for o in view["decision"]["options"] if o.startswith("move:")),
                             key=lambda o: (all(u != w for u, w in zip(b.coords(b.parse(o[5:])), b.coords(here),
                                                                       strict=True)),
                                            b.dist[here][b.parse(o[5:])], o))
                path = board.locator("g.al-path").nth(
                    sorted(o for o in view["decision"]["options"] if o.startswith("move:")).index(target))
                way = (path.get_attribute("data-path") or "").split()
                assert way[-1] == target[5:] and all(
                    b.parse(y) in b.adj[b.parse(x)] for x, y in zip(way, way[1:], strict=False)), way
                assert path.evaluate("e => getComputedStyle(e).opacity") == "0"
                page.locator("#board .al-stage").evaluate("e => e.scrollIntoView({block: 'start'})")
                board.locator(f'a[data-option="{target}"]').hover()
                expect(path).to_have_css("opacity", "1")
                page.screenshot(path=str(SHOTS / "alliances-path.png"))
            else:
                beam = next(o for o in view["decision"]["options"] if _is_beam(o))
                arrow = board.locator(f'a.al-dir[data-option="{beam}"]')
                me = next(c for c in view["characters"] if c["id"] == view["active"])
                expect(arrow).to_have_attribute("data-from", me["pos"])
                arrow.hover()
                page.screenshot(path=str(SHOTS / "alliances-beam.png"))
                n = len(mirror.actions)
                arrow.click()
                mirror.apply(beam)
                expect(page.locator("#table")).to_have_attribute("data-n", str(n + 1))
                _check_drawn(page, mirror.view(0))
            # a phone: the board and the dashboards scale to the page, nothing scrolls sideways
            phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
            phone.goto(link)
            expect(phone.locator("#conn")).to_have_text("live")
            box = phone.locator("#board svg.al-board").bounding_box()
            assert box is not None and box["width"] <= 390
            assert phone.evaluate("document.documentElement.scrollWidth") <= 390 + 1
            phone.locator("#board .al-stage").evaluate("e => e.scrollIntoView({block: 'start'})")
            phone.screenshot(path=str(SHOTS / f"alliances-phone-{want}.png"))
            if want == "move":
                shutil.copyfile(SHOTS / "alliances-path.png", ROOT / "docs" / "screenshots" / "alliances-path.png")
                shutil.copyfile(SHOTS / "alliances-phone-move.png",
                                ROOT / "docs" / "screenshots" / "alliances-phone.png")
    assert not errors, errors
