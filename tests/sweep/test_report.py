"""capes report: the numbers behind every table and plot, the self-contained HTML, CSV, and bad input (issue #16)."""

from __future__ import annotations

import csv
import json
import math
import re
import statistics
from pathlib import Path

import pytest

from capes.cli.main import main
from capes.report import (
    Report,
    build_report,
    chi2_homogeneity,
    chi2_sf,
    draw,
    holm,
    two_proportion,
    write_report,
)
from capes.sim import wilson
from capes.sweep import PartDir, RowMeta, SweepError, make_row, run_sweep

#: cell -> (wins, games, actions of game i = base + i)
CELLS = {("rhino", "standard"): (30, 40, 50), ("rhino", "expert"): (10, 40, 60),
         ("klaw", "standard"): (20, 40, 70), ("klaw", "expert"): (5, 40, 80)}


def synthetic(tmp_path: Path) -> Path:
    """A sweep folder whose outcomes are known: cell by cell, the first `wins` seeds win."""
    out = tmp_path / "syn.parquet"
    out.mkdir()
    for index, ((villain, mode), (wins, n, base)) in enumerate(CELLS.items()):
        grid = {"villain": villain, "mode": mode}
        meta = RowMeta("champions", "0.1.0", f"villain={villain} mode={mode}", json.dumps(grid),
                       json.dumps({"villain": villain, "mode": mode}), ("random",), ("{}",))
        rows = [make_row(meta, {"seed": s, "outcomes": ["win" if s < wins else "loss"], "scores": [0.0],
                                "stats": {}, "actions": base + s, "seconds": 0.01, "error": None})
                for s in range(n)]
        PartDir(out).write(f"part-{index:05d}-000000000000.parquet", rows[:25])
        PartDir(out).write(f"part-{index:05d}-000000000025.parquet", rows[25:])  # a cell spread over two parts
    return out


@pytest.fixture(scope="module")
def drawn(tmp_path_factory: pytest.TempPathFactory) -> Report:
    """The synthetic sweep's report with its plots drawn (drawing once keeps the tests quick)."""
    rep = build_report([str(synthetic(tmp_path_factory.mktemp("syn")))])
    draw(rep)
    return rep


def test_win_rates_intervals_and_lengths_are_the_rows_numbers(drawn: Report) -> None:
    rep = drawn
    assert rep.files == 8 and rep.grid_keys == ["villain", "mode"]
    assert [c["cell"] for c in rep.cells] == [f"villain={v} mode={m}" for v, m in CELLS]
    for c, (wins, n, base) in zip(rep.cells, CELLS.values(), strict=True):
        assert (c["games"], c["wins"]) == (n, wins) and c["win_rate"] == wins / n
        assert (c["ci_low"], c["ci_high"]) == pytest.approx(wilson(wins, n))
        assert c["mean_actions"] == pytest.approx(base + (n - 1) / 2)
    for r, (_, n, base) in zip(rep.lengths, CELLS.values(), strict=True):
        actions = [base + s for s in range(n)]
        q1, med, q3 = statistics.quantiles(actions, n=4, method="inclusive")
        assert (r["min"], r["q1"], r["median"], r["q3"], r["max"]) == pytest.approx(
            (min(actions), q1, med, q3, max(actions)))


def test_heatmap_is_first_key_by_the_rest_with_intervals(drawn: Report) -> None:
    rep = drawn
    hm = rep.heatmap
    assert hm["rows"] == ["villain=rhino", "villain=klaw"] and hm["cols"] == ["mode=standard", "mode=expert"]
    assert hm["win_rate"] == [[30 / 40, 10 / 40], [20 / 40, 5 / 40]]
    assert hm["ci_low"][1][1] == pytest.approx(wilson(5, 40)[0]) and hm["games"] == [[40, 40], [40, 40]]
    assert set(rep.plots) == {"heatmap", "win_rates", "lengths"}


def test_differences_between_cells_are_tested(drawn: Report) -> None:
    rep = drawn
    chi = rep.tests["chi2"]
    # by hand: 65 wins of 160, expected 16.25 wins per cell
    expected = sum((w - 16.25) ** 2 / 16.25 + ((40 - w) - 23.75) ** 2 / 23.75 for w in (30, 10, 20, 5))
    assert chi["df"] == 3 and chi["statistic"] == pytest.approx(expected)
    assert chi["p_value"] == pytest.approx(chi2_sf(expected, 3)) and chi["p_value"] < 1e-5
    pw = {r["cell"]: r for r in rep.tests["pairwise"]}
    assert set(pw) == {"villain=rhino mode=expert", "villain=klaw mode=standard", "villain=klaw mode=expert"}
    assert all(r["versus"] == "villain=rhino mode=standard" for r in pw.values())
    assert pw["villain=klaw mode=expert"]["significant"] and pw["villain=klaw mode=expert"]["z"] > 5


