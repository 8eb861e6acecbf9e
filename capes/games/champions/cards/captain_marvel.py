"""Captain Marvel: identity, hero cards, the Family Emergency obligation and the Yon-Rogg nemesis set.

Also the shared helpers the Iron Man and Black Panther modules use: :func:`aerial` (the Aerial trait,
granted by Cosmic Flight or Rocket Boots), :func:`pick` (a choice among arbitrary cards, as a modal),
:func:`obligation` (the "you may flip, then choose" obligation pattern) and :func:`undefended_boost`
(star boosts that only act "if the villain is making an undefended attack").
"""

from capes.games.champions.cards import action, boost, cont, enters, play, revealed, stat, trigger
from capes.games.champions.data import CARDS
from capes.games.champions.engine import HERO

# ---------------------------------------------------------------- shared helpers


def aerial(g, p) -> bool:
    """Whether player ``p``'s hero has the Aerial trait (printed, Cosmic Flight, or Rocket Boots this phase)."""
    if not g._form[p]:
        return False
    if "Aerial" in g.idcard(p).traits:
        return True
    idu = g.ident[p]
    for u in g.play[p]:
        if g.code[u] == "01017" and g.att[u] == idu:  # Cosmic Flight
            return True
    # Rocket Boots: ("round", "aerial", p) lasts until the end of the player phase (g.turn is -1 after it)
    return g.turn >= 0 and ("round", "aerial", p) in g.mods


def pick(g, p, items) -> None:
    """Let ``p`` pick one of ``items`` = [(label, steps)]; a single item resolves without asking."""
    if not items:
        return
    if len(items) == 1:
        g.push(*items[0][1])
    else:
        g.modal(p, items)


def owner_of(g, hero_code: str, default: int) -> int:
    """The living player whose identity is ``hero_code`` (an obligation's owner)."""
    for q in range(g.n):
        if g.code[g.ident[q]] == hero_code and g.alive[q]:
            return q
    return default


def obligation(g, p, me, hero_code: str, alt_label: str, alt_cont: str) -> None:
    """champions/rr/obligation: the owner may flip to alter-ego (a card effect: it does not use the turn's
    change), then chooses: exhaust the alter-ego to remove the card from the game, or the other bullet."""
    q = owner_of(g, hero_code, p)
    then = ("call", "captain_marvel.ob_choose", q, me, alt_label, alt_cont)
    if g._form[q] == HERO:
        g.modal(q, [(f"Flip to {CARDS[CARDS[hero_code].back].name} first", (("flip_free", q), then)),
                    ("Stay in hero form", (then,))])
    else:
        g.push(then)


@cont
def ob_choose(g, q, me, alt_label, alt_cont):
    opts = []
    if g._form[q] != HERO and not g.exh[g.ident[q]]:
        opts.append((f"Exhaust {g.idcard(q).name}: remove {g.name(me)} from the game",
                     (("call", "cards.exhaust_and_remove", q, me),)))
    opts.append((alt_label, (("call", alt_cont, q, me),)))
    pick(g, q, opts)

    g.emit("champions/rr/obligation", f"{g.name(me)} is removed from the game.")


def ob_discard(g, me) -> None:
    g.remove_from_zones(me)
    if me not in g.edisc:
        g.edisc.append(me)


def _attack_init_mark(g, p, me, i):
    """Remember, as an attack starts, whether the attacked hero was already exhausted (so it could not
    defend): read by :func:`undefended_boost`. ``("atk", ...)`` mods end with the attack."""
    q = g.ev(i)[2]
    g.mods.append(("atk", "pre_exh", q, g.exh[g.ident[q]]))


def undefended_boost(g, p, me, effect: str) -> None:
    """A star boost "if the villain is making an undefended attack": checked once the defender is known."""
    g.push(("call", "captain_marvel.undefended_check", me, effect))


