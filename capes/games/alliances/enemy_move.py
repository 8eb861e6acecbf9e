"""Enemies Move Step: the Boss activates, Minions Advance Toward the nearest Character (ties and orders the
players decide), and other Enemy Advances (Frenzy, an empty Spawn Tracker, Protection Programming, Bleed order)
(rulebook: Game Mechanics > Enemies Move Step, Nearest, Advance, Toward and Away; Timing).

Rule ids (rules.yaml): alliances/advance, alliances/enemies-move/1, alliances/enemies-move/2,
alliances/enemy-conditions/bleed, alliances/enemy/protection-programming, alliances/nearest,
alliances/player-decisions, alliances/timing, alliances/toward-away.
"""

from __future__ import annotations

from typing import Any

from capes.core.protocol import Decision, Option
from capes.games.alliances.decisions import answer, decider, kept, question
from capes.games.alliances.state import (
    C_DAZ,
    C_POS,
    E_DAZ,
    E_DMG,
    E_ID,
    E_POS,
    E_UID,
    T_KIND,
    T_POS,
    StateData,
    char_pos,
    enemy_pos,
)


def advance_end(adj: Any, dist: Any, terrain: Any, start: int, goal: int, speed: int, blocked: set[int],
                others: set[int], free: bool) -> int:
    """Where an Enemy at ``start`` Advancing ``speed`` Toward ``goal`` ends (alliances/advance,
    alliances/toward-away): ``dist`` is the board's distances to ``goal``; it never enters ``blocked``
    (Characters' Spaces) nor ends in ``others`` (other Enemies' Spaces); Terrain stops it unless ``free``.

    Ruling (docs/rulings/alliances.md): the Enemy ends in the reachable Space nearest ``goal``; ties go to
    the fewest Spaces moved, then the lowest Space index. Returns ``start`` when no Space is nearer.
    """
    d0 = dist[start]
    # the nearest an end can be: the goal itself, unless a Character or another Enemy is there
    floor = 1 if goal in blocked or goal in others else 0
    if d0 <= floor:
        return start  # already as near as an end can be: it stays
    # the best end so far by (distance to goal, Spaces moved, Space index); breadth-first order visits
    # fewer Spaces moved first, so a tie on distance is won only within the same step by a lower index
    best_d, best_step, best_t = d0, 0, start
    seen = set(blocked)  # Spaces reached, and Characters' Spaces, which an Enemy never enters
    seen.add(start)
    frontier = [start]
    stops = () if free else terrain  # entering Terrain ends an Advance (not for a free mover)
    for step in range(1, speed + 1):
        nxt = []
        for s in frontier:
            if s in stops and s != start:
                continue
            for t in adj[s]:
                if t in seen:
                    continue
                seen.add(t)
                nxt.append(t)
                if t not in others:
                    dt = dist[t]
                    if dt < best_d or (dt == best_d and step == best_step and t < best_t):
                        best_d, best_step, best_t = dt, step, t
        if best_d <= floor:
            break  # no later step can end nearer, and a tie found later moved more Spaces
        frontier = nxt
    return best_t if best_d < d0 else start


