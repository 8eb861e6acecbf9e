"""The Stage board (issue 12): Spaces from the Stage's Board geometry, Terrain, Spawn Spaces, tokens, Enemies,
Characters, and the choices made on it."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from capes.games.alliances.content import RESULT_NAMES
from capes.games.alliances.web.choices import (
    directions,
    draw_directions,
    draw_held,
    draw_space_interacts,
    held_interacts,
    move_path,
    mover,
    range_shade,
    space_interacts,
)
from capes.games.alliances.web.common import (
    _ARROW_PTS,
    BOARD_PX,
    CELL,
    CHAR_COLOURS,
    CHAR_VERBS,
    ENEMY_FILL,
    FONT,
    INK,
    MARGIN,
    SPACE_FILL,
    SPACE_VERBS,
    TYPE_NAMES,
    _abbr,
    _conds,
    _frozen,
    _hover,
    _icon,
    _link,
    _Memo,
    _pips,
    _pts,
    _ring,
    _t,
    _text,
)

# --- the board --------------------------------------------------------------------------------------------------

def _board(game: Any, view: dict[str, Any], st: Any, names: list[str], sides: list[Any], spaces_opt: dict[str, str],
           enemy_opt: dict[int, list[str]], char_opt: dict[str, str], token_opt: dict[int, str]) -> list[str]:
    """The Stage board as one SVG, in pieces: its opening and Space layer (memoized), then each token, choice,
    Enemy, path and figure."""
    b = st.board
    P = _stage_drawing(st)
    chars = view["characters"]
    reach = [max((a.range for a in s.attacks), default=0) for s in sides]
    pos_of = [b.parse(c["pos"]) if c["pos"] else -1 for c in chars]
    fig_ids = [f"alf{i}" for i in range(len(chars))]
    out: list[str] = [P.opening]
    o = out.append
    xy = P.xy.__getitem__
    # Spaces, with what the Stage prints on them (static, built once per Stage), the range of each Character
    # (shown while it is hovered or focused) and the Terrain Features
    o(_space_layer(P, frozenset(view["terrain"]), tuple(pos_of), tuple(reach)))
    # the activating Character's range (its longest attack), for as long as it is selected
    act = next((i for i, c in enumerate(chars) if c["id"] == view.get("active")), -1)
    if act >= 0 and pos_of[act] >= 0 and reach[act] > 0:
        o(range_shade(b, pos_of[act], reach[act], CHAR_COLOURS[act % 4], names[act]))
    # Web Lines between the turned Braces of a pair (Boss Battle)
    turned = {t["pos"] for t in view["tokens"] if t["kind"] == "brace" and t["pos"]
              and 0 <= t["extra"] < len(view["braces"]) and view["braces"][t["extra"]]}
    for tag, ss in sorted(st.tags.items()):
        if tag.startswith("brace") and len(ss) == 2 and all(b.label(s) in turned for s in ss):
            (ax, ay), (bx, by) = xy(ss[0]), xy(ss[1])
            h = CELL / 2
            o(f'<line x1="{ax + h}" y1="{ay + h}" x2="{bx + h}" y2="{by + h}" stroke="#e0f2fe" stroke-width="4" '
              f'stroke-dasharray="8 4"><title>Web Line</title></line>')
    # tokens
    for tok in view["tokens"]:
        if tok["pos"]:
            x0, y0 = xy(b.parse(tok["pos"]))
            o(_token(tok, view, names, x0, y0, token_opt.get(int(tok["id"]))))
    if view.get("target"):
        x0, y0 = xy(b.parse(view["target"]))
        cx, cy = x0 + CELL / 2, y0 + CELL / 2
        o(f'<g><title>Target token at {_t(view["target"])}</title>'
          f'<circle cx="{cx}" cy="{cy}" r="26" fill="none" stroke="#b91c1c" stroke-width="3"/>'
          f'<path d="M{cx - 30},{cy} h60 M{cx},{cy - 30} v60" stroke="#b91c1c" stroke-width="2"/></g>')
    # clickable Spaces (above the tokens, below the figures); a Space the moving Character may Advance to shows,
    # while hovered or focused, the way there along the board's adjacency and its length in Spaces
    mv = mover(view, names)
    start = pos_of[mv] if mv >= 0 else -1
    lines = []
    for k, (lab, oid) in enumerate(sorted(spaces_opt.items())):
        try:
            s = b.parse(lab)
        except KeyError:
            continue
        x0, y0 = xy(s)
        verb = SPACE_VERBS[oid.split(":")[0]]
        aid = f"als{k}"
        far = ""
        if start >= 0 and oid.startswith("move:"):
            path_svg, n = move_path(b, view, sides[mv], start, s, aid)
            d = b.dist[start][s]  # alliances/measurement: the fewest adjacent Spaces
            far = f" ({d} Space{'s' if d != 1 else ''} away" + (f", {n} along the path shown" if n != d else "") + ")"
            lines.append(path_svg)
        o(f'<a id="{aid}" class="al-choice al-space-opt" href="#{_t(lab)}" data-option="{_t(oid)}" data-space="{_t(lab)}" '
          f'aria-label="{_t(verb)} {_t(lab)}{far}"><title>{_t(verb)} {_t(lab)}{far}</title>'
          f'<rect x="{x0 + 3}" y="{y0 + 3}" width="{CELL - 6}" height="{CELL - 6}" rx="6" fill="#16a34a" fill-opacity=".25" '
          f'stroke="#166534" stroke-width="3" stroke-dasharray="7 4">{_hover([aid], "fill-opacity", "0.55")}</rect></a>')
    o(draw_space_interacts(b, view, space_interacts(view)))
    for e in view["enemies"]:
        if e["pos"]:
            x0, y0 = xy(b.parse(e["pos"]))
            o(_enemy(game, view, e, x0, y0, enemy_opt.get(int(e["uid"]), []), sides))
    out.extend(lines)
    for i, c in enumerate(chars):
        if c["pos"]:
            x0, y0 = xy(b.parse(c["pos"]))
            o(_figure(view, i, c, names[i], x0, y0, char_opt.get(c["id"]), fig_ids[i]))
    held = held_interacts(view)
    for i, c in enumerate(chars):
        if c["pos"] and c["id"] in held:
            o(draw_held(b, c["pos"], names[i], held[c["id"]], _icon, i))
    enemy_names = {int(e["uid"]): game.data.enemies[e["id"]].name for e in view["enemies"]}
    o(draw_directions(b, directions(b, view, sides, enemy_names)))
    o('</svg>')
    return out


class _StageDrawing:
    """What the board picture of one Stage draws the same every time, built once per Stage (its content): the
    opening (frame and coordinates), where each Space sits, and each Space before and after its changing parts."""

    __slots__ = ("st", "xy", "opening", "spaces", "terrain", "near")

    def __init__(self, st: Any) -> None:
        self.st = st
        b = st.board
        W, H = b.width * CELL + MARGIN, b.height * CELL + MARGIN
        out = [f'<svg class="al-board" width="min(100%, {BOARD_PX}px)" viewBox="0 0 {W} {H}" {FONT} role="group" '
               f'aria-label="{_t(st.board_name)}: the Stage board">',
               '<defs><pattern id="al-terrain" width="10" height="10" patternUnits="userSpaceOnUse" '
               'patternTransform="rotate(45)"><rect width="10" height="10" fill="#6b5b4b"/><rect width="4" height="10" '
               'fill="#7d6b59"/></pattern></defs>',
               f'<rect width="{W}" height="{H}" rx="10" fill="#44403c"/>']
        for x in range(b.width):
            out.append(_text(MARGIN + x * CELL + CELL / 2, MARGIN - 8, chr(97 + x), 14, "#f5f5f4", "600"))
        for y in range(b.height):
            out.append(_text(MARGIN / 2, MARGIN + y * CELL + CELL / 2 + 5, y + 1, 14, "#f5f5f4", "600"))
        self.opening = "".join(out)
        self.xy = tuple((MARGIN + x * CELL, MARGIN + y * CELL) for x, y in map(b.coords, range(b.n)))
        self.spaces = _spaces(st, self.xy)
        self.terrain = {}
        for s in self.spaces:
            x0, y0 = self.xy[s]
            lab = b.labels[s]
            self.terrain[lab] = (s, f'<rect class="al-terrain" x="{x0 + 7}" y="{y0 + 7}" width="{CELL - 14}" '
                                    f'height="{CELL - 14}" rx="6" fill="url(#al-terrain)" stroke="#44403c" '
                                    f'stroke-width="2"><title>Terrain Feature at {lab}</title></rect>')
        #: (Space, reach) -> the Spaces 1..reach away (alliances/measurement)
        self.near: dict[tuple[int, int], tuple[int, ...]] = {}

    def within(self, s: int, r: int) -> tuple[int, ...]:
        hit = self.near.get((s, r))
        if hit is None:
            d = self.st.board.dist[s]
            hit = self.near[(s, r)] = tuple(t for t in self.spaces if 0 < d[t] <= r)
        return hit


_DRAWINGS: dict[int, _StageDrawing] = {}


def _stage_drawing(st: Any) -> _StageDrawing:
    """The static drawing of Stage ``st`` (by identity: the Stage object it was built from)."""
    hit = _DRAWINGS.get(id(st))
    if hit is None or hit.st is not st:
        if len(_DRAWINGS) > 64:
            _DRAWINGS.clear()
        hit = _DRAWINGS[id(st)] = _StageDrawing(st)
    return hit


@lru_cache(maxsize=512)
def _space_layer(P: _StageDrawing, terrain: frozenset[str], pos_of: tuple[int, ...], reach: tuple[int, ...]) -> str:
    """The Spaces of the Stage ``P`` with the Terrain Features at the labels ``terrain`` and, for Character ``i``
    standing at Space ``pos_of[i]`` (-1: off the board), the Spaces within ``reach[i]`` of it shaded while its
    figure is hovered or focused."""
    extra: dict[int, list[str]] = {}
    for i, (p, r) in enumerate(zip(pos_of, reach, strict=True)):
        if p < 0:
            continue
        fid, col = f"alf{i}", CHAR_COLOURS[i % 4]
        for s in P.within(p, r):
            x0, y0 = P.xy[s]
            extra.setdefault(s, []).append(
                f'<rect x="{x0 + 1}" y="{y0 + 1}" width="{CELL - 2}" height="{CELL - 2}" rx="5" fill="{col}" '
                f'fill-opacity="0" pointer-events="none">{_hover([fid], "fill-opacity", "0.3")}</rect>')
    for lab in terrain:
        t = P.terrain.get(lab)
        if t is not None:
            extra.setdefault(t[0], []).append(t[1])  # after the ranges: they were all added above
    out = []
    for s, (head, tail) in P.spaces.items():
        out.append(head)
        more = extra.get(s)
        if more:
            out.extend(more)
        out.append(tail)
    return "".join(out)


def _spaces(st: Any, xy: tuple[tuple[int, int], ...]) -> dict[int, tuple[str, str]]:
    """Each Space of the Stage's board as drawn before and after its changing parts."""
    b = st.board
    arrows = {s: (r, d) for r, (s, d) in st.arrows.items()}
    tag_of = {s: tag for tag, ss in st.tags.items() for s in ss}
    out: dict[int, tuple[str, str]] = {}
    for s in b.spaces():
        x0, y0 = xy[s]
        lab = b.label(s)
        kind = st.space_type[s]
        head = (f'<g class="al-space" data-space="{_t(lab)}">'
                f'<rect x="{x0 + 1}" y="{y0 + 1}" width="{CELL - 2}" height="{CELL - 2}" rx="5" fill="{SPACE_FILL.get(kind, "#ece8df")}"/>')
        tail = []
        if kind == "S":
            icon = RESULT_NAMES[st.spawn_icon[s]] if st.spawn_icon[s] >= 0 else ""
            tail.append(f'<g><title>Spawn Space at {lab}{" (" + icon.title() + " spawn icon)" if icon else ""}</title>'
                        f'<path d="M{x0 + 2},{y0 + 2} h32 l-32,32 z" fill="#b42318"/>' + (_icon(icon, x0 + 12, y0 + 12, 9) if icon else "") + '</g>')
        elif kind == "D":
            tail.append(_text(x0 + 7, y0 + 16, "Deploy", 9, "#1e3a8a", "700", "start"))
        elif kind == "X":
            tag = tag_of.get(s, "")
            word = "Exit" if tag == "exit" else "Brace" if tag.startswith("brace") else tag.replace("_", " ").title()
            tail.append(_text(x0 + 7, y0 + 16, word, 9, "#14532d", "700", "start"))
        if s in arrows:
            r, d = arrows[s]
            dn = b.dir_names[d]
            tail.append(f'<g><title>Arrow Space {lab}: {_t(RESULT_NAMES[r].title())}, pointing {dn}</title>'
                        f'<polygon points="{_pts(_ARROW_PTS.get(dn, "0,0"), x0 + CELL / 2, y0 + CELL / 2, 24)}" fill="#8b5cf6" fill-opacity=".45"/>'
                        f'{_icon(RESULT_NAMES[r], x0 + 13, y0 + 13, 9)}</g>')
        tail.append("</g>")
        out[s] = (head, "".join(tail))
    return out




