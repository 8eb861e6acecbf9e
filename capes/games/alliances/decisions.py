"""Player decisions: how each pending kind becomes a Decision, and how an answer continues.

``state.pending = (kind, seat, *data)``. ``DECIDERS[kind](state)`` builds the Decision;
``ANSWERS[kind](state, option_id, pending)`` applies the answer (pushing frames).
"""

from __future__ import annotations

from typing import Any

from capes.core.protocol import Decision, Option
from capes.games.alliances.content import COND_BIT, RESULT_NAMES
from capes.games.alliances.engine import (
    ANSWERS,
    C_COND,
    C_POS,
    C_POW,
    C_SKUSED,
    DECIDERS,
    E_COND,
    AlliancesState,
    plural,
)


def decider(kind: str) -> Any:
    def wrap(f: Any) -> Any:
        DECIDERS[kind] = f
        return f
    return wrap


def answer(kind: str) -> Any:
    def wrap(f: Any) -> Any:
        ANSWERS[kind] = f
        return f
    return wrap


def _d(st: AlliancesState, prompt: str, opts: list[Option] | tuple[Option, ...], kind: str) -> Decision:
    return Decision(st.pending[1], prompt, tuple(opts), kind=kind)  # type: ignore[index]


# --- Mission ------------------------------------------------------------------------------
@decider("first_stage")
def _first_d(st: AlliancesState) -> Decision:
    opts = [Option(f"first:{sid}", f"Play {st.game.data.stages[sid].name} first") for sid in st.pending[2]]  # type: ignore[index]
    return _d(st, "Which Standard Stage do you complete first?", opts, "mission")


@answer("first_stage")
def _first_a(st: AlliancesState, oid: str, p: tuple[Any, ...]) -> None:
    sid = oid.split(":", 1)[1]
    std = st.order[:-1]
    i = std.index(sid)
    st.order = [std[i], *std[:i], *std[i + 1:], st.order[-1]]
    st._set_stage(0)
    st.emit("alliances/mission/build", f"The squad takes on {st.game.data.stages[sid].name} first.")


# --- Level-Up cards ---------------------------------------------------------------------
@decider("keep")
def _keep_d(st: AlliancesState) -> Decision:
    _, _, ci, drawn = st.pending  # type: ignore[misc]
    ch = st.game.data.characters[st.game.squad[ci]]
    opts = [Option(f"keep:{c}", f"Keep {ch.levelups[c].name} (Level {ch.levelups[c].level})") for c in drawn]
    return _d(st, f"{ch.name}: choose a Level-Up Card to keep", opts, "levelup")


@answer("keep")
def _keep_a(st: AlliancesState, oid: str, p: tuple[Any, ...]) -> None:
    st._gain_card(p[2], oid.split(":", 1)[1])


# --- Priority and deployment ---------------------------------------------------------------
@decider("priority")
def _prio_d(st: AlliancesState) -> Decision:
    opts = [Option(f"priority:{cid}", f"Give the Priority token to {st.cname(i)}") for i, cid in enumerate(st.game.squad)]
    if st.game.players > 1:
        opts.append(Option("rolloff", "No agreement: roll off for Priority"))
    return _d(st, "Which Character starts with the Priority token?", opts, "priority")


@answer("priority")
def _prio_a(st: AlliancesState, oid: str, p: tuple[Any, ...]) -> None:
    if oid == "rolloff":
        st._rolloff()
        return
    ci = st.game.squad.index(oid.split(":", 1)[1])
    if st.game.players == 1:
        st._set_priority(ci)
        return
    # alliances/priority: the Character gets the token only if a majority of players agree (ruling 8: Player 1
    # proposes, each other player agrees or not)
    st.emit("alliances/priority", f"Player 1 proposes that {st.cname(ci)} starts with the Priority token.")
    _prio_vote(st, ci, 1, 1)


def _prio_vote(st: AlliancesState, ci: int, seat: int, yes: int) -> None:
    players = st.game.players
    if seat < players:
        st._ask("prio_vote", seat, ci, yes)
        return
    if 2 * yes > players:
        st._set_priority(ci)
    else:
        st.emit("alliances/priority", f"No majority agrees ({yes} of {players}): the players roll off for Priority.")
        st._rolloff()


