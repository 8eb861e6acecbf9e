"""Text rendering of the battlefield (a grid with a legend, plus dashboards) and the content list."""

from __future__ import annotations

from typing import Any

from capes.core.protocol import ContentEntry
from capes.games.alliances.glossary import SKILLS

_ENEMY_SYM = {"goon": "g", "sentry": "s", "brute": "b", "mini_boss": "G", "boss": "G"}
_ICON = {"critical": "C", "wild": "W", "hit": "H", "block": "B", "blank": "_", "failure": "F"}
_ARROW = {"N": "^", "E": ">", "S": "v", "W": "<"}


#: what an Objective token stands for on each Stage (its Stage Card's word)
_OBJ_NAME = {"oscorp_lab": "Sample", "glider_works": "prototype", "subway_rescue": "Civilian"}


def _letter(symbol: str) -> str:
    return _ICON.get(symbol, "?")


def _token_cell(tokens: list[dict[str, Any]], v: dict[str, Any]) -> str:
    """The two middle characters of a Space: one token as kind + symbol (``OB`` an Objective token or Sample with
    the Block symbol, ``ic`` a Critical Ingredient, ``x``/``X`` a Brace, ``@`` the Target token); two or more as
    their kinds side by side (``Oi``: a Sample with an Ingredient on it), listed in full under the grid."""
    def kind(t: dict[str, Any]) -> str:
        if t["kind"] == "brace":
            return "X" if v["braces"][t["extra"]] else "x"
        if t["kind"] == "target":
            return "@"
        return "O" if t["kind"] == "obj" else "i"

    if not tokens:
        return "  "
    if len(tokens) == 1:
        t = tokens[0]
        if t["kind"] in ("obj", "ing") and t.get("symbol"):
            sym = _letter(t["symbol"])
            return kind(t) + (sym.upper() if t["kind"] == "obj" else sym.lower())
        return kind(t) + " "
    ks = "".join(sorted((kind(t) for t in tokens), key=lambda k: "O@Xxi".find(k)))
    return ks[:2]


def _token_list(script: str, v: dict[str, Any], g: Any) -> list[str]:
    """Every token on the battlefield by Space, with what the grid's two letters cannot say: each symbol, the
    Ingredients added to each Oscorp Lab Sample (alliances/stage/oscorp-lab/objective) and which glider prototype
    carries whose Charge (alliances/stage/glider-works/objective)."""
    name = _OBJ_NAME.get(script, "Objective token")
    out = []
    for t in sorted((t for t in v["tokens"] if t["pos"]), key=lambda t: (t["pos"][1:].zfill(3), t["pos"][0])):
        sym = str(t.get("symbol") or "").title()
        x = t.get("extra") or 0
        if t["kind"] == "ing":
            out.append(f"{t['pos']} {sym} Ingredient")
        elif t["kind"] == "brace":
            out.append(f"{t['pos']} Brace{' (turned)' if v['braces'][t['extra']] else ''}")
        elif t["kind"] == "obj":
            txt = f"{t['pos']} {sym + ' ' if sym and sym != 'Blank' else ''}{name}"
            if script == "oscorp_lab":
                txt += f" ({x}/2 Ingredients)"
            elif script == "glider_works":
                who = g.data.characters[v["characters"][x - 1]["id"]].name if x > 0 else ""
                txt += f" ({'Charge planted by ' + who if who else 'no Charge'})"
            out.append(txt)
    if v["target"]:
        out.append(f"{v['target']} Target token")
    return out


