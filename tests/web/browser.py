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


@contextlib.contextmanager
def chromium() -> Iterator[Any]:
    """Debian's Chromium launched by Playwright (headless, no sandbox, as these machines need), closed on exit."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        try:
            yield b
        finally:
            b.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


#: the server with the protocol's example game registered too (``running_server(..., example=True)``)
LAUNCH_WITH_EXAMPLE = ("import sys; from capes.core.registry import register; "
                       "register('example', 'tests.example_game:HighCardGame'); "
                       "from capes.web.server import main; main(sys.argv[1:])")


class Running(tuple[str, int]):
    """A running server: unpacks to ``(url, port)``; ``kill()`` SIGKILLs it with its bot workers."""

    proc: subprocess.Popen[bytes]

    def __new__(cls, url: str, port: int, proc: subprocess.Popen[bytes]) -> Running:
        self = super().__new__(cls, (url, port))
        self.proc = proc
        return self

    @property
    def url(self) -> str:
        return self[0]

    @property
    def port(self) -> int:
        return self[1]

    def kill(self) -> None:
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)


@contextlib.contextmanager
def running_server(db: Path, *extra: str, port: int | None = None, example: bool = False) -> Iterator[Running]:
    """``python -m capes.web.server`` on a free loopback port (or ``port``: a restart on the same one), in
    its own session (so it stops with its bot workers); yields it, as (url, port), once the lobby answers.
    ``example=True`` registers the protocol's example game too."""
    import httpx

    port = free_port() if port is None else port
    url = f"http://127.0.0.1:{port}"
    launch = ["-c", LAUNCH_WITH_EXAMPLE] if example else ["-m", "capes.web.server"]
    with db.with_suffix(".log").open("ab") as out:
        proc = subprocess.Popen([sys.executable, *launch, "--port", str(port), "--db", str(db),
                                 "--quiet", "--chosen-seeds", "--tables-per-address", "10000", *extra], cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(url + "/", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert proc.poll() is None and time.monotonic() < deadline, \
                f"the server did not start: {db.with_suffix('.log').read_text()[-2000:]}"
            time.sleep(0.1)
        yield Running(url, port, proc)
    finally:
        if proc.poll() is None:  # (a fault test may have killed it already)
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
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
                m = json.loads(str(socks[seat].recv(timeout=timeout)).partition("\n")[0])  # (the board follows)
                assert m["type"] != "error", m
                if m["type"] == "state" and m["n"] == i + 1:
                    break
