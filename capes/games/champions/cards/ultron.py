"""Ultron scenario: villain stages, main schemes (1A-3B), the Ultron encounter set and the Drone token.

Facedown Drones. The engine has no notion of a player card put into play facedown as a minion, so this
module builds it from existing primitives. The top card of the player's deck leaves the deck and is held
aside; a *token* instance (a fresh ``uid``, recycled when free) with the code :data:`DRONE` (a ``minion`` in
``data/ultron.yaml``, set ``ultron_drone``, never in any deck) enters play engaged with the player as an
encounter card (owner ``-1``). ``g.mods`` keeps ``("drone", token, card, player)``; free tokens are kept as
``("dpool", token)``. Views show only a "Drone" with the token's uid, which says nothing about the card
(champions/rr/environment: facedown cards have no printed values; Ultron Drones gives them SCH 1, ATK 1,
1 hit point). When a facedown Drone leaves play (defeated, or swept from the encounter zones after any
other removal) the held card goes to its owner's discard pile (Ultron Drones' forced response).
"""

from __future__ import annotations

from capes.games.champions import cards as S
from capes.games.champions.cards import action, boost, cont, defeated, mark, revealed, setup, stat, trigger
from capes.games.champions.data import CARDS
from capes.games.champions.engine import F_ATTACK, HERO, STUN

DRONE = "ultron_drone"  # token card: a facedown player card acting as a Drone minion
ULTRONS = ("01134", "01135", "01136")
#: state lists that are not indexed by card instance
_NOT_PER_CARD = {"stack", "mods", "edeck", "edisc", "eplay", "vstages", "mstages", "ident", "_form", "changed",
                 "alive", "boosts", "hit", "removed", "victory"}


# ====================================================================== Drone helpers
def is_drone(g, u: int) -> bool:
    """A Drone minion in play (facedown Drones and Advanced Ultron Drones)."""
    return u in g.eplay and CARDS[g.code[u]].type == "minion" and "Drone" in CARDS[g.code[u]].traits


def facedown(g, u: int) -> bool:
    return g.code[u] == DRONE


def drones(g, p: int | None = None) -> list[int]:
    return [u for u in g.eplay if is_drone(g, u) and (p is None or g.eng[u] == p)]


def held_card(g, t: int) -> int:
    """The player card under facedown Drone ``t`` (-1 if ``t`` is not one)."""
    for m in g.mods:
        if m[0] == "drone" and m[1] == t:
            return m[2]
    return -1


def _token(g) -> int:
    for k, m in enumerate(g.mods):
        if m[0] == "dpool":
            g.mods.pop(k)
            return m[1]
    n = len(g.code)
    for name in g.FIELDS_LIST:
        lst = getattr(g, name, None)
        if name not in _NOT_PER_CARD and isinstance(lst, list) and len(lst) == n:
            lst.append(-1 if name in ("att", "eng") else 0)
    g.code = (*g.code, DRONE)
    g.owner = (*g.owner, -1)
    return n


def _restore(g, t: int) -> None:
    """Facedown Drone ``t`` leaves play: the held card goes to its owner's discard pile; the token is freed."""
    for k, m in enumerate(g.mods):  # noqa: B007 (k is used after the loop)
        if m[0] == "drone" and m[1] == t:
            break
    else:
        return
    _, _, card, p = g.mods.pop(k)
    g.remove_from_zones(t)
    g.eng[t] = -1
    g.att[t] = -1
    g.dmg[t] = 0
    g.st[t] = 0
    g.exh[t] = 0
    g.mods.append(("dpool", t))
    g.disc[p].append(card)
    g.emit("champions/rr/environment", f"The facedown Drone ({g.name(card)}) is placed in player {p + 1}'s "
           "discard pile.")


def sweep(g) -> None:
    """Facedown Drones that left play some other way (elimination, discard) go to their owner's discard."""
    for m in [m for m in g.mods if m[0] == "drone" and m[1] not in g.eplay]:
        _restore(g, m[1])


