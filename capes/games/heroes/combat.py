"""Combat (rulebook "Combat", "Resolving Combat": the Combat Sequence steps 1-4; "Multi-Character Combat").

``_start_combat`` opens the ``cb`` context; each ``cbseq`` frame pushes one Combat Sequence: choose the
fighter, the secret Combat Power picks, reveal, the two Attacks and the Outwit contest, each roll wrapped in
ability windows (abilities.py), then compare and KO. ``f_cbend`` settles the combat for Troubleshooting or
House of M.

Rule ids (rules.yaml) applied here:
heroes/combat/1, heroes/combat/2, heroes/combat/3, heroes/combat/4, heroes/combat/multi, heroes/combat/roll,
heroes/combat/timing/5, heroes/combat/timing/6, heroes/dice/boost, heroes/ruling/sequence-cap,
heroes/troubleshooting/3/most-wanted, heroes/troubleshooting/4.
"""

from __future__ import annotations

from typing import Any

from capes.core.protocol import Decision, Option
from capes.games.heroes import effects as fx
from capes.games.heroes.board import COLORS, F_BOOST, REC, SEQ_CAP, plural
from capes.games.heroes.cards import Cards


class Combat(Cards):
    """The Combat chapter: its steps (``f_*``), questions (``q_*``) and answers (``a_*``)."""

    def _start_combat(self, s: int, vs: int, foe: str, mm: bool, heroes: list[int], area: int, vboost: bool,
                      backs: tuple[str, ...], agents: tuple[str, ...], tag: str) -> None:
        C = self.C
        kov = C.masterminds[foe].ko if mm else C.villains[foe].ko
        self.cb = {"hs": s, "vs": vs, "foe": foe, "mm": mm, "fko": 0, "fkov": kov, "heroes": tuple(heroes),
                   "fighter": heroes[0] if heroes else -1, "init": "H", "seq": 0, "hp": -1, "vp": -1,
                   "vboost": vboost, "backs": backs, "agents": agents, "area": area, "tag": tag,
                   "roll": "", "att": "H", "Hplus": 0, "Vplus": 0, "Hset": 0, "Vset": 0, "Hb1": False, "Vb1": False,
                   "Hres": 0, "Vres": 0, "Hdice": (), "Vdice": (), "used": (), "win": "", "Hseq": 0, "Vseq": 0}
        self.stack.append(("cbend",))
        self.stack.append(("cbseq",))

    def f_cbseq(self, fr: tuple[Any, ...]) -> None:
        cb = self.cb
        assert cb is not None
        cb["seq"] += 1
        if cb["seq"] > SEQ_CAP:
            # ruling heroes/ruling/sequence-cap
            self.emit("heroes/ruling/sequence-cap", f"After {SEQ_CAP} combat sequences the Super Heroes withdraw: the Villain wins.")
            self._end_combat("V")
            return
        cb["hp"] = -1
        cb["vp"] = -1
        cb["Hseq"] = cb["Vseq"] = 0
        cb["used"] = ()
        st = self.stack
        st.append(("cbseq",))
        st.append(("cbwin", "end", 1))
        st.append(("cbwin", "end", 0))
        st.append(("cbout",))
        st.append(("cbatk", 2))
        st.append(("cbatk", 1))
        st.append(("cbreveal",))
        st.append(("cbpow", "V"))
        st.append(("cbpow", "H"))
        # heroes/combat/timing/5: "this sequence" abilities before the choice of Powers
        st.append(("cbwin", "seq", 1))
        st.append(("cbwin", "seq", 0))
        if len(cb["heroes"]) > 1:
            st.append(("cbfighter",))

    def q_cbfighter(self, fr: tuple[Any, ...]) -> Decision | None:
        # heroes/combat/multi: choose which Super Hero fights this sequence
        cb = self.cb
        assert cb is not None
        s = cb["hs"]
        opts = tuple(Option(f"fighter:{self.hero_id(s, i)}", f"{self.hero_of(s, i).name} fights this sequence") for i in cb["heroes"])
        return Decision(s, "Which Super Hero fights this combat sequence?", opts, kind="combat")

    def a_cbfighter(self, fr: tuple[Any, ...], oid: str) -> None:
        cb = self.cb
        assert cb is not None
        cb["fighter"] = self._hidx(cb["hs"], oid[8:])

    def q_cbpow(self, fr: tuple[Any, ...]) -> Decision | None:
        # heroes/combat/1: each side secretly picks a Combat Power token
        cb = self.cb
        assert cb is not None
        side = fr[1]
        if side == "H":
            seat = cb["hs"]
            powers = self.hero_of(seat, cb["fighter"]).powers
            who = self.hero_of(seat, cb["fighter"]).name
        else:
            seat = cb["vs"]
            powers = self.foe_powers()
            who = self.foe_name()
        opts = tuple(Option(f"power:{COLORS[k]}", f"{COLORS[k].capitalize()} token: {p.name} ({self._ratings_text(side, k)})")
                     for k, p in enumerate(powers))
        if len(opts) == 1:
            self.stack.pop()
            cb["hp" if side == "H" else "vp"] = 0
            return None
        return Decision(seat, f"Secretly choose {who}'s Combat Power", opts, seats=(cb["hs"], cb["vs"]), secret=True,
                        kind="power")

    def a_cbpow(self, fr: tuple[Any, ...], oid: str) -> None:
        cb = self.cb
        assert cb is not None
        side = fr[1]
        k = COLORS.index(oid[6:])
        cb["hp" if side == "H" else "vp"] = k
        seat = cb["hs"] if side == "H" else cb["vs"]
        self.emit("heroes/combat/1", f"{self.pname(seat)} picks the {COLORS[k]} token.", only=seat,
                  public=f"{self.pname(seat)} picks a Combat Power token in secret.")

    def f_cbreveal(self, fr: tuple[Any, ...]) -> None:
        cb = self.cb
        assert cb is not None
        # heroes/combat/1: the ratings shown are those the engine uses (after Agents, heroes/combat/timing/6)
        hp = self.hero_of(cb["hs"], cb["fighter"]).powers[cb["hp"]]
        vp = self.foe_powers()[cb["vp"]]
        self.emit("heroes/combat/1", f"Powers revealed: {self.hero_of(cb['hs'], cb['fighter']).name} uses {hp.name} "
                  f"({self._ratings_text('H', cb['hp'])}); {self.foe_name()} uses {vp.name} "
                  f"({self._ratings_text('V', cb['vp'])}).")

    def _new_roll(self, roll: str, att: str) -> None:
        cb = self.cb
        assert cb is not None
        cb["roll"] = roll
        cb["att"] = att
        cb["Hplus"] = cb["Vplus"] = cb["Hset"] = cb["Vset"] = cb["Hres"] = cb["Vres"] = 0
        cb["Hb1"] = cb["Vb1"] = False
        cb["Hdice"] = cb["Vdice"] = ()
        cb["used"] = ()

    def _push_roll(self) -> None:
        st = self.stack
        st.append(("cbcmp",))
        st.append(("cbwin", "post", 1))
        st.append(("cbwin", "post", 0))
        st.append(("cbroll",))
        st.append(("cbwin", "pre", 1))
        st.append(("cbwin", "pre", 0))

    def f_cbatk(self, fr: tuple[Any, ...]) -> None:
        # heroes/combat/2 and heroes/combat/3: the two Attack phases
        cb = self.cb
        assert cb is not None
        init = cb["init"]
        att = init if fr[1] == 1 else fx.other(init)
        self._new_roll(f"a{fr[1]}", att)
        if self.base_rating(att, "a") == 0:
            self.emit("heroes/combat/2" if fr[1] == 1 else "heroes/combat/3", "Attack rating 0: the phase is skipped.")
            return
        self._push_roll()

    def f_cbout(self, fr: tuple[Any, ...]) -> None:
        # heroes/combat/4: the Outwit contest
        self._new_roll("w", "H")
        self._push_roll()

    def f_cbroll(self, fr: tuple[Any, ...]) -> None:
        cb = self.cb
        assert cb is not None
        roll = cb["roll"]
        for side in ("H", "V") if roll == "w" or cb["att"] == "H" else ("V", "H"):
            k = self.rating(side)
            boost = self.has_boost(side)
            dice = []
            for _ in range(k):
                f = self.die()
                dice.append(f)
                if boost and F_BOOST[f]:
                    dice.append(self.die() + 10)  # heroes/dice/boost: one reroll, added
            cb[side + "dice"] = tuple(dice)
        self.emit("heroes/combat/roll", f"{self._roll_name()}: {self._dice_text('H')} vs {self._dice_text('V')}.")

    def _roll_name(self) -> str:
        cb = self.cb
        assert cb is not None
        if cb["roll"] == "w":
            return "Outwit contest"
        return f"{'First' if cb['roll'] == 'a1' else 'Second'} Attack ({'Super Hero' if cb['att'] == 'H' else 'Villain'} attacks)"

    def _dice_text(self, side: str) -> str:
        cb = self.cb
        assert cb is not None
        who = self.hero_of(cb["hs"], cb["fighter"]).name if side == "H" else self.foe_name()
        dice = cb[side + "dice"]
        rr = sum(1 for f in dice if f >= 10)
        return (f"{who} {plural(len(dice) - rr, 'die', 'dice')}{f' + {rr} boosted' if rr else ''} = "
                f"{plural(self.cb_hits(side), 'HIT', 'HITS')}")

    def f_cbcmp(self, fr: tuple[Any, ...]) -> None:
        cb = self.cb
        assert cb is not None
        h = self.cb_hits("H")
        v = self.cb_hits("V")
        if cb["roll"] == "w":
            if h > v:
                self.emit("heroes/combat/4", f"The Super Hero wins the Outwit contest {h}–{v}: a KO, and Initiative.")
                cb["init"] = "H"
                self._ko("V")
            elif v > h:
                self.emit("heroes/combat/4", f"The Villain wins the Outwit contest {v}–{h}: a KO, and Initiative.")
                cb["init"] = "V"
                self._ko("H")
            else:
                self.emit("heroes/combat/4", f"The Outwit contest is tied {h}–{v}: no KO.")
            return
        att = cb["att"]
        a, d = (h, v) if att == "H" else (v, h)
        rule = "heroes/combat/2" if cb["roll"] == "a1" else "heroes/combat/3"
        if a >= d and a >= 1:
            self.emit(rule, f"Attack {a} against Defend {d}: a KO.")
            self._ko(fx.other(att))
        else:
            self.emit(rule, f"Attack {a} against Defend {d}: no KO.")

    def _ko(self, side: str) -> None:
        cb = self.cb
        assert cb is not None
        if side == "V":
            cb["fko"] += 1
            if cb["fko"] >= cb["fkov"]:
                self.emit("heroes/combat/2", f"{self.foe_name()} is defeated.")
                self._end_combat("H")
            return
        s = cb["hs"]
        f = cb["fighter"]
        self.ko[s][f] += 1
        h = self.hero_of(s, f)
        if self.ko[s][f] >= h.ko:
            # heroes/combat/multi: the defeated hero goes to Recovery with one Wound
            self.ko[s][f] = 0
            self.wound[s][f] = 1
            if cb["tag"] != "hom":
                self.hloc[s][f] = REC
            left = tuple(i for i in cb["heroes"] if i != f)
            cb["heroes"] = left
            self.emit("heroes/combat/multi", f"{h.name} is defeated and goes to Recovery with a Wound.")
            if not left:
                self._end_combat("V")
                return
            cb["fighter"] = left[0]
            cb["init"] = "V"
            # the sequence ends; the next one starts with another hero (bounded by the stack's frames)
            while self.stack and self.stack[-1][0] != "cbseq":
                self._tick("combat: end the sequence")
                self.stack.pop()

    def _end_combat(self, winner: str) -> None:
        cb = self.cb
        assert cb is not None
        cb["win"] = winner
        while self.stack and self.stack[-1][0] != "cbend":  # bounded by the stack's frames
            self._tick("combat: end the combat")
            self.stack.pop()

    def f_cbend(self, fr: tuple[Any, ...]) -> None:
        cb = self.cb
        assert cb is not None
        C = self.C
        s = cb["hs"]
        won = cb["win"] == "H"
        for c in cb["backs"]:
            if c:
                self.vdisc.append(c)
        self.vdisc.extend(cb["agents"])
        tag = cb["tag"]
        if tag == "hom":
            self.cb = None
            self._hom_result(won)
            return
        ts = self.ts
        assert ts is not None
        ts["won"] = 1 if won else 0
        if won:
            if tag == "lead" or not ts["plan"] or tag == "mm":
                # heroes/troubleshooting/4: the heroes' KO tokens are discarded (kept for a Mastermind challenge)
                if tag == "mm" or not ts["plan"]:
                    self.ko[s] = [0, 0, 0, 0]
            if not cb["mm"]:
                self.vdisc.append(cb["foe"])
            self.emit("heroes/troubleshooting/4", "The Super Heroes win the combat.")
        else:
            self.ko[s] = [0, 0, 0, 0]
            self.emit("heroes/troubleshooting/4", f"{self.foe_name()} wins the combat.")
            if not cb["mm"]:
                v = cb["foe"]
                if C.villains[v].most_wanted:
                    # heroes/troubleshooting/3/most-wanted
                    if len(self.wanted) < 3:
                        self.wanted.append(v)
                        self.emit("heroes/troubleshooting/3/most-wanted", f"{C.villains[v].name} goes to a Most Wanted space.")
                    else:
                        self.stack.append(("wanted", self.nem(s), v))
                else:
                    self.vdisc.append(v)
        self.cb = None
