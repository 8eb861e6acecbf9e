"""issue 11 (nothing lost): actions are stored and committed before anyone is told; the server commits the
actions that arrive together in one transaction, and one refused action of a batch refuses only itself."""

from __future__ import annotations

import asyncio
import sqlite3

from capes.web.storage import ActionRecord, SqliteStorage, StorageConflict, TableRecord
from capes.web.tables import Hub


def _store(tmp_path, tables=("a", "b", "c")) -> SqliteStorage:
    st = SqliteStorage(tmp_path / "t.db")
    for t in tables:
        st.create_table(TableRecord(id=t, game="champions", config={}, seed=1, seats=["human"], token_hashes=[None]))
    return st


def _stored(path) -> list[tuple[str, int, str]]:
    db = sqlite3.connect(path)  # another connection: sees only what is committed
    try:
        return db.execute("SELECT table_id, n, option FROM actions ORDER BY table_id, n").fetchall()
    finally:
        db.close()


def test_a_batch_is_committed_together(tmp_path):
    st = _store(tmp_path)
    out = st.append_actions([("a", ActionRecord(0, "x", 0, "c")), ("b", ActionRecord(0, "y", 0, "c")),
                             ("a", ActionRecord(1, "z", 0, "c"))])
    assert out == [None, None, None]
    assert _stored(tmp_path / "t.db") == [("a", 0, "x"), ("a", 1, "z"), ("b", 0, "y")]
    assert [t.actions for t in sorted(st.list_tables(), key=lambda t: t.id)] == [2, 1, 0]


def test_a_conflicting_action_refuses_only_itself(tmp_path):
    st = _store(tmp_path)
    st.append_action("b", ActionRecord(0, "old", 0, "c"))
    out = st.append_actions([("a", ActionRecord(0, "x", 0, "c")), ("b", ActionRecord(0, "again", 0, "c")),
                             ("c", ActionRecord(3, "gap", 0, "c")), ("c", ActionRecord(0, "w", 0, "c"))])
    assert out[0] is None and out[3] is None
    assert isinstance(out[1], StorageConflict) and isinstance(out[2], StorageConflict)
    assert _stored(tmp_path / "t.db") == [("a", 0, "x"), ("b", 0, "old"), ("c", 0, "w")]


def test_the_hub_commits_one_turns_actions_in_one_transaction_before_anyone_is_told(tmp_path):
    st = _store(tmp_path)
    batches: list[int] = []
    real = st.append_actions

    def spy(batch):
        batches.append(len(batch))
        return real(batch)

    st.append_actions = spy  # type: ignore[method-assign]
    hub = Hub(st, runner=None)
    told: list[str] = []

    async def act(t: str, n: int) -> None:
        def committed() -> None:  # the action is in the database when the hub says it is committed
            assert (t, n, f"o{n}") in _stored(tmp_path / "t.db")
            told.append(t)
        await hub.commit(t, ActionRecord(n, f"o{n}", 0, "c"), committed)

    async def main() -> None:
        await asyncio.gather(act("a", 0), act("b", 0), act("c", 0))
        await asyncio.gather(act("a", 1), act("b", 1))

    asyncio.run(main())
    assert batches == [3, 2]
    assert sorted(told) == ["a", "a", "b", "b", "c"]
    hub.runner.close()
