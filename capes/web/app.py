"""The ASGI app: lobby, table pages, rule texts, save downloads and the table websocket."""

from __future__ import annotations

import asyncio
import contextlib
import cProfile
import json
import logging
import os
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.formparsers import MultiPartException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from capes.core.errors import CapesError
from capes.core.registry import game_class, game_ids
from capes.core.replay import save_game
from capes.core.rules import RulesIndex
from capes.web import collector
from capes.web.botrunner import BotRunner
from capes.web.lobby import MAX_FORM_SEATS, build_fields, parse_form, quoted, seat_choices
from capes.web.render import RenderPool
from capes.web.storage import OPEN, OVER, SqliteStorage, Storage
from capes.web.tables import Hub, Table, TableError
from capes.web.updates import Conn

log = logging.getLogger("capes.web")

#: the largest websocket message a page may send (an action is ~100 bytes)
MAX_MESSAGE = 2048
#: the largest form a page may post
MAX_FORM = 16 * 1024
#: fields the lobby's form may post at most
MAX_FORM_FIELDS = 64
#: pages watching one table at most
MAX_CONNS_PER_TABLE = 64
#: pages connected to the whole server at most (default of ``create_app(max_pages=...)``)
MAX_PAGES = 4096
#: replies a page may leave unread before it is disconnected (it sends but does not read)
MAX_OUTBOX = 64
STATIC = Path(__file__).parent / "static"

_env = Environment(loader=PackageLoader("capes.web", "templates"), autoescape=select_autoescape(["html"]))

NO_STORE = {"Cache-Control": "no-store", "Referrer-Policy": "same-origin", "X-Content-Type-Options": "nosniff"}
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")


def page(name: str, status: int = 200, **ctx: Any) -> HTMLResponse:
    return HTMLResponse(_env.get_template(name).render(**ctx), status_code=status,
                        headers={**NO_STORE, "Content-Security-Policy": CSP})


def origin_allowed(ws: WebSocket, extra: frozenset[str]) -> bool:
    """A browser's websocket must come from a page of this server (or an origin listed at start)."""
    origin = ws.headers.get("origin")
    if origin is None:  # not a browser (scripts, the load bench): it still needs a token to act
        return True
    if origin in extra:
        return True
    host = ws.headers.get("host", "")
    return bool(host) and urlsplit(origin).netloc.lower() == host.lower()


