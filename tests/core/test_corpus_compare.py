"""Re-recording the corpus after a change of log text only (DESIGN.md "Recorded games"; issue #14 "same games"):
``python -m capes.core.corpus compare`` replays the games with the old code and the new, and re-records only when
nothing but the log differs."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from capes.core.corpus import load_corpus, main, record, save, verify
from capes.core.corpus_compare import compare

ROOT = Path(__file__).resolve().parents[2]


def _step(digest: str, *texts: str) -> list:
    return [digest, [["rule/x", t, None, None] for t in texts]]


def test_compare_names_rewrites_added_lines_and_changed_play() -> None:
    old = [{"tag": "g seed 1", "steps": [_step("a", "Setup."), _step("b", "Hit for 2 with Thwip!.", "Round 3.")],
            "result": None}]
    new = [{"tag": "g seed 1", "steps": [_step("a", "Setup.", "Power Phase: 1 Power."),
                                         _step("b", "Hit for 2 with Thwip!", "Round 3.")], "result": None}]
    bad, log = compare(old, new)
    assert bad == []
    assert log == {("+", "", "Power Phase: # Power."): 1, ("~", "…Thwip!.", "…Thwip!"): 1}
    private = [["rule/x", "You draw Web-Shooter.", 0, "Player 1 draws a card."]]
    changed = [["rule/x", "You draw Web-Shooter.", 0, "Player 1 draws 1 card."]]
    assert compare([{**old[0], "steps": [["a", private]]}], [{**old[0], "steps": [["a", changed]]}])[1] == {
        ("~", "…a…", "…#…"): 1}  # what the other seats see changed ("draws a card" -> "draws 1 card")
    new[0]["steps"][1][0] = "c"  # the state after action 1 differs: not a change of text only
    bad, _ = compare(old, new)
    assert bad == ["g seed 1: the options, RNG or state differ after action #1"]
    new[0]["steps"][1][0] = "b"
    new[0]["result"] = [[1], [0]]
    assert compare(old, new)[0] == ["g seed 1: the results differ (None against [[1], [0]])"]


@pytest.fixture()
def corpus(tmp_path: Path) -> Path:
    path = tmp_path / "heroes.json.gz"
    save(path, record("heroes", {"players": 2}, seeds=[5, 6], bot="random"))  # whole games: they end with the line
    return path


def _old_copy(tmp_path: Path, path: str, old: str, new: str) -> Path:
    """A copy of this checkout's capes/ package with one text of one module replaced (the "old code")."""
    root = tmp_path / "old"
    shutil.copytree(ROOT / "capes", root / "capes", ignore=shutil.ignore_patterns("__pycache__"))
    f = root / "capes" / path
    text = f.read_text()
    assert old in text
    f.write_text(text.replace(old, new))
    return root


def test_a_reworded_log_line_is_listed_and_re_recorded(tmp_path: Path, corpus: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    old = _old_copy(tmp_path, "games/heroes/scenarios.py", "The game ends after Game Round", "Game over after Round")
    games = load_corpus(corpus)
    for g in games:  # as the old code recorded them: its log digest
        g["expect"]["log"] = "0" * 32
    save(corpus, games)
    assert main(["compare", str(corpus), "--old", str(old), "--write"]) == 0
    out = capsys.readouterr().out
    assert "all 2 games: the same options, RNG, state and result after every action" in out
    assert "2 log lines differ, in 1 shape (numbers shown as #):\n" in out
    assert "2 × 'Game over after…' → 'The game ends after Game…'" in out
    assert verify(load_corpus(corpus)) == []  # re-recorded with this checkout's code


def test_a_change_of_play_is_refused(tmp_path: Path, corpus: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old = _old_copy(tmp_path, "core/rng.py", "self.state = seed & _MASK", "self.state = (seed + 1) & _MASK")
    before = corpus.read_bytes()
    assert main(["compare", str(corpus), "--old", str(old), "--write"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("2 of 2 games play differently (not a change of log text only):")
    assert corpus.read_bytes() == before  # not re-recorded


def test_bad_arguments_get_one_line(tmp_path: Path, corpus: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", str(tmp_path / "none.json.gz"), "--old", str(ROOT)]) == 2
    assert main(["compare", str(corpus), "--old", str(tmp_path / "no-such-dir")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[0].endswith("no such corpus file (tests/corpus/<game>.json.gz are the recorded ones)")
    assert err[1].startswith("--old '") and "is neither a directory holding capes/ nor a git revision" in err[1]


@pytest.mark.parametrize("content", [b"not gzip at all", b"\x1f\x8b\x08\x00broken", "gzip:[1, 2]", "gzip:{}",
                                     'gzip:{"format": "capes-corpus/1", "games": [{"game": "heroes"}]}'])
def test_a_malformed_corpus_file_gets_one_line(tmp_path: Path, content: bytes | str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    import gzip

    path = tmp_path / "bad.json.gz"
    path.write_bytes(gzip.compress(content[5:].encode()) if isinstance(content, str) else content)
    for cmd in (["check", str(path)], ["compare", str(path), "--old", str(ROOT)]):
        assert main(cmd) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and err[0].startswith(f"{path}: ") and "capes-corpus/1" in err[0]


@pytest.mark.parametrize(("args", "says"), [
    (["--game", "nope"], "unknown game 'nope'; known games: champions, alliances, heroes"),  # (and test games)
    (["--game", "heroes", "--seeds", "abc"], "--seeds 'abc': give A-B, two whole numbers with A <= B (0-9), or one seed"),
    (["--game", "heroes", "--seeds", "3-2"], "--seeds '3-2': give A-B, two whole numbers with A <= B (0-9), or one seed"),
    (["--game", "heroes", "--config", "players=9"], "heroes: config 'players' must be an integer from 2 to 4 (got 9)"),
])
def test_record_refuses_bad_arguments_in_one_line(tmp_path: Path, args: list[str], says: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "new.json.gz"
    assert main(["record", str(path), *args]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(says) and "\n" not in err and not path.exists()


def test_old_code_from_a_git_revision(tmp_path: Path, corpus: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    """``--old REV``: the package of that revision, extracted from git (HEAD here: the games play the same)."""
    import subprocess

    if not (ROOT / ".git").exists() or subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"],
                                                      capture_output=True).returncode != 0:
        pytest.skip("not a git checkout")
    monkeypatch.chdir(ROOT)
    assert main(["compare", str(corpus), "--old", "HEAD"]) == 0
    assert capsys.readouterr().out.startswith("all 2 games: the same options, RNG, state and result after every action")

