"""The rules steps and questions, by the names other modules and tests use (they live in the chapter modules
listed in :mod:`capes.games.champions.engine`)."""

from __future__ import annotations

from capes.games.champions import engine  # noqa: F401  (registers every step and question)
from capes.games.champions.activations import _flip_boosts
from capes.games.champions.damage import _eliminate, _villain_defeated
from capes.games.champions.piles import (
    _draw,
    deal_boost,
    discard_top,
    discard_until,
    draw_cards,
    enc_draw,
    enc_take,
    reshuffle_encounter,
    reshuffle_player,
)
from capes.games.champions.playing import _start_play, ally_limit
from capes.games.champions.setup import setup
from capes.games.champions.timing import _first_line, moment
from capes.games.champions.zones import _discard, _in_play, _permanent

__all__ = ["setup", "enc_draw", "enc_take", "discard_top", "discard_until", "deal_boost", "reshuffle_encounter",
           "reshuffle_player", "draw_cards", "_draw", "_eliminate", "_villain_defeated", "_start_play", "ally_limit",
           "_first_line", "moment", "_discard", "_in_play", "_permanent", "_flip_boosts"]
