"""A terminal picture of what one seat sees."""

from __future__ import annotations

from typing import Any

from capes.games.heroes.board import ALLY_PP, where
from capes.games.heroes.engine import AREAS, DIST_NAMES


def _phase(v: dict[str, Any]) -> str:
    """Where the Game Round is: its Planning phase, or the Action Round of its Missions phase."""
    return "Planning phase" if v["phase"] == "planning" else f"Action Round {v['action_round']}"


def render(state: Any, seat: int | None) -> str:
    v = state.view(seat)
    C = state.game.C
    lines = [f"Marvel Heroes — {C.scenarios[v['scenario']].name} — Game Round {v['round']}, {_phase(v)}"]
    for s, t in enumerate(v["teams"]):
        tags = []
        if s == v["first"]:
            tags.append("First Player")
        if s == v["arch"]:
            tags.append("Archnemesis")
        lines.append(f"  P{s + 1} {C.teams[t].name:<20} VP {v['vp'][s]:>2}  PP {v['pp'][s]:>2}  hand R{v['hand_sizes'][s][0]}/V{v['hand_sizes'][s][1]}"
                     f"  plans {v['plans'][s]}/3  {' '.join(tags)}")
        hs = []
        for h in state.game.team_heroes[t]:
            hv = v["heroes"][h]
            hs.append(f"{C.heroes[h].name}: {where(hv['loc'])}{' (wounded)' if hv['wound'] else ''}")
        lines.append("     " + "; ".join(hs))
        if v["allies"][s]:
            lines.append("     Allies: " + ", ".join(C.resources[a].name + (f" ({ALLY_PP})" if k else "")
                                                  for a, k in v["allies"][s]))
    lines.append("Headlines:")
    for a, h in v["headlines"].items():
        if h:
            hl = C.headlines[h]
            d = DIST_NAMES[AREAS.index(a) * 4 + ("x", "diamond", "star", "circle").index(hl.district)]
            lines.append(f"  {d:<22} \"{hl.name}\" {hl.type}/{'/'.join(hl.skills)} Threat {hl.threat} VP {hl.vp}"
                         f"{' [Mastermind]' if hl.mastermind else ''}")
    if v["special"]:
        hl = C.specials[v["special"]]
        lines.append(f"  Scenario card: \"{hl.name}\" {hl.type} Threat {hl.threat} VP {hl.vp}")
    lines.append("Story track: " + " | ".join(f"{C.stories[c].name} ({C.stories[c].team})" for c in v["track"]))
    if v["wanted"]:
        lines.append("Most Wanted: " + ", ".join(C.villains[c].name for c in v["wanted"]))
    if seat is not None:
        lines.append("Your Resource cards: " + ", ".join(C.resources[c].name for c in v["resource_hand"]))
        lines.append("Your Villain cards: " + ", ".join(C.villains[c].name for c in v["villain_hand"]))
    ts = v["troubleshooting"]
    if ts:
        lines.append(f"Troubleshooting by P{ts['seat'] + 1}: Trouble Level {ts['trouble']}"
                     + (f", Lead Villain {C.villains[ts['lead']].name}" if ts["lead"] else ""))
    cb = v["combat"]
    if cb:
        foe = C.masterminds[cb["foe"]] if cb["mm"] else C.villains[cb["foe"]]
        hero = C.heroes[state.game.team_heroes[v["teams"][cb["hs"]]][cb["fighter"]]] if cb["fighter"] >= 0 else None
        lines.append(f"Combat: {hero.name if hero else '-'} (P{cb['hs'] + 1}) vs {foe.name} (P{cb['vs'] + 1}), "
                     f"sequence {cb['seq']}, Initiative {'Super Hero' if cb['init'] == 'H' else 'Villain'}, "
                     f"{foe.name} KOs {cb['fko']}/{cb['fkov']}")
        if hero is not None:
            lines.append("  " + hero.name + ": " + ", ".join(f"{c} {p.name} a{p.a}|d{p.d}|w{p.w}"
                                                           for c, p in zip(("red", "orange", "yellow"), hero.powers, strict=False)))
        lines.append("  " + foe.name + ": " + ", ".join(f"{c} {p.name} a{p.a}|d{p.d}|w{p.w}"
                                                      for c, p in zip(("red", "orange", "yellow"), foe.powers, strict=False)))
        if cb["Hdice"] or cb["Vdice"]:
            lines.append(f"  last roll ({cb['roll']}): hero dice {cb['Hdice']} vs villain dice {cb['Vdice']}")
    return "\n".join(lines)
