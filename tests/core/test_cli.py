"""The command line: help everywhere, one-line errors, odds JSON, sim JSON, replay (issue #2 §6)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from capes.cli.main import app

runner = CliRunner()


def capes(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "capes.cli.main", *args], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("cmd", [[], ["games"], ["play"], ["sim"], ["sweep"], ["report"], ["replay"], ["odds"], ["odds", "alliances"],
                                 ["odds", "heroes"], ["rules"], ["content"], ["demo"]])
def test_help_everywhere(cmd: list[str]) -> None:
    r = runner.invoke(app, [*cmd, "--help"])
    assert r.exit_code == 0, r.output
    assert "Usage" in r.output


def test_odds_json_alliances() -> None:
    r = runner.invoke(app, ["odds", "alliances", "--attack", "3", "--defense", "1", "--health", "2", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert abs(sum(d["damage"].values()) - 1) < 1e-12
    assert d["damage_exact"]["0"] == "29/64" and d["p_ko"] == pytest.approx(d["damage"]["2"] + d["damage"]["3"]
                                                                             + d["damage"]["4"] + d["damage"]["5"])


def test_odds_json_heroes() -> None:
    r = runner.invoke(app, ["odds", "heroes", "--attack", "4", "--defend", "2", "--boost", "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["p_ko_exact"] == "145331/157464"


def test_bad_input_is_one_line_error_without_traceback() -> None:
    for args, fragment in [
        (["sim", "nosuchgame", "-n", "1"], "unknown game 'nosuchgame'; known games:"),
        (["odds", "alliances", "--attack", "2", "--defense", "1", "--defender", "boss"], "--defender must be enemy or character"),
        (["rules", "nosuchgame"], "unknown game"),
        (["replay", "/nonexistent/file.json"], "cannot read"),
    ]:
        r = capes(*args)
        assert r.returncode != 0
        assert "Traceback" not in r.stderr, r.stderr
        assert fragment in r.stderr, r.stderr
        assert len(r.stderr.strip().splitlines()) == 1, r.stderr


def test_replay_of_malformed_file(tmp_path: Path) -> None:
    f = tmp_path / "bad.json"
    f.write_text('{"game": "heroes", "config": {}, "seed": 1}')
    r = capes("replay", str(f))
    assert r.returncode == 2 and "lacks 'actions'" in r.stderr and "Traceback" not in r.stderr


def test_config_and_save_files_share_one_bounded_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """core.config.read_text_bounded reads at most limit+1 bytes; config files and saves word its refusals."""
    from capes.core import config, replay
    from capes.core.config import FileProblem, check_path, read_text_bounded
    from capes.core.errors import ConfigError, ReplayError

    f = tmp_path / "x.json"
    f.write_bytes(b"0123456789")
    assert read_text_bounded(f, 10) == "0123456789"
    for path, limit, kind in [(f, 9, "too_large"), (tmp_path, 10, "directory"), ("/dev/zero", 10, "special"),
                              (tmp_path / "none", 10, "unreadable")]:
        with pytest.raises(FileProblem) as e:
            read_text_bounded(path, limit)
        assert e.value.kind == kind
    monkeypatch.setattr(config, "MAX_FILE_BYTES", 9)
    with pytest.raises(ConfigError, match="is larger than"):
        check_path("g", "deck", str(f))
    with pytest.raises(ReplayError, match="is larger than"):
        replay.read_text_file(f, "save file", limit=9)
