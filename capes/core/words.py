"""Small helpers for the sentences the games write (log lines, prompts), shared by every game."""

from __future__ import annotations

from collections.abc import Iterable


def sentence(text: str) -> str:
    """``text`` ended with a full stop, unless it already ends a sentence (a name such as "The Break-In!" or
    "Thwip!" at the end brings its own mark).

    >>> sentence("1 threat is placed on The Break-In!"), sentence("Rhino schemes"), sentence("Done.")
    ('1 threat is placed on The Break-In!', 'Rhino schemes.', 'Done.')
    """
    return text if text[-1:] in (".", "!", "?") else text + "."


def named_in(texts: list[str], names: Iterable[str]) -> set[str]:
    """The ``names`` that occur in ``texts`` as whole words (case-insensitive): what a reader of those texts
    has been told about. A glossary uses it to keep the text of a card the seat's log named after the card
    went out of view (reshuffled into a deck).

    >>> sorted(named_in(["Whirlwind attacks.", "Rhino schemes"], ["Whirlwind", "Rhino", "Shadow", "Win"]))
    ['Rhino', 'Whirlwind']
    """
    hay = "\n".join(texts).casefold()
    out: set[str] = set()
    for n in names:
        k = n.casefold()
        i = hay.find(k)
        while i >= 0:
            before = hay[i - 1] if i else " "
            after = hay[i + len(k)] if i + len(k) < len(hay) else " "
            if not (before.isalnum() or after.isalnum()):
                out.add(n)
                break
            i = hay.find(k, i + 1)
    return out
