"""Where tables and their actions live: one small interface and its SQLite backend.

The server only calls :class:`Storage`; a PostgreSQL backend can implement the same methods.
An action is written with :meth:`Storage.append_action`, which returns only after the row is
committed — the server acknowledges an action to nobody before that.
"""

from __future__ import annotations

import json
import sqlite3
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: table statuses
OPEN, OVER, BROKEN = "open", "over", "broken"


@dataclass
class TableRecord:
    """One table as stored: never the state, only what rebuilds it (game, config, seed, actions)."""

    id: str
    game: str
    config: dict[str, Any]
    seed: int
    seats: list[str]  # "human" or a bot name, per seat
    token_hashes: list[str | None]  # sha256 hex of each human seat's token (None for bots)
    bot_options: dict[str, Any] = field(default_factory=dict)
    status: str = OPEN
    note: str = ""  # why a table is broken, or the result summary
    created: float = field(default_factory=time.time)
    actions: int = 0  # how many actions are stored
    #: the capes version that recorded the actions (the one that created the table, or the last one
    #: that replayed them all and went on; "" for tables stored before versions were recorded)
    version: str = ""
    #: listed in the lobby and /api/tables (the creator chose to; tables stored before issue 42 were all listed)
    public: bool = False
    #: when a player last acted (or the table was made): an open table idle for too long is ended
    touched: float = 0.0


@dataclass(frozen=True)
class ActionRecord:
    n: int  # 0-based position in the game's action list
    option: str
    seat: int
    check: str  # a fingerprint of the state after the action (replay divergence check)


class Storage(ABC):
    """Tables and their action logs."""

    @abstractmethod
    def create_table(self, rec: TableRecord) -> None: ...

    @abstractmethod
    def get_table(self, table_id: str) -> TableRecord | None: ...

    @abstractmethod
    def list_tables(self, status: str | None = None, limit: int = 100, public: bool = False) -> list[TableRecord]:
        """Newest first; ``public``: only those of ``status`` whose creator listed them."""

    @abstractmethod
    def count_tables(self, status: str) -> int: ...

    @abstractmethod
    def append_action(self, table_id: str, action: ActionRecord) -> None:
        """Store and commit one action; ``action.n`` must be the next position (else ``StorageConflict``)."""

    def append_actions(self, batch: list[tuple[str, ActionRecord]]) -> list[Exception | None]:
        """Store and commit several actions (of different tables); for each, None once it is committed or the
        exception :meth:`append_action` raised for it. A backend may commit them together (one transaction)."""
        out: list[Exception | None] = []
        for table_id, action in batch:
            try:
                self.append_action(table_id, action)
                out.append(None)
            except Exception as e:  # reported to that action's caller alone
                out.append(e)
        return out

    @abstractmethod
    def actions(self, table_id: str) -> list[ActionRecord]: ...

    @abstractmethod
    def set_status(self, table_id: str, status: str, note: str = "") -> None: ...

    @abstractmethod
    def set_version(self, table_id: str, version: str) -> None:
        """Record that ``version`` replayed every stored action identically and now records the next ones."""

    @abstractmethod
    def touch(self, table_id: str, when: float) -> None:
        """Record that someone acted at the table at ``when`` (the idle expiry counts from the latest)."""

    @abstractmethod
    def close(self) -> None: ...


class StorageConflict(Exception):
    """An action was written at a position that is already taken."""


