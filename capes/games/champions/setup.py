"""Setup: every card instance, the first player, the villain and main scheme, identities' setup abilities,
opening hands and mulligans.

Rule ids: champions/summary/setup (steps 1-7), champions/rr/setup, ruling 14 (the first player is chosen before
the "Setup" abilities), champions/rr/mulligan, champions/rr/villain, champions/rr/main-scheme.
"""

from __future__ import annotations

from capes.games.champions import cards as S
from capes.games.champions.frames import AE, ASKS, CARDS, C, counted, step
from capes.games.champions.state import ChampionsState
from capes.games.champions.zones import first_copies, hand_name

G = ChampionsState

def setup(g: G, heroes: list[str], decks: list[list[str]], villain_stages: list[str], main_stages: list[str],
          main_setup: str, encounter: list[str], nemesis: list[list[str]], obligations: list[list[str]]) -> None:
    """champions/summary/setup: build every card instance and the opening stack."""
    code: list[str] = []
    owner: list[int] = []

    def new(codes: list[str], o: int) -> list[int]:
        """One card instance per code, owned by ``o`` (-1: the encounter side): their uids, in order."""
        start = len(code)
        code.extend(codes)
        owner.extend([o] * len(codes))
        return list(range(start, len(code)))

    n = len(heroes)
    g.n = n
    g.ident = [new([h], p)[0] for p, h in enumerate(heroes)]
    g.deck = [new(decks[p], p) for p in range(n)]
    g.setaside = [new(nemesis[p], -1) for p in range(n)]  # champions/summary/setup/2
    g.vstages = new(villain_stages, -1)
    g.mstages = new(main_stages, -1)
    g.edeck = new(encounter, -1)
    for p in range(n):
        g.edeck += new(obligations[p], -1)  # champions/summary/setup/3
    g.code = tuple(code)
    g.owner = tuple(owner)
    g.ctl = {}
    m = len(code)
    g.dmg = [0] * m
    g.thr = [0] * m
    g.exh = [0] * m
    g.cnt = [0] * m
    g.st = [0] * m
    g.att = [-1] * m
    g.eng = [-1] * m
    g.hand = [[] for _ in range(n)]
    g.disc = [[] for _ in range(n)]
    g.play = [[] for _ in range(n)]
    g.fd = [[] for _ in range(n)]
    g.used = [[] for _ in range(n)]
    g._form = [AE] * n  # champions/summary/setup/4: every identity starts in alter-ego form
    g.changed = [0] * n
    g.alive = [1] * n
    g.edisc = []
    g.eplay = []
    g.mods = []
    g.boosts = []
    g.bup = 0
    g.hit = []
    g.removed = []
    g.victory = []
    g.stack = []
    g.accel = 0
    g.first = 0
    g.rnd = 0
    g.turn = -1
    g.over = ""
    g.paid = ""
    g.acts = 0
    g.vdefeats = 0
    g.villain = g.vstages.pop(0)
    g.mscheme = g.mstages.pop(0)
    g.emit("champions/summary/setup", f"Setup: {', '.join(C(h).name for h in heroes)} against "
           f"{C(code[g.villain]).name}; {len(g.edeck)} encounter cards.")
    for p in range(n):
        g.rng.shuffle(g.deck[p])
    g.rng.shuffle(g.edeck)
    # champions/rr/setup (ruling 14): the first player is chosen (summary setup/5) before the villain and main
    # scheme are set up with their "Setup" abilities (setup/6-7), then identity setup, opening hands, mulligans
    frames = [("pick_first",)] if n > 1 else []
    frames.append(("setup_villain", main_setup))
    frames += [("id_setup", p) for p in range(n)]
    frames += [("opening_hand", p) for p in range(n)]
    frames += [("mulligan", p) for p in range(n)]
    frames.append(("round",))
    g.push(*frames)
    g.run()


@step("setup_villain")
def _setup_villain(g: G, main_setup: str) -> None:
    # champions/summary/setup/6: villain and main scheme in play; "Setup" abilities only (setup/7)
    v = g.villain
    g.emit("champions/rr/villain", f"{g.name(v)} ({CARDS[g.code[v]].stage}) enters play with {g.hp(v)} hit points.")
    if CARDS[g.code[v]].kw("toughness"):
        g.tough(v)
    fn = S.SETUP.get(main_setup)
    if fn is not None:  # resolved for the first player (already chosen: ruling 14)
        fn(g, g.first, g.mscheme)
    g.push(("main_enters",))
    fn2 = S.REVEALED.get(g.code[v])
    if fn2 is not None:
        g.push(("call_revealed", v, g.first))


@step("main_enters")
def _main_enters(g: G) -> None:
    s = g.mscheme
    c = CARDS[g.code[s]]
    base = c.base_threat or 0
    g.thr[s] = base if c.base_fixed else base * g.n
    g.emit("champions/rr/main-scheme", f"Main scheme {c.name} ({c.stage}) starts with {g.thr[s]} threat "
           f"(target {g.target(s)}).")
    if S.REVEALED.get(c.code):
        g.push(("call_revealed", s, g.first))
    g.push(("adv_main",))  # champions/summary/scoring/defeat: a stage that starts at its target advances at once


@step("call_revealed")
def _call_revealed(g: G, u: int, p: int) -> None:
    S.REVEALED[g.code[u]](g, p, u)


@step("id_setup")
def _id_setup(g: G, p: int) -> None:
    """champions/summary/setup/7: an identity's "Setup" ability (``@setup(<either side's code>)``)."""
    c = C(g.code[g.ident[p]])
    for code in (c.code, c.back):
        fn = S.SETUP.get(code or "")
        if fn is not None:
            fn(g, p, g.ident[p])


@step("opening_hand")
def _opening(g: G, p: int) -> None:
    # champions/rr/setup: draw up to alter-ego hand size
    g.draw_cards(p, g.hand_size(p))


def _mull_build(g: G, f: tuple):
    p = f[1]
    hand = g.hand[p]
    opts = [(f"d:{u}", f"Mulligan {hand_name(g, u, hand)}") for u in first_copies(g, hand)]
    opts.append(("keep", "Keep this hand"))
    return p, "Mulligan: discard cards to redraw them, or keep", opts


def _mull_do(g: G, f: tuple, oid: str) -> None:
    p = f[1]
    if oid == "keep":
        k = len(f[2]) if len(f) > 2 else 0
        if k:
            g.emit("champions/rr/mulligan", f"Player {p + 1} mulligans {counted(k, 'card')}.")
            g.draw_cards(p, k)
        return
    u = int(oid[2:])
    g.hand[p].remove(u)
    g.disc[p].append(u)
    g.stack.append(("mulligan", p, (*(f[2] if len(f) > 2 else ()), u)))


ASKS["mulligan"] = (_mull_build, _mull_do)


def _first_build(g: G, f: tuple):
    return 0, "Choose the first player", [(f"first:{p}", f"Player {p + 1} ({g.idcard(p).name})") for p in range(g.n)]


def _first_do(g: G, f: tuple, oid: str) -> None:
    g.first = int(oid.split(":")[1])  # champions/summary/setup/5
    g.emit("champions/summary/setup/5", f"Player {g.first + 1} is the first player.")


ASKS["pick_first"] = (_first_build, _first_do)
