"""Combat Special Abilities (rulebook "Timing of Special Abilities", "Combat Special Abilities", "Combat Support
Abilities", "Allies and Backup Effects in Combat", "Activating Allies", "Discarding Cards").

An ability window (``cbwin`` frame: before a roll, after it, for the sequence, at its end) offers each side's
usable sources, Initiative holder first; a use is paid (a Resource card, an Ally's token or card, a Villain
card from any Villain player, a spent Backup Effect) and applied through ``effects.COMBAT``.

Rule ids (rules.yaml) applied here:
heroes/cards/activate-ally, heroes/cards/discard, heroes/combat/abilities, heroes/combat/allies-backups,
heroes/combat/timing, heroes/combat/timing/2, heroes/combat/timing/7.
"""

from __future__ import annotations

from typing import Any

from capes.core.protocol import Decision, Option
from capes.games.heroes import effects as fx
from capes.games.heroes.board import PASS, SPACE0, ally_tell, first_ally_copies
from capes.games.heroes.cards import Cards
from capes.games.heroes.content import COMBAT_EFFECTS

_WHEN = COMBAT_EFFECTS
#: the ability window's words per timing
_WHAT = {"pre": "before the next roll", "post": "on the dice just rolled", "end": "at the end of the sequence",
         "seq": "for this combat sequence"}


