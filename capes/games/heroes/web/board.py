"""The New York board (issue 12): Areas, Districts, Headlines, Threat tokens, heroes, Villains, tracks."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from capes.games.heroes.board import PLACE_WORDS, plural, where
from capes.games.heroes.content import Content
from capes.games.heroes.web.common import (
    AH,
    AREA_NAMES,
    AREAS,
    AW,
    DH,
    ICONS,
    INK,
    MUTED,
    SIGNS,
    TEAM_FILL,
    TYPE_FILL,
    _Ctx,
    _e,
    _initials,
    _pname,
    _svg,
    _t,
    _token,
    _wrap,
    villain_name,
)

# ------------------------------------------------------------------------------------------------ the board
NAVY = "#1f2a44"


def _pic(w: float, h: float, body: str, label: str, px: float) -> str:
    """One piece of the board: its own picture, at most ``px`` CSS pixels wide and never wider than the page (the
    pieces flow like words: two Areas a row on a laptop, one on a phone)."""
    return _svg(w, h, f'<rect x="0" y="0" width="{w:g}" height="{h:g}" rx="10" fill="{NAVY}"/>' + body, label,
                "heroes-board", f"min(100%, {px:g}px)")


def _selection(n: int, i: int) -> tuple[str, str]:
    """SMIL begin and end of hero ``i``'s selection among ``n`` selectable heroes (the first is selected at the
    start). SMIL names an element by id: ``hsel<k>`` (a content id could hold a '-' or '.', which SMIL reads as
    syntax); the ids are document-wide, so a selector in one picture lights targets in another."""
    begin = ("0s; " if i == 0 else "") + f"hsel{i}.click; hsel{i}.focusin"
    others = [f"hsel{k}" for k in range(n) if k != i]
    return begin, "; ".join(f"{x}.click; {x}.focusin" for x in others) or "indefinite"


def _header(ctx: _Ctx) -> str:
    """Game Round, Action Rounds, and each player's VP, Plot Points, First Player and Archnemesis tokens."""
    v = ctx.v
    seats = range(ctx.n)
    return _header_of(ctx.C, ctx.seat, int(v["round"]), v["action_round"], tuple(v["teams"]), v["first"], v["arch"],
                      tuple(int(v["vp"][s]) for s in seats), tuple(int(v["pp"][s]) for s in seats),
                      v.get("phase") == "planning")


