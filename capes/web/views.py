"""What a seat's page shows of the game: the game's own drawing and its text render.

A game draws its table for the browser with :meth:`~capes.core.protocol.Game.web_view`, from
``state.view(seat)`` only (HTML escaped by the game). An element carrying ``data-option="<option id>"``
is clickable: the page sends that option. The text render (``render(state, seat)``) is always there
too: the whole page when the game draws nothing, else a text alternative below the drawing.
"""

from __future__ import annotations

import html

from capes.core.protocol import Game, State


def board_html(game: Game, state: State, seat: int | None) -> str:
    text = f'<pre class="render">{html.escape(game.render(state, seat))}</pre>'
    drawn = game.web_view(state.view(seat), seat)
    if drawn is None:
        return text
    return (f'<div class="drawn drawn-{html.escape(game.id)}">{drawn}</div>'
            f'<details class="text-alt"><summary>Text version of the table</summary>{text}</details>')
