"""What a seat's page shows of the game: the game's own drawing, and its text render.

A game draws its table for the browser with :meth:`~capes.core.protocol.Game.web_view`, from
``state.view(seat)`` only (HTML escaped by the game). An element carrying ``data-option="<option id>"``
is clickable: the page sends that option. The text render (``render(state, seat)``) is the whole board
when the game draws nothing; otherwise it is the drawing's text alternative, in a closed ``<details>``
that the page fills (the server sends the text) only while it is open, so that nobody pays for a text
nobody reads.

A board is kept as its pieces (:func:`board_parts`): the game's drawing may come in pieces (a list of
strings whose concatenation is the drawing), and a page is sent only the pieces it does not hold yet
(:func:`capes.web.updates.patch`).
"""

from __future__ import annotations

import html
from functools import lru_cache

from capes.core.protocol import JSON, Game, State

#: the empty text alternative the page fills when it is opened
TEXT_ALT = ('<details class="text-alt"><summary>Text version of the table</summary>'
            '<pre class="render" aria-live="off">…</pre></details>')
#: what closes a drawing: its frame, then the place of its text version
_TAIL = "</div>" + TEXT_ALT


@lru_cache(maxsize=64)
def _head(game_id: str) -> str:
    return f'<div class="drawn drawn-{html.escape(game_id)}">'


def board_parts(game: Game, state: State, seat: int | None, view: dict[str, JSON] | None = None) -> list[str]:
    """The board of ``seat`` in pieces (their concatenation is :func:`board_html`): the game's drawing (in the
    pieces it drew it in, with a place for the text version), else its text render. ``view``: ``state.view(seat)``
    when the caller has it already."""
    drawn = game.web_view(state.view(seat) if view is None else view, seat)
    if drawn is None:
        return [text_html(game, state, seat)]
    if isinstance(drawn, str):
        return [_head(game.id), drawn, _TAIL]
    return [_head(game.id), *drawn, _TAIL]


def boards(game: Game, state: State, seats: list[int | None]) -> dict[int | None, list[str]]:
    """:func:`board_parts` of several seats, their views built together (``State.views``: what they have in
    common is built once)."""
    views = state.views(seats) if len(seats) > 1 else {s: state.view(s) for s in seats}
    return {s: board_parts(game, state, s, views[s]) for s in seats}


def board_html(game: Game, state: State, seat: int | None) -> str:
    """The board of ``seat``: the game's drawing (with a place for the text version), else its text render."""
    return "".join(board_parts(game, state, seat))


def text_html(game: Game, state: State, seat: int | None) -> str:
    return f'<pre class="render">{html.escape(game.render(state, seat))}</pre>'
