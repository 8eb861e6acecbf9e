"""Bots that play any game through the protocol alone.

A bot is made for one seat of one game and answers :meth:`Bot.choose` with an option
id of the current decision. Bots may look only at ``state.decision``,
``state.view(seat)`` and, for search, ``state.resample(seat, rng)``: never at hidden
parts of the state.
"""

from __future__ import annotations

from capes.core.bots.base import Bot, RandomBot, make_bot
from capes.core.bots.ismcts import ISMCTSBot

__all__ = ["Bot", "ISMCTSBot", "RandomBot", "make_bot"]
