"""Exact combat odds for Marvel Heroes, computed analytically (never sampled).

Rules applied (rulebook "The Dice", "Resolving Combat", "Dice Boosting and Support"):
- at most 8 dice are rolled at once, not counting rerolls;
- with dice boosting, each die showing a BOOST icon is rolled once more and its HITs
  are added; BOOST icons on the reroll are ignored;
- in an Attack phase the attacker scores a KO when its HITs are at least the
  defender's and it rolled at least one HIT; with a Defend rating of 0 any HIT scores;
  an Attack rating of 0 skips the phase;
- in the Outwit contest the side with more HITs scores a KO; a tie scores nothing.

>>> o = attack_odds(attack=1, defend=0)
>>> o.p_ko  # one die scores on any face with a HIT: 4 of 6 faces in the project's table
Fraction(2, 3)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from capes.core.dice import Dist, expectation, power
from capes.core.errors import ConfigError
from capes.core.rng import Rng
from capes.games.heroes.dice import D6, MAX_DICE, boost, hits


def die_hits(boosting: bool) -> Dist:
    """HITs from one die, with or without dice boosting."""
    plain = D6.face_dist(hits)
    if not boosting:
        return plain
    out: Dist = {}
    p = Fraction(1, D6.sides)
    for f in D6.faces:
        base = hits(f)
        if boost(f):
            for extra, q in plain.items():  # the reroll's BOOST is ignored
                out[base + extra] = out.get(base + extra, Fraction(0)) + p * q
        else:
            out[base] = out.get(base, Fraction(0)) + p
    return out


def pool_hits(n: int, boosting: bool) -> Dist:
    """HITs rolled by a pool of ``n`` dice (capped at 8)."""
    return power(die_hits(boosting), max(0, min(n, MAX_DICE)))


@dataclass(frozen=True)
class CombatOdds:
    """``attack_dice``/``defend_dice`` are the dice rolled; ``requested_attack``/``requested_defend`` the ratings
    asked for (they differ when a rating above 8 is capped: heroes/dice/cap)."""

    attack_dice: int
    defend_dice: int
    attack: Dist
    defend: Dist
    requested_attack: int = -1
    requested_defend: int = -1

    @property
    def capped(self) -> bool:
        """Whether a requested rating was above the 8-dice cap."""
        return self.requested_attack > self.attack_dice or self.requested_defend > self.defend_dice

    @property
    def note(self) -> str:
        """One line saying which rating was capped and by which rule ('' when none was)."""
        if not self.capped:
            return ""
        parts = [f"{who} {req} -> {dice}" for who, req, dice in
                 (("Attack", self.requested_attack, self.attack_dice), ("Defend", self.requested_defend, self.defend_dice))
                 if req > dice]
        return (f"at most {MAX_DICE} dice are rolled at once, not counting rerolls (The Dice, heroes/dice/cap): "
                + ", ".join(parts) + " dice")

    @property
    def p_ko(self) -> Fraction:
        """The attacker scores a KO: at least one HIT and at least the defender's HITs."""
        if self.attack_dice == 0:
            return Fraction(0)
        return sum((pa * pd for a, pa in self.attack.items() for d, pd in self.defend.items() if a >= 1 and a >= d),
                   Fraction(0))

    @property
    def p_win_outwit(self) -> Fraction:
        return sum((pa * pd for a, pa in self.attack.items() for d, pd in self.defend.items() if a > d), Fraction(0))

    @property
    def p_tie(self) -> Fraction:
        return sum((pa * self.defend.get(a, Fraction(0)) for a, pa in self.attack.items()), Fraction(0))

    def to_dict(self) -> dict[str, object]:
        return {
            "game": "heroes",
            "requested_attack": self.requested_attack,
            "requested_defend": self.requested_defend,
            "attack_dice": self.attack_dice,
            "defend_dice": self.defend_dice,
            "capped": self.capped,
            "note": self.note,
            "attack_hits": {str(k): float(v) for k, v in sorted(self.attack.items())},
            "defend_hits": {str(k): float(v) for k, v in sorted(self.defend.items())},
            "mean_attack_hits": float(expectation(self.attack)),
            "mean_defend_hits": float(expectation(self.defend)),
            "p_ko": float(self.p_ko),
            "p_ko_exact": str(self.p_ko),
            "outwit": {"p_first_wins": float(self.p_win_outwit), "p_tie": float(self.p_tie),
                       "p_second_wins": float(1 - self.p_win_outwit - self.p_tie)},
        }


def attack_odds(attack: int, defend: int, boost_attack: bool = False, boost_defend: bool = False) -> CombatOdds:
    """An Attack phase: ``attack`` dice against ``defend`` dice (each capped at 8; the result records the ratings
    asked for and says when one was capped).

    >>> o = attack_odds(1000, 2)
    >>> (o.requested_attack, o.attack_dice, o.capped)
    (1000, 8, True)
    >>> o.note
    'at most 8 dice are rolled at once, not counting rerolls (The Dice, heroes/dice/cap): Attack 1000 -> 8 dice'
    """
    if attack < 0 or defend < 0:
        raise ConfigError(f"heroes odds: ratings are 0 or more (got attack {attack}, defend {defend})")
    a = min(attack, MAX_DICE)
    d = min(defend, MAX_DICE)
    return CombatOdds(a, d, pool_hits(a, boost_attack), pool_hits(d, boost_defend), attack, defend)


def simulate_attack(attack: int, defend: int, boost_attack: bool, boost_defend: bool, rng: Rng) -> tuple[int, int]:
    """One sampled Attack phase (for checking the exact figures): (attacker HITs, defender HITs)."""

    def roll(n: int, boosting: bool) -> int:
        total = 0
        for _ in range(max(0, min(n, MAX_DICE))):
            f = D6.roll(rng)
            total += hits(f)
            if boosting and boost(f):
                total += hits(D6.roll(rng))
        return total

    return roll(attack, boost_attack), roll(defend, boost_defend)
