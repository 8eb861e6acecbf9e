"""The ``alliances`` Game: configuration, content, hooks for tools and bots."""

from __future__ import annotations

from typing import Any, ClassVar

from capes.core.config import Param
from capes.core.errors import ConfigError, ContentError
from capes.core.protocol import ContentEntry, Game, State
from capes.core.rng import Rng
from capes.games.alliances.content import Content, Side, load_content
from capes.games.alliances.engine import AlliancesState

DEFAULT_SQUAD = ("spectacular_spider_man", "ultimate_spider_man", "ghost_spider", "black_cat")
#: Upper bound on applied actions per Round (4 setup-free Turns' worth of decisions; see
#: docs/rulings/alliances.md) — max_actions = ROUND_BOUND * round_limit + setup allowance.
ROUND_BOUND = 400


def _char_ids() -> list[str]:
    return list(load_content(None).characters)


_SEARCH: list[Any] = []  # the bots' search module, imported on first use (once: it runs at every playout step)


def _search() -> Any:
    if not _SEARCH:
        from capes.games.alliances.bots import search
        _SEARCH.append(search)
    return _SEARCH[0]


class AlliancesGame(Game):
    id = "alliances"
    name = "Marvel: Crisis Protocol — Alliances"
    summary = ("Co-operative miniatures game: a squad of four Characters plays the Night of the Goblin Mission "
               "(2 or 3 Standard Stages and a Boss Battle) against automated Enemies on a grid of Spaces.")
    #: stated bound without a round limit: about 50 times the longest game seen (see docs/rulings/alliances.md)
    max_actions = 50_000
    #: a search of 120 iterations chose as well as one of 200, judged by a search of 2,000 iterations on 200
    #: positions of `normal` games (paired regret differences +0.0001 ± 0.0003 and -0.0001 ± 0.0004; a random choice
    #: about +0.005), in 0.11 s instead of 0.19 s a decision; shorter rollouts did lose (rollout_depth 20:
    #: +0.0022 ± 0.0008). Measured 2026-12-04 with bench/ismcts_settings.py (issue #14)
    ismcts_defaults: ClassVar[dict[str, Any]] = {"iterations": 120}
    state_class = AlliancesState
    params = (
        Param("squad", "list", list(DEFAULT_SQUAD), "the four Characters of the Squad", choices=(), lo=4, hi=4, unique=True),
        Param("players", "int", 1, "number of players (Characters are split among them in squad order)", lo=1, hi=4),
        Param("long", "bool", False, "play three Standard Stages before the Boss Battle"),
        Param("difficulty", "int", 0, "Challenge tokens added to the Spawn Tracker each Stage", lo=0, hi=4),
        Param("round_limit", "int", 0, "optional house rule: the Mission fails after this many Rounds in all "
              "(0 = off, as in the rulebook)", lo=0, hi=200),
        Param("content", "str", "", "a directory of your own characters/enemies/stages YAML"),
        Param("control", "list", [], "which player (1-based) controls each squad Character, e.g. 1,1,2,1; "
              "default: split in squad order", lo=0, hi=4),
    )

    def __init__(self, **config: Any) -> None:
        if config.get("content") == "":
            config.pop("content")
        super().__init__(**config)

    def setup(self) -> None:
        cfg = self.config
        try:
            self.data: Content = load_content(cfg["content"] or None)
        except ContentError as e:
            raise ConfigError(f"alliances: config 'content': {e}") from None
        squad = tuple(cfg["squad"])
        known = list(self.data.characters)
        for cid in squad:
            if cid not in known:
                raise ConfigError(f"alliances: config 'squad' has unknown Character {cid!r}; allowed: {', '.join(known)}")
        self.squad = squad
        self.cnames = tuple(self.data.characters[cid].name for cid in squad)  # state.cname, by squad index
        #: state.cside's table: by squad index, then Injured side (0/1), then Level-Up Cards kept -> Side (game.side)
        self.side_rows: tuple[tuple[dict[tuple[str, ...], Side], dict[tuple[str, ...], Side]], ...] = tuple(
            ({}, {}) for _ in squad)
        self.enames = {eid: card.name for eid, card in self.data.enemies.items()}  # state.ename
        self.menus: dict[Any, Any] = {}  # Options (or menus of them) reused by frequent questions (decisions.kept; bounded)
        self.players = cfg["players"]
        # alliances/squad: the players decide who controls which Character (config `control`), else
        # Characters are split among players in squad order
        ctl = cfg["control"]
        if ctl:
            if len(ctl) != 4 or any(not x.isdigit() or not 1 <= int(x) <= self.players for x in ctl):
                raise ConfigError(f"alliances: config 'control' must list 4 player numbers from 1 to {self.players} (got {','.join(ctl)})")
            if len({int(x) for x in ctl}) != self.players:
                raise ConfigError(f"alliances: config 'control' must give every one of the {self.players} players a Character")
            self.ctrl = tuple(int(x) - 1 for x in ctl)
        else:
            self.ctrl = tuple((i * self.players) // 4 for i in range(4))
        m = self.data.mission
        self.mission = m
        self.stage_ids = tuple(m["long_stages"] if cfg["long"] else m["standard_stages"]) + (m["boss_battle"],)
        self.boss_id = m["boss"]
        self.tracker_ids = frozenset(m["enemy_tracker"])  # the Enemy Stat Cards of the Enemy Tracker
        self._types = {**m["minions"], "mini_boss": self.boss_id, "boss": self.boss_id}
        for sid in self.stage_ids:
            st = self.data.stages[sid]
            free = len(st.tracker_spawns) - sum(1 for t in st.tracker_start if t)
            if cfg["difficulty"] > free:
                raise ConfigError(f"alliances: config 'difficulty' must be at most {free} (free Spawn Tracker spots on {st.name})")
        self._sides: dict[tuple[str, int, tuple[str, ...]], Side] = {}
        self._stage_cards: dict[str, dict[str, Any]] = {}
        if 0 < cfg["round_limit"] < 5:
            raise ConfigError(f"alliances: config 'round_limit' must be 0 (off) or from 5 to 200 (got {cfg['round_limit']})")
        if cfg["round_limit"]:
            self.max_actions = ROUND_BOUND * cfg["round_limit"] + 500  # type: ignore[misc]

    def stage_cards(self, kind: str) -> dict[str, Any]:
        """Enemy Stat Card id -> the card an Enemy of that id uses in a Stage of ``kind`` (state.ecard): its own, but
        the Boss's Boss side in the Boss Battle. Made once per kind (the content never changes)."""
        got = self._stage_cards.get(kind)
        if got is None:
            got = self._stage_cards[kind] = {
                eid: card.boss if card.boss is not None and eid == self.boss_id and kind == "boss" else card
                for eid, card in self.data.enemies.items()}
        return got

    def type_to_enemy(self, t: str) -> str:
        return self._types[t]

    def side(self, cid: str, injured: int, cards: tuple[str, ...]) -> Side:
        """The Character's current stats: its Stat Card side plus Level-Up Cards (cached)."""
        key = (cid, injured, cards)
        s = self._sides.get(key)
        if s is None:
            ch = self.data.characters[cid]
            base = ch.injured if injured else ch.healthy
            attacks = list(base.attacks)
            skills = list(base.skills)
            for cid2 in cards:
                lu = ch.levelups[cid2]
                if lu.kind == "improve" and lu.attack is not None:
                    # alliances/level-up-improvements: the improved version replaces the old one
                    attacks = [lu.attack if a.id == lu.replaces else a for a in attacks]
                    if lu.attack.id not in [a.id for a in attacks]:
                        attacks.append(lu.attack)
                elif lu.kind == "attack" and lu.attack is not None:
                    attacks.append(lu.attack)
                elif lu.kind == "skill" and lu.skill not in skills:
                    skills.append(lu.skill)
            s = Side(base.stamina, base.speed, base.defense, tuple(skills), tuple(attacks))
            self._sides[key] = s
        return s

    @property
    def num_seats(self) -> int:
        return int(self.players)

    def seat_name(self, seat: int) -> str:
        names = [self.data.characters[c].name for i, c in enumerate(self.squad) if self.ctrl[i] == seat]
        return f"Player {seat + 1} ({', '.join(names)})"

    def new_game(self, seed: int = 0) -> State:
        s = AlliancesState(self, seed)
        s.setup()
        return s

    # --- tools -----------------------------------------------------------------------
    def bots(self) -> dict[str, Any]:
        """The bots this game offers besides ``random`` and ``ismcts`` (capes.games.alliances.bots.BOTS)."""
        from capes.games.alliances.bots import BOTS

        return dict(BOTS)

    def rollout_policy(self, state: State, rng: Rng) -> str:
        return _search().rollout_choice(state, rng)

    def evaluate(self, state: State, seat: int) -> float:
        return _search().evaluate(state)

    def sim_stats(self, state: State) -> dict[str, float]:
        """Stages cleared and Rounds played, for ``capes sim``."""
        return {"stages_cleared": float(state.stages_done), "rounds": float(state.rounds_total)}  # type: ignore[attr-defined]

    def render(self, state: State, seat: int | None) -> str:
        from capes.games.alliances.render import render
        return render(state, seat)

    def web_view(self, view: dict[str, Any], seat: int | None) -> list[str] | None:
        """The Stage board, dashboards and trackers drawn as SVG/HTML from ``view`` alone, in pieces."""
        from capes.games.alliances.web import web_view
        return web_view(self, view, seat)

    def glossary(self, state: State, seat: int | None) -> dict[str, str]:
        """The text of every Character, Level-Up Card, skill, Enemy, Stage, card, token and special condition in
        view, by the name players see (nothing is hidden in Alliances: every seat reads the same)."""
        from capes.games.alliances.glossary import glossary
        return glossary(state, seat)

    def content(self) -> list[ContentEntry]:
        from capes.games.alliances.render import content_entries
        return content_entries(self)
