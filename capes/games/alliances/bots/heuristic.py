"""The ``alliances-heuristic`` bot (the ``normal`` level): each decision kind answered by rules of thumb over the
threat forecast (:mod:`.forecast`) and the Stage's goals (:mod:`.goals`); see the package docstring."""

from __future__ import annotations

from typing import Any

from capes.core.rng import Rng
from capes.games.alliances.bots.chances import char_hit
from capes.games.alliances.bots.forecast import Forecast
from capes.games.alliances.bots.goals import can_pay, goals, stage_value
from capes.games.alliances.content import COND_BIT
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

_SHOCK, _HEX, _INC = COND_BIT["shock"], COND_BIT["hex"], COND_BIT["incinerate"]

#: Level-Up Cards in the order the bot keeps them (earlier is better): Power-free attacks first (Power is
#: scarce and pays for Interacts), then healing and defence, then the rest
LEVELUP_RANK = (
    "ssm_webshooters", "usm_web_strike_plus", "gs_kick_plus", "bc_claws_plus",
    "ssm_second_wind", "bc_second_wind", "usm_spider_sense", "gs_web_line",
    "usm_second_wind", "gs_spider_sense", "ssm_spider_tracer", "bc_lash_plus",
    "gs_second_wind", "ssm_web_storm", "usm_whirlwind", "bc_bad_luck_storm", "gs_headliner",
)


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
        return _first_best(self._activate_values(st, opts), opts[0].id, -1e9)

    def _activate_values(self, st: Any, opts: Any) -> dict[str, float]:
        """Each Character's value of Activating now: the gain of its best action, and its own forecast risk."""
        fc = self._forecast(st)
        pos = fc.positions()
        atk = fc.attackers(pos)
        out: dict[str, float] = {}
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
            out[o.id] = v
        return out

    def ranking(self, state: Any) -> list[str]:
        """The options of ``state.decision`` best first, the bot's choice first (for a search's candidates): by
        value for who Activates and what an Activation does, else the choice alone (the rest in menu order)."""
        d = state.decision
        if len(d.options) > 1 and d.kind in ("activate", "activation"):
            values = (self._activate_values(state, d.options) if d.kind == "activate"
                      else self._activation_values(state, d.options))
            top = self.choose(state)
            order = {o.id: i for i, o in enumerate(d.options)}
            rest = sorted((a for a in values if a != top), key=lambda a: (-values[a], order[a]))
            return [top, *rest, *(o.id for o in d.options if o.id != top and o.id not in values)]
        return [self.choose(state)]

    # --- an Activation --------------------------------------------------------------------------------------------
    def _k_activation(self, st: Any, d: Any, opts: Any) -> str:
        return self._best_activation(st, opts)[0]

    def _best_activation(self, st: Any, opts: Any) -> tuple[str, float]:
        """The best option of an Activation menu and its gain over ending the Activation now."""
        values = self._activation_values(st, opts)
        best = _first_best(values, "end", 0.0)
        return best, values.get(best, 0.0)

    def _activation_values(self, st: Any, opts: Any) -> dict[str, float]:
        """The gain of each option of an Activation menu over ending the Activation now (an attack the Character's
        side does not list is left out)."""
        fc = self._forecast(st)
        ci = st.active
        me = st.chars[ci]
        pos = fc.positions()
        base = -fc.total_risk(pos)
        out: dict[str, float] = {}
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
            out[o.id] = v
        return out

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
            p_ko, exp = char_hit(dice, bool(e[E_COND] & _HEX), max(0, df), left)
            v += exp * 2.0
            if p_ko > 0:
                # the forecast's risk this KO takes away (``base`` is minus the risk before it)
                safer = -base - fc.total_risk(pos, frozenset({e[E_UID]}))
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


def _first_best(values: dict[str, float], default: str, floor: float) -> str:
    """The first option (in menu order) of the highest value above ``floor``, else ``default``."""
    best, best_v = default, floor
    for a, v in values.items():
        if v > best_v:
            best, best_v = a, v
    return best
