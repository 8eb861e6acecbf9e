"""The Alliances table drawn for the browser (issue 12): the Stage board as SVG, the Character dashboards, the
Spawn and Enemy Trackers, the Round/Turn and the Stage's goal.

Everything is drawn from the seat's ``view`` alone plus static content looked up by id (Stage boards, Character and
Enemy cards, Level-Up cards). The Spaces come from the Stage's :class:`~capes.games.alliances.board.Board`
(``coords`` / ``label`` / ``parse`` / ``dist``): this module knows no geometry of its own. Every text is escaped.

Choosing on the board: an element carrying ``data-option`` is an option of the deciding seat (the page sends it
when clicked). Spaces named by an option id (``move:d4``, ``deploy:…``, ``place:…``, ``space:…``, ``toward:…``,
``launch:…``, ``drag:…``) are highlighted and clickable; an Enemy named by an attack (``attack:<attack>:<uid>``),
``target:<uid>``, ``first:<uid>`` or ``skill:bad_luck:<uid>`` is clickable (several attacks on one Enemy: one
small chip each); a Character named by ``activate:``, ``priority:``, ``give:`` or ``nearest:`` is clickable; an
Objective token or Ingredient named by ``interact:<token id>`` is clickable. Clickable elements are SVG links, so
that Tab reaches them and Enter chooses them. Hovering or focusing a Character shades the Spaces within the range
of its longest attack.
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

from capes.games.alliances.content import ATTACK_TYPES, RESULT_NAMES
from capes.games.alliances.glossary import SKILLS, STAGE_TEXT, _levelup_text, attack_text

CELL = 72
_FOCUS = ' tabindex="0"'
_DASH = ' stroke-dasharray="5 3"'
MARGIN = 26

#: option prefixes naming a Space by its label, and how a screen reader says them
SPACE_VERBS = {"move": "Advance to", "deploy": "Deploy at", "place": "Place at", "space": "Spawn at",
               "toward": "Advance toward the Objective at", "launch": "Launch the glider prototype at",
               "drag": "Drag the Civilian to"}
CHAR_VERBS = {"activate": "Activate", "priority": "Give the Priority token to", "give": "Give Priority to",
              "nearest": "Advance toward"}

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


def _abbr(name: str) -> str:
    """``Spectacular Spider-Man`` -> ``SSM``: the initials drawn on a figure."""
    return "".join(w[0] for w in name.replace("-", " ").split() if w[0].isalpha()).upper()[:3]


def _t(x: Any) -> Markup:
    return escape(x)


def option_targets(view: dict[str, Any]) -> tuple[dict[str, str], dict[int, list[str]], dict[str, str], dict[int, str]]:
    """The deciding seat's option ids that name something on the board: Space label -> option, Enemy uid ->
    options, Character id -> option, token id -> option."""
    spaces: dict[str, str] = {}
    enemies: dict[int, list[str]] = {}
    chars: dict[str, str] = {}
    tokens: dict[int, str] = {}
    labels = {str(c["id"]) for c in view["characters"]}
    uids = {int(e["uid"]) for e in view["enemies"]}
    tids = {int(t["id"]) for t in view["tokens"]}
    for oid in view.get("decision", {}).get("options", []):
        parts = oid.split(":")
        head = parts[0]
        if head in SPACE_VERBS and len(parts) == 2:
            spaces.setdefault(parts[1], oid)
        elif head in CHAR_VERBS and len(parts) == 2 and parts[1] in labels:
            chars.setdefault(parts[1], oid)
        elif head == "interact" and len(parts) == 2 and parts[1].isdigit() and int(parts[1]) in tids:
            tokens.setdefault(int(parts[1]), oid)
        else:
            last = parts[-1]
            if head in ("attack", "target", "first", "skill") and len(parts) >= 2 and last.isdigit() and int(last) in uids:
                if head == "skill" and parts[1] != "bad_luck":
                    continue
                enemies.setdefault(int(last), []).append(oid)
    return spaces, enemies, chars, tokens


def web_view(game: Any, view: dict[str, Any], seat: int | None) -> str:
    data = game.data
    st = data.stages[view["stage"]]
    b = st.board
    spaces_opt, enemy_opt, char_opt, token_opt = option_targets(view)
    chars = view["characters"]
    names = [data.characters[c["id"]].name for c in chars]
    sides = [game.side(c["id"], int(c["injured"]), tuple(c["cards"])) for c in chars]
    reach = [max((a.range for a in s.attacks), default=0) for s in sides]
    pos_of = [b.parse(c["pos"]) if c["pos"] else -1 for c in chars]

    W, H = b.width * CELL + MARGIN, b.height * CELL + MARGIN
    out: list[str] = []
    o = out.append
    o(f'<svg class="al-board" viewBox="0 0 {W} {H}" role="group" aria-label="{_t(st.board_name)}: the Stage board">')
    o('<defs><pattern id="al-terrain" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
      '<rect width="10" height="10" fill="#6b5b4b"/><rect width="4" height="10" fill="#7d6b59"/></pattern></defs>')
    # column letters and row numbers
    for x in range(b.width):
        o(f'<text class="al-coord" x="{MARGIN + x * CELL + CELL / 2}" y="{MARGIN - 8}">{chr(97 + x)}</text>')
    for y in range(b.height):
        o(f'<text class="al-coord" x="{MARGIN / 2}" y="{MARGIN + y * CELL + CELL / 2 + 5}">{y + 1}</text>')
    terrain = set(view["terrain"])
    arrows = {s: (r, d) for r, (s, d) in st.arrows.items()}
    tag_of = {s: tag for tag, ss in st.tags.items() for s in ss}

    def xy(s: int) -> tuple[int, int]:
        x, y = b.coords(s)
        return MARGIN + x * CELL, MARGIN + y * CELL

    # --- Spaces ---------------------------------------------------------------------------------------------
    for s in b.spaces():
        x0, y0 = xy(s)
        lab = b.label(s)
        kind = st.space_type[s]
        rng = " ".join(f"al-r{i}" for i in range(len(chars)) if pos_of[i] >= 0 and 0 < b.dist[pos_of[i]][s] <= reach[i])
        cls = f"al-space al-k{'-dot' if kind == '.' else kind} {rng}".strip()
        o(f'<g class="{cls}" data-space="{lab}">')
        o(f'<rect x="{x0 + 1}" y="{y0 + 1}" width="{CELL - 2}" height="{CELL - 2}" rx="5" fill="{SPACE_FILL.get(kind, "#ece8df")}"/>')
        o(f'<rect class="al-range" x="{x0 + 1}" y="{y0 + 1}" width="{CELL - 2}" height="{CELL - 2}" rx="5"/>')
        if lab in terrain:
            o(f'<rect class="al-terrain" x="{x0 + 8}" y="{y0 + 8}" width="{CELL - 16}" height="{CELL - 16}" rx="6" fill="url(#al-terrain)">'
              f'<title>Terrain Feature at {lab}</title></rect>')
        if kind == "S":
            icon = RESULT_NAMES[st.spawn_icon[s]] if st.spawn_icon[s] >= 0 else ""
            o(f'<g class="al-spawn"><title>Spawn Space at {lab}{" (" + icon.title() + " spawn icon)" if icon else ""}</title>'
              f'<path d="M{x0 + 2},{y0 + 2} h30 l-30,30 z" fill="#b42318"/>')
            if icon:
                o(_icon(icon, x0 + 12, y0 + 12, 9))
            o('</g>')
        elif kind == "D":
            o(f'<text class="al-mark" x="{x0 + 5}" y="{y0 + 12}">Deploy</text>')
        elif kind == "X":
            tag = tag_of.get(s, "")
            word = "Exit" if tag == "exit" else "Brace" if tag.startswith("brace") else tag.replace("_", " ").title()
            o(f'<text class="al-mark" x="{x0 + 5}" y="{y0 + 12}">{_t(word)}</text>')
        if s in arrows:
            r, d = arrows[s]
            dn = b.dir_names[d]
            cx, cy = x0 + CELL / 2, y0 + CELL / 2
            o(f'<g class="al-arrow"><title>Arrow Space {lab}: {_t(RESULT_NAMES[r].title())}, pointing {dn}</title>'
              f'<polygon points="{_pts(_ARROW_PTS.get(dn, "0,0"), cx, cy, 22)}" fill="#a78bfa" opacity=".55"/></g>')
            o(_icon(RESULT_NAMES[r], x0 + 14, y0 + 14, 10))
        o('</g>')
    # --- Web Lines between turned Braces of a pair (Boss Battle) --------------------------------------------
    turned = {t["pos"] for t in view["tokens"] if t["kind"] == "brace" and t["pos"]
              and 0 <= t["extra"] < len(view["braces"]) and view["braces"][t["extra"]]}
    for tag, ss in sorted(st.tags.items()):
        if tag.startswith("brace") and len(ss) == 2 and all(b.label(s) in turned for s in ss):
            (ax, ay), (bx, by) = xy(ss[0]), xy(ss[1])
            h = CELL / 2
            o(f'<line class="al-webline" x1="{ax + h}" y1="{ay + h}" x2="{bx + h}" y2="{by + h}"><title>Web Line</title></line>')
    # --- tokens ----------------------------------------------------------------------------------------------
    for tok in view["tokens"]:
        if not tok["pos"]:
            continue
        s = b.parse(tok["pos"])
        x0, y0 = xy(s)
        o(_token(tok, view, names, x0, y0, token_opt.get(int(tok["id"]))))
    if view.get("target"):
        x0, y0 = xy(b.parse(view["target"]))
        cx, cy = x0 + CELL / 2, y0 + CELL / 2
        o(f'<g class="al-target"><title>Target token at {_t(view["target"])}</title>'
          f'<circle cx="{cx}" cy="{cy}" r="26" fill="none" stroke="#b91c1c" stroke-width="3"/>'
          f'<path d="M{cx - 30},{cy} h60 M{cx},{cy - 30} v60" stroke="#b91c1c" stroke-width="2"/></g>')
    # --- clickable Spaces (above the tokens, below the figures) -------------------------------------------
    for lab, oid in spaces_opt.items():
        try:
            s = b.parse(lab)
        except KeyError:
            continue
        x0, y0 = xy(s)
        verb = SPACE_VERBS[oid.split(":")[0]]
        o(f'<a class="al-choice al-space-opt" href="#" data-option="{_t(oid)}" data-space="{_t(lab)}" aria-label="{_t(verb)} {_t(lab)}">'
          f'<title>{_t(verb)} {_t(lab)}</title>'
          f'<rect x="{x0 + 3}" y="{y0 + 3}" width="{CELL - 6}" height="{CELL - 6}" rx="6"/></a>')
    # --- Enemies ---------------------------------------------------------------------------------------------
    for e in view["enemies"]:
        if e["pos"]:
            x0, y0 = xy(b.parse(e["pos"]))
            o(_enemy(game, view, e, x0, y0, enemy_opt.get(int(e["uid"]), []), sides, chars))
    # --- Characters ------------------------------------------------------------------------------------------
    for i, c in enumerate(chars):
        if c["pos"]:
            x0, y0 = xy(b.parse(c["pos"]))
            o(_figure(view, i, c, names[i], x0, y0, char_opt.get(c["id"])))
    o('</svg>')
    board_svg = "".join(out)

    return (f'<div class="al-table">{_STYLE}'
            f'<div class="al-top">{_header(game, view, st)}</div>'
            f'<div class="al-main"><div class="al-boardbox">{board_svg}{_legend()}</div>'
            f'<div class="al-side">{_trackers(game, view, st)}</div></div>'
            f'<div class="al-dash">{"".join(_dashboard(game, view, i, c, names[i], sides[i], char_opt.get(c["id"])) for i, c in enumerate(chars))}</div>'
            f'</div>')


def _pts(spec: str, cx: float, cy: float, r: float) -> str:
    out = []
    for p in spec.split():
        x, y = p.split(",")
        out.append(f"{cx + float(x) * r:.1f},{cy + float(y) * r:.1f}")
    return " ".join(out)


def _icon(name: str, cx: float, cy: float, r: float) -> str:
    """A die-result icon: a coloured disc with its letter (and its name as a tooltip)."""
    return (f'<g class="al-icon"><title>{_t(name.title())}</title><circle cx="{cx}" cy="{cy}" r="{r}" fill="{ICON_FILL.get(name, "#3f3f46")}"/>'
            f'<text x="{cx}" y="{cy + r * 0.4}" font-size="{r * 1.15:.0f}" fill="#fff">{_t(ICON_LETTER.get(name, "?"))}</text></g>')


def _link(oid: str | None, label: str, inner: str, cls: str = "") -> str:
    if not oid:
        return inner
    return (f'<a class="al-choice {cls}" href="#" data-option="{_t(oid)}" aria-label="{_t(label)}">{inner}</a>')


def _token(tok: dict[str, Any], view: dict[str, Any], names: list[str], x0: int, y0: int, oid: str | None) -> str:
    kind = tok["kind"]
    sym = str(tok["symbol"])
    script = view["stage"]
    cx, cy = x0 + 16, y0 + 16
    if kind == "obj":
        what = {"oscorp_lab": "Sample", "glider_works": "glider prototype", "subway_rescue": "Civilian"}.get(script, "Objective token")
        extra = int(tok.get("extra") or 0)
        note = ""
        if script == "oscorp_lab" and extra:
            note = f", {extra}/2 Ingredients"
        elif script == "glider_works" and extra > 0 and extra - 1 < len(names):
            note = f", Charge planted by {names[extra - 1]}"
        label = f"{what.capitalize()} ({sym.title()}) at {tok['pos']}{note}"
        hexa = " ".join(f"{cx + 15 * dx:.1f},{cy + 15 * dy:.1f}" for dx, dy in
                        ((0, -1), (0.87, -0.5), (0.87, 0.5), (0, 1), (-0.87, 0.5), (-0.87, -0.5)))
        inner = (f'<g class="al-token al-obj" data-token="{tok["id"]}"><title>{_t(label)}</title>'
                 f'<polygon points="{hexa}" fill="#f6c945" stroke="#7a5a00" stroke-width="2"/>')
        if script == "subway_rescue":
            inner += f'<text x="{cx}" y="{cy + 5}" class="al-tok-text">Civ</text>'
        else:
            inner += _icon(sym, cx, cy, 8)
        if extra and script == "oscorp_lab":
            inner += "".join(f'<circle cx="{cx - 5 + 10 * k}" cy="{cy + 20}" r="4" fill="#15803d" stroke="#fff"/>' for k in range(min(extra, 2)))
        elif extra > 0 and script == "glider_works":
            inner += f'<rect x="{cx + 8}" y="{cy - 18}" width="12" height="12" rx="2" fill="#dc2626" stroke="#fff"/>'
        inner += "</g>"
        return _link(oid, f"Interact with the {label}", inner)
    if kind == "ing":
        label = f"{sym.title()} Ingredient at {tok['pos']}"
        inner = (f'<g class="al-token al-ing" data-token="{tok["id"]}"><title>{_t(label)}</title>'
                 f'<rect x="{cx - 9}" y="{cy - 9}" width="18" height="18" transform="rotate(45 {cx} {cy})" fill="#fff" stroke="#15803d" stroke-width="2"/>'
                 f'{_icon(sym, cx, cy, 6)}</g>')
        return _link(oid, f"Pick up the {label}", inner)
    if kind == "brace":
        on = 0 <= tok["extra"] < len(view["braces"]) and bool(view["braces"][tok["extra"]])
        label = f"Brace at {tok['pos']} ({'turned' if on else 'not turned'})"
        cx2, cy2 = x0 + CELL / 2, y0 + CELL / 2
        inner = (f'<g class="al-token al-brace" data-token="{tok["id"]}"><title>{_t(label)}</title>'
                 f'<rect x="{cx2 - 20}" y="{cy2 - 5}" width="40" height="10" rx="3" fill="{"#0e7490" if on else "#a1a1aa"}" '
                 f'transform="rotate({0 if on else 45} {cx2} {cy2})" stroke="#fff"/></g>')
        return _link(oid, f"Turn the {label}", inner)
    label = f"{kind} token at {tok['pos']}"
    return _link(oid, label, f'<g class="al-token" data-token="{tok["id"]}"><title>{_t(label)}</title>'
                              f'<circle cx="{cx}" cy="{cy}" r="8" fill="#a1a1aa"/></g>')


def _conds(conds: list[str], x: float, y: float) -> str:
    out = []
    for k, cn in enumerate(conds):
        out.append(f'<g class="al-cond"><title>{_t(cn.title())}</title><circle cx="{x + k * 13}" cy="{y}" r="6" fill="{COND_FILL.get(cn, "#444")}" stroke="#fff"/>'
                   f'<text x="{x + k * 13}" y="{y + 3.5}" font-size="9" fill="#fff">{_t(cn[:1].upper())}</text></g>')
    return "".join(out)


def _enemy(game: Any, view: dict[str, Any], e: dict[str, Any], x0: int, y0: int, opts: list[str],
           sides: list[Any], chars: list[dict[str, Any]]) -> str:
    card = game.data.enemies[e["id"]]
    name = card.name
    kind = TYPE_NAMES.get(e["type"], e["type"])
    cx, cy = x0 + CELL / 2, y0 + CELL / 2 - 1
    left = max(0, int(e["stamina"]) - int(e["damage"]))
    label = (f"{name} ({kind}) at {e['pos']}: Damage {e['damage']}/{e['stamina']}"
             + (f", {', '.join(c.title() for c in e['conditions'])}" if e["conditions"] else "")
             + (", Dazed" if e["dazed"] else ""))
    fill = ENEMY_FILL.get(e["type"], "#14532d")
    r = 22 if e["type"] in ("brute", "mini_boss", "boss") else 19
    if e["type"] == "sentry":
        shape = f'<polygon points="{cx},{cy - r - 2} {cx + r + 2},{cy} {cx},{cy + r + 2} {cx - r - 2},{cy}" fill="{fill}" stroke="#fff" stroke-width="2"/>'
    elif e["type"] in ("mini_boss", "boss"):
        pts = " ".join(f"{cx + r * dx:.1f},{cy + r * dy:.1f}" for dx, dy in
                       ((-.41, -1), (.41, -1), (1, -.41), (1, .41), (.41, 1), (-.41, 1), (-1, .41), (-1, -.41)))
        shape = f'<polygon points="{pts}" fill="{fill}" stroke="#facc15" stroke-width="3"/>'
    else:
        shape = f'<rect x="{cx - r}" y="{cy - r}" width="{2 * r}" height="{2 * r}" rx="6" fill="{fill}" stroke="#fff" stroke-width="2"/>'
    parts = [f'<g class="al-enemy{" al-dazed" if e["dazed"] else ""}" data-enemy="{e["uid"]}" data-space="{_t(e["pos"])}">'
             f'<title>{_t(label)}</title>{shape}'
             f'<text class="al-fig-text" x="{cx}" y="{cy + 5}">{_t(_abbr(name))}</text>']
    # Damage: one pip per point of Stamina, dark when lost
    n = int(e["stamina"])
    w = min(7.0, (CELL - 10) / max(n, 1) - 1)
    x = cx - (n * (w + 1)) / 2
    for k in range(n):
        parts.append(f'<rect x="{x + k * (w + 1):.1f}" y="{y0 + CELL - 10}" width="{w:.1f}" height="6" rx="1" '
                     f'fill="{"#16a34a" if k < left else "#3f3f46"}"/>')
    parts.append(_conds(e["conditions"], cx - 6.5 * (len(e["conditions"]) - 1), y0 + 8))
    if e["dazed"]:
        parts.append(f'<text class="al-dazed-mark" x="{cx}" y="{cy + 22}">DAZED</text>')
    parts.append("</g>")
    inner = "".join(parts)
    if len(opts) == 1:
        return _link(opts[0], _enemy_verb(game, opts[0], sides, chars) + f" {name} at {e['pos']}", inner, "al-enemy-opt")
    if not opts:
        return inner
    # several choices on one Enemy (one per attack): a small chip each, along the top of its Space
    chips = []
    cw = (CELL - 4) / len(opts)
    for k, oid in enumerate(opts):
        verb = _enemy_verb(game, oid, sides, chars)
        short = _abbr(verb.split(": ", 1)[-1]) if ":" in verb else str(k + 1)
        chips.append(f'<a class="al-choice al-chip" href="#" data-option="{_t(oid)}" aria-label="{_t(verb)} {_t(name)} at {_t(e["pos"])}">'
                     f'<title>{_t(verb)} {_t(name)}</title>'
                     f'<rect x="{x0 + 2 + k * cw:.1f}" y="{y0 - 10}" width="{cw - 2:.1f}" height="16" rx="4"/>'
                     f'<text x="{x0 + 2 + k * cw + (cw - 2) / 2:.1f}" y="{y0 + 2}">{_t(short)}</text></a>')
    return f'<g class="al-enemy-opts">{inner}{"".join(chips)}</g>'


def _enemy_verb(game: Any, oid: str, sides: list[Any], chars: list[dict[str, Any]]) -> str:
    parts = oid.split(":")
    if parts[0] == "attack" and len(parts) == 3:
        for s in sides:
            for a in s.attacks:
                if a.id == parts[1]:
                    return f"Attack with: {a.name}"
        return "Attack"
    return {"target": "Resolve the attack against", "first": "Choose next:", "skill": "Bad Luck on"}.get(parts[0], "Choose")


def _figure(view: dict[str, Any], i: int, c: dict[str, Any], name: str, x0: int, y0: int, oid: str | None) -> str:
    cx, cy = x0 + CELL / 2, y0 + CELL / 2 - 1
    col = CHAR_COLOURS[i % len(CHAR_COLOURS)]
    active = view.get("active") == c["id"]
    label = (f"{name} at {c['pos']}: Stamina {c['stamina']}/{c['max_stamina']}, "
             f"{'Injured' if c['injured'] else 'Healthy'}" + (", Dazed" if c["dazed"] else "")
             + (", Priority" if view["priority"] == c["id"] else "") + (", activating" if active else ""))
    parts = [f'<g class="al-char al-fig{i}{" al-active" if active else ""}{" al-dazed" if c["dazed"] else ""}" '
             f'data-character="{_t(c["id"])}" data-space="{_t(c["pos"])}"{"" if oid else _FOCUS}><title>{_t(label)}</title>']
    if active:
        parts.append(f'<circle class="al-glow" cx="{cx}" cy="{cy}" r="26"/>')
    parts.append(f'<circle cx="{cx}" cy="{cy}" r="21" fill="{col}" stroke="{"#fff" if not c["injured"] else "#fca5a5"}" '
                 f'stroke-width="3"{_DASH if c["injured"] else ""}/>')
    parts.append(f'<text class="al-fig-text" x="{cx}" y="{cy + 5}">{_t(_abbr(name))}</text>')
    # Stamina bar
    n = max(1, int(c["max_stamina"]))
    w = min(8.0, (CELL - 10) / n - 1)
    x = cx - (n * (w + 1)) / 2
    for k in range(n):
        parts.append(f'<rect x="{x + k * (w + 1):.1f}" y="{y0 + CELL - 10}" width="{w:.1f}" height="6" rx="1" '
                     f'fill="{"#2563eb" if k < int(c["stamina"]) else "#3f3f46"}"/>')
    parts.append(_conds(c["conditions"], cx - 6.5 * (len(c["conditions"]) - 1), y0 + 8))
    if view["priority"] == c["id"]:
        parts.append(f'<g class="al-prio"><title>Priority token</title><circle cx="{x0 + CELL - 11}" cy="{y0 + 11}" r="9" fill="#facc15" stroke="#713f12"/>'
                     f'<text x="{x0 + CELL - 11}" y="{y0 + 15}" font-size="11" fill="#1c1917">P</text></g>')
    if c["dazed"]:
        parts.append(f'<text class="al-dazed-mark" x="{cx}" y="{cy + 20}">DAZED</text>')
    parts.append("</g>")
    inner = "".join(parts)
    if oid:
        return _link(oid, f"{CHAR_VERBS[oid.split(':')[0]]} {name}", inner, "al-char-opt")
    return inner


def _header(game: Any, view: dict[str, Any], st: Any) -> str:
    stages = game.stage_ids
    pips = []
    for k, sid in enumerate(view["mission"]):
        s2 = game.data.stages[sid]
        state = "done" if k < view["stage_index"] else "now" if k == view["stage_index"] else "next"
        pips.append(f'<li class="al-stage-{state}" title="{_t(s2.name)}">{_t(s2.board_name)}</li>')
    if st.kind == "boss":
        done, need, what = int(view["boss_dazes"]), 2, "Boss Daze Tracker"
    else:
        done, need, what = int(view["completed"]), 3, "Objectives completed"
    prog = "".join(f'<span class="al-pip{" al-on" if k < done else ""}" aria-hidden="true"></span>' for k in range(need))
    active = view.get("active")
    who = next((game.data.characters[c["id"]].name for c in view["characters"] if c["id"] == active), None)
    if view.get("over"):
        phase = "The Mission is over" + (f": {view['why']}" if view.get("why") else "")
    elif view["round"] == 0:
        phase = "Setup"
    elif who:
        phase = f"Turn {view['turn'] + 1}: {who} is activating"
    else:
        phase = f"Turn {view['turn'] + 1}"
    goal = GOALS.get(st.script, "Complete the Stage")
    rules = STAGE_TEXT.get(st.script, st.note)
    return (f'<div class="al-title"><h2>{_t(st.name)}</h2><span class="al-sub">{_t(st.board_name)} · Stage '
            f'{view["stage_index"] + 1} of {len(stages)}</span></div>'
            f'<ol class="al-mission" aria-label="Mission">{"".join(pips)}</ol>'
            f'<div class="al-round"><b>Round {view["round"]}</b> · {_t(phase)}</div>'
            f'<div class="al-goal"><b>Goal:</b> {_t(goal)} <span class="al-progress" role="img" aria-label="{_t(what)} {done} of {need}">'
            f'{prog}</span> <span>{_t(what)} {done}/{need}</span>'
            + (f'<details><summary>Stage rules</summary><p>{_t(rules)}</p></details>' if rules else "")
            + '</div>')


def _trackers(game: Any, view: dict[str, Any], st: Any) -> str:
    data = game.data
    spots = []
    for k, n in enumerate(st.tracker_spawns):
        x = view["tracker"][k] if k < len(view["tracker"]) else ""
        if x == "*":
            body = '<span class="al-chal">Challenge</span>'
        elif x:
            e = data.enemies[x]
            body = f'<span class="al-mini al-e-{_t(e.type)}">{_t(_abbr(e.name))}</span><span class="al-nm">{_t(e.name)}</span>'
        else:
            body = '<span class="al-empty">empty</span>'
        spots.append(f'<li><span class="al-dice" title="Spawn dice">{n}</span>{body}</li>')
    etr = []
    for eid in game.mission["enemy_tracker"]:
        e = data.enemies[eid]
        card = e.boss if (st.kind == "boss" and eid == game.boss_id and e.boss is not None) else e
        on = sum(1 for x in view["enemies"] if x["id"] == eid and x["pos"])
        etr.append(f'<li><span class="al-mini al-e-{_t(card.type)}">{_t(_abbr(e.name))}</span>'
                   f'<span class="al-nm">{_t(e.name)} <small>{_t(TYPE_NAMES.get(card.type, card.type))}</small></span>'
                   f'<span class="al-count">{on} on the board</span>'
                   f'<span class="al-stats" title="Stamina, Speed, Range, Strength, Defense">'
                   f'Sta {card.stamina} · Spd {card.speed} · Rng {card.range} · Str {card.strength} · Def {card.defense}'
                   f' · {_t(ATTACK_TYPES[card.attack_type].title())}</span>'
                   '</li>')
    pool = ""
    if st.script == "oscorp_lab":
        pool = (f'<p class="al-pool">Ingredient Pool: {sum(view["ingredient_pool"])} face down</p>')
    return (f'<section class="al-panel"><h3>Spawn Tracker</h3><ol class="al-spawntrack">{"".join(spots)}</ol>{pool}</section>'
            f'<section class="al-panel"><h3>Enemy Tracker</h3><ol class="al-enemytrack">{"".join(etr)}</ol></section>')


def _dashboard(game: Any, view: dict[str, Any], i: int, c: dict[str, Any], name: str, side: Any, oid: str | None) -> str:
    ch = game.data.characters[c["id"]]
    col = CHAR_COLOURS[i % len(CHAR_COLOURS)]
    active = view.get("active") == c["id"]
    tags = [f'<span class="al-tag {"al-inj" if c["injured"] else "al-ok"}">{"Injured" if c["injured"] else "Healthy"}</span>']
    if c["dazed"]:
        tags.append('<span class="al-tag al-inj">Dazed</span>')
    if view["priority"] == c["id"]:
        tags.append('<span class="al-tag al-prio-tag">Priority</span>')
    if active:
        tags.append('<span class="al-tag al-act">Activating</span>')
    tags += [f'<span class="al-tag al-cond-{_t(cn)}">{_t(cn.title())}</span>' for cn in c["conditions"]]
    sta = int(c["stamina"])
    mx = int(c["max_stamina"])
    bar = "".join(f'<span class="al-seg{" al-on" if k < sta else ""}"></span>' for k in range(mx))
    toks = "".join(f'<span class="al-acttok{" al-on" if k < int(c["activation_tokens"]) else ""}"></span>' for k in range(2))
    d = side.defense
    attacks = "".join(f'<li title="{_t(attack_text(a))}"><b>{_t(a.name)}</b> <span>{_t(ATTACK_TYPES[a.type].title())} · '
                      f'R{_t(a.range_text)} · S{a.strength}{" · " + str(a.cost) + " Power" if a.cost else ""}</span></li>'
                      for a in side.attacks)
    skills = ", ".join(SKILLS.get(s, (s, ""))[0] for s in side.skills) or "none"
    cards = "".join(f'<li><b>{_t(ch.levelups[cid].name)}</b> <span>{_t(_levelup_text(name, ch.levelups[cid]).split(": ", 1)[-1])}</span></li>'
                    for cid in c["cards"] if cid in ch.levelups)
    held = (f'<p>Holding: {_t(", ".join(h.title() for h in c["holding"]))} Ingredient{"s" if len(c["holding"]) > 1 else ""}</p>'
            if c["holding"] else "")
    head = (f'<span class="al-disc" style="background:{col}">{_t(_abbr(name))}</span>'
            f'<span class="al-cname">{_t(name)}</span><span class="al-where">{_t(c["pos"] or "off the board")} · Player {c["seat"] + 1}</span>')
    if oid:
        head = (f'<button type="button" class="al-headbtn" data-option="{_t(oid)}">{head}'
                f'<span class="al-do">{_t(CHAR_VERBS[oid.split(":")[0]])}</span></button>')
    return (f'<article class="al-card{" al-card-active" if active else ""}" data-character="{_t(c["id"])}" style="border-top-color:{col}">'
            f'<header>{head}</header><div class="al-tags">{"".join(tags)}</div>'
            f'<div class="al-row"><span class="al-k">Stamina</span><span class="al-bar" role="img" aria-label="Stamina {sta} of {mx}">{bar}</span>'
            f'<span class="al-v">{sta}/{mx}</span></div>'
            f'<div class="al-nums"><span><span class="al-k">Power</span> <b>{c["power"]}</b></span>'
            f'<span><span class="al-k">XP</span> <b>{c["xp"]}</b></span><span><span class="al-k">Level</span> <b>{c["level"]}</b></span>'
            f'<span><span class="al-k">Activation</span> <span class="al-toks" role="img" aria-label="{c["activation_tokens"]} Activation tokens">{toks}</span></span></div>'
            f'<div class="al-stats">Speed {side.speed} · Defense P{d[0]} / E{d[1]} / M{d[2]} · Skills: {_t(skills)}</div>'
            f'<ul class="al-attacks">{attacks}</ul>{held}'
            + (f'<h4>Level-Up cards</h4><ul class="al-levelups">{cards}</ul>' if cards else "")
            + '</article>')


def _legend() -> str:
    return ('<p class="al-legend"><span class="al-lg al-lg-spawn"></span>Spawn Space '
            '<span class="al-lg al-lg-obj"></span>Objective '
            '<span class="al-lg al-lg-dep"></span>Deployment '
            '<span class="al-lg al-lg-ter"></span>Terrain '
            '<span class="al-lg al-lg-opt"></span>You can choose '
            '· circles: Characters · squares and diamonds: Enemies · hover a Character: its attack range</p>')


def _range_css() -> str:
    return "".join(f".al-board:has(.al-fig{i}:hover, .al-fig{i}:focus, a:focus .al-fig{i}) .al-r{i} .al-range"
                   f"{{fill:{CHAR_COLOURS[i]};opacity:.22}}" for i in range(len(CHAR_COLOURS)))


_STYLE = Markup("<style>" + """
.al-table{--al-ink:#1c1917;--al-muted:#57534e;--al-line:#d6d3d1;color:var(--al-ink);display:flex;flex-direction:column;gap:.6rem}
.al-top{display:flex;flex-wrap:wrap;gap:.3rem 1.2rem;align-items:baseline;background:#1e293b;color:#f8fafc;border-radius:8px;padding:.5rem .9rem}
.al-title h2{margin:0;font-size:1.15rem}.al-sub{color:#cbd5e1;font-size:.9rem}
.al-mission{display:flex;gap:.3rem;list-style:none;margin:0;padding:0;font-size:.8rem}
.al-mission li{padding:.1rem .5rem;border-radius:999px;border:1px solid #94a3b8;color:#e2e8f0}
.al-mission .al-stage-now{background:#facc15;color:#1c1917;border-color:#facc15;font-weight:600}
.al-mission .al-stage-done{text-decoration:line-through;color:#cbd5e1}
.al-round{font-size:.95rem}.al-goal{font-size:.95rem}
.al-goal details{display:inline-block;margin-left:.4rem}.al-goal summary{cursor:pointer;color:#bae6fd}
.al-goal details[open] p{color:#f1f5f9;max-width:60ch;font-size:.85rem}
.al-pip{display:inline-block;width:.8rem;height:.8rem;border-radius:50%;border:2px solid #facc15;margin-right:2px;vertical-align:-1px}
.al-pip.al-on{background:#facc15}
.al-main{display:flex;flex-wrap:wrap;gap:.8rem;align-items:flex-start}
.al-boardbox{flex:1 1 480px;max-width:720px;min-width:280px}
.al-board{width:100%;height:auto;display:block;background:#57534e;border-radius:10px;font-family:system-ui,sans-serif}
.al-board text{text-anchor:middle;pointer-events:none}
.al-coord{fill:#f5f5f4;font-size:13px;font-weight:600}
.al-mark{text-anchor:start!important;font-size:10px;fill:#44403c;font-weight:600}
.al-board .al-mark{text-anchor:start}
.al-fig-text{fill:#fff;font-size:14px;font-weight:700;letter-spacing:.02em}
.al-tok-text{fill:#1c1917;font-size:9px;font-weight:700}
.al-range{fill:transparent;pointer-events:none}
.al-dazed>circle,.al-dazed>rect,.al-dazed>polygon{opacity:.55}
.al-dazed-mark{fill:#fff;font-size:10px;font-weight:800;paint-order:stroke;stroke:#1c1917;stroke-width:3px}
.al-glow{fill:none;stroke:#facc15;stroke-width:4;animation:al-pulse 1.6s ease-in-out infinite}
@keyframes al-pulse{50%{stroke-opacity:.35}}
@media (prefers-reduced-motion:reduce){.al-glow{animation:none}}
.al-webline{stroke:#e0f2fe;stroke-width:4;stroke-dasharray:8 4}
.al-choice{cursor:pointer;outline:none}
.al-space-opt rect{fill:#16a34a;fill-opacity:.22;stroke:#15803d;stroke-width:3;stroke-dasharray:6 4}
.al-space-opt:hover rect,.al-space-opt:focus rect{fill-opacity:.45;stroke:#052e16;stroke-dasharray:none}
.al-enemy-opt>g>rect:first-of-type,.al-enemy-opt polygon{stroke:#facc15;stroke-width:4}
.al-choice:focus>g,.al-choice:hover>g{filter:drop-shadow(0 0 4px #facc15)}
.al-char-opt circle{stroke:#facc15}
.al-chip rect{fill:#facc15;stroke:#713f12}.al-chip text{font-size:10px;font-weight:700;fill:#1c1917}
.al-chip:hover rect,.al-chip:focus rect{fill:#fde68a;stroke-width:2}
.al-legend{font-size:.8rem;color:var(--al-muted);margin:.3rem 0 0}
.al-lg{display:inline-block;width:.8rem;height:.8rem;border-radius:3px;margin:0 .2rem 0 .5rem;vertical-align:-1px;border:1px solid #78716c}
.al-lg-spawn{background:#f4d9d5}.al-lg-obj{background:#f3e6bf}.al-lg-dep{background:#dbe7f3}.al-lg-ter{background:#6b5b4b}
.al-lg-opt{background:#bbf7d0;border:2px dashed #15803d}
.al-side{flex:1 1 260px;display:flex;flex-direction:column;gap:.6rem;min-width:240px}
.al-panel{background:#fff;border:1px solid var(--al-line);border-radius:8px;padding:.4rem .7rem}
.al-panel h3,.al-card h4{margin:.1rem 0 .3rem;font-size:.95rem}
.al-spawntrack,.al-enemytrack{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:.2rem;font-size:.85rem}
.al-spawntrack li,.al-enemytrack li{display:flex;gap:.4rem;align-items:center;flex-wrap:wrap}
.al-dice{display:inline-grid;place-items:center;width:1.3rem;height:1.3rem;border-radius:4px;background:#1e293b;color:#fff;font-weight:700;font-size:.8rem}
.al-mini{display:inline-grid;place-items:center;min-width:1.9rem;height:1.3rem;border-radius:4px;color:#fff;font-size:.72rem;font-weight:700;background:#14532d}
.al-e-goon{background:#3f6212}.al-e-sentry{background:#115e59}.al-e-brute{background:#7c2d12}
.al-empty{color:var(--al-muted);font-style:italic}.al-chal{color:#7c2d12;font-weight:600}
.al-enemytrack .al-stats{flex-basis:100%;padding-left:2.3rem;color:var(--al-muted);font-size:.78rem}
.al-count{color:var(--al-muted);font-size:.78rem;margin-left:auto}
.al-pool{margin:.3rem 0 0;font-size:.85rem}
.al-dash{display:grid;grid-template-columns:repeat(auto-fill,minmax(240px,1fr));gap:.6rem}
.al-card{background:#fff;border:1px solid var(--al-line);border-top:6px solid;border-radius:8px;padding:.45rem .7rem;font-size:.86rem}
.al-card-active{box-shadow:0 0 0 3px #facc15}
.al-card header{display:flex;align-items:center;gap:.4rem}
.al-headbtn{display:flex;align-items:center;gap:.4rem;width:100%;background:#fef9c3;color:var(--al-ink);border:2px solid #a16207}
.al-headbtn:focus{outline:3px solid #1d4ed8}
.al-do{margin-left:auto;font-weight:700;color:#713f12}
.al-disc{display:inline-grid;place-items:center;width:2rem;height:2rem;border-radius:50%;color:#fff;font-weight:700;font-size:.75rem;flex:none}
.al-cname{font-weight:700}.al-where{color:var(--al-muted);font-size:.8rem;margin-left:auto}
.al-headbtn .al-where{margin-left:.4rem}
.al-tags{display:flex;flex-wrap:wrap;gap:.25rem;margin:.3rem 0}
.al-tag{border-radius:999px;padding:0 .45rem;font-size:.75rem;font-weight:600;background:#e7e5e4;color:#1c1917}
.al-ok{background:#dcfce7;color:#14532d}.al-inj{background:#fee2e2;color:#7f1d1d}.al-prio-tag{background:#fef08a;color:#713f12}
.al-act{background:#1e293b;color:#fff}
.al-cond-bleed{background:#991b1b;color:#fff}.al-cond-hex{background:#6b21a8;color:#fff}
.al-cond-incinerate{background:#c2410c;color:#fff}.al-cond-shock{background:#1d4ed8;color:#fff}
.al-row{display:flex;align-items:center;gap:.4rem}
.al-k{color:var(--al-muted);font-size:.78rem}
.al-bar{display:flex;gap:2px}.al-seg{width:.9rem;height:.6rem;border-radius:2px;background:#d6d3d1}.al-seg.al-on{background:#2563eb}
.al-nums{display:flex;flex-wrap:wrap;gap:.2rem .8rem;margin:.2rem 0}
.al-toks{display:inline-flex;gap:3px;vertical-align:-2px}
.al-acttok{width:.8rem;height:.8rem;border-radius:50%;border:2px solid #1e293b}.al-acttok.al-on{background:#1e293b}
.al-card .al-stats{color:var(--al-muted);font-size:.78rem}
.al-attacks,.al-levelups{margin:.2rem 0;padding-left:1rem}
.al-attacks span,.al-levelups span{color:var(--al-muted);font-size:.8rem}
@media (max-width:700px){.al-boardbox{flex-basis:100%}.al-top{padding:.4rem .6rem}}
""" + _range_css() + "</style>")
