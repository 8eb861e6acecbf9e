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

The pool is a sum of independent dice, each worth 0, 1 or 2 successes with its added die, so the
distribution is a power of one small polynomial, computed exactly in O(n) big-integer steps: any pool the
rules allow (the rulebook caps none) answers at once.

>>> o = character_attack(attack=1, defense=0)
>>> o.p_hit  # one die hits on a Critical, Wild or Hit: 4 of 8 faces
Fraction(1, 2)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from capes.core.dice import expectation
from capes.core.rng import Rng
from capes.games.alliances.dice import ATTACK_SUCCESS, BLOCK, CRITICAL, D8, DEFENSE_SUCCESS, FAILURE

#: ``to_dict`` writes an exact fraction only up to this many bits of denominator (about 300 digits): beyond it a
#: string of the fraction is long enough to be useless and Python refuses to print integers of over 4,300 digits
EXACT_BITS = 1000


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
    #: the same distribution as whole numbers of equally likely outcomes out of ``denom`` (summaries stay fast)
    counts: dict[int, int] = field(default_factory=dict)
    denom: int = 1

    @property
    def p_hit(self) -> Fraction:
        if self.counts:
            return Fraction(sum(c for d, c in self.counts.items() if d > 0), self.denom)
        return sum((p for d, p in self.damage.items() if d > 0), Fraction(0))

    @property
    def mean(self) -> Fraction:
        if self.counts:
            return Fraction(sum(d * c for d, c in self.counts.items()), self.denom)
        return expectation(self.damage)

    @property
    def p_ko(self) -> Fraction | None:
        if self.health is None:
            return None
        if self.counts:
            return Fraction(sum(c for d, c in self.counts.items() if d >= self.health), self.denom)
        return sum((p for d, p in self.damage.items() if d >= self.health), Fraction(0))

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "game": "alliances",
            "kind": self.kind,
            "dice": self.dice,
            "damage": {str(d): float(p) for d, p in sorted(self.damage.items())},
            "damage_exact": {str(d): str(p) for d, p in sorted(self.damage.items())
                             if p.denominator.bit_length() <= EXACT_BITS},
            "mean_damage": float(self.mean),
            "p_hit": float(self.p_hit),
        }
        if any(p.denominator.bit_length() > EXACT_BITS for p in self.damage.values()):
            out["note"] = (f"exact fractions are given only where the denominator has at most {EXACT_BITS} bits "
                           f"(a pool of {self.dice} dice has outcomes with denominators up to 2^{6 * self.dice})")
        if self.kind == "character":
            out["p_failure_in_attack_roll"] = float(self.p_failure_rolled)
        if self.health is not None:
            out["health"] = self.health
            out["p_ko"] = float(self.p_ko or 0)
        return out


def _pool(stat: int, modifier: int) -> int:
    # A pool never drops below one die.
    return max(1, stat + modifier)


def _per_die(success: frozenset[str], convertible: frozenset[str]) -> tuple[list[int], list[int]]:
    """One die of the initial roll with the die its Critical adds (step 6), in 64ths: ``all[v]`` counts the ways
    to score ``v`` successes (0, 1 or 2), ``plain[v]`` the ways that also show no die Cover could turn into a
    Block. An added die's own Critical adds nothing, so one initial die is worth at most 2 successes."""
    faces = _faces()
    every, plain = [0, 0, 0], [0, 0, 0]
    for f in faces:
        if f == CRITICAL:
            for g in faces:
                v = (f in success) + (g in success)
                every[v] += 1
                if f not in convertible and g not in convertible:
                    plain[v] += 1
        else:
            every[f in success] += len(faces)
            if f not in convertible:
                plain[f in success] += len(faces)
    return every, plain


