"""The Marvel Champions rules engine: state, the rules-step stack and every rule of play.

The state is plain data: card instances are small ints (``uid``) indexing flat per-instance lists
(``dmg``, ``thr``, ``exh``...); static card data lives in :data:`capes.games.champions.data.CARDS`.
Pending rules are an explicit stack of tuples (``self.stack``); the top tuple is either a step that
runs at once (``STEPS``) or a question for a seat (``ASKS``). Card scripts (``cards/*.py``) push steps.
"""

from __future__ import annotations

from typing import Any

from capes.core.protocol import Decision, Option, Result, State
from capes.core.rng import Rng
from capes.games.champions import cards as S
from capes.games.champions.data import CARDS, Card

HERO, AE = 1, 0
STUN, CONF, TOUGH = 1, 2, 4
F_ATTACK, F_OVERKILL, F_PIERCE, F_INDIRECT = 1, 2, 4, 8
ROUND_CAP = 40  # engine bound: if the villain has not won by then, the scheme is completed (ruling)
TURN_CAP = 60  # engine bound on decisions in one player turn; then only "end turn" is offered (ruling)
NAMES = ("stunned", "confused", "tough")


def C(code: str) -> Card:
    return CARDS[code]


class ChampionsState(State):
    # ------------------------------------------------------------------ fields
    FIELDS_LIST = ("dmg", "thr", "exh", "cnt", "st", "att", "eng", "edeck", "edisc", "eplay", "vstages",
                   "mstages", "stack", "mods", "ident", "form", "changed", "alive", "boosts", "hit",
                   "removed", "victory")
    FIELDS_NESTED = ("deck", "hand", "disc", "play", "fd", "setaside", "used")
    FIELDS_SCALAR = ("n", "villain", "mscheme", "accel", "first", "rnd", "turn", "over", "paid", "acts",
                     "vdefeats")

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
        return Decision(seat, prompt, tuple(Option(*o) for o in opts), kind=f[0])

    def _do(self, oid: str) -> None:
        had = self._decks_had()
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

    def _load(self, data: Any) -> None:
        for k in self.FIELDS_LIST + self.FIELDS_NESTED:
            setattr(self, k, [_tup(x) if k == "stack" or k == "mods" else (list(x) if isinstance(x, list) else x)
                              for x in data[k]])
        for k in self.FIELDS_SCALAR:
            setattr(self, k, data[k])
        self.code = tuple(data["code"])
        self.owner = tuple(data["owner"])
        self.ctl = {int(u): int(q) for u, q in data.get("ctl", ())}

    def _copy_into(self, o: State) -> None:
        assert isinstance(o, ChampionsState)
        o.code = self.code
        o.owner = self.owner
        o.ctl = self.ctl.copy() if self.ctl else {}
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
        o.deck = [x.copy() for x in self.deck]
        o.hand = [x.copy() for x in self.hand]
        o.disc = [x.copy() for x in self.disc]
        o.play = [x.copy() for x in self.play]
        o.fd = [x.copy() for x in self.fd]
        o.setaside = [x.copy() for x in self.setaside]
        o.used = [x.copy() for x in self.used]
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

    def _view(self, seat: int | None) -> dict[str, Any]:
        def card(u: int) -> dict[str, Any]:
            c = C(self.code[u])
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
            "encounter_discard": [self.code[u] for u in self.edisc], "boost_facedown": len(self.boosts),
            "players": players, "removed": [self.code[u] for u in self.removed],
            "victory_display": [self.code[u] for u in self.victory],
        }

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
        pool = sorted(self.edeck + self.boosts + [u for p in range(self.n) for u in self.fd[p]])
        rng.shuffle(pool)
        i = 0
        for p in range(self.n):
            k = len(self.fd[p])
            self.fd[p] = pool[i:i + k]
            i += k
        k = len(self.boosts)
        self.boosts = pool[i:i + k]
        self.edeck = pool[i + k:]

    # ================================================================ the run loop
    _buf: list | None = None

    def _decks_had(self) -> list[bool]:
        """Which decks hold cards now: the encounter deck (index 0), then each player's deck."""
        return [bool(self.edeck), *(bool(d) for d in self.deck)]

    def _ran_out(self, had: list[bool]) -> None:
        """The "immediately" rules of empty decks, checked after every rules step whatever emptied the deck
        (a draw, a deal, a boost, a surge, a discard, a search):
        champions/summary/scoring/empty-encounter: when the last card leaves the encounter deck, its discard
        pile is shuffled into a new deck and an acceleration token is added at once;
        champions/summary/scoring/empty-deck: when the last card leaves a player's deck, they shuffle their
        discard pile into a new deck and are dealt an encounter card at once. With an empty discard pile
        nothing can be shuffled: the deck stays empty until a card is needed (ruling 59)."""
        from capes.games.champions.flow import reshuffle_encounter, reshuffle_player
        if had[0] and not self.edeck:
            reshuffle_encounter(self)
        for p in range(self.n):
            if had[p + 1] and not self.deck[p] and self.alive[p] and not any(
                    m[0] == "iron_man.look" and m[1] == p for m in self.mods):  # looked-at cards are still there
                reshuffle_player(self, p)
        had[0] = bool(self.edeck)
        for p in range(self.n):
            had[p + 1] = bool(self.deck[p]) or had[p + 1] and any(
                m[0] == "iron_man.look" and m[1] == p for m in self.mods)

    def run(self, had: list[bool] | None = None) -> None:
        st = self.stack
        if had is None:
            had = self._decks_had()
        while st and not self.over:
            if had[0] and not self.edeck or any(h and not d for h, d in zip(had[1:], self.deck, strict=True)):
                self._ran_out(had)
                if self.over:
                    break
            f = st[-1]
            self._tick(f[0])
            a = ASKS.get(f[0])
            if a is not None:
                seat, prompt, opts = a[0](self, f)
                if not opts:
                    st.pop()
                    e = ON_EMPTY.get(f[0])
                    if e is not None:
                        self._buf = []
                        e(self, f)
                        buf = self._buf
                        self._buf = None
                        if buf:
                            buf.reverse()
                            st.extend(buf)
                    continue
                if len(opts) == 1 and f[0] in AUTO_SINGLE:
                    st.pop()
                    self._buf = []
                    a[1](self, f, opts[0][0])
                else:
                    self._decision = Decision(seat, prompt, tuple(Option(*o) for o in opts), kind=f[0])
                    return
            else:
                st.pop()
                self._buf = []
                STEPS[f[0]](self, *f[1:])
            buf = self._buf
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

    # ================================================================ helpers: cards & stats
    def idcard(self, p: int) -> Card:
        c = C(self.code[self.ident[p]])
        return c if self._form[p] else C(c.back or c.code)

    def ccard(self, u: int) -> Card:
        """The card as it currently is (identity by form)."""
        o = self.owner[u]
        if o >= 0 and self.ident[o] == u:
            return self.idcard(o)
        return C(self.code[u])

    def is_ident(self, u: int) -> bool:
        o = self.owner[u]
        return o >= 0 and self.ident[o] == u

    def ctype(self, u: int) -> str:
        return C(self.code[u]).type

    def name(self, u: int) -> str:
        if u < 0:
            return "-"
        return self.ccard(u).name

    def label(self, u: int, among: list[int] | None = None) -> str:
        """``u``'s name as a player tells it apart from other cards of that name in play (or in ``among``):
        a minion by the player it is engaged with, another card by its controller, then by a number."""
        nm = self.name(u)
        pool = among if among is not None else [self.villain, self.mscheme, *self.eplay,
                                                 *(v for pl in self.play for v in pl)]
        same = [v for v in pool if v != u and self.name(v) == nm]
        if not same:
            return nm
        def tag(v: int) -> str:
            if self.eng[v] >= 0:
                return f"engaged with player {self.eng[v] + 1}"
            q = self.ctrl(v)
            return f"player {q + 1}'s" if q >= 0 else ""
        t = tag(u)
        if t and all(tag(v) != t for v in same):
            return f"{nm} ({t})"
        k = 1 + sum(1 for v in same if v < u)
        return f"{nm} ({t + ', ' if t else ''}#{k})"

    def _mod(self, which: str, u: int) -> int:
        fns = S.STAT.get(which)
        tot = 0
        for m in self.mods:  # lasting effects: ("stat", uid, which, n, "phase"|"round")
            if m[0] == "stat" and m[1] == u and m[2] == which:
                tot += m[3]
        if fns:
            for v in self._modsrc():
                f = fns.get(self.code[v])
                if f is not None:
                    tot += f(self, v, u)
        return tot

    def _modsrc(self) -> list[int]:
        out = [self.villain, self.mscheme, *self.eplay]
        for p in range(self.n):
            out.append(self.ident[p])
            out += self.play[p]
        return out

    def atk(self, u: int) -> int:
        c = self.ccard(u)
        v = c.atk or 0
        if c.type in ("villain", "minion"):
            for a in self.attached(u):
                v += C(self.code[a]).atk or 0 if C(self.code[a]).type == "attachment" else 0
        return max(0, v + self._mod("atk", u))

    def thw(self, u: int) -> int:
        return max(0, (self.ccard(u).thw or 0) + self._mod("thw", u))

    def assault(self, s: int) -> bool:
        """Scheme ``s`` has assault (champions/rr/assault)."""
        return bool(C(self.code[s]).keywords) and self.has_kw(s, "assault") > 0

    def basic_thw(self, u: int, s: int) -> int:
        """The threat character ``u``'s basic thwart removes from scheme ``s`` (before crisis and "cannot"):
        its THW, or its ATK against a scheme with assault (champions/rr/assault, ruling 56)."""
        return self.atk(u) if self.assault(s) else self.thw(u)

    def sch(self, u: int) -> int:
        c = self.ccard(u)
        v = c.sch or 0
        for a in self.attached(u):
            ac = C(self.code[a])
            if ac.type == "attachment":
                v += ac.sch or 0
        return max(0, v + self._mod("sch", u))

    def defv(self, u: int) -> int:
        return max(0, (self.ccard(u).def_ or 0) + self._mod("def", u))

    def rec(self, u: int) -> int:
        return max(0, (self.ccard(u).rec or 0) + self._mod("rec", u))

    def hp(self, u: int) -> int:
        c = self.ccard(u)
        v = c.hp or 0
        if c.hp_per_hero:
            v *= self.n
        return max(1, v + self._mod("hp", u))

    def hand_size(self, p: int) -> int:
        return max(0, (self.idcard(p).hand or 0) + self._mod("hand", self.ident[p]))

    def target(self, s: int) -> int:
        c = C(self.code[s])
        if c.threat is None:
            return 0
        return c.threat if c.threat_fixed else c.threat * self.n

    def attached(self, u: int) -> list[int]:
        out = [a for a in self.eplay if self.att[a] == u]
        for p in range(self.n):
            out += [a for a in self.play[p] if self.att[a] == u]
        return out

    def has_kw(self, u: int, kw: str) -> int:
        """Keyword value on ``u``: printed, granted by attachments (``S.GRANTS``) or by lasting effects."""
        v = self.ccard(u).kw(kw)
        for a in self.attached(u):
            gk = S.GRANTS.get(self.code[a])
            if gk is not None and gk[0] == kw:
                v += gk[1]
        for m in self.mods:
            if m[0] == "kw" and m[1] == u and m[2] == kw:
                v += 1
        return v

    def form(self, p: int) -> int:  # type: ignore[override]
        return self._form[p]

    # ---- convenience lists
    def minions(self, p: int | None = None) -> list[int]:
        return [u for u in self.eplay if self.ctype(u) == "minion" and (p is None or self.eng[u] == p)]

    def sides(self) -> list[int]:
        return [u for u in self.eplay if self.ctype(u) == "side_scheme"]

    def enemies(self) -> list[int]:
        return [self.villain, *self.minions()]

    def allies(self, p: int) -> list[int]:
        return [u for u in self.play[p] if self.ctype(u) == "ally"]

    def order(self) -> list[int]:
        return [(self.first + i) % self.n for i in range(self.n) if self.alive[(self.first + i) % self.n]]

    def attackable(self, p: int) -> list[int]:
        """Enemies `p` may attack: the villain only while no guard minion is engaged with p (Guard)."""
        ms = self.minions()
        guard = any(self.eng[m] == p and self.has_kw(m, "guard") for m in ms)
        return ms if guard else [self.villain, *ms]

    def thwartable(self, p: int) -> list[int]:
        """Schemes `p` may remove threat from (Crisis blocks the main scheme; Patrol too)."""
        sd = self.sides()
        crisis = any(C(self.code[s]).crisis for s in sd)
        patrol = any(self.eng[m] == p and self.has_kw(m, "patrol") for m in self.minions())
        return sd if (crisis or patrol) else [self.mscheme, *sd]

    def friendly(self) -> list[int]:
        out = []
        for p in range(self.n):
            if self.alive[p]:
                out.append(self.ident[p])
                out += self.allies(p)
        return out

    # ================================================================ vocabulary for scripts
    def damage(self, target: int, n: int, src: int = -1, flags: int = 0) -> None:
        self.push(("dmg", target, n, src, flags))

    def heal(self, target: int, n: int) -> int:
        h = min(n, self.dmg[target])
        self.dmg[target] -= h
        if h:
            self.emit("champions/rr/heal", f"{self.name(target)} heals {h} damage.")
        return h

    def thwart(self, scheme: int, n: int, src: int = -1) -> None:
        self.push(("rthreat", scheme, n, src))

    def add_threat(self, scheme: int, n: int, cause: str = "card") -> None:
        self.push(("threat", scheme, n, cause))

    def threat_per_player(self, scheme: int, k: int = 1) -> None:
        """A side scheme's "when revealed: k more threat here per player", added to the threat it enters play
        with, at once and in the log (champions/rr/threat; no interrupt window: it is part of how the scheme
        enters play)."""
        n = k * self.n
        self.thr[scheme] += n
        self.emit("champions/rr/threat", f"{self.name(scheme)}: {n} more threat ({k} per player) "
                  f"({self.thr[scheme]}).")

    def draw(self, p: int, n: int) -> None:
        self.push(("draw", p, n))

    def boost_stat(self, u: int, which: str, n: int, until: str = "phase") -> None:
        """A lasting effect: ``u`` gets +n ``which`` until the end of the phase or round."""
        self.mods.append(("stat", u, which, n, until))

    def stun(self, u: int) -> None:
        self._status(u, STUN)

    def confuse(self, u: int) -> None:
        self._status(u, CONF)

    def tough(self, u: int) -> None:
        self._status(u, TOUGH)

    def _status(self, u: int, bit: int) -> None:
        # champions/rr/status-cards: a character has at most one of each status card
        if bit in (STUN, CONF) and self.has_kw(u, "stalwart"):  # champions/rr/stalwart
            self.emit("champions/rr/stalwart", f"{self.name(u)} is stalwart and cannot be {NAMES[bit.bit_length() - 1]}.")
            return
        if not self.st[u] & bit:
            self.st[u] |= bit
            self.emit("champions/rr/status-cards", f"{self.name(u)} becomes {NAMES[bit.bit_length() - 1]}.")

    def exhaust(self, u: int) -> None:
        self.exh[u] = 1

    def ready(self, u: int) -> None:
        self.exh[u] = 0

    def discard(self, u: int) -> None:
        self.push(("discard", u))

    def spend_uses(self, u: int, k: int = 1) -> None:
        """Remove counters; a Uses card with none left is discarded (champions/rr/uses)."""
        self.cnt[u] -= k
        if self.cnt[u] <= 0 and C(self.code[u]).kw("uses"):
            self.push(("discard", u))

    def villain_attacks(self, p: int) -> None:
        self.push(("attack", self.villain, p, 1))

    def villain_schemes(self, p: int) -> None:
        self.push(("scheme", self.villain, p, 1))

    def surge(self, p: int) -> None:
        self.push(("surge", p))

    def choose(self, p: int, selector: str, then: tuple, prompt: str = "", optional: bool = False,
               src: int = -1) -> None:
        self.push(("choose", p, selector, then, prompt, optional, src))

    def modal(self, p: int, choices: list[tuple[str, tuple]]) -> None:
        self.push(("modal", p, tuple((lab, steps) for lab, steps in choices)))

    def pay(self, p: int, need: int, color: str, then: tuple) -> None:
        self.push(("pay", p, need, color, -1, "", then))

    def ev(self, i: int) -> tuple:
        return self.stack[i]

    def ev_set(self, i: int, field: int, value: Any) -> None:
        f = list(self.stack[i])
        f[field] = value
        self.stack[i] = tuple(f)

    def used_once(self, p: int, tag: str) -> bool:
        return tag in self.used[p]

    def use_once(self, p: int, tag: str) -> None:
        self.used[p].append(tag)

    def put_in_play_engaged(self, u: int, p: int) -> None:
        self.push(("engage", u, p))

    def remove_from_zones(self, u: int) -> None:
        self.ctl.pop(u, None)
        for lst in (self.eplay, self.edeck, self.edisc, self.boosts, self.removed):
            if u in lst:
                lst.remove(u)
        for p in range(self.n):
            for lst in (self.hand[p], self.deck[p], self.disc[p], self.play[p], self.fd[p], self.setaside[p]):
                if u in lst:
                    lst.remove(u)

    def find_encounter(self, code: str) -> int:
        for lst in (self.edeck, self.edisc):
            for u in lst:
                if self.code[u] == code:
                    return u
        return -1

    def reveal_card(self, u: int, p: int) -> None:
        self.push(("reveal", u, p))

    def lose(self, why: str) -> None:
        if not self.over:
            self.over = "loss"
            self.emit("champions/summary/scoring/defeat", why)

    def win(self, why: str) -> None:
        if not self.over:
            self.over = "win"
            self.emit("champions/summary/scoring/victory", why)

    # ================================================================ resources
    def res_of(self, u: int, payfor: int) -> str:
        """Colours card `u` produces when discarded to pay for `payfor` (champions/rr/resources)."""
        c = C(self.code[u])
        r = c.res
        if r == "W" and c.type == "resource" and c.name.startswith("The Power of") and payfor >= 0:
            if C(self.code[payfor]).aspect == c.aspect:
                r = "WW"
        return r

    def sources(self, p: int, excl: int, payfor: int) -> list[tuple[str, int, str]]:
        """Available resource sources: (kind, uid, colours)."""
        out = [("card", u, self.res_of(u, payfor)) for u in self.hand[p] if u != excl and C(self.code[u]).res]
        for u in [self.ident[p], *self.play[p]]:
            code = self.ccard(u).code
            r = S.RESOURCE.get(code)
            if r is not None:
                fn, form, can, produces = r
                if form == "hero" and not self._form[p] or form == "ae" and self._form[p]:
                    continue
                if can is not None and not can(self, p, u):
                    continue
                out.append(("ability", u, produces if produces.__class__ is str else produces(self, p, u)))
        return out

    def can_afford_colors(self, p: int, colors: str, excl: int = -1) -> bool:
        """Whether ``p`` can produce one resource of each colour in ``colors`` (e.g. "EMP") from distinct sources."""
        srcs = [r for _, _, r in self.sources(p, excl, -1)]

        def fit(i: int, used: frozenset) -> bool:
            if i == len(colors):
                return True
            for j, r in enumerate(srcs):
                if j not in used and (colors[i] in r or "W" in r) and fit(i + 1, used | {j}):
                    return True
            return False
        return fit(0, frozenset())

    def pay_colors(self, p: int, colors: str, then: tuple) -> None:
        """Pay one resource of each colour in turn, then resolve ``then``."""
        steps = [("pay", p, 1, c, -1, "", ("pay_chain",)) for c in colors[:-1]]
        steps.append(("pay", p, 1, colors[-1], -1, "", then))
        self.push(*steps)

    def thwart_with_event(self, p: int, n: int, src: int, selector: str = "thwartable") -> None:
        """A (thwart) card effect of player p's identity: choose a scheme and remove ``n`` threat; a confused
        identity only discards the confused card instead (champions/rr/confused)."""
        self.push(("ethwart", p, n, src, selector))

    def indirect(self, p: int, n: int, src: int = -1) -> None:
        """Indirect damage to player ``p``: they assign it among the characters they control, never more to
        one than would defeat it (champions/summary/easy/12, champions/rr/indirect-damage)."""
        self.push(("indirect", p, n, src))

    def attack_with_event(self, p: int, selector: str, n: int, src: int, flags: int = 0) -> None:
        """A hero attack made by a card effect: choose an enemy it may attack, deal ``n`` (champions/rr/attack)."""
        self.choose(p, selector, (("eattack", p, "@", n, src, flags),), f"{self.name(src)}: {n} damage to")

    def can_afford(self, p: int, need: int, color: str, excl: int, payfor: int) -> bool:
        if need <= 0:
            return True
        tot = 0
        for _, _, r in self.sources(p, excl, payfor):
            tot += sum(1 for ch in r if not color or ch == color or ch == "W")
            if tot >= need:
                return True
        return False

    # ================================================================ playability
    def cost_of(self, p: int, u: int) -> int:
        c = C(self.code[u])
        v = c.cost or 0
        for m in self.mods:
            if m[0] == "cost" and m[1] == p:
                v -= m[2]
        return max(0, v)

    def playable(self, p: int, u: int, total: int = -1) -> bool:
        """Whether ``p`` may play hand card ``u`` now. ``total``: resources all of p's sources make
        (a fast path for the turn menu; the exact check runs only when the quick one fails)."""
        c = C(self.code[u])
        if self.play_block(p, u):
            return False
        cost = self.cost_of(p, u)
        if total >= 0 and total - len(c.res) >= cost:
            return True
        return self.can_afford(p, cost, "", u, u)

    def why_unplayable(self, p: int, u: int) -> str:
        """Why player ``p`` cannot play hand card ``u`` now ("" if they can), in the game's words."""
        r = self.play_block(p, u)
        if r:
            return r
        cost = self.cost_of(p, u)
        if not self.can_afford(p, cost, "", u, u):
            have = sum(len(r) for _, _, r in self.sources(p, u, u))
            return f"cannot pay: it costs {cost} and your other cards make {have}"
        if self.turn != p:
            return "not your turn"
        return ""

    def play_block(self, p: int, u: int) -> str:
        """The rule that keeps ``p`` from playing hand card ``u`` now, whatever they can pay ("" if none)."""
        c = C(self.code[u])
        t = c.type
        if t == "resource":
            return "a resource card: discard it to pay for other cards"
        if c.cost is None:
            return "has no cost: it cannot be played"
        if c.kw("hero_only") and not self._form[p]:
            return "wrong form: hero form only"
        if c.kw("alter_ego_only") and self._form[p]:
            return "wrong form: alter-ego form only"
        if c.unique and self._unique_in_play(c.name, c.subname):
            return f"unique: {c.name} is already in play"
        if c.team and not all(self._named_in_play(nm) for nm in c.team):  # champions/rr/team-up
            return "team-up: needs " + " and ".join(c.team) + " in play"
        mpp = c.kw("max_per_player")
        if mpp:  # counted among the cards each player controls (champions/rr/control)
            holders = [q for q in range(self.n) if self.alive[q]] if c.code in S.ANY_CONTROL else (p,)
            if all(sum(1 for v in self.play[q] if C(self.code[v]).name == c.name) >= mpp for q in holders):
                return f"limit {mpp} per player already in play"
        if t == "event":
            spec = S.PLAY.get(c.code)
            if spec is None:
                return "played only in answer to what it names (an interrupt or response)"
            _, form, can = spec
            if form == "hero" and not self._form[p]:
                return "wrong form: hero form only"
            if form == "ae" and self._form[p]:
                return "wrong form: alter-ego form only"
            if form == "never":
                return "played only in answer to what it names (an interrupt or response)"
            if can is not None and not can(self, p, u):
                return "nothing to use it on now (no target, or its condition is not met)"
        elif t == "upgrade":
            if c.attach == "minion" and not self.minions():
                return "no target: no minion to attach it to"
            if c.attach == "enemy" and not self._webbable():
                return "no target: no enemy to attach it to"
            if c.attach == "ally" and not self._ally_free(c.code):  # e.g. Inspired: an ally to attach to
                return "no target: no ally to attach it to"
        return ""

    def _ally_free(self, code: str) -> list[int]:
        """Allies in play without a copy of upgrade ``code`` attached (attach: ally, limit 1 per ally)."""
        out = []
        for q in range(self.n):
            if self.alive[q]:
                for a in self.play[q]:
                    if self.ctype(a) == "ally" and not any(self.code[x] == code for x in self.attached(a)):
                        out.append(a)
        return out

    def _webbable(self) -> list[int]:
        return [e for e in self.enemies() if not any(self.code[a] == "01009" for a in self.attached(e))]

    def _named_in_play(self, name: str) -> bool:
        """A character named ``name`` is in play: an identity showing that name (hero or alter-ego side) or an
        ally (champions/rr/team-up)."""
        for p in range(self.n):
            if not self.alive[p]:
                continue
            if self.idcard(p).name == name:
                return True
            for v in self.play[p]:
                c = C(self.code[v])
                if c.type == "ally" and c.name == name:
                    return True
        return False

    def _unique_in_play(self, name: str, sub: str | None) -> bool:
        for p in range(self.n):
            if self.alive[p] and self.idcard(p).name == name:
                return True
            for v in self.play[p]:
                c = C(self.code[v])
                if c.unique and c.name == name and c.subname == sub:
                    return True
        return False

    # ================================================================ windows
    def window(self, event: str, i: int) -> None:
        """Open the interrupt/response window for the event frame at stack index ``i``.

        champions/rr/forced: forced abilities resolve first; then (champions/rr/timing) each player in
        player order, first player first, may use optional interrupts/responses.
        """
        trigs = S.TRIGGERS.get(event)
        if not trigs:
            return
        forced, codes = forced_of(event)
        if forced:
            due = []
            cd = self.code
            # cards that may carry a forced ability (identities by their current side)
            cands = [u for u in (self.villain, self.mscheme, *self.eplay) if cd[u] in codes]
            for p in range(self.n):
                if self.idcard(p).code in codes:
                    cands.append(self.ident[p])
                cands += [u for u in self.play[p] if cd[u] in codes]
            cands += [u for u in self.boosts if cd[u] in codes]
            for u in cands:
                code = self.ccard(u).code
                for k, t in enumerate(forced):
                    if t[0] == code and (t[4] is None or t[4](self, self._ctrl(u), u, i)):
                        due.append((u, k))
            # facedown boost cards (hidden) and copies of one card resolve without an ordering question
            hidden = [(u, k) for u, k in due if u in self.boosts]
            due = [(u, k) for u, k in due if u not in self.boosts]
            for u, k in hidden:
                forced[k][5](self, self._ctrl(u), u, i)
            if len({forced[k][0] for _, k in due}) == 1:
                for u, k in due:
                    forced[k][5](self, self._ctrl(u), u, i)
            elif due:  # champions/rr/first-player: the first player orders simultaneous forced abilities
                # saved as (card, n-th forced trigger of that card's code): stable whatever order scripts load in
                self.push(("forced_order", event, i, tuple((u, forced_nth(forced, k)) for u, k in due)))
        if len(forced) < len(trigs):
            self.push(("optwin", event, i, 0, ()))

    def _ctrl(self, u: int) -> int:
        """The player who resolves ``u``'s abilities: its controller; for encounter cards the first player."""
        q = self.ctl.get(u)
        if q is not None:
            return q
        o = self.owner[u]
        return o if o >= 0 else self.first

    def ctrl(self, u: int) -> int:
        """champions/rr/control: the player controlling card ``u`` (its owner unless an effect gave control of
        it to another player; -1 for encounter cards)."""
        q = self.ctl.get(u)
        return self.owner[u] if q is None else q

    def set_ctrl(self, u: int, q: int) -> None:
        """Put ``u`` (in play) under player ``q``'s control (champions/rr/control)."""
        if q == self.owner[u]:
            self.ctl.pop(u, None)
        else:
            self.ctl[u] = q

    def optional_triggers(self, event: str, i: int, p: int) -> tuple[bool, list[tuple[int, tuple]]]:
        """(ask?, usable triggers) for player p. A player is asked whenever a card that could respond
        is in their hand or deck (public knowledge: it keeps hidden hands hidden), even if they can
        only pass."""
        out: list[tuple[int, tuple]] = []
        if not self.alive[p]:
            return False, out
        asked = False
        for t in S.TRIGGERS.get(event, ()):
            if t[1] != "optional":
                continue
            code, _, where, form, can, fn = t
            if form == "hero" and not self._form[p] or form == "ae" and self._form[p]:
                continue
            if where == "hand":
                if can is not None and not can(self, p, -1, i):
                    continue
                hidden = [u for u in self.hand[p] if self.code[u] == code]
                # deck and facedown cards too (under Highway Robbery, held as Drones): resample may move a
                # copy between them and the hand
                if not hidden and not any(self.code[u] == code for u in self.deck[p]) and not any(
                        (m[0] == "under" or m[0] == "drone") and self.code[m[2]] == code and self.owner[m[2]] == p
                        for m in self.mods):
                    continue
                asked = True
                for u in hidden:
                    if self.can_afford(p, self.cost_of(p, u), "", u, u):
                        out.append((u, t))
                        break
            elif where == "identity":
                u = self.ident[p]
                if self.idcard(p).code == code and (can is None or can(self, p, u, i)):
                    out.append((u, t))
            else:
                for u in self.play[p]:
                    if self.code[u] == code and (can is None or can(self, p, u, i)):
                        out.append((u, t))
        return asked or bool(out), out

    def log_card(self, rule: str, text: str) -> None:
        self.emit(rule, text)


