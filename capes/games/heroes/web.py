"""The Marvel Heroes table drawn for the browser (issue 12), from a seat's view alone plus content looked up by id.

One SVG picture is the New York board: the six Areas (four with two players) with their four Districts each, the
Headline in the District of its icon (type, Threat, skills, VP), the Villains in play where Troubleshooting is, the
Super Heroes in Districts and on the two Support spaces of each Area, the Game Round and Action Round track, the
First Player and Archnemesis tokens, the VP track, the Story track and the Most Wanted spaces. Below it: combat as
it happens (both combatants, each side's Combat Power token face down until revealed, the dice with their faces,
hits and KOs), the seat's team as hero cards (Level, status, Wounds, Combat Powers, skill, abilities) and the
seat's hands (Resources, Villains, Story cards) with their text; other hands as counts only.

The page forbids inline styles (CSP ``style-src 'self'``), so everything is SVG presentation attributes, and SMIL
``<set>`` for selection. Sending a hero: the engine's moves are ``move:<hero>:<area>-<icon>`` (a District) and
``sup:<hero>:<area>`` (a Support space), one group per hero. Each such hero gets a selector chip on the board
(clicked or focused with Tab, it selects the hero; the first is selected at the start); the selected hero's
Districts and Support spaces light up as SVG links carrying ``data-option`` (Tab reaches them, Enter sends).
Nothing else on the board carries an option the seat does not have now.
"""

from __future__ import annotations

from typing import Any

from markupsafe import escape

from capes.games.heroes.content import Content, load_content
from capes.games.heroes.dice import FACES

AREAS = ("upper", "central", "village", "lower", "queens", "brooklyn")
AREA_NAMES = ("Upper Manhattan", "Central Manhattan", "The Village", "Lower Manhattan", "Queens", "Brooklyn")
ICONS = ("x", "diamond", "star", "circle")
SIGNS = ("✖", "◆", "★", "●")
TYPES = ("crime", "danger", "mystery")
TYPE_FILL = {"crime": "#9f1239", "danger": "#9a3412", "mystery": "#5b21b6"}
#: token colours of the teams (white text on each >= 4.5:1)
TEAM_FILL = {"f4": "#1d4ed8", "xmen": "#854d0e", "avengers": "#b91c1c", "knights": "#6b21a8"}
POWER_FILL = ("#b91c1c", "#c2410c", "#a16207")  # red, orange, yellow tokens (white text >= 4.5:1)
POWER_NAMES = ("red", "orange", "yellow")
STATUS = {"recovery": "In Recovery", "ready": "Ready", "supporting": "Supporting", "available": "Available",
          "scenario": "on the Scenario card"}
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif"
INK, MUTED, ACCENT = "#1b1b1b", "#4b5563", "#0b5cad"
AW, AH = 392, 300  # an Area
DH = 116  # a District


def _e(x: Any) -> str:
    return str(escape(str(x)))


def _t(x: float, y: float, s: Any, size: float = 12, fill: str = INK, weight: str = "400", anchor: str = "start",
       **extra: str) -> str:
    more = "".join(f' {k.replace("_", "-")}="{_e(v)}"' for k, v in extra.items())
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{fill}" font-weight="{weight}" '
            f'text-anchor="{anchor}" font-family="{FONT}"{more}>{_e(s)}</text>')


def _wrap(text: str, chars: int, lines: int) -> list[str]:
    """``text`` in at most ``lines`` lines of about ``chars`` characters (an ellipsis when cut)."""
    out: list[str] = []
    cur = ""
    for w in text.split():
        if cur and len(cur) + 1 + len(w) > chars:
            out.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}" if cur else w
    if cur:
        out.append(cur)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = out[-1].rstrip(".,;:") + "…"
    return out


def _initials(name: str) -> str:
    words = [w for w in name.replace(".", " ").replace("-", " ").split() if w.lower() not in ("the", "of")]
    if not words:
        return name[:2]
    if len(words) == 1:
        return words[0][:2]
    return (words[0][0] + words[-1][0]).upper()


