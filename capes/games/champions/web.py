"""The Champions table drawn for the browser (``Game.web_view``), from a seat's view alone.

Every card is drawn as a card: an inline SVG (presentation attributes only: the page's Content-Security-Policy
allows no inline CSS) with its name, type and traits, cost, resource icons, current numbers, tokens (damage, threat,
counters, status) and its text (our own words, from data/*.yaml; the whole text in the card's tooltip, i.e. its SVG
``<title>``, which is also its accessible name). The cards flow in HTML, so that a zone wraps on a narrow screen.

What the seat can do now is read from ``view["decision"]["options"]`` (empty for any other seat): a card with one
option of its own is a ``<button data-option=…>``; a card with several carries one small button per option. The
page (capes/web/static/table.js) sends a clicked option; it also lists every option as a button, so nothing here
is the only way to act. Nothing is drawn that is not in the view: other hands are counts, decks are counts.
"""

from __future__ import annotations

import html
import marshal
from collections import defaultdict
from functools import lru_cache
from typing import Any

from capes.games.champions import cards as S
from capes.games.champions import data
from capes.games.champions.data import Card
from capes.games.champions.render import card_text

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


#: card_svg's drawings without their uid (see _card_key), oldest dropped first past _CARDS_MAX
_CARDS: dict[tuple[Any, ...], tuple[Card, str, str]] = {}
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


def card_svg(c: Card, d: dict[str, Any] | None, *, big: bool = False, note: str = "",
             threat_target: int | None = None, villain_hp: int | None = None, label: str = "",
             why: str | None = None) -> str:
    """One card as an SVG: ``c`` its data, ``d`` its entry in the view (None for a card seen only by code);
    ``why``: a card in hand that cannot be played now, and why (dimmed, marked, the reason first in its tooltip).
    Memoized by everything it reads (the same card at the same numbers recurs from view to view and table to
    table); the uid is put in after."""
    d = d or {}
    key = _card_key(c, d, big, note, threat_target, villain_hp, label, why)
    hit = _CARDS.get(key) if key is not None else None
    if hit is None:
        head, tail = _card_svg(c, d, big, note, threat_target, villain_hp, label, why)
        if key is not None:
            if len(_CARDS) >= _CARDS_MAX:
                del _CARDS[next(iter(_CARDS))]
            _CARDS[key] = (c, head, tail)
    else:
        _, head, tail = hit
    uid = d.get("uid", "")
    return head + (str(uid) if type(uid) is int else _e(uid)) + tail


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
        parts.append(_text(w - 44 if hp_max is not None else w - 18, h - 24, "counters", 7, "#0b3f7a", "700",
                           "middle"))
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


# ------------------------------------------------------------------------------------------------ options
def _uid_options(ids: list[str], seat: int | None, view: dict[str, Any]) -> dict[int, list[str]]:
    """The seat's current options by the card they belong to (an option naming a card uid)."""
    by: dict[int, list[str]] = defaultdict(list)
    ident = None
    if seat is not None and 0 <= seat < len(view["players"]):
        ident = view["players"][seat]["identity"]["uid"]
    for oid in ids:
        parts = oid.split(":")
        kind = parts[0]
        if kind in ("play", "use", "pay", "res", "d", "def", "req", "t", "trig", "aatk", "athw", "atk", "thw") \
                and len(parts) > 1 and parts[1].isdigit():
            by[int(parts[1])].append(oid)
        elif oid in ("flip", "rec", "def:hero") and ident is not None:
            by[ident].append(oid)
    return by


def _opt_label(oid: str, names: dict[int, str], in_hand: bool) -> str:
    """A short label for an option on its card, from its id and the names in the view."""
    parts = oid.split(":")
    kind = parts[0]
    if kind in ("aatk", "athw") and len(parts) > 2 and parts[2].isdigit():
        verb = "Attack" if kind == "aatk" else "Thwart"
        return f"{verb} {names.get(int(parts[2]), '')}".strip()
    return {"play": "Play", "use": "Use", "pay": "Discard to pay", "res": "Pay with it", "d": "Discard",
            "def": "Defend", "def:hero": "Defend", "req": "Ask to use", "t": "Choose", "atk": "Attack",
            "thw": "Thwart", "flip": "Change form", "rec": "Recover",
            "trig": "Play" if in_hand else "Use"}.get(kind if kind != "def" or oid != "def:hero" else oid, oid)