@decider("prio_vote")
def _prio_vote_d(st: AlliancesState) -> Decision:
    ci = st.pending[2]  # type: ignore[index]
    opts = [Option("agree", f"Agree: {st.cname(ci)} starts with the Priority token"),
            Option("disagree", "Do not agree (without a majority the players roll off)")]
    return _d(st, f"Player 1 proposes {st.cname(ci)} for the Priority token: do you agree?", opts, "priority")


@answer("prio_vote")
def _prio_vote_a(st: AlliancesState, oid: str, p: tuple[Any, ...]) -> None:
    _, seat, ci, yes = p
    _prio_vote(st, ci, seat + 1, yes + (oid == "agree"))


@decider("give")
def _give_d(st: AlliancesState) -> Decision:
    opts = [Option(f"give:{st.game.squad[i]}", f"Give Priority to {st.cname(i)}") for i in st.pending[2]]  # type: ignore[index]
    return _d(st, "You won the roll-off: which of your Characters takes Priority?", opts, "priority")


@answer("give")
def _give_a(st: AlliancesState, oid: str, p: tuple[Any, ...]) -> None:
    st._set_priority(st.game.squad.index(oid.split(":", 1)[1]))


@decider("deploy")
def _deploy_d(st: AlliancesState) -> Decision:
    _, _, ci, free = st.pending  # type: ignore[misc]
    opts = [Option(f"deploy:{st.lbl(s)}", f"Deploy at {st.lbl(s)}") for s in free]
    return _d(st, f"Deploy {st.cname(ci)} on a Deployment Space", opts, "deploy")


@answer("deploy")
def _deploy_a(st: AlliancesState, oid: str, p: tuple[Any, ...]) -> None:
    st._deploy(p[2], st.board.parse(oid.split(":", 1)[1]))


# --- Activations ----------------------------------------------------------------------------
@decider("activate")
def _activate_d(st: AlliancesState) -> Decision:
    opts = [Option(f"activate:{st.game.squad[i]}", f"Activate {st.cname(i)}") for i in st.pending[2]]  # type: ignore[index]
    return _d(st, "Which Character Activates next?", opts, "activate")


@answer("activate")
def _activate_a(st: AlliancesState, oid: str, p: tuple[Any, ...]) -> None:
    st._push(("activate", st.game.squad.index(oid.split(":", 1)[1])))


@decider("act")
def _act_d(st: AlliancesState) -> Decision:
    _, _, ci, opts = st.pending  # type: ignore[misc]
    what = "choose an action, skill or Interact" if not st.action_used else "use a skill or Interact, or end"
    return _d(st, f"{st.cname(ci)}'s Activation: {what}", opts, "activation")


@answer("act")
def _act_a(st: AlliancesState, oid: str, p: tuple[Any, ...]) -> None:
    ci = p[2]
    c = st.chars[ci]
    parts = oid.split(":")
    head = parts[0]
    if head == "end":
        st._push(("act_end", ci))
        return
    st._push(("act_menu",))  # runs after whatever this choice pushes (LIFO)
    if head == "move":
        # alliances/activation/move: then choose where (alliances/advance)
        st._ask("move_to", st.seat_of(ci), ci, tuple(st._advance_targets(ci, st.cside(ci).speed)), "move")
    elif head == "attack":
        st._push(("attack", ci, parts[1], parts[2] if len(parts) > 2 else ""))
    elif head == "shake":
        # alliances/activation/shake
        c[C_COND] &= ~COND_BIT[parts[1]]
        st.action_used = 1
        st.emit("alliances/activation/shake", f"{st.cname(ci)} shakes off {parts[1].title()}.")
    elif head == "skill":
        name = parts[1]
        if name == "web_zip":
            # alliances/content/web-zip (Action skill, alliances/place): then choose where
            st._ask("move_to", st.seat_of(ci), ci, tuple(st._zip_targets(ci)), "zip")
        elif name == "web_toss":
            st.action_used = 1
            st.emit("alliances/content/web-toss", f"{st.cname(ci)} hurls the Terrain Feature at {parts[2]} to the {_DIRS.get(parts[3], parts[3])}.")
            st._push(("toss", ci, st.board.parse(parts[2]), st.board.dir_index(parts[3])))
        elif name == "bad_luck":
            c[C_POW] -= 1
            c[C_SKUSED] = (*c[C_SKUSED], name)
            e = st.enemy(int(parts[2]))
            if e is not None:
                e[E_COND] |= COND_BIT["hex"]
                st.emit("alliances/content/bad-luck", f"Bad Luck: {st.ewhere(e)} gains Hex.")
        elif name == "second_wind":
            c[C_POW] -= 2
            c[C_SKUSED] = (*c[C_SKUSED], name)
            st._heal(ci, 2)
            st.emit("alliances/content/second-wind", f"{st.cname(ci)} catches a Second Wind (removes 2 Damage).")
    elif head == "interact":
        if parts[1] == "held":
            j = st.game.squad.index(parts[2])
            if st.seat_of(j) != st.seat_of(ci):
                # alliances/stage/lab-partners: both controlling players must agree
                st._ask("consent", st.seat_of(j), ci, j, parts[3])
                return
        # alliances/interact: spend 1 Power (Cat Burglar: 0), once per token per Turn
        c[C_POW] -= st._interact_cost(ci)
        INTERACT_DO[st.stage.script](st, ci, parts[1:])


