"""What a card is now: current side, name, stats after modifiers, keywords, controllers and the lists of cards
in play that rules and scripts ask for (enemies, minions, schemes, allies, player order).

Rule ids: champions/rr/control (controller and owner), champions/rr/assault, champions/rr/guard,
champions/rr/patrol, champions/rr/crisis (who may be attacked / thwarted), champions/rr/team-up (names in play).
Stat modifiers come from ``@stat`` scripts (cards ``STAT``) and lasting effects ``("stat", card, which, n, until)``.
"""

from __future__ import annotations

from capes.games.champions import cards as S
from capes.games.champions.data import Card
from capes.games.champions.frames import CARDS


class Queries:
    """Mixin of :class:`capes.games.champions.state.ChampionsState`: reading the state (no change)."""

    def idcard(self, p: int) -> Card:
        c = CARDS[self.code[self.ident[p]]]
        return c if self._form[p] else CARDS[c.back or c.code]

    def ccard(self, u: int) -> Card:
        """The card as it currently is (identity by form)."""
        o = self.owner[u]
        c = CARDS[self.code[u]]
        if o >= 0 and not self._form[o] and self.ident[o] == u:
            return CARDS[c.back or c.code]
        return c

    def is_ident(self, u: int) -> bool:
        o = self.owner[u]
        return o >= 0 and self.ident[o] == u

    def ctype(self, u: int) -> str:
        return CARDS[self.code[u]].type

    def name(self, u: int) -> str:
        if u < 0:
            return "-"
        o = self.owner[u]
        c = CARDS[self.code[u]]
        if o >= 0 and not self._form[o] and self.ident[o] == u:  # an identity by its current side (as ccard)
            return CARDS[c.back or c.code].name
        return c.name

    def label(self, u: int, among: list[int] | None = None) -> str:
        """``u``'s name as a player tells it apart from other cards of that name in play (or in ``among``):
        a minion by the player it is engaged with, another card by its controller, then by a number."""
        nm = self.name(u)
        rel = self._relevant()  # type: ignore[attr-defined]
        codes = rel.shared_names.get(nm)
        if codes is None:
            return nm  # no other card instance of the game may show this name
        code = self.code
        if among is not None:
            same = [v for v in among if v != u and code[v] in codes and self.name(v) == nm]
        else:
            # the other instances that may show the name, among the cards in play (the order of `same` is unused)
            same = []
            for c in codes:
                for v in rel.copies_of(c):
                    if v != u and self._in_pool(v) and self.name(v) == nm:
                        same.append(v)
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

    def _in_pool(self, v: int) -> bool:
        """Whether ``v`` is among the cards :meth:`label` tells apart: villain, main scheme, encounter and player
        cards in play."""
        if v == self.villain or v == self.mscheme or v in self.eplay:
            return True
        for pl in self.play:
            if v in pl:
                return True
        return False

    def _mod(self, which: str, u: int) -> int:
        tot = 0
        for m in self.mods:  # lasting effects: ("stat", uid, which, n, "phase"|"round")
            if m[0] == "stat" and m[1] == u and m[2] == which:
                tot += m[3]
        # only when a card of this game has a @stat script for it (abilities.Relevant; most stats have none)
        if self._relevant().modifies(which):  # type: ignore[attr-defined]
            fns = S.STAT[which]
            code = self.code
            get = fns.get
            # the cards _modsrc lists, in its order, without building the list
            for v in (self.villain, self.mscheme, *self.eplay):
                f = get(code[v])
                if f is not None:
                    tot += f(self, v, u)
            for p in range(self.n):
                v = self.ident[p]
                f = get(code[v])
                if f is not None:
                    tot += f(self, v, u)
                for v in self.play[p]:
                    f = get(code[v])
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
                v += CARDS[self.code[a]].atk or 0 if CARDS[self.code[a]].type == "attachment" else 0
        return max(0, v + self._mod("atk", u))

    def thw(self, u: int) -> int:
        return max(0, (self.ccard(u).thw or 0) + self._mod("thw", u))

    def assault(self, s: int) -> bool:
        """Scheme ``s`` has assault (champions/rr/assault)."""
        return bool(CARDS[self.code[s]].keywords) and self.has_kw(s, "assault") > 0

    def basic_thw(self, u: int, s: int) -> int:
        """The threat character ``u``'s basic thwart removes from scheme ``s`` (before crisis and "cannot"):
        its THW, or its ATK against a scheme with assault (champions/rr/assault, ruling 56)."""
        return self.atk(u) if self.assault(s) else self.thw(u)

    def sch(self, u: int) -> int:
        c = self.ccard(u)
        v = c.sch or 0
        for a in self.attached(u):
            ac = CARDS[self.code[a]]
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
        c = CARDS[self.code[s]]
        if c.threat is None:
            return 0
        return c.threat if c.threat_fixed else c.threat * self.n

    def attached(self, u: int) -> list[int]:
        att = self.att
        if u not in att:  # one C scan: most cards have nothing attached
            return []
        out = [a for a in self.eplay if att[a] == u]
        for pl in self.play:
            out += [a for a in pl if att[a] == u]
        return out

    def has_kw(self, u: int, kw: str) -> int:
        """Keyword value on ``u``: printed, granted by attachments (``S.GRANTS``) or by lasting effects."""
        c = self.ccard(u)
        v = c.kws().get(kw, 0) if c.keywords else 0  # as c.kw(kw)
        if u in self.att:  # something may be attached (as self.attached(u))
            grants = S.GRANTS
            for a in self.attached(u):
                gk = grants.get(self.code[a])
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
        code = self.code
        if p is None:
            return [u for u in self.eplay if CARDS[code[u]].type == "minion"]
        return [u for u in self.eplay if CARDS[code[u]].type == "minion" and self.eng[u] == p]

    def sides(self) -> list[int]:
        code = self.code
        return [u for u in self.eplay if CARDS[code[u]].type == "side_scheme"]

    def enemies(self) -> list[int]:
        return [self.villain, *self.minions()]

    def allies(self, p: int) -> list[int]:
        code = self.code
        return [u for u in self.play[p] if CARDS[code[u]].type == "ally"]

    def order(self) -> list[int]:
        """The players still in the game, in player order from the first player."""
        n, first, alive = self.n, self.first, self.alive
        if n == 1:
            return [0] if alive[0] else []
        return [(first + i) % n for i in range(n) if alive[(first + i) % n]]

    def attackable(self, p: int) -> list[int]:
        """Enemies `p` may attack: the villain only while no guard minion is engaged with p (Guard)."""
        ms = self.minions()
        eng = self.eng
        for m in ms:  # plain loops: these lists are short, a generator costs more than the search
            if eng[m] == p and self.has_kw(m, "guard"):
                return ms
        return [self.villain, *ms]

    def thwartable(self, p: int) -> list[int]:
        """Schemes `p` may remove threat from (Crisis blocks the main scheme; Patrol too)."""
        sd = self.sides()
        code = self.code
        for s in sd:
            if CARDS[code[s]].crisis:
                return sd
        eng = self.eng
        for m in self.minions():
            if eng[m] == p and self.has_kw(m, "patrol"):
                return sd
        return [self.mscheme, *sd]

    def friendly(self) -> list[int]:
        out = []
        for p in range(self.n):
            if self.alive[p]:
                out.append(self.ident[p])
                out += self.allies(p)
        return out

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
