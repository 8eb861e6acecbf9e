"""A terminal picture of what one seat sees."""

from __future__ import annotations

from typing import Any

from capes.games.heroes.board import ALLY_PP, F_HITS, where
from capes.games.heroes.dice import FACES, HIT
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
            kos = f" (KOs {hv['ko']}/{C.heroes[h].ko})" if hv["ko"] else ""
            hs.append(f"{C.heroes[h].name}: {where(hv['loc'])}{' (wounded)' if hv['wound'] else ''}{kos}")
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
        lines += _cards_line("Backup Effects", [_backup(C, c) for c in ts["backs"] if c])
        lines += _cards_line("Agents", [_agent(C, c) for c in ts["agents"] if c])
    cb = v["combat"]
    if cb:
        lines += _combat(state, v, cb)
    return "\n".join(lines)


_COLORS = ("red", "orange", "yellow")
_STAT = {"a": "Attack", "d": "Defend", "w": "Outwit", "any": "every rating"}


def face(f: int) -> str:
    """One die as its face shows (the engine stores a face index; 10 + index marks a boost reroll).

    >>> face(0), face(3), face(5), face(14)
    ('blank', '2 HITS', 'HIT/BOOST', 'TROUBLE')
    """
    icons = FACES[f % 10]
    if not icons:
        return "blank"
    if icons == (HIT, HIT):
        return "2 HITS"
    return "/".join(i.upper() for i in icons)


def dice_text(dice: Any) -> str:
    """``[HIT] [blank] [HIT/BOOST → 2 HITS]``: each die, a boost reroll after the die it rerolls."""
    out: list[str] = []
    for f in dice:
        if f >= 10 and out:
            out[-1] = out[-1][:-1] + f" → {face(f)}]"
        else:
            out.append(f"[{face(f)}]")
    return " ".join(out) if out else "no dice"


def _cards_line(title: str, names: list[str]) -> list[str]:
    return [f"  {title}: " + "; ".join(names)] if names else []


def _backup(C: Any, vid: str) -> str:
    v = C.villains[vid]
    return f"{v.backup.name} (from {v.name})" if v.backup is not None else v.name


def _agent(C: Any, vid: str) -> str:
    ag = C.villains[vid].agent
    if ag is None:
        return C.villains[vid].name
    stat = ag.params.get("stat")
    n = int(ag.params.get("n", 1))
    return f"{C.villains[vid].name} (-{n} {_STAT.get(stat, stat)})" if stat else C.villains[vid].name


def _powers_text(printed: Any, current: list[tuple[int, int, int]], chosen: Any) -> str:
    out = []
    for k, p in enumerate(printed):
        now = current[k]
        txt = f"{_COLORS[k]} {p.name} a{now[0]}|d{now[1]}|w{now[2]}"
        if now != (p.a, p.d, p.w):
            txt += f" (printed a{p.a}|d{p.d}|w{p.w})"
        if chosen == k:
            txt += " <- chosen"
        out.append(txt)
    return ", ".join(out)


def _combat(state: Any, v: dict[str, Any], cb: dict[str, Any]) -> list[str]:
    C = state.game.C
    heroes = state.game.team_heroes[v["teams"][cb["hs"]]]
    foe = C.masterminds[cb["foe"]] if cb["mm"] else C.villains[cb["foe"]]
    hid = heroes[cb["fighter"]] if cb["fighter"] >= 0 else None
    hero = C.heroes[hid] if hid is not None else None
    lines = [f"Combat: {hero.name if hero else '-'} (P{cb['hs'] + 1}) vs {foe.name} (P{cb['vs'] + 1}), "
             f"sequence {cb['seq']}, Initiative {'Super Hero' if cb['init'] == 'H' else 'Villain'}"]
    if hero is not None:
        ko = v["heroes"][hid]["ko"]
        current = [state.power_ratings("H", k) for k in range(len(hero.powers))]
        lines.append(f"  {hero.name}: KOs {ko}/{hero.ko}; "
                     + _powers_text(hero.powers, current, cb["hp"] if isinstance(cb["hp"], int) else None))
        others = [C.heroes[heroes[i]].name for i in cb["heroes"] if i != cb["fighter"]]
        if others:
            lines.append("  also Ready to fight: " + ", ".join(
                f"{n} (KOs {v['heroes'][heroes[i]]['ko']}/{C.heroes[heroes[i]].ko})"
                for n, i in zip(others, [i for i in cb["heroes"] if i != cb["fighter"]], strict=True)))
    lines.append(f"  {foe.name}: KOs {cb['fko']}/{cb['fkov']}"
                 f"{', dice boosting' if cb['vboost'] else ''}; "
                 + _powers_text(foe.powers, [(p.a, p.d, p.w) for p in foe.powers], cb["vp"] if cb["vp"] >= 0 else None))
    helpers = "Henchmen" if cb["mm"] else "Backup Effects"
    lines += _cards_line(helpers, [_backup(C, c) for c in cb["backs"] if c])
    lines += _cards_line("Agents" if not cb["mm"] else "Henchmen Agents", [_agent(C, c) for c in cb["agents"] if c])
    if cb["Hdice"] or cb["Vdice"]:
        name = {"a1": "First Attack", "a2": "Second Attack", "w": "Outwit contest"}.get(cb["roll"], cb["roll"])
        lines.append(f"  {name}:")
        for side, who in (("H", hero.name if hero else "Super Hero"), ("V", foe.name)):
            dice = cb[side + "dice"]
            base = sum(F_HITS[f % 10] for f in dice)
            adj = cb[side + "res"]
            total = max(0, base + adj)
            extra = f" {'+' if adj > 0 else '-'} {abs(adj)} by abilities" if adj else ""
            lines.append(f"    {who}: {dice_text(dice)} = {base}{extra} -> {total} HIT{'S' if total != 1 else ''}")
    return lines