class EnemyMove(StateData):
    """Enemy Advances."""

    def _f_enemies_move(self) -> None:
        # alliances/enemies-move/1: the Boss activates (Boss Battle only)
        # alliances/enemies-move/2: each Minion Advances its Speed Toward the nearest non-Dazed Character
        if self.stage.kind == "boss":
            mins = [e for e in self.enemies if not self.is_boss(e)]
            self._push(("boss_activate",), ("minions_move", tuple(e[E_UID] for e in mins), (-1,) * len(mins),
                                             "alliances/enemies-move/2"))
        else:
            # no Boss outside the Boss Battle: every Enemy; the next step at once (as pushing it and running the
            # stack would)
            ens = self.enemies
            self._f_minions_move(tuple([e[E_UID] for e in ens]), (-1,) * len(ens), "alliances/enemies-move/2")

    def _f_minions_move(self, uids: tuple[int, ...], speeds: tuple[int, ...], rule: str) -> None:
        """Several Enemies Advance at once. The rulebook gives no order, so the players decide it
        (alliances/timing: simultaneous effects without an order; alliances/player-decisions: the Priority Player)
        — asked only when one Enemy's Advance could change another's (they could meet); otherwise, and by the
        first option, they go in the order they entered the battlefield."""
        if not uids:
            return
        by_uid = {e[E_UID]: e for e in self.enemies}
        live = [(u, sp) for u, sp in zip(uids, speeds, strict=True)
                if (e := by_uid.get(u)) is not None and not e[E_DAZ]]
        if not live:
            return
        if rule == "alliances/enemy-conditions/bleed":
            kos = [u for u, _ in live if not self.is_boss(e := by_uid[u]) and e[E_DMG] + 2 >= self.ecard(e).stamina]
            ask = len(kos) > 1
        else:
            ask = len(live) > 1 and self._moves_interact(live, by_uid)
        if ask:
            us, sps = zip(*live, strict=True)  # the uids and the speeds, as tuples
            self.pending = ("minion_order", self.game.ctrl[self.priority], us, sps, rule)  # _ask, inlined
            return
        if len(live) > 1:
            # _push(*frames), inlined: the stack holds them last first
            self.stack.extend([self._move_frame(u, sp, rule) for u, sp in live[:0:-1]])
        self._move_now(*live[0], rule)  # the first at once (as pushing it and running the stack would)

    @staticmethod
    def _move_frame(u: int, sp: int, rule: str) -> tuple[Any, ...]:
        if rule == "alliances/enemy/protection-programming":
            return ("pp_move", u)
        if rule == "alliances/enemy-conditions/bleed":
            return ("bleed_one", u)
        return ("minion_move", u, sp, rule)

    def _move_now(self, u: int, sp: int, rule: str) -> None:
        """Run the step ``_move_frame(u, sp, rule)`` now."""
        if rule == "alliances/enemy/protection-programming":
            self._f_pp_move(u)
        elif rule == "alliances/enemy-conditions/bleed":
            self._f_bleed_one(u)  # type: ignore[attr-defined]  (enemy_attack.py, a mixin of the same state)
        else:
            self._f_minion_move(u, sp, rule)

    def _moves_interact(self, live: list[tuple[int, int]], by_uid: dict[int, list[Any]]) -> bool:
        """Could the order of these Advances matter? Only if two Enemies could reach each other's Spaces (an
        Advance may pass but not end on another Enemy; Characters do not move meanwhile)."""
        d = self.board.dist
        cards = self.ecards  # self.ecard(e), inlined
        pos = []
        for u, sp in live:
            e = by_uid[u]
            pos.append((e[E_POS], cards[e[E_ID]].speed if sp < 0 else sp))
        for i, (a, sa) in enumerate(pos):
            da = d[a]
            for b, sb in pos[i + 1:]:
                if da[b] <= sa + sb:
                    return True
        return False

    def _f_minion_move(self, uid: int, speed: int, rule: str = "alliances/enemies-move/2") -> None:
        for e in self.enemies:  # self.enemy(uid), inlined (one per Minion per Turn)
            if e[E_UID] == uid:
                break
        else:
            return
        if e[E_DAZ]:
            return
        if speed < 0:
            speed = self.ecards[e[E_ID]].speed  # self.ecard(e), inlined
        # alliances/nearest: ties are the players' decision (self._nearest_chars(e[E_POS]), inlined: once per Advance)
        dist = self.board.dist[e[E_POS]]
        best = 1 << 30
        cands: list[int] = []
        for i, c in enumerate(self.chars):
            if c[C_DAZ] or c[C_POS] < 0:
                continue
            d = dist[c[C_POS]]
            if d < best:
                best, cands = d, [i]
            elif d == best:
                cands.append(i)
        if not cands:
            return
        if len(cands) > 1:
            self.pending = ("nearest", self.game.ctrl[self.priority], uid, speed, tuple(cands), rule)  # _ask, inlined
            return
        ci = cands[0]
        self._enemy_advance(e, self.chars[ci][C_POS], speed, rule, self.game.cnames[ci])

    def _nearest_chars(self, pos: int) -> list[int]:
        """The non-Dazed Characters on the battlefield nearest ``pos`` (alliances/nearest), in squad order."""
        dist = self.board.dist[pos]
        best = 1 << 30
        out: list[int] = []
        for i, c in enumerate(self.chars):
            if c[C_DAZ] or c[C_POS] < 0:
                continue
            d = dist[c[C_POS]]
            if d < best:
                best, out = d, [i]
            elif d == best:
                out.append(i)
        return out

    def _enemy_advance(self, e: list[Any], goal: int, speed: int, rule: str = "alliances/enemies-move/2",
                       toward: str = "") -> None:
        """alliances/advance + alliances/toward-away for an Enemy: end closer to ``goal``.

        Ruling (docs/rulings/alliances.md): the Enemy ends in the reachable Space nearest
        ``goal``; ties go to the fewest Spaces moved, then the lowest Space index.
        """
        start = e[E_POS]
        b = self.board
        dist = b.dist[goal]
        if dist[start] == 0 or (dist[start] == 1 and goal in self.occupied()):
            end = start  # advance_end's first test (already as near as an end can be), before building its sets
        else:
            # ``others`` may hold the mover's own Space: advance_end never considers the start as an end
            end = advance_end(b.adj, dist, self.terrain, start, goal, speed, set(map(char_pos, self.chars)),
                              set(map(enemy_pos, self.enemies)), "goblin_glider" in self.ecards[e[E_ID]].rules)
        labels = b.labels
        what = f" Toward {toward}" if toward else ""
        if end != start:
            e[E_POS] = end
            self.emit(rule, f"{self.game.enames[e[E_ID]]} Advances from {labels[start]} to {labels[end]}{what}.")
        else:
            self.emit(rule, f"{self.game.enames[e[E_ID]]} at {labels[start]} cannot Advance any nearer{what} and stays.")

    def _f_pp_move(self, u: int) -> None:
        e = self.enemy(u)
        if e is None or "protection_programming" not in self.ecard(e).rules:
            return
        objs = [t for t in self.tokens if t[T_KIND] == "obj" and t[T_POS] >= 0]
        if not objs:
            return
        dist = self.board.dist[e[E_POS]]
        best = min(dist[t[T_POS]] for t in objs)
        near = tuple(sorted({t[T_POS] for t in objs if dist[t[T_POS]] == best}))
        if len(near) > 1:
            self._ask("nearest_obj", self.prio_seat, u, near)
            return
        self._enemy_advance(e, near[0], 1)


