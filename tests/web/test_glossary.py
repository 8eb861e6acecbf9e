"""A game's glossary (the text of what a seat can see) reaches that seat's page, and only that
seat's; a secret simultaneous pick, the result and the save, on the protocol's example game."""

from __future__ import annotations

import pytest

from capes.core import registry
from capes.core.replay import replay
from tests.web.helpers import client, create, hello, state_at


@pytest.fixture
def c(tmp_path, monkeypatch):
    monkeypatch.setitem(registry.GAMES, "example", "tests.example_game:HighCardGame")
    monkeypatch.delitem(registry._CLASSES, "example", raising=False)
    with client(tmp_path / "g.db") as cl:
        yield cl


def test_each_seat_gets_its_own_glossary_and_secret_picks_stay_secret(c, monkeypatch):
    tid, tokens = create(c, "example", ["human", "human"], seed=3)
    with c.websocket_connect(f"/ws/{tid}") as w0, c.websocket_connect(f"/ws/{tid}") as w1:
        hello(w0, tokens[0]), hello(w1, tokens[1])
        s0, s1 = state_at(w0), state_at(w1)
        st = c.app.state.hub.get(tid).state
        assert s0["glossary"] == st.game.glossary(st, 0) and s1["glossary"] == st.game.glossary(st, 1)
        mine = {k for k in s0["glossary"] if k.startswith("Card ")}
        theirs = {k for k in s1["glossary"] if k.startswith("Card ")}
        assert len(mine) == 3 and not mine & theirs  # a hand's cards are its seat's alone
        n = 0
        while not s0.get("result"):
            for w, s in ((w0, s0), (w1, s1)):
                if s["decision"]["options"]:
                    pick = s["decision"]["options"][0]
                    w.send_json({"type": "act", "n": n, "option": pick["id"]})
                    break
            n += 1
            s0, s1 = state_at(w0, n), state_at(w1, n)
            if n % 2 == 1:  # seat 1 picks second: it must not see seat 0's pick before its own
                assert s1["decision"]["secret"] and pick["label"] not in str(s1)
        assert s0["result"]["seats"][0]["outcome"] in ("win", "loss")
    r = c.get(f"/t/{tid}/save")
    assert r.status_code == 200 and replay(r.json()).is_over
    assert c.get("/rules/example/setup").status_code == 200
