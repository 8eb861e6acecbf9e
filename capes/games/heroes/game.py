"""The ``heroes`` game: configuration, content listing and the tool hooks."""

from __future__ import annotations

from typing import Any, ClassVar

from capes.core.config import Param
from capes.core.errors import ConfigError, ContentError
from capes.core.protocol import ContentEntry, Decision, Game, Option, State
from capes.core.rng import Rng
from capes.games.heroes.bots import evaluate, rollout_choice
from capes.games.heroes.content import Content, load_content
from capes.games.heroes.engine import ACTION_ROUNDS, ROUND_CAP, SEQ_CAP, HeroesState

DEFAULT_TEAMS = ("f4", "xmen", "avengers", "knights")

# A stated bound on applied actions. Per Game Round: Planning is at most 12 choices per player (keep/status for 4
# heroes, an Ally, its extra Plot Point or discard, a Power-Up). Each of the 5 x 4 actions is at most one
# Troubleshooting: a draw question per Villain player (3) and Villain plays (<= 150: at most 3 Lead Villain passes and
# one Backup per point of Trouble, which is at most 8 dice x 4) and at most 2 combats (Lead Villain, Mastermind) of at
# most SEQ_CAP sequences. A sequence has 8 ability windows, each asked of both sides: the Hero side uses at most 6
# sources with one payment each (12), the Villain side at most 43 choices (the foe with up to 3 payment questions,
# at most 38 Backup Effects and Henchmen, pass), and the Hero side may answer after each Villain use (<= 40 more):
# <= 95 per window, plus the fighter and two Power tokens: <= 8*95 + 3 = 763 < 800.
# House of M adds one challenge per player. ROUND_CAP bounds the Game Rounds.
_PLAN = 4 * 12
_SEQ = 800
_ACTION = 2 * SEQ_CAP * _SEQ + 150 + 3
MAX_ACTIONS = ROUND_CAP * (_PLAN + ACTION_ROUNDS * 4 * _ACTION) + 4 * (2 + SEQ_CAP * _SEQ)


