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
from urllib.parse import parse_qsl

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.datastructures import FormData
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from capes.core.errors import CapesError
from capes.core.registry import game_class, game_ids
from capes.core.rules import RulesIndex
from capes.web import collector
from capes.web.botrunner import BotRunner
from capes.web.guard import (
    LOOPBACK_HOSTS,
    BodyTooLarge,
    Bucket,
    Counter,
    Limits,
    LogLimiter,
    origin_allowed,
    parse_message,
    read_body,
    split_host,
)
from capes.web.lobby import BOT_LEVELS, MAX_FORM_SEATS, build_fields, parse_form, quoted, seat_choices
from capes.web.render import RenderPool
from capes.web.storage import OPEN, OVER, SqliteStorage, Storage
from capes.web.tables import Hub, Table, TableError
from capes.web.updates import Conn

log = logging.getLogger("capes.web")

#: the largest websocket message a page may send (an action is ~100 bytes)
MAX_MESSAGE = Limits.max_message
#: the largest form a page may post
MAX_FORM = Limits.max_body
#: fields the lobby's form may post at most
MAX_FORM_FIELDS = 64
#: pages connected to the whole server at most (default of ``create_app(max_pages=...)``)
MAX_PAGES = Limits.max_pages
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


def create_app(db: Path | str = "capes.db", *, store: Storage | None = None, bot_pause: float = 0.8,
               bot_workers: str = "process", bot_processes: int | None = None,
               allowed_origins: tuple[str, ...] = (), max_open: int = 2000, version: str | None = None,
               max_pages: int | None = None, render_processes: int = 0, tune_gc: bool = False,
               allowed_hosts: tuple[str, ...] = LOOPBACK_HOSTS, limits: Limits | None = None,
               chosen_seeds: bool = False, bot_levels: dict[str, dict[str, Any]] | None = None) -> Starlette:
    """The server app. ``store`` replaces the SQLite file ``db`` (a storage backend of your own);
    ``version`` is the capes version recorded with new tables (default ``capes.__version__``).
    Bots think in ``bot_processes`` worker processes (default ``min(2, cpus)``; threads with
    ``bot_workers="thread"``); the boards are drawn in ``render_processes`` worker processes (0: on the
    event loop). ``tune_gc``: once the tables are resumed, set the garbage collector up for a long-running
    server (:func:`~capes.web.collector.tune_gc`; ``capes serve`` does, tests do not).

    ``allowed_hosts``: the names this server answers to (the Host header of every request and websocket, and
    the Origin of every browser's); ``limits``: see :class:`~capes.web.guard.Limits`; ``chosen_seeds``: let a
    table of several humans have a seed its creator chose (tests, one machine shared by friends; a chosen seed
    tells its chooser every hidden card); ``bot_levels``: the bot levels the lobby offers, name -> ismcts budget
    (default :data:`~capes.web.lobby.BOT_LEVELS`)."""
    lim = limits or Limits()
    if max_pages is not None:
        lim.max_pages = max_pages
    levels = dict(bot_levels or BOT_LEVELS)
    hub_box: dict[str, Hub] = {}
    pages_open = {"seat": 0, "watch": 0}  # websockets accepted and not yet closed, over every table
    per_address = Counter()  # websockets open, by client address
    creates = Bucket(lim.create_burst, lim.create_every)
    rebuilds = Bucket(lim.rebuild_burst, lim.rebuild_every)
    extra_origins = frozenset(allowed_origins)
    hosts = frozenset(split_host(h)[0] if h.startswith("[") else h.lower() for h in allowed_hosts)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub = Hub(store or SqliteStorage(db), BotRunner(bot_workers, bot_processes), bot_pause=bot_pause,
                  max_open=max_open, version=version,
                  render=RenderPool(render_processes) if render_processes else None,
                  idle_expiry=lim.idle_expiry, levels=levels)
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
        expiry = asyncio.get_running_loop().create_task(hub.expire_forever())
        if tune_gc:
            collector.tune_gc()
        prof = _profiler()
        try:
            yield
        finally:
            expiry.cancel()
            await hub.close()
            if prof is not None:
                prof.disable()
                prof.dump_stats(os.environ["CAPES_PROFILE"])

    def hub() -> Hub:
        return hub_box["hub"]

    def address(conn: Request | WebSocket) -> str:
        return conn.client.host if conn.client is not None else ""

    def games() -> list[dict[str, str]]:
        return [{"id": g, "name": game_class(g).name, "summary": game_class(g).summary} for g in game_ids()]

    def listed(limit: int) -> list[dict[str, Any]]:
        out = []
        for r in hub().store.list_tables(OPEN, limit, public=True):
            t = hub().tables.get(r.id)  # every open table is held (resumed at start, or made here)
            if t is not None:
                out.append(t.public_summary())
        return out

    async def lobby(request: Request) -> Response:
        done = hub().store.list_tables(OVER, 10, public=True)
        return page("lobby.html", games=games(), tables=listed(50), done=done)

    def new_form(game_id: str, values: dict[str, Any] | None = None, errors: dict[str, str] | None = None,
                 status: int = 200, headers: dict[str, str] | None = None) -> Response:
        values = values or {}
        resp = page("new.html", status=status, game={"id": game_id, "name": game_class(game_id).name},
                    fields=build_fields(game_id, {k: v for k, v in values.items()}, errors),
                    errors=errors or {}, values=values, seat_kinds=seat_choices(game_id),
                    seats=values.get("seats") or ["human"] + ["random"] * (MAX_FORM_SEATS - 1),
                    levels=list(levels))
        resp.headers.update(headers or {})
        return resp

    async def new_table(request: Request) -> Response:
        game_id = request.path_params["game"]
        if game_id not in game_ids():
            return page("error.html", 404, message=f"unknown game {quoted(game_id)}; known: {', '.join(game_ids())}")
        if request.method == "GET":
            return new_form(game_id)
        if not origin_allowed(request.headers.get("origin"), request.headers.get("host", ""), request.url.scheme,
                              hosts, extra_origins):
            return page("error.html", 403, message="a table is created from this server's own lobby page")
        if request.headers.get("content-type", "").split(";")[0].strip() != "application/x-www-form-urlencoded":
            return page("error.html", 415, message="a table is created by posting the lobby's form "
                        "(application/x-www-form-urlencoded)")
        try:
            length = int(request.headers.get("content-length") or 0)
        except ValueError:
            length = lim.max_body + 1
        if length > lim.max_body:
            return page("error.html", 413, message=f"the form is larger than {lim.max_body} bytes")
        try:  # counted as it arrives: a chunked body has no Content-Length
            body = await read_body(request.stream(), lim.max_body, lim.request_timeout)
        except BodyTooLarge:
            return page("error.html", 413, message=f"the form is larger than {lim.max_body} bytes")
        except TimeoutError:
            return page("error.html", 408, message=f"the form did not arrive within {lim.request_timeout:g} s")
        try:
            pairs: list[tuple[str, Any]] = list(parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True,
                                                          max_num_fields=MAX_FORM_FIELDS))
            form = FormData(pairs)
        except ValueError:
            return page("error.html", 400, message=f"the form has more than {MAX_FORM_FIELDS} fields")
        req, values, errors = parse_form(game_id, form, list(levels))
        if req is None:
            return new_form(game_id, values, errors, status=400)
        wait = creates.take(address(request))
        if wait > 0:
            return new_form(game_id, values, {"_": f"this address made {lim.create_burst} tables lately; "
                                              f"try again in {wait:.0f} s"}, status=429,
                            headers={"Retry-After": str(int(wait) + 1)})
        if req.seed is not None and not chosen_seeds and req.seats.count("human") > 1:
            return new_form(game_id, values, {"seed": (
                f"a chosen seed would tell its chooser every hidden card of the other "
                f"{req.seats.count('human') - 1} human seat(s); leave it empty (a chosen seed is for a table "
                "whose only human is you)")}, status=400)
        try:
            table, tokens = hub().create(req.game, req.seats, req.seed, req.bot_options, public=req.public,
                                         chosen_seeds=chosen_seeds)
        except TableError as e:
            return new_form(game_id, values, {"_": str(e)}, status=400)
        table.owner = address(request)
        table.maybe_bot()
        base = str(request.base_url).rstrip("/")
        links = [{"seat": i + 1, "name": table.seat_name(i), "url": f"{base}/t/{table.rec.id}#{tok}"}
                 for i, tok in sorted(tokens.items())]
        return page("created.html", table=table.rec, links=links, game_name=req.game.name,
                    watch=f"{base}/t/{table.rec.id}?watch",
                    bots=[(table.seat_name(i), k) for i, k in enumerate(table.rec.seats) if k != "human"])

    async def table_page(request: Request) -> Response:
        tid = request.path_params["table"]
        rec = t.rec if (t := hub().tables.get(tid)) is not None else hub().store.get_table(tid)
        if rec is None:  # (the stored record is enough: a finished table is not replayed to show its page)
            return page("error.html", 404, message="no such table")
        return page("table.html", table=rec, game_name=game_class(rec.game).name)

    async def save(request: Request) -> Response:
        tid = request.path_params["table"]
        rec = t.rec if (t := hub().tables.get(tid)) is not None else hub().store.get_table(tid)
        if rec is None:
            return PlainTextResponse("no such table", 404)
        if rec.status != OVER:
            # a running game's seed and actions would reveal every deck (a broken one may be resumed one day)
            return PlainTextResponse("the save can be downloaded when the game is over", 403)
        doc = hub().save_document(rec)  # from the record and its actions: no replay
        body = json.dumps(doc, indent=1) + "\n"
        return Response(body, media_type="application/json", headers={
            **NO_STORE, "Content-Disposition": f'attachment; filename="capes-{rec.game}-{rec.id}.json"'})

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
        return JSONResponse(listed(200))

    async def refuse(ws: WebSocket, message: str, code: int) -> None:
        await _send_error(ws, message, fatal=True)
        await ws.close(code=code)

    async def ws_table(ws: WebSocket) -> None:
        if not origin_allowed(ws.headers.get("origin"), ws.headers.get("host", ""), ws.url.scheme, hosts,
                              extra_origins):
            await ws.close(code=1008)
            return
        addr = address(ws)
        if per_address.get(addr) >= lim.max_pages_per_address:
            await ws.close(code=4429)  # (before accepting: costs nothing more)
            return
        per_address.add(addr)
        try:
            await _serve_page(ws, addr)
        finally:
            per_address.drop(addr)

    async def _serve_page(ws: WebSocket, addr: str) -> None:
        tid = ws.path_params["table"]
        t = hub().tables.get(tid)
        if t is None:
            if hub().store.get_table(tid) is None:
                await ws.close(code=4404)
                return
            if rebuilds.take(addr) > 0:  # a finished table is replayed to be shown: a few per address
                await ws.close(code=4429)
                return
            t = hub().get(tid)
            if t is None:
                await ws.close(code=4404)
                return
        await ws.accept()
        logs = LogLimiter(lim.log_burst, lim.log_every)
        conn: Conn | None = None
        pump: asyncio.Task[None] | None = None
        kind = ""
        try:
            try:
                m = await asyncio.wait_for(ws.receive(), lim.hello_timeout)
            except TimeoutError:
                await refuse(ws, f"no hello within {lim.hello_timeout:g} s; the first message must be "
                             "{\"type\": \"hello\", \"token\": <token or null>}", 4408)
                return
            if m["type"] == "websocket.disconnect":
                return
            hello, why = parse_message(m.get("text"), lim)
            if hello is None or hello.get("type") != "hello":
                await refuse(ws, (why + "; " if why else "") +
                             "the first message must be {\"type\": \"hello\", \"token\": <token or null>}", 4400)
                return
            try:
                seat = hub().join(t, hello.get("token"))
            except TableError as e:
                await refuse(ws, str(e), 4403)
                return
            kind = "watch" if seat is None else "seat"
            if seat is None:
                if pages_open["watch"] >= lim.max_spectator_pages:
                    await refuse(ws, f"this server already has {lim.max_spectator_pages} spectator pages open; "
                                 "try again later", 4429)
                    return
                if sum(1 for c in t.conns if c.seat is None) >= lim.max_spectators_per_table:
                    await refuse(ws, f"this table already has {lim.max_spectators_per_table} spectators; "
                                 "try again later", 4429)
                    return
            else:
                if pages_open["seat"] >= lim.max_pages:
                    await refuse(ws, f"this server already has {lim.max_pages} pages open; try again later", 4429)
                    return
                mine = sorted((c for c in t.conns if c.seat == seat), key=lambda c: c.opened)
                for old in mine[: max(0, len(mine) - lim.max_pages_per_seat + 1)]:  # the newest page wins
                    old.evict()
            start = max(0, len(t.state.log) - 500) if t.state is not None else 0
            conn = Conn(ws.send_text, seat, start)
            t.conns.add(conn)  # counted before the next await: pages arriving together see each other
            pages_open[kind] += 1
            await ws.send_text(json.dumps({"type": "welcome", "table": t.rec.id, "game": t.rec.game,
                                           "seat": seat, "seat_name": t.seat_name(seat) if seat is not None else "",
                                           "hints": t.hints and seat is not None,
                                           "log_omitted": start}))
            _seats_changed(t)
            pump = asyncio.get_running_loop().create_task(_pump(t, conn, ws))
            while True:
                if len(conn.outbox) > MAX_OUTBOX:
                    await ws.close(code=1008)
                    return
                m = await ws.receive()
                if m["type"] == "websocket.disconnect":
                    return
                msg, why = parse_message(m.get("text"), lim)
                if msg is None:
                    logs.warning("table %s: %s: %s", t.rec.id, addr, why)
                    conn.push({"type": "error", "message": why})
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
                elif msg.get("type") == "hint":
                    n = msg.get("n")
                    if not isinstance(n, int) or isinstance(n, bool):
                        conn.push({"type": "error", "message": "a hint request is {\"type\": \"hint\", \"n\": "
                                   "<action count your page shows>}"})
                        continue
                    if conn.hinting:
                        conn.push({"type": "error", "message": "a hint is being worked out already; wait for it"})
                        continue
                    conn.hinting = True  # before the task starts: a second request now is refused
                    conn.hint_task = asyncio.get_running_loop().create_task(_give_hint(t, conn, n))
                elif msg.get("type") == "ping":
                    conn.push({"type": "pong"})
                else:
                    conn.push({"type": "error", "message": f"unknown message type {quoted(msg.get('type'))}; "
                               "expected act, show, hint or ping"})
        except WebSocketDisconnect:
            pass
        except Exception as e:  # never a traceback per hostile message: one line (limited), and a close frame
            logs.warning("table %s: %s: page closed after %s: %s", t.rec.id, addr, type(e).__name__,
                         quoted(e, 120))
            with contextlib.suppress(Exception):
                await ws.close(code=1011)
        finally:
            if pump is not None:
                pump.cancel()
            if conn is not None:
                conn.closed = True
                pages_open[kind] -= 1
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
    # (the middleware compares an IPv6 address in its brackets)
    middleware = [Middleware(TrustedHostMiddleware, allowed_hosts=sorted(f"[{h}]" if ":" in h else h for h in hosts),
                             www_redirect=False)]
    app = Starlette(routes=routes, lifespan=lifespan, middleware=middleware)
    app.state.limits = lim
    return app


