"""She-Hulk: hero cards, obligation and the Titania nemesis set."""

from capes.games.champions.cards import action, boost, cont, mark, play, revealed, stat, trigger
from capes.games.champions.data import CARDS
from capes.games.champions.frames import HERO
from capes.games.champions.zones import first_copies, hand_name


@trigger("01019a", "form_changed", kind="optional", where="identity", form="hero",
         can=lambda game, player, card, at: game.event(at).player == player)
def do_you_even_lift(game, player, card, at):
    game.choose(player, "enemy", (("dmg", "@", 2, card, 0),), "She-Hulk: 2 damage to")


@trigger("01019b", "threat", kind="optional", where="identity", form="ae",
         can=lambda game, player, card, at: game.event(at).amount > 0 and not game.used_once(player, "i_object"))
def i_object(game, player, card, at):
    game.use_once(player, "i_object")
    game.change_event(at, amount=game.event(at).amount - 1)


@action("01020", can=lambda game, player, card: game.ctrl(card) == player)  # Hellcat
def hellcat(game, player, card):
    """Return Hellcat to her owner's hand (champions/rr/ownership)."""
    game.play[player].remove(card)
    game.ctl.pop(card, None)
    game.dmg[card] = 0
    game.exh[card] = 0
    game.st[card] = 0
    game.hand[game.owner[card]].append(card)


@play("01021", form="hero")  # Gamma Slam
def gamma_slam(game, player, card):
    game.attack_with_event(player, "attackable", min(15, game.dmg[game.ident[player]]), card)


@play("01022", form="hero")  # Ground Stomp
def ground_stomp(game, player, card):
    for e in game.enemies():
        game.damage(e, 1, game.ident[player])


@play("01023", form="ae", can=lambda game, player, card: len(game.hand[player]) > 0)  # Legal Practice
def legal_practice(game, player, card):
    game.push(("call", "she_hulk.legal_step", player, card, 0))


@cont
def legal_step(game, player, card, k):
    """Discard up to 5 cards one at a time (cost), then remove that much threat."""
    if k >= 5 or not game.hand[player]:
        game.push(("call", "she_hulk.legal_finish", player, card, k))
        return
    hand = game.hand[player]
    # one option per card name: copies in hand are interchangeable
    opts = [(f"Discard {hand_name(game, u, hand)}", (("discard", u), ("call", "she_hulk.legal_step", player, card, k + 1)))
            for u in first_copies(game, hand)]
    opts.append((f"Stop discarding ({k} so far)", (("call", "she_hulk.legal_finish", player, card, k),)))
    game.modal(player, opts)


@cont
def legal_finish(game, player, card, k):
    if k:
        game.thwart_with_event(player, k, card)


@trigger("01024", "after_attack", kind="optional", where="hand",
         can=lambda game, player, card, at: game.event(at).attacker == game.ident[player] and game.event(at).basic == 1)  # One-Two Punch
def one_two_punch(game, player, card, at):
    game.ready(game.ident[player])


@play("01025")  # Split Personality
def split_personality(game, player, card):
    game.push(("flip_free", player), ("call", "she_hulk.draw_printed", player))


@cont
def draw_printed(game, player):
    k = (game.idcard(player).hand or 0) - len(game.hand[player])
    if k > 0:
        game.draw(player, k)


@action("01026", form="ae", can=lambda game, player, card: game.ctrl(card) == player and not game.exh[card]
        and game.can_afford(player, 1, "M", -1, -1))  # Superhuman Law Division
def law_division(game, player, card):
    game.exhaust(card)
    game.pay(player, 1, "M", ("call", "she_hulk.law_thwart", player, card))


@cont
def law_thwart(game, player, card, paid=""):
    game.choose(player, "thwartable", (("rthreat", "@", 2, card),), "Superhuman Law Division: remove 2 threat from")


@action("01027", form="hero", can=lambda game, player, card: game.ctrl(card) == player and not game.exh[card])  # Focused Rage
def focused_rage(game, player, card):
    game.exhaust(card)
    game.damage(game.ident[player], 1, -1)
    game.draw(player, 1)


@stat("01028", "atk")  # Superhuman Strength
def superhuman_strength(game, card, target):
    return 2 if game.att[card] == target else 0


@trigger("01028", "after_attack", kind="forced", can=lambda game, player, card, at: game.event(at).attacker == game.att[card])
def superhuman_strength_stun(game, player, card, at):
    game.discard(card)
    game.push(("stun", game.event(at).target))


@revealed("01160")  # Legal Work
def legal_work(game, player, card):
    owner = next((q for q in range(game.n) if CARDS[game.code[game.ident[q]]].back == "01019b"), player)
    game.push(("call", "she_hulk.lw_choice", owner, card))


@cont
def lw_choice(game, player, card):
    if game._form[player] == HERO:
        game.modal(player, [("Flip to Jennifer Walters first", (("flip_free", player), ("call", "she_hulk.lw_pay", player, card))),
                    ("Stay in this form", (("call", "she_hulk.lw_pay", player, card),))])
    else:
        game.push(("call", "she_hulk.lw_pay", player, card))


@cont
def lw_pay(game, player, card):
    opts = []
    if game._form[player] != HERO and not game.exh[game.ident[player]]:
        opts.append(("Exhaust Jennifer Walters: remove Legal Work from the game", (("call", "cards.exhaust_and_remove", player, card),)))
    opts.append(("Give the main scheme an acceleration token", (("call", "she_hulk.lw_accel", player, card),)))
    game.modal(player, opts)



@cont
def lw_accel(game, player, card):
    game.accel += 1
    game.remove_from_zones(card)
    game.edisc.append(card)


@revealed("01161")  # Personal Challenge (crisis from data)
def personal_challenge(game, player, card):
    game.threat_per_player(card)


@stat("01162", "atk")  # Titania: ATK is her remaining hit points (printed as -1 for X)
def titania_atk(game, card, target):
    return (game.hp(card) - game.dmg[card] + 1) if target == card else 0


@revealed("01163")  # Genetically Enhanced
def genetically_enhanced(game, player, card):
    ms = game.minions()
    if not ms:
        game.remove_from_zones(card)
        game.edisc.append(card)
        game.surge(player)
        return
    # the highest printed hit points; a tie is decided by the first player (Vocabulary.extreme, ruling 66)
    game.extreme(ms, lambda m: CARDS[game.code[m]].hp or 0, (("call", "she_hulk.enhance", card, "@"),),
                 "highest", "printed hit points", "Attach to")


@cont
def enhance(game, card, m):
    if card in game.eplay and m in game.eplay:
        game.att[card] = m
        game.emit("champions/rr/attachments", f"{game.name(card)} is attached to {game.label(m)}.")


@stat("01163", "hp")
def genetically_enhanced_hp(game, card, target):
    return 3 if game.att[card] == target else 0


@revealed("01164")  # Titania's Fury
def titanias_fury(game, player, card):
    t = next((u for u in game.eplay if game.code[u] == "01162"), -1)
    if t < 0:
        game.surge(player)
        return
    if game._form[player] == HERO:
        game.push(("attack", t, player, 0))
    else:
        game.dmg[t] = 0
        game.surge(player)


@boost("01164")
def titanias_fury_boost(game, player, card):
    game.deal_boost(1)


mark("01019a", "she_hulk")
