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
from capes.games.champions.frames import F_ATTACK, HERO, STUN

DRONE = "ultron_drone"  # token card: a facedown player card acting as a Drone minion
ULTRONS = ("01134", "01135", "01136")
#: state lists that are not indexed by card instance
_NOT_PER_CARD = {"stack", "mods", "edeck", "edisc", "eplay", "vstages", "mstages", "ident", "_form", "changed",
                 "alive", "boosts", "hit", "removed", "victory"}


# ====================================================================== Drone helpers
def is_drone(game, u: int) -> bool:
    """A Drone minion in play (facedown Drones and Advanced Ultron Drones)."""
    return u in game.eplay and CARDS[game.code[u]].type == "minion" and "Drone" in CARDS[game.code[u]].traits


def facedown(game, u: int) -> bool:
    return game.code[u] == DRONE


def drones(game, player: int | None = None) -> list[int]:
    return [u for u in game.eplay if is_drone(game, u) and (player is None or game.eng[u] == player)]


def held_card(game, t: int) -> int:
    """The player card under facedown Drone ``t`` (-1 if ``t`` is not one)."""
    for m in game.mods:
        if m[0] == "drone" and m[1] == t:
            return m[2]
    return -1


def _token(game) -> int:
    for k, m in enumerate(game.mods):
        if m[0] == "dpool":
            game.mods.pop(k)
            return m[1]
    n = len(game.code)
    for name in game.FIELDS_LIST:
        lst = getattr(game, name, None)
        if name not in _NOT_PER_CARD and isinstance(lst, list) and len(lst) == n:
            lst.append(-1 if name in ("att", "eng") else 0)
    game.code = (*game.code, DRONE)
    game.owner = (*game.owner, -1)
    return n


def _restore(game, t: int) -> None:
    """Facedown Drone ``t`` leaves play: the held card goes to its owner's discard pile; the token is freed."""
    for k, m in enumerate(game.mods):  # noqa: B007 (k is used after the loop)
        if m[0] == "drone" and m[1] == t:
            break
    else:
        return
    _, _, held, player = game.mods.pop(k)
    game.remove_from_zones(t)
    game.eng[t] = -1
    game.att[t] = -1
    game.dmg[t] = 0
    game.st[t] = 0
    game.exh[t] = 0
    game.mods.append(("dpool", t))
    game.disc[player].append(held)
    game.emit("champions/rr/environment", f"The facedown Drone ({game.name(held)}) is placed in player {player + 1}'s "
           "discard pile.")


def sweep(game) -> None:
    """Facedown Drones that left play some other way (elimination, discard) go to their owner's discard."""
    for m in [m for m in game.mods if m[0] == "drone" and m[1] not in game.eplay]:
        _restore(game, m[1])


@cont
def make_drone(game, player: int) -> None:
    """Player ``p`` puts the top card of their deck into play facedown, engaged with them, as a Drone.

    Ruling: with an empty deck the player first reshuffles their discard pile (and is dealt an
    encounter card, as when drawing); with no cards at all, nothing happens.
    """
    sweep(game)
    if not game.alive[player]:
        return
    if not game.deck[player]:
        if not game.reshuffle_player(player):
            return
    held = game.deck[player].pop()
    t = _token(game)
    game.mods.append(("drone", t, held, player))
    game.eplay.append(t)
    game.eng[t] = player
    game.dmg[t] = 0
    game.st[t] = 0
    game.exh[t] = 0
    game.att[t] = -1
    game.emit("champions/rr/minion", f"Player {player + 1}'s top deck card enters play facedown as a Drone engaged "
           "with them.")


def drone_for(game, player: int, k: int = 1) -> None:
    game.push(*[("call", "ultron.make_drone", player) for _ in range(k)])


def drones_each(game) -> None:
    """Each player puts the top card of their deck into play as a facedown Drone (player order)."""
    game.push(*[("call", "ultron.make_drone", q) for q in game.order()])


@defeated(DRONE)  # Ultron Drones: forced response, a defeated facedown Drone goes to its owner's discard
def drone_defeated(game, by, card):
    _restore(game, card)


@revealed(DRONE)  # safety net: a stray Drone token revealed from the encounter deck is not an encounter card
def stray_drone(game, player, card):
    _restore(game, card)
    game.surge(player)


# ====================================================================== villain
def _attack_will_happen(game, at: int) -> bool:
    f = game.stack[at] if 0 <= at < len(game.stack) else ()
    return bool(f) and f[0] == "atk_go" and not f[4] and not game.st[f[1]] & STUN


