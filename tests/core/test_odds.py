"""Exact odds checked against Monte Carlo with >= 100,000 rolls (issue #2 §3).

Rule ids: alliances/character-attack/6 and /8 (Criticals add dice from the initial roll only;
successes minus Defense), alliances/enemy-attack/6–8, alliances/cover, and the heroes
rulebook's "The Dice" (8-dice cap, boost rerolls once) and "Resolving Combat" (KO rule).
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from capes.core.dice import check_total
from capes.core.rng import Rng
from capes.games.alliances import odds as ao
from capes.games.heroes import odds as ho

N = 100_000


def _close(exact: dict[int, Fraction], counts: dict[int, int], n: int) -> None:
    check_total(exact)
    for k in set(exact) | set(counts):
        p = float(exact.get(k, 0))
        phat = counts.get(k, 0) / n
        tol = 5 * math.sqrt(max(p * (1 - p), 1e-9) / n) + 2e-4
        assert abs(p - phat) <= tol, f"value {k}: exact {p:.5f} vs sampled {phat:.5f}"


@pytest.mark.parametrize("attack, defense, cover, modifier", [(3, 1, False, 0), (5, 2, True, 0), (1, 0, False, -2)])
def test_alliances_character_attack_matches_monte_carlo(attack: int, defense: int, cover: bool, modifier: int) -> None:
    exact = ao.character_attack(attack, defense, cover, modifier)
    rng = Rng(attack * 100 + defense)
    counts: dict[int, int] = {}
    fails = 0
    for _ in range(N):
        dmg, fail = ao.simulate_character_attack(attack, defense, cover, modifier, rng)
        counts[dmg] = counts.get(dmg, 0) + 1
        fails += fail
    _close(exact.damage, counts, N)
    assert abs(float(exact.p_failure_rolled) - fails / N) < 0.006


@pytest.mark.parametrize("strength, dice, cover", [(3, 3, False), (4, 2, True), (2, 0, True)])
def test_alliances_enemy_attack_matches_monte_carlo(strength: int, dice: int, cover: bool) -> None:
    exact = ao.enemy_attack(strength, dice, cover)
    rng = Rng(strength * 31 + dice)
    counts: dict[int, int] = {}
    for _ in range(N):
        dmg = ao.simulate_enemy_attack(strength, dice, cover, 0, rng)
        counts[dmg] = counts.get(dmg, 0) + 1
    _close(exact.damage, counts, N)


def test_alliances_pool_never_below_one_die() -> None:
    # alliances/rolling-dice: a pool reduced below one die still rolls one.
    assert ao.character_attack(0, 0).dice == 1
    assert ao.enemy_attack(2, 1, modifier=-3).dice == 1


def test_alliances_only_initial_criticals_add_dice() -> None:
    # One die: a Critical adds one die whose own Critical adds nothing, so at most 2 successes.
    o = ao.character_attack(1, 0)
    assert max(o.damage) == 2
    assert o.damage[2] == Fraction(1, 8) * Fraction(4, 8)


def test_alliances_cover_for_enemy_adds_one_to_defense() -> None:
    assert ao.character_attack(4, 1, cover=True).damage == ao.character_attack(4, 2).damage


def test_alliances_cover_for_character_never_changes_a_failure() -> None:
    # One defence die against strength 1 in cover: every face but Failure ends as a success
    # (Blank and Hit become a Block), and a Failure can't be modified, so the attack hits 1/8.
    o = ao.enemy_attack(1, 1, cover=True)
    assert o.p_hit == Fraction(1, 8)


@pytest.mark.parametrize("attack, defend, boost_a, boost_d", [(4, 2, True, False), (2, 5, False, True), (10, 3, False, False)])
def test_heroes_attack_matches_monte_carlo(attack: int, defend: int, boost_a: bool, boost_d: bool) -> None:
    exact = ho.attack_odds(attack, defend, boost_a, boost_d)
    rng = Rng(attack * 7 + defend)
    ca: dict[int, int] = {}
    cd: dict[int, int] = {}
    ko = 0
    for _ in range(N):
        a, d = ho.simulate_attack(attack, defend, boost_a, boost_d, rng)
        ca[a] = ca.get(a, 0) + 1
        cd[d] = cd.get(d, 0) + 1
        ko += a >= 1 and a >= d
    _close(exact.attack, ca, N)
    _close(exact.defend, cd, N)
    assert abs(float(exact.p_ko) - ko / N) < 0.006


def test_heroes_eight_dice_cap() -> None:
    assert ho.attack_odds(12, 9).attack == ho.attack_odds(8, 8).attack
    assert ho.attack_odds(12, 9).attack_dice == 8


def test_heroes_boost_rerolls_only_once() -> None:
    # One boosted die: the maximum is the HIT+BOOST face (1) plus a 2-HIT reroll, never more.
    assert max(ho.die_hits(True)) == 3
    assert max(ho.die_hits(False)) == 2


def test_heroes_defend_zero_any_hit_scores() -> None:
    o = ho.attack_odds(1, 0)
    assert o.p_ko == 1 - o.attack[0]
