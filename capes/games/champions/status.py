"""Status cards and readying: the small steps that stun, confuse, make tough, ready or exhaust a card in play.

Rule ids: champions/rr/status-cards, champions/rr/stunned, champions/rr/confused, champions/rr/tough (the
cards' effects are applied where the activity they replace happens: basic_powers, activations, damage);
champions/rr/stalwart (:meth:`capes.games.champions.vocabulary.Vocabulary._status`).
"""

from __future__ import annotations

from capes.games.champions.frames import step
from capes.games.champions.state import ChampionsState
from capes.games.champions.zones import _in_play

G = ChampionsState

@step("stun")
def _stun(g: G, u: int) -> None:
    if _in_play(g, u):
        g.stun(u)


@step("confuse")
def _confuse(g: G, u: int) -> None:
    if _in_play(g, u):
        g.confuse(u)


@step("tough")
def _tough(g: G, u: int) -> None:
    if _in_play(g, u):
        g.tough(u)


@step("ready")
def _ready(g: G, u: int) -> None:
    g.exh[u] = 0


@step("exhaust")
def _exhaust(g: G, u: int) -> None:
    g.exh[u] = 1
