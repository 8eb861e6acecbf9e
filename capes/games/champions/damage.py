"""Damage and defeat: damage (its interrupt window, tough, overkill), indirect damage, characters defeated,
villain stages, minions, players eliminated, and hit points that drop.

Rule ids: champions/rr/damage, champions/rr/tough, champions/rr/overkill, champions/rr/indirect-damage,
champions/rr/defeated, champions/rr/villain (stages), champions/summary/scoring/victory,
champions/summary/scoring/elimination and ruling 15 (minions engage the next player), champions/rr/heal.
"""

from __future__ import annotations

from capes.games.champions import cards as S
from capes.games.champions.frames import ASKS, AUTO_SINGLE, CARDS, F_OVERKILL, TOUGH, step
from capes.games.champions.state import ChampionsState
from capes.games.champions.zones import _discard, _in_play

G = ChampionsState

@step("dmg")
def _dmg(g: G, target: int, n: int, src: int, flags: int) -> None:
    if n <= 0 or not _in_play(g, target):
        return
    g.push(("win", "dmg"), ("dmg_apply", target, n, src, flags, n))


@step("dmg_apply")
def _dmg_apply(g: G, target: int, n: int, src: int, flags: int, asked: int = -1) -> None:
    """``asked``: the damage before the interrupt window; what interrupts took off it is logged as prevented."""
    if asked > n and _in_play(g, target):  # e.g. Backflip, Armored Rhino Suit, Cosmic Flight
        g.emit("champions/rr/damage", f"{'All' if n <= 0 else asked - n} of the {asked} damage to {g.name(target)} "
               "is prevented.")
    if n <= 0 or not _in_play(g, target):
        return
    if g.st[target] & TOUGH:  # champions/rr/tough
        g.st[target] &= ~TOUGH
        g.emit("champions/rr/tough", f"{g.name(target)}'s tough status prevents the damage.")
        return
    hp = g.hp(target)
    left = hp - g.dmg[target]
    g.dmg[target] += n
    g.hit.append(target)
    g.emit("champions/rr/damage", f"{g.name(target)} takes {n} damage.")
    if g.dmg[target] >= hp:
        excess = n - left
        if flags & F_OVERKILL and excess > 0:  # champions/rr/overkill
            o = g.ctrl(target)
            if o >= 0 and g.ctype(target) == "ally":
                g.push(("dmg", g.ident[o], excess, src, flags & ~F_OVERKILL))
            elif g.ctype(target) == "minion":
                g.push(("dmg", g.villain, excess, src, flags & ~F_OVERKILL))
        g.push(("defeated", target, src))


@step("defeated")
def _defeated(g: G, u: int, src: int) -> None:
    if not _in_play(g, u) or g.dmg[u] < g.hp(u):
        return
    t = g.ctype(u)
    by = g.ctrl(src) if src >= 0 else -1
    if g.is_ident(u):
        _eliminate(g, g.owner[u])
    elif t == "ally":
        g.emit("champions/rr/defeated", f"{g.name(u)} is defeated.")
        _discard(g, u)
    elif t == "minion":
        g.push(("win", "minion_defeating"), ("mdisc", u, by), ("win", "minion_defeated"),
               ("evt", "minion_defeated", u, by, src))
    elif t == "villain":
        _villain_defeated(g)


@step("mdisc")
def _mdisc(g: G, u: int, by: int) -> None:
    if u not in g.eplay:
        return
    g.emit("champions/rr/defeated", f"{g.name(u)} is defeated.")
    c = CARDS[g.code[u]]
    fn = S.DEFEATED.get(c.code)
    if fn is not None:
        fn(g, by, u)
    _discard(g, u)
    if c.kw("victory") and u in g.edisc:
        g.edisc.remove(u)
        g.victory.append(u)


