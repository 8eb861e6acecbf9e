"""Champions' own figures for simulations: the rounds a game lasted (summary/flow: each round is a player phase
and a villain phase), so that `capes sim` and `capes sweep` rows carry them like the other games'."""

import capes
from capes.core.rng import Rng
from capes.sim import play_one


def test_rounds_played_are_the_round_the_game_ended_in_champions_summary_flow() -> None:
    game = capes.load("champions")
    state = game.new_game(3)
    rng = Rng(3)
    while not state.is_over:
        d = state.decision
        state.apply(d.options[rng.randbelow(len(d.options))].id)
    stats = game.sim_stats(state)
    assert stats == {"rounds": float(state.view(None)["round"])} and stats["rounds"] >= 1


def test_a_simulated_champions_game_reports_its_rounds() -> None:
    row = play_one("champions", {}, 5, ["random"])
    assert row["stats"]["rounds"] >= 1