@decider("nearest")
def _nearest_d(st: StateData) -> Decision:
    uid, cands = st.pending[2], st.pending[4]  # type: ignore[index]
    e = st.enemy(uid)
    nm = st.ewhere(e) if e else "the Enemy"
    # not kept: a tie of the same Enemy and Characters at the same Spaces seldom comes again (most were misses)
    squad = st.game.squad
    cnames = st.game.cnames
    labels = st.board.labels
    opts = [Option(f"nearest:{squad[i]}", f"{nm} Advances Toward {cnames[i]} (at {labels[st.chars[i][C_POS]]})")
            for i in cands]
    return question(st, f"Tie for the nearest Character: which one does {nm} Advance Toward?", opts, "nearest")


@answer("nearest")
def _nearest_a(st: StateData, oid: str, p: tuple[Any, ...]) -> None:
    uid, speed = p[2], p[3]
    rule = p[5] if len(p) > 5 else "alliances/enemies-move/2"
    e = st.enemy(uid)
    ci = st.game.squad.index(oid.split(":", 1)[1])
    if e is not None:
        st._enemy_advance(e, st.chars[ci][C_POS], speed, rule, st.cname(ci))


_BY_ARRIVAL = {bleed: Option("order:arrival", f"{'Resolve' if bleed else 'Advance'} them in the order they entered the battlefield")
               for bleed in (False, True)}


@decider("minion_order")
def _minion_order_d(st: StateData) -> Decision:
    _, _, uids, speeds, rule = st.pending  # type: ignore[misc]
    bleed = rule == "alliances/enemy-conditions/bleed"
    verb = "suffers its Bleed" if bleed else "Advances"
    opts = [_BY_ARRIVAL[bleed]]
    menus = st.game.menus
    board = st.board
    by_uid = {e[E_UID]: e for e in st.enemies}
    for u in uids:
        e = by_uid.get(u)
        if e is not None:
            key = ("first", u, e[E_ID], e[E_POS], board, bleed)
            opts.append(menus.get(key) or kept(menus, key, Option(f"first:{u}", f"{st.ewhere(e)} {verb} next", "Choose the next")))
    prompt = ("Enemy Bleed KOs several Minions: the players decide the order they go back onto the Spawn Tracker"
              if bleed else "Enemies Advance: the players decide the order")
    return Decision(st.pending[1], prompt, tuple(opts), (), False, "enemy-order")  # question(), inlined


@answer("minion_order")
def _minion_order_a(st: StateData, oid: str, p: tuple[Any, ...]) -> None:
    _, _, uids, speeds, rule = p
    # the first Advance runs at once (as pushing it and running the stack would), the rest stay on the stack
    if oid == "order:arrival":
        st._push(*[st._move_frame(u, sp, rule) for u, sp in zip(uids[1:], speeds[1:], strict=True)])
        st._move_now(uids[0], speeds[0], rule)
        return
    u = int(oid[6:])  # "first:<uid>"
    i = uids.index(u)
    st.stack.append(("minions_move", uids[:i] + uids[i + 1:], speeds[:i] + speeds[i + 1:], rule))
    st._move_now(u, speeds[i], rule)


@decider("nearest_obj")
def _nearest_obj_d(st: StateData) -> Decision:
    _, _, uid, near = st.pending  # type: ignore[misc]
    e = st.enemy(uid)
    nm = st.ewhere(e) if e else "The Spider-Slayer"
    opts = [Option(f"toward:{st.lbl(x)}", f"{nm} Advances Toward the Objective token at {st.lbl(x)}") for x in near]
    return question(st, "Tie for the nearest Objective token (Protection Programming)", opts, "nearest-objective")


@answer("nearest_obj")
def _nearest_obj_a(st: StateData, oid: str, p: tuple[Any, ...]) -> None:
    e = st.enemy(p[2])
    if e is not None:
        st._enemy_advance(e, st.board.parse(oid.split(":")[1]), 1, "alliances/enemy/protection-programming",
                          "the Objective token at " + oid.split(":")[1])
