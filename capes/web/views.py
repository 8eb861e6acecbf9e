"""What a seat's page shows of the game: the game's own drawing, and its text render.

A game draws its table for the browser with :meth:`~capes.core.protocol.Game.web_view`, from
``state.view(seat)`` only (HTML escaped by the game). An element carrying ``data-option="<option id>"``
is clickable: the page sends that option. The text render (``render(state, seat)``) is the whole board
when the game draws nothing; otherwise it is the drawing's text alternative, in a closed ``<details>``
that the page fills (the server sends the text) only while it is open, so that nobody pays for a text
nobody reads.
"""

from __future__ import annotations

import html

from capes.core.protocol import Game, State

#: the empty text alternative the page fills when it is opened
TEXT_ALT = ('<details class="text-alt"><summary>Text version of the table</summary>'
            '<pre class="render" aria-live="off">…</pre></details>')


def board_html(game: Game, state: State, seat: int | None) -> str:
    """The board of ``seat``: the game's drawing (with a place for the text version), else its text render."""
    drawn = game.web_view(state.view(seat), seat)
    if drawn is None:
        return text_html(game, state, seat)
    return f'<div class="drawn drawn-{html.escape(game.id)}">{drawn}</div>{TEXT_ALT}'


def text_html(game: Game, state: State, seat: int | None) -> str:
    return f'<pre class="render">{html.escape(game.render(state, seat))}</pre>'
