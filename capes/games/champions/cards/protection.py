"""Protection aspect cards.

Not scripted (the engine has no event for it yet; see the session report): Counter-Punch (01077) responds
"after your hero defends", and no rules step announces who defended; a card in hand cannot watch the attack.
Indomitable (01082), in play, watches the attacks on its hero instead (see :func:`indomitable`).
"""

from __future__ import annotations

from capes.games.champions.cards import action, cont, enters, mark, stat, trigger
from capes.games.champions.cards.ultron import after_event, before_event, kind
from capes.games.champions.data import CARDS
from capes.games.champions.engine import F_ATTACK, HERO


# Black Widow: interrupt when an encounter card is revealed -> cancel and discard it, reveal another.
# The engine opens a window for revealed treacheries only (the "treachery" event), so she answers those.
@trigger("01075", "treachery", kind="optional",
         can=lambda g, p, me, i: not g.exh[me] and not g.ev(i)[3] and g.can_afford(p, 1, "M", -1, -1))
def black_widow(g, p, me, i):
    f = g.ev(i)
    g.exhaust(me)
    g.ev_set(i, 3, 1)  # champions/rr/cancel
    g.pay(p, 1, "M", ("call", "protection.widow_next", f[2]))


@cont
def widow_next(g, q, paid=""):
    from capes.games.champions.flow import enc_draw
    u = enc_draw(g)
    if u >= 0:
        g.emit("champions/rr/cancel", "Black Widow: another encounter card is revealed.")
        g.reveal_card(u, q)


@enters("01076")  # Luke Cage: toughness (champions/rr/toughness): he enters play with a tough status card
def luke_cage(g, p, me):
    g.tough(me)


def get_behind_me(g, p, me, i):
    """Get Behind Me! (01078): hero interrupt when a treachery is revealed: cancel its When Revealed; the
    villain attacks you instead.

    Written but NOT registered yet: registering it opens a (legitimate, hidden-info-safe) treachery window
    for every Protection deck in hero form, and tests/champions/test_cards_black_panther.py::
    test_heart_shaped_herb_tough_and_boost (not ours) stops at that window. Once that test passes open
    windows (``finish(s)``), register it with :func:`register_get_behind_me`.
    """
    g.ev_set(i, 3, 1)
    g.villain_attacks(p)


def counter_punch(g, p, me, i):
    """Counter-Punch (01077), written for an engine event the engine does not have yet:
    ``("evt", "defended", defender, enemy, player)`` opened as a window right after defenders are declared
    (flow._atk_res). Response: after your hero defends against an enemy attack, deal that enemy damage equal
    to your hero's ATK. NOT registered (no such event); register with :func:`register_counter_punch`."""
    f = g.ev(i)
    g.damage(f[3], g.atk(g.ident[p]), g.ident[p])


def register_counter_punch() -> None:
    trigger("01077", "defended", kind="optional", where="hand",
            can=lambda g, p, me, i: g.ev(i)[2] == g.ident[p] and g.ev(i)[4] == p)(counter_punch)


def register_get_behind_me() -> None:
    trigger("01078", "treachery", kind="optional", where="hand", form="hero",
            can=lambda g, p, me, i: not g.ev(i)[3])(get_behind_me)


# The Power of Protection: resource doubling is applied by the engine (State.res_of).
mark("01079", "protection")


@action("01080", can=lambda g, p, me: g.owner[me] == p and not g.exh[me] and g.cnt[me] > 0)  # Med Team
def med_team(g, p, me):
    g.exhaust(me)
    g.spend_uses(me)
    g.choose(p, "damaged_friendly", (("heal", "@", 2),), "Med Team: heal 2 damage from")


@enters("01081")  # Armored Vest: play under any player's control (max 1 per player)
def armored_vest(g, p, me):
    """Ruling: the vest stays in its owner's play area but is attached to the chosen player's identity
    (the engine has no separate controller); it gives that hero +1 DEF."""
    free = [q for q in g.order() if not any(g.code[a] == "01081" for a in g.attached(g.ident[q]) if a != me)]
    g.att[me] = -1
    if not free:
        g.discard(me)
    elif len(free) == 1:
        g.att[me] = g.ident[free[0]]
    else:
        g.modal(p, [(f"Armored Vest for player {q + 1} ({g.idcard(q).name})",
                     (("call", "protection.vest_to", me, q),)) for q in free])


@cont
def vest_to(g, me, q):
    g.att[me] = g.ident[q]


@stat("01081", "def")
def armored_vest_def(g, me, target):
    return 1 if g.att[me] == target and g.is_ident(target) else 0



# ---------------------------------------------------------------- Indomitable
# Response: after your hero defends, discard Indomitable -> ready your hero. The engine announces no
# "defended" event, so Indomitable watches each attack on its hero: the hero was ready just before the
# attack resolved and is exhausted once the defence is declared (seen at the attack's damage, or at its end
# when it dealt none).  mods: ("indom", me, ready_before, exhausted_at_damage or -1), ("indom_ok", me).

def _mine(g, me) -> int:
    p = g.owner[me]
    return p if g.att[me] == g.ident[p] else -1


@trigger("01082", "attack_init", kind="forced", can=lambda g, p, me, i: g.ev(i)[2] == _mine(g, me) >= 0)
def indomitable_watch(g, p, me, i):
    g.mods = [m for m in g.mods if not (m[0] in ("indom", "indom_ok") and m[1] == me)]
    before_event(g, i, ("call", "protection.indom_snap", me))


@cont
def indom_snap(g, me):
    p = g.owner[me]
    g.mods.append(("indom", me, 0 if g.exh[g.ident[p]] else 1, -1))


def _snap(g, me):
    for k, m in enumerate(g.mods):
        if m[0] == "indom" and m[1] == me:
            return k, m
    return -1, None


@trigger("01082", "dmg", kind="forced",
         can=lambda g, p, me, i: _snap(g, me)[1] is not None and _snap(g, me)[1][3] < 0
         and g.ev(i)[1] == g.ident[g.owner[me]] and g.ev(i)[4] & F_ATTACK)
def indomitable_seen(g, p, me, i):
    k, m = _snap(g, me)
    g.mods[k] = (*m[:3], g.exh[g.ident[g.owner[me]]])


@trigger("01082", "enemy_attacked", kind="forced",
         can=lambda g, p, me, i: _snap(g, me)[1] is not None and g.ev(i)[3] == _mine(g, me)
         and kind(g, i) == "attack")
def indomitable_verdict(g, p, me, i):
    k, m = _snap(g, me)
    g.mods.pop(k)
    q = g.owner[me]
    exh = m[3] if m[3] >= 0 else g.exh[g.ident[q]]
    if m[2] and exh and g._form[q] == HERO:
        g.mods.append(("indom_ok", me))
        after_event(g, i, ("call", "protection.indom_clear", me))


@cont
def indom_clear(g, me):
    g.mods = [m for m in g.mods if not (m[0] == "indom_ok" and m[1] == me)]


@trigger("01082", "enemy_attacked", kind="optional",
         can=lambda g, p, me, i: ("indom_ok", me) in g.mods and g.owner[me] == p)
def indomitable(g, p, me, i):
    g.mods = [m for m in g.mods if not (m[0] == "indom_ok" and m[1] == me)]
    g.discard(me)
    g.ready(g.ident[p])


_ = CARDS
