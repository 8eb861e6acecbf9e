"""Damage, KO and Heroic Assists: Damage to Enemies (KO, Mini-Boss and Boss Dazed) and to Characters (Power
from Enemy effects, Dazed, KO'd), removing Damage, and the Heroic Assist a KO earns (rulebook: Game Mechanics >
Damage, Enemy Damage, Character Damage, Dazed, Knocked Out, Removing Damage, Heroic Assist).

Rule ids (rules.yaml): alliances/boss-dazed, alliances/card/last-laugh/7, alliances/char-damage,
alliances/content/tag-team, alliances/dazed, alliances/enemy-damage, alliances/heroic-assist, alliances/ko,
alliances/mini-boss-ko, alliances/minion-ko, alliances/power/from-effects, alliances/removing-damage,
alliances/stacking, alliances/stage/scientific-method, alliances/tokens/drop.
"""

from __future__ import annotations

from typing import Any

from capes.core.protocol import Decision, Option
from capes.games.alliances.content import COND_BIT
from capes.games.alliances.decisions import ANSWERS, answer, decider, kept, question
from capes.games.alliances.stages import SCRIPTS_KO, no_ko
from capes.games.alliances.state import (
    C_COND,
    C_DAZ,
    C_HELD,
    C_INJ,
    C_POS,
    C_POW,
    C_STA,
    E_DMG,
    E_ID,
    MAX_POWER,
    StateData,
    cond_names,
    cond_title,
)


class Damage(StateData):
    """Damage, KOs and Heroic Assists."""

    def _hurt_enemy(self, e: list[Any], n: int, by: int) -> bool:
        """Damage an Enemy; True when a Character ``by`` KO'd/Dazed it (a Heroic Assist follows)."""
        card = self.ecard(e)
        n = min(n, card.stamina - e[E_DMG])  # alliances/enemy-damage: excess ignored
        e[E_DMG] += n
        if e[E_DMG] < card.stamina:
            return False
        typ = self.etype(e)
        if typ == "boss":
            # alliances/boss-dazed; alliances/card/last-laugh/7: Green Goblin leaves the battlefield
            self.boss_dazes += 1
            self.enemies.remove(e)
            self.emit("alliances/card/last-laugh/7", f"Green Goblin is Dazed ({self.boss_dazes} on the Boss Daze Tracker) and leaves the battlefield.")
            return by >= 0
        # alliances/stage/scientific-method (stage effect: before the Minion is removed)
        if by >= 0:
            SCRIPTS_KO.get(self.stage.script, no_ko)(self, e)
        self.enemies.remove(e)
        if typ == "mini_boss":
            # alliances/mini-boss-ko: removed from the Stage; each Character gains 2 XP
            self.gg_gone = 1
            self.emit("alliances/mini-boss-ko", f"{self.ename(e)} is KO'd and removed from the Stage; each Character gains 2 XP.")
            for ci in range(4):
                self._gain_xp(ci, 2)
        else:
            # alliances/minion-ko: back onto the Spawn Tracker
            self.emit("alliances/minion-ko", f"{self.ename(e)} is KO'd and goes back onto the Spawn Tracker.")
            self._to_tracker(e[E_ID])
        return by >= 0

    def _hurt_char(self, ci: int, n: int, enemy: bool) -> int:
        """alliances/char-damage: lower Stamina (never below 0), Power from enemy effects, Daze or KO."""
        c = self.chars[ci]
        if c[C_DAZ] or c[C_POS] < 0:
            return 0
        n = min(n, c[C_STA])
        c[C_STA] -= n
        if enemy:
            c[C_POW] = min(MAX_POWER, c[C_POW] + n)  # alliances/power/from-effects
        if c[C_STA] == 0:
            if c[C_INJ]:
                self.emit("alliances/ko", f"{self.cname(ci)} is Knocked Out.")
                self._lose(f"{self.cname(ci)} is KO'd: the Mission fails.")
            else:
                c[C_DAZ] = 1
                self.emit("alliances/dazed", f"{self.cname(ci)} is Dazed.")
                # alliances/tokens/drop
                if c[C_HELD]:
                    self._push(*[("drop", ci, tid, sym) for tid, sym in c[C_HELD]])
                    c[C_HELD] = ()
        return n

    def _heal(self, ci: int, n: int) -> None:
        # alliances/removing-damage
        c = self.chars[ci]
        c[C_STA] = min(self.cside(ci).stamina, c[C_STA] + n)

    def _f_assist(self, ci: int, k: int) -> None:
        # alliances/heroic-assist: 1 XP, then another non-Dazed Character receives it
        self.emit("alliances/heroic-assist", f"{self.cname(ci)} makes a Heroic Assist (+1 XP).")
        # alliances/content/tag-team: two different Characters receive it (alliances/stacking)
        n = 2 if self.has_skill(ci, "tag_team") else 1
        self._push(("assist_give", ci, n, ()))
        self._gain_xp(ci, 1)

    def _assist_option(self, j: int, what: str, cond: str = "") -> Option:
        """What Character ``j`` may receive from a Heroic Assist (depends on the squad alone: kept per Game)."""
        menus = self.game.menus
        key = ("assist", j, what, cond)
        o = menus.get(key)
        if o is None:
            nm = self.cname(j)
            cid = self.game.squad[j]
            if cond:
                o = Option(f"assist:{cid}:cond:{cond}", f"{nm} removes {cond_title(cond)}", nm)
            else:
                o = Option(f"assist:{cid}:{what}", _ASSIST_TEXT[what].format(nm), nm)
            kept(menus, key, o)
        return o

    def _f_assist_give(self, ci: int, n: int, got: tuple[int, ...]) -> None:
        if n <= 0 or self.over:
            return
        chars = self.chars
        # awake(), inlined: the non-Dazed Characters on the battlefield
        cands = [j for j, cj in enumerate(chars) if not cj[C_DAZ] and cj[C_POS] >= 0 and j != ci and j not in got]
        if not cands:
            return
        opts = []
        occupied = self.occupied()
        adj = self.board.adj
        menus = self.game.menus
        for j in cands:
            cj = chars[j]
            # the kept Options looked up first (_assist_option makes and keeps one the first time)
            if cj[C_STA] < self.cside(j).stamina:
                opts.append(menus.get(("assist", j, "heal", "")) or self._assist_option(j, "heal"))
            if cj[C_COND]:
                opts += [self._assist_option(j, "cond", cn) for cn in cond_names(cj[C_COND])]
            opts.append(menus.get(("assist", j, "power", "")) or self._assist_option(j, "power"))
            if not occupied.issuperset(adj[cj[C_POS]]):  # _can_advance(j, 1): a free neighbouring Space
                opts.append(menus.get(("assist", j, "advance", "")) or self._assist_option(j, "advance"))
        seat = self.game.ctrl[ci]
        if len(opts) == 1:
            ANSWERS["assist"](self, opts[0].id, ("assist", seat, ci, n, got, tuple(opts)))
            return
        self.pending = ("assist", seat, ci, n, got, tuple(opts))  # _ask, inlined


