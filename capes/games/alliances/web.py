"""The Alliances table drawn for the browser (issue 12): the Stage board as SVG, the Character dashboards, the
Spawn and Enemy Trackers, the Priority Character, the Round/Turn and the Stage's goal and progress.

Everything is drawn from the seat's ``view`` alone plus static content looked up by id (Stage boards, Character and
Enemy cards, Level-Up cards). The Spaces come from the Stage's :class:`~capes.games.alliances.board.Board`
(``coords`` / ``label`` / ``parse`` / ``dist``): this module knows no geometry of its own. Every text is escaped.

The table page forbids inline styles (its Content-Security-Policy says ``style-src 'self'``), so the drawing uses
SVG presentation attributes only (``fill``, ``stroke``, ``font-size``…), and SMIL ``<set>`` for hover and focus
effects; it scales with the page (``width="min(100%, …)"``): the board, the trackers and the four dashboards are
separate pictures that sit side by side on a laptop and stack on a phone.

Choosing on the board: an element carrying ``data-option`` is an option of the deciding seat (the page sends it
when clicked). Spaces named by an option id (``move:d4``, ``deploy:…``, ``place:…``, ``space:…``, ``toward:…``,
``launch:…``, ``drag:…``) are highlighted and clickable; an Enemy named by an attack (``attack:<attack>:<uid>``),
``target:<uid>``, ``first:<uid>`` or ``skill:bad_luck:<uid>`` is clickable (several attacks on one Enemy: one
small chip each); a Character named by ``activate:``, ``priority:``, ``give:`` or ``nearest:`` is clickable (on the
board and on its dashboard); an Objective token or Ingredient named by ``interact:<token id>`` is clickable.
Clickable elements are SVG links, so that Tab reaches them and Enter chooses them. Hovering or focusing a Character
shades the Spaces within the range of its longest attack.
"""

from __future__ import annotations

import html
import textwrap
from typing import Any

from capes.games.alliances.content import ATTACK_TYPES, RESULT_NAMES
from capes.games.alliances.glossary import SKILLS, STAGE_TEXT, _levelup_text, _stage_rules_text, attack_text

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


def _t(x: Any) -> str:
    return html.escape(str(x), quote=True)


def _abbr(name: str) -> str:
    """``Spectacular Spider-Man`` -> ``SSM``: the initials drawn on a figure."""
    return "".join(w[0] for w in name.replace("-", " ").split() if w[0].isalpha()).upper()[:3]


def _text(x: float, y: float, s: Any, size: float = 13, fill: str = INK, weight: str = "", anchor: str = "middle") -> str:
    w = f' font-weight="{weight}"' if weight else ""
    return f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{fill}" text-anchor="{anchor}"{w}>{_t(s)}</text>'


def _hover(ids: list[str], attr: str, to: str) -> str:
    """A SMIL ``<set>``: ``attr`` becomes ``to`` while one of the elements ``ids`` is hovered or focused (the ids
    have no ``-`` or ``.``, which SMIL's event syntax would read as an offset or an event)."""
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


# --- the whole table --------------------------------------------------------------------------------------------

def web_view(game: Any, view: dict[str, Any], seat: int | None) -> str:
    data = game.data
    st = data.stages[view["stage"]]
    chars = view["characters"]
    names = [data.characters[c["id"]].name for c in chars]
    sides = [game.side(c["id"], int(c["injured"]), tuple(c["cards"])) for c in chars]
    spaces_opt, enemy_opt, char_opt, token_opt = option_targets(view)
    board = _board(game, view, st, names, sides, spaces_opt, enemy_opt, char_opt, token_opt)
    H = st.board.height * CELL + MARGIN
    cards = [_card_parts(game, view, i, c, names[i], sides[i]) for i, c in enumerate(chars)]
    ch = max(h for h, _ in cards)
    dash = "".join(_card(view, i, c, names[i], parts, ch, char_opt.get(c["id"])) for i, (c, (_, parts)) in enumerate(zip(chars, cards, strict=True)))
    return (f'<div class="al-table">{_header(game, view, st)}'
            f'<div class="al-main">{board}{_trackers(game, view, st, names, H)}</div>'
            f'<div class="al-dash" role="list" aria-label="Character dashboards">{dash}</div></div>')