def kind(game, at: int) -> str:
    """"attack" or "scheme" for an enemy_attacked / enemy_schemed event frame."""
    f = game.stack[at]
    return f[4] if len(f) > 4 else "attack"  # the event's ``how``, absent from older saves


@trigger("01134", "enemy_attacked", kind="forced",
         can=lambda game, player, card, at: game.event(at).enemy == card == game.villain and kind(game, at) == "attack")
def ultron_1(game, player, card, at):
    # star forced response: after Ultron attacks you, 1 threat on the main scheme or a facedown Drone
    game.push(("call", "ultron.u1_after", game.event(at).player, card, 0))


@cont
def u1_after(game, player, e, hit):
    if e != game.villain or game.code[e] != "01134" or not game.alive[player]:
        return
    opts = [("Place 1 threat on the main scheme", (("threat", game.mscheme, 1, "card"),))]
    if game.deck[player] or game.disc[player]:
        opts.append(("Put your top deck card into play as a facedown Drone", (("call", "ultron.make_drone", player),)))
    if len(opts) == 1:
        game.push(*opts[0][1])
    else:
        game.modal(player, opts)


def _attack_will_happen(game, at: int) -> bool:
    f = game.stack[at] if 0 <= at < len(game.stack) else ()
    return bool(f) and f[0] == "atk_go" and not f[4] and not game.st[f[1]] & STUN


@trigger("01135", "attack_init", kind="forced", can=lambda game, player, card, at: game.event(at).attacker == card == game.villain)
def ultron_2(game, player, card, at):
    # star forced interrupt: when Ultron attacks you, a Drone; +1 ATK per Drone engaged with you
    game.push(("call", "ultron.u2_arm", at))


@cont
def u2_arm(game, at):
    if not _attack_will_happen(game, at):
        return
    player = game.stack[at][2]
    game.mods = [m for m in game.mods if not (m[0] == "atk" and m[1] == "ultron2")]
    game.mods.append(("atk", "ultron2", player))
    game.push(("call", "ultron.make_drone", player))


@stat("01135", "atk")
def ultron_2_atk(game, card, target):
    if target != card or card != game.villain:
        return 0
    for m in game.mods:
        if m[0] == "atk" and m[1] == "ultron2":
            return len(drones(game, m[2]))
    return 0


@stat("01136", "atk")  # Ultron III: each Drone minion gets +1 ATK
def ultron_3_atk(game, card, target):
    return 1 if card == game.villain and is_drone(game, target) else 0


@stat("01136", "hp")  # ... and +1 hit point
def ultron_3_hp(game, card, target):
    return 1 if card == game.villain and is_drone(game, target) else 0


@trigger("01136", "dmg", kind="forced",
         can=lambda game, player, card, at: card == game.villain and game.event(at).target == card and game.event(at).amount > 0 and bool(drones(game)))
def ultron_3_shield(game, player, card, at):
    # champions/rr/cannot: Ultron cannot take damage while a Drone minion is in play
    game.change_event(at, amount=0)
    game.emit("champions/rr/cannot", "Ultron cannot take damage while a Drone minion is in play.")


@revealed("01136")
def ultron_3(game, player, card):
    u = game.find_encounter("01150")
    if u >= 0:
        game.remove_from_zones(u)
        game.reveal_card(u, player)
    game.push(("call", "ultron.shuffle_deck"))


@cont
def shuffle_deck(game):
    game.rng.shuffle(game.edeck)


# ====================================================================== main schemes
@setup("01137a")  # The Crimson Cowl (1A)
def crimson_cowl_setup(game, player, card):
    u = game.find_encounter("01140")
    if u >= 0:
        game.remove_from_zones(u)
        game.eplay.append(u)
        game.emit("champions/rr/environment", "The Ultron Drones environment enters play.")
    game.rng.shuffle(game.edeck)


@revealed("01137b")  # The Crimson Cowl (1B)
def crimson_cowl(game, player, card):
    drones_each(game)


# Stages 2A and 3A: the engine reveals only the B sides, so their When Revealed runs as the B side enters.
@revealed("01138b")
def assault_on_norad(game, player, card):
    drones_each(game)


@revealed("01139b")
def countdown_to_oblivion(game, player, card):
    drones_each(game)


mark("01138a", "ultron")
mark("01139a", "ultron")


@trigger("01138b", "threat", kind="forced",
         can=lambda game, player, card, at: card == game.mscheme and game.event(at).scheme == card and game.event(at).cause == "accel")
def norad_response(game, player, card, at):
    # forced response: after threat is placed here in villain phase step one (champions/summary/flow/5)
    after_event(game, at, ("call", "ultron.norad_all", card))


