"""What each Stage asks of the squad, as the heuristic reads it: the Spaces a Character heads for, whether it can
pay for the Interact there, and what the squad's Spaces are worth to the Stage."""

from __future__ import annotations

from typing import Any

from capes.games.alliances.state import C_HELD, C_POW, E_DAZ, E_POS, T_KIND, T_POS, T_SYM, T_X


def goals(state: Any, ci: int) -> list[int]:
    """Spaces Character ``ci`` would like to stand next to, most important first."""
    script = state.stage.script
    toks = [t for t in state.tokens if t[T_POS] >= 0]
    c = state.chars[ci]
    out: list[int] = []
    if script == "oscorp_lab":
        held = {x for _, x in c[C_HELD]}
        samples = {t[T_SYM]: t for t in toks if t[T_KIND] == "obj"}
        out += [t[T_POS] for t in samples.values() if t[T_SYM] in held]
        if len(c[C_HELD]) < 2:
            out += [t[T_POS] for t in toks if t[T_KIND] == "ing" and t[T_SYM] in samples
                    and samples[t[T_SYM]][T_X] < 2]
    elif script == "glider_works":  # prototypes still without a Charge, else those with one (to guard)
        free = [t[T_POS] for t in toks if t[T_KIND] == "obj" and t[T_X] == 0]
        out += free or [t[T_POS] for t in toks if t[T_KIND] == "obj"]
    elif script == "subway_rescue":  # Civilians to lead out
        out += [t[T_POS] for t in toks if t[T_KIND] == "obj"]
    else:
        out += [t[T_POS] for t in toks if t[T_KIND] == "brace" and not state.braces[t[T_X]]]
    return out


def can_pay(st: Any, ci: int) -> bool:
    """Has Character ``ci`` the Power its Stage's Interact costs (a Charge costs 1 more), or will it next Round?"""
    c = st.chars[ci]
    cost = st._interact_cost(ci) + (1 if st.stage.script == "glider_works" else 0)
    return bool(c[C_POW] + (1 if st.turn == 1 else 0) >= cost)


def stage_value(st: Any, pos: list[int]) -> float:
    """What the squad's Spaces are worth to the Stage beyond each one's own goals: Grounded for Good's Charges
    are Disarmed when an Enemy and no Character Contests their prototype at the end of a Turn, so one stays by."""
    if st.stage.script != "glider_works":
        return 0.0
    b = st.board
    v = 0.0
    ens = [e[E_POS] for e in st.enemies if not e[E_DAZ] and e[E_POS] >= 0]
    for t in st.tokens:
        if t[T_KIND] != "obj" or t[T_POS] < 0 or t[T_X] <= 0:
            continue
        d = b.dist[t[T_POS]]
        if any(x >= 0 and d[x] <= 1 for x in pos):
            near = sum(1 for x in ens if d[x] <= 4)
            v += 4.0 + 4.0 * min(near, 2)
    return v

