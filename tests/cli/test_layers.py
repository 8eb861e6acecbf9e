"""Games give the CLI their own commands through the registry (DESIGN "Layers"; issue #13: the CLI imports no game)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from capes.cli.main import app
from capes.core import registry

# (that no interface module imports a game module is checked with the whole import graph: tests/test_imports.py)


def test_odds_commands_come_from_the_registry_table() -> None:
    assert set(registry.CLI) == {"alliances", "heroes"}
    extras = registry.cli_extras()
    assert {gid: sorted(e) for gid, e in extras.items()} == {"alliances": ["odds"], "heroes": ["odds"]}
    r = CliRunner().invoke(app, ["odds", "--help"])
    assert r.exit_code == 0 and "alliances" in r.output and "heroes" in r.output


def test_a_missing_game_module_leaves_its_commands_out(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.CLI, "nosuch", "capes.games.nosuch.cli:commands")
    assert "nosuch" not in registry.cli_extras()
