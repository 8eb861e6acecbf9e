"""What a page is sent: websocket frames, and each page's connection with what it was last sent."""

from __future__ import annotations

import asyncio
import json
from collections import deque
from collections.abc import Callable
from typing import Any


def frame(msg: dict[str, Any], board: str | None = None) -> str:
    """One websocket text frame: the JSON message, then (after a newline, which JSON text never holds
    raw) the board's HTML as is, so that a large drawing is not escaped into JSON and back."""
    head = json.dumps(msg, ensure_ascii=False, separators=(",", ":"))
    return head if board is None else head + "\n" + board


class Conn:
    """One websocket of one page: a seat (``None`` for a spectator) and what it has been sent."""

    def __init__(self, send: Callable[[str], Any], seat: int | None, log_pos: int) -> None:
        self.send = send
        self.seat = seat
        self.log_pos = log_pos
        self.sent_epoch = -1  # the table epoch this page last received
        self.board: str | None = None  # the board HTML this page shows (not sent again while unchanged)
        self.show_text = False  # the page has its text version open: send it with each update
        self.show_glossary = False  # likewise the glossary
        self.text_n = -1  # the action count of the text version / glossary last sent
        self.glossary_n = -1
        self.outbox: deque[str] = deque()
        self.wake = asyncio.Event()
        self.wake.set()  # the first state goes out at once
        self.closed = False

    def push(self, msg: dict[str, Any]) -> None:
        self.outbox.append(frame(msg))
        self.wake.set()
