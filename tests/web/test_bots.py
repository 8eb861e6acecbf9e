"""Bots of different tables think at the same time, in different worker processes: an ISMCTS bot
thinking at one table does not queue another table's bot behind it (the server keeps serving meanwhile,
since no bot runs on its event loop)."""

from __future__ import annotations

import time

from capes.web.botrunner import BotRunner, default_workers
from tests.web.helpers import client, form, hello, next_of, post, state_at

#: a slow bot level the test servers offer: each ISMCTS choice runs this many iterations
LEVELS = {"slow": {"iterations": 60}}
SLOW = ("level", "slow")


def bot_tables(c, k: int = 2) -> list[str]:
    """``k`` tables of one ISMCTS seat each, made through the lobby form with the slow setting."""
    tids = []
    for seed in range(1, k + 1):
        r = post(c, "champions", form("champions", ["ismcts"], seed) + [SLOW])
        assert r.status_code == 200, r.text[-1000:]
        tids.append(r.text.split('id="table-id">')[1].split("<")[0])
    return tids


def run_until_each_table_has(c, tids: list[str], actions: int, limit: float = 240) -> None:
    deadline = time.monotonic() + limit
    store = c.app.state.hub.store
    while min(len(store.actions(t)) for t in tids) < actions:
        assert time.monotonic() < deadline, [len(store.actions(t)) for t in tids]
        time.sleep(0.1)


def test_two_slow_bot_tables_think_at_the_same_time_in_two_worker_processes(tmp_path):
    with client(tmp_path / "b.db", bot_workers="process", bot_processes=2, bot_levels=LEVELS) as c:
        tids = bot_tables(c)
        with c.websocket_connect(f"/ws/{tids[0]}") as w:  # a spectator is served while the bots think
            hello(w, None)
            assert state_at(w)["type"] == "state"
            w.send_json({"type": "ping"})
            assert next_of(w, "pong")["type"] == "pong"
        run_until_each_table_has(c, tids, 4)
        runner = c.app.state.hub.runner
        assert runner.workers == 2
        assert len({t.worker for t in runner.thoughts}) == 2  # both processes chose
        assert runner.overlapping() > 0  # and at the same time: neither table queued behind the other


def test_one_worker_process_queues_the_tables_bots(tmp_path):
    """The same two tables with one worker: one process does all the thinking, never two at once."""
    with client(tmp_path / "q.db", bot_workers="process", bot_processes=1, bot_levels=LEVELS) as c:
        tids = bot_tables(c)
        run_until_each_table_has(c, tids, 3)
        runner = c.app.state.hub.runner
        assert len({t.worker for t in runner.thoughts}) == 1
        ts = sorted(runner.thoughts, key=lambda t: t.start)
        assert all(a.end <= b.start for a, b in zip(ts, ts[1:], strict=False))
        assert runner.overlapping() == 0


def test_worker_count_default_and_bounds():
    assert default_workers() in (1, 2)
    assert BotRunner().workers == default_workers()
    for bad in (0, 65, "2"):
        try:
            BotRunner("process", bad)  # type: ignore[arg-type]
        except ValueError as e:
            assert "from 1 to 64" in str(e)
        else:
            raise AssertionError(f"{bad!r} was accepted")
