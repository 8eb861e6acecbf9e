"""``capes serve`` on an open network (issue 42): each attack found on loopback, replayed against the app, and the
server holding. Timings are never asserted; each test checks what the server does (refuses, closes, caps, goes on).
"""

from __future__ import annotations

import asyncio
import html
import json
import logging
import sqlite3
import time
from typing import Any

import pytest
from starlette.testclient import WebSocketDenialResponse
from starlette.websockets import WebSocketDisconnect

from capes.core.registry import load
from capes.core.replay import parse_save, replay
from capes.core.rng import KEYED_FLOOR, SECRET_BITS, KeyedRng, Rng
from capes.web.guard import FairGate, Limits, origin_allowed
from capes.web.render import fingerprint
from capes.web.storage import BROKEN, OPEN, OVER
from tests.web.helpers import client, create, form, hello, post, recv, state_at

FORM = {"content-type": "application/x-www-form-urlencoded"}


def table_id(html: str) -> str:
    return html.split('id="table-id">')[1].split("<")[0]


# --- 1. secrets: a server table's deal comes from 128 secret bits through a keyed hash ---------------------------

def test_a_server_table_draws_a_128_bit_secret_seed_keying_a_blake2b_generator(tmp_path):
    with client(tmp_path / "s.db") as c:
        tid, tokens = create(c, "champions", ["human"], seed="")  # no seed chosen: the server's secret
        t = c.app.state.hub.tables[tid]
        assert t.rec.seed >= 1 << SECRET_BITS and t.rec.seed.bit_length() == SECRET_BITS + 1
        assert isinstance(t.state.rng, KeyedRng)
        other, _ = create(c, "champions", ["human"], seed="")
        assert c.app.state.hub.tables[other].rec.seed != t.rec.seed
        with c.websocket_connect(f"/ws/{tid}") as w:
            hello(w, tokens[0])
            first = state_at(w)
            w.send_json({"type": "act", "n": 0, "option": first["decision"]["options"][0]["id"]})
            board = state_at(w, 1)["board"]
    with client(tmp_path / "s.db") as c:  # stored (as text: SQLite integers have 64 bits) and resumed identically
        t2 = c.app.state.hub.tables[tid]
        assert t2.rec.seed == t.rec.seed and t2.state.to_json() == t.state.to_json()
        with c.websocket_connect(f"/ws/{tid}") as w:
            hello(w, tokens[0])
            assert state_at(w)["board"] == board


def test_the_keyed_generator_clones_and_round_trips_through_to_json():
    g = load("champions")
    st = g.new_game(KEYED_FLOOR + 12345)
    assert isinstance(st.rng, KeyedRng)
    twin = st.clone()
    assert twin.rng == st.rng and twin.rng is not st.rng
    back = g.from_json(st.to_json())
    assert isinstance(back.rng, KeyedRng) and back.rng == st.rng
    assert [back.rng.randbelow(1000) for _ in range(5)] == [st.rng.randbelow(1000) for _ in range(5)]
    assert twin.rng.state < st.rng.state  # the clone did not move with the original
    # simulation keeps SplitMix64: seeds below 2**64
    assert type(g.new_game(7).rng) is Rng


def test_a_keyed_save_names_its_generator_and_replays_identically_and_an_old_save_still_does():
    from capes.core.replay import save_game

    g = load("champions")
    st = g.new_game(KEYED_FLOOR * 3 + 1)
    for _ in range(6):
        st.apply(st.decision.options[0])
    doc = save_game(st)
    assert doc["rng"] == "blake2b-ctr"
    again = replay(json.dumps(doc))
    assert again.to_json() == st.to_json()
    with pytest.raises(Exception, match="names generator 'splitmix64'"):
        parse_save({**doc, "rng": "splitmix64"})
    old = {"format": "capes-replay/1", "game": "champions", "config": g.config_json(), "seed": 11,
           "actions": doc["actions"][:0]}
    local = g.new_game(11)
    assert "rng" not in save_game(local) and replay(old).to_json() == local.to_json()


_OLD_SCHEMA = """
CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, config TEXT NOT NULL, seed INTEGER NOT NULL,
    seats TEXT NOT NULL, token_hashes TEXT NOT NULL, bot_options TEXT NOT NULL DEFAULT '{}', status TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT '', created REAL NOT NULL, actions INTEGER NOT NULL DEFAULT 0,
    version TEXT NOT NULL DEFAULT '');
CREATE INDEX tables_status ON tables(status, created);
CREATE TABLE actions (table_id TEXT NOT NULL REFERENCES tables(id), n INTEGER NOT NULL, option TEXT NOT NULL,
    seat INTEGER NOT NULL, check_ TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (table_id, n)) WITHOUT ROWID;
"""


