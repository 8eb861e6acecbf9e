"""What every real-browser test shares: where Debian's Chromium is, where screenshots go, and the rule that
such a test skips with a one-line hint when Playwright or Chromium is missing — or fails, when
CAPES_REQUIRE_BROWSER=1 (set by .ci/run) says the browser tests must run."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

CHROMIUM = os.environ.get("CAPES_CHROMIUM", "/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / ".screenshots"


def missing() -> str:
    """Why browser tests cannot run here ('' when they can)."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install -e '.[dev]')"
    if not os.path.exists(CHROMIUM):
        return f"no Chromium at {CHROMIUM}; install it with `apt-get install chromium` (or run .ci/run)"
    return ""


def require_browser() -> None:
    """Call at the top of a browser test module: skip it (or fail, under CAPES_REQUIRE_BROWSER=1) without one."""
    why = missing()
    if why and os.environ.get("CAPES_REQUIRE_BROWSER") == "1":
        pytest.fail(f"browser tests are required here (CAPES_REQUIRE_BROWSER=1) but {why}", pytrace=False)
    if why:
        pytest.skip(f"browser tests skipped: {why}", allow_module_level=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def running_server(db: Path, *extra: str) -> Iterator[tuple[str, int]]:
    """``python -m capes.web.server`` on a free loopback port, in its own session (so it stops with its bot
    workers); yields (url, port) once the lobby answers."""
    import httpx

    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with db.with_suffix(".log").open("ab") as out:
        proc = subprocess.Popen([sys.executable, "-m", "capes.web.server", "--port", str(port), "--db", str(db),
                                 "--quiet", *extra], cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(url + "/", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, f"the server did not start: {db.with_suffix('.log').read_text()[-2000:]}"
            time.sleep(0.1)
        yield url, port
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)


def create_table(url: str, game: str, seats: list[str], seed: int, **cfg: Any) -> tuple[str, dict[int, str]]:
    """A table made through the lobby form over HTTP: (table id, join token per 0-based seat)."""
    import httpx

    from tests.web.helpers import JOIN, form

    r = httpx.post(f"{url}/new/{game}", content=urlencode(form(game, seats, seed, **cfg)),
                   headers={"content-type": "application/x-www-form-urlencoded", "origin": url}, timeout=30)
    assert r.status_code == 200, r.text[-1500:]
    found = re.search(r'id="table-id">([0-9a-f]+)<', r.text)
    assert found is not None
    tid = found.group(1)
    return tid, {int(s) - 1: tok for s, t, tok in JOIN.findall(r.text) if t == tid}


def fast_forward(port: int, tid: str, tokens: dict[int, str], plan: list[tuple[int, str]],
                 timeout: float = 30) -> None:
    """Play ``plan`` ((seat, option) pairs) over the seats' websockets; the browser takes over from there."""
    from websockets.sync.client import connect

    with contextlib.ExitStack() as stack:
        socks = {}
        for seat, tok in tokens.items():
            socks[seat] = stack.enter_context(connect(f"ws://127.0.0.1:{port}/ws/{tid}"))
            socks[seat].send(json.dumps({"type": "hello", "token": tok}))
        for i, (seat, option) in enumerate(plan):
            socks[seat].send(json.dumps({"type": "act", "n": i, "option": option}))
            while True:
                m = json.loads(socks[seat].recv(timeout=timeout))
                assert m["type"] != "error", m
                if m["type"] == "state" and m["n"] == i + 1:
                    break
