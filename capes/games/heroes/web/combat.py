"""Combat as it happens (issue 12)."""

from __future__ import annotations

from capes.games.heroes.dice import FACES
from capes.games.heroes.web.common import (
    INK,
    MUTED,
    POWER_FILL,
    _Ctx,
    _e,
    _svg,
    _t,
)


# ------------------------------------------------------------------------------------------------ combat
def _combat(ctx: _Ctx) -> str:
    cb = ctx.v.get("combat")
    if not cb:
        return ""
    C = ctx.C
    hs, vs = int(cb["hs"]), int(cb["vs"])
    team = C.teams[ctx.v["teams"][hs]]
    fighter = team.heroes[int(cb["fighter"])] if int(cb.get("fighter", -1)) >= 0 else None
    foe = cb["foe"]
    foe_card = C.masterminds.get(foe) if cb.get("mm") else C.villains.get(foe)
    foe_name = foe_card.name if foe_card else foe
    o: list[str] = ['<rect x="0" y="0" width="1200" height="210" rx="10" fill="#fff7ed" stroke="#c2410c" '
                    'stroke-width="2"/>']
    roll = {"a1": "First Attack", "a2": "Second Attack", "w": "Outwit"}.get(str(cb.get("roll")), "")
    o.append(_t(16, 26, f"Combat — sequence {int(cb.get('seq', 1))}" + (f" · {roll}" if roll else "")
                + (f" · Initiative: {'Super Hero' if cb.get('init') == 'H' else 'Villain'}" if cb.get("init") else ""),
                16, "#7c2d12", "800"))
    sides = [("H", fighter and C.heroes[fighter].name or "—", ctx.pname(hs),
              C.heroes[fighter].powers if fighter else (), cb.get("hp"), cb.get("Hdice", []), cb.get("Hres", 0),
              cb.get("fko", 0)),
             ("V", foe_name, ctx.pname(vs), foe_card.powers if foe_card else (), cb.get("vp"),
              cb.get("Vdice", []), cb.get("Vres", 0), cb.get("fkov", 0))]
    for k, (side, name, who, powers, pick, dice, res, ko) in enumerate(sides):
        x = 16 + k * 600
        o.append(f'<g class="combatant" data-side="{side}">')
        o.append(_t(x, 54, f"{'Super Hero' if side == 'H' else 'Villain'} · {who}", 11, MUTED, "700"))
        o.append(_t(x, 76, name, 18, INK, "800"))
        o.append(_t(x + 420, 76, f"KOs: {int(ko)}", 13, "#7f1d1d", "700"))
        # the Combat Power token: face down until revealed
        if pick == "hidden":
            o.append('<g class="power-token" data-state="facedown"><title>Combat Power picked, face down</title>'
                     f'<rect x="{x}" y="88" width="150" height="44" rx="8" fill="#374151"/>'
                     + _t(x + 75, 115, "? face down", 13, "#ffffff", "700", "middle") + "</g>")
        elif isinstance(pick, int) and pick >= 0 and pick < len(powers):
            p = powers[pick]
            o.append(f'<g class="power-token" data-state="shown" data-power="{pick}"><title>{_e(p.name)}: Attack '
                     f'{p.a}, Defend {p.d}, Outwit {p.w}</title>'
                     f'<rect x="{x}" y="88" width="300" height="44" rx="8" fill="{POWER_FILL[pick]}"/>'
                     + _t(x + 10, 106, p.name, 13, "#ffffff", "800")
                     + _t(x + 10, 124, f"Attack {p.a} · Defend {p.d} · Outwit {p.w}", 11.5, "#ffffff", "600")
                     + "</g>")
        else:
            o.append('<g class="power-token" data-state="none"><title>no Combat Power picked yet</title>'
                     f'<rect x="{x}" y="88" width="150" height="44" rx="8" fill="none" stroke="#6b7280" '
                     'stroke-dasharray="5 4"/>' + _t(x + 75, 115, "not picked", 12, MUTED, "600", "middle") + "</g>")
        for i, f in enumerate(dice):
            dx = x + i * 40
            face = FACES[int(f)] if 0 <= int(f) < len(FACES) else ()
            words = " + ".join(face) or "blank"
            mark = {"hit": "✸", "trouble": "⚠", "boost": "⇈"}
            sym = "".join(mark.get(k, "?") for k in face)
            o.append(f'<g class="die" data-face="{int(f)}"><title>die: {_e(words)}</title>'
                     f'<rect x="{dx}" y="146" width="32" height="32" rx="6" fill="#ffffff" stroke="#1f2937" '
                     f'stroke-width="2"/>' + _t(dx + 16, 169, sym, 18 if len(sym) < 2 else 13, "#7f1d1d", "800",
                                                "middle") + "</g>")
        if dice:
            o.append(_t(x + max(len(dice), 1) * 40 + 8, 168, f"result {int(res)}", 13, "#14532d", "800"))
        o.append("</g>")
    if cb.get("win"):
        o.append(_t(600, 200, f"Winner: {'Super Hero' if cb['win'] == 'H' else 'Villain'}", 13, "#14532d", "800",
                    "middle"))
    backs = [b for b in cb.get("backs", []) if b] + [a for a in cb.get("agents", []) if a]
    if backs:
        names = [C.villains[b].name if b in C.villains else b for b in backs]
        o.append(_t(1184, 26, "Backup/Agents: " + ", ".join(names)[:70], 11, "#3b0764", "700", "end"))
    return _svg(1200, 210, "".join(o), f"Combat: {sides[0][1]} against {foe_name}", "heroes-combat")


