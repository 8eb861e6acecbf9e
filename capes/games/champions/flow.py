"""Rules steps and questions: setup, the round, player actions, villain phase, attacks, damage, threat.

Each ``@step`` handler runs when its tuple reaches the top of ``state.stack``; each ``@ask`` pair
(``build(state, frame) -> (seat, prompt, [(id, label)])``, ``do(state, frame, option_id)``) is a
decision. Comments name the rule ids of ``rules.yaml`` they apply.
"""

from __future__ import annotations

from capes.games.champions import cards as S
from capes.games.champions.data import CARDS
from capes.games.champions.engine import (
    AE,
    ASKS,
    CONF,
    F_ATTACK,
    F_OVERKILL,
    F_PIERCE,
    HERO,
    ON_EMPTY,
    ROUND_CAP,
    SELECTORS,
    STEPS,
    STUN,
    TOUGH,
    TURN_CAP,
    ChampionsState,
    step,
)

G = ChampionsState


def C(code: str):  # noqa: N802
    return CARDS[code]


# ====================================================================== selectors
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


# ====================================================================== setup
def setup(g: G, heroes: list[str], decks: list[list[str]], villain_stages: list[str], main_stages: list[str],
          main_setup: str, encounter: list[str], nemesis: list[list[str]], obligations: list[list[str]]) -> None:
    """champions/summary/setup: build every card instance and the opening stack."""
    code: list[str] = []
    owner: list[int] = []

    def new(c: str, o: int) -> int:
        code.append(c)
        owner.append(o)
        return len(code) - 1

    n = len(heroes)
    g.n = n
    g.ident = [new(h, p) for p, h in enumerate(heroes)]
    g.deck = [[new(c, p) for c in decks[p]] for p in range(n)]
    g.setaside = [[new(c, -1) for c in nemesis[p]] for p in range(n)]  # champions/summary/setup/2
    g.vstages = [new(c, -1) for c in villain_stages]
    g.mstages = [new(c, -1) for c in main_stages]
    g.edeck = [new(c, -1) for c in encounter]
    for p in range(n):
        g.edeck += [new(c, -1) for c in obligations[p]]  # champions/summary/setup/3
    g.code = tuple(code)
    g.owner = tuple(owner)
    g.ctl = {}
    m = len(code)
    g.dmg = [0] * m
    g.thr = [0] * m
    g.exh = [0] * m
    g.cnt = [0] * m
    g.st = [0] * m
    g.att = [-1] * m
    g.eng = [-1] * m
    g.hand = [[] for _ in range(n)]
    g.disc = [[] for _ in range(n)]
    g.play = [[] for _ in range(n)]
    g.fd = [[] for _ in range(n)]
    g.used = [[] for _ in range(n)]
    g._form = [AE] * n  # champions/summary/setup/4: every identity starts in alter-ego form
    g.changed = [0] * n
    g.alive = [1] * n
    g.edisc = []
    g.eplay = []
    g.mods = []
    g.boosts = []
    g.hit = []
    g.removed = []
    g.victory = []
    g.stack = []
    g.accel = 0
    g.first = 0
    g.rnd = 0
    g.turn = -1
    g.over = ""
    g.paid = ""
    g.acts = 0
    g.vdefeats = 0
    g.villain = g.vstages.pop(0)
    g.mscheme = g.mstages.pop(0)
    g.emit("champions/summary/setup", f"Setup: {', '.join(C(h).name for h in heroes)} against "
           f"{C(code[g.villain]).name}; {len(g.edeck)} encounter cards.")
    for p in range(n):
        g.rng.shuffle(g.deck[p])
    g.rng.shuffle(g.edeck)
    # champions/rr/setup (ruling 14): the first player is chosen (summary setup/5) before the villain and main
    # scheme are set up with their "Setup" abilities (setup/6-7), then identity setup, opening hands, mulligans
    frames = [("pick_first",)] if n > 1 else []
    frames.append(("setup_villain", main_setup))
    frames += [("id_setup", p) for p in range(n)]
    frames += [("opening_hand", p) for p in range(n)]
    frames += [("mulligan", p) for p in range(n)]
    frames.append(("round",))
    g.push(*frames)
    g.run()


@step("setup_villain")
def _setup_villain(g: G, main_setup: str) -> None:
    # champions/summary/setup/6: villain and main scheme in play; "Setup" abilities only (setup/7)
    v = g.villain
    g.emit("champions/rr/villain", f"{g.name(v)} ({C(g.code[v]).stage}) enters play with {g.hp(v)} hit points.")
    if C(g.code[v]).kw("toughness"):
        g.tough(v)
    fn = S.SETUP.get(main_setup)
    if fn is not None:  # resolved for the first player (already chosen: ruling 14)
        fn(g, g.first, g.mscheme)
    g.push(("main_enters",))
    fn2 = S.REVEALED.get(g.code[v])
    if fn2 is not None:
        g.push(("call_revealed", v, g.first))


@step("main_enters")
def _main_enters(g: G) -> None:
    s = g.mscheme
    c = C(g.code[s])
    base = c.base_threat or 0
    g.thr[s] = base if c.base_fixed else base * g.n
    g.emit("champions/rr/main-scheme", f"Main scheme {c.name} ({c.stage}) starts with {g.thr[s]} threat "
           f"(target {g.target(s)}).")
    if S.REVEALED.get(c.code):
        g.push(("call_revealed", s, g.first))
    g.push(("adv_main",))  # champions/summary/scoring/defeat: a stage that starts at its target advances at once


@step("call_revealed")
def _call_revealed(g: G, u: int, p: int) -> None:
    S.REVEALED[g.code[u]](g, p, u)


@step("id_setup")
def _id_setup(g: G, p: int) -> None:
    """champions/summary/setup/7: an identity's "Setup" ability (``@setup(<either side's code>)``)."""
    c = C(g.code[g.ident[p]])
    for code in (c.code, c.back):
        fn = S.SETUP.get(code or "")
        if fn is not None:
            fn(g, p, g.ident[p])


@step("opening_hand")
def _opening(g: G, p: int) -> None:
    # champions/rr/setup: draw up to alter-ego hand size
    _draw(g, p, g.hand_size(p))


def _mull_build(g: G, f: tuple):
    p = f[1]
    opts = [(f"d:{u}", f"Mulligan {g.name(u)}") for u in g.hand[p]]
    opts.append(("keep", "Keep this hand"))
    return p, "Mulligan: discard cards to redraw them, or keep", opts


def _mull_do(g: G, f: tuple, oid: str) -> None:
    p = f[1]
    if oid == "keep":
        k = len(f[2]) if len(f) > 2 else 0
        if k:
            g.emit("champions/rr/mulligan", f"Player {p + 1} mulligans {_n(k, 'card')}.")
            _draw(g, p, k)
        return
    u = int(oid[2:])
    g.hand[p].remove(u)
    g.disc[p].append(u)
    g.stack.append(("mulligan", p, (*(f[2] if len(f) > 2 else ()), u)))


ASKS["mulligan"] = (_mull_build, _mull_do)


def _first_build(g: G, f: tuple):
    return 0, "Choose the first player", [(f"first:{p}", f"Player {p + 1} ({g.idcard(p).name})") for p in range(g.n)]


def _first_do(g: G, f: tuple, oid: str) -> None:
    g.first = int(oid.split(":")[1])  # champions/summary/setup/5
    g.emit("champions/summary/setup/5", f"Player {g.first + 1} is the first player.")


ASKS["pick_first"] = (_first_build, _first_do)


# ====================================================================== the round
@step("round")
def _round(g: G) -> None:
    g.rnd += 1
    if g.rnd > ROUND_CAP:
        g.lose(f"Round {ROUND_CAP} has passed: the villain's scheme is complete (engine bound).")
        return
    g.emit("champions/summary/flow/1", f"Round {g.rnd}: the player phase begins.")
    for p in range(g.n):
        g.used[p] = []
    frames = []
    for p in g.order():
        frames += [("tstart", p), ("turn", p)]
    g.push(*frames, ("pend",), ("vthreat",), ("acts",), ("deal",), ("revall",), ("vend",), ("round",))


@step("tstart")
def _tstart(g: G, p: int) -> None:
    g.turn = p
    g.changed[p] = 0
    g.acts = 0
    g.emit("champions/summary/flow/2", f"Player {p + 1} ({g.idcard(p).name}) takes a turn.")


