"""Test helper: build a Champions state with given cards in place.

>>> s = scenario(hand=["01005"], form="hero")       # Spider-Man in hero form holding Swinging Web Kick
>>> s.decision.kind
'turn'
"""

from __future__ import annotations

import capes
from capes.games.champions.data import CARDS
from capes.games.champions.engine import AE, HERO, ChampionsState


def new_uid(s: ChampionsState, code: str, owner: int) -> int:
    s.code = (*s.code, code)
    s.owner = (*s.owner, owner)
    for f in ("dmg", "thr", "exh", "cnt", "st"):
        getattr(s, f).append(0)
    s.att.append(-1)
    s.eng.append(-1)
    return len(s.code) - 1


def take(s: ChampionsState, code: str, owner: int) -> int:
    """An instance of ``code`` taken out of its deck (or a new one)."""
    lists = [s.deck[owner]] if owner >= 0 else [s.edeck, s.edisc]
    if owner < 0:
        lists += s.setaside
    for lst in lists:
        for u in lst:
            if s.code[u] == code:
                lst.remove(u)
                return u
    return new_uid(s, code, owner)


def scenario(heroes=("spider_man",), villain="rhino", mode="standard", modulars=None, hand=(), play=(),
             minions=(), sides=(), villain_attachments=(), edeck_top=(), form="hero", seed=0,
             threat=None, hands=None, plays=None, clear=False) -> ChampionsState:
    """A state at the start of round 1 with the given cards in place. ``clear``: first discard every
    encounter card that setup put into play (e.g. Klaw's minion and Defense Network)."""
    cfg = {"heroes": list(heroes), "villain": villain, "mode": mode}
    if modulars:
        cfg["modulars"] = list(modulars)
    g = capes.load("champions", **cfg)
    s = g.new_game(seed)
    assert isinstance(s, ChampionsState)
    n = s.n
    if clear:
        for u in list(s.eplay):
            s.eplay.remove(u)
            s.eng[u] = -1
            s.att[u] = -1
            s.st[u] = 0
            s.edisc.append(u)
    for p in range(n):
        s.deck[p] += s.hand[p]
        s.hand[p] = []
        s._form[p] = HERO if form == "hero" else AE
    hands = hands or [list(hand)] + [[] for _ in range(n - 1)]
    plays = plays or [list(play)] + [[] for _ in range(n - 1)]
    for p in range(n):
        for c in hands[p]:
            s.hand[p].append(take(s, c, p))
        for c in plays[p]:
            u = take(s, c, p)
            s.play[p].append(u)
            card = CARDS[c]
            s.cnt[u] = card.kw("uses")
            if card.type == "upgrade" and card.attach in (None, "identity"):
                s.att[u] = s.ident[p]
    for c in minions:
        u = take(s, c, -1)
        s.eplay.append(u)
        s.eng[u] = 0
        if CARDS[c].kw("toughness"):
            s.st[u] |= 4
    for c in sides:
        u = take(s, c, -1)
        s.eplay.append(u)
        s.thr[u] = CARDS[c].base_threat or 0
    for c in villain_attachments:
        u = take(s, c, -1)
        s.eplay.append(u)
        s.att[u] = s.villain
    for c in reversed(list(edeck_top)):
        u = take(s, c, -1)
        s.edeck.append(u)
    if threat is not None:
        s.thr[s.mscheme] = threat
    s.stack = [("round",)]
    s.rnd = 0
    s.log = []
    s.run()
    return s


def uid(s: ChampionsState, code: str, where: str = "any") -> int:
    """The first instance of ``code`` in play / hand / anywhere."""
    pools = {"hand": [u for h in s.hand for u in h], "play": [u for pl in s.play for u in pl] + s.eplay}
    pool = pools.get(where) or range(len(s.code))
    for u in pool:
        if s.code[u] == code:
            return u
    raise KeyError(code)


def do(s: ChampionsState, *prefixes: str) -> None:
    """Apply, in turn, the first option whose id starts with each prefix."""
    for pre in prefixes:
        d = s.decision
        for o in d.options:
            if o.id.startswith(pre):
                s.apply(o.id)
                break
        else:
            raise AssertionError(f"no option {pre!r} in {d.kind}: {d.ids()}")


def settle(s: ChampionsState, until: tuple = ("turn",)) -> None:
    """Pass every optional window / keep hands / decline defence until a decision of a kind in ``until``."""
    for _ in range(200):
        d = s.decision
        if d.seat is None or d.kind in until:
            return
        ids = d.ids()
        pick = next((x for x in ("pass", "keep", "nodef", "skip") if x in ids), ids[0])
        s.apply(pick)


def texts(s: ChampionsState) -> str:
    return "\n".join(e.text for e in s.log)


__all__ = ["scenario", "uid", "do", "texts", "settle", "take", "HERO", "AE"]


def reveal(s: ChampionsState, code: str, p: int = 0, windows: bool = False) -> int:
    """Reveal encounter card ``code`` for player ``p`` now (champions/summary/flow/8) and run the rules;
    optional response windows are passed unless ``windows``."""
    u = take(s, code, -1)
    s.stack.append(("reveal", u, p))
    s._decision = None
    s.run()
    if not windows:
        while s.decision.kind == "optwin":
            s.apply("pass")
    return u


def play_card(s: ChampionsState, code: str, *then: str) -> int:
    """Play hand card ``code`` of player 0, paying with whatever is offered first, then apply ``then``."""
    u = uid(s, code, "hand")
    do(s, f"play:{u}")
    while s.decision.kind == "pay":
        do(s, "")
    for t in then:
        do(s, t)
    return u


def give(s: ChampionsState, *codes: str, p: int = 0) -> None:
    """Put cards into player p's hand (e.g. resources to pay with)."""
    for c in codes:
        s.hand[p].append(take(s, c, p))
    s._decision = None
    s.stack = [x for x in s.stack]
