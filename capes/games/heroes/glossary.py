"""What a seat can read at the table: the text, in the project's own words, of every card in its view.

:func:`glossary` backs :meth:`HeroesGame.glossary`: every Super Hero and Mastermind in play (with their Combat
Powers and abilities), the Scenario, the Headlines on the board, scored or discarded, the Story cards on the track or
received, the Allies, Power-Ups and Villains in play or in a discard pile, the Lead Villain, Backup Effects and Agents
of the current Troubleshooting, the Master Plans the seat may know, and the seat's own hand. Never another seat's
hand, and never a Combat Power token picked in secret (the glossary names no pick at all). A card a log line the
seat can read has named keeps its entry after it leaves view (reshuffled into its deck).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from capes.core.words import named_in

if TYPE_CHECKING:
    from capes.games.heroes.engine import HeroesState

_COLORS = ("red", "orange", "yellow")
_ICON = {"x": "✖", "diamond": "◆", "star": "★", "circle": "●"}


def _powers(powers: Any) -> str:
    return ", ".join(f"{c} token {p.name} (a{p.a} | d{p.d} | w{p.w})" for c, p in zip(_COLORS, powers, strict=False))


def _ability(kind: str, ab: Any) -> str:
    return f"{kind}: {ab.name} — {ab.text}"


class _Book:
    """Entries by the name players see; a second thing of the same name gets a qualifier."""

    def __init__(self) -> None:
        self.entries: dict[str, str] = {}

    def add(self, name: str, text: str, qualifier: str) -> None:
        if name in self.entries and self.entries[name] != text:
            name = f"{name} ({qualifier})"
        self.entries[name] = text


def glossary(st: HeroesState, seat: int | None) -> dict[str, str]:
    C = st.C
    book = _Book()
    add = book.add
    sc = C.scenarios[st.scen]
    add(sc.name, f"Scenario: {sc.text}", "Scenario")
    seen_villains: list[str] = []
    for s in range(st.n):
        team = C.teams[st.teams[s]]
        for hid in team.heroes:
            h = C.heroes[hid]
            t = h.troubleshooting
            kind = {"combat": "Support (Combat)", "troubleshooting": "Support (Troubleshooting)",
                    "action": "Support (Action)"}[h.support.kind]
            add(h.name, f"Super Hero of {team.name}: Level {h.level} (Plot Points to make this Super Hero Ready), KO {h.ko}. "
                f"Troubleshooting Crime {t[0]}, Danger {t[1]}, Mystery {t[2]}; Skill {h.skill.capitalize()}. "
                f"Combat Powers: {_powers(h.powers)}. {_ability('Combat (Ready section)', h.combat)} "
                f"{_ability(kind, h.support)}", "Super Hero")
            for k, p in enumerate(h.powers):
                add(p.name, f"Combat Power of {h.name} ({_COLORS[k]} token): Attack {p.a}, Defend {p.d}, "
                    f"Outwit {p.w}.", h.name)
            add(h.combat.name, f"{h.name}'s Combat (Ready section) ability: {h.combat.text}", h.name)
            add(h.support.name, f"{h.name}'s {kind} ability: {h.support.text}", h.name)
        mid = st.mastermind_of(s)
        mm = C.masterminds[mid]
        th = mm.threat
        text = (f"Mastermind, Nemesis of {C.teams[st.teams[(s - 1) % st.n]].name}, played by {st.pname(s)}: "
                f"Henchmen {mm.henchmen}, KO {mm.ko}, Threat Crime {th[0]}, Danger {th[1]}, Mystery {th[2]}. "
                f"Combat Powers: {_powers(mm.powers)}. {_ability('Combat', mm.combat)}")
        if mm.scheming is not None:
            text += " " + _ability("Scheming", mm.scheming)
            add(mm.scheming.name, f"{mm.name}'s Scheming ability: {mm.scheming.text}", mm.name)
        add(mm.name, text, "Mastermind")
        add(mm.combat.name, f"{mm.name}'s Combat ability: {mm.combat.text}", mm.name)
        for p in mm.powers:
            add(p.name, f"Combat Power of {mm.name}: Attack {p.a}, Defend {p.d}, Outwit {p.w}.", mm.name)
        # Master Plans: the seat's own three; of the others, those achieved or being attempted
        attempted = st.ts["plan"] if st.ts is not None and st.ts["nem"] == s else ""
        for k, p in enumerate(mm.plans):
            if s == seat or k < st.plans[s] or p.id == attempted:
                state = "achieved" if k < st.plans[s] else "not yet achieved"
                add(p.name, f"Master Plan {k + 1} of 3 of {mm.name} ({state}): {p.text}", mm.name)
        for pid in C.team_powerups.get(team.id, []):
            pu = C.powerups[pid]
            if s == seat or pid in st.pups[s]:
                add(pu.name, f"Team Power-Up of {team.name}{' (in play)' if pid in st.pups[s] else ''}: {pu.text}",
                    team.name)
    # Headlines: on the board, on the Scenario card, scored, discarded
    heads = [h for h in st.heads if h] + [h for row in st.scored for h in row if h in C.headlines] + st.hdisc
    for hid in heads:
        hl = C.headlines[hid]
        add(hl.name, _headline(hl, f"Headline, District {_ICON.get(hl.district, '')}"), "Headline")
    specials = [st.special] if st.special else []
    specials += [h for row in st.scored for h in row if h in C.specials]
    if sc.victory.get("kind") == "special":
        specials.append(sc.victory["headline"])
    for hid in specials:
        add(C.specials[hid].name, _headline(C.specials[hid], "Special Headline, on the Scenario card"), "Special Headline")
    # Story cards
    for cid in [*st.track, *(c for row in st.stories for c in row), *st.sdisc]:
        story = C.stories[cid]
        gain = st._scen_param("story_vp") or 1
        add(story.name, f"Story card of {C.teams[story.team].name}: pushed off the track, it goes to that Team, which "
            f"scores {gain} VP; three Story cards buy a Team Power-Up.", "Story card")
    # Resource cards: Allies in play, the discard pile, the seat's own hand
    res = [a[0] for row in st.allies for a in row] + st.rdisc
    if seat is not None:
        res += st.rhand[seat]
    for rid in res:
        r = C.resources[rid]
        if r.kind == "ally":
            link = f", linked to {C.teams[r.team].name}" if r.team else ""
            add(r.name, f"Ally{link}: {r.ability.text} (uses a Plot Point on the card, or the card itself)", "Ally")
        else:
            add(r.name, f"Event: {r.ability.text}", "Event")
    # Villains: Most Wanted, the discard pile, the current Troubleshooting and combat, the seat's own hand
    seen_villains += st.wanted + st.vdisc
    ts, cb = st.ts, st.cb
    if ts is not None:
        seen_villains += [c for c in (ts["lead"], *ts["backs"], *ts["agents"]) if c]
    if cb is not None:
        seen_villains += [c for c in (*cb["backs"], *cb["agents"]) if c]
        if not cb["mm"]:
            seen_villains.append(cb["foe"])
    if seat is not None:
        seen_villains += st.vhand[seat]
    for vid in seen_villains:
        v = C.villains[vid]
        add(v.name, _villain(v), "Villain card")
    # a card the seat's log has named stays at hand after it leaves view (reshuffled into its deck, back in a hand)
    later: dict[str, tuple[str, str, str]] = {}
    for v in C.villains.values():
        for n in (v.name, v.backup.name if v.backup is not None else None):
            if n:
                later.setdefault(n, (v.name, _villain(v), "Villain card"))
    for r in C.resources.values():
        if r.kind == "ally":
            link = f", linked to {C.teams[r.team].name}" if r.team else ""
            later.setdefault(r.name, (r.name, f"Ally{link}: {r.ability.text} (uses a Plot Point on the card, or the "
                                      "card itself)", "Ally"))
        else:
            later.setdefault(r.name, (r.name, f"Event: {r.ability.text}", "Event"))
    for hl in C.headlines.values():
        later.setdefault(hl.name, (hl.name, _headline(hl, f"Headline, District {_ICON.get(hl.district, '')}"),
                                   "Headline"))
    told = [t for e in st.log if (t := e.seen_by(seat)) is not None]
    for n in sorted(named_in(told, [n for n in later if n not in book.entries])):
        if later[n][0] not in book.entries:
            add(*later[n])
    return book.entries


def _headline(hl: Any, where: str) -> str:
    return (f"{where}: {hl.type.capitalize()}, Threat {hl.threat}, Skills "
            f"{', '.join(s.capitalize() for s in hl.skills)}, {hl.vp} VP"
            f"{', Mastermind icon' if hl.mastermind else ''}.")


def _villain(v: Any) -> str:
    if v.agent is not None:
        return f"Agent (played only beside a Lead Villain, Trouble Cost {v.cost}): {v.agent.text}"
    text = (f"Villain card. As Lead Villain: Requirement {v.requirement}, Trouble Cost {v.cost}, KO {v.ko}"
            f"{', Most Wanted' if v.most_wanted else ''}; Combat Powers: {_powers(v.powers)}; "
            f"ability {v.ability.name} — {v.ability.text}")
    if v.backup is not None:
        text += f" As Backup Effect (Trouble Cost {v.backup.cost}): {v.backup.name} — {v.backup.text}"
    return text
