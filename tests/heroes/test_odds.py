"""heroes odds: a rating above the 8-dice cap is reported, not silently capped (issue 10; rule heroes/dice/cap)."""

from __future__ import annotations

import pytest

from capes.core.errors import ConfigError
from capes.games.heroes.odds import attack_odds


def test_capped_ratings_are_reported_heroes_dice_cap() -> None:
    """heroes/dice/cap: --attack 1000 rolls 8 dice; the result says what was asked and what is rolled."""
    o = attack_odds(1000, 3)
    assert (o.requested_attack, o.attack_dice, o.requested_defend, o.defend_dice) == (1000, 8, 3, 3)
    assert o.capped and "Attack 1000 -> 8 dice" in o.note and "heroes/dice/cap" in o.note
    d = o.to_dict()
    assert d["requested_attack"] == 1000 and d["attack_dice"] == 8 and d["capped"] is True and d["note"] == o.note
    assert o.attack == attack_odds(8, 3).attack


def test_uncapped_ratings_have_no_note_heroes_dice_cap() -> None:
    """heroes/dice/cap: 8 or fewer dice: nothing is capped and the note is empty."""
    o = attack_odds(8, 0, True)
    assert not o.capped and o.note == "" and o.to_dict()["requested_defend"] == 0


def test_negative_rating_is_a_one_line_error_heroes_dice() -> None:
    """heroes/dice: a rating is a number of dice, 0 or more."""
    with pytest.raises(ConfigError) as e:
        attack_odds(-5, 2)
    assert "\n" not in str(e.value) and "0 or more" in str(e.value)