@cont
def undefended_check(g, me, effect):
    # This step runs right after the attack's defender was resolved, above its ("dmg", target, ...) frame.
    f = g.stack[-1] if g.stack else None
    if not f or f[0] != "dmg":
        return  # a scheme, not an attack
    target = f[1]
    o = g.owner[target]
    if o < 0 or g.ident[o] != target:
        return  # an ally defended
    pre = [m[3] for m in g.mods if m[0] == "atk" and m[1] == "pre_exh" and m[2] == o]
    was_exhausted = pre[-1] if pre else 0
    if was_exhausted or not g.exh[target]:  # the hero could not or did not defend (champions/summary/easy/7)
        g.push(("call", effect, o, me))


# ---------------------------------------------------------------- identity


def _rechannel_can(g, p, me):
    return (not g.used_once(p, "rechannel") and g.dmg[me] > 0 and g.ctrl(me) == p
            and g.can_afford(p, 1, "E", -1, -1))


@action("01010a", form="hero", can=_rechannel_can)  # Captain Marvel: Rechannel
def rechannel(g, p, me):
    g.use_once(p, "rechannel")
    g.pay(p, 1, "E", ("call", "captain_marvel.rechannel_done", p, me))


@cont
def rechannel_done(g, p, me, paid=""):
    g.heal(me, 1)  # the heal is part of the cost, paid together with the energy resource
    g.draw(p, 1)


@action("01010b", form="ae", can=lambda g, p, me: not g.used_once(p, "commander") and g.ctrl(me) == p)
def commander(g, p, me):  # Carol Danvers: Commander
    g.use_once(p, "commander")
    g.choose(p, "player", (("player_draw", "@", 1),), "Commander: which player draws 1 card?")


# ---------------------------------------------------------------- hero cards


@enters("01011")  # Spider-Woman: optional response, confuse the villain
def spider_woman(g, p, me):
    g.modal(p, [(f"Spider-Woman: confuse {g.name(g.villain)}", (("confuse", g.villain),)),
                ("Decline", ())])


def _schemes_with_threat(g, p):
    return [s for s in g.thwartable(p) if g.thr[s] > 0]


@play("01012", form="hero", can=lambda g, p, me: bool(_schemes_with_threat(g, p)))  # Crisis Interdiction
def crisis_interdiction(g, p, me):
    g.choose(p, "thwartable", (("rthreat", "@", 2, me), ("call", "captain_marvel.ci_second", p, me, "@")),
             "Crisis Interdiction: remove 2 threat from")


@cont
def ci_second(g, p, me, first):
    if not aerial(g, p):
        return
    others = [s for s in g.thwartable(p) if s != first and g.thr[s] > 0]
    pick(g, p, [(f"Crisis Interdiction (Aerial): remove 2 threat from {g.name(s)} ({g.thr[s]} threat)",
                 (("rthreat", s, 2, me),)) for s in others])


@play("01013", form="hero")  # Photonic Blast
def photonic_blast(g, p, me):
    g.attack_with_event(p, "attackable", 5, me)
    if "E" in g.paid or "W" in g.paid:  # a wild resource may be counted as energy
        g.draw(p, 1)


@action("01015", can=lambda g, p, me: g.ctrl(me) == p and not g.exh[me] and bool(g.hand[p]))
def alpha_flight_station(g, p, me):
    g.exhaust(me)
    k = 1 if g._form[p] == HERO else 2  # two cards while you are Carol Danvers
    g.choose(p, "hand", (("discard", "@"), ("draw", p, k)), f"Alpha Flight Station: discard a card to draw {k}")


@stat("01016", "def")  # Captain Marvel's Helmet
def cm_helmet(g, me, target):
    if g.att[me] != target:
        return 0
    return 2 if aerial(g, g.ctrl(me)) else 1


def _cosmic_can(g, p, me, i):
    f = g.ev(i)
    return f[1] == g.ident[p] and f[2] > 0 and g.att[me] == g.ident[p]


