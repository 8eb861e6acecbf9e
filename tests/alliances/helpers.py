"""Fixed-board helpers for alliances conformance tests (forced dice, hand-placed pieces)."""

from __future__ import annotations

from typing import Any

import capes
from capes.games.alliances.content import R_INDEX
from capes.games.alliances.engine import C_POS, AlliancesState

CRIT, WILD, HIT, BLOCK, BLANK, FAIL = (R_INDEX[r] for r in ("critical", "wild", "hit", "block", "blank", "failure"))


def blank_stage(stage: int = 0, players: int = 1, **cfg: Any) -> AlliancesState:
    """A state on Stage ``stage`` with an empty battlefield, no pending rules, Priority on character 0."""
    g = capes.load("alliances", players=players, **cfg)
    s = g.new_game(0)
    assert isinstance(s, AlliancesState)
    s.stack.clear()
    s.pending = None
    s._set_stage(stage)
    s.enemies = []
    s.tokens = []
    s.tracker = [""] * len(s.stage.tracker_spawns)
    s.terrain = ()
    s.braces = [0] * (2 * len(s.stage.tags))
    s.priority = 0
    for c in s.chars:
        c[C_POS] = -1
    s._decision = None
    return s


def sq(s: AlliancesState, label: str) -> int:
    return s.board.parse(label)


def put_char(s: AlliancesState, cid: str, label: str) -> int:
    ci = s.game.squad.index(cid)
    s.chars[ci][C_POS] = sq(s, label)
    return ci


def put_enemy(s: AlliancesState, eid: str, label: str) -> int:
    e = s._add_enemy(eid, sq(s, label))
    return int(e[0])


def run(s: AlliancesState, *frames: tuple[Any, ...], dice: tuple[int, ...] = ()) -> None:
    s.forced = list(dice)
    s._push(*frames)
    s._decision = None
    s._run()


def settle_order(s: AlliancesState) -> None:
    """Answer "the players decide the order" of Enemy Advances with the order they entered the battlefield."""
    while s.decision.kind == "enemy-order":
        s.apply("order:arrival")


def texts(s: AlliancesState) -> list[str]:
    return [e.text for e in s.log]


def play_checked(cfg: dict[str, Any], seed: int, first: str = "", log: list[str] | None = None) -> int:
    """Play a heuristic-bot game, checking clone independence, the exact JSON round trip and the stated bound at
    every step; returns the number of Stages completed. ``first``: the Standard Stage picked first (else the
    bot's pick); ``log`` receives the game's log texts."""
    from capes.games.alliances.bots import HeuristicBot

    g = capes.load("alliances", **cfg)
    s = g.new_game(seed)
    bots = [HeuristicBot(g, i, seed=seed) for i in range(g.num_seats)]
    steps = 0
    while not s.is_over:
        a = bots[s.decision.seat].choose(s)
        if first and s.decision.kind == "mission":
            a = f"first:{first}"
        snap = s.to_json()
        twin = s.clone()
        loaded = g.from_json(snap)
        assert loaded.decision.ids() == s.decision.ids()
        s.apply(a)
        twin.apply(a)
        loaded.apply(a)
        after = s.to_json()
        assert twin.to_json() == after and loaded.to_json() == after
        steps += 1
        assert steps <= g.max_actions
    if log is not None:
        log.extend(texts(s))
    return int(s.stages_done)


def where(s: AlliancesState, uid: int) -> str | None:
    e = s.enemy(uid)
    return s.lbl(e[2]) if e is not None else None