@cont
def norad_all(game, card):
    if card != game.mscheme:  # the stage was completed by that threat: nothing left to respond
        return
    game.push(*[("call", "ultron.norad_pick", q, card) for q in game.order()])


@cont
def norad_pick(game, q, card):
    if card != game.mscheme or not game.alive[q]:
        return
    opts = [("Place 2 threat on Assault on NORAD", (("threat", card, 2, "card"),))]
    if game.deck[q] or game.disc[q]:
        opts.append(("Put your top deck card into play as a facedown Drone", (("call", "ultron.make_drone", q),)))
    if len(opts) == 1:
        game.push(*opts[0][1])
    else:
        game.modal(q, opts)


# Countdown to Oblivion (3B): threat cannot be removed from it (champions/rr/cannot, applied by the engine).
S.CANNOT_REMOVE.add("01139b")


# ---------------------------------------------------------------- responding after an event
def after_event(game, at: int, frame: tuple) -> None:
    """Resolve ``frame`` right after the event frame at stack index ``i`` resolves (a response).

    Windows only open before an event; this defers ``frame`` until the window's other steps are done,
    then slips it under the event frame so it runs once the event has happened.
    """
    game.push(("call", "ultron.ae_defer", at, game.stack[at][0], frame))


@cont
def ae_defer(game, at, name, frame):
    if len(game.stack) - 1 > at:
        game.stack.insert(at + 1, ("call", "ultron.ae_last", at, name, frame))
    else:
        ae_last(game, at, name, frame)


@cont
def ae_last(game, at, name, frame):
    # the event frame is at i, or a little higher if other responses were slipped under it already
    for j in range(at, len(game.stack)):
        if game.stack[j][0] == name:
            game.stack.insert(j, frame)
            return
    game.push(frame)  # the event frame is gone (should not happen): respond now


# ====================================================================== Ultron Drones (environment)
for _ev in ("round_end", "minion_defeated"):
    trigger("01140", _ev, kind="forced", can=lambda game, player, card, at: any(
        m[0] == "drone" and m[1] not in game.eplay for m in game.mods))(lambda game, player, card, at: sweep(game))


# ====================================================================== encounter cards
def _discard_with(colors: str, exhaust_hero: bool):
    def fn(game, player, card):
        if exhaust_hero:
            game.exhaust(game.ident[player])
        game.pay_colors(player, colors, ("call", "ultron.drop", card))
    return fn


@cont
def drop(game, card, paid=""):
    game.discard(card)


@trigger("01141", "enemy_schemed", kind="forced",
         can=lambda game, player, card, at: game.att[card] == game.villain == game.event(at).enemy and kind(game, at) == "scheme")
def program_transmitter(game, player, card, at):
    # star forced response: after Ultron schemes, 1 threat on each side scheme
    for s in game.sides():
        game.add_threat(s, 1)


action("01141", form="hero", can=lambda game, player, card: card in game.eplay and not game.exh[game.ident[player]]
       and game.can_afford_colors(player, "MM"))(_discard_with("MM", True))


@revealed("01142")  # Upgraded Drones: attach to the Ultron Drones environment
def upgraded_drones(game, player, card):
    env = next((u for u in game.eplay if game.code[u] == "01140"), -1)
    game.att[card] = env


@stat("01142", "atk")
def upgraded_drones_atk(game, card, target):
    return 1 if card in game.eplay and facedown(game, target) and target in game.eplay else 0


@stat("01142", "hp")
def upgraded_drones_hp(game, card, target):
    return 1 if card in game.eplay and facedown(game, target) and target in game.eplay else 0


action("01142", form="hero", can=lambda game, player, card: card in game.eplay and game.can_afford_colors(player, "EMP"))(
    _discard_with("EMP", False))


@trigger("01143", "minion_defeating", kind="forced", can=lambda game, player, card, at: game.event(at).minion == card)
def advanced_ultron_drone(game, player, card, at):
    q = game.eng[card]
    if q >= 0:
        game.push(("call", "ultron.make_drone", q))


@revealed("01144a")
def android_efficiency(game, player, card):
    drones_each(game)


revealed("01144b")(android_efficiency)
revealed("01144c")(android_efficiency)


def _efficiency_boost(color: str):
    def fn(game, player, card):
        game.push(("call", "ultron.efficiency_pick", player, color))
    return fn


for _code, _col in (("01144a", "E"), ("01144b", "M"), ("01144c", "P")):
    boost(_code)(_efficiency_boost(_col))


