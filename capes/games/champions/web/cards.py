"""One card and one pile drawn as SVG: what is printed on a card (once per card data), its current numbers, tokens,
status, label and exhausted turn (memoized by everything it reads, the uid put in after), and face-down piles."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from capes.games.champions.data import Card
from capes.games.champions.render import card_text
from capes.games.champions.web.common import (
    BH,
    BW,
    RES,
    SHOWN,
    STAT,
    H,
    W,
    _band,
    _chip,
    _e,
    _text,
    _token,
    _type_line,
    _wrap,
)

_FACES: dict[tuple[int, bool, bool], tuple[Card, tuple[str, float, tuple[str, ...], str]]] = {}


def _face(c: Card, big: bool, short: bool) -> tuple[str, float, tuple[str, ...], str]:
    """What is printed on card ``c`` (band, cost, name, type and traits, text, icons) as SVG, the height where its
    numbers go, which numbers it has and its whole text (for the tooltip): the same for every copy, so drawn once per card data (``short``: a line
    less of text, for a card with a note)."""
    key = (id(c), big, short)
    hit = _FACES.get(key)
    if hit is not None and hit[0] is c:
        return hit[1]
    w, h = (BW, BH) if big else (W, H)
    band = _band(c)
    parts: list[str] = [
        f'<rect x="1" y="1" width="{w - 2}" height="{h - 2}" rx="8" fill="#fffdf7" stroke="{band}" stroke-width="2"/>',
        f'<path d="M1 9a8 8 0 0 1 8-8h{w - 18}a8 8 0 0 1 8 8v27H1z" fill="{band}"/>',
    ]
    x0 = 8
    if c.cost is not None:
        parts.append(_token(15, 18, 11, "#111827", c.cost, size=12))
        x0 = 30
    name = c.name + ("" if not c.unique else " ◆")
    lines = _wrap(name, (w - x0 - 6) * 0.82, 11, 2)
    for i, ln in enumerate(lines):
        parts.append(_text(x0, 15 + i * 12 if len(lines) > 1 else 22, ln, 11, "#ffffff", "700"))
    y = 48
    for ln in _wrap(_type_line(c) + (f" — {c.subname}" if c.subname else ""), w - 14, 8.5, 2):
        parts.append(_text(7, y, ln, 8.5, "#374151", "600"))
        y += 10
    keys = SHOWN.get(c.type, ())
    stats_y = y
    if keys:
        y += 21
    body_lines = (5 if big else 4) - (1 if short else 0)
    text = c.text.strip() or ", ".join(k.replace("_", " ").replace(":", " ") for k in c.keywords).capitalize()
    for ln in _wrap(text, w - 14, 8.5, body_lines + (0 if keys else 2)):
        parts.append(_text(7, y + 8, ln, 8.5, "#1b1b1b"))
        y += 10.5
    # icons along the bottom: resources, scheme icons
    bx = 8
    for ch in c.res:
        _, fill, fg = RES[ch]
        parts.append(_token(bx + 7, h - 13, 8, fill, ch, fg, 9))
        bx += 18
    icons = [("crisis", c.crisis, "#b91c1c"), ("hazard", c.hazard, "#92400e"),
             ("acceleration", c.accel, "#9a3412"), ("amplify", c.amplify, "#6d28d9")]
    for nm, n, fill in icons:
        if n:
            s, cw = _chip(bx, h - 20, f"{nm}{' ×' + str(n) if n > 1 else ''}", fill)
            parts.append(s)
            bx += cw + 3
    if c.boost and c.type in ("minion", "treachery", "attachment", "side_scheme", "obligation", "environment"):
        parts.append(_text(w - 8, h - 9, f"boost {c.boost}" + ("★" if c.boost_star else ""), 8.5, "#4b5563", "600",
                           "end"))
    out = ("".join(parts), stats_y, keys, f"{c.name}{', ' + c.subname if c.subname else ''}: {card_text(c)}")
    _FACES[key] = (c, out)
    return out


#: card_svg's drawings without their uid (see _card_key), oldest dropped first past _CARDS_MAX, each with the
#: drawings with a uid put in (by uid; a few)
_CARDS: dict[tuple[Any, ...], tuple[Card, str, str, dict[Any, str]]] = {}
_CARDS_MAX = 4096
_PLAIN = frozenset((int, str, type(None)))  # values a key may hold as they are (not bool or float: True == 1 == 1.0)


def _card_key(c: Card, d: dict[str, Any], big: bool, note: str, threat_target: Any, villain_hp: Any, label: str,
              why: str | None) -> tuple[Any, ...] | None:
    """Everything :func:`card_svg` reads, but the uid (None when a value is of a type a key cannot hold exactly):
    the card data (by identity: the entry keeps it alive), the arguments and the card's entry in the view."""
    stats = d.get("stats")
    status = d.get("status")
    vals = (d.get("damage"), d.get("threat"), d.get("counters"), threat_target, villain_hp, note, label, why)
    if not _PLAIN.issuperset(map(type, vals)):
        return None
    st: tuple[Any, ...] = ()
    if stats:
        if type(stats) is not dict:
            return None
        st = tuple(stats.items())
        if not _PLAIN.issuperset(map(type, stats.values())) or not _PLAIN.issuperset(map(type, stats)):
            return None
    ss: tuple[Any, ...] = ()
    if status:
        if type(status) is not list:
            return None
        ss = tuple(status)
        if not _PLAIN.issuperset(map(type, ss)):
            return None
    return (id(c), big, bool(d.get("exhausted")), d.get("attached_to") is not None, st, stats is None, ss,
            status is None, *vals)


