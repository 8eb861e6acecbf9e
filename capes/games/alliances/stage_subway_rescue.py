"""Stage: Goblin-Wrecked Subway Station — Last Train Out (source: project): Civilians led Toward the Exits,
evacuated, and Dragged Off by Enemies.

Rule ids (rules.yaml): alliances/stage/subway-rescue/dragged-off, alliances/stage/subway-rescue/end,
alliances/stage/subway-rescue/evacuate, alliances/stage/subway-rescue/objective,
alliances/stage/subway-rescue/setup.
"""

from __future__ import annotations

from typing import Any

from capes.core.protocol import Decision, Option
from capes.games.alliances.decisions import answer, decider, frame
from capes.games.alliances.objectives import contested_by_char, contested_by_enemy, securing, tokens_in_reach
from capes.games.alliances.state import C_POW, T_ID, T_KIND, T_POS, T_X, StateData

# The Objective tokens are Civilians; the Spaces tagged ``exit`` are the Exits. A Civilian's T_X holds the
# stamp of the Turn in which it was last Dragged Off (0: never), so each is dragged at most once per Turn.


def _exits(st: StateData) -> tuple[int, ...]:
    return st.stage.tags.get("exit", ())


def _to_nearest(st: StateData, pos: int, goals: tuple[int, ...] | list[int]) -> int:
    d = st.board.dist
    return min((d[pos][g] for g in goals), default=0)


def lead_spaces(st: StateData, pos: int) -> list[int]:
    """alliances/stage/subway-rescue/objective: where a Civilian at ``pos`` can end when led 2 Spaces Toward
    the nearest Exit (as near an Exit as 2 Spaces allow; it ignores Terrain and other objects)."""
    key = (st.board, pos)  # static per board: cached (boards hash by identity)
    got = _LEAD.get(key)
    if got is None:
        ex = _exits(st)
        b = st.board
        want = max(0, _to_nearest(st, pos, ex) - 2)
        got = _LEAD[key] = tuple(t for t in b.ball(pos, 2) + (pos,) if _to_nearest(st, t, ex) == want)
    return sorted(got)


_LEAD: dict[tuple[Any, int], tuple[int, ...]] = {}


def _turn_stamp(st: StateData) -> int:
    return 2 * st.rounds_total + st.turn + 1


def drag_candidates(st: StateData) -> list[list[Any]]:
    """alliances/stage/subway-rescue/dragged-off: Civilians an Enemy Contests and no Character Contests,
    not yet Dragged Off this Turn."""
    stamp = _turn_stamp(st)
    return [t for t in st.tokens if t[T_KIND] == "obj" and t[T_POS] >= 0 and t[T_X] != stamp
            and contested_by_enemy(st, t[T_POS]) and not contested_by_char(st, t[T_POS])]


def _subway_setup(st: StateData) -> None:
    # alliances/stage/subway-rescue/setup
    st.emit("alliances/stage/subway-rescue/setup", "The four Objective tokens are Civilians trapped in the station; "
            "the Exits are at " + ", ".join(st.lbl(s) for s in _exits(st)) + ".")


def _led_by(st: StateData, tok: list[Any]) -> tuple[int, ...]:
    """The Characters that led Civilian ``tok`` this Turn (they cannot Interact with it again this Turn)."""
    return tuple(sorted(c for c, tid in st.interacted if tid == tok[T_ID]))