@lru_cache(maxsize=512, typed=True)
def _header_of(C: Content, seat: int | None, game_round: int, action_round: Any, teams: tuple[str, ...], first: Any,
               arch: Any, vp: tuple[int, ...], pp: tuple[int, ...], planning: bool = False) -> str:
    """The header from all it shows (the seat drawn for, the rounds, each seat's team, VP and Plot Points, the
    First Player and the Archnemesis, whether it is the Planning phase: the Action Round marker waits on 1)."""
    n = len(teams)
    w = 16 + 2 * 216
    h = 96 + ((n + 1) // 2) * 76
    o = [_t(16, 30, "New York", 22, "#ffffff", "800"),
         _t(16, 54, f"Game Round {game_round}", 15, "#e5e7eb", "700")]
    for i in range(5):
        cx = 190 + i * 34
        cur = i + 1 == action_round
        o.append(f'<circle cx="{cx}" cy="38" r="13" fill="{"#f0a202" if cur else "#334155"}" '
                 f'stroke="#ffffff" stroke-width="{2 if cur else 1}"/>')
        o.append(_t(cx, 42.5, i + 1, 13, INK if cur else "#ffffff", "700", "middle"))
    o.append(_t(176, 72, "Planning phase" if planning else f"Action Round {int(action_round)} of 5", 12, "#e5e7eb",
                "600"))
    for s, team in enumerate(teams):
        x, y = 16 + (s % 2) * 216, 92 + (s // 2) * 76 - 4
        fill = TEAM_FILL.get(team, "#374151")
        tags = [t for t, on in (("First Player", s == first), ("Archnemesis", s == arch)) if on]
        lab = f"{_pname(s, seat)} {C.teams[team].name}"
        o.append(f'<g class="vp" data-seat="{s}" data-vp="{vp[s]}"><title>{_e(lab)}: {vp[s]} VP, '
                 f'{pp[s]} Plot Points{_e(", " + ", ".join(tags) if tags else "")}</title>')
        o.append(f'<rect x="{x}" y="{y}" width="206" height="68" rx="8" fill="{fill}" stroke="#ffffff" '
                 f'stroke-width="{3 if s == seat else 1}"/>')
        o.append(_t(x + 10, y + 19, lab[:30], 12.5, "#ffffff", "700"))
        o.append(_t(x + 10, y + 42, f"{vp[s]} VP", 19, "#ffffff", "800"))
        o.append(_t(x + 84, y + 42, plural(pp[s], "Plot Pt"), 12, "#ffffff", "600"))
        tx = x + 10
        for tag in tags:
            tw = 10 + len(tag) * 6.2
            o.append(f'<rect x="{tx}" y="{y + 49}" width="{tw:g}" height="15" rx="7" fill="#ffffff"/>')
            o.append(_t(tx + tw / 2, y + 60.5, tag, 10, INK, "700", "middle"))
            tx += tw + 4
        o.append("</g>")
    return _pic(w, h, "".join(o), "New York: rounds and Victory Points", w)


def _area(ctx: _Ctx, area: str, at: dict[str, list[str]], heroes: list[str]) -> str:
    """One Area: its four Districts (Headline, Threat token, Troubleshooting, heroes) and two Support spaces, with
    the lit targets of each selectable hero (shown while that hero is selected)."""
    v, C = ctx.v, ctx.C
    ts = v.get("troubleshooting") or None
    ai = AREAS.index(area)
    ax, ay = 4, 4
    targets: dict[str, list[str]] = {}
    o = [_area_head(ai)]
    hid = v["headlines"][area]
    head = C.headlines.get(hid) if hid else None
    dw, dh = _DW, DH
    for di, icon in enumerate(ICONS):
        did = f"{area}-{icon}"
        dx, dy = _DXY[di]
        here = head is not None and head.district == icon
        frame, threat = _district(C, ai, di, hid if here else None)
        o.append(frame)
        here_ts = bool(ts and int(ts.get("dist", -1)) == ai * 4 + di)  # ts dist: Area * 4 + icon
        if here and head is not None:
            o.append(_threat_token(ctx, head, ts, dx + dw - 20, dy + 20) if here_ts else threat)
        if here_ts and ts:
            o.append(_troubles(ctx, ts, dx, dy + 70, dw))
        here_h = at.get(did, [])
        for j, h in enumerate(here_h):
            o.append(_token(ctx, h, dx + 18 + j * 32, dy + dh - 16, 14))
        o.append("</g>")
        for h in heroes:
            if did in ctx.moves[h]:
                targets.setdefault(h, []).append(_target(ctx, h, ctx.moves[h][did], f"{AREA_NAMES[ai]} {SIGNS[di]}",
                                                         dx, dy, dw, dh, dx + 18 + len(here_h) * 32, dy + dh - 16))
    sy = ay + AH - 34
    for slot in (1, 2):
        sx = ax + 8 + (slot - 1) * 56
        o.append(_SUPPORT[ai][slot - 1])
        for h in at.get(f"support:{area}:{slot}", []):
            o.append(_token(ctx, h, sx + 24, sy + 14, 11))
        o.append("</g>")
    o.append(_SUPPORT_WORDS)
    for h in heroes:
        if "support:" + area in ctx.moves[h]:
            targets.setdefault(h, []).append(_target(ctx, h, ctx.moves[h]["support:" + area],
                                                     f"a Support space of {AREA_NAMES[ai]}", ax + 4, sy - 4, 116, 36,
                                                     ax + 148, sy + 14))
    o.append("</g>")
    for i, h in enumerate(heroes):  # last, so that they sit above everything
        if h in targets:
            begin, end = _selection(len(heroes), i)
            o.append(f'<g class="targets" data-hero="{_e(h)}" display="none"><set attributeName="display" '
                     f'to="inline" begin="{begin}" end="{end}"/>{"".join(targets[h])}</g>')
    return _pic(AW, AH + 8, "".join(o), AREA_NAMES[ai], AW)


# the geometry of an Area's picture: its Districts (x, y of each; width) and Support spaces
_DW = (AW - 8 - 24) / 2
_DXY = tuple((4 + 8 + (di % 2) * (_DW + 8), 4 + 24 + (di // 2) * (DH + 6)) for di in range(len(ICONS)))
_SUPPORT = tuple(tuple(f'<g class="support" data-space="support:{area}:{slot}"><title>Support space {slot} of '
                       f'{_e(AREA_NAMES[ai])}</title><rect x="{4 + 8 + (slot - 1) * 56}" y="{4 + AH - 34}" width="48" '
                       f'height="28" rx="14" fill="#ffffff" stroke="#64748b" stroke-dasharray="4 3"/>'
                       for slot in (1, 2)) for ai, area in enumerate(AREAS))
_SUPPORT_WORDS = _t(4 + 172, 4 + AH - 34 + 19, "Support spaces", 12, "#334155", "700")


@lru_cache(maxsize=16)
def _area_head(ai: int) -> str:
    """The opening of Area ``ai``'s picture: its group, title, ground and name."""
    ax, ay = 4, 4
    return (f'<g class="area" data-area="{_e(AREAS[ai])}"><title>{_e(AREA_NAMES[ai])}</title>'
            f'<rect x="{ax}" y="{ay}" width="{AW - 8}" height="{AH}" rx="8" fill="#dfe7f1"/>'
            + _t(ax + 10, ay + 18, AREA_NAMES[ai], 15, NAVY, "800"))


@lru_cache(maxsize=1024, typed=True)
def _district(C: Content, ai: int, di: int, hid: str | None) -> tuple[str, str]:
    """District ``di`` of Area ``ai`` with the Headline ``hid`` in it (None: no Headline in this District), from
    content alone: (its frame, icon and Headline; the Headline's Threat token while it is not troubleshot)."""
    area, icon = AREAS[ai], ICONS[di]
    did = f"{area}-{icon}"
    dx, dy = _DXY[di]
    head = C.headlines.get(hid) if hid else None
    here = head is not None and head.district == icon
    o = [f'<g class="district" data-district="{did}"><title>{_e(AREA_NAMES[ai])} {SIGNS[di]}'
         f'{_e(": " + head.name if here and head else "")}</title>',
         f'<rect x="{dx:g}" y="{dy:g}" width="{_DW:g}" height="{DH}" rx="6" fill="#ffffff" stroke="#94a3b8"/>',
         _t(dx + 7, dy + 18, SIGNS[di], 16, "#334155", "700")]
    if here and head is not None:
        o.append(_headline(head, dx, dy, _DW))
        return "".join(o), _threat_token_of(int(head.threat), 0, dx + _DW - 20, dy + 20)
    return "".join(o), ""


def _selectors(ctx: _Ctx, heroes: list[str]) -> str:
    """The heroes the seat can send now, one chip each (clicked or focused, it selects that hero)."""
    w = 16 + 2 * 216
    o = [_t(16, 24, "Send a hero: select, then click a lit District", 13.5, "#fde68a", "700")]
    for i, h in enumerate(heroes):
        begin, end = _selection(len(heroes), i)
        cx = 36 + i * 48
        o.append(f'<g class="hero-select" data-hero="{_e(h)}">'
                 f'<g id="hsel{i}" class="selector" tabindex="0" focusable="true" role="button" '
                 f'aria-label="Select {_e(ctx.hero_name(h))} to send"><title>Select {_e(ctx.hero_name(h))}</title>'
                 f'<circle cx="{cx}" cy="56" r="20" fill="none" stroke="#f0a202" stroke-width="4" display="none">'
                 f'<set attributeName="display" to="inline" begin="{begin}" end="{end}"/></circle>'
                 + _token(ctx, h, cx, 56, 15).replace('class="hero"', 'class="hero-chip"') + "</g>"
                 f'<g display="none"><set attributeName="display" to="inline" begin="{begin}" end="{end}"/>'
                 + _t(w - 16, 62, f"Selected: {ctx.hero_name(h)}", 14, "#ffffff", "800", "end") + "</g></g>")
    return _pic(w, 88, "".join(o), "Heroes you can send", w)


def _tracks(ctx: _Ctx) -> str:
    """The Story track, the Most Wanted spaces, the decks and who is off the board."""
    v, C = ctx.v, ctx.C
    w = 16 + 4 * 150
    rows = max(1, (len(v["track"]) + 3) // 4)
    o = [_t(16, 22, "Story track", 14, "#ffffff", "800")]
    for i, sid in enumerate(v["track"]):
        sx, sy = 16 + (i % 4) * 150, 30 + (i // 4) * 66
        name = C.stories[sid].name if sid in C.stories else sid
        team = C.stories[sid].team if sid in C.stories else ""
        o.append(f'<g class="story" data-story="{_e(sid)}"><title>Story: {_e(name)}</title>'
                 f'<rect x="{sx}" y="{sy}" width="142" height="58" rx="6" fill="#fef3c7" stroke="#f0a202"/>')
        for li, ln in enumerate(_wrap(name, 18, 2)):
            o.append(_t(sx + 7, sy + 18 + li * 15, ln, 12, INK, "700"))
        if team in C.teams:
            o.append(_t(sx + 7, sy + 53, C.teams[team].name, 10.5, MUTED, "600"))
        o.append("</g>")
    by = 30 + rows * 66 + 6
    o.append(_t(16, by + 16, "Most Wanted", 14, "#ffffff", "800"))
    for i in range(3):
        sx = 16 + i * 118
        vid = v["wanted"][i] if i < len(v["wanted"]) else None
        o.append(f'<g class="wanted" data-slot="{i}"{f" data-villain={chr(34)}{_e(vid)}{chr(34)}" if vid else ""}>')
        o.append(f'<rect x="{sx}" y="{by + 24}" width="110" height="58" rx="6" fill="{"#fde2e2" if vid else "none"}" '
                 f'stroke="#fca5a5" stroke-dasharray="{"0" if vid else "5 4"}"/>')
        if vid:
            nm = C.villains[vid].name if vid in C.villains else vid
            o.append(f"<title>Most Wanted: {_e(nm)}</title>")
            for li, ln in enumerate(_wrap(nm, 15, 2)):
                o.append(_t(sx + 7, by + 43 + li * 15, ln, 12, "#7f1d1d", "700"))
        else:
            o.append(f"<title>Most Wanted space {i + 1}: empty</title>")
            o.append(_t(sx + 55, by + 57, "empty", 10.5, "#e5e7eb", "600", "middle"))
        o.append("</g>")
    y = by + 108
    if v.get("special"):
        sp = C.specials.get(v["special"])
        o.append(_t(16, y, f"Special Headline: {sp.name if sp else v['special']}", 12.5, "#fde68a", "700"))
        y += 20
    d = v["decks"]
    o.append(_t(16, y, f"Decks — Resources {d['resource']} · Villains {d['villain']} · Headlines {d['headline']} · "
                f"Story {d['story']}", 13, "#e5e7eb", "600"))
    off = "; ".join(f"{ctx.hero_name(h)} {where(st['loc']).lower()}" for h, st in v["heroes"].items()
                    if st["loc"] in PLACE_WORDS and ctx.team_of[h] != ctx.seat)
    for ln in _wrap("Off the board: " + off, 92, 4) if off else []:
        y += 18
        o.append(_t(16, y, ln, 12, "#cbd5e1", "500"))
    return _pic(w, y + 14, "".join(o), "Story track, Most Wanted and decks", w)


def _board(ctx: _Ctx) -> list[str]:
    """The New York board as pictures that flow with the page: the header, the heroes to send, each Area, then the
    Story track, Most Wanted and decks (one piece each). Nothing on it carries an option the seat does not have
    now."""
    v = ctx.v
    at: dict[str, list[str]] = {}
    for h, st in v["heroes"].items():
        at.setdefault(st["loc"], []).append(h)
    areas = list(v["headlines"])
    heroes = [h for h, mv in ctx.moves.items()
              if any(k.split(":")[-1].rsplit("-", 1)[0] in areas for k in mv)]
    parts = [_header(ctx)]
    if heroes:
        parts.append(_selectors(ctx, heroes))
    parts += [_area(ctx, a, at, heroes) for a in areas]
    parts.append(_tracks(ctx))
    return ['<div class="heroes-board-wrap" role="group" aria-label="The New York board">', *parts, "</div>"]


def _headline(head: Any, x: float, y: float, w: float) -> str:
    fill = TYPE_FILL.get(head.type, "#374151")
    o = [f'<g class="headline" data-headline="{_e(head.id)}">']
    band = head.type.upper()
    o.append(f'<rect x="{x + 24:g}" y="{y + 4:g}" width="{len(band) * 8.2 + 10:g}" height="17" rx="3" fill="{fill}"/>')
    o.append(_t(x + 29, y + 17, band, 11, "#ffffff", "700"))
    for i, ln in enumerate(_wrap(head.name, int(w / 8.2), 2)):
        o.append(_t(x + 7, y + 51 + i * 15, ln, 13, INK, "700"))
    o.append(_t(x + 7, y + 83, ", ".join(s.capitalize() for s in head.skills), 11.5, MUTED, "600"))
    o.append(f'<circle cx="{x + w - 18:g}" cy="{y + DH - 18:g}" r="13" fill="#14532d"/>')
    o.append(_t(x + w - 18, y + DH - 13, head.vp, 14, "#ffffff", "800", "middle"))
    o.append(_t(x + w - 36, y + DH - 13, "VP", 10.5, "#14532d", "700", "end"))
    if head.mastermind:  # a Mastermind Headline: a purple mark after the band
        o.append(f'<rect x="{x + 7:g}" y="{y + 25:g}" width="76" height="14" rx="3" fill="#5b21b6"/>')
        o.append(_t(x + 45, y + 35.5, "Mastermind", 10, "#ffffff", "800", "middle"))
    o.append("</g>")
    return "".join(o)


def _threat_token(ctx: _Ctx, head: Any, ts: dict[str, Any] | None, cx: float, cy: float) -> str:
    """heroes/setup, heroes/troubleshooting/1: the District's Threat token, numbered with its Headline's Threat
    Number; while it is troubleshot after the Nemesis chose to increase the Threat, the Mastermind's rating for the
    Headline's type is added on the token's badge."""
    plus = 0
    if ts and ts.get("scheme") == "threat" and 0 <= int(ts.get("nem", -1)) < ctx.n:
        plus = int(ctx.mastermind(int(ts["nem"])).threat[int(ts["type"])])
    return _threat_token_of(int(head.threat), plus, cx, cy)


def _threat_token_of(n: int, plus: int, cx: float, cy: float) -> str:
    lab = f"Threat token {n}" + (f", increased by {plus} by the Nemesis: {n + plus} dice" if plus else "")
    hexa = " ".join(f"{cx + 15 * dx:.1f},{cy + 15 * dy:.1f}" for dx, dy in
                    ((0, -1), (0.87, -0.5), (0.87, 0.5), (0, 1), (-0.87, 0.5), (-0.87, -0.5)))
    o = [f'<g class="threat-token" data-threat="{n}" data-plus="{plus}"><title>{_e(lab)}</title>',
         f'<polygon points="{hexa}" fill="#b91c1c" stroke="#ffffff" stroke-width="2"/>',
         _t(cx, cy + 5.5, n, 15, "#ffffff", "800", "middle")]
    if plus:
        o.append(f'<rect x="{cx - 48:g}" y="{cy - 8:g}" width="30" height="17" rx="8" fill="#7f1d1d"/>'
                 + _t(cx - 33, cy + 4.5, f"+{plus}", 11.5, "#ffffff", "800", "middle"))
    o.append("</g>")
    return "".join(o)


def _troubles(ctx: _Ctx, ts: dict[str, Any], x: float, y: float, w: float) -> str:
    """Troubleshooting here, in one strip over the Headline's Skills line (its name stays readable): the Trouble
    Level and the Lead Villain, how many more Villains are in play (every one named in the strip's tooltip and in
    the combat panel)."""
    n = int(ts.get("trouble", 0))
    vs = []
    if ts.get("lead"):
        vs.append((ts["lead"], "Lead"))
    vs += [(b, "Backup") for b in ts.get("backs", []) if b]
    vs += [(a, "Agent") for a in ts.get("agents", []) if a]
    named = [(vid, role, villain_name(ctx.C, vid)) for vid, role in vs]
    title = "; ".join([f"Troubleshooting: Trouble Level {n}", *(f"{role}: {name}" for _, role, name in named)])
    o = [f'<g class="troubleshooting"><title>{_e(title)}</title>',
         f'<rect x="{x + 4:g}" y="{y:g}" width="{w - 8:g}" height="18" rx="9" fill="#7f1d1d"/>',
         f'<text x="{x + 12:g}" y="{y + 13:g}" font-size="10" fill="#ffffff" font-weight="700" text-anchor="start">'
         f"Trouble {n}"]
    if named and named[0][1] == "Lead":
        vid, role, name = named[0]
        o.append(f' · <tspan class="villain" data-villain="{_e(vid)}" data-role="Lead">{_e(name[:18])}</tspan>')
    more = len(named) - (1 if named and named[0][1] == "Lead" else 0)
    if more:
        o.append(f" +{more} more")
    o.append("</text></g>")
    return "".join(o)


def _target(ctx: _Ctx, h: str, oid: str, place: str, x: float, y: float, w: float, hh: float, gx: float,
            gy: float) -> str:
    """A lit place the selected hero can be sent to: the place outlined, and the hero's ghost token where it
    would stand (``gx``, ``gy``)."""
    ctx.drawn.append(oid)
    lab = f"Send {ctx.hero_name(h)} to {place}"
    return (f'<a class="target" href="#{_e(oid)}" data-option="{_e(oid)}" aria-label="{_e(lab)}">'
            f"<title>{_e(lab)}</title>"
            f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{hh:g}" rx="7" fill="#f0a202" fill-opacity="0.10" '
            f'stroke="#b45309" stroke-width="3" stroke-dasharray="8 4"/>'
            f'<circle cx="{gx:g}" cy="{gy:g}" r="14" fill="#ffffff" stroke="{ctx.fill(h)}" stroke-width="2.5" '
            f'stroke-dasharray="4 3"/>' + _t(gx, gy + 4, _initials(ctx.hero_name(h)), 11, ctx.fill(h), "800", "middle")
            + "</a>")


