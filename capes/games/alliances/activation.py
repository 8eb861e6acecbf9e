"""Character Activation Step: choosing who Activates, the Activation menu (one action — attack, Move,
Shake, an Action skill — plus skills and Interacts), and the end of an Activation (rulebook: Game Mechanics >
Character Activation Step, Interact; Skills; Appendix B: Bleed at the end of an Activation).

Rule ids (rules.yaml): alliances/activation, alliances/activation/attack, alliances/activation/dazed,
alliances/activation/end, alliances/activation/move, alliances/activation/shake, alliances/advance,
alliances/char-attack/1, alliances/conditions/bleed, alliances/content/bad-luck,
alliances/content/second-wind, alliances/content/web-toss, alliances/content/web-zip, alliances/interact,
alliances/place, alliances/skills/active, alliances/stage/lab-partners, alliances/terrain/throw.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from capes.core.protocol import Decision, Option
from capes.games.alliances.content import COND_BIT, CONDITIONS
from capes.games.alliances.decisions import INTERACT_DO, answer, decider, kept
from capes.games.alliances.stages import SCRIPTS_INTERACT, no_interact
from capes.games.alliances.state import (
    C_COND,
    C_DAZ,
    C_INJ,
    C_POS,
    C_POW,
    C_SKUSED,
    C_STA,
    C_TOK,
    DIR_WORDS,
    E_COND,
    E_DAZ,
    E_ID,
    E_POS,
    E_UID,
    StateData,
    char_pos,
    cond_names,
    cond_title,
    enemy_pos,
    plural,
)


class Activation(StateData):
    """Activations and the Activation menu."""

    def _f_act_pick(self) -> None:
        # alliances/activation: the players choose a Character with an Activation token
        cands = [i for i, c in enumerate(self.chars) if c[C_TOK] > 0]
        if not cands:
            return
        if len(cands) == 1:
            self._f_activate(cands[0])  # the next step at once (as pushing it and running the stack would)
        else:
            self.pending = ("activate", self.game.ctrl[self.priority], tuple(cands))  # _ask, inlined

    def _f_activate(self, ci: int) -> None:
        c = self.chars[ci]
        if c[C_DAZ]:
            # alliances/activation/dazed
            self._recover(ci)
            self.emit("alliances/activation/dazed", f"{self.cname(ci)} shakes off being Dazed: Injured side, full Stamina.")
        self.active = ci
        self.action_used = 0
        c[C_SKUSED] = ()
        self._f_act_menu()  # the next step at once (as pushing it and running the stack would)

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
            self._f_act_end(ci)
            return
        opts = self._act_options(ci)
        if len(opts) == 1:
            self._f_act_end(ci)
            return
        self.pending = ("act", self.game.ctrl[ci], ci, tuple(opts))  # _ask, inlined (once per Activation menu)

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

    def _act_options(self, ci: int) -> list[Option]:
        c = self.chars[ci]
        side = self.cside(ci)
        skills = side.skills
        opts: list[Option] = []
        b = self.board
        pos = c[C_POS]
        dist = b.dist[pos]
        menus = self.game.menus
        ens: list[list[Any]] = []  # the non-Dazed Enemies, found when an option needs them
        if not self.action_used:
            ens = [e for e in self.enemies if not e[E_DAZ]]
            # alliances/activation/attack (alliances/char-attack/1, /2)
            for a in side.attacks:
                if a.cost > c[C_POW]:
                    continue
                if a.shape == "":
                    for e in ens:
                        ep = e[E_POS]
                        if dist[ep] <= a.range:
                            # not kept: half would be misses (the Enemies move); the label made on first read
                            opts.append(Option(f"attack:{a.id}:{e[E_UID]}", partial(
                                _attack_label, self.game.enames[e[E_ID]], b.labels[ep] if ep >= 0 else "", a), "Attack"))
                elif a.shape == "A":
                    k = len([e for e in ens if dist[e[E_POS]] <= a.range])
                    if k:
                        # kept: made of the attack and the number in reach alone (the key comes back, unlike a single target's)
                        key = ("area", id(a), k)
                        o = menus.get(key)
                        if o is None:
                            o = kept(menus, key, Option(f"attack:{a.id}", f"Area attack {a.name} (Range A{a.range}, "
                                                        f"{_how(a.strength, a.cost)}): {plural(k, 'Enemy', 'Enemies')} "
                                                        "in reach", "Attack"))
                        opts.append(o)
                else:
                    for d in range(b.ndirs):
                        line = b.line_set(pos, d, a.range)
                        k = len([e for e in ens if e[E_POS] in line])
                        if k:
                            # kept: made of the attack, the side (named by the board) and the number in the line
                            key = ("beam", id(a), d, k, b)
                            o = menus.get(key)
                            if o is None:
                                dn = b.dir_names[d]
                                o = kept(menus, key, Option(f"attack:{a.id}:{dn}", f"Beam attack {a.name} to the "
                                                            f"{DIR_WORDS.get(dn, dn)} ({_how(a.strength, a.cost)}): "
                                                            f"{plural(k, 'Enemy', 'Enemies')} in the line", "Attack"))
                            opts.append(o)
            # alliances/activation/move
            # two steps (Move, then where) keep the menu short for people and search bots
            occupied = {*map(char_pos, self.chars), *map(enemy_pos, self.enemies)}  # self.occupied(), inlined
            occupied.discard(-1)
            speed = side.speed
            # a free neighbouring Space will do (_can_advance searches further only when every one is taken)
            if speed > 0 and (not occupied.issuperset(b.adj[pos]) or self._can_advance(ci, speed, occupied)):
                opts.append(_MOVES.get(speed) or _move_option(speed))
            # alliances/activation/shake
            if c[C_COND]:
                opts += [_SHAKE[cn] for cn in cond_names(c[C_COND])]
            # alliances/skills/active with "Action:"
            if "web_zip" in skills and self._can_zip(ci, occupied):
                opts.append(_WEB_ZIP)
            if "web_toss" in skills:
                # alliances/content/web-toss: Throw a Terrain Feature within Range 1 (alliances/terrain/throw)
                occ_line = occupied | set(self.terrain)
                for ts in self.terrain:
                    if dist[ts] <= 1:
                        for d in range(b.ndirs):
                            line = b.line(pos, d, 4)
                            if any(x in occ_line and x != ts for x in line):
                                opts.append(Option(f"skill:web_toss:{b.labels[ts]}:{b.dir_names[d]}",
                                                   f"Web Toss (Action): Throw the Terrain Feature at {b.labels[ts]} "
                                                   f"to the {DIR_WORDS.get(b.dir_names[d], b.dir_names[d])}", "Skills"))
        # Active skills (not actions), once per Activation
        if "bad_luck" in skills and "bad_luck" not in c[C_SKUSED] and c[C_POW] >= 1:
            if self.action_used:
                ens = [e for e in self.enemies if not e[E_DAZ]]
            for e in ens:
                ep = e[E_POS]
                if dist[ep] <= 3:
                    key = ("bad_luck", e[E_UID], e[E_ID], ep, b)
                    o = menus.get(key)
                    if o is None:
                        o = kept(menus, key, Option(f"skill:bad_luck:{e[E_UID]}", f"Bad Luck (1 Power): {self.ewhere(e)} gains Hex", "Skills"))
                    opts.append(o)
        if "second_wind" in skills and "second_wind" not in c[C_SKUSED] and c[C_POW] >= 2 and c[C_STA] < side.stamina:
            opts.append(_SECOND_WIND)
        # alliances/interact: 1 Power, once per token per Turn (the Stage's options come in the group "Interact")
        opts += SCRIPTS_INTERACT.get(self.stage.script, no_interact)(self, ci)
        opts.append(_END)
        return opts

    def _zip_targets(self, ci: int) -> list[int]:
        occ = self.occupied()
        return [s for s in self.board.ball(self.chars[ci][C_POS], 3) if s not in occ]

    def _can_zip(self, ci: int, occupied: set[int]) -> bool:
        """``bool(self._zip_targets(ci))``, stopping at the first free Space (``occupied``: ``self.occupied()``)."""
        return not occupied.issuperset(self.board.ball(self.chars[ci][C_POS], 3))

    def _interact_cost(self, ci: int) -> int:
        return 0 if self.has_skill(ci, "cat_burglar") else 1

    def _can_interact(self, ci: int, tid: int) -> bool:
        return self.chars[ci][C_POW] >= self._interact_cost(ci) and (ci, tid) not in self.interacted


# The menu's options that depend only on content (Options are immutable values, shared by every state).
_END = Option("end", "End this Activation", "End")
_WEB_ZIP = Option("skill:web_zip", "Web Zip (Action): Place this Character within 3 Spaces", "Skills")
_SECOND_WIND = Option("skill:second_wind", "Second Wind (2 Power): remove 2 Damage", "Skills")
_SHAKE = {cn: Option(f"shake:{cn}", f"Shake off {cond_title(cn)}", "Shake") for cn in CONDITIONS}
_ACT_MENU = ("act_menu",)  # the frame (frames are immutable tuples: one shared)
_MOVES: dict[int, Option] = {}  # by Speed (bounded by the content's Speeds)
_HOW: dict[tuple[int, int], str] = {}  # an attack's dice and cost, as its label gives them (bounded likewise)


def _move_option(speed: int) -> Option:
    o = _MOVES.get(speed)
    if o is None:
        o = _MOVES[speed] = Option("move", f"Move (Advance up to {plural(speed, 'Space')})", "Move")
    return o


def _attack_label(enemy: str, space: str, a: Any) -> str:
    """A single-target attack's label: the Enemy's name and Space label ("" off the battlefield) as ``ewhere``
    gives them, and the attack (content, fixed for the Game)."""
    where = f"{enemy} at {space}" if space else enemy
    return f"Attack {where} with {a.name} ({_how(a.strength, a.cost)})"


def _how(strength: int, cost: int) -> str:
    t = _HOW.get((strength, cost))
    if t is None:
        t = _HOW[(strength, cost)] = plural(strength, "die", "dice") + (f", {cost} Power" if cost else "")
    return t


@decider("activate")
def _activate_d(st: StateData) -> Decision:
    menus = st.game.menus
    cands = st.pending[2]  # type: ignore[index]
    # the whole menu kept under the candidates (ids and labels depend on the squad alone)
    opts = menus.get(("activate", cands))
    if opts is None:
        opts = kept(menus, ("activate", cands), tuple(
            Option(f"activate:{st.game.squad[i]}", f"Activate {st.cname(i)}") for i in cands))
    return Decision(st.pending[1], "Which Character Activates next?", opts, (), False, "activate")  # question(), inlined (opts: a kept tuple)


@answer("activate")
def _activate_a(st: StateData, oid: str, p: tuple[Any, ...]) -> None:
    st._f_activate(st.game.squad.index(oid[9:]))  # "activate:<id>"; the next step at once


@decider("act")
def _act_d(st: StateData) -> Decision:
    _, _, ci, opts = st.pending  # type: ignore[misc]
    used = st.action_used
    menus = st.game.menus
    prompt = menus.get(("act_prompt", ci, used))  # kept: a function of the Character (squad) and action_used alone
    if prompt is None:
        what = "choose an action, skill or Interact" if not used else "use a skill or Interact, or end"
        prompt = kept(menus, ("act_prompt", ci, used), f"{st.cname(ci)}'s Activation: {what}")
    return Decision(st.pending[1], prompt, tuple(opts), (), False, "activation")  # question(), inlined


@answer("act")
def _act_a(st: StateData, oid: str, p: tuple[Any, ...]) -> None:
    ci = p[2]
    if oid == "end":
        st._f_act_end(ci)  # the next step at once
        return
    c = st.chars[ci]
    parts = oid.split(":")
    head = parts[0]
    st.stack.append(_ACT_MENU)  # runs after whatever this choice pushes (LIFO)
    if head == "move":
        # alliances/activation/move: then choose where (alliances/advance)
        st.pending = ("move_to", st.game.ctrl[ci], ci, tuple(st._advance_targets(ci, st.cside(ci).speed)), "move")
    elif head == "attack":
        st._f_attack(ci, parts[1], parts[2] if len(parts) > 2 else "")  # the next step at once
    elif head == "shake":
        # alliances/activation/shake
        c[C_COND] &= ~COND_BIT[parts[1]]
        st.action_used = 1
        st.emit("alliances/activation/shake", f"{st.cname(ci)} shakes off {parts[1].title()}.")
    elif head == "skill":
        name = parts[1]
        if name == "web_zip":
            # alliances/content/web-zip (Action skill, alliances/place): then choose where
            st._ask("move_to", st.seat_of(ci), ci, tuple(st._zip_targets(ci)), "zip")
        elif name == "web_toss":
            st.action_used = 1
            st.emit("alliances/content/web-toss", f"{st.cname(ci)} hurls the Terrain Feature at {parts[2]} to the {DIR_WORDS.get(parts[3], parts[3])}.")
            st._push(("toss", ci, st.board.parse(parts[2]), st.board.dir_index(parts[3])))
        elif name == "bad_luck":
            c[C_POW] -= 1
            c[C_SKUSED] = (*c[C_SKUSED], name)
            e = st.enemy(int(parts[2]))
            if e is not None:
                e[E_COND] |= COND_BIT["hex"]
                st.emit("alliances/content/bad-luck", f"Bad Luck: {st.ewhere(e)} gains Hex.")
        elif name == "second_wind":
            c[C_POW] -= 2
            c[C_SKUSED] = (*c[C_SKUSED], name)
            st._heal(ci, 2)
            st.emit("alliances/content/second-wind", f"{st.cname(ci)} catches a Second Wind (removes 2 Damage).")
    elif head == "interact":
        if parts[1] == "held":
            j = st.game.squad.index(parts[2])
            if st.seat_of(j) != st.seat_of(ci):
                # alliances/stage/lab-partners: both controlling players must agree
                st._ask("consent", st.seat_of(j), ci, j, parts[3])
                return
        # alliances/interact: spend 1 Power (Cat Burglar: 0), once per token per Turn
        c[C_POW] -= st._interact_cost(ci)
        INTERACT_DO[st.stage.script](st, ci, parts[1:])
