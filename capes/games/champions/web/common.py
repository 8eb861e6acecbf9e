"""What the Champions drawings share: card sizes, colours, SVG text/token/chip helpers, escaping, wrapping, the
side of a card that is up and the HTML zone a row of cards sits in."""

from __future__ import annotations

import html
from functools import lru_cache
from typing import Any

from capes.games.champions import data
from capes.games.champions.data import Card

W, H = 128, 180          # a card
BW, BH = 150, 210        # a big card: villain, main scheme, identity
RES = {"P": ("physical", "#b3261e", "#ffffff"), "M": ("mental", "#1d4ed8", "#ffffff"),
       "E": ("energy", "#f2c200", "#1b1b1b"), "W": ("wild", "#15803d", "#ffffff")}
#: the band at the top of a card, by aspect (player cards) or type (encounter cards); white text on all (>= 4.5:1)
BAND = {"aggression": "#a4161a", "justice": "#7a5c00", "leadership": "#1d4ed8", "protection": "#166534",
        "basic": "#4b5563", "hero": "#6b21a8", "villain": "#3b0764", "main_scheme": "#7c2d12",
        "side_scheme": "#9a3412", "minion": "#581c87", "treachery": "#374151", "attachment": "#1f2937",
        "obligation": "#7f1d1d", "environment": "#134e4a"}
TYPE = {"alter_ego": "Alter-ego", "main_scheme": "Main scheme", "side_scheme": "Side scheme"}
STAT = (("atk", "ATK"), ("thw", "THW"), ("def", "DEF"), ("rec", "REC"), ("sch", "SCH"))
SHOWN = {"hero": ("atk", "thw", "def"), "alter_ego": ("rec",), "ally": ("atk", "thw"),
         "villain": ("atk", "sch"), "minion": ("atk", "sch")}
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif"


@lru_cache(maxsize=8192)
def _esc(s: str) -> str:
    return html.escape(s, quote=True)


def _e(x: Any) -> str:
    """Any text, escaped for HTML (element content and quoted attributes); a string's escape is memoized (names,
    titles and labels recur from view to view)."""
    return _esc(x) if type(x) is str else html.escape(str(x), quote=True)


def _wrap(text: str, width: float, size: float, lines: int) -> list[str]:
    """``text`` cut into at most ``lines`` lines of about ``width`` pixels (font ``size``), the last one ending in
    an ellipsis when the text is longer."""
    per = max(4, int(width / (size * 0.54)))
    out: list[str] = []
    cur = ""
    words = text.split()
    for i, w in enumerate(words):
        if cur and len(cur) + 1 + len(w) > per:
            out.append(cur)
            cur = w
            if len(out) == lines:
                out[-1] = out[-1].rstrip(".,;:") + "…"
                return out
        else:
            cur = f"{cur} {w}" if cur else w
        if i == len(words) - 1 and cur:
            out.append(cur)
    if len(out) > lines:
        out = out[:lines]
        out[-1] += "…"
    return out


def _text(x: float, y: float, s: Any, size: float = 10, fill: str = "#1b1b1b", weight: str = "400",
          anchor: str = "start") -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{fill}" font-weight="{weight}" '
            f'text-anchor="{anchor}" font-family="{FONT}">{_e(s)}</text>')


def _token(x: float, y: float, r: float, fill: str, label: Any, fg: str = "#ffffff", size: float = 12) -> str:
    return (f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{fill}" stroke="#ffffff" stroke-width="1.5"/>'
            + _text(x, y + size * 0.36, label, size, fg, "700", "middle"))


def _chip(x: float, y: float, label: str, fill: str, fg: str = "#ffffff") -> tuple[str, float]:
    w = 10 + sum(6.6 if ch.isupper() or ch.isdigit() else 5.4 for ch in label)
    return (f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="14" rx="7" fill="{fill}"/>'
            + _text(x + w / 2, y + 10.5, label, 9, fg, "700", "middle")), w


def _side(d: dict[str, Any]) -> Card:
    """The card as it is now: an identity by the side that is up."""
    c = data.CARDS[d["code"]]
    form = d.get("form")
    if form and c.type.replace("_", "-") != form and c.back and c.back in data.CARDS:
        return data.CARDS[c.back]
    return c


def _band(c: Card) -> str:
    if c.aspect in BAND and c.aspect != "encounter":
        return BAND[c.aspect]
    return BAND.get(c.type, "#374151")


def _type_line(c: Card) -> str:
    t = TYPE.get(c.type, c.type.replace("_", " ").capitalize())
    if c.stage and c.type in ("villain", "main_scheme"):
        t += f" {c.stage}"
    return t + (" · " + ", ".join(c.traits) if c.traits else "")


def _zone(title: str, items: list[list[str]], cls: str = "", empty: str = "") -> list[str]:
    """A zone of the table holding ``items`` (each a card's or a pile's pieces), in pieces: the zone's head, the
    items' own pieces and its tail (none at all for an empty zone without an ``empty`` text)."""
    if not items and not empty:
        return []
    out = [f'<section class="zone {cls}" aria-label="{_e(title)}"><strong>{_e(title)}</strong>'
           '<div class="cards options">']
    if not items:
        out.append(f'<span class="empty">{_e(empty)}</span>')
    for it in items:
        out += it
    out.append("</div></section>")
    return out
