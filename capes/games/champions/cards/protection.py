"""Protection aspect cards."""

from __future__ import annotations

from capes.games.champions.cards import ANY_CONTROL, action, cont, enters, mark, stat, trigger
from capes.games.champions.data import CARDS


# Black Widow: interrupt when a card is revealed from the encounter deck -> exhaust her and spend a mental
# resource: cancel its effects and discard it, then reveal another (the engine's encounter_revealed window;
# cancel value 2 makes the engine reveal the next card once this one is discarded).
@trigger("01075", "encounter_revealed", kind="optional",
         can=lambda g, p, me, i: not g.exh[me] and not g.ev(i)[3] and g.can_afford(p, 1, "M", -1, -1))
def black_widow(g, p, me, i):
    g.exhaust(me)
    g.ev_set(i, 3, 2)  # champions/rr/cancel
    g.pay(p, 1, "M", ("nop_paid",))


@enters("01076")  # Luke Cage: toughness (champions/rr/toughness): he enters play with a tough status card
def luke_cage(g, p, me):
    g.tough(me)


@trigger("01078", "treachery", kind="optional", where="hand", form="hero",
         can=lambda g, p, me, i: not g.ev(i)[3])
def get_behind_me(g, p, me, i):
    """Get Behind Me! (01078): hero interrupt when a treachery is revealed: cancel its When Revealed; the
    villain attacks you instead (champions/rr/cancel)."""
    g.ev_set(i, 3, 1)
    g.villain_attacks(p)


@trigger("01077", "defended", kind="optional", where="hand",
         can=lambda g, p, me, i: g.ev(i)[2] == g.ident[p] and g.ev(i)[3] in g.attackable(p))
def counter_punch(g, p, me, i):
    """Counter-Punch: response (attack) after your hero defends against an enemy attack: damage equal to
    your hero's ATK to that enemy. It is an attack (champions/rr/attack): guard limits it and retaliate
    answers it."""
    e = g.ev(i)[3]
    g.push(("eattack", p, e, g.atk(g.ident[p]), me, 0))


# The Power of Protection: resource doubling is applied by the engine (State.res_of).
mark("01079", "protection")


@action("01080", can=lambda g, p, me: g.ctrl(me) == p and not g.exh[me] and g.cnt[me] > 0)  # Med Team
def med_team(g, p, me):
    g.exhaust(me)
    g.spend_uses(me)
    g.choose(p, "damaged_friendly", (("heal", "@", 2),), "Med Team: heal 2 damage from")


ANY_CONTROL.add("01081")


@enters("01081")  # Armored Vest: played under any player's control (max 1 per player)
def armored_vest(g, p, me):
    """The player who plays it picks a player who controls no Armored Vest; the vest enters play under that
    player's control (champions/rr/control; it is not an attachment). Should nobody be free, it is discarded."""
    g.att[me] = -1
    free = [q for q in g.order()
            if not any(g.code[a] == "01081" for a in g.play[q] if a != me)]
    if not free:
        g.discard(me)
    elif len(free) == 1:
        vest_to(g, me, free[0])
    else:
        g.modal(p, [(f"Armored Vest for player {q + 1} ({g.idcard(q).name})",
                     (("call", "protection.vest_to", me, q),)) for q in free])


@cont
def vest_to(g, me, q):
    c = g.ctrl(me)
    if me not in g.play[c]:
        return
    g.play[c].remove(me)
    g.play[q].append(me)
    g.set_ctrl(me, q)
    g.emit("champions/rr/control", f"Armored Vest enters play under player {q + 1}'s control.")


@stat("01081", "def")
def armored_vest_def(g, me, target):
    """Your hero gets +1 DEF: the hero of the vest's controller."""
    q = g.ctrl(me)
    return 1 if q >= 0 and target == g.ident[q] and me in g.play[q] else 0



# ---------------------------------------------------------------- Indomitable
@trigger("01082", "defended", kind="optional",
         can=lambda g, p, me, i: g.ctrl(me) == p and g.att[me] == g.ident[p] == g.ev(i)[2])
def indomitable(g, p, me, i):
    """Response: after your hero defends, discard Indomitable to ready your hero."""
    g.discard(me)
    g.ready(g.ident[p])


_ = CARDS
