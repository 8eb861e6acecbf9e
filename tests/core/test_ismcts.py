"""ISMCTS with a prior (issue #15 'search that beats the rules of thumb'): PUCT selection follows the
prior when it has little time, and overrules a wrong prior when the search sees the better option."""

from __future__ import annotations

from typing import Any

import pytest

from capes.core.bots.ismcts import ISMCTSBot, top_choice_prior
from capes.core.bots.levels import noisy, searching
from capes.core.errors import ConfigError
from capes.core.protocol import Decision, Game, Option, Result, State
from capes.core.rng import Rng
from capes.core.rules import Rule, RulesIndex

RULES = RulesIndex("climb", [Rule("climb/step", "Step", "test"), Rule("climb/end", "End", "test")])
TARGET = 6  # three steps of 2: only "up" every time wins


class ClimbState(State):
    """One seat picks ``stay`` (+0), ``step`` (+1) or ``up`` (+2) three times; it wins at height >= 6."""

    height: int
    turns: int

    def setup(self) -> None:
        self.height = 0
        self.turns = 0

    def _compute_decision(self) -> Decision:
        if self.turns >= 3:
            return Decision(None, "over", ())
        return Decision(0, "Climb", (Option("stay", "Stay"), Option("step", "Step"), Option("up", "Go up")))

    def _do(self, option_id: str) -> None:
        self._tick("climb/step")
        self.height += {"stay": 0, "step": 1, "up": 2}[option_id]
        self.turns += 1
        self.emit("climb/step", f"Height {self.height}.")

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"height": self.height, "turns": self.turns}

    def _dump(self) -> Any:
        return [self.height, self.turns]

    def _load(self, data: Any) -> None:
        self.height, self.turns = data

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, ClimbState)
        other.height, other.turns = self.height, self.turns

    def _result(self) -> Result | None:
        if self.turns < 3:
            return None
        return Result(("win" if self.height >= TARGET else "loss",), (float(self.height),))

    def _resample(self, seat: int, rng: Rng) -> None:
        pass  # nothing hidden


class StayBot:
    """A bad rule of thumb: always stay."""

    name = "stay"

    def __init__(self, game: Game, seat: int, seed: int = 0, **_: Any) -> None:
        self.seat = seat

    def choose(self, state: State) -> str:
        return "stay"


class ClimbGame(Game):
    id = "climb"
    name = "Climb (test)"
    max_actions = 3
    state_class = ClimbState

    @property
    def num_seats(self) -> int:
        return 1

    @property
    def rules(self) -> RulesIndex:
        return RULES

    def new_game(self, seed: int = 0) -> State:
        s = ClimbState(self, seed)
        s.setup()
        return s

    def glossary(self, state: State, seat: int | None) -> dict[str, str]:
        return {}

    def bots(self) -> dict[str, Any]:
        return {"stay": StayBot}

    def rollout_policy(self, state: State, rng: Rng) -> str:
        opts = state.decision.options
        return opts[rng.randbelow(len(opts))].id

    def evaluate(self, state: State, seat: int) -> float:
        assert isinstance(state, ClimbState)
        return state.height / TARGET


def _prior_on(choice: str) -> Any:
    return lambda state, seat, rng: top_choice_prior(choice, state.decision.ids(), 0.6)


def test_top_choice_prior_gives_the_rest_evenly() -> None:
    p = top_choice_prior("up", ["stay", "step", "up"], 0.5)
    assert p == {"stay": 0.25, "step": 0.25, "up": 0.5} and top_choice_prior("a", ["a"], 0.5) == {"a": 1.0}


@pytest.mark.parametrize("choice", ["stay", "step", "up"])
def test_puct_with_one_iteration_follows_the_prior(choice: str) -> None:
    game = ClimbGame()
    bot = ISMCTSBot(game, 0, seed=3, prior=_prior_on(choice), iterations=1, prior_weight=1.0)
    assert bot.choose(game.new_game(0)) == choice


def test_puct_overrules_a_wrong_prior_when_searching() -> None:
    game = ClimbGame()
    state = game.new_game(0)
    bot = ISMCTSBot(game, 0, seed=3, prior=_prior_on("stay"), iterations=300, prior_weight=1.0)
    assert bot.choose(state) == "up"
    state.apply("up")
    state.apply("up")
    assert bot.choose(state) == "up"  # the only move that still wins