@cont
def efficiency_pick(game, player, color):
    opts = []
    if game.can_afford_colors(player, color):
        opts.append((f"Spend a {dict(E='energy', M='mental', P='physical')[color]} resource",
                     (("pay", player, 1, color, -1, "", ("nop_paid",)),)))
    opts.append(("Put your top deck card into play as a facedown Drone", (("call", "ultron.make_drone", player),)))
    if len(opts) == 1:
        game.push(*opts[0][1])
    else:
        game.modal(player, opts)


@revealed("01145")  # Rage of Ultron
def rage_of_ultron(game, player, card):
    snap = tuple((u, game.dmg[u]) for u in [game.ident[player], *game.allies(player)])
    game.mods.append(("rage", player, game.mscheme, game.thr[game.mscheme], snap, ()))
    if game._form[player] == HERO:
        game.villain_attacks(player)
    else:
        game.villain_schemes(player)
    game.push(("call", "ultron.rage_end", player))


def _rage(game):
    for k, m in enumerate(game.mods):
        if m[0] == "rage":
            return k, m
    return -1, None


def _rage_track(game, at):
    """Note damage Ultron's attack is about to deal to each target (used for defeated defenders)."""
    k, m = _rage(game)
    damage = game.event(at)
    game.mods[k] = (*m[:5], (*m[5], (damage.target, damage.amount)))


for _code in ULTRONS:
    trigger(_code, "dmg", kind="forced", can=lambda game, player, card, at: card == game.villain and _rage(game)[1] is not None
            and game.event(at).source == card and game.event(at).flags & F_ATTACK)(lambda game, player, card, at: _rage_track(game, at))


def _in_play(game, u):
    o = game.ctrl(u)
    return u in game.play[o] or u == game.ident[o] if o >= 0 else u in game.eplay


@cont
def rage_end(game, player):
    k, m = _rage(game)
    if m is None:
        return
    game.mods.pop(k)
    _, _, scheme, before, snap, recs = m
    if game._form[player] == HERO or recs:
        n = 0
        for u, d0 in snap:
            if _in_play(game, u):
                n += max(0, game.dmg[u] - d0)
            else:  # a defender defeated by the attack: count the damage it was dealt
                n += sum(a for t, a in recs if t == u)
    else:
        n = game.thr[scheme] - before if scheme == game.mscheme else game.target(scheme) - before
    if n > 0 and game.alive[player]:
        game.discard_top(player, n)
        game.emit("champions/rr/discard", f"Rage of Ultron: player {player + 1} discards the top {n} card(s) of their deck.")


@revealed("01146")  # Repair Sequence
def repair_sequence(game, player, card):
    k = len(drones(game, player))
    if not (k and game.heal(game.villain, 2 * k)):
        game.surge(player)


@boost("01146")
def repair_sequence_boost(game, player, card):
    k = len(drones(game, player))
    if k:
        game.heal(game.villain, k)


@revealed("01147")  # Swarm Attack
def swarm_attack(game, player, card):
    ds = drones(game, player) if game._form[player] == HERO else []
    game.mods.append(("swarm", player, 0))
    game.push(*[("attack", d, player, 0) for d in ds], ("call", "ultron.swarm_end", player))


for _code in (DRONE, "01143"):
    trigger(_code, "enemy_attacked", kind="forced",
            can=lambda game, player, card, at: game.event(at).enemy == card and kind(game, at) == "attack"
            and any(m[0] == "swarm" for m in game.mods))(
        lambda game, player, card, at: _swarm_mark(game))


def _swarm_mark(game):
    game.mods = [("swarm", m[1], 1) if m[0] == "swarm" else m for m in game.mods]


@cont
def swarm_end(game, player):
    made = any(m[0] == "swarm" and m[2] for m in game.mods)
    game.mods = [m for m in game.mods if m[0] != "swarm"]
    if not made:
        game.push(("call", "ultron.make_drone", player))


@revealed("01148")  # Drone Factory
def drone_factory(game, player, card):
    drones_each(game)
    game.push(("call", "ultron.factory_threat", card))


@cont
def factory_threat(game, card):
    k = len(drones(game))
    if k and card in game.eplay:
        game.add_threat(card, k)


@revealed("01149")  # Invasive AI
def invasive_ai(game, player, card):
    for q in game.order():
        game.discard_top(q, 3)
    game.emit("champions/rr/discard", "Invasive AI: each player discards the top 3 cards of their deck.")


@revealed("01150")  # Ultron's Imperative
def ultrons_imperative(game, player, card):
    drone_for(game, game.first, 2)
