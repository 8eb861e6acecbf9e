"""The server through its test client: lobby, seat tokens, actions, spectators, bots, saves, rules."""

from __future__ import annotations

import sqlite3

import pytest
from starlette.websockets import WebSocketDisconnect

from capes.core.registry import load
from capes.core.replay import replay
from capes.web.guard import Limits
from capes.web.views import board_html
from tests.web.helpers import client, create, form, hello, next_error, next_of, post, recv, show, state_at


@pytest.fixture
def c(tmp_path):
    with client(tmp_path / "t.db") as cl:
        yield cl


def engine(game: str, seed: int, actions: list[str], **cfg):
    st = load(game, **cfg).new_game(seed)
    for a in actions:
        st.apply(a)
    return st


# --- lobby -----------------------------------------------------------------------------------
def test_lobby_lists_every_game_with_a_form_from_its_params(c):
    r = c.get("/")
    assert r.status_code == 200
    for g in ("champions", "alliances", "heroes"):
        assert f'href="/new/{g}"' in r.text
        f = c.get(f"/new/{g}").text
        for p in load(g).params:
            shown = f'name="cfg.{p.name}"' in f
            # a form never points the server at its own files
            assert shown == (p.kind != "file" and p.name != "content"), (g, p.name)
    assert 'name="cfg.heroes"' in c.get("/new/champions").text


def test_lobby_shows_config_errors_next_to_the_field(c):
    r = post(c, "champions", form("champions", ["human", "human"], heroes=["spider_man", "spider_man"]))
    assert r.status_code == 400
    # the same message as --config, inside the heroes field's box
    box = r.text.split('for="cfg-heroes"')[1].split('class="field')[0]
    assert "lists an item twice" in box
    r = post(c, "champions", form("champions", ["human"], villain="thanos"))
    assert r.status_code == 400 and "must be one of rhino" in r.text.split('for="cfg-villain"')[1].split('class="field')[0]
    r = post(c, "champions", form("champions", ["wizard"]))
    assert r.status_code == 400 and "unknown kind &#39;wizard&#39;" in r.text
    r = post(c, "champions", form("champions", ["human"], seed="abc"))
    assert r.status_code == 400 and "the seed must be a whole number" in r.text
    r = post(c, "champions", form("champions", ["human"]) + [("cfg.content", "/etc")])
    assert r.status_code == 200  # content is not a form field: ignored, never read
    r = post(c, "nosuchgame", form("champions", ["human"]))
    assert r.status_code == 404


def test_join_links_are_secret_and_stored_hashed(c, tmp_path):
    tid, tokens = create(c, "champions", ["human", "human"], heroes=["spider_man", "she_hulk"])
    assert set(tokens) == {0, 1} and len(set(tokens.values())) == 2
    assert all(len(t) >= 24 for t in tokens.values())
    lobby = c.get("/").text + c.get("/api/tables").text + c.get(f"/t/{tid}").text
    assert tid in lobby
    for t in tokens.values():
        assert t not in lobby
    raw = b"".join(p.read_bytes() for p in tmp_path.glob("t.db*"))
    for t in tokens.values():
        assert t.encode() not in raw  # only sha256 digests are stored
    free = c.get("/api/tables").json()[0]["seats"]
    assert [s["free"] for s in free] == [True, True]


# --- seats ------------------------------------------------------------------------------------
def test_a_token_opens_only_its_own_seat(c):
    tid, tokens = create(c, "champions", ["human", "human"], seed=3, heroes=["spider_man", "she_hulk"])
    with c.websocket_connect(f"/ws/{tid}") as w1, c.websocket_connect(f"/ws/{tid}") as w2:
        w1.send_json({"type": "hello", "token": tokens[0], "seat": 1})  # asking for another seat is ignored
        assert recv(w1)["seat"] == 0
        assert hello(w2, tokens[1])["seat"] == 1
        s1, s2 = state_at(w1), state_at(w2)
        st = engine("champions", 3, [], heroes=["spider_man", "she_hulk"])
        assert s1["board"] == board_html(st.game, st, 0) != board_html(st.game, st, 1) == s2["board"]
        actor = st.decision.seat
        other = 1 - actor
        (wa, sa), (wo, so) = ((w1, s1), (w2, s2)) if actor == 0 else ((w2, s2), (w1, s1))
        assert sa["decision"]["options"] and not so["decision"]["options"]
        wo.send_json({"type": "act", "n": 0, "option": sa["decision"]["options"][0]["id"]})
        assert next_error(wo).startswith("not your turn")
        assert c.get("/api/tables").json()[0]["actions"] == 0
        wa.send_json({"type": "act", "n": 0, "option": sa["decision"]["options"][0]["id"]})
        assert state_at(wa, 1)["n"] == 1 and state_at(wo, 1)["n"] == 1
        del other
    with c.websocket_connect(f"/ws/{tid}") as w:
        m = hello(w, "x" * 24)
        assert m["type"] == "error" and m["fatal"] and "opens no seat" in m["message"]
        assert recv(w)["type"] == "closed"