def _in_play(view: dict[str, Any]) -> list[tuple[bool, str, Card]]:
    """(its player is in the game, identity?, card) for every player card in play: identities by the side up."""
    out = []
    for p in view["players"]:
        alive = bool(p.get("alive", 1))
        out.append((alive, "identity", _side(p["identity"])))
        out += [(alive, "play", data.CARDS[d["code"]]) for d in p["play"]]
    return out


def unplayable(view: dict[str, Any], seat: int | None, d: dict[str, Any], ids: list[str]) -> str | None:
    """Why the seat cannot play hand card ``d`` now, as far as its view tells (the engine's words for the same
    rules, champions/rr/playing-cards); None when it can (one of its options plays it). Only what the view shows is
    said: a card's cost after modifiers and what its condition needs are not in the view, so for those the reason
    stays "not among your options now" — never a guess."""
    uid = d["uid"]
    if any(o.split(":")[0] in ("play", "trig") and o.split(":")[1:2] == [str(uid)] for o in ids):
        return None
    c = data.CARDS[d["code"]]
    if c.type == "resource":
        return "a resource card: discard it to pay for other cards"
    if c.cost is None:
        return "has no cost: it cannot be played"
    dec = view.get("decision") or {}
    if dec.get("over"):
        return "the game is over"
    if dec.get("seat") != seat:
        return f"not your decision now: P{int(dec['seat']) + 1} is deciding"
    if not any(o.split(":")[0] in ("play", "trig") for o in ids):
        return "no card can be played at this decision"
    me = view["players"][seat] if seat is not None else None
    hero = me is not None and me["identity"].get("form") == "hero"
    if c.kw("hero_only") and not hero:
        return "wrong form: hero form only"
    if c.kw("alter_ego_only") and hero:
        return "wrong form: alter-ego form only"
    cards = _in_play(view)
    if c.unique and any(alive and (x.name == c.name if where == "identity" else
                                   x.unique and x.name == c.name and x.subname == c.subname)
                        for alive, where, x in cards):
        return f"unique: {c.name} is already in play"
    if c.team and not all(any(alive and x.name == nm and (where == "identity" or x.type == "ally")
                              for alive, where, x in cards) for nm in c.team):  # champions/rr/team-up
        return "team-up: needs " + " and ".join(c.team) + " in play"
    mpp = c.kw("max_per_player")
    if mpp and me is not None:
        holders = [p for p in view["players"] if p.get("alive", 1)] if c.code in S.ANY_CONTROL else [me]
        if all(sum(1 for x in p["play"] if data.CARDS[x["code"]].name == c.name) >= mpp for p in holders):
            return f"limit {mpp} per player already in play"
    if c.type == "event":
        spec = S.PLAY.get(c.code)
        form = spec[1] if spec is not None else "never"
        if form == "never":
            return "played only in answer to what it names (an interrupt or response)"
        if form == "hero" and not hero:
            return "wrong form: hero form only"
        if form == "ae" and hero:
            return "wrong form: alter-ego form only"
    elif c.type == "upgrade" and c.attach == "minion" and not any(
            data.CARDS[e["code"]].type == "minion" for e in view["encounter_play"]):
        return "no target: no minion to attach it to"
    return "not among your options now"


