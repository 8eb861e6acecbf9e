"""Bots for the squad: ``alliances-heuristic`` (the ``normal`` level), ``easy``, ``hard`` and the search hooks.

The heuristic bot reads only what ``view(seat)`` shows (Alliances hides nothing: positions, Stamina, Power,
conditions, the Spawn Tracker, tokens) plus the static Stage Board and stat cards. Its rules of thumb, from the
losses they fixed (a Mission fails as soon as one Character is KO'd, that is Dazed a second time before a Level-Up
flips it back to Healthy):

* a **threat forecast**: each Minion Advances Toward its nearest Character as the rulebook moves it (Terrain ends
  the Advance, Characters block), then attacks every Character in Range, together with what Spawns next; the
  forecast gives each Character the chance the Enemies Attack step Dazes it (KO's it, when Injured) and the
  Damage it expects, with its Defense dice, Spider-Sense and Cover;
* every action (an attack, a Move to each Space, an Interact) is scored by the forecast after it plus the Stage's
  progress: Synthesizing Samples, planting Charges, leading Civilians, turning Braces, Dazing the Boss;
* attacks by the chance to KO (Enemies gone from the forecast) and the Damage they deal;
* who Activates: the Character whose best action gains most; Level-Up Cards by a ranking (Power-free attacks,
  Second Wind, Spider-Sense); a Rally takes XP when it completes a Level-Up of an Injured Character;
* the Standard Stage played first is Grounded for Good (its Objectives give XP early).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from capes.core.bots.levels import noisy, searching
from capes.core.rng import Rng
from capes.games.alliances.content import COND_BIT
from capes.games.alliances.enemy_move import advance_end
from capes.games.alliances.state import (
    C_COND,
    C_DAZ,
    C_HELD,
    C_INJ,
    C_LVL,
    C_POS,
    C_POW,
    C_STA,
    C_XP,
    E_COND,
    E_DAZ,
    E_DMG,
    E_POS,
    E_UID,
    T_KIND,
    T_POS,
    T_SYM,
    T_X,
    XP_NEEDED,
)

_EXP_SUCC = 0.5625  # expected successes per attack die (4/8, plus a die more for each Critical, 1/8 * 1/2)
_SHOCK, _HEX, _INC, _BLEED = COND_BIT["shock"], COND_BIT["hex"], COND_BIT["incinerate"], COND_BIT["bleed"]
_PHYS, _ENERGY = 0, 1
#: the forecast's prices: a KO (the Mission fails), a Daze of a Healthy Character at Level 1 (less at higher
#: Levels), and each point of Damage
W_KO, W_DAZE, W_DMG = 100.0, 40.0, 1.5
_FACE_P = (1 / 8, 1 / 8, 2 / 8, 1 / 8, 2 / 8, 1 / 8)  # each die result's chance (dice.FACE_COUNTS)

#: Level-Up Cards in the order the bot keeps them (earlier is better): Power-free attacks first (Power is
#: scarce and pays for Interacts), then healing and defence, then the rest
LEVELUP_RANK = (
    "ssm_webshooters", "usm_web_strike_plus", "gs_kick_plus", "bc_claws_plus",
    "ssm_second_wind", "bc_second_wind", "usm_spider_sense", "gs_web_line",
    "usm_second_wind", "gs_spider_sense", "ssm_spider_tracer", "bc_lash_plus",
    "gs_second_wind", "ssm_web_storm", "usm_whirlwind", "bc_bad_luck_storm", "gs_headliner",
)


# --- dice --------------------------------------------------------------------------------------------------------
@cache
def _def_dist(n: int, cover: bool) -> tuple[float, ...]:
    """P(defence successes = k): Critical, Wild, Block count; a Critical adds a die; Cover turns one die to a Block."""
    one = (5 / 8 + 0.0, 2 / 8 + 1 / 8 * 5 / 8, 1 / 8 * 3 / 8)
    out = [1.0]
    for _ in range(max(1, n)):
        nxt = [0.0] * (len(out) + 2)
        for k, p in enumerate(out):
            for j, q in enumerate(one):
                nxt[k + j] += p * q
        out = nxt
    if cover:
        out = [0.0, *out[:-1]]
        out[-1] += 0.0
    return tuple(out)


@cache
def _atk_dist(n: int, hexed: bool) -> tuple[float, ...]:
    """P(attack successes = k): Critical, Wild, Hit count; a Critical adds a die (two against Hex)."""
    extra = 2 if hexed else 1
    crit = [1.0]
    for _ in range(extra):
        crit = [a * 0.5 + b * 0.5 for a, b in zip([*crit, 0.0], [0.0, *crit], strict=True)]
    one = [4 / 8, 3 / 8, 0.0, 0.0]
    for k, p in enumerate(crit):
        one[1 + k] += p / 8
    out = [1.0]
    for _ in range(max(1, n)):
        nxt = [0.0] * (len(out) + len(one) - 1)
        for k, p in enumerate(out):
            for j, q in enumerate(one):
                nxt[k + j] += p * q
        out = nxt
    return tuple(out)


@cache
def _enemy_hit(strength: int, dice: int, cover: bool, stamina: int) -> tuple[float, float]:
    """(P(the Enemies' attack takes all ``stamina``), expected Damage) for Attack Strength ``strength``."""
    if strength <= 0:
        return 0.0, 0.0
    dist = _def_dist(dice, cover)
    p_out = 0.0
    exp = 0.0
    for k, p in enumerate(dist):
        dmg = strength - k
        if dmg <= 0:
            break
        exp += p * min(dmg, stamina)
        if dmg >= stamina:
            p_out += p
    return p_out, exp


@cache
def _char_hit(dice: int, hexed: bool, defense: int, left: int) -> tuple[float, float]:
    """(P(a Character's attack KO's an Enemy with ``left`` Stamina), expected Damage)."""
    dist = _atk_dist(dice, hexed)
    p_ko = 0.0
    exp = 0.0
    for k, p in enumerate(dist):
        dmg = k - defense
        if dmg <= 0:
            continue
        exp += p * min(dmg, left)
        if dmg >= left:
            p_ko += p
    return p_ko, exp


def _lose(c: list[Any]) -> float:
    return W_KO if c[C_INJ] else W_DAZE * (1.0 - 0.125 * (c[C_LVL] - 1))


# --- the forecast -------------------------------------------------------------------------------------------------
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
            walk(sp, d, speed, _FACE_P[r], True)
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
        awake = [i for i in range(4) if pos[i] >= 0]
        out: list[list[Any]] = [[] for _ in range(4)]
        if not awake:
            return out
        blocked = {pos[i] for i in awake}
        taken = {e[E_POS] for e, _, _ in self.enemies if e[E_UID] not in gone}
        for e, card, boss in self.enemies:
            if e[E_UID] in gone or e[E_DAZ]:
                continue
            p = e[E_POS]
            if boss:
                # Green Goblin flies Toward his Target token: count him where he is and 2 Spaces on
                reach = card.range + 2
                for i in awake:
                    if b.dist[p][pos[i]] <= reach:
                        out[i].append((card, 0.6 if not e[E_COND] & _SHOCK else 0.0))
                continue
            d = b.dist[p]
            near = min(d[pos[i]] for i in awake)
            tgt = [i for i in awake if d[pos[i]] == near]
            if len(tgt) > 1:  # ties: the players decide (the bot sends it to the sturdiest, see _k_nearest)
                tgt.sort(key=lambda i: (-self._sturdy(i), i))
            if near <= 1:
                q = p  # it cannot end any nearer
            else:
                taken.discard(p)
                q = self.advance_end(p, pos[tgt[0]], card.speed, blocked, taken, "goblin_glider" in card.rules)
                taken.add(q)
            if e[E_COND] & _SHOCK:
                continue
            for i in awake:
                if b.dist[q][pos[i]] <= card.range:
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
                gone = _lose(c) + s0 * W_DMG
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
        p1, e1 = _enemy_hit(lo, dice, cover, sta)
        if frac > 0:
            p2, e2 = _enemy_hit(lo + 1, dice, cover, sta)
            p1, e1 = p1 + frac * (p2 - p1), e1 + frac * (e2 - e1)
        bleed = 2 if c[C_COND] & _BLEED else 0
        if bleed and sta <= bleed:
            p1 = 1.0
        return p1 * _lose(c) + e1 * W_DMG

    def total_risk(self, pos: list[int], gone: frozenset[int] = frozenset(), sta: dict[int, int] | None = None) -> float:
        atk = self.attackers(pos, gone)
        return sum(self.risk(i, pos[i], atk[i], (sta or {}).get(i)) for i in range(4) if pos[i] >= 0)

    def positions(self) -> list[int]:
        return [c[C_POS] if (c[C_POS] >= 0 and not c[C_DAZ]) else -1 for c in self.chars]


# --- Stage goals ---------------------------------------------------------------------------------------------------
def goals(state: Any, ci: int) -> list[int]:
    """Spaces Character ``ci`` would like to stand next to, most important first."""
    script = state.stage.script
    toks = [t for t in state.tokens if t[T_POS] >= 0]
    c = state.chars[ci]
    out: list[int] = []
    if script == "oscorp_lab":
        held = {x for _, x in c[C_HELD]}
        samples = {t[T_SYM]: t for t in toks if t[T_KIND] == "obj"}
        out += [t[T_POS] for t in samples.values() if t[T_SYM] in held]
        if len(c[C_HELD]) < 2:
            out += [t[T_POS] for t in toks if t[T_KIND] == "ing" and t[T_SYM] in samples
                    and samples[t[T_SYM]][T_X] < 2]
    elif script == "glider_works":  # prototypes still without a Charge, else those with one (to guard)
        free = [t[T_POS] for t in toks if t[T_KIND] == "obj" and t[T_X] == 0]
        out += free or [t[T_POS] for t in toks if t[T_KIND] == "obj"]
    elif script == "subway_rescue":  # Civilians to lead out
        out += [t[T_POS] for t in toks if t[T_KIND] == "obj"]
    else:
        out += [t[T_POS] for t in toks if t[T_KIND] == "brace" and not state.braces[t[T_X]]]
    return out


def can_pay(st: Any, ci: int) -> bool:
    """Has Character ``ci`` the Power its Stage's Interact costs (a Charge costs 1 more), or will it next Round?"""
    c = st.chars[ci]
    cost = st._interact_cost(ci) + (1 if st.stage.script == "glider_works" else 0)
    return bool(c[C_POW] + (1 if st.turn == 1 else 0) >= cost)


def stage_value(st: Any, pos: list[int]) -> float:
    """What the squad's Spaces are worth to the Stage beyond each one's own goals: Grounded for Good's Charges
    are Disarmed when an Enemy and no Character Contests their prototype at the end of a Turn, so one stays by."""
    if st.stage.script != "glider_works":
        return 0.0
    b = st.board
    v = 0.0
    ens = [e[E_POS] for e in st.enemies if not e[E_DAZ] and e[E_POS] >= 0]
    for t in st.tokens:
        if t[T_KIND] != "obj" or t[T_POS] < 0 or t[T_X] <= 0:
            continue
        d = b.dist[t[T_POS]]
        if any(x >= 0 and d[x] <= 1 for x in pos):
            near = sum(1 for x in ens if d[x] <= 4)
            v += 4.0 + 4.0 * min(near, 2)
    return v


class HeuristicBot:
    """A sensible squad player; see the module docstring."""

    name = "alliances-heuristic"

    def __init__(self, game: Any, seat: int, seed: int = 0, **opts: Any) -> None:
        self.game = game
        self.seat = seat
        self.rng = Rng(seed * 7919 + seat + 1)
        self._sig: Any = None
        self._fc: Forecast | None = None
        self._dv: dict[tuple[int, int], float] = {}

    def _forecast(self, st: Any) -> Forecast:
        """The forecast of this position, and the values of Spaces found for it, kept while the position lasts
        (an Activation asks who, what, then where, of the same position)."""
        sig = (st.stage_i, st.turn, st.rounds_total, st.completed, st.target, tuple(st.braces), tuple(st.tracker),
               st.terrain, tuple(tuple(c) for c in st.chars), tuple(tuple(e) for e in st.enemies),
               tuple(tuple(t) for t in st.tokens))
        if sig != self._sig or self._fc is None:
            self._sig = sig
            self._fc = Forecast(st)
            self._dv = {}
        return self._fc

    def choose(self, state: Any) -> str:
        d = state.decision
        opts = d.options
        if len(opts) == 1:
            return opts[0].id
        f = getattr(self, "_k_" + d.kind, None)
        if f is not None:
            got = f(state, d, opts)
            if got is not None:
                return str(got)
        return str(opts[0].id)

    # --- simple decisions ----------------------------------------------------------------------------------------
    def _k_mission(self, st: Any, d: Any, opts: Any) -> str:
        ids = [o.id for o in opts]
        return "first:glider_works" if "first:glider_works" in ids else ids[0]

    def _k_levelup(self, st: Any, d: Any, opts: Any) -> str:
        rank = {c: i for i, c in enumerate(LEVELUP_RANK)}
        return min(opts, key=lambda o: (rank.get(o.id.split(":", 1)[1], 99), o.id)).id

    def _k_priority(self, st: Any, d: Any, opts: Any) -> str:
        return str(opts[0].id)

    def _k_nearest(self, st: Any, d: Any, opts: Any) -> str:
        sq = self.game.squad

        def sturdy(o: Any) -> tuple[float, int]:
            i = sq.index(o.id.split(":", 1)[1])
            c = st.chars[i]
            return (c[C_STA] + (0 if c[C_INJ] else 3), -i)
        return max(opts, key=sturdy).id

    def _k_reactive(self, st: Any, d: Any, opts: Any) -> str:
        ids = [o.id for o in opts]
        return "use" if "use" in ids else "pass" if "pass" in ids else ids[0]

    def _k_consent(self, st: Any, d: Any, opts: Any) -> str:
        return "agree"

    def _k_assist(self, st: Any, d: Any, opts: Any) -> str:
        sq = self.game.squad

        def score(o: Any) -> float:
            p = o.id.split(":")
            i = sq.index(p[1])
            c = st.chars[i]
            mx = st.cside(i).stamina
            if p[2] == "heal":
                return 10 - c[C_STA] + (6 if c[C_INJ] else 0) + (mx - c[C_STA])
            if p[2] == "cond":
                return 9 if p[3] in ("bleed", "incinerate") else 5
            if p[2] == "power":
                return 3 - c[C_POW] * 0.2
            return 0
        return max(opts, key=score).id

    def _k_rally(self, st: Any, d: Any, opts: Any) -> str:
        ids = [o.id for o in opts]
        ci = st.pending[2] if st.pending else -1
        if ci >= 0 and "rally:xp" in ids:
            c = st.chars[ci]
            need = XP_NEEDED.get(c[C_LVL] + 1)
            left = 1 + sum(1 for f in st.stack if f[0] == "rally" and f[1] == ci)
            if need is not None and c[C_INJ] and need - c[C_XP] <= left:
                return "rally:xp"  # a Level-Up turns the Character Healthy again
        for pref in ("rally:cond:bleed", "rally:heal"):
            if pref in ids:
                return pref
        return ids[-1] if ids[-1].startswith("rally:cond") else "rally:xp"

    def _k_spawn(self, st: Any, d: Any, opts: Any) -> str:
        b = st.board
        cs = [c[C_POS] for c in st.chars if c[C_POS] >= 0 and not c[C_DAZ]]
        return max(opts, key=lambda o: min((b.dist[b.parse(o.id.split(":")[1])][c] for c in cs), default=0)).id

    def _k_deploy(self, st: Any, d: Any, opts: Any) -> str:
        return str(opts[0].id)

    def _k_place(self, st: Any, d: Any, opts: Any) -> str:
        """Placed aside by Green Goblin's Advance: off the rest of his line (else he barrels in again), then
        where the forecast fears least; an Enemy he moves goes as far from the squad as it may."""
        p = st.pending
        if not p or p[0] != "aside":
            return str(opts[0].id)
        b = st.board
        nxt = next((f for f in reversed(st.stack) if f[0] == "gg_into"), None)
        line: set[int] = set()
        if nxt is not None and nxt[4] >= 0:
            line = set(b.line(nxt[1], nxt[4], 8))
        if p[2] != "char":
            cs = [c[C_POS] for c in st.chars if c[C_POS] >= 0 and not c[C_DAZ]]
            return max(opts, key=lambda o: min((b.dist[b.parse(o.id[6:])][x] for x in cs), default=0)).id
        ci = p[3]
        fc = self._forecast(st)
        pos = fc.positions()

        def val(o: Any) -> float:
            t = b.parse(o.id[6:])
            new = pos[:]
            new[ci] = t
            return -fc.total_risk(new) - (50.0 if t in line else 0.0)
        return max(opts, key=val).id

    def _k_direction(self, st: Any, d: Any, opts: Any) -> str:
        """Green Goblin's line Toward the Target (the players pick among equals): the one through fewest
        Characters; a Throw or Push: the first."""
        p = st.pending
        if not p or p[0] != "ggdir":
            return str(opts[0].id)
        b = st.board
        gg = next((e for e in st.enemies if st.is_boss(e)), None)
        if gg is None:
            return str(opts[0].id)
        cs = {c[C_POS] for c in st.chars if c[C_POS] >= 0 and not c[C_DAZ]}
        webs: set[int] = set()
        for pair in st._web_lines():
            webs.update(st._web_spaces(pair))

        def hits(o: Any) -> tuple[int, int]:
            line = b.line(gg[E_POS], b.dir_index(o.id.split(":")[1]), p[2])
            n = 0
            for x in line:
                if x in webs:
                    return (n, 0)
                n += x in cs
            return (n, 1)
        return min(opts, key=hits).id

    # --- who Activates -------------------------------------------------------------------------------------------
    #: how much of a Character's own forecast risk counts toward Activating it now (before the Enemies move)
    URGENCY = 0.5

    def _k_activate(self, st: Any, d: Any, opts: Any) -> str:
        best, best_v = opts[0].id, -1e9
        fc = self._forecast(st)
        pos = fc.positions()
        atk = fc.attackers(pos)
        for o in opts:
            twin = st.clone()
            twin.apply(o.id)
            v = -1e9
            dd = twin.decision
            if dd.kind == "activation" and dd.seat is not None:
                v = self._best_activation(twin, dd.options)[1]
            else:
                v = 0.0
            ci = self.game.squad.index(o.id.split(":", 1)[1])
            c = st.chars[ci]
            if c[C_DAZ]:
                v += 50.0  # shake off being Dazed before the Cleanup Phase would do it anyway: act with it
            elif pos[ci] >= 0:
                v += self.URGENCY * fc.risk(ci, pos[ci], atk[ci])
            if v > best_v:
                best, best_v = o.id, v
        return best

    # --- an Activation --------------------------------------------------------------------------------------------
    def _k_activation(self, st: Any, d: Any, opts: Any) -> str:
        return self._best_activation(st, opts)[0]

    def _best_activation(self, st: Any, opts: Any) -> tuple[str, float]:
        """The best option of an Activation menu and its gain over ending the Activation now."""
        fc = self._forecast(st)
        ci = st.active
        me = st.chars[ci]
        pos = fc.positions()
        base = -fc.total_risk(pos)
        best, best_v = "end", 0.0
        side = fc.sides[ci]
        atks = {a.id: a for a in side.attacks}
        ens = {e[E_UID]: (e, card, boss) for e, card, boss in fc.enemies}
        for o in opts:
            p = o.id.split(":")
            v = 0.0
            if p[0] == "interact":
                v = self._interact_value(st, ci, p)
            elif p[0] == "attack":
                a = atks.get(p[1])
                if a is None:
                    continue
                v = self._attack_value(st, fc, ci, a, p, ens, pos, base) - a.cost * 0.8
            elif p[0] == "move":
                v = self._move_gain(st, fc, ci, pos, base)
            elif p[0] == "shake":
                v = 6.0 if p[1] == "bleed" and me[C_STA] <= 2 else (2.5 if p[1] in ("bleed", "incinerate") else 1.0)
            elif p[0] == "skill":
                if p[1] == "second_wind":
                    sta = dict.fromkeys([ci], min(side.stamina, me[C_STA] + 2))
                    v = max(0.5, (-fc.total_risk(pos, sta=sta)) - base)
                elif p[1] == "bad_luck":
                    v = 0.3 if me[C_POW] >= 3 else 0.0
                elif p[1] == "web_toss":
                    v = 0.0
                elif p[1] == "web_zip":
                    v = self._move_gain(st, fc, ci, pos, base, zip_=True)
            if v > best_v:
                best, best_v = o.id, v
        return best, best_v

    def _interact_value(self, st: Any, ci: int, p: list[str]) -> float:
        if p[1] == "held":
            # Lab Partners: take an Ingredient the holder cannot use as well as this Character
            return 0.0
        tok = next((t for t in st.tokens if t[0] == int(p[1])), None)
        if tok is None:
            return 0.0
        if tok[T_KIND] == "ing":
            samples = {t[T_SYM]: t for t in st.tokens if t[T_KIND] == "obj" and t[T_POS] >= 0}
            held = [x for _, x in st.chars[ci][C_HELD]]
            s = samples.get(tok[T_SYM])
            if s is None or s[T_X] + held.count(tok[T_SYM]) >= 2 or len(held) >= 2:
                return 0.0
            return 45.0
        return 60.0

    def _attack_value(self, st: Any, fc: Forecast, ci: int, a: Any, p: list[str], ens: dict[int, Any],
                      pos: list[int], base: float) -> float:
        me = st.chars[ci]
        dice = a.strength - (2 if me[C_COND] & _SHOCK else 0)
        dice = max(1, dice)
        b = st.board
        here = me[C_POS]
        if a.shape == "":
            targets = [ens[int(p[2])]] if int(p[2]) in ens else []
        elif a.shape == "A":
            targets = [x for x in ens.values() if b.dist[here][x[0][E_POS]] <= a.range]
        else:
            line = b.line(here, b.dir_index(p[2]), a.range)
            targets = [x for x in ens.values() if x[0][E_POS] in line]
        v = 0.0
        for e, card, boss in targets:
            df = card.defense + (1 if e[E_POS] in fc.terrain else 0) - (2 if e[E_COND] & _INC else 0)
            left = card.stamina - e[E_DMG]
            p_ko, exp = _char_hit(dice, bool(e[E_COND] & _HEX), max(0, df), left)
            v += exp * 2.0
            if p_ko > 0:
                safer = base + fc.total_risk(pos, frozenset({e[E_UID]}))
                v += p_ko * (self._ko_value(st, card, boss) + safer)
            # Oscorp Weaponry: a Failure in the roll hurts the attacker (1 Damage) unless the Enemy is KO'd
            v -= (1 - (7 / 8) ** dice) * (1 - p_ko) * (3.0 if me[C_STA] <= 1 else 0.3)
        return v + (3.0 if targets else 0.0)

    def _ko_value(self, st: Any, card: Any, boss: bool) -> float:
        if boss:
            return 40.0 + 30.0 * st.boss_dazes
        v = 4.0
        if card.type == "mini_boss":
            v += 12.0
        if st.stage.script == "oscorp_lab" and sum(st.pool):
            v += 5.0
        return v

    def _move_gain(self, st: Any, fc: Forecast, ci: int, pos: list[int], base: float, zip_: bool = False) -> float:
        dests = self._dests(st, ci, zip_)
        if not dests:
            return 0.0
        best = max(self._dest_value(st, fc, ci, t, pos) for t in dests)
        return best - self._dest_value(st, fc, ci, pos[ci], pos) + 0.01

    def _dests(self, st: Any, ci: int, zip_: bool) -> list[int]:
        if zip_:
            return list(st._zip_targets(ci))
        return list(st._advance_targets(ci, st.cside(ci).speed))

    def _dest_value(self, st: Any, fc: Forecast, ci: int, t: int, pos: list[int]) -> float:
        if fc is self._fc:
            v = self._dv.get((ci, t))
            if v is None:
                v = self._dv[(ci, t)] = self._dest_value_of(st, fc, ci, t, pos)
            return v
        return self._dest_value_of(st, fc, ci, t, pos)

    def _dest_value_of(self, st: Any, fc: Forecast, ci: int, t: int, pos: list[int]) -> float:
        b = st.board
        new = pos[:]
        new[ci] = t
        v = -fc.total_risk(new) + stage_value(st, new)
        gl = goals(st, ci)
        if gl:
            v -= (3.0 if can_pay(st, ci) else 1.0) * min(b.dist[t][g] for g in gl)
        # somewhere to strike from next time: an Enemy within reach of its best Power-free attack
        side = fc.sides[ci]
        rng = max((a.range for a in side.attacks if a.cost == 0), default=1)
        ens = [e[E_POS] for e, _, _ in fc.enemies if not e[E_DAZ]]
        if ens:
            dmin = min(b.dist[t][x] for x in ens)
            v -= 0.4 * max(0, dmin - rng)
        return v

    def _k_destination(self, st: Any, d: Any, opts: Any) -> str:
        fc = self._forecast(st)
        ci = st.active if st.active >= 0 else st.pending[2]
        pos = fc.positions()
        b = st.board
        return max(opts, key=lambda o: self._dest_value(st, fc, ci, b.parse(o.id.split(":")[1]), pos)).id


# --- search hooks ---------------------------------------------------------------------------------------------------
def rollout_choice(state: Any, rng: Rng) -> str:
    """Cheap greedy playout policy (reads the determinized state directly): Interact, else attack, else move
    toward the nearest Enemy; use Spider-Sense; heal with Heroic Assists; otherwise random."""
    d = state.decision
    opts = d.options
    n = len(opts)
    if d.kind == "activation" and n > 1:
        inter = [o for o in opts if o.id.startswith("interact:") and not o.id.startswith("interact:held")]
        if inter:
            return inter[rng.randbelow(len(inter))].id
        atk = [o for o in opts if o.id.startswith(("attack:", "skill:web_toss"))]
        if atk:
            return atk[rng.randbelow(len(atk))].id
        rest = [o for o in opts if o.id != "end"] or list(opts)
        return rest[rng.randbelow(len(rest))].id
    if d.kind == "destination" and state.enemies and rng.randbelow(4):
        b = state.board
        ens = [e[2] for e in state.enemies if e[2] >= 0]
        if ens:
            return min(opts, key=lambda o: min(b.dist[b.parse(o.id[5:])][x] for x in ens)).id
    if d.kind == "reactive" and n == 2 and opts[0].id == "use":
        return "use"
    if d.kind == "assist":
        heal = [o for o in opts if o.id.endswith(":heal")]
        if heal:
            return heal[0].id
    return opts[rng.randbelow(n)].id


def evaluate(state: Any) -> float:
    """The Mission's prospects in [0, 1] for cut-off search: Stages and this Stage's progress, the squad's lives
    (a Healthy side is a spare life, Stamina on top), less the heuristic's forecast of the next Enemies Attack step."""
    r = state.result
    if r is not None:
        return 1.0 if r.outcomes[0] == "win" else 0.0
    n = len(state.game.stage_ids)
    if state.stage.kind == "boss":
        gg = next((e for e in state.enemies if state.is_boss(e)), None)
        dmg = gg[E_DMG] / state.ecard(gg).stamina if gg is not None else 0.0
        prog = min(1.0, (state.boss_dazes + dmg) / 2)
    else:
        prog = min(state.completed, 3) / 3
    lives = 0.0
    for i, c in enumerate(state.chars):
        mx = state.cside(i).stamina
        if c[C_DAZ]:
            lives += 0.5
        else:
            lives += (0.0 if c[C_INJ] else 0.5) + 0.5 * c[C_STA] / mx
    risk = 0.0
    if all(c[C_POS] >= 0 for c in state.chars):
        fc = Forecast(state)
        risk = min(1.0, fc.total_risk(fc.positions()) / W_KO)
    v = 0.55 * (state.stages_done + prog) / n + 0.3 * lives / 4 + 0.15 * (1.0 - risk)
    return max(0.0, min(1.0, v))


#: the decisions the hard bot searches (what a Character does, who activates, where it goes)
SEARCH_KINDS = frozenset({"activation", "activate", "destination"})

#: the bots alliances offers by name (game.bots() returns a copy): the heuristic under its own name, and
#: the levels for people (easy: the heuristic with random moves; normal: the heuristic; hard: ISMCTS over it)
BOTS: dict[str, type] = {
    "alliances-heuristic": HeuristicBot,
    "easy": noisy(HeuristicBot, "easy", 0.3),
    "normal": HeuristicBot,
    "hard": searching(HeuristicBot, "hard", heuristic_rollouts=True, iterations=20, rollout_depth=16,
                      prior_weight=1.0, kinds=SEARCH_KINDS),
}