def test_a_table_stored_before_issue_42_resumes_identically_and_stays_listed(tmp_path):
    """A file of the schema before issue 42 (a SplitMix64 seed below 2**31, no listing or idle columns)."""
    from capes.web.seats import hash_token

    g = load("champions")
    st = g.new_game(4242)
    con = sqlite3.connect(tmp_path / "old.db")
    con.executescript(_OLD_SCHEMA)
    rows = []
    for n in range(5):
        st.apply(st.decision.options[-1])
        rows.append(("old1", n, st.actions[-1], 0, fingerprint(st), time.time()))
    con.execute("INSERT INTO tables VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                ("old1", "champions", json.dumps(g.config_json(), sort_keys=True), 4242, '["human"]',
                 json.dumps([hash_token("tok")]), '{"ismcts": {"iterations": 5000}}', "open", "", time.time(), 5,
                 ""))
    con.executemany("INSERT INTO actions VALUES (?,?,?,?,?,?)", rows)
    con.commit()
    con.close()
    with client(tmp_path / "old.db") as c:
        hub = c.app.state.hub
        t = hub.tables["old1"]
        assert t.rec.status == OPEN and t.state.to_json() == st.to_json()  # the same game, action for action
        assert type(t.state.rng) is Rng
        assert [x["id"] for x in c.get("/api/tables").json()] == ["old1"]  # tables before issue 42 were all listed
        assert hub.bot_budget(t.rec, "ismcts")["iterations"] <= max(b["iterations"] for b in hub.levels.values())


# --- 2. a chosen seed at a table of several humans ---------------------------------------------------------------

def test_a_chosen_seed_is_refused_at_a_table_of_several_humans_and_allowed_for_one(tmp_path):
    with client(tmp_path / "c.db", chosen_seeds=False) as c:
        r = post(c, "champions", form("champions", ["human", "human"], 7, heroes=["spider_man", "she_hulk"]))
        assert r.status_code == 400 and "a chosen seed would tell its chooser every hidden card" in r.text
        assert c.app.state.hub.store.count_tables(OPEN) == 0
        tid, _ = create(c, "champions", ["human"], seed=7)  # the creator is the only human: allowed
        assert c.app.state.hub.tables[tid].rec.seed == 7
        r = post(c, "champions", form("champions", ["human", "ismcts"], 7, heroes=["spider_man", "she_hulk"]))
        assert r.status_code == 200


# --- 3. bodies counted as they stream in -------------------------------------------------------------------------

def test_a_chunked_body_is_refused_once_it_passes_the_limit(tmp_path):
    with client(tmp_path / "b.db") as c:
        def chunks():
            yield b"seat.1=human&x="
            for _ in range(64):
                yield b"a" * 4096  # 256 KB, no Content-Length

        r = c.post("/new/champions", content=chunks(), headers=FORM)
        assert r.status_code == 413 and "the form is larger than 16384 bytes" in r.text
        assert c.app.state.hub.store.count_tables(OPEN) == 0


# --- 10. hosts and origins (DNS rebinding) -----------------------------------------------------------------------

def test_only_allowed_hosts_are_served_and_origins_must_match_host_and_scheme(tmp_path):
    with client(tmp_path / "h.db") as c:
        evil = {"host": "evil.example", "origin": "http://evil.example"}
        assert c.get("/", headers=evil).status_code == 400
        r = c.post("/new/champions", content="seat.1=human", headers={**FORM, **evil})
        assert r.status_code == 400 and c.app.state.hub.store.count_tables(OPEN) == 0
        tid, _ = create(c, "champions", ["human"], seed=1)
        with pytest.raises(WebSocketDenialResponse), c.websocket_connect(f"/ws/{tid}", headers=evil) as w:
            hello(w, None)
        # an https page of the same host and port, for this http server: refused
        r = c.post("/new/champions", content="seat.1=human",
                   headers={**FORM, "host": "127.0.0.1:8000", "origin": "https://127.0.0.1:8000"})
        assert r.status_code == 403
        r = c.post("/new/champions", content="seat.1=human",
                   headers={**FORM, "host": "127.0.0.1:8000", "origin": "http://127.0.0.1:8000"})
        assert r.status_code == 200
    allowed = frozenset({"games.example", "127.0.0.1"})
    assert origin_allowed("https://games.example", "games.example", "wss", allowed, frozenset())
    assert not origin_allowed("http://games.example", "games.example", "wss", allowed, frozenset())
    assert not origin_allowed("http://games.example:81", "games.example:80", "http", allowed, frozenset())
    assert not origin_allowed("http://evil.example", "evil.example", "http", allowed, frozenset())


