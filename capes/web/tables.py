"""Tables in play: the game state, its seats and connections, actions, bots, resume after a restart.

Everything a page receives is built here, and only from ``render(state, seat)`` (or a game's own
``web_view``), ``visible_log(seat)``, ``glossary(state, seat)`` and the decision as the engine's
``view(seat)`` shows it: never ``to_json``, the RNG, the seed of a running game or another seat's view.

What a seat is shown is built lazily: only when a page of that seat is connected and its update is sent,
once per (state, seat) and shared by every page of the seat, and never for a state that is no longer
current (the cache is keyed by the state itself and emptied when the next action commits). The drawing
rides in the update; the text render and the glossary are sent only to pages that have them open.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import re
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import BrokenExecutor
from typing import Any

from capes.core.bots.base import bot_names
from capes.core.errors import CapesError, IllegalAction
from capes.core.protocol import Game, State
from capes.core.registry import load
from capes.core.rng import secret_seed
from capes.core.rules import RulesIndex
from capes.web.botrunner import BotRunner
from capes.web.lobby import quoted
from capes.web.render import RenderPool, fingerprint
from capes.web.seats import hash_token, new_table_id, new_token, seat_for_token
from capes.web.storage import BROKEN, OPEN, OVER, ActionRecord, Storage, StorageConflict, TableRecord
from capes.web.updates import Conn, frame
from capes.web.views import boards

log = logging.getLogger("capes.web")

HUMAN = "human"
#: seconds before a bot that found no worker tries again
BOT_RETRY = 2.0
_PATH = re.compile(r"(?<![\w.-])(?:[A-Za-z]:)?(?:[\\/][^\\/\s'\"]+)+[\\/]([^\\/\s'\"]+)")


def public_note(note: str) -> str:
    """A broken table's note as pages see it: server file paths cut to their file names (the whole note is logged)."""
    return _PATH.sub(r"\1", note)
#: the log lines a page receives when it (re)connects; older lines stay on the server
LOG_BACKLOG = 500


def bot_seed(table_seed: int, seat: int, n: int) -> int:
    """The seed of a bot's choice at action ``n``: a digest of the table's seed, so that what a bot does tells
    nothing of the seed (of the game's generator's key); a function of the three, so a test can repeat it."""
    digest = hashlib.blake2b(f"{table_seed}:{seat}:{n}".encode(), digest_size=8, person=b"capes-bot-seed").digest()
    return int.from_bytes(digest, "little") % (2**31)


class TableError(Exception):
    """A request the table refuses, with a one-line message for the page."""


def capes_version() -> str:
    import capes

    return str(capes.__version__)