def _header(game: Any, view: dict[str, Any], st: Any) -> str:
    """The Stage, the Mission's Stages, Round/Turn/phase and the goal with its progress (plain HTML text)."""
    mission = []
    for k, sid in enumerate(view["mission"]):
        s2 = game.data.stages[sid]
        if k < view["stage_index"]:
            mission.append(f"{s2.board_name} (done)")
        elif k == view["stage_index"]:
            mission.append(f"{s2.board_name} (now)")
        else:
            mission.append(s2.board_name)
    if st.kind == "boss":
        done, need, what = int(view["boss_dazes"]), 2, "Boss Daze Tracker"
    else:
        done, need, what = int(view["completed"]), 3, "Objectives completed"
    pips = "".join(f'<circle cx="{9 + 20 * k}" cy="9" r="7" fill="{"#ca8a04" if k < done else "#fff"}" stroke="#854d0e" stroke-width="2"/>'
                   for k in range(need))
    prog = f'<svg width="{20 * need}" height="18" viewBox="0 0 {20 * need} 18" role="img" aria-label="{_t(what)} {done} of {need}">{pips}</svg>'
    who = next((game.data.characters[c["id"]].name for c in view["characters"] if c["id"] == view.get("active")), None)
    prio = next((game.data.characters[c["id"]].name for c in view["characters"] if c["id"] == view["priority"]), "")
    if view.get("over"):
        phase = "The Mission is over" + (f": {view['why']}" if view.get("why") else "")
    elif view["round"] == 0:
        phase = "Setup"
    elif who:
        phase = f"Turn {view['turn'] + 1} of 4: {who} is activating"
    else:
        phase = f"Turn {view['turn'] + 1} of 4"
    rules = STAGE_TEXT.get(st.script) or _stage_rules_text(game, st.script) or st.note
    return (f'<h2 class="al-stage">{_t(st.name)} <small>— {_t(st.board_name)}, Stage {view["stage_index"] + 1} of '
            f'{len(view["mission"])}</small></h2>'
            f'<p class="al-status"><b>Round {view["round"]}</b> · {_t(phase)} · Priority: <b>{_t(prio)}</b><br>'
            f'<b>Goal:</b> {_t(GOALS.get(st.script, "Complete the Stage"))} · {_t(what)} {prog} {done}/{need}<br>'
            f'Mission: {_t(" → ".join(mission))}</p>'
            + (f'<details class="al-rules"><summary>Stage rules</summary><p>{_t(rules)}</p></details>' if rules else ""))


# --- the board --------------------------------------------------------------------------------------------------

