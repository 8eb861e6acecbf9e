"""Protocol checks along heuristic games, which reach the later Stages and the Boss Battle (random play rarely
leaves Stage 1): clone independence, exact JSON round trip and the stated bound at every step."""

from .helpers import play_checked


def test_heuristic_games_reach_later_stages_with_protocol_intact() -> None:
    # seeds chosen so that at least one game reaches the Boss Battle
    done = [play_checked({"players": 2}, seed) for seed in (0, 1, 2, 3)]
    assert max(done) >= 2
