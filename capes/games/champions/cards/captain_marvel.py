"""Captain Marvel: identity, hero cards, the Family Emergency obligation and the Yon-Rogg nemesis set.

Also the shared helpers the Iron Man and Black Panther modules use: :func:`aerial` (the Aerial trait,
granted by Cosmic Flight or Rocket Boots), :func:`pick` (a choice among arbitrary cards, as a modal),
:func:`obligation` (the "you may flip, then choose" obligation pattern) and :func:`undefended_boost`
(star boosts that only act "if the villain is making an undefended attack").
"""

from capes.games.champions.cards import action, boost, cont, enters, play, revealed, stat, trigger
from capes.games.champions.data import CARDS
from capes.games.champions.frames import HERO

# ---------------------------------------------------------------- shared helpers


def aerial(game, player) -> bool:
    """Whether player ``p``'s hero has the Aerial trait (printed, Cosmic Flight, or Rocket Boots this phase)."""
    if not game._form[player]:
        return False
    if "Aerial" in game.idcard(player).traits:
        return True
    idu = game.ident[player]
    for u in game.play[player]:
        if game.code[u] == "01017" and game.att[u] == idu:  # Cosmic Flight
            return True
    # Rocket Boots: ("round", "aerial", p) lasts until the end of the player phase (g.turn is -1 after it)
    return game.turn >= 0 and ("round", "aerial", player) in game.mods


def pick(game, player, items) -> None:
    """Let ``p`` pick one of ``items`` = [(label, steps)]; a single item resolves without asking."""
    if not items:
        return
    if len(items) == 1:
        game.push(*items[0][1])
    else:
        game.modal(player, items)


def owner_of(game, hero_code: str, default: int) -> int:
    """The living player whose identity is ``hero_code`` (an obligation's owner)."""
    for q in range(game.n):
        if game.code[game.ident[q]] == hero_code and game.alive[q]:
            return q
    return default


def obligation(game, player, card, hero_code: str, alt_label: str, alt_cont: str) -> None:
    """champions/rr/obligation: the owner may flip to alter-ego (a card effect: it does not use the turn's
    change), then chooses: exhaust the alter-ego to remove the card from the game, or the other bullet."""
    q = owner_of(game, hero_code, player)
    then = ("call", "captain_marvel.ob_choose", q, card, alt_label, alt_cont)
    if game._form[q] == HERO:
        game.modal(q, [(f"Flip to {CARDS[CARDS[hero_code].back].name} first", (("flip_free", q), then)),
                    ("Stay in hero form", (then,))])
    else:
        game.push(then)


@cont
def ob_choose(game, q, card, alt_label, alt_cont):
    opts = []
    if game._form[q] != HERO and not game.exh[game.ident[q]]:
        opts.append((f"Exhaust {game.idcard(q).name}: remove {game.name(card)} from the game",
                     (("call", "cards.exhaust_and_remove", q, card),)))
    opts.append((alt_label, (("call", alt_cont, q, card),)))
    pick(game, q, opts)

    game.emit("champions/rr/obligation", f"{game.name(card)} is removed from the game.")


def ob_discard(game, card) -> None:
    game.remove_from_zones(card)
    if card not in game.edisc:
        game.edisc.append(card)


def _attack_init_mark(game, player, card, at):
    """Remember, as an attack starts, whether the attacked hero was already exhausted (so it could not
    defend): read by :func:`undefended_boost`. ``("atk", ...)`` mods end with the attack."""
    q = game.event(at).player  # attack_init
    game.mods.append(("atk", "pre_exh", q, game.exh[game.ident[q]]))


def undefended_boost(game, player, card, effect: str) -> None:
    """A star boost "if the villain is making an undefended attack": checked once the defender is known."""
    game.push(("call", "captain_marvel.undefended_check", card, effect))


