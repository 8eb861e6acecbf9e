"""What a seat's page shows of the game: the game's own drawing, or its text render.

A game may draw its table for the browser with a ``web_view(state, seat) -> str`` method on its
:class:`~capes.core.protocol.Game` (HTML built from ``state.view(seat)`` only, escaped by the game).
An element carrying ``data-option="<option id>"`` is clickable: the page sends that option.
Until a game has one, its ``render(state, seat)`` text is shown in a monospace block.
"""

from __future__ import annotations

import html

from capes.core.protocol import Game, State


def board_html(game: Game, state: State, seat: int | None) -> str:
    hook = getattr(game, "web_view", None)
    if callable(hook):
        return str(hook(state, seat))
    return f'<pre class="render">{html.escape(game.render(state, seat))}</pre>'
