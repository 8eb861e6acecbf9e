"""Playing a card from hand: paying its cost (resources from hand and abilities), a refused or cancelled payment
given back, the card entering play, attachments, and the ally and restricted limits.

Rule ids: champions/summary/actions/play, champions/rr/resources, ruling 21 (a cancelled payment is rolled
back), champions/rr/attachments, champions/rr/ally-limit, champions/summary/easy/3 (ally limit),
champions/summary/easy/4 (restricted limit), champions/rr/permanent.
"""

from __future__ import annotations

from capes.games.champions import cards as S
from capes.games.champions.frames import ASKS, CARDS, ON_EMPTY, counted, step
from capes.games.champions.state import ChampionsState
from capes.games.champions.zones import _RES_NAME, _discard, _permanent

G = ChampionsState

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
    seen: set[tuple[str, str]] = set()
    for kind, u, r in g.sources(p, excl, excl):
        if not r or color and not (color in r or "W" in r):  # it makes nothing (of the colour due)
            continue
        if kind == "card":  # a card in hand: never an identity, its name is its card's
            if (g.code[u], r) in seen:  # another copy of a card already offered: the same payment
                continue
            seen.add((g.code[u], r))
            opts.append((f"pay:{u}", f"Discard {CARDS[g.code[u]].name} from your hand for {_res_words(r)}",
                         "Discard a card"))
        else:  # copies in play told apart as the table tells them (g.label: "#1", "#2")
            opts.append((f"res:{u}", f"Use {g.label(u)} for {_res_words(r)}", "Use a card in play"))
    what = counted(need, "more resource") + (f" ({_RES_NAME.get(color, color)})" if color else "")
    if opts:  # with no source left the payment is refused at once (ON_EMPTY), as before
        opts.append(("cancel", "Cancel: take back this payment (nothing is spent)"))
    return p, f"Pay {what}" + (f" for {g.name(excl)}" if excl >= 0 else ""), opts


def _res_words(r: str) -> str:
    """``"PW"`` -> ``"1 physical + 1 wild"``."""
    w = _WORDS.get(r)
    if w is None:
        out = []
        for ch in "PMEW":
            k = r.count(ch)
            if k:
                out.append(f"{k} {_RES_NAME[ch]}")
        w = " + ".join(out) or "nothing"
        if len(_WORDS) < 256:  # keyed by the colours alone (a few distinct strings): bounded
            _WORDS[r] = w
    return w


_WORDS: dict[str, str] = {}


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
        g.emit("champions/summary/actions/play", f"Player {p + 1} cannot pay {counted(need, 'more resource')}: "
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


@step("play_res")
def _play_res(g: G, p: int, u: int, paid: str) -> None:
    """The card is played (champions/summary/actions/play)."""
    g.mods = [m for m in g.mods if not (m[0] == "limbo" and m[1] == u)]
    c = CARDS[g.code[u]]
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
    c = CARDS[g.code[u]]
    # champions/summary/easy/3: ally limit 3; champions/summary/easy/4: restricted limit 2
    if c.type == "ally" and len(g.allies(p)) > ally_limit(g, p):
        g.push(("over_limit", p, "ally"))
    if c.kw("restricted") and sum(1 for v in g.play[p] if CARDS[g.code[v]].kw("restricted")) > 2:
        g.push(("over_limit", p, "restricted"))
    fn = S.ENTERS.get(c.code)
    if fn is not None and u in g.play[p]:
        fn(g, p, u)


@step("limits")
def _limits(g: G) -> None:
    """champions/summary/easy/3 and /4 (ruling 68): the ally and restricted limits are checked whenever what they
    count or what they allow changes, not only when a card enters play: each living player over a limit discards
    down to it, in player order."""
    fr = []
    for p in g.order():
        if len(g.allies(p)) > ally_limit(g, p):
            fr.append(("over_limit", p, "ally"))
        if sum(1 for v in g.play[p] if CARDS[g.code[v]].kw("restricted")) > 2:
            fr.append(("over_limit", p, "restricted"))
    g.push(*fr)


def _over_build(g: G, f: tuple):
    p, what = f[1], f[2]
    if what == "ally":
        us = g.allies(p)
        if len(us) <= ally_limit(g, p):
            return p, "", []
    else:
        us = [v for v in g.play[p] if CARDS[g.code[v]].kw("restricted")]
        if len(us) <= 2:
            return p, "", []
    # champions/rr/permanent: a permanent card cannot be chosen (it cannot leave play)
    return p, f"Too many {what} cards: discard one", [(f"d:{u}", f"Discard {g.label(u)}") for u in us
                                                      if not _permanent(g, u)]


def _over_do(g: G, f: tuple, oid: str) -> None:
    _discard(g, int(oid[2:]))
    g.stack.append(f)


ASKS["over_limit"] = (_over_build, _over_do)


@step("pay_chain")
def _pay_chain(g: G, paid: str) -> None:
    """One step of ``State.pay_colors`` is paid; the next one follows (the payment's undo record stays open)."""