def test_two_tabs_of_one_seat_both_work(c):
    tid, tokens = create(c, "champions", ["human"], seed=4)
    with c.websocket_connect(f"/ws/{tid}") as a, c.websocket_connect(f"/ws/{tid}") as b:
        hello(a, tokens[0]), hello(b, tokens[0])
        sa, sb = state_at(a), state_at(b)
        assert sa["board"] == sb["board"]
        b.send_json({"type": "act", "n": 0, "option": sb["decision"]["options"][0]["id"]})
        s1 = state_at(a, 1)
        a.send_json({"type": "act", "n": 1, "option": s1["decision"]["options"][0]["id"]})
        assert state_at(b, 2)["n"] == 2


def test_views_are_built_lazily_once_per_state_and_seat_for_connected_pages_only(c):
    """A board is built only for a seat with a page, once per state however many tabs it has; the text
    version and the glossary only for a page that opened them; the cache holds the current state only."""
    cfg = {"heroes": ["spider_man", "she_hulk"]}
    tid, tokens = create(c, "champions", ["human", "human"], seed=12, **cfg)
    t = c.app.state.hub.get(tid)
    assert t.renders == 0  # nobody is looking yet
    st = engine("champions", 12, [], **cfg)
    with c.websocket_connect(f"/ws/{tid}") as a1, c.websocket_connect(f"/ws/{tid}") as a2, \
            c.websocket_connect(f"/ws/{tid}") as b:
        for w, seat in ((a1, 0), (a2, 0), (b, 1)):
            hello(w, tokens[seat])
        pages = (a1, a2, b)
        s = [state_at(w, 0) for w in pages]
        assert s[0]["board"] == s[1]["board"] == board_html(st.game, st, 0)
        assert t.renders == 2 and set(t._views) == {("board", 0), ("board", 1)}  # no spectator, no text
        show(a1, text=True)
        assert next_of(a1, "text", 0)["text"] == st.game.render(st, 0)
        assert t.renders == 3
        for k in range(4):
            actor = st.decision.seat
            option = st.decision.options[0].id
            (a1 if actor == 0 else b).send_json({"type": "act", "n": k, "option": option})
            st.apply(option)
            for w in pages:
                state_at(w, k + 1)
            assert next_of(a1, "text", k + 1)["text"] == st.game.render(st, 0)
            assert t._views_of is t.state and set(t._views) == {("board", 0), ("board", 1), ("text", 0)}
            assert t.renders == 3 + 3 * (k + 1)  # board 0 (shared by two tabs), board 1, text 0
        a2.send_json({"type": "ping"})
        assert next_of(a2, "pong")  # the second tab of seat 0 never received a text version
        show(a1, glossary=True)
        assert next_of(a1, "glossary", 4)["glossary"] == st.game.glossary(st, 0)
        show(b, text=True, glossary=False)
        m = next_of(b, "text", 4)
        assert m["text"] == st.game.render(st, 1) != st.game.render(st, 0)
        for bad in ({"type": "show", "text": "yes"}, {"type": "show", "glossary": 1}):
            b.send_json(bad)
            assert "show is" in next_error(b)


