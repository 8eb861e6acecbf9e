"""Small helpers for the sentences the games write (log lines, prompts), shared by every game."""

from __future__ import annotations


def sentence(text: str) -> str:
    """``text`` ended with a full stop, unless it already ends a sentence (a name such as "The Break-In!" or
    "Thwip!" at the end brings its own mark).

    >>> sentence("1 threat is placed on The Break-In!"), sentence("Rhino schemes"), sentence("Done.")
    ('1 threat is placed on The Break-In!', 'Rhino schemes.', 'Done.')
    """
    return text if text[-1:] in (".", "!", "?") else text + "."
