"""Protocol checks along heuristic games, which reach the later Stages and the Boss Battle (random play rarely
leaves Stage 1): clone independence, exact JSON round trip and the stated bound at every step."""

import capes
from capes.games.alliances.bots import HeuristicBot


def _play_checked(cfg: dict, seed: int) -> int:
    g = capes.load("alliances", **cfg)
    s = g.new_game(seed)
    bots = [HeuristicBot(g, i, seed=seed) for i in range(g.num_seats)]
    steps = 0
    while not s.is_over:
        a = bots[s.decision.seat].choose(s)
        snap = s.to_json()
        twin = s.clone()
        loaded = g.from_json(snap)
        assert loaded.decision.ids() == s.decision.ids()
        s.apply(a)
        twin.apply(a)
        loaded.apply(a)
        after = s.to_json()
        assert twin.to_json() == after and loaded.to_json() == after
        steps += 1
        assert steps <= g.max_actions
    return s.stages_done


def test_heuristic_games_reach_later_stages_with_protocol_intact() -> None:
    # seeds chosen so that at least one game reaches the Boss Battle
    done = [_play_checked({"players": 2}, seed) for seed in (0, 1, 2, 3)]
    assert max(done) >= 2