def test_stale_illegal_and_malformed_actions_change_nothing(c, tmp_path):
    tid, tokens = create(c, "champions", ["human"], seed=5)
    with c.websocket_connect(f"/ws/{tid}") as w:
        hello(w, tokens[0])
        s = state_at(w)
        first = s["decision"]["options"][0]["id"]
        w.send_json({"type": "act", "n": 0, "option": first})
        s = state_at(w, 1)
        w.send_json({"type": "act", "n": 0, "option": s["decision"]["options"][0]["id"]})  # a stale click
        assert next_error(w).startswith("stale action")
        w.send_json({"type": "act", "n": 1, "option": "play:nothing-like-this"})
        assert "is not one of your options now" in next_error(w)
        for bad, why in (({"type": "act", "n": True, "option": first}, "an action is"),
                         ({"type": "act", "n": 1}, "an action is"),
                         ({"type": "dance"}, "unknown message type"),
                         ([1, 2], "a JSON object")):
            w.send_json(bad)
            assert why in next_error(w)
        w.send_text("{not json")
        assert "not valid JSON" in next_error(w)
        w.send_text("x" * 3000)
        assert "message too long" in next_error(w)
        w.send_bytes(b"\x00\x01")
        assert "not binary" in next_error(w)
    rows = sqlite3.connect(tmp_path / "t.db").execute("SELECT n, option FROM actions").fetchall()
    assert rows == [(0, first)]


def test_websocket_checks_origin(c):
    tid, _ = create(c, "champions", ["human"])
    with pytest.raises(WebSocketDisconnect):
        with c.websocket_connect(f"/ws/{tid}", headers={"origin": "http://evil.example"}) as w:
            recv(w)
    with c.websocket_connect(f"/ws/{tid}", headers={"origin": "http://testserver"}) as w:
        assert hello(w, None)["type"] == "welcome"


def test_tables_are_created_from_this_servers_own_pages(c):
    r = c.post("/new/champions", content="seat.1=human", headers={
        "content-type": "application/x-www-form-urlencoded", "origin": "http://evil.example"})
    assert r.status_code == 403
    assert c.get("/api/tables").json() == []


def test_spectator_sees_the_public_view_and_acts_for_nobody(c):
    tid, tokens = create(c, "champions", ["human"], seed=6)
    with c.websocket_connect(f"/ws/{tid}") as w:
        assert hello(w, None)["seat"] is None
        s = state_at(w)
        st = engine("champions", 6, [])
        assert s["board"] == board_html(st.game, st, None)
        assert s["decision"]["options"] == []
        w.send_json({"type": "act", "n": 0, "option": st.decision.options[0].id})
        assert next_error(w).startswith("a spectator acts for nobody")


def test_first_message_must_be_hello(c):
    tid, _ = create(c, "champions", ["human"])
    with c.websocket_connect(f"/ws/{tid}") as w:
        w.send_json({"type": "act", "n": 0, "option": "x"})
        assert "first message must be" in recv(w)["message"]
        assert recv(w)["type"] == "closed"


# --- bots, results, saves ---------------------------------------------------------------------
def test_bots_finish_a_game_watched_by_a_spectator(c):
    tid, tokens = create(c, "champions", ["random", "champions-heuristic"], seed=7, heroes=["spider_man", "she_hulk"])
    assert tokens == {}
    assert c.get(f"/t/{tid}/save").status_code == 403  # a running game's save would reveal the decks
    with c.websocket_connect(f"/ws/{tid}") as w:
        hello(w, None)
        while True:
            s = state_at(w, timeout=60)
            if s.get("result"):
                break
    assert s["status"] == "over" and s["decision"]["seat"] is None
    r = c.get(f"/t/{tid}/save")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    again = replay(r.json())
    assert again.is_over and len(again.actions) == s["n"]
    assert [x["outcome"] for x in s["result"]["seats"]] == list(again.result.outcomes)


def test_bots_in_a_process_worker(tmp_path):
    with client(tmp_path / "p.db", bot_workers="process") as c:
        tid, tokens = create(c, "champions", ["human", "ismcts"], seed=8, heroes=["spider_man", "she_hulk"])
        post(c, "champions", form("champions", ["human"]))  # a second table does not disturb the first
        with c.websocket_connect(f"/ws/{tid}") as w:
            hello(w, tokens[0])
            s = state_at(w)
            # play seat 1 until the ismcts seat has acted at least once in its worker
            for _ in range(200):
                if s["decision"]["seat"] == 0:
                    w.send_json({"type": "act", "n": s["n"], "option": s["decision"]["options"][-1]["id"]})
                s = state_at(w, timeout=60)
                rows = c.app.state.hub.store.actions(tid)
                if any(a.seat == 1 for a in rows) or s.get("result"):
                    break
            assert any(a.seat == 1 for a in c.app.state.hub.store.actions(tid))