def test_tree_search_reports_each_root_option_s_visits_and_mean_reward() -> None:
    """``last_stats`` after a tree decision (bench/ismcts_settings.py reads it): every playout visits one root
    option, the choice is the most visited, and the mean rewards are the game's (height / 6, 1 for a win)."""
    game = ClimbGame()
    state = game.new_game(0)
    bot = ISMCTSBot(game, 0, seed=3, iterations=300)
    choice = bot.choose(state)
    stats = bot.last_stats
    assert set(stats) == {"stay", "step", "up"} and sum(n for n, _ in stats.values()) == 300
    assert choice == "up" == max(stats, key=lambda a: stats[a][0])
    assert all(0.0 <= v <= 1.0 for _, v in stats.values()) and stats["up"][1] > stats["stay"][1]


def test_prior_hook_on_the_game_is_used() -> None:
    game = ClimbGame()
    game.policy_prior = _prior_on("step")  # type: ignore[attr-defined]
    assert ISMCTSBot(game, 0, seed=1, iterations=1, prior_weight=1.0).choose(game.new_game(0)) == "step"


def test_searching_level_beats_its_bad_heuristic() -> None:
    game = ClimbGame()
    hard = searching(StayBot, "hard", iterations=300)
    state = game.new_game(0)
    bot = hard(game, 0, seed=5)
    while not state.is_over:
        state.apply(bot.choose(state))
    assert state.result is not None and state.result.outcomes == ("win",)
    with pytest.raises(ConfigError, match="unknown ismcts option"):
        hard(game, 0, seed=5, depth=3)


def test_noisy_level_mixes_random_moves_deterministically() -> None:
    game = ClimbGame()
    easy = noisy(StayBot, "easy", 0.5)
    state = game.new_game(0)
    picks = [easy(game, 0, seed=s).choose(state) for s in range(40)]
    assert picks == [easy(game, 0, seed=s).choose(state) for s in range(40)]
    assert "stay" in picks and {"step", "up"} & set(picks)
    assert {noisy(StayBot, "never", 0.0)(game, 0, seed=s).choose(state) for s in range(20)} == {"stay"}


# ---- paired search: root candidates compared on common deals, the prior's choice kept unless beaten

class LuckState(ClimbState):
    """One choice, then luck: ``plain`` scores a random draw u in [0, 1), ``edge`` scores u + 0.01, ``bust``
    scores u - 0.5. The draw comes from the state's RNG, so a resample deals a new one."""

    luck: float

    def setup(self) -> None:
        super().setup()
        self.luck = 0.0

    def _compute_decision(self) -> Decision:
        if self.turns >= 1:
            return Decision(None, "over", ())
        return Decision(0, "Pick", (Option("plain", "Plain"), Option("edge", "Edge"), Option("bust", "Bust")))

    def _do(self, option_id: str) -> None:
        self._tick("climb/step")
        self.luck = self.rng.random() + {"plain": 0.0, "edge": 0.01, "bust": -0.5}[option_id]
        self.turns += 1
        self.emit("climb/step", f"Luck {self.luck:.2f}.")

    def _dump(self) -> Any:
        return [self.height, self.turns, self.luck]

    def _load(self, data: Any) -> None:
        self.height, self.turns, self.luck = data

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, LuckState)
        other.height, other.turns, other.luck = self.height, self.turns, self.luck

    def _result(self) -> Result | None:
        return None  # scored by evaluate alone: rollouts are cut off at the end


class LuckGame(ClimbGame):
    id = "luck"
    state_class = LuckState
    max_actions = 1

    def new_game(self, seed: int = 0) -> State:
        s = LuckState(self, seed)
        s.setup()
        return s

    def evaluate(self, state: State, seat: int) -> float:
        assert isinstance(state, LuckState)
        return state.luck


PAIRED = {"paired": True, "rollout_depth": 0}


