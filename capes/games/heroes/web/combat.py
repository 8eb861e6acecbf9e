"""Combat as it happens (issue 12; heroes/combat): both combatants with their KO tokens, each side's Combat Power
token (face down to the other side until both are in, heroes/combat/1), the dice as rolled with every face — the
dice rolled again (a BOOST's extra die, heroes/dice/boost, or a reroll by an ability) marked apart —, each side's
HITS (dice plus ability modifiers) and the comparison the current roll makes (heroes/combat/2-4), KOs, the
Backups and Agents, and the winner.

A die in the view is a face index; ``10 + face`` is a die rolled again (the engine's mark), which never boosts."""

from __future__ import annotations

from typing import Any

from capes.games.heroes.dice import BOOST, FACES, HIT, TROUBLE
from capes.games.heroes.web.common import INK, MUTED, POWER_FILL, _Ctx, _e, _svg, _t

W, H = 620, 560  # the two sides one above the other: readable on a phone
TOP, BLOCK = 84, 206
MARK = {HIT: "✸", TROUBLE: "⚠", BOOST: "⇈"}
ROLLS = {"a1": "First Attack", "a2": "Second Attack", "w": "Outwit contest"}
SIDE = {"H": "Super Hero", "V": "Villain"}


def _face(f: int) -> tuple[str, ...]:
    return FACES[f % 10] if 0 <= f % 10 < len(FACES) else ()


def hits(dice: list[int], res: int) -> int:
    """A side's HITS as the dice stand: HIT icons plus the ability modifiers (never below 0)."""
    return max(0, sum(_face(int(f)).count(HIT) for f in dice) + int(res))


def _stat(cb: dict[str, Any], side: str) -> str:
    """The rating ``side`` rolls in the current roll: 'a' attacking, 'd' defending, 'w' in the Outwit contest."""
    roll = cb.get("roll")
    if roll == "w":
        return "w"
    if roll in ("a1", "a2"):
        return "a" if cb.get("att") == side else "d"
    return ""


def _die(f: int, x: float, y: float) -> str:
    face = _face(f)
    again = f >= 10
    words = " + ".join(w.upper() for w in face) or "blank"
    sym = "".join(MARK.get(k, "?") for k in face)
    title = f"{'die rolled again' if again else 'die'}: {words}"
    o = [f'<g class="die" data-face="{int(f)}" data-again="{int(again)}"><title>{_e(title)}</title>',
         f'<rect x="{x:g}" y="{y:g}" width="36" height="36" rx="6" fill="{"#fef3c7" if again else "#ffffff"}" '
         f'stroke="{"#b45309" if again else "#1f2937"}" stroke-width="2"'
         + (' stroke-dasharray="5 3"/>' if again else "/>"),
         _t(x + 18, y + 25, sym, 19 if len(sym) < 2 else 14, "#7f1d1d", "800", "middle")]
    if again:
        o.append(f'<circle cx="{x + 34:g}" cy="{y + 2:g}" r="8" fill="#b45309"/>'
                 + _t(x + 34, y + 6, "↻", 11, "#ffffff", "800", "middle"))
    o.append("</g>")
    return "".join(o)


def _kos(n: int, need: int, x: float, y: float, who: str) -> str:
    """KO tokens: ``n`` taken of the ``need`` that defeat ``who``."""
    o = [f'<g class="kos" data-ko="{int(n)}" data-need="{int(need)}"><title>{_e(who)}: {int(n)} KO of {int(need)}'
         "</title>", _t(x - 8 - 22 * need, y + 5, "KO", 12, "#7f1d1d", "800", "end")]
    for i in range(need):
        cx = x - 22 * (need - 1 - i) - 9
        o.append(f'<circle cx="{cx:g}" cy="{y:g}" r="9" fill="{"#b91c1c" if i < n else "#ffffff"}" stroke="#7f1d1d" '
                 f'stroke-width="2"/>')
    o.append("</g>")
    return "".join(o)


