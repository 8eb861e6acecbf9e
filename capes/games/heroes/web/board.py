"""The New York board (issue 12): Areas, Districts, Headlines, Threat tokens, heroes, Villains, tracks."""

from __future__ import annotations

from typing import Any

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
    STATUS,
    TEAM_FILL,
    TYPE_FILL,
    _Ctx,
    _e,
    _initials,
    _svg,
    _t,
    _token,
    _villain_chip,
    _wrap,
)


# ------------------------------------------------------------------------------------------------ the board
def _board(ctx: _Ctx) -> str:
    v, C = ctx.v, ctx.C
    areas = list(v["headlines"])
    cols = 3 if len(areas) > 4 else 2
    nrows = (len(areas) + cols - 1) // cols
    top = 92
    bw = 18 + cols * (AW + 2)  # the picture's width: 1200 with six Areas, 806 with four
    wide = bw >= 1000  # Most Wanted beside the Story track, or under it
    bh = top + nrows * (AH + 12) + (150 if wide else 236)
    o: list[str] = [f'<rect x="0" y="0" width="{bw}" height="{bh}" rx="10" fill="#1f2a44"/>']
    # --- header: Game Round, Action Rounds, First Player, Archnemesis, VP track
    o.append(_t(16, 28, "New York", 20, "#ffffff", "800"))
    o.append(_t(16, 50, f"Game Round {int(v['round'])}", 14, "#e5e7eb", "700"))
    for i in range(5):
        cx = 164 + i * 30
        cur = i + 1 == v["action_round"]
        o.append(f'<circle cx="{cx}" cy="45" r="12" fill="{"#f0a202" if cur else "#334155"}" '
                 f'stroke="#ffffff" stroke-width="{2 if cur else 1}"/>')
        o.append(_t(cx, 49.5, i + 1, 12, INK if cur else "#ffffff", "700", "middle"))
    o.append(_t(164 - 12, 74, f"Action Round {int(v['action_round'])} of 5", 11, "#e5e7eb", "600"))
    x = 330
    for s, team in enumerate(v["teams"]):
        fill = TEAM_FILL.get(team, "#374151")
        tags = []
        if s == v["first"]:
            tags.append("First Player")
        if s == v["arch"]:
            tags.append("Archnemesis")
        lab = f"{ctx.pname(s)} {C.teams[team].name}"
        o.append(f'<g class="vp" data-seat="{s}" data-vp="{int(v["vp"][s])}"><title>{_e(lab)}: {int(v["vp"][s])} VP, '
                 f'{int(v["pp"][s])} Plot Points{_e(", " + ", ".join(tags) if tags else "")}</title>')
        o.append(f'<rect x="{x}" y="12" width="206" height="66" rx="8" fill="{fill}" stroke="#ffffff" '
                 f'stroke-width="{3 if s == ctx.seat else 1}"/>')
        o.append(_t(x + 10, 31, lab[:30], 12, "#ffffff", "700"))
        o.append(_t(x + 10, 52, f"{int(v['vp'][s])} VP", 18, "#ffffff", "800"))
        o.append(_t(x + 80, 52, f"{int(v['pp'][s])} Plot Pts", 11, "#ffffff", "600"))
        tx = x + 10
        for tag in tags:
            tw = 10 + len(tag) * 6.2
            o.append(f'<rect x="{tx}" y="59" width="{tw:g}" height="15" rx="7" fill="#ffffff"/>')
            o.append(_t(tx + tw / 2, 70.5, tag, 10, INK, "700", "middle"))
            tx += tw + 4
        o.append("</g>")
        x += 216
    # --- where each hero is
    at: dict[str, list[str]] = {}
    for h, st in v["heroes"].items():
        at.setdefault(st["loc"], []).append(h)
    ts = v.get("troubleshooting") or None
    targets: dict[str, list[str]] = {}  # per hero: its target links
    for k, area in enumerate(areas):
        ai = AREAS.index(area)
        ax = 12 + (k % cols) * (AW + 2)
        ay = top + (k // cols) * (AH + 12)
        o.append(f'<g class="area" data-area="{_e(area)}"><title>{_e(AREA_NAMES[ai])}</title>')
        o.append(f'<rect x="{ax}" y="{ay}" width="{AW - 8}" height="{AH}" rx="8" fill="#dfe7f1"/>')
        o.append(_t(ax + 10, ay + 18, AREA_NAMES[ai], 15, "#1f2a44", "800"))
        head = C.headlines.get(v["headlines"][area]) if v["headlines"][area] else None
        dw, dh = (AW - 8 - 24) / 2, DH
        for di, icon in enumerate(ICONS):
            did = f"{area}-{icon}"
            dx = ax + 8 + (di % 2) * (dw + 8)
            dy = ay + 24 + (di // 2) * (dh + 6)
            here = head is not None and head.district == icon
            o.append(f'<g class="district" data-district="{did}"><title>{_e(AREA_NAMES[ai])} {SIGNS[di]}'
                     f'{_e(": " + head.name if here and head else "")}</title>')
            o.append(f'<rect x="{dx:g}" y="{dy:g}" width="{dw:g}" height="{dh}" rx="6" fill="#ffffff" '
                     f'stroke="#94a3b8"/>')
            o.append(_t(dx + 7, dy + 18, SIGNS[di], 16, "#334155", "700"))
            if here and head is not None:
                o.append(_headline(head, dx, dy, dw))
            here_ts = bool(ts and int(ts.get("dist", -1)) == ai * 4 + di)  # ts dist: Area * 4 + icon
            if here and head is not None:
                o.append(_threat_token(ctx, head, ts if here_ts else None, dx + dw - 20, dy + 20))
            if here_ts and ts:
                o.append(_troubles(ctx, ts, dx, dy + 38, dw))
            here_h = at.get(did, [])
            for j, h in enumerate(here_h):
                o.append(_token(ctx, h, dx + 18 + j * 32, dy + dh - 16, 14))
            o.append("</g>")
            for h, mv in ctx.moves.items():
                if did in mv:
                    targets.setdefault(h, []).append(_target(ctx, h, mv[did], f"{AREA_NAMES[ai]} {SIGNS[di]}",
                                                             dx, dy, dw, dh, dx + 18 + len(here_h) * 32,
                                                             dy + dh - 16))
        # the two Support spaces
        sy = ay + AH - 34
        for slot in (1, 2):
            sx = ax + 8 + (slot - 1) * 56
            o.append(f'<g class="support" data-space="support:{area}:{slot}"><title>Support space {slot} of '
                     f'{_e(AREA_NAMES[ai])}</title><rect x="{sx}" y="{sy}" width="48" height="28" rx="14" '
                     f'fill="#ffffff" stroke="#64748b" stroke-dasharray="4 3"/>')
            for h in at.get(f"support:{area}:{slot}", []):
                o.append(_token(ctx, h, sx + 24, sy + 14, 11))
            o.append("</g>")
        o.append(_t(ax + 172, sy + 19, "Support spaces", 12, "#334155", "700"))
        for h, mv in ctx.moves.items():
            if "support:" + area in mv:
                targets.setdefault(h, []).append(_target(ctx, h, mv["support:" + area],
                                                         f"a Support space of {AREA_NAMES[ai]}", ax + 4, sy - 4,
                                                         116, 36, ax + 148, sy + 14))
        o.append("</g>")
    # --- the Story track, Most Wanted, decks
    by = top + nrows * (AH + 12)
    o.append(_t(16, by + 16, "Story track", 13, "#ffffff", "800"))
    for i, sid in enumerate(v["track"]):
        sx = 16 + i * 150
        name = C.stories[sid].name if sid in C.stories else sid
        team = C.stories[sid].team if sid in C.stories else ""
        o.append(f'<g class="story" data-story="{_e(sid)}"><title>Story: {_e(name)}</title>'
                 f'<rect x="{sx}" y="{by + 24}" width="142" height="58" rx="6" fill="#fef3c7" stroke="#f0a202"/>')
        for li, ln in enumerate(_wrap(name, 18, 2)):
            o.append(_t(sx + 7, by + 42 + li * 15, ln, 12, INK, "700"))
        if team in C.teams:
            o.append(_t(sx + 7, by + 77, C.teams[team].name, 10.5, MUTED, "600"))
        o.append("</g>")
    mx = 640 if wide else 16
    if not wide:
        by += 92
    o.append(_t(mx, by + 16, "Most Wanted", 13, "#ffffff", "800"))
    for i in range(3):
        sx = mx + i * 118
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
    d = v["decks"]
    o.append(_t(16, by + 108, f"Decks — Resources {d['resource']} · Villains {d['villain']} · Headlines "
                f"{d['headline']} · Story {d['story']}", 13, "#e5e7eb", "600"))
    off = [(h, st["loc"]) for h, st in v["heroes"].items() if st["loc"] in STATUS]
    o.append(_t(16, by + 128, "Off the board: " + "; ".join(
        f"{ctx.hero_name(h)} {STATUS[loc].lower()}" for h, loc in off if ctx.team_of[h] != ctx.seat)[:int(bw / 6.8)] or "",
        12, "#cbd5e1", "500"))
    if v.get("special"):
        sp = C.specials.get(v["special"])
        o.append(_t(bw - 12, by + 108, f"Special Headline: {sp.name if sp else v['special']}", 11.5, "#fde68a", "700",
                    "end"))
    # --- hero selectors and their targets (last, so that they sit above everything)
    heroes = [h for h in ctx.moves if h in targets]
    if heroes:
        o.append(_t(bw - 12, by + 16, "Send a hero: select, then click a lit District", 12.5, "#fde68a", "700", "end"))
        for i, h in enumerate(heroes):
            # SMIL names an element by id: ``hsel<k>`` (a content id could hold a '-' or '.', which SMIL reads as syntax)
            others = [f"hsel{k}" for k in range(len(heroes)) if k != i]
            begin = ("0s; " if i == 0 else "") + f"hsel{i}.click; hsel{i}.focusin"
            end = "; ".join(f"{x}.click; {x}.focusin" for x in others) or "indefinite"
            cx = bw - 30 - (len(heroes) - 1 - i) * 46
            o.append(f'<g class="hero-select" data-hero="{_e(h)}">')
            o.append(f'<g id="hsel{i}" class="selector" tabindex="0" focusable="true" role="button" '
                     f'aria-label="Select {_e(ctx.hero_name(h))} to send"><title>Select {_e(ctx.hero_name(h))}</title>'
                     f'<circle cx="{cx}" cy="{by + 50}" r="20" fill="none" stroke="#f0a202" stroke-width="4" '
                     f'display="none"><set attributeName="display" to="inline" begin="{begin}" '
                     f'end="{end}"/></circle>')
            o.append(_token(ctx, h, cx, by + 50, 15).replace('class="hero"', 'class="hero-chip"'))
            o.append("</g>")
            o.append(f'<g display="none"><set attributeName="display" to="inline" begin="{begin}" '
                     f'end="{end}"/>{"".join(targets[h])}'
                     + _t(bw - 12, by + 92, f"Selected: {ctx.hero_name(h)}", 14, "#ffffff", "800", "end") + "</g>")
            o.append("</g>")
    return _svg(bw, bh, "".join(o), "The New York board", "heroes-board")


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
    n = int(head.threat)
    plus = 0
    if ts and ts.get("scheme") == "threat" and 0 <= int(ts.get("nem", -1)) < ctx.n:
        plus = int(ctx.mastermind(int(ts["nem"])).threat[int(ts["type"])])
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
    """Troubleshooting here: the Trouble Level (Threat tokens) and the Villains in play."""
    n = int(ts.get("trouble", 0))
    o = [f'<g class="troubleshooting"><title>Troubleshooting: Trouble Level {n}</title>',
         f'<rect x="{x + 4:g}" y="{y:g}" width="{w - 8:g}" height="18" rx="9" fill="#7f1d1d"/>',
         _t(x + 12, y + 13, f"Troubleshooting · Trouble {n}", 10, "#ffffff", "700")]
    vs = []
    if ts.get("lead"):
        vs.append((ts["lead"], "Lead"))
    vs += [(b, "Backup") for b in ts.get("backs", []) if b]
    vs += [(a, "Agent") for a in ts.get("agents", []) if a]
    for i, (vid, role) in enumerate(vs[:3]):
        o.append(_villain_chip(ctx.C, vid, x + 4, y + 20 + i * 20, role, w - 8))
    o.append("</g>")
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