_TOKEN_KEYS = ("kind", "symbol", "id", "pos", "extra")


_TOKENS = _Memo(2048)


def _token(tok: dict[str, Any], view: dict[str, Any], names: list[str], x0: int, y0: int, oid: str | None) -> str:
    """A token, drawn once per everything it shows: its fields, the Stage, the Braces (of a Brace), the
    Characters' names, where it lies and its option."""
    tok = {k: tok[k] for k in _TOKEN_KEYS if k in tok}
    seen = {"stage": view["stage"], "braces": view["braces"] if tok["kind"] == "brace" else []}
    key = (_frozen(list(tok.items())), _frozen(seen["stage"]), _frozen(seen["braces"]), tuple(names), x0, y0, oid)
    return _TOKENS.get(key, _draw_token, tok, seen, names, x0, y0, oid)


def _draw_token(tok: dict[str, Any], view: dict[str, Any], names: list[str], x0: int, y0: int, oid: str | None) -> str:
    kind = tok["kind"]
    sym = str(tok["symbol"])
    script = view["stage"]
    cx, cy = x0 + 17, y0 + 17
    aid = f"alt{tok['id']}"
    if kind == "obj":
        what = {"oscorp_lab": "Sample", "glider_works": "glider prototype", "subway_rescue": "Civilian"}.get(script, "Objective token")
        extra = int(tok.get("extra") or 0)
        note = ""
        if script == "oscorp_lab" and extra:
            note = f", {extra}/2 Ingredients"
        elif script == "glider_works" and 0 < extra <= len(names):
            note = f", Charge planted by {names[extra - 1]}"
        label = f"{what[:1].upper() + what[1:]} ({sym.title()}) at {tok['pos']}{note}"
        hexa = " ".join(f"{cx + 15 * dx:.1f},{cy + 15 * dy:.1f}" for dx, dy in
                        ((0, -1), (0.87, -0.5), (0.87, 0.5), (0, 1), (-0.87, 0.5), (-0.87, -0.5)))
        inner = (f'<g class="al-token" data-token="{tok["id"]}"><title>{_t(label)}</title>'
                 f'<polygon points="{hexa}" fill="#f6c945" stroke="#7a5a00" stroke-width="2"/>')
        inner += _text(cx, cy + 4, "Civ", 10, INK, "700") if script == "subway_rescue" else _icon(sym, cx, cy, 8)
        if extra and script == "oscorp_lab":
            inner += "".join(f'<circle cx="{cx - 5 + 10 * k}" cy="{cy + 20}" r="4" fill="#15803d" stroke="#fff"/>' for k in range(min(extra, 2)))
        elif extra > 0 and script == "glider_works":
            inner += f'<rect x="{cx + 8}" y="{cy - 18}" width="12" height="12" rx="2" fill="#dc2626" stroke="#fff"><title>Charge</title></rect>'
        inner += "</g>"
        return _link(oid, f"Interact with the {label}", inner, aid, _ring(cx, cy, 18))
    if kind == "ing":
        cx = x0 + CELL - 17  # top right: an Ingredient often lies on a Spawn Space, whose corner is top left
        label = f"{sym.title()} Ingredient at {tok['pos']}"
        inner = (f'<g class="al-token" data-token="{tok["id"]}"><title>{_t(label)}</title>'
                 f'<rect x="{cx - 9}" y="{cy - 9}" width="18" height="18" transform="rotate(45 {cx} {cy})" fill="#fff" '
                 f'stroke="#15803d" stroke-width="2"/>{_icon(sym, cx, cy, 6)}</g>')
        return _link(oid, f"Pick up the {label}", inner, aid, _ring(cx, cy, 16))
    if kind == "brace":
        on = 0 <= tok["extra"] < len(view["braces"]) and bool(view["braces"][tok["extra"]])
        label = f"Brace at {tok['pos']} ({'turned' if on else 'not turned'})"
        cx2, cy2 = x0 + CELL / 2, y0 + CELL / 2
        inner = (f'<g class="al-token" data-token="{tok["id"]}"><title>{_t(label)}</title>'
                 f'<rect x="{cx2 - 22}" y="{cy2 - 6}" width="44" height="12" rx="3" fill="{"#0e7490" if on else "#a1a1aa"}" '
                 f'transform="rotate({0 if on else 45} {cx2} {cy2})" stroke="#fff" stroke-width="2"/></g>')
        return _link(oid, f"Turn the {label}", inner, aid, _ring(cx2, cy2, 26))
    label = f"{kind} token at {tok['pos']}"
    return _link(oid, label, f'<g class="al-token" data-token="{tok["id"]}"><title>{_t(label)}</title>'
                              f'<circle cx="{cx}" cy="{cy}" r="8" fill="#a1a1aa"/></g>', aid, _ring(cx, cy, 14))




