"""Enemy activations: an enemy attacks (boost cards, defenders, damage) or schemes.

Rule ids: champions/rr/attack, champions/rr/scheme, champions/rr/boost, champions/rr/amplify,
champions/rr/villainous, champions/rr/defense (any player may declare a defender; champions/summary/faq/6),
champions/summary/actions/defense-hero, /defense-ally, champions/summary/easy/7 (undefended),
champions/rr/stunned, champions/rr/confused, champions/rr/overkill, champions/rr/piercing,
champions/rr/retaliate, ruling 9 (Melter).
"""

from __future__ import annotations

from capes.games.champions import cards as S
from capes.games.champions.frames import (
    ASKS,
    AUTO_SINGLE,
    CARDS,
    CONF,
    F_ATTACK,
    F_OVERKILL,
    F_PIERCE,
    HERO,
    ON_EMPTY,
    STUN,
    TOUGH,
    step,
)
from capes.games.champions.state import ChampionsState
from capes.games.champions.zones import _in_play

G = ChampionsState


# ---------------------------------------------------------------- one activation's memory
# What an activation remembers belongs to that activation (issue 40, class "state scoped to one attack / one
# activation"): who it damaged (``g.hit``), its ``("atk", ...)`` modifiers (boost abilities such as "if this
# activation deals damage ...", "after this attack" continuations) and its boost cards. :func:`begin_activation`
# is the one place that memory is created and :func:`end_activation` the one place it is dropped; every attack
# and every scheme, whether it happens or is replaced (stunned, confused, cancelled), goes through both.
# ``("atk", ...)`` modifiers may be marked just before the activation starts (Klaw's Vengeance), so the start
# keeps them and only forgets who an earlier activation damaged.

def begin_activation(g: G) -> None:
    """An attack or scheme starts: nothing has been damaged by it yet."""
    g.hit = []


def end_activation(g: G) -> None:
    """An attack or scheme is over (or did not happen): its boost cards are discarded, its modifiers end and
    who it damaged is forgotten."""
    _end_boosts(g)
    g.mods = [m for m in g.mods if m[0] != "atk"]
    g.hit = []


@step("act_end")
def _act_end(g: G) -> None:
    end_activation(g)


@step("attack")
def _attack(g: G, e: int, p: int, flags: int) -> None:
    """An enemy attacks player p (champions/rr/attack). flags&1: a villain activation (gets a boost card)."""
    if not g.alive[p] or not (e == g.villain or e in g.eplay):
        return
    begin_activation(g)
    if g.st[e] & STUN:  # champions/rr/stunned: the whole activation is replaced by discarding the stun
        # (no boost card is dealt and "when ... attacks" abilities do not fire: the attack never starts)
        g.st[e] &= ~STUN
        g.emit("champions/rr/stunned", f"{g.name(e)} is stunned and does not attack.")
        end_activation(g)
        return
    if e != g.villain and g.has_kw(e, "villainous"):  # champions/rr/villainous: a boost card, as the villain
        flags |= 1
        g.emit("champions/rr/villainous", f"{g.name(e)} is villainous: it gets a boost card.")
    if flags & 1:
        g.deal_boost(1)  # champions/rr/boost: one facedown boost card per villain activation
    g.push(("win", "attack_init"), ("atk_go", e, p, flags, 0))


