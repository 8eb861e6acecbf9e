"""Black Panther: hero cards, the Affairs of State obligation and the Killmonger nemesis set.

Black Panther's Retaliate 1 is a keyword (vanilla in the data) that the engine applies. T'Challa's
"Setup" ability (:func:`foresight`) resolves before the opening hands (flow step ``id_setup``).

The four Black Panther upgrades have no ability of their own outside Wakanda Forever!, whose script
resolves their "Special" abilities (:data:`SPECIALS`); they are declared with ``mark``.
"""

from capes.games.champions.cards import action, boost, cont, enters, mark, play, revealed, setup, trigger
from capes.games.champions.cards.captain_marvel import ob_discard, obligation, pick
from capes.games.champions.data import CARDS
from capes.games.champions.engine import F_ATTACK


def _is_bp_upgrade(g, u) -> bool:
    c = CARDS[g.code[u]]
    return c.type == "upgrade" and "Black Panther" in c.traits


def _bp_upgrades(g, p):
    return [u for u in g.play[p] if _is_bp_upgrade(g, u)]


# ---------------------------------------------------------------- identity


@setup("01040b")
def foresight(g, p, me):
    """T'Challa, Setup: take a Black Panther upgrade from the deck into hand, then shuffle the deck."""
    seen = {}
    for u in g.deck[p]:
        if _is_bp_upgrade(g, u):
            seen.setdefault(g.code[u], u)
    g.push(("call", "black_panther.search_done", p))
    pick(g, p, [(f"Foresight: take {CARDS[c].name} into your hand", (("call", "black_panther.take", p, c),))
                for c in seen])


@cont
def take(g, p, code):
    for u in g.deck[p]:
        if g.code[u] == code:
            g.deck[p].remove(u)
            g.hand[p].append(u)
            g.emit("champions/rr/draw", f"Player {p + 1} takes {g.name(u)} from the deck into hand.", only=p,
                   public=f"Player {p + 1} takes a card from the deck into hand.")
            return


@cont
def search_done(g, p):
    g.rng.shuffle(g.deck[p])


# ---------------------------------------------------------------- hero cards


@enters("01041")  # Shuri: optional response, search the deck for an upgrade
def shuri(g, p, me):
    seen = {}
    for u in g.deck[p]:
        if g.ctype(u) == "upgrade":
            seen.setdefault(g.code[u], u)
    opts = [(f"Shuri: take {CARDS[c].name} into your hand",
             (("call", "black_panther.take", p, c), ("call", "black_panther.search_done", p))) for c in seen]
    opts.append(("Decline", ()))
    g.modal(p, opts)


@play("01042", form="ae", can=lambda g, p, me: bool(g.disc[p]))  # Ancestral Knowledge
def ancestral_knowledge(g, p, me):
    g.push(("call", "black_panther.ak_pick", p, me, 0))


@cont
def ak_pick(g, p, me, k):
    seen = {}
    for u in g.disc[p]:
        if u != me:  # the event itself is not yet in the discard pile while it resolves
            seen.setdefault(g.code[u], u)
    if k >= 3 or not seen:
        g.push(("call", "black_panther.search_done", p))
        return
    opts = [(f"Ancestral Knowledge: shuffle {CARDS[c].name} into your deck",
             (("call", "black_panther.ak_take", p, me, c, k),)) for c in seen]
    opts.append(("Stop choosing cards", (("call", "black_panther.search_done", p),)))
    g.modal(p, opts)


@cont
def ak_take(g, p, me, code, k):
    for u in g.disc[p]:
        if g.code[u] == code and u != me:
            g.disc[p].remove(u)
            g.deck[p].append(u)
            break
    g.push(("call", "black_panther.ak_pick", p, me, k + 1))


def wakanda_forever(g, p, me):
    """Resolve the Special of each Black Panther upgrade you control, in the order you choose; the last
    one resolved is the sequence's final step."""
    g.push(("call", "black_panther.wf_next", p, tuple(_bp_upgrades(g, p))))


for _code in ("01043a", "01043b", "01043c", "01043d"):
    play(_code, form="hero", can=lambda g, p, me: bool(_bp_upgrades(g, p)))(wakanda_forever)


@cont
def wf_next(g, p, left):
    left = tuple(u for u in left if u in g.play[p])
    pick(g, p, [(f"Wakanda Forever!: resolve {g.name(u)}" + (" (final step)" if len(left) == 1 else ""),
                 (("call", "black_panther.wf_special", p, u, tuple(v for v in left if v != u)),)) for u in left])


@cont
def wf_special(g, p, u, rest):
    if u not in g.play[p]:
        return
    final = not any(v in g.play[p] for v in rest)
    SPECIALS[g.code[u]](g, p, u, final)
    g.push(("call", "black_panther.wf_next", p, rest))