def create_app(db: Path | str = "capes.db", *, store: Storage | None = None, bot_pause: float = 0.8,
               bot_workers: str = "process", bot_processes: int | None = None,
               allowed_origins: tuple[str, ...] = (), max_open: int = 2000, version: str | None = None,
               max_pages: int = MAX_PAGES, render_processes: int = 0, tune_gc: bool = False) -> Starlette:
    """The server app. ``store`` replaces the SQLite file ``db`` (a storage backend of your own);
    ``version`` is the capes version recorded with new tables (default ``capes.__version__``).
    Bots think in ``bot_processes`` worker processes (default ``min(2, cpus)``; threads with
    ``bot_workers="thread"``); the boards are drawn in ``render_processes`` worker processes (0: on the
    event loop). ``tune_gc``: once the tables are resumed, set the garbage collector up for a long-running
    server (:func:`~capes.web.collector.tune_gc`; ``capes serve`` does, tests do not)."""
    hub_box: dict[str, Hub] = {}
    pages_open = [0]  # websockets accepted and not yet closed, over every table
    extra_origins = frozenset(allowed_origins)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub = Hub(store or SqliteStorage(db), BotRunner(bot_workers, bot_processes), bot_pause=bot_pause,
                  max_open=max_open, version=version,
                  render=RenderPool(render_processes) if render_processes else None)
        if hub.render is not None:
            await hub.render.start()
        for g in game_ids():  # import each game, its content and rules index now, not during a player's request
            try:
                hub.game(g, {}).rules.get("")
            except CapesError:
                pass
        n = hub.resume_all()
        if n:
            log.info("resumed %d unfinished table(s)", n)
        hub_box["hub"] = app.state.hub = hub
        if tune_gc:
            collector.tune_gc()
        prof = _profiler()
        try:
            yield
        finally:
            await hub.close()
            if prof is not None:
                prof.disable()
                prof.dump_stats(os.environ["CAPES_PROFILE"])

    def hub() -> Hub:
        return hub_box["hub"]

    def games() -> list[dict[str, str]]:
        return [{"id": g, "name": game_class(g).name, "summary": game_class(g).summary} for g in game_ids()]

    async def lobby(request: Request) -> Response:
        tables = [t.public_summary() for t in (hub().get(r.id) for r in hub().store.list_tables(OPEN, 50)) if t]
        done = hub().store.list_tables(OVER, 10)
        return page("lobby.html", games=games(), tables=tables, done=done)

    def new_form(game_id: str, values: dict[str, Any] | None = None, errors: dict[str, str] | None = None,
                 status: int = 200) -> Response:
        values = values or {}
        return page("new.html", status=status, game={"id": game_id, "name": game_class(game_id).name},
                    fields=build_fields(game_id, {k: v for k, v in values.items()}, errors),
                    errors=errors or {}, values=values, seat_kinds=seat_choices(game_id),
                    seats=values.get("seats") or ["human"] + ["random"] * (MAX_FORM_SEATS - 1))

    async def new_table(request: Request) -> Response:
        game_id = request.path_params["game"]
        if game_id not in game_ids():
            return page("error.html", 404, message=f"unknown game {quoted(game_id)}; known: {', '.join(game_ids())}")
        if request.method == "GET":
            return new_form(game_id)
        origin = request.headers.get("origin")
        if origin is not None and origin not in extra_origins and \
                urlsplit(origin).netloc.lower() != request.headers.get("host", "").lower():
            return page("error.html", 403, message="a table is created from this server's own lobby page")
        if request.headers.get("content-type", "").split(";")[0].strip() != "application/x-www-form-urlencoded":
            return page("error.html", 415, message="a table is created by posting the lobby's form "
                        "(application/x-www-form-urlencoded)")
        try:
            length = int(request.headers.get("content-length") or 0)
        except ValueError:
            length = MAX_FORM + 1
        if length > MAX_FORM:
            return page("error.html", 413, message=f"the form is larger than {MAX_FORM} bytes")
        try:
            form = await request.form(max_files=0, max_fields=MAX_FORM_FIELDS)
        except (HTTPException, MultiPartException):
            return page("error.html", 400, message=f"the form has more than {MAX_FORM_FIELDS} fields")
        req, values, errors = parse_form(game_id, form)
        if req is None:
            return new_form(game_id, values, errors, status=400)
        try:
            table, tokens = hub().create(req.game, req.seats, req.seed, req.bot_options)
        except TableError as e:
            return new_form(game_id, values, {"_": str(e)}, status=400)
        table.maybe_bot()
        base = str(request.base_url).rstrip("/")
        links = [{"seat": i + 1, "name": table.seat_name(i), "url": f"{base}/t/{table.rec.id}#{tok}"}
                 for i, tok in sorted(tokens.items())]
        return page("created.html", table=table.rec, links=links, game_name=req.game.name,
                    watch=f"{base}/t/{table.rec.id}?watch",
                    bots=[(table.seat_name(i), k) for i, k in enumerate(table.rec.seats) if k != "human"])

    async def table_page(request: Request) -> Response:
        t = hub().get(request.path_params["table"])
        if t is None:
            return page("error.html", 404, message="no such table")
        return page("table.html", table=t.rec, game_name=game_class(t.rec.game).name)

    async def save(request: Request) -> Response:
        t = hub().get(request.path_params["table"])
        if t is None:
            return PlainTextResponse("no such table", 404)
        if t.rec.status == OPEN or t.state is None:
            # a running game's seed and actions would reveal every deck
            return PlainTextResponse("the save can be downloaded when the game is over", 403)
        body = json.dumps(save_game(t.state), indent=1) + "\n"
        return Response(body, media_type="application/json", headers={
            **NO_STORE, "Content-Disposition": f'attachment; filename="capes-{t.rec.game}-{t.rec.id}.json"'})

    async def rule(request: Request) -> Response:
        rid = request.path_params["rule"]
        game_id = rid.split("/", 1)[0]
        if game_id not in game_ids():
            return page("error.html", 404, message=f"no rules index for {quoted(game_id)}")
        r = rules_of(game_id).get(rid)
        if r is None:
            return page("error.html", 404, message=f"no rule {quoted(rid)} in the {game_id} rules index")
        return page("rule.html", rule=r, game_name=game_class(game_id).name)

    def rules_of(game_id: str) -> RulesIndex:
        try:
            return hub().game(game_id, {}).rules
        except CapesError:  # a game whose default configuration cannot be set up here
            return RulesIndex.for_game(game_id)

    async def tables_json(request: Request) -> Response:
        out = [t.public_summary() for t in (hub().get(r.id) for r in hub().store.list_tables(OPEN, 200)) if t]
        return JSONResponse(out)

    async def ws_table(ws: WebSocket) -> None:
        if not origin_allowed(ws, extra_origins):
            await ws.close(code=1008)
            return
        t = hub().get(ws.path_params["table"])
        if t is None:
            await ws.close(code=4404)
            return
        await ws.accept()
        conn: Conn | None = None
        pump: asyncio.Task[None] | None = None
        try:
            hello = await _receive(ws)
            if hello is None or hello.get("type") != "hello":
                await _send_error(ws, "the first message must be {\"type\": \"hello\", \"token\": <token or null>}")
                await ws.close(code=4400)
                return
            try:
                seat = hub().join(t, hello.get("token"))
            except TableError as e:
                await _send_error(ws, str(e), fatal=True)
                await ws.close(code=4403)
                return
            if pages_open[0] >= max_pages:
                await _send_error(ws, f"this server already has {max_pages} pages open; try again later", fatal=True)
                await ws.close(code=4429)
                return
            if len(t.conns) >= MAX_CONNS_PER_TABLE:
                await _send_error(ws, f"this table already has {MAX_CONNS_PER_TABLE} pages open", fatal=True)
                await ws.close(code=4429)
                return
            start = max(0, len(t.state.log) - 500) if t.state is not None else 0
            conn = Conn(ws.send_text, seat, start)
            await ws.send_text(json.dumps({"type": "welcome", "table": t.rec.id, "game": t.rec.game,
                                           "seat": seat, "seat_name": t.seat_name(seat) if seat is not None else "",
                                           "log_omitted": start}))
            t.conns.add(conn)
            pages_open[0] += 1
            _seats_changed(t)
            pump = asyncio.get_running_loop().create_task(_pump(t, conn))
            while True:
                if len(conn.outbox) > MAX_OUTBOX:
                    await ws.close(code=1008)
                    return
                msg = await _receive(ws)
                if msg is None:
                    conn.push({"type": "error", "message": _last_error(ws)})
                    continue
                if msg.get("type") == "act":
                    n, option = msg.get("n"), msg.get("option")
                    if not isinstance(n, int) or isinstance(n, bool) or not isinstance(option, str) or len(option) > 300:
                        conn.push({"type": "error", "message": "an action is {\"type\": \"act\", \"n\": <action "
                                   "count your page shows>, \"option\": <option id>}"})
                        continue
                    try:
                        await t.act(conn.seat, n, option)
                    except TableError as e:
                        conn.push({"type": "error", "message": str(e)})
                        conn.sent_epoch = -1  # bring the page up to date
                elif msg.get("type") == "show":
                    # the page opened or closed its text version / glossary: send them with each update
                    text, gloss = msg.get("text", False), msg.get("glossary", False)
                    if not isinstance(text, bool) or not isinstance(gloss, bool):
                        conn.push({"type": "error", "message": "show is {\"type\": \"show\", \"text\": true|false, "
                                   "\"glossary\": true|false}"})
                        continue
                    conn.show_text, conn.show_glossary = text, gloss
                    conn.text_n = conn.glossary_n = -1
                    conn.wake.set()
                elif msg.get("type") == "ping":
                    conn.push({"type": "pong"})
                else:
                    conn.push({"type": "error", "message": f"unknown message type {quoted(msg.get('type'))}; "
                               "expected act, show or ping"})
        except WebSocketDisconnect:
            pass
        finally:
            if pump is not None:
                pump.cancel()
            if conn is not None:
                conn.closed = True
                pages_open[0] -= 1
                t.conns.discard(conn)
                _seats_changed(t)

    routes = [
        Route("/", lobby),
        Route("/new/{game}", new_table, methods=["GET", "POST"]),
        Route("/t/{table}", table_page),
        Route("/t/{table}/save", save),
        Route("/rules/{rule:path}", rule),
        Route("/api/tables", tables_json),
        Route("/favicon.ico", lambda request: Response(status_code=204)),
        WebSocketRoute("/ws/{table}", ws_table),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes, lifespan=lifespan)


