"""The Marvel Heroes table drawn for the browser (issue 12): the fragment shows what the seat's view holds — every
Super Hero where the view puts it, every card of the seat's hands, no other hand (counts only), the Headlines,
the Story track, the combat picks face down until revealed, the dice as rolled — and nothing else; every clickable
element is one of the seat's current options, and every District/Support-space move is on the board; every text
is escaped."""

from __future__ import annotations

import copy
import random
import re
from collections import Counter
from html.parser import HTMLParser
from typing import Any

import pytest

from capes.core.registry import load
from capes.games.heroes.content import load_content
from capes.games.heroes.web import AREAS, ICONS, _draw, draw


class _Scan(HTMLParser):
    """What the fragment draws: hero tokens with the District / Support space they sit in, hand cards, options."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[dict[str, str]] = []
        self.tokens: list[tuple[str, str, str | None]] = []  # (hero, data-loc, enclosing place)
        self.cards: list[tuple[str, str]] = []  # (kind, id)
        self.options: list[str] = []
        self.power_tokens: list[tuple[str, str, str | None]] = []  # (side, state, power)
        self.dice: dict[str, list[int]] = {}
        self.attrs: list[dict[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        self.attrs.append(a)
        if tag in ("g", "a", "span", "section", "svg", "div"):
            self.stack.append(a)
        cls = a.get("class", "")
        if cls == "hero":
            place = next((s.get("data-district") or s.get("data-space") for s in reversed(self.stack)
                          if "data-district" in s or "data-space" in s), None)
            self.tokens.append((a["data-hero"], a["data-loc"], place))
        if "hand-card" in cls.split():
            self.cards.append((a["data-kind"], a["data-card"]))
        if "data-option" in a:
            self.options.append(a["data-option"])
        if cls == "power-token":
            side = next(s["data-side"] for s in reversed(self.stack) if "data-side" in s)
            self.power_tokens.append((side, a["data-state"], a.get("data-power")))
        if cls == "die":
            side = next(s["data-side"] for s in reversed(self.stack) if "data-side" in s)
            self.dice.setdefault(side, []).append(int(a["data-face"]))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("g", "a", "span", "section", "svg", "div") and self.stack:
            self.stack.pop()


def _scan(html: str) -> _Scan:
    p = _Scan()
    p.feed(html)
    return p


def _states(players: int, seed: int, steps: int, every: int = 3) -> Any:
    g = load("heroes", players=players)
    s = g.new_game(seed)
    rng = random.Random(seed)
    for i in range(steps):
        d = s.decision
        if d.seat is None:
            return
        if i % every == 0:
            yield g, s
        s.apply(rng.choice(d.options).id)


def _board_moves(v: dict[str, Any]) -> set[str]:
    out = set()
    for o in (v.get("decision") or {}).get("options", []):
        p = o.split(":")
        if len(p) == 3 and ((p[0] == "move" and "-" in p[2]) or (p[0] == "sup" and p[2] not in ("card",))):
            out.add(o)
    return out


@pytest.mark.parametrize(("players", "seed", "steps"), [(2, 1, 600), (3, 2, 400), (4, 3, 300)])
def test_fragment_matches_the_view(players, seed, steps):
    """issue 12 (Heroes): every hero where the view puts it, every card of the seat's hands, other hands as counts,
    only current options clickable and every District move clickable."""
    moved = 0
    for g, s in _states(players, seed, steps, every=20):
        for seat in (*range(players), None):
            v = s.view(seat)
            html, drawn = _draw(v, seat)
            assert "".join(g.web_view(v, seat)) == html
            scan = _scan(html)
            # every Super Hero of the view, once on the board or its card, at the view's place
            on_board = {h: (loc, place) for h, loc, place in scan.tokens}
            assert len(on_board) == len(scan.tokens), "a hero is drawn twice on the board"
            for h, st in v["heroes"].items():
                loc = st["loc"]
                if "-" in loc or loc.startswith("support:"):
                    assert on_board.get(h) == (loc, loc), (h, loc, on_board.get(h))
                else:
                    assert h not in on_board, (h, loc)
            # the seat's hands card by card; nobody else's
            cards = Counter(scan.cards)
            want: Counter[tuple[str, str]] = Counter()
            if seat is not None:
                want.update(("resource", r) for r in v["resource_hand"])
                want.update(("villain", x) for x in v["villain_hand"])
                want.update(("story", x) for x in v["stories"][seat])
            assert cards == want
            for o in range(players):
                if o != seat:
                    r, vl = v["hand_sizes"][o]
                    assert f'data-seat="{o}" data-resources="{r}" data-villains="{vl}"' in html
            # only current options are clickable, and every District / Support-space move is
            opts = set((v.get("decision") or {}).get("options", []))
            assert set(scan.options) <= opts
            assert set(scan.options) == set(drawn) == _board_moves(v)
            moved += bool(scan.options)
            # the Headlines in their Districts
            for area, hid in v["headlines"].items():
                if hid:
                    assert f'data-district="{area}-' in html and f'data-headline="{hid}"' in html
            for sid in v["track"]:
                assert f'data-story="{sid}"' in html
            if v["combat"]:
                _check_combat(v, seat, scan)
    assert moved, "no District move was offered on the board in this game"


def _check_combat(v: dict[str, Any], seat: int | None, scan: _Scan) -> None:
    cb = v["combat"]
    tokens = {side: (state, power) for side, state, power in scan.power_tokens}
    for side, pick in (("H", cb["hp"]), ("V", cb["vp"])):
        if pick == "hidden":
            assert tokens[side] == ("facedown", None)
        elif isinstance(pick, int) and pick >= 0:
            assert tokens[side] == ("shown", str(pick))
        else:
            assert tokens[side][0] == "none"
    assert scan.dice.get("H", []) == list(cb["Hdice"])
    assert scan.dice.get("V", []) == list(cb["Vdice"])


def _secret_pick() -> Any:
    """A 2-player game at its first secret Combat Power pick, with the Super Hero's token in."""
    g = load("heroes", players=2)
    for seed in range(1, 40):
        st = g.new_game(seed)
        rng = random.Random(seed)
        while not st.decision.secret and not st.is_over:
            st.apply(rng.choice(st.decision.options).id)
        if st.decision.secret:
            st.apply(st.decision.options[0].id)  # the Super Hero side picks
            return g, st
    raise AssertionError("no seed reaches a secret pick")


