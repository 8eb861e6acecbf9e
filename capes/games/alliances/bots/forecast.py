"""The heuristic's threat forecast: the Enemies' next Move (and Spawn) and Attack steps played out by their rules
for any Spaces of the Characters, and what each Character stands to lose to them.

Everything it reads is public (``view(seat)`` shows every field used): positions, Stamina, Power, conditions, the
Spawn Tracker, the Stage's Terrain and the Enemies' stat cards.
"""

from __future__ import annotations

from typing import Any

from capes.games.alliances.bots.chances import FACE_P, enemy_hit
from capes.games.alliances.content import COND_BIT
from capes.games.alliances.enemy_move import advance_end
from capes.games.alliances.state import (
    C_COND,
    C_DAZ,
    C_INJ,
    C_LVL,
    C_POS,
    C_POW,
    C_STA,
    E_COND,
    E_DAZ,
    E_POS,
    E_UID,
)

_SHOCK, _INC, _BLEED = COND_BIT["shock"], COND_BIT["incinerate"], COND_BIT["bleed"]
_PHYS = 0  # the Physical attack type (Energy is 1)
#: the forecast's prices: a KO (the Mission fails), a Daze of a Healthy Character at Level 1 (less at higher
#: Levels), and each point of Damage
W_KO, W_DAZE, W_DMG = 100.0, 40.0, 1.5


def lose(c: list[Any]) -> float:
    return W_KO if c[C_INJ] else W_DAZE * (1.0 - 0.125 * (c[C_LVL] - 1))

