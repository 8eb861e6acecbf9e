"""Every bad input of issue 10 gets a one-line ``error:`` and exit code 2, in bounded time and memory;
a hypothesis fuzz test drives the same parsers (save files, deck files, content folders, config values)."""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from capes.cli.main import main
from capes.core.replay import FORMAT

Maker = Callable[[Path], list[str]]


def _file(name: str, data: bytes | str) -> Callable[[Path], Path]:
    def make(tmp: Path) -> Path:
        p = tmp / name
        p.write_bytes(data if isinstance(data, bytes) else data.encode())
        return p
    return make


def _save(**over: object) -> str:
    doc: dict[str, object] = {"format": FORMAT, "capes": "0.1.0", "game": "heroes", "config": {}, "seed": 1,
                              "actions": []}
    doc.update(over)
    return json.dumps(doc)


def _content_dir(tmp: Path) -> Path:
    d = tmp / "content"
    d.mkdir(exist_ok=True)
    (d / "characters.yaml").write_bytes(b"- id: x\n  name: \xff\xfe\xfa\n")
    return d


BINARY = bytes(range(256)) * 4
CASES: list[tuple[str, Maker, str]] = [
    ("huge -n", lambda t: ["sim", "alliances", "-n", "9" * 24], "-n must be an integer from 1 to"),
    ("-n -5", lambda t: ["sim", "alliances", "-n", "-5"], "-n must be an integer from 1 to"),
    ("9999 workers", lambda t: ["sim", "alliances", "--workers", "9999"], "the cores available"),
    ("0 workers", lambda t: ["sim", "alliances", "--workers", "0"], "--workers must be an integer from 1"),
    ("0 iterations", lambda t: ["sim", "alliances", "--iterations", "0"], "--iterations must be an integer from 1"),
    ("-5 iterations", lambda t: ["sim", "alliances", "--iterations", "-5"], "--iterations must be an integer from 1"),
    ("alliances odds 1000", lambda t: ["odds", "alliances", "--attack", "100000", "--defense", "1"],
     "not a rule: the rules set no cap"),
    ("odds doom", lambda t: ["odds", "doom"], "allowed: alliances, heroes"),
    ("odds champions", lambda t: ["odds", "champions"], "allowed: alliances, heroes"),
    ("binary save", lambda t: ["replay", str(_file("b.json", BINARY)(t))], "is not UTF-8 text"),
    ("nested save", lambda t: ["replay", str(_file("n.json", "[" * 100_000 + "]" * 100_000)(t))],
     "nested deeper than"),
    ("/dev/zero", lambda t: ["replay", "/dev/zero"], "not a regular file"),
    ("a folder as save", lambda t: ["replay", str(t)], "is a directory"),
    ("10 MB action", lambda t: ["replay", str(_file("a.json", _save(actions=["x" * 10_000_000]))(t))],
     "is longer than 200 characters"),
    ("huge number", lambda t: ["replay", str(_file("h.json", '{"seed": ' + "9" * 5000 + "}")(t))], "not valid JSON"),
    ("unknown format", lambda t: ["replay", str(_file("f.json", _save(format="capes-replay/9"))(t))],
     "unknown save format"),
    ("not an object", lambda t: ["replay", str(_file("o.json", "[1, 2]")(t))], "expected a saved game"),
    ("bad config in save", lambda t: ["replay", str(_file("c.json", _save(config={"players": 9}))(t))],
     "config 'players' must be"),
    ("illegal action", lambda t: ["replay", str(_file("i.json", _save(actions=["fly:away"]))(t))],
     "action #1 'fly:away' cannot be replayed"),
    ("--seat without --resume", lambda t: ["replay", "x.json", "--seat", "1=human"], "--seat only applies with --resume"),
    ("binary deck", lambda t: ["play", "champions", "--config", f"deck={_file('d.json', BINARY)(t)}"],
     "is not UTF-8 text"),
    ("/dev/zero deck", lambda t: ["play", "champions", "--config", "deck=/dev/zero"], "not a regular file"),
    ("champions content", lambda t: ["play", "champions", "--config", f"content={_content_dir(t)}"],
     "is not UTF-8 text"),
    ("heroes content", lambda t: ["play", "heroes", "--config", f"content={_content_dir(t)}"], "is not UTF-8 text"),
    ("alliances content", lambda t: ["play", "alliances", "--config", f"content={_content_dir(t)}"],
     "is not UTF-8 text"),
    ("10 MB config value", lambda t: ["content", "heroes", "--config", "teams=" + "y" * 10_000_000],
     "has unknown item"),
    ("unknown config key", lambda t: ["content", "heroes", "--config", "k" * 100 + "=1"], "unknown config key"),
    ("--save a folder", lambda t: ["play", "heroes", "--seed", "1", "--save", str(t)], "is a directory"),
    ("--save another game", lambda t: ["play", "alliances", "--save", str(_file("s.json", _save())(t))],
     "already holds a saved heroes game"),
    ("--save a text file", lambda t: ["play", "alliances", "--save", str(_file("t.txt", "notes")(t))],
     "already holds a file that is not a capes save"),
    ("unknown game", lambda t: ["play", "doom"], "unknown game 'doom'"),
    ("bad seat", lambda t: ["play", "heroes", "--seat", "1=wizard"], "unknown seat kind 'wizard'"),
    ("bad bot setting", lambda t: ["play", "heroes", "--seat", "1=ismcts:depth=3"], "unknown ismcts option"),
    # a search of 1e99 iterations would never answer; text where a number goes was an internal error
    ("absurd bot setting", lambda t: ["play", "heroes", "--seat", "1=ismcts:iterations=1e99"],
     "iterations must be an integer from 1 to 1,000,000 (got 1e+99)"),
    ("text bot setting", lambda t: ["play", "heroes", "--seat", "2=hard:rollout_depth=deep"],
     "rollout_depth must be an integer from 0 to 100,000 (got deep)"),
    ("nan bot setting", lambda t: ["play", "champions", "--seat", "1=ismcts:exploration=nan"],
     "exploration must be a number from 0 to 100 (got nan)"),
    ("bad seed", lambda t: ["play", "heroes", "--seed", "-1"], "--seed must be an integer from 0"),
    ("bad option", lambda t: ["play", "heroes", "--bogus"], "No such option: --bogus"),
    ("rules query too long", lambda t: ["rules", "heroes", "q" * 1000], "at most 200 characters"),
    ("no such rule", lambda t: ["rules", "heroes", "zzzqqq"], "no heroes rule matches"),
]