def _board(game: Any, view: dict[str, Any], st: Any, names: list[str], sides: list[Any], spaces_opt: dict[str, str],
           enemy_opt: dict[int, list[str]], char_opt: dict[str, str], token_opt: dict[int, str]) -> str:
    b = st.board
    chars = view["characters"]
    reach = [max((a.range for a in s.attacks), default=0) for s in sides]
    pos_of = [b.parse(c["pos"]) if c["pos"] else -1 for c in chars]
    W, H = b.width * CELL + MARGIN, b.height * CELL + MARGIN
    fig_ids = [f"alf{i}" for i in range(len(chars))]
    out: list[str] = []
    o = out.append
    o(f'<svg class="al-board" width="min(100%, {BOARD_PX}px)" viewBox="0 0 {W} {H}" {FONT} role="group" '
      f'aria-label="{_t(st.board_name)}: the Stage board">')
    o('<defs><pattern id="al-terrain" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
      '<rect width="10" height="10" fill="#6b5b4b"/><rect width="4" height="10" fill="#7d6b59"/></pattern></defs>')
    o(f'<rect width="{W}" height="{H}" rx="10" fill="#44403c"/>')
    for x in range(b.width):
        o(_text(MARGIN + x * CELL + CELL / 2, MARGIN - 8, chr(97 + x), 14, "#f5f5f4", "600"))
    for y in range(b.height):
        o(_text(MARGIN / 2, MARGIN + y * CELL + CELL / 2 + 5, y + 1, 14, "#f5f5f4", "600"))
    terrain = set(view["terrain"])

    def xy(s: int) -> tuple[int, int]:
        x, y = b.coords(s)
        return MARGIN + x * CELL, MARGIN + y * CELL

    # Spaces, with what the Stage prints on them (static, built once per Stage), the range of each Character
    # (shown while it is hovered or focused) and the Terrain Features
    for s, (head, tail) in _spaces(st).items():
        o(head)
        x0, y0 = xy(s)
        for i in range(len(chars)):
            if pos_of[i] >= 0 and 0 < b.dist[pos_of[i]][s] <= reach[i]:
                o(f'<rect x="{x0 + 1}" y="{y0 + 1}" width="{CELL - 2}" height="{CELL - 2}" rx="5" fill="{CHAR_COLOURS[i % 4]}" '
                  f'fill-opacity="0" pointer-events="none">{_hover([fig_ids[i]], "fill-opacity", "0.3")}</rect>')
        lab = b.labels[s]
        if lab in terrain:
            o(f'<rect class="al-terrain" x="{x0 + 7}" y="{y0 + 7}" width="{CELL - 14}" height="{CELL - 14}" rx="6" '
              f'fill="url(#al-terrain)" stroke="#44403c" stroke-width="2"><title>Terrain Feature at {lab}</title></rect>')
        o(tail)
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
    # clickable Spaces (above the tokens, below the figures); a Space the activating Character may move to shows,
    # while hovered or focused, a line from the Character and its distance in Spaces (alliances/measurement)
    act = next((pos_of[i] for i, c in enumerate(chars) if c["id"] == view.get("active")), -1)
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
        if act >= 0 and oid.startswith("move:"):
            d = b.dist[act][s]
            far = f" ({d} Space{'s' if d != 1 else ''} away)"
            (ax, ay), h = xy(act), CELL / 2
            lines.append(f'<g visibility="hidden" pointer-events="none">{_hover([aid], "visibility", "visible")}'
                         f'<line x1="{ax + h}" y1="{ay + h}" x2="{x0 + h}" y2="{y0 + h}" stroke="#052e16" stroke-width="3" '
                         f'stroke-dasharray="2 5" stroke-linecap="round"/><circle cx="{x0 + h}" cy="{y0 + h}" r="13" fill="#052e16"/>'
                         f'{_text(x0 + h, y0 + h + 5, d, 14, "#fff", "700")}</g>')
        o(f'<a id="{aid}" class="al-choice al-space-opt" href="#{_t(lab)}" data-option="{_t(oid)}" data-space="{_t(lab)}" '
          f'aria-label="{_t(verb)} {_t(lab)}{far}"><title>{_t(verb)} {_t(lab)}{far}</title>'
          f'<rect x="{x0 + 3}" y="{y0 + 3}" width="{CELL - 6}" height="{CELL - 6}" rx="6" fill="#16a34a" fill-opacity=".25" '
          f'stroke="#166534" stroke-width="3" stroke-dasharray="7 4">{_hover([aid], "fill-opacity", "0.55")}</rect></a>')
    for e in view["enemies"]:
        if e["pos"]:
            x0, y0 = xy(b.parse(e["pos"]))
            o(_enemy(game, view, e, x0, y0, enemy_opt.get(int(e["uid"]), []), sides))
    out.extend(lines)
    for i, c in enumerate(chars):
        if c["pos"]:
            x0, y0 = xy(b.parse(c["pos"]))
            o(_figure(view, i, c, names[i], x0, y0, char_opt.get(c["id"]), fig_ids[i]))
    o('</svg>')
    return "".join(out)


_SPACES: dict[int, tuple[Any, dict[int, tuple[str, str]]]] = {}


def _spaces(st: Any) -> dict[int, tuple[str, str]]:
    """Each Space of the Stage's board as drawn before and after its changing parts (cached per Stage)."""
    hit = _SPACES.get(id(st))
    if hit is not None and hit[0] is st:
        return hit[1]
    b = st.board
    arrows = {s: (r, d) for r, (s, d) in st.arrows.items()}
    tag_of = {s: tag for tag, ss in st.tags.items() for s in ss}
    out: dict[int, tuple[str, str]] = {}
    for s in b.spaces():
        x, y = b.coords(s)
        x0, y0 = MARGIN + x * CELL, MARGIN + y * CELL
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
    _SPACES[id(st)] = (st, out)
    return out


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


