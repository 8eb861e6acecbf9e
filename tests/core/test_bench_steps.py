"""bench/steps.py (issue #14: where a game's time goes, by rule step) runs on every game, never changes a game it
times, and puts the engines' dispatch tables back; nothing here asserts a timing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
SCRIPT = BENCH / "steps.py"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("game", ["champions", "alliances", "heroes"])
def test_a_row_per_timed_entry_and_the_rest_outside_any_step(game: str) -> None:
    r = _run(game, "--games", "3", "--top", "5")
    assert r.returncode == 0, r.stderr
    rows = [line for line in r.stdout.splitlines() if line.startswith("| ") and not line.startswith("| entry")]
    named = [line.split(" | ")[0][2:] for line in rows]
    assert len(named) == 7 and named[-1] == "outside any step" and named[-2].endswith("more entries")
    assert any(n.startswith("step ") for n in named) or any(n.startswith("ask ") for n in named)


# In a fresh process: the tables are module globals that every engine of this process would see wrapped.
SAME_GAMES = f"""
import sys
sys.path.insert(0, {str(BENCH)!r})
from steps import TABLES, timed_tables
from capes.core.registry import load
from capes.core.rng import Rng
import importlib

def game(gid, seed):
    s = load(gid).new_game(seed)
    rng = Rng(seed)
    while not s.is_over:
        o = s.decision.options
        s.apply(o[rng.randbelow(len(o))])
    return [tuple(e) for e in s.log], s.to_json()

for gid, (mod, tables) in TABLES.items():
    m = importlib.import_module(mod)
    plain = [game(gid, seed) for seed in range(3)]  # first: loading a game may register more entries
    before = [dict(getattr(m, t)) for t, _ in tables]
    with timed_tables(gid) as t:
        timed = [game(gid, seed) for seed in range(3)]
    assert timed == plain, gid + ": a timed game differs"
    assert sum(t.calls.values()) > 0, gid + ": nothing was timed"
    after = [dict(getattr(m, t)) for t, _ in tables]
    assert after == before, gid + ": the tables were not put back"
print("ok")
"""


def test_timing_changes_no_game_and_puts_the_tables_back() -> None:
    r = subprocess.run([sys.executable, "-c", SAME_GAMES], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr[-2000:]


@pytest.mark.parametrize(("args", "says"), [(["nope"], "unknown game 'nope'"),
                                            (["heroes", "--games", "0"], "--games must be from 1 to 100,000")])
def test_bad_input_is_one_line(args: list[str], says: str) -> None:
    r = _run(*args)
    assert r.returncode == 2 and r.stdout == "" and says in r.stderr and "Traceback" not in r.stderr