@step("atk_go")
def _atk_go(g: G, e: int, p: int, flags: int, cancelled: int) -> None:
    if cancelled or not g.alive[p] or not (e == g.villain or e in g.eplay):
        end_activation(g)  # the memory of an attack that does not happen ends with it
        return
    if g.st[e] & STUN:  # stunned by a "when ... attacks" interrupt: champions/rr/stunned replaces what is left
        g.st[e] &= ~STUN
        g.emit("champions/rr/stunned", f"{g.name(e)} is stunned and does not attack.")
        end_activation(g)
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
    """The players asked, in turn, whether they declare a defender against ``e``'s attack on ``p``: the attacked
    player first, then each other player in player order from the first player (champions/rr/defense, ruling 9:
    any player may defend; the attack is against ``p``, who is asked before anyone defends for them). Melter:
    when the engaged player can defend with an ally they must, so only they are asked (ruling 9)."""
    if g.code[e] == "01132" and any(a != g.ident[p] for a in _defenders(g, p)):
        return [p]
    return [p, *(q for q in g.order() if q != p)]


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
                # champions/rr/defense: the hero's DEF is subtracted from the attack's damage (ATK plus any boost)
                opts.append(("def:hero", f"Defend with {g.name(d)} (DEF {g.defv(d)} against ATK {g.atk(e)}{boost})"))
            else:
                opts.append((f"def:{d}", f"Defend with {g.label(d)} (ally, {g.hp(d) - g.dmg[d]} hit points left)"))
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
AUTO_SINGLE.add("defend")


def _flip_boosts(g: G, p: int) -> int:
    """Turn boost cards faceup: their boost icons count; star boost abilities resolve (champions/rr/boost)."""
    tot = 0
    amp = 0
    if g.boosts:  # champions/rr/amplify: each amplify icon in play adds one boost icon to each boost card
        amp = CARDS[g.code[g.mscheme]].amplify + sum(CARDS[g.code[u]].amplify for u in g.eplay)
    for b in g.boosts:
        c = CARDS[g.code[b]]
        tot += c.boost + amp
        g.emit("champions/rr/boost", f"Boost: {c.name} (+{c.boost}{', star' if c.boost_star else ''}"
               f"{f', amplified +{amp}' if amp else ''}).")
        fn = S.BOOST.get(c.code)
        if fn is not None and c.boost_star:
            fn(g, p, b)
    g.bup = len(g.boosts)  # faceup until the attack or scheme ends (_end_boosts)
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
    g.bup = 0


@step("atk_end")
def _atk_end(g: G, e: int, p: int, flags: int) -> None:
    _end_boosts(g)
    hit = tuple(g.hit)
    for m in g.mods:
        if m[0] == "atk" and m[1] == "stun_hit":
            for u in hit:
                if _in_play(g, u):
                    g.stun(u)
        if m[0] == "atk" and m[1] == "discard":
            if m[2] in g.eplay:
                g.push(("discard", m[2]))
        if m[0] == "atk" and m[1] == "call":
            g.push(("call", m[2], p, e, hit))
    g.mods = [m for m in g.mods if m[0] != "atk"]
    g.push(("act_end",))  # after the "after this attack" continuations, which read what it damaged
    # "after X attacks" / "after X schemes": two events; field 4 says which ("attack" / "scheme")
    ev = "enemy_schemed" if flags & 4 else "enemy_attacked"
    g.push(("win", ev), ("evt", ev, e, p, "scheme" if flags & 4 else "attack"))


@step("scheme")
def _scheme(g: G, e: int, p: int, flags: int) -> None:
    """An enemy schemes (champions/rr/scheme)."""
    if not (e == g.villain or e in g.eplay):
        return
    begin_activation(g)
    if g.st[e] & CONF:  # champions/rr/confused: the whole activation is replaced (no boost card)
        g.st[e] &= ~CONF
        g.emit("champions/rr/confused", f"{g.name(e)} is confused and does not scheme.")
        end_activation(g)
        return
    boost = 0
    if e != g.villain and g.has_kw(e, "villainous"):  # champions/rr/villainous
        flags |= 1
        g.emit("champions/rr/villainous", f"{g.name(e)} is villainous: it gets a boost card.")
    if flags & 1:
        g.deal_boost(1)
        boost = _flip_boosts(g, p)
    n = g.sch(e) + boost
    g.emit("champions/rr/scheme", f"{g.name(e)} schemes for {n}.")
    g.push(("threat", g.mscheme, n, "vscheme" if e == g.villain else "scheme"), ("atk_end", e, p, flags | 4))