def _turn_build(g: G, f: tuple):
    p = f[1]
    if not g.alive[p]:
        return p, "", []
    opts: list[tuple[str, str]] = []
    if g.acts < TURN_CAP:
        hero = g._form[p]
        idu = g.ident[p]
        total = sum(len(r) for _, _, r in g.sources(p, -1, -1))
        for u in g.hand[p]:
            if g.playable(p, u, total):
                opts.append((f"play:{u}", f"Play {g.name(u)} (cost {g.cost_of(p, u)})", "Play a card"))
        if not g.exh[idu]:
            ic = g.idcard(p)
            if hero:
                if ic.atk is not None:
                    for e in g.attackable(p):
                        opts.append((f"atk:{e}", f"Attack {g.label(e)} with {ic.name} (ATK {g.atk(idu)})", "Attack"))
                if ic.thw is not None:
                    # every scheme it may thwart, also one with no threat: legal (ruling 5 withdrawn)
                    for s in g.thwartable(p):
                        opts.append((f"thw:{s}", f"Thwart {g.label(s)} with {ic.name} ({_thw_label(g, idu, s)}, "
                                     f"{g.thr[s]} threat on it)", "Thwart"))
            elif ic.rec is not None:
                opts.append(("rec", f"Recover with {ic.name} (REC {g.rec(idu)})"))
        for a in g.allies(p):
            if g.exh[a]:
                continue
            ac = C(g.code[a])
            if ac.atk is not None:
                for e in g.attackable(p):
                    opts.append((f"aatk:{a}:{e}", f"{ac.name} attacks {g.label(e)} (ATK {g.atk(a)}"
                                 f"{f', takes {ac.atk_cost} damage' if ac.atk_cost else ''})", f"Ally {ac.name}"))
            if ac.thw is not None:
                for s in g.thwartable(p):
                    opts.append((f"athw:{a}:{s}", f"{ac.name} thwarts {g.label(s)} ({_thw_label(g, a, s)}"
                                 f"{f', takes {ac.thw_cost} damage' if ac.thw_cost else ''})", f"Ally {ac.name}"))
        for u in [idu, *g.play[p], *g.eplay, g.villain]:
            code = g.ccard(u).code
            spec = S.ACTION.get(code)
            if spec is None:
                continue
            _, form, can = spec
            if form == "hero" and not hero or form == "ae" and hero:
                continue
            if can is not None and not can(g, p, u):
                continue
            opts.append((f"use:{u}", f"Use {g.name(u)}: {_first_line(g, u)}", "Use a card"))
        # champions/summary/faq/1: another player's action abilities in play, used by request
        for q in g.order():
            if q == p:
                continue
            qh = g._form[q]
            for u in [g.ident[q], *g.play[q]]:
                spec = S.ACTION.get(g.ccard(u).code)
                if spec is None:
                    continue
                _, form, can = spec
                if form == "hero" and not qh or form == "ae" and qh:
                    continue
                if g.exh[u]:  # only public conditions here: the owner's hand stays hidden
                    continue
                opts.append((f"req:{u}", f"Ask player {q + 1} to use {g.name(u)}: {_first_line(g, u)}", "Ask another player"))
        for q in g.order():  # champions/summary/faq/1: an action card from another hand, by request (ruling 8)
            if q != p:  # always offered: whether that hand holds one stays hidden
                opts.append((f"reqh:{q}", f"Ask player {q + 1} ({g.idcard(q).name}) to play an action card from "
                             "their hand", "Ask another player"))
        if not g.changed[p]:
            opts.append(("flip", "Change to " + ("alter-ego" if hero else "hero") + " form"))
    opts.append(("end", "End your turn"))
    return p, f"Player {p + 1} ({g.idcard(p).name}): your turn", opts


def _turn_do(g: G, f: tuple, oid: str) -> None:
    p = f[1]
    if oid == "end":
        return
    g.acts += 1
    g.stack.append(f)  # the turn continues after this action
    kind, _, rest = oid.partition(":")
    if kind == "play":
        u = int(rest)
        _start_play(g, p, u)
    elif kind == "atk":
        g.push(("hattack", p, int(rest)))
    elif kind == "thw":
        g.push(("hthwart", p, int(rest)))
    elif kind == "rec":
        g.push(("recover", p))
    elif kind == "aatk":
        a, e = rest.split(":")
        g.push(("aattack", p, int(a), int(e)))
    elif kind == "athw":
        a, s = rest.split(":")
        g.push(("athwart", p, int(a), int(s)))
    elif kind == "use":
        u = int(rest)
        S.ACTION[g.ccard(u).code][0](g, p, u)
    elif kind == "flip":
        g.changed[p] = 1  # champions/summary/easy/2: once per turn
        g.push(("flip", p))
    elif kind == "req":
        u = int(rest)
        g.push(("request", g.ctrl(u), u, p))
    elif kind == "reqh":
        g.push(("request_hand", int(rest), p))


def _req_build(g: G, f: tuple):
    _, q, u, p = f
    spec = S.ACTION.get(g.ccard(u).code)
    opts = [("decline", "Decline")]
    if spec is not None and _in_play(g, u) and (spec[2] is None or spec[2](g, q, u)):
        opts.insert(0, ("accept", f"Use {g.name(u)}"))
    return q, f"Player {p + 1} asks you to use {g.name(u)}'s action", opts


def _req_do(g: G, f: tuple, oid: str) -> None:
    _, q, u, p = f
    if oid == "accept":
        g.emit("champions/summary/faq/1", f"Player {q + 1} uses {g.name(u)} at player {p + 1}'s request.")
        S.ACTION[g.ccard(u).code][0](g, q, u)


ASKS["request"] = (_req_build, _req_do)


def _reqh_build(g: G, f: tuple):
    """("request_hand", asked player q, asking player p): q may play an action event from their hand (paid by
    q), or decline (champions/summary/faq/1; ruling 8). Only q sees which cards are offered."""
    _, q, p = f
    opts = []
    if g.alive[q]:
        for u in g.hand[q]:
            if C(g.code[u]).type == "event" and g.playable(q, u):
                opts.append((f"play:{u}", f"Play {g.name(u)} (cost {g.cost_of(q, u)}): {_first_line(g, u)}"))
    opts.append(("decline", "Decline"))
    return q, f"Player {p + 1} asks you to play an action card from your hand", opts


def _reqh_do(g: G, f: tuple, oid: str) -> None:
    _, q, p = f
    if oid == "decline":
        g.emit("champions/summary/faq/1", f"Player {q + 1} declines player {p + 1}'s request.")
        return
    u = int(oid[5:])
    g.emit("champions/summary/faq/1", f"Player {q + 1} plays a card at player {p + 1}'s request.")
    _start_play(g, q, u)


ASKS["request_hand"] = (_reqh_build, _reqh_do)


ASKS["turn"] = (_turn_build, _turn_do)


@step("flip")
def _flip(g: G, p: int) -> None:
    # champions/summary/actions/change-form: only the form changes
    g._form[p] = 1 - g._form[p]
    g.emit("champions/summary/actions/change-form", f"Player {p + 1} changes to {g.idcard(p).name}.")
    g.push(("win", "form_changed"), ("evt", "form_changed", p))


@step("evt")
def _evt(g: G, *args) -> None:
    pass


@step("win")
def _win(g: G, event: str) -> None:
    g.window(event, len(g.stack) - 1)


# ---------------------------------------------------------------- paying and playing cards
def _start_play(g: G, p: int, u: int) -> None:
    # champions/summary/actions/play: determine cost, apply modifiers, pay
    cost = g.cost_of(p, u)
    used: tuple = ()
    for i, m in enumerate(g.mods):
        if m[0] == "cost" and m[1] == p:
            used = g.mods.pop(i)  # a "next card costs less" modifier is used up
            break
    g.hand[p].remove(u)
    # ("limbo", card, player, cost modifier used): undone if the payment fails (with the "undo" record)
    g.mods.append(("limbo", u, p, used))
    g.push(("pay", p, cost, "", u, "", ("play_res", p, u)))


def _pay_build(g: G, f: tuple):
    _, p, need, color, excl, paid, then = f
    opts = []
    for kind, u, r in g.sources(p, excl, excl):
        k = sum(1 for ch in r if not color or ch == color or ch == "W")
        if not k:
            continue
        if kind == "card":
            opts.append((f"pay:{u}", f"Discard {g.name(u)} from your hand for {_res_words(r)}", "Discard a card"))
        else:
            opts.append((f"res:{u}", f"Use {g.name(u)} for {_res_words(r)}", "Use a card in play"))
    what = _n(need, "more resource") + (f" ({_RES_NAME.get(color, color)})" if color else "")
    if opts:  # with no source left the payment is refused at once (ON_EMPTY), as before
        opts.append(("cancel", "Cancel: take back this payment (nothing is spent)"))
    return p, f"Pay {what}" + (f" for {g.name(excl)}" if excl >= 0 else ""), opts


_RES_NAME = {"P": "physical", "M": "mental", "E": "energy", "W": "wild"}


def _res_words(r: str) -> str:
    """``"PW"`` -> ``"1 physical + 1 wild"``."""
    out = []
    for ch in "PMEW":
        k = r.count(ch)
        if k:
            out.append(f"{k} {_RES_NAME[ch]}")
    return " + ".join(out) or "nothing"


def _undo_add(g: G, entry: tuple) -> None:
    """Record what one payment step spent, so that a refused payment can give it back. One open record,
    ``("undo", entry, ...)`` in ``g.mods``, spans a whole payment (also a chain of one-colour payments,
    ``State.pay_colors``); it is dropped when the payment completes."""
    for i, m in enumerate(g.mods):
        if m[0] == "undo":
            g.mods[i] = (*m, entry)
            return
    g.mods.append(("undo", entry))


def _undo_close(g: G) -> None:
    if g.mods:
        g.mods = [m for m in g.mods if m[0] != "undo"]


