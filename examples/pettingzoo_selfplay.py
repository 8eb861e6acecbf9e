"""Self-play on the PettingZoo AEC env of Heroes: one masked linear REINFORCE learner per seat (numpy only).

    python examples/pettingzoo_selfplay.py [--games 300] [--steps 0]

The usual PettingZoo agent loop (``env.agent_iter()``, ``env.last()``, the ``action_mask`` of every observation);
each seat learns from its own observations and its own reward. Every 50 games it prints how often seat 1 won the
last 50. ``--steps N`` stops after N agent steps (CI runs a few hundred).
"""

from __future__ import annotations

import argparse

from linear_policy import LinearPolicy

from capes.rl import pettingzoo as cpz


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--steps", type=int, default=0)
    ap.add_argument("--lr", type=float, default=0.05)
    a = ap.parse_args()
    env = cpz.env("heroes", players=2)
    env.reset(seed=0)
    size = env.observation_space("seat_0")["observation"].shape[0]
    policies = {agent: LinearPolicy(size, env.action_space(agent).n, lr=a.lr, seed=i)
                for i, agent in enumerate(env.possible_agents)}
    steps, recent = 0, []
    for game in range(1, a.games + 1):
        env.reset(seed=game)
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            if term or trunc:
                policies[agent].finish(reward)
                if agent == "seat_0":
                    recent.append(reward > 0)
                env.step(None)
                continue
            env.step(policies[agent].act(obs["observation"], obs["action_mask"]))
            steps += 1
            if a.steps and steps >= a.steps:
                print(f"stopped after {steps} agent steps ({game} games)")
                return
        if game % 50 == 0:
            print(f"game {game}: seat 1 won {sum(recent[-50:])} of the last 50")


if __name__ == "__main__":
    main()
