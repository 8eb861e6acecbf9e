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


#: CRC-32 of each leaf key seen (paths repeat from view to view); cleared when it grows past _CRC_LIMIT
_CRC: dict[str, int] = {}
_CRC_LIMIT = 500_000


def encode_view(view: Any, size: int = OBS_SIZE) -> np.ndarray:
    """The observation vector of a view (see the module docstring)."""
    crcs = _CRC
    if len(crcs) > _CRC_LIMIT:
        crcs.clear()
    keys: list[str] = []
    values: list[float] = []
    add_key, add_value = keys.append, values.append
    log1p, copysign = math.log1p, math.copysign
    stack: list[tuple[str, Any]] = [("", view)]
    pop, push = stack.pop, stack.append
    while stack:
        path, v = pop()
        t = type(v)
        if t is dict:
            for k, x in v.items():
                push((f"{path}.{k}", x))
        elif t is list or t is tuple:
            for i, x in enumerate(v):
                push((f"{path}[{i if i < _MAX_INDEX else '*'}]", x))
        elif t is str:
            add_key(f"{path}={v}")
            add_value(1.0)
        elif t is bool:
            add_key(path)
            add_value(1.0 if v else 0.0)
        elif t is int or t is float:
            add_key(path)
            add_value(copysign(log1p(abs(v)), v))
        elif isinstance(v, dict | list | tuple | str | bool | int | float):  # subclasses: the slow path, same rules
            push((path, dict(v) if isinstance(v, dict) else list(v) if isinstance(v, list | tuple) else
                  str(v) if isinstance(v, str) else bool(v) if isinstance(v, bool) else float(v)))
    idx = np.empty(len(keys), dtype=np.int64)
    for j, key in enumerate(keys):
        c = crcs.get(key)
        if c is None:
            c = crcs[key] = zlib.crc32(key.encode())
        idx[j] = c
    return np.bincount(idx % size, weights=np.asarray(values, dtype=np.float64), minlength=size).astype(np.float32)


def observe(state: State, seat: int, size: int = OBS_SIZE) -> np.ndarray:
    """The observation of ``seat``: :func:`encode_view` of ``state.view(seat)``."""
    return encode_view(state.view(seat), size)