def _undo_all(g: G, p: int) -> None:
    """champions/summary/actions/play: a refused payment gives back what it spent, latest first: cards
    discarded from the hand go back to the hand; resource abilities used are readied, their counters and
    once-per-round uses restored, a Uses card discarded by its last counter returns to play."""
    rec = next((m for m in g.mods if m[0] == "undo"), None)
    if rec is None:
        return
    _undo_close(g)
    for e in reversed(rec[1:]):
        u = e[1]
        if e[0] == "c":
            if u in g.disc[p]:
                g.disc[p].remove(u)
                g.hand[p].append(u)
            continue
        _, u, exh, cnt, att, used, q = e
        o = g.owner[u]
        if o >= 0 and not g.is_ident(u) and u not in g.play[q] and u in g.disc[o]:
            g.disc[o].remove(u)
            g.play[q].append(u)
            g.set_ctrl(u, q)
            g.att[u] = att
        g.exh[u] = exh
        g.cnt[u] = cnt
        g.used[p] = list(used)


def _pay_do(g: G, f: tuple, oid: str) -> None:
    _, p, need, color, excl, paid, then = f
    u = int(oid[4:])
    if oid.startswith("pay:"):
        r = g.res_of(u, excl)
        g.hand[p].remove(u)
        g.disc[p].append(u)
        _undo_add(g, ("c", u))
    else:
        spec = S.RESOURCE[g.ccard(u).code]
        r = spec[3] if spec[3].__class__ is str else spec[3](g, p, u)
        _undo_add(g, ("a", u, g.exh[u], g.cnt[u], g.att[u], tuple(g.used[p]), g.ctrl(u)))
        spec[0](g, p, u)
    k = sum(1 for ch in r if not color or ch == color or ch == "W")
    paid += r
    need -= k
    if need > 0:
        g.stack.append(("pay", p, need, color, excl, paid, then))
    else:
        if then[0] != "pay_chain":  # the last step of a chain of one-colour payments closes the record
            _undo_close(g)
        g.push((*then, paid))


def _pay_step_build(g: G, f: tuple):
    if f[2] <= 0:  # nothing to pay (a public number): no question; ON_EMPTY completes it (_pay_empty)
        return f[1], "", []
    return _pay_build(g, f)


def _pay_empty(g: G, f: tuple) -> None:
    """A payment question with no option: nothing left to pay completes it; otherwise no source can pay and the
    payment is refused (:func:`_pay_fail`)."""
    if f[2] <= 0:
        if f[6][0] != "pay_chain":
            _undo_close(g)
        g.push((*f[6], f[5]))
        return
    _pay_fail(g, f)


def _pay_step_do(g: G, f: tuple, oid: str) -> None:
    if oid == "cancel":  # the player takes the payment back: rolled back as a refused payment (ruling 21)
        _pay_fail(g, f, cancelled=True)
        return
    if oid == "done":
        if f[6][0] != "pay_chain":
            _undo_close(g)
        g.push((*f[6], f[5]))
        return
    _pay_do(g, f, oid)


ASKS["pay"] = (_pay_step_build, _pay_step_do)


def _pay_fail(g: G, f: tuple, cancelled: bool = False) -> None:
    """A payment no source can complete is refused and rolled back: the cards discarded for it go back to
    the hand and the resource abilities used for it are restored (:func:`_undo_all`); the card being played
    goes back to the hand with any cost reduction it used; a card played from hand as a response goes back
    to the hand; any other effect waiting on the payment does not resolve (champions/summary/actions/play;
    ruling 21 in docs/rulings/champions.md)."""
    _, p, need, color, excl, paid, then = f
    if cancelled:
        g.emit("champions/summary/actions/play", f"Player {p + 1} cancels the payment: everything spent on it is "
               "given back.")
    else:
        g.emit("champions/summary/actions/play", f"Player {p + 1} cannot pay {_n(need, 'more resource')}: "
               "refused.")
    _undo_all(g, p)
    if then[0] == "pay_chain":  # the rest of a chain of one-colour payments, and its effect, are dropped
        while g.stack and g.stack[-1][0] == "pay" and g.stack[-1][1] == p:
            if g.stack.pop()[6][0] != "pay_chain":
                break
    elif then[0] == "play_res":
        u = then[2]
        for m in g.mods:
            if m[0] == "limbo" and m[1] == u:
                g.mods.remove(m)
                if m[3]:
                    g.mods.append(m[3])  # the cost modifier was not used after all
                break
        g.hand[p].append(u)
    elif then[0] == "trig_res":
        u = then[2]
        if u in g.disc[p]:
            g.disc[p].remove(u)
            g.hand[p].append(u)


ON_EMPTY["pay"] = _pay_empty
from capes.games.champions.engine import AUTO_SINGLE  # noqa: E402

AUTO_SINGLE.update({"choose", "defend"})


@step("play_res")
def _play_res(g: G, p: int, u: int, paid: str) -> None:
    """The card is played (champions/summary/actions/play)."""
    g.mods = [m for m in g.mods if not (m[0] == "limbo" and m[1] == u)]
    c = C(g.code[u])
    g.paid = paid
    g.emit("champions/summary/actions/play", f"Player {p + 1} plays {c.name}.")
    if c.type == "event":
        g.disc[p].append(u)
        spec = S.PLAY.get(c.code)
        if spec is not None:
            spec[0](g, p, u)
        return
    g.exh[u] = 0
    g.dmg[u] = 0
    g.cnt[u] = c.kw("uses")
    if c.type == "upgrade" and c.attach in ("minion", "enemy"):
        g.play[p].append(u)
        sel = "minion" if c.attach == "minion" else "webbable"
        g.push(("choose", p, sel, (("attach", u, "@"),), f"Attach {c.name} to", False, u))
    else:
        g.play[p].append(u)
        if c.type == "upgrade" and c.attach != "none":
            g.att[u] = g.ident[p]
    g.push(("entered", p, u))


def ally_limit(g: G, p: int) -> int:
    """champions/rr/ally-limit: 3, raised by ``@stat(code, "ally_limit")`` modifiers on the identity."""
    return 3 + g._mod("ally_limit", g.ident[p])


@step("attach")
def _attach(g: G, u: int, target: int) -> None:
    g.att[u] = target
    g.emit("champions/rr/attachments", f"{g.name(u)} is attached to {g.name(target)}.")


@step("entered")
def _entered(g: G, p: int, u: int) -> None:
    c = C(g.code[u])
    # champions/summary/easy/3: ally limit 3; champions/summary/easy/4: restricted limit 2
    if c.type == "ally" and len(g.allies(p)) > ally_limit(g, p):
        g.push(("over_limit", p, "ally"))
    if c.kw("restricted") and sum(1 for v in g.play[p] if C(g.code[v]).kw("restricted")) > 2:
        g.push(("over_limit", p, "restricted"))
    fn = S.ENTERS.get(c.code)
    if fn is not None and u in g.play[p]:
        fn(g, p, u)


def _over_build(g: G, f: tuple):
    p, what = f[1], f[2]
    if what == "ally":
        us = g.allies(p)
        if len(us) <= ally_limit(g, p):
            return p, "", []
    else:
        us = [v for v in g.play[p] if C(g.code[v]).kw("restricted")]
        if len(us) <= 2:
            return p, "", []
    # champions/rr/permanent: a permanent card cannot be chosen (it cannot leave play)
    return p, f"Too many {what} cards: discard one", [(f"d:{u}", f"Discard {g.name(u)}") for u in us
                                                      if not _permanent(g, u)]


def _over_do(g: G, f: tuple, oid: str) -> None:
    _discard(g, int(oid[2:]))
    g.stack.append(f)


ASKS["over_limit"] = (_over_build, _over_do)


# ---------------------------------------------------------------- basic powers
@step("hattack")
def _hattack(g: G, p: int, e: int) -> None:
    # champions/summary/actions/basic-attack-hero
    idu = g.ident[p]
    g.exh[idu] = 1
    if g.st[idu] & STUN:  # champions/rr/stunned
        g.st[idu] &= ~STUN
        g.emit("champions/rr/stunned", f"{g.name(idu)} is stunned: the attack is replaced by discarding the stun.")
        return
    g.emit("champions/summary/actions/basic-attack-hero", f"{g.name(idu)} attacks {g.name(e)}.")
    _attack_hits(g, p, idu, e, g.atk(idu), 1)


def _attack_hits(g: G, p: int, attacker: int, e: int, n: int, basic: int, flags: int = 0) -> None:
    """Damage from a player's attack, then retaliate and the after-attack window."""
    if g.has_kw(attacker, "piercing") and g.st[e] & TOUGH:  # champions/rr/piercing
        g.st[e] &= ~TOUGH
    g.push(("dmg", e, n, attacker, F_ATTACK | flags))
    r = g.has_kw(e, "retaliate") if e in g.eplay or e == g.villain else 0
    if r and g.has_kw(attacker, "ranged"):  # champions/rr/ranged: no retaliate damage
        r = 0
    if r:  # champions/rr/retaliate
        g.push(("retaliate", e, attacker, r))
    g.push(("win", "after_attack"), ("evt", "after_attack", attacker, e, p, basic))


@step("retaliate")
def _retaliate(g: G, e: int, attacker: int, r: int) -> None:
    """``e`` (an enemy, hero or ally) was attacked by ``attacker``: deal it ``r`` damage if both are still
    in play (champions/rr/retaliate; it applies even when the attack dealt no damage)."""
    if _in_play(g, e) and _in_play(g, attacker):
        g.emit("champions/rr/retaliate", f"{g.name(e)} retaliates for {r}.")
        g.push(("dmg", attacker, r, e, 0))


