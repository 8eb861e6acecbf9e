"""Rng.randbelow for every positive bound, and the numbers games already draw unchanged (issue #14: same games)."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest

from capes.core import rng as rng_module
from capes.core.rng import Rng

ROOT = Path(__file__).resolve().parents[2]
_MASK = (1 << 64) - 1
_TWO64 = 1 << 64


def _randbelow_before(r: Rng, n: int) -> int:
    """randbelow as it was before the wide-bound fix (commit bb45253), written plainly: the reference games were
    recorded with (it never returns for n > 2**64, so it is only called here with n <= 2**64)."""
    while True:
        x = r.next_u64()
        if x < _TWO64 - _TWO64 % n:
            return x % n


def _bounds() -> list[int]:
    """360 bounds: every die and deck size, the edges of the fast paths (2**32, 3 * 2**62, 2**64) and random ones."""
    edges = [2**32 - 1, 2**32, 2**32 + 1, 2**63 - 1, 2**63, 2**63 + 1, 3 << 62, (3 << 62) + 1, 2**64 - 1, 2**64,
             (2**64) // 3, 10**18, 2**40 + 3]
    pick = Rng(2026)
    randoms = [1 + pick.next_u64() % (1 << (8 + i % 56)) for i in range(360 - 120 - len(edges))]
    return list(range(1, 121)) + edges + randoms


def _draws(n_each: int = 100) -> tuple[list[int], int]:
    r = Rng(14)
    out = [r.randbelow(n) for n in _bounds() for _ in range(n_each)]
    return out, r.state


def test_randbelow_draws_the_same_36000_numbers_as_before_for_bounds_up_to_2_64() -> None:
    bounds = _bounds()
    assert len(bounds) == 360 and max(bounds) == 2**64
    new, new_state = _draws()
    old = Rng(14)
    assert new == [_randbelow_before(old, n) for n in bounds for _ in range(100)] and new_state == old.state
    # and pinned, in case the reference above were ever edited along with the generator
    assert len(new) == 36_000
    assert hashlib.sha256(repr(new).encode()).hexdigest()[:16] == "062a6338f4c3b817"


def test_dice_are_the_numbers_of_as_many_randbelow_calls() -> None:
    for sides in (1, 2, 6, 8, 20, 2**31 + 5, 3 << 62, 2**64, 2**70):
        a, b = Rng(sides), Rng(sides)
        assert a.dice(50, sides) == [b.randbelow(sides) for _ in range(50)] and a.state == b.state
    a = Rng(3)
    assert a.dice(0, 6) == [] and a.state == Rng(3).state


def _unxorshift(x: int, k: int) -> int:
    z = x
    for _ in range(64 // k + 1):
        z = x ^ (z >> k)
    return z


def _state_before(draw: int) -> int:
    """The state whose next SplitMix64 output is ``draw`` (the mix is invertible), to force a rejected draw."""
    z = _unxorshift(draw, 31)
    z = (z * pow(rng_module._MUL2, -1, 1 << 64)) & _MASK
    z = _unxorshift(z, 27)
    z = (z * pow(rng_module._MUL1, -1, 1 << 64)) & _MASK
    return (_unxorshift(z, 30) - rng_module._GOLDEN) & _MASK


def test_a_draw_in_the_rejected_zone_is_skipped_alike_by_randbelow_dice_and_the_old_code() -> None:
    top = _TWO64 - 1  # in the rejected zone of every bound that does not divide 2**64
    assert Rng(_state_before(top)).next_u64() == top
    for sides in (3, 6, 7, 12, 1000):
        a, b, c = Rng(_state_before(top)), Rng(_state_before(top)), Rng(_state_before(top))
        expected = [_randbelow_before(c, sides) for _ in range(4)]
        assert a.dice(4, sides) == [b.randbelow(sides) for _ in range(4)] == expected
        assert a.state == b.state == c.state
        assert a.state == (_state_before(top) + 5 * rng_module._GOLDEN) & _MASK  # 4 dice, 5 draws: one skipped


def test_randbelow_a_bound_above_2_64_terminates() -> None:
    # before the fix every draw fell in the "rejected" zone for n > 2**64 (2**64 % n == 2**64): an endless loop.
    # A child process, so that the broken code fails this test in bounded time instead of hanging the run.
    code = ("from capes.core.rng import Rng\n"
            "r = Rng(0)\n"
            "print(sum(r.randbelow(n) % 1000 for n in (2**64 + 1, 3 << 64, 2**65, 10**40, 2**1000) for _ in range(200)))")
    try:
        run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("Rng.randbelow(n) did not return within 60 s for n > 2**64")
    assert run.returncode == 0, run.stderr


def test_randbelow_above_2_64_joins_draws_and_is_uniform() -> None:
    r = Rng(0)
    first, second = r.next_u64(), r.next_u64()
    assert Rng(0).randbelow(1 << 128) == (first << 64) | second  # 2**128: two draws, never a rejection
    r = Rng(5)
    n = 3 << 64
    draws = [r.randbelow(n) for _ in range(3000)]
    assert all(0 <= x < n for x in draws)
    # each third of [0, n) gets about 1000 draws (sd ~26): a wrong join or modulo would skew them
    thirds = [sum(1 for x in draws if x >> 64 == i) for i in range(3)]
    assert all(850 < t < 1150 for t in thirds), thirds
    with pytest.raises(ValueError, match="n > 0"):
        Rng(0).randbelow(0)


def _shuffle_by_randbelow(r: Rng, seq: list[int]) -> None:
    """Fisher–Yates as the recorded games were shuffled (before the generator was inlined into Rng.shuffle)."""
    for i in range(len(seq) - 1, 0, -1):
        j = r.randbelow(i + 1)
        seq[i], seq[j] = seq[j], seq[i]


def test_shuffle_is_fisher_yates_by_randbelow_the_same_orders_and_state_after() -> None:
    # issue 14 (same games): the inlined generator in shuffle must give every recorded deck its recorded order
    for seed in range(300):
        for size in (0, 1, 2, 3, 7, 15, 40, 61):
            a, b = Rng(seed), Rng(seed)
            x, y = list(range(size)), list(range(size))
            a.shuffle(x)
            _shuffle_by_randbelow(b, y)
            assert x == y and a.state == b.state, (seed, size)
    # a draw in the rejected zone (the top value of 2**64 is rejected for a bound of 3, i = 2): skipped alike
    top = _TWO64 - 1
    a, b = Rng(_state_before(top)), Rng(_state_before(top))
    x, y = list(range(3)), list(range(3))
    a.shuffle(x)
    _shuffle_by_randbelow(b, y)
    assert x == y and a.state == b.state == (_state_before(top) + 3 * rng_module._GOLDEN) & _MASK


def test_the_keyed_generator_follows_the_same_rules_from_its_own_stream():
    """Issue 42: a server table's generator (KeyedRng) draws from a keyed BLAKE2b counter stream; randbelow,
    dice, shuffle and fork follow Rng's rules on those draws, and its state is one counter."""
    import hashlib

    from capes.core.rng import KEYED_FLOOR, KEYED_LIMIT, KeyedRng, rng_for, secret_seed

    seed = secret_seed()
    r = rng_for(seed)
    assert isinstance(r, KeyedRng) and str(seed) not in repr(r)
    key = hashlib.blake2b(seed.to_bytes(64, "little"), digest_size=32, person=b"capes-rng-key").digest()
    want = [int.from_bytes(hashlib.blake2b(i.to_bytes(16, "little"), key=key, digest_size=8,
                                           person=b"capes-rng-out").digest(), "little") for i in range(3)]
    assert [r.next_u64() for _ in range(3)] == want and r.state == 3
    a, b = r.copy(), r.copy()
    assert a.dice(20, 6) == [b.randbelow(6) for _ in range(20)] and a == b
    xs = list(range(52))
    a.shuffle(xs)
    assert sorted(xs) == list(range(52)) and xs != list(range(52))
    assert 0 <= a.randbelow(1 << 200) < 1 << 200
    assert isinstance(a.fork(), KeyedRng)
    with pytest.raises(ValueError):
        KeyedRng(KEYED_LIMIT)
    with pytest.raises(ValueError):
        KeyedRng(KEYED_FLOOR - 1)
