"""Leadership aspect cards."""

from __future__ import annotations

from capes.games.champions.cards import action, cont, enters, mark, play, stat, trigger
from capes.games.champions.data import CARDS


@enters("01066")  # Hawkeye: enters play with 4 arrow counters (not Uses: he stays when they are gone)
def hawkeye_enters(game, player, card):
    game.cnt[card] = 4


@trigger("01066", "minion_entered", kind="optional",
         can=lambda game, player, card, at: game.ctrl(card) == player and game.cnt[card] > 0 and game.event(at).minion in game.eplay)
def hawkeye(game, player, card, at):
    """Response: after a minion enters play, remove an arrow counter to deal it 2 damage."""
    game.cnt[card] -= 1
    game.damage(game.event(at).minion, 2, card)


@stat("01073", "ally_limit")  # The Triskelion: your ally limit is 1 higher (champions/rr/ally-limit)
def triskelion(game, card, target):
    player = game.ctrl(card)
    return 1 if card in game.play[player] and target == game.ident[player] else 0


@enters("01067")  # Maria Hill: response, each player draws 1 card
def maria_hill(game, player, card):
    game.modal(player, [("Maria Hill: each player draws 1 card", tuple(("draw", q, 1) for q in game.order())),
                ("Decline", ())])


# Vision: action (once per round): spend an energy resource -> +2 ATK or +2 THW until the end of the phase.
@action("01068", can=lambda game, player, card: game.ctrl(card) == player and not game.used_once(player, f"vision:{card}")
        and game.can_afford(player, 1, "E", -1, -1))
def vision(game, player, card):
    game.use_once(player, f"vision:{card}")
    game.pay(player, 1, "E", ("call", "leadership.vision_pick", player, card))


@cont
def vision_pick(game, player, card, paid=""):
    game.modal(player, [("Vision gets +2 ATK until the end of the phase", (("call", "leadership.vision_set", card, "atk"),)),
                ("Vision gets +2 THW until the end of the phase", (("call", "leadership.vision_set", card, "thw"),))])


@cont
def vision_set(game, card, which):
    game.boost_stat(card, which, 2, "phase")


@play("01069", can=lambda game, player, card: any(game.allies(q) for q in range(game.n)))  # Get Ready
def get_ready(game, player, card):
    us = [a for q in game.order() for a in game.allies(q)]
    ex = [a for a in us if game.exh[a]] or us
    if len(ex) == 1:
        game.ready(ex[0])
    else:
        game.modal(player, [(f"Ready {game.label(a)}", (("ready", a),)) for a in ex])


@play("01070", form="hero")  # Lead from the Front
def lead_from_the_front(game, player, card):
    game.choose(player, "player", (("call", "leadership.lftf_set", "@"),), "Lead from the Front: which player?")


@cont
def lftf_set(game, ident):
    """Each character the chosen player controls (now) gets +1 THW and +1 ATK until the end of the phase."""
    q = game.owner[ident]
    for u in [game.ident[q], *game.allies(q)]:
        game.boost_stat(u, "thw", 1, "phase")
        game.boost_stat(u, "atk", 1, "phase")
    game.emit("champions/rr/hero-action", f"Lead from the Front: player {q + 1}'s characters get +1 THW and +1 ATK "
           "until the end of the phase.")


def _call_targets(game, player):
    """Allies Make the Call can bring back: from any (living) player's discard pile, whose printed cost
    ``p`` can pay (champions/rr/control)."""
    out = []
    for q in game.order():
        for u in game.disc[q]:
            c = CARDS[game.code[u]]
            if c.type != "ally" or (c.unique and game._unique_in_play(c.name, c.subname)):
                continue
            if game.can_afford(player, c.cost or 0, "", -1, -1):
                out.append(u)
    return out


@play("01071", can=lambda game, player, card: bool(_call_targets(game, player)))  # Make the Call
def make_the_call(game, player, card):
    seen = {}
    for u in _call_targets(game, player):
        seen.setdefault((game.owner[u], game.code[u]), u)
    game.modal(player, [(f"Pay {CARDS[game.code[u]].cost} to put {game.name(u)} (player {game.owner[u] + 1}'s discard pile) "
                 "into play", (("pay", player, CARDS[game.code[u]].cost or 0, "", -1, "",
                                ("call", "leadership.call_in", player, u)),))
                for u in seen.values()])


@cont
def call_in(game, player, u, paid=""):
    """The ally enters play under ``p``'s control; it still belongs to its owner (champions/rr/control):
    it counts toward p's ally limit and goes to its owner's discard pile when it leaves play."""
    o = game.owner[u]
    if u not in game.disc[o]:
        return
    game.disc[o].remove(u)
    game.play[player].append(u)
    game.set_ctrl(u, player)
    game.exh[u] = 0
    game.dmg[u] = 0
    game.cnt[u] = CARDS[game.code[u]].kw("uses")
    game.emit("champions/summary/actions/play", f"Make the Call: {game.name(u)} enters play.")
    game.push(("entered", player, u))


# The Power of Leadership: resource doubling is applied by the engine (State.res_of).
mark("01072", "leadership")


@enters("01074")  # Inspired: attach to an ally (max 1 per ally): +1 THW and +1 ATK
def inspired(game, player, card):
    """It can be played only while an ally can take it (State.playable, attach: ally); should none be left
    when it enters play, it is discarded."""
    game.att[card] = -1
    free = [a for q in game.order() for a in game.allies(q)
            if not any(game.code[x] == "01074" for x in game.attached(a) if x != card)]
    if not free:
        game.discard(card)
    elif len(free) == 1:
        game.att[card] = free[0]
    else:
        game.modal(player, [(f"Attach Inspired to {game.label(a)}", (("call", "leadership.inspire", card, a),)) for a in free])


@cont
def inspire(game, card, a):
    game.att[card] = a


def _inspired(game, card, target) -> int:
    return 1 if game.att[card] == target and target >= 0 and game.ctype(target) == "ally" else 0


stat("01074", "atk")(_inspired)
stat("01074", "thw")(_inspired)
