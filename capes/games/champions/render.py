"""Text picture of a Champions state for one seat."""

from __future__ import annotations

from typing import Any


def _c(d: dict[str, Any]) -> str:
    s = d["name"]
    bits = []
    if d.get("damage"):
        bits.append(f"{d['damage']} dmg")
    if d.get("threat"):
        bits.append(f"{d['threat']} threat")
    if d.get("exhausted"):
        bits.append("exhausted")
    if d.get("counters"):
        bits.append(f"{d['counters']} counters")
    if d.get("status"):
        bits += d["status"]
    if d.get("engaged_with") is not None:
        bits.append(f"engaged P{d['engaged_with'] + 1}")
    if d.get("controller") is not None:
        bits.append(f"owned by P{d['owner'] + 1}")
    return s + (f" [{', '.join(bits)}]" if bits else "")


def render(state: Any, seat: int | None) -> str:
    v = state.view(seat)
    lines = [f"Round {v['round']} - first player P{v['first_player'] + 1}"]
    vil = v["villain"]
    lines.append(f"VILLAIN {_c(vil)}  hp {vil['hp'] - vil.get('damage', 0)}/{vil['hp']}  "
                 f"(stages left {v['villain_stages_left']})")
    ms = v["main_scheme"]
    lines.append(f"MAIN SCHEME {ms['name']}: {ms.get('threat', 0)}/{ms['target']} threat, "
                 f"acceleration tokens {v['acceleration_tokens']}")
    for e in v["encounter_play"]:
        lines.append(f"  encounter: {_c(e)}")
    lines.append(f"Encounter deck {v['encounter_deck']}, discard {len(v['encounter_discard'])}")
    for i, p in enumerate(v["players"]):
        idd = p["identity"]
        lines.append(f"P{i + 1} {_c(idd)} ({idd['form']}){'' if p['alive'] else ' ELIMINATED'} "
                     f"hand {p['hand_size']} deck {p['deck_size']}")
        for c in p["play"]:
            lines.append(f"    {_c(c)}")
        if "hand" in p:
            lines.append("    hand: " + ", ".join(c["name"] for c in p["hand"]))
    return "\n".join(lines)
