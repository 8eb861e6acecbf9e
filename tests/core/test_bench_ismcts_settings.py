"""bench/ismcts_settings.py (issue #14: what a cheaper ismcts setting gives up) runs end to end on a small case and
refuses a bad setting in one line; its figures are in the README, its numbers are not asserted (nothing in bench/
asserts a timing or a strength)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "ismcts_settings.py"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=120)


def test_prints_a_row_per_setting_and_the_scale_rows() -> None:
    r = _run("--game", "heroes", "--positions", "2", "--reference", "24", "--repeats", "1",
             "--setting", "iterations=8", "--setting", "iterations=8,rollout_depth=4")
    assert r.returncode == 0, r.stderr
    rows = [line for line in r.stdout.splitlines() if line.startswith("| ") and "---" not in line]
    names = [row.split(" | ")[0][2:] for row in rows[1:]]
    assert names == ["iterations=8", "iterations=8, rollout_depth=4", "a random option", "the normal bot"]
    assert all(" of 2 | " in row for row in rows[1:3])  # two positions, one run each
    assert "2 positions (normal bot games from seed 0); reference ismcts 24 iterations" in r.stdout


def test_a_bad_setting_is_one_line() -> None:
    r = _run("--game", "heroes", "--setting", "iterations=0")
    assert r.returncode == 1 and r.stdout == ""
    assert r.stderr.strip() == "ismcts option iterations must be an integer from 1 to 1,000,000 (got 0)"
