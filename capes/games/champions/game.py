"""The ``champions`` game: configuration, new games, content listing and tool hooks."""

from __future__ import annotations

from typing import Any, ClassVar

from capes.core.config import Param
from capes.core.errors import ConfigError, ContentError
from capes.core.protocol import ContentEntry, Game, State
from capes.core.rng import Rng
from capes.games.champions import cards as S
from capes.games.champions import data, decks, flow
from capes.games.champions.bots import evaluate, rollout_choice
from capes.games.champions.engine import ROUND_CAP, TURN_CAP, ChampionsState


def _ensure() -> None:
    data.cards()
    S.load_scripts()


class ChampionsGame(Game):
    id = "champions"
    name = "Marvel Champions: The Card Game"
    summary = "Co-op card game: 1-4 heroes against Rhino, Klaw or Ultron (core set)."
    #: Bound: at most ROUND_CAP rounds; per round each of <= 4 players has <= TURN_CAP turn actions of
    #: <= 12 decisions each (payments, targets, windows), plus <= 400 villain-phase/discard decisions.
    max_actions = ROUND_CAP * 4 * (TURN_CAP * 12 + 400)
    params: ClassVar = (
        Param("heroes", "list", ("spider_man",), "1-4 hero ids, one seat each",
              choices=tuple(decks.HEROES), lo=1, hi=4, unique=True),
        Param("villain", "choice", "rhino", "the scenario's villain", choices=tuple(decks.VILLAINS)),
        Param("mode", "choice", "standard", "standard or expert", choices=("standard", "expert")),
        Param("modulars", "list", (), "modular encounter sets (default: the villain's recommended one)",
              choices=decks.MODULARS, hi=5, unique=True),
        Param("decks", "list", (), "pre-built deck per hero, by hero id (default: each hero's own)",
              choices=tuple(decks.HEROES)),
        Param("deck", "file", None, "a MarvelCDB deck export (JSON) for the first hero"),
        Param("content", "file", None, "directory of YAML card files replacing/adding cards by code"),
    )
    state_class = ChampionsState

    def setup(self) -> None:
        _ensure()
        cfg = self.config
        if cfg["content"]:
            try:
                extra = data.load_all(cfg["content"])
            except ContentError as e:
                raise ConfigError(f"champions: config 'content': {e}") from None
            data.CARDS.update(extra)
        heroes = list(cfg["heroes"])
        dk = list(cfg["decks"])
        if dk and len(dk) != len(heroes):
            raise ConfigError(f"champions: config 'decks' needs one deck per hero ({len(heroes)}), got {len(dk)}")
        self.deck_lists = [decks.prebuilt(d) for d in (dk or heroes)]
        if cfg["deck"]:
            hero, codes = decks.import_marvelcdb(cfg["deck"])
            if hero != heroes[0]:
                raise ConfigError(f"champions: config 'deck' is a {hero} deck but the first hero is {heroes[0]}")
            self.deck_lists[0] = codes
        v = decks.VILLAINS[cfg["villain"]]
        self.modulars = list(cfg["modulars"]) or [str(v["modular"])]
        # everything new_game needs, computed once per configuration
        stages = list(v["stages"])  # type: ignore[call-overload]
        self._stages = stages[1:3] if cfg["mode"] == "expert" else stages[0:2]  # champions/rr/expert-mode
        vset = str(v["set"])
        enc = [c for c in data.expand([vset]) if data.cards()[c].type not in ("villain", "main_scheme")]
        sets = [*self.modulars, "standard"] + (["expert"] if cfg["mode"] == "expert" else [])
        self._enc = enc + data.expand(sets)
        self._ids = [decks.HEROES[h][0] for h in heroes]
        self._nemesis = [decks.nemesis(h) for h in heroes]
        self._obligations = [decks.obligation(h) for h in heroes]
        self._main = list(v["main"])  # type: ignore[call-overload]
        self._setup = str(v["setup"])

    @property
    def num_seats(self) -> int:
        return len(self.config["heroes"])

    def seat_name(self, seat: int) -> str:
        """The player by both sides of their identity card ("Spider-Man / Peter Parker"): true in either form
        (the side that is up is in the view and the render's header)."""
        hero = decks.HEROES[self.config["heroes"][seat]][0]
        cards = data.cards()
        alter = cards.get(hero[:-1] + "b") if hero.endswith("a") else None
        return cards[hero].name + (f" / {alter.name}" if alter is not None else "")

    def new_game(self, seed: int = 0) -> State:
        st = ChampionsState(self, seed)
        flow.setup(st, self._ids, self.deck_lists, self._stages, self._main, self._setup, self._enc,
                   self._nemesis, self._obligations)
        return st

    # ---------------------------------------------------------------- tool hooks
    def bots(self) -> dict[str, Any]:
        """The bots this game offers besides ``random`` and ``ismcts`` (capes.games.champions.bots.BOTS)."""
        from capes.games.champions.bots import BOTS

        return dict(BOTS)

    def rollout_policy(self, state: State, rng: Rng) -> str:
        # the bots' functions are imported with the module, not here: an import statement in this method cost
        # about a microsecond at every rollout step
        return rollout_choice(state, rng)

    def evaluate(self, state: State, seat: int) -> float:
        return evaluate(state, seat)

    def sim_stats(self, state: State) -> dict[str, float]:
        """Rounds played (the round the game ended in), for ``capes sim`` and ``capes sweep``."""
        return {"rounds": float(state.rnd)}  # type: ignore[attr-defined]

    def render(self, state: State, seat: int | None) -> str:
        from capes.games.champions.render import render

        return render(state, seat)

    def web_view(self, view: dict[str, Any], seat: int | None) -> list[str] | None:
        """The table drawn for the browser from ``view`` alone (cards looked up by code), in pieces; see web/."""
        from capes.games.champions.web import pieces

        return pieces(view, seat)

    def glossary(self, state: State, seat: int | None) -> dict[str, str]:
        """The text (our own words, from data/*.yaml) of every card ``seat`` can see now, by the name players see."""
        from capes.games.champions.render import glossary

        return glossary(state, seat)

    def content(self) -> list[ContentEntry]:
        _ensure()
        out = []
        for c in data.cards().values():
            scripted = c.code in S.SCRIPTED
            impl = c.vanilla or scripted
            note = "" if impl else "effect not scripted yet"
            out.append(ContentEntry("card", c.code, c.name, "project", impl, note))
        for h in decks.HEROES:
            out.append(ContentEntry("deck", h, f"{h} pre-built deck", "project", True, ""))
        return out
