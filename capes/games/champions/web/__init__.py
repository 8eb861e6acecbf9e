"""The Champions table drawn for the browser (``Game.web_view``), from a seat's view alone.

Every card is drawn as a card: an inline SVG (presentation attributes only: the page's Content-Security-Policy
allows no inline CSS) with its name, type and traits, cost, resource icons, current numbers, tokens (damage, threat,
counters, status) and its text (our own words, from data/*.yaml; the whole text in the card's tooltip, i.e. its SVG
``<title>``, which is also its accessible name). The cards flow in HTML, so that a zone wraps on a narrow screen.

What the seat can do now is read from ``view["decision"]["options"]`` (empty for any other seat): a card with one
option of its own is a ``<button data-option=…>``; a card with several carries one small button per option. The
page (capes/web/static/table.js) sends a clicked option; it also lists every option as a button, so nothing here
is the only way to act. Nothing is drawn that is not in the view: other hands are counts, decks are counts.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from typing import Any

from capes.games.champions import data
from capes.games.champions.web.areas import _card, _hand_card, _player_area, _villain_area
from capes.games.champions.web.cards import card_svg, pile_svg
from capes.games.champions.web.choices import _Ctx, unplayable
from capes.games.champions.web.common import BAND, FONT, RES, _e, _zone

__all__ = ["BAND", "FONT", "RES", "_draw", "card_svg", "clear_caches", "draw", "pieces", "pile_svg", "unplayable"]


def draw(view: dict[str, Any], seat: int | None) -> str:
    """The table as ``seat`` sees it (``seat`` None: a spectator), as an HTML fragment."""
    return "".join(_pieces(view, seat)[0])


def _draw(view: dict[str, Any], seat: int | None) -> tuple[str, list[str]]:
    """The drawing and the options it put on the board (tests)."""
    out, drawn = _pieces(view, seat)
    return "".join(out), drawn


def pieces(view: dict[str, Any], seat: int | None) -> list[str]:
    """:func:`draw` in pieces (``Game.web_view``): the areas' and the cards' memoized strings as they are, so that a
    page holding them is sent only the others."""
    return _pieces(view, seat)[0]


def _pieces(view: dict[str, Any], seat: int | None) -> tuple[list[str], list[str]]:
    data.cards()
    ctx = _Ctx(view, seat)
    dec = view.get("decision") or {}
    n = len(view["players"])
    out: list[str] = ['<div class="champions-table">']
    turn = view.get("turn", -1)
    head = [f"<strong>Round {int(view['round'])}</strong>" if view["round"] else "<strong>Setup</strong>",
            f"first player: P{int(view['first_player']) + 1}"]
    def up(i: int) -> str:  # a player by the side of their identity that is up
        return f"P{i + 1} {_e(view['players'][i]['identity']['name'])}" + (" (you)" if i == seat else "")

    if turn is not None and 0 <= turn < n:
        head.append(f"turn: {up(int(turn))}")
    if dec.get("over"):
        head.append("the game is over")
    elif dec.get("seat") is not None and 0 <= int(dec["seat"]) < n:
        head.append(f"deciding: {up(int(dec['seat']))}")
    out.append(f'<p class="ct-head">{" · ".join(str(h) for h in head)}</p>')

    # the villain's side of the table
    enc = view["encounter_play"]
    attached: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for e in enc:
        if e.get("attached_to") is not None:
            attached[e["attached_to"]].append(e)
    out += _villain_area(ctx, view, n, enc, attached)

    # unengaged minions (rare) stay with the villain
    loose = [e for e in enc if data.CARDS[e["code"]].type == "minion" and e.get("engaged_with") is None]
    lrow = []
    for m in loose:
        lrow.append(_card(ctx, m))
        lrow += [_card(ctx, a) for a in attached.get(m["uid"], [])]
    out += _zone("Minions not engaged", lrow)

    # each player's area: yours first
    order = list(range(n))
    if seat is not None and 0 <= seat < n:
        order = [seat] + [i for i in order if i != seat]
    for i in order:
        p = view["players"][i]
        out += _player_area(ctx, p, i, seat, view.get("first_player"), enc, attached)
        if "hand" in p:
            hand = [_hand_card(ctx, view, seat, h) for h in p["hand"]]
            out += _zone(f"Your hand ({len(p['hand'])})" if i == seat else f"Hand of P{i + 1}", hand, "hand",
                         "no cards")
        out.append("</section>")
    out.append("</div>")
    return out, ctx.drawn


def clear_caches() -> None:
    """Forget every drawn fragment (the tests draw with cold caches to check that no cache is keyed by less than
    what it draws); caches of the content and the engine are left alone."""
    from capes.games.champions.web import areas, cards, choices, common

    for mod in (areas, cards, choices, common, sys.modules[__name__]):
        for v in vars(mod).values():
            if callable(getattr(v, "cache_clear", None)) and str(getattr(v, "__module__", "")).startswith(__name__):
                v.cache_clear()
    cards._FACES.clear()
    cards._CARDS.clear()
    areas._AREAS.clear()
