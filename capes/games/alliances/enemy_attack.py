"""Enemies Attack Step: who attacks whom, the Enemy attack step by step, after-attack effects, Enemy Bleed and
the Boss's Dazed token (rulebook: Game Mechanics > Enemies Attack Step; Appendix A: Timing > Enemy Attack, steps
1-12; Appendix B: Special Conditions, Enemy Special Conditions; Enemy special rules; the skills Spider-Sense and
Quick Reflexes).

Rule ids (rules.yaml): alliances/boss-dazed, alliances/conditions/hex, alliances/conditions/incinerate,
alliances/content/quick-reflexes, alliances/content/spider-sense, alliances/cover, alliances/enemies-attack,
alliances/enemy-attack/1, alliances/enemy-attack/10, alliances/enemy-attack/12, alliances/enemy-attack/2,
alliances/enemy-attack/3, alliances/enemy-attack/4, alliances/enemy-attack/5, alliances/enemy-attack/7,
alliances/enemy-attack/8, alliances/enemy-conditions/bleed, alliances/enemy-conditions/shock,
alliances/enemy/crushing-grip, alliances/enemy/protection-programming, alliances/timing.
"""

from __future__ import annotations

from typing import Any

from capes.core.protocol import Decision, Option
from capes.games.alliances.content import ATTACK_TYPES, BLANK, BLOCK, COND_BIT, CRIT, HIT, RESULT_NAMES
from capes.games.alliances.decisions import answer, decider, question
from capes.games.alliances.state import (
    C_COND,
    C_DAZ,
    C_POS,
    C_POW,
    C_STA,
    E_COND,
    E_DAZ,
    E_ID,
    E_POS,
    E_UID,
    SUCC_DEF,
    StateData,
    plural,
)


