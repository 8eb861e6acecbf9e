"""Stage Card scripts, keyed by a Stage's ``script`` id: setup, Interact, KO hooks, End of Stage."""

from __future__ import annotations

from typing import Any

from capes.core.protocol import Decision, Option
from capes.games.alliances.content import RESULT_NAMES
from capes.games.alliances.decisions import INTERACT_DO, answer, decider
from capes.games.alliances.engine import (
    C_DAZ,
    C_HELD,
    C_POS,
    C_POW,
    E_DAZ,
    E_POS,
    FRAMES,
    SCRIPTS_END,
    SCRIPTS_INTERACT,
    SCRIPTS_KO,
    SCRIPTS_SETUP,
    T_ID,
    T_KIND,
    T_POS,
    T_SYM,
    T_X,
    AlliancesState,
)


def contested_by_enemy(st: AlliancesState, pos: int) -> bool:
    # alliances/objective/contest: a non-Dazed Enemy within Range 1
    d = st.board.dist[pos]
    return any(not e[E_DAZ] and d[e[E_POS]] <= 1 for e in st.enemies)


def _contested_by_char(st: AlliancesState, pos: int) -> bool:
    # alliances/objective/contest: a non-Dazed Character within Range 1
    d = st.board.dist[pos]
    return any(not c[C_DAZ] and c[C_POS] >= 0 and d[c[C_POS]] <= 1 for c in st.chars)


def securing(st: AlliancesState, ci: int, tok: list[Any]) -> bool:
    # alliances/objective/secure
    c = st.chars[ci]
    return (not c[C_DAZ] and tok[T_POS] >= 0 and st.board.dist[c[C_POS]][tok[T_POS]] <= 1
            and not contested_by_enemy(st, tok[T_POS]))


def _near(st: AlliancesState, ci: int, tok: list[Any]) -> bool:
    return tok[T_POS] >= 0 and st.board.dist[st.chars[ci][C_POS]][tok[T_POS]] <= 1


# --- Oscorp Lab: Come Into My Lair Said the Goblin to the Spider (source: rulebook) ---------------

def _lab_setup(st: AlliancesState) -> None:
    # alliances/stage/oscorp-lab/setup: 12 Ingredients face down (ruling: 3 of each Sample symbol)
    st.pool = [3, 3, 3, 3]
    st.emit("alliances/stage/oscorp-lab/setup", "The 12 Ingredients are shuffled face down into the Ingredient Pool.")


def _lab_interact(st: AlliancesState, ci: int) -> list[Option]:
    out = []
    held = {x for _, x in st.chars[ci][C_HELD]}
    offered: set[tuple[int, int]] = set()
    for t in st.tokens:
        if not _near(st, ci, t) or not st._can_interact(ci, t[T_ID]):
            continue
        if t[T_KIND] == "ing":
            if (t[T_SYM], t[T_POS]) in offered:
                continue  # two alike Ingredients in one Space are one choice for the player
            offered.add((t[T_SYM], t[T_POS]))
            out.append(Option(f"interact:{t[T_ID]}", f"Interact: pick up the {RESULT_NAMES[t[T_SYM]]} Ingredient at {st.lbl(t[T_POS])}"))
        elif t[T_KIND] == "obj" and t[T_SYM] in held and not contested_by_enemy(st, t[T_POS]):
            out.append(Option(f"interact:{t[T_ID]}", f"Interact: add Ingredients to the {RESULT_NAMES[t[T_SYM]]} Sample"))
    # alliances/stage/lab-partners: the holder's player is asked when it is another player (ruling 22)
    if st.chars[ci][C_POW] >= st._interact_cost(ci):
        for j, cj in enumerate(st.chars):
            if j != ci and cj[C_HELD] and cj[C_POS] >= 0 and st.board.dist[cj[C_POS]][st.chars[ci][C_POS]] <= 1:
                for tid, sym in sorted({x[1]: x for x in cj[C_HELD]}.values()):
                    if (ci, tid) in st.interacted:
                        continue
                    out.append(Option(f"interact:held:{st.game.squad[j]}:{RESULT_NAMES[sym]}",
                                      f"Lab Partners: take the {RESULT_NAMES[sym].title()} Ingredient from {st.cname(j)}"))
    return out


