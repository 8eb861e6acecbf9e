"""capes.core.fuzz: random configurations played by bots, with what a person meets checked at every decision
(contract 'labels': no two options share a label; a live decision names a seat, asks and offers; what each seat is
shown builds, and a save reloads to the same text and labels)."""

from __future__ import annotations

from typing import Any

import pytest

from capes.core import registry
from capes.core.config import validate
from capes.core.fuzz import draw_config, fuzz, main
from capes.core.protocol import State
from capes.core.registry import BUILTIN, game_class
from capes.core.rng import Rng
from tests.example_game import BROKEN, HighCardGame


def _register(monkeypatch: pytest.MonkeyPatch, gid: str, cls: type) -> None:
    monkeypatch.setitem(registry.GAMES, gid, f"{cls.__module__}:{cls.__qualname__}")
    monkeypatch.setitem(registry._CLASSES, gid, cls)


def test_the_three_games_pass_a_short_fuzz_run() -> None:
    rep = fuzz(list(BUILTIN), games=6, seed=11)
    assert rep.games == 6 and rep.failures == []


@pytest.mark.parametrize("gid", BUILTIN)
def test_drawn_configurations_keep_to_each_key_choices_and_bounds(gid: str) -> None:
    params = game_class(gid).params
    rng = Rng(3)
    varied: dict[str, set[str]] = {}
    for _ in range(60):
        cfg = draw_config(params, rng)
        validate(gid, params, cfg)  # raises ConfigError on a value outside a key's choices or bounds
        for k, v in cfg.items():
            varied.setdefault(k, set()).add(repr(v))
    # every key with choices or bounds is drawn, and drawn differently
    drawn = {p.name for p in params if p.allowed() and p.kind in ("choice", "list") and (p.kind == "choice" or
             p.hi is not None) or p.kind == "bool" or p.kind == "int" and p.lo is not None and p.hi is not None}
    assert set(varied) == drawn and all(len(v) > 1 for v in varied.values()), varied


def test_options_that_read_the_same_are_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    _register(monkeypatch, "fuzz-twins", BROKEN["labels/twins"])
    rep = fuzz(["fuzz-twins"], games=3, seed=0)
    assert rep.failures and all("two options share a label: ['Play an" in line for line in rep.failures)
    assert rep.failures[0].startswith("fuzz-twins seed ")


class _BadDrawing(HighCardGame):
    def render(self, state: State, seat: int | None) -> str:
        raise KeyError("no such card")


def test_an_exception_while_drawing_a_seat_is_reported_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    _register(monkeypatch, "fuzz-bad-drawing", _BadDrawing)
    _register(monkeypatch, "fuzz-good", HighCardGame)
    rep = fuzz(["fuzz-bad-drawing"], games=2, seed=0)
    assert len(rep.failures) == 2
    assert "KeyError while building what the seats are shown: 'no such card'" in rep.failures[0]
    assert fuzz(["fuzz-good"], games=5, seed=0).failures == []  # the same game drawn honestly passes


def test_a_run_needs_a_game_and_a_bound() -> None:
    with pytest.raises(ValueError, match="at least one game id"):
        fuzz([], games=1)
    with pytest.raises(ValueError, match="a number of games or of seconds"):
        fuzz(["heroes"])


def test_command_line_bad_input_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["nosuchgame", "--games", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("fuzz: unknown game 'nosuchgame'") and "\n" not in err
    assert main(["heroes", "--games", "0"]) == 2
    assert "--games must be from 1" in capsys.readouterr().err
    assert main(["heroes", "--seconds", "-1"]) == 2
    assert "--seconds must be more than 0" in capsys.readouterr().err


def test_command_line_run(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["alliances", "--games", "2", "--seed", "5"]) == 0
    out: Any = capsys.readouterr().out
    assert out.startswith("fuzz: 2 games of alliances in ") and out.rstrip().endswith("0 failed")
