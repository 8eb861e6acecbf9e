"""``capes serve`` sets the cycle collector up for a long-running server once its tables are resumed
(capes/web/collector.py, also in each render worker): what is alive at start is frozen, and young objects are collected less often, so
that full collections of the whole heap (pauses of 100 ms and more under load, bench/load.py) stay out of the
players' waits. Each check runs in a child process: freezing would change the test process's own collector."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

CHILD = textwrap.dedent("""
    import gc, sys
    from starlette.testclient import TestClient
    from capes.web.app import create_app
    from capes.web.collector import GC_GEN0
    app = create_app(sys.argv[1], tune_gc=sys.argv[2] == "1", bot_workers="thread", allowed_hosts=("testserver",))
    with TestClient(app) as client:
        assert client.get("/").status_code == 200
        print(gc.get_freeze_count(), gc.get_threshold()[0], GC_GEN0)
""")


def _child(db: Path, tune: bool) -> tuple[int, int, int]:
    out = subprocess.run([sys.executable, "-c", CHILD, str(db), "1" if tune else "0"], capture_output=True,
                         text=True, timeout=120, check=True).stdout.split()
    frozen, gen0, want = (int(x) for x in out)
    return frozen, gen0, want


def test_serving_freezes_what_lives_at_start_and_collects_young_objects_less_often(tmp_path: Path) -> None:
    frozen, gen0, want = _child(tmp_path / "t.db", True)
    assert frozen > 10_000  # modules, content and rules indexes at least
    assert gen0 == want > 700


def test_the_app_leaves_the_collector_alone_unless_asked(tmp_path: Path) -> None:
    frozen, gen0, tuned = _child(tmp_path / "t.db", False)
    assert frozen == 0 and gen0 != tuned  # CPython's default (700 in 3.11)


def test_capes_serve_asks_for_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import uvicorn

    from capes.web import server

    seen: dict[str, object] = {}

    def fake_create_app(db: object, **kw: object) -> str:
        seen.update(kw)
        return "app"

    monkeypatch.setattr(server, "create_app", fake_create_app)
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.setdefault("ran", app))
    server.run(db=tmp_path / "t.db", access_log=False)
    assert seen["tune_gc"] is True and seen["ran"] == "app"