def _svg(w: float, h: float, body: str, label: str, cls: str, width: str = "100%") -> str:
    return (f'<svg class="{cls}" role="img" viewBox="0 0 {w:g} {h:g}" width="{width}" '
            f'preserveAspectRatio="xMidYMin meet" xmlns="http://www.w3.org/2000/svg">'
            f"<title>{_e(label)}</title>{body}</svg>")


class _Ctx:
    def __init__(self, view: dict[str, Any], seat: int | None, C: Content) -> None:
        self.v = view
        self.C = C
        self.seat = seat
        dec = view.get("decision") or {}
        self.opts = [str(o) for o in dec.get("options", [])]
        self.n = len(view["teams"])
        self.team_of = {h: s for s, t in enumerate(view["teams"]) for h in C.teams[t].heroes}
        #: District and Support-space moves by hero, in option order
        self.moves: dict[str, dict[str, str]] = {}
        for o in self.opts:
            p = o.split(":")
            if len(p) == 3 and p[0] == "move" and "-" in p[2]:
                self.moves.setdefault(p[1], {})[p[2]] = o
            elif len(p) == 3 and p[0] == "sup" and p[2] in AREAS:
                self.moves.setdefault(p[1], {})["support:" + p[2]] = o
        self.drawn: list[str] = []

    def hero_name(self, h: str) -> str:
        return self.C.heroes[h].name

    def fill(self, h: str) -> str:
        return TEAM_FILL.get(self.v["teams"][self.team_of[h]], "#374151")

    def mastermind(self, s: int) -> Any:
        return self.C.masterminds[self.C.teams[self.v["teams"][(s - 1) % self.n]].nemesis]

    def pname(self, s: int) -> str:
        return f"P{s + 1}" + (" (you)" if s == self.seat else "")


def _token(ctx: _Ctx, h: str, x: float, y: float, r: float = 14) -> str:
    st = ctx.v["heroes"][h]
    wounded = st.get("wound")
    label = f"{ctx.hero_name(h)} (P{ctx.team_of[h] + 1})" + (" — wounded" if wounded else "")
    ring = (f'<circle r="{r + 4}" fill="none" stroke="#b91c1c" stroke-width="3" stroke-dasharray="4 3"/>'
             if wounded else "")
    return (f'<g class="hero" data-hero="{_e(h)}" data-loc="{_e(st["loc"])}" transform="translate({x:g} {y:g})">'
            f"<title>{_e(label)}</title>{ring}"
            f'<circle r="{r}" fill="{ctx.fill(h)}" stroke="#ffffff" stroke-width="2"/>'
            + _t(0, r * 0.36, _initials(ctx.hero_name(h)), r * 0.85, "#ffffff", "700", "middle") + "</g>")


def _villain_chip(C: Content, vid: str, x: float, y: float, role: str, w: float = 150) -> str:
    if vid in C.villains:
        name = C.villains[vid].name
    elif vid in C.masterminds:
        name = C.masterminds[vid].name
    else:
        name = vid
    return (f'<g class="villain" data-villain="{_e(vid)}" data-role="{_e(role)}"><title>{_e(role)}: {_e(name)}</title>'
            f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="18" rx="9" fill="#3b0764"/>'
            + _t(x + 8, y + 13, f"{role}: {name}"[:28], 10.5, "#ffffff", "700") + "</g>")


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
            if ts and ts.get("area") == ai and ts.get("dist") == di:
                o.append(_troubles(ctx, ts, dx, dy + 24, dw))
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
    band = f"{head.type.upper()} · Threat {head.threat}"
    o.append(f'<rect x="{x + 24:g}" y="{y + 4:g}" width="{len(band) * 6.7 + 10:g}" height="17" rx="3" fill="{fill}"/>')
    o.append(_t(x + 29, y + 17, band, 11, "#ffffff", "700"))
    # Threat tokens: the Threat Number as red tokens
    for i in range(min(int(head.threat), 8)):
        o.append(f'<circle cx="{x + w - 9 - i * 9:g}" cy="{y + 32:g}" r="4" fill="#dc2626" stroke="#7f1d1d"/>')
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


