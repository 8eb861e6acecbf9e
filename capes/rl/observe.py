"""Observations: a fixed-length float32 vector made from ``state.view(seat)`` alone.

The view (a JSON tree) is flattened to its leaves; each leaf lands in one of ``size`` buckets chosen by a CRC-32 of
its path (list positions kept up to 32, later ones folded together): a string or an id adds 1 to the bucket of
``path=value``, a number adds ``sign(x)·log(1+|x|)`` to the bucket of ``path``, a boolean adds 0 or 1. Collisions
add up (feature hashing). Since the input is the seat's view and nothing else, an observation never holds what
that seat may not know; the test suite checks it by redealing everything the seat cannot see
(``state.resample``) and comparing.

>>> import capes
>>> state = capes.load("heroes").new_game(seed=3)
>>> bool((observe(state, 0) == encode_view(state.view(0))).all())
True
"""

from __future__ import annotations

import math
import zlib
from typing import Any

import numpy as np

from capes.core.protocol import State

#: observation length by default
OBS_SIZE = 1024
_MAX_INDEX = 32


def encode_view(view: Any, size: int = OBS_SIZE) -> np.ndarray:
    """The observation vector of a view (see the module docstring)."""
    out = np.zeros(size, dtype=np.float32)
    buckets: dict[str, int] = {}
    crc = zlib.crc32

    def bucket(key: str) -> int:
        b = buckets.get(key)
        if b is None:
            b = buckets[key] = crc(key.encode()) % size
        return b

    stack: list[tuple[str, Any]] = [("", view)]
    while stack:
        path, v = stack.pop()
        if isinstance(v, dict):
            for k, x in v.items():
                stack.append((f"{path}.{k}", x))
        elif isinstance(v, (list, tuple)):
            for i, x in enumerate(v):
                stack.append((f"{path}[{i if i < _MAX_INDEX else '*'}]", x))
        elif isinstance(v, bool):
            out[bucket(path)] += float(v)
        elif isinstance(v, (int, float)):
            x = float(v)
            out[bucket(path)] += math.copysign(math.log1p(abs(x)), x)
        elif isinstance(v, str):
            out[bucket(f"{path}={v}")] += 1.0
    return out


def observe(state: State, seat: int, size: int = OBS_SIZE) -> np.ndarray:
    """The observation of ``seat``: :func:`encode_view` of ``state.view(seat)``."""
    return encode_view(state.view(seat), size)
