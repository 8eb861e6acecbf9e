"""What a page is sent: websocket frames, and each page's connection with what it was last sent.

A board travels in pieces (:func:`~capes.web.views.board_parts`). A page keeps the pieces of the board it shows;
an update names, piece by piece, either one the page holds (its index there) or a new one (its length, the piece
itself following in the frame's payload), and the page joins them into the new board. A piece is recognised by
its text (the games hand over the very strings they memoize, whose hashes Python keeps), so only what changed
is encoded and written; a new page, or a page that reconnected, holds nothing and is sent every piece.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections import deque
from collections.abc import Callable, Sequence
from itertools import compress, count, repeat
from operator import is_
from typing import Any


def frame(msg: dict[str, Any], board: str | None = None) -> str:
    """One websocket text frame: the JSON message, then (after a newline, which JSON text never holds
    raw) the board's new pieces as they are, so that a large drawing is not escaped into JSON and back."""
    head = json.dumps(msg, ensure_ascii=False, separators=(",", ":"))
    return head if board is None else head + "\n" + board


#: the size of a one-character str of one byte a character, less its two bytes (see units)
_NARROW = sys.getsizeof("\xe9") - 2


def units(s: str) -> int:
    """The length of ``s`` as the page's JavaScript counts it (UTF-16 code units): ``len(s)`` unless ``s`` holds
    characters beyond U+FFFF (two units each). CPython stores a string with one to four bytes a character, four
    only when it holds such a character, and ``sys.getsizeof`` tells the size (and so the width) without a scan;
    a string of four-byte width (or a size we cannot read so) is counted by encoding it.

    >>> units("abc"), units("é·—▶"), units("a😀b")
    (3, 4, 4)
    """
    if s.isascii():
        return len(s)
    n = len(s)
    if sys.getsizeof(s) - _NARROW < 4 * (n + 1):  # one or two bytes a character: nothing beyond U+FFFF
        return n
    return len(s.encode("utf-16-le")) // 2


def patch(held: dict[str, int], parts: Sequence[str]) -> tuple[list[int], list[str], dict[str, int], list[str]]:
    """How a page that holds the pieces ``held`` (piece -> its place on the page, counted from 1) is brought to
    the board ``parts``: ``(ops, new, index, shown)``. ``ops`` has one entry per non-empty piece of ``parts``:
    the place of a piece the page holds (≥ 1), or minus the length of a new one (≤ -1: the next piece of
    ``new``); ``index`` is what the page holds afterwards and ``shown`` its pieces in order. Every loop but
    the one over the new pieces runs in C: most pieces are held, and their hashes are cached in the strings.

    >>> ops, new, index, shown = patch({}, ["<a>", "b", "</a>", "b"])
    >>> ops, new, index
    ([-3, -1, -4, -1], ['<a>', 'b', '</a>', 'b'], {'b': 2, '</a>': 3, '<a>': 1})
    >>> patch(index, ["<a>", "c", "", "</a>"])[:2]
    ([1, -1, 3], ['c'])
    """
    shown = list(filter(None, parts))
    ops: list[Any] = list(map(held.get, shown))
    index = dict(zip(reversed(shown), range(len(shown), 0, -1), strict=True))  # the first place of each piece
    new: list[str] = []
    for i in compress(count(), map(is_, ops, repeat(None))):  # the pieces the page lacks (a repeat is sent again)
        new.append(shown[i])
        ops[i] = -units(shown[i])
    return ops, new, index, shown


class Conn:
    """One websocket of one page: a seat (``None`` for a spectator) and what it has been sent."""

    def __init__(self, send: Callable[[str], Any], seat: int | None, log_pos: int) -> None:
        self.send = send
        self.seat = seat
        self.log_pos = log_pos
        self.sent_epoch = -1  # the table epoch this page last received
        self.board: Sequence[str] | None = None  # the board (its pieces) this page shows
        self.held: dict[str, int] = {}  # the pieces of that board, by text: their place on the page
        self.shown: list[str] = []  # the pieces of that board, in order
        self.show_text = False  # the page has its text version open: send it with each update
        self.show_glossary = False  # likewise the glossary
        self.text_n = -1  # the action count of the text version / glossary last sent
        self.glossary_n = -1
        self.outbox: deque[str] = deque()
        self.wake = asyncio.Event()
        self.wake.set()  # the first state goes out at once
        self.closed = False
        Conn._opened += 1
        self.opened = Conn._opened  # the order pages were opened in (a seat's newest page wins)
        self.evicted = False
        self.hinting = False  # a hint this page asked for is being worked out
        self.hint_task: Any = None  # (kept so that the task is not collected while it runs)

    _opened = 0

    def evict(self) -> None:
        """Close this page (its seat opened a newer one): its pump sends the reason and the close frame."""
        self.evicted = True
        self.wake.set()

    def push(self, msg: dict[str, Any]) -> None:
        self.outbox.append(frame(msg))
        self.wake.set()

    def board_update(self, parts: Sequence[str]) -> tuple[list[int], str] | None:
        """What brings this page to the board ``parts`` (the ops and the new pieces' text, see :func:`patch`),
        or None when it shows that board already; the page is then taken to hold it."""
        if parts is self.board:
            return None
        ops, new, index, shown = patch(self.held, parts)
        self.board = parts
        if shown == self.shown:  # the same board, drawn again
            return None
        self.held, self.shown = index, shown
        return ops, "".join(new)