class EnemyAttack(StateData):
    """Enemies attacking Characters."""

    def _f_enemies_attack(self, step: int = 0) -> None:
        """Enemies Attack; ``step`` is 1 for the Turn's Enemies Attack step, 0 when another effect (a Frenzy
        that still finds no Open Spawn Space) causes it: only the step ends with Enemy Bleed and a Boss's
        Dazed token removed (alliances/enemy-conditions/bleed, alliances/boss-dazed)."""
        # alliances/enemies-attack: each Enemy attacks each Character within its Attack Range
        dist = self.board.dist
        cards = self.ecards
        targets = [(i, c[C_POS]) for i, c in enumerate(self.chars) if not c[C_DAZ] and c[C_POS] >= 0]  # awake()
        by_char: dict[int, list[int]] = {i: [] for i, _ in targets}
        attacked: list[int] = []
        for e in self.enemies:
            if e[E_DAZ]:
                continue
            rng = cards[e[E_ID]].range  # self.ecard(e), inlined
            row = dist[e[E_POS]]
            hits = []
            for i, p in targets:
                if row[p] <= rng:
                    hits.append(i)
            if not hits:
                continue
            if e[E_COND] & COND_BIT["shock"]:
                e[E_COND] &= ~COND_BIT["shock"]  # alliances/enemy-conditions/shock
                self.emit("alliances/enemy-conditions/shock", f"{self.ename(e)} is Shocked and does not attack.")
                continue
            attacked.append(e[E_UID])
            for i in hits:
                by_char[i].append(e[E_UID])
        frames: list[tuple[Any, ...]] = [("eatk", i, tuple(us), 0) for i, us in by_char.items() if us]
        if not attacked:
            self.emit("alliances/enemies-attack", "Enemies Attack: no Character is within an Enemy's Attack Range.")
        frames.append(("after_eatk", tuple(attacked)))
        if step:
            frames.append(("enemy_bleed",))
            frames.append(("boss_undaze",))
        # _push(*frames), inlined (the stack holds them last first)
        if frames[0][0] == "eatk":  # the first attack at once (as pushing it and running the stack would)
            self.stack.extend(frames[:0:-1])
            self._f_eatk(*frames[0][1:])
        else:
            self.stack.extend(frames[::-1])

    def _f_eatk(self, ci: int, uids: tuple[int, ...], bonus: int) -> None:
        c = self.chars[ci]
        if c[C_DAZ] or self.over:
            return
        side = self.cside(ci)  # the same all through: Damage changes neither the Injured side nor the cards
        # alliances/enemy-attack/1: effects when a Character is targeted (Spider-Sense, reactive)
        if bonus == 0 and "spider_sense" in side.skills and c[C_POW] >= 1:  # has_skill: not Dazed (checked)
            self.pending = ("react", self.game.ctrl[ci], "spider_sense", ci, uids)  # _ask, inlined
            return
        attackers = [e for u in uids if (e := self.enemy(u)) is not None]  # few: each found by a search
        if not attackers:
            return
        ecards = self.ecards
        cards = [ecards[e[E_ID]] for e in attackers]  # self.ecard(e), inlined
        # alliances/enemy-attack/2: Attack Strength = sum of Strengths
        strength = sum([card.strength for card in cards])
        # alliances/enemy-attack/3: type of the leftmost matching Enemy Stat Card
        if len(attackers) == 1 and attackers[0][E_ID] in self.game.tracker_ids:
            atype = cards[0].attack_type  # one attacker: its own card (as the search below finds)
        else:
            ids = [e[E_ID] for e in attackers]
            first = next(x for x in self.game.mission["enemy_tracker"] if x in ids)
            atype = cards[ids.index(first)].attack_type
        # alliances/enemy-attack/4: defense pool (never fewer than one die)
        n = side.defense[atype] + max(0, bonus)
        if c[C_COND] & COND_BIT["incinerate"]:
            n -= 2  # alliances/conditions/incinerate
            c[C_COND] &= ~COND_BIT["incinerate"]
        n = max(1, n)
        # alliances/enemy-attack/5, /6
        r = self.roll(n)
        crits = r.count(CRIT)
        if c[C_COND] & COND_BIT["hex"]:
            if crits:
                c[C_COND] &= ~COND_BIT["hex"]  # alliances/conditions/hex
        elif crits:
            r += self.roll(crits)
        name = self.game.cnames[ci]
        # alliances/enemy-attack/7: Modify Dice — Cover turns one die into a Block (ruling: automatic)
        if c[C_POS] in self.terrain:
            for k, x in enumerate(r):
                if x in (BLANK, HIT):
                    r[k] = BLOCK
                    self.emit("alliances/cover", f"{name} is in Cover: one die becomes a Block.")
                    break
        # alliances/enemy-attack/8
        succ = sum(map(SUCC_DEF.__getitem__, r))
        final = strength - succ
        who = (self.ewhere(attackers[0]) + " attacks" if len(attackers) == 1
               else f"{plural(len(attackers), 'Enemy', 'Enemies')} attack")
        self.emit("alliances/enemy-attack/8", f"{who} {name} ({_TYPE_TITLES[atype]}, Attack Strength {strength}); "
                  f"defense [{','.join(map(RESULT_NAMES.__getitem__, r))}] = {plural(succ, 'success', 'successes')}; "
                  + (f"final Attack Strength {final}." if final > 0 else "final Attack Strength 0: no Damage."))
        # alliances/enemy-attack/10: Damage and Power
        if final <= 0:
            return
        dealt = self._hurt_char(ci, final, enemy=True)
        if not dealt:
            return
        self.emit("alliances/enemy-attack/10", f"{name} suffers {dealt} Damage and gains {dealt} Power "
                  f"(Stamina {c[C_STA]}/{side.stamina}).")
        # alliances/enemy-attack/12: after-attack effects, allied first
        reflexes = not c[C_DAZ] and "quick_reflexes" in side.skills and self._can_advance(ci, 1)
        if self.over:
            return
        if not c[C_DAZ] and any(["crushing_grip" in card.rules for card in cards]):
            if not c[C_COND] & COND_BIT["shock"]:
                c[C_COND] |= COND_BIT["shock"]
                self.emit("alliances/enemy/crushing-grip", f"Crushing Grip: {name} gains Shock.")
        if reflexes:
            self._f_quick_reflexes(ci)  # the next step at once (as pushing it and running the stack would)

    def _f_quick_reflexes(self, ci: int) -> None:
        opts = [Option(f"move:{self.lbl(s)}", f"Quick Reflexes: Advance to {self.lbl(s)}") for s in self._advance_targets(ci, 1)]
        if not opts or self.chars[ci][C_DAZ]:
            return
        self._ask("reflex", self.seat_of(ci), ci, tuple([*opts, Option("pass", "Do not use Quick Reflexes")]))

    def _f_after_eatk(self, uids: tuple[int, ...]) -> None:
        # alliances/enemy/protection-programming: each Spider-Slayer that attacked Advances 1 Toward the
        # nearest Objective token (ties: the players decide; so does the order, when it can matter)
        cards = self.ecards
        movers = tuple([u for u in uids if (e := self.enemy(u)) is not None
                        and "protection_programming" in cards[e[E_ID]].rules])
        self._f_minions_move(movers, (1,) * len(movers), "alliances/enemy/protection-programming")  # the next step at once

    def _f_enemy_bleed(self) -> None:
        # alliances/enemy-conditions/bleed: at the end of the Enemies Attack step, 2 Damage. The Bleeds are
        # simultaneous; their order matters only when two or more KO Minions (the order they reach the Spawn
        # Tracker), and then the players decide it (alliances/timing, ruling 3)
        uids = tuple(e[E_UID] for e in self.enemies if e[E_COND] & COND_BIT["bleed"])
        self._f_minions_move(uids, (0,) * len(uids), "alliances/enemy-conditions/bleed")  # the next step at once

    def _f_bleed_one(self, uid: int) -> None:
        e = self.enemy(uid)
        if e is None or not e[E_COND] & COND_BIT["bleed"]:
            return
        e[E_COND] &= ~COND_BIT["bleed"]
        self.emit("alliances/enemy-conditions/bleed", f"{self.ewhere(e)} bleeds for 2 Damage.")
        self._hurt_enemy(e, 2, -1)

    def _f_boss_undaze(self) -> None:
        # alliances/boss-dazed: remove a Boss's Dazed token at the end of Enemies Attack
        for e in self.enemies:
            e[E_DAZ] = 0