def test_an_allowed_public_host_gets_join_links_of_its_own_name(tmp_path):
    with client(tmp_path / "p.db", allowed_hosts=("games.example", "::1")) as c:
        r = c.post("/new/champions", content="seat.1=human", headers={**FORM, "host": "games.example"})
        assert r.status_code == 200 and "http://games.example/t/" in r.text
        assert c.get("/", headers={"host": "localhost"}).status_code == 400  # only the names given
        assert c.get("/", headers={"host": "[::1]:8000"}).status_code == 200


# --- 8. hostile websocket messages -------------------------------------------------------------------------------

def test_hostile_messages_get_one_error_frame_each_never_a_traceback_and_few_log_lines(tmp_path, caplog):
    caplog.set_level(logging.WARNING)
    with client(tmp_path / "m.db") as c:
        tid, tokens = create(c, "champions", ["human"], seed=1)
        with c.websocket_connect(f"/ws/{tid}") as w:  # a deep hello
            w.send_text("[" * 1000 + "]" * 1000)
            m = recv(w)
            assert m["type"] == "error" and "nested deeper than" in m["message"] and m["fatal"]
            assert recv(w)["type"] == "closed"
        with c.websocket_connect(f"/ws/{tid}") as w:  # a token with a lone surrogate
            w.send_text('{"type": "hello", "token": "\\ud800"}')
            m = recv(w)
            assert m["type"] == "error" and "lone surrogate" in m["message"]
            assert recv(w)["type"] == "closed"
        with c.websocket_connect(f"/ws/{tid}") as w:
            hello(w, tokens[0])
            state_at(w)
            bad = ['{"type": "act", "n": ' + "[" * 990 + "]" * 990 + "}", '{"type": "x", "a": "\\udfff"}',
                   '{"type": "act", "n": 1' + "0" * 5000 + "}", "\x00", "{" * 40]
            for i in range(100):
                w.send_text(bad[i % len(bad)])
            errors = 0
            while errors < 100:
                m = recv(w)
                if m["type"] == "error":
                    errors += 1
            w.send_json({"type": "ping"})
            while recv(w)["type"] != "pong":  # still served
                pass
    assert not [r for r in caplog.records if r.exc_info]
    assert len([r for r in caplog.records if r.name == "capes.web"]) <= Limits().log_burst + 1


def test_a_stale_action_never_echoes_a_huge_number(tmp_path):
    with client(tmp_path / "n.db") as c:
        tid, tokens = create(c, "champions", ["human"], seed=1)
        with c.websocket_connect(f"/ws/{tid}") as w:
            hello(w, tokens[0])
            s = state_at(w)
            w.send_text('{"type": "act", "n": ' + "9" * 2000 + f', "option": "{s["decision"]["options"][0]["id"]}"}}')
            while (m := recv(w))["type"] != "error":
                pass
            assert m["message"].startswith("stale action") and len(m["message"]) < 300


# --- 4. spectators, pages per address, unlisted tables -----------------------------------------------------------

def test_spectators_have_their_own_cap_and_never_keep_the_seats_player_out(tmp_path):
    lim = Limits(create_burst=99, max_spectators_per_table=3)
    with client(tmp_path / "w.db", limits=lim) as c:
        tid, tokens = create(c, "champions", ["human"], seed=1)
        socks = [c.websocket_connect(f"/ws/{tid}") for _ in range(4)]
        try:
            for w in socks[:3]:
                hello(w.__enter__(), None)
            last = socks[3].__enter__()
            m = hello(last, None)
            assert m["fatal"] and m["message"].startswith("this table already has 3 spectators")
            with c.websocket_connect(f"/ws/{tid}") as mine:
                assert hello(mine, tokens[0])["seat"] == 0
        finally:
            for w in socks:
                w.__exit__(None, None, None)


def test_pages_per_address_are_capped(tmp_path):
    lim = Limits(create_burst=99, max_pages_per_address=2)
    with client(tmp_path / "a.db", limits=lim) as c:
        tid, _ = create(c, "champions", ["human"], seed=1)
        with c.websocket_connect(f"/ws/{tid}") as a, c.websocket_connect(f"/ws/{tid}") as b:
            hello(a, None), hello(b, None)
            with pytest.raises(WebSocketDisconnect) as e, c.websocket_connect(f"/ws/{tid}") as third:
                hello(third, None)
            assert e.value.code == 4429


