"""Train a masked linear REINFORCE policy on capes/Heroes-v0 against the random bot, with a learning curve.

    python examples/gymnasium_reinforce.py [--episodes 1500] [--every 150] [--eval 100] [--out curve.png]

Training uses game seeds from 1,000,000 on; each point of the curve plays ``--eval`` games on seeds 0.. (never
trained on) with the policy sampling as in training, and prints the win rate with its Wilson 95% interval. The
random baseline is the first point (the policy starts uniform). ``--steps N`` stops after N learner steps
(CI runs a few hundred). Needs only capes[rl] (Gymnasium, numpy); matplotlib for the figure.
"""

from __future__ import annotations

import argparse
import json
import time

import gymnasium as gym
from linear_policy import LinearPolicy

import capes.rl.gymnasium  # noqa: F401  (registers capes/Heroes-v0)
from capes.report import interval


def evaluate(env: gym.Env, policy: LinearPolicy, games: int) -> tuple[int, int]:
    wins = 0
    for seed in range(games):
        obs, info = env.reset(seed=seed)
        over, r = False, 0.0
        while not over:
            obs, r, over, _, info = env.step(policy.act(obs, info["action_mask"], learn=False))
        wins += r > 0
    return wins, games


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--episodes", type=int, default=1500)
    ap.add_argument("--every", type=int, default=150)
    ap.add_argument("--eval", type=int, default=100)
    ap.add_argument("--steps", type=int, default=0, help="stop after this many learner steps (0: no limit)")
    ap.add_argument("--lr", type=float, default=0.02)
    ap.add_argument("--out", default="", help="write the learning curve here (.png, and .json beside it)")
    a = ap.parse_args()
    env = gym.make("capes/Heroes-v0", players=2, opponent="random").unwrapped
    policy = LinearPolicy(env.observation_space.shape[0], env.action_space.n, lr=a.lr)
    curve, steps, t0 = [], 0, time.time()

    def point(episode: int) -> None:
        w, n = evaluate(env, policy, a.eval)
        lo, hi = interval(w, n)
        curve.append({"episode": episode, "wins": w, "games": n, "win_rate": w / n, "ci_low": lo, "ci_high": hi})
        print(f"episode {episode:>5}: win rate {w / n:.3f} [{lo:.3f}, {hi:.3f}] over {n} held-out seeds "
              f"({time.time() - t0:.0f} s)", flush=True)

    if not a.steps:
        point(0)
    for episode in range(1, a.episodes + 1):
        obs, info = env.reset(seed=1_000_000 + episode)
        over, r = False, 0.0
        while not over:
            obs, r, over, _, info = env.step(policy.act(obs, info["action_mask"]))
            steps += 1
            if a.steps and steps >= a.steps:
                print(f"stopped after {steps} learner steps ({episode} episodes)")
                return
        policy.finish(r)
        if episode % a.every == 0:
            point(episode)
    if a.out:
        with open(a.out.rsplit(".", 1)[0] + ".json", "w") as f:
            json.dump({"env": "capes/Heroes-v0", "opponent": "random", "lr": a.lr, "curve": curve}, f, indent=1)
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(6.5, 3.6))
        xs = [c["episode"] for c in curve]
        ax.fill_between(xs, [c["ci_low"] for c in curve], [c["ci_high"] for c in curve], alpha=0.25,
                        label="Wilson 95% interval")
        ax.plot(xs, [c["win_rate"] for c in curve], "o-", label=f"win rate on {a.eval} held-out seeds")
        ax.set_xlabel("training episodes (games against the random bot)")
        ax.set_ylabel("win rate of the learner (seat 1)")
        ax.set_title("capes/Heroes-v0: masked linear REINFORCE vs random")
        ax.set_ylim(0, 1)
        ax.legend(loc="lower right", fontsize=8)
        fig.savefig(a.out, dpi=100, bbox_inches="tight")
        print(f"wrote {a.out}")


if __name__ == "__main__":
    main()
