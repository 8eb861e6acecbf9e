"""Stage: Goblin Glider Works — Grounded for Good (source: project): Charges planted on glider prototypes,
Disarmed, Detonation, Launches (an Other Spawn).

Rule ids (rules.yaml): alliances/player-decisions, alliances/stage/glider-works/detonate,
alliances/stage/glider-works/disarm, alliances/stage/glider-works/end, alliances/stage/glider-works/launch,
alliances/stage/glider-works/objective.
"""

from __future__ import annotations

from typing import Any

from capes.core.protocol import Decision, Option
from capes.games.alliances.decisions import answer, decider
from capes.games.alliances.objectives import contested_by_char, contested_by_enemy, securing
from capes.games.alliances.state import C_POS, C_POW, E_DAZ, E_POS, T_ID, T_KIND, T_POS, T_X, StateData

# The Objective tokens are glider prototypes. A prototype's T_X says what has happened to it:
#   0 nothing; ci + 1 a Charge planted by Character ci (still on the battlefield, or, once off it, sabotaged);
#   a negative number -(1 + rounds_total) it launched (left the battlefield) in that Round.

WORKS_NEEDED = 3  # alliances/stage/glider-works/end: prototypes to sabotage
CHARGE_EXTRA = 1  # alliances/stage/glider-works/objective: Power a Charge costs on top of the Interact


def _works_charged(st: StateData) -> list[list[Any]]:
    return [t for t in st.tokens if t[T_KIND] == "obj" and t[T_POS] >= 0 and t[T_X] > 0]


def _works_interact(st: StateData, ci: int) -> list[Option]:
    out: list[Option] = []
    near = st.board.within1[st.chars[ci][C_POS]]  # tokens_in_reach, and only the prototypes without a Charge
    protos = [t for t in st.tokens if t[T_POS] in near and t[T_KIND] == "obj" and t[T_X] == 0]
    if not protos or st.chars[ci][C_POW] < st._interact_cost(ci) + CHARGE_EXTRA:
        return out  # alliances/stage/glider-works/objective: a Charge costs the Interact's Power and more
    for t in protos:
        if (ci, t[T_ID]) not in st.interacted and securing(st, ci, t):
            out.append(Option(f"interact:{t[T_ID]}", f"Interact: plant a Charge on the glider prototype at {st.lbl(t[T_POS])}",
                              "Interact"))
    return out


def _works_do(st: StateData, ci: int, parts: list[str]) -> None:
    # alliances/stage/glider-works/objective: plant a Charge on a Secured prototype (1 Power more than an Interact)
    tid = int(parts[0])
    st.interacted = (*st.interacted, (ci, tid))
    tok = next(t for t in st.tokens if t[T_ID] == tid)
    tok[T_X] = ci + 1
    st.chars[ci][C_POW] -= CHARGE_EXTRA
    st.emit("alliances/stage/glider-works/objective", f"{st.cname(ci)} plants a Charge on the glider prototype at {st.lbl(tok[T_POS])}.")


def launch_candidates(st: StateData) -> list[list[Any]]:
    """alliances/stage/glider-works/launch: the prototypes without a Charge nearest a non-Dazed Enemy, when one
    launches at the end of this Turn (the second Turn of a Round, none launched yet this Round, and more
    prototypes on the battlefield than the Characters still need to sabotage); else none."""
    if st.turn != 1 or any(t[T_KIND] == "obj" and t[T_X] == -(1 + st.rounds_total) for t in st.tokens):
        return []
    left = [t for t in st.tokens if t[T_KIND] == "obj" and t[T_POS] >= 0]
    if len(left) <= WORKS_NEEDED - st.completed:
        return []
    free = [t for t in left if t[T_X] == 0]
    ens = [e[E_POS] for e in st.enemies if not e[E_DAZ] and e[E_POS] >= 0]
    if not free or not ens:
        return []
    d = st.board.dist
    near = {t[T_ID]: min(d[t[T_POS]][p] for p in ens) for t in free}
    best = min(near.values())
    return [t for t in free if near[t[T_ID]] == best]


def _works_launch(st: StateData, tok: list[Any]) -> None:
    # alliances/stage/glider-works/launch: removed (not Completed), then an Other Spawn
    st.emit("alliances/stage/glider-works/launch",
            f"A Goblin Glider roars off the line at {st.lbl(tok[T_POS])}, and its pilot joins the fight.")
    tok[T_POS] = -1
    tok[T_X] = -(1 + st.rounds_total)
    st._push(("other_spawn",), ("compact",))


@decider("launch")
def _launch_d(st: StateData) -> Decision:
    opts = [Option(f"launch:{st.lbl(t[T_POS])}", f"The glider prototype at {st.lbl(t[T_POS])} launches")
            for t in st.tokens if t[T_ID] in st.pending[2]]  # type: ignore[index]
    return Decision(st.pending[1], "Tie: which glider prototype launches (nearest an Enemy)?",  # type: ignore[index]
                    tuple(opts), kind="launch")


@answer("launch")
def _launch_a(st: StateData, oid: str, p: tuple[Any, ...]) -> None:
    s = st.board.parse(oid.split(":", 1)[1])
    _works_launch(st, next(t for t in st.tokens if t[T_KIND] == "obj" and t[T_POS] == s))


def _works_end(st: StateData) -> bool:
    """End of each Turn in Grounded for Good: Disarmed, then (end of a Round) Detonation, the End of Stage check,
    then (end of a Round) a Launch. Frames that need the players (Heroic Assists, a Launch tie) run before the
    Turn's end is resolved again; a second pass finds nothing left to do but what it has not done yet."""
    blown = []
    for t in _works_charged(st):
        if contested_by_enemy(st, t[T_POS]):
            if not contested_by_char(st, t[T_POS]):
                # alliances/stage/glider-works/disarm: Contested by an Enemy and by no Character
                st.emit("alliances/stage/glider-works/disarm",
                        f"Goblin's minions disarm the Charge on the glider prototype at {st.lbl(t[T_POS])}.")
                t[T_X] = 0
        elif st.turn == 1:
            blown.append(t)  # alliances/stage/glider-works/detonate: end of the Round, no Enemy Contests it
    if blown:
        st._push(("end_turn", st.turn))
        for t in blown:
            st.emit("alliances/stage/glider-works/detonate",
                    f"The Charge blows: the glider prototype at {st.lbl(t[T_POS])} is sabotaged.")
            st._complete_objective(t[T_X] - 1, t)  # the Charge is the planting Character's effect
        return False
    if st.completed >= WORKS_NEEDED:  # alliances/stage/glider-works/end
        return True
    cands = launch_candidates(st)
    if cands:
        # alliances/stage/glider-works/launch (ties: the Priority Player decides, alliances/player-decisions)
        st._push(("end_turn", st.turn))
        if len(cands) > 1:
            st._ask("launch", st.prio_seat, tuple(t[T_ID] for t in cands))
        else:
            _works_launch(st, cands[0])
    return False
