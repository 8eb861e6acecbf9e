"""What the server does for each seat after an action, without the network (not a test; nothing here asserts).

Plays ``--games`` random games of ``--game`` (the load bench's configuration: two seats), keeps every state, then
times, state after state, what ``capes serve`` builds for each seat's page: ``view(seat)`` and the game's
drawing (``board_html``), with the drawings' memos warm as in a running server. Prints CPU µs per action for
the views and for the drawings, and a digest of every drawing: an optimisation must leave the digest unchanged.

    python bench/draw.py [--game champions] [--games 20] [--seed 0]
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from peers import machine  # noqa: E402

from capes.core.registry import load  # noqa: E402
from capes.web.views import board_html  # noqa: E402

CONFIGS = {"champions": {"heroes": "spider_man,she_hulk"}, "heroes": {"players": 2}, "alliances": {"players": 2}}


def states(game: object, games: int, seed: int) -> list:
    out = []
    for k in range(games):
        s = game.new_game(seed + k)  # type: ignore[attr-defined]
        rng = random.Random(seed + k)
        out.append(s.clone())
        while not s.is_over:
            s.apply(rng.choice(s.decision.options).id)
            out.append(s.clone())
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="champions", choices=sorted(CONFIGS))
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    if not 1 <= a.games <= 10_000:
        sys.exit(f"bench/draw.py: --games must be 1..10000, not {a.games}")
    game = load(a.game, **CONFIGS[a.game])
    sts = states(game, a.games, a.seed)
    seats = list(range(game.num_seats))
    digest = hashlib.sha256()
    tv = td = 0.0
    for st in sts:  # each state once, in order, as the server meets them (the memos warm up as they go)
        for seat in seats:
            t0 = time.process_time()
            st.view(seat)
            t1 = time.process_time()
            html = board_html(game, st, seat)
            t2 = time.process_time()
            tv += t1 - t0
            td += t2 - t1 - (t1 - t0)  # board_html builds the view again
            digest.update(html.encode())
    n = len(sts)
    print(f"machine: {machine()}")
    print(f"{a.game}: {a.games} random games, {n} states, seats {seats}: "
          f"view {1e6 * tv / n:.0f} µs and drawing {1e6 * td / n:.0f} µs per action (every seat); "
          f"digest {digest.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