@cont
def make_drone(g, p: int) -> None:
    """Player ``p`` puts the top card of their deck into play facedown, engaged with them, as a Drone.

    Ruling: with an empty deck the player first reshuffles their discard pile (and is dealt an
    encounter card, as when drawing); with no cards at all, nothing happens.
    """
    sweep(g)
    if not g.alive[p]:
        return
    if not g.deck[p]:
        from capes.games.champions.flow import reshuffle_player
        if not reshuffle_player(g, p):
            return
    card = g.deck[p].pop()
    t = _token(g)
    g.mods.append(("drone", t, card, p))
    g.eplay.append(t)
    g.eng[t] = p
    g.dmg[t] = 0
    g.st[t] = 0
    g.exh[t] = 0
    g.att[t] = -1
    g.emit("champions/rr/minion", f"Player {p + 1}'s top deck card enters play facedown as a Drone engaged "
           "with them.")


def drone_for(g, p: int, k: int = 1) -> None:
    g.push(*[("call", "ultron.make_drone", p) for _ in range(k)])


def drones_each(g) -> None:
    """Each player puts the top card of their deck into play as a facedown Drone (player order)."""
    g.push(*[("call", "ultron.make_drone", q) for q in g.order()])


@defeated(DRONE)  # Ultron Drones: forced response, a defeated facedown Drone goes to its owner's discard
def drone_defeated(g, by, me):
    _restore(g, me)


@revealed(DRONE)  # safety net: a stray Drone token revealed from the encounter deck is not an encounter card
def stray_drone(g, p, me):
    _restore(g, me)
    g.surge(p)


# ====================================================================== villain
def _attack_will_happen(g, i: int) -> bool:
    f = g.stack[i] if 0 <= i < len(g.stack) else ()
    return bool(f) and f[0] == "atk_go" and not f[4] and not g.st[f[1]] & STUN


def kind(g, i: int) -> str:
    """"attack" or "scheme" for an enemy_attacked / enemy_schemed event frame."""
    f = g.ev(i)
    return f[4] if len(f) > 4 else "attack"


@trigger("01134", "enemy_attacked", kind="forced",
         can=lambda g, p, me, i: g.ev(i)[2] == me == g.villain and kind(g, i) == "attack")
def ultron_1(g, p, me, i):
    # star forced response: after Ultron attacks you, 1 threat on the main scheme or a facedown Drone
    g.push(("call", "ultron.u1_after", g.ev(i)[3], me, 0))


@cont
def u1_after(g, p, e, hit):
    if e != g.villain or g.code[e] != "01134" or not g.alive[p]:
        return
    opts = [("Place 1 threat on the main scheme", (("threat", g.mscheme, 1, "card"),))]
    if g.deck[p] or g.disc[p]:
        opts.append(("Put your top deck card into play as a facedown Drone", (("call", "ultron.make_drone", p),)))
    if len(opts) == 1:
        g.push(*opts[0][1])
    else:
        g.modal(p, opts)


def _attack_will_happen(g, i: int) -> bool:
    f = g.stack[i] if 0 <= i < len(g.stack) else ()
    return bool(f) and f[0] == "atk_go" and not f[4] and not g.st[f[1]] & STUN


@trigger("01135", "attack_init", kind="forced", can=lambda g, p, me, i: g.ev(i)[1] == me == g.villain)
def ultron_2(g, p, me, i):
    # star forced interrupt: when Ultron attacks you, a Drone; +1 ATK per Drone engaged with you
    g.push(("call", "ultron.u2_arm", i))


@cont
def u2_arm(g, i):
    if not _attack_will_happen(g, i):
        return
    p = g.stack[i][2]
    g.mods = [m for m in g.mods if not (m[0] == "atk" and m[1] == "ultron2")]
    g.mods.append(("atk", "ultron2", p))
    g.push(("call", "ultron.make_drone", p))