def test_secret_pick_is_face_down_for_the_other_seat():
    """heroes/combat/1 through the drawing: the picked token is face down for the Villain's seat, shown to its own."""
    g, st = _secret_pick()
    cb = st.cb
    hs, vs = cb["hs"], cb["vs"]
    mine = _scan(draw(st.view(hs), hs))
    theirs_html = draw(st.view(vs), vs)
    theirs = _scan(theirs_html)
    assert dict((s, (a, b)) for s, a, b in mine.power_tokens)["H"] == ("shown", str(cb["hp"]))
    assert dict((s, (a, b)) for s, a, b in theirs.power_tokens)["H"] == ("facedown", None)
    fighter = g.C.teams[st.teams[hs]].heroes[cb["fighter"]]
    power = g.C.heroes[fighter].powers[cb["hp"]].name
    assert power not in theirs_html.split('class="heroes-combat"')[1].split("</svg>")[0]
    # both tokens in: revealed to both, the dice as rolled
    st.apply(st.decision.options[0].id)
    for seat in (hs, vs):
        v = st.view(seat)
        scan = _scan(draw(v, seat))
        if v["combat"] and v["combat"]["vp"] != -1:
            _check_combat(v, seat, scan)
            assert {s for s, state, _ in scan.power_tokens if state == "shown"} == {"H", "V"}


def test_troubleshooting_villains_are_drawn_in_their_district():
    """issue 12 (Heroes): the Villains in play (Lead, Backups, Agents) where Troubleshooting happens."""
    g, st = _secret_pick()
    v = st.view(0)
    ts = v["troubleshooting"]
    assert ts and ts["lead"]
    html = draw(v, 0)
    district = f'data-district="{AREAS[ts["dist"] // 4]}-{ICONS[ts["dist"] % 4]}"'
    part = html.split(district)[1].split('class="district"')[0]
    assert f'data-villain="{ts["lead"]}" data-role="Lead"' in part


def _first(players: int, pred: Any, seeds: range = range(1, 40), steps: int = 3000) -> Any:
    """(game, state) at the first decision of random play where ``pred(view of seat 0)`` holds."""
    g = load("heroes", players=players)
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


def _district_part(html: str, did: str) -> str:
    return html.split(f'<g class="district" data-district="{did}">')[1].split('<g class="district"')[0]


