"""Options reused across menus (issue 14: decisions.kept, the Activation menu's and destinations' shared Options)
are the Options a fresh Game builds for the same state, and the per-Game table stays bounded."""

from __future__ import annotations

import capes
from capes.core.rng import Rng
from capes.games.alliances import decisions


def _menu(state: object) -> list[tuple[str, str, str]]:
    return [(o.id, o.label, o.group) for o in state.decision.options]  # type: ignore[attr-defined]


def test_reused_options_match_a_fresh_game() -> None:
    """alliances/activation, alliances/timing, alliances/nearest, alliances/heroic-assist: at every decision of
    random games (a long game, two players, so every Stage and question comes up), the menu equals the one a
    new Game (nothing kept yet) builds for the same saved state, and so does the Activation menu itself."""
    config = {"players": 2, "long": True}
    game = capes.load("alliances", **config)
    rng = Rng(5)
    kinds = set()
    for seed in range(3):
        s = game.new_game(seed)
        while not s.is_over and len(s.actions) < 400:
            fresh = capes.load("alliances", **config).from_json(s.to_json())
            assert _menu(fresh) == _menu(s), (seed, len(s.actions), s.decision.kind)
            if s.decision.kind == "activation":
                ci = s.pending[2]  # type: ignore[attr-defined]
                assert [(o.id, o.label, o.group) for o in fresh._act_options(ci)] == _menu(s)  # type: ignore[attr-defined]
            kinds.add(s.decision.kind)
            opts = s.decision.options
            s.apply(opts[rng.randbelow(len(opts))])
    assert {"activation", "activate", "enemy-order", "destination", "assist"} <= kinds


def test_kept_options_stay_bounded(monkeypatch: object) -> None:
    """The per-Game table of reused Options is emptied when full: bounded however many games a process plays."""
    monkeypatch.setattr(decisions, "MENU_LIMIT", 50)  # type: ignore[attr-defined]
    game = capes.load("alliances")
    rng = Rng(1)
    most = 0
    for seed in range(4):
        s = game.new_game(seed)
        while not s.is_over:
            opts = s.decision.options
            s.apply(opts[rng.randbelow(len(opts))])
            most = max(most, len(game.menus))  # type: ignore[attr-defined]
    assert 0 < most <= 50