@stat("01135", "atk")
def ultron_2_atk(g, me, target):
    if target != me or me != g.villain:
        return 0
    for m in g.mods:
        if m[0] == "atk" and m[1] == "ultron2":
            return len(drones(g, m[2]))
    return 0


@stat("01136", "atk")  # Ultron III: each Drone minion gets +1 ATK
def ultron_3_atk(g, me, target):
    return 1 if me == g.villain and is_drone(g, target) else 0


@stat("01136", "hp")  # ... and +1 hit point
def ultron_3_hp(g, me, target):
    return 1 if me == g.villain and is_drone(g, target) else 0


@trigger("01136", "dmg", kind="forced",
         can=lambda g, p, me, i: me == g.villain and g.ev(i)[1] == me and g.ev(i)[2] > 0 and bool(drones(g)))
def ultron_3_shield(g, p, me, i):
    # champions/rr/cannot: Ultron cannot take damage while a Drone minion is in play
    g.ev_set(i, 2, 0)
    g.emit("champions/rr/cannot", "Ultron cannot take damage while a Drone minion is in play.")


@revealed("01136")
def ultron_3(g, p, me):
    u = g.find_encounter("01150")
    if u >= 0:
        g.remove_from_zones(u)
        g.reveal_card(u, p)
    g.push(("call", "ultron.shuffle_deck"))


@cont
def shuffle_deck(g):
    g.rng.shuffle(g.edeck)


# ====================================================================== main schemes
@setup("01137a")  # The Crimson Cowl (1A)
def crimson_cowl_setup(g, p, me):
    u = g.find_encounter("01140")
    if u >= 0:
        g.remove_from_zones(u)
        g.eplay.append(u)
        g.emit("champions/rr/environment", "The Ultron Drones environment enters play.")
    g.rng.shuffle(g.edeck)


@revealed("01137b")  # The Crimson Cowl (1B)
def crimson_cowl(g, p, me):
    drones_each(g)


# Stages 2A and 3A: the engine reveals only the B sides, so their When Revealed runs as the B side enters.
@revealed("01138b")
def assault_on_norad(g, p, me):
    drones_each(g)


@revealed("01139b")
def countdown_to_oblivion(g, p, me):
    drones_each(g)


mark("01138a", "ultron")
mark("01139a", "ultron")


@trigger("01138b", "threat", kind="forced",
         can=lambda g, p, me, i: me == g.mscheme and g.ev(i)[1] == me and g.ev(i)[3] == "accel")
def norad_response(g, p, me, i):
    # forced response: after threat is placed here in villain phase step one (champions/summary/flow/5)
    after_event(g, i, ("call", "ultron.norad_all", me))


@cont
def norad_all(g, me):
    if me != g.mscheme:  # the stage was completed by that threat: nothing left to respond
        return
    g.push(*[("call", "ultron.norad_pick", q, me) for q in g.order()])


@cont
def norad_pick(g, q, me):
    if me != g.mscheme or not g.alive[q]:
        return
    opts = [("Place 2 threat on Assault on NORAD", (("threat", me, 2, "card"),))]
    if g.deck[q] or g.disc[q]:
        opts.append(("Put your top deck card into play as a facedown Drone", (("call", "ultron.make_drone", q),)))
    if len(opts) == 1:
        g.push(*opts[0][1])
    else:
        g.modal(q, opts)


# Countdown to Oblivion (3B): threat cannot be removed from it (champions/rr/cannot, applied by the engine).
S.CANNOT_REMOVE.add("01139b")


# ---------------------------------------------------------------- responding after an event
def after_event(g, i: int, frame: tuple) -> None:
    """Resolve ``frame`` right after the event frame at stack index ``i`` resolves (a response).

    Windows only open before an event; this defers ``frame`` until the window's other steps are done,
    then slips it under the event frame so it runs once the event has happened.
    """
    g.push(("call", "ultron.ae_defer", i, g.stack[i][0], frame))


