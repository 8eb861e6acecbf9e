"""The round and the player phase: each player's turn menu (play a card, basic powers, abilities, change form,
requests to other players) and what each choice starts.

Rule ids: champions/summary/flow/1 and /2, champions/summary/actions/change-form, champions/summary/easy/2 (once per
turn), champions/summary/faq/1 and ruling 8 (asking another player to use a card), TURN_CAP and ROUND_CAP
(engine bounds).
"""

from __future__ import annotations

from capes.games.champions import cards as S
from capes.games.champions.basic_powers import _thw_label
from capes.games.champions.frames import ASKS, CARDS, ROUND_CAP, TURN_CAP, step
from capes.games.champions.playing import _start_play
from capes.games.champions.state import ChampionsState
from capes.games.champions.timing import _first_line
from capes.games.champions.zones import _in_play, first_copies, hand_name

G = ChampionsState

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
        code = g.code
        # the sources are found once per menu: for each card, the same check as ``g.playable(p, u)`` (what the
        # other sources make, with the card's own resource left out and The Power of ... counted for it)
        # what p's sources make: ``total``; paying for a card, its own resource is left out and each other
        # The Power of ... card of its aspect makes one more (as g.res_of): ``powers`` are their (card, aspect)
        total = 0
        powers = []
        hand = g.hand[p]
        cards = CARDS
        for x in hand:  # the hand's part of g.sources(p, -1, -1), without its list of tuples
            xc = cards[code[x]]
            r = xc.res
            if r:
                total += len(r)
                if r == "W" and xc.type == "resource" and xc.name.startswith("The Power of"):
                    powers.append((x, xc.aspect))
        if S.RESOURCE:
            abilities: list[tuple[str, int, str]] = []
            g._ability_sources(p, abilities)
            for _, _, r in abilities:
                total += len(r)
        cut = 0
        for m in g.mods:  # as g.cost_of
            if m[0] == "cost" and m[1] == p:
                cut += m[2]
        # copies of a card in hand are interchangeable: one option for them all (the first copy)
        for u in first_copies(g, hand):
            c = cards[code[u]]
            # a resource or a card with no cost is never playable (play_block's first two rules)
            if c.type == "resource" or c.cost is None:
                continue
            cost = c.cost - cut
            if cost < 0:
                cost = 0
            have = total - len(c.res)
            # what p can pay first (arithmetic), then the rules that may forbid the card (play_block)
            if (have >= cost or powers and cost <= have + sum(1 for x, a in powers if x != u and a == c.aspect)) \
                    and not g.play_block(p, u):
                opts.append((f"play:{u}", f"Play {hand_name(g, u, hand)} (cost {cost})", "Play a card"))
        # each list of targets and each target's label, found once per menu (the hero and every ally share them)
        enemies: list[tuple[int, str]] | None = None
        schemes: list[tuple[int, str]] | None = None
        if not g.exh[idu]:
            ic = g.idcard(p)
            if hero:
                if ic.atk is not None:
                    enemies = [(e, g.label(e)) for e in g.attackable(p)]
                    tail = f" with {ic.name} (ATK {g.atk(idu)})"
                    for e, lab in enemies:
                        opts.append((f"atk:{e}", f"Attack {lab}{tail}", "Attack"))
                if ic.thw is not None:
                    # every scheme it may thwart, also one with no threat: legal (ruling 5 withdrawn)
                    schemes = [(s, g.label(s)) for s in g.thwartable(p)]
                    for s, lab in schemes:
                        opts.append((f"thw:{s}", f"Thwart {lab} with {ic.name} ({_thw_label(g, idu, s)}, "
                                     f"{g.thr[s]} threat on it)", "Thwart"))
            elif ic.rec is not None:
                opts.append(("rec", f"Recover with {ic.name} (REC {g.rec(idu)})"))
        for a in g.allies(p):
            if g.exh[a]:
                continue
            ac = CARDS[code[a]]
            group = f"Ally {ac.name}"
            if ac.atk is not None:
                if enemies is None:
                    enemies = [(e, g.label(e)) for e in g.attackable(p)]
                tail = f" (ATK {g.atk(a)}{f', takes {ac.atk_cost} damage' if ac.atk_cost else ''})"
                for e, lab in enemies:
                    opts.append((f"aatk:{a}:{e}", f"{ac.name} attacks {lab}{tail}", group))
            if ac.thw is not None:
                if schemes is None:
                    schemes = [(s, g.label(s)) for s in g.thwartable(p)]
                for s, lab in schemes:
                    opts.append((f"athw:{a}:{s}", f"{ac.name} thwarts {lab} ({_thw_label(g, a, s)}"
                                 f"{f', takes {ac.thw_cost} damage' if ac.thw_cost else ''})", group))
        action = S.ACTION
        # the cards with an action ability: the identity by its current side, the others by their code
        idcode = g.idcard(p).code
        for u in (idu, *g.play[p], *g.eplay, g.villain):
            spec = action.get(idcode if u == idu else code[u])
            if spec is None:
                continue
            _, form, can = spec
            if form == "hero" and not hero or form == "ae" and hero:
                continue
            if can is not None and not can(g, p, u):
                continue
            # two copies in play are two options told apart as the table tells them (g.label: "#1", "#2")
            opts.append((f"use:{u}", f"Use {g.label(u)}: {_first_line(g, u)}", "Use a card"))
        order = g.order()
        # champions/summary/faq/1: another player's action abilities in play, used by request
        for q in order:
            if q == p:
                continue
            qh = g._form[q]
            idq = g.ident[q]
            for u in (idq, *g.play[q]):
                spec = action.get(g.idcard(q).code if u == idq else code[u])
                if spec is None:
                    continue
                _, form, can = spec
                if form == "hero" and not qh or form == "ae" and qh:
                    continue
                if g.exh[u]:  # only public conditions here: the owner's hand stays hidden
                    continue
                opts.append((f"req:{u}", f"Ask player {q + 1} to use {g.label(u)}: {_first_line(g, u)}", "Ask another player"))
        for q in order:  # champions/summary/faq/1: an action card from another hand, by request (ruling 8)
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


def grantable(g: G, q: int, u: int) -> bool:
    """Whether player q can use the action ability of u, which they control, now (the request's "accept")."""
    spec = S.ACTION.get(g.ccard(u).code)
    return spec is not None and _in_play(g, u) and (spec[2] is None or spec[2](g, q, u))


def _req_build(g: G, f: tuple):
    _, q, u, p = f
    opts = [("decline", "Decline")]
    if grantable(g, q, u):
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
        for u in first_copies(g, g.hand[q]):
            if CARDS[g.code[u]].type == "event" and g.playable(q, u):
                opts.append((f"play:{u}", f"Play {hand_name(g, u, g.hand[q])} (cost {g.cost_of(q, u)}): "
                                           f"{_first_line(g, u)}"))
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