class HeroesGame(Game):
    id = "heroes"
    name = "Marvel Heroes"
    summary = ("Competitive board game for 2-4 players: each runs a Super Hero team solving Headlines in New York "
               "and the Mastermind who is the nemesis of the team on his right.")
    max_actions = MAX_ACTIONS
    #: rollouts past ~20 actions rarely change the Victory Points; keeps one decision under 2 s
    ismcts_defaults: ClassVar[dict[str, Any]] = {"rollout_depth": 20}
    state_class = HeroesState
    params: ClassVar[list[Param]] = [
        Param("players", "int", 2, "number of players (each a hero team and a rival's Mastermind)", lo=2, hi=4),
        Param("scenario", "str", "born_again", "Scenario id (see `capes content heroes`)"),
        Param("teams", "list", (), "team of each seat in seat order (default f4, xmen, avengers, knights)",
              choices=DEFAULT_TEAMS, unique=True),
        Param("content", "file", None, "a directory of YAML files replacing the default content of the same name"),
        Param("arch_tie", "choice", "henchmen", "tie for the most VP: Archnemesis by Henchmen rating, or nobody",
              choices=("henchmen", "none")),
    ]

    C: Content

    def setup(self) -> None:
        try:
            self.C = load_content(self.config.get("content"))
        except ContentError as e:
            raise ConfigError(f"heroes: config 'content': {e}") from None
        n = self.config["players"]
        teams = list(self.config["teams"]) or list(DEFAULT_TEAMS[:n])
        if len(teams) != n:
            raise ConfigError(f"heroes: config 'teams' must list exactly {n} teams for players={n} (got {len(teams)})")
        for t in teams:
            if t not in self.C.teams:
                raise ConfigError(f"heroes: config 'teams' has unknown team {t!r}; allowed: {', '.join(self.C.teams)}")
        self.teams = teams
        if self.config["scenario"] not in self.C.scenarios:
            raise ConfigError(f"heroes: config 'scenario' must be one of {', '.join(self.C.scenarios)} "
                              f"(got {self.config['scenario']!r})")
        self.team_heroes = {t.id: t.heroes for t in self.C.teams.values()}
        self.pnames = [f"P{s + 1} ({self.C.teams[t].name})" for s, t in enumerate(teams)]
        #: per hero, the action-menu Options whose id determines their label (engine._hero_menu); content is fixed
        #: for the life of this Game, so the labels stay true; bounded by the number of heroes
        self.hero_menus: dict[str, tuple[Any, ...]] = {}
        #: per seat, its four heroes' menus in hero order (menus.seat_menus; empty until first used)
        self.seat_menus: list[list[tuple[Any, ...]]] = [[] for _ in range(n)]
        self.icon_of = {h.id: ("x", "diamond", "star", "circle").index(h.district) for h in self.C.headlines.values()}
        #: the Event cards of the Resource deck by id (what the action menu looks for in a hand)
        self.event_cards = {r.id: r for r in self.C.resources.values() if r.kind == "event"}
        #: Options whose label is a function of their key's content (menus.event_option, menus.trouble_option);
        #: bounded by the content like hero_menus
        self.card_options: dict[Any, Option] = {}
        #: per Event card, its Option and the effect to test before offering it (menus.event_entry; one per card)
        self.event_menu: dict[str, tuple[Option, str | None]] = {}
        #: per seat, what each action-menu id that only moves a hero does, with its log Event (missions._act_plan): a
        #: function of the seat, the id and the content; bounded by the ids a seat's menu can hold
        self.act_plans: list[dict[str, tuple[Any, ...]]] = [{} for _ in range(n)]
        #: per seat, the keep and status Decisions by everything they show (planning.q_keep, q_status; bounded by
        #: heroes x places x Plot Points below planning._KEPT_PP), and what each Planning id does with its log Event
        #: (planning._planning_answer; bounded by the seat's ids)
        self.planning_decisions: list[dict[int, Decision]] = [{} for _ in range(n)]
        self.planning_answers: list[dict[str, tuple[int, int, Any]]] = [{} for _ in range(n)]
        #: per seat, the Plot Point log Events by what they say (planning.f_plan; bounded by planning._KEPT_PP)
        self.planning_events: list[dict[int, Any]] = [{} for _ in range(n)]
        #: per seat, the free-move Decisions by Area and who stands on his card (missions.q_freesup; at most 6 x 16)
        self.freesup_decisions: list[dict[tuple[Any, ...], Decision]] = [{} for _ in range(n)]

    @property
    def num_seats(self) -> int:
        return int(self.config["players"])

    def seat_name(self, seat: int) -> str:
        return f"Player {seat + 1} ({self.C.teams[self.teams[seat]].name})"

    def new_game(self, seed: int = 0) -> State:
        st = HeroesState(self, seed)
        st.setup(self.teams, self.config["scenario"])
        return st

    def new_game_at(self, seed: int = 0, first: int = 0, forced: list[int] | None = None) -> HeroesState:
        """A new game with a chosen First Player and forced dice (tests)."""
        st = HeroesState(self, seed)
        st.forced = list(forced or [])
        st.setup(self.teams, self.config["scenario"], first=first)
        return st

    # ---- tool hooks
    def bots(self) -> dict[str, Any]:
        """The bots this game offers besides ``random`` and ``ismcts`` (capes.games.heroes.bots.BOTS)."""
        from capes.games.heroes.bots import BOTS

        return dict(BOTS)

    def rollout_policy(self, state: State, rng: Rng) -> str:
        # the bots' functions are imported with the module, not here: an import statement in this method cost
        # about a microsecond at every rollout step
        return rollout_choice(state, rng)

    def evaluate(self, state: State, seat: int) -> float:
        return evaluate(state, seat)

    def sim_stats(self, state: State) -> dict[str, float]:
        """Game Rounds played, for ``capes sim``."""
        return {"game_rounds": float(state.round)}  # type: ignore[attr-defined]

    def render(self, state: State, seat: int | None) -> str:
        from capes.games.heroes.render import render

        return render(state, seat)

    def web_view(self, view: dict[str, Any], seat: int | None) -> list[str] | None:
        """The table drawn for the browser from ``view`` alone (content looked up by id), in pieces; see web/."""
        from capes.games.heroes.web import pieces

        return pieces(view, seat)

    def glossary(self, state: State, seat: int | None) -> dict[str, str]:
        """The text (our own words) of every Super Hero, Combat Power, ability, Mastermind, Master Plan, Headline,
        Villain, Story card, Scenario and card in ``seat``'s view, by the name players see; never another seat's hand
        or an unrevealed Combat Power pick."""
        from capes.games.heroes.glossary import glossary

        assert isinstance(state, HeroesState)
        return glossary(state, seat)

    def content(self) -> list[ContentEntry]:
        C = self.C
        out: list[ContentEntry] = []

        def add(kind: str, e: Any) -> None:
            out.append(ContentEntry(kind, e.id, e.name, getattr(e, "source", "project"), True, getattr(e, "note", "")))

        for t in C.teams.values():
            add("team", t)
        for h in C.heroes.values():
            add("hero", h)
        for m in C.masterminds.values():
            add("mastermind", m)
            for p in m.plans:
                out.append(ContentEntry("master-plan", p.id, p.name, m.source, True, ""))
        for hd in C.headlines.values():
            add("headline", hd)
        for hd in C.specials.values():
            add("special-headline", hd)
        for v in C.villains.values():
            add("villain", v)
        for r in C.resources.values():
            add(r.kind, r)
        for s in C.stories.values():
            add("story", s)
        for pu in C.powerups.values():  # not `p`: that name is a Plan in the loop over master plans above
            add("power-up", pu)
        for sc in C.scenarios.values():
            add("scenario", sc)
        return out
