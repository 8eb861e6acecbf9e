"""A game's glossary (the text of what a seat can see) reaches that seat's page, and only that
seat's; a secret simultaneous pick, the result and the save, on the protocol's example game."""

from __future__ import annotations

import pytest

from capes.core import registry
from capes.core.replay import replay
from tests.web.helpers import client, create, hello, next_of, show, state_at


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
        assert "glossary" not in s0  # sent only to a page that opens it
        show(w0, glossary=True), show(w1, glossary=True)
        g0, g1 = next_of(w0, "glossary", 0)["glossary"], next_of(w1, "glossary", 0)["glossary"]
        st = c.app.state.hub.get(tid).state
        assert g0 == st.game.glossary(st, 0) and g1 == st.game.glossary(st, 1)
        mine = {k for k in g0 if k.startswith("Card ")}
        theirs = {k for k in g1 if k.startswith("Card ")}
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
