"""Recorded games replay to the identical log, result and final state (DESIGN.md "Recorded games").

The corpus (tests/corpus/<game>.json.gz, recorded with ``python -m capes.core.corpus record``) is the
safety net of refactors and optimisations (issues #13, #14): they must leave every game identical.
A deliberate rules change re-records the corpus and says so in its commit.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from capes.core.corpus import load_corpus, record, verify
from capes.core.registry import BUILTIN

CORPUS = Path(__file__).parent / "corpus"


@pytest.mark.parametrize("game_id", BUILTIN)
def test_recorded_games_replay_identically(game_id: str) -> None:
    games = load_corpus(CORPUS / f"{game_id}.json.gz")
    assert len(games) >= 100 and {g["bot"] for g in games} >= {"random"}
    assert verify(games) == []


def test_corpus_check_names_a_game_that_differs() -> None:
    games = record("heroes", {"players": 2}, seeds=[3], bot="random", max_actions=40)
    assert verify(games) == []
    games[0]["actions"] = games[0]["actions"][:-1]  # one action fewer: a different final state
    (line,) = verify(games)
    assert line.startswith("heroes seed 3 (random)") and "state" in line and "length" in line
    games[0]["actions"] = ["not-an-option"]
    (line,) = verify(games)
    assert "cannot be replayed" in line


def test_fingerprint_covers_log_result_and_state() -> None:
    a, b = record("alliances", {}, seeds=[0, 1], bot="random", max_actions=30)
    assert set(a["expect"]) == {"log", "result", "state", "length"} and a["expect"]["length"] == 30
    assert a["expect"]["state"] != b["expect"]["state"] and a["expect"]["log"] != b["expect"]["log"]