INTERACT_DO: dict[str, Any] = {}
_DIRS = {"N": "north", "E": "east", "S": "south", "W": "west"}


@decider("move_to")
def _move_to_d(st: AlliancesState) -> Decision:
    _, _, ci, spaces, how = st.pending  # type: ignore[misc]
    lab = st.board.labels
    verb = "Advance" if how == "move" else "Web Zip"
    here = st.chars[ci][C_POS]
    dist = st.board.dist[here]
    # a long list: grouped by how far each Space is (Option.group)
    opts = [Option(f"move:{lab[x]}", f"{verb} to {lab[x]}", plural(dist[x], "Space") + " away") for x in spaces]
    return _d(st, f"{st.cname(ci)} at {lab[here]}: where to {verb}?", opts, "destination")


@answer("move_to")
def _move_to_a(st: AlliancesState, oid: str, p: tuple[Any, ...]) -> None:
    _, _, ci, spaces, how = p
    c = st.chars[ci]
    lab = oid.split(":")[1]
    if how == "move":
        st.emit("alliances/advance", f"{st.cname(ci)} Advances from {st.lbl(c[C_POS])} to {lab}.")
    else:
        st.emit("alliances/content/web-zip", f"{st.cname(ci)} Web Zips to {lab}.")
    c[C_POS] = st.board.parse(lab)
    st.action_used = 1


@decider("order")
def _order_d(st: AlliancesState) -> Decision:
    _, _, ci, aid, live, first = st.pending  # type: ignore[misc]
    opts = []
    for u in live:
        e = st.enemy(u)
        if e is not None:
            opts.append(Option(f"target:{u}", f"Resolve the attack against {st.ewhere(e)} next"))
    return _d(st, "Choose the order of the attack series", opts, "target")


@answer("order")
def _order_a(st: AlliancesState, oid: str, p: tuple[Any, ...]) -> None:
    _, _, ci, aid, live, first = p
    u = int(oid.split(":")[1])
    rest = tuple(x for x in live if x != u)
    st._push(("atk_one", ci, aid, u, first), ("atk_series", ci, aid, rest, 0))


@decider("throwdir")
def _throwdir_d(st: AlliancesState) -> Decision:
    _, _, ci, uid, n, kind, dirs = st.pending  # type: ignore[misc]
    names = st.board.dir_names
    e = st.enemy(uid)
    nm = st.ewhere(e) if e else "the Enemy"
    verb = "Throw" if kind == "throw" else "Push"
    opts = [Option(f"dir:{names[d]}", f"{verb} {nm} {plural(n, 'Space')} to the {_DIRS.get(names[d], names[d])}")
            for d in dirs]
    return _d(st, f"Which way is {nm} {'Thrown' if kind == 'throw' else 'Pushed'} Away from {st.cname(ci)}?", opts, "direction")


@answer("throwdir")
def _throwdir_a(st: AlliancesState, oid: str, p: tuple[Any, ...]) -> None:
    _, _, ci, uid, n, kind, dirs = p
    st._push(("throw_go", ci, uid, n, kind, st.board.dir_index(oid.split(":")[1])))


# --- "the players decide" points (Priority Player) --------------------------------------------
@decider("nearest")
def _nearest_d(st: AlliancesState) -> Decision:
    uid, cands = st.pending[2], st.pending[4]  # type: ignore[index]
    e = st.enemy(uid)
    nm = st.ewhere(e) if e else "the Enemy"
    opts = [Option(f"nearest:{st.game.squad[i]}", f"{nm} Advances Toward {st.cname(i)} (at {st.lbl(st.chars[i][C_POS])})")
            for i in cands]
    return _d(st, f"Tie for the nearest Character: which one does {nm} Advance Toward?", opts, "nearest")