class Table:
    def __init__(self, rec: TableRecord, game: Game | None, state: State | None, hub: Hub) -> None:
        self.rec = rec
        self.game = game
        self.state = state
        self.hub = hub
        self.conns: set[Conn] = set()
        self.lock = asyncio.Lock()
        self.bot_task: asyncio.Task[None] | None = None
        self._cache: dict[int | None, dict[str, Any]] = {}
        self._cache_epoch = -1
        self._views: dict[tuple[str, int | None], Any] = {}  # (kind, seat) -> built for self._views_of
        self._views_of: State | None = None
        self._seat_names: dict[int, str] = {}
        self._rules: RulesIndex | None = None  # the game's rules index, asked of it once
        self.renders = 0  # how many seat views were built (the lazy-render test counts them)
        #: boards being drawn by a render worker for ``_drawing_of``: seat -> the request's task
        self._drawing: dict[int | None, asyncio.Task[None]] = {}
        self._drawing_of: State | None = None
        #: bumped at every change a page must see (an action, the table breaking)
        self.epoch = 0
        #: the address that made the table ('' for one resumed after a restart): its bots share workers by it
        self.owner = ""

    # --- what pages see ----------------------------------------------------------------------
    @property
    def version(self) -> int:
        return len(self.state.actions) if self.state is not None else 0

    def seat_name(self, seat: int) -> str:
        """The seat's name: a function of the table's game (its configuration), so asked of it once per seat."""
        name = self._seat_names.get(seat)
        if name is None:
            name = self._seat_names[seat] = (self.game.seat_name(seat) if self.game is not None
                                             else f"Seat {seat + 1}")
        return name

    def seats_info(self) -> list[dict[str, Any]]:
        online = {c.seat for c in self.conns}
        return [{"seat": i, "name": self.seat_name(i), "kind": k, "connected": k != HUMAN or i in online}
                for i, k in enumerate(self.rec.seats)]

    def public_summary(self) -> dict[str, Any]:
        """For the lobby's table list (no tokens, nothing hidden)."""
        online = {c.seat for c in self.conns}
        return {"id": self.rec.id, "game": self.rec.game, "status": self.rec.status, "actions": self.version,
                "seats": [{"name": self.seat_name(i), "kind": k,
                           "free": k == HUMAN and i not in online} for i, k in enumerate(self.rec.seats)]}

    def _built(self, kind: str, seat: int | None, make: Callable[[State, Game], Any]) -> Any:
        """``make(state, game)`` for the current state, built once per (state, kind, seat): a view is a
        function of the current state, so the cache holds only the current state's views."""
        st, game = self.state, self.game
        assert st is not None and game is not None
        if self._views_of is not st:
            self._views.clear()
            self._views_of = st
        key = (kind, seat)
        if key not in self._views:
            self.renders += 1
            self._views[key] = make(st, game)
        return self._views[key]

    async def prepare(self, seat: int | None) -> None:
        """With render workers: have a worker draw the current state's board of ``seat`` (and of every other
        seat with a page here that lacks it, in the same request), so that :meth:`message_for` finds it
        drawn. When the state moves on meanwhile, the newer one is asked for (the older is never sent);
        when the worker fails, :meth:`board` draws it here."""
        pool = self.hub.render
        for _ in range(3):
            st = self.state
            if pool is None or st is None or self.game is None or not pool.alive:
                return
            if self._views_of is st and ("board", seat) in self._views:
                return
            if self._drawing_of is not st:
                self._drawing, self._drawing_of = {}, st
            task = self._drawing.get(seat)
            if task is None:
                drawn = self._views if self._views_of is st else {}
                seats = [s for s in {c.seat for c in self.conns} | {seat}
                         if ("board", s) not in drawn and s not in self._drawing]
                task = asyncio.get_running_loop().create_task(self._draw_remote(pool, st, seats))
                for s in seats:
                    self._drawing[s] = task
            await asyncio.shield(task)
            if self.state is st:
                return

    async def _draw_remote(self, pool: RenderPool, st: State, seats: list[int | None]) -> None:
        try:
            boards = await pool.boards(self.rec.id, (self.rec.game, self.rec.config, self.rec.seed), st, seats)
        except Exception:
            log.exception("table %s: render worker request failed", self.rec.id)
            return
        if boards is None or self.state is not st:
            return
        if self._views_of is not st:
            self._views.clear()
            self._views_of = st
        for s, b in boards.items():
            if ("board", s) not in self._views:
                self.renders += 1
                self._views[("board", s)] = b

    def board(self, seat: int | None) -> list[str]:
        """The seat's table as drawn by its game (or its text render when the game draws nothing), in the
        pieces :func:`~capes.web.views.board_parts` gives. The boards of the other seats with a page here that
        lack theirs are drawn with it (their views built together: what they share, once)."""
        st, game = self.state, self.game
        assert st is not None and game is not None
        if self._views_of is not st:
            self._views.clear()
            self._views_of = st
        key = ("board", seat)
        if key not in self._views:
            seats = [seat, *sorted({c.seat for c in self.conns if c.seat is not None and c.seat != seat
                                    and ("board", c.seat) not in self._views})]
            for s, parts in boards(game, st, seats).items():
                self.renders += 1
                self._views[("board", s)] = parts
        board: list[str] = self._views[key]
        return board

    def text(self, seat: int | None) -> str:
        """The seat's text render (the drawing's text alternative)."""
        return str(self._built("text", seat, lambda st, g: g.render(st, seat)))

    def glossary(self, seat: int | None) -> dict[str, str]:
        return dict(self._built("glossary", seat, lambda st, g: g.glossary(st, seat)))

    def common(self, seat: int | None) -> dict[str, Any]:
        """The small part of a page's update that every page of ``seat`` shares (cached per epoch)."""
        if self._cache_epoch != self.epoch:
            self._cache.clear()
            self._cache_epoch = self.epoch
        hit = self._cache.get(seat)
        if hit is not None:
            return hit
        msg: dict[str, Any] = {"type": "state", "n": self.version, "status": self.rec.status,
                               "note": public_note(self.rec.note) if self.rec.status == BROKEN else ""}
        st = self.state
        if st is not None and self.game is not None:
            d = st.decision
            mine = seat is not None and d.seat == seat and self.rec.status == OPEN
            msg["decision"] = {
                "seat": d.seat, "seats": list(d.seats), "secret": d.secret,
                # the same rule as State.view(seat)["decision"]: a secret prompt is its chooser's alone
                "prompt": d.prompt if mine or not d.secret else "",
                "options": [{"id": o.id, "label": o.label, "group": o.group} for o in d.options] if mine else [],
                "to_act": [self.seat_name(s) for s in (d.seats or ((d.seat,) if d.seat is not None else ()))],
                "actor": self.seat_name(d.seat) if d.seat is not None else "",
            }
            res = st.result
            if res is not None:
                msg["result"] = {"summary": res.summary, "seats": [
                    {"name": self.seat_name(i), "outcome": o, "score": s}
                    for i, (o, s) in enumerate(zip(res.outcomes, res.scores, strict=True))]}
        self._cache[seat] = msg
        return msg

    def message_for(self, conn: Conn) -> str:
        """The update ``conn`` needs now: the state's small part, its new log lines and, when it changed,
        the board's pieces the page lacks (see :func:`frame` and :meth:`Conn.board_update`)."""
        msg = dict(self.common(conn.seat))
        msg["seats"] = self.seats_info()
        st = self.state
        board = None
        if st is not None and self.game is not None:
            entries = st.visible_log(conn.seat, conn.log_pos)
            msg["log"] = entries
            if entries:
                rules = self._rules
                if rules is None:
                    rules = self._rules = self.game.rules
                msg["rules"] = {r: (rule.title if (rule := rules.get(r)) is not None else "") for r, _ in entries}
            else:
                msg["rules"] = {}
            conn.log_pos = len(st.log)
            upd = conn.board_update(self.board(conn.seat))
            if upd is not None:  # (None: the page shows it already)
                msg["parts"], board = upd
        conn.sent_epoch = self.epoch
        return frame(msg, board)

    def extras_for(self, conn: Conn) -> list[str]:
        """The text version and the glossary, for a page that has them open and lacks the current ones."""
        out: list[str] = []
        if self.state is None or self.game is None:
            return out
        n = self.version
        if conn.show_text and conn.text_n != n:
            conn.text_n = n
            out.append(frame({"type": "text", "n": n, "text": self.text(conn.seat)}))
        if conn.show_glossary and conn.glossary_n != n:
            conn.glossary_n = n
            out.append(frame({"type": "glossary", "n": n, "glossary": self.glossary(conn.seat)}))
        return out

    def wake_all(self) -> None:
        self.epoch += 1
        for c in self.conns:
            c.wake.set()

    # --- acting ------------------------------------------------------------------------------
    def check(self, seat: int | None, n: int, option: str) -> None:
        """Raise TableError unless ``seat`` may play ``option`` now (``n``: the action count its page saw)."""
        if seat is None:
            raise TableError("a spectator acts for nobody; open your seat's join link to play")
        if self.rec.status == BROKEN:
            raise TableError(f"this table is broken: {public_note(self.rec.note)}")
        st = self.state
        if st is None or st.is_over:
            raise TableError("the game is over; no action is legal")
        if n != self.version:
            raise TableError(f"stale action: the game has moved on (your page showed action {quoted(n, 12)}, the "
                             f"table is at {self.version}); your page has been brought up to date")
        d = st.decision
        if d.seat != seat:
            raise TableError(f"not your turn: {self.seat_name(d.seat)} is to act" if d.seat is not None
                             else "nobody is to act")
        if d.find(option) is None:
            shown = ", ".join(d.ids()[:6]) + ("…" if len(d.options) > 6 else "")
            raise TableError(f"{quoted(option)} is not one of your options now ({shown})")

    async def act(self, seat: int | None, n: int, option: str) -> None:
        """Apply, commit, then tell everyone. Raises TableError (nothing changed) when refused."""
        async with self.lock:
            self.check(seat, n, option)
            assert self.state is not None and seat is not None
            await self._commit(seat, option)
        self.hub.touch(self)
        self.changed()

    async def _commit(self, seat: int, option: str) -> None:
        """Apply ``option`` to a copy of the state, store it (the hub commits the actions of one moment together),
        and only then make the copy the table's state. Called with the table's lock held."""
        assert self.state is not None
        new = self.state.clone()
        try:
            new.apply(option)
        except IllegalAction as e:
            raise TableError(str(e)) from None
        except Exception as e:  # an engine bug: the table keeps its last good state
            log.exception("table %s: action %r failed", self.rec.id, option)
            raise TableError(f"the engine failed on {option!r}: {type(e).__name__}: {e}") from None

        def committed() -> None:  # run by the hub as soon as the action is committed, whoever still waits for it
            self.state = new  # only now: the action is committed
            if new.is_over:
                res = new.result
                note = res.summary if res is not None else ""
                self.hub.store.set_status(self.rec.id, OVER, note)
                self.rec.status, self.rec.note = OVER, note
                self.hub.finished(self)

        try:
            await self.hub.commit(self.rec.id, ActionRecord(len(self.state.actions), option, seat, fingerprint(new)),
                                  committed)
        except StorageConflict as e:
            raise TableError(str(e)) from None
        except Exception as e:  # the storage failed: the action is not stored, the table keeps its state
            raise TableError(f"the action could not be stored ({type(e).__name__}: {e}); try again") from None

    def changed(self) -> None:
        self.wake_all()
        self.maybe_bot()

    def mark_broken(self, note: str) -> None:
        self.rec.status, self.rec.note = BROKEN, note
        self.hub.store.set_status(self.rec.id, BROKEN, note)
        self.hub.finished(self)
        self.wake_all()

    # --- bots -------------------------------------------------------------------------------
    @property
    def hints(self) -> bool:
        """Whether the human seats may ask for hints (the creator can turn them off; on for older tables)."""
        return self.rec.bot_options.get("hints", True) is not False

    def say_reason(self, seat: int, reason: str) -> None:
        """Tell every page the one-line reason of a bot's choice, just before that choice's log lines. A reason
        names only the chosen option and what every seat sees (:mod:`capes.core.bots.hints`)."""
        for c in self.conns:
            c.push({"type": "reason", "seat": seat, "seat_name": self.seat_name(seat), "text": reason[:200]})

    async def hint(self, seat: int | None, n: int) -> dict[str, Any]:
        """What the hint level would choose for ``seat`` at action ``n``; TableError when no hint may be given."""
        if seat is None:
            raise TableError("a spectator gets no hints; open your seat's join link")
        if not self.hints:
            raise TableError("hints are off at this table (its creator turned them off)")
        st = self.state
        if st is None or st.is_over or self.rec.status != OPEN:
            raise TableError("the game is over; there is nothing to hint")
        if n != self.version:
            raise TableError(f"stale hint request: the game has moved on (your page showed action {quoted(n, 12)}, "
                             f"the table is at {self.version})")
        if st.decision.seat != seat:
            raise TableError("a hint is for the seat that decides, and it is not your turn")
        option, label, reason, level = await self.hub.runner.hint(st, seat, bot_seed(self.rec.seed, seat, n),
                                                                  key=self.owner or self.rec.id)
        return {"type": "hint", "n": n, "option": option, "label": label, "reason": reason or "", "level": level}

    def maybe_bot(self) -> None:
        st = self.state
        if st is None or self.rec.status != OPEN or st.is_over or self.bot_task is not None:
            return
        seat = st.decision.seat
        if seat is None or self.rec.seats[seat] == HUMAN:
            return
        self.bot_task = asyncio.get_running_loop().create_task(self._bot_turn(seat, self.version))

    async def _bot_turn(self, seat: int, n: int) -> None:
        bot = self.rec.seats[seat]
        try:
            await asyncio.sleep(self.hub.bot_pause)  # a short visible pause so that people can follow
            st = self.state
            if st is None or self.version != n or self.rec.status != OPEN:
                return
            opts = self.hub.bot_budget(self.rec, bot)
            seed = bot_seed(self.rec.seed, seat, n)
            try:
                # the workers are shared by who made the tables (an address making many bot tables shares one
                # part), and a table where a player's page is open goes before tables of bots alone
                waiting = any(c.seat is not None for c in self.conns)
                option, reason = await self.hub.runner.choose_with_reason(
                    st, bot, seat, seed, opts, key=self.owner or self.rec.id, urgent=waiting)
            except (OSError, BrokenExecutor) as e:  # no worker now (out of file descriptors, a worker killed):
                # this passes; the table stays open and the bot tries again (never a table broken for good)
                self.hub.runner.recover()
                log.warning("table %s: bot %s could not think now (%s: %s); trying again in %g s", self.rec.id,
                            bot, type(e).__name__, quoted(e, 80), BOT_RETRY)
                asyncio.get_running_loop().call_later(BOT_RETRY, self.maybe_bot)
                return
            except Exception as e:
                log.exception("table %s: bot %s failed", self.rec.id, bot)
                self.mark_broken(f"bot {bot!r} in seat {seat + 1} failed at action #{n + 1}: {type(e).__name__}: {e}")
                return
            async with self.lock:
                try:
                    self.check(seat, n, option)
                    await self._commit(seat, option)
                    if reason and len(st.decision.options) > 1:  # a forced step needs no reason
                        self.say_reason(seat, reason)
                except TableError as e:
                    self.mark_broken(f"bot {bot!r} in seat {seat + 1} chose badly at action #{n + 1}: {e}")
                    return
        finally:
            self.bot_task = None
        self.changed()