def test_a_seats_newest_page_wins(tmp_path):
    with client(tmp_path / "n.db", limits=Limits(create_burst=99, max_pages_per_seat=1)) as c:
        tid, tokens = create(c, "champions", ["human"], seed=1)
        with c.websocket_connect(f"/ws/{tid}") as old:
            hello(old, tokens[0])
            state_at(old)
            with c.websocket_connect(f"/ws/{tid}") as new:
                assert hello(new, tokens[0])["seat"] == 0
                while (m := recv(old))["type"] != "error":
                    pass
                assert "opened in another page" in m["message"] and recv(old)["type"] == "closed"


def test_tables_are_unlisted_unless_their_creator_lists_them(tmp_path):
    with client(tmp_path / "u.db") as c:
        r = post(c, "champions", form("champions", ["human"], 1, public=False))
        hidden = table_id(r.text)
        listed, _ = create(c, "champions", ["human"], seed=2)
        ids = [t["id"] for t in c.get("/api/tables").json()]
        assert ids == [listed] and hidden not in c.get("/").text


# --- 6. bot budgets are the server's; workers shared fairly ------------------------------------------------------

def test_bot_budgets_come_from_the_servers_levels_not_the_form(tmp_path):
    with client(tmp_path / "l.db", bot_levels={"tiny": {"iterations": 5}, "small": {"iterations": 20}}) as c:
        r = post(c, "champions", form("champions", ["ismcts"], 1) + [("iterations", "5000")])
        assert r.status_code == 400 and "a bot's budget is the server's" in html.unescape(r.text)
        r = post(c, "champions", form("champions", ["ismcts"], 1) + [("level", "small")])
        hub = c.app.state.hub
        assert hub.bot_budget(hub.tables[table_id(r.text)].rec, "ismcts") == {"iterations": 20}
        r = post(c, "champions", form("champions", ["ismcts"], 1) + [("level", "huge")])
        assert r.status_code == 400 and "unknown ismcts thinking level 'huge'; choose one of tiny, small" in html.unescape(r.text)


def test_the_fair_gate_serves_the_table_that_used_least_first():
    async def go() -> list[str]:
        gate = FairGate(1)
        gate._used["hog"] = (100.0, time.monotonic())
        order: list[str] = []
        release = asyncio.Event()

        async def work(name: str) -> None:
            order.append(name)
            if name == "first":
                await release.wait()

        first = asyncio.create_task(gate.run("first", lambda: work("first")))
        await asyncio.sleep(0)
        hog = asyncio.create_task(gate.run("hog", lambda: work("hog")))
        await asyncio.sleep(0)
        light = asyncio.create_task(gate.run("light", lambda: work("light")))
        await asyncio.sleep(0)
        release.set()
        await asyncio.gather(first, hog, light)
        return order

    assert asyncio.run(go()) == ["first", "light", "hog"]  # the hog came first but waits behind the light table


def test_a_choice_a_player_waits_for_goes_before_bots_playing_alone():
    async def go() -> list[str]:
        gate = FairGate(1)
        gate._used["player"] = (100.0, time.monotonic())  # even after thinking much
        order: list[str] = []
        release = asyncio.Event()

        async def work(name: str) -> None:
            order.append(name)
            if name == "first":
                await release.wait()

        tasks = [asyncio.create_task(gate.run("first", lambda: work("first")))]
        await asyncio.sleep(0)
        tasks.append(asyncio.create_task(gate.run("bots", lambda: work("bots"))))
        await asyncio.sleep(0)
        tasks.append(asyncio.create_task(gate.run("player", lambda: work("player"), urgent=True)))
        await asyncio.sleep(0)
        release.set()
        await asyncio.gather(*tasks)
        return order

    assert asyncio.run(go()) == ["first", "player", "bots"]


# --- 5. creation rate, idle expiry -------------------------------------------------------------------------------

def test_table_creation_is_rate_limited_per_address_with_the_wait_in_the_page(tmp_path):
    with client(tmp_path / "r.db", limits=Limits(create_burst=2, create_every=600)) as c:
        create(c, "champions", ["human"], seed=1)
        create(c, "champions", ["human"], seed=1)
        r = post(c, "champions", form("champions", ["human"], 1))
        assert r.status_code == 429 and "try again in" in r.text and int(r.headers["retry-after"]) > 0
        assert c.app.state.hub.store.count_tables(OPEN) == 2


