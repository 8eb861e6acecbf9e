"""Shared helpers of the web tests: a test client per app, tables made through the lobby form,
websocket receives with a timeout."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import urlencode

import anyio
from starlette.testclient import TestClient

from capes.web.app import create_app
from capes.web.guard import LOOPBACK_HOSTS, Limits

JOIN = re.compile(r'data-seat="(\d+)" readonly value="[^"]*/t/([0-9a-f]+)#([A-Za-z0-9_-]+)"')


#: the names a test server answers to: the loopback names and the test client's own
TEST_HOSTS = (*LOOPBACK_HOSTS, "testserver")


def client(db: Any, **kw: Any) -> TestClient:
    """A test client of an app with the tests' settings: no bot pause, bots in threads, the test client's host
    allowed, chosen seeds at any table (the tests mirror a table's game locally) and no creation rate limit
    (tests make many tables from one address), unless ``kw`` says otherwise."""
    kw.setdefault("bot_pause", 0.0)
    kw.setdefault("bot_workers", "thread")
    kw.setdefault("allowed_hosts", TEST_HOSTS)
    kw.setdefault("chosen_seeds", True)
    kw.setdefault("limits", Limits(create_burst=10_000))
    return TestClient(create_app(db, **kw))


def form(game: str, seats: list[str], seed: int | str = 1, public: bool = True, **cfg: Any) -> list[tuple[str, str]]:
    """The lobby's form; ``public``: listed in the lobby (the form's checkbox; unlisted when left out)."""
    data = [(f"seat.{i + 1}", k) for i, k in enumerate(seats)] + [("seed", str(seed))]
    if public:
        data.append(("public", "on"))
    for k, v in cfg.items():
        for item in (v if isinstance(v, list | tuple) else [v]):
            data.append((f"cfg.{k}", str(item)))
    return data


def post(c: TestClient, game: str, data: list[tuple[str, str]]) -> Any:
    """POST the lobby form (repeated keys kept, as a browser sends them)."""
    return c.post(f"/new/{game}", content=urlencode(data),
                  headers={"content-type": "application/x-www-form-urlencoded"})


def create(c: TestClient, game: str, seats: list[str], seed: int = 1, **cfg: Any) -> tuple[str, dict[int, str]]:
    """A table made through the lobby form: (table id, join token per 0-based human seat)."""
    r = post(c, game, form(game, seats, seed, **cfg))
    assert r.status_code == 200, r.text[:2000]
    tid = re.search(r'id="table-id">([0-9a-f]+)<', r.text)
    assert tid is not None
    tokens = {int(s) - 1: tok for s, t, tok in JOIN.findall(r.text) if t == tid.group(1)}
    return tid.group(1), tokens


def _next(ws: Any, timeout: float) -> Any:
    async def get() -> Any:
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()
    return ws.portal.call(get)


def recv(ws: Any, timeout: float = 30.0) -> dict[str, Any]:
    """The next message (a dict; ``{"type": "closed"}`` when the server closed the socket), its board rebuilt
    from the pieces this socket was sent (kept on ``ws``)."""
    m = _next(ws, timeout)
    if m["type"] == "websocket.close":
        return {"type": "closed", "code": m.get("code")}
    msg, ws._capes_pieces = parse(m["text"], getattr(ws, "_capes_pieces", []))
    return msg


def recv_raw(ws: Any, timeout: float = 30.0) -> str:
    """The next frame's text as sent (the caller rebuilds the board with :func:`parse`)."""
    m = _next(ws, timeout)
    assert m["type"] != "websocket.close", m
    return str(m["text"])


def parse(text: str, pieces: list[str]) -> tuple[dict[str, Any], list[str]]:
    """A frame as the page reads it (capes/web/static/table.js ``parseFrame``), given the board's pieces the page
    holds: the JSON message, with the board (when it changed) rebuilt from the pieces it names (those held, by
    their place counted from 1, and the new ones after the first newline, by minus their length in UTF-16 code
    units); and the pieces held afterwards."""
    head, nl, rest = text.partition("\n")
    msg: dict[str, Any] = json.loads(head)
    if "parts" not in msg:
        assert not nl, "a frame without parts carries no payload"
        return msg, pieces
    raw = rest.encode("utf-16-le")
    at, nxt = 0, []
    for p in msg["parts"]:
        assert p != 0
        if p > 0:
            nxt.append(pieces[p - 1])
        else:
            nxt.append(raw[2 * at:2 * (at - p)].decode("utf-16-le"))
            at -= p
    assert 2 * at == len(raw), "the payload holds the new pieces and nothing else"
    msg["board"] = "".join(nxt)
    return msg, nxt


def show(ws: Any, text: bool = False, glossary: bool = False) -> None:
    """Open (or close) the text version and the glossary on this page, as a click on their <details> does."""
    ws.send_json({"type": "show", "text": text, "glossary": glossary})


def hello(ws: Any, token: str | None) -> dict[str, Any]:
    ws.send_json({"type": "hello", "token": token})
    return recv(ws)


def state_at(ws: Any, n: int | None = None, errors: list[str] | None = None, timeout: float = 30.0,
             seen: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Receive until a state message (with action count ``n`` when given)."""
    while True:
        m = recv(ws, timeout)
        if seen is not None:
            seen.append(m)
        if m["type"] == "error" and errors is not None:
            errors.append(m["message"])
        if m["type"] == "closed":
            raise AssertionError(f"socket closed: {m}")
        if m["type"] == "state" and (n is None or m["n"] == n):
            return m


def next_error(ws: Any) -> str:
    while True:
        m = recv(ws)
        if m["type"] == "error":
            return str(m["message"])


def next_of(ws: Any, kind: str, n: int | None = None, timeout: float = 30.0) -> dict[str, Any]:
    """Receive until a message of type ``kind`` (with action count ``n`` when given)."""
    while True:
        m = recv(ws, timeout)
        if m["type"] == "closed":
            raise AssertionError(f"socket closed: {m}")
        if m["type"] == kind and (n is None or m.get("n") == n):
            return m
