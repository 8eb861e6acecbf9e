"""Stage: Oscorp Lab — Come Into My Lair Said the Goblin to the Spider (source: rulebook, Printed Card Text
> Oscorp Lab Stage Card; Appendix C: Stage Examples): the Ingredient Pool, picking up and holding Ingredients,
Lab Partners, Synthesizing Samples, Scientific Method.

Rule ids (rules.yaml): alliances/stage/interact-ingredient, alliances/stage/lab-partners,
alliances/stage/oscorp-lab/end, alliances/stage/oscorp-lab/objective, alliances/stage/oscorp-lab/setup,
alliances/stage/scientific-method, alliances/tokens/hold.
"""

from __future__ import annotations

from typing import Any

from capes.core.protocol import Decision, Option
from capes.games.alliances.content import RESULT_NAMES
from capes.games.alliances.decisions import INTERACT_DO, answer, decider, frame, kept, question
from capes.games.alliances.objectives import contested_by_enemy, tokens_in_reach
from capes.games.alliances.state import (
    C_HELD,
    C_POS,
    C_POW,
    E_POS,
    T_ID,
    T_KIND,
    T_POS,
    T_SYM,
    T_X,
    StateData,
)


def _lab_setup(st: StateData) -> None:
    # alliances/stage/oscorp-lab/setup: 12 Ingredients face down (ruling: 3 of each Sample symbol)
    st.pool = [3, 3, 3, 3]
    st.emit("alliances/stage/oscorp-lab/setup", "The 12 Ingredients are shuffled face down into the Ingredient Pool.")


def _lab_interact(st: StateData, ci: int) -> list[Option]:
    out: list[Option] = []
    reach = tokens_in_reach(st, ci)  # alliances/interact: a token within Range 1
    near = st.board.dist[st.chars[ci][C_POS]]
    partners = [j for j, cj in enumerate(st.chars) if j != ci and cj[C_HELD] and cj[C_POS] >= 0 and near[cj[C_POS]] <= 1]
    if not reach and not partners or st.chars[ci][C_POW] < st._interact_cost(ci):
        return out  # nothing to Interact with, or not the Power every Interact here costs
    held = {x for _, x in st.chars[ci][C_HELD]}
    offered: set[tuple[int, int]] = set()
    done = st.interacted
    menus = st.game.menus
    b = st.board
    for t in reach:
        if (ci, t[T_ID]) in done:
            continue  # alliances/interact: once per token per Turn
        if t[T_KIND] == "ing":
            if (t[T_SYM], t[T_POS]) in offered:
                continue  # two alike Ingredients in one Space are one choice for the player
            offered.add((t[T_SYM], t[T_POS]))
            # kept per Game: made of the token's id, symbol and Space (named by the board)
            key = ("ing", t[T_ID], t[T_SYM], t[T_POS], b)
            o = menus.get(key)
            if o is None:
                o = kept(menus, key, Option(f"interact:{t[T_ID]}", f"Interact: pick up the {RESULT_NAMES[t[T_SYM]]} "
                                            f"Ingredient at {b.labels[t[T_POS]]}", "Interact"))
            out.append(o)
        elif t[T_KIND] == "obj" and t[T_SYM] in held and not contested_by_enemy(st, t[T_POS]):
            key = ("sample", t[T_ID], t[T_SYM])
            o = menus.get(key)
            if o is None:
                o = kept(menus, key, Option(f"interact:{t[T_ID]}", f"Interact: add Ingredients to the "
                                            f"{RESULT_NAMES[t[T_SYM]]} Sample", "Interact"))
            out.append(o)
    # alliances/stage/lab-partners: the holder's player is asked when it is another player (ruling 22)
    for j in partners:
        for tid, sym in sorted({x[1]: x for x in st.chars[j][C_HELD]}.values()):
            if (ci, tid) in done:
                continue
            out.append(Option(f"interact:held:{st.game.squad[j]}:{RESULT_NAMES[sym]}",
                              f"Lab Partners: take the {RESULT_NAMES[sym].title()} Ingredient from {st.cname(j)}", "Interact"))
    return out


def _lab_do(st: StateData, ci: int, parts: list[str]) -> None:
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


@frame("ing_take")
def _f_ing_take(st: StateData, ci: int, tid: int, sym: int, dropped: int) -> None:
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


def _lab_ko(st: StateData, e: list[Any]) -> None:
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


def _lab_end(st: StateData) -> bool:
    # alliances/stage/oscorp-lab/end: 3 or more Samples Synthesized
    return st.completed >= 3


@decider("consent")
def _consent_d(st: StateData) -> Decision:
    _, _, ci, j, sym = st.pending  # type: ignore[misc]
    opts = [Option("agree", f"Agree: {st.cname(ci)} takes the {sym.title()} Ingredient from {st.cname(j)}"),
            Option("refuse", "Refuse")]
    return question(st, f"Lab Partners: do you agree to hand over {st.cname(j)}'s Ingredient?", opts, "consent")


@answer("consent")
def _consent_a(st: StateData, oid: str, p: tuple[Any, ...]) -> None:
    _, _, ci, j, sym = p
    if oid == "agree":
        st.chars[ci][C_POW] -= st._interact_cost(ci)
        INTERACT_DO[st.stage.script](st, ci, ["held", st.game.squad[j], sym])
    else:
        # a refusal uses up that Interact for this Turn (so it is not offered again)
        pair = next((x for x in st.chars[j][C_HELD] if RESULT_NAMES[x[1]] == sym), None)
        if pair is not None:
            st.interacted = (*st.interacted, (ci, pair[0]))
        st.emit("alliances/stage/lab-partners", f"{st.cname(j)}'s player does not agree.")


@decider("drop_choice")
def _drop_choice_d(st: StateData) -> Decision:
    _, _, ci, held, new = st.pending  # type: ignore[misc]
    opts = [Option(f"drop:{RESULT_NAMES[s]}", f"Put down the {RESULT_NAMES[s].title()} Ingredient") for s in sorted({x for _, x in held})]
    return question(st, f"{st.cname(ci)} can hold only 2 Ingredients: which one is Placed?", opts, "drop")


@answer("drop_choice")
def _drop_choice_a(st: StateData, oid: str, p: tuple[Any, ...]) -> None:
    _, _, ci, held, new = p
    sym = RESULT_NAMES.index(oid.split(":")[1])
    h = list(st.chars[ci][C_HELD])
    pair = next(x for x in h if x[1] == sym)
    h.remove(pair)
    st.chars[ci][C_HELD] = tuple(h)
    st._push(("drop", ci, pair[0], sym), ("ing_take", ci, new[0], new[1], 1))