def _subway_interact(st: StateData, ci: int) -> list[Option]:
    out: list[Option] = []
    civilians = [t for t in tokens_in_reach(st, ci) if t[T_KIND] == "obj"]
    if not civilians or not _exits(st) or st.chars[ci][C_POW] < st._interact_cost(ci):
        return out  # a board without Exits (user content) has nowhere to lead the Civilians; no Power, no Interact
    free = [t for t in civilians if (ci, t[T_ID]) not in st.interacted and securing(st, ci, t)]
    # Civilians sharing a Space (Dragged Off onto one) look alike: those the same Characters led this Turn (or none
    # did) are one choice for the player, as two alike Ingredients are (stage_oscorp_lab); the others are each
    # offered, named by who led them, since that decides who may still lead them this Turn. (Being Dragged Off
    # happens at the end of the Turn, after every Activation, so it never tells two apart here.)
    led_by = [_led_by(st, t) for t in free]
    kinds: dict[int, set[tuple[int, ...]]] = {}
    for t, led in zip(free, led_by, strict=True):
        kinds.setdefault(t[T_POS], set()).add(led)
    offered: set[tuple[int, tuple[int, ...]]] = set()
    for t, led in zip(free, led_by, strict=True):
        if (t[T_POS], led) in offered:
            continue
        offered.add((t[T_POS], led))
        where = st.lbl(t[T_POS])
        if len(kinds[t[T_POS]]) > 1:
            where += f" (led by {' and '.join(st.cname(c) for c in led)} this Turn)" if led else " (not led this Turn)"
        for s in lead_spaces(st, t[T_POS]):
            out.append(Option(f"interact:{t[T_ID]}:{st.lbl(s)}", f"Interact: lead the Civilian at {where} to {st.lbl(s)}"
                              + (" (an Exit: evacuated)" if s in _exits(st) else ""), "Interact"))
    return out


def _subway_do(st: StateData, ci: int, parts: list[str]) -> None:
    # alliances/stage/subway-rescue/objective: the Civilian is led 2 Spaces Toward the nearest Exit
    tid = int(parts[0])
    st.interacted = (*st.interacted, (ci, tid))
    tok = next(t for t in st.tokens if t[T_ID] == tid)
    frm, to = tok[T_POS], st.board.parse(parts[1])
    tok[T_POS] = to
    st.emit("alliances/stage/subway-rescue/objective", f"{st.cname(ci)} leads a Civilian from {st.lbl(frm)} to {st.lbl(to)}.")
    if to in _exits(st):
        # alliances/stage/subway-rescue/evacuate: removed by the Character's effect (Objective Completed)
        st.emit("alliances/stage/subway-rescue/evacuate", f"The Civilian escapes up the stairs at {st.lbl(to)}.")
        st._complete_objective(ci, tok)


@frame("civ_drag")
def _f_civ_drag(st: StateData) -> None:
    # alliances/stage/subway-rescue/dragged-off: 1 Space Toward the nearest Spawn Space (ties: the players decide)
    spawns = st.stage.spaces_of("S")
    b = st.board
    for t in drag_candidates(st):
        t[T_X] = _turn_stamp(st)
        here = _to_nearest(st, t[T_POS], spawns)
        if here == 0:
            continue
        nxt = tuple(s for s in b.adj[t[T_POS]] if _to_nearest(st, s, spawns) == here - 1)
        if len(nxt) > 1:
            st._ask("civ_drag", st.prio_seat, t[T_ID], tuple(sorted(nxt)))
            st._push(("civ_drag",))
            return
        _drag_to(st, t, nxt[0])


def _drag_to(st: StateData, tok: list[Any], s: int) -> None:
    st.emit("alliances/stage/subway-rescue/dragged-off",
            f"Goblin's minions drag the Civilian at {st.lbl(tok[T_POS])} off to {st.lbl(s)}.")
    tok[T_POS] = s


@decider("civ_drag")
def _civ_drag_d(st: StateData) -> Decision:
    _, _, tid, spaces = st.pending  # type: ignore[misc]
    tok = next(t for t in st.tokens if t[T_ID] == tid)
    opts = [Option(f"drag:{st.lbl(s)}", f"The Civilian at {st.lbl(tok[T_POS])} is dragged to {st.lbl(s)}") for s in spaces]
    return Decision(st.pending[1], "Tie: which way is the Civilian dragged off (Toward the nearest Spawn Space)?",  # type: ignore[index]
                    tuple(opts), kind="drag")


@answer("civ_drag")
def _civ_drag_a(st: StateData, oid: str, p: tuple[Any, ...]) -> None:
    tok = next(t for t in st.tokens if t[T_ID] == p[2])
    _drag_to(st, tok, st.board.parse(oid.split(":", 1)[1]))


def _subway_end(st: StateData) -> bool:
    # alliances/stage/subway-rescue/dragged-off happens at the end of the Turn, before the End of Stage check
    if drag_candidates(st):
        st._push(("civ_drag",), ("end_turn", st.turn))
        return False
    return st.completed >= 3  # alliances/stage/subway-rescue/end
