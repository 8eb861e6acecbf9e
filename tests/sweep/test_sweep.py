"""capes sweep on local processes: the grid, one row per game, identical rows for any worker count or chunking,
resume without redoing finished chunks, `capes sim --out`, and one-line errors (issue #16)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from capes.cli.main import main
from capes.sweep import COLUMNS, MANIFEST, SweepError, iter_rows, run_sweep
from tests.sweep.helpers import rows_without_timing, small_sweep


def run_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_one_row_per_game_with_every_column(tmp_path: Path) -> None:
    sweep = small_sweep()
    run = run_sweep(sweep, tmp_path / "a.parquet")
    assert (run.games, run.skipped, run.errors) == (24, 0, 0)
    rows = list(iter_rows([tmp_path / "a.parquet"]))
    assert len(rows) == 24 and list(rows[0]) == list(COLUMNS)
    by_cell: dict[str, list[int]] = {}
    for r in rows:
        by_cell.setdefault(r["cell"], []).append(r["seed"])
        cfg = json.loads(r["config"])
        assert cfg["villain"] == json.loads(r["grid"])["villain"] and cfg["heroes"] == ["spider_man"]
        assert r["game"] == "champions" and r["bots"] == ["random"] and r["bot_settings"] == ["{}"]
        assert r["outcomes"] in (["win"], ["loss"]) and r["actions"] > 0 and r["seconds"] > 0
    # every cell plays the same seeds: seed .. seed+n-1
    assert by_cell == {c: [3, 4, 5, 6, 7, 8] for c in ["villain=rhino mode=standard", "villain=rhino mode=expert",
                                                       "villain=klaw mode=standard", "villain=klaw mode=expert"]}
    # chunks of 4 seeds: 2 parts per cell, each written whole
    parts = sorted(p.name for p in (tmp_path / "a.parquet").glob("*.parquet"))
    assert parts[:2] == ["part-00000-000000000000.parquet", "part-00000-000000000004.parquet"] and len(parts) == 8


def test_rows_identical_for_1_and_2_workers_and_any_chunking(tmp_path: Path) -> None:
    run_sweep(small_sweep(chunk=4), tmp_path / "one.parquet", workers=1)
    run_sweep(small_sweep(chunk=3), tmp_path / "two.parquet", workers=2)
    assert rows_without_timing(tmp_path / "one.parquet") == rows_without_timing(tmp_path / "two.parquet")


def test_the_game_own_stats_and_rounds_are_columns(tmp_path: Path) -> None:
    from capes.sweep import Sweep, parse_grid

    sweep = Sweep("heroes", parse_grid("heroes", ["players=2,3"]), 1, 5, bots=["random"])
    run_sweep(sweep, tmp_path / "h.parquet")
    rows = list(iter_rows([tmp_path / "h.parquet"]))
    assert [r["seats"] for r in rows] == [2, 3] and [len(r["outcomes"]) for r in rows] == [2, 3]
    for r in rows:
        stats = dict(r["stats"])
        assert "game_rounds" in stats and r["rounds"] == int(stats["game_rounds"]) > 0


def test_resume_plays_only_the_missing_or_torn_chunks(tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    sweep = small_sweep()
    run_sweep(sweep, out)
    before = rows_without_timing(out)
    (out / "part-00001-000000000004.parquet").unlink()  # lost
    torn = out / "part-00002-000000000000.parquet"
    torn.write_bytes(torn.read_bytes()[:100])  # cut short
    stamp = (out / "part-00003-000000000000.parquet").stat().st_mtime_ns
    run = run_sweep(sweep, out)
    assert (run.games, run.skipped) == (2 + 4, 24 - 6)
    assert (out / "part-00003-000000000000.parquet").stat().st_mtime_ns == stamp  # finished parts untouched
    assert rows_without_timing(out) == before


def test_an_interrupted_sweep_keeps_its_finished_chunks(tmp_path: Path) -> None:
    out = tmp_path / "i.parquet"
    seen: list[int] = []

    def stop_after_first_chunk(k: int) -> None:
        seen.append(k)
        raise KeyboardInterrupt

    run = run_sweep(small_sweep(), out, progress=stop_after_first_chunk)
    assert run.interrupted and run.games == 4 and len(list(out.glob("*.parquet"))) == 1
    rest = run_sweep(small_sweep(), out)
    assert (rest.games, rest.skipped) == (20, 4)
    assert len(list(iter_rows([out]))) == 24


def test_another_sweep_into_the_same_folder_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "s.parquet"
    run_sweep(small_sweep(n=2), out)
    with pytest.raises(SweepError, match=r"holds another sweep \(its n differ\)"):
        run_sweep(small_sweep(n=3), out)
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("mine")
    with pytest.raises(SweepError, match="not a capes sweep"):
        run_sweep(small_sweep(n=2), tmp_path / "other")
    assert json.loads((out / MANIFEST).read_text())["n"] == 2


def test_cli_sweep_then_sim_out_write_the_same_rows(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(["sweep", "champions", "--grid", "villain=klaw", "-n", "5", "--bot", "random",
                              "--seed", "11", "--out", str(tmp_path / "sw.parquet"), "--chunk", "2"], capsys)
    assert code == 0, err
    assert "5 games played" in out and "games/s" in out
    code, out, err = run_cli(["sim", "champions", "-c", "villain=klaw", "-n", "5", "--bot", "random", "--seed", "11",
                              "--workers", "2", "--out", str(tmp_path / "sim.parquet")], capsys)
    assert code == 0, err
    sweep_rows = rows_without_timing(tmp_path / "sw.parquet")
    sim_rows = rows_without_timing(tmp_path / "sim.parquet")
    # the sim has no grid: the same games, without a cell name
    for r in sweep_rows:
        r["cell"], r["grid"] = "", "{}"
    assert sim_rows == sweep_rows
    assert pq.read_metadata(next((tmp_path / "sim.parquet").glob("*.parquet"))).num_rows == 5
    code, _, err = run_cli(["sim", "champions", "-n", "1", "--bot", "random", "--out", str(tmp_path / "sim.parquet")],
                           capsys)
    assert code == 2 and "already exists and is not empty" in err


def test_cli_sweep_json_and_resume(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["sweep", "heroes", "--grid", "players=2", "-n", "2", "--bot", "random", "--out", str(tmp_path / "j"),
            "--json"]
    code, out, _ = run_cli(args, capsys)
    assert code == 0 and json.loads(out)["games"] == 2
    code, out, _ = run_cli(args, capsys)
    d = json.loads(out)
    assert code == 0 and (d["games"], d["skipped"], d["total"]) == (0, 2, 2)


@pytest.mark.parametrize(("args", "fragment"), [
    (["--grid", "villian=rhino"], "champions has no config key 'villian'; allowed keys: heroes, villain"),
    (["--grid", "villain=rhino,thanos"], "--grid cell villain=thanos: champions: config 'villain' must be one of"),
    (["--grid", "heroes=spider_man+nobody"], "has unknown item 'nobody'"),
    (["--grid", "villain=rhino,rhino"], "a value is listed twice"),
    (["--grid", "villain"], "--grid expects key=value1,value2"),
    (["--grid", "villain=rhino", "-c", "villain=klaw"], "given both by --config and by --grid"),
    (["-n", "0"], "-n must be an integer from 1 to"),
    (["-n", "-5"], "-n must be an integer from 1 to"),
    (["--chunk", "0"], "--chunk must be an integer from 1"),
    (["--workers", "999"], "--workers must be an integer from 1 to"),
    (["--backend", "spark"], "--backend must be local or ray"),
    (["--address", "ray://x:1"], "--address only applies with --backend ray"),
    (["--bot", "nobot"], "unknown bot 'nobot'"),
    (["--backend", "ray", "--address", "127.0.0.1:9"], "cannot reach the Ray cluster at '127.0.0.1:9'"),
    (["--backend", "ray", "--address", "nonsense"], "give host:port or ray://host:port"),
])
def test_bad_sweep_input_is_one_line(args: list[str], fragment: str, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(["sweep", "champions", "-n", "1", "--out", str(tmp_path / "x"), *args], capsys)
    assert code == 2 and fragment in err, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_out_must_be_a_folder_in_an_existing_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "file.parquet"
    f.write_text("x")
    for out, fragment in [(f, "is a file; give a directory name"), (tmp_path / "no" / "x", "does not exist")]:
        code, _, err = run_cli(["sweep", "champions", "-n", "1", "--bot", "random", "--out", str(out)], capsys)
        assert code == 2 and fragment in err and len(err.strip().splitlines()) == 1, err


def test_no_interface_needs_a_game_import_to_sweep() -> None:
    assert not any(m.startswith("capes.games.") and m.endswith(".odds") for m in sys.modules if "sweep" in m)
