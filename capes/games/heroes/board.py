"""The Game Board and Super Hero Status (rulebook "The Game Board", "Super Hero Status", "The Dice"): the Areas,
Districts and Support spaces, where a Super Hero can be, the round limits, and the words every chapter's labels share.

Rule ids (rules.yaml): heroes/board/areas, heroes/status, heroes/dice; the caps of rulings heroes/ruling/round-cap and
heroes/ruling/sequence-cap.

Hero locations are small ints (``hloc[seat][hero]``): ``REC``, ``READY``, ``SUPC`` (Supporting, on the hero card),
``AVAIL`` (during Planning), ``DIST0 + d`` for District ``d`` (``4 * area + icon``), ``SPACE0 + 2 * area + slot`` for a
Support space, ``SCEN`` on the Scenario card.

>>> DIST_IDS[DIST_IDS.index("village-star")], DIST_NAMES[DIST_IDS.index("village-star")]
('village-star', 'The Village ★')
>>> plural(1, "HIT"), plural(2, "die", "dice")
('1 HIT', '2 dice')
"""

from __future__ import annotations

from capes.core.protocol import Option
from capes.games.heroes.dice import BOOST, FACES, HIT

AREAS = ("upper", "central", "village", "lower", "queens", "brooklyn")
AREA_NAMES = ("Upper Manhattan", "Central Manhattan", "The Village", "Lower Manhattan", "Queens", "Brooklyn")
ICONS = ("x", "diamond", "star", "circle")
ICON_SIGNS = ("✖", "◆", "★", "●")
TYPES = ("crime", "danger", "mystery")
COLORS = ("red", "orange", "yellow")
DIST_IDS = tuple(f"{a}-{i}" for a in AREAS for i in ICONS)
DIST_NAMES = tuple(f"{an} {s}" for an in AREA_NAMES for s in ICON_SIGNS)

# hero locations
REC, READY, SUPC, AVAIL = 0, 1, 2, 3
DIST0 = 10  # 10..33: District d
SPACE0 = 40  # 40..51: Support space 2*area + slot
SCEN = 60  # on the Scenario card (Special Headline)

#: the Game Round cap (ruling heroes/ruling/round-cap)
ROUND_CAP = 15
#: combat sequences before a combat is called (ruling heroes/ruling/sequence-cap)
SEQ_CAP = 10
ACTION_ROUNDS = 5

#: per die face index (dice.FACES): HIT count, HIT + TROUBLE count (a Threat roll), has BOOST
F_HITS = tuple(f.count(HIT) for f in FACES)
F_TROUBLE = tuple(f.count("hit") + f.count("trouble") for f in FACES)
F_BOOST = tuple(BOOST in f for f in FACES)


def opt(oid: str, label: str, group: str = "") -> Option:
    """An option built afresh from the state it describes (no cache: a label is a function of the state)."""
    return Option(oid, label, group)


PASS = Option("pass", "Pass")
#: constant id, label and group: the same in every state
STORY = Option("story", "Story action: draw a Resource card, then you may advance or manipulate the Story track",
               "Story action")


def loc_name(loc: int) -> str:
    if loc == REC:
        return "recovery"
    if loc == READY:
        return "ready"
    if loc == SUPC:
        return "supporting"
    if loc == AVAIL:
        return "available"
    if DIST0 <= loc < DIST0 + 24:
        return DIST_IDS[loc - DIST0]
    if SPACE0 <= loc < SPACE0 + 12:
        k = loc - SPACE0
        return f"support:{AREAS[k // 2]}:{k % 2 + 1}"
    if loc == SCEN:
        return "scenario"
    return "?"


def place_name(loc: int) -> str:
    """Where a Super Hero is, in the rulebook's words (for labels and the log; the view keeps ``loc_name``)."""
    if loc == REC:
        return "Recovery"
    if loc == READY:
        return "the Ready position on the hero card"
    if loc == SUPC:
        return "the Supporting position on the hero card"
    if loc == AVAIL:
        return "the available Super Heroes"
    if DIST0 <= loc < DIST0 + 24:
        return DIST_NAMES[loc - DIST0]
    if SPACE0 <= loc < SPACE0 + 12:
        return f"a Support space of {AREA_NAMES[(loc - SPACE0) // 2]}"
    if loc == SCEN:
        return "the Scenario card"
    return "nowhere"


#: an Ally in play with a Plot Point on it, in words (heroes/cards/allies: the first use spends the Point, the second
#: the card): the terminal and the browser say the same
ALLY_PP = "+1 Plot Point: 2 uses left"
#: the view's location ids that are not a District or a Support space, in words
PLACE_WORDS = {"recovery": "In Recovery", "ready": "Ready", "supporting": "Supporting", "available": "Available",
          "scenario": "on the Scenario card"}


def where(name: str) -> str:
    """Where a Super Hero is, in words, from the view's location id (:func:`loc_name`): what the terminal and the
    browser show (never the id itself).

    >>> where("ready"), where("central-diamond"), where("support:village:2"), where("scenario")
    ('Ready', 'in Central Manhattan ◆', 'on a Support space of The Village', 'on the Scenario card')
    """
    w = PLACE_WORDS.get(name)
    if w is not None:
        return w
    if name in DIST_IDS:
        return "in " + DIST_NAMES[DIST_IDS.index(name)]
    if name.startswith("support:") and name.split(":")[1] in AREAS:
        return "on a Support space of " + AREA_NAMES[AREAS.index(name.split(":")[1])]
    return name


def status_name(loc: int) -> str:
    """A Super Hero's status (heroes/reference-cards): Ready, Supporting or In Recovery."""
    if loc == READY or DIST0 <= loc < DIST0 + 24 or loc == SCEN:
        return "Ready"
    if loc == SUPC or SPACE0 <= loc < SPACE0 + 12:
        return "Supporting"
    return "In Recovery"


def ally_tell(allies: list[list], k: int) -> str:
    """What tells the Ally ``allies[k]`` apart from other copies of its card in play, for an option's label: the
    Plot Points on it (using or keeping an Ally with one spends the Point, without one the card); nothing when it is
    the only copy.

    >>> ally_tell([["x", 1], ["x", 0], ["y", 0]], 0), ally_tell([["x", 1], ["x", 0]], 1), ally_tell([["y", 0]], 0)
    (' (1 Plot Point on it)', ' (no Plot Point on it)', '')
    """
    rid, tok = allies[k][0], allies[k][1]
    if sum(1 for a in allies if a[0] == rid) < 2:
        return ""
    return f" ({plural(tok, 'Plot Point') if tok else 'no Plot Point'} on it)"


def first_ally_copies(allies: list[list]) -> list[int]:
    """The indices of ``allies`` but for later copies equal to an earlier one (same card, same Plot Points), which
    are the same choice.

    >>> first_ally_copies([["x", 1], ["x", 1], ["x", 0], ["y", 1]])
    [0, 2, 3]
    """
    seen: set[tuple[str, int]] = set()
    out = []
    for k, a in enumerate(allies):
        key = (a[0], a[1])
        if key not in seen:
            seen.add(key)
            out.append(k)
    return out


def plural(n: int, one: str, many: str | None = None) -> str:
    """``1 HIT``, ``2 HITS``, ``0 cards``: a count with its noun in the right number."""
    return f"{n} {one if n == 1 else (many if many is not None else one + 's')}"


def hits_of(dice: tuple[int, ...]) -> int:
    """HITS on rolled dice (a face index, +10 for a boosted reroll, -1 for a cancelled die)."""
    return sum(F_HITS[f % 10] for f in dice if f >= 0)