def test_an_idle_open_table_is_ended_and_stops_counting(tmp_path):
    with client(tmp_path / "e.db", limits=Limits(create_burst=99, idle_expiry=3600)) as c:
        hub = c.app.state.hub
        idle, _ = create(c, "champions", ["human"], seed=1)
        busy, tokens = create(c, "champions", ["human"], seed=1)
        hub.tables[idle].rec.touched = hub.tables[busy].rec.touched = time.time() - 7200
        with c.websocket_connect(f"/ws/{busy}") as w:
            hello(w, tokens[0])
            s = state_at(w)
            w.send_json({"type": "act", "n": 0, "option": s["decision"]["options"][0]["id"]})
            state_at(w, 1)
        assert hub.expire() == 1
        assert hub.tables[idle].rec.status == OVER and "no player acted" in hub.tables[idle].rec.note
        assert hub.store.count_tables(OPEN) == 1 and hub.store.get_table(busy).status == OPEN


# --- 7. timeouts; running out of descriptors passes ---------------------------------------------------------------

def test_a_page_that_never_says_hello_is_closed(tmp_path):
    with client(tmp_path / "t.db", limits=Limits(create_burst=99, hello_timeout=0.3)) as c:
        tid, _ = create(c, "champions", ["human"], seed=1)
        with c.websocket_connect(f"/ws/{tid}") as w:
            m = recv(w)
            assert m["type"] == "error" and m["message"].startswith("no hello within 0.3 s")
            assert recv(w) == {"type": "closed", "code": 4408}


def test_a_bot_without_a_worker_tries_again_and_never_breaks_its_table(tmp_path):
    with client(tmp_path / "f.db") as c:
        hub = c.app.state.hub
        real = hub.runner.choose_with_reason
        failures = [OSError(24, "Too many open files")]

        async def flaky(*a: Any, **kw: Any) -> tuple[str, str | None]:
            if failures:
                raise failures.pop()
            return await real(*a, **kw)

        hub.runner.choose_with_reason = flaky
        import capes.web.tables as tables

        tables.BOT_RETRY, before = 0.05, tables.BOT_RETRY
        try:
            tid, _ = create(c, "champions", ["random"], seed=3)
            deadline = time.monotonic() + 60
            while len(hub.store.actions(tid)) < 3:
                assert time.monotonic() < deadline and hub.tables[tid].rec.status != BROKEN
                time.sleep(0.05)
        finally:
            tables.BOT_RETRY = before
        assert not failures and hub.tables[tid].rec.status != BROKEN


# --- smaller ones -------------------------------------------------------------------------------------------------

def test_a_broken_tables_save_is_not_downloadable_and_its_note_shows_no_server_paths(tmp_path):
    from capes.web.tables import public_note

    with client(tmp_path / "k.db") as c:
        tid, tokens = create(c, "champions", ["human"], seed=1)
        c.app.state.hub.tables[tid].mark_broken("cannot set the game up again: /srv/capes/content/x.yaml: bad")
        assert c.get(f"/t/{tid}/save").status_code == 403
        with c.websocket_connect(f"/ws/{tid}") as w:
            hello(w, tokens[0])
            s = state_at(w)
            assert s["status"] == "broken" and "/srv" not in s["note"] and "x.yaml" in s["note"]
    assert public_note("rule alliances/enemy-attack/8 at C:\\srv\\a.yaml") == "rule alliances/enemy-attack/8 at a.yaml"


def test_finished_tables_are_served_from_their_record_and_kept_rebuilt(tmp_path):
    with client(tmp_path / "o.db") as c:
        hub = c.app.state.hub
        hub.keep_finished = 1
        tids = []
        for seed in (1, 2):
            tid, _ = create(c, "champions", ["human"], seed=seed)
            hub.tables[tid].rec.status = OVER
            hub.store.set_status(tid, OVER, "test")
            hub.finished(hub.tables[tid])
            tids.append(tid)
        assert tids[0] not in hub.tables  # past the newest one
        rebuilt = []
        real = hub._rebuild
        hub._rebuild = lambda rec: rebuilt.append(rec.id) or real(rec)
        for _ in range(5):  # the page and the save need no replay
            assert c.get(f"/t/{tids[0]}").status_code == 200
            assert parse_save(c.get(f"/t/{tids[0]}/save").json())["seed"] == 1
        assert rebuilt == []
