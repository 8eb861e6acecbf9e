"""Boards drawn by a render worker process (``create_app(render_processes=1)``): every board a page
receives is ``board_html`` of the table's state, drawn by the worker's mirror of the table; a worker
that is killed, a mirror the server has lost track of, or one that diverges only make the table draw
the board itself."""

from __future__ import annotations

import random

import capes.web.render as render
from capes.core.registry import load
from capes.web.views import board_html
from tests.web.helpers import client, create, hello, state_at

CFG = {"heroes": ["spider_man", "she_hulk"]}


def play(c, tid, tokens, seed, actions, during=None):
    """Play ``actions`` random actions with two seats and a spectator; check every board each page
    receives against the engine's drawing of the same state. Returns the engine state."""
    g = load("champions", **CFG)
    st, rng = g.new_game(seed), random.Random(seed)
    with c.websocket_connect(f"/ws/{tid}") as w0, c.websocket_connect(f"/ws/{tid}") as w1, \
            c.websocket_connect(f"/ws/{tid}") as ws:
        pages = {0: w0, 1: w1, None: ws}
        for s, w in pages.items():
            hello(w, tokens[s] if s is not None else None)
        for s, w in pages.items():
            assert state_at(w, 0)["board"] == board_html(g, st, s)
        for k in range(actions):
            if st.is_over:
                break
            if during is not None:
                during(k)
            option = rng.choice(st.decision.ids())
            pages[st.decision.seat].send_json({"type": "act", "n": len(st.actions), "option": option})
            st.apply(option)
            for s, w in pages.items():
                m = state_at(w, len(st.actions))
                if "board" in m:
                    assert m["board"] == board_html(g, st, s), (k, s)
    return st


def test_a_render_worker_draws_each_seats_own_board(tmp_path):
    with client(tmp_path / "r.db", render_processes=1) as c:
        tid, tokens = create(c, "champions", ["human", "human"], seed=5, **CFG)
        pool = c.app.state.hub.render
        st = play(c, tid, tokens, 5, 25)
        # three seats (two players, a spectator) per state, all drawn by the worker
        assert pool.drawn == 3 * (len(st.actions) + 1) and pool.alive
        assert pool.workers[0].synced[tid] == len(st.actions)


def test_a_killed_render_worker_only_costs_time(tmp_path):
    with client(tmp_path / "r.db", render_processes=1) as c:
        tid, tokens = create(c, "champions", ["human", "human"], seed=6, **CFG)
        pool = c.app.state.hub.render
        t = c.app.state.hub.get(tid)

        def kill(k):
            if k == 5:
                pool.workers[0].proc.kill()
                pool.workers[0].proc.join(10)
        play(c, tid, tokens, 6, 15, kill)
        assert not pool.alive and 0 < pool.drawn < t.renders  # the table drew the rest itself


def test_a_mirror_the_server_lost_track_of_is_sent_the_whole_game(tmp_path):
    with client(tmp_path / "r.db", render_processes=1) as c:
        tid, tokens = create(c, "champions", ["human", "human"], seed=7, **CFG)
        pool = c.app.state.hub.render
        t = c.app.state.hub.get(tid)

        def forget(k):  # as if the server believed the mirror one action behind: the worker asks for all
            if k in (3, 8):
                pool.workers[0].synced[tid] = max(0, k - 1)
        play(c, tid, tokens, 7, 12, forget)
        assert pool.alive and pool.drawn == t.renders


def test_a_mirror_that_differs_from_the_table_is_not_shown(tmp_path, monkeypatch):
    with client(tmp_path / "r.db", render_processes=1) as c:
        tid, tokens = create(c, "champions", ["human", "human"], seed=8, **CFG)
        pool = c.app.state.hub.render
        t = c.app.state.hub.get(tid)
        real = render.fingerprint

        def wrong(k):  # the server's fingerprint no longer matches the worker's mirror from action 4 on
            if k == 4:
                monkeypatch.setattr(render, "fingerprint", lambda state: real(state) + "x")
        play(c, tid, tokens, 8, 10, wrong)
        assert pool.alive and 0 < pool.drawn < t.renders
