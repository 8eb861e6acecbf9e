"""The Boss Battle: Green Goblin Always Has the Last Laugh (Boss Battle Card: how Green Goblin Spawns,
Advances Toward the Target token, barrels into objects, is not Thrown, leaves when Dazed), its Pitfall Turbo Boost,
and the Stage Card's Braces and Web Lines (rulebook: Printed Card Text > Green Goblin: Boss Battle Card, Boss Battle
Pitfall; Boss Battles; Place). The board is source: project.

Rule ids (rules.yaml): alliances/card/last-laugh/1, alliances/card/last-laugh/2, alliances/card/last-laugh/4,
alliances/card/turbo-boost, alliances/place, alliances/stage/along-came-a-spider,
alliances/stage/last-laugh/brace, alliances/stage/last-laugh/end, alliances/stage/last-laugh/setup,
alliances/stage/last-laugh/web-line.
"""

from __future__ import annotations

from typing import Any

from capes.core.protocol import Decision, Option
from capes.games.alliances.content import COND_BIT, RESULT_NAMES
from capes.games.alliances.decisions import answer, decider, question
from capes.games.alliances.objectives import tokens_in_reach
from capes.games.alliances.state import (
    C_DAZ,
    C_POS,
    C_POW,
    DIR_WORDS,
    E_COND,
    E_POS,
    E_UID,
    T_ID,
    T_KIND,
    T_POS,
    T_X,
    StateData,
)


