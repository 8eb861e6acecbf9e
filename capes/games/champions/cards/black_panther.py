"""Black Panther: hero cards, the Affairs of State obligation and the Killmonger nemesis set.

Black Panther's Retaliate 1 is a keyword (vanilla in the data) that the engine applies. T'Challa's
"Setup" ability (:func:`foresight`) resolves before the opening hands (flow step ``id_setup``).

The four Black Panther upgrades have no ability of their own outside Wakanda Forever!, whose script
resolves their "Special" abilities (:data:`SPECIALS`); they are declared with ``mark``.
"""

from capes.games.champions.cards import action, boost, cont, enters, mark, play, revealed, setup, trigger
from capes.games.champions.cards.captain_marvel import ob_discard, obligation, pick
from capes.games.champions.data import CARDS
from capes.games.champions.frames import F_ATTACK
from capes.games.champions.zones import hand_name


def _is_bp_upgrade(game, u) -> bool:
    c = CARDS[game.code[u]]
    return c.type == "upgrade" and "Black Panther" in c.traits


def _bp_upgrades(game, player):
    return [u for u in game.play[player] if _is_bp_upgrade(game, u)]


# ---------------------------------------------------------------- identity


@setup("01040b")
def foresight(game, player, card):
    """T'Challa, Setup: take a Black Panther upgrade from the deck into hand, then shuffle the deck."""
    seen = {}
    for u in game.deck[player]:
        if _is_bp_upgrade(game, u):
            seen.setdefault(game.code[u], u)
    game.push(("call", "black_panther.search_done", player))
    pick(game, player, [(f"Foresight: take {CARDS[c].name} into your hand", (("call", "black_panther.take", player, c),))
                for c in seen])


@cont
def take(game, player, code):
    for u in game.deck[player]:
        if game.code[u] == code:
            game.deck[player].remove(u)
            game.hand[player].append(u)
            game.emit("champions/rr/draw", f"Player {player + 1} takes {game.name(u)} from the deck into hand.", only=player,
                   public=f"Player {player + 1} takes a card from the deck into hand.")
            return


@cont
def search_done(game, player):
    game.rng.shuffle(game.deck[player])


# ---------------------------------------------------------------- hero cards


@enters("01041")  # Shuri: optional response, search the deck for an upgrade
def shuri(game, player, card):
    seen = {}
    for u in game.deck[player]:
        if game.ctype(u) == "upgrade":
            seen.setdefault(game.code[u], u)
    opts = [(f"Shuri: take {CARDS[c].name} into your hand",
             (("call", "black_panther.take", player, c), ("call", "black_panther.search_done", player))) for c in seen]
    opts.append(("Decline", ()))
    game.modal(player, opts)


@play("01042", form="ae", can=lambda game, player, card: bool(game.disc[player]))  # Ancestral Knowledge
def ancestral_knowledge(game, player, card):
    game.push(("call", "black_panther.ak_pick", player, card, 0))


@cont
def ak_pick(game, player, card, k):
    seen = {}
    for u in game.disc[player]:
        if u != card:  # the event itself is not yet in the discard pile while it resolves
            seen.setdefault(game.code[u], u)
    if k >= 3 or not seen:
        game.push(("call", "black_panther.search_done", player))
        return
    # cards of one name but different codes (the four Wakanda Forever!) are told apart by their resource
    firsts = list(seen.values())
    opts = [(f"Ancestral Knowledge: shuffle {hand_name(game, u, firsts)} into your deck",
             (("call", "black_panther.ak_take", player, card, c, k),)) for c, u in seen.items()]
    opts.append(("Stop choosing cards", (("call", "black_panther.search_done", player),)))
    game.modal(player, opts)


@cont
def ak_take(game, player, card, code, k):
    for u in game.disc[player]:
        if game.code[u] == code and u != card:
            game.disc[player].remove(u)
            game.deck[player].append(u)
            break
    game.push(("call", "black_panther.ak_pick", player, card, k + 1))


def wakanda_forever(game, player, card):
    """Resolve the Special of each Black Panther upgrade you control, in the order you choose; the last
    one resolved is the sequence's final step."""
    game.push(("call", "black_panther.wf_next", player, tuple(_bp_upgrades(game, player))))


for _code in ("01043a", "01043b", "01043c", "01043d"):
    play(_code, form="hero", can=lambda game, player, card: bool(_bp_upgrades(game, player)))(wakanda_forever)


@cont
def wf_next(game, player, left):
    left = tuple(u for u in left if u in game.play[player])
    pick(game, player, [(f"Wakanda Forever!: resolve {game.label(u)}" + (" (final step)" if len(left) == 1 else ""),
                 (("call", "black_panther.wf_special", player, u, tuple(v for v in left if v != u)),)) for u in left])


