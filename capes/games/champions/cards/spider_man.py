"""Spider-Man: hero cards, obligation and the Vulture nemesis set."""

from capes.games.champions.cards import action, boost, cont, enters, play, resource, revealed, trigger
from capes.games.champions.data import CARDS
from capes.games.champions.engine import HERO


# Spider-Man (hero): Spider-Sense, may draw 1 as the villain starts an attack against you.
@trigger("01001a", "attack_init", kind="optional", where="identity", form="hero",
         can=lambda g, p, me, i: g.ev(i)[1] == g.villain and g.ev(i)[2] == p)
def spider_sense(g, p, me, i):
    g.draw(p, 1)


# Peter Parker: once per round, a mental resource.
@resource("01001b", produces="M", form="ae", can=lambda g, p, me: not g.used_once(p, "scientist"))
def scientist(g, p, me):
    g.use_once(p, "scientist")


@enters("01002")  # Black Cat
def black_cat(g, p, me):
    from capes.games.champions.flow import discard_top
    for u in discard_top(g, p, 2):
        if "M" in CARDS[g.code[u]].res and u in g.disc[p]:
            g.disc[p].remove(u)
            g.hand[p].append(u)


def _attack_on_me(g, p, i):
    f = g.ev(i)
    return f[1] == g.ident[p] and f[4] & 1 and f[2] > 0


@trigger("01003", "dmg", kind="optional", where="hand", can=lambda g, p, me, i: _attack_on_me(g, p, i))
def backflip(g, p, me, i):
    g.ev_set(i, 2, 0)


@trigger("01004", "treachery", kind="optional", where="hand", form="hero",
         can=lambda g, p, me, i: not g.ev(i)[3])
def enhanced_spider_sense(g, p, me, i):
    g.ev_set(i, 3, 1)


@play("01005", form="hero")  # Swinging Web Kick
def swinging_web_kick(g, p, me):
    g.attack_with_event(p, "attackable", 8, me)


@action("01006", form="ae", can=lambda g, p, me: not g.exh[me] and g.ctrl(me) == p)  # Aunt May
def aunt_may(g, p, me):
    g.exhaust(me)
    g.heal(g.ident[p], 4)


@trigger("01007", "minion_defeating", kind="forced",
         can=lambda g, p, me, i: g.att[me] == g.ev(i)[1])
def spider_tracer(g, p, me, i):
    g.choose(p, "thwartable", (("rthreat", "@", 3, me),), "Spider-Tracer: remove 3 threat from")


@resource("01008", produces="W", form="hero", can=lambda g, p, me: not g.exh[me] and g.cnt[me] > 0)
def web_shooter(g, p, me):
    g.exhaust(me)
    g.spend_uses(me)


@trigger("01009", "attack_init", kind="forced",
         can=lambda g, p, me, i: g.att[me] == g.ev(i)[1] and not g.ev(i)[4])
def webbed_up(g, p, me, i):
    e = g.ev(i)[1]
    g.ev_set(i, 4, 1)
    g.discard(me)
    g.push(("stun", e))


@revealed("01165")  # Eviction Notice
def eviction_notice(g, p, me):
    owner = next((q for q in range(g.n) if CARDS[g.code[g.ident[q]]].back == "01001b"), p)
    g.push(("call", "spider_man.eviction_choice", owner, me))


@cont
def eviction_choice(g, p, me):
    opts = []
    if g._form[p] == HERO:
        opts.append(("Flip to Peter Parker first", (("flip_free", p), ("call", "spider_man.eviction_pay", p, me))))
    opts.append(("Stay in this form", (("call", "spider_man.eviction_pay", p, me),)))
    if len(opts) == 1:
        g.push(*opts[0][1])
    else:
        g.modal(p, opts)


@cont
def eviction_pay(g, p, me):
    opts = []
    if g._form[p] != HERO and not g.exh[g.ident[p]]:
        opts.append(("Exhaust Peter Parker: remove Eviction Notice from the game", (("call", "cards.exhaust_and_remove", p, me),)))
    opts.append(("Discard a random card; Eviction Notice surges", (("call", "spider_man.ob_discard", p, me),)))
    g.modal(p, opts)



@cont
def ob_discard(g, p, me):
    if g.hand[p]:
        u = g.hand[p][g.rng.randbelow(len(g.hand[p]))]
        g.hand[p].remove(u)
        g.disc[p].append(u)
    g.remove_from_zones(me)
    g.edisc.append(me)
    g.surge(p)


@revealed("01166")  # Highway Robbery
def highway_robbery(g, p, me):
    for q in g.order():
        if g.hand[q]:
            u = g.hand[q][g.rng.randbelow(len(g.hand[q]))]
            g.hand[q].remove(u)
            g.mods.append(("under", me, u))


@__import__("capes.games.champions.cards", fromlist=["defeated"]).defeated("01166")
def highway_robbery_defeated(g, p, me):
    keep = []
    for m in g.mods:
        if m[0] == "under" and m[1] == me:
            g.hand[g.owner[m[2]]].append(m[2])
        else:
            keep.append(m)
    g.mods = keep


@revealed("01168")  # Sweeping Swoop
def sweeping_swoop(g, p, me):
    g.stun(g.ident[p])
    if any(g.code[u] == "01167" for u in g.eplay):
        g.surge(p)


@boost("01168")
def sweeping_swoop_boost(g, p, me):
    g.mods.append(("atk", "stun_hit", me))


@revealed("01169")  # The Vulture's Plans
def vultures_plans(g, p, me):
    kinds = set()
    for q in g.order():
        if g.hand[q]:
            u = g.hand[q][g.rng.randbelow(len(g.hand[q]))]
            g.hand[q].remove(u)
            g.disc[q].append(u)
            kinds |= set(CARDS[g.code[u]].res)
    if kinds:
        g.add_threat(g.mscheme, len(kinds))