@trigger("01017", "dmg", kind="optional", where="play", form="hero", can=_cosmic_can)  # Cosmic Flight
def cosmic_flight(g, p, me, i):
    g.ev_set(i, 2, max(0, g.ev(i)[2] - 3))
    g.discard(me)


def _ec_can(g, p, me):
    if g.ctrl(me) != p:
        return False
    return g.can_afford(p, 1, "E", -1, -1) or (g._form[p] == HERO and g.cnt[me] > 0)


@action("01018", can=_ec_can)  # Energy Channel: two actions on one card
def energy_channel(g, p, me):
    opts = []
    if g.can_afford(p, 1, "E", -1, -1):
        opts.append((f"Energy Channel: spend energy resources for counters ({g.cnt[me]} now)",
                     (("pay", p, 1, "E", -1, "", ("call", "captain_marvel.ec_charge", p, me)),)))
    if g._form[p] == HERO and g.cnt[me] > 0:
        n = min(10, 2 * g.cnt[me])
        opts.append((f"Energy Channel: discard it to deal {n} damage (attack)",
                     (("call", "captain_marvel.ec_fire", p, me, n),)))
    pick(g, p, opts)


@cont
def ec_charge(g, p, me, paid=""):
    if me not in g.play[p]:
        return
    g.cnt[me] += sum(1 for ch in paid if ch in "EW")
    g.emit("champions/rr/resources", f"Energy Channel has {g.cnt[me]} energy counter(s).")
    if g.can_afford(p, 1, "E", -1, -1):
        g.modal(p, [("Spend another energy resource on Energy Channel",
                     (("pay", p, 1, "E", -1, "", ("call", "captain_marvel.ec_charge", p, me)),)),
                    ("Stop spending", ())])


@cont
def ec_fire(g, p, me, n):
    g.discard(me)
    g.attack_with_event(p, "attackable", n, me)


# ---------------------------------------------------------------- obligation and nemesis set


@revealed("01175")  # Family Emergency
def family_emergency(g, p, me):
    obligation(g, p, me, "01010a", "Be stunned; Family Emergency gains surge and is discarded",
               "captain_marvel.fe_stun")


@cont
def fe_stun(g, q, me):
    g.stun(g.ident[q])
    ob_discard(g, me)
    g.surge(q)


@revealed("01176")  # The Psyche-Magnitron: 1 more threat per player
def psyche_magnitron(g, p, me):
    g.add_threat(me, g.n)


@trigger("01177", "attack_init", kind="forced", can=lambda g, p, me, i: g.ev(i)[1] == me)  # Yon-Rogg
def yon_rogg_attacks(g, p, me, i):
    g.mods.append(("atk", "call", "captain_marvel.yon_rogg_after"))


@cont
def yon_rogg_after(g, p, e, hit):
    if g.code[e] != "01177" or e not in g.eplay:
        return
    for s in g.sides():
        if g.code[s] == "01176":
            g.add_threat(s, 1)


@revealed("01178")  # Kree Manipulator (surge from its keyword)
def kree_manipulator(g, p, me):
    g.add_threat(g.mscheme, 1)


trigger("01178", "attack_init", kind="forced", can=lambda g, p, me, i: me in g.boosts)(_attack_init_mark)


@boost("01178")
def kree_manipulator_boost(g, p, me):
    undefended_boost(g, p, me, "captain_marvel.km_threat")


@cont
def km_threat(g, q, me):
    g.add_threat(g.mscheme, 1)


@revealed("01179")  # Yon-Rogg's Treason
def yon_roggs_treason(g, p, me):
    gone = [u for u in g.hand[p] if "E" in CARDS[g.code[u]].res]
    for u in gone:
        g.hand[p].remove(u)
        g.disc[p].append(u)
    if gone:
        g.emit("champions/rr/discard", f"Player {p + 1} discards {len(gone)} card(s) with an energy resource.")
    else:
        g.surge(p)