_ENEMY_KEYS = ("uid", "pos", "type", "stamina", "damage", "conditions", "dazed")


_ENEMIES = _Memo(2048)


def _enemy(game: Any, view: dict[str, Any], e: dict[str, Any], x0: int, y0: int, opts: list[str], sides: list[Any]) -> str:
    """An Enemy, drawn once per everything it shows: its name, its fields (``_ENEMY_KEYS``), its Space's corner,
    its options and what each of them does."""
    name = game.data.enemies[e["id"]].name
    fields = [e[k] for k in _ENEMY_KEYS]
    verbs = [_enemy_verb(oid, sides) for oid in opts]
    key = (name, _frozen(fields), x0, y0, tuple(opts), tuple(verbs))
    return _ENEMIES.get(key, _draw_enemy, name, dict(zip(_ENEMY_KEYS, fields, strict=True)), x0, y0, opts, verbs)


def _draw_enemy(name: str, e: dict[str, Any], x0: int, y0: int, opts: list[str], verbs: list[str]) -> str:
    kind = TYPE_NAMES.get(e["type"], e["type"])
    cx, cy = x0 + CELL / 2, y0 + CELL / 2 - 1
    left = max(0, int(e["stamina"]) - int(e["damage"]))
    label = (f"{name} ({kind}) at {e['pos']}: Damage {e['damage']}/{e['stamina']}"
             + (f", {', '.join(c.title() for c in e['conditions'])}" if e["conditions"] else "")
             + (", Dazed" if e["dazed"] else ""))
    fill = ENEMY_FILL.get(e["type"], "#14532d")
    big = e["type"] in ("brute", "mini_boss", "boss")
    r = 22 if big else 19
    op = ' fill-opacity=".55"' if e["dazed"] else ""
    if e["type"] == "sentry":
        shape = f'<polygon points="{cx},{cy - r - 3} {cx + r + 3},{cy} {cx},{cy + r + 3} {cx - r - 3},{cy}" fill="{fill}"{op} stroke="#fff" stroke-width="2"/>'
    elif e["type"] in ("mini_boss", "boss"):
        pts = " ".join(f"{cx + r * dx:.1f},{cy + r * dy:.1f}" for dx, dy in
                       ((-.41, -1), (.41, -1), (1, -.41), (1, .41), (.41, 1), (-.41, 1), (-1, .41), (-1, -.41)))
        shape = f'<polygon points="{pts}" fill="{fill}"{op} stroke="#facc15" stroke-width="3"/>'
    else:
        shape = f'<rect x="{cx - r}" y="{cy - r}" width="{2 * r}" height="{2 * r}" rx="6" fill="{fill}"{op} stroke="#fff" stroke-width="2"/>'
    parts = [f'<g class="al-enemy" data-enemy="{e["uid"]}" data-space="{_t(e["pos"])}"><title>{_t(label)}</title>{shape}',
             _text(cx, cy + 5, _abbr(name), 14, "#fff", "700"),
             _pips(cx, y0 + CELL - 10, int(e["stamina"]), left, "#16a34a"),
             _conds(e["conditions"], cx, y0 + 9)]
    if e["dazed"]:
        parts.append(f'<text x="{cx}" y="{cy + 20}" font-size="10" font-weight="800" fill="#fff" stroke="{INK}" stroke-width="3" '
                     f'paint-order="stroke" text-anchor="middle">DAZED</text>')
    parts.append("</g>")
    inner = "".join(parts)
    if len(opts) == 1:
        return _link(opts[0], f"{verbs[0]} {name} at {e['pos']}", inner, f"ale{e['uid']}", _ring(cx, cy, r + 7))
    if not opts:
        return inner
    # several choices on one Enemy (one per attack): a small chip each, along the top of its Space
    chips = []
    cw = (CELL - 4) / len(opts)
    for k, oid in enumerate(opts):
        verb = verbs[k]
        short = _abbr(verb.split(": ", 1)[-1]) if ": " in verb else str(k + 1)
        aid = f"ale{e['uid']}x{k}"
        x = x0 + 2 + k * cw
        chips.append(f'<a id="{aid}" class="al-choice al-chip" href="#{aid}" data-option="{_t(oid)}" '
                     f'aria-label="{_t(verb)} {_t(name)} at {_t(e["pos"])}"><title>{_t(verb)} {_t(name)}</title>'
                     f'<rect x="{x:.1f}" y="{y0 - 9}" width="{cw - 2:.1f}" height="17" rx="4" fill="#facc15" stroke="#713f12" '
                     f'stroke-width="1">{_hover([aid], "fill", "#fde68a")}{_hover([aid], "stroke-width", "3")}</rect>'
                     f'{_text(x + (cw - 2) / 2, y0 + 4, short, 11, INK, "700")}</a>')
    ring = f'<circle cx="{cx}" cy="{cy}" r="{r + 6}" fill="none" stroke="#facc15" stroke-width="3" stroke-dasharray="4 3"/>'
    return f'<g class="al-enemy-opts">{inner}{ring}{"".join(chips)}</g>'


