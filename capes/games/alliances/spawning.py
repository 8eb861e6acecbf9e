"""Enemies Spawn Step and Spawning: Spawn dice, Pitfalls (Bombing Run), Open Spawn Spaces, Frenzy, Other
Spawns, the Spawn Tracker (KO'd Minions, a full or empty tracker) (rulebook: Game Mechanics > Enemies Spawn Step,
Spawning, Open Spawn Space, Other Spawns, Minions, Frenzy, Pitfall).

Rule ids (rules.yaml): alliances/card/bombing-run, alliances/card/last-laugh/3, alliances/empty-spawn-tracker,
alliances/enemies-spawn, alliances/enemies-spawn/1, alliances/enemies-spawn/3, alliances/enemies-spawn/4,
alliances/enemy/goblin-war-cry, alliances/frenzy, alliances/full-spawn-tracker, alliances/minions,
alliances/no-open-spawn, alliances/open-spawn-space, alliances/other-spawns, alliances/pitfall,
alliances/spawning, alliances/timing.
"""

from __future__ import annotations

from typing import Any

from capes.core.protocol import Decision, Option
from capes.games.alliances.content import BLANK, FAIL, RESULT_NAMES
from capes.games.alliances.decisions import answer, decider, question
from capes.games.alliances.state import C_POS, E_COND, E_ID, E_POS, E_UID, StateData, plural


class Spawning(StateData):
    """Spawning Enemies and the Spawn Tracker."""

    def _first_enemy_slot(self) -> int:
        for i, x in enumerate(self.tracker):
            if x and x != "*":
                return i
        return -1

    def _f_enemies_spawn(self) -> None:
        # alliances/enemies-spawn
        if self._first_enemy_slot() < 0:
            self._push(("empty_tracker",))
            return
        last = max(i for i, x in enumerate(self.tracker) if x)
        n = self.stage.tracker_spawns[last]
        r = self.roll(n)
        self.emit("alliances/enemies-spawn", f"The Priority Player rolls {plural(n, 'Spawn die', 'Spawn dice')}: " + ", ".join(RESULT_NAMES[x].title() for x in r) + ".")
        frames: list[tuple[Any, ...]] = []
        fails = r.count(FAIL)
        if fails:
            frames.append(("pitfall",))  # alliances/enemies-spawn/1
        frames += [("spawn", -1, 0)] * (max(0, fails - 1) + r.count(BLANK))  # /2
        frames.append(("spawn_icons", tuple(x for x in r if x not in (FAIL, BLANK))))  # /3
        frames.append(("compact",))  # /4
        self.stack.extend(frames[::-1])  # _push(*frames), inlined

    def _f_spawn_icons(self, icons: tuple[int, ...]) -> None:
        """alliances/enemies-spawn/3, one Spawn per other result. The rulebook gives no order among them, and it
        decides which Enemy goes to which icon's Space, so the players decide it (alliances/timing) — asked when
        two different icons remain; the first option keeps the order rolled."""
        if len(set(icons)) > 1 and self._first_enemy_slot() >= 0:
            self._ask("icon_order", self.prio_seat, icons)
            return
        self.stack.extend([("spawn", x, 0) for x in icons[::-1]])  # _push(...), inlined

    def _f_empty_tracker(self) -> None:
        # alliances/empty-spawn-tracker: each Enemy Advances 1 Toward the closest non-Dazed Character
        self.emit("alliances/empty-spawn-tracker", "An Enemy would Spawn but the Spawn Tracker holds none: each Enemy Advances 1 Space instead.")
        mins = [e for e in self.enemies if not self.is_boss(e)]
        self._push(("minions_move", tuple(e[E_UID] for e in mins), (1,) * len(mins), "alliances/empty-spawn-tracker"))

    def _open_spawns(self) -> list[int]:
        # alliances/open-spawn-space
        occ = self.occupied()
        return [s for s in self.stage.spaces_of("S") if s not in occ]

    def _f_spawn(self, icon: int, frenzy: int) -> None:
        slot = self._first_enemy_slot()
        if slot < 0:
            self._push(("empty_tracker",))
            return
        opens = self._open_spawns()
        if not opens:
            if frenzy:
                # alliances/frenzy: still no Open Spawn Space, Enemies Attack (not the Enemies Attack step)
                self.emit("alliances/frenzy", "Still no Open Spawn Space: Enemies Attack.")
                self._push(("enemies_attack", 0))
            else:
                self.emit("alliances/no-open-spawn", "An Enemy would Spawn but no Spawn Space is open: Enemies Frenzy instead.")
                self._push(("frenzy",))  # alliances/no-open-spawn
            return
        if icon >= 0:
            m = [s for s in opens if self.stage.spawn_icon[s] == icon]
            opens = m or opens
        self._spawn_choose(opens, "")

    def _spawn_choose(self, opens: list[int], eid: str) -> None:
        pp = self.chars[self.priority][C_POS]
        dist = self.board.dist[pp] if pp >= 0 else [0] * self.board.n
        best = min(dist[s] for s in opens)
        near = [s for s in opens if dist[s] == best]
        if len(near) > 1:
            self._ask("spawnspace", self.prio_seat, tuple(near), eid)
        else:
            self._spawn_into(near[0], eid)

    def _spawn_into(self, s: int, eid: str = "") -> None:
        if not eid:
            slot = self._first_enemy_slot()
            eid = self.tracker[slot]
            self.tracker[slot] = ""
        e = self._add_enemy(eid, s)
        self.emit("alliances/spawning", f"{self.ename(e)} Spawns at {self.lbl(s)}.")

    def _f_compact(self) -> None:
        self._compact()

    def _compact(self) -> None:
        # alliances/enemies-spawn/4: move each remaining Enemy toward the start, in order
        items = [x for x in self.tracker if x]
        # ruling 13: KO'd Minions waiting for a spot take the first empty ones (alliances/minions)
        while self.waiting and len(items) < len(self.tracker):
            items.append(self.waiting[0])
            self.waiting = self.waiting[1:]
        self.tracker[:] = items + [""] * (len(self.tracker) - len(items))

    def _f_frenzy(self) -> None:
        # alliances/frenzy
        self.emit("alliances/frenzy", "Enemies Frenzy!")
        frames: list[tuple[Any, ...]] = []
        uids: list[int] = []
        speeds: list[int] = []
        for e in self.enemies:
            if self.is_boss(e):
                e[E_COND] = 0  # alliances/card/last-laugh/3
                continue
            uids.append(e[E_UID])
            speeds.append(3 if "goblin_war_cry" in self.ecard(e).rules else 1)  # alliances/enemy/goblin-war-cry
        frames.append(("minions_move", tuple(uids), tuple(speeds), "alliances/frenzy"))
        frames.append(("spawn", -1, 1))
        frames.append(("compact",))
        self._push(*frames)

    def _f_pitfall(self) -> None:
        # alliances/pitfall
        if self.stage.kind == "boss":
            self._push(("turbo_boost",))
        else:
            self._push(("bombing_run",))

    def _f_bombing_run(self) -> None:
        # alliances/card/bombing-run (source: project)
        g = self.game
        gg = next((e for e in self.enemies if e[E_ID] == g.boss_id), None)
        self.emit("alliances/card/bombing-run", "Pitfall: Bombing Run!")
        if gg is None and not self.gg_gone:
            opens = self._open_spawns()
            if opens:
                self._spawn_choose(opens, g.boss_id)
            else:
                # alliances/no-open-spawn holds for every Spawn: Enemies Frenzy instead (then Bombing Run's Frenzy)
                self.emit("alliances/no-open-spawn", "Green Goblin would Spawn but no Spawn Space is open: Enemies Frenzy instead.")
                self._push(("frenzy",), ("frenzy",))
                return
        elif gg is not None:
            for i in self.awake():
                if self.board.dist[gg[E_POS]][self.chars[i][C_POS]] <= 2:
                    self._hurt_char(i, 1, enemy=True)
        self._push(("frenzy",))

    def _to_tracker(self, eid: str) -> None:
        tr = self.tracker
        last = max((i for i, x in enumerate(tr) if x), default=-1)
        if last + 1 < len(tr):
            tr[last + 1] = eid
            return
        # alliances/full-spawn-tracker: Spawn the first Enemy (an Other Spawn), then the last spot
        self._push(("other_spawn",), ("compact",), ("track", eid))

    def _f_other_spawn(self) -> None:
        # alliances/other-spawns: the first Enemy into the Open Spawn Space nearest the Priority Character. Like
        # every Spawn it follows alliances/no-open-spawn (no Open Spawn Space: Enemies Frenzy instead) and
        # alliances/empty-spawn-tracker (no Enemy on the tracker: each Enemy Advances 1 instead).
        self._push(("spawn", -1, 0))

    def _f_track(self, eid: str) -> None:
        tr = self.tracker
        last = max((i for i, x in enumerate(tr) if x), default=-1)
        if last + 1 < len(tr):
            tr[last + 1] = eid
        else:
            # ruling 13: the Spawn became a Frenzy that could not Spawn either, so no spot is free yet; the KO'd
            # Minion goes into the first spot that empties (alliances/minions: it can be Spawned again that Stage)
            self.waiting = [*self.waiting, eid]
            self.emit("alliances/full-spawn-tracker", f"The Spawn Tracker is still full: the KO'd {self.game.data.enemies[eid].name} "
                      "waits for the first spot that empties.")