class _Ctx:
    def __init__(self, view: dict[str, Any], seat: int | None) -> None:
        self.view = view
        dec = view.get("decision") or {}
        self.ids = [str(o) for o in dec.get("options", [])]
        self.by = _uid_options(self.ids, seat, view)
        self.names: dict[int, str] = {view["villain"]["uid"]: view["villain"]["name"],
                                      view["main_scheme"]["uid"]: view["main_scheme"]["name"]}
        for e in view["encounter_play"]:
            self.names[e["uid"]] = e["name"]
        for p in view["players"]:
            self.names[p["identity"]["uid"]] = p["identity"]["name"]
            for c in p["play"]:
                self.names[c["uid"]] = c["name"]
        self.hand_uids = {c["uid"] for p in view["players"] for c in p.get("hand", [])}
        self.drawn: list[str] = []  # option ids put on the board (tests)

    def slot(self, svg: str, uid: int | None, name: str) -> str:
        """A card with what the seat can do with it now: the card itself a button (one option) or buttons under
        it (several); just the card (focusable, its text in its tooltip) otherwise."""
        opts = self.by.get(uid, []) if uid is not None else []
        if not opts:
            return f'<span class="cslot" tabindex="0">{svg}</span>'
        labels = [_opt_label(o, self.names, uid in self.hand_uids) for o in opts]
        self.drawn += opts
        if len(opts) == 1:
            return (f'<button type="button" class="cslot act" data-option="{_e(opts[0])}" '
                    f'aria-label="{_e(labels[0])}: {_e(name)}" title="{_e(labels[0])}: {_e(name)}">{svg}</button>')
        btns = "".join(f'<button type="button" data-option="{_e(o)}" title="{_e(lab)}: {_e(name)}">{_e(lab)}</button>'
                       for o, lab in zip(opts, labels, strict=True))
        return (f'<span class="cslot acts" role="group" aria-label="{_e(name)}: {len(opts)} choices">'
                f'{svg}<br><span class="acts-list">{btns}</span></span>')


def _label_for(ctx: _Ctx, uid: int) -> str:
    opts = ctx.by.get(uid, [])
    if len(opts) == 1:
        return "▶ " + _opt_label(opts[0], ctx.names, uid in ctx.hand_uids)
    if opts:
        return f"▶ {len(opts)} choices"
    return ""


def _zone(title: str, items: list[str], cls: str = "", empty: str = "") -> str:
    if not items and not empty:
        return ""
    if not items:
        items = [f'<span class="empty">{_e(empty)}</span>']
    return (f'<section class="zone {cls}" aria-label="{_e(title)}"><strong>{_e(title)}</strong>'
            f'<div class="cards options">{"".join(items)}</div></section>')


def _card(ctx: _Ctx, d: dict[str, Any], note: str = "", **kw: Any) -> str:
    c = _side(d)
    if d.get("attached_to") is not None:
        note = (note + " · " if note else "") + f"on {ctx.names.get(d['attached_to'], '?')}"
    if d.get("controller") is not None and d.get("owner") is not None and d["owner"] != d["controller"]:
        note = (note + " · " if note else "") + f"owned by P{d['owner'] + 1}"
    uid = d["uid"]
    if not ctx.by.get(uid):  # nothing to do with it now (most cards): no label, no buttons
        return '<span class="cslot" tabindex="0">' + card_svg(c, d, note=note, **kw) + "</span>"
    svg = card_svg(c, d, note=note, label=_label_for(ctx, uid), **kw)
    return ctx.slot(svg, uid, d["name"])


def _hand_card(ctx: _Ctx, view: dict[str, Any], seat: int | None, h: dict[str, Any]) -> str:
    """A card of the seat's hand: with its options when it has some; a card nothing can be done with now is dimmed
    and marked, the reason it cannot be played in its tooltip (as far as the view tells)."""
    c = data.CARDS[h["code"]]
    if ctx.by.get(h["uid"]):
        return ctx.slot(card_svg(c, h, label=_label_for(ctx, h["uid"])), h["uid"], h["name"])
    why = unplayable(view, seat, h, ctx.ids)
    svg = card_svg(c, h, why=why)
    if why is None:
        return ctx.slot(svg, h["uid"], h["name"])
    return (f'<span class="cslot" tabindex="0" data-unplayable="{_e(why)}" '
            f'aria-label="{_e(h["name"])}: cannot be played now: {_e(why)}">{svg}</span>')