class BossBattle(StateData):
    """Green Goblin's behaviour in the Boss Battle."""

    def _f_boss_activate(self) -> None:
        # alliances/card/last-laugh/1: spawn Green Goblin if he is not on the board
        gg = self._gg()
        if gg is None:
            r = self.roll(1)[0]
            sp, d = self.stage.arrows[r]
            self.emit("alliances/card/last-laugh/1", f"Green Goblin Spawns at the {RESULT_NAMES[r].title()} arrow Space {self.lbl(sp)}.")
            gg = self._add_enemy(self.game.boss_id, -1)
            self._push(("gg_enter", sp, r), ("gg_go", self.ecard(gg).speed, 0))
            return
        self._push(("gg_go", self.ecard(gg).speed, 0))

    def _gg(self) -> list[Any] | None:
        for e in self.enemies:
            if self.is_boss(e):
                return e
        return None

    def _place_target(self, r: int) -> None:
        sp, d = self.stage.arrows[r]
        line = self.board.line(sp, d, 999)
        self.target = line[-1] if line else sp
        self.emit("alliances/card/last-laugh/1", f"The Target token is Placed at {self.lbl(self.target)}.")

    def _f_gg_enter(self, sp: int, r: int) -> None:
        """Green Goblin is put on the arrow Space for result ``r`` (moving anyone there aside)."""
        gg = self._gg()
        if gg is None:
            return
        self._place_target(r)
        self._push(("gg_into", sp, 0, 0, -1))

    def _f_gg_go(self, left: int, turbo: int) -> None:
        # alliances/card/last-laugh/2: Advance his Speed in a straight line Toward the Target token
        gg = self._gg()
        if gg is None or left <= 0 or self.target < 0:
            return
        b = self.board
        d0 = b.dist[gg[E_POS]][self.target]
        dirs = [d for d in range(b.ndirs) if (t := b.step[gg[E_POS]][d]) >= 0 and b.dist[t][self.target] < d0]
        if not dirs:
            return
        if len(dirs) > 1:
            self._ask("ggdir", self.prio_seat, left, turbo, tuple(dirs))
            return
        self._push(("gg_step", left, dirs[0], turbo))

    def _f_gg_step(self, left: int, d: int, turbo: int) -> None:
        gg = self._gg()
        if gg is None or left <= 0:
            return
        t = self.board.step[gg[E_POS]][d]
        if t < 0:
            return  # the battlefield edge ends the Advance
        self._push(("gg_into", t, left, turbo, d))

    def _f_gg_into(self, t: int, left: int, turbo: int, d: int) -> None:
        """Green Goblin moves into Space ``t`` (alliances/card/last-laugh/4, /5)."""
        gg = self._gg()
        if gg is None:
            return
        cat = self.char_at()
        if t in cat:
            ci = cat[t]
            if self.chars[ci][C_DAZ]:
                return  # ruling: a Dazed Character can't be moved, so his Advance ends
            self.emit("alliances/card/last-laugh/4", f"Green Goblin barrels into {self.cname(ci)}: 2 Damage.")
            self._hurt_char(ci, 2, enemy=True)
            if self.over:
                return
            if self.chars[ci][C_DAZ]:
                return
            self._ask_aside(("char", ci), t)
            self.stack.append(("gg_into", t, left, turbo, d))
            return
        eat = self.enemy_at()
        if t in eat and eat[t] is not gg:
            self._ask_aside(("enemy", eat[t][E_UID]), t)
            self.stack.append(("gg_into", t, left, turbo, d))
            return
        gg[E_POS] = t
        if d < 0:
            return  # spawned, not Advancing
        # alliances/stage/along-came-a-spider (Web Lines), alliances/card/turbo-boost
        for pair in self._web_lines():
            if t in self._web_spaces(pair):
                self._reset_pair(pair)
                if turbo:
                    self.emit("alliances/card/turbo-boost", "Turbo Boost: Green Goblin tears through a Web Line; its Braces turn back.")
                    break
                self.emit("alliances/stage/along-came-a-spider", "Green Goblin is caught in a Web Line: 3 Damage and Shock; the Braces turn back.")
                gg[E_COND] |= COND_BIT["shock"]
                self._hurt_enemy(gg, 3, -1)
                return
        left -= 1
        if t == self.target:
            # overlaps the Target token: roll, Place him on the matching arrow Space, re-Place the Target
            r = self.roll(1)[0]
            sp, _ = self.stage.arrows[r]
            self.emit("alliances/card/last-laugh/2", f"Green Goblin reaches the Target; the die shows {RESULT_NAMES[r].title()}.")
            self._place_target(r)
            self._push(("gg_into", sp, 0, turbo, -1), ("gg_go", left, turbo))
            return
        self._push(("gg_step", left, d, turbo))

    def _ask_aside(self, who: tuple[str, int], s: int) -> None:
        """Place ``who`` into another Space as close as possible to ``s``."""
        b = self.board
        occ = self.occupied()
        cands = [x for x in range(b.n) if b.exists[x] and x not in occ and x != s]
        best = min(b.dist[s][x] for x in cands)
        near = tuple(x for x in cands if b.dist[s][x] == best)
        seat = self.seat_of(who[1]) if who[0] == "char" else self.prio_seat
        if len(near) == 1:
            self._do_aside(who, near[0])
        else:
            self._ask("aside", seat, who[0], who[1], near)

    def _do_aside(self, who: tuple[str, int], s: int) -> None:
        if who[0] == "char":
            self.chars[who[1]][C_POS] = s
            self.emit("alliances/place", f"{self.cname(who[1])} is Placed at {self.lbl(s)}.")
        else:
            e = self.enemy(who[1])
            if e is not None:
                e[E_POS] = s
                self.emit("alliances/place", f"{self.ename(e)} is Placed at {self.lbl(s)}.")

    def _web_lines(self) -> list[int]:
        """Indexes of Brace pairs whose two Braces are both turned (a Web Line is up)."""
        out = []
        for p in range(len(self.braces) // 2):
            if self.braces[2 * p] and self.braces[2 * p + 1]:
                out.append(p)
        return out

    def _web_spaces(self, pair: int) -> list[int]:
        tags = sorted(self.stage.tags)
        a, b2 = self.stage.tags[tags[pair]]
        bd = self.board
        for d in range(bd.ndirs):
            line = bd.line(a, d, 999)
            if b2 in line:
                return [a, *line[: line.index(b2) + 1]]
        return [a, b2]

    def _reset_pair(self, pair: int) -> None:
        self.braces[2 * pair] = 0
        self.braces[2 * pair + 1] = 0

    def _f_turbo_boost(self) -> None:
        # alliances/card/turbo-boost
        gg = self._gg()
        self.emit("alliances/card/turbo-boost", "Pitfall: Turbo Boost!")
        if gg is not None:
            gg[E_COND] = 0
            self._push(("gg_go", self.ecard(gg).speed, 1), ("frenzy",))
        else:
            self._push(("frenzy",))


@decider("ggdir")
def _ggdir_d(st: StateData) -> Decision:
    names = st.board.dir_names
    opts = [Option(f"dir:{names[d]}", f"Green Goblin flies {DIR_WORDS.get(names[d], names[d])}") for d in st.pending[4]]  # type: ignore[index]
    return question(st, "Which straight line Toward the Target does Green Goblin take?", opts, "direction")


@answer("ggdir")
def _ggdir_a(st: StateData, oid: str, p: tuple[Any, ...]) -> None:
    st._push(("gg_step", p[2], st.board.dir_index(oid.split(":")[1]), p[3]))


@decider("aside")
def _aside_d(st: StateData) -> Decision:
    _, _, wk, who, near = st.pending  # type: ignore[misc]
    en = st.enemy(who) if wk != "char" else None
    nm = st.cname(who) if wk == "char" else (st.ewhere(en) if en else "the Enemy")
    opts = [Option(f"place:{st.lbl(s)}", f"Place {nm} at {st.lbl(s)}") for s in near]
    return question(st, f"Place {nm} as close as possible to where it was", opts, "place")


@answer("aside")
def _aside_a(st: StateData, oid: str, p: tuple[Any, ...]) -> None:
    st._do_aside((p[2], p[3]), st.board.parse(oid.split(":")[1]))


# --- the Stage Card's script (stages.py tables) ---


def _boss_setup(st: StateData) -> None:
    # alliances/stage/last-laugh/setup: a Brace on each Brace Space, in its starting position
    st.braces = []
    for tag in sorted(st.stage.tags):
        for s in st.stage.tags[tag]:
            st.tokens.append([st.next_tid, "brace", s, 4, len(st.braces)])
            st.next_tid += 1
            st.braces.append(0)


def _boss_interact(st: StateData, ci: int) -> list[Option]:
    out: list[Option] = []
    braces = [t for t in tokens_in_reach(st, ci) if t[T_KIND] == "brace" and not st.braces[t[T_X]]]
    if not braces or st.chars[ci][C_POW] < st._interact_cost(ci):
        return out  # alliances/interact: 1 Power
    for t in braces:
        if (ci, t[T_ID]) not in st.interacted:
            out.append(Option(f"interact:{t[T_ID]}", f"Interact: turn the Brace at {st.lbl(t[T_POS])}", "Interact"))
    return out


def _boss_do(st: StateData, ci: int, parts: list[str]) -> None:
    # alliances/stage/last-laugh/brace
    tid = int(parts[0])
    st.interacted = (*st.interacted, (ci, tid))
    tok = next(t for t in st.tokens if t[T_ID] == tid)
    st.braces[tok[T_X]] = 1
    st.emit("alliances/stage/last-laugh/brace", f"{st.cname(ci)} turns the Brace at {st.lbl(tok[T_POS])}.")
    pair = tok[T_X] // 2
    if st.braces[2 * pair] and st.braces[2 * pair + 1]:
        st.emit("alliances/stage/last-laugh/web-line", "A Web Line stretches between the two Braces.")


def _boss_end(st: StateData) -> bool:
    # alliances/stage/last-laugh/end: 2 Dazed tokens on the Boss Daze Tracker
    return st.boss_dazes >= 2
