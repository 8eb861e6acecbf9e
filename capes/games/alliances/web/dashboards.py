"""The Spawn and Enemy Trackers and the Character dashboards (issue 12)."""

from __future__ import annotations

from typing import Any

from capes.games.alliances.content import ATTACK_TYPES
from capes.games.alliances.glossary import SKILLS, _levelup_text, attack_text
from capes.games.alliances.web.common import (
    CARD_W,
    CARD_WIDTH,
    CHAR_COLOURS,
    CHAR_VERBS,
    COND_FILL,
    ENEMY_FILL,
    FONT,
    INK,
    MUTED,
    SIDE_PX,
    SIDE_W,
    TYPE_NAMES,
    _abbr,
    _frozen,
    _hover,
    _ident,
    _Memo,
    _t,
    _text,
    _wrap,
)

# --- trackers and dashboards ------------------------------------------------------------------------------------

_TRACKERS = _Memo(1024)


def _trackers(game: Any, view: dict[str, Any], st: Any, names: list[str], H: int) -> str:
    """The trackers, drawn once per everything they show: the game (its content and Mission), the Stage, the
    Spawn Tracker, the Ingredient Pool (Oscorp Lab), how many of each Enemy are in play, and the height."""
    tracker = list(view["tracker"])
    pool = sum(view["ingredient_pool"]) if st.script == "oscorp_lab" else 0
    on = {eid: sum(1 for x in view["enemies"] if x["id"] == eid and x["pos"]) for eid in game.mission["enemy_tracker"]}
    key = (_ident(game), _ident(st), _frozen(tracker), _frozen(pool), _frozen(list(on.items())), H)
    return _TRACKERS.get(key, _draw_trackers, game, tracker, pool, on, st, H)


def _draw_trackers(game: Any, tracker: list[Any], pool: Any, on_board: dict[str, int], st: Any, H: int) -> str:
    view = {"tracker": tracker}
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
        o(_text(14, y + 12, f"Ingredient Pool: {pool} face down", 13, INK, "", "start"))
        y += 16
    y += 30
    o(_text(14, y, "Enemy Tracker", 16, INK, "700", "start"))
    y += 8
    for eid in game.mission["enemy_tracker"]:
        e = data.enemies[eid]
        card = e.boss if (st.kind == "boss" and eid == game.boss_id and e.boss is not None) else e
        on = on_board[eid]
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




_PART_KEYS = ("id", "injured", "dazed", "conditions", "stamina", "max_stamina", "activation_tokens", "power", "xp",
              "level", "holding", "cards")
_PARTS = _Memo(2048)


def _card_parts(game: Any, view: dict[str, Any], i: int, c: dict[str, Any], name: str, side: Any) -> tuple[int, str]:
    """The body of a Character's dashboard from y=0 down (drawn under its header): (height, SVG); drawn once per
    everything it shows: the content, the Priority and the active Character, the Character's fields
    (``_PART_KEYS``) and name (its ``side`` is the content's, for its id, side and Level-Up cards)."""
    seen = {"priority": view["priority"], "active": view.get("active")}
    fields = {k: c[k] for k in _PART_KEYS}
    key = (_ident(game.data), _frozen(list(seen.values())), _frozen(list(fields.values())), name)
    return _PARTS.get(key, _draw_card_parts, game, seen, fields, name, side)  # type: ignore[no-any-return]


def _draw_card_parts(game: Any, view: dict[str, Any], c: dict[str, Any], name: str, side: Any) -> tuple[int, str]:
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


_CARD_KEYS = ("id", "pos", "seat")
_DASHES = _Memo(2048)


def _card(view: dict[str, Any], i: int, c: dict[str, Any], name: str, body: str, body_h: int, oid: str | None) -> str:
    """A Character's dashboard, drawn once per everything it shows: the active Character, the squad position, the
    Character's fields (``_CARD_KEYS``), name, body and its height, and its option."""
    seen = {"active": view.get("active")}
    fields = {k: c[k] for k in _CARD_KEYS}
    key = (_frozen(seen["active"]), i, _frozen(list(fields.values())), name, body, _frozen(body_h), oid)
    return _DASHES.get(key, _draw_card, seen, i, fields, name, body, body_h, oid)  # type: ignore[no-any-return]


def _draw_card(view: dict[str, Any], i: int, c: dict[str, Any], name: str, body: str, body_h: int, oid: str | None) -> str:
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