def _profiler() -> cProfile.Profile | None:
    """``CAPES_PROFILE=FILE``: profile the server's event loop until it stops (bench/load.py --profile)."""
    if not os.environ.get("CAPES_PROFILE"):
        return None
    prof = cProfile.Profile(time.process_time)  # CPU time: the machine may be shared
    prof.enable()
    return prof


_ERR = "_capes_last_error"


def _last_error(ws: WebSocket) -> str:
    return str(getattr(ws, _ERR, "bad message"))


async def _receive(ws: WebSocket) -> dict[str, Any] | None:
    """The next message as a dict, or None (with the reason kept) when it is not acceptable."""
    m = await ws.receive()
    if m["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(m.get("code", 1000))
    text = m.get("text")
    if text is None:
        setattr(ws, _ERR, "messages are JSON text, not binary")
        return None
    if len(text) > MAX_MESSAGE:
        setattr(ws, _ERR, f"message too long ({len(text)} characters; at most {MAX_MESSAGE})")
        return None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        setattr(ws, _ERR, f"message is not valid JSON ({e.msg})")
        return None
    if not isinstance(data, dict):
        setattr(ws, _ERR, "a message is a JSON object with a \"type\"")
        return None
    return data


async def _send_error(ws: WebSocket, message: str, fatal: bool = False) -> None:
    await ws.send_text(json.dumps({"type": "error", "message": message, "fatal": fatal}))


def _seats_changed(t: Table) -> None:
    seats = t.seats_info()
    for c in t.conns:
        c.push({"type": "seats", "seats": seats})


async def _pump(t: Table, conn: Conn) -> None:
    """Send this page its messages: queued ones, then the table's latest state (older ones are skipped)."""
    try:
        while True:
            await conn.wake.wait()
            conn.wake.clear()
            while conn.outbox:
                await conn.send(conn.outbox.popleft())
            if conn.sent_epoch != t.epoch:
                await t.prepare(conn.seat)
                await conn.send(t.message_for(conn))
            for extra in t.extras_for(conn):
                await conn.send(extra)
    except (WebSocketDisconnect, RuntimeError, ConnectionError):
        pass  # the page went away; the reader's finally cleans up