def test_paired_search_compares_candidates_on_the_same_deal() -> None:
    """``edge`` beats ``plain`` by 0.01 on every deal while the deals themselves spread over [0, 1): only the
    same deal (and its future draws) played from each candidate can see it, in 16 deals."""
    game = LuckGame()
    bot = ISMCTSBot(game, 0, seed=2, prior=_prior_on("plain"), iterations=48, switch_z=3.0, **PAIRED)
    assert bot.choose(game.new_game(0)) == "edge"
    assert bot.last_iterations == 48 and bot.last_stats["edge"][0] == 16
    assert bot.last_stats["edge"][1] == pytest.approx(0.01) and bot.last_stats["bust"][1] == pytest.approx(-0.5)


def test_paired_search_keeps_the_prior_choice_unless_clearly_beaten() -> None:
    game = LuckGame()
    state = game.new_game(0)
    # the prior's favourite is best: nothing beats it
    assert ISMCTSBot(game, 0, seed=2, prior=_prior_on("edge"), iterations=30, **PAIRED).choose(state) == "edge"
    # a gain below switch_min does not overrule the prior
    assert ISMCTSBot(game, 0, seed=2, prior=_prior_on("plain"), iterations=30, switch_min=0.05,
                     **PAIRED).choose(state) == "plain"


def test_paired_search_widens_over_the_prior_ranking_only() -> None:
    """``candidates`` bounds the options searched, taken from the top of the prior: with a prior ranking
    stay > step > up and the height as the cut-off score, two candidates find step, three find up."""
    game = ClimbGame()
    ranked = lambda state, seat, rng: {"stay": 0.6, "step": 0.3, "up": 0.1}  # noqa: E731
    state = game.new_game(0)
    two = ISMCTSBot(game, 0, seed=1, prior=ranked, iterations=60, candidates=2, **PAIRED)
    assert two.choose(state) == "step" and set(two.last_stats) == {"stay", "step"}
    assert ISMCTSBot(game, 0, seed=1, prior=ranked, iterations=60, candidates=3, paired="true",
                     rollout_depth=0).choose(state) == "up"
    one = ISMCTSBot(game, 0, seed=1, prior=ranked, iterations=60, candidates=1, **PAIRED)
    assert one.choose(state) == "stay" and one.last_iterations == 0
    # a budget too small for two deals of every candidate narrows the search: one playout keeps the prior
    tiny = ISMCTSBot(game, 0, seed=1, prior=ranked, iterations=1, **PAIRED)
    assert tiny.choose(state) == "stay" and tiny.last_iterations == 0
    narrow = ISMCTSBot(game, 0, seed=1, prior=ranked, iterations=5, **PAIRED)
    assert narrow.choose(state) == "step" and set(narrow.last_stats) == {"stay", "step"}


def test_paired_search_is_deterministic_and_leaves_the_state_alone() -> None:
    game = LuckGame()
    state = game.new_game(5)
    snap = state.to_json()
    picks = [ISMCTSBot(game, 0, seed=s, prior=_prior_on("plain"), iterations=9, **PAIRED).choose(state)
             for s in range(4)]
    assert picks == [ISMCTSBot(game, 0, seed=s, prior=_prior_on("plain"), iterations=9, **PAIRED).choose(state)
                     for s in range(4)]
    assert state.to_json() == snap


def test_paired_search_races_its_playouts_to_the_close_candidates() -> None:
    """``drop_z``: ``bust`` (0.5 below the prior's ``plain`` on every deal) stops being played after ``drop_after``
    deals, and its playouts go to ``edge``, which beats ``plain`` by 0.01; without racing every candidate gets the
    same deals."""
    game = LuckGame()
    state = game.new_game(0)
    racing = ISMCTSBot(game, 0, seed=2, prior=_prior_on("plain"), iterations=48, switch_z=3.0, drop_z=2.0,
                       drop_after=3, **PAIRED)
    assert racing.choose(state) == "edge"
    assert racing.last_stats["bust"][0] == 3 and racing.last_stats["edge"][0] == (48 - 3 * 3) // 2 + 3
    even = ISMCTSBot(game, 0, seed=2, prior=_prior_on("plain"), iterations=48, switch_z=3.0, **PAIRED)
    assert even.choose(state) == "edge" and {n for n, _ in even.last_stats.values()} == {16}