def _token(tok: dict[str, Any], view: dict[str, Any], names: list[str], x0: int, y0: int, oid: str | None) -> str:
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


def _enemy(game: Any, view: dict[str, Any], e: dict[str, Any], x0: int, y0: int, opts: list[str], sides: list[Any]) -> str:
    name = game.data.enemies[e["id"]].name
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
        return _link(opts[0], f"{_enemy_verb(opts[0], sides)} {name} at {e['pos']}", inner, f"ale{e['uid']}", _ring(cx, cy, r + 7))
    if not opts:
        return inner
    # several choices on one Enemy (one per attack): a small chip each, along the top of its Space
    chips = []
    cw = (CELL - 4) / len(opts)
    for k, oid in enumerate(opts):
        verb = _enemy_verb(oid, sides)
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


def _figure(view: dict[str, Any], i: int, c: dict[str, Any], name: str, x0: int, y0: int, oid: str | None, fid: str) -> str:
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


# --- trackers and dashboards ------------------------------------------------------------------------------------

def _trackers(game: Any, view: dict[str, Any], st: Any, names: list[str], H: int) -> str:
    data = game.data
    out = [f'<svg class="al-trackers" width="min(100%, {SIDE_PX}px)" viewBox="0 0 {SIDE_W} {H}" {FONT} role="group" '
           f'aria-label="Spawn Tracker and Enemy Tracker">',
           f'<rect x="1" y="1" width="{SIDE_W - 2}" height="{H - 2}" rx="10" fill="#fff" stroke="#d6d3d1"/>']
    o = out.append
    y = 26
    o(_text(14, y, "Spawn Tracker", 16, INK, "700", "start"))
    o(_text(SIDE_W - 14, y, "dice · Enemy", 11, MUTED, "", "end"))
    y += 10
    for k, n in enumerate(st.tracker_spawns):
        x = view["tracker"][k] if k < len(view["tracker"]) else ""
        o(f'<rect x="14" y="{y + 2}" width="20" height="20" rx="4" fill="#1e293b"><title>{n} Spawn {"die" if n == 1 else "dice"}</title></rect>')
        o(_text(24, y + 17, n, 13, "#fff", "700"))
        if x == "*":
            o(_text(44, y + 17, "Challenge token", 13, "#7c2d12", "700", "start"))
        elif x:
            e = data.enemies[x]
            o(f'<rect x="42" y="{y + 2}" width="34" height="20" rx="4" fill="{ENEMY_FILL.get(e.type, "#14532d")}"/>')
            o(_text(59, y + 17, _abbr(e.name), 12, "#fff", "700"))
            o(_text(84, y + 17, f"{e.name} ({TYPE_NAMES.get(e.type, e.type)})", 13, INK, "", "start"))
        else:
            o(_text(44, y + 17, "empty", 13, MUTED, "", "start"))
        y += 25
    if st.script == "oscorp_lab":
        y += 6
        o(_text(14, y + 12, f"Ingredient Pool: {sum(view['ingredient_pool'])} face down", 13, INK, "", "start"))
        y += 16
    y += 30
    o(_text(14, y, "Enemy Tracker", 16, INK, "700", "start"))
    y += 8
    for eid in game.mission["enemy_tracker"]:
        e = data.enemies[eid]
        card = e.boss if (st.kind == "boss" and eid == game.boss_id and e.boss is not None) else e
        on = sum(1 for x in view["enemies"] if x["id"] == eid and x["pos"])
        o(f'<rect x="14" y="{y + 4}" width="34" height="20" rx="4" fill="{ENEMY_FILL.get(card.type, "#14532d")}"/>')
        o(_text(31, y + 19, _abbr(e.name), 12, "#fff", "700"))
        o(_text(56, y + 19, e.name, 13, INK, "700", "start"))
        o(_text(SIDE_W - 14, y + 19, f"{TYPE_NAMES.get(card.type, card.type)} · {on} in play", 11, MUTED, "", "end"))
        o(_text(56, y + 36, f"Stamina {card.stamina} · Speed {card.speed} · Range {card.range}", 11.5, MUTED, "", "start"))
        o(_text(56, y + 51, f"Strength {card.strength} · Defense {card.defense} · {ATTACK_TYPES[card.attack_type].title()}",
                11.5, MUTED, "", "start"))
        y += 60
    o('</svg>')
    return "".join(out)