@cont
def undefended_check(game, card, effect):
    # This step runs right after the attack's defender was resolved, above its ("dmg", target, ...) frame.
    f = game.stack[-1] if game.stack else None
    if not f or f[0] != "dmg":
        return  # a scheme, not an attack
    target = f[1]
    o = game.owner[target]
    if o < 0 or game.ident[o] != target:
        return  # an ally defended
    pre = [m[3] for m in game.mods if m[0] == "atk" and m[1] == "pre_exh" and m[2] == o]
    was_exhausted = pre[-1] if pre else 0
    if was_exhausted or not game.exh[target]:  # the hero could not or did not defend (champions/summary/easy/7)
        game.push(("call", effect, o, card))


# ---------------------------------------------------------------- identity


def _rechannel_can(game, player, card):
    return (not game.used_once(player, "rechannel") and game.dmg[card] > 0 and game.ctrl(card) == player
            and game.can_afford(player, 1, "E", -1, -1))


@action("01010a", form="hero", can=_rechannel_can)  # Captain Marvel: Rechannel
def rechannel(game, player, card):
    game.use_once(player, "rechannel")
    game.pay(player, 1, "E", ("call", "captain_marvel.rechannel_done", player, card))


@cont
def rechannel_done(game, player, card, paid=""):
    game.heal(card, 1)  # the heal is part of the cost, paid together with the energy resource
    game.draw(player, 1)


@action("01010b", form="ae", can=lambda game, player, card: not game.used_once(player, "commander") and game.ctrl(card) == player)
def commander(game, player, card):  # Carol Danvers: Commander
    game.use_once(player, "commander")
    game.choose(player, "player", (("player_draw", "@", 1),), "Commander: which player draws 1 card?")


# ---------------------------------------------------------------- hero cards


@enters("01011")  # Spider-Woman: optional response, confuse the villain
def spider_woman(game, player, card):
    game.modal(player, [(f"Spider-Woman: confuse {game.name(game.villain)}", (("confuse", game.villain),)),
                ("Decline", ())])


def _schemes_with_threat(game, player):
    return [s for s in game.thwartable(player) if game.thr[s] > 0]


@play("01012", form="hero", can=lambda game, player, card: bool(_schemes_with_threat(game, player)))  # Crisis Interdiction
def crisis_interdiction(game, player, card):
    game.choose(player, "thwartable", (("rthreat", "@", 2, card), ("call", "captain_marvel.ci_second", player, card, "@")),
             "Crisis Interdiction: remove 2 threat from")


@cont
def ci_second(game, player, card, first):
    if not aerial(game, player):
        return
    others = [s for s in game.thwartable(player) if s != first and game.thr[s] > 0]
    pick(game, player, [(f"Crisis Interdiction (Aerial): remove 2 threat from {game.label(s)} ({game.thr[s]} threat)",
                 (("rthreat", s, 2, card),)) for s in others])


@play("01013", form="hero")  # Photonic Blast
def photonic_blast(game, player, card):
    game.attack_with_event(player, "attackable", 5, card)
    if "E" in game.paid or "W" in game.paid:  # a wild resource may be counted as energy
        game.draw(player, 1)


@action("01015", can=lambda game, player, card: game.ctrl(card) == player and not game.exh[card] and bool(game.hand[player]))
def alpha_flight_station(game, player, card):
    game.exhaust(card)
    k = 1 if game._form[player] == HERO else 2  # two cards while you are Carol Danvers
    game.choose(player, "hand", (("discard", "@"), ("draw", player, k)), f"Alpha Flight Station: discard a card to draw {k}")


@stat("01016", "def")  # Captain Marvel's Helmet
def cm_helmet(game, card, target):
    if game.att[card] != target:
        return 0
    return 2 if aerial(game, game.ctrl(card)) else 1


def _cosmic_can(game, player, card, at):
    damage = game.event(at)
    return damage.target == game.ident[player] and damage.amount > 0 and game.att[card] == game.ident[player]


