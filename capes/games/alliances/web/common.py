"""What the Alliances drawings share: sizes, colours, text helpers, SMIL hover, links, and which option names
what on the board."""

from __future__ import annotations

import html
import textwrap
from collections.abc import Callable
from functools import lru_cache
from typing import Any

CELL = 72
MARGIN = 26
#: rendered widths (CSS px) of the pictures at most; each shrinks to the page width on a phone
BOARD_PX, SIDE_PX = 528, 268
SIDE_W, CARD_W = 300, 396  # their viewBox widths
#: a dashboard: two a row (four Characters: two rows of two) on a laptop, one a row on a phone
CARD_WIDTH = f"min(100%, max(49%, {CARD_W}px))"
FONT = 'font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif"'

#: option prefixes naming a Space by its label, and how a screen reader says them
SPACE_VERBS = {"move": "Advance to", "deploy": "Deploy at", "place": "Place at", "space": "Spawn at",
               "toward": "Advance toward the Objective at", "launch": "Launch the glider prototype at",
               "drag": "Drag the Civilian to"}
CHAR_VERBS = {"activate": "Activate", "priority": "Give the Priority token to", "give": "Give Priority to",
              "nearest": "Advance toward"}

INK, MUTED, PAPER = "#1c1917", "#57534e", "#ffffff"
#: one colour per squad position (white text on each is above 4.5:1)
CHAR_COLOURS = ("#b3261e", "#1d4ed8", "#6b21a8", "#27272a")
ENEMY_FILL = {"goon": "#3f6212", "sentry": "#115e59", "brute": "#7c2d12", "mini_boss": "#14532d", "boss": "#14532d"}
TYPE_NAMES = {"goon": "Goon", "sentry": "Sentry", "brute": "Brute", "mini_boss": "Mini-Boss", "boss": "Boss"}
ICON_LETTER = {"critical": "C", "wild": "W", "hit": "H", "block": "B", "blank": "–", "failure": "F"}
ICON_FILL = {"critical": "#9a3412", "wild": "#6d28d9", "hit": "#b91c1c", "block": "#1e40af", "blank": "#52525b",
             "failure": "#3f3f46"}
COND_FILL = {"bleed": "#991b1b", "hex": "#6b21a8", "incinerate": "#c2410c", "shock": "#1d4ed8"}
SPACE_FILL = {".": "#ece8df", "T": "#ece8df", "O": "#f3e6bf", "D": "#dbe7f3", "S": "#f4d9d5", "A": "#e4dcf0",
              "X": "#dff0e0"}
GOALS = {"oscorp_lab": "Synthesize 3 Samples", "glider_works": "Sabotage 3 glider prototypes",
         "subway_rescue": "Lead 3 Civilians to the Exits", "goblins_last_laugh": "Daze Green Goblin twice"}
_ARROW_PTS = {"N": "0,-1 0.7,0.2 -0.7,0.2", "S": "0,1 0.7,-0.2 -0.7,-0.2", "E": "1,0 -0.2,0.7 -0.2,-0.7",
              "W": "-1,0 0.2,0.7 0.2,-0.7"}


@lru_cache(maxsize=16384)
def _esc(s: str) -> str:
    """``s`` escaped for HTML text and attributes; most texts (names, labels) recur, so each is escaped once."""
    return html.escape(s, quote=True)


def _t(x: Any) -> str:
    return _esc(x if type(x) is str else str(x))


def _frozen(x: Any) -> Any:
    """A view value as a cache key that holds all of it: strings, ints and None as they are, lists (and lists in
    lists) as tuples, anything else (True, 1.0, -0.0: equal to 1 or 0 as keys, drawn otherwise) as its type and
    spelling."""
    t = type(x)
    if t in _PLAIN:
        return x
    if t is bool:
        return _TRUE if x else _FALSE
    if t is list or t is tuple:
        return tuple([v if type(v) in _PLAIN else _frozen(v) for v in x])
    return t, repr(x)


_PLAIN = frozenset((str, int, type(None)))
_TRUE, _FALSE = (bool, "True"), (bool, "False")


