"""Movement: a Character's Advance, Throws and Pushes Away, collisions, Terrain Features thrown and destroyed,
and dodging (rulebook: Game Mechanics > Movement, Advance, Toward and Away, Throw, Push, Collisions, Dodge,
Terrain Features; the skills Web Zip and Web Toss).

Rule ids (rules.yaml): alliances/advance, alliances/card/last-laugh/6, alliances/collisions,
alliances/content/web-zip, alliances/dodge, alliances/movement/edge, alliances/push,
alliances/terrain/destroy, alliances/terrain/throw, alliances/throw, alliances/toward-away.
"""

from __future__ import annotations

from typing import Any

from capes.core.protocol import Decision, Option
from capes.games.alliances.content import COND_BIT, CRIT
from capes.games.alliances.decisions import answer, decider, kept, question
from capes.games.alliances.state import (
    C_COND,
    C_DAZ,
    C_POS,
    DIR_WORDS,
    E_DAZ,
    E_POS,
    E_UID,
    SUCC_DEF,
    StateData,
    char_pos,
    plural,
)


class Movement(StateData):
    """Character movement, Throws, Pushes, collisions."""

    def _advance_targets(self, ci: int, speed: int) -> list[int]:
        """Spaces a Character can end an Advance in (alliances/advance)."""
        b = self.board
        adj = b.adj
        start = self.chars[ci][C_POS]
        ter = self.terrain
        skills = () if self.chars[ci][C_DAZ] else self.cside(ci).skills  # alliances/dazed: no skills
        free = "wall_crawler" in skills or "flight" in skills
        near = b.dist[start]
        if all(near[e[E_POS]] > speed for e in self.enemies) and (free or all(not 0 < near[t] < speed for t in ter)):
            # no Enemy within reach, no Terrain to stop in before the last step: every Space within ``speed``
            # (board.ball, in index order) but the allies' (the search below would find just these)
            allies = set(map(char_pos, self.chars))
            return [t for t in b.ball(start, speed) if t not in allies]
        blocked = {e[E_POS] for e in self.enemies}
        seen = blocked | {start}  # Spaces reached, and the Enemies' Spaces, which it never enters
        frontier = [start]
        for _ in range(speed):
            nxt = []
            for s in frontier:
                if s != start and s in ter and not free:
                    continue  # entering Terrain ends the Advance
                for t in adj[s]:
                    if t not in seen:
                        seen.add(t)
                        nxt.append(t)
            frontier = nxt
        seen -= blocked
        seen.difference_update([c[C_POS] for c in self.chars])  # start, and the allies' Spaces
        return sorted(seen)

    def _can_advance(self, ci: int, speed: int, occupied: set[int] | None = None) -> bool:
        """Can the Character end an Advance of up to ``speed`` Spaces anywhere (alliances/advance)? The same
        answer as ``bool(self._advance_targets(ci, speed))``, but the first free neighbouring Space will do.
        ``occupied``: ``self.occupied()`` when the caller has it already."""
        if speed <= 0:
            return False
        if occupied is None:
            occupied = self.occupied()
        if not occupied.issuperset(self.board.adj[self.chars[ci][C_POS]]):
            return True  # one step into a Space with no Enemy and no Character
        # every neighbour holds an Enemy or a Character: only passing through allies can lead further
        return speed > 1 and bool(self._advance_targets(ci, speed))

    def _f_move_away(self, ci: int, uid: int, n: int, kind: str) -> None:
        """Throw / Push an Enemy Away from Character ``ci`` (alliances/toward-away)."""
        e = self.enemy(uid)
        if e is None or e[E_DAZ]:
            return
        if self.is_boss(e):
            # alliances/card/last-laugh/6, /2: Green Goblin is not Thrown (1 Damage) nor moved
            if kind == "throw":
                self.emit("alliances/card/last-laugh/6", "Green Goblin is not Thrown and suffers 1 Damage instead.")
                mark = len(self.stack)
                if self._hurt_enemy(e, 1, ci):
                    self._after(mark, ("assist", ci, 0))
            return
        b = self.board
        src = self.chars[ci][C_POS]
        d0 = b.dist[src][e[E_POS]]
        # the first counted Space must increase the distance (alliances/toward-away); a side facing straight
        # away over the battlefield edge is also Away, and the Throw then collides with the edge at once
        step = b.step[e[E_POS]]
        dirs = []
        for d in range(b.ndirs):
            t = step[d]
            if t >= 0:
                if b.dist[src][t] > d0:
                    dirs.append(d)
            else:
                back = step[b.opposite[d]]
                if back >= 0 and b.dist[src][back] < d0:
                    dirs.append(d)
        if len(dirs) > 1:
            self._ask("throwdir", self.seat_of(ci), ci, uid, n, kind, tuple(dirs))
        elif dirs:
            self._push(("throw_go", ci, uid, n, kind, dirs[0]))

    def _f_throw_go(self, ci: int, uid: int, n: int, kind: str, d: int) -> None:
        # alliances/throw, alliances/collisions, alliances/push, alliances/movement/edge
        e = self.enemy(uid)
        if e is None:
            return
        b = self.board
        thrower = self.chars[ci][C_POS]
        cat = self.char_at()
        eat = self.enemy_at()
        pos = e[E_POS]
        start = pos
        # what the Thrown Enemy collides with: everything in the Space it would overlap — a Character or Enemy,
        # a Terrain Feature, or both (alliances/collisions); the thrower is ignored
        hit: list[tuple[str, int]] = []
        edge = False
        for _ in range(n):
            t = b.step[pos][d]
            if t < 0:
                edge = True
                break
            if t in cat and t != thrower:
                hit.append(("char", cat[t]))
            if t in eat:
                hit.append(("enemy", eat[t][E_UID]))
            if t in self.terrain:
                hit.append(("terrain", t))
            if hit:
                break
            pos = t
        e[E_POS] = pos
        verb = "Thrown" if kind == "throw" else "Pushed"
        self.emit("alliances/" + kind, f"{self.ename(e)} is {verb} from {self.lbl(start)} to {self.lbl(pos)}." if pos != start
                  else f"{self.ename(e)} at {self.lbl(pos)} is {verb} but cannot move.")
        if not hit and not edge:
            return
        if kind == "push":
            return  # alliances/push: Pushes cause no collisions
        what = "the edge of the battlefield" if edge else " and ".join(
            self.cname(x) if k == "char" else "the Terrain Feature" if k == "terrain"
            else self.ename(self.enemy(x) or e) for k, x in hit)
        self.emit("alliances/collisions", f"{self.ename(e)} collides with {what} and suffers 1 Damage.")
        frames: list[tuple[Any, ...]] = []
        mark = len(self.stack)
        if self._hurt_enemy(e, 1, ci):
            frames.append(("assist", ci, 0))
        for k, x in hit:
            if k == "terrain":
                self._destroy_terrain(x)  # alliances/collisions: a Terrain Feature collided with is destroyed
            elif k == "enemy":
                frames.append(("dodge_enemy", ci, x))
            else:
                frames.append(("dodge_char", x))
        self._after(mark, *frames)

    def _f_toss(self, ci: int, ts: int, d: int) -> None:
        """alliances/terrain/throw: the Feature is destroyed, then the first object in the line collides."""
        self._destroy_terrain(ts)
        b = self.board
        cat = self.char_at()
        eat = self.enemy_at()
        for s in b.line(self.chars[ci][C_POS], d, 4):
            # the first Space holding a Terrain Feature, a Character or an Enemy: everything there suffers the
            # collision (a Terrain Feature is destroyed, a Character or Enemy dodges) (alliances/collisions)
            frames: list[tuple[Any, ...]] = []
            if s in cat and cat[s] != ci:
                frames.append(("dodge_char", cat[s]))
            if s in eat:
                frames.append(("dodge_enemy", ci, eat[s][E_UID]))
            if s in self.terrain:
                self._destroy_terrain(s)
            elif not frames:
                continue
            self._push(*frames)
            return

    def _destroy_terrain(self, s: int) -> None:
        # alliances/terrain/destroy
        self.terrain = tuple(t for t in self.terrain if t != s)
        self.emit("alliances/terrain/destroy", f"The Terrain Feature at {self.lbl(s)} is destroyed.")

    def _f_dodge_enemy(self, ci: int, uid: int) -> None:
        # alliances/dodge: an Enemy suffers 3 Damage reduced by its Defense
        e = self.enemy(uid)
        if e is None or e[E_DAZ]:
            return
        dmg = max(0, 3 - self.ecard(e).defense)
        self.emit("alliances/dodge", f"{self.ewhere(e)} dodges and suffers {dmg} Damage.")
        mark = len(self.stack)
        if dmg and self._hurt_enemy(e, dmg, ci):
            self._after(mark, ("assist", ci, 0))

    def _f_dodge_char(self, ci: int) -> None:
        # alliances/dodge: Physical Defense dice, a die per initial Critical, 3 Damage less successes
        c = self.chars[ci]
        if c[C_DAZ]:
            return
        r = self.roll(max(1, self.cside(ci).defense[0]))
        crits = r.count(CRIT)
        if c[C_COND] & COND_BIT["hex"]:
            if crits:
                c[C_COND] &= ~COND_BIT["hex"]
        elif crits:
            r += self.roll(crits)
        dmg = max(0, 3 - sum(SUCC_DEF[x] for x in r))
        self.emit("alliances/dodge", f"{self.cname(ci)} dodges and suffers {dmg} Damage.")
        if dmg:
            self._hurt_char(ci, dmg, enemy=False)