@decider("icon_order")
def _icon_order_d(st: StateData) -> Decision:
    icons = st.pending[2]  # type: ignore[index]
    opts = [Option("order:rolled", "Resolve them in the order rolled: " + ", ".join(RESULT_NAMES[x].title() for x in icons))]
    for x in sorted(set(icons)):
        opts.append(Option(f"icon:{RESULT_NAMES[x]}", f"Resolve a {RESULT_NAMES[x].title()} result next", "Choose the next"))
    return question(st, "Enemies Spawn: the players decide the order of the Spawn results", opts, "spawn-order")


@answer("icon_order")
def _icon_order_a(st: StateData, oid: str, p: tuple[Any, ...]) -> None:
    icons = p[2]
    if oid == "order:rolled":
        st._push(*[("spawn", x, 0) for x in icons])
        return
    x = RESULT_NAMES.index(oid.split(":")[1])
    i = icons.index(x)
    st._push(("spawn", x, 0), ("spawn_icons", icons[:i] + icons[i + 1:]))


@decider("spawnspace")
def _spawnspace_d(st: StateData) -> Decision:
    near = st.pending[2]  # type: ignore[index]
    opts = [Option(f"space:{st.lbl(s)}", f"Spawn at {st.lbl(s)}") for s in near]
    return question(st, "Tie for the nearest Open Spawn Space: where does the Enemy Spawn?", opts, "spawn")


@answer("spawnspace")
def _spawnspace_a(st: StateData, oid: str, p: tuple[Any, ...]) -> None:
    st._spawn_into(st.board.parse(oid.split(":")[1]), p[3])
