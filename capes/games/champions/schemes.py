"""Schemes and threat: placing threat (with its interrupt window), removing it, side schemes defeated, the main
scheme advancing or completed.

Rule ids: champions/rr/threat, champions/rr/thwart, champions/rr/crisis, champions/rr/cannot,
champions/rr/side-schemes, champions/rr/main-scheme, champions/rr/incite, champions/summary/scoring/defeat,
champions/summary/easy/13 (excess threat does not carry over).
"""

from __future__ import annotations

from capes.games.champions import cards as S
from capes.games.champions.frames import CARDS, step
from capes.games.champions.state import ChampionsState

G = ChampionsState

@step("incite")
def _incite(g: G, u: int) -> None:
    """champions/rr/incite: a revealed minion with incite X places X threat on the main scheme."""
    n = CARDS[g.code[u]].kw("incite")
    g.emit("champions/rr/incite", f"{g.name(u)} has incite {n}: {n} threat on {g.name(g.mscheme)}.")
    g.push(("threat", g.mscheme, n, "card"))


@step("threat")
def _threat(g: G, s: int, n: int, cause: str) -> None:
    if n <= 0 or not (s == g.mscheme or s in g.eplay):
        return
    g.push(("win", "threat"), ("threat_apply", s, n, cause))


@step("threat_apply")
def _threat_apply(g: G, s: int, n: int, cause: str) -> None:
    if n <= 0 or not (s == g.mscheme or s in g.eplay):
        return
    g.thr[s] += n
    g.emit("champions/rr/threat", f"{n} threat on {g.name(s)} ({g.thr[s]}).")
    if s == g.mscheme and g.thr[s] >= g.target(s):
        g.push(("adv_main",))


@step("adv_main")
def _adv_main(g: G) -> None:
    # champions/summary/scoring/defeat and easy/13: excess threat does not carry over
    s = g.mscheme
    if g.thr[s] < g.target(s):
        return
    if not g.mstages:
        g.lose(f"{g.name(s)} is completed: the villain wins.")
        return
    g.mscheme = g.mstages.pop(0)
    g.emit("champions/rr/main-scheme", f"The main scheme advances to {g.name(g.mscheme)}.")
    g.push(("main_enters",))


@step("rthreat")
def _rthreat(g: G, s: int, n: int, src: int) -> None:
    """Remove threat (champions/rr/thwart); crisis icons protect the main scheme."""
    if not (s == g.mscheme or s in g.eplay):
        return
    if s == g.mscheme and any(CARDS[g.code[x]].crisis for x in g.sides()):
        g.emit("champions/rr/crisis", "A crisis side scheme prevents removing threat from the main scheme.")
        return
    if g.code[s] in S.CANNOT_REMOVE or ("cannot_remove", s) in g.mods:  # champions/rr/cannot
        g.emit("champions/rr/cannot", f"Threat cannot be removed from {g.name(s)}.")
        return
    k = min(n, g.thr[s])
    g.thr[s] -= k
    if k:
        g.emit("champions/rr/thwart", f"{k} threat removed from {g.name(s)} ({g.thr[s]} left).")
    else:
        g.emit("champions/rr/thwart", f"{g.name(s)} has no threat to remove.")
    if s != g.mscheme and g.thr[s] == 0:
        g.push(("scheme_defeated", s))


@step("scheme_defeated")
def _scheme_def(g: G, s: int) -> None:
    if s not in g.eplay:
        return
    g.emit("champions/rr/side-schemes", f"{g.name(s)} is defeated.")
    g.eplay.remove(s)
    c = CARDS[g.code[s]]
    if c.kw("victory"):
        g.victory.append(s)
    else:
        g.edisc.append(s)
    fn = S.DEFEATED.get(c.code)
    if fn is not None:
        fn(g, g.first, s)


@step("threat_of_player")
def _top(g: G, u: int, n: int) -> None:
    g.push(("threat", g.mscheme, n, "card"))