def _in_play(g: G, u: int) -> bool:
    o = g.ctl.get(u, g.owner[u])  # a player card in play is in its controller's play area
    if o >= 0:
        return g.alive[o] and (g.ident[o] == u or u in g.play[o])
    return u == g.villain or u in g.eplay


@step("hthwart")
def _hthwart(g: G, p: int, s: int) -> None:
    idu = g.ident[p]
    g.exh[idu] = 1
    if g.st[idu] & CONF:  # champions/rr/confused
        g.st[idu] &= ~CONF
        g.emit("champions/rr/confused", f"{g.name(idu)} is confused: the thwart is replaced by discarding it.")
        return
    g.emit("champions/summary/actions/basic-thwart", f"{g.name(idu)} thwarts {g.name(s)}.")
    g.push(("rthreat", s, _basic_thwart(g, idu, s), idu), ("win", "after_thwart"), ("evt", "after_thwart", idu, p))


def _thw_label(g: G, u: int, s: int) -> str:
    return f"ATK {g.atk(u)}, assault" if g.assault(s) else f"THW {g.thw(u)}"


def _basic_thwart(g: G, u: int, s: int) -> int:
    """The threat character ``u``'s basic thwart removes from scheme ``s``: its THW, or (champions/rr/assault,
    ruling 56) against a scheme with assault its ATK, with the modifiers to ATK and not those to THW."""
    n = g.basic_thw(u, s)
    if g.assault(s):
        g.emit("champions/rr/assault", f"{g.name(s)} has assault: {g.name(u)} thwarts with its ATK ({n}) "
               f"instead of its THW.")
    return n


@step("recover")
def _recover(g: G, p: int) -> None:
    idu = g.ident[p]
    g.exh[idu] = 1
    g.emit("champions/rr/recover", f"{g.name(idu)} recovers.")
    g.heal(idu, g.rec(idu))


@step("aattack")
def _aattack(g: G, p: int, a: int, e: int) -> None:
    # champions/summary/actions/basic-attack-ally
    g.exh[a] = 1
    if g.st[a] & STUN:  # champions/rr/stunned: the attack is replaced, so no consequential damage (champions/rr/ally)
        g.st[a] &= ~STUN
        g.emit("champions/rr/stunned", f"{g.name(a)} is stunned: the attack is replaced by discarding the stun "
               "(no consequential damage).")
        return
    g.emit("champions/summary/actions/basic-attack-ally", f"{g.name(a)} attacks {g.name(e)}.")
    _attack_hits(g, p, a, e, g.atk(a), 1)
    c = C(g.code[a])
    if c.atk_cost:
        g.push(("dmg", a, c.atk_cost, -1, 0))  # champions/rr/consequential-damage


@step("athwart")
def _athwart(g: G, p: int, a: int, s: int) -> None:
    g.exh[a] = 1
    if g.st[a] & CONF:  # champions/rr/confused: the thwart is replaced, so no consequential damage (champions/rr/ally)
        g.st[a] &= ~CONF
        g.emit("champions/rr/confused", f"{g.name(a)} is confused: the thwart is replaced by discarding the "
               "confused card (no consequential damage).")
        return
    g.emit("champions/summary/actions/basic-thwart", f"{g.name(a)} thwarts {g.name(s)}.")
    g.push(("rthreat", s, _basic_thwart(g, a, s), a), ("win", "after_thwart"), ("evt", "after_thwart", a, p))
    c = C(g.code[a])
    if c.thw_cost:
        g.push(("dmg", a, c.thw_cost, -1, 0))  # champions/rr/consequential-damage


# ---------------------------------------------------------------- end of the player phase
@step("pend")
def _pend(g: G) -> None:
    # champions/summary/flow/3 and easy/9: discard down, draw up, ready all
    g.turn = -1
    g.mods = [m for m in g.mods if not (m[0] == "stat" and m[4] == "phase")]
    g.push(("hpcheck",))  # lasting hit point boosts that end may defeat a damaged character at once
    g.push(*[("hdisc", p) for p in g.order()], ("drawup",), ("readyall",))


def _hdisc_build(g: G, f: tuple):
    p = f[1]
    hs = g.hand_size(p)
    opts = [(f"d:{u}", f"Discard {g.name(u)}") for u in g.hand[p]]
    if len(g.hand[p]) <= hs:
        if not opts:
            return p, "", []
        opts.append(("keep", "Keep the rest"))
    return p, f"End of phase: discard (hand size {hs})", opts


def _hdisc_do(g: G, f: tuple, oid: str) -> None:
    if oid == "keep":
        return
    p = f[1]
    u = int(oid[2:])
    g.hand[p].remove(u)
    g.disc[p].append(u)
    g.stack.append(f)


ASKS["hdisc"] = (_hdisc_build, _hdisc_do)


@step("drawup")
def _drawup(g: G) -> None:
    for p in g.order():
        k = g.hand_size(p) - len(g.hand[p])
        if k > 0:
            _draw(g, p, k)


@step("readyall")
def _readyall(g: G) -> None:
    for p in range(g.n):
        g.exh[g.ident[p]] = 0
        for u in g.play[p]:
            g.exh[u] = 0
    g.emit("champions/summary/flow/3", "Players ready all their cards.")


def _draw(g: G, p: int, k: int) -> None:
    """Draw k cards; an empty deck reshuffles and deals an encounter card (champions/summary/scoring/empty-deck),
    and the drawing goes on from the new deck (champions/summary/easy/15)."""
    got = 0
    for _ in range(k):
        if not g.deck[p]:
            if not reshuffle_player(g, p):
                break
        g.hand[p].append(g.deck[p].pop())
        got += 1
    if got:
        g.emit("champions/rr/draw", f"Player {p + 1} draws {_n(got, 'card')}.")


def _n(k: int, word: str, plural: str = "") -> str:
    """``1 card``, ``2 cards``: a count with its noun in the right number."""
    return f"{k} {word if k == 1 else plural or word + 's'}"


def reshuffle_player(g: G, p: int) -> bool:
    """champions/summary/scoring/empty-deck: player p's discard pile becomes their new deck, then they are dealt
    an encounter card. Nothing happens (False) when the discard pile is empty."""
    if not g.disc[p]:
        return False
    g.deck[p] = g.disc[p]
    g.disc[p] = []
    g.rng.shuffle(g.deck[p])
    g.emit("champions/summary/scoring/empty-deck", f"Player {p + 1}'s deck is empty: they shuffle their discard "
           "pile into a new deck and are dealt an encounter card.")
    u = enc_draw(g)
    if u >= 0:
        g.fd[p].append(u)
    return True


@step("draw")
def _draw_step(g: G, p: int, k: int) -> None:
    _draw(g, p, k)


def discard_top(g: G, p: int, k: int) -> list[int]:
    """Discard the top k deck cards. When the deck runs out the discarding stops: the new deck is shuffled at once
    (after this step, :meth:`ChampionsState._ran_out`) and nothing is discarded from it (champions/summary/easy/15)."""
    out: list[int] = []
    if not g.deck[p]:
        reshuffle_player(g, p)
        return out
    for _ in range(k):
        if not g.deck[p]:
            break
        u = g.deck[p].pop()
        g.disc[p].append(u)
        out.append(u)
    return out


# ====================================================================== villain phase
@step("vthreat")
def _vthreat(g: G) -> None:
    # champions/summary/flow/5: acceleration + tokens + icons
    s = g.mscheme
    c = C(g.code[s])
    base = c.escalation or 0
    n = (base if c.escalation_fixed else base * g.n) + g.accel
    n += sum(C(g.code[u]).accel for u in g.eplay)
    g.emit("champions/summary/flow/4", "The villain phase begins.")
    g.emit("champions/summary/flow/5", f"{n} threat is placed on {c.name}.")
    g.push(("threat", s, n, "accel"))


@step("acts")
def _acts(g: G) -> None:
    # champions/summary/flow/6: villain once per player, then that player's engaged minions
    fr = []
    for p in g.order():
        fr += [("vact", p), ("mall", p)]
    g.push(*fr)


@step("vact")
def _vact(g: G, p: int) -> None:
    if not g.alive[p]:
        return
    if g._form[p] == HERO:
        g.push(("attack", g.villain, p, 1))
    else:
        g.push(("scheme", g.villain, p, 1))


@step("mall")
def _mall(g: G, p: int) -> None:
    g.push(*[("mact", m, p) for m in g.minions(p)])


@step("mact")
def _mact(g: G, m: int, p: int) -> None:
    if m not in g.eplay or g.eng[m] != p or not g.alive[p]:
        return
    g.push(("attack" if g._form[p] == HERO else "scheme", m, p, 0))


def reshuffle_encounter(g: G) -> bool:
    """champions/summary/scoring/empty-encounter: the encounter discard pile is shuffled into a new encounter deck
    and an acceleration token is added. Nothing happens (False) when the discard pile is empty."""
    if not g.edisc:
        return False
    g.edeck = g.edisc
    g.edisc = []
    g.rng.shuffle(g.edeck)
    g.accel += 1
    g.emit("champions/summary/scoring/empty-encounter", "The encounter deck is empty: its discard pile is shuffled "
           f"into a new deck and an acceleration token is added ({_n(g.accel, 'token')}).")
    return True