def test_troubleshooting_is_drawn_in_its_district_in_any_area():
    """issue 12 (Heroes) / heroes/troubleshooting: the view's District index is Area * 4 + icon, so the Trouble
    Level and Villains sit in that District also outside the first Area (the old drawing compared it with the icon
    alone and drew Troubleshooting nowhere past Upper Manhattan)."""
    g, s = _first(2, lambda v: bool(v["troubleshooting"]) and v["troubleshooting"]["dist"] >= 4)
    ts = s.view(0)["troubleshooting"]
    did = f"{AREAS[ts['dist'] // 4]}-{ICONS[ts['dist'] % 4]}"
    assert 'class="troubleshooting"' in _district_part(draw(s.view(0), 0), did)


def test_each_headline_district_has_its_threat_token():
    """heroes/setup: "place one Threat token with a number matching that of the Headline's Threat Number on the
    District where the Headline is taking place" — one numbered token per Headline District, none elsewhere."""
    C = load_content(None)
    for _g, s in _states(3, 2, 200, every=50):
        v = s.view(0)
        html = draw(v, 0)
        for area, hid in v["headlines"].items():
            for icon in ICONS:
                part = _district_part(html, f"{area}-{icon}")
                if hid and C.headlines[hid].district == icon:
                    assert f'<g class="threat-token" data-threat="{C.headlines[hid].threat}"' in part
                else:
                    assert "threat-token" not in part


