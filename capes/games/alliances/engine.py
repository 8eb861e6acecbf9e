"""The rules of Crisis Protocol — Alliances as an explicit stack of small frames.

Every pending rule is a tuple ``(name, *args)`` on ``self.stack`` (LIFO; ``_push``
takes frames in the order they should run). ``_run`` pops and executes frames until
one needs a player's decision: it then sets ``self.pending = (kind, seat, *data)`` and
the answer (``_do``) pushes the continuation. No generators or closures hold state,
so a state can be cloned, saved and resampled at any decision.

Rule ids (``alliances/...``) in comments point to ``rules.yaml``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from capes.core.protocol import GAME_OVER, Decision, Option, Result, State
from capes.games.alliances import dice
from capes.games.alliances.content import (
    ATTACK_TYPES,
    BLANK,
    BLOCK,
    COND_BIT,
    CONDITIONS,
    CRIT,
    FAIL,
    HIT,
    RESULT_NAMES,
    WILD,
)

if TYPE_CHECKING:
    from capes.games.alliances.game import AlliancesGame

# chars[i] fields
C_POS, C_STA, C_POW, C_XP, C_LVL, C_INJ, C_DAZ, C_COND, C_TOK, C_HELD, C_CARDS, C_SKUSED = range(12)
# enemies[j] fields
E_UID, E_ID, E_POS, E_DMG, E_COND, E_DAZ = range(6)
# tokens[k] fields: [tid, kind, pos, sym, extra]  kind: obj | ing | brace
T_ID, T_KIND, T_POS, T_SYM, T_X = range(5)

XP_NEEDED = {2: 10, 3: 15, 4: 20}  # alliances/level-up
_FACE = tuple(RESULT_NAMES.index(dice.result(f)) for f in dice.D8.faces)
_NF = len(_FACE)
_SUCC_ATK = (1, 1, 1, 0, 0, 0)  # crit wild hit count for attacks
_SUCC_DEF = (1, 1, 0, 1, 0, 0)  # crit wild block count for defence / dodge
MAX_POWER = 10


def plural(n: int, one: str, many: str = "") -> str:
    """``n`` and the word in the right number.

    >>> plural(1, "Enemy", "Enemies"), plural(2, "success", "successes"), plural(0, "HIT")
    ('1 Enemy', '2 successes', '0 HITs')
    """
    return f"{n} {one if n == 1 else (many or one + 's')}"


def cond_title(name: str) -> str:
    """A special condition's name as players read it (``bleed`` -> ``Bleed``)."""
    return name.title()



_DIR_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}


def half_up(n: int) -> int:
    """alliances/halving: a halved number is always rounded up.

    >>> half_up(5), half_up(4)
    (3, 2)
    """
    return (n + 1) // 2


def _cond_names(mask: int) -> list[str]:
    return [c for c in CONDITIONS if mask & COND_BIT[c]]