@cont
def wf_special(game, player, u, rest):
    if u not in game.play[player]:
        return
    final = not any(v in game.play[player] for v in rest)
    SPECIALS[game.code[u]](game, player, u, final)
    game.push(("call", "black_panther.wf_next", player, rest))


def _daggers(game, player, card, final):
    n = 2 if final else 1
    game.choose(player, "player", (("call", "black_panther.daggers_hit", card, "@", n),),
             f"Energy Daggers: {n} damage to the villain and each enemy engaged with which player?")


@cont
def daggers_hit(game, card, ident, n):
    for e in [game.villain, *game.minions(game.owner[ident])]:
        game.damage(e, n, card)


def _claws(game, player, card, final):
    n = 4 if final else 2
    game.choose(player, "attackable", (("call", "black_panther.upgrade_attack", player, card, "@", n),),
             f"Panther Claws: {n} damage to")


def _tactical(game, player, card, final):
    n = 2 if final else 1
    game.choose(player, "thwartable", (("rthreat", "@", n, card),), f"Tactical Genius: remove {n} threat from")


def _suit(game, player, card, final):
    n = 2 if final else 1
    game.choose(player, "attackable", (("call", "black_panther.suit_move", player, card, "@", n),),
             f"Vibranium Suit: move {n} damage from your hero to")


@cont
def suit_move(game, player, card, e, n):
    idu = game.ident[player]
    k = min(n, game.dmg[idu])
    if k <= 0:
        return
    game.dmg[idu] -= k
    game.emit("champions/rr/damage", f"Vibranium Suit moves {k} damage from {game.name(idu)}.")
    game.push(("call", "black_panther.upgrade_attack", player, card, e, k))


@cont
def upgrade_attack(game, player, card, e, n):
    """An attack made through a Black Panther upgrade: the upgrade is the damage source (so Killmonger
    can tell), the hero is the attacker (Retaliate hits the hero) (champions/rr/attack)."""
    if not (e == game.villain or e in game.eplay):
        return
    idu = game.ident[player]
    game.push(("dmg", e, n, card, F_ATTACK))
    r = game.has_kw(e, "retaliate")
    if r and game.has_kw(idu, "ranged"):  # champions/rr/ranged
        r = 0
    if r:  # champions/rr/retaliate
        game.push(("retaliate", e, idu, r))
    game.push(("win", "after_attack"), ("evt", "after_attack", idu, e, player, 0))


#: Black Panther upgrade code -> its Special ability ``fn(g, p, me, final_step)``
SPECIALS = {"01046": _daggers, "01047": _claws, "01048": _tactical, "01049": _suit}
for _code in SPECIALS:
    mark(_code, "black_panther")  # resolved by Wakanda Forever! (above)


@action("01045", form="ae", can=lambda game, player, card: game.ctrl(card) == player and not game.exh[card])  # The Golden City
def golden_city(game, player, card):
    game.exhaust(card)
    game.draw(player, 2)


# ---------------------------------------------------------------- obligation and nemesis set


@revealed("01155")  # Affairs of State
def affairs_of_state(game, player, card):
    obligation(game, player, card, "01040a", "Discard a Black Panther upgrade you control; discard Affairs of State",
               "black_panther.aos_discard")


@cont
def aos_discard(game, q, card):
    ob_discard(game, card)
    pick(game, q, [(f"Affairs of State: discard {game.label(u)}", (("discard", u),)) for u in _bp_upgrades(game, q)])


@trigger("01157", "dmg", kind="forced", can=lambda game, player, card, at: game.event(at).target == card and game.event(at).amount > 0
         and game.event(at).source >= 0 and _is_bp_upgrade(game, game.event(at).source))
def killmonger(game, player, card, at):
    # champions/rr/cannot: Killmonger cannot take damage from Black Panther upgrades
    game.change_event(at, amount=0)
    game.emit("champions/rr/cannot", "Killmonger cannot take damage from Black Panther upgrades.")


@revealed("01158")  # Heart-Shaped Herb (surge from its keyword)
def heart_shaped_herb(game, player, card):
    game.push(("tough", game.villain), *[("tough", m) for m in game.minions(player)])


@boost("01158")
def heart_shaped_herb_boost(game, player, card):
    game.push(("tough", game.villain))


@revealed("01159")  # Ritual Combat
def ritual_combat(game, player, card):
    u = game.enc_draw()
    x = 1
    if u >= 0:
        game.edisc.append(u)
        x += CARDS[game.code[u]].boost
        game.emit("champions/rr/discard", f"Ritual Combat discards {game.name(u)} ({CARDS[game.code[u]].boost} boost).")
    game.modal(player, [(f"Take {x} damage", (("dmg", game.ident[player], x, card, 0),)),
                (f"Place {x} threat on the main scheme", (("threat", game.mscheme, x, "card"),))])