def _wrap(s: str, width: int) -> list[str]:
    return textwrap.wrap(s, width) or [""]


def _card_parts(game: Any, view: dict[str, Any], i: int, c: dict[str, Any], name: str, side: Any) -> tuple[int, str]:
    """The body of a Character's dashboard from y=0 down (drawn under its header): (height, SVG)."""
    out: list[str] = []
    o = out.append
    y = 0
    # tags: side, Dazed, Priority, Activating, conditions
    tags = [("Injured", "#fee2e2", "#7f1d1d") if c["injured"] else ("Healthy", "#dcfce7", "#14532d")]
    if c["dazed"]:
        tags.append(("Dazed", "#fee2e2", "#7f1d1d"))
    if view["priority"] == c["id"]:
        tags.append(("Priority", "#fef08a", "#713f12"))
    if view.get("active") == c["id"]:
        tags.append(("Activating", "#1e293b", "#fff"))
    tags += [(cn.title(), COND_FILL.get(cn, "#444"), "#fff") for cn in c["conditions"]]
    x = 12.0
    for word, bg, fg in tags:
        w = 7 * len(word) + 14
        if x + w > CARD_W - 10:
            x, y = 12.0, y + 22
        o(f'<rect x="{x}" y="{y}" width="{w}" height="18" rx="9" fill="{bg}"/>')
        o(_text(x + w / 2, y + 13, word, 11.5, fg, "700"))
        x += w + 5
    y += 36
    sta, mx = int(c["stamina"]), int(c["max_stamina"])
    o(_text(12, y, "Stamina", 12, MUTED, "", "start"))
    o(f'<g role="img" aria-label="Stamina {sta} of {mx}">' + "".join(
        f'<rect x="{66 + k * 17}" y="{y - 10}" width="14" height="11" rx="2" fill="{"#2563eb" if k < sta else "#d6d3d1"}"/>'
        for k in range(mx)) + "</g>")
    o(_text(CARD_W - 12, y, f"{sta}/{mx}", 13, INK, "700", "end"))
    y += 24
    tok = int(c["activation_tokens"])
    stats = [("Power", c["power"]), ("XP", c["xp"]), ("Level", c["level"])]
    x = 12.0
    for k, v in stats:
        o(_text(x, y, k, 12, MUTED, "", "start"))
        o(_text(x + 7 * len(k) + 4, y, v, 15, INK, "700", "start"))
        x += 7 * len(k) + 26
    o(_text(x + 4, y, "Tokens", 12, MUTED, "", "start"))
    o(f'<g role="img" aria-label="{tok} Activation tokens">' + "".join(
        f'<circle cx="{x + 56 + k * 16}" cy="{y - 4}" r="6" fill="{"#1e293b" if k < tok else "#fff"}" stroke="#1e293b" stroke-width="2"/>'
        for k in range(2)) + "</g>")
    y += 22
    if c["holding"]:
        o(_text(12, y, f"Holding: {', '.join(h.title() for h in c['holding'])} Ingredient" + ("s" if len(c["holding"]) > 1 else ""),
                12.5, "#14532d", "700", "start"))
        y += 20
    h, static = _card_static(game, c["id"], int(c["injured"]), tuple(c["cards"]), name, side)
    o(f'<g transform="translate(0 {y})">{static}</g>')
    y += h
    return y + 6, "".join(out)


_CARDS: dict[tuple[Any, ...], tuple[Any, int, str]] = {}