class AlliancesState(State):
    game: AlliancesGame

    # ------------------------------------------------------------------ setup
    def setup(self) -> None:
        g = self.game
        self.over = 0  # 0 running, 1 win, 2 loss
        self.order = list(g.stage_ids)  # the Mission's Stages in play order (the players pick the first)
        self.why = ""
        self._set_stage(0)
        self.stages_done = 0
        self.round = 0
        self.rounds_total = 0
        self.turn = 0
        self.chars = [[-1, g.side(cid, 0, ()).stamina, 0, 0, 1, 0, 0, 0, 2, (), (), ()] for cid in g.squad]
        self.enemies: list[list[Any]] = []
        self.next_uid = 1
        self.tracker: list[str] = []
        self.waiting: list[str] = []  # KO'd Minions waiting for a free Spawn Tracker spot (ruling 13)
        self.terrain: tuple[int, ...] = ()
        self.tokens: list[list[Any]] = []
        self.next_tid = 1
        self.pool = [0, 0, 0, 0]
        self.completed = 0
        self.interacted: tuple[tuple[int, int], ...] = ()
        self.priority = 0
        self.active = -1
        self.action_used = 0
        self.gg_gone = 0  # Mini-Boss KO'd this Stage
        self.boss_dazes = 0
        self.target = -1
        self.braces: list[int] = []
        self.forced: list[int] = []
        self.stack: list[tuple[Any, ...]] = []
        self.pending: tuple[Any, ...] | None = None
        self.emit("alliances/mission/build", f"Mission {g.mission['name']}: " + ", ".join(
            g.data.stages[s].name for s in self.order) + ".")
        self._push(("first_stage",), ("mission_start",))
        self._run()

    # ------------------------------------------------------------------ machinery
    def _push(self, *frames: tuple[Any, ...]) -> None:
        self.stack.extend(reversed(frames))

    def _run(self) -> None:
        st = self.stack
        while self.pending is None and st and not self.over:
            fr = st.pop()
            self._tick(fr[0])  # every engine step counts: an apply can never run forever (EngineError)
            FRAMES[fr[0]](self, *fr[1:])
        if self.over:
            self.stack.clear()
            self.pending = None

    def _after(self, mark: int, *frames: tuple[Any, ...]) -> None:
        """Push ``frames`` to run after whatever was pushed since the stack had ``mark`` frames.

        A KO's consequences (a full Spawn Tracker's Spawn, alliances/full-spawn-tracker) happen at the moment
        of the KO; the effects that come after the attack (step 12) run after them."""
        self.stack[mark:mark] = list(reversed(frames))

    def _ask(self, kind: str, seat: int, *data: Any) -> None:
        self.pending = (kind, seat, *data)

    def seat_of(self, ci: int) -> int:
        return self.game.ctrl[ci]

    @property
    def prio_seat(self) -> int:
        return self.game.ctrl[self.priority]

    def roll(self, n: int) -> list[int]:
        """Roll ``n`` dice (forced results first: tests use ``state.forced``)."""
        out = []
        f = self.forced
        for _ in range(n):
            if f:
                out.append(f.pop(0))
            else:
                out.append(_FACE[self.rng.randbelow(_NF)])
        return out

    def _lose(self, why: str) -> None:
        self.over = 2
        self.why = why
        self.emit("alliances/win-lose", why)

    def _lose_limit(self, why: str) -> None:
        self.over = 2
        self.why = why
        self.emit("alliances/house/round-limit", why)

    # ------------------------------------------------------------------ lookups
    def cname(self, ci: int) -> str:
        return self.game.data.characters[self.game.squad[ci]].name

    def cside(self, ci: int) -> Any:
        c = self.chars[ci]
        return self.game.side(self.game.squad[ci], c[C_INJ], c[C_CARDS])

    def has_skill(self, ci: int, skill: str) -> bool:
        c = self.chars[ci]
        if c[C_DAZ]:  # alliances/dazed: Dazed Characters don't have skills
            return False
        return skill in self.cside(ci).skills

    def ecard(self, e: list[Any]) -> Any:
        card = self.game.data.enemies[e[E_ID]]
        if card.boss is not None and self.is_boss(e):
            return card.boss
        return card

    def is_boss(self, e: list[Any]) -> bool:
        return e[E_ID] == self.game.boss_id and self.stage.kind == "boss"

    def ename(self, e: list[Any]) -> str:
        return self.game.data.enemies[e[E_ID]].name

    def ewhere(self, e: list[Any]) -> str:
        """The Enemy as players tell it apart: its name and its Space."""
        return f"{self.ename(e)} at {self.lbl(e[E_POS])}" if e[E_POS] >= 0 else self.ename(e)

    def etype(self, e: list[Any]) -> str:
        return "boss" if self.is_boss(e) else self.game.data.enemies[e[E_ID]].type

    def _set_stage(self, i: int) -> None:
        """Point ``stage``/``board`` (static data, shared, never copied) at Mission Stage ``i``."""
        self.stage_i = i
        self.stage = self.game.data.stages[self.order[i]]
        self.board = self.stage.board

    def lbl(self, s: int) -> str:
        return self.board.labels[s]

    def enemy(self, uid: int) -> list[Any] | None:
        for e in self.enemies:
            if e[E_UID] == uid:
                return e
        return None

    def char_at(self) -> dict[int, int]:
        return {c[C_POS]: i for i, c in enumerate(self.chars) if c[C_POS] >= 0}

    def enemy_at(self) -> dict[int, list[Any]]:
        return {e[E_POS]: e for e in self.enemies}

    def occupied(self) -> set[int]:
        s = {c[C_POS] for c in self.chars if c[C_POS] >= 0}
        s.update(e[E_POS] for e in self.enemies)
        return s

    def awake(self) -> list[int]:
        return [i for i, c in enumerate(self.chars) if not c[C_DAZ] and c[C_POS] >= 0]

    # ------------------------------------------------------------------ mission start
    def _f_first_stage(self) -> None:
        # alliances/mission/build: the players select which Standard Stage to complete first (Player 1 decides)
        std = self.order[:-1]
        if len(set(std)) > 1:
            self._ask("first_stage", 0, tuple(dict.fromkeys(std)))

    def _f_mission_start(self) -> None:
        # alliances/dashboards: 0 XP, 0 Power, full Stamina, two Activation tokens, a Level 1 card
        self.emit("alliances/dashboards", "Each Character starts with 0 XP, 0 Power, full Stamina and two Activation tokens.")
        self._push(*[("levelup", ci, 1) for ci in range(4)], ("stage_setup",))

    def _f_levelup(self, ci: int, level: int) -> None:
        # alliances/level-up: randomly draw two cards of that Level, keep one, remove the other
        ch = self.game.data.characters[self.game.squad[ci]]
        deck = ch.cards_of_level(level)
        if not deck:
            return
        drawn = [deck.pop(self.rng.randbelow(len(deck)))]
        if deck:
            drawn.append(deck.pop(self.rng.randbelow(len(deck))))
        if len(drawn) == 1:
            self._gain_card(ci, drawn[0])
            return
        self._ask("keep", self.seat_of(ci), ci, tuple(drawn))

    def _gain_card(self, ci: int, card: str) -> None:
        c = self.chars[ci]
        c[C_CARDS] = (*c[C_CARDS], card)
        lu = self.game.data.characters[self.game.squad[ci]].levelups[card]
        self.emit("alliances/level-up-cards", f"{self.cname(ci)} gains Level-Up Card {lu.name} (Level {lu.level}).")

    # ------------------------------------------------------------------ stage setup
    def _f_stage_setup(self) -> None:
        self._set_stage(self.stage_i)
        st = self.stage
        g = self.game
        b = st.board
        self.emit("alliances/stage-setup", f"Stage {self.stage_i + 1}: {st.name} ({st.board_name}).")
        self.enemies = []
        self.tokens = []
        self.tracker = [""] * len(st.tracker_spawns)
        self.waiting = []
        self.pool = [0, 0, 0, 0]
        self.completed = 0
        self.interacted = ()
        self.gg_gone = 0
        self.boss_dazes = 0
        self.target = -1
        self.braces = []
        self.round = 0
        for c in self.chars:
            c[C_POS] = -1
            c[C_TOK] = 2
        # alliances/stage-setup/board/1: Objective tokens randomised onto Objective Spaces
        ospaces = st.spaces_of("O")
        syms = self.rng.shuffled(list(st.objective_tokens))
        for s, sym in zip(ospaces, syms, strict=False):
            self.tokens.append([self.next_tid, "obj", s, sym, 0])
            self.next_tid += 1
        # alliances/stage-setup/board/2: one Terrain Feature in each Terrain Space
        self.terrain = tuple(st.spaces_of("T"))
        # alliances/stage-setup/board/3: Enemies shown on Spawn Spaces
        for s in range(b.n):
            if st.start_enemy[s]:
                self._add_enemy(g.type_to_enemy(st.start_enemy[s]), s)
        # alliances/stage-setup/board/4: Enemies on the Spawn Tracker
        for i, t in enumerate(st.tracker_start):
            if t:
                self.tracker[i] = g.type_to_enemy(t)
        # alliances/stage-setup/enemy-tracker: Mini-Boss side + Standard Pitfall, or Boss side + Boss Pitfall
        if st.kind == "boss":
            self.emit("alliances/stage-setup/enemy-tracker", "Enemy Tracker: Green Goblin's Boss side and the Boss Battle Pitfall Turbo Boost.")
        else:
            self.emit("alliances/stage-setup/enemy-tracker", "Enemy Tracker: Green Goblin's Mini-Boss side and the Standard Pitfall Bombing Run.")
        # alliances/difficulty: Challenge tokens, one per spot, after the Enemies
        n = g.config["difficulty"]
        for i in range(len(self.tracker)):
            if n and not self.tracker[i]:
                self.tracker[i] = "*"
                n -= 1
        SCRIPTS_SETUP.get(st.script, lambda s: None)(self)
        if self.stage_i == 0:
            self._push(("priority",))  # alliances/priority: who starts the game with the token
        else:
            # alliances/stage-complete: the next Stage is set up and the Characters Deploy (Priority carries on)
            self._push(*[("deploy", (self.priority + k) % 4) for k in range(4)], ("round",))

    def _add_enemy(self, eid: str, pos: int) -> list[Any]:
        e = [self.next_uid, eid, pos, 0, 0, 0]
        self.next_uid += 1
        self.enemies.append(e)
        return e

    def _f_priority(self) -> None:
        # alliances/priority: players decide (Player 1 proposes) or roll off
        self._ask("priority", 0)

    def _rolloff(self) -> None:
        # alliances/priority/roll-off: five dice each; most crit+wild+hit, then crits, wilds, hits
        seats = list(range(self.game.players))
        while True:
            self._tick("priority roll-off")
            best: tuple[int, ...] | None = None
            tied: list[int] = []
            for p in seats:
                r = self.roll(5)
                key = (sum(_SUCC_ATK[x] for x in r), r.count(CRIT), r.count(WILD), r.count(HIT))
                if best is None or key > best:
                    best, tied = key, [p]
                elif key == best:
                    tied.append(p)
            if len(tied) == 1:
                break
            seats = tied
        w = tied[0]
        self.emit("alliances/priority/roll-off", f"Player {w + 1} wins the roll-off for Priority.")
        mine = [ci for ci in range(4) if self.seat_of(ci) == w]
        if len(mine) == 1:
            self._set_priority(mine[0])
        else:
            self._ask("give", w, tuple(mine))

    def _set_priority(self, ci: int) -> None:
        self.priority = ci
        self.emit("alliances/priority-player", f"{self.cname(ci)} takes the Priority token.")
        # alliances/deployment: clockwise from the Priority Character
        self._push(*[("deploy", (ci + k) % 4) for k in range(4)], ("round",))

    def _f_deploy(self, ci: int) -> None:
        free = [s for s in self.stage.spaces_of("D") if s not in self.occupied()]
        if len(free) == 1:
            self._deploy(ci, free[0])
        else:
            self._ask("deploy", self.seat_of(ci), ci, tuple(free))

    def _deploy(self, ci: int, s: int) -> None:
        self.chars[ci][C_POS] = s
        self.emit("alliances/deployment", f"{self.cname(ci)} deploys at {self.lbl(s)}.")

    # ------------------------------------------------------------------ rounds
    def _f_round(self) -> None:
        # alliances/round
        limit = self.game.config["round_limit"]
        if limit and self.rounds_total >= limit:
            self._lose_limit(f"The Mission runs out of time after {self.rounds_total} Rounds (house rule round_limit).")
            return
        self.round += 1
        self.rounds_total += 1
        self.emit("alliances/round", f"Round {self.round} begins.")
        self._push(("power",), ("turn", 0), ("turn", 1), ("cleanup",), ("round",))

    def _f_power(self) -> None:
        # alliances/power-phase/1: all Characters gain 1 Power (max 10: alliances/power)
        for c in self.chars:
            c[C_POW] = min(MAX_POWER, c[C_POW] + 1)
        # alliances/power-phase/2, /3: no shipped content acts here

    def _f_turn(self, t: int) -> None:
        # alliances/turn
        self.turn = t
        self.interacted = ()
        self._push(("act_pick",), ("act_pick",), ("act_pick",), ("act_pick",), ("enemies_move",),
                   ("enemies_spawn",), ("enemies_attack", 1), ("pass_priority",), ("end_turn", t))

    def _f_act_pick(self) -> None:
        # alliances/activation: the players choose a Character with an Activation token
        cands = [i for i, c in enumerate(self.chars) if c[C_TOK] > 0]
        if not cands:
            return
        if len(cands) == 1:
            self._push(("activate", cands[0]))
        else:
            self._ask("activate", self.prio_seat, tuple(cands))

    def _f_activate(self, ci: int) -> None:
        c = self.chars[ci]
        if c[C_DAZ]:
            # alliances/activation/dazed
            self._recover(ci)
            self.emit("alliances/activation/dazed", f"{self.cname(ci)} shakes off being Dazed: Injured side, full Stamina.")
        self.active = ci
        self.action_used = 0
        c[C_SKUSED] = ()
        self._push(("act_menu",))

    def _recover(self, ci: int) -> None:
        c = self.chars[ci]
        c[C_COND] = 0
        c[C_DAZ] = 0
        c[C_INJ] = 1
        c[C_STA] = self.cside(ci).stamina

    def _f_act_menu(self) -> None:
        ci = self.active
        if ci < 0:
            return
        if self.chars[ci][C_DAZ]:
            self._push(("act_end", ci))
            return
        opts = self._act_options(ci)
        if len(opts) == 1:
            self._push(("act_end", ci))
            return
        self._ask("act", self.seat_of(ci), ci, tuple(opts))

    def _f_act_end(self, ci: int) -> None:
        c = self.chars[ci]
        # alliances/conditions/bleed: at the end of the Character's next Activation, 2 Damage
        if c[C_COND] & COND_BIT["bleed"] and not c[C_DAZ]:
            c[C_COND] &= ~COND_BIT["bleed"]
            self.emit("alliances/conditions/bleed", f"{self.cname(ci)} bleeds for 2 Damage.")
            self._hurt_char(ci, 2, enemy=False)
        # alliances/activation/end: move an Activation token to the tracker
        c[C_TOK] -= 1
        self.active = -1

    # ------------------------------------------------------------------ character options
    def _act_options(self, ci: int) -> list[Option]:
        c = self.chars[ci]
        side = self.cside(ci)
        opts: list[Option] = []
        ens = [e for e in self.enemies if not e[E_DAZ]]
        b = self.board
        pos = c[C_POS]
        dist = b.dist[pos]
        if not self.action_used:
            # alliances/activation/attack (alliances/char-attack/1, /2)
            for a in side.attacks:
                if a.cost > c[C_POW]:
                    continue
                how = f"{plural(a.strength, 'die', 'dice')}" + (f", {a.cost} Power" if a.cost else "")
                if a.shape == "":
                    for e in ens:
                        if dist[e[E_POS]] <= a.range:
                            opts.append(Option(f"attack:{a.id}:{e[E_UID]}",
                                               f"Attack {self.ewhere(e)} with {a.name} ({how})", "Attack"))
                elif a.shape == "A":
                    k = sum(1 for e in ens if dist[e[E_POS]] <= a.range)
                    if k:
                        opts.append(Option(f"attack:{a.id}", f"Area attack {a.name} (Range A{a.range}, {how}): "
                                           f"{plural(k, 'Enemy', 'Enemies')} in reach", "Attack"))
                else:
                    for d in range(b.ndirs):
                        line = b.line(pos, d, a.range)
                        k = sum(1 for e in ens if e[E_POS] in line)
                        if k:
                            opts.append(Option(f"attack:{a.id}:{b.dir_names[d]}",
                                               f"Beam attack {a.name} to the {_DIR_WORDS.get(b.dir_names[d], b.dir_names[d])} "
                                               f"({how}): {plural(k, 'Enemy', 'Enemies')} in the line", "Attack"))
            # alliances/activation/move
            # two steps (Move, then where) keep the menu short for people and search bots
            if self._advance_targets(ci, side.speed):
                opts.append(Option("move", f"Move (Advance up to {plural(side.speed, 'Space')})", "Move"))
            # alliances/activation/shake
            for cn in _cond_names(c[C_COND]):
                opts.append(Option(f"shake:{cn}", f"Shake off {cond_title(cn)}", "Shake"))
            # alliances/skills/active with "Action:"
            if "web_zip" in side.skills and self._zip_targets(ci):
                opts.append(Option("skill:web_zip", "Web Zip (Action): Place this Character within 3 Spaces", "Skills"))
            if "web_toss" in side.skills:
                # alliances/content/web-toss: Throw a Terrain Feature within Range 1 (alliances/terrain/throw)
                occ_line = self.occupied() | set(self.terrain)
                for ts in self.terrain:
                    if dist[ts] <= 1:
                        for d in range(b.ndirs):
                            line = b.line(pos, d, 4)
                            if any(x in occ_line and x != ts for x in line):
                                opts.append(Option(f"skill:web_toss:{b.labels[ts]}:{b.dir_names[d]}",
                                                   f"Web Toss (Action): Throw the Terrain Feature at {b.labels[ts]} "
                                                   f"to the {_DIR_WORDS.get(b.dir_names[d], b.dir_names[d])}", "Skills"))
        # Active skills (not actions), once per Activation
        if "bad_luck" in side.skills and "bad_luck" not in c[C_SKUSED] and c[C_POW] >= 1:
            for e in ens:
                if dist[e[E_POS]] <= 3:
                    opts.append(Option(f"skill:bad_luck:{e[E_UID]}", f"Bad Luck (1 Power): {self.ewhere(e)} gains Hex", "Skills"))
        if "second_wind" in side.skills and "second_wind" not in c[C_SKUSED] and c[C_POW] >= 2 and c[C_STA] < side.stamina:
            opts.append(Option("skill:second_wind", "Second Wind (2 Power): remove 2 Damage", "Skills"))
        # alliances/interact: 1 Power, once per token per Turn
        opts.extend(Option(o.id, o.label, o.group or "Interact")
                    for o in SCRIPTS_INTERACT.get(self.stage.script, _no_interact)(self, ci))
        opts.append(Option("end", "End this Activation", "End"))
        return opts

    def _zip_targets(self, ci: int) -> list[int]:
        occ = self.occupied()
        return [s for s in self.board.ball(self.chars[ci][C_POS], 3) if s not in occ]

    def _interact_cost(self, ci: int) -> int:
        return 0 if self.has_skill(ci, "cat_burglar") else 1

    def _can_interact(self, ci: int, tid: int) -> bool:
        return self.chars[ci][C_POW] >= self._interact_cost(ci) and (ci, tid) not in self.interacted

    def _advance_targets(self, ci: int, speed: int) -> list[int]:
        """Spaces a Character can end an Advance in (alliances/advance)."""
        b = self.board
        start = self.chars[ci][C_POS]
        blocked = {e[E_POS] for e in self.enemies}
        allies = {c[C_POS] for c in self.chars if c[C_POS] >= 0}
        ter = self.terrain
        free = self.has_skill(ci, "wall_crawler") or self.has_skill(ci, "flight")
        seen = {start: 0}
        frontier = [start]
        for step in range(speed):
            nxt = []
            for s in frontier:
                if s != start and s in ter and not free:
                    continue  # entering Terrain ends the Advance
                for t in b.adj[s]:
                    if t in seen or t in blocked:
                        continue
                    seen[t] = step + 1
                    nxt.append(t)
            frontier = nxt
        return sorted(s for s in seen if s != start and s not in allies)

    # ------------------------------------------------------------------ character attacks
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
            self._push(("atk_one", ci, aid, int(spec), 1))
            return
        if a.shape == "A":
            # alliances/area: every Enemy within Range is targeted
            targets = tuple(e[E_UID] for e in self.enemies if not e[E_DAZ] and b.dist[c[C_POS]][e[E_POS]] <= a.range)
            self.emit("alliances/area", f"{self.cname(ci)} makes the area attack {a.name}, targeting {plural(len(targets), 'Enemy', 'Enemies')}.")
        else:
            # alliances/beam: measured in a straight line to its full Range
            line = b.line(c[C_POS], b.dir_index(spec), a.range)
            targets = tuple(e[E_UID] for e in self.enemies if not e[E_DAZ] and e[E_POS] in line)
            self.emit("alliances/beam", f"{self.cname(ci)} fires the beam {a.name} to the {_DIR_WORDS.get(spec, spec)}, "
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
        succ = sum(_SUCC_ATK[x] for x in r)
        df = card.defense
        if e[E_POS] in self.terrain:
            df += 1  # alliances/cover
        if e[E_COND] & COND_BIT["incinerate"]:
            df -= 2  # alliances/enemy-conditions/incinerate
            e[E_COND] &= ~COND_BIT["incinerate"]
        df = max(0, df)
        net = succ - df
        faces = ",".join(RESULT_NAMES[x] for x in r)
        self.emit("alliances/char-attack/8", f"{self.cname(ci)} rolls [{faces}]: {plural(succ, 'success', 'successes')} "
                  f"against {self.ewhere(e)}'s Defense {df}.")
        if hexed:
            e[E_COND] &= ~COND_BIT["hex"]
        # alliances/char-attack/10: apply Damage (an Enemy suffers at most its remaining Stamina)
        ko = False
        mark = len(self.stack)
        if net > 0:
            dealt = min(net, card.stamina - e[E_DMG])
            self.emit("alliances/char-attack/10", f"{a.name} deals {dealt} Damage to {self.ewhere(e)} "
                      f"({min(card.stamina, e[E_DMG] + dealt)}/{card.stamina} Damage).")
            ko = self._hurt_enemy(e, net, ci)
        else:
            self.emit("alliances/char-attack/10", f"{a.name} deals no Damage to {self.ewhere(e)}.")
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

    # ------------------------------------------------------------------ throws and pushes
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
        dmg = max(0, 3 - sum(_SUCC_DEF[x] for x in r))
        self.emit("alliances/dodge", f"{self.cname(ci)} dodges and suffers {dmg} Damage.")
        if dmg:
            self._hurt_char(ci, dmg, enemy=False)

    # ------------------------------------------------------------------ damage
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
            SCRIPTS_KO.get(self.stage.script, _no_ko)(self, e)
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

    def _gain_xp(self, ci: int, n: int) -> None:
        # alliances/xp, alliances/level-up at 10/15/20 XP (spent)
        c = self.chars[ci]
        c[C_XP] += n
        while c[C_LVL] < 4 and c[C_XP] >= XP_NEEDED[c[C_LVL] + 1]:
            c[C_XP] -= XP_NEEDED[c[C_LVL] + 1]
            c[C_LVL] += 1
            c[C_COND] = 0
            c[C_DAZ] = 0
            c[C_INJ] = 0
            c[C_STA] = self.cside(ci).stamina
            self.emit("alliances/level-up", f"{self.cname(ci)} reaches Level {c[C_LVL]}: Healthy side, full Stamina.")
            self._push(("levelup", ci, c[C_LVL]))

    # ------------------------------------------------------------------ heroic assists
    def _f_assist(self, ci: int, k: int) -> None:
        # alliances/heroic-assist: 1 XP, then another non-Dazed Character receives it
        self.emit("alliances/heroic-assist", f"{self.cname(ci)} makes a Heroic Assist (+1 XP).")
        # alliances/content/tag-team: two different Characters receive it (alliances/stacking)
        n = 2 if self.has_skill(ci, "tag_team") else 1
        self._push(("assist_give", ci, n, ()))
        self._gain_xp(ci, 1)

    def _f_assist_give(self, ci: int, n: int, got: tuple[int, ...]) -> None:
        if n <= 0 or self.over:
            return
        cands = [j for j in self.awake() if j != ci and j not in got]
        if not cands:
            return
        opts = []
        for j in cands:
            cj = self.chars[j]
            nm = self.cname(j)
            cid = self.game.squad[j]
            if cj[C_STA] < self.cside(j).stamina:
                opts.append(Option(f"assist:{cid}:heal", f"{nm} removes 1 Damage", nm))
            for cn in _cond_names(cj[C_COND]):
                opts.append(Option(f"assist:{cid}:cond:{cn}", f"{nm} removes {cond_title(cn)}", nm))
            opts.append(Option(f"assist:{cid}:power", f"{nm} gains 1 Power", nm))
            if self._advance_targets(j, 1):
                opts.append(Option(f"assist:{cid}:advance", f"{nm} Advances 1 Space", nm))
        if len(opts) == 1:
            ANSWERS["assist"](self, opts[0].id, ("assist", self.seat_of(ci), ci, n, got, tuple(opts)))
            return
        self._ask("assist", self.seat_of(ci), ci, n, got, tuple(opts))

    def _complete_objective(self, ci: int, tok: list[Any]) -> None:
        # alliances/objective/complete: removed by a Character's effect -> Completes an Objective
        tok[T_POS] = -1
        self.completed += 1
        self.emit("alliances/objective/complete", f"{self.cname(ci)} Completes an Objective; each Character gains 2 XP.")
        self._push(("assist", ci, 0))
        for j in range(4):
            self._gain_xp(j, 2)

    # ------------------------------------------------------------------ enemies move
    def _f_enemies_move(self) -> None:
        # alliances/enemies-move/1: the Boss activates (Boss Battle only)
        frames: list[tuple[Any, ...]] = []
        if self.stage.kind == "boss":
            frames.append(("boss_activate",))
        # alliances/enemies-move/2: each Minion Advances its Speed Toward the nearest non-Dazed Character
        mins = [e for e in self.enemies if not self.is_boss(e)]
        frames.append(("minions_move", tuple(e[E_UID] for e in mins), (-1,) * len(mins), "alliances/enemies-move/2"))
        self._push(*frames)

    def _f_minions_move(self, uids: tuple[int, ...], speeds: tuple[int, ...], rule: str) -> None:
        """Several Enemies Advance at once. The rulebook gives no order, so the players decide it
        (alliances/timing: simultaneous effects without an order; alliances/player-decisions: the Priority Player)
        — asked only when one Enemy's Advance could change another's (they could meet); otherwise, and by the
        first option, they go in the order they entered the battlefield."""
        live = [(u, sp) for u, sp in zip(uids, speeds, strict=True)
                if (e := self.enemy(u)) is not None and not e[E_DAZ]]
        if rule == "alliances/enemy-conditions/bleed":
            kos = [u for u, _ in live if (e := self.enemy(u)) is not None and not self.is_boss(e)
                   and e[E_DMG] + 2 >= self.ecard(e).stamina]
            ask = len(kos) > 1
        else:
            ask = len(live) > 1 and self._moves_interact(live)
        if ask:
            self._ask("minion_order", self.prio_seat, tuple(u for u, _ in live), tuple(sp for _, sp in live), rule)
            return
        self._push(*[self._move_frame(u, sp, rule) for u, sp in live])

    @staticmethod
    def _move_frame(u: int, sp: int, rule: str) -> tuple[Any, ...]:
        if rule == "alliances/enemy/protection-programming":
            return ("pp_move", u)
        if rule == "alliances/enemy-conditions/bleed":
            return ("bleed_one", u)
        return ("minion_move", u, sp, rule)

    def _moves_interact(self, live: list[tuple[int, int]]) -> bool:
        """Could the order of these Advances matter? Only if two Enemies could reach each other's Spaces (an
        Advance may pass but not end on another Enemy; Characters do not move meanwhile)."""
        d = self.board.dist
        pos = []
        for u, sp in live:
            e = self.enemy(u)
            assert e is not None
            pos.append((e[E_POS], self.ecard(e).speed if sp < 0 else sp))
        return any(d[a][b] <= sa + sb for i, (a, sa) in enumerate(pos) for b, sb in pos[i + 1:])

    def _f_minion_move(self, uid: int, speed: int, rule: str = "alliances/enemies-move/2") -> None:
        e = self.enemy(uid)
        if e is None or e[E_DAZ]:
            return
        if speed < 0:
            speed = self.ecard(e).speed
        # alliances/nearest: ties are the players' decision
        cands = self._nearest_chars(e[E_POS])
        if not cands:
            return
        if len(cands) > 1:
            self._ask("nearest", self.prio_seat, uid, speed, tuple(cands), rule)
            return
        self._enemy_advance(e, self.chars[cands[0]][C_POS], speed, rule, self.cname(cands[0]))

    def _nearest_chars(self, pos: int) -> list[int]:
        dist = self.board.dist[pos]
        best = 1 << 30
        out: list[int] = []
        for i in self.awake():
            d = dist[self.chars[i][C_POS]]
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
        b = self.board
        start = e[E_POS]
        dist = b.dist[goal]
        d0 = dist[start]
        blocked = {c[C_POS] for c in self.chars if c[C_POS] >= 0}
        others = {x[E_POS] for x in self.enemies if x is not e}
        ter = self.terrain
        free = "goblin_glider" in self.ecard(e).rules
        best = (d0, 0, start)
        seen = {start}
        frontier = [start]
        for step in range(1, speed + 1):
            nxt = []
            for s in frontier:
                if s != start and s in ter and not free:
                    continue
                for t in b.adj[s]:
                    if t in seen or t in blocked:
                        continue
                    seen.add(t)
                    nxt.append(t)
                    if t not in others:
                        k = (dist[t], step, t)
                        if k < best:
                            best = k
            frontier = nxt
        frm = self.lbl(start)
        what = f" Toward {toward}" if toward else ""
        if best[0] < d0:
            e[E_POS] = best[2]
            self.emit(rule, f"{self.ename(e)} Advances from {frm} to {self.lbl(best[2])}{what}.")
        else:
            self.emit(rule, f"{self.ename(e)} at {frm} cannot Advance any nearer{what} and stays.")

    # ------------------------------------------------------------------ spawning
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
        self._push(*frames)

    def _f_spawn_icons(self, icons: tuple[int, ...]) -> None:
        """alliances/enemies-spawn/3, one Spawn per other result. The rulebook gives no order among them, and it
        decides which Enemy goes to which icon's Space, so the players decide it (alliances/timing) — asked when
        two different icons remain; the first option keeps the order rolled."""
        if len(set(icons)) > 1 and self._first_enemy_slot() >= 0:
            self._ask("icon_order", self.prio_seat, icons)
            return
        self._push(*[("spawn", x, 0) for x in icons])

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

    # ------------------------------------------------------------------ enemies attack
    def _f_enemies_attack(self, step: int = 0) -> None:
        """Enemies Attack; ``step`` is 1 for the Turn's Enemies Attack step, 0 when another effect (a Frenzy
        that still finds no Open Spawn Space) causes it: only the step ends with Enemy Bleed and a Boss's
        Dazed token removed (alliances/enemy-conditions/bleed, alliances/boss-dazed)."""
        # alliances/enemies-attack: each Enemy attacks each Character within its Attack Range
        b = self.board
        targets = self.awake()
        by_char: dict[int, list[int]] = {i: [] for i in targets}
        attacked: list[int] = []
        for e in self.enemies:
            if e[E_DAZ]:
                continue
            rng = self.ecard(e).range
            hits = [i for i in targets if b.dist[e[E_POS]][self.chars[i][C_POS]] <= rng]
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
        self._push(*frames)

    def _f_eatk(self, ci: int, uids: tuple[int, ...], bonus: int) -> None:
        c = self.chars[ci]
        if c[C_DAZ] or self.over:
            return
        # alliances/enemy-attack/1: effects when a Character is targeted (Spider-Sense, reactive)
        if bonus == 0 and self.has_skill(ci, "spider_sense") and c[C_POW] >= 1:
            self._ask("react", self.seat_of(ci), "spider_sense", ci, uids)
            return
        attackers = [e for u in uids if (e := self.enemy(u)) is not None]
        if not attackers:
            return
        # alliances/enemy-attack/2: Attack Strength = sum of Strengths
        strength = sum(self.ecard(e).strength for e in attackers)
        # alliances/enemy-attack/3: type of the leftmost matching Enemy Stat Card
        ids = {e[E_ID] for e in attackers}
        first = next(x for x in self.game.mission["enemy_tracker"] if x in ids)
        fe = next(e for e in attackers if e[E_ID] == first)
        atype = self.ecard(fe).attack_type
        # alliances/enemy-attack/4: defence pool (never fewer than one die)
        n = self.cside(ci).defense[atype] + max(0, bonus)
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
        # alliances/enemy-attack/7: Modify Dice — Cover turns one die into a Block (ruling: automatic)
        if c[C_POS] in self.terrain:
            for k, x in enumerate(r):
                if x in (BLANK, HIT):
                    r[k] = BLOCK
                    self.emit("alliances/cover", f"{self.cname(ci)} is in Cover: one die becomes a Block.")
                    break
        # alliances/enemy-attack/8
        succ = sum(_SUCC_DEF[x] for x in r)
        final = strength - succ
        who = (self.ewhere(attackers[0]) + " attacks" if len(attackers) == 1
               else f"{plural(len(attackers), 'Enemy', 'Enemies')} attack")
        self.emit("alliances/enemy-attack/8", f"{who} {self.cname(ci)} ({ATTACK_TYPES[atype].title()}, Attack Strength {strength}); "
                  f"defence [{','.join(RESULT_NAMES[x] for x in r)}] = {plural(succ, 'success', 'successes')}; "
                  + (f"final Attack Strength {final}." if final > 0 else "final Attack Strength 0: no Damage."))
        # alliances/enemy-attack/10: Damage and Power
        dealt = 0
        if final > 0:
            dealt = self._hurt_char(ci, final, enemy=True)
            if dealt:
                self.emit("alliances/enemy-attack/10", f"{self.cname(ci)} suffers {dealt} Damage and gains {dealt} Power "
                          f"(Stamina {c[C_STA]}/{self.cside(ci).stamina}).")
        frames: list[tuple[Any, ...]] = []
        # alliances/enemy-attack/12: after-attack effects, allied first
        if dealt and not c[C_DAZ] and self.has_skill(ci, "quick_reflexes") and self._advance_targets(ci, 1):
            frames.append(("quick_reflexes", ci))
        if self.over:
            return
        if dealt and any("crushing_grip" in self.ecard(e).rules for e in attackers) and not c[C_DAZ]:
            if not c[C_COND] & COND_BIT["shock"]:
                c[C_COND] |= COND_BIT["shock"]
                self.emit("alliances/enemy/crushing-grip", f"Crushing Grip: {self.cname(ci)} gains Shock.")
        self._push(*frames)

    def _f_quick_reflexes(self, ci: int) -> None:
        opts = [Option(f"move:{self.lbl(s)}", f"Quick Reflexes: Advance to {self.lbl(s)}") for s in self._advance_targets(ci, 1)]
        if not opts or self.chars[ci][C_DAZ]:
            return
        self._ask("reflex", self.seat_of(ci), ci, tuple([*opts, Option("pass", "Do not use Quick Reflexes")]))

    def _f_after_eatk(self, uids: tuple[int, ...]) -> None:
        # alliances/enemy/protection-programming: each Spider-Slayer that attacked Advances 1 Toward the
        # nearest Objective token (ties: the players decide; so does the order, when it can matter)
        movers = tuple(u for u in uids if (e := self.enemy(u)) is not None
                       and "protection_programming" in self.ecard(e).rules)
        self._push(("minions_move", movers, (1,) * len(movers), "alliances/enemy/protection-programming"))

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

    def _f_enemy_bleed(self) -> None:
        # alliances/enemy-conditions/bleed: at the end of the Enemies Attack step, 2 Damage. The Bleeds are
        # simultaneous; their order matters only when two or more KO Minions (the order they reach the Spawn
        # Tracker), and then the players decide it (alliances/timing, ruling 3)
        uids = tuple(e[E_UID] for e in self.enemies if e[E_COND] & COND_BIT["bleed"])
        self._push(("minions_move", uids, (0,) * len(uids), "alliances/enemy-conditions/bleed"))

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

    def _f_pass_priority(self) -> None:
        # alliances/pass-priority: clockwise (squad order)
        self.priority = (self.priority + 1) % 4

    def _f_end_turn(self, t: int) -> None:
        # alliances/end-turn; alliances/stage-complete
        if SCRIPTS_END[self.stage.script](self):
            self.stages_done += 1
            self.emit("alliances/stage-complete", f"The Characters complete {self.stage.name}!")
            if self.stage.kind == "boss":
                self.over = 1
                self.why = "The Boss Battle is complete: the Mission is a success!"
                self.emit("alliances/win-lose", self.why)
                return
            self.stack.clear()
            for ci, c in enumerate(self.chars):
                if c[C_DAZ]:
                    self._recover(ci)  # ruling: Cleanup step 3 for Dazed Characters when a Stage ends
                c[C_HELD] = ()
            frames: list[tuple[Any, ...]] = []
            for ci, c in enumerate(self.chars):
                k = c[C_POW] // 3  # alliances/rally: per 3 Power lost
                c[C_POW] = 0
                frames += [("rally", ci)] * k
            self._set_stage(self.stage_i + 1)
            frames.append(("stage_setup",))
            self.emit("alliances/rally", "The Characters Rally.")
            self._push(*frames)

    def _f_rally(self, ci: int) -> None:
        c = self.chars[ci]
        opts = [Option("rally:xp", "Gain 1 XP")]
        if c[C_STA] < self.cside(ci).stamina:
            opts.append(Option("rally:heal", "Remove 1 Damage"))
        for cn in _cond_names(c[C_COND]):
            opts.append(Option(f"rally:cond:{cn}", f"Remove {cond_title(cn)}"))
        if len(opts) == 1:
            self._gain_xp(ci, 1)
            return
        self._ask("rally", self.seat_of(ci), ci, tuple(opts))

    def _f_cleanup(self) -> None:
        # alliances/cleanup/3: Dazed Characters recover on their Injured side
        for ci, c in enumerate(self.chars):
            if c[C_DAZ]:
                self._recover(ci)
                self.emit("alliances/cleanup/3", f"{self.cname(ci)} recovers from being Dazed (Injured side).")
            c[C_TOK] = 2  # alliances/cleanup/4

    def _f_drop(self, ci: int, tid: int, sym: int) -> None:
        # alliances/tokens/drop + oscorp-lab Interact (Ingredient): Placed within 1 Space
        pos = self.chars[ci][C_POS]
        b = self.board
        spaces = [s for s in range(b.n) if b.exists[s] and b.dist[pos][s] <= 1]
        if len(spaces) == 1:
            self._put_ing(sym, spaces[0], tid)
        else:
            self._ask("place_ing", self.seat_of(ci), sym, tuple(spaces), tid)

    def _put_ing(self, sym: int, s: int, tid: int = 0) -> None:
        """Put an Ingredient (Stage token) on the battlefield; a dropped one keeps its identity."""
        if not tid:
            tid = self.next_tid
            self.next_tid += 1
        self.tokens.append([tid, "ing", s, sym, 0])

    # ------------------------------------------------------------------ boss behaviour
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

    # ------------------------------------------------------------------ protocol hooks
    def _compute_decision(self) -> Decision:
        if self.over or self.pending is None:
            return GAME_OVER
        return DECIDERS[self.pending[0]](self)

    def _do(self, oid: str) -> None:
        p = self.pending
        assert p is not None
        self.pending = None
        ANSWERS[p[0]](self, oid, p)
        self._run()

    def _result(self) -> Result | None:
        if not self.over:
            return None
        n = self.game.num_seats
        out = ("win",) * n if self.over == 1 else ("loss",) * n
        return Result(out, (float(self.stages_done),) * n, self.why)

    _FIELDS = ("order", "over", "why", "stage_i", "stages_done", "round", "rounds_total", "turn", "next_uid", "tracker",
               "terrain", "next_tid", "pool", "completed", "interacted", "priority", "active", "action_used",
               "gg_gone", "boss_dazes", "target", "braces", "forced", "waiting")

    def _dump(self) -> Any:
        d = {k: _jsonable(getattr(self, k)) for k in self._FIELDS}
        d["chars"] = _jsonable(self.chars)
        d["enemies"] = _jsonable(self.enemies)
        d["tokens"] = _jsonable(self.tokens)
        d["stack"] = _jsonable(self.stack)
        d["pending"] = _jsonable(self.pending)
        return d

    def _load(self, data: Any) -> None:
        for k in self._FIELDS:
            setattr(self, k, data.get(k, []) if k == "waiting" else data[k])
        self._set_stage(self.stage_i)
        self.terrain = tuple(self.terrain)
        self.interacted = tuple(tuple(x) for x in self.interacted)
        self.chars = [[*c[:C_HELD], tuple(tuple(h) for h in c[C_HELD]), tuple(c[C_CARDS]), tuple(c[C_SKUSED])] for c in data["chars"]]
        self.enemies = [list(e) for e in data["enemies"]]
        self.tokens = [list(t) for t in data["tokens"]]
        self.stack = [_untuple(f) for f in data["stack"]]
        self.pending = _untuple(data["pending"]) if data["pending"] is not None else None

    def _copy_into(self, o: State) -> None:
        assert isinstance(o, AlliancesState)
        d = o.__dict__
        for k, v in self.__dict__.items():
            if k not in _PROTOCOL_FIELDS:
                d[k] = v
        o.chars = [c[:] for c in self.chars]
        o.enemies = [e[:] for e in self.enemies]
        o.tokens = [t[:] for t in self.tokens]
        o.tracker = self.tracker[:]
        o.waiting = self.waiting[:]
        o.pool = self.pool[:]
        o.braces = self.braces[:]
        o.forced = self.forced[:]
        o.stack = self.stack[:]
        o.order = self.order[:]

    def _view(self, seat: int | None) -> dict[str, Any]:
        # Nothing is hidden: pools and Level-Up decks are drawn at random when used.
        b = self.board
        g = self.game
        return {
            "stage": self.stage.id, "stage_name": self.stage.name, "stage_index": self.stage_i,
            "mission": list(self.order),
            "stages_done": self.stages_done, "round": self.round, "rounds_total": self.rounds_total,
            "turn": self.turn, "priority": g.squad[self.priority],
            "active": g.squad[self.active] if self.active >= 0 else None,
            "characters": [
                {"id": g.squad[i], "seat": g.ctrl[i], "pos": b.label(c[C_POS]) if c[C_POS] >= 0 else None,
                 "stamina": c[C_STA], "max_stamina": self.cside(i).stamina, "power": c[C_POW], "xp": c[C_XP],
                 "level": c[C_LVL], "injured": bool(c[C_INJ]), "dazed": bool(c[C_DAZ]),
                 "conditions": _cond_names(c[C_COND]), "activation_tokens": c[C_TOK],
                 "holding": [RESULT_NAMES[x] for _, x in c[C_HELD]], "cards": list(c[C_CARDS])}
                for i, c in enumerate(self.chars)],
            "enemies": [{"uid": e[E_UID], "id": e[E_ID], "type": self.etype(e), "pos": b.label(e[E_POS]) if e[E_POS] >= 0 else None,
                         "damage": e[E_DMG], "stamina": self.ecard(e).stamina, "conditions": _cond_names(e[E_COND]),
                         "dazed": bool(e[E_DAZ])} for e in self.enemies],
            "tracker": list(self.tracker),
            "terrain": [b.label(s) for s in self.terrain],
            "tokens": [{"id": t[T_ID], "kind": t[T_KIND], "pos": b.label(t[T_POS]) if t[T_POS] >= 0 else None,
                        "symbol": RESULT_NAMES[t[T_SYM]], "extra": t[T_X]} for t in self.tokens],
            "ingredient_pool": list(self.pool), "completed": self.completed, "boss_dazes": self.boss_dazes,
            "target": b.label(self.target) if self.target >= 0 else None, "braces": list(self.braces),
            "over": self.over, "why": self.why,
        }


_PROTOCOL_FIELDS = frozenset({"game", "seed", "rng", "actions", "log", "_decision"})


def _jsonable(x: Any) -> Any:
    if isinstance(x, list | tuple):
        return [_jsonable(v) for v in x]
    if isinstance(x, Option):
        return {"o": [x.id, x.label, x.group]}
    return x


def _untuple(x: Any) -> Any:
    """JSON lists back to frame tuples (frames and their tuple arguments)."""
    if isinstance(x, list):
        return tuple(_untuple(v) for v in x)
    if isinstance(x, dict):
        return Option(*x["o"][:3])
    return x


def _no_interact(st: AlliancesState, ci: int) -> list[Option]:
    return []


def _no_ko(st: AlliancesState, e: list[Any]) -> None:
    return None


FRAMES: dict[str, Any] = {}  # filled below
DECIDERS: dict[str, Any] = {}
ANSWERS: dict[str, Any] = {}
SCRIPTS_SETUP: dict[str, Any] = {}
SCRIPTS_INTERACT: dict[str, Any] = {}
SCRIPTS_KO: dict[str, Any] = {}
SCRIPTS_END: dict[str, Any] = {}

for _n in dir(AlliancesState):
    if _n.startswith("_f_"):
        FRAMES[_n[3:]] = getattr(AlliancesState, _n)

from capes.games.alliances import decisions as _decisions  # noqa: E402,F401  (registers DECIDERS/ANSWERS)
from capes.games.alliances import stages as _stages  # noqa: E402,F401  (registers stage scripts)
