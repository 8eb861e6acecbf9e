"""The Alliances table drawn for the browser (issue 12, Alliances): the SVG board matches the seat's view.

Checked over random play-throughs: every Character and Enemy on the battlefield is drawn in its Space, every
Terrain Feature and token where the view puts it, every clickable Space / Enemy / Character / token carries an
option the deciding seat has now (and every Space-naming option is clickable on the board), a spectator gets
nothing clickable, and every text is escaped.
"""

from __future__ import annotations

import dataclasses
import random
from html.parser import HTMLParser
from typing import Any

import capes
from capes.games.alliances.content import Content
from capes.games.alliances.web import SPACE_VERBS, option_targets


class Drawn(HTMLParser):
    """Every element of the fragment with its attributes and the ``data-option`` of the link around it."""

    VOID = {"rect", "circle", "path", "polygon", "line", "br", "img", "input", "meta"}

    def __init__(self) -> None:
        super().__init__()
        self.items: list[tuple[str, dict[str, str], str | None]] = []
        self.stack: list[tuple[str, str | None]] = []
        self.scripts = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        around = next((o for _, o in reversed(self.stack) if o), None)
        self.items.append((tag, a, a.get("data-option") or around))
        if tag == "script":
            self.scripts += 1
        if tag not in self.VOID:
            self.stack.append((tag, a.get("data-option")))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        around = next((o for _, o in reversed(self.stack) if o), None)
        self.items.append((tag, a, a.get("data-option") or around))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            t, _ = self.stack.pop()
            if t == tag:
                break

    def with_attr(self, name: str) -> list[tuple[str, dict[str, str], str | None]]:
        return [x for x in self.items if name in x[1]]


def parse(html: str) -> Drawn:
    d = Drawn()
    d.feed(html)
    d.close()
    return d


def check(game: Any, state: Any, seat: int | None) -> dict[str, int]:
    """Assert the drawing of ``state`` for ``seat`` against its view; count what was clickable."""
    view = state.view(seat)
    html = game.web_view(view, seat)
    d = parse(html)
    assert d.scripts == 0
    options = set(view["decision"].get("options", []))
    # every Character and Enemy on the battlefield, in its Space (and nothing else drawn as one)
    chars = {e[1]["data-character"]: e[1]["data-space"] for e in d.with_attr("data-character") if e[0] == "g"}
    assert chars == {c["id"]: c["pos"] for c in view["characters"] if c["pos"]}
    enemies = {int(e[1]["data-enemy"]): e[1]["data-space"] for e in d.with_attr("data-enemy")}
    assert enemies == {e["uid"]: e["pos"] for e in view["enemies"] if e["pos"]}
    # every Space of the board drawn once; Terrain where the view says
    spaces = [e for e in d.with_attr("data-space") if e[0] == "g" and "al-space" in e[1].get("class", "")]
    board = game.data.stages[view["stage"]].board
    assert sorted(e[1]["data-space"] for e in spaces) == sorted(board.label(s) for s in board.spaces())
    terrain = {t[1]["data-space"] for t in d.items if t[0] == "g" and "data-space" in t[1]
               and any(x[1].get("class") == "al-terrain" for x in _children(d, t))}
    assert terrain == set(view["terrain"])
    tokens = {int(e[1]["data-token"]) for e in d.with_attr("data-token")}
    assert tokens == {t["id"] for t in view["tokens"] if t["pos"]}
    # everything clickable is an option of this seat now; every Space option is clickable on the board
    clickable = d.with_attr("data-option")
    for _tag, a, _ in clickable:
        assert a["data-option"] in options, (a["data-option"], sorted(options))
    if seat is None or view["decision"].get("seat") != seat:
        assert not clickable
    space_opts = {o for o in options if o.split(":")[0] in SPACE_VERBS and len(o.split(":")) == 2}
    on_spaces = {a["data-option"]: a["data-space"] for tag, a, _ in clickable if tag == "a" and "data-space" in a}
    assert set(on_spaces) == space_opts
    for oid, lab in on_spaces.items():
        assert oid.split(":")[1] == lab
    # an Enemy named by an option is clickable (the Enemy itself, or one chip per option)
    _, enemy_opt, char_opt, _ = option_targets(view)
    drawn_enemy_opts = {o for _, a, o in d.items if "data-enemy" in a and o} | {
        a["data-option"] for _, a, _ in clickable if "al-chip" in a.get("class", "")}
    assert drawn_enemy_opts == {o for opts in enemy_opt.values() for o in opts}
    for _, a, o in d.with_attr("data-enemy"):
        if o:
            assert o.split(":")[-1] == a["data-enemy"]
    return {"space": len(on_spaces), "enemy": len(drawn_enemy_opts), "char": len(char_opt)}


