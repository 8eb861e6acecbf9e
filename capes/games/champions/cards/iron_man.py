"""Iron Man: identity, hero cards, the Business Problems obligation and the Whiplash nemesis set."""

from capes.games.champions.cards import action, boost, cont, play, resource, revealed, stat, trigger
from capes.games.champions.cards.captain_marvel import (
    _attack_init_mark,
    aerial,
    ob_discard,
    obligation,
    pick,
    undefended_boost,
)
from capes.games.champions.data import CARDS
from capes.games.champions.engine import HERO


def _tech_upgrades(g, p):
    return [u for u in g.play[p] if g.ctype(u) == "upgrade" and "Tech" in CARDS[g.code[u]].traits]


def _upgrades(g, p):
    return [u for u in g.play[p] if g.ctype(u) == "upgrade"]


def _printed_energy(g, us) -> int:
    return sum(CARDS[g.code[u]].res.count("E") for u in us)


# ---------------------------------------------------------------- identity


@stat("01029a", "hand")  # Iron Man: +1 hand size per Tech upgrade, to a maximum hand size of 7
def iron_man_hand(g, me, target):
    o = g.owner[me]
    if target != me or o < 0 or g._form[o] != HERO:
        return 0
    base = g.idcard(o).hand or 0
    return max(0, min(len(_tech_upgrades(g, o)), 7 - base))


@action("01029b", form="ae", can=lambda g, p, me: g.ctrl(me) == p and not g.used_once(p, "futurist")
        and bool(g.deck[p]))
def futurist(g, p, me):  # Tony Stark: look at the top 3, take 1, discard the rest
    g.use_once(p, "futurist")
    top = [g.deck[p].pop() for _ in range(min(3, len(g.deck[p])))]
    # The looked-at cards wait outside the deck (hidden from the others) until one is chosen.
    g.mods.append(("iron_man.look", p, tuple(top)))
    seen = {}
    for u in top:
        seen.setdefault(g.code[u], u)
    pick(g, p, [(f"Futurist: take {g.name(u)} into your hand", (("call", "iron_man.futurist_take", p, u),))
                for u in seen.values()])


@cont
def futurist_take(g, p, u):
    for i, m in enumerate(g.mods):
        if m[0] == "iron_man.look" and m[1] == p and u in m[2]:
            g.mods.pop(i)
            g.hand[p].append(u)
            for v in m[2]:
                if v != u:
                    g.disc[p].append(v)
            g.emit("champions/rr/draw", f"Player {p + 1} takes {g.name(u)} into hand (Futurist).", only=p,
                   public=f"Player {p + 1} takes 1 card into hand and discards {len(m[2]) - 1} (Futurist).")
            return


# ---------------------------------------------------------------- hero cards


@action("01030", can=lambda g, p, me: g.ctrl(me) == p and not g.exh[me])  # War Machine
def war_machine(g, p, me):
    g.exhaust(me)
    targets = g.enemies()
    g.damage(me, 2, -1)  # the cost: he takes 2 damage
    for e in targets:
        g.damage(e, 1, me)


@play("01031", form="hero")  # Repulsor Blast
def repulsor_blast(g, p, me):
    g.choose(p, "attackable", (("call", "iron_man.repulsor", p, me, "@"),), "Repulsor Blast: attack")


@cont
def repulsor(g, p, me, e):
    from capes.games.champions.flow import discard_top
    k = _printed_energy(g, discard_top(g, p, 5))
    g.emit("champions/rr/discard", f"Repulsor Blast discards cards with {k} printed energy resource(s).")
    g.push(("eattack", p, e, 1 + 2 * k, me, 0))


@play("01032", form="hero")  # Supersonic Punch
def supersonic_punch(g, p, me):
    g.attack_with_event(p, "attackable", 8 if aerial(g, p) else 4, me)


# Pepper Potts: her resource ability produces the colours of the top card of the discard pile at the
# moment she is used (``produces`` is a callable). Ruling: she must be used before any other resource in a
# payment step, so she cannot copy a card discarded for the same cost.


def _top_res(g, p, me=-1) -> str:
    return CARDS[g.code[g.disc[p][-1]]].res if g.disc[p] else ""


def _pepper_can(g, p, me):
    if g.ctrl(me) != p or g.exh[me] or not _top_res(g, p):
        return False
    f = g.stack[-1] if g.stack else None
    return not (f is not None and f[0] == "pay" and len(f) == 7 and f[5])


@resource("01033", produces=_top_res, can=_pepper_can)
def pepper_potts(g, p, me):
    g.exhaust(me)


def _tower_can(g, p, me):
    return g.ctrl(me) == p and not g.exh[me] and any(
        g.ctype(u) == "upgrade" and "Tech" in CARDS[g.code[u]].traits for q in range(g.n) for u in g.disc[q])