def _power(side: str, pick: Any, powers: Any, stat: str, x: float, y: float, other_in: bool) -> str:
    if pick == "hidden":
        return ('<g class="power-token" data-state="facedown"><title>Combat Power token picked, face down until both '
                f'are in</title><rect x="{x:g}" y="{y:g}" width="170" height="46" rx="8" fill="#374151"/>'
                + _t(x + 85, y + 28, "? face down", 14, "#ffffff", "700", "middle") + "</g>")
    if isinstance(pick, int) and 0 <= pick < len(powers):
        p = powers[pick]
        note = "" if other_in else " · your pick, face down to the other side"
        o = [f'<g class="power-token" data-state="shown" data-power="{pick}"><title>{_e(p.name)}: Attack {p.a}, '
             f'Defend {p.d}, Outwit {p.w}{_e(note)}</title>',
             f'<rect x="{x:g}" y="{y:g}" width="420" height="46" rx="8" fill="{POWER_FILL[pick]}"/>',
             _t(x + 10, y + 18, p.name + note, 13, "#ffffff", "800")]
        for i, (k, word, val) in enumerate((("a", "Attack", p.a), ("d", "Defend", p.d), ("w", "Outwit", p.w))):
            on = k == stat
            o.append(_t(x + 10 + i * 110, y + 38, f"{word} {val}" + (" ◀" if on else ""), 13 if on else 11.5, "#ffffff",
                        "900" if on else "500"))
        o.append("</g>")
        return "".join(o)
    return ('<g class="power-token" data-state="none"><title>no Combat Power picked yet</title>'
            f'<rect x="{x:g}" y="{y:g}" width="170" height="46" rx="8" fill="none" stroke="#6b7280" stroke-dasharray="5 4"/>'
            + _t(x + 85, y + 28, "not picked yet", 12, MUTED, "600", "middle") + "</g>")


def _compare(cb: dict[str, Any], names: dict[str, str]) -> tuple[str, str]:
    """(the comparison the dice make now, its outcome) for the current roll; ('', '') before any dice."""
    hd, vd = list(cb.get("Hdice", [])), list(cb.get("Vdice", []))
    roll = cb.get("roll")
    if roll not in ROLLS or not (hd or vd):
        return "", ""
    h, v = hits(hd, cb.get("Hres", 0)), hits(vd, cb.get("Vres", 0))
    if roll == "w":  # heroes/combat/4
        text = f"Outwit: {names['H']} {h} against {names['V']} {v}"
        if h == v:
            return text, "tied: no KO"
        win = "H" if h > v else "V"
        return text, f"KO on {names['V' if win == 'H' else 'H']}; Initiative to the {SIDE[win]}"
    att = str(cb.get("att"))
    dfn = "V" if att == "H" else "H"
    a, d = (h, v) if att == "H" else (v, h)
    text = f"{ROLLS[roll]}: {names[att]} attacks {a} against {names[dfn]} defends {d}"
    # heroes/combat/2, heroes/combat/3: Attack HITS at least the Defend HITS (and at least one) is a KO
    return text, (f"KO on {names[dfn]}" if a >= d and a >= 1 else "no KO")


