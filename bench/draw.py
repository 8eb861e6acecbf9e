"""What the server does for each seat after an action, without the network (not a test; nothing here asserts).

Plays ``--games`` random games of ``--game`` (the load bench's configuration: two seats), keeps every state, then
times, state after state, what ``capes serve`` builds for each seat's page: the seats' views (``state.views``,
built together) and the game's drawing (``board_parts``), with the drawings' memos warm as in a running server, then the update of a page that
saw every state (``Conn.board_update``: which pieces it lacks). Prints CPU µs per action for the views, the
drawings and the updates, the bytes of board a page is sent (its new pieces, UTF-8, and the ops naming the pieces)
against the whole drawing, and a digest of every drawing (the pieces joined): an optimisation must leave the
digest unchanged.

    python bench/draw.py [--game champions] [--games 20] [--seed 0]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from peers import machine  # noqa: E402

from capes.core.registry import load  # noqa: E402
from capes.web.updates import Conn  # noqa: E402
from capes.web.views import board_parts  # noqa: E402

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
    tv = td = tu = 0.0
    whole = sent = pieces = 0
    pages: dict[int, Conn] = {}
    for st in sts:  # each state once, in order, as the server meets them (the memos warm up as they go)
        if not st.actions:  # a new game: new pages
            pages = {seat: Conn(print, seat, 0) for seat in seats}
        t0 = time.process_time()
        views = st.views(seats)
        tv += time.process_time() - t0
        for seat in seats:
            t1 = time.process_time()
            parts = board_parts(game, st, seat, views[seat])
            t2 = time.process_time()
            upd = pages[seat].board_update(parts)
            t3 = time.process_time()
            td += t2 - t1
            tu += t3 - t2
            html = "".join(parts)
            digest.update(html.encode())
            whole += len(html.encode())
            pieces += len(parts)
            if upd is not None:
                sent += len(upd[1].encode()) + len(json.dumps(upd[0], separators=(",", ":")))
    n = len(sts)
    print(f"machine: {machine()}")
    print(f"{a.game}: {a.games} random games, {n} states, seats {seats}: "
          f"view {1e6 * tv / n:.0f} µs, drawing {1e6 * td / n:.0f} µs and update {1e6 * tu / n:.0f} µs per action "
          f"(every seat); board bytes per action (every seat): {whole / n / 1e3:.1f} KB drawn, {sent / n / 1e3:.1f} KB "
          f"sent ({pieces / n / len(seats):.0f} pieces a board); digest {digest.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
