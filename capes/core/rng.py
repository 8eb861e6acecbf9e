"""A small, portable, serializable random number generator.

All randomness in a game comes from its state's :class:`Rng`. The generator is
SplitMix64: one 64-bit integer of state, so it is cheap to copy and to store in
JSON, and it gives the same numbers on every machine and Python version.

>>> r = Rng(7)
>>> [r.randbelow(6) for _ in range(5)]
[3, 0, 0, 3, 4]
>>> r2 = Rng(7); r2.shuffle(xs := [1, 2, 3, 4]); xs == Rng(7).shuffled([1, 2, 3, 4])
True

A draw in the top ``2**64 % n`` values is rejected and the next one taken (Rng(0)'s first draw is one, for n = 3 * 2**62):

>>> r3 = Rng(0); [r3.randbelow(3 << 62) for _ in range(2)]
[7960286522194355700, 487617019471545679]

A bound above ``2**64`` takes as many 64-bit draws as it needs, joined into one number, the first draw the highest;
``dice`` rolls several dice at once, the same numbers as as many calls of ``randbelow``:

>>> r4 = Rng(0); first, second = r4.next_u64(), r4.next_u64()
>>> Rng(0).randbelow(1 << 128) == (first << 64) | second
True
>>> Rng(7).dice(5, 6)
[3, 0, 0, 3, 4]

A game's generator is named by its seed (:func:`rng_for`): a seed below ``2**64`` is SplitMix64, fast, for
simulations, tests and every game saved before issue 42; a seed from :data:`KEYED_FLOOR` up is a key of
:class:`KeyedRng`, a keyed BLAKE2b counter stream (what a seat sees gives no way to the other numbers faster
than guessing the key). The server draws such a key of 128 random bits for each table (:func:`secret_seed`).

>>> type(rng_for(7)).__name__, type(rng_for(KEYED_FLOOR)).__name__, generator_of(secret_seed())
('Rng', 'KeyedRng', 'blake2b-ctr')
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MUL1 = 0xBF58476D1CE4E5B9
_MUL2 = 0x94D049BB133111EB
_TWO64 = 1 << 64
#: below this a draw is never rejected for any n < 2**32 (the rejected zone, 2**64 % n values, lies above it)
_SAFE = _TWO64 - (1 << 32)


class Rng:
    """SplitMix64 generator; ``state`` is a plain int and the whole of its state."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next_u64(self) -> int:
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * _MUL1) & _MASK
        z = ((z ^ (z >> 27)) * _MUL2) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` without modulo bias: a draw in the top ``2**64 % n`` values is rejected."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        while True:
            # next_u64 inlined: this is the most frequent call of every playout, shuffle and redeal
            self.state = s = (self.state + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * _MUL1) & _MASK
            z = ((z ^ (z >> 27)) * _MUL2) & _MASK
            x = z ^ (z >> 31)
            # the exact bound is computed only for a draw that could be in the rejected zone
            if (x < _SAFE and n < 0x100000000) or x < _TWO64 - _TWO64 % n:
                return x % n
            if n > _TWO64:  # one draw cannot reach n (every draw lands here): join more (never taken for n <= 2**64)
                return self._randbelow_wide(n, x)

    def _randbelow_wide(self, n: int, x: int) -> int:
        """``randbelow(n)`` for ``n > 2**64``, given its first draw ``x``: ``k`` draws joined (the first the highest)
        make one number below ``2**(64 k) >= n``, rejected in its top ``2**(64 k) % n`` values (fewer than half of
        them, so each try succeeds with probability above 1/2) and taken modulo ``n``."""
        k = ((n - 1).bit_length() + 63) >> 6
        span = 1 << (64 * k)
        limit = span - span % n
        while True:
            for _ in range(k - 1):
                x = (x << 64) | self.next_u64()
            if x < limit:
                return x % n
            x = self.next_u64()

    def dice(self, n: int, sides: int) -> list[int]:
        """``n`` rolls of a ``sides``-sided die as face indexes ``0 .. sides - 1``: exactly the numbers, and the
        state after, of ``[self.randbelow(sides) for _ in range(n)]``, in one call (the generator inlined)."""
        if sides <= 0 or sides >= 0x100000000:
            return [self.randbelow(sides) for _ in range(n)]
        out = []
        s = self.state
        for _ in range(n):
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * _MUL1) & _MASK
            z = ((z ^ (z >> 27)) * _MUL2) & _MASK
            x = z ^ (z >> 31)
            if x >= _SAFE and x >= _TWO64 - _TWO64 % sides:  # rejected (under one draw in 2**32): randbelow goes on
                self.state = s
                x = self.randbelow(sides)
                s = self.state
            out.append(x % sides)
        self.state = s
        return out

    def randint(self, a: int, b: int) -> int:
        """Uniform integer in ``[a, b]``."""
        return a + self.randbelow(b - a + 1)

    def random(self) -> float:
        """Uniform float in ``[0, 1)`` with 53 bits."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randbelow(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher–Yates shuffle in place: for i from the last index down to 1, swap ``seq[i]`` with ``seq[j]``,
        ``j = self.randbelow(i + 1)`` (the generator inlined, as in :meth:`dice`: the same numbers and state after;
        every playout's determinization shuffles decks)."""
        n = len(seq)
        if n >= 0x100000000:
            randbelow = self.randbelow
            for i in range(n - 1, 0, -1):
                j = randbelow(i + 1)
                seq[i], seq[j] = seq[j], seq[i]
            return
        s = self.state
        for i in range(n - 1, 0, -1):
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * _MUL1) & _MASK
            z = ((z ^ (z >> 27)) * _MUL2) & _MASK
            x = z ^ (z >> 31)
            k = i + 1
            if x >= _SAFE and x >= _TWO64 - _TWO64 % k:  # rejected (under one draw in 2**32): randbelow goes on
                self.state = s
                j = self.randbelow(k)
                s = self.state
            else:
                j = x % k
            seq[i], seq[j] = seq[j], seq[i]
        self.state = s

    def shuffled(self, seq: Sequence[T]) -> list[T]:
        out = list(seq)
        self.shuffle(out)
        return out

    def fork(self) -> Rng:
        """A new independent generator seeded from this one (advances this one)."""
        return Rng(self.next_u64())

    def copy(self) -> Rng:
        r = Rng.__new__(Rng)
        r.state = self.state
        return r

    def __eq__(self, other: object) -> bool:
        return other.__class__ is Rng and isinstance(other, Rng) and other.state == self.state

    def __hash__(self) -> int:
        return hash(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"


#: the names a save records for its generator (absent from a save: SplitMix64)
SPLITMIX64, KEYED = "splitmix64", "blake2b-ctr"
#: the smallest seed of the keyed generator; every seed below it is a SplitMix64 seed
KEYED_FLOOR = 1 << 64
#: seeds of the keyed generator are below this (512 bits: one BLAKE2b block of key material)
KEYED_LIMIT = 1 << 512
#: random bits in a server table's seed (:func:`secret_seed`)
SECRET_BITS = 128


def generator_of(seed: int) -> str:
    """The generator's name for ``seed``: ``splitmix64`` below :data:`KEYED_FLOOR`, else ``blake2b-ctr``."""
    return KEYED if seed >= KEYED_FLOOR else SPLITMIX64


def rng_for(seed: int) -> Rng:
    """A game's generator for ``seed`` (see the module docstring); a seed at or above :data:`KEYED_LIMIT` raises."""
    if seed < KEYED_FLOOR:
        return Rng(seed)
    return KeyedRng(seed)


def secret_seed() -> int:
    """A seed for a game whose hidden cards must stay hidden: ``2**128`` plus 128 bits from :mod:`secrets`."""
    return (1 << SECRET_BITS) | secrets.randbits(SECRET_BITS)


class KeyedRng(Rng):
    """The keyed generator: draw ``i`` (from 0) is the 8-byte keyed BLAKE2b of ``i``, the key a BLAKE2b digest of
    the seed. ``state`` is how many draws were taken, so a copy is two ints and a shared hasher, and ``to_json``
    stores it as it stores SplitMix64's state (the seed names the generator and its key).

    The numbers of :meth:`randbelow`, :meth:`dice`, :meth:`shuffle` follow the same rules as :class:`Rng`'s
    (rejection of the top ``2**64 % n`` values, Fisher–Yates from the last index), drawn from this stream:

    >>> r = KeyedRng(KEYED_FLOOR + 1); a = [r.randbelow(6) for _ in range(4)]; r.state
    4
    >>> r2 = KeyedRng(KEYED_FLOOR + 1); r2.dice(4, 6) == a, r2.copy() == r2, r2.copy() == Rng(4)
    (True, True, False)
    """

    __slots__ = ("seed", "_mac")

    def __init__(self, seed: int) -> None:  # noqa: D107
        if not KEYED_FLOOR <= seed < KEYED_LIMIT:
            raise ValueError(f"a keyed generator's seed is from 2**64 to 2**512 - 1 (got a {seed.bit_length()}-bit "
                             "number)")
        self.seed = seed
        self.state = 0
        key = hashlib.blake2b(seed.to_bytes(64, "little"), digest_size=32, person=b"capes-rng-key").digest()
        self._mac = hashlib.blake2b(key=key, digest_size=8, person=b"capes-rng-out")

    def next_u64(self) -> int:
        h = self._mac.copy()
        h.update(self.state.to_bytes(16, "little"))
        self.state += 1
        return int.from_bytes(h.digest(), "little")

    def randbelow(self, n: int) -> int:
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        x = self.next_u64()
        if n > _TWO64:
            return self._randbelow_wide(n, x)
        limit = _TWO64 - _TWO64 % n
        while x >= limit:
            x = self.next_u64()
        return x % n

    def dice(self, n: int, sides: int) -> list[int]:
        return [self.randbelow(sides) for _ in range(n)]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        for i in range(len(seq) - 1, 0, -1):
            j = self.randbelow(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def fork(self) -> Rng:
        """A new keyed generator whose key is two draws of this one (advances this one)."""
        return KeyedRng(KEYED_FLOOR << 64 | self.next_u64() << 64 | self.next_u64())

    def copy(self) -> Rng:
        r = KeyedRng.__new__(KeyedRng)
        r.seed, r.state, r._mac = self.seed, self.state, self._mac
        return r

    def __eq__(self, other: object) -> bool:
        return isinstance(other, KeyedRng) and other.seed == self.seed and other.state == self.state

    def __hash__(self) -> int:
        return hash((self.seed, self.state))

    def __repr__(self) -> str:
        return f"KeyedRng(state={self.state})"  # never the seed: it is the key