# ------------------------------------------------------------------------------------------------ combat
def _combat(ctx: _Ctx) -> str:
    cb = ctx.v.get("combat")
    if not cb:
        return ""
    C = ctx.C
    hs, vs = int(cb["hs"]), int(cb["vs"])
    team = C.teams[ctx.v["teams"][hs]]
    fighter = team.heroes[int(cb["fighter"])] if int(cb.get("fighter", -1)) >= 0 else None
    foe = cb["foe"]
    foe_card = C.masterminds.get(foe) if cb.get("mm") else C.villains.get(foe)
    foe_name = foe_card.name if foe_card else foe
    o: list[str] = ['<rect x="0" y="0" width="1200" height="210" rx="10" fill="#fff7ed" stroke="#c2410c" '
                    'stroke-width="2"/>']
    roll = {"a1": "First Attack", "a2": "Second Attack", "w": "Outwit"}.get(str(cb.get("roll")), "")
    o.append(_t(16, 26, f"Combat — sequence {int(cb.get('seq', 1))}" + (f" · {roll}" if roll else "")
                + (f" · Initiative: {'Super Hero' if cb.get('init') == 'H' else 'Villain'}" if cb.get("init") else ""),
                16, "#7c2d12", "800"))
    sides = [("H", fighter and C.heroes[fighter].name or "—", ctx.pname(hs),
              C.heroes[fighter].powers if fighter else (), cb.get("hp"), cb.get("Hdice", []), cb.get("Hres", 0),
              cb.get("fko", 0)),
             ("V", foe_name, ctx.pname(vs), foe_card.powers if foe_card else (), cb.get("vp"),
              cb.get("Vdice", []), cb.get("Vres", 0), cb.get("fkov", 0))]
    for k, (side, name, who, powers, pick, dice, res, ko) in enumerate(sides):
        x = 16 + k * 600
        o.append(f'<g class="combatant" data-side="{side}">')
        o.append(_t(x, 54, f"{'Super Hero' if side == 'H' else 'Villain'} · {who}", 11, MUTED, "700"))
        o.append(_t(x, 76, name, 18, INK, "800"))
        o.append(_t(x + 420, 76, f"KOs: {int(ko)}", 13, "#7f1d1d", "700"))
        # the Combat Power token: face down until revealed
        if pick == "hidden":
            o.append('<g class="power-token" data-state="facedown"><title>Combat Power picked, face down</title>'
                     f'<rect x="{x}" y="88" width="150" height="44" rx="8" fill="#374151"/>'
                     + _t(x + 75, 115, "? face down", 13, "#ffffff", "700", "middle") + "</g>")
        elif isinstance(pick, int) and pick >= 0 and pick < len(powers):
            p = powers[pick]
            o.append(f'<g class="power-token" data-state="shown" data-power="{pick}"><title>{_e(p.name)}: Attack '
                     f'{p.a}, Defend {p.d}, Outwit {p.w}</title>'
                     f'<rect x="{x}" y="88" width="300" height="44" rx="8" fill="{POWER_FILL[pick]}"/>'
                     + _t(x + 10, 106, p.name, 13, "#ffffff", "800")
                     + _t(x + 10, 124, f"Attack {p.a} · Defend {p.d} · Outwit {p.w}", 11.5, "#ffffff", "600")
                     + "</g>")
        else:
            o.append('<g class="power-token" data-state="none"><title>no Combat Power picked yet</title>'
                     f'<rect x="{x}" y="88" width="150" height="44" rx="8" fill="none" stroke="#6b7280" '
                     'stroke-dasharray="5 4"/>' + _t(x + 75, 115, "not picked", 12, MUTED, "600", "middle") + "</g>")
        for i, f in enumerate(dice):
            dx = x + i * 40
            face = FACES[int(f)] if 0 <= int(f) < len(FACES) else ()
            words = " + ".join(face) or "blank"
            mark = {"hit": "✸", "trouble": "⚠", "boost": "⇈"}
            sym = "".join(mark.get(k, "?") for k in face)
            o.append(f'<g class="die" data-face="{int(f)}"><title>die: {_e(words)}</title>'
                     f'<rect x="{dx}" y="146" width="32" height="32" rx="6" fill="#ffffff" stroke="#1f2937" '
                     f'stroke-width="2"/>' + _t(dx + 16, 169, sym, 18 if len(sym) < 2 else 13, "#7f1d1d", "800",
                                                "middle") + "</g>")
        if dice:
            o.append(_t(x + max(len(dice), 1) * 40 + 8, 168, f"result {int(res)}", 13, "#14532d", "800"))
        o.append("</g>")
    if cb.get("win"):
        o.append(_t(600, 200, f"Winner: {'Super Hero' if cb['win'] == 'H' else 'Villain'}", 13, "#14532d", "800",
                    "middle"))
    backs = [b for b in cb.get("backs", []) if b] + [a for a in cb.get("agents", []) if a]
    if backs:
        names = [C.villains[b].name if b in C.villains else b for b in backs]
        o.append(_t(1184, 26, "Backup/Agents: " + ", ".join(names)[:70], 11, "#3b0764", "700", "end"))
    return _svg(1200, 210, "".join(o), f"Combat: {sides[0][1]} against {foe_name}", "heroes-combat")