def _daggers(g, p, me, final):
    n = 2 if final else 1
    g.choose(p, "player", (("call", "black_panther.daggers_hit", me, "@", n),),
             f"Energy Daggers: {n} damage to the villain and each enemy engaged with which player?")


@cont
def daggers_hit(g, me, ident, n):
    for e in [g.villain, *g.minions(g.owner[ident])]:
        g.damage(e, n, me)


def _claws(g, p, me, final):
    n = 4 if final else 2
    g.choose(p, "attackable", (("call", "black_panther.upgrade_attack", p, me, "@", n),),
             f"Panther Claws: {n} damage to")


def _tactical(g, p, me, final):
    n = 2 if final else 1
    g.choose(p, "thwartable", (("rthreat", "@", n, me),), f"Tactical Genius: remove {n} threat from")


def _suit(g, p, me, final):
    n = 2 if final else 1
    g.choose(p, "attackable", (("call", "black_panther.suit_move", p, me, "@", n),),
             f"Vibranium Suit: move {n} damage from your hero to")


@cont
def suit_move(g, p, me, e, n):
    idu = g.ident[p]
    k = min(n, g.dmg[idu])
    if k <= 0:
        return
    g.dmg[idu] -= k
    g.emit("champions/rr/damage", f"Vibranium Suit moves {k} damage from {g.name(idu)}.")
    g.push(("call", "black_panther.upgrade_attack", p, me, e, k))


@cont
def upgrade_attack(g, p, me, e, n):
    """An attack made through a Black Panther upgrade: the upgrade is the damage source (so Killmonger
    can tell), the hero is the attacker (Retaliate hits the hero) (champions/rr/attack)."""
    if not (e == g.villain or e in g.eplay):
        return
    idu = g.ident[p]
    g.push(("dmg", e, n, me, F_ATTACK))
    r = g.has_kw(e, "retaliate")
    if r and g.has_kw(idu, "ranged"):  # champions/rr/ranged
        r = 0
    if r:  # champions/rr/retaliate
        g.push(("retaliate", e, idu, r))
    g.push(("win", "after_attack"), ("evt", "after_attack", idu, e, p, 0))


#: Black Panther upgrade code -> its Special ability ``fn(g, p, me, final_step)``
SPECIALS = {"01046": _daggers, "01047": _claws, "01048": _tactical, "01049": _suit}
for _code in SPECIALS:
    mark(_code, "black_panther")  # resolved by Wakanda Forever! (above)


@action("01045", form="ae", can=lambda g, p, me: g.ctrl(me) == p and not g.exh[me])  # The Golden City
def golden_city(g, p, me):
    g.exhaust(me)
    g.draw(p, 2)


# ---------------------------------------------------------------- obligation and nemesis set


@revealed("01155")  # Affairs of State
def affairs_of_state(g, p, me):
    obligation(g, p, me, "01040a", "Discard a Black Panther upgrade you control; discard Affairs of State",
               "black_panther.aos_discard")


@cont
def aos_discard(g, q, me):
    ob_discard(g, me)
    pick(g, q, [(f"Affairs of State: discard {g.name(u)}", (("discard", u),)) for u in _bp_upgrades(g, q)])


@trigger("01157", "dmg", kind="forced", can=lambda g, p, me, i: g.ev(i)[1] == me and g.ev(i)[2] > 0
         and g.ev(i)[3] >= 0 and _is_bp_upgrade(g, g.ev(i)[3]))
def killmonger(g, p, me, i):
    # champions/rr/cannot: Killmonger cannot take damage from Black Panther upgrades
    g.ev_set(i, 2, 0)
    g.emit("champions/rr/cannot", "Killmonger cannot take damage from Black Panther upgrades.")


@revealed("01158")  # Heart-Shaped Herb (surge from its keyword)
def heart_shaped_herb(g, p, me):
    g.push(("tough", g.villain), *[("tough", m) for m in g.minions(p)])


@boost("01158")
def heart_shaped_herb_boost(g, p, me):
    g.push(("tough", g.villain))


@revealed("01159")  # Ritual Combat
def ritual_combat(g, p, me):
    from capes.games.champions.flow import enc_draw
    u = enc_draw(g)
    x = 1
    if u >= 0:
        g.edisc.append(u)
        x += CARDS[g.code[u]].boost
        g.emit("champions/rr/discard", f"Ritual Combat discards {g.name(u)} ({CARDS[g.code[u]].boost} boost).")
    g.modal(p, [(f"Take {x} damage", (("dmg", g.ident[p], x, me, 0),)),
                (f"Place {x} threat on the main scheme", (("threat", g.mscheme, x, "card"),))])
