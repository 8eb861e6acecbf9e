"""Helpers for heroes conformance tests: fixed positions, forced dice and decks."""

from __future__ import annotations

from typing import Any

import capes
from capes.games.heroes.engine import HeroesState

# die face indices in capes/games/heroes/dice.py FACES
BLANK, HIT, HIT_B, TWO_HITS, TROUBLE, HIT_BOOST = 0, 1, 2, 3, 4, 5


def new(players: int = 2, first: int = 0, scenario: str = "born_again", seed: int = 1, **cfg: Any) -> HeroesState:
    game = capes.load("heroes", players=players, scenario=scenario, **cfg)
    st = game.new_game_at(seed, first=first)  # type: ignore[attr-defined]
    assert isinstance(st, HeroesState)
    return st


def play(st: HeroesState, *ids: str) -> None:
    """Apply each option id in turn (each must be legal). A Play Villains draw question (heroes/troubleshooting/3/draw)
    met on the way is answered "draw them all" unless the next id answers it."""
    for oid in ids:
        while not oid.startswith("draw:") and st.decision.find(oid) is None and st.decision.ids()[:1] and \
                st.decision.ids()[0].startswith("draw:"):
            st.apply(st.decision.ids()[0])
        st.apply(oid)


def seat_to_act(st: HeroesState) -> int:
    d = st.decision
    assert d.seat is not None
    return d.seat


def refresh(st: HeroesState) -> None:
    st._decision = None


def rules_cited(st: HeroesState) -> set[str]:
    return {e.rule for e in st.log}


def to_actions(st: HeroesState) -> None:
    """Answer every Planning question with its last option (Recovery / no Ally / keep nothing)."""
    while st.decision.kind == "planning":
        st.apply(st.decision.ids()[-1])


def place(st: HeroesState, seat: int, hero: str, loc: int) -> None:
    i = st.game.team_heroes[st.teams[seat]].index(hero)
    st.hloc[seat][i] = loc
    refresh(st)
