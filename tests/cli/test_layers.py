"""The interfaces reach games only through the registry (DESIGN "Layers"; issue #13: the CLI imports no game)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from typer.testing import CliRunner

import capes
from capes.cli.main import app
from capes.core import registry

ROOT = Path(capes.__file__).parent
#: the interface modules: the CLI, the web server, simulation, sweeps and their report
INTERFACES = [*sorted((ROOT / "cli").rglob("*.py")), *sorted((ROOT / "web").rglob("*.py")),
              ROOT / "sim.py", ROOT / "sweep.py", ROOT / "sweep_ray.py", ROOT / "report.py"]


def game_imports(path: Path) -> list[str]:
    """``capes.games…`` modules imported anywhere in ``path`` (top level or inside functions)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        else:
            continue
        found += [n for n in names if n == "capes.games" or n.startswith("capes.games.")]
    return found


def test_no_interface_module_imports_a_game_module() -> None:
    offenders = {str(p.relative_to(ROOT)): game_imports(p) for p in INTERFACES if p.exists() and game_imports(p)}
    assert offenders == {}


def test_the_scan_sees_imports_inside_functions(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("import os\ndef f():\n    from capes.games.heroes.odds import attack_odds\n", "utf-8")
    assert game_imports(probe) == ["capes.games.heroes.odds", "capes.games.heroes.odds.attack_odds"]


def test_odds_commands_come_from_the_registry_table() -> None:
    assert set(registry.CLI) == {"alliances", "heroes"}
    extras = registry.cli_extras()
    assert {gid: sorted(e) for gid, e in extras.items()} == {"alliances": ["odds"], "heroes": ["odds"]}
    r = CliRunner().invoke(app, ["odds", "--help"])
    assert r.exit_code == 0 and "alliances" in r.output and "heroes" in r.output


def test_a_missing_game_module_leaves_its_commands_out(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.CLI, "nosuch", "capes.games.nosuch.cli:commands")
    assert "nosuch" not in registry.cli_extras()