def test_increased_threat_is_on_the_token():
    """heroes/troubleshooting/scheme (Increase the Threat): the Nemesis adds his Mastermind's rating for the
    Headline's type to the number on the District's Threat token; the token shows the added number."""
    def pred(v: dict[str, Any]) -> bool:
        ts = v["troubleshooting"]
        return bool(ts and ts["scheme"] == "threat" and ts["dist"] >= 0 and v["headlines"].get(AREAS[ts["dist"] // 4]))
    g, s = _first(2, pred)
    v = s.view(0)
    ts = v["troubleshooting"]
    rival = g.C.teams[v["teams"][(ts["nem"] - 1) % 2]].nemesis  # the Mastermind the Nemesis seat controls
    plus = g.C.masterminds[rival].threat[ts["type"]]
    part = _district_part(draw(v, 0), f"{AREAS[ts['dist'] // 4]}-{ICONS[ts['dist'] % 4]}")
    assert f'data-plus="{plus}"' in part and f"+{plus}" in part


def _die_hits(f: int) -> int:
    from capes.games.heroes.dice import FACES, HIT
    return FACES[f % 10].count(HIT)


def test_combat_shows_dice_rolled_again_hits_compared_and_kos():
    """issue 12 (Heroes: combat shown as it happens): a die rolled again (heroes/dice/boost: a BOOST's extra die,
    marked 10 + face in the view) is drawn apart; each side's HITS are the HIT icons plus the ability modifiers
    (Hres/Vres); the roll's comparison is drawn with its outcome (heroes/combat/2: Attack HITS >= Defend HITS and at
    least 1 is a KO); each combatant's KO tokens are the view's."""
    g, s = _first(2, lambda v: bool(v["combat"]) and any(f >= 10 for f in v["combat"]["Hdice"] + v["combat"]["Vdice"])
                  and v["combat"]["roll"] in ("a1", "a2"))
    v = s.view(0)
    cb = v["combat"]
    html = draw(v, 0)
    panel = html.split('class="heroes-combat"')[1]
    for f in cb["Hdice"] + cb["Vdice"]:
        assert f'<g class="die" data-face="{f}" data-again="{int(f >= 10)}">' in panel
    h = max(0, sum(_die_hits(f) for f in cb["Hdice"]) + cb["Hres"])
    vv = max(0, sum(_die_hits(f) for f in cb["Vdice"]) + cb["Vres"])
    assert f'data-side="H" data-hits="{h}"' in panel and f'data-side="V" data-hits="{vv}"' in panel
    a, d = (h, vv) if cb["att"] == "H" else (vv, h)
    ko = a >= d and a >= 1
    out = re.search(r'<g class="compare" data-outcome="([^"]*)"', panel)
    assert out is not None and out.group(1).startswith("KO on") == ko
    fighter = g.C.teams[v["teams"][cb["hs"]]].heroes[cb["fighter"]]
    assert f'data-ko="{v["heroes"][fighter]["ko"]}" data-need="{g.C.heroes[fighter].ko}"' in panel
    assert f'data-ko="{cb["fko"]}" data-need="{cb["fkov"]}"' in panel


def test_every_text_is_escaped():
    """issue 12 (All games): content text is escaped in the drawing."""
    g = load("heroes", players=2)
    st = g.new_game(5)
    C = copy.copy(load_content(None))
    C.heroes = dict(C.heroes)
    hid = g.C.teams[st.teams[0]].heroes[0]
    C.heroes[hid] = C.heroes[hid].model_copy(update={"name": '<img src=x onerror="alert(1)">&'})
    html = draw(st.view(0), 0, C)
    assert "<img" not in html
    assert "&lt;img src=x onerror=&#34;alert(1)&#34;&gt;&amp;" in html


def test_selection_lights_only_the_selected_heros_districts():
    """issue 12 (Heroes): each hero's District moves sit in groups (one per Area picture) shown while its selector
    is on; the first selector is on at the start and every other group ends when another hero is selected."""
    for _g, s in _states(3, 4, 200, every=1):
        d = s.decision
        if d.seat is None:
            continue
        v = s.view(d.seat)
        html = draw(v, d.seat)
        heroes = sorted({o.split(":")[1] for o in _board_moves(v)})
        if len(heroes) < 2:
            continue
        found: set[str] = set()
        for h in heroes:
            sel = html.split(f'<g class="hero-select" data-hero="{h}">')[1].split('<g class="hero-select"')[0]
            me = re.search(r'<g id="(hsel\d+)" class="selector"', sel)
            assert me is not None
            groups = html.split(f'<g class="targets" data-hero="{h}" display="none">')[1:]
            assert groups
            for group in groups:
                group = group.split('<g class="targets"')[0].split("</svg>")[0]
                opts = _scan(group).options
                assert opts and all(o.split(":")[1] == h for o in opts)
                begin = re.search(r'<set attributeName="display" to="inline" begin="([^"]*)" end="([^"]*)"', group)
                assert begin is not None and f"{me.group(1)}.click" in begin.group(1)
                assert f"{me.group(1)}.click" not in begin.group(2)
                found.update(opts)
        assert found == _board_moves(v)
        return
    raise AssertionError("no decision with two heroes to send")


def test_drawings_do_not_depend_on_what_was_drawn_before():
    """issue 11 (cheap drawings): each view drawn with every cache empty, then all again with warm caches in
    another order, gives the same HTML (and the same drawn options): no cached fragment is keyed by less than
    what it draws."""
    from capes.games.heroes.bots import HeuristicBot
    from capes.games.heroes.web import clear_caches

    views = []
    for players, seed, heuristic in ((2, 5, True), (3, 6, False), (4, 7, False)):
        g = load("heroes", players=players)
        s = g.new_game(seed)
        rng = random.Random(seed)
        bots = {k: HeuristicBot(g, k, seed=seed) for k in range(players)}
        for n in range(3000):
            d = s.decision
            if n % 37 == 0 or d.is_terminal:
                views += [(s.view(seat), seat) for seat in [*range(players), None]]
            if d.is_terminal:
                break
            s.apply(bots[d.seat or 0].choose(s) if heuristic else rng.choice(d.options).id)
    assert len(views) > 150 and any(v.get("over") for v, _ in views)
    cold = []
    for view, seat in views:
        clear_caches()
        cold.append(_draw(view, seat))
    order = list(range(len(views)))
    random.Random(11).shuffle(order)
    for k in order:
        view, seat = views[k]
        assert _draw(view, seat) == cold[k], (k, seat)


class _Text(HTMLParser):
    """The text a person reads: element text, tooltips (<title>) included; attributes left out."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def test_a_heros_place_is_shown_in_words_never_as_its_id():
    """heroes/status (a hero is Ready in a District, Supporting on a Support space of an Area, In Recovery): the
    browser's hero cards and other teams' lines, and the terminal, name the place ("in Central Manhattan ◆", "on a
    Support space of The Village"), not the view's id ("central-diamond", "support:village:1")."""
    seen = set()
    for g, s in _states(2, 1, 600, every=5):
        for seat in (0, 1, None):
            v = s.view(seat)
            ids = {st["loc"] for st in v["heroes"].values() if "-" in st["loc"] or st["loc"].startswith("support:")}
            if not ids:
                continue
            seen |= ids
            p = _Text()
            p.feed(_draw(v, seat)[0])
            shown = "".join(p.parts) + "\n" + g.render(s, seat)
            for loc in ids:
                assert loc not in shown, (loc, seat)
    assert any(x.startswith("support:") for x in seen) and any("-" in x for x in seen), seen