def _combat(ctx: _Ctx) -> str:
    cb = ctx.v.get("combat")
    if not cb:
        return ""
    C = ctx.C
    hs, vs = int(cb["hs"]), int(cb["vs"])
    team = C.teams[ctx.v["teams"][hs]]
    fighter = team.heroes[int(cb["fighter"])] if int(cb.get("fighter", -1)) >= 0 else None
    hero = C.heroes[fighter] if fighter else None
    foe = cb["foe"]
    foe_card = C.masterminds.get(foe) if cb.get("mm") else C.villains.get(foe)
    foe_name = foe_card.name if foe_card else str(foe)
    names = {"H": hero.name if hero else "the Super Hero", "V": foe_name}
    o: list[str] = [f'<rect x="0" y="0" width="{W}" height="{H}" rx="10" fill="#fff7ed" stroke="#c2410c" '
                    'stroke-width="2"/>']
    roll = str(cb.get("roll") or "")
    head = f"Combat — sequence {int(cb.get('seq', 1))}"
    if cb.get("init") in SIDE:
        head += f" · Initiative: {SIDE[cb['init']]}"
    o.append(_t(16, 28, head, 17, "#7c2d12", "800"))
    if roll in ROLLS:
        o.append(_t(16, 52, f"{ROLLS[roll]}" + (f": the {SIDE[str(cb.get('att'))]} attacks" if roll != "w" else ""),
                    15, "#7c2d12", "700"))
    backs = [b for b in cb.get("backs", []) if b] + [a for a in cb.get("agents", []) if a]
    if backs:
        bn = [C.villains[b].name if b in C.villains else b for b in backs]
        o.append(_t(16, 72, "Backup/Agents: " + ", ".join(bn)[:80], 12, "#3b0764", "700"))
    picks = {"H": cb.get("hp"), "V": cb.get("vp")}
    other_in = {"H": picks["V"] not in (-1, None), "V": picks["H"] not in (-1, None)}
    fko = int(cb.get("fko", 0))
    hero_ko = int(ctx.v["heroes"][fighter].get("ko", 0)) if fighter and fighter in ctx.v["heroes"] else 0
    kos = {"H": (hero_ko, int(hero.ko) if hero else 0), "V": (fko, int(cb.get("fkov", 0)))}
    powers = {"H": hero.powers if hero else (), "V": foe_card.powers if foe_card else ()}
    for k, side in enumerate(("H", "V")):
        x, y = 16, TOP + k * BLOCK
        dice = [int(f) for f in cb.get(side + "dice", [])]
        res = int(cb.get(side + "res", 0))
        o.append(f'<g class="combatant" data-side="{side}" data-hits="{hits(dice, res) if dice else 0}">')
        o.append(f'<rect x="8" y="{y - 4}" width="{W - 16}" height="{BLOCK - 8}" rx="8" fill="#ffffff" '
                 'fill-opacity="0.6" stroke="#fdba74"/>')
        who = ctx.pname(hs if side == "H" else vs)
        o.append(_t(x, y + 16, f"{SIDE[side]} · {who}", 12, MUTED, "700"))
        o.append(_t(x, y + 40, names[side], 19, INK, "800"))
        n, need = kos[side]
        if need:
            o.append(_kos(n, need, W - 20, y + 34, names[side]))
        o.append(_power(side, picks[side], powers[side], _stat(cb, side), x, y + 52, other_in[side]))
        for i, f in enumerate(dice):
            o.append(_die(f, x + i * 44, y + 110))
        if dice:
            base = hits(dice, 0)
            again = sum(1 for f in dice if f >= 10)
            tally = f"{base} HIT{'S' if base != 1 else ''} on the dice"
            if res:
                tally += f" {'+' if res > 0 else '−'} {abs(res)} from abilities"
            tally += f" = {hits(dice, res)}"
            o.append(_t(x, y + 168, tally, 15, "#14532d", "800"))
            o.append(_t(x, y + 186, f"{len(dice) - again} rolled" + (f", {again} rolled again (↻)" if again else ""),
                        12, MUTED, "600"))
        elif roll in ROLLS and (cb.get("Hdice") or cb.get("Vdice")):
            o.append(_t(x, y + 168, "no dice (rating 0)", 13, MUTED, "600"))
        o.append("</g>")
    text, outcome = _compare(cb, names)
    if text:
        o.append(f'<g class="compare" data-outcome="{_e(outcome)}"><title>{_e(text)}: {_e(outcome)}</title>'
                 f'<rect x="8" y="{TOP + 2 * BLOCK}" width="{W - 16}" height="48" rx="6" fill="#ffedd5"/>'
                 + _t(18, TOP + 2 * BLOCK + 19, text, 13.5, "#7c2d12", "700")
                 + _t(18, TOP + 2 * BLOCK + 39, "→ " + outcome, 14.5, "#7c2d12", "900") + "</g>")
    if cb.get("win") in SIDE:
        o.append(_t(W / 2, H - 6, f"Winner: {names[cb['win']]} ({SIDE[cb['win']]})", 13, "#14532d", "800", "middle"))
    return _svg(W, H, "".join(o), f"Combat: {names['H']} against {foe_name}", "heroes-combat",
                f"min(100%, {W + 100}px)")