_FORCED: dict[str, tuple[list, frozenset, int, int]] = {}


def forced_of(event: str) -> tuple[list, frozenset]:
    """The forced triggers of ``event`` and their card codes, computed from the card scripts' registry (kept per
    event, and recomputed whenever that event's list of triggers is replaced or changes length)."""
    trigs = S.TRIGGERS.get(event, ())
    fc = _FORCED.get(event)
    if fc is None or fc[2] != id(trigs) or fc[3] != len(trigs):
        fc = _FORCED[event] = ([t for t in trigs if t[1] == "forced"],
                               frozenset(t[0] for t in trigs if t[1] == "forced"), id(trigs), len(trigs))
    return fc[0], fc[1]


def forced_nth(forced: list, k: int) -> int:
    """The position of trigger ``forced[k]`` among the forced triggers of its own card code."""
    return sum(1 for t in forced[:k] if t[0] == forced[k][0])


def forced_trigger(event: str, code: str, j: int) -> tuple | None:
    """The ``j``-th forced trigger of card ``code`` for ``event`` (the inverse of :func:`forced_nth`)."""
    own = [t for t in forced_of(event)[0] if t[0] == code]
    return own[j] if j < len(own) else None


def _tup(x: Any) -> Any:
    if isinstance(x, list):
        return tuple(_tup(y) for y in x)
    return x


# property alias so scripts can call g.form(p) while state stores _form
ChampionsState.FIELDS_LIST = tuple("_form" if f == "form" else f for f in ChampionsState.FIELDS_LIST)

STEPS: dict[str, Any] = {}
ASKS: dict[str, tuple[Any, Any]] = {}
AUTO_SINGLE: set[str] = set()
#: ask name -> fn(state, frame) run when that question has no option at all (e.g. a payment nothing can pay)
ON_EMPTY: dict[str, Any] = {}
SELECTORS: dict[str, Any] = {}


def step(name: str):
    def deco(fn):
        STEPS[name] = fn
        return fn
    return deco


def ask(name: str, auto_single: bool = False):
    def deco(pair):
        ASKS[name] = pair
        if auto_single:
            AUTO_SINGLE.add(name)
        return pair
    return deco