# ------------------------------------------------------------------------------------------------ cards
def _hero_card(ctx: _Ctx, h: str) -> str:
    hero = ctx.C.heroes[h]
    st = ctx.v["heroes"][h]
    loc = st["loc"]
    status = STATUS.get(loc) or ("on a Support space" if loc.startswith("support:") else f"in District {loc}")
    fill = ctx.fill(h)
    o = [f'<rect x="1" y="1" width="278" height="318" rx="10" fill="#fffdf7" stroke="{fill}" stroke-width="2"/>',
         f'<path d="M1 11a10 10 0 0 1 10-10h258a10 10 0 0 1 10 10v31H1z" fill="{fill}"/>',
         _t(12, 27, hero.name, 15, "#ffffff", "800"), _t(268, 27, f"Level {hero.level}", 12, "#ffffff", "700", "end"),
         _t(12, 60, status, 12, INK, "700")]
    wounds = int(st.get("wound", 0))
    o.append(_t(268, 60, f"Wounds {wounds}" + (f" · KO {int(st.get('ko', 0))}/{hero.ko}" if st.get("ko") else ""),
                12, "#b91c1c" if wounds else MUTED, "700", "end"))
    y = 72
    for i, p in enumerate(hero.powers):
        o.append(f'<rect x="10" y="{y}" width="260" height="22" rx="5" fill="{POWER_FILL[i]}"/>')
        o.append(_t(18, y + 15.5, p.name[:22], 11.5, "#ffffff", "700"))
        o.append(_t(262, y + 15.5, f"A{p.a} D{p.d} W{p.w}", 11.5, "#ffffff", "800", "end"))
        y += 26
    y = max(y, 150) + 8
    tsk = hero.troubleshooting
    o.append(_t(10, y, f"Skill: {hero.skill.capitalize()}", 10.5, INK, "700"))
    o.append(_t(10, y + 14, f"Troubleshooting — Crime {tsk[0]} · Danger {tsk[1]} · Mystery {tsk[2]}", 9.5, INK,
                "600"))
    y += 34
    for ab, kind in ((hero.combat, "Combat"), (hero.support, f"Support ({hero.support.kind})")):
        o.append(_t(10, y, f"{kind}: {ab.name}", 10.5, "#1f2a44", "800"))
        for ln in _wrap(ab.text, 48, 3):
            y += 13
            o.append(_t(10, y, ln, 10, INK))
        y += 18
    label = (f"{hero.name}, Level {hero.level}, {status}, Wounds {wounds}; powers: "
             + "; ".join(f"{p.name} A{p.a} D{p.d} W{p.w}" for p in hero.powers)
             + f"; {hero.combat.name}: {hero.combat.text}; {hero.support.name}: {hero.support.text}")
    return (f'<span class="hcard" tabindex="0" data-hero="{_e(h)}" data-loc="{_e(loc)}">'
            + _svg(280, 320, "".join(o), label, "hero-card", "280") + "</span>")