def enc_take(g: G) -> int:
    """The top card of the encounter deck, taken out of it (-1 if it is empty); nothing is reshuffled here: the
    deck running out is answered after the step (:meth:`ChampionsState._ran_out`)."""
    return g.edeck.pop() if g.edeck else -1


def enc_draw(g: G) -> int:
    """Top encounter card; a deck that is empty when a card is needed (it ran out while its discard pile was
    empty) first reshuffles the discard pile and adds an acceleration token."""
    if not g.edeck:
        reshuffle_encounter(g)
    return enc_take(g)


def discard_until(g: G, p: int, wanted) -> int:
    """Discard encounter cards from the top of the deck until one for which ``wanted(card)`` holds, and return
    it (taken out of the deck, not discarded), or -1. The search ends when the deck runs out: the reshuffled
    discard pile is not searched (ruling 60), so it is bounded by the deck's size."""
    for _ in range(len(g.edeck)):
        g._tick("discard_until")
        u = enc_take(g)
        if wanted(u):
            return u
        g.edisc.append(u)
        g.emit("champions/rr/discard", f"{g.name(u)} is discarded from the encounter deck.")
    return -1


@step("deal")
def _deal(g: G) -> None:
    # champions/summary/flow/7 (+ champions/rr/hazard: one more card per hazard icon, in player order)
    order = g.order()
    if not order:
        return
    for p in order:
        u = enc_draw(g)
        if u >= 0:
            g.fd[p].append(u)
    hz = sum(C(g.code[u]).hazard for u in g.eplay) + C(g.code[g.mscheme]).hazard
    for k in range(hz):
        u = enc_draw(g)
        if u >= 0:
            g.fd[order[k % len(order)]].append(u)
    g.emit("champions/summary/flow/7", f"Encounter cards are dealt ({len(order) + hz}).")


@step("revall")
def _revall(g: G) -> None:
    g.push(*[("revfd", p) for p in g.order()])


@step("revfd")
def _revfd(g: G, p: int) -> None:
    # champions/summary/flow/8
    if g.fd[p] and g.alive[p]:
        u = g.fd[p].pop(0)
        g.push(("reveal", u, p, 1), ("revfd", p))


@step("vend")
def _vend(g: G) -> None:
    # champions/summary/flow/9: pass the first player token; lasting "this round" effects end
    g.push(("win", "round_end"), ("evt", "round_end"), ("vend2",))


@step("vend2")
def _vend2(g: G) -> None:
    g.mods = [m for m in g.mods if m[0] not in ("cost", "round", "stat")]
    g.push(("hpcheck",))
    order = [(g.first + i) % g.n for i in range(1, g.n + 1)]
    for q in order:
        if g.alive[q]:
            g.first = q
            break
    g.emit("champions/summary/flow/9", f"Player {g.first + 1} takes the first player token.")
    g.emit("champions/summary/flow/10", f"Round {g.rnd} ends.")


# ---------------------------------------------------------------- enemy attacks and schemes
def deal_boost(g: G, k: int) -> None:
    for _ in range(k):
        u = enc_draw(g)
        if u >= 0:
            g.boosts.append(u)


@step("attack")
def _attack(g: G, e: int, p: int, flags: int) -> None:
    """An enemy attacks player p (champions/rr/attack). flags&1: a villain activation (gets a boost card)."""
    if not g.alive[p] or not (e == g.villain or e in g.eplay):
        return
    g.hit = []
    if e != g.villain and g.has_kw(e, "villainous"):  # champions/rr/villainous: a boost card, as the villain
        flags |= 1
        g.emit("champions/rr/villainous", f"{g.name(e)} is villainous: it gets a boost card.")
    if flags & 1:
        deal_boost(g, 1)  # champions/rr/boost: one facedown boost card per villain activation
    g.push(("win", "attack_init"), ("atk_go", e, p, flags, 0))


@step("atk_go")
def _atk_go(g: G, e: int, p: int, flags: int, cancelled: int) -> None:
    if cancelled or not g.alive[p] or not (e == g.villain or e in g.eplay):
        _end_boosts(g)
        g.mods = [m for m in g.mods if m[0] != "atk"]  # modifiers of an attack that does not happen end
        return
    if g.st[e] & STUN:  # champions/rr/stunned: the activation is replaced by discarding the stun
        g.st[e] &= ~STUN
        g.emit("champions/rr/stunned", f"{g.name(e)} is stunned and does not attack.")
        _end_boosts(g)
        g.mods = [m for m in g.mods if m[0] != "atk"]
        return
    g.emit("champions/rr/attack", f"{g.name(e)} attacks {g.idcard(p).name}.")
    g.push(("defend", e, p, flags, 0))


def _defenders(g: G, q: int) -> list[int]:
    """The characters player ``q`` may declare as a defender (champions/rr/defense): their hero, if in hero form,
    ready and with a DEF, and the ready allies they control. All public: asking reveals nothing hidden."""
    out = []
    idu = g.ident[q]
    if g.alive[q] and g._form[q] == HERO and not g.exh[idu] and g.idcard(q).def_ is not None:
        out.append(idu)
    if g.alive[q]:
        out += [a for a in g.allies(q) if not g.exh[a]]
    return out


def _def_askers(g: G, e: int, p: int) -> list[int]:
    """The players asked, in turn, whether they declare a defender against ``e``'s attack on ``p``: every player
    in player order, first player first (champions/rr/defense; champions/summary/faq/6). Melter: when the engaged
    player can defend with an ally they must, so only they are asked (ruling 9)."""
    if g.code[e] == "01132" and any(a != g.ident[p] for a in _defenders(g, p)):
        return [p]
    return g.order()


def _def_build(g: G, f: tuple):
    """("defend", enemy, attacked player, flags, k): the k-th player of :func:`_def_askers` (or the next one who
    has a possible defender) may declare one; the first declared defender defends (one per attack)."""
    _, e, p, flags, k = f
    askers = _def_askers(g, e, p)
    for j in range(k, len(askers)):
        q = askers[j]
        ds = _defenders(g, q)
        if not ds:
            continue
        boost = " + boost" if flags & 1 else ""
        mine = q == p
        opts = []
        for d in ds:
            if d == g.ident[q]:
                opts.append(("def:hero", f"Defend with {g.name(d)} (DEF {g.defv(d)}: takes {g.atk(e)}{boost} "
                             f"minus {g.defv(d)})"))
            else:
                opts.append((f"def:{d}", f"Defend with {g.name(d)} (ally, {g.hp(d) - g.dmg[d]} hit points left)"))
        if g.code[e] == "01132" and mine and len(askers) == 1:  # Melter: must be defended by an ally if able
            return q, f"{g.name(e)} attacks you: you must defend with an ally", [o for o in opts if o[0] != "def:hero"]
        who = "you" if mine else f"player {p + 1} ({g.idcard(p).name})"
        opts.append(("nodef", "Do not defend" if mine else f"Do not defend {g.idcard(p).name}"))
        return q, f"{g.name(e)} attacks {who} (ATK {g.atk(e)}{boost}): declare a defender?", opts
    return p, "", []


def _def_do(g: G, f: tuple, oid: str) -> None:
    _, e, p, flags, k = f
    askers = _def_askers(g, e, p)
    j = next(j for j in range(k, len(askers)) if _defenders(g, askers[j]))
    q = askers[j]
    if oid == "nodef":
        g.push(("defend", e, p, flags, j + 1))
        return
    d = g.ident[q] if oid == "def:hero" else int(oid[4:])
    g.push(("atk_res", e, p, d, flags))


def _def_none(g: G, f: tuple) -> None:
    """Nobody declared a defender: the attack is undefended (champions/summary/easy/7)."""
    _, e, p, flags, _k = f
    g.push(("atk_res", e, p, -1, flags))


ON_EMPTY["defend"] = _def_none
ASKS["defend"] = (_def_build, _def_do)


def _flip_boosts(g: G, p: int) -> int:
    """Turn boost cards faceup: their boost icons count; star boost abilities resolve (champions/rr/boost)."""
    tot = 0
    amp = 0
    if g.boosts:  # champions/rr/amplify: each amplify icon in play adds one boost icon to each boost card
        amp = C(g.code[g.mscheme]).amplify + sum(C(g.code[u]).amplify for u in g.eplay)
    for b in g.boosts:
        c = C(g.code[b])
        tot += c.boost + amp
        g.emit("champions/rr/boost", f"Boost: {c.name} (+{c.boost}{', star' if c.boost_star else ''}"
               f"{f', amplified +{amp}' if amp else ''}).")
        fn = S.BOOST.get(c.code)
        if fn is not None and c.boost_star:
            fn(g, p, b)
    return tot


