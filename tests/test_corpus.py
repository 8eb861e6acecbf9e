"""Recorded games replay to the identical log, result and final state (DESIGN.md "Recorded games").

The corpus (tests/corpus/<game>.json.gz, recorded with ``python -m capes.core.corpus record``) is the
safety net of refactors and optimisations (issues #13, #14): they must leave every game identical.
A deliberate rules change re-records the corpus and says so in its commit.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from capes.core.contract import twin_labels
from capes.core.corpus import load_corpus, record, verify
from capes.core.registry import BUILTIN, load

CORPUS = Path(__file__).parent / "corpus"


@pytest.mark.parametrize("game_id", BUILTIN)
def test_recorded_games_replay_identically(game_id: str) -> None:
    games = load_corpus(CORPUS / f"{game_id}.json.gz")
    assert len(games) >= 100 and {g["bot"] for g in games} >= {"random"}
    assert verify(games) == []


@pytest.mark.parametrize("game_id", BUILTIN)
def test_recorded_games_never_offer_two_options_with_one_label(game_id: str) -> None:
    """Contract 'labels' (no two options of a decision share a label, so a person can tell every button apart) at
    every decision of every recorded game: the corpus holds bot games of every Champions hero against every villain,
    deeper into each game than the contract suite's random games (two Indomitables in play, two Advanced Ultron
    Drones tied for Biomechanical Upgrades and two Wakanda Forever! in a discard pile were found this way)."""
    bad = []
    for entry in load_corpus(CORPUS / f"{game_id}.json.gz"):
        state = load(game_id, **entry["config"]).new_game(int(entry["seed"]))
        for oid in entry["actions"]:
            twice = twin_labels(state.decision)
            if twice:
                bad.append(f"seed {entry['seed']} ({entry['bot']}) action {len(state.actions)}: {twice}")
                break
            state.apply(oid)
    assert bad == []


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


def test_the_recipe_says_how_every_recorded_game_was_recorded(tmp_path: Path) -> None:
    """tests/corpus/record.sh, run with a stand-in for Python that only writes down its arguments, names every game of
    the corpus files in order: its game, bot, configuration and seed (so the recipe cannot drift from the files)."""
    import shlex
    import subprocess

    from capes.core.config import parse_pairs
    from capes.core.registry import load

    log = tmp_path / "calls.txt"
    fake = tmp_path / "python"
    fake.write_text(f'#!/bin/sh\nprintf "%s\\n" "$*" >> {shlex.quote(str(log))}\n', encoding="utf-8")
    fake.chmod(0o755)
    root = CORPUS.parent.parent
    r = subprocess.run(["bash", str(CORPUS / "record.sh"), str(tmp_path / "out")], cwd=root, capture_output=True,
                       text=True, env={"PATH": "/usr/bin:/bin", "PYTHON": str(fake)}, timeout=60)
    assert r.returncode == 0, r.stderr
    named: dict[str, list[tuple[str, dict[str, object], int]]] = {g: [] for g in BUILTIN}
    for line in log.read_text(encoding="utf-8").splitlines():
        args = line.split()
        assert args[:3] == ["-m", "capes.core.corpus", "record"]
        game = args[args.index("--game") + 1]
        bot = args[args.index("--bot") + 1]
        lo, _, hi = args[args.index("--seeds") + 1].partition("-")
        pairs = [args[i + 1] for i, a in enumerate(args) if a == "--config"]
        config = load(game, **parse_pairs(pairs)).config_json()
        named[game] += [(bot, config, s) for s in range(int(lo), int(hi or lo) + 1)]
    for game, calls in named.items():
        recorded = [(g["bot"], g["config"], g["seed"]) for g in load_corpus(CORPUS / f"{game}.json.gz")]
        assert calls == recorded, game


def test_the_recipe_never_appends_to_the_recorded_files() -> None:
    import subprocess

    script = str(CORPUS / "record.sh")
    before = {p.name: p.read_bytes() for p in CORPUS.glob("*.json.gz")}
    for args in ([], [str(CORPUS)]):
        r = subprocess.run(["bash", script, *args], capture_output=True, text=True, timeout=60)
        assert r.returncode == 2 and r.stdout == "" and len(r.stderr.strip().splitlines()) == 1
        assert ("usage:" if not args else "already holds corpus files") in r.stderr
    assert {p.name: p.read_bytes() for p in CORPUS.glob("*.json.gz")} == before
