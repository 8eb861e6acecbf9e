"""Boards sent in pieces: a page is sent only the pieces of a board it does not hold, and what it rebuilds (as
capes/web/static/table.js does; tests/web/helpers.py ``parse`` does the same) is the whole drawing."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from capes.core.registry import load
from capes.web.updates import Conn, frame, patch, units
from capes.web.views import board_html, board_parts
from tests.web.helpers import client, create, hello, parse, state_at


def rebuild(held: list[str], ops: list[int], payload: str) -> tuple[str, list[str]]:
    """What a page holding ``held`` shows after an update (``parse`` on a frame of these ops and payload)."""
    msg, pieces = parse(frame({"type": "state", "parts": ops}, payload), held)
    return msg["board"], pieces


def test_units_count_as_javascript_does():
    assert units("abc") == 3
    assert units("é·—") == 3  # one UTF-16 code unit each
    assert units("a😀b") == 4  # an astral character is two


def test_patch_then_rebuild_equals_the_joined_board_on_random_boards():
    """Random boards over a small pool of pieces (repeats, empty pieces, astral characters, newlines): after any
    sequence of updates the page's rebuilt board is the board joined, and only the pieces it lacked were sent."""
    rng = random.Random(7)
    pool = ["<a>", "</a>", "x", "", "é", "😀", "line\nbreak", "<b>😀</b>", "y" * 50, "\n"]
    for _ in range(200):
        conn = Conn(print, 0, 0)
        page: list[str] = []
        shown = ""  # a new page shows nothing
        for _ in range(8):
            board = [rng.choice(pool) for _ in range(rng.randrange(0, 12))]
            if rng.random() < 0.3:
                board = [*board, *rng.sample(pool, 3)]
            held = set(conn.held)
            upd = conn.board_update(board)
            if upd is None:
                assert shown == "".join(board)  # not sent: the page shows it already
                continue
            ops, payload = upd
            assert len(payload) == sum(len(p) for p, k in zip([p for p in board if p], ops, strict=True) if k < 0)
            assert all(k > 0 for p, k in zip([p for p in board if p], ops, strict=True) if p in held)
            shown, page = rebuild(page, ops, payload)
            assert shown == "".join(board)


def test_a_repeated_new_piece_is_sent_again_and_an_unchanged_board_not_at_all():
    ops, new, index, shown = patch({}, ["<p>", "a", "</p>", "<p>", "a", "</p>"])
    assert ops == [-3, -1, -4, -3, -1, -4] and index == {"<p>": 1, "a": 2, "</p>": 3}
    conn = Conn(print, 0, 0)
    assert conn.board_update(["<p>", "a", "</p>"]) is not None
    assert conn.board_update(["<p>", "a", "", "</p>"]) is None  # the same board, drawn again (in other lists)
    assert conn.board_update(["<p>", "b", "</p>"]) == ([1, -1, 3], "b")


class _PlainGame:
    """A game whose ``web_view`` returns one string, as games did before pieces."""

    id = "plain"

    def __init__(self, game: Any) -> None:
        self.game = game

    def web_view(self, view: dict[str, Any], seat: int | None) -> str:
        return "".join(self.game.web_view(view, seat))


def test_a_game_that_draws_one_string_is_one_piece_between_the_frame_and_the_text_version():
    g = load("champions", heroes=["spider_man"])
    st = g.new_game(3)
    plain = _PlainGame(g)
    parts = board_parts(plain, st, 0)  # type: ignore[arg-type]
    assert len(parts) == 3 and "".join(parts[1:2]) == "".join(g.web_view(st.view(0), 0))
    assert "".join(parts).replace("drawn-plain", "drawn-champions") == board_html(g, st, 0)


@pytest.mark.parametrize(("game", "cfg"), [("champions", {"heroes": ["spider_man", "she_hulk"]}),
                                           ("heroes", {"players": 2}), ("alliances", {"players": 2})])
def test_pages_are_sent_the_pieces_they_lack_and_rebuild_every_board(tmp_path, game, cfg):
    """Over the server: each update rebuilds the seat's whole drawing; a reconnected page is sent every piece
    again; along the game the pages are sent fewer characters of board than the boards hold."""
    seed = 5
    rng = random.Random(seed)
    with client(tmp_path / "p.db") as c:
        tid, tokens = create(c, game, ["human", "human"], seed=seed, **cfg)
        st = load(game, **cfg).new_game(seed)
        g = st.game
        sent = whole = 0
        with c.websocket_connect(f"/ws/{tid}") as w0, c.websocket_connect(f"/ws/{tid}") as w1:
            pages = {0: w0, 1: w1}
            for s, w in pages.items():
                hello(w, tokens[s])
                first = state_at(w, 0)
                assert all(k < 0 for k in first["parts"]) and first["board"] == board_html(g, st, s)
            for _ in range(60):
                if st.is_over:
                    break
                option = rng.choice(st.decision.options).id
                pages[st.decision.seat].send_json({"type": "act", "n": len(st.actions), "option": option})
                st.apply(option)
                for s, w in pages.items():
                    raw: list[str] = []
                    m = state_at_raw(w, len(st.actions), raw)
                    want = board_html(g, st, s)
                    whole += len(want)
                    if "board" in m:
                        assert m["board"] == want
                        sent += len(raw[-1].partition("\n")[2])
            assert sent < whole / 2, (sent, whole)
        with c.websocket_connect(f"/ws/{tid}") as again:  # a new page holds nothing: it is sent every piece
            hello(again, tokens[0])
            m = state_at(again, len(st.actions))
            assert all(k < 0 for k in m["parts"]) and m["board"] == board_html(g, st, 0)


def state_at_raw(ws: Any, n: int, raw: list[str]) -> dict[str, Any]:
    """The state message with action count ``n`` (the frames received on the way kept in ``raw``), rebuilt."""
    from tests.web.helpers import recv_raw

    while True:
        text = recv_raw(ws)
        raw.append(text)
        m, ws._capes_pieces = parse(text, getattr(ws, "_capes_pieces", []))
        if m["type"] == "state" and m["n"] == n:
            return m
        assert m["type"] in ("seats", "pong"), json.dumps(m)[:300]
