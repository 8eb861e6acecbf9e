"""Spider-Man: hero cards, obligation and the Vulture nemesis set."""

from capes.games.champions.cards import action, boost, cont, enters, play, resource, revealed, trigger
from capes.games.champions.cards.effects import (
    attack,
    exhausting,
    heal_hero,
    prevent_all_damage,
    ready_and_mine,
    remove_threat,
)
from capes.games.champions.data import CARDS
from capes.games.champions.frames import F_ATTACK, HERO


# Spider-Man (hero): Spider-Sense, may draw 1 as the villain starts an attack against you.
@trigger("01001a", "attack_init", kind="optional", where="identity", form="hero",
         can=lambda game, player, card, at: game.event(at).attacker == game.villain and game.event(at).player == player)
def spider_sense(game, player, card, at):
    game.draw(player, 1)


# Peter Parker: once per round, a mental resource.
@resource("01001b", produces="M", form="ae", can=lambda game, player, card: not game.used_once(player, "scientist"))
def scientist(game, player, card):
    game.use_once(player, "scientist")


@enters("01002")  # Black Cat
def black_cat(game, player, card):
    for u in game.discard_top(player, 2):
        if "M" in CARDS[game.code[u]].res and u in game.disc[player]:
            game.disc[player].remove(u)
            game.hand[player].append(u)


def _attack_on_me(game, player, at):
    damage = game.event(at)
    return damage.target == game.ident[player] and damage.flags & F_ATTACK and damage.amount > 0


# Backflip (01003), hero interrupt: when an attack would damage your hero, prevent all of that damage.
trigger("01003", "dmg", kind="optional", where="hand",
        can=lambda game, player, card, at: _attack_on_me(game, player, at))(prevent_all_damage)


@trigger("01004", "treachery", kind="optional", where="hand", form="hero",
         can=lambda game, player, card, at: not game.event(at).cancelled)
def enhanced_spider_sense(game, player, card, at):
    game.change_event(at, cancelled=1)


# Swinging Web Kick (01005), hero action event: attack an enemy for 8.
play("01005", form="hero")(attack(8))

# Aunt May (01006), alter-ego action: exhaust her to heal 4 damage from your identity.
action("01006", form="ae", can=ready_and_mine)(exhausting(heal_hero(4)))


@trigger("01007", "minion_defeating", kind="forced",
         can=lambda game, player, card, at: game.att[card] == game.event(at).minion)
def spider_tracer(game, player, card, at):
    """Spider-Tracer: forced interrupt, when the minion it is attached to would be defeated: remove 3 threat."""
    remove_threat(3)(game, player, card)


@resource("01008", produces="W", form="hero", can=lambda game, player, card: not game.exh[card] and game.cnt[card] > 0)
def web_shooter(game, player, card):
    game.exhaust(card)
    game.spend_uses(card)


@trigger("01009", "attack_init", kind="forced",
         can=lambda game, player, card, at: game.att[card] == game.event(at).attacker and not game.event(at).cancelled)
def webbed_up(game, player, card, at):
    e = game.event(at).attacker
    game.change_event(at, cancelled=1)
    game.discard(card)
    game.push(("stun", e))


@revealed("01165")  # Eviction Notice
def eviction_notice(game, player, card):
    owner = next((q for q in range(game.n) if CARDS[game.code[game.ident[q]]].back == "01001b"), player)
    game.push(("call", "spider_man.eviction_choice", owner, card))


@cont
def eviction_choice(game, player, card):
    opts = []
    if game._form[player] == HERO:
        opts.append(("Flip to Peter Parker first", (("flip_free", player), ("call", "spider_man.eviction_pay", player, card))))
    opts.append(("Stay in this form", (("call", "spider_man.eviction_pay", player, card),)))
    if len(opts) == 1:
        game.push(*opts[0][1])
    else:
        game.modal(player, opts)


@cont
def eviction_pay(game, player, card):
    opts = []
    if game._form[player] != HERO and not game.exh[game.ident[player]]:
        opts.append(("Exhaust Peter Parker: remove Eviction Notice from the game", (("call", "cards.exhaust_and_remove", player, card),)))
    opts.append(("Discard a random card; Eviction Notice surges", (("call", "spider_man.ob_discard", player, card),)))
    game.modal(player, opts)



@cont
def ob_discard(game, player, card):
    if game.hand[player]:
        u = game.hand[player][game.rng.randbelow(len(game.hand[player]))]
        game.hand[player].remove(u)
        game.disc[player].append(u)
    game.remove_from_zones(card)
    game.edisc.append(card)
    game.surge(player)


@revealed("01166")  # Highway Robbery
def highway_robbery(game, player, card):
    for q in game.order():
        if game.hand[q]:
            u = game.hand[q][game.rng.randbelow(len(game.hand[q]))]
            game.hand[q].remove(u)
            game.mods.append(("under", card, u))


@__import__("capes.games.champions.cards", fromlist=["defeated"]).defeated("01166")
def highway_robbery_defeated(game, player, card):
    keep = []
    for m in game.mods:
        if m[0] == "under" and m[1] == card:
            game.hand[game.owner[m[2]]].append(m[2])
        else:
            keep.append(m)
    game.mods = keep


@revealed("01168")  # Sweeping Swoop
def sweeping_swoop(game, player, card):
    game.stun(game.ident[player])
    if any(game.code[u] == "01167" for u in game.eplay):
        game.surge(player)


@boost("01168")
def sweeping_swoop_boost(game, player, card):
    game.mods.append(("atk", "stun_hit", card))


@revealed("01169")  # The Vulture's Plans
def vultures_plans(game, player, card):
    kinds = set()
    for q in game.order():
        if game.hand[q]:
            u = game.hand[q][game.rng.randbelow(len(game.hand[q]))]
            game.hand[q].remove(u)
            game.disc[q].append(u)
            kinds |= set(CARDS[game.code[u]].res)
    if kinds:
        game.add_threat(game.mscheme, len(kinds))
