"""Triggered abilities: which forced and optional interrupts/responses a window finds.

Rule ids: champions/rr/forced (forced abilities resolve first), champions/rr/first-player (the first player
orders simultaneous forced abilities), champions/rr/timing (each player in order may use optional ones),
champions/summary/actions/interrupt-response. The window's questions (``optwin``, ``forced_order``) are in
:mod:`capes.games.champions.timing`.
"""

from __future__ import annotations

from capes.games.champions import cards as S
from capes.games.champions.frames import CARDS, C


class Relevant:
    """What one game's cards can do, derived from the state's ``code`` tuple alone (immutable: a state whose tuple
    is replaced gets another) and the scripts' registries: the triggers of each event that can fire (those whose
    card code is the code of one of the game's card instances or the other side of one, an identity's), whether
    any card of the game modifies a stat, and the names more than one card instance can show. A window looks only
    at these, so a trigger of a card that is not in the game costs nothing.

    Shared by every state dealt the same card instances (clones, and new games of one configuration: see
    :func:`relevant_for`); an event's entry is rebuilt when its list of triggers is replaced or changes length."""

    __slots__ = ("code", "cards", "codes", "copies", "events", "stats", "shared_names")

    def __init__(self, code: tuple[str, ...]) -> None:
        self.code = code
        #: code -> every card instance of that code, wherever it is (filled on demand: :meth:`copies_of`)
        self.copies: dict[str, tuple[int, ...]] = {}
        codes = set(code)
        for c in set(code):
            back = C(c).back
            if back:
                codes.add(back)
        self.codes = frozenset(codes)
        #: the card data it was made from (:func:`relevant_for` makes another once one of them is replaced)
        self.cards = (tuple(sorted(codes)), tuple(C(c) for c in sorted(codes)))
        #: event -> (registry list, its length, forced triggers, their codes, optional triggers) of this game,
        #: and whether the registry has any trigger that is not forced
        self.events: dict[str, tuple[list, int, list, frozenset, list, bool]] = {}
        #: stat -> (the registry's table of that stat, its length, whether a code of this game is in it)
        self.stats: dict[str, tuple[dict, int, bool]] = {}
        # every name a card instance may show (either side of a two-sided card), with the codes showing it
        by_name: dict[str, set[str]] = {}
        count: dict[str, int] = {}
        for c in code:
            card = C(c)
            for nm in {card.name, C(card.back).name} if card.back else (card.name,):
                by_name.setdefault(nm, set()).add(c)
                count[nm] = count.get(nm, 0) + 1
        #: name -> the codes of the card instances that may show it, for the names more than one instance of the
        #: game may show (a label then tells them apart)
        self.shared_names = {nm: frozenset(cs) for nm, cs in by_name.items() if count[nm] > 1}

    def copies_of(self, c: str) -> tuple[int, ...]:
        """Every card instance of code ``c``."""
        us = self.copies.get(c)
        if us is None:
            us = self.copies[c] = tuple(u for u, x in enumerate(self.code) if x == c)
        return us

    def of(self, event: str) -> tuple[list, int, list, frozenset, list, bool]:
        trigs = S.TRIGGERS.get(event, ())
        e = self.events.get(event)
        if e is None or e[0] is not trigs or e[1] != len(trigs):
            codes = self.codes
            forced = [t for t in trigs if t[1] == "forced" and t[0] in codes]
            # the last field: whether the registry has optional triggers for it (then a window asks the players)
            e = self.events[event] = (trigs, len(trigs), forced, frozenset(t[0] for t in forced),
                                      [t for t in trigs if t[1] == "optional" and t[0] in codes],
                                      any(t[1] != "forced" for t in trigs))
        return e

    def modifies(self, which: str) -> bool:
        """Whether a card of this game has a ``@stat`` script for ``which`` (else only lasting effects change it)."""
        fns = S.STAT.get(which)
        if not fns:
            return False
        e = self.stats.get(which)
        if e is None or e[0] is not fns or e[1] != len(fns):
            e = self.stats[which] = (fns, len(fns), not self.codes.isdisjoint(fns))
        return e[2]


#: code tuple -> its Relevant: new games of one configuration are dealt the same card instances (the same uids,
#: codes and order; only the piles' order differs), so they share one. Bounded.
_SHARED: dict[tuple[str, ...], Relevant] = {}


def relevant_for(code: tuple[str, ...]) -> Relevant:
    """The :class:`Relevant` of a game whose card instances have the codes ``code`` (made afresh when the card data
    of one of them was replaced since, e.g. by a ``content`` directory)."""
    r = _SHARED.get(code)
    # the same card objects (a tuple comparison checks identity first, in C)
    if r is None or tuple(map(CARDS.get, r.cards[0])) != r.cards[1]:
        if len(_SHARED) >= 64:
            _SHARED.clear()
        r = _SHARED[code] = Relevant(code)
    return r