def render(state: Any, seat: int | None) -> str:
    v = state.view(seat)
    g = state.game
    st = g.data.stages[v["stage"]]
    b = st.board
    cells: list[list[str]] = []
    for s in range(b.n):
        k = st.space_type[s]
        if k == "#":
            cells.append(["    "])
            continue
        base = {"S": "+", "O": "o", "D": "d", "T": ".", "A": "a", "X": "x"}.get(k, ".")
        if k == "S" and st.spawn_icon[s] >= 0:
            base = _ICON[state_result_name(st.spawn_icon[s])].lower()
        cells.append([" ", "  ", base])
    for s, d in st.arrows.values():
        cells[s][2] = _ARROW.get(b.dir_names[d], "a")
    for lab in v["terrain"]:
        cells[b.parse(lab)][1] = "T "
    here: dict[int, list[dict[str, Any]]] = {}
    for t in v["tokens"]:
        if t["pos"]:
            here.setdefault(b.parse(t["pos"]), []).append(t)
    if v["target"]:
        here.setdefault(b.parse(v["target"]), []).append({"kind": "target", "pos": v["target"]})
    for s, toks in here.items():
        cells[s][1] = _token_cell(toks, v)
    for e in v["enemies"]:
        if e["pos"]:
            cells[b.parse(e["pos"])][0] = _ENEMY_SYM.get(e["type"], "e")
    for i, c in enumerate(v["characters"]):
        if c["pos"]:
            cells[b.parse(c["pos"])][0] = str(i + 1)
    when = (f"Round {v['round']} Turn {v['turn'] + 1} (Mission Round {v['rounds_total']}"
            + (f"/{g.config['round_limit']})" if g.config["round_limit"] else ")")) if v["round"] else "Setup"
    out = [f"== {v['stage_name']} ({st.board_name}) — Stage {v['stage_index'] + 1}/{len(g.stage_ids)}, {when}"]
    out.append("    " + "".join(f"  {chr(97 + x)}   " for x in range(b.width)))
    for y in range(b.height):
        row = "".join("[" + "".join(cells[b.index(x, y)]) + "]" for x in range(b.width))
        out.append(f"{y + 1:>2}  {row}  {y + 1}")
    out.append("    " + "".join(f"  {chr(97 + x)}   " for x in range(b.width)))
    name = _OBJ_NAME.get(st.script, "Objective token")
    out.append("Legend: each Space is [who][token][Space type]")
    out.append("  who: 1-4 Characters (below) · g Goon · s Sentry · b Brute · G Green Goblin")
    out.append(f"  token: O {name}, i Ingredient, each with its symbol: C Critical W Wild H Hit B Block F Failure _ Blank")
    out.append("         x/X Brace (X turned) · @ Target · T Terrain · two tokens in a Space show both kinds (Oi)")
    out.append("  Space type: + spawn (c/w/h/b: its spawn icon) · o objective · d deployment · ^>v< die-icon arrow")
    out.append("              x named by the Stage (Brace, Exit) · . blank")
    out.append("")
    for i, c in enumerate(v["characters"]):
        name = g.data.characters[c["id"]].name
        flags = ("DAZED " if c["dazed"] else "") + ("Injured" if c["injured"] else "Healthy")
        side = g.side(c["id"], int(c["injured"]), tuple(c["cards"]))
        atks = ", ".join(f"{a.name} R{a.range_text} S{a.strength}" + (f" cost {a.cost}" if a.cost else "")
                         for a in side.attacks)
        pr = " [Priority]" if v["priority"] == c["id"] else ""
        act = " <- activating" if v.get("active") == c["id"] else ""
        out.append(f"{i + 1} {name}{pr}{act} (P{c['seat'] + 1}) @{c['pos'] or '-'}: Stamina {c['stamina']}/{c['max_stamina']} "
                   f"Power {c['power']} XP {c['xp']} Lv{c['level']} {flags} tokens {c['activation_tokens']}"
                   + (f" conditions {', '.join(x.title() for x in c['conditions'])}" if c["conditions"] else "")
                   + (f" holding {', '.join(x.title() for x in c['holding'])} Ingredient"
                      + ("s" if len(c["holding"]) > 1 else "") if c["holding"] else ""))
        out.append(f"   Def P{side.defense[0]}/E{side.defense[1]}/M{side.defense[2]} Speed {side.speed} · {atks}"
                   f" · skills {', '.join(SKILLS.get(x, (x, ''))[0] for x in side.skills) or '-'}")
    toks = _token_list(st.script, v, g)
    if toks:
        out.append("Tokens: " + "; ".join(toks))
    if v["enemies"]:
        out.append("Enemies: " + "; ".join(
            f"{g.data.enemies[e['id']].name} @{e['pos'] or '-'} Damage {e['damage']}/{e['stamina']}"
            + (f" {', '.join(x.title() for x in e['conditions'])}" if e["conditions"] else "") for e in v["enemies"]))
    trk = " | ".join((g.data.enemies[x].name if x and x != "*" else "Challenge" if x == "*" else "-") +
                     f" ({n})" for x, n in zip(v["tracker"], st.tracker_spawns, strict=False))
    out.append(f"Spawn Tracker: {trk}")
    prog = (f"Boss Daze Tracker {v['boss_dazes']}/2" if st.kind == "boss" else f"Objectives completed {v['completed']}/3")
    out.append(f"Stage goal: {prog}" + (f" · Ingredient Pool {sum(v['ingredient_pool'])}" if st.script == "oscorp_lab" else ""))
    return "\n".join(out)


def state_result_name(i: int) -> str:
    from capes.games.alliances.content import RESULT_NAMES
    return RESULT_NAMES[i]


def content_entries(game: Any) -> list[ContentEntry]:
    d = game.data
    out: list[ContentEntry] = []
    for c in d.characters.values():
        out.append(ContentEntry("character", c.id, c.name, c.source, True, "Healthy and Injured stat cards"))
        for lu in c.levelups.values():
            out.append(ContentEntry("level-up", lu.id, f"{c.name}: {lu.name} (Level {lu.level})", c.source, True, lu.kind))
    for e in d.enemies.values():
        note = e.type + (f"; project-authored stats: {', '.join(e.project_stats)}" if e.project_stats else "")
        out.append(ContentEntry("enemy", e.id, e.name, e.source, True, note))
        if e.boss is not None:
            out.append(ContentEntry("enemy", e.id + "#boss", e.name + " (Boss side)", e.source, True, "boss"))
    for s in d.stages.values():
        out.append(ContentEntry("stage", s.id, s.name, s.source, True, (s.note or s.kind)))
        if s.note:
            out.append(ContentEntry("stage-board", s.id + "#board", s.board_name, "project", True, "board layout and Spawn Tracker"))
    for card in d.mission.get("cards", []):
        out.append(ContentEntry(card["kind"], card["id"], card["name"], card["source"], True, card.get("text", "")))
    out.append(ContentEntry("mission", d.mission["id"], d.mission["name"], "rulebook", True, "Boss, Minions and Stage order"))
    return out
