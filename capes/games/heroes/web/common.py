"""What the Marvel Heroes drawings share: colours, sizes, text and token helpers, and the seat's context."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

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
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif"
INK, MUTED, ACCENT = "#1b1b1b", "#4b5563", "#0b5cad"
AW, AH = 392, 300  # an Area
DH = 116  # a District


@lru_cache(maxsize=16384)
def _esc(s: str) -> str:
    """``s`` escaped for HTML text and attributes, exactly as MarkupSafe's ``escape`` does it (``&#34;``, ``&#39;``);
    most texts (names, labels) recur from drawing to drawing, so each is escaped once."""
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&#34;").replace("'", "&#39;")


def _e(x: Any) -> str:
    return _esc(x if type(x) is str else str(x))


def _t(x: float, y: float, s: Any, size: float = 12, fill: str = INK, weight: str = "400", anchor: str = "start",
       **extra: str) -> str:
    more = "".join(f' {k.replace("_", "-")}="{_e(v)}"' for k, v in extra.items()) if extra else ""
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{fill}" font-weight="{weight}" '
            f'text-anchor="{anchor}"{more}>{_e(s)}</text>')


def _wrap(text: str, chars: int, lines: int) -> list[str]:
    """``text`` in at most ``lines`` lines of about ``chars`` characters (an ellipsis when cut)."""
    return list(_wrapped(text, chars, lines))


@lru_cache(maxsize=4096, typed=True)
def _wrapped(text: str, chars: int, lines: int) -> tuple[str, ...]:
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
    return tuple(out)


@lru_cache(maxsize=1024)
def _initials(name: str) -> str:
    words = [w for w in name.replace(".", " ").replace("-", " ").split() if w.lower() not in ("the", "of")]
    if not words:
        return name[:2]
    if len(words) == 1:
        return words[0][:2]
    return (words[0][0] + words[-1][0]).upper()


def _svg(w: float, h: float, body: str, label: str, cls: str, width: str = "100%") -> str:
    # the font once on the root (inherited by every <text>), not on each text: a quarter of a board's bytes
    return (f'<svg class="{cls}" role="img" viewBox="0 0 {w:g} {h:g}" width="{width}" '
            f'preserveAspectRatio="xMidYMin meet" font-family="{FONT}" xmlns="http://www.w3.org/2000/svg">'
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
        return _pname(s, self.seat)


def _pname(s: int, seat: int | None) -> str:
    return f"P{s + 1}" + (" (you)" if s == seat else "")


def _token(ctx: _Ctx, h: str, x: float, y: float, r: float = 14) -> str:
    st = ctx.v["heroes"][h]
    return _token_of(ctx.hero_name(h), h, st["loc"], bool(st.get("wound")), ctx.team_of[h], ctx.fill(h),
                     f"{x:g} {y:g}", r)


@lru_cache(maxsize=4096, typed=True)
def _token_of(name: str, h: str, loc: str, wounded: bool, team: int, fill: str, at: str, r: float) -> str:
    """A hero's token from all it shows: name, id, location, wounded or not, team seat and colour, where it
    stands (``at``: "x y") and its radius."""
    label = f"{name} (P{team + 1})" + (" — wounded" if wounded else "")
    ring = (f'<circle r="{r + 4}" fill="none" stroke="#b91c1c" stroke-width="3" stroke-dasharray="4 3"/>'
             if wounded else "")
    return (f'<g class="hero" data-hero="{_e(h)}" data-loc="{_e(loc)}" transform="translate({at})">'
            f"<title>{_e(label)}</title>{ring}"
            f'<circle r="{r}" fill="{fill}" stroke="#ffffff" stroke-width="2"/>'
            + _t(0, r * 0.36, _initials(name), r * 0.85, "#ffffff", "700", "middle") + "</g>")


def villain_name(C: Content, vid: str) -> str:
    """The name of a Villain card or a Mastermind."""
    if vid in C.villains:
        return C.villains[vid].name
    if vid in C.masterminds:
        return C.masterminds[vid].name
    return vid