def _lab_do(st: AlliancesState, ci: int, parts: list[str]) -> None:
    if parts[0] == "held":
        j = st.game.squad.index(parts[1])
        sym = RESULT_NAMES.index(parts[2])
        h = list(st.chars[j][C_HELD])
        pair = next(x for x in h if x[1] == sym)
        h.remove(pair)
        st.chars[j][C_HELD] = tuple(h)
        st.interacted = (*st.interacted, (ci, pair[0]))
        st.emit("alliances/stage/lab-partners", f"{st.cname(ci)} takes a {parts[2].title()} Ingredient from {st.cname(j)}.")
        st._push(("ing_take", ci, pair[0], sym, 0))
        return
    tid = int(parts[0])
    st.interacted = (*st.interacted, (ci, tid))
    tok = next(t for t in st.tokens if t[T_ID] == tid)
    if tok[T_KIND] == "ing":
        # alliances/stage/interact-ingredient
        st.tokens.remove(tok)
        st.emit("alliances/stage/interact-ingredient", f"{st.cname(ci)} picks up a {RESULT_NAMES[tok[T_SYM]].title()} Ingredient.")
        st._push(("ing_take", ci, tok[T_ID], tok[T_SYM], 0))
        return
    # alliances/stage/oscorp-lab/objective: Place matching Ingredients on the Sample
    c = st.chars[ci]
    h = list(c[C_HELD])
    for pair in [x for x in h if x[1] == tok[T_SYM]]:
        if tok[T_X] >= 2:
            break
        h.remove(pair)
        tok[T_X] += 1
    c[C_HELD] = tuple(h)
    st.emit("alliances/stage/oscorp-lab/objective", f"{st.cname(ci)} adds Ingredients to the {RESULT_NAMES[tok[T_SYM]].title()} Sample ({tok[T_X]}/2).")
    if tok[T_X] >= 2:
        st.emit("alliances/stage/oscorp-lab/objective", f"The {RESULT_NAMES[tok[T_SYM]].title()} Sample is Synthesized.")
        st._complete_objective(ci, tok)


def _f_ing_take(st: AlliancesState, ci: int, tid: int, sym: int, dropped: int) -> None:
    # alliances/tokens/hold: at most 2 Ingredients; Place one within 1 Space before a third
    c = st.chars[ci]
    if len(c[C_HELD]) >= 2 and not dropped:
        if len({x for _, x in c[C_HELD]}) == 1:
            first, rest = c[C_HELD][0], c[C_HELD][1:]
            c[C_HELD] = rest
            st._push(("drop", ci, first[0], first[1]), ("ing_take", ci, tid, sym, 1))
            return
        st._ask("drop_choice", st.seat_of(ci), ci, tuple(c[C_HELD]), (tid, sym))
        return
    c[C_HELD] = (*c[C_HELD], (tid, sym))


def _lab_ko(st: AlliancesState, e: list[Any]) -> None:
    # alliances/stage/scientific-method: reveal a random Ingredient into the Minion's Space
    n = sum(st.pool)
    if not n:
        return
    k = st.rng.randbelow(n)
    for sym in range(4):
        if k < st.pool[sym]:
            break
        k -= st.pool[sym]
    st.pool[sym] -= 1
    st._put_ing(sym, e[E_POS])
    st.emit("alliances/stage/scientific-method", f"Scientific Method: a {RESULT_NAMES[sym].title()} Ingredient is revealed at {st.lbl(e[E_POS])}.")


def _lab_end(st: AlliancesState) -> bool:
    # alliances/stage/oscorp-lab/end: 3 or more Samples Synthesized
    return st.completed >= 3


# --- Goblin Glider Works: Grounded for Good (source: project) ----------------------------------
# The Objective tokens are glider prototypes. A prototype's T_X says what has happened to it:
#   0 nothing; ci + 1 a Charge planted by Character ci (still on the battlefield, or, once off it, sabotaged);
#   a negative number -(1 + rounds_total) it launched (left the battlefield) in that Round.

WORKS_NEEDED = 3  # alliances/stage/glider-works/end: prototypes to sabotage
CHARGE_EXTRA = 1  # alliances/stage/glider-works/objective: Power a Charge costs on top of the Interact

def _works_charged(st: AlliancesState) -> list[list[Any]]:
    return [t for t in st.tokens if t[T_KIND] == "obj" and t[T_POS] >= 0 and t[T_X] > 0]


def _works_interact(st: AlliancesState, ci: int) -> list[Option]:
    out = []
    for t in st.tokens:
        if (t[T_KIND] == "obj" and t[T_X] == 0 and securing(st, ci, t) and st._can_interact(ci, t[T_ID])
                and st.chars[ci][C_POW] >= st._interact_cost(ci) + CHARGE_EXTRA):
            out.append(Option(f"interact:{t[T_ID]}", f"Interact: plant a Charge on the glider prototype at {st.lbl(t[T_POS])}"))
    return out


