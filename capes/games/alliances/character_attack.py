"""Character Attacks, step by step (rulebook: Game Mechanics > Character Attacks; Appendix A: Timing >
Character Attack, steps 1-12; Area and Beam attacks; attack special rules; Appendix B: Special Conditions as
they change an attack; the Enemy Modifier Card Oscorp Weaponry).

Rule ids (rules.yaml): alliances/area, alliances/attack-special-rules, alliances/beam,
alliances/card/oscorp-weaponry, alliances/char-attack/10, alliances/char-attack/2, alliances/char-attack/3,
alliances/char-attack/4, alliances/char-attack/5, alliances/char-attack/6, alliances/char-attack/7,
alliances/char-attack/8, alliances/conditions, alliances/conditions/hex, alliances/conditions/shock,
alliances/cover, alliances/enemy-conditions/hex, alliances/enemy-conditions/incinerate.
"""

from __future__ import annotations

from typing import Any

from capes.core.protocol import Decision, Option
from capes.games.alliances.content import COND_BIT, CRIT, FAIL, RESULT_NAMES
from capes.games.alliances.decisions import answer, decider, question
from capes.games.alliances.state import (
    C_COND,
    C_DAZ,
    C_POS,
    C_POW,
    DIR_WORDS,
    E_COND,
    E_DAZ,
    E_DMG,
    E_POS,
    E_UID,
    MAX_POWER,
    SUCC_ATK,
    StateData,
    cond_title,
    plural,
)