@step("atk_res")
def _atk_res(g: G, e: int, p: int, d: int, flags: int) -> None:
    boost = _flip_boosts(g, p) if flags & 1 else 0
    n = g.atk(e) + boost
    dflags = F_ATTACK
    if any(m[0] == "atk" and m[1] == "overkill" for m in g.mods) or g.has_kw(e, "overkill"):
        dflags |= F_OVERKILL
    if g.has_kw(e, "piercing"):
        dflags |= F_PIERCE
    idu = g.ident[p]
    if d >= 0 and g.is_ident(d):  # champions/summary/actions/defense-hero (any player's hero: champions/rr/defense)
        g.exh[d] = 1
        n -= g.defv(d)
        target = d
        g.emit("champions/summary/actions/defense-hero", f"{g.name(d)} defends"
               f"{'' if d == idu else f' {g.idcard(p).name}'} (DEF {g.defv(d)}).")
    elif d >= 0:  # champions/summary/actions/defense-ally
        g.exh[d] = 1
        target = d
        g.emit("champions/summary/actions/defense-ally", f"{g.name(d)} defends"
               f"{'' if g.ctrl(d) == p else f' {g.idcard(p).name}'}.")
    else:  # champions/summary/easy/7: undefended
        target = idu
        g.emit("champions/summary/easy/7", "The attack is undefended.")
    if dflags & F_PIERCE and g.st[target] & TOUGH:
        g.st[target] &= ~TOUGH
    g.push(("dmg", target, max(0, n), e, dflags))
    r = g.has_kw(target, "retaliate")
    if r and not g.has_kw(e, "ranged"):  # champions/rr/retaliate: a hero or ally answers the enemy's attack
        g.push(("retaliate", target, e, r))
    if d >= 0:  # "after ... defends" responses (Counter-Punch, Indomitable)
        g.push(("win", "defended"), ("evt", "defended", d, e, p))
    g.push(("atk_end", e, p, flags))


def _end_boosts(g: G) -> None:
    for b in g.boosts:
        g.edisc.append(b)
    g.boosts = []


@step("atk_end")
def _atk_end(g: G, e: int, p: int, flags: int) -> None:
    _end_boosts(g)
    for m in g.mods:
        if m[0] == "atk" and m[1] == "stun_hit":
            for u in g.hit:
                if _in_play(g, u):
                    g.stun(u)
        if m[0] == "atk" and m[1] == "discard":
            if m[2] in g.eplay:
                g.push(("discard", m[2]))
        if m[0] == "atk" and m[1] == "call":
            g.push(("call", m[2], p, e, 1 if g.hit else 0))
    g.mods = [m for m in g.mods if m[0] != "atk"]
    # "after X attacks" / "after X schemes": two events; field 4 says which ("attack" / "scheme")
    ev = "enemy_schemed" if flags & 4 else "enemy_attacked"
    g.push(("win", ev), ("evt", ev, e, p, "scheme" if flags & 4 else "attack"))


@step("scheme")
def _scheme(g: G, e: int, p: int, flags: int) -> None:
    """An enemy schemes (champions/rr/scheme)."""
    if not (e == g.villain or e in g.eplay):
        return
    if g.st[e] & CONF:  # champions/rr/confused
        g.st[e] &= ~CONF
        g.emit("champions/rr/confused", f"{g.name(e)} is confused and does not scheme.")
        return
    boost = 0
    if e != g.villain and g.has_kw(e, "villainous"):  # champions/rr/villainous
        flags |= 1
        g.emit("champions/rr/villainous", f"{g.name(e)} is villainous: it gets a boost card.")
    if flags & 1:
        deal_boost(g, 1)
        boost = _flip_boosts(g, p)
    n = g.sch(e) + boost
    g.emit("champions/rr/scheme", f"{g.name(e)} schemes for {n}.")
    g.push(("threat", g.mscheme, n, "vscheme" if e == g.villain else "scheme"), ("atk_end", e, p, flags | 4))


# ---------------------------------------------------------------- threat
@step("incite")
def _incite(g: G, u: int) -> None:
    """champions/rr/incite: a revealed minion with incite X places X threat on the main scheme."""
    n = C(g.code[u]).kw("incite")
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
    if s == g.mscheme and any(C(g.code[x]).crisis for x in g.sides()):
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
    c = C(g.code[s])
    if c.kw("victory"):
        g.victory.append(s)
    else:
        g.edisc.append(s)
    fn = S.DEFEATED.get(c.code)
    if fn is not None:
        fn(g, g.first, s)


# ---------------------------------------------------------------- damage and defeat
@step("dmg")
def _dmg(g: G, target: int, n: int, src: int, flags: int) -> None:
    if n <= 0 or not _in_play(g, target):
        return
    g.push(("win", "dmg"), ("dmg_apply", target, n, src, flags, n))


@step("dmg_apply")
def _dmg_apply(g: G, target: int, n: int, src: int, flags: int, asked: int = -1) -> None:
    """``asked``: the damage before the interrupt window; what interrupts took off it is logged as prevented."""
    if asked > n and _in_play(g, target):  # e.g. Backflip, Armored Rhino Suit, Cosmic Flight
        g.emit("champions/rr/damage", f"{'All' if n <= 0 else asked - n} of the {asked} damage to {g.name(target)} "
               "is prevented.")
    if n <= 0 or not _in_play(g, target):
        return
    if g.st[target] & TOUGH:  # champions/rr/tough
        g.st[target] &= ~TOUGH
        g.emit("champions/rr/tough", f"{g.name(target)}'s tough status prevents the damage.")
        return
    hp = g.hp(target)
    left = hp - g.dmg[target]
    g.dmg[target] += n
    g.hit.append(target)
    g.emit("champions/rr/damage", f"{g.name(target)} takes {n} damage.")
    if g.dmg[target] >= hp:
        excess = n - left
        if flags & F_OVERKILL and excess > 0:  # champions/rr/overkill
            o = g.ctrl(target)
            if o >= 0 and g.ctype(target) == "ally":
                g.push(("dmg", g.ident[o], excess, src, flags & ~F_OVERKILL))
            elif g.ctype(target) == "minion":
                g.push(("dmg", g.villain, excess, src, flags & ~F_OVERKILL))
        g.push(("defeated", target, src))


@step("defeated")
def _defeated(g: G, u: int, src: int) -> None:
    if not _in_play(g, u) or g.dmg[u] < g.hp(u):
        return
    t = g.ctype(u)
    by = g.ctrl(src) if src >= 0 else -1
    if g.is_ident(u):
        _eliminate(g, g.owner[u])
    elif t == "ally":
        g.emit("champions/rr/defeated", f"{g.name(u)} is defeated.")
        _discard(g, u)
    elif t == "minion":
        g.push(("win", "minion_defeating"), ("mdisc", u, by), ("win", "minion_defeated"),
               ("evt", "minion_defeated", u, by, src))
    elif t == "villain":
        _villain_defeated(g)


@step("mdisc")
def _mdisc(g: G, u: int, by: int) -> None:
    if u not in g.eplay:
        return
    g.emit("champions/rr/defeated", f"{g.name(u)} is defeated.")
    c = C(g.code[u])
    fn = S.DEFEATED.get(c.code)
    if fn is not None:
        fn(g, by, u)
    _discard(g, u)
    if c.kw("victory") and u in g.edisc:
        g.edisc.remove(u)
        g.victory.append(u)


def _villain_defeated(g: G) -> None:
    # champions/summary/scoring/victory and champions/rr/villain (stages)
    v = g.villain
    g.vdefeats += 1
    if not g.vstages:
        g.win(f"{g.name(v)} is defeated!")
        return
    nv = g.vstages.pop(0)
    g.villain = nv
    g.st[nv] = g.st[v]
    for a in g.attached(v):
        g.att[a] = nv
    g.removed.append(v)
    g.emit("champions/rr/villain", f"{g.name(nv)} ({C(g.code[nv]).stage}) replaces the defeated stage.")
    if C(g.code[nv]).kw("toughness"):
        g.tough(nv)
    if S.REVEALED.get(g.code[nv]):
        g.push(("call_revealed", nv, g.first))


def _eliminate(g: G, p: int) -> None:
    # champions/summary/scoring/elimination
    g.alive[p] = 0
    g.emit("champions/summary/scoring/elimination", f"Player {p + 1} ({g.idcard(p).name}) is defeated and "
           "eliminated.")
    # ruling: the cards the eliminated player owns leave the game, also those another player controls; the
    # cards they control that another player owns go to their owner's discard pile (champions/rr/control)
    for u in list(g.play[p]):
        if u not in g.play[p]:
            continue
        if g.owner[u] != p:
            _discard(g, u, True)
            continue
        g.play[p].remove(u)
        g.removed.append(u)
    for u in [u for u, q in g.ctl.items() if g.owner[u] == p]:
        for a in g.attached(u):
            if a != u:
                _discard(g, a, True)
        g.play[g.ctl.pop(u)].remove(u)
        g.att[u] = -1
        g.removed.append(u)
    g.edisc += g.fd[p]
    g.fd[p] = []
    if not any(g.alive):
        g.lose("Every hero is defeated.")
        return
    nxt = next((p + i) % g.n for i in range(1, g.n + 1) if g.alive[(p + i) % g.n])
    if g.first == p:
        g.first = nxt
    # ruling 15 (champions/rr/elimination): minions engaged with the eliminated player engage the next player
    # in clockwise order, keeping their damage, status cards and attachments
    for m in g.minions(p):
        g.eng[m] = nxt
        g.emit("champions/rr/elimination", f"{g.name(m)} engages player {nxt + 1}.")