_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    config TEXT NOT NULL,
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,
    token_hashes TEXT NOT NULL,
    bot_options TEXT NOT NULL DEFAULT '{}',
    status TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    created REAL NOT NULL,
    actions INTEGER NOT NULL DEFAULT 0,
    version TEXT NOT NULL DEFAULT '',
    seed_text TEXT NOT NULL DEFAULT '',
    public INTEGER NOT NULL DEFAULT 0,
    touched REAL NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS tables_status ON tables(status, created);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,
    option TEXT NOT NULL,
    seat INTEGER NOT NULL,
    check_ TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, n)
) WITHOUT ROWID;
"""


class SqliteStorage(Storage):
    """SQLite in WAL mode. ``synchronous=NORMAL`` keeps every committed action through a crash or
    SIGKILL of the server (the OS holds the WAL); ``durable=True`` (``FULL``) also survives power loss."""

    def __init__(self, path: Path | str, durable: bool = False) -> None:
        self.path = str(path)
        self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(_SCHEMA)
        cols = {r[1] for r in self.db.execute("PRAGMA table_info(tables)")}
        if "version" not in cols:  # a file from before versions were recorded
            self.db.execute("ALTER TABLE tables ADD COLUMN version TEXT NOT NULL DEFAULT ''")
        if "seed_text" not in cols:  # a file from before issue 42 (every seed below 2**63, every table listed)
            self.db.execute("ALTER TABLE tables ADD COLUMN seed_text TEXT NOT NULL DEFAULT ''")
            self.db.execute("ALTER TABLE tables ADD COLUMN public INTEGER NOT NULL DEFAULT 1")
            self.db.execute("ALTER TABLE tables ADD COLUMN touched REAL NOT NULL DEFAULT 0")
            self.db.execute("UPDATE tables SET touched = max(created, coalesce("
                            "(SELECT max(at) FROM actions WHERE actions.table_id = tables.id), 0))")

    def _row(self, r: tuple[Any, ...]) -> TableRecord:
        return TableRecord(id=r[0], game=r[1], config=json.loads(r[2]), seed=int(r[12]) if r[12] else int(r[3]),
                           seats=json.loads(r[4]), token_hashes=json.loads(r[5]), bot_options=json.loads(r[6]),
                           status=r[7], note=r[8], created=float(r[9]), actions=int(r[10]), version=str(r[11]),
                           public=bool(r[13]), touched=float(r[14]) or float(r[9]))

    _COLS = ("id, game, config, seed, seats, token_hashes, bot_options, status, note, created, actions, version, "
             "seed_text, public, touched")

    def create_table(self, rec: TableRecord) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                f"INSERT INTO tables ({self._COLS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                # a seed of 2**63 or more (a keyed generator's) is kept as text: SQLite's integers have 64 bits
                (rec.id, rec.game, json.dumps(rec.config, sort_keys=True), rec.seed if rec.seed < 2**63 else -1,
                 json.dumps(rec.seats), json.dumps(rec.token_hashes), json.dumps(rec.bot_options, sort_keys=True),
                 rec.status, rec.note, rec.created, 0, rec.version, str(rec.seed) if rec.seed >= 2**63 else "",
                 int(rec.public), rec.touched or rec.created))

    def get_table(self, table_id: str) -> TableRecord | None:
        r = self.db.execute(f"SELECT {self._COLS} FROM tables WHERE id = ?", (table_id,)).fetchone()
        return self._row(r) if r else None

    def list_tables(self, status: str | None = None, limit: int = 100, public: bool = False) -> list[TableRecord]:
        if public:
            rows = self.db.execute(f"SELECT {self._COLS} FROM tables WHERE status = ? AND public = 1 "
                                   "ORDER BY created DESC LIMIT ?", (status or OPEN, limit))
        elif status is None:
            rows = self.db.execute(f"SELECT {self._COLS} FROM tables ORDER BY created DESC LIMIT ?", (limit,))
        else:
            rows = self.db.execute(f"SELECT {self._COLS} FROM tables WHERE status = ? ORDER BY created DESC LIMIT ?",
                                   (status, limit))
        return [self._row(r) for r in rows.fetchall()]

    def count_tables(self, status: str) -> int:
        return int(self.db.execute("SELECT count(*) FROM tables WHERE status = ?", (status,)).fetchone()[0])

    def append_action(self, table_id: str, action: ActionRecord) -> None:
        try:
            with self.db:
                self.db.execute("BEGIN")
                self.db.execute("INSERT INTO actions (table_id, n, option, seat, check_, at) VALUES (?,?,?,?,?,?)",
                                (table_id, action.n, action.option, action.seat, action.check, time.time()))
                cur = self.db.execute("UPDATE tables SET actions = ? WHERE id = ? AND actions = ?",
                                      (action.n + 1, table_id, action.n))
                if cur.rowcount != 1:
                    raise StorageConflict(f"table {table_id}: action #{action.n + 1} is not the next one")
        except sqlite3.IntegrityError:
            raise StorageConflict(f"table {table_id}: action #{action.n + 1} is already stored") from None

    def append_actions(self, batch: list[tuple[str, ActionRecord]]) -> list[Exception | None]:
        """One transaction for the whole batch (one commit, one WAL write); if any action of it conflicts, the
        transaction is rolled back and each action is stored alone, so that only the conflicting ones fail."""
        if len(batch) > 1:
            now = time.time()
            try:
                with self.db:
                    self.db.execute("BEGIN")
                    self.db.executemany("INSERT INTO actions (table_id, n, option, seat, check_, at) "
                                        "VALUES (?,?,?,?,?,?)",
                                        [(t, a.n, a.option, a.seat, a.check, now) for t, a in batch])
                    cur = self.db.executemany("UPDATE tables SET actions = ? WHERE id = ? AND actions = ?",
                                              [(a.n + 1, t, a.n) for t, a in batch])
                    if cur.rowcount != len(batch):
                        raise StorageConflict("an action of the batch is not the next one of its table")
                return [None] * len(batch)
            except (sqlite3.IntegrityError, StorageConflict):
                pass  # rolled back: each alone below
        return super().append_actions(batch)

    def actions(self, table_id: str) -> list[ActionRecord]:
        rows = self.db.execute("SELECT n, option, seat, check_ FROM actions WHERE table_id = ? ORDER BY n",
                               (table_id,)).fetchall()
        return [ActionRecord(int(n), o, int(s), c) for n, o, s, c in rows]

    def set_status(self, table_id: str, status: str, note: str = "") -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("UPDATE tables SET status = ?, note = ? WHERE id = ?", (status, note, table_id))

    def set_version(self, table_id: str, version: str) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("UPDATE tables SET version = ? WHERE id = ?", (version, table_id))

    def touch(self, table_id: str, when: float) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("UPDATE tables SET touched = ? WHERE id = ?", (when, table_id))

    def close(self) -> None:
        self.db.close()
