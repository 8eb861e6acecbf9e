"""Hidden information through the server: a whole game of each game played over websockets by two
seats and a spectator. Every message a page receives must be exactly what the engine gives that
seat (its board, its text render and glossary — each page has them open —, its decision, its visible
log) and must contain nothing of another seat's private view (compared against the engine's views at
the same action)."""

from __future__ import annotations

import json
import random

import pytest

from capes.core.registry import load
from capes.web.views import board_html
from tests.web.helpers import client, create, hello, show, state_at

GAMES = [
    ("champions", {"heroes": ["spider_man", "she_hulk"]}, 21),
    ("heroes", {"players": 2}, None),  # a seed whose random play reaches secret Combat Power picks
    ("alliances", {"players": 2}, 23),
]


def seed_with_secret_pick(game: str, cfg: dict) -> int:
    g = load(game, **cfg)
    for seed in range(1, 40):
        st, rng = g.new_game(seed), random.Random(seed)
        while not st.is_over and not st.decision.secret:
            st.apply(rng.choice(st.decision.options).id)
        if not st.is_over:
            return seed
    raise AssertionError(f"no seed in 1..39 reaches a secret pick in {game} by random play")
# "parts" and "board": the pieces a frame names and the board rebuilt from them (tests/web/helpers.py parse
# checks that the payload holds nothing but the new pieces, so the board is all a frame carries of the drawing)
KEYS = {"type", "n", "status", "note", "decision", "parts", "board", "result", "seats", "log", "rules"}


def strings(x, out):
    """Every string leaf of a view (4+ characters: shorter ones are words, not secrets)."""
    if isinstance(x, dict):
        for v in x.values():
            strings(v, out)
    elif isinstance(x, list | tuple):
        for v in x:
            strings(v, out)
    elif isinstance(x, str) and len(x) >= 4:
        out.add(x)
    return out


def expected_decision(st, seat):
    d = st.decision
    mine = seat is not None and d.seat == seat
    return {"seat": d.seat, "seats": list(d.seats), "secret": d.secret,
            "prompt": d.prompt if mine or not d.secret else "",
            "options": [{"id": o.id, "label": o.label, "group": o.group} for o in d.options] if mine else []}


@pytest.mark.parametrize(("game", "cfg", "seed"), GAMES, ids=[g[0] for g in GAMES])
def test_no_page_receives_another_seats_secrets(tmp_path, game, cfg, seed):
    if seed is None:
        seed = seed_with_secret_pick(game, cfg)
    rng = random.Random(seed)
    with client(tmp_path / "h.db") as c:
        tid, tokens = create(c, game, ["human", "human"], seed=seed, **cfg)
        states = [load(game, **cfg).new_game(seed)]
        g = states[0].game
        with c.websocket_connect(f"/ws/{tid}") as w0, c.websocket_connect(f"/ws/{tid}") as w1, \
                c.websocket_connect(f"/ws/{tid}") as ws:
            pages = {0: w0, 1: w1, None: ws}
            for seat, w in pages.items():
                assert hello(w, tokens[seat] if seat is not None else None)["seat"] == seat
                show(w, text=True, glossary=True)
            got: dict[int | None, list[dict]] = {s: [] for s in pages}
            last = {s: state_at(w, 0, seen=got[s]) for s, w in pages.items()}
            secrets_seen = secret_picks = 0
            while not states[-1].is_over:
                st = states[-1]
                seat = st.decision.seat
                secret_picks += st.decision.secret
                option = rng.choice(st.decision.options).id
                pages[seat].send_json({"type": "act", "n": len(st.actions), "option": option})
                nxt = st.clone()
                nxt.apply(option)
                states.append(nxt)
                for s, w in pages.items():
                    last[s] = state_at(w, len(nxt.actions), seen=got[s])
                assert len(states) < 3000, "the game should end"
            for s, msgs in got.items():
                log = []
                kinds = {"board": 0, "text": 0, "glossary": 0}
                for m in msgs:
                    if m["type"] == "text":
                        assert set(m) == {"type", "n", "text"} and m["text"] == g.render(states[m["n"]], s)
                        kinds["text"] += 1
                    elif m["type"] == "glossary":
                        assert set(m) == {"type", "n", "glossary"}
                        assert m["glossary"] == g.glossary(states[m["n"]], s)
                        kinds["glossary"] += 1
                    elif m["type"] != "state":
                        assert m["type"] in ("seats", "pong"), m
                        continue
                    k = m["n"]
                    st = states[k]
                    if m["type"] == "state":
                        assert set(m) <= KEYS, set(m) - KEYS
                        if "board" in m:  # absent when unchanged since the page's last update
                            assert m["board"] == board_html(g, st, s)
                            kinds["board"] += 1
                        d = dict(m["decision"])
                        acting = list(st.decision.seats) or ([st.decision.seat] if st.decision.seat is not None
                                                             else [])
                        assert d.pop("to_act") == [g.seat_name(x) for x in acting]
                        assert d.pop("actor") == (g.seat_name(st.decision.seat) if acting else "")
                        assert d == expected_decision(st, s), (s, k)
                        log.extend(tuple(x) for x in m["log"])
                    others = [o for o in (0, 1) if o != s]
                    told = json.dumps([g.render(st, s), st.visible_log(s), g.glossary(st, s), st.view(s)])
                    mine = strings(st.view(s), set())
                    text = json.dumps(m)
                    for o in others:
                        private = {x for x in strings(st.view(o), set()) - mine if x not in told}
                        leaked = sorted(x for x in private if x in text)
                        assert not leaked, f"seat {s} was sent seat {o}'s private {leaked[:5]} at action {k}"
                        if s is not None and any(x in text for x in strings(st.view(s), set()) -
                                                 strings(st.view(o), set())):
                            secrets_seen += 1
                assert log == [tuple(x) for x in states[-1].visible_log(s)]
                assert min(kinds.values()) > len(states) // 2, kinds  # each kind was checked along the game
            assert last[0]["result"] and last[None]["result"]
            # the check has teeth: each seat's own pages did carry what the other seat may not see
            assert secrets_seen > 0
            if game == "heroes":
                assert secret_picks > 0, "the game should include a secret Combat Power pick"
