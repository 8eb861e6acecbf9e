"""Bomb Scare modular set."""

from capes.games.champions.cards import cont, revealed


@revealed("01109")  # Bomb Scare
def bomb_scare(g, p, me):
    g.threat_per_player(me)


@revealed("01110")  # Hydra Bomber
def hydra_bomber(g, p, me):
    g.modal(p, [("Take 2 damage", (("dmg", g.ident[p], 2, me, 0),)),
                ("Place 1 threat on the main scheme", (("threat", g.mscheme, 1, "card"),))])


@revealed("01111")  # Explosion
def explosion(g, p, me):
    bomb = next((u for u in g.eplay if g.code[u] == "01109"), -1)
    if bomb < 0:
        g.surge(p)
        return
    # ruling 10 (champions/summary/faq/6): the first player picks among the eligible targets
    g.push(("call", "bomb_scare.assign", g.first, me, g.thr[bomb]))


@cont
def assign(g, p, me, left):
    """Assign the damage one point at a time among heroes and allies."""
    if left <= 0:
        return
    g.choose(p, "friendly", (("dmg", "@", 1, me, 0), ("call", "bomb_scare.assign", p, me, left - 1)),
             f"Explosion: assign 1 of {left} damage to")


@revealed("01112")  # False Alarm
def false_alarm(g, p, me):
    u = g.ident[p]
    if g.st[u] & 2:
        g.surge(p)
    else:
        g.confuse(u)