class Abilities(Cards):
    """The Abilities chapter: its steps (``f_*``), questions (``q_*``) and answers (``a_*``)."""

    def _sources(self, side: str, when: str) -> list[tuple[str, str, Any]]:
        """(source id, label, ability) usable by ``side`` now (heroes/combat/timing)."""
        cb = self.cb
        assert cb is not None
        C = self.C
        used = cb["used"]
        out = []
        tbl = fx.COMBAT
        when_of = _WHEN
        if side == "H":
            s = cb["hs"]
            if self.rhand[s]:
                f = cb["fighter"]
                h = self.hero_of(s, f)
                ab = h.combat
                if when_of[ab.effect] == when and ("h:" + h.id) not in used and tbl[ab.effect][0](self, side, ab.params):
                    out.append(("h:" + h.id, f"{h.name}: {ab.name}", ab))
                a = cb["area"]
                if a >= 0:
                    lo = SPACE0 + 2 * a
                    for i in range(4):
                        lc = self.hloc[s][i]
                        if lc == lo or lc == lo + 1:
                            h = self.hero_of(s, i)
                            ab = h.support
                            if ab.kind == "combat" and when_of[ab.effect] == when and ("s:" + h.id) not in used \
                                    and tbl[ab.effect][0](self, side, ab.params):
                                out.append(("s:" + h.id, f"{h.name} (Support): {ab.name}", ab))
            allies = self.allies[s]
            for k in first_ally_copies(allies) if allies else ():
                rid = allies[k][0]
                ab = C.resources[rid].ability
                key = f"a:{k}:{rid}"
                # heroes/combat/timing/2: two copies of one card are the same ability: once per roll
                if when_of[ab.effect] == when and ("=" + rid) not in used and tbl[ab.effect][0](self, side, ab.params):
                    out.append((key, f"Ally {C.resources[rid].name}{ally_tell(allies, k)}: {ab.name}", ab))
        else:
            foe = cb["foe"]
            ab = C.masterminds[foe].combat if cb["mm"] else C.villains[foe].ability
            if ab is not None and when_of[ab.effect] == when and "f" not in used and tbl[ab.effect][0](self, side, ab.params):
                if cb["mm"]:
                    payable = bool(self.vhand[cb["vs"]])
                else:
                    payable = any(self.vhand[v] for v in range(self.n) if v != cb["hs"])
                if payable:
                    out.append(("f", f"{self.foe_name()}: {ab.name}", ab))
            for k, c in enumerate(cb["backs"]):
                if not c:
                    continue
                ab = C.villains[c].backup
                key = f"b:{k}:{c}"
                if when_of[ab.effect] == when and ("=" + c) not in used and tbl[ab.effect][0](self, side, ab.params):
                    out.append((key, f"Backup Effect {ab.name}", ab))
        return out

    def q_cbwin(self, fr: tuple[Any, ...]) -> Decision | None:
        cb = self.cb
        assert cb is not None
        when = fr[1]
        side = self._side_order(fr[2])
        if side == "H" and cb["fighter"] < 0:
            self.stack.pop()
            return None
        srcs = self._sources(side, when)
        if not srcs:
            self.stack.pop()
            return None
        seat = cb["hs"] if side == "H" else cb["vs"]
        opts = [Option(f"use:{key}", f"{lab}: {ab.text}") for key, lab, ab in srcs]
        opts.append(PASS)
        what = _WHAT[when]
        return Decision(seat, f"{self._roll_name() if when in ('pre', 'post') else 'Combat'}: use an ability {what}?",
                        tuple(opts),
                        kind="combat")

    def a_cbwin(self, fr: tuple[Any, ...], oid: str) -> None:
        cb = self.cb
        assert cb is not None
        if oid == "pass":
            return
        side = self._side_order(fr[2])
        key = oid[4:]
        cb["used"] = cb["used"] + ((key, "=" + key.rsplit(":", 1)[1]) if key[0] in "ab" else (key,))
        self.stack.append(fr)  # the same window stays open for further abilities
        if fr[2] == 1:
            # heroes/combat/timing/7: the Initiative holder acts first, but may answer what the other side just
            # did; the window closes when both sides have passed (each ability once per roll bounds it)
            self.stack.append((fr[0], fr[1], 0))
        C = self.C
        if key.startswith("h:") or key.startswith("s:"):
            # heroes/cards/discard: a Resource card pays for a Super Hero's ability
            h = C.heroes[key[2:]]
            ab = h.combat if key[0] == "h" else h.support
            self.stack.append(("rpay", cb["hs"], key))
            del ab
        elif key.startswith("a:"):
            # heroes/cards/activate-ally: a token from the card, or the card itself
            s = cb["hs"]
            k = int(key.split(":")[1])
            ally = self.allies[s][k]
            ab = C.resources[ally[0]].ability
            if ally[1] > 0:
                ally[1] -= 1
                note = "discarding a Plot Point from the card"
            else:
                note = "discarding the card"
            self.emit("heroes/cards/activate-ally", f"{self.pname(s)} uses the Ally {C.resources[ally[0]].name}, {note}.")
            self._apply(side, ab)
            if note == "discarding the card":
                self._drop_ally(s, k)
        elif key.startswith("b:"):
            # heroes/combat/allies-backups: a Backup Effect is discarded to be used
            k = int(key.split(":")[1])
            c = cb["backs"][k]
            ab = C.villains[c].backup
            self.emit("heroes/combat/allies-backups", f"{self.pname(cb['vs'])} discards the Backup Effect {ab.name}.")
            self._apply(side, ab)
            cb["backs"] = cb["backs"][:k] + ("",) + cb["backs"][k + 1:]  # keep indices stable; "" is spent
            self.vdisc.append(c)
        else:  # the foe's own ability
            if cb["mm"]:
                self.stack.append(("vpay", cb["vs"], 0))
            else:
                self.stack.append(("vpay", cb["vs"], 1))

    def _apply(self, side: str, ab: Any) -> None:
        fx.COMBAT[ab.effect][1](self, side, ab.params)
        self.emit("heroes/combat/abilities", f"{ab.name}: {ab.text}")

    def q_rpay(self, fr: tuple[Any, ...]) -> Decision | None:
        s = fr[1]
        R = self.C.resources
        if len(self.rhand[s]) == 1:
            self.stack.pop()
            self.a_rpay(fr, "discard:" + self.rhand[s][0])
            return None
        seen: list[str] = []
        for c in self.rhand[s]:
            if c not in seen:
                seen.append(c)
        return Decision(s, "Discard a Resource card to pay for the ability",
                        tuple(Option(f"discard:{c}", f"Discard {R[c].name}") for c in seen), kind="combat")

    def a_rpay(self, fr: tuple[Any, ...], oid: str) -> None:
        s, key = fr[1], fr[2]
        c = oid[8:]
        self.rhand[s].remove(c)
        self.rdisc.append(c)
        h = self.C.heroes[key[2:]]
        ab = h.combat if key[0] == "h" else h.support
        self.emit("heroes/cards/discard", f"{self.pname(s)} discards {self.C.resources[c].name} for {h.name}'s {ab.name}.")
        self._apply("H", ab)

    def q_vpay(self, fr: tuple[Any, ...]) -> Decision | None:
        # heroes/cards/discard: any Villain player may pay for the Lead Villain's ability
        cb = self.cb
        assert cb is not None
        payer = fr[1]
        V = self.C.villains
        hand = self.vhand[payer]
        if not hand:
            return self._vpay_next(fr)
        # "Any Villain player may discard a Villain card to use the ability of a Lead Villain, not just the player
        # controlling it": the controller may leave the payment to the others when one of them holds a card
        others = fr[2] and any(self.vhand[v] for v in range(self.n) if v not in (cb["hs"], cb["vs"]))
        if payer == cb["vs"] and len(hand) == 1 and not others:
            self.stack.pop()
            self.a_vpay(fr, "discard:" + hand[0])
            return None
        seen: list[str] = []
        for c in hand:
            if c not in seen:
                seen.append(c)
        opts = [Option(f"discard:{c}", f"Discard {V[c].name}") for c in seen]
        if payer != cb["vs"]:
            opts.append(Option("decline", "Do not pay"))
        elif others:
            opts.append(Option("decline", "Do not pay: let the other Villain players pay or decline"))
        return Decision(payer, f"Discard a Villain card to pay for {self.foe_name()}'s ability?", tuple(opts), kind="combat")

    def _vpay_next(self, fr: tuple[Any, ...]) -> None:
        cb = self.cb
        assert cb is not None
        self.stack.pop()
        payer, anyone = fr[1], fr[2]
        if anyone:
            nxt = (payer + 1) % self.n
            if nxt == cb["hs"]:
                nxt = (nxt + 1) % self.n
            if nxt != cb["vs"]:
                self.stack.append(("vpay", nxt, 1))
                return None
        self.emit("heroes/cards/discard", "Nobody pays: the ability is not used.")
        return None

    def a_vpay(self, fr: tuple[Any, ...], oid: str) -> None:
        cb = self.cb
        assert cb is not None
        if oid == "decline":
            self.stack.append(fr)
            self._vpay_next(fr)
            return
        payer = fr[1]
        c = oid[8:]
        self.vhand[payer].remove(c)
        self.vdisc.append(c)
        foe = cb["foe"]
        ab = self.C.masterminds[foe].combat if cb["mm"] else self.C.villains[foe].ability
        self.emit("heroes/cards/discard", f"{self.pname(payer)} discards a Villain card for {self.foe_name()}'s {ab.name}.")
        self._apply("V", ab)
