"""Combat Powers and ratings (rulebook "Combat Powers", "The Dice": boosting and the 8-dice cap; "Timing of
Special Abilities" step 6: Agents).

The ``cb`` context's accessors that the effect vocabulary (effects.py) uses, the chosen Power's ratings after
Agents, the dice a side rolls and whether it boosts.

Rule ids (rules.yaml) applied here:
heroes/combat/boost, heroes/combat/timing/6, heroes/combat/timing/7, heroes/dice/cap.
"""

from __future__ import annotations

from typing import Any

from capes.games.heroes import effects as fx
from capes.games.heroes.board import SPACE0, hits_of, plural
from capes.games.heroes.cards import Cards
from capes.games.heroes.dice import MAX_DICE


class Powers(Cards):
    """The Powers chapter: its steps (``f_*``), questions (``q_*``) and answers (``a_*``)."""

    def cb_add(self, key: str, n: int) -> None:
        cb = self.cb
        assert cb is not None
        cb[key] += n

    def cb_dice(self, side: str) -> tuple[int, ...]:
        cb = self.cb
        assert cb is not None
        return cb[side + "dice"]  # type: ignore[no-any-return]

    def cb_set_dice(self, side: str, dice: tuple[int, ...]) -> None:
        cb = self.cb
        assert cb is not None
        cb[side + "dice"] = dice

    def cb_hits(self, side: str) -> int:
        cb = self.cb
        assert cb is not None
        return max(0, hits_of(cb[side + "dice"]) + cb[side + "res"])

    def cb_kos(self, side: str) -> int:
        cb = self.cb
        assert cb is not None
        if side == "V":
            return cb["fko"]  # type: ignore[no-any-return]
        f = cb["fighter"]
        return self.ko[cb["hs"]][f] if f >= 0 else 0

    def cb_heal(self, side: str) -> None:
        cb = self.cb
        assert cb is not None
        if side == "V":
            cb["fko"] = max(0, cb["fko"] - 1)
        else:
            f = cb["fighter"]
            self.ko[cb["hs"]][f] = max(0, self.ko[cb["hs"]][f] - 1)

    def foe_powers(self) -> tuple[Any, ...]:
        cb = self.cb
        assert cb is not None
        return self.C.masterminds[cb["foe"]].powers if cb["mm"] else self.C.villains[cb["foe"]].powers

    def foe_name(self) -> str:
        cb = self.cb
        assert cb is not None
        return self.C.masterminds[cb["foe"]].name if cb["mm"] else self.C.villains[cb["foe"]].name

    def agents_cut(self, stat: str) -> int:
        """How much the Agents in this combat lower the Super Hero's ``stat`` rating (heroes/combat/timing/6).
        Abilities do not stack (heroes/combat/timing/2: "abilities may not be used multiple times to affect the
        same dice roll or value"): copies of one Agent -- played as Agents or drawn as a Mastermind's Henchmen --
        are one ability and lower it once; different Agents each lower it."""
        cb = self.cb
        assert cb is not None
        cut = 0
        for c in dict.fromkeys(cb["agents"]):  # each Agent card once, in play order
            ag = self.C.villains[c].agent
            if ag.params.get("stat") in (stat, "any"):
                cut += int(ag.params.get("n", 1))
        return cut

    def base_rating(self, side: str, stat: str) -> int:
        """The chosen Power's rating after Agents (heroes/combat/timing/6: Agents are continuous)."""
        cb = self.cb
        assert cb is not None
        if side == "H":
            p = self.hero_of(cb["hs"], cb["fighter"]).powers[cb["hp"]]
            return max(0, getattr(p, stat) - self.agents_cut(stat))
        p = self.foe_powers()[cb["vp"]]
        return getattr(p, stat)  # type: ignore[no-any-return]

    def power_ratings(self, side: str, k: int) -> tuple[int, int, int]:
        """Attack, Defend and Outwit of ``side``'s Power ``k`` after Agents (heroes/combat/timing/6)."""
        cb = self.cb
        assert cb is not None
        if side == "V":
            p = self.foe_powers()[k]
            return p.a, p.d, p.w
        p = self.hero_of(cb["hs"], cb["fighter"]).powers[k]
        out = []
        for stat in ("a", "d", "w"):
            out.append(max(0, getattr(p, stat) - self.agents_cut(stat)))
        return out[0], out[1], out[2]

    def _ratings_text(self, side: str, k: int) -> str:
        """``a4 | d2 | w2`` (the rulebook's notation) after Agents, with the printed ratings when they differ,
        and any "this sequence" dice."""
        cb = self.cb
        assert cb is not None
        a, d, w = self.power_ratings(side, k)
        p = (self.hero_of(cb["hs"], cb["fighter"]).powers if side == "H" else self.foe_powers())[k]
        txt = f"a{a} | d{d} | w{w}"
        if (a, d, w) != (p.a, p.d, p.w):
            txt += f"; printed a{p.a} | d{p.d} | w{p.w}, lowered by Agents"
        if cb[side + "seq"]:
            txt += f"; {plural(cb[side + 'seq'], 'more die', 'more dice')} on every roll this sequence"
        return txt

    def rating(self, side: str) -> int:
        """Dice ``side`` rolls on the upcoming roll (heroes/dice/cap: at most 8)."""
        cb = self.cb
        assert cb is not None
        stat = fx._stat_of(self, side)
        r = max(self.base_rating(side, stat), cb[side + "set"]) + cb[side + "plus"] + cb[side + "seq"]
        return max(0, min(MAX_DICE, r))

    def has_boost(self, side: str) -> bool:
        cb = self.cb
        assert cb is not None
        if cb[side + "b1"]:
            return True
        if side == "V":
            return cb["vboost"]  # type: ignore[no-any-return]
        s = cb["hs"]
        if self.pu_bonus(s, "pu_boost"):
            return True
        a = cb["area"]
        if a < 0:
            return False
        # heroes/combat/boost: a Teammate in a Support space of the Area
        lo = SPACE0 + 2 * a
        return any(lc == lo or lc == lo + 1 for lc in self.hloc[s])

    def _side_order(self, k: int) -> str:
        # heroes/combat/timing/7: the Initiative holder's abilities go first
        cb = self.cb
        assert cb is not None
        return cb["init"] if k == 0 else fx.other(cb["init"])