@cont
def ae_defer(g, i, name, frame):
    if len(g.stack) - 1 > i:
        g.stack.insert(i + 1, ("call", "ultron.ae_last", i, name, frame))
    else:
        ae_last(g, i, name, frame)


@cont
def ae_last(g, i, name, frame):
    # the event frame is at i, or a little higher if other responses were slipped under it already
    for j in range(i, len(g.stack)):
        if g.stack[j][0] == name:
            g.stack.insert(j, frame)
            return
    g.push(frame)  # the event frame is gone (should not happen): respond now


# ====================================================================== Ultron Drones (environment)
for _ev in ("round_end", "minion_defeated"):
    trigger("01140", _ev, kind="forced", can=lambda g, p, me, i: any(
        m[0] == "drone" and m[1] not in g.eplay for m in g.mods))(lambda g, p, me, i: sweep(g))


# ====================================================================== encounter cards
def _discard_with(colors: str, exhaust_hero: bool):
    def fn(g, p, me):
        if exhaust_hero:
            g.exhaust(g.ident[p])
        g.pay_colors(p, colors, ("call", "ultron.drop", me))
    return fn


@cont
def drop(g, me, paid=""):
    g.discard(me)


@trigger("01141", "enemy_schemed", kind="forced",
         can=lambda g, p, me, i: g.att[me] == g.villain == g.ev(i)[2] and kind(g, i) == "scheme")
def program_transmitter(g, p, me, i):
    # star forced response: after Ultron schemes, 1 threat on each side scheme
    for s in g.sides():
        g.add_threat(s, 1)


action("01141", form="hero", can=lambda g, p, me: me in g.eplay and not g.exh[g.ident[p]]
       and g.can_afford_colors(p, "MM"))(_discard_with("MM", True))


@revealed("01142")  # Upgraded Drones: attach to the Ultron Drones environment
def upgraded_drones(g, p, me):
    env = next((u for u in g.eplay if g.code[u] == "01140"), -1)
    g.att[me] = env


@stat("01142", "atk")
def upgraded_drones_atk(g, me, target):
    return 1 if me in g.eplay and facedown(g, target) and target in g.eplay else 0


@stat("01142", "hp")
def upgraded_drones_hp(g, me, target):
    return 1 if me in g.eplay and facedown(g, target) and target in g.eplay else 0


action("01142", form="hero", can=lambda g, p, me: me in g.eplay and g.can_afford_colors(p, "EMP"))(
    _discard_with("EMP", False))


@trigger("01143", "minion_defeating", kind="forced", can=lambda g, p, me, i: g.ev(i)[1] == me)
def advanced_ultron_drone(g, p, me, i):
    q = g.eng[me]
    if q >= 0:
        g.push(("call", "ultron.make_drone", q))


@revealed("01144a")
def android_efficiency(g, p, me):
    drones_each(g)


revealed("01144b")(android_efficiency)
revealed("01144c")(android_efficiency)


def _efficiency_boost(color: str):
    def fn(g, p, me):
        g.push(("call", "ultron.efficiency_pick", p, color))
    return fn


for _code, _col in (("01144a", "E"), ("01144b", "M"), ("01144c", "P")):
    boost(_code)(_efficiency_boost(_col))


@cont
def efficiency_pick(g, p, color):
    opts = []
    if g.can_afford_colors(p, color):
        opts.append((f"Spend a {dict(E='energy', M='mental', P='physical')[color]} resource",
                     (("pay", p, 1, color, -1, "", ("nop_paid",)),)))
    opts.append(("Put your top deck card into play as a facedown Drone", (("call", "ultron.make_drone", p),)))
    if len(opts) == 1:
        g.push(*opts[0][1])
    else:
        g.modal(p, opts)


@revealed("01145")  # Rage of Ultron
def rage_of_ultron(g, p, me):
    snap = tuple((u, g.dmg[u]) for u in [g.ident[p], *g.allies(p)])
    g.mods.append(("rage", p, g.mscheme, g.thr[g.mscheme], snap, ()))
    if g._form[p] == HERO:
        g.villain_attacks(p)
    else:
        g.villain_schemes(p)
    g.push(("call", "ultron.rage_end", p))