def _profiler() -> cProfile.Profile | None:
    """``CAPES_PROFILE=FILE``: profile the server's event loop until it stops (bench/load.py --profile)."""
    if not os.environ.get("CAPES_PROFILE"):
        return None
    prof = cProfile.Profile(time.process_time)  # CPU time: the machine may be shared
    prof.enable()
    return prof


async def _send_error(ws: WebSocket, message: str, fatal: bool = False) -> None:
    await ws.send_text(json.dumps({"type": "error", "message": message, "fatal": fatal}))


def _seats_changed(t: Table) -> None:
    seats = t.seats_info()
    for c in t.conns:
        c.push({"type": "seats", "seats": seats})


async def _give_hint(t: Table, conn: Conn, n: int) -> None:
    """Work out a hint off the event loop and send it to the page that asked (one at a time per page)."""
    try:
        conn.push(await t.hint(conn.seat, n))
    except TableError as e:
        conn.push({"type": "error", "message": str(e)})
    except Exception as e:  # a worker failed: say so in a line, the table goes on
        log.warning("table %s: hint failed: %s", t.rec.id, quoted(e, 120))
        conn.push({"type": "error", "message": "no hint could be worked out now; try again"})
    finally:
        conn.hinting = False


async def _pump(t: Table, conn: Conn, ws: WebSocket) -> None:
    """Send this page its messages: queued ones, then the table's latest state (older ones are skipped)."""
    try:
        while True:
            await conn.wake.wait()
            conn.wake.clear()
            if conn.evicted:  # the seat opened a newer page
                await _send_error(ws, "this seat was opened in another page; this one is closed", fatal=True)
                await ws.close(code=4409)
                return
            while conn.outbox:
                await conn.send(conn.outbox.popleft())
            if conn.sent_epoch != t.epoch:
                await t.prepare(conn.seat)
                await conn.send(t.message_for(conn))
            for extra in t.extras_for(conn):
                await conn.send(extra)
    except (WebSocketDisconnect, RuntimeError, ConnectionError):
        pass  # the page went away; the reader's finally cleans up
