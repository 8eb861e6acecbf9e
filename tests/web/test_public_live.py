"""``capes serve`` as a process on an open network (issue 42): what only a live server shows, on loopback. Idle and
slow connections are cut off, one address holds few connections, and the bot workers never outlive the server,
whether it stops with SIGTERM (websockets get a close frame) or is killed with SIGKILL."""

from __future__ import annotations

import os
import signal
import socket
import time
from pathlib import Path

from tests.web.browser import create_table, running_server


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid``."""
    out = set()
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                stat = (d / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.add(int(d.name))
    return out


def alive(pids: set[int]) -> set[int]:
    left = set()
    for p in pids:
        try:
            state = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            left.add(p)
    return left


def wait_for(pred, limit: float) -> bool:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if pred():
            return True
        time.sleep(0.1)
    return pred()


def thinking_server_workers(url: str, pid: int) -> set[int]:
    """Make a table whose ismcts bot thinks without end, and return the server's worker processes once up."""
    create_table(url, "champions", ["ismcts"], 1)
    assert wait_for(lambda: len(children(pid)) >= 1, 60), "no bot worker started"
    time.sleep(1.0)
    return children(pid)


def test_idle_and_slow_connections_are_cut_off_and_one_address_holds_few(tmp_path):
    with running_server(tmp_path / "i.db") as (url, port):
        idle = socket.create_connection(("127.0.0.1", port))
        idle.settimeout(60)
        assert idle.recv(10) == b""  # closed by the server: no request came
        slow = socket.create_connection(("127.0.0.1", port))
        slow.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        cut = False
        for _ in range(60):  # a header a second, never the end of the head
            time.sleep(1)
            try:
                slow.sendall(b"X-Slow: 1\r\n")
            except OSError:
                cut = True
                break
        assert cut
        socks = [socket.create_connection(("127.0.0.1", port)) for _ in range(80)]
        time.sleep(0.5)
        closed = 0
        for s in socks:
            s.setblocking(False)
            try:
                closed += s.recv(10) == b""
            except BlockingIOError:
                pass
            except ConnectionResetError:
                closed += 1
            s.close()
        assert closed >= 80 - 64  # past the cap of connections per address


def test_sigkill_leaves_no_bot_worker_behind(tmp_path):
    with running_server(tmp_path / "k.db") as srv:
        workers = thinking_server_workers(srv.url, srv.proc.pid)
        os.kill(srv.proc.pid, signal.SIGKILL)  # the server alone: its workers must notice
        srv.proc.wait(10)
        assert wait_for(lambda: not alive(workers), 10), f"workers {alive(workers)} outlived the server"


def test_sigterm_closes_pages_with_a_close_frame_and_stops_the_workers(tmp_path):
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    with running_server(tmp_path / "t.db") as srv:
        workers = thinking_server_workers(srv.url, srv.proc.pid)
        tid = create_table(srv.url, "champions", ["human"], 1)[0]
        ws = connect(f"ws://127.0.0.1:{srv.port}/ws/{tid}", legacy=True)
        ws.send('{"type": "hello", "token": null}')
        ws.recv(10)
        t0 = time.monotonic()
        srv.proc.send_signal(signal.SIGTERM)
        code = None
        try:
            while True:
                ws.recv(15)
        except ConnectionClosed as e:
            code = e.rcvd.code if e.rcvd is not None else None
        assert code == 1012  # "service restart": a close frame, not a dropped connection
        srv.proc.wait(10)
        assert wait_for(lambda: not alive(workers), 10 - (time.monotonic() - t0)), alive(workers)


def test_behind_a_trusted_https_proxy_the_origin_is_https_and_only_then(tmp_path):
    import httpx

    form = {"content-type": "application/x-www-form-urlencoded"}
    for extra, want in (((), 403), (("--trust-proxy", "127.0.0.1"), 200)):
        with running_server(tmp_path / f"p{want}.db", *extra) as (url, port):
            r = httpx.post(f"{url}/new/champions", content="seat.1=human", timeout=30, headers={
                **form, "origin": f"https://127.0.0.1:{port}", "x-forwarded-proto": "https",
                "x-forwarded-for": "203.0.113.9"})
            assert r.status_code == want, r.text[-300:]
