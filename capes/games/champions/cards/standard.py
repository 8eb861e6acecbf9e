"""The Standard encounter set."""

from capes.games.champions.cards import revealed
from capes.games.champions.engine import HERO


@revealed("01186")  # Advance
def advance(g, p, me):
    g.villain_schemes(p)


@revealed("01187")  # Assault
def assault(g, p, me):
    if g._form[p] != HERO:
        g.surge(p)
    else:
        g.villain_attacks(p)


@revealed("01188")  # Caught Off Guard
def caught_off_guard(g, p, me):
    if any(g.ctype(u) in ("upgrade", "support") for u in g.play[p]):
        g.choose(p, "my_upgrade_support", (("discard", "@"),), "Caught Off Guard: discard")
    else:
        g.surge(p)


@revealed("01189")  # Gang-Up
def gang_up(g, p, me):
    if g._form[p] != HERO:
        g.surge(p)
        return
    g.villain_attacks(p)
    for m in g.minions(p):
        g.push(("attack", m, p, 0))


@revealed("01190")  # Shadow of the Past
def shadow_of_the_past(g, p, me):
    nem = g.setaside[p]
    minion = [u for u in nem if g.ctype(u) == "minion"]
    side = [u for u in nem if g.ctype(u) == "side_scheme"]
    rest = [u for u in nem if u not in minion and u not in side]
    g.setaside[p] = []
    g.edeck += rest
    g.rng.shuffle(g.edeck)
    for u in side:
        g.reveal_card(u, p)
    for u in minion:
        g.push(("engage", u, p), ("call_revealed_if", u, p), ("quick", u, p))
    if not minion:
        g.surge(p)