class Hub:
    """Every table this server holds, their storage and their bot worker."""

    def __init__(self, store: Storage, runner: BotRunner | None = None, bot_pause: float = 0.8,
                 max_open: int = 2000, version: str | None = None, render: RenderPool | None = None,
                 idle_expiry: float = 7 * 24 * 3600.0, levels: dict[str, dict[str, Any]] | None = None,
                 keep_finished: int = 256) -> None:
        from capes.web.lobby import BOT_LEVELS

        self.store = store
        #: an open table no player acted at for this many seconds is ended
        self.idle_expiry = idle_expiry
        #: the bot levels and their budgets (the server's: a table records only a level's name)
        self.levels = dict(levels or BOT_LEVELS)
        #: finished tables kept rebuilt, the most recently asked for
        self.keep_finished = keep_finished
        self._finished: OrderedDict[str, None] = OrderedDict()
        #: worker processes that draw the boards (None: the tables draw them on the event loop)
        self.render = render
        #: the capes version recorded with each table (a table recorded by another one is replayed and
        #: checked action by action like any other)
        self.version = capes_version() if version is None else version
        self.runner = runner or BotRunner()
        self.bot_pause = bot_pause
        self.max_open = max_open
        self.tables: dict[str, Table] = {}
        self._games: dict[str, Game] = {}
        self._batch: list[tuple[str, ActionRecord, Callable[[], None], asyncio.Future[None]]] = []

    async def commit(self, table_id: str, action: ActionRecord, committed: Callable[[], None]) -> None:
        """Store ``action``, call ``committed()`` as soon as it is committed (even if the caller was cancelled
        meanwhile), then return (or raise what the storage raised for it, ``committed`` not called). The actions
        that arrive during one turn of the event loop are committed together, in one transaction, right after
        that turn: one commit instead of one per action."""
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        if not self._batch:
            asyncio.get_running_loop().call_soon(self._flush)
        self._batch.append((table_id, action, committed, fut))
        await fut

    def _flush(self) -> None:
        batch, self._batch = self._batch, []
        try:
            results = self.store.append_actions([(t, a) for t, a, _, _ in batch])
        except Exception as e:  # the storage failed as a whole: every action of the batch is refused
            log.exception("storing %d action(s) failed", len(batch))
            results = [e] * len(batch)
        for (_, _, committed, fut), err in zip(batch, results, strict=True):
            if err is None:
                try:
                    committed()
                except Exception:  # the action is committed all the same
                    log.exception("after committing an action")
            if fut.done():  # its caller was cancelled
                continue
            if err is None:
                fut.set_result(None)
            else:
                fut.set_exception(err)

    def game(self, game_id: str, config: dict[str, Any]) -> Game:
        """A configured game, shared by the tables of the same configuration."""
        key = game_id + json.dumps(config, sort_keys=True)
        g = self._games.get(key)
        if g is None:
            if len(self._games) > 256:
                self._games.clear()
            g = self._games[key] = load(game_id, **config)
        return g

    def create(self, game: Game, seats: list[str], seed: int | None,
               bot_options: dict[str, Any] | None = None, public: bool = False,
               chosen_seeds: bool = True) -> tuple[Table, dict[int, str]]:
        """A new table; returns it and the join token of each human seat (shown once, stored hashed). Its seed,
        unless one is chosen, is a secret of 128 random bits keying the game's generator
        (:func:`~capes.core.rng.secret_seed`); a chosen seed needs ``chosen_seeds`` at a table of several humans."""
        if len(seats) != game.num_seats:
            raise TableError(f"this configuration has {game.num_seats} seat(s); got {len(seats)} seat kinds")
        allowed = [HUMAN, *bot_names(game)]
        for i, k in enumerate(seats):
            if k not in allowed:
                raise TableError(f"seat {i + 1}: unknown kind {k!r}; choose one of {', '.join(allowed)}")
        humans = seats.count(HUMAN)
        if seed is not None and humans > 1 and not chosen_seeds:
            raise TableError(f"a chosen seed would tell its chooser every hidden card of the other {humans - 1} "
                             "human seat(s); leave the seed empty (a chosen seed is for a table with one human)")
        if self.store.count_tables(OPEN) >= self.max_open:
            raise TableError(f"this server already holds {self.max_open} open tables; finish some first")
        tokens = {i: new_token() for i, k in enumerate(seats) if k == HUMAN}
        rec = TableRecord(id=new_table_id(), game=game.id, config=game.config_json(),
                          seed=secret_seed() if seed is None else seed, seats=list(seats),
                          token_hashes=[hash_token(tokens[i]) if i in tokens else None for i in range(len(seats))],
                          bot_options=dict(bot_options or {}), created=time.time(), version=self.version,
                          public=public)
        state = game.new_game(rec.seed)
        self.store.create_table(rec)
        t = self.tables[rec.id] = Table(rec, game, state, self)
        return t, tokens

    def get(self, table_id: str) -> Table | None:
        t = self.tables.get(table_id)
        if t is None:
            rec = self.store.get_table(table_id)
            if rec is None:
                return None
            t = self._rebuild(rec)
            self.tables[rec.id] = t
        if t.rec.status != OPEN:  # finished tables: the most recently asked for are kept rebuilt
            self._finished[t.rec.id] = None
            self._finished.move_to_end(t.rec.id)
            self._forget_finished()
        return t

    def finished(self, t: Table) -> None:
        """``t`` is over or broken: it is kept rebuilt while among the newest :attr:`keep_finished` such."""
        self._finished[t.rec.id] = None
        self._finished.move_to_end(t.rec.id)
        self._forget_finished()

    def _forget_finished(self) -> None:
        for tid in list(self._finished)[: max(0, len(self._finished) - self.keep_finished)]:
            t = self.tables.get(tid)
            if t is not None and t.conns:
                continue  # watched now
            del self._finished[tid]
            if t is not None and t.rec.status != OPEN:
                del self.tables[tid]

    def touch(self, table: Table) -> None:
        """Someone acted at ``table`` now (the idle expiry counts from here; stored at most once a minute)."""
        now = time.time()
        if now - table.rec.touched > 60:
            table.rec.touched = now
            self.store.touch(table.rec.id, now)

    def expire(self, now: float | None = None) -> int:
        """End every open table no player acted at for :attr:`idle_expiry` seconds; they stop counting against the
        cap of open tables. Returns how many."""
        now = time.time() if now is None else now
        n = 0
        for t in list(self.tables.values()):
            if t.rec.status != OPEN or now - (t.rec.touched or t.rec.created) < self.idle_expiry:
                continue
            days = self.idle_expiry / 86400
            note = (f"ended: no player acted for {days:g} day(s)" if days >= 1
                    else f"ended: no player acted for {self.idle_expiry:g} s")
            if t.bot_task is not None:
                t.bot_task.cancel()
            self.store.set_status(t.rec.id, OVER, note)
            t.rec.status, t.rec.note = OVER, note
            t.wake_all()
            self._finished[t.rec.id] = None
            n += 1
        if n:
            log.info("ended %d idle table(s)", n)
            self._forget_finished()
        return n

    async def expire_forever(self, every: float = 600.0) -> None:
        """:meth:`expire` now and every ``every`` seconds (the server runs it while it serves)."""
        while True:
            try:
                self.expire()
            except Exception:
                log.exception("ending idle tables failed")
            await asyncio.sleep(min(every, max(1.0, self.idle_expiry / 4)))

    def bot_budget(self, rec: TableRecord, bot: str) -> dict[str, Any]:
        """The options a bot of ``rec`` thinks with: its level's budget for ismcts (a table stored before levels
        had its own iterations: never more than the strongest level's), nothing for the other bots."""
        if bot != "ismcts":
            return {}
        top = max(self.levels.values(), key=lambda b: b.get("iterations", 0))
        level = rec.bot_options.get("level")
        if isinstance(level, str) and level in self.levels:
            return dict(self.levels[level])
        old = rec.bot_options.get("ismcts")
        budget = dict(self.levels.get("standard", top))
        if isinstance(old, dict) and isinstance(old.get("iterations"), int):
            budget["iterations"] = max(1, min(old["iterations"], top.get("iterations", 200)))
        return budget

    def save_document(self, rec: TableRecord) -> dict[str, Any]:
        """The save of a stored table, from its record and its stored actions (no replay)."""
        from capes.core.replay import FORMAT
        from capes.core.rng import SPLITMIX64, generator_of

        doc: dict[str, Any] = {"format": FORMAT, "capes": rec.version or self.version, "game": rec.game,
                               "config": rec.config, "seed": rec.seed}
        if generator_of(rec.seed) != SPLITMIX64:
            doc["rng"] = generator_of(rec.seed)
        doc["actions"] = [a.option for a in self.store.actions(rec.id)]
        return doc

    def _other_version(self, rec: TableRecord) -> str:
        """'' when ``rec`` was recorded by this version, else a clause naming both versions."""
        if rec.version == self.version:
            return ""
        was = f"capes {rec.version}" if rec.version else "a capes version that was not recorded"
        return f"; the table was recorded by {was} and this server runs capes {self.version}"

    def _rebuild(self, rec: TableRecord) -> Table:
        """Replay a stored table; a replay that diverges marks it broken, naming the action (and both
        versions when another capes version recorded it). A table that replays identically under a new
        version goes on, recorded by it from now on."""
        try:
            game = self.game(rec.game, rec.config)
            state = game.new_game(rec.seed)
        except CapesError as e:
            note = f"cannot set the game up again: {e}{self._other_version(rec)}"
            if rec.status != BROKEN:
                self.store.set_status(rec.id, BROKEN, note)
            rec.status, rec.note = BROKEN, note
            return Table(rec, None, None, self)
        t = Table(rec, game, state, self)
        for a in self.store.actions(rec.id):
            why = ""
            if state.decision.seat != a.seat:
                why = f"it was stored for seat {a.seat + 1} but seat {state.decision.seat} is to act"
            else:
                nxt = state.clone()
                try:
                    nxt.apply(a.option)
                except Exception as e:
                    why = f"{type(e).__name__}: {e}"
                else:
                    if fingerprint(nxt) != a.check:
                        why = "the game after it differs from the one recorded (the rules or content changed)"
                    else:
                        state = t.state = nxt
            if why:
                note = f"replay diverged at action #{a.n + 1} {a.option!r}: {why}{self._other_version(rec)}"
                log.error("table %s: %s", rec.id, note)
                t.mark_broken(note)
                return t
        if rec.status == OPEN and rec.version != self.version:
            log.info("table %s: recorded by capes %s, replayed identically by %s", rec.id, rec.version or "?",
                     self.version)
            self.store.set_version(rec.id, self.version)
            rec.version = self.version
        if rec.status == OPEN and state.is_over:  # the server stopped between the last commit and the status
            res = state.result
            rec.status, rec.note = OVER, res.summary if res is not None else ""
            self.store.set_status(rec.id, OVER, rec.note)
        return t

    def resume_all(self) -> int:
        """Rebuild every unfinished table (call once at start, inside the event loop). Returns how many."""
        n = 0
        for rec in self.store.list_tables(OPEN, limit=1_000_000):
            t = self._rebuild(rec)
            self.tables[rec.id] = t
            n += 1
        for t in list(self.tables.values()):
            t.maybe_bot()
        return n

    def join(self, table: Table, token: str | None) -> int | None:
        """The seat a token opens (``None``: spectator). A wrong token raises TableError."""
        if not token:
            return None
        if not isinstance(token, str) or len(token) > 100:
            raise TableError("a seat token is a short string")
        seat = seat_for_token(token, table.rec.token_hashes)
        if seat is None:
            raise TableError(f"this link's token opens no seat of table {table.rec.id}; "
                             "ask the table's creator for your join link")
        return seat

    async def close(self) -> None:
        for t in self.tables.values():
            if t.bot_task is not None:
                t.bot_task.cancel()
        if self._batch:  # actions still waiting for their commit: stored now
            self._flush()
        self.runner.close()
        if self.render is not None:
            await self.render.close()
        self.store.close()