def _card_static(game: Any, cid: str, injured: int, cards: tuple[str, ...], name: str, side: Any) -> tuple[int, str]:
    """What a dashboard prints of the Character's card (Speed, Defense, skills, attacks, Level-Up cards) from y=0:
    (height, SVG); static content, cached per content, Character, side and Level-Up cards."""
    key = (id(game.data), cid, injured, cards, name)
    hit = _CARDS.get(key)
    if hit is not None and hit[0] is game.data:
        return hit[1], hit[2]
    ch = game.data.characters[cid]
    out: list[str] = []
    o = out.append
    y = 0
    d = side.defense
    o(_text(12, y, f"Speed {side.speed} · Defense P{d[0]} / E{d[1]} / M{d[2]}", 12, MUTED, "", "start"))
    y += 17
    skills = ", ".join(SKILLS.get(s, (s, ""))[0] for s in side.skills) or "none"
    for line in _wrap(f"Skills: {skills}", 62):
        o(_text(12, y, line, 12, MUTED, "", "start"))
        y += 16
    y += 6
    for a in side.attacks:
        o(f'<g><title>{_t(a.name)}: {_t(attack_text(a))}</title>')
        o(_text(12, y, a.name, 13, INK, "700", "start"))
        detail = f"{ATTACK_TYPES[a.type].title()} · R{a.range_text} · S{a.strength}" + (f" · {a.cost} Power" if a.cost else "")
        if 7.6 * len(a.name) + 6.2 * len(detail) > CARD_W - 30:
            y += 15
        o(_text(CARD_W - 12, y, detail, 11.5, MUTED, "", "end"))
        o("</g>")
        y += 18
    lus = [ch.levelups[x] for x in cards if x in ch.levelups]
    if lus:
        y += 8
        o(_text(12, y, "Level-Up cards", 13, INK, "700", "start"))
        y += 6
        for lu in lus:
            lines = _wrap(_levelup_text(name, lu).split(": ", 1)[-1], 66)
            h = 22 + 14 * len(lines)
            o(f'<rect x="10" y="{y}" width="{CARD_W - 20}" height="{h}" rx="6" fill="#fefce8" stroke="#ca8a04"/>')
            o(_text(18, y + 16, f"{lu.name} (Level {lu.level})", 12.5, INK, "700", "start"))
            for k, line in enumerate(lines):
                o(_text(18, y + 31 + 14 * k, line, 11, "#44403c", "", "start"))
            y += h + 6
    if len(_CARDS) > 1024:
        _CARDS.clear()
    _CARDS[key] = (game.data, y, "".join(out))
    return y, _CARDS[key][2]


def _card(view: dict[str, Any], i: int, c: dict[str, Any], name: str, body: str, body_h: int, oid: str | None) -> str:
    col = CHAR_COLOURS[i % len(CHAR_COLOURS)]
    active = view.get("active") == c["id"]
    top = 62
    H = top + body_h
    where = f"{c['pos'] or 'off the board'} · Player {c['seat'] + 1}"
    head = (f'<circle cx="30" cy="30" r="18" fill="{col}"/>{_text(30, 35, _abbr(name), 12, "#fff", "700")}'
            f'{_text(56, 28, name, 15, INK, "700", "start")}{_text(56, 46, where, 12, MUTED, "", "start")}')
    if oid:
        aid = f"alc{i}"
        verb = CHAR_VERBS[oid.split(":")[0]]
        head = (f'<a id="{aid}" class="al-choice" href="#{aid}" data-option="{_t(oid)}" aria-label="{_t(verb)} {_t(name)}">'
                f'<title>{_t(verb)} {_t(name)}</title>'
                f'<rect x="4" y="6" width="{CARD_W - 8}" height="50" rx="8" fill="#fef9c3" stroke="#a16207" stroke-width="2">'
                f'{_hover([aid], "fill", "#fde047")}</rect>{head}'
                f'{_text(CARD_W - 12, 46, verb.split()[0], 12, "#713f12", "700", "end")}</a>')
    border = "#ca8a04" if active else "#d6d3d1"
    return (f'<svg class="al-card" role="listitem" data-character="{_t(c["id"])}" width="{CARD_WIDTH}" '
            f'viewBox="0 0 {CARD_W} {H}" {FONT} aria-label="{_t(name)}: dashboard">'
            f'<rect x="1.5" y="1.5" width="{CARD_W - 3}" height="{H - 3}" rx="10" fill="#fff" stroke="{border}" stroke-width="{4 if active else 1.5}"/>'
            f'<path d="M2,12 a10,10 0 0 1 10,-10 h{CARD_W - 24} a10,10 0 0 1 10,10 v-4 h-{CARD_W - 4} z" fill="{col}"/>'
            f'{head}<g transform="translate(0 {top + 4})">{body}</g></svg>')