def _works_do(st: AlliancesState, ci: int, parts: list[str]) -> None:
    # alliances/stage/glider-works/objective: plant a Charge on a Secured prototype (1 Power more than an Interact)
    tid = int(parts[0])
    st.interacted = (*st.interacted, (ci, tid))
    tok = next(t for t in st.tokens if t[T_ID] == tid)
    tok[T_X] = ci + 1
    st.chars[ci][C_POW] -= CHARGE_EXTRA
    st.emit("alliances/stage/glider-works/objective", f"{st.cname(ci)} plants a Charge on the glider prototype at {st.lbl(tok[T_POS])}.")


def launch_candidates(st: AlliancesState) -> list[list[Any]]:
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



def _works_launch(st: AlliancesState, tok: list[Any]) -> None:
    # alliances/stage/glider-works/launch: removed (not Completed), then an Other Spawn
    st.emit("alliances/stage/glider-works/launch",
            f"A Goblin Glider roars off the line at {st.lbl(tok[T_POS])}, and its pilot joins the fight.")
    tok[T_POS] = -1
    tok[T_X] = -(1 + st.rounds_total)
    st._push(("other_spawn",), ("compact",))


@decider("launch")
def _launch_d(st: AlliancesState) -> Decision:
    opts = [Option(f"launch:{st.lbl(t[T_POS])}", f"The glider prototype at {st.lbl(t[T_POS])} launches")
            for t in st.tokens if t[T_ID] in st.pending[2]]  # type: ignore[index]
    return Decision(st.pending[1], "Tie: which glider prototype launches (nearest an Enemy)?",  # type: ignore[index]
                    tuple(opts), kind="launch")


@answer("launch")
def _launch_a(st: AlliancesState, oid: str, p: tuple[Any, ...]) -> None:
    s = st.board.parse(oid.split(":", 1)[1])
    _works_launch(st, next(t for t in st.tokens if t[T_KIND] == "obj" and t[T_POS] == s))


def _works_end(st: AlliancesState) -> bool:
    """End of each Turn in Grounded for Good: Disarmed, then (end of a Round) Detonation, the End of Stage check,
    then (end of a Round) a Launch. Frames that need the players (Heroic Assists, a Launch tie) run before the
    Turn's end is resolved again; a second pass finds nothing left to do but what it has not done yet."""
    blown = []
    for t in _works_charged(st):
        if contested_by_enemy(st, t[T_POS]):
            if not _contested_by_char(st, t[T_POS]):
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


# --- Goblin-Wrecked Subway Station: Last Train Out (source: project) ----------------------------
# The Objective tokens are Civilians; the Spaces tagged ``exit`` are the Exits. A Civilian's T_X holds the
# stamp of the Turn in which it was last Dragged Off (0: never), so each is dragged at most once per Turn.

def _exits(st: AlliancesState) -> tuple[int, ...]:
    return st.stage.tags.get("exit", ())


def _to_nearest(st: AlliancesState, pos: int, goals: tuple[int, ...] | list[int]) -> int:
    d = st.board.dist
    return min((d[pos][g] for g in goals), default=0)


def lead_spaces(st: AlliancesState, pos: int) -> list[int]:
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


def _turn_stamp(st: AlliancesState) -> int:
    return 2 * st.rounds_total + st.turn + 1


def drag_candidates(st: AlliancesState) -> list[list[Any]]:
    """alliances/stage/subway-rescue/dragged-off: Civilians an Enemy Contests and no Character Contests,
    not yet Dragged Off this Turn."""
    stamp = _turn_stamp(st)
    return [t for t in st.tokens if t[T_KIND] == "obj" and t[T_POS] >= 0 and t[T_X] != stamp
            and contested_by_enemy(st, t[T_POS]) and not _contested_by_char(st, t[T_POS])]


def _subway_setup(st: AlliancesState) -> None:
    # alliances/stage/subway-rescue/setup
    st.emit("alliances/stage/subway-rescue/setup", "The four Objective tokens are Civilians trapped in the station; "
            "the Exits are at " + ", ".join(st.lbl(s) for s in _exits(st)) + ".")


def _subway_interact(st: AlliancesState, ci: int) -> list[Option]:
    out: list[Option] = []
    if not _exits(st):
        return out  # a board without Exits (user content) has nowhere to lead the Civilians
    for t in st.tokens:
        if t[T_KIND] == "obj" and securing(st, ci, t) and st._can_interact(ci, t[T_ID]):
            for s in lead_spaces(st, t[T_POS]):
                out.append(Option(f"interact:{t[T_ID]}:{st.lbl(s)}",
                                  f"Interact: lead the Civilian at {st.lbl(t[T_POS])} to {st.lbl(s)}"
                                  + (" (an Exit: evacuated)" if s in _exits(st) else "")))
    return out