def card_parts(c: Card, d: dict[str, Any] | None, *, big: bool = False, note: str = "",
               threat_target: int | None = None, villain_hp: int | None = None, label: str = "",
               why: str | None = None) -> tuple[str]:
    """:func:`card_svg` as the pieces of a board: one piece, the same string whenever the card is drawn the same
    (memoized by uid under the drawing's memo), so that a page holding it is not sent it again."""
    d = d or {}
    key = _card_key(c, d, big, note, threat_target, villain_hp, label, why)
    hit = _CARDS.get(key) if key is not None else None
    if hit is None:
        head, tail = _card_svg(c, d, big, note, threat_target, villain_hp, label, why)
        hit = (c, head, tail, {})
        if key is not None:
            if len(_CARDS) >= _CARDS_MAX:
                del _CARDS[next(iter(_CARDS))]
            _CARDS[key] = hit
    uid = d.get("uid", "")
    if type(uid) is not int:  # (a key tells 1 from True; only ints are memoized)
        return (hit[1] + _e(uid) + hit[2],)
    by_uid = hit[3]
    svg = by_uid.get(uid)
    if svg is None:
        if len(by_uid) >= 16:
            by_uid.clear()
        svg = by_uid[uid] = hit[1] + str(uid) + hit[2]
    return (svg,)


def card_svg(c: Card, d: dict[str, Any] | None, *, big: bool = False, note: str = "",
             threat_target: int | None = None, villain_hp: int | None = None, label: str = "",
             why: str | None = None) -> str:
    """One card as an SVG: ``c`` its data, ``d`` its entry in the view (None for a card seen only by code);
    ``why``: a card in hand that cannot be played now, and why (dimmed, marked, the reason first in its tooltip).
    Memoized by everything it reads (the same card at the same numbers recurs from view to view and table to
    table); the uid is put in after."""
    return "".join(card_parts(c, d, big=big, note=note, threat_target=threat_target, villain_hp=villain_hp,
                              label=label, why=why))


