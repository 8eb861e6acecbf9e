"""Cards leaving play: whether a card is in play, permanent cards, discarding to the owner's pile.

Rule ids: champions/rr/ownership (a card leaves play to its owner's discard pile, with its attachments),
champions/rr/control (a card in play sits in its controller's play area), champions/rr/permanent,
champions/rr/discard.
"""

from __future__ import annotations

from capes.games.champions import cards as S
from capes.games.champions.frames import CARDS, step
from capes.games.champions.state import ChampionsState

G = ChampionsState

def first_copies(g: G, us: list[int]) -> list[int]:
    """The cards of ``us`` (a hand) but for later copies of a card already listed: copies of a card in hand are
    interchangeable, so a choice among them offers one (the first) rather than options that look the same."""
    code = g.code
    if len(set(map(code.__getitem__, us))) == len(us):  # map: no comprehension frame (a call in 3.11)
        return us
    seen: set[str] = set()
    out = []
    for u in us:
        if code[u] not in seen:
            seen.add(code[u])
            out.append(u)
    return out


_RES_NAME = {"P": "physical", "M": "mental", "E": "energy", "W": "wild"}


def hand_name(g: G, u: int, us: list[int]) -> str:
    """The name of ``u`` (a card in the hand ``us``) as a menu of that hand tells it apart: cards of one name but
    different codes (the four Wakanda Forever! differ in their resource) by their resource."""
    c = CARDS[g.code[u]]
    codes = g._relevant().shared_names.get(c.name)  # type: ignore[attr-defined]
    if codes is None or len(codes) < 2:
        return c.name
    code = g.code
    mine = code[u]
    if any(code[v] != mine and code[v] in codes for v in us):
        return f"{c.name} ({' + '.join(_RES_NAME[x] for x in c.res) or 'no resource'})"
    return c.name


def _in_play(g: G, u: int) -> bool:
    o = g.ctl.get(u, g.owner[u])  # a player card in play is in its controller's play area
    if o >= 0:
        return g.alive[o] and (g.ident[o] == u or u in g.play[o])
    return u == g.villain or u in g.eplay


def _permanent(g: G, u: int) -> bool:
    """champions/rr/permanent: a card in play with the permanent keyword cannot leave play."""
    return bool(CARDS[g.code[u]].keywords) and CARDS[g.code[u]].kw("permanent") > 0 and _in_play(g, u)


def _discard(g: G, u: int, force: bool = False) -> None:
    """Put a card in play into its owner's discard pile (attachments on it go too): champions/rr/ownership.
    A permanent card stays (champions/rr/permanent) unless ``force`` (its controller is eliminated, or the
    card it is attached to leaves play)."""
    if not force and _permanent(g, u):
        g.emit("champions/rr/permanent", f"{g.name(u)} is permanent and cannot leave play.")
        return
    o = g.owner[u]
    for a in g.attached(u):
        if a != u:
            _discard(g, a, True)
    if u == g.villain or u == g.mscheme:
        return
    g.att[u] = -1
    g.eng[u] = -1
    g.dmg[u] = 0
    g.thr[u] = 0
    g.st[u] = 0
    g.exh[u] = 0
    g.cnt[u] = 0
    if S.STAT.get("hp") and g.code[u] in S.STAT["hp"]:
        g.push(("hpcheck",))  # the hit points it gave are gone: check defeat at once
    if S.STAT.get("ally_limit") and g.code[u] in S.STAT["ally_limit"]:
        g.push(("limits",))  # the ally limit it raised is lower now: checked at once (ruling 68)
    if o >= 0:
        q = g.ctl.pop(u, o)
        if u in g.play[q]:
            g.play[q].remove(u)
            g.disc[o].append(u)
        elif u in g.hand[o]:
            g.hand[o].remove(u)
            g.disc[o].append(u)
    else:
        if u in g.eplay:
            g.eplay.remove(u)
            g.edisc.append(u)


@step("discard")
def _discard_step(g: G, u: int) -> None:
    if _in_play(g, u) or (g.owner[u] >= 0 and u in g.hand[g.owner[u]]):
        g.emit("champions/rr/discard", f"{g.name(u)} is discarded.")
        _discard(g, u)
