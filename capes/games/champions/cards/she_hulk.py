"""She-Hulk: hero cards, obligation and the Titania nemesis set."""

from capes.games.champions.cards import action, boost, cont, mark, play, revealed, stat, trigger
from capes.games.champions.data import CARDS
from capes.games.champions.engine import HERO


@trigger("01019a", "form_changed", kind="optional", where="identity", form="hero",
         can=lambda g, p, me, i: g.ev(i)[2] == p)
def do_you_even_lift(g, p, me, i):
    g.choose(p, "enemy", (("dmg", "@", 2, me, 0),), "She-Hulk: 2 damage to")


@trigger("01019b", "threat", kind="optional", where="identity", form="ae",
         can=lambda g, p, me, i: g.ev(i)[2] > 0 and not g.used_once(p, "i_object"))
def i_object(g, p, me, i):
    g.use_once(p, "i_object")
    g.ev_set(i, 2, g.ev(i)[2] - 1)


@action("01020", can=lambda g, p, me: g.ctrl(me) == p)  # Hellcat
def hellcat(g, p, me):
    """Return Hellcat to her owner's hand (champions/rr/ownership)."""
    g.play[p].remove(me)
    g.ctl.pop(me, None)
    g.dmg[me] = 0
    g.exh[me] = 0
    g.st[me] = 0
    g.hand[g.owner[me]].append(me)


@play("01021", form="hero")  # Gamma Slam
def gamma_slam(g, p, me):
    g.attack_with_event(p, "attackable", min(15, g.dmg[g.ident[p]]), me)


@play("01022", form="hero")  # Ground Stomp
def ground_stomp(g, p, me):
    for e in g.enemies():
        g.damage(e, 1, g.ident[p])


@play("01023", form="ae", can=lambda g, p, me: len(g.hand[p]) > 0)  # Legal Practice
def legal_practice(g, p, me):
    g.push(("call", "she_hulk.legal_step", p, me, 0))


@cont
def legal_step(g, p, me, k):
    """Discard up to 5 cards one at a time (cost), then remove that much threat."""
    if k >= 5 or not g.hand[p]:
        g.push(("call", "she_hulk.legal_finish", p, me, k))
        return
    opts = [(f"Discard {g.name(u)}", (("discard", u), ("call", "she_hulk.legal_step", p, me, k + 1)))
            for u in g.hand[p]]
    opts.append((f"Stop discarding ({k} so far)", (("call", "she_hulk.legal_finish", p, me, k),)))
    g.modal(p, opts)


@cont
def legal_finish(g, p, me, k):
    if k:
        g.thwart_with_event(p, k, me)


@trigger("01024", "after_attack", kind="optional", where="hand",
         can=lambda g, p, me, i: g.ev(i)[2] == g.ident[p] and g.ev(i)[5] == 1)  # One-Two Punch
def one_two_punch(g, p, me, i):
    g.ready(g.ident[p])


@play("01025")  # Split Personality
def split_personality(g, p, me):
    g.push(("flip_free", p), ("call", "she_hulk.draw_printed", p))


@cont
def draw_printed(g, p):
    k = (g.idcard(p).hand or 0) - len(g.hand[p])
    if k > 0:
        g.draw(p, k)


@action("01026", form="ae", can=lambda g, p, me: g.ctrl(me) == p and not g.exh[me]
        and g.can_afford(p, 1, "M", -1, -1))  # Superhuman Law Division
def law_division(g, p, me):
    g.exhaust(me)
    g.pay(p, 1, "M", ("call", "she_hulk.law_thwart", p, me))


@cont
def law_thwart(g, p, me, paid=""):
    g.choose(p, "thwartable", (("rthreat", "@", 2, me),), "Superhuman Law Division: remove 2 threat from")


@action("01027", form="hero", can=lambda g, p, me: g.ctrl(me) == p and not g.exh[me])  # Focused Rage
def focused_rage(g, p, me):
    g.exhaust(me)
    g.damage(g.ident[p], 1, -1)
    g.draw(p, 1)


@stat("01028", "atk")  # Superhuman Strength
def superhuman_strength(g, me, target):
    return 2 if g.att[me] == target else 0


@trigger("01028", "after_attack", kind="forced", can=lambda g, p, me, i: g.ev(i)[2] == g.att[me])
def superhuman_strength_stun(g, p, me, i):
    g.discard(me)
    g.push(("stun", g.ev(i)[3]))


@revealed("01160")  # Legal Work
def legal_work(g, p, me):
    owner = next((q for q in range(g.n) if CARDS[g.code[g.ident[q]]].back == "01019b"), p)
    g.push(("call", "she_hulk.lw_choice", owner, me))


@cont
def lw_choice(g, p, me):
    if g._form[p] == HERO:
        g.modal(p, [("Flip to Jennifer Walters first", (("flip_free", p), ("call", "she_hulk.lw_pay", p, me))),
                    ("Stay in this form", (("call", "she_hulk.lw_pay", p, me),))])
    else:
        g.push(("call", "she_hulk.lw_pay", p, me))


@cont
def lw_pay(g, p, me):
    opts = []
    if g._form[p] != HERO and not g.exh[g.ident[p]]:
        opts.append(("Exhaust Jennifer Walters: remove Legal Work from the game", (("call", "cards.exhaust_and_remove", p, me),)))
    opts.append(("Give the main scheme an acceleration token", (("call", "she_hulk.lw_accel", p, me),)))
    g.modal(p, opts)



@cont
def lw_accel(g, p, me):
    g.accel += 1
    g.remove_from_zones(me)
    g.edisc.append(me)


@revealed("01161")  # Personal Challenge (crisis from data)
def personal_challenge(g, p, me):
    g.threat_per_player(me)


@stat("01162", "atk")  # Titania: ATK is her remaining hit points (printed as -1 for X)
def titania_atk(g, me, target):
    return (g.hp(me) - g.dmg[me] + 1) if target == me else 0


@revealed("01163")  # Genetically Enhanced
def genetically_enhanced(g, p, me):
    ms = g.minions()
    if not ms:
        g.remove_from_zones(me)
        g.edisc.append(me)
        g.surge(p)
        return
    best = max(ms, key=lambda m: CARDS[g.code[m]].hp or 0)
    g.att[me] = best


@stat("01163", "hp")
def genetically_enhanced_hp(g, me, target):
    return 3 if g.att[me] == target else 0


@revealed("01164")  # Titania's Fury
def titanias_fury(g, p, me):
    t = next((u for u in g.eplay if g.code[u] == "01162"), -1)
    if t < 0:
        g.surge(p)
        return
    if g._form[p] == HERO:
        g.push(("attack", t, p, 0))
    else:
        g.dmg[t] = 0
        g.surge(p)


@boost("01164")
def titanias_fury_boost(g, p, me):
    from capes.games.champions.flow import deal_boost
    deal_boost(g, 1)


mark("01019a", "she_hulk")
