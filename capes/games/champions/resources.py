"""Resources and playability: which cards pay for what, what a card costs, and whether it may be played now.

Rule ids: champions/rr/resources (colours, The Power of ... cards), champions/summary/actions/play (cost,
modifiers), champions/rr/unique, champions/rr/team-up, champions/summary/easy/3 and /4 (limits per player),
champions/rr/control (``max_per_player`` counted per controller), hero-only / alter-ego-only cards.
The paying itself (questions, undo of a refused payment) is :mod:`capes.games.champions.playing`.
"""

from __future__ import annotations

from capes.games.champions import cards as S
from capes.games.champions.frames import CARDS


class Resources:
    """Mixin of :class:`capes.games.champions.state.ChampionsState`: costs, sources and playability."""

    def res_of(self, u: int, payfor: int) -> str:
        """Colours card `u` produces when discarded to pay for `payfor` (champions/rr/resources)."""
        c = CARDS[self.code[u]]
        r = c.res
        if r == "W" and c.type == "resource" and c.name.startswith("The Power of") and payfor >= 0:
            if CARDS[self.code[payfor]].aspect == c.aspect:
                r = "WW"
        return r

    def sources(self, p: int, excl: int, payfor: int) -> list[tuple[str, int, str]]:
        """Available resource sources: (kind, uid, colours)."""
        code = self.code
        cards = CARDS
        out = []
        for u in self.hand[p]:
            if u == excl:
                continue
            c = cards[code[u]]
            r = c.res
            if r:
                # as res_of: The Power of ... makes two for a card of its aspect (champions/rr/resources)
                if (r == "W" and payfor >= 0 and c.type == "resource" and c.name.startswith("The Power of")
                        and cards[code[payfor]].aspect == c.aspect):
                    r = "WW"
                out.append(("card", u, r))
        if S.RESOURCE:
            self._ability_sources(p, out)
        return out

    def _ability_sources(self, p: int, out: list[tuple[str, int, str]]) -> None:
        """Append to ``out`` the sources that are resource abilities of p's cards in play: ("ability", uid,
        colours), in the order :meth:`sources` lists them (the identity first)."""
        res = S.RESOURCE
        code = self.code
        cards = CARDS
        form = self._form[p]
        idu = self.ident[p]
        ic = cards[code[idu]]
        idcode = ic.code if form else ic.back or ic.code  # the identity by its current side (as idcard)
        for u in (idu, *self.play[p]):
            r = res.get(idcode if u == idu else code[u])
            if r is not None:
                fn, only, can, produces = r
                if only == "hero" and not form or only == "ae" and form:
                    continue
                if can is not None and not can(self, p, u):
                    continue
                out.append(("ability", u, produces if produces.__class__ is str else produces(self, p, u)))

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

    def can_afford(self, p: int, need: int, color: str, excl: int, payfor: int) -> bool:
        if need <= 0:
            return True
        tot = 0
        for _, _, r in self.sources(p, excl, payfor):
            # with no colour due every resource counts (the generator below would count them all)
            tot += len(r) if not color else sum(1 for ch in r if ch == color or ch == "W")
            if tot >= need:
                return True
        return False

    def cost_of(self, p: int, u: int) -> int:
        c = CARDS[self.code[u]]
        v = c.cost or 0
        for m in self.mods:
            if m[0] == "cost" and m[1] == p:
                v -= m[2]
        return max(0, v)

    def playable(self, p: int, u: int, total: int = -1) -> bool:
        """Whether ``p`` may play hand card ``u`` now. ``total``: resources all of p's sources make
        (a fast path for the turn menu; the exact check runs only when the quick one fails)."""
        c = CARDS[self.code[u]]
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
        c = CARDS[self.code[u]]
        t = c.type
        if t == "resource":
            return "a resource card: discard it to pay for other cards"
        if c.cost is None:
            return "has no cost: it cannot be played"
        kws = c.kws() if c.keywords else None  # most cards have none: skip the keyword look-ups
        if kws and kws.get("hero_only") and not self._form[p]:
            return "wrong form: hero form only"
        if kws and kws.get("alter_ego_only") and self._form[p]:
            return "wrong form: alter-ego form only"
        if c.unique and self._unique_in_play(c.name, c.subname):
            return f"unique: {c.name} is already in play"
        if c.team and not all(self._named_in_play(nm) for nm in c.team):  # champions/rr/team-up
            return "team-up: needs " + " and ".join(c.team) + " in play"
        mpp = kws.get("max_per_player", 0) if kws else 0
        if mpp:  # counted among the cards each player controls (champions/rr/control)
            holders = [q for q in range(self.n) if self.alive[q]] if c.code in S.ANY_CONTROL else (p,)
            if all(sum(1 for v in self.play[q] if CARDS[self.code[v]].name == c.name) >= mpp for q in holders):
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
                c = CARDS[self.code[v]]
                if c.type == "ally" and c.name == name:
                    return True
        return False

    def _unique_in_play(self, name: str, sub: str | None) -> bool:
        for p in range(self.n):
            if self.alive[p] and self.idcard(p).name == name:
                return True
            for v in self.play[p]:
                c = CARDS[self.code[v]]
                if c.unique and c.name == name and c.subname == sub:
                    return True
        return False