_TYPE_TITLES = tuple(t.title() for t in ATTACK_TYPES)  # as the log names an attack's type
_SPIDER_SENSE = (Option("use", "Spider-Sense: spend 1 Power to add 1 die to the defense pool"), Option("pass", "Do not use it"))


@decider("react")
def _react_d(st: StateData) -> Decision:
    _, _, skill, ci, uids = st.pending  # type: ignore[misc]
    return question(st, f"{st.cname(ci)} is targeted by an Enemy attack", _SPIDER_SENSE, "reactive")


@answer("react")
def _react_a(st: StateData, oid: str, p: tuple[Any, ...]) -> None:
    _, _, skill, ci, uids = p
    bonus = -1
    if oid == "use":
        st.chars[ci][C_POW] -= 1
        bonus = 1
        st.emit("alliances/content/spider-sense", f"{st.cname(ci)}'s Spider-Sense adds a defense die.")
    st._f_eatk(ci, uids, bonus)  # the next step at once (as pushing it and running the stack would)


@decider("reflex")
def _reflex_d(st: StateData) -> Decision:
    return question(st, f"{st.cname(st.pending[2])}: Quick Reflexes?", st.pending[3], "reactive")  # type: ignore[index]


@answer("reflex")
def _reflex_a(st: StateData, oid: str, p: tuple[Any, ...]) -> None:
    if oid != "pass":
        c = st.chars[p[2]]
        st.emit("alliances/content/quick-reflexes",
                f"{st.cname(p[2])} Advances from {st.lbl(c[C_POS])} to {oid.split(':')[1]} (Quick Reflexes).")
        c[C_POS] = st.board.parse(oid.split(":")[1])
