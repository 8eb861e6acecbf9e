"""The state of a Champions game: every field in one place, the protocol hooks (clone, save, view, resample)
and the run loop that resolves the rules stack.

Card instances are small ints (``uid``) indexing flat per-instance lists (``dmg``, ``thr``, ``exh``...); static
card data lives in :data:`capes.games.champions.data.CARDS`. Pending rules are an explicit stack of tuples
(``self.stack``, :mod:`capes.games.champions.frames`): the top frame is either a step that runs at once
(``STEPS``) or a question for a seat (``ASKS``). The methods rules and scripts call come from the mixins:
:class:`~capes.games.champions.queries.Queries` (reading), :class:`~capes.games.champions.vocabulary.Vocabulary`
(acting), :class:`~capes.games.champions.resources.Resources` (costs), :class:`~capes.games.champions.abilities.Abilities`
(windows) and :class:`~capes.games.champions.piles.Piles` (decks).

Rule ids: champions/summary/scoring/empty-deck and /empty-encounter (checked after every step, ``run``);
hidden information of the view and of ``resample`` (hands, decks, facedown encounter and boost cards).
"""

from __future__ import annotations

from itertools import compress, islice, starmap
from typing import Any

from capes.core.jsontext import encode
from capes.core.protocol import Decision, Option, Result, State
from capes.core.rng import Rng
from capes.games.champions.abilities import Abilities
from capes.games.champions.frames import ASKS, AUTO_SINGLE, CARDS, NAMES, ON_EMPTY, STEPS
from capes.games.champions.piles import Piles
from capes.games.champions.queries import Queries
from capes.games.champions.resources import Resources
from capes.games.champions.vocabulary import Vocabulary


