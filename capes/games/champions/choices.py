"""Generic questions and the small steps card scripts chain: choose a card (selectors), choose one of several
effects (modal), named continuations (``call``), form changes caused by abilities.

Rule ids: champions/summary/easy/2 (an ability's form change does not use the turn's change),
champions/rr/encounter-cards (``call_revealed_if``). Selectors name who may be chosen: ``attackable`` follows
champions/rr/guard, ``thwartable`` champions/rr/crisis and champions/rr/patrol.
"""

from __future__ import annotations

from capes.games.champions import cards as S
from capes.games.champions.frames import ASKS, AUTO_SINGLE, SELECTORS, step
from capes.games.champions.state import ChampionsState

G = ChampionsState

SELECTORS.update({
    "enemy": lambda g, p: g.enemies(),
    "attackable": lambda g, p: g.attackable(p),
    "minion": lambda g, p: g.minions(),
    "scheme": lambda g, p: [g.mscheme, *g.sides()],
    "thwartable": lambda g, p: [s for s in g.thwartable(p) if g.thr[s] > 0] or g.thwartable(p),
    "side_scheme": lambda g, p: g.sides(),
    "character": lambda g, p: g.friendly() + g.enemies(),
    "friendly": lambda g, p: g.friendly(),
    "damaged_friendly": lambda g, p: [u for u in g.friendly() if g.dmg[u]] or g.friendly(),
    "ally": lambda g, p: [a for q in range(g.n) for a in g.allies(q)],
    "my_ally": lambda g, p: g.allies(p),
    "hero": lambda g, p: [g.ident[q] for q in range(g.n) if g.alive[q] and g._form[q]],
    "my_upgrade_support": lambda g, p: [u for u in g.play[p] if g.ctype(u) in ("upgrade", "support")],
    "player": lambda g, p: [g.ident[q] for q in g.order()],
    "webbable": lambda g, p: g._webbable(),
    "hand": lambda g, p: list(g.hand[p]),
})


def _sub(frame: tuple, u: int) -> tuple:
    return tuple(u if x == "@" else x for x in frame)


def _choose_build(g: G, f: tuple):
    _, p, sel, then, prompt, optional, src = f
    us = SELECTORS[sel](g, p)
    opts = [(f"t:{u}", g.label(u, us) + (f" ({g.thr[u]} threat)" if g.thr[u] else "")
             + (f" ({g.dmg[u]} damage)" if g.dmg[u] else "")) for u in us]
    if optional and opts:
        opts.append(("skip", "Decline"))
    return p, prompt or _SEL_PROMPT.get(sel, "Choose a card"), opts


_SEL_PROMPT = {"enemy": "Choose an enemy", "attackable": "Choose an enemy to attack", "minion": "Choose a minion",
               "scheme": "Choose a scheme", "thwartable": "Choose a scheme", "side_scheme": "Choose a side scheme",
               "character": "Choose a character", "friendly": "Choose a hero or ally",
               "damaged_friendly": "Choose a hero or ally", "ally": "Choose an ally", "my_ally": "Choose an ally",
               "hero": "Choose a hero", "my_upgrade_support": "Choose an upgrade or support", "player": "Choose a player",
               "webbable": "Choose an enemy", "hand": "Choose a card in your hand"}


def _choose_do(g: G, f: tuple, oid: str) -> None:
    if oid == "skip":
        return
    u = int(oid[2:])
    g.push(*[_sub(x, u) for x in f[3]])


ASKS["choose"] = (_choose_build, _choose_do)
AUTO_SINGLE.add("choose")


def _tie_build(g: G, f: tuple):
    """A tie for "the highest / lowest ..." (Vocabulary.extreme): the first player picks one of the tied cards."""
    _, p, best, _then, what, top, verb = f
    live = [u for u in best if u in g.eplay or any(u in g.play[q] for q in range(g.n))]
    return p, f"Tie for the {what} ({top}): you choose", [(f"t:{u}", f"{verb} {g.label(u, live)}") for u in live]


def _tie_do(g: G, f: tuple, oid: str) -> None:
    _, p, best, then, what, top, _verb = f
    u = int(oid[2:])
    g.emit("champions/summary/faq/6", f"Player {p + 1} breaks the tie for the {what}: {g.label(u, list(best))}.")
    g.push(*[_sub(x, u) for x in then])


ASKS["tie"] = (_tie_build, _tie_do)
AUTO_SINGLE.add("tie")


def _modal_build(g: G, f: tuple):
    return f[1], "Choose one", [(f"m:{i}", lab) for i, (lab, _) in enumerate(f[2])]


def _modal_do(g: G, f: tuple, oid: str) -> None:
    g.push(*f[2][int(oid[2:])][1])


ASKS["modal"] = (_modal_build, _modal_do)


@step("call")
def _call(g: G, name: str, *args) -> None:
    S.CONT[name](g, *args)


@step("flip_free")
def _flip_free(g: G, p: int) -> None:
    """A form change caused by a card ability (champions/summary/easy/2: does not use the turn's change)."""
    if g.alive[p]:
        g.push(("flip", p))


@step("call_revealed_if")
def _call_revealed_if(g: G, u: int, p: int) -> None:
    fn = S.REVEALED.get(g.code[u])
    if fn is not None:
        fn(g, p, u)


@step("nop_paid")
def _nop_paid(g: G, paid: str) -> None:
    pass


@step("nop")
def _nop(g: G) -> None:
    pass
