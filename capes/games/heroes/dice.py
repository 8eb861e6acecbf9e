"""Marvel Heroes' six-sided die — the one place its face table lives.

The rulebook (The Dice) says one face is blank and the others show one or two of the
HIT, TROUBLE and BOOST icons, and its examples show faces "1 HIT", "2 HITS",
"1 TROUBLE" and "HIT/BOOST". It prints no face table, so this one is
**an assumption of this project** consistent with every worked example:

    blank · HIT · HIT · 2 HITS (two HIT icons) · TROUBLE · HIT + BOOST

A HIT icon is worth one HIT in combat; HIT and TROUBLE icons both count toward the
Trouble Level. Replace ``FACES`` to use another table; rules and odds follow.
"""

from __future__ import annotations

from capes.core.dice import Die

HIT = "hit"
TROUBLE = "trouble"
BOOST = "boost"

#: source: project assumption (see module docstring)
FACES: tuple[tuple[str, ...], ...] = (
    (),
    (HIT,),
    (HIT,),
    (HIT, HIT),
    (TROUBLE,),
    (HIT, BOOST),
)

D6 = Die("marvel-heroes-d6", FACES)

#: the rulebook's cap on dice rolled at once (rerolls from boosting excluded)
MAX_DICE = 8


def hits(face: tuple[str, ...]) -> int:
    """HIT icons on a face (combat value)."""
    return face.count(HIT)


def trouble(face: tuple[str, ...]) -> int:
    """HIT plus TROUBLE icons (Trouble Level value)."""
    return face.count(HIT) + face.count(TROUBLE)


def boost(face: tuple[str, ...]) -> bool:
    return BOOST in face
