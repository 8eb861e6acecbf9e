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
    html = "".join(game.web_view(view, seat))
    d = parse(html)
    assert d.scripts == 0
    if view["round"] and not view.get("over"):  # alliances/turn: two Turns a Round (the status line said "of 4")
        assert f"Turn {view['turn'] + 1} of 2" in html
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
    on_spaces = {a["data-option"]: a["data-space"] for tag, a, _ in clickable if tag == "a" and "data-space" in a
                 and not a["data-option"].startswith("interact:")}
    assert set(on_spaces) == space_opts
    for oid, lab in on_spaces.items():
        assert oid.split(":")[1] == lab
    # an Interact naming a Space (a Civilian led there) is a click on that Space
    led = {o for o in options if o.startswith("interact:") and len(o.split(":")) == 3 and o.split(":")[1].isdigit()}
    on_led = {a["data-option"]: a["data-space"] for tag, a, _ in clickable if tag == "a" and "data-space" in a
              and a["data-option"].startswith("interact:")}
    assert set(on_led) == led
    assert all(oid.split(":")[2] == lab for oid, lab in on_led.items())
    # every direction is an arrow on the board, leaving its origin's Space along the board's straight line
    board_dirs = {o for o in options if _is_direction(o)}
    arrows = {a["data-option"]: a for tag, a, _ in clickable if "al-dir" in a.get("class", "")}
    assert set(arrows) == board_dirs, (sorted(arrows), sorted(board_dirs))
    # a Lab Partners choice is a chip on the Character holding the Ingredient
    held = {o for o in options if o.startswith("interact:held:")}
    assert {a["data-option"] for _, a, _ in clickable if "al-held" in a.get("class", "")} == held
    # an Enemy named by an option is clickable (the Enemy itself, or one chip per option)
    _, enemy_opt, char_opt, _ = option_targets(view)
    drawn_enemy_opts = {o for _, a, o in d.items if "data-enemy" in a and o} | {
        a["data-option"] for _, a, _ in clickable if "al-chip" in a.get("class", "")}
    assert drawn_enemy_opts == {o for opts in enemy_opt.values() for o in opts}
    for _, a, o in d.with_attr("data-enemy"):
        if o:
            assert o.split(":")[-1] == a["data-enemy"]
    return {"space": len(on_spaces), "enemy": len(drawn_enemy_opts), "char": len(char_opt)}


def _is_direction(oid: str) -> bool:
    """A Beam attack's side (``attack:<attack>:<side>``), Web Toss (``skill:web_toss:<Space>:<side>``) or an
    Enemy's direction (``dir:<side>``)."""
    p = oid.split(":")
    return (p[0] == "dir" and len(p) == 2) or (p[0] == "attack" and len(p) == 3 and p[2] in ("N", "E", "S", "W")) \
        or (p[:2] == ["skill", "web_toss"] and len(p) == 4)


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
    d = parse("".join(g.web_view(view, 0)))
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
    html = "".join(g.web_view(s.view(0), 0))
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
    html = "".join(g.web_view(view, 0))
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


def _first(pred: Any, seeds: Any = range(1, 80), steps: int = 3000, **cfg: Any) -> tuple[Any, Any]:
    """(game, state) at the first decision of random play where ``pred(view of seat 0)`` holds."""
    g = capes.load("alliances", **cfg)
    for seed in seeds:
        s = g.new_game(seed)
        rng = random.Random(seed)
        for _ in range(steps):
            if s.decision.seat is None:
                break
            if pred(s.view(0)):
                return g, s
            s.apply(rng.choice(s.decision.options).id)
    raise AssertionError("no such moment in random play")


def _opts(view: dict[str, Any]) -> list[str]:
    return list(view["decision"].get("options", []))


def test_beam_directions_are_arrows_along_the_line() -> None:
    """issue 12 (choosing on the board) / alliances/char-attack (Beam): each Beam attack's side is an arrow on the
    activating Character's Space, and the Spaces it lights are the board's straight line of the attack's Range."""
    g, s = _first(lambda v: any(_is_direction(o) and o.startswith("attack:") for o in _opts(v)), seeds=range(1, 20))
    view = s.view(0)
    d = parse("".join(g.web_view(view, 0)))
    b = g.data.stages[view["stage"]].board
    me = next(c for c in view["characters"] if c["id"] == view["active"])
    side = g.side(me["id"], int(me["injured"]), tuple(me["cards"]))
    arrows = {a["data-option"]: a for _, a, _ in d.items if "al-dir" in a.get("class", "")}
    beams = [o for o in _opts(view) if _is_direction(o) and o.startswith("attack:")]
    assert beams and set(beams) <= set(arrows)
    for oid in beams:
        _, aid, dn = oid.split(":")
        rng = next(a.range for a in side.attacks if a.id == aid)
        a = arrows[oid]
        assert a["data-from"] == me["pos"] and a["data-dir"] == dn
        assert a["data-line"].split() == [b.label(x) for x in b.line(b.parse(me["pos"]), b.dir_index(dn), rng)]


def test_thrown_enemy_directions_start_at_the_enemy() -> None:
    """issue 12 (choosing on the board) / alliances/terrain/throw: the way an Enemy is Thrown or Pushed is an arrow
    on that Enemy's Space (the Enemy the prompt names by its name and Space)."""
    g, s = _first(lambda v: any(o.startswith("dir:") for o in _opts(v)), seeds=range(1, 30))
    view = s.view(0)
    d = parse("".join(g.web_view(view, 0)))
    arrows = {a["data-option"]: a for _, a, _ in d.items if "al-dir" in a.get("class", "")}
    prompt = view["decision"]["prompt"]
    origin = next(e["pos"] for e in view["enemies"] if e["pos"] and f" at {e['pos']} " in prompt)
    for oid in _opts(view):
        assert arrows[oid]["data-from"] == origin and arrows[oid]["data-dir"] == oid[4:]