def _permanent(g: G, u: int) -> bool:
    """champions/rr/permanent: a card in play with the permanent keyword cannot leave play."""
    return bool(C(g.code[u]).keywords) and C(g.code[u]).kw("permanent") > 0 and _in_play(g, u)


def _discard(g: G, u: int, force: bool = False) -> None:
    """Put a card in play into its owner's discard pile (attachments on it go too): champions/rr/ownership.
    A permanent card stays (champions/rr/permanent) unless ``force`` (its controller is eliminated, or the
    card it is attached to leaves play)."""
    if not force and _permanent(g, u):
        g.emit("champions/rr/permanent", f"{g.name(u)} is permanent and cannot leave play.")
        return
    o = g.owner[u]
    for a in g.attached(u):
        if a != u:
            _discard(g, a, True)
    if u == g.villain or u == g.mscheme:
        return
    g.att[u] = -1
    g.eng[u] = -1
    g.dmg[u] = 0
    g.thr[u] = 0
    g.st[u] = 0
    g.exh[u] = 0
    g.cnt[u] = 0
    if S.STAT.get("hp") and g.code[u] in S.STAT["hp"]:
        g.push(("hpcheck",))  # the hit points it gave are gone: check defeat at once
    if o >= 0:
        q = g.ctl.pop(u, o)
        if u in g.play[q]:
            g.play[q].remove(u)
            g.disc[o].append(u)
        elif u in g.hand[o]:
            g.hand[o].remove(u)
            g.disc[o].append(u)
    else:
        if u in g.eplay:
            g.eplay.remove(u)
            g.edisc.append(u)


@step("hpcheck")
def _hpcheck(g: G) -> None:
    """champions/rr/defeated: a character with as much damage as its hit points is defeated at once, also when
    its hit points drop (an upgrade giving hit points leaves play, a lasting boost ends), not only when damaged."""
    for u in [g.villain, *g.minions(), *g.friendly()]:
        if _in_play(g, u) and g.dmg[u] and g.dmg[u] >= g.hp(u):
            g.push(("defeated", u, -1))


@step("discard")
def _discard_step(g: G, u: int) -> None:
    if _in_play(g, u) or (g.owner[u] >= 0 and u in g.hand[g.owner[u]]):
        g.emit("champions/rr/discard", f"{g.name(u)} is discarded.")
        _discard(g, u)


# ====================================================================== encounter cards
@step("surge")
def _surge(g: G, p: int) -> None:
    # champions/rr/surge
    u = enc_draw(g)
    if u >= 0:
        g.emit("champions/rr/surge", "Surge: another encounter card is revealed.")
        g.push(("reveal", u, p, 1))


@step("reveal")
def _reveal(g: G, u: int, p: int, from_deck: int = 0) -> None:
    """Reveal an encounter card for player p (champions/rr/encounter-cards). ``from_deck``: the card comes
    from the encounter deck (dealt facedown, surge...): first an interrupt window ("encounter_revealed",
    frame ``("enc_rev", card, player, cancel)``) in which it can be cancelled (Black Widow)."""
    c = C(g.code[u])
    if not g.alive[p]:
        alive = g.order()
        if not alive:
            return
        p = alive[0]
    peril = c.kw("peril") > 0  # champions/rr/peril: only the resolving player may respond while it resolves
    if from_deck:
        if peril:
            g.push(("peril", u, p, 1), ("win", "encounter_revealed"), ("enc_rev", u, p, 0), ("peril", u, p, 0))
        else:
            g.push(("win", "encounter_revealed"), ("enc_rev", u, p, 0))
        return
    if peril:
        g.push(("peril", u, p, 1))
    g.emit("champions/summary/flow/8", f"Revealed for player {p + 1}: {c.name} ({c.type.replace('_', ' ')}).")
    t = c.type
    fn = S.REVEALED.get(c.code)
    after = [("surge", p)] if c.kw("surge") else []
    if t == "minion":
        g.push(("engage", u, p))
        if c.kw("incite"):
            g.push(("incite", u))
        if fn:
            g.push(("call_revealed", u, p))
        g.push(("quick", u, p))
    elif t == "treachery":
        g.push(("win", "treachery"), ("treach_res", u, p, 0))
    elif t == "attachment":
        g.eplay.append(u)
        if c.attach in (None, "villain"):
            g.att[u] = g.villain
        if fn:
            g.push(("call_revealed", u, p))
    elif t == "side_scheme":
        g.eplay.append(u)
        base = c.base_threat or 0
        g.thr[u] = base if c.base_fixed else base * g.n
        g.emit("champions/rr/side-schemes", f"{c.name} enters play with {g.thr[u]} threat.")
        if fn:
            g.push(("call_revealed", u, p))
    elif t == "environment":
        g.eplay.append(u)
        if fn:
            g.push(("call_revealed", u, p))
    elif t == "obligation":
        if fn:
            g.push(("call_revealed", u, p))
        else:
            g.edisc.append(u)
    if peril:
        g.push(("peril", u, p, 0))
    g.push(*after)


@step("peril")
def _peril(g: G, u: int, p: int, on: int) -> None:
    """champions/rr/peril: while card ``u`` resolves for player ``p``, the other players cannot play cards or
    use abilities: interrupt/response windows ask only ``p`` (a ``("peril", card, player)`` lasting effect)."""
    m = ("peril", u, p)
    if on:
        if m not in g.mods:
            g.mods.append(m)
            g.emit("champions/rr/peril", f"Peril: player {p + 1} resolves {g.name(u)} alone.")
    elif m in g.mods:
        g.mods.remove(m)


@step("enc_rev")
def _enc_rev(g: G, u: int, p: int, cancelled: int) -> None:
    """After the "when revealed" interrupt window: resolve the card, or (champions/rr/cancel) discard it
    without effect; ``cancelled == 2``: then reveal another card from the encounter deck (Black Widow)."""
    if not cancelled:
        g.push(("reveal", u, p))
        return
    g.emit("champions/rr/cancel", f"{g.name(u)} is cancelled and discarded.")
    g.remove_from_zones(u)
    g.edisc.append(u)
    if cancelled == 2:
        v = enc_draw(g)
        if v >= 0:
            g.emit("champions/rr/cancel", "Another encounter card is revealed.")
            g.push(("reveal", v, p, 1))


@step("quick")
def _quick(g: G, u: int, p: int) -> None:
    # champions/rr/quickstrike
    if u in g.eplay and g.has_kw(u, "quickstrike") and g._form[p] == HERO and g.alive[p]:
        g.emit("champions/rr/quickstrike", f"{g.name(u)} has quickstrike and attacks.")
        g.push(("attack", u, p, 0))
    if C(g.code[u]).keywords and C(g.code[u]).kw_text("teamwork"):  # champions/rr/teamwork, after quickstrike
        g.push(("teamwork", u, p))


@step("engage")
def _engage(g: G, u: int, p: int) -> None:
    # champions/rr/minion: a minion enters play engaged with the player
    g.remove_from_zones(u)
    g.eplay.append(u)
    g.eng[u] = p
    g.dmg[u] = 0
    if C(g.code[u]).kw("toughness"):  # champions/rr/toughness
        g.tough(u)
    g.emit("champions/rr/minion", f"{g.name(u)} engages player {p + 1}.")
    g.push(("win", "minion_entered"), ("evt", "minion_entered", u, p))
    if C(g.code[u]).keywords and C(g.code[u]).kw_text("teamwork") and ("quick", u, p) not in g.stack:
        # champions/rr/teamwork: a minion revealed (or put into play by a card) gets its teamwork check from
        # the "quick" step that follows its when-revealed ability; otherwise it is checked now
        g.push(("teamwork", u, p))


@step("teamwork")
def _teamwork(g: G, u: int, p: int) -> None:
    """champions/rr/teamwork: after a minion with teamwork (trait) enters play and engages player ``p``, it
    activates against ``p`` if another minion in play has that trait (ruling 57)."""
    if u not in g.eplay or g.eng[u] != p or not g.alive[p]:
        return
    trait = C(g.code[u]).kw_text("teamwork").lower()
    mates = [m for m in g.minions() if m != u and trait in (t.lower() for t in C(g.code[m]).traits)]
    if not mates:
        return
    g.emit("champions/rr/teamwork", f"{g.name(u)} has teamwork ({C(g.code[u]).kw_text('teamwork')}) and "
           f"{g.name(mates[0])} is in play: it activates against player {p + 1}.")
    g.push(("attack" if g._form[p] == HERO else "scheme", u, p, 0))


@step("treach_res")
def _treach_res(g: G, u: int, p: int, cancelled: int) -> None:
    fn = S.REVEALED.get(g.code[u])
    if cancelled:
        g.emit("champions/rr/cancel", f"{g.name(u)}'s effects are cancelled.")
    elif fn is not None:
        fn(g, p, u)
    g.push(("to_edisc", u))


@step("to_edisc")
def _to_edisc(g: G, u: int) -> None:
    if u not in g.edisc and u not in g.removed and u not in g.eplay and u not in g.edeck:
        g.edisc.append(u)


# ====================================================================== generic questions
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


def _modal_build(g: G, f: tuple):
    return f[1], "Choose one", [(f"m:{i}", lab) for i, (lab, _) in enumerate(f[2])]