def _enemy_verb(oid: str, sides: list[Any]) -> str:
    parts = oid.split(":")
    if parts[0] == "attack" and len(parts) == 3:
        for s in sides:
            for a in s.attacks:
                if a.id == parts[1]:
                    return f"Attack with: {a.name}"
        return "Attack"
    return {"target": "Resolve the attack against", "first": "Choose next:", "skill": "Bad Luck on"}.get(parts[0], "Choose")


_FIGURE_KEYS = ("id", "pos", "stamina", "max_stamina", "injured", "dazed", "conditions")


_FIGURES = _Memo(2048)


def _figure(view: dict[str, Any], i: int, c: dict[str, Any], name: str, x0: int, y0: int, oid: str | None, fid: str) -> str:
    """A Character's figure, drawn once per everything it shows: the active and the Priority Character, its squad
    position, its fields (``_FIGURE_KEYS``), name, Space's corner, option and element id."""
    seen = {"active": view.get("active"), "priority": view["priority"]}
    fields = [c[k] for k in _FIGURE_KEYS]
    key = (_frozen([seen["active"], seen["priority"]]), i, _frozen(fields), name, x0, y0, oid, fid)
    return _FIGURES.get(key, _draw_figure, seen, i, dict(zip(_FIGURE_KEYS, fields, strict=True)), name, x0, y0, oid, fid)