_ASSIST_TEXT = {"heal": "{} removes 1 Damage", "power": "{} gains 1 Power", "advance": "{} Advances 1 Space"}


@decider("assist")
def _assist_d(st: StateData) -> Decision:
    _, _, ci, n, got, opts = st.pending  # type: ignore[misc]
    return question(st, f"{st.cname(ci)}'s Heroic Assist: who receives it, and what?", opts, "assist")


@answer("assist")
def _assist_a(st: StateData, oid: str, p: tuple[Any, ...]) -> None:
    _, _, ci, n, got, _opts = p
    parts = oid.split(":")
    j = st.game.squad.index(parts[1])
    cj = st.chars[j]
    what = parts[2]
    st._push(("assist_give", ci, n - 1, (*got, j)))
    label = next((o.label for o in p[5] if o.id == oid), f"{st.cname(j)} receives it")
    st.emit("alliances/heroic-assist", f"Heroic Assist: {label}.")
    if what == "heal":
        st._heal(j, 1)
    elif what == "cond":
        cj[C_COND] &= ~COND_BIT[parts[3]]
    elif what == "power":
        cj[C_POW] = min(10, cj[C_POW] + 1)
    elif what == "advance":
        spaces = st._advance_targets(j, 1)
        if len(spaces) == 1:
            st.emit("alliances/heroic-assist", f"{st.cname(j)} Advances from {st.lbl(cj[C_POS])} to {st.lbl(spaces[0])}.")
            cj[C_POS] = spaces[0]
        else:
            st._ask("assist_adv", st.seat_of(j), j, tuple(spaces))


@decider("assist_adv")
def _assist_adv_d(st: StateData) -> Decision:
    _, _, j, spaces = st.pending  # type: ignore[misc]
    opts = [Option(f"move:{st.lbl(s)}", f"Advance to {st.lbl(s)}") for s in spaces]
    return question(st, f"{st.cname(j)} Advances 1 Space", opts, "move")


@answer("assist_adv")
def _assist_adv_a(st: StateData, oid: str, p: tuple[Any, ...]) -> None:
    c = st.chars[p[2]]
    st.emit("alliances/heroic-assist", f"{st.cname(p[2])} Advances from {st.lbl(c[C_POS])} to {oid.split(':')[1]}.")
    c[C_POS] = st.board.parse(oid.split(":")[1])