def _subway_do(st: AlliancesState, ci: int, parts: list[str]) -> None:
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


def _f_civ_drag(st: AlliancesState) -> None:
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


def _drag_to(st: AlliancesState, tok: list[Any], s: int) -> None:
    st.emit("alliances/stage/subway-rescue/dragged-off",
            f"Goblin's minions drag the Civilian at {st.lbl(tok[T_POS])} off to {st.lbl(s)}.")
    tok[T_POS] = s


@decider("civ_drag")
def _civ_drag_d(st: AlliancesState) -> Decision:
    _, _, tid, spaces = st.pending  # type: ignore[misc]
    tok = next(t for t in st.tokens if t[T_ID] == tid)
    opts = [Option(f"drag:{st.lbl(s)}", f"The Civilian at {st.lbl(tok[T_POS])} is dragged to {st.lbl(s)}") for s in spaces]
    return Decision(st.pending[1], "Tie: which way is the Civilian dragged off (Toward the nearest Spawn Space)?",  # type: ignore[index]
                    tuple(opts), kind="drag")


@answer("civ_drag")
def _civ_drag_a(st: AlliancesState, oid: str, p: tuple[Any, ...]) -> None:
    tok = next(t for t in st.tokens if t[T_ID] == p[2])
    _drag_to(st, tok, st.board.parse(oid.split(":", 1)[1]))


def _subway_end(st: AlliancesState) -> bool:
    # alliances/stage/subway-rescue/dragged-off happens at the end of the Turn, before the End of Stage check
    if drag_candidates(st):
        st._push(("civ_drag",), ("end_turn", st.turn))
        return False
    return st.completed >= 3  # alliances/stage/subway-rescue/end


# --- Boss Battle: Green Goblin Always Has the Last Laugh (board: source project) ----------------

def _boss_setup(st: AlliancesState) -> None:
    # alliances/stage/last-laugh/setup: a Brace on each Brace Space, in its starting position
    st.braces = []
    for tag in sorted(st.stage.tags):
        for s in st.stage.tags[tag]:
            st.tokens.append([st.next_tid, "brace", s, 4, len(st.braces)])
            st.next_tid += 1
            st.braces.append(0)


def _boss_interact(st: AlliancesState, ci: int) -> list[Option]:
    out = []
    for t in st.tokens:
        if t[T_KIND] == "brace" and not st.braces[t[T_X]] and _near(st, ci, t) and st._can_interact(ci, t[T_ID]):
            out.append(Option(f"interact:{t[T_ID]}", f"Interact: turn the Brace at {st.lbl(t[T_POS])}"))
    return out


def _boss_do(st: AlliancesState, ci: int, parts: list[str]) -> None:
    # alliances/stage/last-laugh/brace
    tid = int(parts[0])
    st.interacted = (*st.interacted, (ci, tid))
    tok = next(t for t in st.tokens if t[T_ID] == tid)
    st.braces[tok[T_X]] = 1
    st.emit("alliances/stage/last-laugh/brace", f"{st.cname(ci)} turns the Brace at {st.lbl(tok[T_POS])}.")
    pair = tok[T_X] // 2
    if st.braces[2 * pair] and st.braces[2 * pair + 1]:
        st.emit("alliances/stage/last-laugh/web-line", "A Web Line stretches between the two Braces.")


def _boss_end(st: AlliancesState) -> bool:
    # alliances/stage/last-laugh/end: 2 Dazed tokens on the Boss Daze Tracker
    return st.boss_dazes >= 2


SCRIPTS_SETUP.update(oscorp_lab=_lab_setup, subway_rescue=_subway_setup, goblins_last_laugh=_boss_setup)
SCRIPTS_INTERACT.update(oscorp_lab=_lab_interact, glider_works=_works_interact, subway_rescue=_subway_interact,
                        goblins_last_laugh=_boss_interact)
INTERACT_DO.update(oscorp_lab=_lab_do, glider_works=_works_do, subway_rescue=_subway_do, goblins_last_laugh=_boss_do)
SCRIPTS_KO.update(oscorp_lab=_lab_ko)
SCRIPTS_END.update(oscorp_lab=_lab_end, glider_works=_works_end, subway_rescue=_subway_end, goblins_last_laugh=_boss_end)
FRAMES["ing_take"] = _f_ing_take
FRAMES["civ_drag"] = _f_civ_drag
