"""A restarted server resumes every unfinished table by replaying its actions; a replay that
diverges marks the table broken, naming the action, and never shows a different game."""

from __future__ import annotations

import sqlite3

from capes.core.registry import load
from capes.web.views import board_html
from tests.web.helpers import client, create, hello, next_error, state_at

CFG = {"heroes": ["spider_man", "she_hulk"]}


def play(w, s, k):
    """Play ``k`` actions from seat ``w``'s page (a single human seat), returning the last state."""
    for _ in range(k):
        w.send_json({"type": "act", "n": s["n"], "option": s["decision"]["options"][0]["id"]})
        s = {"board": s.get("board")} | state_at(w, s["n"] + 1)  # the board is sent only when it changed
    return s


def test_restart_resumes_a_table_where_it_stood(tmp_path):
    db = tmp_path / "r.db"
    with client(db) as c:
        tid, tokens = create(c, "champions", ["human"], seed=11)
        with c.websocket_connect(f"/ws/{tid}") as w:
            hello(w, tokens[0])
            s = play(w, state_at(w), 6)
    with client(db) as c:  # a new server on the same file
        with c.websocket_connect(f"/ws/{tid}") as w:
            assert hello(w, tokens[0])["seat"] == 0  # the same link still opens the seat
            s2 = state_at(w)
            assert s2["n"] == 6 and s2["board"] == s["board"] and s2["decision"] == s["decision"]
            st = load("champions").new_game(11)
            for a in c.app.state.hub.store.actions(tid):
                st.apply(a.option)
            assert s2["board"] == board_html(st.game, st, 0)
            assert play(w, s2, 2)["n"] == 8  # and the game goes on


def test_bots_carry_on_after_a_restart(tmp_path):
    db = tmp_path / "b.db"
    with client(db, bot_pause=5.0) as c:  # the bots wait long enough for the server to stop
        tid, _ = create(c, "champions", ["random", "random"], seed=12, **CFG)
    with client(db) as c:
        with c.websocket_connect(f"/ws/{tid}") as w:
            hello(w, None)
            while not (s := state_at(w, timeout=60)).get("result"):
                pass
            assert s["status"] == "over"


def test_a_divergent_replay_marks_the_table_broken_naming_the_action(tmp_path):
    db = tmp_path / "d.db"
    with client(db) as c:
        tid, tokens = create(c, "champions", ["human"], seed=13)
        with c.websocket_connect(f"/ws/{tid}") as w:
            hello(w, tokens[0])
            play(w, state_at(w), 5)
    con = sqlite3.connect(db)
    with con:  # as if the rules had changed: action #3's recorded outcome no longer matches
        con.execute("UPDATE actions SET check_ = 'x' WHERE table_id = ? AND n = 2", (tid,))
    con.close()
    with client(db) as c:
        with c.websocket_connect(f"/ws/{tid}") as w:
            hello(w, tokens[0])
            s = state_at(w)
            assert s["status"] == "broken"
            assert s["note"].startswith("replay diverged at action #3 ")
            assert s["n"] == 2  # the last good point, never a different game
            assert s["decision"]["options"] == []
            w.send_json({"type": "act", "n": 2, "option": "anything"})
            assert next_error(w).startswith("this table is broken")
        assert c.get("/api/tables").json() == []  # no longer open


def test_an_illegal_stored_action_is_named_too(tmp_path):
    db = tmp_path / "i.db"
    with client(db) as c:
        tid, tokens = create(c, "champions", ["human"], seed=14)
        with c.websocket_connect(f"/ws/{tid}") as w:
            hello(w, tokens[0])
            play(w, state_at(w), 3)
    con = sqlite3.connect(db)
    with con:
        con.execute("UPDATE actions SET option = 'bogus' WHERE table_id = ? AND n = 1", (tid,))
    con.close()
    with client(db) as c:
        rec = c.app.state.hub.store.get_table(tid)
        assert rec.status == "broken" and rec.note.startswith("replay diverged at action #2 'bogus': IllegalAction")


def test_a_table_recorded_by_another_version_replays_and_goes_on(tmp_path):
    db = tmp_path / "v.db"
    with client(db, version="0.0.9-old") as c:
        tid, tokens = create(c, "champions", ["human"], seed=15)
        assert c.app.state.hub.store.get_table(tid).version == "0.0.9-old"
        with c.websocket_connect(f"/ws/{tid}") as w:
            hello(w, tokens[0])
            s = play(w, state_at(w), 4)
    with client(db) as c:  # this version: the actions replay identically, so the game goes on
        hub = c.app.state.hub
        rec = hub.store.get_table(tid)
        assert rec.status == "open" and rec.version == hub.version != "0.0.9-old"
        with c.websocket_connect(f"/ws/{tid}") as w:
            hello(w, tokens[0])
            s2 = state_at(w)
            assert s2["n"] == 4 and s2["decision"] == s["decision"]
            assert play(w, s2, 2)["n"] == 6


def test_a_divergent_replay_of_another_versions_table_names_both_versions(tmp_path):
    db = tmp_path / "dv.db"
    with client(db, version="0.0.9-old") as c:
        tid, tokens = create(c, "champions", ["human"], seed=16)
        with c.websocket_connect(f"/ws/{tid}") as w:
            hello(w, tokens[0])
            play(w, state_at(w), 5)
    con = sqlite3.connect(db)
    with con:  # as if the new version's rules gave action #4 another outcome
        con.execute("UPDATE actions SET check_ = 'x' WHERE table_id = ? AND n = 3", (tid,))
    con.close()
    with client(db) as c:
        rec = c.app.state.hub.store.get_table(tid)
        assert rec.status == "broken"
        assert rec.note.startswith("replay diverged at action #4 ")
        assert rec.note.endswith(f"the table was recorded by capes 0.0.9-old and this server runs capes "
                                 f"{c.app.state.hub.version}")
        assert rec.version == "0.0.9-old"  # never claimed by the version that could not replay it
        with c.websocket_connect(f"/ws/{tid}") as w:
            hello(w, tokens[0])
            s = state_at(w)
            assert s["status"] == "broken" and "0.0.9-old" in s["note"] and s["n"] == 3


def test_a_database_from_before_versions_were_recorded_still_opens(tmp_path):
    db = tmp_path / "o.db"
    with client(db) as c:
        tid, tokens = create(c, "champions", ["human"], seed=17)
        with c.websocket_connect(f"/ws/{tid}") as w:
            hello(w, tokens[0])
            play(w, state_at(w), 3)
    con = sqlite3.connect(db)
    with con:
        con.execute("ALTER TABLE tables DROP COLUMN version")
        con.execute("UPDATE actions SET check_ = 'x' WHERE table_id = ? AND n = 2", (tid,))
    con.close()
    with client(db) as c:
        rec = c.app.state.hub.store.get_table(tid)
        assert rec.status == "broken" and rec.note.startswith("replay diverged at action #3 ")
        assert "recorded by a capes version that was not recorded" in rec.note