@answer("nearest")
def _nearest_a(st: AlliancesState, oid: str, p: tuple[Any, ...]) -> None:
    uid, speed = p[2], p[3]
    rule = p[5] if len(p) > 5 else "alliances/enemies-move/2"
    e = st.enemy(uid)
    ci = st.game.squad.index(oid.split(":", 1)[1])
    if e is not None:
        st._enemy_advance(e, st.chars[ci][C_POS], speed, rule, st.cname(ci))


@decider("minion_order")
def _minion_order_d(st: AlliancesState) -> Decision:
    _, _, uids, speeds, rule = st.pending  # type: ignore[misc]
    bleed = rule == "alliances/enemy-conditions/bleed"
    verb = "suffers its Bleed" if bleed else "Advances"
    opts = [Option("order:arrival", f"{'Resolve' if bleed else 'Advance'} them in the order they entered the battlefield")]
    for u in uids:
        e = st.enemy(u)
        if e is not None:
            opts.append(Option(f"first:{u}", f"{st.ewhere(e)} {verb} next", "Choose the next"))
    prompt = ("Enemy Bleed KOs several Minions: the players decide the order they go back onto the Spawn Tracker"
              if bleed else "Enemies Advance: the players decide the order")
    return _d(st, prompt, opts, "enemy-order")


@answer("minion_order")
def _minion_order_a(st: AlliancesState, oid: str, p: tuple[Any, ...]) -> None:
    _, _, uids, speeds, rule = p
    if oid == "order:arrival":
        st._push(*[st._move_frame(u, sp, rule) for u, sp in zip(uids, speeds, strict=True)])
        return
    u = int(oid.split(":")[1])
    i = uids.index(u)
    st._push(st._move_frame(u, speeds[i], rule),
             ("minions_move", uids[:i] + uids[i + 1:], speeds[:i] + speeds[i + 1:], rule))


@decider("icon_order")
def _icon_order_d(st: AlliancesState) -> Decision:
    icons = st.pending[2]  # type: ignore[index]
    opts = [Option("order:rolled", "Resolve them in the order rolled: " + ", ".join(RESULT_NAMES[x].title() for x in icons))]
    for x in sorted(set(icons)):
        opts.append(Option(f"icon:{RESULT_NAMES[x]}", f"Resolve a {RESULT_NAMES[x].title()} result next", "Choose the next"))
    return _d(st, "Enemies Spawn: the players decide the order of the Spawn results", opts, "spawn-order")


@answer("icon_order")
def _icon_order_a(st: AlliancesState, oid: str, p: tuple[Any, ...]) -> None:
    icons = p[2]
    if oid == "order:rolled":
        st._push(*[("spawn", x, 0) for x in icons])
        return
    x = RESULT_NAMES.index(oid.split(":")[1])
    i = icons.index(x)
    st._push(("spawn", x, 0), ("spawn_icons", icons[:i] + icons[i + 1:]))


@decider("spawnspace")
def _spawnspace_d(st: AlliancesState) -> Decision:
    near = st.pending[2]  # type: ignore[index]
    opts = [Option(f"space:{st.lbl(s)}", f"Spawn at {st.lbl(s)}") for s in near]
    return _d(st, "Tie for the nearest Open Spawn Space: where does the Enemy Spawn?", opts, "spawn")


@answer("spawnspace")
def _spawnspace_a(st: AlliancesState, oid: str, p: tuple[Any, ...]) -> None:
    st._spawn_into(st.board.parse(oid.split(":")[1]), p[3])


@decider("nearest_obj")
def _nearest_obj_d(st: AlliancesState) -> Decision:
    _, _, uid, near = st.pending  # type: ignore[misc]
    e = st.enemy(uid)
    nm = st.ewhere(e) if e else "The Spider-Slayer"
    opts = [Option(f"toward:{st.lbl(x)}", f"{nm} Advances Toward the Objective token at {st.lbl(x)}") for x in near]
    return _d(st, "Tie for the nearest Objective token (Protection Programming)", opts, "nearest-objective")