@decider("move_to")
def _move_to_d(st: StateData) -> Decision:
    _, _, ci, spaces, how = st.pending  # type: ignore[misc]
    lab = st.board.labels
    verb = "Advance" if how == "move" else "Web Zip"
    here = st.chars[ci][C_POS]
    dist = st.board.dist[here]
    # a long list: grouped by how far each Space is (Option.group)
    # the Options from ``here`` by Space, kept per Game (each made of the verb, the Space's label and its distance)
    menus = st.game.menus
    key = ("dest", verb, here, st.board)
    row = menus.get(key)
    if row is None:
        row = kept(menus, key, {})
    opts = []
    for x in spaces:
        o = row.get(x)
        if o is None:
            o = row[x] = _destination(verb, lab[x], dist[x])
        opts.append(o)
    return question(st, f"{st.cname(ci)} at {lab[here]}: where to {verb}?", opts, "destination")


#: destination Options by (verb, Space label, distance): they depend on nothing else, and Options are immutable
#: values shared by every state (bounded by the labels and distances of the content's boards)
_DESTINATIONS: dict[tuple[str, str, int], Option] = {}


def _destination(verb: str, label: str, far: int) -> Option:
    key = (verb, label, far)
    o = _DESTINATIONS.get(key)
    if o is None:
        o = _DESTINATIONS[key] = Option(f"move:{label}", f"{verb} to {label}", plural(far, "Space") + " away")
    return o