class _Memo:
    """A bounded memo of drawn fragments: ``get(key, draw, *args)`` is ``draw(*args)``, drawn once per ``key``.
    The key must hold everything ``draw`` reads from ``args`` (view values through :func:`_frozen`); when full,
    the oldest fragment goes."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.hits: dict[Any, Any] = {}

    def get(self, key: Any, draw: Callable[..., Any], *args: Any) -> Any:
        hits = self.hits
        hit = hits.get(key)
        if hit is None:
            if len(hits) >= self.size:
                try:  # the oldest goes
                    del hits[next(iter(hits))]
                except (KeyError, RuntimeError, StopIteration):  # another thread changed it meanwhile
                    hits.clear()
            hit = hits[key] = draw(*args)
        return hit


class _Ident:
    """A cache key standing for one object that is not hashable by value (content, a Stage, a rules index): equal
    only to itself, and holding the object, so that its id is not reused while the key lives."""

    __slots__ = ("obj",)

    def __init__(self, obj: Any) -> None:
        self.obj = obj


_IDENTS: dict[int, _Ident] = {}


def _ident(obj: Any) -> _Ident:
    hit = _IDENTS.get(id(obj))
    if hit is None or hit.obj is not obj:
        if len(_IDENTS) >= 1024:
            _IDENTS.clear()
        hit = _IDENTS[id(obj)] = _Ident(obj)
    return hit


@lru_cache(maxsize=1024)
def _abbr(name: str) -> str:
    """``Spectacular Spider-Man`` -> ``SSM``: the initials drawn on a figure."""
    return "".join(w[0] for w in name.replace("-", " ").split() if w[0].isalpha()).upper()[:3]


def _text(x: float, y: float, s: Any, size: float = 13, fill: str = INK, weight: str = "", anchor: str = "middle") -> str:
    w = f' font-weight="{weight}"' if weight else ""
    return f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{fill}" text-anchor="{anchor}"{w}>{_t(s)}</text>'


def _hover(ids: list[str], attr: str, to: str) -> str:
    """A SMIL ``<set>``: ``attr`` becomes ``to`` while one of the elements ``ids`` is hovered or focused (the ids
    have no ``-`` or ``.``, which SMIL's event syntax would read as an offset or an event)."""
    return _hover_of(tuple(ids), attr, to)


@lru_cache(maxsize=4096)
def _hover_of(ids: tuple[str, ...], attr: str, to: str) -> str:
    begin = "; ".join(f"{i}.mouseover; {i}.focusin" for i in ids)
    end = "; ".join(f"{i}.mouseout; {i}.focusout" for i in ids)
    return f'<set attributeName="{attr}" to="{to}" begin="{begin}" end="{end}"/>'


def option_targets(view: dict[str, Any]) -> tuple[dict[str, str], dict[int, list[str]], dict[str, str], dict[int, str]]:
    """The deciding seat's option ids that name something on the board: Space label -> option, Enemy uid ->
    options, Character id -> option, token id -> option."""
    spaces: dict[str, str] = {}
    enemies: dict[int, list[str]] = {}
    chars: dict[str, str] = {}
    tokens: dict[int, str] = {}
    cids = {str(c["id"]) for c in view["characters"]}
    uids = {int(e["uid"]) for e in view["enemies"]}
    tids = {int(t["id"]) for t in view["tokens"]}
    for oid in view.get("decision", {}).get("options", []):
        parts = oid.split(":")
        head = parts[0]
        if head in SPACE_VERBS and len(parts) == 2:
            spaces.setdefault(parts[1], oid)
        elif head in CHAR_VERBS and len(parts) == 2 and parts[1] in cids:
            chars.setdefault(parts[1], oid)
        elif head == "interact" and len(parts) == 2 and parts[1].isdigit() and int(parts[1]) in tids:
            tokens.setdefault(int(parts[1]), oid)
        elif head in ("attack", "target", "first", "skill") and len(parts) >= 2 and parts[-1].isdigit():
            if int(parts[-1]) in uids and (head != "skill" or parts[1] == "bad_luck"):
                enemies.setdefault(int(parts[-1]), []).append(oid)
    return spaces, enemies, chars, tokens




def _pts(spec: str, cx: float, cy: float, r: float) -> str:
    out = []
    for p in spec.split():
        x, y = p.split(",")
        out.append(f"{cx + float(x) * r:.1f},{cy + float(y) * r:.1f}")
    return " ".join(out)


def _icon(name: str, cx: float, cy: float, r: float) -> str:
    """A die-result icon: a coloured disc with its letter (and its name as a tooltip)."""
    return (f'<g><title>{_t(name.title())}</title><circle cx="{cx}" cy="{cy}" r="{r}" fill="{ICON_FILL.get(name, "#3f3f46")}"/>'
            f'{_text(cx, cy + r * 0.42, ICON_LETTER.get(name, "?"), round(r * 1.2), "#fff", "700")}</g>')


def _link(oid: str | None, label: str, inner: str, aid: str, ring: str = "") -> str:
    """``inner`` as a clickable option (an SVG link, reached with Tab); ``ring`` is drawn when hovered/focused."""
    if not oid:
        return inner
    glow = ring.replace("/>", f' stroke-opacity="0">{_hover([aid], "stroke-opacity", "1")}</circle>', 1) if ring else ""
    return (f'<a id="{aid}" class="al-choice" href="#{_t(aid)}" data-option="{_t(oid)}" aria-label="{_t(label)}">'
            f'<title>{_t(label)}</title>{inner}{glow}</a>')


def _ring(cx: float, cy: float, r: float, colour: str = "#facc15") -> str:
    return f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="none" stroke="{colour}" stroke-width="5"/>'




def _conds(conds: list[str], cx: float, y: float) -> str:
    x = cx - 7 * (len(conds) - 1)
    return "".join(f'<g><title>{_t(cn.title())}</title><circle cx="{x + k * 14}" cy="{y}" r="7" fill="{COND_FILL.get(cn, "#444")}" '
                   f'stroke="#fff" stroke-width="1.5"/>{_text(x + k * 14, y + 3.5, cn[:1].upper(), 10, "#fff", "700")}</g>'
                   for k, cn in enumerate(conds))


def _pips(cx: float, y: float, n: int, full: int, on: str) -> str:
    n = max(n, 1)
    w = min(8.0, (CELL - 12) / n - 1)
    x = cx - (n * (w + 1)) / 2
    return "".join(f'<rect x="{x + k * (w + 1):.1f}" y="{y}" width="{w:.1f}" height="6" rx="1" fill="{on if k < full else "#3f3f46"}" '
                   f'stroke="#fff" stroke-width=".6"/>' for k in range(n))




def _wrap(s: str, width: int) -> list[str]:
    return textwrap.wrap(s, width) or [""]