@answer("nearest_obj")
def _nearest_obj_a(st: AlliancesState, oid: str, p: tuple[Any, ...]) -> None:
    e = st.enemy(p[2])
    if e is not None:
        st._enemy_advance(e, st.board.parse(oid.split(":")[1]), 1, "alliances/enemy/protection-programming",
                          "the Objective token at " + oid.split(":")[1])


@decider("consent")
def _consent_d(st: AlliancesState) -> Decision:
    _, _, ci, j, sym = st.pending  # type: ignore[misc]
    opts = [Option("agree", f"Agree: {st.cname(ci)} takes the {sym.title()} Ingredient from {st.cname(j)}"),
            Option("refuse", "Refuse")]
    return _d(st, f"Lab Partners: do you agree to hand over {st.cname(j)}'s Ingredient?", opts, "consent")


@answer("consent")
def _consent_a(st: AlliancesState, oid: str, p: tuple[Any, ...]) -> None:
    _, _, ci, j, sym = p
    if oid == "agree":
        st.chars[ci][C_POW] -= st._interact_cost(ci)
        INTERACT_DO[st.stage.script](st, ci, ["held", st.game.squad[j], sym])
    else:
        # a refusal uses up that Interact for this Turn (so it is not offered again)
        pair = next((x for x in st.chars[j][9] if RESULT_NAMES[x[1]] == sym), None)
        if pair is not None:
            st.interacted = (*st.interacted, (ci, pair[0]))
        st.emit("alliances/stage/lab-partners", f"{st.cname(j)}'s player does not agree.")


@decider("ggdir")
def _ggdir_d(st: AlliancesState) -> Decision:
    names = st.board.dir_names
    opts = [Option(f"dir:{names[d]}", f"Green Goblin flies {_DIRS.get(names[d], names[d])}") for d in st.pending[4]]  # type: ignore[index]
    return _d(st, "Which straight line Toward the Target does Green Goblin take?", opts, "direction")


@answer("ggdir")
def _ggdir_a(st: AlliancesState, oid: str, p: tuple[Any, ...]) -> None:
    st._push(("gg_step", p[2], st.board.dir_index(oid.split(":")[1]), p[3]))


@decider("aside")
def _aside_d(st: AlliancesState) -> Decision:
    _, _, wk, who, near = st.pending  # type: ignore[misc]
    en = st.enemy(who) if wk != "char" else None
    nm = st.cname(who) if wk == "char" else (st.ewhere(en) if en else "the Enemy")
    opts = [Option(f"place:{st.lbl(s)}", f"Place {nm} at {st.lbl(s)}") for s in near]
    return _d(st, f"Place {nm} as close as possible to where it was", opts, "place")


@answer("aside")
def _aside_a(st: AlliancesState, oid: str, p: tuple[Any, ...]) -> None:
    st._do_aside((p[2], p[3]), st.board.parse(oid.split(":")[1]))


# --- Heroic Assists, reactive skills, Rally ---------------------------------------------------
@decider("assist")
def _assist_d(st: AlliancesState) -> Decision:
    _, _, ci, n, got, opts = st.pending  # type: ignore[misc]
    return _d(st, f"{st.cname(ci)}'s Heroic Assist: who receives it, and what?", opts, "assist")


@answer("assist")
def _assist_a(st: AlliancesState, oid: str, p: tuple[Any, ...]) -> None:
    _, _, ci, n, got, _opts = p
    parts = oid.split(":")
    j = st.game.squad.index(parts[1])
    cj = st.chars[j]
    what = parts[2]
    st._push(("assist_give", ci, n - 1, (*got, j)))
    label = next((o.label for o in p[5] if o.id == oid), f"{st.cname(j)} receives it")
    st.emit("alliances/heroic-assist", f"Heroic Assist: {label}.")
    if what == "heal":
        st._heal(j, 1)
    elif what == "cond":
        cj[C_COND] &= ~COND_BIT[parts[3]]
    elif what == "power":
        cj[C_POW] = min(10, cj[C_POW] + 1)
    elif what == "advance":
        spaces = st._advance_targets(j, 1)
        if len(spaces) == 1:
            st.emit("alliances/heroic-assist", f"{st.cname(j)} Advances from {st.lbl(cj[C_POS])} to {st.lbl(spaces[0])}.")
            cj[C_POS] = spaces[0]
        else:
            st._ask("assist_adv", st.seat_of(j), j, tuple(spaces))


