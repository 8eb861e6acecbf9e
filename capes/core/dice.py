"""Dice as data: a face table and one roller, plus exact distributions.

A :class:`Die` lists its faces; each face is a tuple of symbols (an empty tuple is a
blank). Games define their dice in one place (``capes/games/<id>/dice.py``) so a
face table can be corrected without touching rules code.

>>> coin = Die("coin", (("heads",), ()))
>>> coin.prob_of(lambda f: "heads" in f)
Fraction(1, 2)
>>> dist = pool_distribution(coin, 2, lambda f: len(f)); dist[1]
Fraction(1, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from capes.core.rng import Rng

Face = tuple[str, ...]
Dist = dict[int, Fraction]


@dataclass(frozen=True)
class Die:
    """A die: ``faces`` in a fixed order (face index = roll result)."""

    name: str
    faces: tuple[Face, ...]

    @property
    def sides(self) -> int:
        return len(self.faces)

    def roll(self, rng: Rng) -> Face:
        return self.faces[rng.randbelow(len(self.faces))]

    def roll_many(self, n: int, rng: Rng) -> list[Face]:
        return [self.faces[rng.randbelow(len(self.faces))] for _ in range(n)]

    def prob_of(self, pred: Callable[[Face], bool]) -> Fraction:
        return Fraction(sum(1 for f in self.faces if pred(f)), len(self.faces))

    def face_dist(self, value: Callable[[Face], int]) -> Dist:
        """Distribution of ``value(face)`` for one roll."""
        out: Dist = {}
        p = Fraction(1, len(self.faces))
        for f in self.faces:
            v = value(f)
            out[v] = out.get(v, Fraction(0)) + p
        return out


def convolve(a: Mapping[int, Fraction], b: Mapping[int, Fraction]) -> Dist:
    """Distribution of the sum of two independent variables."""
    out: Dist = {}
    for x, px in a.items():
        for y, py in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + px * py
    return out


def power(d: Mapping[int, Fraction], n: int) -> Dist:
    """Distribution of the sum of ``n`` independent copies of ``d``."""
    out: Dist = {0: Fraction(1)}
    for _ in range(n):
        out = convolve(out, d)
    return out


def pool_distribution(die: Die, n: int, value: Callable[[Face], int]) -> Dist:
    """Distribution of the summed ``value`` over ``n`` dice."""
    return power(die.face_dist(value), n)


def mixture(parts: Iterable[tuple[Fraction, Mapping[int, Fraction]]]) -> Dist:
    """Weighted mixture of distributions."""
    out: Dist = {}
    for w, d in parts:
        for x, p in d.items():
            out[x] = out.get(x, Fraction(0)) + w * p
    return out


def expectation(d: Mapping[int, Fraction]) -> Fraction:
    return sum((x * p for x, p in d.items()), Fraction(0))


def at_least(d: Mapping[int, Fraction], k: int) -> Fraction:
    return sum((p for x, p in d.items() if x >= k), Fraction(0))


def check_total(d: Mapping[int, Fraction]) -> None:
    """Raise if a distribution does not sum to one (a guard for odds code)."""
    total = sum(d.values(), Fraction(0))
    if total != 1:
        raise ArithmeticError(f"distribution sums to {total}, not 1")