def test_rule_pages_and_log_links(c):
    tid, tokens = create(c, "champions", ["human"], seed=9)
    with c.websocket_connect(f"/ws/{tid}") as w:
        hello(w, tokens[0])
        s = state_at(w)
    rid, _text = s["log"][0]
    assert s["rules"][rid]
    r = c.get(f"/rules/{rid}")
    assert r.status_code == 200 and s["rules"][rid] in r.text
    assert c.get("/rules/champions/no/such/rule").status_code == 404


FORM = {"content-type": "application/x-www-form-urlencoded"}
HOSTILE = [  # (method, path, body, headers, status, what the one-line message says)
    ("GET", "/t/" + "a" * 5000, None, {}, 404, "no such table"),
    ("GET", "/t/%00%ff", None, {}, 404, "no such table"),
    ("GET", "/t/nope/save", None, {}, 404, "no such table"),
    ("GET", "/rules/" + "x" * 3000, None, {}, 404, "no rules index for 'xxxxxxxx"),
    ("GET", "/rules/champions/%ff%fe", None, {}, 404, "in the champions rules index"),
    ("GET", "/new/" + "z" * 500, None, {}, 404, "(500 characters); known: champions"),
    ("POST", "/new/champions", "seat.1=human&" + "a=b&" * 200, FORM, 400, "the form has more than 64 fields"),
    ("POST", "/new/champions", "x" * 20000, FORM, 413, "the form is larger than 16384 bytes"),
    ("POST", "/new/champions", "{}", {"content-type": "application/json"}, 415, "posting the lobby's form"),
    ("POST", "/new/champions", "--x\r\n", {"content-type": "multipart/form-data; boundary=x"}, 415, "lobby's form"),
    ("POST", "/new/champions", "seat.1=human&seed=" + "9" * 5000, FORM, 400, "(5,000 characters)"),
    ("POST", "/new/champions", "seat.1=human&iterations=5000", FORM, 400, "a bot's budget is the server's"),
    ("POST", "/new/champions", "seat.1=human&level=" + "9" * 5000, FORM, 400, "unknown ismcts thinking level '99999"),
    ("POST", "/new/champions", "seat.1=human&cfg.heroes=" + "a" * 3000, FORM, 400, "has unknown item"),
    ("POST", "/new/champions", "seat.1=" + "w" * 900, FORM, 400, "unknown kind 'wwwwwwww"),
]


@pytest.mark.parametrize(("method", "path", "body", "headers", "status", "says"), HOSTILE,
                         ids=[f"{m} {p[:24]} {s}" for m, p, _, _, s, _ in HOSTILE])
def test_hostile_requests_get_a_one_line_error_and_change_nothing(c, method, path, body, headers, status, says):
    import html
    import re

    r = c.request(method, path, content=body, headers=headers)
    assert r.status_code == status
    if r.headers["content-type"].startswith("text/plain"):
        message = r.text
    else:  # the error page, or the form with the error next to its field
        found = re.search(r'class="(?:error|field-error)[^"]*"[^>]*>([^<]*)<', r.text)
        assert found is not None, r.text[:500]
        message = html.unescape(found.group(1))
    assert says in message and "\n" not in message and len(message) < 300, message
    assert c.get("/api/tables").json() == []


def test_the_server_caps_the_pages_it_holds_open(tmp_path):
    """Spectators' pages are counted apart from seats' (issue 42): a full house of spectators never keeps a
    player out."""
    with client(tmp_path / "cap.db", limits=Limits(create_burst=99, max_spectator_pages=1, max_pages=2)) as c:
        tid, tokens = create(c, "champions", ["human"], seed=1)
        with c.websocket_connect(f"/ws/{tid}") as a, c.websocket_connect(f"/ws/{tid}") as b:
            hello(a, None), hello(b, tokens[0])
            with c.websocket_connect(f"/ws/{tid}") as third:
                m = hello(third, None)
                assert m["fatal"] and m["message"] == ("this server already has 1 spectator pages open; "
                                                       "try again later")
                assert recv(third)["type"] == "closed"
            with c.websocket_connect(f"/ws/{tid}") as mine:  # the seat's own second page still opens
                assert hello(mine, tokens[0])["type"] == "welcome"
                with c.websocket_connect(f"/ws/{tid}") as more:
                    m = hello(more, tokens[0])
                    assert m["fatal"] and m["message"] == "this server already has 2 pages open; try again later"
        with c.websocket_connect(f"/ws/{tid}") as again:  # a closed page frees its place
            assert hello(again, tokens[0])["type"] == "welcome"
