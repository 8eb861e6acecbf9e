"""Attack benchmark of ``capes serve`` (issue 42; not a test, nothing here asserts). Loopback only.

Starts a server process on 127.0.0.1 with its default limits and plays a human-vs-bot table on it (a scripted
human in seat 1 from 127.0.0.1, an ismcts bot in seat 2), first alone, then while the floods of issue 42 run from
other loopback addresses (127.0.0.2 and up: the same machine, seen by the server as other clients). Prints the
player's answer time (from one state the player's page receives to the next: the server applying the player's
action, or the bot's visible pause and thinking) with and without the attack, and what each flood got.

Every flood is a bounded loop that stops by itself; nothing leaves 127.0.0.0/8.

    python bench/attack.py [--seconds 40] [--addresses 8] [--server-path /tmp/old-checkout]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlencode

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

sys.path.insert(0, str(Path(__file__).resolve().parent))
from peers import machine  # noqa: E402

JOIN = re.compile(r'data-seat="(\d+)" readonly value="[^"]*/t/([0-9a-f]+)#([A-Za-z0-9_-]+)"')
HEROES = [("cfg.heroes", "spider_man"), ("cfg.heroes", "she_hulk")]
FORM = {"content-type": "application/x-www-form-urlencoded"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def pct(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


class Server:
    def __init__(self, db: Path, port: int, path: str = "") -> None:
        self.db, self.port, self.path = db, port, path
        self.url = f"http://127.0.0.1:{port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        env = {**os.environ, "PYTHONPATH": self.path} if self.path else dict(os.environ)
        self.proc = subprocess.Popen([sys.executable, "-m", "capes.web.server", "--host", "127.0.0.1", "--port",
                                      str(self.port), "--db", str(self.db), "--quiet"], stdout=subprocess.DEVNULL,
                                     stderr=open(self.db.with_suffix(".log"), "ab"), start_new_session=True,
                                     env=env, cwd=self.path or None)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.url + "/", timeout=5).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
            if self.proc.poll() is not None:
                break
        raise SystemExit(f"the server did not start: see {self.db.with_suffix('.log')}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)


async def create(http: httpx.AsyncClient, url: str, seats: list[str], level: str = "") -> tuple[str, dict[int, str]]:
    data = [(f"seat.{i + 1}", k) for i, k in enumerate(seats)] + HEROES
    if level:
        data.append(("level", level))
    r = await http.post(f"{url}/new/champions", content=urlencode(data), headers=FORM)
    if r.status_code != 200:
        raise RuntimeError(f"{r.status_code}")
    tid = r.text.split('id="table-id">')[1].split("<")[0]
    return tid, {int(s) - 1: tok for s, t, tok in JOIN.findall(r.text) if t == tid}


class Player:
    """The scripted human of the victim table: answers at once, records each answer time."""

    def __init__(self, server: Server, rng: random.Random) -> None:
        self.server, self.rng = server, rng
        self.times: list[float] = []
        self.recording = False
        self.errors: list[str] = []
        self.tid = ""  # the table being played
        self.waiting_since = 0.0  # when the last state arrived (the next answer is awaited since)

    def cut(self) -> list[float]:
        """The answers recorded so far, the one awaited now counted as its wait so far (a lower bound: a phase
        never hides an answer that has not come yet), and a new record begun."""
        out = self.times + ([time.monotonic() - self.waiting_since] if self.waiting_since else [])
        self.times = []
        return out

    async def play(self, stop: asyncio.Event) -> None:
        async with httpx.AsyncClient(timeout=30) as http:
            while not stop.is_set():
                tid, tokens = await create(http, self.server.url, ["human", "ismcts"], level="standard")
                self.tid = tid
                await self._one_game(tid, tokens[0], stop)

    async def _one_game(self, tid: str, token: str, stop: asyncio.Event) -> None:
        """Play until the game ends; record each answer: from a state the player sees until the next one (the
        server applying the player's action, or the bot choosing after its visible pause)."""
        port = self.server.port
        async with connect(f"ws://127.0.0.1:{port}/ws/{tid}", max_size=None) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            last_n, last_at = -1, 0.0
            while not stop.is_set():
                try:
                    raw = await asyncio.wait_for(ws.recv(), 120)
                except TimeoutError:
                    self.errors.append("no answer in 120 s")
                    return
                msg = json.loads(str(raw).partition("\n")[0])
                if msg.get("type") == "error":
                    self.errors.append(msg["message"][:80])
                    if msg.get("fatal"):
                        return
                    continue
                if msg.get("type") != "state" or msg["n"] <= last_n:
                    continue
                now = time.monotonic()
                if last_n >= 0 and self.recording:
                    self.times.append(now - last_at)
                last_n, last_at = msg["n"], now
                self.waiting_since = now
                if msg.get("result") or msg.get("status") != "open":
                    return
                opts = msg["decision"]["options"]
                if opts:
                    option = opts[self.rng.randrange(len(opts))]["id"]
                    await ws.send(json.dumps({"type": "act", "n": msg["n"], "option": option}))


def addr(i: int) -> str:
    return f"127.0.0.{2 + i}"


async def ws_open(port: int, path: str, src: str, **kw: object):
    return await connect(f"ws://127.0.0.1:{port}{path}", local_addr=(src, 0), open_timeout=10, **kw)


async def floods(server: Server, victim: str, n_addr: int, out: Counter[str]) -> None:
    """Every flood of issue 42, from ``n_addr`` loopback addresses at once; each a bounded loop."""
    port, url = server.port, server.url
    held: list[object] = []

    async def creations(i: int) -> None:  # 5. tables created as fast as possible; 6. with the strongest bots
        transport = httpx.AsyncHTTPTransport(local_address=addr(i))
        async with httpx.AsyncClient(transport=transport, timeout=30) as http:
            for k in range(60):
                try:
                    await create(http, url, ["ismcts", "ismcts"], level="strong")
                    out["5/6 table created (strongest bots)"] += 1
                except RuntimeError as e:
                    out[f"5/6 table refused {e}"] += 1
                except httpx.HTTPError:
                    out["5/6 table: connection failed"] += 1
                # a huge budget from the form is no longer taken
                if k == 0:
                    r = await http.post(f"{url}/new/champions", headers=FORM,
                                        content=urlencode([("seat.1", "ismcts"), ("iterations", "5000")] + HEROES))
                    out[f"6 iterations=5000 in the form: {r.status_code}"] += 1

    async def bodies(i: int) -> None:  # 3. chunked bodies
        transport = httpx.AsyncHTTPTransport(local_address=addr(i))
        async with httpx.AsyncClient(transport=transport, timeout=30) as http:
            async def chunks():
                yield b"seat.1=human&x="
                for _ in range(512):
                    yield b"a" * 4096  # 2 MB
            for _ in range(5):
                try:
                    r = await http.post(f"{url}/new/champions", content=chunks(), headers=FORM)
                    out[f"3 chunked 2 MB post: {r.status_code}"] += 1
                except httpx.HTTPError:
                    out["3 chunked 2 MB post: cut off"] += 1

    async def rebinding(i: int) -> None:  # 10. another host name
        transport = httpx.AsyncHTTPTransport(local_address=addr(i))
        async with httpx.AsyncClient(transport=transport, timeout=30) as http:
            r = await http.get(f"{url}/", headers={"host": "evil.example", "origin": "http://evil.example"})
            out[f"10 Host: evil.example: {r.status_code}"] += 1

    async def spectators(i: int) -> None:  # 4. spectator pages on the victim's table
        for _ in range(80):
            try:
                ws = await ws_open(port, f"/ws/{victim}", addr(i))
                await ws.send('{"type": "hello", "token": null}')
                first = json.loads(str(await asyncio.wait_for(ws.recv(), 10)).partition("\n")[0])
                out["4 spectator page: " + ("refused" if first.get("fatal") else "held")] += 1
                held.append(ws)
            except (OSError, InvalidStatus, ConnectionClosed, TimeoutError):
                out["4 spectator page: refused at connect"] += 1

    async def silent(i: int) -> None:  # 7. websockets that never say hello
        for _ in range(60):
            try:
                held.append(await ws_open(port, f"/ws/{victim}", addr(i)))
                out["7 silent websocket: opened"] += 1
            except (OSError, InvalidStatus, ConnectionClosed, TimeoutError):
                out["7 silent websocket: refused"] += 1

    async def idle_tcp(i: int) -> None:  # 7. idle TCP and slowloris
        loop = asyncio.get_running_loop()
        socks = []
        for k in range(60):
            s = socket.socket()
            s.setblocking(False)
            s.bind((addr(i), 0))
            try:
                await loop.sock_connect(s, ("127.0.0.1", port))
                if k % 2:
                    await loop.sock_sendall(s, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                socks.append(s)
            except OSError:
                s.close()
        t0 = time.monotonic()
        alive = socks
        while alive and time.monotonic() - t0 < 40:
            await asyncio.sleep(1)
            still = []
            for s in alive:
                try:
                    s.send(b"X-Slow: 1\r\n")
                    still.append(s)
                except OSError:
                    s.close()
            alive = still
        out[f"7 idle/slowloris TCP still open after {time.monotonic() - t0:.0f} s"] += len(alive)
        out["7 idle/slowloris TCP opened"] += len(socks)
        for s in alive:
            s.close()

    async def hostile(i: int) -> None:  # 8. hostile messages
        try:
            ws = await ws_open(port, f"/ws/{victim}", addr(i))
        except (OSError, InvalidStatus):
            out["8 hostile page: refused"] += 1
            return
        try:
            await ws.send('{"type": "hello", "token": null}')
            for k in range(200):
                await ws.send("[" * 1000 + "]" * 1000 if k % 2 else '{"type": "act", "a": "\\ud800"}')
            out["8 hostile messages sent"] += 200
            with contextlib.suppress(TimeoutError, ConnectionClosed):
                while True:
                    await asyncio.wait_for(ws.recv(), 2)
                    out["8 frames answered"] += 1
        except ConnectionClosed:
            out["8 hostile page closed by the server"] += 1
        finally:
            await ws.close()

    jobs = []
    for i in range(n_addr):
        jobs += [creations(i), bodies(i), rebinding(i), spectators(i), silent(i), idle_tcp(i), hostile(i)]
    try:
        await asyncio.gather(*jobs)
    finally:
        for ws in held:
            with contextlib.suppress(Exception):
                await ws.close()  # type: ignore[attr-defined]


async def run(server: Server, seconds: float, n_addr: int, seed: int) -> tuple[list[float], list[float], Counter[str],
                                                                               list[str]]:
    player = Player(server, random.Random(seed))
    stop = asyncio.Event()
    game = asyncio.create_task(player.play(stop))
    await asyncio.sleep(3)  # warm-up: the first game set up, the workers started
    player.recording = True
    await asyncio.sleep(seconds)
    calm = player.cut()
    out: Counter[str] = Counter()
    # the attackers know the player's table (worst case: a table id is not a secret)
    attack = asyncio.create_task(floods(server, player.tid, n_addr, out))
    await asyncio.sleep(seconds)
    stormy = player.cut()
    stop.set()
    with contextlib.suppress(asyncio.TimeoutError):
        await asyncio.wait_for(asyncio.gather(attack, return_exceptions=True), 90)
    game.cancel()
    with contextlib.suppress(asyncio.CancelledError, Exception):
        await game
    return calm, stormy, out, player.errors


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=40, help="seconds of play measured alone, then under attack")
    ap.add_argument("--addresses", type=int, default=8, help="loopback addresses the floods come from (127.0.0.2..)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--server-path", default="", help="run the server from this checkout (PYTHONPATH)")
    a = ap.parse_args()
    if not 1 <= a.addresses <= 200:
        raise SystemExit("--addresses is from 1 to 200")
    with tempfile.TemporaryDirectory(prefix="capes-attack-") as tmp:
        server = Server(Path(tmp) / "attack.db", free_port(), a.server_path)
        server.start()
        try:
            calm, stormy, out, errors = asyncio.run(run(server, a.seconds, a.addresses, a.seed))
        finally:
            server.stop()
        print(f"machine: {machine()}")
        print(f"server: {a.server_path or 'this checkout'}, default limits, bot pause 0.8 s")
        for name, xs in (("alone", calm), ("under attack", stormy)):
            print(f"  player's answer time {name}: {len(xs)} answers, p50 {pct(xs, 0.5):.2f} s, "
                  f"p95 {pct(xs, 0.95):.2f} s, max {max(xs, default=float('nan')):.2f} s")
        print(f"  player's errors: {len(errors)}" + (f" (first: {errors[0]})" if errors else ""))
        print(f"floods from {a.addresses} loopback addresses:")
        for k in sorted(out):
            print(f"  {k}: {out[k]}")
        log = (Path(tmp) / "attack.log").read_text(errors="replace")
        print(f"server log: {len(log.splitlines())} lines, {len(log):,} characters, "
              f"{log.count('Traceback')} tracebacks")


if __name__ == "__main__":
    main()