class Abilities:
    """Mixin of :class:`capes.games.champions.state.ChampionsState`: opening a window, finding its triggers."""

    _rel: Relevant | None = None

    def relevant(self, event: str) -> tuple[list, int, list, frozenset, list, bool]:
        """This game's triggers of ``event`` (:class:`Relevant`)."""
        return self._relevant().of(event)

    def _relevant(self) -> Relevant:
        r = self._rel
        if r is None or r.code is not self.code:
            r = self._rel = relevant_for(self.code)
            # the equal tuple the shared table was made from: one object, so that the check above stays `is`
            self.code = r.code
        return r

    def window(self, event: str, i: int) -> None:
        """Open the interrupt/response window for the event frame at stack index ``i``.

        champions/rr/forced: forced abilities resolve first; then (champions/rr/timing) each player in
        player order, first player first, may use optional interrupts/responses.
        """
        # only this game's forced triggers (the others name cards that are not in it): the same matches, in order
        rel = self._relevant().of(event)
        if not rel[1]:  # no trigger of this event at all
            return
        forced, codes = rel[2], rel[3]
        fired = False  # a forced ability resolved or waits to be ordered
        if forced:
            cd = self.code
            # cards that may carry a forced ability (identities by their current side); plain loops: these
            # lists are short and most often nothing matches
            cands = [u for u in (self.villain, self.mscheme, *self.eplay) if cd[u] in codes]
            for p in range(self.n):
                if self.idcard(p).code in codes:
                    cands.append(self.ident[p])
                for u in self.play[p]:
                    if cd[u] in codes:
                        cands.append(u)
            for u in self.boosts:
                if cd[u] in codes:
                    cands.append(u)
            due = []
            for u in cands:
                code = self.ccard(u).code
                for k, t in enumerate(forced):
                    if t[0] == code and (t[4] is None or t[4](self, self._ctrl(u), u, i)):
                        due.append((u, k))
            if due:
                fired = True
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
        # some trigger of the event is not forced (as len(forced_of(event)[0]) < len(trigs)): the players are asked,
        # unless none names a card of this game and no forced ability resolved (then the question would find
        # nothing at once, next step, in the same state)
        if rel[5] and (rel[4] or fired):
            self.push(("optwin", event, i, 0, ()))

    def optional_triggers(self, event: str, i: int, p: int) -> tuple[bool, list[tuple[int, tuple]]]:
        """(ask?, usable triggers) for player p. A player is asked whenever a card that could respond
        is in their hand or deck (public knowledge: it keeps hidden hands hidden), even if they can
        only pass."""
        out: list[tuple[int, tuple]] = []
        if not self.alive[p]:
            return False, out
        asked = False
        rel = self._relevant()
        for t in rel.of(event)[4]:  # this game's optional triggers, in registration order
            code, _, where, form, can, fn = t
            if form == "hero" and not self._form[p] or form == "ae" and self._form[p]:
                continue
            if where == "hand":
                if can is not None and not can(self, p, -1, i):
                    continue
                cd = self.code
                hidden = [u for u in self.hand[p] if cd[u] == code]
                # deck and facedown cards too (under Highway Robbery, held as Drones): resample may move a
                # copy between them and the hand
                if not hidden and not self._held_unseen(p, code, rel.copies_of(code)):
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

    def _held_unseen(self, p: int, code: str, copies: tuple[int, ...]) -> bool:
        """Whether one of ``copies`` (the instances of ``code``) is in player ``p``'s deck, or is ``p``'s card held
        facedown (under Highway Robbery, as a Drone)."""
        deck = self.deck[p]
        for v in copies:
            if v in deck:
                return True
        for m in self.mods:
            if (m[0] == "under" or m[0] == "drone") and self.code[m[2]] == code and self.owner[m[2]] == p:
                return True
        return False


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


_OPTIONAL: dict[str, tuple[list, int, int]] = {}


def optional_of(event: str) -> list:
    """The optional triggers of ``event`` (in registration order), kept like :func:`forced_of`."""
    trigs = S.TRIGGERS.get(event, ())
    oc = _OPTIONAL.get(event)
    if oc is None or oc[1] != id(trigs) or oc[2] != len(trigs):
        oc = _OPTIONAL[event] = ([t for t in trigs if t[1] == "optional"], id(trigs), len(trigs))
    return oc[0]


def forced_nth(forced: list, k: int) -> int:
    """The position of trigger ``forced[k]`` among the forced triggers of its own card code."""
    return sum(1 for t in forced[:k] if t[0] == forced[k][0])


def forced_trigger(event: str, code: str, j: int) -> tuple | None:
    """The ``j``-th forced trigger of card ``code`` for ``event`` (the inverse of :func:`forced_nth`)."""
    own = [t for t in forced_of(event)[0] if t[0] == code]
    return own[j] if j < len(own) else None
