"""The state's data in one place: every field of a Marvel Heroes game, who is who, and how the fields are copied,
saved and loaded (rulebook "Team, Characters and Team Nemesis", "Game Components").

Rule ids (rules.yaml): heroes/teams, heroes/board/areas, heroes/components.

Seats sit clockwise in index order: the player "to the left" of seat ``s`` is ``s + 1``. Seat ``s`` plays team
``teams[s]`` and the Nemesis of the team of the player to his right, so the Nemesis of seat ``s``'s team is
controlled by seat ``s + 1``. Decks are lists whose top card is the last element. ``forced`` is a list of die face
indices (into ``dice.FACES``) consumed before the RNG, for conformance tests.

Every field is plain data (ints, strings, lists, tuples, dicts of those): a state can be cloned, saved and resampled
at any decision. The chapters (setup.py ... scenarios.py) are mixins over :class:`HeroesData`; the engine
(engine.py) composes them into :class:`~capes.games.heroes.engine.HeroesState`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from capes.core.protocol import Decision, Game, State

if TYPE_CHECKING:
    from capes.games.heroes.content import Content


class Table(Protocol):
    """What the engine reads from its Game (a ``HeroesGame``, fixed for the Game's life). game.py imports the engine,
    so the engine names the shape it needs here instead of importing game.py back (no import cycle)."""

    C: Content
    config: dict[str, Any]
    max_steps: int
    #: "P1 (Fantastic Four)" per seat
    pnames: list[str]
    #: team id -> its four hero ids, in hero-card order
    team_heroes: dict[str, list[str]]
    #: hero id -> the action-menu Options whose id says all their label says (missions._hero_menu)
    hero_menus: dict[str, tuple[Any, ...]]
    #: per seat: its four heroes' menus in hero order (menus.seat_menus)
    seat_menus: list[list[tuple[Any, ...]]]
    #: Headline id -> index of its District icon in board.ICONS
    icon_of: dict[str, int]
    #: Event card id -> its Resource card (content)
    event_cards: dict[str, Any]
    #: Options kept by the content they describe (menus.event_option, menus.trouble_option)
    card_options: dict[Any, Any]
    #: Event card -> (its Option, the effect to test or None) (menus.event_entry)
    event_menu: dict[str, tuple[Any, str | None]]
    #: per seat: action-menu id -> what it does when it only moves a hero (missions._act_plan)
    act_plans: list[dict[str, tuple[Any, ...]]]
    #: per seat: keep / status Decisions by what they show, Planning id -> what it does (planning.py)
    planning_decisions: list[dict[int, Decision]]
    planning_answers: list[dict[str, tuple[int, int, Any]]]
    planning_events: list[dict[int, Any]]
    #: per seat: free-move Decisions by Area and who stands on his card (missions.q_freesup)
    freesup_decisions: list[dict[tuple[Any, ...], Decision]]


class HeroesData(State):
    """The fields of a game (set by :meth:`setup`) and the queries every chapter shares."""

    game: Table  # type: ignore[assignment]
    #: the Game's content (``game.C``), kept on the state too: every chapter reads it, a plain attribute is the
    #: cheapest read (copied by clone, set again by load)
    C: Content

    # --- the table
    n: int  #: number of players
    teams: list[str]  #: team id per seat
    scen: str  #: Scenario id
    round: int  #: Game Round (1..)
    ar: int  #: Action Round (1..5)
    at: int  #: players who have acted this Action Round
    first: int  #: First Player seat
    arch: int  #: Archnemesis seat, -1 for nobody
    # --- per seat
    vp: list[int]  #: Victory Points
    pp: list[int]  #: Plot Points in the pool
    hloc: list[list[int]]  #: per seat, per hero: a location (board.py)
    wound: list[list[int]]  #: per seat, per hero: 1 if Wounded
    ko: list[list[int]]  #: per seat, per hero: KO tokens of the current action
    allies: list[list[list[Any]]]  #: per seat: [resource id, Plot Points on the card] per Ally in play
    stories: list[list[str]]  #: Story cards won
    pups: list[list[str]]  #: Team Power-Ups in play
    plans: list[int]  #: Master Plans achieved by the Mastermind the seat controls
    pblock: list[int]  #: the Game Round in which the seat's Master Plan was stopped
    scored: list[list[str]]  #: Headlines solved
    rhand: list[list[str]]  #: Resource hand (secret)
    vhand: list[list[str]]  #: Villain hand (secret)
    # --- decks (top = last), discard piles and the board
    rdeck: list[str]
    vdeck: list[str]
    hdeck: list[str]
    sdeck: list[str]
    rdisc: list[str]
    vdisc: list[str]
    hdisc: list[str]
    sdisc: list[str]
    heads: list[str]  #: Headline id per Area ("" when empty)
    track: list[str]  #: the Story track, first position first
    wanted: list[str]  #: the Most Wanted spaces
    special: str  #: the Special Headline on the Scenario card ("" for none)
    solver: int  #: who solved the Special Headline (-1: nobody)
    end_ar: bool  #: the game ends with this Action Round (heroes/winning/special)
    hom_pick: list[int]  #: House of M: the heroes chosen for the challenge
    # --- the game's end
    over: bool
    winners: list[int]
    # --- the rules in progress
    stack: list[tuple[Any, ...]]  #: pending frames, top = last: (name, *args); see engine.py
    ts: dict[str, Any] | None  #: the Troubleshooting action in progress (troubleshooting.py)
    cb: dict[str, Any] | None  #: the combat in progress (combat.py)
    forced: list[int]  #: die faces to roll before the RNG (tests)

    _LISTS2 = ("hloc", "wound", "ko", "stories", "pups", "scored", "rhand", "vhand")
    _LISTS1 = ("teams", "vp", "pp", "plans", "pblock", "rdeck", "vdeck", "hdeck", "sdeck", "rdisc", "vdisc", "hdisc",
               "sdisc", "heads", "track", "wanted", "forced", "winners", "hom_pick")
    _SCALARS = ("n", "scen", "round", "ar", "at", "first", "arch", "over", "special", "solver", "end_ar")
    # Slots for the fields (the instance dict keeps the protocol's few): a clone sets about forty of them, and
    # stores into an instance dict that large grow it by resizing; slot stores and reads are also the cheapest
    # (issue #14). Every slot is set by setup, _load or _copy_into.
    __slots__ = ("C", *_SCALARS, *_LISTS1, *_LISTS2, "allies", "stack", "ts", "cb")

    if TYPE_CHECKING:
        # steps one chapter calls in another (the mixins meet in engine.HeroesState)
        def _run(self) -> None: ...
        def gain_vp(self, s: int, n: int) -> None: ...  # scenarios.py
        def _finish(self, rule: str, winners: list[int] | None = None) -> None: ...  # scenarios.py
        def _start_house_of_m(self) -> None: ...  # scenarios.py
        def _hom_result(self, won: bool) -> None: ...  # scenarios.py
        def _start_troubleshooting(self, s: int, d: int) -> None: ...  # troubleshooting.py
        def headline(self) -> Any: ...  # troubleshooting.py
        def _ts_heroes(self) -> list[int]: ...  # troubleshooting.py
        def _plan_succeeds(self) -> None: ...  # masterminds.py
        def _challenge(self, s: int, nem: int, mmid: str, heroes: list[int], area: int, hench: int,
                       tag: str) -> None: ...  # masterminds.py
        def _start_combat(self, s: int, vs: int, foe: str, mm: bool, heroes: list[int], area: int, vboost: bool,
                          backs: tuple[str, ...], agents: tuple[str, ...], tag: str) -> None: ...  # combat.py
        def _roll_name(self) -> str: ...  # combat.py
        def cb_add(self, key: str, n: int) -> None: ...  # powers.py
        def cb_dice(self, side: str) -> tuple[int, ...]: ...  # powers.py
        def cb_set_dice(self, side: str, dice: tuple[int, ...]) -> None: ...  # powers.py
        def cb_hits(self, side: str) -> int: ...  # powers.py
        def cb_kos(self, side: str) -> int: ...  # powers.py
        def cb_heal(self, side: str) -> None: ...  # powers.py
        def rating(self, side: str) -> int: ...  # powers.py
        def has_boost(self, side: str) -> bool: ...  # powers.py
        def base_rating(self, side: str, stat: str) -> int: ...  # powers.py
        def foe_powers(self) -> tuple[Any, ...]: ...  # powers.py
        def foe_name(self) -> str: ...  # powers.py
        def _ratings_text(self, side: str, k: int) -> str: ...  # powers.py
        def _side_order(self, k: int) -> str: ...  # powers.py

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self.C = self.game.C

    def pname(self, s: int) -> str:
        return self.game.pnames[s]

    def hero_id(self, s: int, i: int) -> str:
        return self.game.team_heroes[self.teams[s]][i]

    def hero_of(self, s: int, i: int) -> Any:
        return self.C.heroes[self.hero_id(s, i)]

    def nem(self, s: int) -> int:
        """The seat controlling the Nemesis of seat ``s``'s team."""
        return (s + 1) % self.n

    def mastermind_of(self, s: int) -> str:
        """The Mastermind that seat ``s`` controls (the Nemesis of the team on his right)."""
        return self.C.teams[self.teams[(s - 1) % self.n]].nemesis

    def areas(self) -> int:
        return 4 if self.n == 2 else 6  # heroes/board/areas: no Brooklyn or Queens with two players

    def _hidx(self, s: int, hid: str) -> int:
        return self.game.team_heroes[self.teams[s]].index(hid)

    def _scen_param(self, effect: str) -> int:
        sc = self.C.scenarios[self.scen]
        return int(sc.params.get("n", 1)) if sc.effect == effect else 0

    def plan_bonus(self, s: int, effect: str) -> int:
        """Sum of ``n`` over the achieved Master Plans of seat ``s``'s Mastermind with this effect."""
        k = self.plans[s]
        if not k:
            return 0
        total = 0
        for p in self.C.masterminds[self.mastermind_of(s)].plans[:k]:
            if p.effect == effect:
                total += int(p.params.get("n", 1))
        return total

    def pu_bonus(self, s: int, effect: str) -> int:
        total = 0
        for pid in self.pups[s]:
            p = self.C.powerups[pid]
            if p.effect == effect:
                total += int(p.params.get("n", 1))
        return total

    # --- clone, save, load (State hooks)
    def _copy_into(self, other: State) -> None:
        """Every field into ``other``: lists copied (a seat's rows too), dicts copied, the rest (ints, strings, tuples,
        the content) shared. Written out field by field: a clone runs once per search iteration, and named stores
        cost a fifth less than loops over the name lists (tests/heroes/test_contract.py checks every field is here)."""
        assert other.__class__ is self.__class__  # not isinstance: on an ABC it costs about 1 µs per clone
        o: Any = other
        o.C = self.C
        o.n = self.n
        o.scen = self.scen
        o.round = self.round
        o.ar = self.ar
        o.at = self.at
        o.first = self.first
        o.arch = self.arch
        o.over = self.over
        o.special = self.special
        o.solver = self.solver
        o.end_ar = self.end_ar
        o.teams = self.teams[:]
        o.vp = self.vp[:]
        o.pp = self.pp[:]
        o.plans = self.plans[:]
        o.pblock = self.pblock[:]
        o.rdeck = self.rdeck[:]
        o.vdeck = self.vdeck[:]
        o.hdeck = self.hdeck[:]
        o.sdeck = self.sdeck[:]
        o.rdisc = self.rdisc[:]
        o.vdisc = self.vdisc[:]
        o.hdisc = self.hdisc[:]
        o.sdisc = self.sdisc[:]
        o.heads = self.heads[:]
        o.track = self.track[:]
        o.wanted = self.wanted[:]
        o.forced = self.forced[:]
        o.winners = self.winners[:]
        o.hom_pick = self.hom_pick[:]
        rows = list.copy
        o.hloc = list(map(rows, self.hloc))
        o.wound = list(map(rows, self.wound))
        o.ko = list(map(rows, self.ko))
        o.stories = list(map(rows, self.stories))
        o.pups = list(map(rows, self.pups))
        o.scored = list(map(rows, self.scored))
        o.rhand = list(map(rows, self.rhand))
        o.vhand = list(map(rows, self.vhand))
        o.allies = [[a[:] for a in row] for row in self.allies]
        o.stack = self.stack[:]
        ts, cb = self.ts, self.cb
        o.ts = dict(ts) if ts is not None else None
        o.cb = dict(cb) if cb is not None else None

    def _dump(self) -> Any:
        out: dict[str, Any] = {}
        for k in self._SCALARS + self._LISTS1 + self._LISTS2:
            out[k] = getattr(self, k)
        out["allies"] = self.allies
        out["stack"] = [list(f) for f in self.stack]
        out["ts"] = _enc(self.ts)
        out["cb"] = _enc(self.cb)
        return out

    def _load(self, data: Any) -> None:
        self.C = self.game.C
        for k in self._SCALARS:
            setattr(self, k, data[k])
        for k in self._LISTS1:
            setattr(self, k, list(data[k]))
        for k in self._LISTS2:
            setattr(self, k, [list(x) for x in data[k]])
        self.allies = [[list(a) for a in row] for row in data["allies"]]
        self.stack = [tuple(f) for f in data["stack"]]
        self.ts = _dec(data["ts"])
        self.cb = _dec(data["cb"])


def _enc(d: dict[str, Any] | None) -> Any:
    if d is None:
        return None
    return {k: (list(v) if isinstance(v, tuple) else v) for k, v in d.items()}


def _dec(d: Any) -> dict[str, Any] | None:
    if d is None:
        return None
    return {k: (tuple(v) if isinstance(v, list) else v) for k, v in d.items()}