def _children(d: Drawn, parent: tuple[str, dict[str, str], str | None]) -> list[tuple[str, dict[str, str], str | None]]:
    """The elements drawn right after ``parent`` up to the next Space group (a Space's own drawing)."""
    i = d.items.index(parent)
    out = []
    for x in d.items[i + 1:]:
        if x[0] == "g" and "al-space" in x[1].get("class", ""):
            break
        out.append(x)
    return out


def test_board_matches_the_view_through_random_games() -> None:
    """issue 12: positions, Terrain, tokens and clickable Spaces/Enemies/Characters against the view, for the
    deciding seat, another seat and a spectator, over three random games (all three Stages reached)."""
    seen = {"space": 0, "enemy": 0, "char": 0}
    stages = set()
    for seed in (3, 11, 29):
        g = capes.load("alliances", players=2)
        s = g.new_game(seed)
        rng = random.Random(seed)
        for step in range(400):
            d = s.decision
            if d.seat is None:
                break
            if step % 3 == 0:
                for k, v in check(g, s, d.seat).items():
                    seen[k] += v
                check(g, s, 1 - d.seat)
                check(g, s, None)
                stages.add(s.view(None)["stage"])
            s.apply(rng.choice(d.options).id)
    assert seen["space"] > 50 and seen["enemy"] > 5 and seen["char"] > 5, seen


def test_move_options_are_the_highlighted_spaces() -> None:
    """issue 12: a Move is a click on a highlighted Space: each ``move:<Space>`` option is a link on that Space."""
    g = capes.load("alliances")
    s = g.new_game(1)
    rng = random.Random(3)
    while not any(o.id.startswith("move:") for o in s.decision.options):
        s.apply(rng.choice(s.decision.options).id)
    view = s.view(0)
    d = parse(g.web_view(view, 0))
    links = {a["data-space"] for t, a, _ in d.with_attr("data-option") if t == "a" and "data-space" in a}
    assert links == {o.id[5:] for o in s.decision.options if o.id.startswith("move:")}
    assert all("al-space-opt" in a["class"] for t, a, _ in d.with_attr("data-option") if "data-space" in a)
    # each says how far it is from the activating Character (alliances/measurement: the fewest adjacent Spaces)
    board = g.data.stages[view["stage"]].board
    here = board.parse(next(c["pos"] for c in view["characters"] if c["id"] == view["active"]))
    for _tag, a, _ in d.with_attr("data-option"):
        if "data-space" in a:
            n = board.dist[here][board.parse(a["data-space"])]
            assert a["aria-label"].endswith(f"({n} Space{'s' if n != 1 else ''} away)"), a["aria-label"]


def test_text_is_escaped() -> None:
    """issue 12: every text is escaped (a Character or Stage name from a user's content directory cannot inject
    markup)."""
    g = capes.load("alliances")
    s = g.new_game(2)
    bad = '<script>alert(1)</script>"&'
    data: Content = g.data
    cid = g.squad[0]
    stage = s.view(0)["stage"]
    g.data = Content(characters={**data.characters, cid: dataclasses.replace(data.characters[cid], name=bad)},
                     enemies=data.enemies,
                     stages={**data.stages, stage: dataclasses.replace(data.stages[stage], name=bad, board_name=bad)},
                     mission=data.mission)
    html = g.web_view(s.view(0), 0)
    assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;&quot;&amp;" in html
    assert parse(html).scripts == 0


def test_dashboards_show_every_character() -> None:
    """issue 12: one dashboard per Character with Stamina, Power, XP, Level, Activation tokens and its Level-Up
    cards by name; the Spawn Tracker has one spot per Stage spot; the Stage's goal and progress are shown."""
    g = capes.load("alliances")
    s = g.new_game(4)
    rng = random.Random(4)
    for _ in range(80):
        s.apply(rng.choice(s.decision.options).id)
    view = s.view(0)
    html = g.web_view(view, 0)
    d = parse(html)
    cards = [a for t, a, _ in d.items if t == "svg" and "data-character" in a]
    assert [a["data-character"] for a in cards] == [c["id"] for c in view["characters"]]
    for c in view["characters"]:
        assert f'aria-label="Stamina {c["stamina"]} of {c["max_stamina"]}"' in html
        assert f'aria-label="{c["activation_tokens"]} Activation tokens"' in html
        for card in c["cards"]:
            assert g.data.characters[c["id"]].levelups[card].name in html
    st = g.data.stages[view["stage"]]
    assert html.count("Spawn die</title>") + html.count("Spawn dice</title>") == len(st.tracker_spawns)
    for x in view["tracker"]:
        if x and x != "*":
            assert g.data.enemies[x].name in html
    assert (f'aria-label="Objectives completed {view["completed"]} of 3"' in html
            or f'aria-label="Boss Daze Tracker {view["boss_dazes"]} of 2"' in html)
    assert f'Round {view["round"]}' in html
