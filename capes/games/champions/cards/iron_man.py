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
from capes.games.champions.frames import HERO


def _tech_upgrades(game, player):
    return [u for u in game.play[player] if game.ctype(u) == "upgrade" and "Tech" in CARDS[game.code[u]].traits]


def _upgrades(game, player):
    return [u for u in game.play[player] if game.ctype(u) == "upgrade"]


def _printed_energy(game, us) -> int:
    return sum(CARDS[game.code[u]].res.count("E") for u in us)


# ---------------------------------------------------------------- identity


@stat("01029a", "hand")  # Iron Man: +1 hand size per Tech upgrade, to a maximum hand size of 7
def iron_man_hand(game, card, target):
    o = game.owner[card]
    if target != card or o < 0 or game._form[o] != HERO:
        return 0
    base = game.idcard(o).hand or 0
    return max(0, min(len(_tech_upgrades(game, o)), 7 - base))


@action("01029b", form="ae", can=lambda game, player, card: game.ctrl(card) == player and not game.used_once(player, "futurist")
        and bool(game.deck[player]))
def futurist(game, player, card):  # Tony Stark: look at the top 3, take 1, discard the rest
    game.use_once(player, "futurist")
    top = [game.deck[player].pop() for _ in range(min(3, len(game.deck[player])))]
    # The looked-at cards wait outside the deck (hidden from the others) until one is chosen.
    game.mods.append(("iron_man.look", player, tuple(top)))
    seen = {}
    for u in top:
        seen.setdefault(game.code[u], u)
    pick(game, player, [(f"Futurist: take {game.name(u)} into your hand", (("call", "iron_man.futurist_take", player, u),))
                for u in seen.values()])


@cont
def futurist_take(game, player, u):
    for i, m in enumerate(game.mods):
        if m[0] == "iron_man.look" and m[1] == player and u in m[2]:
            game.mods.pop(i)
            game.hand[player].append(u)
            for v in m[2]:
                if v != u:
                    game.disc[player].append(v)
            game.emit("champions/rr/draw", f"Player {player + 1} takes {game.name(u)} into hand (Futurist).", only=player,
                   public=f"Player {player + 1} takes 1 card into hand and discards {len(m[2]) - 1} (Futurist).")
            return


# ---------------------------------------------------------------- hero cards


@action("01030", can=lambda game, player, card: game.ctrl(card) == player and not game.exh[card])  # War Machine
def war_machine(game, player, card):
    game.exhaust(card)
    targets = game.enemies()
    game.damage(card, 2, -1)  # the cost: he takes 2 damage
    for e in targets:
        game.damage(e, 1, card)


@play("01031", form="hero")  # Repulsor Blast
def repulsor_blast(game, player, card):
    game.choose(player, "attackable", (("call", "iron_man.repulsor", player, card, "@"),), "Repulsor Blast: attack")


@cont
def repulsor(game, player, card, e):
    k = _printed_energy(game, game.discard_top(player, 5))
    game.emit("champions/rr/discard", f"Repulsor Blast discards cards with {k} printed energy resource(s).")
    game.push(("eattack", player, e, 1 + 2 * k, card, 0))


@play("01032", form="hero")  # Supersonic Punch
def supersonic_punch(game, player, card):
    game.attack_with_event(player, "attackable", 8 if aerial(game, player) else 4, card)


# Pepper Potts: her resource ability produces the colours of the top card of the discard pile at the
# moment she is used (``produces`` is a callable). Ruling: she must be used before any other resource in a
# payment step, so she cannot copy a card discarded for the same cost.


def _top_res(game, player, card=-1) -> str:
    return CARDS[game.code[game.disc[player][-1]]].res if game.disc[player] else ""


def _pepper_can(game, player, card):
    if game.ctrl(card) != player or game.exh[card] or not _top_res(game, player):
        return False
    f = game.stack[-1] if game.stack else None
    return not (f is not None and f[0] == "pay" and len(f) == 7 and f[5])


@resource("01033", produces=_top_res, can=_pepper_can)
def pepper_potts(game, player, card):
    game.exhaust(card)


def _tower_can(game, player, card):
    return game.ctrl(card) == player and not game.exh[card] and any(
        game.ctype(u) == "upgrade" and "Tech" in CARDS[game.code[u]].traits for q in range(game.n) for u in game.disc[q])


@action("01034", form="ae", can=_tower_can)  # Stark Tower
def stark_tower(game, player, card):
    game.exhaust(card)
    game.choose(player, "player", (("call", "iron_man.tower_return", "@"),),
             "Stark Tower: which player takes back their top Tech upgrade?")


