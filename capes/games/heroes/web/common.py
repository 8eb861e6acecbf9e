"""What the Marvel Heroes drawings share: colours, sizes, text and token helpers, and the seat's context."""

from __future__ import annotations

from typing import Any

from markupsafe import escape

from capes.games.heroes.content import Content

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