def _power(w: list[int], n: int) -> list[int]:
    """The coefficients of ``(w[0] + w[1] x + w[2] x^2) ** n``, exactly, in O(n) big-integer steps.

    J. C. P. Miller's recurrence for a power of a polynomial, ``k w0 c_k = sum_j ((n + 1) j - k) w_j c_(k-j)``
    (the division is exact), so even a 1,000-die pool answers in milliseconds.

    >>> _power([1, 1, 0], 3)
    [1, 3, 3, 1, 0, 0, 0]
    >>> _power([0, 2, 1], 2)
    [0, 0, 4, 4, 1]
    """
    shift = 0
    while shift < len(w) and w[shift] == 0:
        shift += 1
    if shift == len(w):
        return [0] * (2 * n + 1) if n else [1]
    v = w[shift:]
    deg = (len(v) - 1) * n
    c = [v[0] ** n] + [0] * deg
    for k in range(1, deg + 1):
        acc = 0
        for j in range(1, min(k, len(v) - 1) + 1):
            acc += ((n + 1) * j - k) * v[j] * c[k - j]
        c[k] = acc // (k * v[0])
    out = [0] * (2 * n + 1)
    for k, x in enumerate(c):
        if k + shift * n < len(out):
            out[k + shift * n] = x
    return out


def _successes(n: int, success: frozenset[str], convertible: frozenset[str], cover: bool) -> tuple[dict[int, int], int]:
    """A pool's successes as whole-number counts out of a denominator (Cover: one convertible die, if any, becomes
    a success)."""
    every, plain = _per_die(success, convertible)
    denom = sum(every) ** n
    total = _power(every, n)
    out: dict[int, int] = {}
    if cover:
        none = _power(plain, n)
        for s, (a, b) in enumerate(zip(total, none, strict=True)):
            if b:
                out[s] = out.get(s, 0) + b
            if a - b:
                out[s + 1] = out.get(s + 1, 0) + a - b
    else:
        out = {s: a for s, a in enumerate(total) if a}
    return out, denom


def _fraction(num: int, den: int) -> Fraction:
    """``num/den`` exactly. With the d8 the denominator is a power of two, so the fraction is reduced by shifting
    (a general gcd on thousand-digit numbers is what made big pools slow)."""
    if num and den & (den - 1) == 0:
        k = min((num & -num).bit_length(), den.bit_length()) - 1
        num, den = num >> k, den >> k
        make = getattr(Fraction, "_from_coprime_ints", None)  # Python 3.12+
        if make is not None:
            return make(num, den)  # type: ignore[no-any-return]
        try:
            return Fraction(num, den, _normalize=False)  # type: ignore[call-arg]  # Python 3.11
        except TypeError:
            pass
    return Fraction(num, den)


def _odds(kind: str, n: int, counts: dict[int, int], denom: int, p_fail: Fraction, health: int | None) -> AttackOdds:
    damage = {d: _fraction(c, denom) for d, c in sorted(counts.items())}
    return AttackOdds(kind, n, damage, p_fail, health, counts=counts, denom=denom)


def character_attack(attack: int, defense: int, cover: bool = False, modifier: int = 0,
                     health: int | None = None) -> AttackOdds:
    """A Character rolls ``attack`` dice against an Enemy's Defense stat ``defense``."""
    n = _pool(attack, modifier)
    target = defense + (1 if cover else 0)  # Cover: the defending Enemy's Defense stat +1
    succ, denom = _successes(n, ATTACK_SUCCESS, frozenset(), False)
    counts: dict[int, int] = {}
    for s, c in succ.items():
        dmg = max(0, s - target)
        counts[dmg] = counts.get(dmg, 0) + c
    sides = len(_faces())
    clean = sides - _faces().count(FAILURE)
    p_fail = _fraction(sides**n - clean**n, sides**n)  # a Failure among the initial roll's dice
    return _odds("character", n, counts, denom, p_fail, health)


_CONVERTIBLE = frozenset(r for r in (f[0] for f in D8.faces) if r not in DEFENSE_SUCCESS and r != FAILURE)


def enemy_attack(strength: int, defense: int, cover: bool = False, modifier: int = 0,
                 health: int | None = None) -> AttackOdds:
    """An Enemy attack of Attack Strength ``strength``; the Character rolls ``defense`` dice."""
    n = _pool(defense, modifier)
    succ, denom = _successes(n, DEFENSE_SUCCESS, _CONVERTIBLE, cover)
    counts: dict[int, int] = {}
    for s, c in succ.items():
        dmg = max(0, strength - s)
        counts[dmg] = counts.get(dmg, 0) + c
    return _odds("enemy", n, counts, denom, Fraction(0), health)


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