def _card(kind: str, cid: str, title: str, sub: str, text: str, fill: str, extra: str = "") -> str:
    o = [f'<rect x="1" y="1" width="178" height="218" rx="9" fill="#fffdf7" stroke="{fill}" stroke-width="2"/>',
         f'<path d="M1 10a9 9 0 0 1 9-9h160a9 9 0 0 1 9 9v36H1z" fill="{fill}"/>']
    for i, ln in enumerate(_wrap(title, 22, 2)):
        o.append(_t(10, 19 + i * 15, ln, 12.5, "#ffffff", "800"))
    o.append(_t(10, 62, sub, 10, MUTED, "700"))
    y = 80
    if extra:
        o.append(extra)
        y = 140
    for ln in _wrap(text, 30, 8 if not extra else 5):
        o.append(_t(10, y, ln, 10, INK))
        y += 13
    return (f'<span class="hand-card" tabindex="0" data-kind="{kind}" data-card="{_e(cid)}">'
            + _svg(180, 220, "".join(o), f"{title} ({sub}): {text}", "card", "180")
            + "</span>")


def _resource_card(C: Content, rid: str) -> str:
    r = C.resources.get(rid)
    if r is None:
        return _card("resource", rid, rid, "Resource", "", "#374151")
    team = C.teams[r.team].name if r.team and r.team in C.teams else ""
    sub = ("Ally" + (f" · {team}" if team else "")) if r.kind == "ally" else "Event"
    return _card("resource", rid, r.name, sub, f"{r.ability.name}: {r.ability.text}", "#0f5132")


def _villain_card(C: Content, vid: str) -> str:
    vl = C.villains.get(vid)
    if vl is None:
        return _card("villain", vid, vid, "Villain", "", "#3b0764")
    sub = f"Requirement {vl.requirement} · Cost {vl.cost} · KO {vl.ko}"
    pw = []
    for i, p in enumerate(vl.powers):
        y = 70 + i * 20
        pw.append(f'<rect x="8" y="{y}" width="164" height="17" rx="4" fill="{POWER_FILL[i]}"/>'
                  + _t(13, y + 12.5, p.name[:15], 10, "#ffffff", "700")
                  + _t(167, y + 12.5, f"A{p.a} D{p.d} W{p.w}", 10, "#ffffff", "800", "end"))
    texts = ["Most Wanted."] if vl.most_wanted else []
    texts += [f"{a.name}: {a.text}" for a in (vl.ability, vl.backup, vl.agent) if a is not None]
    return _card("villain", vid, vl.name, sub, " · ".join(texts), "#3b0764", "".join(pw))


def _story_card(C: Content, sid: str) -> str:
    s = C.stories.get(sid)
    name = s.name if s else sid
    team = C.teams[s.team].name if s and s.team in C.teams else ""
    return _card("story", sid, name, f"Story · {team}" if team else "Story", "", "#92400e")


def _zone(title: str, items: list[str], cls: str, empty: str = "none") -> str:
    body = "".join(items) if items else f'<span class="empty">{_e(empty)}</span>'
    return (f'<section class="zone {cls}" aria-label="{_e(title)}"><h3>{_e(title)}</h3>'
            f'<div class="options">{body}</div></section>')


# ------------------------------------------------------------------------------------------------ the table
def draw(view: dict[str, Any], seat: int | None, content: Content | None = None) -> str:
    """The table as ``seat`` sees it (``seat`` None: a spectator), as an HTML fragment."""
    return _draw(view, seat, content)[0]


