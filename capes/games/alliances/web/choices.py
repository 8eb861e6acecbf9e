"""Choices made on the Stage board beyond a Space, an Enemy or a Character (issue 12): directions (a Beam attack's
line, Web Toss, an Enemy Thrown or Pushed, Green Goblin's flight), an Interact that names a Space (a Civilian led
there) or a Character (an Ingredient taken from it), a Move's path, and the range of the activating Character.

Every Space, line and step comes from the Stage's :class:`~capes.games.alliances.board.Board` (``adj``, ``step``,
``line``, ``dist``, ``dir_names``): no geometry here. A direction's origin is read from the view: the activating
Character (Beam attack), the Terrain Feature the option names (Web Toss), or the Enemy the prompt names by its name
and Space (``Green Goblin at c7``) — an Enemy alone on the board with that name when the prompt gives no Space.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from capes.games.alliances.web.common import CELL, INK, MARGIN, _hover, _t, _text

#: a unit arrow pointing along each side of a square Space (x, y offsets of its three corners)
ARROW = {"N": ((0, -1), (0.75, 0.45), (-0.75, 0.45)), "S": ((0, 1), (0.75, -0.45), (-0.75, -0.45)),
         "E": ((1, 0), (-0.45, 0.75), (-0.45, -0.75)), "W": ((-1, 0), (0.45, 0.75), (0.45, -0.75))}
WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}


def _xy(b: Any, s: int) -> tuple[float, float]:
    """The centre of Space ``s`` in the board picture."""
    x, y = b.coords(s)
    return MARGIN + x * CELL + CELL / 2, MARGIN + y * CELL + CELL / 2


def mover(view: dict[str, Any], names: list[str]) -> int:
    """The Character a ``move:`` choice moves: the one the prompt starts with (Quick Reflexes), else the active one."""
    prompt = str(view.get("decision", {}).get("prompt", ""))
    for i, n in enumerate(names):
        if prompt.startswith(n + ":") or prompt.startswith(n + " at "):
            return i
    return next((i for i, c in enumerate(view["characters"]) if c["id"] == view.get("active")), -1)


def path(b: Any, start: int, goal: int, blocked: set[int], terrain: set[int], free: bool) -> list[int]:
    """A shortest way from ``start`` to ``goal`` along the board's adjacency (alliances/advance): never through an
    Enemy's Space, and past a Terrain Feature only for a Character who ignores Terrain (``free``); the plain shortest
    way when no such one exists. Ties go to the lower Space index, so the drawing is stable."""
    for rules in (True, False):
        prev = {start: start}
        q = deque([start])
        while q:
            s = q.popleft()
            if s == goal:
                out = [s]
                while out[-1] != start:
                    out.append(prev[out[-1]])
                return out[::-1]
            if rules and s != start and s in terrain and not free:
                continue  # entering Terrain ends an Advance
            for t in sorted(b.adj[s]):
                if t not in prev and not (rules and t in blocked and t != goal):
                    prev[t] = s
                    q.append(t)
    return [start, goal]


def move_path(b: Any, view: dict[str, Any], side: Any, start: int, goal: int, aid: str) -> tuple[str, int]:
    """The path of a Move to ``goal``, shown while its Space ``aid`` is hovered or focused: a line through the
    centres of the Spaces on the way, and the number of Spaces at the end: (SVG, Spaces moved)."""
    blocked = {b.parse(e["pos"]) for e in view["enemies"] if e["pos"]}
    terrain = {b.parse(t) for t in view["terrain"]}
    free = bool({"wall_crawler", "flight"} & set(side.skills))
    way = path(b, start, goal, blocked, terrain, free)
    pts = " ".join(f"{x:.0f},{y:.0f}" for x, y in (_xy(b, s) for s in way))
    gx, gy = _xy(b, goal)
    steps = len(way) - 1
    return (f'<g class="al-path" data-path="{" ".join(b.label(s) for s in way)}" opacity="0" pointer-events="none">'
            f'{_hover([aid], "opacity", "1")}'
            f'<polyline points="{pts}" fill="none" stroke="#052e16" stroke-width="8" stroke-linejoin="round" '
            f'stroke-linecap="round" stroke-opacity=".85"/>'
            f'<polyline points="{pts}" fill="none" stroke="#ffffff" stroke-width="2.5" stroke-dasharray="4 6"/>'
            + "".join(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="6" fill="#052e16" stroke="#ffffff" stroke-width="2"/>'
                      for x, y in (_xy(b, s) for s in way[1:-1]))
            + f'<circle cx="{gx}" cy="{gy}" r="13" fill="#052e16"/>{_text(gx, gy + 5, steps, 14, "#fff", "700")}</g>'), steps


def range_shade(b: Any, start: int, reach: int, colour: str, name: str) -> str:
    """The Spaces within ``reach`` of the activating Character (alliances/measurement), outlined for as long as it
    is selected."""
    out = [f'<g class="al-range" data-range="{reach}" pointer-events="none"><title>{_t(name)}: Range {reach}</title>']
    for s in b.ball(start, reach):
        x, y = _xy(b, s)
        out.append(f'<rect x="{x - CELL / 2 + 4:.0f}" y="{y - CELL / 2 + 4:.0f}" width="{CELL - 8}" height="{CELL - 8}" '
                   f'rx="5" fill="{colour}" fill-opacity=".12" stroke="{colour}" stroke-width="2" stroke-dasharray="3 3"/>')
    out.append("</g>")
    return "".join(out)


def _origin_enemy(b: Any, view: dict[str, Any], enemy_names: dict[int, str]) -> int:
    """The Space of the Enemy the prompt names (``<name> at <Space>``, or a name alone when only one Enemy has it)."""
    prompt = str(view.get("decision", {}).get("prompt", ""))
    named = [e for e in view["enemies"] if e["pos"] and enemy_names.get(int(e["uid"]), "\0") in prompt]
    exact = [e for e in named if f"{enemy_names[int(e['uid'])]} at {e['pos']}" in prompt]
    pick = exact or (named if len(named) == 1 else [])
    return b.parse(pick[0]["pos"]) if len(pick) == 1 else -1


def directions(b: Any, view: dict[str, Any], sides: list[Any], enemy_names: dict[int, str]) -> list[dict[str, Any]]:
    """The deciding seat's direction options with their origin Space and the Spaces they point along."""
    chars = view["characters"]
    act = next((i for i, c in enumerate(chars) if c["id"] == view.get("active")), -1)
    out = []
    for oid in view.get("decision", {}).get("options", []):
        p = oid.split(":")
        dn = p[-1]
        if dn not in b.dir_names:
            continue
        d = b.dir_index(dn)
        if p[0] == "attack" and len(p) == 3 and act >= 0 and chars[act]["pos"]:
            a = next((x for x in sides[act].attacks if x.id == p[1]), None)
            if a is None:
                continue
            s0 = b.parse(chars[act]["pos"])
            out.append({"oid": oid, "from": s0, "d": dn, "line": b.line(s0, d, a.range),
                        "label": f"Beam attack {a.name} to the {WORDS.get(dn, dn)}"})
        elif p[0] == "skill" and len(p) == 4 and p[1] == "web_toss":
            s0 = b.parse(p[2])
            out.append({"oid": oid, "from": s0, "d": dn, "line": b.line(s0, d, 1),
                        "label": f"Web Toss: throw the Terrain Feature at {p[2]} to the {WORDS.get(dn, dn)}"})
        elif p[0] == "dir" and len(p) == 2:
            s0 = _origin_enemy(b, view, enemy_names)
            if s0 >= 0:
                out.append({"oid": oid, "from": s0, "d": dn, "line": b.line(s0, d, 1),
                            "label": f"{view['decision'].get('prompt', '')} — to the {WORDS.get(dn, dn)}"})
    return out


