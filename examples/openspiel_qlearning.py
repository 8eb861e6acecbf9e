"""OpenSpiel's own trainer loop on capes_heroes: a tabular Q-learner (seat 1) against OpenSpiel's random agent.

    python examples/openspiel_qlearning.py [--episodes 200] [--steps 0]

It runs OpenSpiel's ``rl_environment`` (the deal is the first chance node, sampled by the environment) with
``tabular_qlearner.QLearner`` keyed by the information state, as OpenSpiel's examples do for small games. The
information states of a real game almost never repeat, so a table learns little here: the script shows the game
plugged into OpenSpiel's algorithms, not a strong player; function approximation (OpenSpiel's DQN, PPO) is
the way to learn from ``information_state_tensor``. ``--steps N`` stops after N agent steps (CI runs a few hundred).
"""

from __future__ import annotations

import argparse

import pyspiel
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import random_agent, tabular_qlearner

import capes.rl.openspiel  # noqa: F401  (registers capes_heroes)
from capes.report import interval


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--episodes", type=int, default=200)
    ap.add_argument("--steps", type=int, default=0)
    a = ap.parse_args()
    game = pyspiel.load_game("capes_heroes", {"config": '{"players": 2}'})
    env = rl_environment.Environment(game, seed=1)
    n = env.action_spec()["num_actions"]
    agents = [tabular_qlearner.QLearner(player_id=0, num_actions=n),
              random_agent.RandomAgent(player_id=1, num_actions=n)]
    wins = steps = 0
    for episode in range(1, a.episodes + 1):
        ts = env.reset()
        while not ts.last():
            p = ts.observations["current_player"]
            ts = env.step([agents[p].step(ts).action])
            steps += 1
            if a.steps and steps >= a.steps:
                print(f"stopped after {steps} agent steps ({episode} episodes)")
                return
        for agent in agents:
            agent.step(ts)
        wins += ts.rewards[0] > 0
        if episode % 50 == 0:
            lo, hi = interval(wins, episode)
            print(f"episode {episode}: Q-learner won {wins} ({wins / episode:.3f}, 95% [{lo:.3f}, {hi:.3f}])")


if __name__ == "__main__":
    main()