def _villain_defeated(g: G) -> None:
    # champions/summary/scoring/victory and champions/rr/villain (stages)
    v = g.villain
    g.vdefeats += 1
    if not g.vstages:
        g.win(f"{g.name(v)} is defeated!")
        return
    nv = g.vstages.pop(0)
    g.villain = nv
    g.st[nv] = g.st[v]
    for a in g.attached(v):
        g.att[a] = nv
    g.removed.append(v)
    g.emit("champions/rr/villain", f"{g.name(nv)} ({CARDS[g.code[nv]].stage}) replaces the defeated stage.")
    if CARDS[g.code[nv]].kw("toughness"):
        g.tough(nv)
    if S.REVEALED.get(g.code[nv]):
        g.push(("call_revealed", nv, g.first))


def _eliminate(g: G, p: int) -> None:
    # champions/summary/scoring/elimination
    g.alive[p] = 0
    g.emit("champions/summary/scoring/elimination", f"Player {p + 1} ({g.idcard(p).name}) is defeated and "
           "eliminated.")
    # ruling: the cards the eliminated player owns leave the game, also those another player controls; the
    # cards they control that another player owns go to their owner's discard pile (champions/rr/control)
    for u in list(g.play[p]):
        if u not in g.play[p]:
            continue
        if g.owner[u] != p:
            _discard(g, u, True)
            continue
        g.play[p].remove(u)
        g.removed.append(u)
    for u in [u for u, q in g.ctl.items() if g.owner[u] == p]:
        for a in g.attached(u):
            if a != u:
                _discard(g, a, True)
        g.play[g.ctl.pop(u)].remove(u)
        g.att[u] = -1
        g.removed.append(u)
    g.edisc += g.fd[p]
    g.fd[p] = []
    if not any(g.alive):
        g.lose("Every hero is defeated.")
        return
    nxt = next((p + i) % g.n for i in range(1, g.n + 1) if g.alive[(p + i) % g.n])
    if g.first == p:
        g.first = nxt
    # ruling 15 (champions/rr/elimination): minions engaged with the eliminated player engage the next player
    # in clockwise order, keeping their damage, status cards and attachments
    for m in g.minions(p):
        g.eng[m] = nxt
        g.emit("champions/rr/elimination", f"{g.name(m)} engages player {nxt + 1}.")


@step("hpcheck")
def _hpcheck(g: G) -> None:
    """champions/rr/defeated: a character with as much damage as its hit points is defeated at once, also when
    its hit points drop (an upgrade giving hit points leaves play, a lasting boost ends), not only when damaged."""
    dmg = g.dmg
    if not any(dmg):  # no card has damage (one C scan)
        return
    # the villain, the minions, then each player's identity and allies (as [villain, *minions(), *friendly()]);
    # most have no damage: that test first
    code = g.code
    chars = [g.villain, *[u for u in g.eplay if dmg[u] and CARDS[code[u]].type == "minion"]]
    for p in range(g.n):
        if g.alive[p]:
            chars.append(g.ident[p])
            chars += [u for u in g.play[p] if dmg[u] and CARDS[code[u]].type == "ally"]
    for u in chars:
        if dmg[u] and _in_play(g, u) and dmg[u] >= g.hp(u):
            g.push(("defeated", u, -1))


@step("heal")
def _heal(g: G, u: int, n: int) -> None:
    if _in_play(g, u):
        g.heal(u, n)


def _indirect_build(g: G, f: tuple):
    _, p, n, src = f
    opts = []
    for u in [g.ident[p], *g.allies(p)]:
        if _in_play(g, u) and g.dmg[u] < g.hp(u):
            opts.append((f"t:{u}", f"{g.label(u)} ({g.hp(u) - g.dmg[u]} hit points left)"))
    return p, f"Assign indirect damage ({n} left)", opts


def _indirect_do(g: G, f: tuple, oid: str) -> None:
    _, p, n, src = f
    u = int(oid[2:])
    g.push(("dmg", u, 1, src, 0))
    if n > 1:
        g.push(("indirect", p, n - 1, src))


ASKS["indirect"] = (_indirect_build, _indirect_do)


AUTO_SINGLE.add("indirect")
