"""Test helpers, the one place Champions test positions are built.

:func:`scenario` builds the state (at round 1 with the given cards in place, or, with ``setup=True``, past a
real setup); :func:`to_hand`, :func:`to_play`, :func:`to_disc`, :func:`to_top`, :func:`res_to_hand`,
:func:`enc`, :func:`enc_top`, :func:`side`, :func:`minion`, :func:`empty_encounter` and :func:`hero` change it
during a test; :func:`go`, :func:`run_turn` and :func:`reveal` run rules steps; :func:`do`, :func:`opt`,
:func:`pick`, :func:`pay_all`, :func:`pass_windows`, :func:`finish` and :func:`settle` answer decisions;
:func:`play` and :func:`play_card` play a card from hand; :func:`synthetic` adds test-only cards.

>>> s = scenario(hand=["01005"], form="hero")       # Spider-Man in hero form holding Swinging Web Kick
>>> s.decision.kind
'turn'
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import capes
from capes.games.champions import data
from capes.games.champions.data import CARDS
from capes.games.champions.engine import AE, HERO, ChampionsState


def new_uid(s: ChampionsState, code: str, owner: int) -> int:
    s.code = (*s.code, code)
    s.owner = (*s.owner, owner)
    for f in ("dmg", "thr", "exh", "cnt", "st"):
        getattr(s, f).append(0)
    s.att.append(-1)
    s.eng.append(-1)
    return len(s.code) - 1


def take(s: ChampionsState, code: str, owner: int, into: str = "hand") -> int:
    """An instance of ``code`` taken out of the zone it is in (never out of play), or a new one if there is
    none: a player's card from their deck, then their discard pile, then their hand (skipping ``into``, the zone
    it is going to: "hand", "play", "disc" or "deck"); an encounter card (``owner`` -1) from the encounter
    deck, its discard pile, the set-aside cards, then the removed cards."""
    if owner >= 0:
        zones = {"deck": s.deck[owner], "disc": s.disc[owner], "hand": s.hand[owner]}
        lists = [lst for z, lst in zones.items() if z != into or z == "deck"]
    else:
        lists = [s.edeck, s.edisc, *s.setaside, s.removed]
    for lst in lists:
        for u in lst:
            if s.code[u] == code:
                s.remove_from_zones(u)
                return u
    return new_uid(s, code, owner)


def scenario(heroes=("spider_man",), villain="rhino", mode="standard", modulars=None, hand=(), play=(),
             minions=(), sides=(), villain_attachments=(), edeck_top=(), form="hero", seed=0,
             threat=None, hands=None, plays=None, clear=False, setup=False, content=None,
             bare=False) -> ChampionsState:
    """A state at the start of round 1 with the given cards in place (every other player card in the deck).
    ``form``: "hero" / HERO or "alter-ego" / AE for every player. ``clear``: first discard every encounter
    card that setup put into play (e.g. Klaw's minion and Defense Network). ``threat``: the main scheme's.

    ``setup``: instead answer the setup questions as the players would (every hand kept, player 1 first)
    and stop at player 1's first turn: opening hands, alter-ego forms and setup effects (e.g. Ultron's
    facedown Drones) stay as dealt, and the card, form and threat arguments are not used.

    ``content``: a directory of extra card YAML files (the ``content=`` config key; see :func:`synthetic`).
    ``bare``: finally move the encounter deck and discard pile out of the way (:func:`empty_encounter`)."""
    cfg = {"heroes": list(heroes), "villain": villain, "mode": mode}
    if content:
        cfg["content"] = content
    if modulars:
        cfg["modulars"] = list(modulars)
    g = capes.load("champions", **cfg)
    s = g.new_game(seed)
    assert isinstance(s, ChampionsState)
    if setup:
        assert not (hand or play or minions or sides or villain_attachments or edeck_top or hands or plays
                    or clear or threat is not None), "setup=True keeps the dealt position: place cards afterwards"
        while s.decision.kind != "turn" and not s.over:
            k = s.decision.kind
            s.apply("keep" if k == "mulligan" else "first:0" if k == "pick_first" else s.decision.ids()[0])
        return s
    if s.decision.kind == "pick_first":  # the first setup question: the villain and main scheme come after it
        s.apply("first:0")
    n = s.n
    if clear:
        for u in list(s.eplay):
            s.eplay.remove(u)
            s.eng[u] = -1
            s.att[u] = -1
            s.st[u] = 0
            s.edisc.append(u)
    for p in range(n):
        s.deck[p] += s.hand[p]
        s.hand[p] = []
        s._form[p] = HERO if form in ("hero", HERO) else AE
    hands = hands or [list(hand)] + [[] for _ in range(n - 1)]
    plays = plays or [list(play)] + [[] for _ in range(n - 1)]
    for p in range(n):
        for c in hands[p]:
            s.hand[p].append(take(s, c, p))
        for c in plays[p]:
            to_play(s, p, c)
    for c in minions:
        u = minion(s, c, 0, placed=True)
        if CARDS[c].kw("toughness"):
            s.st[u] |= 4
    for c in sides:
        side(s, c)
    for c in villain_attachments:
        u = take(s, c, -1)
        s.eplay.append(u)
        s.att[u] = s.villain
    for c in reversed(list(edeck_top)):
        enc_top(s, c)
    if threat is not None:
        s.thr[s.mscheme] = threat
    if bare:
        empty_encounter(s)
    s.stack = [("round",)]
    s.rnd = 0
    s.log = []
    s.run()
    return s


@contextlib.contextmanager
def synthetic(tmp_path: Path, yaml_text: str) -> Iterator[str]:
    """A content directory holding ``yaml_text`` (synthetic cards, as a user would add them), for
    ``scenario(content=...)``; the shipped card table is restored afterwards."""
    (tmp_path / "synthetic.yaml").write_text(yaml_text, encoding="utf-8")
    saved = dict(data.CARDS)
    try:
        yield str(tmp_path)
    finally:
        data.CARDS.clear()
        data.CARDS.update(saved)


# ---------------------------------------------------------------- putting cards in place during a test


def to_hand(s: ChampionsState, p: int, code: str) -> int:
    """Put a card ``code`` of player ``p`` into their hand (see :func:`take` for where it comes from)."""
    u = take(s, code, p, "hand")
    s.hand[p].append(u)
    s._decision = None
    return u


def to_play(s: ChampionsState, p: int, code: str, attach_to: int | None = None) -> int:
    """Put a card ``code`` of player ``p`` into play (with its Uses counters; an upgrade on their identity
    unless ``attach_to`` names another card)."""
    u = take(s, code, p, "play")
    s.play[p].append(u)
    card = CARDS[code]
    s.cnt[u] = card.kw("uses")
    if attach_to is not None:
        s.att[u] = attach_to
    elif card.type == "upgrade" and card.attach in (None, "identity"):
        s.att[u] = s.ident[p]
    s._decision = None
    return u


def to_disc(s: ChampionsState, p: int, code: str) -> int:
    """Put a card ``code`` of player ``p`` on top of their discard pile."""
    u = take(s, code, p, "disc")
    s.disc[p].append(u)
    return u


def to_top(s: ChampionsState, p: int, code: str) -> int:
    """Put a card ``code`` of player ``p`` on top of their deck."""
    u = take(s, code, p, "deck")
    s.deck[p].append(u)
    return u


def res_to_hand(s: ChampionsState, p: int, color: str) -> int:
    """Move a card from player p's deck (or discard pile) whose resource is exactly ``color`` into their hand."""
    for u in list(s.deck[p]) + list(s.disc[p]):
        if CARDS[s.code[u]].res == color:
            s.remove_from_zones(u)
            s.hand[p].append(u)
            s._decision = None
            return u
    raise KeyError(color)