def _modal_do(g: G, f: tuple, oid: str) -> None:
    g.push(*f[2][int(oid[2:])][1])


ASKS["modal"] = (_modal_build, _modal_do)


def _optwin_find(g: G, f: tuple):
    _, event, i, k, used = f
    order = g.order()
    alone = next((m[2] for m in g.mods if m[0] == "peril"), -1) if g.mods else -1
    while k < len(order):
        p = order[k]
        if alone >= 0 and p != alone:  # champions/rr/peril
            k += 1
            continue
        asked, ts = g.optional_triggers(event, i, p)
        ts = [t for t in ts if t[0] not in used]
        if ts or asked:
            return k, p, ts
        k += 1
    return k, -1, []


def _who(g: G, q: int) -> str:
    return f"player {q + 1} ({g.idcard(q).name})" if 0 <= q < g.n else "a player"


#: the moment an interrupt/response window answers, in the game's words: event -> fn(state, event frame)
_MOMENTS = {
    "attack_init": lambda g, f: f"{g.name(f[1])} is about to attack {_who(g, f[2])}",
    "dmg": lambda g, f: f"{g.name(f[1])} would take {f[2]} damage",
    "threat": lambda g, f: f"{f[2]} threat would be placed on {g.name(f[1])}",
    "treachery": lambda g, f: f"the treachery {g.name(f[1])} is revealed for {_who(g, f[2])}",
    "encounter_revealed": lambda g, f: f"{g.name(f[1])} is revealed from the encounter deck for {_who(g, f[2])}",
    "after_attack": lambda g, f: f"{g.name(f[2])} attacked {g.name(f[3])}",
    "after_thwart": lambda g, f: f"{g.name(f[2])} thwarted",
    "defended": lambda g, f: f"{g.name(f[2])} defended against {g.name(f[3])}",
    "minion_defeated": lambda g, f: f"{g.name(f[2])} was defeated",
    "minion_defeating": lambda g, f: f"{g.name(f[1])} is about to be defeated",
    "minion_entered": lambda g, f: f"{g.name(f[2])} entered play engaged with {_who(g, f[3])}",
    "form_changed": lambda g, f: f"{_who(g, f[2])} changed form",
    "enemy_attacked": lambda g, f: f"{g.name(f[2])} attacked {_who(g, f[3])}",
    "enemy_schemed": lambda g, f: f"{g.name(f[2])} schemed",
    "round_end": lambda g, f: "the round ends",
}


def moment(g: G, event: str, i: int) -> str:
    """What is happening at the event frame ``g.stack[i]``, in the game's words (for prompts)."""
    fn = _MOMENTS.get(event)
    if fn is not None and 0 <= i < len(g.stack):
        try:
            return fn(g, g.stack[i])
        except (IndexError, TypeError):
            pass
    return event.replace("_", " ")


def _optwin_build(g: G, f: tuple):
    k, p, ts = _optwin_find(g, f)
    if p < 0:
        return 0, "", []
    opts = []
    for u, t in ts:
        how = "Play" if t[2] == "hand" else "Use"
        cost = f", cost {g.cost_of(p, u)}" if t[2] == "hand" else ""
        opts.append((f"trig:{u}:{t[0]}", f"{how} {g.name(u)}{cost}: {_first_line(g, u)}"))
    opts.append(("pass", "Pass (do nothing now)"))
    kind = "an interrupt" if f[1] in ("attack_init", "dmg", "threat", "treachery", "encounter_revealed",
                                      "minion_defeating") else "a response"
    return p, f"Player {p + 1}: {moment(g, f[1], f[2])}. Use {kind}?", opts


def _optwin_do(g: G, f: tuple, oid: str) -> None:
    k, p, ts = _optwin_find(g, f)
    _, event, i, _, used = f
    if oid == "pass":
        g.stack.append(("optwin", event, i, k + 1, used))
        return
    _, us, code = oid.split(":")
    u = int(us)
    t = next(t for uu, t in ts if uu == u and t[0] == code)
    if t[2] == "hand":
        g.hand[p].remove(u)
        g.disc[p].append(u)
        g.push(("pay", p, g.cost_of(p, u), "", u, "", ("trig_res", p, u, event, i)), ("optwin", event, i, k, used))
        g.emit("champions/summary/actions/interrupt-response", f"Player {p + 1} plays {g.name(u)}.")
    else:
        g.emit("champions/summary/actions/interrupt-response", f"Player {p + 1} uses {g.name(u)}.")
        t[5](g, p, u, i)
        g.push(("optwin", event, i, k, (*used, u)))


ASKS["optwin"] = (_optwin_build, _optwin_do)


def _forced_due(g: G, f: tuple) -> list[tuple[int, int, tuple]]:
    """The (card, n-th trigger of its code, trigger) of a ``forced_order`` frame still able to resolve."""
    from capes.games.champions.engine import forced_trigger
    _, event, i, due = f
    out = []
    for u, j in due:
        code = g.ccard(u).code
        t = forced_trigger(event, code, j)
        if t is not None and (t[4] is None or t[4](g, g._ctrl(u), u, i)):
            out.append((u, j, t))
    return out


def _forced_build(g: G, f: tuple):
    due = _forced_due(g, f)
    return g.first, "Several forced abilities happen at once: which resolves first?", [
        (f"f:{u}:{j}", f"{g.name(u)}: {_first_line(g, u)}") for u, j, _ in due]


def _first_line(g: G, u: int) -> str:
    """A short reminder of what card ``u`` does (its text up to the first full stop)."""
    text = (g.ccard(u).text or "").strip()
    return text.split(". ")[0].rstrip(".")[:80] or "its forced ability"


def _forced_do(g: G, f: tuple, oid: str) -> None:
    _, event, i, due = f
    _, us, js = oid.split(":")
    u, j = int(us), int(js)
    for v, k, t in _forced_due(g, f):
        if (v, k) == (u, j):
            t[5](g, g._ctrl(u), u, i)
    rest = tuple(x for x in due if x != (u, j))
    if rest:
        g.push(("forced_order", event, i, rest))


ASKS["forced_order"] = (_forced_build, _forced_do)


@step("trig_res")
def _trig_res(g: G, p: int, u: int, event: str, i: int, paid: str) -> None:
    g.paid = paid
    code = g.code[u]
    for t in S.TRIGGERS.get(event, ()):
        if t[0] == code and t[2] == "hand":
            t[5](g, p, u, i)
            return


# ---------------------------------------------------------------- small steps used by scripts
@step("heal")
def _heal(g: G, u: int, n: int) -> None:
    if _in_play(g, u):
        g.heal(u, n)


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


def _indirect_build(g: G, f: tuple):
    _, p, n, src = f
    opts = []
    for u in [g.ident[p], *g.allies(p)]:
        if _in_play(g, u) and g.dmg[u] < g.hp(u):
            opts.append((f"t:{u}", f"{g.name(u)} ({g.hp(u) - g.dmg[u]} hit points left)"))
    return p, f"Assign indirect damage ({n} left)", opts


def _indirect_do(g: G, f: tuple, oid: str) -> None:
    _, p, n, src = f
    u = int(oid[2:])
    g.push(("dmg", u, 1, src, 0))
    if n > 1:
        g.push(("indirect", p, n - 1, src))


ASKS["indirect"] = (_indirect_build, _indirect_do)
AUTO_SINGLE.add("indirect")


@step("nop_paid")
def _nop_paid(g: G, paid: str) -> None:
    pass


@step("pay_chain")
def _pay_chain(g: G, paid: str) -> None:
    """One step of ``State.pay_colors`` is paid; the next one follows (the payment's undo record stays open)."""


@step("eattack")
def _eattack(g: G, p: int, e: int, n: int, src: int, flags: int) -> None:
    """Damage from an attack event (not a basic attack). champions/rr/stunned: a stunned hero's attack is
    replaced by discarding the stun, whatever made the attack."""
    idu = g.ident[p]
    if g.st[idu] & STUN:
        g.st[idu] &= ~STUN
        g.emit("champions/rr/stunned", f"{g.name(idu)} is stunned: the attack is replaced by discarding the stun.")
        return
    if _in_play(g, e):
        _attack_hits(g, p, idu, e, n, 0, flags)


@step("ethwart")
def _ethwart(g: G, p: int, n: int, src: int, selector: str) -> None:
    idu = g.ident[p]
    if g.st[idu] & CONF:
        g.st[idu] &= ~CONF
        g.emit("champions/rr/confused", f"{g.name(idu)} is confused: the thwart is replaced by discarding it.")
        return
    g.push(("choose", p, selector, (("rthreat", "@", n, src),), f"{g.name(src)}: remove {n} threat from",
            False, src))


@step("nop")
def _nop(g: G) -> None:
    pass


@step("player_draw")
def _player_draw(g: G, u: int, k: int) -> None:
    """Draw for the player whose identity is ``u`` (for "choose a player" effects)."""
    _draw(g, g.owner[u], k)


@step("threat_of_player")
def _top(g: G, u: int, n: int) -> None:
    g.push(("threat", g.mscheme, n, "card"))


__all__ = ["setup", "enc_draw", "enc_take", "discard_top", "discard_until", "deal_boost", "reshuffle_encounter",
           "reshuffle_player"]
_ = (STEPS, F_PIERCE, AE)