def _rage(g):
    for k, m in enumerate(g.mods):
        if m[0] == "rage":
            return k, m
    return -1, None


def _rage_track(g, i):
    """Note damage Ultron's attack is about to deal to each target (used for defeated defenders)."""
    k, m = _rage(g)
    f = g.ev(i)
    g.mods[k] = (*m[:5], (*m[5], (f[1], f[2])))


for _code in ULTRONS:
    trigger(_code, "dmg", kind="forced", can=lambda g, p, me, i: me == g.villain and _rage(g)[1] is not None
            and g.ev(i)[3] == me and g.ev(i)[4] & F_ATTACK)(lambda g, p, me, i: _rage_track(g, i))


def _in_play(g, u):
    o = g.ctrl(u)
    return u in g.play[o] or u == g.ident[o] if o >= 0 else u in g.eplay


@cont
def rage_end(g, p):
    k, m = _rage(g)
    if m is None:
        return
    g.mods.pop(k)
    _, _, scheme, before, snap, recs = m
    if g._form[p] == HERO or recs:
        n = 0
        for u, d0 in snap:
            if _in_play(g, u):
                n += max(0, g.dmg[u] - d0)
            else:  # a defender defeated by the attack: count the damage it was dealt
                n += sum(a for t, a in recs if t == u)
    else:
        n = g.thr[scheme] - before if scheme == g.mscheme else g.target(scheme) - before
    if n > 0 and g.alive[p]:
        from capes.games.champions.flow import discard_top
        discard_top(g, p, n)
        g.emit("champions/rr/discard", f"Rage of Ultron: player {p + 1} discards the top {n} card(s) of their deck.")


@revealed("01146")  # Repair Sequence
def repair_sequence(g, p, me):
    k = len(drones(g, p))
    if not (k and g.heal(g.villain, 2 * k)):
        g.surge(p)


@boost("01146")
def repair_sequence_boost(g, p, me):
    k = len(drones(g, p))
    if k:
        g.heal(g.villain, k)


@revealed("01147")  # Swarm Attack
def swarm_attack(g, p, me):
    ds = drones(g, p) if g._form[p] == HERO else []
    g.mods.append(("swarm", p, 0))
    g.push(*[("attack", d, p, 0) for d in ds], ("call", "ultron.swarm_end", p))


for _code in (DRONE, "01143"):
    trigger(_code, "enemy_attacked", kind="forced",
            can=lambda g, p, me, i: g.ev(i)[2] == me and kind(g, i) == "attack"
            and any(m[0] == "swarm" for m in g.mods))(
        lambda g, p, me, i: _swarm_mark(g))


def _swarm_mark(g):
    g.mods = [("swarm", m[1], 1) if m[0] == "swarm" else m for m in g.mods]


@cont
def swarm_end(g, p):
    made = any(m[0] == "swarm" and m[2] for m in g.mods)
    g.mods = [m for m in g.mods if m[0] != "swarm"]
    if not made:
        g.push(("call", "ultron.make_drone", p))


@revealed("01148")  # Drone Factory
def drone_factory(g, p, me):
    drones_each(g)
    g.push(("call", "ultron.factory_threat", me))


@cont
def factory_threat(g, me):
    k = len(drones(g))
    if k and me in g.eplay:
        g.add_threat(me, k)


@revealed("01149")  # Invasive AI
def invasive_ai(g, p, me):
    from capes.games.champions.flow import discard_top
    for q in g.order():
        discard_top(g, q, 3)
    g.emit("champions/rr/discard", "Invasive AI: each player discards the top 3 cards of their deck.")


@revealed("01150")  # Ultron's Imperative
def ultrons_imperative(g, p, me):
    drone_for(g, g.first, 2)