@trigger("01017", "dmg", kind="optional", where="play", form="hero", can=_cosmic_can)  # Cosmic Flight
def cosmic_flight(game, player, card, at):
    game.change_event(at, amount=max(0, game.event(at).amount - 3))
    game.discard(card)


def _ec_can(game, player, card):
    if game.ctrl(card) != player:
        return False
    return game.can_afford(player, 1, "E", -1, -1) or (game._form[player] == HERO and game.cnt[card] > 0)


@action("01018", can=_ec_can)  # Energy Channel: two actions on one card
def energy_channel(game, player, card):
    opts = []
    if game.can_afford(player, 1, "E", -1, -1):
        opts.append((f"Energy Channel: spend energy resources for counters ({game.cnt[card]} now)",
                     (("pay", player, 1, "E", -1, "", ("call", "captain_marvel.ec_charge", player, card)),)))
    if game._form[player] == HERO and game.cnt[card] > 0:
        n = min(10, 2 * game.cnt[card])
        opts.append((f"Energy Channel: discard it to deal {n} damage (attack)",
                     (("call", "captain_marvel.ec_fire", player, card, n),)))
    pick(game, player, opts)


@cont
def ec_charge(game, player, card, paid=""):
    if card not in game.play[player]:
        return
    game.cnt[card] += sum(1 for ch in paid if ch in "EW")
    game.emit("champions/rr/resources", f"Energy Channel has {game.cnt[card]} energy counter(s).")
    if game.can_afford(player, 1, "E", -1, -1):
        game.modal(player, [("Spend another energy resource on Energy Channel",
                     (("pay", player, 1, "E", -1, "", ("call", "captain_marvel.ec_charge", player, card)),)),
                    ("Stop spending", ())])


@cont
def ec_fire(game, player, card, n):
    game.discard(card)
    game.attack_with_event(player, "attackable", n, card)


# ---------------------------------------------------------------- obligation and nemesis set


@revealed("01175")  # Family Emergency
def family_emergency(game, player, card):
    obligation(game, player, card, "01010a", "Be stunned; Family Emergency gains surge and is discarded",
               "captain_marvel.fe_stun")


@cont
def fe_stun(game, q, card):
    game.stun(game.ident[q])
    ob_discard(game, card)
    game.surge(q)


@revealed("01176")  # The Psyche-Magnitron: 1 more threat per player
def psyche_magnitron(game, player, card):
    game.add_threat(card, game.n)


@trigger("01177", "attack_init", kind="forced", can=lambda game, player, card, at: game.event(at).attacker == card)  # Yon-Rogg
def yon_rogg_attacks(game, player, card, at):
    game.mods.append(("atk", "call", "captain_marvel.yon_rogg_after"))


@cont
def yon_rogg_after(game, player, e, hit):
    if game.code[e] != "01177" or e not in game.eplay:
        return
    for s in game.sides():
        if game.code[s] == "01176":
            game.add_threat(s, 1)


@revealed("01178")  # Kree Manipulator (surge from its keyword)
def kree_manipulator(game, player, card):
    game.add_threat(game.mscheme, 1)


trigger("01178", "attack_init", kind="forced", can=lambda game, player, card, at: card in game.boosts)(_attack_init_mark)


@boost("01178")
def kree_manipulator_boost(game, player, card):
    undefended_boost(game, player, card, "captain_marvel.km_threat")


@cont
def km_threat(game, q, card):
    game.add_threat(game.mscheme, 1)


@revealed("01179")  # Yon-Rogg's Treason
def yon_roggs_treason(game, player, card):
    gone = [u for u in game.hand[player] if "E" in CARDS[game.code[u]].res]
    for u in gone:
        game.hand[player].remove(u)
        game.disc[player].append(u)
    if gone:
        game.emit("champions/rr/discard", f"Player {player + 1} discards {len(gone)} card(s) with an energy resource.")
    else:
        game.surge(player)