@action("01034", form="ae", can=_tower_can)  # Stark Tower
def stark_tower(g, p, me):
    g.exhaust(me)
    g.choose(p, "player", (("call", "iron_man.tower_return", "@"),),
             "Stark Tower: which player takes back their top Tech upgrade?")


@cont
def tower_return(g, ident):
    q = g.owner[ident]
    for u in reversed(g.disc[q]):
        if g.ctype(u) == "upgrade" and "Tech" in CARDS[g.code[u]].traits:
            g.disc[q].remove(u)
            g.hand[q].append(u)
            g.emit("champions/rr/discard", f"Player {q + 1} returns {g.name(u)} from discard to hand.")
            return


@action("01035", form="hero", can=lambda g, p, me: g.ctrl(me) == p and not g.exh[me] and g.exh[g.ident[p]])
def arc_reactor(g, p, me):
    g.exhaust(me)
    g.ready(g.ident[p])


@stat("01036", "hp")  # Mark V Armor
def mark_v_armor(g, me, target):
    return 6 if g.att[me] == target else 0


@action("01037", form="hero", can=lambda g, p, me: g.ctrl(me) == p and not g.exh[me]
        and any(g.thr[s] for s in g.thwartable(p)))  # Mark V Helmet
def mark_v_helmet(g, p, me):
    g.exhaust(me)
    if aerial(g, p):
        for s in g.thwartable(p):
            g.thwart(s, 1, me)
    else:
        g.choose(p, "thwartable", (("rthreat", "@", 1, me),), "Mark V Helmet: remove 1 threat from")


@action("01038", form="hero", can=lambda g, p, me: g.ctrl(me) == p and not g.exh[me])  # Powered Gauntlets
def powered_gauntlets(g, p, me):
    g.exhaust(me)
    g.attack_with_event(p, "attackable", 2 if aerial(g, p) else 1, me)


@stat("01039", "hp")  # Rocket Boots
def rocket_boots_hp(g, me, target):
    return 1 if g.att[me] == target else 0


def can_pay_color(g, p, color) -> bool:
    """Whether ``p`` can pay one ``color`` resource (Pepper Potts counts with her real output)."""
    return g.can_afford(p, 1, color, -1, -1)


@action("01039", form="hero", can=lambda g, p, me: g.ctrl(me) == p and not g.exh[me] and not aerial(g, p)
        and can_pay_color(g, p, "M"))
def rocket_boots(g, p, me):
    g.exhaust(me)
    g.pay(p, 1, "M", ("call", "iron_man.boots_fly", p))


@cont
def boots_fly(g, p, paid=""):
    # Aerial until the end of the phase: the mod is read only while the player phase lasts and the
    # engine clears ("round", ...) mods at the end of the round.
    if ("round", "aerial", p) not in g.mods:
        g.mods.append(("round", "aerial", p))
    g.emit("champions/rr/hero-action", f"{g.idcard(p).name} is Aerial until the end of the phase.")


# ---------------------------------------------------------------- obligation and nemesis set


@revealed("01170")  # Business Problems
def business_problems(g, p, me):
    obligation(g, p, me, "01029a", "Exhaust each upgrade you control; discard Business Problems",
               "iron_man.bp_exhaust")


@cont
def bp_exhaust(g, q, me):
    for u in _upgrades(g, q):
        g.exhaust(u)
    ob_discard(g, me)


@revealed("01171")  # Imminent Overload: 1 more threat per player
def imminent_overload(g, p, me):
    g.add_threat(me, g.n)


# Whiplash (01172): Retaliate 1 is applied by the engine (vanilla in the data).


def _discard_upgrade_items(g, p, label):
    return [(f"{label}: discard {g.name(u)}", (("discard", u),)) for u in _upgrades(g, p)]


@revealed("01173")  # Electric Whip Attack
def electric_whip_attack(g, p, me):
    ups = _upgrades(g, p)
    if not ups:
        return
    g.modal(p, [(f"Take {len(ups)} damage (1 per upgrade you control)",
                 (("dmg", g.ident[p], len(ups), me, 0),)),
                ("Discard an upgrade you control", (("call", "iron_man.ewa_discard", p),))])


@cont
def ewa_discard(g, p, me=-1):
    pick(g, p, _discard_upgrade_items(g, p, "Electric Whip Attack"))


trigger("01173", "attack_init", kind="forced", can=lambda g, p, me, i: me in g.boosts)(_attack_init_mark)


@boost("01173")
def electric_whip_attack_boost(g, p, me):
    undefended_boost(g, p, me, "iron_man.ewa_discard")


@revealed("01174")  # Electromagnetic Backlash
def electromagnetic_backlash(g, p, me):
    from capes.games.champions.flow import discard_top
    for q in g.order():
        k = _printed_energy(g, discard_top(g, q, 5))
        g.emit("champions/rr/discard", f"Player {q + 1} discards {k} printed energy resource(s).")
        if k:
            g.damage(g.ident[q], k, me)
