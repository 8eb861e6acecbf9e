"""Exact attack odds for Crisis Protocol Alliances, computed analytically (never sampled).

Rules applied (rulebook "Attacks", steps 5–8 of the Character and Enemy attacks):
- the pool is the attack (or defence) stat plus any modifier, never fewer than one die
  (``alliances/rolling-dice/pool-minimum``);
- each Critical in the *initial* roll adds one die; Criticals on added dice add nothing
  (step 6);
- a Character attack's successes are Criticals, Wilds and Hits, minus the defending
  Enemy's Defense stat (+1 with Cover) (step 8, "Cover");
- an Enemy attack's Attack Strength is reduced by the defending Character's Criticals,
  Wilds and Blocks; a Character in Cover may turn one die into a Block during Modify
  Dice — never a Failure, which can't be modified (step 7, "Cover").

>>> o = character_attack(attack=1, defense=0)
>>> o.p_hit  # one die hits on a Critical, Wild or Hit: 4 of 8 faces
Fraction(1, 2)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from capes.core.dice import Dist, expectation
from capes.core.rng import Rng
from capes.games.alliances.dice import ATTACK_SUCCESS, BLOCK, CRITICAL, D8, DEFENSE_SUCCESS, FAILURE

_P = Fraction(1, D8.sides)


def _faces() -> list[str]:
    return [f[0] for f in D8.faces]


@dataclass(frozen=True)
class AttackOdds:
    """The exact distribution of Damage one attack deals, with summary figures."""

    kind: str  # "character" (a Character attacks an Enemy) or "enemy" (an Enemy attacks a Character)
    dice: int
    damage: dict[int, Fraction]
    p_failure_rolled: Fraction = Fraction(0)
    health: int | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def p_hit(self) -> Fraction:
        return sum((p for d, p in self.damage.items() if d > 0), Fraction(0))

    @property
    def mean(self) -> Fraction:
        return expectation(self.damage)

    @property
    def p_ko(self) -> Fraction | None:
        if self.health is None:
            return None
        return sum((p for d, p in self.damage.items() if d >= self.health), Fraction(0))

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "game": "alliances",
            "kind": self.kind,
            "dice": self.dice,
            "damage": {str(d): float(p) for d, p in sorted(self.damage.items())},
            "damage_exact": {str(d): str(p) for d, p in sorted(self.damage.items())},
            "mean_damage": float(self.mean),
            "p_hit": float(self.p_hit),
        }
        if self.kind == "character":
            out["p_failure_in_attack_roll"] = float(self.p_failure_rolled)
        if self.health is not None:
            out["health"] = self.health
            out["p_ko"] = float(self.p_ko or 0)
        return out


def _pool(stat: int, modifier: int) -> int:
    # A pool never drops below one die.
    return max(1, stat + modifier)


def _roll_dp(n: int, success: frozenset[str], convertible: frozenset[str]) -> dict[tuple[int, int, bool, bool], Fraction]:
    """Initial roll of ``n`` dice: (successes, criticals, any convertible die, any failure) -> p."""
    dist: dict[tuple[int, int, bool, bool], Fraction] = {(0, 0, False, False): Fraction(1)}
    faces = _faces()
    for _ in range(n):
        nxt: dict[tuple[int, int, bool, bool], Fraction] = {}
        for (s, c, conv, fail), p in dist.items():
            for r in faces:
                key = (s + (r in success), c + (r == CRITICAL), conv or r in convertible, fail or r == FAILURE)
                nxt[key] = nxt.get(key, Fraction(0)) + p * _P
        dist = nxt
    return dist


def _extra_dp(k: int, success: frozenset[str], convertible: frozenset[str]) -> dict[tuple[int, bool], Fraction]:
    """``k`` added dice (their Criticals add nothing): (successes, any convertible) -> p."""
    dist: dict[tuple[int, bool], Fraction] = {(0, False): Fraction(1)}
    faces = _faces()
    for _ in range(k):
        nxt: dict[tuple[int, bool], Fraction] = {}
        for (s, conv), p in dist.items():
            for r in faces:
                key = (s + (r in success), conv or r in convertible)
                nxt[key] = nxt.get(key, Fraction(0)) + p * _P
        dist = nxt
    return dist


def character_attack(attack: int, defense: int, cover: bool = False, modifier: int = 0,
                     health: int | None = None) -> AttackOdds:
    """A Character rolls ``attack`` dice against an Enemy's Defense stat ``defense``."""
    n = _pool(attack, modifier)
    target = defense + (1 if cover else 0)  # Cover: the defending Enemy's Defense stat +1
    damage: Dist = {}
    p_fail = Fraction(0)
    extra_cache: dict[int, dict[tuple[int, bool], Fraction]] = {}
    for (s, c, _conv, fail), p in _roll_dp(n, ATTACK_SUCCESS, frozenset()).items():
        if fail:
            p_fail += p
        extra = extra_cache.get(c)
        if extra is None:
            extra = extra_cache[c] = _extra_dp(c, ATTACK_SUCCESS, frozenset())
        for (s2, _), q in extra.items():
            dmg = max(0, s + s2 - target)
            damage[dmg] = damage.get(dmg, Fraction(0)) + p * q
    return AttackOdds("character", n, damage, p_fail, health)


_CONVERTIBLE = frozenset(r for r in (f[0] for f in D8.faces) if r not in DEFENSE_SUCCESS and r != FAILURE)


def enemy_attack(strength: int, defense: int, cover: bool = False, modifier: int = 0,
                 health: int | None = None) -> AttackOdds:
    """An Enemy attack of Attack Strength ``strength``; the Character rolls ``defense`` dice."""
    n = _pool(defense, modifier)
    damage: Dist = {}
    extra_cache: dict[int, dict[tuple[int, bool], Fraction]] = {}
    for (s, c, conv, _fail), p in _roll_dp(n, DEFENSE_SUCCESS, _CONVERTIBLE).items():
        extra = extra_cache.get(c)
        if extra is None:
            extra = extra_cache[c] = _extra_dp(c, DEFENSE_SUCCESS, _CONVERTIBLE)
        for (s2, conv2), q in extra.items():
            blocks = s + s2 + (1 if cover and (conv or conv2) else 0)
            dmg = max(0, strength - blocks)
            damage[dmg] = damage.get(dmg, Fraction(0)) + p * q
    return AttackOdds("enemy", n, damage, Fraction(0), health)


# --- Monte Carlo twins, written procedurally, used only to check the exact figures ---------

def simulate_character_attack(attack: int, defense: int, cover: bool, modifier: int, rng: Rng) -> tuple[int, bool]:
    n = _pool(attack, modifier)
    initial = [D8.roll(rng)[0] for _ in range(n)]
    added = [D8.roll(rng)[0] for _ in range(initial.count(CRITICAL))]
    hits = sum(r in ATTACK_SUCCESS for r in initial + added)
    return max(0, hits - defense - (1 if cover else 0)), FAILURE in initial


def simulate_enemy_attack(strength: int, defense: int, cover: bool, modifier: int, rng: Rng) -> int:
    n = _pool(defense, modifier)
    initial = [D8.roll(rng)[0] for _ in range(n)]
    dice = initial + [D8.roll(rng)[0] for _ in range(initial.count(CRITICAL))]
    if cover:
        for i, r in enumerate(dice):
            if r not in DEFENSE_SUCCESS and r != FAILURE:
                dice[i] = BLOCK
                break
    return max(0, strength - sum(r in DEFENSE_SUCCESS for r in dice))
