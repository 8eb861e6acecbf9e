"""A masked softmax policy, linear in the observation, trained by REINFORCE with a running baseline (numpy only).

Shared by the example scripts; small on purpose: it shows the adapters' spaces and masks in use, not a strong
learner. ``logits = x @ W + b`` with ``x`` the observation scaled to unit length; illegal actions get no probability; after an episode every step's action is
pushed up or down by (return - baseline).
"""

from __future__ import annotations

import numpy as np


class LinearPolicy:
    def __init__(self, obs_size: int, actions: int, lr: float = 0.01, seed: int = 0) -> None:
        self.w = np.zeros((obs_size, actions), np.float32)
        self.b = np.zeros(actions, np.float32)
        self.lr = lr
        self.baseline = 0.0
        self.rng = np.random.default_rng(seed)
        self.trace: list[tuple[np.ndarray, np.ndarray, np.ndarray, int]] = []

    def probs(self, obs: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        legal = np.flatnonzero(mask)
        obs = _unit(obs)
        z = obs @ self.w[:, legal] + self.b[legal]
        z = np.exp(z - z.max())
        return legal, z / z.sum()

    def act(self, obs: np.ndarray, mask: np.ndarray, greedy: bool = False, learn: bool = True) -> int:
        legal, p = self.probs(obs, mask)
        i = int(p.argmax()) if greedy else int(self.rng.choice(len(legal), p=p))
        if learn:
            self.trace.append((obs, legal, p, i))
        return int(legal[i])

    def finish(self, ret: float) -> None:
        """REINFORCE update of the episode just played, with return ``ret``."""
        adv = ret - self.baseline
        self.baseline += 0.05 * (ret - self.baseline)
        n = max(1, len(self.trace))
        for obs, legal, p, i in self.trace:
            obs = _unit(obs)
            g = -p
            g[i] += 1.0
            step = self.lr * adv / n ** 0.5
            self.w[:, legal] += step * np.outer(obs, g)
            self.b[legal] += step * g
        self.trace.clear()


def _unit(x: np.ndarray) -> np.ndarray:
    n = float(np.linalg.norm(x))
    return x / n if n else x