class ChampionsState(Queries, Vocabulary, Resources, Abilities, Piles, State):
    # ------------------------------------------------------------------ fields
    FIELDS_LIST = ("dmg", "thr", "exh", "cnt", "st", "att", "eng", "edeck", "edisc", "eplay", "vstages",
                   "mstages", "stack", "mods", "ident", "form", "changed", "alive", "boosts", "hit",
                   "removed", "victory")
    FIELDS_NESTED = ("deck", "hand", "disc", "play", "fd", "setaside", "used")
    FIELDS_SCALAR = ("n", "villain", "mscheme", "accel", "first", "rnd", "turn", "over", "paid", "acts",
                     "vdefeats", "bup")
    #: how many of ``boosts`` (the first ones) are faceup: turned by the attack or scheme they belong to, until it ends
    bup: int
    # Slots for the fields (the instance dict keeps the protocol's few): a clone sets about fifty of them, and
    # past thirty keys an instance dict is no longer shared and grows by resizing (about a third of a clone's
    # time); slot reads are also the fastest attribute reads. Every slot is set by setup, _load or _copy_into.
    __slots__ = (*(f for f in FIELDS_LIST if f != "form"), "_form", *FIELDS_NESTED, *FIELDS_SCALAR,
                 "code", "owner", "ctl")

    n: int
    code: tuple[str, ...]
    owner: tuple[int, ...]
    #: champions/rr/control: uid -> controlling seat, only for cards in play whose controller is not their owner
    #: (a card in play sits in its controller's ``play`` list; it goes to its owner's piles when it leaves)
    ctl: dict[int, int]

    # ================================================================ protocol hooks
    def _compute_decision(self) -> Decision:
        if self.over:
            return Decision(None, "The game is over.", ())
        f = self.stack[-1]
        seat, prompt, opts = ASKS[f[0]][0](self, f)
        return Decision(seat, prompt, tuple(starmap(Option, opts)), kind=f[0])

    def _do(self, oid: str) -> None:
        had = [bool(self.edeck), *map(bool, self.deck)]  # as self._decks_had()
        f = self.stack.pop()
        self._buf = []
        ASKS[f[0]][1](self, f, oid)
        buf = self._buf
        self._buf = None
        buf.reverse()
        self.stack.extend(buf)
        self.run(had)

    def _result(self) -> Result | None:
        if not self.over:
            return None
        win = self.over == "win"
        out = tuple("win" if win else "loss" for _ in range(self.n))
        sc = tuple(1.0 if win else 0.0 for _ in range(self.n))
        return Result(out, sc, "The heroes defeat the villain." if win else "The villain wins.")

    def _dump(self) -> Any:
        d: dict[str, Any] = {k: getattr(self, k) for k in self.FIELDS_LIST + self.FIELDS_NESTED + self.FIELDS_SCALAR}
        d["code"] = list(self.code)
        d["owner"] = list(self.owner)
        d["ctl"] = sorted([u, q] for u, q in self.ctl.items())
        return d

    #: field -> (a private copy of its value at the last save, the value's JSON text): see _dump_json. Not copied
    #: by a clone (its first save writes every field)
    _saved: dict[str, tuple[Any, str]] | None = None

    def _dump_json(self) -> str:
        """The JSON text of :meth:`_dump` (sorted keys, no spaces), reusing the text of each field whose value equals
        its value at this state's last save (a table saves after every action; most fields have not changed). The
        text is a function of the value: the other fields hold only ints, strs, None and lists/tuples of them, lists at most
        two deep (tests/champions/test_save_text.py checks both at every action of random games)."""
        saved = self._saved
        if saved is None:
            saved = self._saved = {}
        d = self._dump()
        out = []
        for k in _SAVE_ORDER:
            v = d[k]
            if k == "stack":  # changes at nearly every action, and its frames hold bools (0 == False, but not as text)
                out.append(encode(v))
                continue
            e = saved.get(k)
            if e is None or e[0] != v:
                e = saved[k] = (_private(v), encode(v))
            out.append(e[1])
        return "{" + ",".join([f'"{k}":{t}' for k, t in zip(_SAVE_ORDER, out, strict=True)]) + "}"

    def _load(self, data: Any) -> None:
        for k in self.FIELDS_LIST + self.FIELDS_NESTED:
            setattr(self, k, [_tup(x) if k == "stack" or k == "mods" else (list(x) if isinstance(x, list) else x)
                              for x in data[k]])
        for k in self.FIELDS_SCALAR:
            setattr(self, k, data[k] if k != "bup" else data.get(k, 0))  # saves before "bup" had none faceup
        self.code = tuple(data["code"])
        self.owner = tuple(data["owner"])
        self.ctl = {int(u): int(q) for u, q in data.get("ctl", ())}

    def _copy_into(self, o: State) -> None:
        assert isinstance(o, ChampionsState)
        o.code = self.code
        o.owner = self.owner
        o.ctl = self.ctl.copy() if self.ctl else {}
        o._rel = self._rel  # derived from `code` alone (abilities.Relevant): shared
        o.dmg = self.dmg.copy()
        o.thr = self.thr.copy()
        o.exh = self.exh.copy()
        o.cnt = self.cnt.copy()
        o.st = self.st.copy()
        o.att = self.att.copy()
        o.eng = self.eng.copy()
        o.edeck = self.edeck.copy()
        o.edisc = self.edisc.copy()
        o.eplay = self.eplay.copy()
        o.vstages = self.vstages.copy()
        o.mstages = self.mstages.copy()
        o.stack = self.stack.copy()
        o.mods = self.mods.copy()
        o.ident = self.ident.copy()
        o._form = self._form.copy()
        o.changed = self.changed.copy()
        o.alive = self.alive.copy()
        o.boosts = self.boosts.copy()
        o.hit = self.hit.copy()
        o.removed = self.removed.copy()
        o.victory = self.victory.copy()
        # lists of lists: list(map(list.copy, ...)) copies in a C loop (a comprehension is a call in 3.11)
        cp = list.copy
        o.deck = list(map(cp, self.deck))
        o.hand = list(map(cp, self.hand))
        o.disc = list(map(cp, self.disc))
        o.play = list(map(cp, self.play))
        o.fd = list(map(cp, self.fd))
        o.setaside = list(map(cp, self.setaside))
        o.used = list(map(cp, self.used))
        o.n = self.n
        o.villain = self.villain
        o.mscheme = self.mscheme
        o.accel = self.accel
        o.first = self.first
        o.rnd = self.rnd
        o.turn = self.turn
        o.over = self.over
        o.paid = self.paid
        o.acts = self.acts
        o.vdefeats = self.vdefeats
        o.bup = self.bup

    def _card_view(self, u: int) -> dict[str, Any]:
        c = CARDS[self.code[u]]
        d: dict[str, Any] = {"uid": u, "code": c.code, "name": c.name}
        if self.dmg[u]:
            d["damage"] = self.dmg[u]
        if self.thr[u]:
            d["threat"] = self.thr[u]
        if self.exh[u]:
            d["exhausted"] = True
        if self.cnt[u]:
            d["counters"] = self.cnt[u]
        if self.st[u]:
            d["status"] = [NAMES[i] for i in range(3) if self.st[u] >> i & 1]
        if self.att[u] >= 0:
            d["attached_to"] = self.att[u]
        if self.eng[u] >= 0:
            d["engaged_with"] = self.eng[u]
        q = self.ctl.get(u)
        if q is not None:
            d["owner"] = self.owner[u]
            d["controller"] = q
        return d

    def _view(self, seat: int | None) -> dict[str, Any]:
        card = self._card_view
        shown = {"hero": ("atk", "thw", "def"), "alter_ego": ("rec",), "ally": ("atk", "thw"),
                 "villain": ("atk", "sch"), "minion": ("atk", "sch")}
        stat = {"atk": self.atk, "thw": self.thw, "def": self.defv, "rec": self.rec, "sch": self.sch}

        def live(u: int) -> dict[str, Any]:
            """A card in play with its current (public) numbers: hit points and stats after modifiers."""
            d, c = card(u), self.ccard(u)
            d["stats"] = {k: stat[k](u) for k in shown.get(c.type, ())}
            if c.hp is not None:
                d["stats"]["hp"] = self.hp(u)
            if not d["stats"]:
                del d["stats"]
            return d

        players = []
        for p in range(self.n):
            pd: dict[str, Any] = {
                "identity": live(self.ident[p]) | {"form": "hero" if self._form[p] else "alter-ego",
                                                    "name": self.idcard(p).name},
                "alive": self.alive[p], "hand_size": len(self.hand[p]), "deck_size": len(self.deck[p]),
                "discard": [self.code[u] for u in self.disc[p]], "play": [live(u) for u in self.play[p]],
                "facedown_encounter": len(self.fd[p]), "changed_form": self.changed[p],
                "setaside": [self.code[u] for u in self.setaside[p]],
            }
            if seat == p:
                pd["hand"] = [card(u) for u in self.hand[p]]
            players.append(pd)
        return {
            "round": self.rnd, "first_player": self.first, "turn": self.turn,
            "villain": live(self.villain) | {"hp": self.hp(self.villain)}, "villain_stages_left": len(self.vstages),
            "main_scheme": card(self.mscheme) | {"target": self.target(self.mscheme)},
            "main_stages_left": len(self.mstages), "acceleration_tokens": self.accel,
            "encounter_play": [live(u) for u in self.eplay], "encounter_deck": len(self.edeck),
            "encounter_discard": [self.code[u] for u in self.edisc], "boost_facedown": len(self.boosts[self.bup:]),
            "boost_faceup": [self.code[u] for u in self.boosts[:self.bup]],
            "players": players, "removed": [self.code[u] for u in self.removed],
            "victory_display": [self.code[u] for u in self.victory],
        }

    def _views(self, seats: list[int | None]) -> dict[int | None, dict[str, Any]]:
        """The seats' views built once: what every seat sees (the spectator's view), then each player's own hand,
        in a copy of the dicts that hold it (the rest is shared)."""
        if len(seats) < 2:
            return {s: self._view(s) for s in seats}
        common = self._view(None)
        out: dict[int | None, dict[str, Any]] = {}
        for s in seats:
            v = dict(common)
            if s is not None and 0 <= s < self.n:
                players = v["players"] = list(common["players"])
                own = players[s] = dict(players[s])
                own["hand"] = [self._card_view(u) for u in self.hand[s]]
            out[s] = v
        return out

    def _resample(self, seat: int, rng: Rng) -> None:
        # Other players' hands and every deck are unknown to `seat`; so are facedown encounter cards, the
        # cards facedown under Highway Robbery (other players') and the player cards held facedown as
        # Ultron's Drones (anyone's: they came from the top of a deck unseen).
        mods = self.mods
        for p in range(self.n):
            slots = [i for i, m in enumerate(mods) if (m[0] == "under" and p != seat or m[0] == "drone")
                     and self.owner[m[2]] == p]
            # Each pool is sorted before it is shuffled: the deal then depends on the view and `rng`
            # alone, never on the hidden order (what fair search bots need; contract 'fairplay').
            if p == seat:
                if not slots:
                    self.deck[p].sort()
                    rng.shuffle(self.deck[p])
                    continue
                pool = sorted(self.deck[p] + [mods[i][2] for i in slots])
                rng.shuffle(pool)
                for j, i in enumerate(slots):
                    mods[i] = (*mods[i][:2], pool[j], *mods[i][3:])
                self.deck[p] = pool[len(slots):]
                continue
            pool = sorted(self.hand[p] + self.deck[p] + [mods[i][2] for i in slots])
            rng.shuffle(pool)
            k = len(self.hand[p])
            self.hand[p] = pool[:k]
            for j, i in enumerate(slots):
                mods[i] = (*mods[i][:2], pool[k + j], *mods[i][3:])
            self.deck[p] = pool[k + len(slots):]
        up = self.bup  # faceup boost cards are public: they stay
        pool = sorted(self.edeck + self.boosts[up:] + [u for p in range(self.n) for u in self.fd[p]])
        rng.shuffle(pool)
        i = 0
        for p in range(self.n):
            k = len(self.fd[p])
            self.fd[p] = pool[i:i + k]
            i += k
        k = len(self.boosts[up:])
        self.boosts = self.boosts[:up] + pool[i:i + k]
        self.edeck = pool[i + k:]

    # ================================================================ the run loop
    _buf: list | None = None
    #: (frame, what its question's build found) for the answer to that question (timing._optwin_do): set by
    #: the build of the decision now shown, cleared by its answer; never copied (a clone builds its own)
    _asked: tuple | None = None

    def run(self, had: list[bool] | None = None) -> None:
        st = self.stack
        if had is None:
            had = self._decks_had()
        # the player decks that held cards, watched by identity: all(watch) is one C call per step; when it
        # fails (a deck emptied, or replaced by a reshuffle) the exact check below decides
        deck = self.deck
        watch = ([deck[0]] if had[1] else []) if len(deck) == 1 else list(compress(deck, islice(had, 1, None)))
        asks, steps, tick, cap = ASKS, STEPS, self._tick, self.game.max_steps
        while st and not self.over:
            if had[0] and not self.edeck or not all(watch):
                if had[0] and not self.edeck or any(h and not d for h, d in zip(had[1:], self.deck, strict=True)):
                    self._ran_out(had)
                    if self.over:
                        break
                watch = list(compress(self.deck, islice(had, 1, None)))
            f = st[-1]
            name = f[0]
            # State._tick inlined (one engine step; past the bound it raises)
            self._ticks = t = self._ticks + 1
            if t > cap:
                self._ticks = t - 1
                tick(name)
            fn = steps.get(name)
            if fn is None:
                a = asks[name]
                seat, prompt, opts = a[0](self, f)
                if not opts:
                    st.pop()
                    e = ON_EMPTY.get(name)
                    if e is not None:
                        self._buf = buf = []
                        e(self, f)
                        self._buf = None
                        if buf:
                            buf.reverse()
                            st.extend(buf)
                    continue
                if len(opts) == 1 and name in AUTO_SINGLE:
                    st.pop()
                    self._buf = buf = []
                    a[1](self, f, opts[0][0])
                else:
                    # positional: a keyword argument costs the call more
                    self._decision = Decision(seat, prompt, tuple(starmap(Option, opts)), (), False, name)
                    return
            else:
                st.pop()
                self._buf = buf = []
                # a call with its arguments spelled out (up to four of them): a *-call costs about 0.4 µs more per step
                k = len(f)
                if k == 1:
                    fn(self)
                elif k == 2:
                    fn(self, f[1])
                elif k == 3:
                    fn(self, f[1], f[2])
                elif k == 4:
                    fn(self, f[1], f[2], f[3])
                elif k == 5:
                    fn(self, f[1], f[2], f[3], f[4])
                else:
                    fn(self, *f[1:])
            self._buf = None
            if buf:
                buf.reverse()
                st.extend(buf)
        if self.over:
            self._decision = Decision(None, "The game is over.", ())

    def push(self, *frames: tuple) -> None:
        """Queue steps; within one rules step, everything pushed resolves in the order pushed."""
        if self._buf is not None:
            self._buf.extend(frames)
        else:
            self.stack.extend(reversed(frames))


def _private(v: Any) -> Any:
    """A copy of a field's value that later changes of the state do not reach (lists are copied, lists of lists
    too; tuples, ints and strs are immutable)."""
    if v.__class__ is list:
        return [x.copy() if x.__class__ is list else x for x in v]
    return v


def _tup(x: Any) -> Any:
    if isinstance(x, list):
        return tuple(_tup(y) for y in x)
    return x


# property alias so scripts can call g.form(p) while state stores _form
ChampionsState.FIELDS_LIST = tuple("_form" if f == "form" else f for f in ChampionsState.FIELDS_LIST)
#: the keys of ChampionsState._dump, in the order a save writes them (sorted)
_SAVE_ORDER = tuple(sorted((*ChampionsState.FIELDS_LIST, *ChampionsState.FIELDS_NESTED, *ChampionsState.FIELDS_SCALAR,
                            "code", "owner", "ctl")))