@cont
def tower_return(game, ident):
    q = game.owner[ident]
    for u in reversed(game.disc[q]):
        if game.ctype(u) == "upgrade" and "Tech" in CARDS[game.code[u]].traits:
            game.disc[q].remove(u)
            game.hand[q].append(u)
            game.emit("champions/rr/discard", f"Player {q + 1} returns {game.name(u)} from discard to hand.")
            return


@action("01035", form="hero", can=lambda game, player, card: game.ctrl(card) == player and not game.exh[card] and game.exh[game.ident[player]])
def arc_reactor(game, player, card):
    game.exhaust(card)
    game.ready(game.ident[player])


@stat("01036", "hp")  # Mark V Armor
def mark_v_armor(game, card, target):
    return 6 if game.att[card] == target else 0


@action("01037", form="hero", can=lambda game, player, card: game.ctrl(card) == player and not game.exh[card]
        and any(game.thr[s] for s in game.thwartable(player)))  # Mark V Helmet
def mark_v_helmet(game, player, card):
    game.exhaust(card)
    if aerial(game, player):
        for s in game.thwartable(player):
            game.thwart(s, 1, card)
    else:
        game.choose(player, "thwartable", (("rthreat", "@", 1, card),), "Mark V Helmet: remove 1 threat from")


@action("01038", form="hero", can=lambda game, player, card: game.ctrl(card) == player and not game.exh[card])  # Powered Gauntlets
def powered_gauntlets(game, player, card):
    game.exhaust(card)
    game.attack_with_event(player, "attackable", 2 if aerial(game, player) else 1, card)


@stat("01039", "hp")  # Rocket Boots
def rocket_boots_hp(game, card, target):
    return 1 if game.att[card] == target else 0


def can_pay_color(game, player, color) -> bool:
    """Whether ``p`` can pay one ``color`` resource (Pepper Potts counts with her real output)."""
    return game.can_afford(player, 1, color, -1, -1)


@action("01039", form="hero", can=lambda game, player, card: game.ctrl(card) == player and not game.exh[card] and not aerial(game, player)
        and can_pay_color(game, player, "M"))
def rocket_boots(game, player, card):
    game.exhaust(card)
    game.pay(player, 1, "M", ("call", "iron_man.boots_fly", player))


@cont
def boots_fly(game, player, paid=""):
    # Aerial until the end of the phase: the mod is read only while the player phase lasts and the
    # engine clears ("round", ...) mods at the end of the round.
    if ("round", "aerial", player) not in game.mods:
        game.mods.append(("round", "aerial", player))
    game.emit("champions/rr/hero-action", f"{game.idcard(player).name} is Aerial until the end of the phase.")


# ---------------------------------------------------------------- obligation and nemesis set


@revealed("01170")  # Business Problems
def business_problems(game, player, card):
    obligation(game, player, card, "01029a", "Exhaust each upgrade you control; discard Business Problems",
               "iron_man.bp_exhaust")


@cont
def bp_exhaust(game, q, card):
    for u in _upgrades(game, q):
        game.exhaust(u)
    ob_discard(game, card)


@revealed("01171")  # Imminent Overload: 1 more threat per player
def imminent_overload(game, player, card):
    game.add_threat(card, game.n)


# Whiplash (01172): Retaliate 1 is applied by the engine (vanilla in the data).


def _discard_upgrade_items(game, player, label):
    return [(f"{label}: discard {game.label(u)}", (("discard", u),)) for u in _upgrades(game, player)]


@revealed("01173")  # Electric Whip Attack
def electric_whip_attack(game, player, card):
    ups = _upgrades(game, player)
    if not ups:
        return
    game.modal(player, [(f"Take {len(ups)} damage (1 per upgrade you control)",
                 (("dmg", game.ident[player], len(ups), card, 0),)),
                ("Discard an upgrade you control", (("call", "iron_man.ewa_discard", player),))])


@cont
def ewa_discard(game, player, card=-1):
    pick(game, player, _discard_upgrade_items(game, player, "Electric Whip Attack"))


trigger("01173", "attack_init", kind="forced", can=lambda game, player, card, at: card in game.boosts)(_attack_init_mark)


@boost("01173")
def electric_whip_attack_boost(game, player, card):
    undefended_boost(game, player, card, "iron_man.ewa_discard")


@revealed("01174")  # Electromagnetic Backlash
def electromagnetic_backlash(game, player, card):
    for q in game.order():
        k = _printed_energy(game, game.discard_top(q, 5))
        game.emit("champions/rr/discard", f"Player {q + 1} discards {k} printed energy resource(s).")
        if k:
            game.damage(game.ident[q], k, card)