def test_web_toss_directions_start_at_the_terrain() -> None:
    """issue 12 (choosing on the board) / alliances/content/web-toss: a Web Toss is an arrow on the Terrain
    Feature's Space pointing the way it is Thrown."""
    g, s = _first(lambda v: any(o.startswith("skill:web_toss:") for o in _opts(v)), seeds=range(1, 20))
    view = s.view(0)
    arrows = {a["data-option"]: a for _, a, _ in parse("".join(g.web_view(view, 0))).items if "al-dir" in a.get("class", "")}
    for oid in (o for o in _opts(view) if o.startswith("skill:web_toss:")):
        _, _, lab, dn = oid.split(":")
        assert lab in view["terrain"] and arrows[oid]["data-from"] == lab and arrows[oid]["data-dir"] == dn


def test_leading_a_civilian_is_a_click_on_the_space() -> None:
    """issue 12 (choosing on the board) / alliances/stage/subway-rescue/objective: each Space a Civilian can be
    led to is clickable on the board, carrying that Interact."""
    g, s = _first(lambda v: any(o.startswith("interact:") and o.count(":") == 2 and o.split(":")[1].isdigit()
                                for o in _opts(v)), seeds=range(1, 20), long=True)
    view = s.view(0)
    d = parse("".join(g.web_view(view, 0)))
    want = {o: o.split(":")[2] for o in _opts(view) if o.startswith("interact:") and o.count(":") == 2}
    got = {a["data-option"]: a["data-space"] for t, a, _ in d.items if t == "a" and a.get("data-option") in want}
    assert got == want


def test_move_path_follows_the_board_adjacency() -> None:
    """issue 12 (path shown when a Character is selected) / alliances/advance: each Move's path goes from the
    moving Character's Space to the chosen one through adjacent Spaces (board.adj), never through an Enemy's Space,
    and is no longer than needed when nothing is in the way."""
    g, s = _first(lambda v: any(o.startswith("move:") for o in _opts(v)) and len(v["enemies"]) >= 2,
                  seeds=range(1, 20))
    view = s.view(0)
    d = parse("".join(g.web_view(view, 0)))
    b = g.data.stages[view["stage"]].board
    here = next(c["pos"] for c in view["characters"] if c["id"] == view["active"])
    enemies = {e["pos"] for e in view["enemies"] if e["pos"]}
    paths = [a["data-path"].split() for _, a, _ in d.items if "al-path" in a.get("class", "")]
    targets = {o[5:] for o in _opts(view) if o.startswith("move:")}
    assert {p[-1] for p in paths} == targets
    for p in paths:
        assert p[0] == here
        for x, y in zip(p, p[1:], strict=False):
            assert b.parse(y) in b.adj[b.parse(x)], p
        assert not enemies & set(p[1:-1]), p
        assert len(p) - 1 >= b.dist[b.parse(here)][b.parse(p[-1])]
    assert any(len(p) - 1 == b.dist[b.parse(here)][b.parse(p[-1])] for p in paths)


def test_activating_character_shows_its_range() -> None:
    """issue 12 (range shown when a Character is selected) / alliances/measurement: while a Character activates,
    the Spaces within the Range of its longest attack are outlined."""
    g, s = _first(lambda v: bool(v.get("active")) and any(o.startswith("move") for o in _opts(v)), seeds=range(1, 20))
    view = s.view(0)
    b = g.data.stages[view["stage"]].board
    me = next(c for c in view["characters"] if c["id"] == view["active"])
    side = g.side(me["id"], int(me["injured"]), tuple(me["cards"]))
    reach = max(a.range for a in side.attacks)
    html = "".join(g.web_view(view, 0))
    part = html.split(f'<g class="al-range" data-range="{reach}"')[1].split("</g>")[0]
    assert part.count("<rect") == len(b.ball(b.parse(me["pos"]), reach))
    assert "hidden" not in html  # tests/web/test_hidden's string check must never see the word in a drawing


def _views_of_real_games() -> list[tuple[Any, dict[str, Any], int | None]]:
    """Views from real games (random and heuristic play, 1, 2 and 4 players, every seat and the spectator, every
    few actions and at the end)."""
    out = []
    for players, seed, heuristic in ((1, 3, False), (2, 4, True), (4, 5, False), (2, 6, False)):
        game = capes.load("alliances", players=players)
        state = game.new_game(seed)
        rng = random.Random(seed)
        bots = {s: game.bots()["alliances-heuristic"](game, s, seed=seed) for s in range(game.num_seats)}
        for n in range(400):
            d = state.decision
            if n % 9 == 0 or d.is_terminal:
                out += [(game, state.view(seat), seat) for seat in [*range(game.num_seats), None]]
            if d.is_terminal:
                break
            state.apply(bots[d.seat or 0].choose(state) if heuristic else rng.choice(d.ids()))
    return out


def test_drawings_do_not_depend_on_what_was_drawn_before() -> None:
    """issue 11 (cheap drawings): each view drawn with every cache empty, then all again with warm caches in
    another order, gives the same HTML: no cached fragment is keyed by less than what it draws."""
    from capes.games.alliances.web import clear_caches, web_view

    views = _views_of_real_games()
    assert len(views) > 150 and any(v.get("over") for _, v, _ in views)
    cold = []
    for game, view, seat in views:
        clear_caches()
        cold.append(web_view(game, view, seat))
    order = list(range(len(views)))
    random.Random(11).shuffle(order)
    for k in order:
        game, view, seat = views[k]
        assert web_view(game, view, seat) == cold[k], (k, seat)
