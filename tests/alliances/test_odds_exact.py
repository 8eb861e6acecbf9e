"""Exact Alliances attack odds for any pool (issue 10: `capes odds alliances --attack 1000` never answered).

Rule ids: alliances/char-attack/6 and alliances/enemy-attack/6 (a die per Critical of the initial roll, added dice
add none), alliances/char-attack/8 and alliances/enemy-attack/8 (successes against Defense / Attack Strength),
alliances/cover, alliances/rolling-dice/pool-minimum. The rulebook caps no pool, so the computation must be
polynomial: a 1,000-die pool is computed exactly and its distribution sums to 1 exactly."""

from __future__ import annotations

import itertools
from fractions import Fraction

from capes.games.alliances import odds
from capes.games.alliances.dice import ATTACK_SUCCESS, BLOCK, CRITICAL, D8, DEFENSE_SUCCESS, FAILURE

FACES = [f[0] for f in D8.faces]


def _brute(n: int, enemy: bool, cover: bool, target: int) -> dict[int, Fraction]:
    """Every initial roll and every roll of the dice its Criticals add, counted one by one."""
    out: dict[int, Fraction] = {}
    for first in itertools.product(FACES, repeat=n):
        k = first.count(CRITICAL)
        for added in itertools.product(FACES, repeat=k):
            dice = list(first + added)
            p = Fraction(1, len(FACES) ** (n + k))
            if enemy:
                if cover:
                    for i, r in enumerate(dice):
                        if r not in DEFENSE_SUCCESS and r != FAILURE:
                            dice[i] = BLOCK
                            break
                dmg = max(0, target - sum(r in DEFENSE_SUCCESS for r in dice))
            else:
                dmg = max(0, sum(r in ATTACK_SUCCESS for r in dice) - target - (1 if cover else 0))
            out[dmg] = out.get(dmg, Fraction(0)) + p
    return out


def test_exact_odds_equal_brute_force_enumeration() -> None:
    """alliances/char-attack/6, /8, alliances/enemy-attack/6-8, alliances/cover: the polynomial computation gives
    exactly what enumerating every roll gives."""
    for n in (1, 2, 3):
        for cover in (False, True):
            assert odds.character_attack(n, 1, cover).damage == _brute(n, False, cover, 1)
            assert odds.enemy_attack(3, n, cover).damage == _brute(n, True, cover, 3)


def test_a_thousand_dice_pool_is_exact_and_sums_to_one() -> None:
    """alliances/rolling-dice: no rule caps a pool; 1,000 attack dice and 1,000 defence dice (in Cover) are computed
    exactly (the old dynamic programme never finished), each distribution sums to exactly 1, and the extremes are
    the products of the per-die chances."""
    o = odds.character_attack(1000, 0)
    assert sum(o.damage.values()) == 1 and sum(o.counts.values()) == o.denom
    assert o.damage[2000] == Fraction(1, 16) ** 1000  # every die a Critical whose added die succeeds
    assert o.damage[0] == Fraction(1, 2) ** 1000  # every die a non-success
    assert o.p_failure_rolled == 1 - Fraction(7, 8) ** 1000
    e = odds.enemy_attack(2500, 1000, cover=True, health=6)
    assert sum(e.damage.values()) == 1
    assert e.mean == sum(d * p for d, p in e.damage.items())
    assert e.p_ko == sum(p for d, p in e.damage.items() if d >= 6)
    d = e.to_dict()
    assert "note" in d and len(d["damage_exact"]) < len(d["damage"])  # no unprintable 1,800-digit fractions


def test_small_pool_figures_keep_their_exact_values() -> None:
    """alliances/char-attack/6: one die scores 2 on a Critical whose added die succeeds (1/8 x 4/8)."""
    o = odds.character_attack(1, 0)
    assert o.damage == {0: Fraction(1, 2), 1: Fraction(7, 16), 2: Fraction(1, 16)}
    assert o.p_hit == Fraction(1, 2) and o.mean == Fraction(9, 16)
    assert o.to_dict()["damage_exact"] == {"0": "1/2", "1": "7/16", "2": "1/16"}