def enc(s: ChampionsState, code: str) -> int:
    """Take an encounter card out of the encounter deck, discard pile, set-aside or removed cards (to be
    revealed or placed by the test)."""
    return take(s, code, -1)


def enc_top(s: ChampionsState, code: str) -> int:
    """Put encounter card ``code`` on top of the encounter deck."""
    u = enc(s, code)
    s.edeck.append(u)
    return u


def side(s: ChampionsState, code: str, threat: int | None = None) -> int:
    """Put side scheme ``code`` into play with ``threat`` (default: its printed starting threat)."""
    u = enc(s, code)
    s.eplay.append(u)
    s.thr[u] = (CARDS[code].base_threat or 0) if threat is None else threat
    return u


def minion(s: ChampionsState, code: str, p: int = 0, placed: bool = False) -> int:
    """Minion ``code`` engages player ``p`` through the rules (Toughness gives it a tough status, responses
    to it entering play resolve, open windows are passed) or, if ``placed``, is just put into play engaged
    with ``p`` (no status, nothing triggered)."""
    u = enc(s, code)
    if placed:
        s.eplay.append(u)
        s.eng[u] = p
        s.dmg[u] = 0
    else:
        go(s, ("engage", u, p))
    return u


def empty_encounter(s: ChampionsState) -> None:
    """Move the encounter deck and discard pile out of the way (to the removed cards), so surges and deals
    draw nothing surprising."""
    s.removed += s.edeck + s.edisc
    s.edeck = []
    s.edisc = []


def hero(s: ChampionsState, p: int = 0) -> None:
    """Player ``p`` is in hero form."""
    s._form[p] = HERO
    s._decision = None


# ---------------------------------------------------------------- running the rules


def go(s: ChampionsState, *frames: tuple, windows: bool = False) -> None:
    """Resolve rules steps as if a card had pushed them now (the first frame first), up to the next
    decision; open optional windows are passed unless ``windows``."""
    s.stack.extend(reversed(frames))
    s._decision = None
    s.run()
    if not windows:
        pass_windows(s)


def run_turn(s: ChampionsState, *frames: tuple, p: int = 0) -> None:
    """Start player ``p``'s turn afresh (the stack holds just their turn), resolve ``frames`` first (the
    first one first), and run to the next decision."""
    s.stack = [("turn", p), *reversed(frames)]
    s.turn = p
    s._decision = None
    s.run()


