"""The villain phase: threat placed on the main scheme, the villain and minions activating against each player,
encounter cards dealt (with hazard) and revealed.

Rule ids: champions/summary/flow/4 to /8, champions/rr/hazard, champions/rr/acceleration, champions/rr/villain-phase
(engaged minions activate one at a time "in the order of the player's choosing": ruling 65).
"""

from __future__ import annotations

from capes.games.champions.frames import ASKS, AUTO_SINGLE, CARDS, HERO, step
from capes.games.champions.state import ChampionsState

G = ChampionsState

@step("vthreat")
def _vthreat(g: G) -> None:
    # champions/summary/flow/5: acceleration + tokens + icons
    s = g.mscheme
    c = CARDS[g.code[s]]
    base = c.escalation or 0
    n = (base if c.escalation_fixed else base * g.n) + g.accel
    n += sum(CARDS[g.code[u]].accel for u in g.eplay)
    g.emit("champions/summary/flow/4", "The villain phase begins.")
    g.emit("champions/summary/flow/5", f"{n} threat is placed on {c.name}.")
    g.push(("threat", s, n, "accel"))


@step("acts")
def _acts(g: G) -> None:
    # champions/summary/flow/6: villain once per player, then that player's engaged minions
    fr = []
    for p in g.order():
        fr += [("vact", p), ("mall", p)]
    g.push(*fr)


@step("vact")
def _vact(g: G, p: int) -> None:
    if not g.alive[p]:
        return
    if g._form[p] == HERO:
        g.push(("attack", g.villain, p, 1))
    else:
        g.push(("scheme", g.villain, p, 1))


@step("mall")
def _mall(g: G, p: int) -> None:
    """The minions engaged with ``p`` when the villain has activated against them activate, one at a time, in the
    order ``p`` chooses (ruling 65): the question ``morder`` asks for the next one."""
    ms = tuple(g.minions(p))
    if ms:
        g.push(("morder", p, ms))


def _minion_sig(g: G, m: int) -> tuple:
    """What tells two engaged minions apart for the order of their activations: card, damage, status cards and
    attachments (two copies alike in all of these are the same choice, ruling 7's copies)."""
    return g.code[m], g.dmg[m], g.st[m], tuple(sorted(g.code[a] for a in g.attached(m) if a != m))


def _morder_left(g: G, f: tuple) -> list[int]:
    _, p, ms = f
    return [m for m in ms if m in g.eplay and g.eng[m] == p]


def _morder_build(g: G, f: tuple):
    p = f[1]
    left = _morder_left(g, f)
    if not g.alive[p] or not left:
        return p, "", []
    seen: set[tuple] = set()
    opts = []
    for m in left:
        sig = _minion_sig(g, m)
        if sig in seen:
            continue
        seen.add(sig)
        opts.append((f"mact:{m}", f"{g.label(m, left)} activates next"))
    return p, f"Your engaged minions activate against you: which one next ({len(left)} to go)?", opts


def _morder_do(g: G, f: tuple, oid: str) -> None:
    _, p, ms = f
    m = int(oid[5:])
    rest = tuple(u for u in ms if u != m)
    g.push(("mact", m, p), *((("morder", p, rest),) if rest else ()))


ASKS["morder"] = (_morder_build, _morder_do)
AUTO_SINGLE.add("morder")


@step("mact")
def _mact(g: G, m: int, p: int) -> None:
    if m not in g.eplay or g.eng[m] != p or not g.alive[p]:
        return
    g.push(("attack" if g._form[p] == HERO else "scheme", m, p, 0))


@step("deal")
def _deal(g: G) -> None:
    # champions/summary/flow/7 (+ champions/rr/hazard: one more card per hazard icon, in player order)
    order = g.order()
    if not order:
        return
    for p in order:
        u = g.enc_draw()
        if u >= 0:
            g.fd[p].append(u)
    hz = sum(CARDS[g.code[u]].hazard for u in g.eplay) + CARDS[g.code[g.mscheme]].hazard
    for k in range(hz):
        u = g.enc_draw()
        if u >= 0:
            g.fd[order[k % len(order)]].append(u)
    g.emit("champions/summary/flow/7", f"Encounter cards are dealt ({len(order) + hz}).")


@step("revall")
def _revall(g: G) -> None:
    g.push(*[("revfd", p) for p in g.order()])


@step("revfd")
def _revfd(g: G, p: int) -> None:
    # champions/summary/flow/8
    if g.fd[p] and g.alive[p]:
        u = g.fd[p].pop(0)
        g.push(("reveal", u, p, 1), ("revfd", p))
