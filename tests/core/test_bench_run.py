"""bench/run.py (issue #14's speed figures) runs end to end on one game, and times ismcts at several positions (one
decision alone depends on how far its rollouts go before the game ends); nothing here asserts a timing."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "run.py"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=300)


def test_a_row_per_game_with_the_mean_of_several_ismcts_decisions() -> None:
    r = _run("--game", "heroes", "--seconds", "0.2", "--rounds", "1", "--ismcts-positions", "3", "--json")
    assert r.returncode == 0, r.stderr
    row = json.loads(r.stdout)["games"]["heroes"]
    times = row["ismcts_decisions_s"]
    assert len(times) == 3 and row["ismcts_iterations"] == 200  # Heroes' default search
    assert row["ismcts_decision_s"] == pytest.approx(sum(times) / 3)


def test_the_table_says_how_many_decisions_were_timed() -> None:
    r = _run("--game", "heroes", "--seconds", "0.2", "--rounds", "1", "--ismcts-positions", "2")
    assert r.returncode == 0, r.stderr
    row = next(line for line in r.stdout.splitlines() if line.startswith("| heroes |"))
    assert row.endswith(" of 2; 200 it.) |")
    # the machine line says which capes ran: the suite runs the pure package (the compiled build is on no path here)
    assert r.stdout.splitlines()[0].endswith("; capes pure Python")


def test_a_bad_count_of_positions_is_one_line() -> None:
    r = _run("--game", "heroes", "--ismcts-positions", "0")
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.strip().splitlines()[-1].endswith("--ismcts-positions must be from 1 to 100 (got 0)")
