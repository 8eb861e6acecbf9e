"""End of the player phase and of the round: discard down to hand size, draw up, ready all; the first player
token passes and "this round" effects end.

Rule ids: champions/summary/flow/3, champions/summary/easy/9, champions/summary/flow/9 and /10.
"""

from __future__ import annotations

from capes.games.champions.frames import ASKS, step
from capes.games.champions.state import ChampionsState
from capes.games.champions.zones import first_copies, hand_name

G = ChampionsState

@step("pend")
def _pend(g: G) -> None:
    # champions/summary/flow/3 and easy/9: discard down, draw up, ready all
    g.turn = -1
    g.mods = [m for m in g.mods if not (m[0] == "stat" and m[4] == "phase")]
    g.push(("hpcheck",))  # lasting hit point boosts that end may defeat a damaged character at once
    g.push(*[("hdisc", p) for p in g.order()], ("drawup",), ("readyall",))


def _hdisc_build(g: G, f: tuple):
    p = f[1]
    hs = g.hand_size(p)
    # a hand card is never an identity; copies are interchangeable (one option for them)
    hand = g.hand[p]
    opts = [(f"d:{u}", f"Discard {hand_name(g, u, hand)}") for u in first_copies(g, hand)]
    if len(g.hand[p]) <= hs:
        if not opts:
            return p, "", []
        opts.append(("keep", "Keep the rest"))
    return p, f"End of phase: discard (hand size {hs})", opts


def _hdisc_do(g: G, f: tuple, oid: str) -> None:
    if oid == "keep":
        return
    p = f[1]
    u = int(oid[2:])
    g.hand[p].remove(u)
    g.disc[p].append(u)
    g.stack.append(f)


ASKS["hdisc"] = (_hdisc_build, _hdisc_do)


@step("drawup")
def _drawup(g: G) -> None:
    for p in g.order():
        k = g.hand_size(p) - len(g.hand[p])
        if k > 0:
            g.draw_cards(p, k)


@step("readyall")
def _readyall(g: G) -> None:
    for p in range(g.n):
        g.exh[g.ident[p]] = 0
        for u in g.play[p]:
            g.exh[u] = 0
    g.emit("champions/summary/flow/3", "Players ready all their cards.")


@step("vend")
def _vend(g: G) -> None:
    # champions/summary/flow/9: pass the first player token; lasting "this round" effects end
    g.push(("win", "round_end"), ("evt", "round_end"), ("vend2",))


@step("vend2")
def _vend2(g: G) -> None:
    g.mods = [m for m in g.mods if m[0] not in ("cost", "round", "stat")]
    g.push(("hpcheck",))
    order = [(g.first + i) % g.n for i in range(1, g.n + 1)]
    for q in order:
        if g.alive[q]:
            g.first = q
            break
    g.emit("champions/summary/flow/9", f"Player {g.first + 1} takes the first player token.")
    g.emit("champions/summary/flow/10", f"Round {g.rnd} ends.")