def _draw_figure(view: dict[str, Any], i: int, c: dict[str, Any], name: str, x0: int, y0: int, oid: str | None,
                 fid: str) -> str:
    cx, cy = x0 + CELL / 2, y0 + CELL / 2 - 1
    col = CHAR_COLOURS[i % len(CHAR_COLOURS)]
    active = view.get("active") == c["id"]
    label = (f"{name} at {c['pos']}: Stamina {c['stamina']}/{c['max_stamina']}, "
             f"{'Injured' if c['injured'] else 'Healthy'}" + (", Dazed" if c["dazed"] else "")
             + (", Priority" if view["priority"] == c["id"] else "") + (", activating" if active else ""))
    focus = "" if oid else f' id="{fid}" tabindex="0" focusable="true" aria-label="{_t(label)}"'
    parts = [f'<g class="al-char" data-character="{_t(c["id"])}" data-space="{_t(c["pos"])}"{focus}><title>{_t(label)}</title>']
    if active:
        parts.append(f'<circle cx="{cx}" cy="{cy}" r="27" fill="#facc15" fill-opacity=".35" stroke="#facc15" stroke-width="3"/>')
    op = ' fill-opacity=".5"' if c["dazed"] else ""
    dash = ' stroke-dasharray="5 3"' if c["injured"] else ""
    parts.append(f'<circle cx="{cx}" cy="{cy}" r="21" fill="{col}"{op} stroke="{"#fca5a5" if c["injured"] else "#fff"}" '
                 f'stroke-width="3"{dash}/>')
    parts.append(_text(cx, cy + 5, _abbr(name), 14, "#fff", "700"))
    parts.append(_pips(cx, y0 + CELL - 10, int(c["max_stamina"]), int(c["stamina"]), "#60a5fa"))
    parts.append(_conds(c["conditions"], cx, y0 + 9))
    if view["priority"] == c["id"]:
        parts.append(f'<g><title>Priority token</title><circle cx="{x0 + CELL - 11}" cy="{y0 + 11}" r="9" fill="#facc15" stroke="#713f12"/>'
                     f'{_text(x0 + CELL - 11, y0 + 15, "P", 11, INK, "700")}</g>')
    if c["dazed"]:
        parts.append(f'<text x="{cx}" y="{cy + 20}" font-size="10" font-weight="800" fill="#fff" stroke="{INK}" stroke-width="3" '
                     f'paint-order="stroke" text-anchor="middle">DAZED</text>')
    parts.append("</g>")
    inner = "".join(parts)
    if oid:
        return _link(oid, f"{CHAR_VERBS[oid.split(':')[0]]} {name}", inner, fid, _ring(cx, cy, 29))
    return inner