@answer("move_to")
def _move_to_a(st: StateData, oid: str, p: tuple[Any, ...]) -> None:
    _, _, ci, spaces, how = p
    c = st.chars[ci]
    lab = oid.split(":")[1]
    if how == "move":
        st.emit("alliances/advance", f"{st.cname(ci)} Advances from {st.lbl(c[C_POS])} to {lab}.")
    else:
        st.emit("alliances/content/web-zip", f"{st.cname(ci)} Web Zips to {lab}.")
    c[C_POS] = st.board.parse(lab)
    st.action_used = 1


@decider("throwdir")
def _throwdir_d(st: StateData) -> Decision:
    _, _, ci, uid, n, kind, dirs = st.pending  # type: ignore[misc]
    names = st.board.dir_names
    e = st.enemy(uid)
    nm = st.ewhere(e) if e else "the Enemy"
    verb = "Throw" if kind == "throw" else "Push"
    opts = [Option(f"dir:{names[d]}", f"{verb} {nm} {plural(n, 'Space')} to the {DIR_WORDS.get(names[d], names[d])}")
            for d in dirs]
    return question(st, f"Which way is {nm} {'Thrown' if kind == 'throw' else 'Pushed'} Away from {st.cname(ci)}?", opts, "direction")


@answer("throwdir")
def _throwdir_a(st: StateData, oid: str, p: tuple[Any, ...]) -> None:
    _, _, ci, uid, n, kind, dirs = p
    st._push(("throw_go", ci, uid, n, kind, st.board.dir_index(oid.split(":")[1])))
