"""The vocabulary card scripts are written in: damage, heal, thwart, threat, status cards, choices, payments,
lasting effects, and the named records of the event a window answers.

Within one script everything pushed resolves in call order. ``heal``, ``stun``, ``confuse``, ``tough``,
``exhaust``, ``ready`` act at once; the rest queue steps (:mod:`capes.games.champions.frames`).

Rule ids: champions/rr/status-cards, champions/rr/stalwart, champions/rr/uses, champions/rr/indirect-damage,
champions/rr/attack (attack events), champions/rr/thwart, champions/rr/confused, champions/summary/scoring/victory
and /defeat (``win``/``lose``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from capes.games.champions.frames import CARDS, CONF, NAMES, STUN, TOUGH, record_of


class Vocabulary:
    """Mixin of :class:`capes.games.champions.state.ChampionsState`: what scripts and rules call to act."""

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
        if self.cnt[u] <= 0 and CARDS[self.code[u]].kw("uses"):
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

    def extreme(self, cands: list[int], value: Callable[[int], int], then: tuple, which: str = "highest",
                what: str = "", verb: str = "Choose") -> None:
        """The one way an effect picks "the highest / lowest / most / fewest / nearest" card (issue 40, ruling
        66): the candidate whose ``value`` is highest (``which`` "highest"/"most") or lowest ("lowest"/"fewest"/
        "nearest") is put into ``then`` (steps, ``"@"`` standing for the card); when several tie, the first player
        chooses among them (summary FAQ: "Who decides ties or simultaneous effects?" -- the first player).
        ``what`` names the quantity in the question ("printed hit points"), ``verb`` what choosing a card does
        ("Attach to"). No candidate: nothing happens."""
        if not cands:
            return
        vals = [value(u) for u in cands]
        top = max(vals) if which in ("highest", "most") else min(vals)
        best = tuple(u for u, v in zip(cands, vals, strict=True) if v == top)
        if len(best) == 1:
            self.push(*[tuple(best[0] if x == "@" else x for x in f) for f in then])
        else:
            self.push(("tie", self.first, best, then, f"{which} {what}".strip(), top, verb))

    def modal(self, p: int, choices: list[tuple[str, tuple]]) -> None:
        self.push(("modal", p, tuple((lab, steps) for lab, steps in choices)))

    def pay(self, p: int, need: int, color: str, then: tuple) -> None:
        self.push(("pay", p, need, color, -1, "", then))

    def event(self, at: int) -> Any:
        """The event the open window answers (the frame at ``self.stack[at]``) as a record with named fields
        (:data:`capes.games.champions.frames.EVENTS`), e.g. ``game.event(at).amount`` of a ``dmg`` event."""
        return record_of(self.stack[at])

    def change_event(self, at: int, **fields: Any) -> None:
        """Change named fields of the event the open window answers: ``change_event(at, amount=0)`` prevents
        all of its damage, ``change_event(at, cancelled=1)`` cancels it (champions/summary/actions/interrupt-response)."""
        frame = self.stack[at]
        self.stack[at] = tuple(record_of(frame)._replace(**fields))[:len(frame)]

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
        if u in self.boosts[:self.bup]:
            self.bup -= 1  # a faceup boost card leaves: the faceup ones are still the first
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

    def log_card(self, rule: str, text: str) -> None:
        self.emit(rule, text)