def pass_windows(s: ChampionsState) -> None:
    """Pass every open optional interrupt/response window (player cards that could answer are not used)."""
    while s.decision.kind == "optwin" and not s.over:
        s.apply("pass")


def pay_all(s: ChampionsState) -> None:
    """Answer payment questions with the first source offered until none is asked."""
    while s.decision.kind == "pay":
        s.apply(s.decision.ids()[0])


def finish(s: ChampionsState) -> None:
    """Answer every remaining question with its last option (pass, decline) until the turn decision."""
    while s.decision.kind != "turn":
        s.apply(s.decision.ids()[-1])


def labels(s: ChampionsState) -> list[str]:
    return [o.label for o in s.decision.options]


def uid(s: ChampionsState, code: str, where: str = "any") -> int:
    """The first instance of ``code`` in play / hand / anywhere."""
    pools = {"hand": [u for h in s.hand for u in h], "play": [u for pl in s.play for u in pl] + s.eplay}
    pool = pools.get(where) or range(len(s.code))
    for u in pool:
        if s.code[u] == code:
            return u
    raise KeyError(code)


def do(s: ChampionsState, *prefixes: str) -> str:
    """Apply, in turn, the option whose id is each string or, if there is none, the first whose id starts
    with it; return the last id applied."""
    oid = ""
    for pre in prefixes:
        d = s.decision
        oid = pre if d.find(pre) is not None else next((o.id for o in d.options if o.id.startswith(pre)), "")
        if not oid:
            raise AssertionError(f"no option {pre!r} in {d.kind}: {d.ids()}")
        s.apply(oid)
    return oid


def opt(s: ChampionsState, prefix: str, keep: bool = False) -> str:
    """:func:`do` one option (passing open windows first if it is not offered), then pass open windows
    unless ``keep``; return the id applied."""
    if not any(o.id.startswith(prefix) for o in s.decision.options):
        pass_windows(s)
    oid = do(s, prefix)
    if not keep:
        pass_windows(s)
    return oid


def pick(s: ChampionsState, text: str, first: bool = False) -> str:
    """Apply the option whose label contains ``text`` (exactly one must, unless ``first``: the first of them;
    open windows are passed first if none does), then pass open windows; return its id."""
    if not any(text in o.label for o in s.decision.options):
        pass_windows(s)
    hits = [o.id for o in s.decision.options if text in o.label]
    assert len(hits) == 1 or (first and hits), (text, labels(s))
    s.apply(hits[0])
    pass_windows(s)
    return hits[0]


def settle(s: ChampionsState, until: tuple = ("turn",)) -> None:
    """Pass every optional window / keep hands / decline defence until a decision of a kind in ``until``."""
    for _ in range(200):
        d = s.decision
        if d.seat is None or d.kind in until:
            return
        ids = d.ids()
        pick = next((x for x in ("pass", "keep", "nodef", "skip") if x in ids), ids[0])
        s.apply(pick)


def texts(s: ChampionsState) -> str:
    return "\n".join(e.text for e in s.log)


def reveal(s: ChampionsState, code: str, p: int = 0, windows: bool = False) -> int:
    """Reveal encounter card ``code`` for player ``p`` now (champions/summary/flow/8) and run the rules;
    optional response windows are passed unless ``windows``."""
    u = enc(s, code)
    go(s, ("reveal", u, p), windows=windows)
    return u


def play_card(s: ChampionsState, code: str, *then: str) -> int:
    """Play hand card ``code`` of player 0, paying with whatever is offered first, then apply ``then``."""
    u = uid(s, code, "hand")
    do(s, f"play:{u}")
    pay_all(s)
    do(s, *then)
    return u


def play(s: ChampionsState, p: int, code: str, *colors: str) -> int:
    """Player ``p`` plays card ``code``: it goes to their hand with one card per resource colour in
    ``colors`` (:func:`res_to_hand`), is played, paid with the first source offered each time, and open
    windows are passed; return its id."""
    u = to_hand(s, p, code)
    for c in colors:
        res_to_hand(s, p, c)
    opt(s, f"play:{u}")
    pay_all(s)
    pass_windows(s)
    return u


def give(s: ChampionsState, *codes: str, p: int = 0) -> None:
    """Put cards into player p's hand (e.g. resources to pay with)."""
    for c in codes:
        to_hand(s, p, c)


def unscripted(card_set: str) -> list[str]:
    """The cards of ``card_set`` (a data file name) with no scripted effect."""
    from capes.games.champions.cards import SCRIPTED
    from capes.games.champions.data import FILES, cards
    cards()
    return [c for c in FILES[card_set] if c not in SCRIPTED]


def contract_games(games: int, resample_every: int, roundtrip_every: int, **cfg) -> int:
    """Run the capes contract suite (capes/core/contract.py) on a champions game; the games checked."""
    from capes.core.contract import check_game
    return check_game(capes.load("champions", **cfg), games=games, resample_every=resample_every,
                      roundtrip_every=roundtrip_every).games