def draw_directions(b: Any, dirs: list[dict[str, Any]]) -> str:
    """Each direction as an arrow on the side of the origin's Space it leaves through, with the Spaces along it
    outlined while hovered or focused; several options through one side sit side by side."""
    out = []
    seen: dict[tuple[int, str], int] = {}
    for k, c in enumerate(dirs):
        key = (c["from"], c["d"])
        n = seen[key] = seen.get(key, -1) + 1
        aid = f"ald{k}"
        ox, oy = _xy(b, c["from"])
        vec = ARROW.get(c["d"], ((0, -1), (0.75, 0.45), (-0.75, 0.45)))
        dx, dy = vec[0]
        # on the origin's side it leaves through (clear of the figures in both Spaces)
        cx, cy = ox + dx * CELL * 0.5 - dy * 20 * n, oy + dy * CELL * 0.5 + dx * 20 * n
        r = 14
        pts = " ".join(f"{cx + px * r:.1f},{cy + py * r:.1f}" for px, py in vec)
        shade = "".join(
            f'<rect x="{x - CELL / 2 + 3:.0f}" y="{y - CELL / 2 + 3:.0f}" width="{CELL - 6}" height="{CELL - 6}" rx="6" '
            f'fill="#f59e0b" fill-opacity=".3" stroke="#b45309" stroke-width="2"/>'
            for x, y in (_xy(b, s) for s in c["line"]))
        labels = " ".join(b.label(s) for s in c["line"])
        out.append(f'<a id="{aid}" class="al-choice al-dir" href="#{aid}" data-option="{_t(c["oid"])}" '
                   f'data-from="{b.label(c["from"])}" data-dir="{_t(c["d"])}" data-line="{labels}" '
                   f'aria-label="{_t(c["label"])}"><title>{_t(c["label"])}</title>'
                   f'<g opacity="0">{_hover([aid], "opacity", "1")}{shade}</g>'
                   f'<polygon points="{pts}" fill="#facc15" stroke="{INK}" stroke-width="2.5" stroke-linejoin="round">'
                   f'{_hover([aid], "fill", "#fde68a")}</polygon></a>')
    return "".join(out)