def test_statistics_against_known_values() -> None:
    assert chi2_sf(3.841458820694124, 1) == pytest.approx(0.05, abs=1e-9)
    assert chi2_sf(11.0705, 5) == pytest.approx(0.05, abs=1e-5)
    assert chi2_sf(100.0, 60) == pytest.approx(0.000_916_83, rel=1e-5)  # tables: P(chi2_60 >= 100)
    z, p = two_proportion(30, 40, 10, 40)
    assert z == pytest.approx(0.5 / math.sqrt(0.25 * 2 / 40)) and p == pytest.approx(math.erfc(z / math.sqrt(2)))
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert chi2_homogeneity([0, 0], [10, 10])["p_value"] is None  # no wins anywhere: nothing to test
    # scipy.stats.chi2.sf(x, df) (SciPy 1.17), on both branches of the incomplete gamma function
    for x, df, sf in [(0.5, 1, 0.47950012218695337), (7.3, 4, 0.12085874882121235),
                      (55.0, 30, 0.0035499270232008744), (2.0, 9, 0.9914676066288135)]:
        assert chi2_sf(x, df) == pytest.approx(sf, rel=1e-9)


def test_html_is_self_contained_and_csv_hold_the_tables(drawn: Report, tmp_path: Path) -> None:
    rep = drawn
    files = write_report(rep, tmp_path / "r.html")
    assert [f.name for f in files] == ["r.html", "r-cells.csv", "r-seats.csv", "r-lengths.csv", "r-tests.csv"]
    doc = (tmp_path / "r.html").read_text()
    assert len(re.findall(r'<img alt="\w+" src="data:image/png;base64,', doc)) == 3
    assert not re.search(r'(src|href)="(https?:|//)', doc)  # nothing fetched from elsewhere
    data = json.loads(re.search(r'id="capes-report-data">(.*?)</script>', doc, re.S).group(1))  # type: ignore[union-attr]
    assert data["heatmap"]["win_rate"] == rep.heatmap["win_rate"]
    with open(tmp_path / "r-cells.csv", encoding="utf-8") as f:
        cells = list(csv.DictReader(f))
    assert [(c["cell"], int(c["wins"])) for c in cells] == [(c["cell"], c["wins"]) for c in rep.cells]
    assert "Pearson chi-squared" in doc and "Holm" in doc


def test_report_of_a_real_sweep_and_of_one_part_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from capes.sweep import Sweep, parse_grid

    out = tmp_path / "h.parquet"
    run_sweep(Sweep("heroes", parse_grid("heroes", ["players=2,3"]), 2, 0, bots=["random"], chunk=1), out)
    assert main(["report", str(out), "--out", str(tmp_path / "h.html")]) == 0
    text = capsys.readouterr().out
    assert "heroes: 4 games in 2 cells (4 part files)" in text and (tmp_path / "h-seats.csv").exists()
    rep = build_report([str(out)])
    assert all(c["mean_game_rounds"] > 0 for c in rep.cells)  # the game's own stats, averaged per cell
    assert "mean_game_rounds" in (tmp_path / "h-cells.csv").read_text().splitlines()[0]
    assert [(s["cell"], s["seat"]) for s in rep.seats] == [("players=2", 1), ("players=2", 2), ("players=3", 1),
                                                          ("players=3", 2), ("players=3", 3)]
    one = build_report([str(next(out.glob("part-00001-*.parquet")))])
    assert [c["games"] for c in one.cells] == [1]


@pytest.mark.parametrize(("make", "fragment"), [
    (lambda t: [str(t / "missing")], "no such file or folder"),
    (lambda t: [str(t)], "holds no .parquet files"),
    (lambda t: [str(_write(t / "bad.parquet", b"PAR1 not really"))], "is not a readable Parquet file"),
    (lambda t: [str(_foreign(t))], "does not hold capes sweep rows"),
])
def test_bad_report_input_is_one_line(make, fragment: str, tmp_path: Path,  # type: ignore[no-untyped-def]
                                      capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "in").mkdir()
    code = main(["report", *make(tmp_path / "in"), "--out", str(tmp_path / "r.html")])
    err = capsys.readouterr().err
    assert code == 2 and fragment in err and len(err.strip().splitlines()) == 1, err


def test_a_report_covers_one_game(tmp_path: Path) -> None:
    from capes.sweep import Sweep, parse_grid

    run_sweep(Sweep("heroes", parse_grid("heroes", []), 1, 0, bots=["random"]), tmp_path / "h")
    run_sweep(Sweep("champions", parse_grid("champions", []), 1, 0, bots=["random"]), tmp_path / "c")
    with pytest.raises(SweepError, match=r"rows of 2 games \(champions, heroes\); report one game at a time"):
        build_report([str(tmp_path / "h"), str(tmp_path / "c")])


def _write(p: Path, data: bytes) -> Path:
    p.write_bytes(data)
    return p


def _foreign(t: Path) -> Path:
    import pyarrow as pa
    import pyarrow.parquet as pq

    pq.write_table(pa.table({"x": [1, 2]}), t / "foreign.parquet")
    return t / "foreign.parquet"