@decider("assist_adv")
def _assist_adv_d(st: AlliancesState) -> Decision:
    _, _, j, spaces = st.pending  # type: ignore[misc]
    opts = [Option(f"move:{st.lbl(s)}", f"Advance to {st.lbl(s)}") for s in spaces]
    return _d(st, f"{st.cname(j)} Advances 1 Space", opts, "move")


@answer("assist_adv")
def _assist_adv_a(st: AlliancesState, oid: str, p: tuple[Any, ...]) -> None:
    c = st.chars[p[2]]
    st.emit("alliances/heroic-assist", f"{st.cname(p[2])} Advances from {st.lbl(c[C_POS])} to {oid.split(':')[1]}.")
    c[C_POS] = st.board.parse(oid.split(":")[1])


@decider("react")
def _react_d(st: AlliancesState) -> Decision:
    _, _, skill, ci, uids = st.pending  # type: ignore[misc]
    opts = [Option("use", "Spider-Sense: spend 1 Power to add 1 die to the defence pool"), Option("pass", "Do not use it")]
    return _d(st, f"{st.cname(ci)} is targeted by an Enemy attack", opts, "reactive")


@answer("react")
def _react_a(st: AlliancesState, oid: str, p: tuple[Any, ...]) -> None:
    _, _, skill, ci, uids = p
    bonus = -1
    if oid == "use":
        st.chars[ci][C_POW] -= 1
        bonus = 1
        st.emit("alliances/content/spider-sense", f"{st.cname(ci)}'s Spider-Sense adds a defence die.")
    st._push(("eatk", ci, uids, bonus))


@decider("reflex")
def _reflex_d(st: AlliancesState) -> Decision:
    return _d(st, f"{st.cname(st.pending[2])}: Quick Reflexes?", st.pending[3], "reactive")  # type: ignore[index]


@answer("reflex")
def _reflex_a(st: AlliancesState, oid: str, p: tuple[Any, ...]) -> None:
    if oid != "pass":
        c = st.chars[p[2]]
        st.emit("alliances/content/quick-reflexes",
                f"{st.cname(p[2])} Advances from {st.lbl(c[C_POS])} to {oid.split(':')[1]} (Quick Reflexes).")
        c[C_POS] = st.board.parse(oid.split(":")[1])


@decider("rally")
def _rally_d(st: AlliancesState) -> Decision:
    return _d(st, f"{st.cname(st.pending[2])} Rallies: choose an effect", st.pending[3], "rally")  # type: ignore[index]


@answer("rally")
def _rally_a(st: AlliancesState, oid: str, p: tuple[Any, ...]) -> None:
    ci = p[2]
    parts = oid.split(":")
    if parts[1] == "xp":
        st._gain_xp(ci, 1)
    elif parts[1] == "heal":
        st._heal(ci, 1)
    else:
        st.chars[ci][C_COND] &= ~COND_BIT[parts[2]]


@decider("place_ing")
def _place_ing_d(st: AlliancesState) -> Decision:
    _, _, sym, spaces, _tid = st.pending  # type: ignore[misc]
    opts = [Option(f"place:{st.lbl(s)}", f"Place the {RESULT_NAMES[sym].title()} Ingredient at {st.lbl(s)}") for s in spaces]
    return _d(st, "Place the Ingredient within 1 Space", opts, "place")


@answer("place_ing")
def _place_ing_a(st: AlliancesState, oid: str, p: tuple[Any, ...]) -> None:
    st._put_ing(p[2], st.board.parse(oid.split(":")[1]), p[4])


@decider("drop_choice")
def _drop_choice_d(st: AlliancesState) -> Decision:
    _, _, ci, held, new = st.pending  # type: ignore[misc]
    opts = [Option(f"drop:{RESULT_NAMES[s]}", f"Put down the {RESULT_NAMES[s].title()} Ingredient") for s in sorted({x for _, x in held})]
    return _d(st, f"{st.cname(ci)} can hold only 2 Ingredients: which one is Placed?", opts, "drop")


@answer("drop_choice")
def _drop_choice_a(st: AlliancesState, oid: str, p: tuple[Any, ...]) -> None:
    _, _, ci, held, new = p
    sym = RESULT_NAMES.index(oid.split(":")[1])
    h = list(st.chars[ci][9])
    pair = next(x for x in h if x[1] == sym)
    h.remove(pair)
    st.chars[ci][9] = tuple(h)
    st._push(("drop", ci, pair[0], sym), ("ing_take", ci, new[0], new[1], 1))
