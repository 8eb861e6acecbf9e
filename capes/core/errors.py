"""Errors every game raises. Each message is one line: what was wrong and what would be right."""

from __future__ import annotations


class CapesError(Exception):
    """Base of every error capes raises on bad input."""


class ConfigError(CapesError):
    """A game configuration key or value is not allowed."""


class IllegalAction(CapesError):
    """An option that is not legal in the current decision; the state is unchanged."""


class ReplayError(CapesError):
    """A saved game or state file that cannot be loaded or replayed."""


class ContentError(CapesError):
    """A content (data) file that fails validation; names file, entry and field."""


class SweepError(CapesError):
    """A sweep that cannot run or resume (bad grid, another sweep's output, unreachable cluster)."""


class UnknownGame(ConfigError):
    """A game id that is not registered."""


class EngineError(CapesError):
    """An engine broke its own bound (e.g. one action ran more engine steps than the game allows).

    Never bad input: a bug in a rules engine or a card script, reported in one line naming the step
    instead of hanging."""
