"""RNG determinism and configuration validation (core protocol, issue #2 §2)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from capes.core.config import Param, parse_pairs, validate
from capes.core.errors import ConfigError
from capes.core.rng import Rng


def test_rng_known_sequence_is_portable() -> None:
    # SplitMix64 from seed 0: the reference first output is 0xE220A8397B1DCDAF.
    assert Rng(0).next_u64() == 0xE220A8397B1DCDAF


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=1000))
def test_randbelow_in_range_and_copy_is_independent(seed: int, n: int) -> None:
    r = Rng(seed)
    c = r.copy()
    xs = [r.randbelow(n) for _ in range(5)]
    assert all(0 <= x < n for x in xs)
    assert [c.randbelow(n) for _ in range(5)] == xs


def test_shuffle_is_a_permutation_and_deterministic() -> None:
    a = Rng(5).shuffled(range(20))
    assert sorted(a) == list(range(20))
    assert a == Rng(5).shuffled(range(20))
    assert a != Rng(6).shuffled(range(20))


PARAMS = [
    Param("players", "int", 2, lo=2, hi=4),
    Param("scenario", "choice", "born_again", choices=("born_again", "house_of_m")),
    Param("heroes", "list", ["a"], choices=("a", "b", "c"), lo=1, hi=2, unique=True),
    Param("long", "bool", False),
]


def test_config_defaults_and_coercion() -> None:
    cfg = validate("g", PARAMS, {"players": "3", "heroes": "a,b", "long": "yes"})
    assert cfg == {"players": 3, "scenario": "born_again", "heroes": ("a", "b"), "long": True}


@pytest.mark.parametrize(
    "config, fragment",
    [
        ({"player": 2}, "unknown config key 'player'; allowed keys: players, scenario, heroes, long"),
        ({"players": 5}, "config 'players' must be an integer from 2 to 4 (got 5)"),
        ({"players": "x"}, "config 'players' must be an integer from 2 to 4"),
        ({"scenario": "nope"}, "must be one of born_again, house_of_m"),
        ({"heroes": "a,z"}, "unknown item 'z'; allowed: a, b, c"),
        ({"heroes": "a,a"}, "lists an item twice"),
        ({"heroes": "a,b,c"}, "at most 2 item(s)"),
        ({"long": "maybe"}, "must be true or false"),
    ],
)
def test_bad_config_one_line_error(config: dict[str, object], fragment: str) -> None:
    with pytest.raises(ConfigError) as e:
        validate("g", PARAMS, config)
    assert fragment in str(e.value)
    assert "\n" not in str(e.value)


def test_parse_pairs() -> None:
    assert parse_pairs(["a=1", "b=x", "b=y"]) == {"a": "1", "b": "x,y"}
    with pytest.raises(ConfigError, match="key=value"):
        parse_pairs(["oops"])