#: areas of the table drawn, by the marshalled inputs of each (see _memo); the least recently used dropped first
#: past _AREAS_MAX (an area is ~10-30 KB: 1024 hold every area of ~200 two-seat tables' current states)
_AREAS: dict[bytes, tuple[str, tuple[str, ...]]] = {}
_AREAS_MAX = 1024


class _Sub(_Ctx):
    """The part of a drawing's context that some cards read: their options, the names their notes and option
    labels name (and no other), which of them are in a hand; ``key`` lists it card by card."""

    def __init__(self, ctx: _Ctx, cards: list[dict[str, Any]]) -> None:
        self.by = {}
        self.names = {}
        self.hand_uids = set()
        self.drawn = []
        self.key: list[Any] = []
        for d in cards:
            uid = d["uid"]
            opts = ctx.by.get(uid)
            named = []
            if opts:
                self.by[uid] = opts
                for o in opts:
                    parts = o.split(":")
                    if parts[0] in ("aatk", "athw") and len(parts) > 2 and parts[2].isdigit():
                        named.append(int(parts[2]))
            t = d.get("attached_to")
            if t is not None:
                named.append(t)
            for t in named:
                if t in ctx.names:
                    self.names[t] = ctx.names[t]
            inhand = uid in ctx.hand_uids
            if inhand:
                self.hand_uids.add(uid)
            self.key.append((opts, inhand, [(t, t in ctx.names, ctx.names.get(t)) for t in named]))


_AREAS_CARDS: list[Card] = []  # the card data the memo was filled with (it is emptied if that changes)


def _memo(ctx: _Ctx, inputs: tuple[Any, ...], cards: list[dict[str, Any]], draw: Any) -> str:
    """``draw(inputs, sub)`` for an area of the table, memoized by everything it reads: ``inputs`` (parts of the
    view, plain JSON data) and what the context gives its ``cards`` (``sub``); marshal's bytes tell 1 from True
    and 1.0. ``draw`` is given nothing else, so nothing else can change what it draws. The options it puts on
    the board are added to ``ctx.drawn`` as a drawing would."""
    first = next(iter(data.CARDS.values()))
    if not _AREAS_CARDS or _AREAS_CARDS[0] is not first:
        _AREAS.clear()
        _AREAS_CARDS[:] = [first]
    sub = _Sub(ctx, cards)
    try:
        key = marshal.dumps((inputs, sub.key), 0)
    except ValueError:  # not plain data: drawn without the memo
        key = None
    hit = _AREAS.pop(key, None) if key is not None else None
    if hit is not None:
        _AREAS[key] = hit  # now the most recently used
    else:
        html_ = draw(inputs, sub)
        hit = (html_, tuple(sub.drawn))
        if key is not None:
            if len(_AREAS) >= _AREAS_MAX:
                del _AREAS[next(iter(_AREAS))]
            _AREAS[key] = hit
    ctx.drawn += hit[1]
    return hit[0]


def _villain_area(ctx: _Ctx, view: dict[str, Any], n: int, enc: list[dict[str, Any]],
                  attached: dict[int, list[dict[str, Any]]]) -> str:
    """The villain's side of the table: the villain, the schemes, other encounter cards in play, the piles."""
    vil = view["villain"]
    disc = view["encounter_discard"]
    holders = {vil["uid"], *(p["identity"]["uid"] for p in view["players"]),
               *(e["uid"] for e in enc if data.CARDS[e["code"]].type == "minion")}
    inputs = (vil, view["main_scheme"], n, view.get("acceleration_tokens", 0), enc, view.get("villain_stages_left"),
              view.get("main_stages_left"), view["encounter_deck"], len(disc), disc[-1] if disc else None,
              view.get("boost_facedown"), len(view.get("victory_display") or ()), list(holders))
    cards = [vil, *attached.get(vil["uid"], []), view["main_scheme"],
             *(e for e in enc if data.CARDS[e["code"]].type == "side_scheme"),
             *(e for e in enc if data.CARDS[e["code"]].type not in ("side_scheme", "minion")
               and e.get("attached_to") not in holders)]
    return _memo(ctx, inputs, cards, _draw_villain_area)


