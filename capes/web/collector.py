"""The cycle collector set up for a long-running process of the server (the server itself, its render workers)."""

from __future__ import annotations

import gc

#: young objects between two collections of the youngest generation (CPython's default: 700)
GC_GEN0 = 10_000


def tune_gc() -> None:
    """Keep the cycle collector's pauses out of the players' waits. Everything alive now (modules, game content,
    rules indexes, the resumed tables) is frozen: collections never scan it again (it is still freed when nothing
    refers to it; only cyclic garbage among it would stay, a bounded amount set at start). The youngest
    generation is collected every ``GC_GEN0`` allocations instead of 700. Under load (bench/load.py), full
    collections of the server's ~150,000 objects had paused the event loop for 60–150 ms several times a
    minute."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_GEN0, *gc.get_threshold()[1:])
