"""Battlefield geometry — the ONE place that knows the shape of the Spaces.

The rulebook (Measurement, Measuring in a Straight Line) speaks only of Spaces,
adjacency and "sides" of a Space; it never fixes the grid. This module turns a
Stage Board's data (``geometry`` + ``map``) into plain tables the engine uses:

* ``adj[s]``       Spaces adjacent to Space ``s`` (distance 1).
* ``step[s][d]``   the next Space in a straight line leaving ``s`` through side ``d``
                   (``-1`` past the battlefield edge).
* ``dist[a][b]``   the distance: the fewest adjacent Spaces counted from ``a`` to ``b``
                   (alliances/measurement).

Only ``geometry: square`` ships: a rectangle of square Spaces with orthogonal
adjacency and four sides N, E, S, W (a straight line leaves perpendicular to a side).
To add another geometry (say hexes), add a builder to ``GEOMETRIES`` that returns
the same tables; nothing else in the engine looks at coordinates except rendering
(``label`` / ``coords``).

>>> b = Board.square(3, 2, holes=())
>>> b.dist[b.index(0, 0)][b.index(2, 1)], b.label(b.index(2, 1))
(3, 'c2')
>>> b.line(b.index(0, 0), 1, 5)   # side E, as far as the edge
[1, 2]
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

DIRS = ("N", "E", "S", "W")
_DELTA = ((0, -1), (1, 0), (0, 1), (-1, 0))


class Board:
    """Static geometry of one battlefield (shared by every state; never copied)."""

    __slots__ = ("width", "height", "n", "exists", "adj", "step", "dist", "ndirs", "dir_names", "labels", "_index", "opposite", "_balls",
                 "within1", "_line_sets")

    def __init__(self, width: int, height: int, exists: list[bool], step: list[tuple[int, ...]],
                 dir_names: tuple[str, ...], opposite: tuple[int, ...]) -> None:
        self.opposite = opposite  # the side facing the other way (straight lines back)
        self.width = width
        self.height = height
        self.n = width * height
        self.exists = exists
        self.step = step
        self.dir_names = dir_names
        self.ndirs = len(dir_names)
        self.adj = [tuple(t for t in step[s] if t >= 0) if exists[s] else () for s in range(self.n)]
        self.dist = [self._bfs(s) for s in range(self.n)]
        self.labels = [self._label(s) for s in range(self.n)]
        #: ``within1[s]``: the Spaces at distance 0 or 1 from ``s`` (Range 1: Interact, Secure, Contest)
        self.within1 = [frozenset(t for t in range(self.n) if self.dist[s][t] <= 1) for s in range(self.n)]
        self._balls: dict[tuple[int, int], tuple[int, ...]] = {}
        self._line_sets: dict[tuple[int, int, int], frozenset[int]] = {}
        self._index = {lab: s for s, lab in enumerate(self.labels)}

    @classmethod
    def square(cls, width: int, height: int, holes: Iterable[tuple[int, int]] = ()) -> Board:
        """A rectangle of square Spaces; orthogonal adjacency (alliances/measurement)."""
        n = width * height
        exists = [True] * n
        for x, y in holes:
            exists[y * width + x] = False
        step: list[tuple[int, ...]] = []
        for s in range(n):
            x, y = s % width, s // width
            row = []
            for dx, dy in _DELTA:
                nx, ny = x + dx, y + dy
                t = ny * width + nx
                ok = 0 <= nx < width and 0 <= ny < height and exists[t] and exists[s]
                row.append(t if ok else -1)
            step.append(tuple(row))
        return cls(width, height, exists, step, DIRS, (2, 3, 0, 1))

    def _bfs(self, src: int) -> list[int]:
        far = 1 << 20
        d = [far] * self.n
        if not self.exists[src]:
            return d
        d[src] = 0
        q = deque([src])
        while q:
            s = q.popleft()
            for t in self.adj[s]:
                if d[t] == far:
                    d[t] = d[s] + 1
                    q.append(t)
        return d

    def ball(self, s: int, r: int) -> tuple[int, ...]:
        """Spaces at distance 1..r from ``s`` (cached)."""
        key = (s, r)
        out = self._balls.get(key)
        if out is None:
            d = self.dist[s]
            out = self._balls[key] = tuple(t for t in range(self.n) if 0 < d[t] <= r)
        return out

    # --- coordinates (rendering and option ids only) -------------------------------
    def index(self, x: int, y: int) -> int:
        return y * self.width + x

    def coords(self, s: int) -> tuple[int, int]:
        return s % self.width, s // self.width

    def _label(self, s: int) -> str:
        x, y = self.coords(s)
        return f"{chr(97 + x)}{y + 1}"

    def label(self, s: int) -> str:
        """Column letter + row number, e.g. ``c5`` (row 1 is the top row)."""
        return self.labels[s]

    def parse(self, label: str) -> int:
        return self._index[label]

    def spaces(self) -> list[int]:
        return [s for s in range(self.n) if self.exists[s]]

    # --- straight lines (alliances/measurement/straight-line) ----------------------
    def line(self, start: int, d: int, length: int) -> list[int]:
        """Spaces counted from ``start`` leaving through side ``d``, up to ``length`` or the edge."""
        out = []
        s = start
        step = self.step
        for _ in range(length):
            s = step[s][d]
            if s < 0:
                break
            out.append(s)
        return out

    def line_set(self, start: int, d: int, length: int) -> frozenset[int]:
        """The Spaces of :meth:`line` as a set (cached: a board never changes; bounded by Spaces x sides x lengths)."""
        key = (start, d, length)
        out = self._line_sets.get(key)
        if out is None:
            out = self._line_sets[key] = frozenset(self.line(start, d, length))
        return out

    def dir_index(self, name: str) -> int:
        return self.dir_names.index(name)


GEOMETRIES: dict[str, Callable[..., Board]] = {"square": Board.square}
