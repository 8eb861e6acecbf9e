"""Text picture of a Champions state for one seat (shown before each human decision).

Everything shown comes from ``state.view(seat)``, which holds only what that seat may know; the current
statistics of cards in play (ATK, THW, SCH, DEF, hit points after modifiers) are public and read from the
state's stat functions.
"""

from __future__ import annotations

from typing import Any

from capes.games.champions.data import CARDS

_RES = {"P": "physical", "M": "mental", "E": "energy", "W": "wild"}


def _tags(d: dict[str, Any]) -> list[str]:
    bits = []
    if d.get("exhausted"):
        bits.append("exhausted")
    if d.get("counters"):
        bits.append(f"{d['counters']} counters")
    bits += d.get("status", [])
    if d.get("controller") is not None:
        bits.append(f"owned by P{d['owner'] + 1}")
    return bits


def _line(state: Any, d: dict[str, Any], *, stats: str = "") -> str:
    """One card in play: name, tags, then its current numbers."""
    u, c = d["uid"], CARDS[d["code"]]
    icons = [f"{n} {k}" for k, n in (("crisis", c.crisis), ("acceleration", c.accel), ("hazard", c.hazard)) if n]
    tags = _tags(d) + icons
    parts = [d["name"] + (f" [{', '.join(tags)}]" if tags else "")]
    if c.hp is not None or c.type in ("hero", "alter_ego"):
        hp = state.hp(u)
        parts.append(f"HP {hp - d.get('damage', 0)}/{hp}")
    for key in stats.split():
        val = {"ATK": state.atk, "THW": state.thw, "SCH": state.sch, "DEF": state.defv, "REC": state.rec}[key](u)
        parts.append(f"{key} {val}")
    if "threat" in d or c.type == "side_scheme":
        parts.append(f"{d.get('threat', 0)} threat")
    return "  ".join(parts)


def _hand_card(d: dict[str, Any]) -> str:
    c = CARDS[d["code"]]
    res = "".join(c.res) or "-"
    cost = "-" if c.cost is None else str(c.cost)
    return f"{d['name']} ({c.type}, cost {cost}, res {res})"


def render(state: Any, seat: int | None) -> str:
    v = state.view(seat)
    names = {e["uid"]: e["name"] for e in v["encounter_play"]}
    names[v["villain"]["uid"]] = v["villain"]["name"]
    for p in v["players"]:
        names[p["identity"]["uid"]] = p["identity"]["name"]
        for c in p["play"]:
            names[c["uid"]] = c["name"]
    turn = f" - P{v['turn'] + 1}'s turn" if v.get("turn", -1) >= 0 else ""
    lines = [f"Round {v['round']} - first player P{v['first_player'] + 1}{turn}"]
    vil = v["villain"]
    stage = CARDS[vil["code"]].stage or ""
    lines.append(f"VILLAIN {_line(state, vil, stats='ATK SCH')}  (stage {stage}, "
                 f"{v['villain_stages_left']} stage(s) left)")
    ms = v["main_scheme"]
    lines.append(f"MAIN SCHEME {ms['name']} ({CARDS[ms['code']].stage}): {ms.get('threat', 0)}/{ms['target']} "
                 f"threat, acceleration tokens {v['acceleration_tokens']}, "
                 f"{v['main_stages_left']} stage(s) left")
    groups: dict[str, list[str]] = {}
    for e in v["encounter_play"]:
        c = CARDS[e["code"]]
        kind = {"minion": "Minions", "side_scheme": "Side schemes", "environment": "Environments"}.get(
            c.type, "Attachments")
        text = _line(state, e, stats="ATK SCH" if c.type == "minion" else "")
        if e.get("engaged_with") is not None:
            text += f"  engaged with P{e['engaged_with'] + 1}"
        if e.get("attached_to") is not None:
            text += f"  on {names.get(e['attached_to'], '?')}"
        groups.setdefault(kind, []).append(text)
    for kind in ("Side schemes", "Minions", "Attachments", "Environments"):
        if kind in groups:
            lines.append(f"{kind}:")
            lines += [f"  {t}" for t in groups[kind]]
    lines.append(f"Encounter deck {v['encounter_deck']}, discard {len(v['encounter_discard'])}"
                 + (f", victory display {len(v['victory_display'])}" if v["victory_display"] else ""))
    for i, p in enumerate(v["players"]):
        idd = p["identity"]
        head = _line(state, idd, stats="ATK THW DEF" if idd["form"] == "hero" else "REC")
        status = "" if p["alive"] else "  ELIMINATED"
        fd = f", {p['facedown_encounter']} facedown encounter card(s)" if p["facedown_encounter"] else ""
        lines.append(f"P{i + 1} {head} ({idd['form']}){status}")
        lines.append(f"    hand {p['hand_size']}, deck {p['deck_size']}, discard {len(p['discard'])}{fd}")
        for c in p["play"]:
            card = CARDS[c["code"]]
            text = _line(state, c, stats="ATK THW" if card.type == "ally" else "")
            if c.get("attached_to") is not None:
                text += f"  on {names.get(c['attached_to'], '?')}"
            lines.append(f"    {card.type}: {text}")
        if "hand" in p:
            lines.append("    hand: " + "; ".join(_hand_card(c) for c in p["hand"]))
    return "\n".join(lines)
