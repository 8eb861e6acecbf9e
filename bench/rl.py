"""Steps per second of each RL adapter beside the engine's own, in one run, one core.

    python bench/rl.py [--seconds 3] [--games champions,alliances,heroes] [--json]

For each game (default configuration) it plays uniform random legal moves for about ``--seconds`` per row:

- ``engine``: ``state.apply`` of a random option (the protocol alone, as bench/run.py);
- ``pettingzoo``: ``env.step`` of a random action from the observation's ``action_mask`` (each step builds the
  acting seat's observation and mask, as an agent loop does through ``env.last()``);
- ``gymnasium``: ``env.step`` of a random masked action by the learning seat (other seats: the ``random`` bot);
  counted both as learner steps and as engine actions (the bots' moves included);
- ``openspiel``: ``state.apply_action`` of a random legal action, reading ``legal_actions`` and the
  ``observation_tensor`` of the player to move (as an OpenSpiel learner does) at every step.

The catalogues are built before the clock starts (they are cached per configuration). Nothing here asserts a
timing; the README's "RL adapters" paragraph quotes a run.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable

import numpy as np


def _timed(step: Callable[[], int], seconds: float) -> tuple[float, int]:
    """Call ``step`` (which returns the engine actions it took) until ``seconds`` pass: (steps/s, actions/s)."""
    n = actions = 0
    t0 = time.perf_counter()
    while True:
        actions += step()
        n += 1
        if n % 16 == 0 and time.perf_counter() - t0 >= seconds:
            break
    wall = time.perf_counter() - t0
    return n / wall, actions / wall


def bench_game(game_id: str, seconds: float) -> dict[str, float]:
    import gymnasium as gym
    import pyspiel

    import capes
    import capes.rl.gymnasium as cgym
    import capes.rl.openspiel as cos
    from capes.rl import catalogue_for
    from capes.rl import pettingzoo as cpz

    game = capes.load(game_id)
    catalogue_for(game)
    out: dict[str, float] = {}

    rng = random.Random(0)
    box: dict[str, object] = {"state": game.new_game(0), "seed": 0}

    def engine_step() -> int:
        st = box["state"]
        if st.is_over:  # type: ignore[attr-defined]
            box["seed"] = int(box["seed"]) + 1  # type: ignore[call-overload]
            st = box["state"] = game.new_game(int(box["seed"]))  # type: ignore[call-overload]
        opts = st.decision.options  # type: ignore[attr-defined]
        st.apply(opts[rng.randrange(len(opts))].id)  # type: ignore[attr-defined]
        return 1

    out["engine"], _ = _timed(engine_step, seconds)

    env = cpz.env(game_id)
    env.reset(seed=0)
    nprng = np.random.default_rng(0)

    def pz_step() -> int:
        if not env.agents:
            env.reset()
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            return 0
        env.step(int(nprng.choice(np.flatnonzero(obs["action_mask"]))))
        return 1

    out["pettingzoo"], _ = _timed(pz_step, seconds)

    genv = gym.make(cgym.ENV_IDS[game_id], opponent="random").unwrapped
    _, ginfo = genv.reset(seed=0)
    gbox = {"info": ginfo}

    def gym_step() -> int:
        before = len(genv.state.actions)
        _, _, term, trunc, info = genv.step(int(nprng.choice(np.flatnonzero(gbox["info"]["action_mask"]))))
        taken = len(genv.state.actions) - before
        if term or trunc:
            _, info = genv.reset()
        gbox["info"] = info
        return taken

    out["gymnasium"], out["gymnasium_engine_actions"] = _timed(gym_step, seconds)

    sgame = pyspiel.load_game(cos.GAME_NAMES[game_id])
    sbox = {"state": sgame.new_initial_state(), "deal": 0}

    def spiel_step() -> int:
        st = sbox["state"]
        if st.is_terminal():
            st = sbox["state"] = sgame.new_initial_state()
        if st.is_chance_node():
            sbox["deal"] = (int(sbox["deal"]) + 1) % sgame.max_chance_outcomes()
            st.apply_action(int(sbox["deal"]))
            return 0
        st.observation_tensor(st.current_player())
        st.apply_action(int(nprng.choice(st.legal_actions())))
        return 1

    out["openspiel"], _ = _timed(spiel_step, seconds)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--games", default="champions,alliances,heroes")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    rows = {g: bench_game(g, a.seconds) for g in a.games.split(",")}
    if a.json:
        print(json.dumps(rows, indent=1))
        return 0
    print(f"{'game':<10} {'engine':>9} {'pettingzoo':>11} {'gymnasium':>10} {'(engine actions)':>17} "
          f"{'openspiel':>10}   steps/s, one core")
    for g, r in rows.items():
        print(f"{g:<10} {r['engine']:>9,.0f} {r['pettingzoo']:>11,.0f} {r['gymnasium']:>10,.0f} "
              f"{r['gymnasium_engine_actions']:>17,.0f} {r['openspiel']:>10,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