def _draw_villain_area(inputs: tuple[Any, ...], ctx: _Ctx) -> str:
    vil, ms, n, accel_tokens, enc, vil_left, ms_left, deck, n_disc, top_code, boost, victory, holders = inputs
    attached: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for e in enc:
        if e.get("attached_to") is not None:
            attached[e["attached_to"]].append(e)
    vc = data.CARDS[vil["code"]]
    mc = data.CARDS[ms["code"]]
    esc = mc.escalation
    esc_note = ""
    if esc:
        esc_note = f"+{esc if mc.escalation_fixed else esc * n} threat each villain phase"
    accel = int(accel_tokens)
    vrow = [_card(ctx, vil, big=True, villain_hp=vil.get("hp")),
            *(_card(ctx, a) for a in attached.get(vil["uid"], []))]
    stage_txt = f"Villain {vc.stage}" if vc.stage else "Villain"
    if vil_left:
        stage_txt += f" · {vil_left} more stage{'s' if vil_left > 1 else ''}"
    srow = [_card(ctx, ms, big=True, threat_target=ms.get("target"), note=esc_note)]
    if accel:
        srow.append(pile_svg("acceleration tokens", accel, "#9a3412", "+1 threat each"))
    sides = [e for e in enc if data.CARDS[e["code"]].type == "side_scheme"]
    srow += [_card(ctx, s) for s in sides]
    # an attachment is drawn beside the villain, an identity or a minion it is on; anything else here
    others = [e for e in enc if data.CARDS[e["code"]].type not in ("side_scheme", "minion")
              and e.get("attached_to") not in holders]
    top = data.CARDS[top_code].name if n_disc else ""
    piles = [pile_svg("deck", int(deck), "#4a1d0f"),
             pile_svg("discard", n_disc, "#6b4f3a", top)]
    if boost:
        piles.append(pile_svg("boost cards", int(boost), "#3b0764", "facedown"))
    if victory:
        piles.append(pile_svg("victory display", victory, "#14532d"))
    ms_txt = f"Scheme {mc.stage}" if mc.stage else "Scheme"
    if ms_left:
        ms_txt += f" · {ms_left} more"
    return "".join(['<div class="ct-villain bar">', _zone(stage_txt, vrow, "villain"),
                    _zone(ms_txt + (" · side schemes" if sides else ""), srow, "schemes"),
                    _zone("In play", [_card(ctx, o) for o in others], "env"), _zone("Encounter", piles, "piles"),
                    "</div>"])


def _player_area(ctx: _Ctx, p: dict[str, Any], i: int, seat: int | None, first: Any, enc: list[dict[str, Any]],
                 attached: dict[int, list[dict[str, Any]]]) -> str:
    """Player ``i``'s area but the hand: the heading, identity, minions engaged, cards in play and piles."""
    idd = p["identity"]
    mins = [e for e in enc if e.get("engaged_with") == i]
    atts = [(m["uid"], attached[m["uid"]]) for m in [idd, *mins] if m["uid"] in attached]
    disc = p["discard"]
    inputs = (i, i == seat, i == first, idd, p.get("alive", 1), p["play"], len(disc), disc[-1] if disc else None,
              p["deck_size"], "hand" in p, p.get("hand_size") if "hand" not in p else None,
              p.get("facedown_encounter"), mins, atts)
    cards = [idd, *mins, *p["play"], *(a for _, aa in atts for a in aa)]
    return _memo(ctx, inputs, cards, _draw_player_area)


