"""Crisis Protocol's eight-sided die — the one place its face table lives.

The rulebook (Dice Symbols) names the results Critical, Wild, Hit, Block, Blank and
Failure but does not print how many faces show each. The table below is the
community-documented one (Critical ×1, Wild ×1, Hit ×2, Block ×1, Blank ×2,
Failure ×1): **source: community**, an assumption of this project. Correct it here
and every roll and every odds figure follows.
"""

from __future__ import annotations

from capes.core.dice import Die

CRITICAL = "critical"
WILD = "wild"
HIT = "hit"
BLOCK = "block"
BLANK = "blank"
FAILURE = "failure"

RESULTS = (CRITICAL, WILD, HIT, BLOCK, BLANK, FAILURE)

#: face counts, source: community (see module docstring)
FACE_COUNTS: dict[str, int] = {CRITICAL: 1, WILD: 1, HIT: 2, BLOCK: 1, BLANK: 2, FAILURE: 1}

D8 = Die("crisis-protocol-d8", tuple((r,) for r in RESULTS for _ in range(FACE_COUNTS[r])))

#: results that count as attack successes / defence successes (rulebook, attack step 8)
ATTACK_SUCCESS = frozenset({CRITICAL, WILD, HIT})
DEFENSE_SUCCESS = frozenset({CRITICAL, WILD, BLOCK})


def result(face: tuple[str, ...]) -> str:
    """The single result a face shows."""
    return face[0]