def _draw(view: dict[str, Any], seat: int | None, content: Content | None = None) -> tuple[str, list[str]]:
    C = content or load_content(None)
    ctx = _Ctx(view, seat, C)
    dec = view.get("decision") or {}
    out = ['<div class="heroes-table">']
    head = [f"Game Round {int(view['round'])}", f"Action Round {int(view['action_round'])}",
            f"First Player: P{int(view['first']) + 1}"]
    if int(view.get("arch", -1)) >= 0:
        head.append(f"Archnemesis: P{int(view['arch']) + 1}")
    if view.get("over"):
        head.append("the game is over")
    elif dec.get("seat") is not None:
        head.append("deciding: " + ("you" if dec["seat"] == seat else f"P{int(dec['seat']) + 1}"))
    out.append(f'<p class="ht-head"><strong>{" · ".join(_e(h) for h in head)}</strong></p>')
    out.append(_board(ctx))
    out.append(_combat(ctx))
    n = ctx.n
    order = list(range(n))
    if seat is not None and 0 <= seat < n:
        order = [seat] + [s for s in order if s != seat]
    for s in order:
        team = C.teams[view["teams"][s]]
        mm = ctx.mastermind(s)
        you = s == seat
        plan_i = min(int(view["plans"][s]), len(mm.plans) - 1)
        sizes = view["hand_sizes"][s]
        bits = [f"{int(view['vp'][s])} VP", f"{int(view['pp'][s])} Plot Points", f"Mastermind {mm.name}",
                f"Master Plan: {mm.plans[plan_i].name}"]
        out.append(f'<section class="ht-player" data-seat="{s}" aria-label="Player {s + 1}">'
                   f"<h3>{_e(ctx.pname(s))} · {_e(team.name)} — {_e(' · '.join(bits))}</h3>")
        if you or seat is None:
            out.append(_zone("Super Heroes", [_hero_card(ctx, h) for h in team.heroes], "team"))
        else:
            out.append('<p class="heroes-line">' + _e("; ".join(
                f"{C.heroes[h].name}: {STATUS.get(view['heroes'][h]['loc'], view['heroes'][h]['loc'])}"
                + (f", {view['heroes'][h]['wound']} wound" if view['heroes'][h]['wound'] else "")
                for h in team.heroes)) + "</p>")
        allies = view["allies"][s]
        if allies:
            out.append(_zone("Allies in play", [
                _resource_card(C, a[0]).replace('class="hand-card"', 'class="ally-card"')
                .replace("data-kind=\"resource\"", f'data-kind="ally" data-pp="{int(a[1])}"') for a in allies],
                "allies"))
        extra = []
        if view["stories"][s]:
            extra.append("Story cards: " + ", ".join(C.stories[x].name if x in C.stories else x
                                                     for x in view["stories"][s]))
        if view["powerups"][s]:
            extra.append("Power-Ups: " + ", ".join(C.powerups[x].name if x in C.powerups else x
                                                   for x in view["powerups"][s]))
        if view["scored"][s]:
            extra.append("Headlines solved: " + ", ".join(
                C.headlines[x].name if x in C.headlines else C.specials[x].name if x in C.specials else x
                for x in view["scored"][s]))
        if extra:
            out.append(f'<p class="ht-extra">{_e(" · ".join(extra))}</p>')
        if you:
            out.append(_zone(f"Your Resource hand ({len(view['resource_hand'] or [])})",
                             [_resource_card(C, r) for r in view["resource_hand"] or []], "hand resources"))
            out.append(_zone(f"Your Villain hand ({len(view['villain_hand'] or [])})",
                             [_villain_card(C, x) for x in view["villain_hand"] or []], "hand villains"))
            out.append(_zone(f"Your Story cards ({len(view['stories'][s])})",
                             [_story_card(C, x) for x in view["stories"][s]], "hand stories"))
        else:
            out.append(f'<p class="hand-count" data-seat="{s}" data-resources="{int(sizes[0])}" '
                       f'data-villains="{int(sizes[1])}">Hand: {int(sizes[0])} Resource cards, '
                       f"{int(sizes[1])} Villain cards, face down</p>")
        out.append("</section>")
    out.append("</div>")
    return "".join(out), ctx.drawn
