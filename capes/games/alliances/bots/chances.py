"""The chances the heuristic prices: what one attack does, from the engine's exact odds (:mod:`capes.games.alliances.odds`).

* An Enemy attack on a Character: the defence successes from the exact odds of
  :func:`~capes.games.alliances.odds.enemy_attack`. The bot's own Cover is cruder than the rule the engine and the
  exact odds apply (Cover turns one die into a Block only if some die is neither a success nor a Failure): it
  counts one success more on every roll and drops the chance of the best roll. Kept so, the bot's choices are the
  ones its win rates were measured with.
* A Character attack on an Enemy: :func:`~capes.games.alliances.odds.character_attack`; against a Hexed Enemy (each
  Critical adds two dice, a case the exact odds do not take) the bot's own count of the same dice.
* :data:`FACE_P`: the chance of each die result, from the die's face table (:data:`~capes.games.alliances.dice.FACE_COUNTS`).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from capes.games.alliances.dice import FACE_COUNTS, RESULTS
from capes.games.alliances.odds import character_attack, enemy_attack

#: each die result's chance, in the order of :data:`~capes.games.alliances.dice.RESULTS` (a Spawn die's result
#: indexes a Stage's arrows the same way)
FACE_P: tuple[float, ...] = tuple(FACE_COUNTS[r] / sum(FACE_COUNTS.values()) for r in RESULTS)


def _outcome(damage: Iterable[tuple[int, float]], left: int) -> tuple[float, float]:
    """(P(the Damage takes all ``left`` Stamina), expected Damage capped at ``left``) of a Damage distribution."""
    p_out = 0.0
    exp = 0.0
    for dmg, p in damage:
        if dmg <= 0:
            continue
        exp += p * min(dmg, left)
        if dmg >= left:
            p_out += p
    return p_out, exp


@cache
def _defense_successes(n: int, cover: bool) -> tuple[float, ...]:
    """P(k defence successes) of ``n`` dice: the exact odds of an attack as strong as the most successes ``n`` dice
    can roll (Damage ``2n - k`` for ``k`` successes); with ``cover``, one success more on every roll but the best
    (whose chance the bot drops: see the module note)."""
    top = 2 * max(1, n)
    odds = enemy_attack(top, n)
    out = [0.0] * (top + 1)
    for d, p in odds.damage.items():
        out[top - d] = float(p)
    if cover:
        out = [0.0, *out[:-1]]
    return tuple(out)


@cache
def enemy_hit(strength: int, dice: int, cover: bool, stamina: int) -> tuple[float, float]:
    """(P(an Enemy attack of Attack Strength ``strength`` takes all ``stamina``), expected Damage) against a
    Character rolling ``dice`` defence dice (``cover``: see the module note)."""
    if strength <= 0:
        return 0.0, 0.0
    return _outcome(((strength - k, p) for k, p in enumerate(_defense_successes(dice, cover))), stamina)


@cache
def _hexed_successes(n: int) -> tuple[float, ...]:
    """P(k successes) of ``n`` attack dice against a Hexed Enemy: a Critical adds two dice, whose own Criticals add
    none (a success is a Critical, Wild or Hit: half the faces)."""
    crit = FACE_P[0]
    plain = 1.0 - crit
    hit = (FACE_COUNTS["wild"] + FACE_COUNTS["hit"]) / sum(FACE_COUNTS.values())
    one = [plain - hit, hit + crit * 0.25, crit * 0.5, crit * 0.25]  # a Critical: 1, 2 or 3 as its added dice hit
    out = [1.0]
    for _ in range(max(1, n)):
        nxt = [0.0] * (len(out) + len(one) - 1)
        for k, p in enumerate(out):
            for j, q in enumerate(one):
                nxt[k + j] += p * q
        out = nxt
    return tuple(out)


@cache
def char_hit(dice: int, hexed: bool, defense: int, left: int) -> tuple[float, float]:
    """(P(a Character's attack of ``dice`` dice KO's an Enemy with Defense ``defense`` and ``left`` Stamina),
    expected Damage)."""
    if hexed:
        return _outcome(((k - defense, p) for k, p in enumerate(_hexed_successes(dice))), left)
    odds = character_attack(dice, defense)
    return _outcome(((d, float(p)) for d, p in odds.damage.items()), left)
