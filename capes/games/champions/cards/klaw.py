"""Klaw scenario: villain stages, main schemes and the Klaw encounter set."""

from capes.games.champions.cards import GRANTS, action, boost, cont, mark, revealed, setup, stat, trigger
from capes.games.champions.engine import HERO


def _extra_boost(g, p, me, i):
    from capes.games.champions.flow import deal_boost
    deal_boost(g, 1)


for _code in ("01113", "01114", "01115"):  # star: one extra boost card when Klaw attacks
    trigger(_code, "attack_init", kind="forced",
            can=lambda g, p, me, i: g.ev(i)[1] == me == g.villain)(_extra_boost)


def _search_reveal(g, code, p):
    u = g.find_encounter(code)
    if u >= 0:
        g.remove_from_zones(u)
        g.rng.shuffle(g.edeck)
        g.reveal_card(u, p)


@revealed("01114")
def klaw_2(g, p, me):
    _search_reveal(g, "01127", p)


@setup("01116a")
def underground_setup(g, p, me):
    _search_reveal(g, "01125", g.first)


def discard_until_minion(g, p, pred=None):
    """Discard from the encounter deck until a minion (matching ``pred``), which engages ``p``; the search ends
    when the deck runs out (ruling 60)."""
    from capes.games.champions.flow import discard_until
    u = discard_until(g, p, lambda v: g.ctype(v) == "minion" and (pred is None or pred(v)))
    if u >= 0:
        g.push(("engage", u, p), ("call_revealed_if", u, p), ("quick", u, p))


@revealed("01116b")
def underground_distribution(g, p, me):
    discard_until_minion(g, g.first)


@revealed("01117b")  # Secret Rendezvous (the 2A side's reveal)
def secret_rendezvous(g, p, me):
    discard_until_minion(g, g.first)


@trigger("01118", "attack_init", kind="forced", can=lambda g, p, me, i: g.ev(i)[1] == g.villain == g.att[me])
def sonic_converter(g, p, me, i):
    g.mods.append(("atk", "stun_hit", me))


def _discard_with(colors):
    def fn(g, p, me):
        g.pay_colors(p, colors, ("call", "klaw.drop", me))
    return fn


@cont
def drop(g, me, paid=""):
    g.discard(me)


for _code in ("01118", "01119"):
    action(_code, form="hero", can=lambda g, p, me: me in g.eplay and g.can_afford_colors(p, "EMP"))(_discard_with("EMP"))

GRANTS["01119"] = ("retaliate", 1)


@boost("01121")  # Weapons Runner: enters play engaged with you
def weapons_runner(g, p, me):
    if me in g.boosts:
        g.boosts.remove(me)
        g.push(("engage", me, p))


@revealed("01122")  # Klaw's Vengeance
def klaws_vengeance(g, p, me):
    if g._form[p] != HERO:
        if g.hand[p]:
            u = g.hand[p][g.rng.randbelow(len(g.hand[p]))]
            g.hand[p].remove(u)
            g.disc[p].append(u)
        return
    g.push(("call", "klaw.mark_call", "klaw.vengeance_after"))
    g.villain_attacks(p)


@cont
def mark_call(g, name):
    g.mods.append(("atk", "call", name))


@cont
def vengeance_after(g, p, e, hit):
    if hit:
        g.add_threat(g.mscheme, 1)


@revealed("01123")  # Sonic Boom
def sonic_boom(g, p, me):
    opts = []
    if g.can_afford_colors(p, "EMP"):
        opts.append(("Spend energy, mental and physical resources", (("call", "klaw.boom_pay", p),)))
    opts.append(("Exhaust each character you control", (("call", "klaw.boom_exhaust", p),)))
    if len(opts) == 1:
        g.push(*opts[0][1])
    else:
        g.modal(p, opts)


@cont
def boom_pay(g, p):
    g.pay_colors(p, "EMP", ("nop_paid",))


@cont
def boom_exhaust(g, p):
    g.exhaust(g.ident[p])
    for a in g.allies(p):
        g.exhaust(a)


@boost("01123")
def sonic_boom_boost(g, p, me):
    g.mods.append(("atk", "call", "klaw.boom_after"))


@cont
def boom_after(g, p, e, hit):
    if g.ident[p] in g.hit:
        g.exhaust(g.ident[p])


@revealed("01124")  # Sound Manipulation
def sound_manipulation(g, p, me):
    if g._form[p] != HERO:
        if not g.heal(g.villain, 4):
            g.surge(p)
    else:
        g.damage(g.ident[p], 2, me)
        g.push(("heal", g.villain, 2))


@revealed("01125")  # Defense Network
def defense_network(g, p, me):
    g.threat_per_player(me)


@revealed("01126")  # Illegal Arms Factory
def illegal_arms_factory(g, p, me):
    g.threat_per_player(me)


@stat("01127", "hp")  # The "Immortal" Klaw: +10 hit points
def immortal_klaw(g, me, target):
    return 10 if target == g.villain else 0


mark("01113", "klaw")
mark("01116a", "klaw")
mark("01117a", "klaw")  # its reveal is scripted on 01117b