def _draw_player_area(inputs: tuple[Any, ...], ctx: _Ctx) -> str:
    i, mine, first, idd, alive, play, n_disc, top_code, deck_size, has_hand, hand_size, facedown, mins, atts = inputs
    attached = dict(atts)
    out: list[str] = []
    you = " (you)" if mine else ""
    tags = [f"{'hero' if idd['form'] == 'hero' else 'alter-ego'} form"]
    if not alive:
        tags.append("ELIMINATED")
    if first:
        tags.append("first player")
    out.append(f'<section class="ct-player" aria-label="Player {i + 1}">'
               f"<h3>P{i + 1} · {_e(idd['name'])}{you} — {_e(', '.join(tags))}</h3><div class=\"bar\">")
    row = [_card(ctx, idd, big=True)]
    row += [_card(ctx, a) for a in attached.get(idd["uid"], [])]
    out.append(_zone("Identity", row, "identity"))
    mrow = []
    for m in mins:
        mrow.append(_card(ctx, m))
        mrow += [_card(ctx, a) for a in attached.get(m["uid"], [])]
    out.append(_zone("Engaged with you" if mine else f"Engaged with P{i + 1}", mrow, "minions"))
    kinds: dict[str, list[str]] = defaultdict(list)
    for d in play:
        t = data.CARDS[d["code"]].type
        kinds[_KIND.get(t, "Other cards")].append(_card(ctx, d))
    for k in ("Allies", "Upgrades", "Supports", "Other cards"):
        out.append(_zone(k, kinds.get(k, []), k.lower().replace(" ", "-")))
    top = data.CARDS[top_code].name if n_disc else ""
    ppiles = [pile_svg("deck", int(deck_size), "#1f3a5f"),
              pile_svg("discard", n_disc, "#51606f", top)]
    if not has_hand:
        ppiles.append(pile_svg("cards in hand", int(hand_size), "#0b5cad"))
    if facedown:
        ppiles.append(pile_svg("facedown encounter", int(facedown), "#4a1d0f"))
    out.append(_zone("Piles", ppiles, "piles"))
    out.append("</div>")
    return "".join(out)


_KIND = {"ally": "Allies", "upgrade": "Upgrades", "support": "Supports"}


def draw(view: dict[str, Any], seat: int | None) -> str:
    """The table as ``seat`` sees it (``seat`` None: a spectator), as an HTML fragment."""
    return str(_draw(view, seat)[0])


def _draw(view: dict[str, Any], seat: int | None) -> tuple[str, list[str]]:
    data.cards()
    ctx = _Ctx(view, seat)
    dec = view.get("decision") or {}
    n = len(view["players"])
    out: list[str] = ['<div class="champions-table">']
    turn = view.get("turn", -1)
    head = [f"<strong>Round {int(view['round'])}</strong>",
            f"first player: P{int(view['first_player']) + 1}"]
    def up(i: int) -> str:  # a player by the side of their identity that is up
        return f"P{i + 1} {_e(view['players'][i]['identity']['name'])}" + (" (you)" if i == seat else "")

    if turn is not None and 0 <= turn < n:
        head.append(f"turn: {up(int(turn))}")
    if dec.get("over"):
        head.append("the game is over")
    elif dec.get("seat") is not None and 0 <= int(dec["seat"]) < n:
        head.append(f"deciding: {up(int(dec['seat']))}")
    out.append(f'<p class="ct-head">{" · ".join(str(h) for h in head)}</p>')

    # the villain's side of the table
    enc = view["encounter_play"]
    attached: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for e in enc:
        if e.get("attached_to") is not None:
            attached[e["attached_to"]].append(e)
    out.append(_villain_area(ctx, view, n, enc, attached))

    # unengaged minions (rare) stay with the villain
    loose = [e for e in enc if data.CARDS[e["code"]].type == "minion" and e.get("engaged_with") is None]
    lrow = []
    for m in loose:
        lrow.append(_card(ctx, m))
        lrow += [_card(ctx, a) for a in attached.get(m["uid"], [])]
    out.append(_zone("Minions not engaged", lrow))

    # each player's area: yours first
    order = list(range(n))
    if seat is not None and 0 <= seat < n:
        order = [seat] + [i for i in order if i != seat]
    for i in order:
        p = view["players"][i]
        out.append(_player_area(ctx, p, i, seat, view.get("first_player"), enc, attached))
        if "hand" in p:
            hand = [_hand_card(ctx, view, seat, h) for h in p["hand"]]
            out.append(_zone(f"Your hand ({len(p['hand'])})" if i == seat else f"Hand of P{i + 1}", hand, "hand",
                             "no cards"))
        out.append("</section>")
    out.append("</div>")
    return "".join(out), ctx.drawn