class Forecast:
    """The squad's situation as the heuristic reads it (all public: ``view(seat)`` shows every field used), with the
    Enemies' next Move and Attack steps played out by their rules for any positions of the Characters."""

    def __init__(self, state: Any) -> None:
        self.st = state
        g = state.game
        self.g = g
        self.b = state.board
        self.stage = state.stage
        self.boss_stage = state.stage.kind == "boss"
        self.terrain = frozenset(state.terrain)
        self.chars = state.chars
        self.sides = [state.cside(i) for i in range(4)]
        ens = []
        for e in state.enemies:
            if e[E_POS] < 0:
                continue
            card = state.ecard(e)
            ens.append((e, card, state.is_boss(e)))
        self.enemies = ens
        # what Spawns next: the first Enemies on the Spawn Tracker, one per Spawn die
        tr = state.tracker
        filled = [i for i, x in enumerate(tr) if x]
        self.spawners: list[Any] = []
        if filled:
            ndice = state.stage.tracker_spawns[max(filled)]
            for x in tr:
                if x and x != "*":
                    self.spawners.append(g.data.enemies[x])
                    if len(self.spawners) >= ndice:
                        break
        occ = state.occupied()
        self.open_spawns = [s for s in state.stage.spaces_of("S") if s not in occ]
        self.gg_hit = self._gg_paths() if self.boss_stage else {}
        self._memo: dict[Any, int] = {}
        self._region: dict[tuple[int, int], frozenset[int]] = {}
        # what attackers() reads of each Enemy, read once (a forecast lasts while its position does): uid, Space,
        # stat card, Boss, Dazed, Shocked, Speed, Range, moves free of Terrain
        self._movers = [(e[E_UID], e[E_POS], card, boss, e[E_DAZ], e[E_COND] & _SHOCK, card.speed, card.range,
                         "goblin_glider" in card.rules) for e, card, boss in ens]
        self._taken = frozenset(m[1] for m in self._movers)

    def _gg_paths(self) -> dict[int, float]:
        """Boss Battle: the chance each Space lies on Green Goblin's next Advance (he barrels into Characters on
        it for 2 Damage): from where he is along his line Toward the Target, or, off the battlefield, from each
        arrow Space his Spawn die may pick; a Web Line stops him."""
        st = self.st
        b = self.b
        webs: set[int] = set()
        for pair in st._web_lines():
            webs.update(st._web_spaces(pair))
        gg = next((e for e, _, boss in self.enemies if boss), None)
        out: dict[int, float] = {}

        def walk(start: int, d: int, n: int, w: float, first: bool) -> None:
            line = ([start] if first else []) + b.line(start, d, n)
            for x in line:
                out[x] = out.get(x, 0.0) + w
                if x in webs:
                    break
        if gg is not None:
            if gg[E_DAZ] or st.target < 0:
                return out
            d0 = b.dist[gg[E_POS]][st.target]
            dirs = [d for d in range(b.ndirs) if (t := b.step[gg[E_POS]][d]) >= 0 and b.dist[t][st.target] < d0]
            for d in dirs:
                walk(gg[E_POS], d, st.ecard(gg).speed, 1.0 / len(dirs), False)
            return out
        speed = self.g.data.enemies[self.g.boss_id].boss.speed
        for r, (sp, d) in st.stage.arrows.items():
            walk(sp, d, speed, FACE_P[r], True)
        return out

    # which attack type a group of attackers uses (the first matching card on the Enemy Tracker)
    def _atype(self, ids: list[str]) -> int:
        order = self.g.mission["enemy_tracker"]
        for x in order:
            if x in ids:
                return int(self.g.data.enemies[x].attack_type)
        return _PHYS

    def advance_end(self, start: int, goal: int, speed: int, blocked: set[int], others: set[int], free: bool) -> int:
        """Where an Enemy Advancing ``speed`` Toward ``goal`` ends (the engine's rule: nearest reachable Space,
        then fewest Spaces moved, then lowest index); remembered for this forecast."""
        reg = self._region.get((start, speed))
        if reg is None:
            reg = self._region[(start, speed)] = frozenset(self.b.ball(start, speed))
        key = (start, goal, speed, reg & blocked, reg & others)
        got = self._memo.get(key)
        if got is None:
            got = self._memo[key] = advance_end(self.b.adj, self.b.dist[goal], self.terrain, start, goal, speed,
                                                 blocked, others, free)
        return got

    def attackers(self, pos: list[int], gone: frozenset[int] = frozenset(), spawn: bool = True) -> list[list[Any]]:
        """For each Character (by index), the Enemies (stat cards, a weight for Spawns) attacking it after the
        Enemies' next Move (and Spawn) step, given Character Spaces ``pos`` (-1: not there / Dazed)."""
        b = self.b
        dist = b.dist
        awake = [i for i in range(4) if pos[i] >= 0]
        out: list[list[Any]] = [[] for _ in range(4)]
        if not awake:
            return out
        spots = [(i, pos[i]) for i in awake]
        blocked = {x for _, x in spots}
        movers = self._movers
        taken = set(self._taken) if not gone else {m[1] for m in movers if m[0] not in gone}
        for uid, p, card, boss, daz, shocked, speed, reach, glider in movers:
            if daz or gone and uid in gone:
                continue
            d = dist[p]
            if boss:
                # Green Goblin flies Toward his Target token: count him where he is and 2 Spaces on
                reach += 2
                w = 0.6 if not shocked else 0.0
                for i, x in spots:
                    if d[x] <= reach:
                        out[i].append((card, w))
                continue
            # the nearest Character; ties: the players decide (the bot sends it to the sturdiest, see _k_nearest)
            near = 1 << 30
            first = -1
            ties = False
            for i, x in spots:
                dx = d[x]
                if dx < near:
                    near, first, ties = dx, i, False
                elif dx == near:
                    ties = True
            if near <= 1:
                q = p  # it cannot end any nearer
            else:
                if ties:
                    first = min((i for i, x in spots if d[x] == near), key=lambda i: (-self._sturdy(i), i))
                taken.discard(p)
                q = self.advance_end(p, pos[first], speed, blocked, taken, glider)
                taken.add(q)
            if shocked:
                continue
            dq = dist[q]
            for i, x in spots:
                if dq[x] <= reach:
                    out[i].append((card, 1.0))
        if spawn and self.spawners and self.open_spawns:
            w = min(1.0, len(self.spawners) / max(1, len(self.open_spawns)))
            for card in self.spawners[:1] if len(self.spawners) == 1 else self.spawners[:2]:
                for s in self.open_spawns:
                    for i in awake:
                        if b.dist[s][pos[i]] <= card.range:
                            out[i].append((card, 0.5 * w))
        return out

    def _sturdy(self, i: int) -> float:
        c = self.chars[i]
        return c[C_STA] + (0 if c[C_INJ] else 3)

    def risk(self, i: int, pos: int, atk: list[Any], sta: int | None = None) -> float:
        """Cost of what the Enemies Attack step may do to Character ``i`` standing at ``pos``: a KO ends the
        Mission, a Daze spends its Healthy side; Damage counts a little (Power comes with it)."""
        c = self.chars[i]
        hit = self.gg_hit.get(pos, 0.0) if self.gg_hit else 0.0
        if hit > 0.0:
            # Green Goblin barrels into this Space first: 2 Damage
            hit = min(1.0, hit)
            s0 = c[C_STA] if sta is None else sta
            after = s0 - 2
            if after <= 0:
                gone = lose(c) + s0 * W_DMG
            else:
                gone = self._risk(i, pos, atk, after) + 3.0
            return hit * gone + (1.0 - hit) * self._risk(i, pos, atk, sta)
        return self._risk(i, pos, atk, sta)

    def _risk(self, i: int, pos: int, atk: list[Any], sta: int | None) -> float:
        if not atk:
            return 0.0
        c = self.chars[i]
        side = self.sides[i]
        s = 0.0
        ids = []
        for card, w in atk:
            s += card.strength * w
            if w >= 1.0:
                ids.append(card.id)
        if not ids:
            ids = [card.id for card, _ in atk]
        at = self._atype(ids)
        dice = side.defense[at]
        if c[C_COND] & _INC:
            dice = max(1, dice - 2)
        if c[C_POW] >= 1 and "spider_sense" in side.skills:
            dice += 1
        cover = pos in self.terrain
        sta = c[C_STA] if sta is None else sta
        lo = int(s)
        frac = s - lo
        p1, e1 = enemy_hit(lo, dice, cover, sta)
        if frac > 0:
            p2, e2 = enemy_hit(lo + 1, dice, cover, sta)
            p1, e1 = p1 + frac * (p2 - p1), e1 + frac * (e2 - e1)
        bleed = 2 if c[C_COND] & _BLEED else 0
        if bleed and sta <= bleed:
            p1 = 1.0
        return p1 * lose(c) + e1 * W_DMG

    def total_risk(self, pos: list[int], gone: frozenset[int] = frozenset(), sta: dict[int, int] | None = None) -> float:
        atk = self.attackers(pos, gone)
        return sum(self.risk(i, pos[i], atk[i], (sta or {}).get(i)) for i in range(4) if pos[i] >= 0)

    def positions(self) -> list[int]:
        return [c[C_POS] if (c[C_POS] >= 0 and not c[C_DAZ]) else -1 for c in self.chars]