class CharacterAttack(StateData):
    """A Character's attack and its after-effects."""

    def _f_attack(self, ci: int, aid: str, spec: str) -> None:
        c = self.chars[ci]
        side = self.cside(ci)
        a = next(x for x in side.attacks if x.id == aid)
        b = self.board
        self.action_used = 1
        # alliances/char-attack/3: pay Power
        if a.cost > c[C_POW]:
            return
        c[C_POW] -= a.cost
        if a.shape == "":
            e = self.enemy(int(spec))
            if e is None:
                return
            self.emit("alliances/char-attack/2", f"{self.cname(ci)} attacks {self.ewhere(e)} with {a.name}.")
            self._f_atk_one(ci, aid, int(spec), 1)  # the next step at once (as pushing it and running the stack would)
            return
        if a.shape == "A":
            # alliances/area: every Enemy within Range is targeted
            targets = tuple(e[E_UID] for e in self.enemies if not e[E_DAZ] and b.dist[c[C_POS]][e[E_POS]] <= a.range)
            self.emit("alliances/area", f"{self.cname(ci)} makes the area attack {a.name}, targeting {plural(len(targets), 'Enemy', 'Enemies')}.")
        else:
            # alliances/beam: measured in a straight line to its full Range
            line = b.line(c[C_POS], b.dir_index(spec), a.range)
            targets = tuple(e[E_UID] for e in self.enemies if not e[E_DAZ] and e[E_POS] in line)
            self.emit("alliances/beam", f"{self.cname(ci)} fires the beam {a.name} to the {DIR_WORDS.get(spec, spec)}, "
                      f"targeting {plural(len(targets), 'Enemy', 'Enemies')}.")
        self._push(("atk_series", ci, aid, targets, 1))

    def _f_atk_series(self, ci: int, aid: str, targets: tuple[int, ...], first: int) -> None:
        # the attacking player orders the series (alliances/area, alliances/beam)
        live = tuple(u for u in targets if self.enemy(u) is not None)
        if not live or self.chars[ci][C_DAZ]:
            return
        if len(live) == 1:
            self._push(("atk_one", ci, aid, live[0], first))
        else:
            self._ask("order", self.seat_of(ci), ci, aid, live, first)

    def _f_atk_one(self, ci: int, aid: str, uid: int, first: int) -> None:
        c = self.chars[ci]
        e = self.enemy(uid)
        if e is None or e[E_DAZ] or c[C_DAZ]:
            return
        a = next(x for x in self.cside(ci).attacks if x.id == aid)
        card = self.ecard(e)
        # alliances/char-attack/4: pool = Strength, effects add/remove, never below one die
        n = a.strength
        if c[C_COND] & COND_BIT["shock"]:
            n -= 2  # alliances/conditions/shock
            c[C_COND] &= ~COND_BIT["shock"]
        n = max(1, n)
        # alliances/char-attack/5: initial roll
        r = self.roll(n)
        crits = r.count(CRIT)
        # alliances/char-attack/6: a die per Critical in the initial roll (Hex changes that)
        extra = crits
        if c[C_COND] & COND_BIT["hex"]:
            extra = 0  # alliances/conditions/hex
            if crits:
                c[C_COND] &= ~COND_BIT["hex"]
        hexed = bool(e[E_COND] & COND_BIT["hex"]) and crits > 0 and extra > 0
        if hexed:
            extra = 2 * crits  # alliances/enemy-conditions/hex
        if extra:
            r += self.roll(extra)
        # alliances/char-attack/7: Modify Dice (no shipped effect modifies attack dice)
        # alliances/char-attack/8: successes minus Defense (Cover +1, Incinerate -2)
        succ = sum(map(SUCC_ATK.__getitem__, r))
        df = card.defense
        if e[E_POS] in self.terrain:
            df += 1  # alliances/cover
        if e[E_COND] & COND_BIT["incinerate"]:
            df -= 2  # alliances/enemy-conditions/incinerate
            e[E_COND] &= ~COND_BIT["incinerate"]
        df = max(0, df)
        net = succ - df
        faces = ",".join(map(RESULT_NAMES.__getitem__, r))
        where = self.ewhere(e)
        self.emit("alliances/char-attack/8", f"{self.cname(ci)} rolls [{faces}]: {plural(succ, 'success', 'successes')} "
                  f"against {where}'s Defense {df}.")
        if hexed:
            e[E_COND] &= ~COND_BIT["hex"]
        # alliances/char-attack/10: apply Damage (an Enemy suffers at most its remaining Stamina)
        ko = False
        mark = len(self.stack)
        if net > 0:
            dealt = min(net, card.stamina - e[E_DMG])
            self.emit("alliances/char-attack/10", f"{a.name} deals {dealt} Damage to {where} "
                      f"({min(card.stamina, e[E_DMG] + dealt)}/{card.stamina} Damage).")
            ko = self._hurt_enemy(e, net, ci)
        else:
            self.emit("alliances/char-attack/10", f"{a.name} deals no Damage to {where}.")
        # alliances/attack-special-rules: icon thresholds on the final roll (applied after the attack, step 12A)
        frames: list[tuple[Any, ...]] = []
        for rule in a.rules:
            if all(r.count(res) >= k for res, k in rule.need):
                frames.append(("atk_rule", ci, uid, rule.effect, rule.n, rule.name))
        # alliances/card/oscorp-weaponry (enemy effect, step 12B)
        if FAIL in r:
            frames.append(("oscorp", ci, uid))
        if ko:
            frames.append(("assist", ci, 0))
        self._after(mark, *frames)

    def _f_atk_rule(self, ci: int, uid: int, effect: str, n: int, name: str) -> None:
        c = self.chars[ci]
        if effect == "power":
            c[C_POW] = min(MAX_POWER, c[C_POW] + n)
            self.emit("alliances/attack-special-rules", f"{name}: {self.cname(ci)} gains {n} Power.")
            return
        if effect == "heal":
            self._heal(ci, n)
            return
        e = self.enemy(uid)
        if e is None or e[E_DAZ]:
            return
        if effect in COND_BIT:
            if not e[E_COND] & COND_BIT[effect]:
                e[E_COND] |= COND_BIT[effect]
                self.emit("alliances/conditions", f"{name}: {self.ewhere(e)} gains {cond_title(effect)}.")
            return
        if effect in ("throw", "push"):
            self._push(("move_away", ci, uid, n, effect))

    def _f_oscorp(self, ci: int, uid: int) -> None:
        # alliances/card/oscorp-weaponry
        e = self.enemy(uid)
        c = self.chars[ci]
        if e is None or e[E_DAZ] or c[C_DAZ]:
            return
        self.emit("alliances/card/oscorp-weaponry", f"Oscorp Weaponry: {self.ename(e)} deals 1 Damage to {self.cname(ci)}.")
        self._hurt_char(ci, 1, enemy=True)


@decider("order")
def _order_d(st: StateData) -> Decision:
    _, _, ci, aid, live, first = st.pending  # type: ignore[misc]
    opts = []
    for u in live:
        e = st.enemy(u)
        if e is not None:
            opts.append(Option(f"target:{u}", f"Resolve the attack against {st.ewhere(e)} next"))
    return question(st, "Choose the order of the attack series", opts, "target")


@answer("order")
def _order_a(st: StateData, oid: str, p: tuple[Any, ...]) -> None:
    _, _, ci, aid, live, first = p
    u = int(oid.split(":")[1])
    rest = tuple(x for x in live if x != u)
    st._push(("atk_one", ci, aid, u, first), ("atk_series", ci, aid, rest, 0))
