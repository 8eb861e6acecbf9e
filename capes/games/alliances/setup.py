"""Getting Ready to Play: building the Mission, the Character dashboards, setting up a Stage, Priority and
Deployment (rulebook: Getting Ready to Play > Building a Mission, Setting Up the Character Dashboards,
Setting Up a Stage, Determine Priority, Priority Player; Key Concepts > Deployment).

Rule ids (rules.yaml): alliances/dashboards, alliances/deployment, alliances/difficulty,
alliances/mission/build, alliances/priority, alliances/priority-player, alliances/priority/roll-off,
alliances/stage-complete, alliances/stage-setup, alliances/stage-setup/board/1, alliances/stage-setup/board/2,
alliances/stage-setup/board/3, alliances/stage-setup/board/4, alliances/stage-setup/enemy-tracker.
"""

from __future__ import annotations

from typing import Any

from capes.core.protocol import Decision, Option
from capes.games.alliances.content import CRIT, HIT, WILD
from capes.games.alliances.decisions import answer, decider, kept, question
from capes.games.alliances.stages import SCRIPTS_SETUP
from capes.games.alliances.state import C_POS, C_TOK, SUCC_ATK, StateData


class Setup(StateData):
    """Mission and Stage setup, Priority, Deployment."""

    def setup(self) -> None:
        """Build the Mission (alliances/mission/build), then set up the first Stage."""
        self._new_fields()
        g = self.game
        self.emit("alliances/mission/build", f"Mission {g.mission['name']}: " + ", ".join(
            g.data.stages[s].name for s in self.order) + ".")
        self._push(("first_stage",), ("mission_start",))
        self._run()

    def _f_first_stage(self) -> None:
        # alliances/mission/build: the players select which Standard Stage to complete first (Player 1 decides)
        std = self.order[:-1]
        if len(set(std)) > 1:
            self._ask("first_stage", 0, tuple(dict.fromkeys(std)))

    def _f_mission_start(self) -> None:
        # alliances/dashboards: 0 XP, 0 Power, full Stamina, two Activation tokens, a Level 1 card
        self.emit("alliances/dashboards", "Each Character starts with 0 XP, 0 Power, full Stamina and two Activation tokens.")
        self._push(*[("levelup", ci, 1) for ci in range(4)], ("stage_setup",))

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
                key = (sum(SUCC_ATK[x] for x in r), r.count(CRIT), r.count(WILD), r.count(HIT))
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
        occ = self.occupied()
        free = [s for s in self.stage.spaces_of("D") if s not in occ]
        if len(free) == 1:
            self._deploy(ci, free[0])
        else:
            self._ask("deploy", self.seat_of(ci), ci, tuple(free))

    def _deploy(self, ci: int, s: int) -> None:
        self.chars[ci][C_POS] = s
        self.emit("alliances/deployment", f"{self.cname(ci)} deploys at {self.lbl(s)}.")


@decider("first_stage")
def _first_d(st: StateData) -> Decision:
    opts = [Option(f"first:{sid}", f"Play {st.game.data.stages[sid].name} first") for sid in st.pending[2]]  # type: ignore[index]
    return question(st, "Which Standard Stage do you complete first?", opts, "mission")


@answer("first_stage")
def _first_a(st: StateData, oid: str, p: tuple[Any, ...]) -> None:
    sid = oid.split(":", 1)[1]
    std = st.order[:-1]
    i = std.index(sid)
    st.order = [std[i], *std[:i], *std[i + 1:], st.order[-1]]
    st._set_stage(0)
    st.emit("alliances/mission/build", f"The squad takes on {st.game.data.stages[sid].name} first.")


@decider("priority")
def _prio_d(st: StateData) -> Decision:
    opts = [Option(f"priority:{cid}", f"Give the Priority token to {st.cname(i)}") for i, cid in enumerate(st.game.squad)]
    if st.game.players > 1:
        opts.append(Option("rolloff", "No agreement: roll off for Priority"))
    return question(st, "Which Character starts with the Priority token?", opts, "priority")


@answer("priority")
def _prio_a(st: StateData, oid: str, p: tuple[Any, ...]) -> None:
    if oid == "rolloff":
        st._rolloff()
        return
    ci = st.game.squad.index(oid.split(":", 1)[1])
    if st.game.players == 1:
        st._set_priority(ci)
        return
    # alliances/priority: the Character gets the token only if a majority of players agree (ruling 8: Player 1
    # proposes, each other player agrees or not)
    st.emit("alliances/priority", f"Player 1 proposes that {st.cname(ci)} starts with the Priority token.")
    _prio_vote(st, ci, 1, 1)


def _prio_vote(st: StateData, ci: int, seat: int, yes: int) -> None:
    players = st.game.players
    if seat < players:
        st._ask("prio_vote", seat, ci, yes)
        return
    if 2 * yes > players:
        st._set_priority(ci)
    else:
        st.emit("alliances/priority", f"No majority agrees ({yes} of {players}): the players roll off for Priority.")
        st._rolloff()


@decider("prio_vote")
def _prio_vote_d(st: StateData) -> Decision:
    ci = st.pending[2]  # type: ignore[index]
    opts = [Option("agree", f"Agree: {st.cname(ci)} starts with the Priority token"),
            Option("disagree", "Do not agree (without a majority the players roll off)")]
    return question(st, f"Player 1 proposes {st.cname(ci)} for the Priority token: do you agree?", opts, "priority")


@answer("prio_vote")
def _prio_vote_a(st: StateData, oid: str, p: tuple[Any, ...]) -> None:
    _, seat, ci, yes = p
    _prio_vote(st, ci, seat + 1, yes + (oid == "agree"))


@decider("give")
def _give_d(st: StateData) -> Decision:
    opts = [Option(f"give:{st.game.squad[i]}", f"Give Priority to {st.cname(i)}") for i in st.pending[2]]  # type: ignore[index]
    return question(st, "You won the roll-off: which of your Characters takes Priority?", opts, "priority")


@answer("give")
def _give_a(st: StateData, oid: str, p: tuple[Any, ...]) -> None:
    st._set_priority(st.game.squad.index(oid.split(":", 1)[1]))


@decider("deploy")
def _deploy_d(st: StateData) -> Decision:
    _, _, ci, free = st.pending  # type: ignore[misc]
    menus = st.game.menus
    b = st.board
    # kept per Space (made of its label alone)
    opts = [menus.get(("deploy", s, b)) or kept(menus, ("deploy", s, b), Option(f"deploy:{b.labels[s]}", f"Deploy at {b.labels[s]}"))
            for s in free]
    return question(st, f"Deploy {st.cname(ci)} on a Deployment Space", opts, "deploy")


@answer("deploy")
def _deploy_a(st: StateData, oid: str, p: tuple[Any, ...]) -> None:
    st._deploy(p[2], st.board.parse(oid.split(":", 1)[1]))
