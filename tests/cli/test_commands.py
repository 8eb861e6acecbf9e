"""The commands as a person runs them (issue 10 §5–§8): seeds, saves and resume with seat kinds, Ctrl-C,
the demo, sim output, and `capes rules GAME ID`."""

from __future__ import annotations

import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import tests.cli.games  # noqa: F401 - registers the Steps test game
from capes.cli.main import main


def run_main(args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
             stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_same_seed_same_game_and_a_random_seed_is_printed(capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    bots = ["--seat", "1=random", "--seat", "2=random", "--no-rules"]
    _, a, _ = run_main(["play", "heroes", "--seed", "5", *bots], capsys, monkeypatch)
    _, b, _ = run_main(["play", "heroes", "--seed", "5", *bots], capsys, monkeypatch)
    assert a == b and "seed 5" in a and "Result" in a
    _, c, _ = run_main(["play", "heroes", *bots], capsys, monkeypatch)
    m = re.search(r"seed (\d+) \(play this game again with --seed (\d+)\)", c)
    assert m and m.group(1) == m.group(2)
    _, d, _ = run_main(["play", "heroes", "--seed", m.group(1), *bots], capsys, monkeypatch)
    assert d.split("\n", 1)[1] == c.split("\n", 1)[1]  # the same game once its seed is given


def test_save_records_seats_and_resume_restores_and_prints_them(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "g.json"
    code, out, _ = run_main(["play", "steps", "--seed", "3", "--seat", "1=human", "--seat", "2=ismcts:iterations=20",
                             "--save", str(save)], capsys, monkeypatch, stdin="move:Ant:1\n")
    assert code == 0 and "Game saved to" in out
    doc = json.loads(save.read_text())
    assert doc["seed"] == 3 and doc["seats"][1] == {"kind": "bot", "bot": "ismcts", "settings": {"iterations": 20}}
    code, out, _ = run_main(["replay", str(save), "--resume"], capsys, monkeypatch)
    assert "resumed after 2 actions: Player 1 = human, Player 2 = ismcts:iterations=20" in out
    code, out, _ = run_main(["replay", str(save), "--resume", "--seat", "2=random"], capsys, monkeypatch)
    assert "Player 1 = human, Player 2 = random" in out
    assert json.loads(save.read_text())["seats"][1] == {"kind": "bot", "bot": "random", "settings": {}}


def test_save_refuses_another_game_unless_forced(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "g.json"
    run_main(["play", "steps", "--seed", "3", "--seat", "1=random", "--seat", "2=random", "--save", str(save)],
             capsys, monkeypatch)
    first = save.read_text()
    code, _, err = run_main(["play", "steps", "--seed", "4", "--save", str(save)], capsys, monkeypatch)
    assert code == 2 and "already holds a saved steps game (seed 3" in err and save.read_text() == first
    code, _, _ = run_main(["play", "steps", "--seed", "4", "--seat", "1=random", "--seat", "2=random",
                           "--save", str(save), "--force"], capsys, monkeypatch)
    assert code == 0 and json.loads(save.read_text())["seed"] == 4


def _spawn(args: list[str]) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "capes.cli.main", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, stdin=subprocess.PIPE, text=True, start_new_session=True)


def _wait_for_cpu(p: subprocess.Popen[str], seconds: float, deadline: float = 180.0) -> None:
    """Wait until the processes of ``p``'s session (it and its workers) have used ``seconds`` of CPU between
    them: past start-up and into the work however loaded the machine is (a fixed sleep is not, under load)."""
    tick = os.sysconf("SC_CLK_TCK")
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        used = 0
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[3]) == p.pid:  # the session id (field 6 of stat; start_new_session made p its leader)
                used += int(fields[11]) + int(fields[12])
        if used >= seconds * tick:
            return
        assert p.poll() is None, p.communicate()
        time.sleep(0.1)
    raise AssertionError(f"the command did not use {seconds} s of CPU in {deadline} s")


def test_ctrl_c_while_a_bot_thinks_saves_and_exits(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    p = _spawn(["play", "heroes", "--seed", "1", "--seat", "1=ismcts:iterations=1000000", "--seat", "2=random",
                "--save", str(save)])
    _wait_for_cpu(p, 2.0)
    t0 = time.perf_counter()
    os.killpg(p.pid, signal.SIGINT)
    out, err = p.communicate(timeout=10)
    assert time.perf_counter() - t0 < 2
    assert p.returncode == 130 and "Interrupted: game saved to" in out and "Traceback" not in err
    doc = json.loads(save.read_text())
    assert doc["seats"][0]["settings"] == {"iterations": 1000000}


def test_sim_ctrl_c_with_workers_ends_within_a_second_and_prints_what_finished() -> None:
    p = _spawn(["sim", "heroes", "-n", "100000", "--workers", "2"])
    _wait_for_cpu(p, 3.0)
    t0 = time.perf_counter()
    os.killpg(p.pid, signal.SIGINT)
    out, err = p.communicate(timeout=10)
    assert time.perf_counter() - t0 < 1.5
    assert p.returncode == 130 and "Traceback" not in err
    m = re.search(r"interrupted: (\d+) of 100000 games finished", err)
    assert m and int(m.group(1)) > 0 and f"heroes: {m.group(1)} games" in out


def test_sim_json_records_seeds_bots_and_full_config(capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run_main(["sim", "steps", "-n", "5", "--seed", "10", "--bot", "ismcts", "--iterations", "5",
                             "--json"], capsys, monkeypatch)
    d = json.loads(out)
    assert code == 0 and d["seeds"]["first"] == 10 and d["seeds"]["last"] == 14 and d["games"] == 5
    assert d["bots"] == ["ismcts", "ismcts"] and d["bot_settings"]["ismcts"]["iterations"] == 5
    _, out, _ = run_main(["sim", "heroes", "-n", "1", "--json"], capsys, monkeypatch)
    assert {"players", "scenario", "teams"} <= set(json.loads(out)["config"])  # every key, not just those given


def test_sim_table_is_whole_when_piped() -> None:
    r = subprocess.run([sys.executable, "-m", "capes.cli.main", "sim", "alliances", "-n", "1"], capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0 and "alliances-heuristic" in r.stdout and "…" not in r.stdout


def test_demo_is_short_with_pictures_and_labelled_results(capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run_main(["demo", "--game", "heroes"], capsys, monkeypatch)
    assert code == 0 and out.count("after ") >= 3 and "(score " in out
    assert len(out.splitlines()) < 400


def test_rules_prints_a_rule_by_id(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run_main(["rules", "alliances", "alliances/overview"], capsys, monkeypatch)
    assert code == 0 and "where: Game Overview" in out and "a squad plays through the Stages" in out
    code, out, _ = run_main(["rules", "alliances", "squad plays"], capsys, monkeypatch)
    assert code == 0 and "alliances/overview" in out