def run_main(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("name,make,fragment", CASES, ids=[c[0] for c in CASES])
def test_bad_input_is_one_line_error_exit_2(name: str, make: Maker, fragment: str, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    args = make(tmp_path)
    capsys.readouterr()
    t0 = time.perf_counter()
    code, _, err = run_main(args, capsys)
    assert time.perf_counter() - t0 < 20
    assert code == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert fragment in lines[0], lines[0]
    assert len(lines[0]) < 450  # never the input echoed back


def test_heroes_odds_says_at_most_8_dice_are_rolled(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(["odds", "heroes", "--attack", "1000", "--defend", "2", "--json"], capsys)
    assert code == 0 and "note: at most 8 dice are rolled" in err and "--attack 1000 rolls 8" in err
    assert json.loads(out)["attack_dice"] == 8


def test_old_or_unlabelled_save_warns(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "old.json"
    f.write_text(_save(capes="0.0.1"))
    code, out, err = run_main(["replay", str(f)], capsys)
    assert code == 0 and err.startswith("warning: the save was written by capes '0.0.1'")


def _limited(args: list[str], seconds: float = 60) -> subprocess.CompletedProcess[str]:
    """``capes ARGS`` in a process limited to 1.5 GB of address space."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1_500_000_000, 1_500_000_000))
    return subprocess.run([sys.executable, "-m", "capes.cli.main", *args], capture_output=True, text=True,
                          timeout=seconds, preexec_fn=limit)


@pytest.mark.parametrize("args", [["replay", "/dev/zero"], ["sim", "alliances", "-n", "9" * 30],
                                  ["sim", "heroes", "--workers", "9999"],
                                  ["odds", "alliances", "--attack", "100000", "--defense", "2"]])
def test_bad_input_in_a_memory_limited_process(args: list[str]) -> None:
    r = _limited(args)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and r.stderr.startswith("error: ")


# --- fuzz ------------------------------------------------------------------------------------------
FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _check_fuzz(args: list[str], capsys: pytest.CaptureFixture[str], ok_codes: tuple[int, ...] = (2,)) -> None:
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t0 = time.perf_counter()
    code, _, err = run_main(args, capsys)
    assert time.perf_counter() - t0 < 20
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 300_000  # KB
    assert code in ok_codes, err
    if code == 2:
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in err, err
        assert len(lines[0]) < 450
        if "internal error" in lines[0]:
            FOUND.add(lines[0])


#: internal errors (bugs of a game's loader) met by the fuzz tests: still one line and exit 2, reported
FOUND: set[str] = set()


json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
                           lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=10), c, max_size=4),
                           max_leaves=12)


@FUZZ
@given(data=st.one_of(st.binary(max_size=400), st.text(max_size=400).map(str.encode),
                      st.dictionaries(st.sampled_from(["format", "capes", "game", "config", "seed", "actions", "seats"]),
                                      json_values).map(lambda d: json.dumps(d).encode())))
def test_fuzz_save_files(data: bytes, tmp_path_factory: pytest.TempPathFactory,
                         capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path_factory.mktemp("fz") / "save.json"
    f.write_bytes(data)
    _check_fuzz(["replay", str(f)], capsys)


@FUZZ
@given(data=st.one_of(st.binary(max_size=300), st.text(max_size=300).map(str.encode),
                      json_values.map(lambda v: json.dumps(v).encode())))
def test_fuzz_deck_files(data: bytes, tmp_path_factory: pytest.TempPathFactory,
                         capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path_factory.mktemp("fz") / "deck.json"
    f.write_bytes(data)
    _check_fuzz(["content", "champions", "--config", f"deck={f}"], capsys)


yaml_text = st.one_of(st.binary(max_size=300), st.text(max_size=300).map(str.encode),
                      json_values.map(lambda v: json.dumps(v).encode()),
                      st.lists(st.dictionaries(st.sampled_from(["id", "name", "code", "kind", "stats", "text"]),
                                               json_values, max_size=4), max_size=3).map(
                          lambda v: json.dumps(v).encode()))


@FUZZ
@given(game=st.sampled_from(["champions", "heroes", "alliances"]),
       name=st.sampled_from(["characters.yaml", "cards.yaml", "villains.yaml", "teams.yaml", "enemies.yaml"]),
       data=yaml_text)
def test_fuzz_content_folders(game: str, name: str, data: bytes, tmp_path_factory: pytest.TempPathFactory,
                              capsys: pytest.CaptureFixture[str]) -> None:
    d = tmp_path_factory.mktemp("content")
    (d / name).write_bytes(data)
    _check_fuzz(["content", game, "--config", f"content={d}"], capsys, ok_codes=(0, 2))


@FUZZ
@given(game=st.sampled_from(["champions", "heroes", "alliances"]),
       key=st.sampled_from(["players", "heroes", "villain", "mode", "squad", "difficulty", "teams", "scenario",
                            "long", "control", "modulars", "decks", "round_limit", "arch_tie", "nokey"]),
       value=st.text(max_size=60))
def test_fuzz_config_values(game: str, key: str, value: str, capsys: pytest.CaptureFixture[str]) -> None:
    _check_fuzz(["content", game, "--config", f"{key}={value}"], capsys, ok_codes=(0, 2))