def space_interacts(view: dict[str, Any]) -> dict[str, list[str]]:
    """Interacts that name a Space (``interact:<token>:<Space>``, a Civilian led there), by Space."""
    out: dict[str, list[str]] = {}
    for oid in view.get("decision", {}).get("options", []):
        p = oid.split(":")
        if p[0] == "interact" and len(p) == 3 and p[1].isdigit():
            out.setdefault(p[2], []).append(oid)
    return out


def draw_space_interacts(b: Any, view: dict[str, Any], found: dict[str, list[str]]) -> str:
    """Each such Space highlighted (one chip per token when several tokens can go there)."""
    where = {str(t["id"]): t["pos"] for t in view["tokens"]}
    out = []
    for k, (lab, oids) in enumerate(sorted(found.items())):
        try:
            s = b.parse(lab)
        except KeyError:
            continue
        cx, cy = _xy(b, s)
        x0, y0 = cx - CELL / 2, cy - CELL / 2
        w = (CELL - 6) / len(oids)
        for j, oid in enumerate(oids):
            src = where.get(oid.split(":")[1]) or "?"
            aid = f"ali{k}x{j}"
            lab2 = f"Interact: lead the Civilian at {src} to {lab}"
            out.append(f'<a id="{aid}" class="al-choice al-lead" href="#{aid}" data-option="{_t(oid)}" '
                       f'data-space="{_t(lab)}" aria-label="{_t(lab2)}"><title>{_t(lab2)}</title>'
                       f'<rect x="{x0 + 3 + j * w:.1f}" y="{y0 + 3}" width="{w - 2:.1f}" height="{CELL - 6}" rx="6" '
                       f'fill="#2563eb" fill-opacity=".25" stroke="#1e3a8a" stroke-width="3" stroke-dasharray="7 4">'
                       f'{_hover([aid], "fill-opacity", "0.55")}</rect>'
                       f'{_text(x0 + 3 + j * w + (w - 2) / 2, y0 + CELL - 10, "from " + src, 10, "#1e3a8a", "700")}</a>')
    return "".join(out)


def held_interacts(view: dict[str, Any]) -> dict[str, list[tuple[str, str]]]:
    """Lab Partners choices (``interact:held:<Character>:<symbol>``), by the Character holding the Ingredient."""
    out: dict[str, list[tuple[str, str]]] = {}
    for oid in view.get("decision", {}).get("options", []):
        p = oid.split(":")
        if p[:2] == ["interact", "held"] and len(p) == 4:
            out.setdefault(p[2], []).append((oid, p[3]))
    return out


def draw_held(b: Any, pos: str, name: str, opts: list[tuple[str, str]], icon: Any, k: int) -> str:
    """One chip per Ingredient that can be taken from the Character at ``pos``, under its figure."""
    cx, cy = _xy(b, b.parse(pos))
    out = []
    for j, (oid, sym) in enumerate(opts):
        aid = f"alh{k}x{j}"
        x = cx - 14 * len(opts) + 28 * j + 14
        lab = f"Lab Partners: take the {sym.title()} Ingredient from {name}"
        out.append(f'<a id="{aid}" class="al-choice al-held" href="#{aid}" data-option="{_t(oid)}" '
                   f'aria-label="{_t(lab)}"><title>{_t(lab)}</title>'
                   f'<circle cx="{x}" cy="{cy + CELL / 2 - 4}" r="12" fill="#fff" stroke="#15803d" stroke-width="3">'
                   f'{_hover([aid], "stroke-width", "5")}</circle>{icon(sym, x, cy + CELL / 2 - 4, 8)}</a>')
    return "".join(out)