def _card_svg(c: Card, d: dict[str, Any], big: bool, note: str, threat_target: int | None, villain_hp: int | None,
              label: str, why: str | None) -> tuple[str, str]:
    """card_svg's drawing, cut where the uid goes."""
    w, h = (BW, BH) if big else (W, H)
    exh = bool(d.get("exhausted"))
    stats = d.get("stats", {})
    face, y, keys, title = _face(c, big, d.get("attached_to") is not None or bool(note))
    parts: list[str] = [face]
    # numbers: current stats (after modifiers) when in play, printed ones otherwise
    x = 7
    for k, lab in STAT:
        if k not in keys:
            continue
        printed = getattr(c, "def_" if k == "def" else k)
        v = stats.get(k, "–" if printed is None else printed)
        parts.append(f'<rect x="{x}" y="{y - 1}" width="36" height="17" rx="3" fill="#eef1f6" stroke="#9aa3b2"/>')
        parts.append(_text(x + 18, y + 11.5, f"{lab} {v}", 9, "#111827", "700", "middle"))
        x += 39
    # tokens: hit points, threat, counters
    ty = 52 if big else 50
    hp_max = villain_hp if villain_hp is not None else stats.get("hp")
    if hp_max is not None:
        left = hp_max - d.get("damage", 0)
        parts.append(_token(w - 24, h - 42, 15 if big else 13, "#b3261e", left, size=13 if big else 12))
        parts.append(_text(w - 24, h - 20, f"of {hp_max} HP", 7.5, "#7f1d1d", "700", "middle"))
    elif d.get("damage"):
        parts.append(_token(w - 18, h - 42, 12, "#b3261e", d["damage"], size=11))
    if c.type in ("main_scheme", "side_scheme"):
        thr = d.get("threat", 0)
        lab = f"{thr}/{threat_target}" if threat_target is not None else str(thr)
        r = 19 if big else 15
        parts.append(_token(w - r - 6, h - 52, r, "#8a4b00", lab, size=12 if len(lab) > 3 else 14))
        parts.append(_text(w - r - 6, h - 52 + r + 10, "threat", 8, "#5a3200", "700", "middle"))
    elif d.get("threat"):
        parts.append(_token(w - 18, ty, 11, "#8a4b00", d["threat"], size=11))
    if d.get("counters"):
        parts.append(_token(w - 44 if hp_max is not None else w - 18, h - 42, 11, "#0b5cad", d["counters"], size=11))
        parts.append(_text(w - 44 if hp_max is not None else w - 18, h - 24,
                           "counter" if d["counters"] == 1 else "counters", 7, "#0b3f7a", "700", "middle"))
    sy = h - 56 if note else h - 44
    if label:
        s, cw = _chip(6, sy + 4, label, "#0a6b2d")
        parts.append(s)
        sy -= 16
    for st in d.get("status", []):
        s, _ = _chip(6, sy + 4, st.upper(),
                     {"stunned": "#92400e", "confused": "#5b21b6", "tough": "#1e40af"}.get(st, "#374151"))
        parts.append(s)
        sy -= 16
    if note:
        for i, ln in enumerate(_wrap(note, w - 52, 8, 2)):
            parts.append(_text(7, h - 38 + i * 9.5, ln, 8, "#374151", "600"))
    if why is not None:
        title = f"Cannot be played now: {why}. — {title}"
        parts = [f'<g opacity="0.5">{"".join(parts)}</g>']
        s, cw = _chip(0, 0, "CAN'T PLAY NOW", "#7f1d1d")
        parts.append(f'<g transform="translate({(w - cw) / 2:g} {h / 2 - 7:g})">{s}</g>')
    if exh:
        title += " (exhausted)"
    if d.get("status"):
        title += " (" + ", ".join(d["status"]) + ")"
    inner = "".join(parts)
    if exh:  # an exhausted card is turned sideways; the word stays upright
        inner = (f'<g transform="translate({h} 0) rotate(90)">{inner}</g>'
                 + _chip(h / 2 - 35, w / 2 - 7, "EXHAUSTED", "#374151")[0])
        w, h = h, w
    return (f'<svg class="card" role="img" viewBox="0 0 {w} {h}" width="{w}" height="{h}" '
            'xmlns="http://www.w3.org/2000/svg" data-uid="',
            f'" data-code="{_e(c.code)}"><title>{_e(title)}</title>{inner}</svg>')


@lru_cache(maxsize=2048)
def pile_svg(label: str, n: int, color: str, sub: str = "") -> str:
    """A face-down pile with its count (an empty one as a dashed outline)."""
    parts = []
    if n:
        for i in range(min(3, n)):
            o = 6 - i * 3
            parts.append(f'<rect x="{o + 2}" y="{o + 2}" width="84" height="118" rx="7" fill="{color}" '
                         f'stroke="#ffffff" stroke-width="1.5"/>')
        fg = "#ffffff"
    else:
        parts.append('<rect x="5" y="5" width="86" height="120" rx="7" fill="none" stroke="#6b7280" '
                     'stroke-width="1.5" stroke-dasharray="5 4"/>')
        fg = "#374151"
    parts.append(_text(50, 56, n, 26, fg, "800", "middle"))
    for i, ln in enumerate(_wrap(label, 70, 10, 2)):
        parts.append(_text(50, 76 + i * 12, ln, 10, fg, "700", "middle"))
    if sub:
        for i, ln in enumerate(_wrap(sub, 66, 8, 2)):
            parts.append(_text(50, 102 + i * 10, ln, 8, fg, "600", "middle"))
    return (f'<svg class="pile" role="img" viewBox="0 0 100 130" width="84" height="109" '
            f'xmlns="http://www.w3.org/2000/svg"><title>{_e(label)}: {n}{_e(" — top: " + sub if sub else "")}'
            "</title>" + "".join(parts) + "</svg>")
