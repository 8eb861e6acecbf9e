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
    draw,
    holm,
    interval,
    logistic_effects,
    mcnemar_paired,
    two_proportion,
    write_report,
)
from capes.sim import wilson as score_interval
from capes.sweep import PartDir, RowMeta, SweepError, make_row, run_sweep

Z95 = statistics.NormalDist().inv_cdf(0.975)


def wilson(k: int, n: int) -> tuple[float, float]:
    """The Wilson score formula (capes.sim's), with the exact 97.5% normal quantile statsmodels uses."""
    return score_interval(k, n, Z95)


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
    assert set(rep.plots) == {"heatmap", "win_rates", "lengths", "effects"}


def test_differences_between_cells_are_tested(drawn: Report) -> None:
    rep = drawn
    chi = rep.tests["chi2"]
    # by hand: 65 wins of 160, expected 16.25 wins per cell
    expected = sum((w - 16.25) ** 2 / 16.25 + ((40 - w) - 23.75) ** 2 / 23.75 for w in (30, 10, 20, 5))
    assert chi["df"] == 3 and chi["statistic"] == pytest.approx(expected)
    # P(chi2_3 >= x) in closed form: erfc(sqrt(x/2)) + sqrt(2x/pi) exp(-x/2)
    sf3 = math.erfc(math.sqrt(expected / 2)) + math.sqrt(2 * expected / math.pi) * math.exp(-expected / 2)
    assert chi["p_value"] == pytest.approx(sf3, rel=1e-9) and chi["p_value"] < 1e-5
    pw = {r["cell"]: r for r in rep.tests["pairwise"]}
    assert set(pw) == {"villain=rhino mode=expert", "villain=klaw mode=standard", "villain=klaw mode=expert"}
    assert all(r["versus"] == "villain=rhino mode=standard" for r in pw.values())
    assert pw["villain=klaw mode=expert"]["significant"] and pw["villain=klaw mode=expert"]["z"] > 5


def test_statistics_against_known_values() -> None:
    z, p = two_proportion(30, 40, 10, 40)
    assert z == pytest.approx(0.5 / math.sqrt(0.25 * 2 / 40)) and p == pytest.approx(math.erfc(z / math.sqrt(2)))
    chi = chi2_homogeneity([30, 10], [40, 40])  # two cells: chi-squared is the z-test's z squared, df 1
    assert chi["statistic"] == pytest.approx(z * z) and chi["p_value"] == pytest.approx(p)
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert chi2_homogeneity([0, 0], [10, 10])["p_value"] is None  # no wins anywhere: nothing to test
    # Wilson: the score formula (capes.sim.wilson); Clopper-Pearson: the tables' exact bounds
    for k, n in [(0, 10), (5, 40), (50, 100), (40, 40)]:
        assert interval(k, n) == pytest.approx(wilson(k, n), abs=1e-9)
    assert interval(0, 10, "clopper-pearson") == pytest.approx((0.0, 1 - 0.025 ** 0.1))
    assert interval(10, 10, "clopper-pearson") == pytest.approx((0.025 ** 0.1, 1.0))
    assert interval(5, 10, "clopper-pearson") == pytest.approx((0.187086, 0.812914), abs=1e-6)
    # McNemar exact: 2 against 8 discordant pairs, two-sided binomial(10, 1/2): 2 * (1 + 10 + 45) / 1024
    t = mcnemar_paired([True] * 10 + [True] * 2 + [False] * 8, [True] * 10 + [False] * 2 + [True] * 8)
    assert (t["pairs"], t["both"], t["only_a"], t["only_b"]) == (20, 10, 2, 8)
    assert t["p_value"] == pytest.approx(2 * 56 / 1024)


def _cell(villain: str, mode: str, wins: int, n: int) -> dict:
    return {"levels": {"villain": villain, "mode": mode}, "wins": wins, "games": n, "errors": 0}


def test_logistic_effects_recover_known_odds_ratios() -> None:
    # odds 1 (rhino standard), x3 for klaw, /3 for expert: the additive logit model fits these cells exactly
    cells = [_cell("rhino", "standard", 20, 40), _cell("klaw", "standard", 30, 40),
             _cell("rhino", "expert", 10, 40), _cell("klaw", "expert", 20, 40)]
    eff = logistic_effects(cells, ["villain", "mode"])
    rows = {(r["factor"], r["level"]): r for r in eff["rows"]}
    assert rows["villain", "klaw"]["versus"] == "rhino" and rows["mode", "expert"]["versus"] == "standard"
    assert rows["villain", "klaw"]["effect"] == pytest.approx(math.log(3), abs=1e-6)
    assert rows["mode", "expert"]["odds_ratio"] == pytest.approx(1 / 3, abs=1e-6)
    assert eff["deviance"] == pytest.approx(0, abs=1e-8) and eff["df_resid"] == 1 and not eff["note"]
    # one factor alone: the log odds ratio and its Wald interval in closed form
    one = logistic_effects([_cell("rhino", "standard", 12, 40), _cell("klaw", "standard", 25, 40)], ["villain", "mode"])
    (r,) = one["rows"]
    b = math.log((25 / 15) / (12 / 28))
    se = math.sqrt(1 / 25 + 1 / 15 + 1 / 12 + 1 / 28)
    assert one["factors"] == ["villain"] and r["effect"] == pytest.approx(b, rel=1e-6)
    assert (r["ci_low"], r["ci_high"]) == pytest.approx((b - 1.959964 * se, b + 1.959964 * se), rel=1e-5)
    (lr,) = one["tests"]
    assert lr["df"] == 1 and lr["p_value"] == pytest.approx(chi2_homogeneity([12, 25], [40, 40])["p_value"], rel=0.1)
    none = logistic_effects([_cell("rhino", "standard", 1, 4)], ["villain"])
    assert none["rows"] == [] and "nothing to fit" in none["note"]


def test_the_synthetic_sweeps_effects(drawn: Report) -> None:
    eff = drawn.effects
    rows = {(r["factor"], r["level"]): r for r in eff["rows"]}
    assert set(rows) == {("villain", "klaw"), ("mode", "expert")}
    assert rows["villain", "klaw"]["effect"] < 0 and rows["mode", "expert"]["ci_high"] < 0  # fewer wins
    assert [t["factor"] for t in eff["tests"]] == ["villain", "mode"] and eff["tests"][1]["p_value"] < 1e-4
    text = drawn.text_summary()
    assert "fitted effects" in text and "mode=expert vs standard" in text


def test_bot_line_ups_are_paired_on_seeds(tmp_path: Path) -> None:
    out = tmp_path / "bots.parquet"
    out.mkdir()
    grid = {"villain": "rhino"}
    for index, (bots, won) in enumerate([(("random",), range(0, 30)), (("normal",), range(10, 36))]):
        meta = RowMeta("champions", "0.1.0", "villain=rhino", json.dumps(grid), json.dumps(grid), bots, ("{}",))
        rows = [make_row(meta, {"seed": s, "outcomes": ["win" if s in won else "loss"], "scores": [0.0],
                                "stats": {}, "actions": 40, "seconds": 0.01, "error": None}) for s in range(40)]
        PartDir(out).write(f"part-{index:05d}-000000000000.parquet", rows)
    rep = build_report([str(out)], "clopper-pearson")
    assert [c["cell"] for c in rep.cells] == ["villain=rhino bots=random", "villain=rhino bots=normal"]
    assert rep.cells[0]["ci_low"] == pytest.approx(interval(30, 40, "clopper-pearson")[0])
    (pair,) = rep.paired
    # seeds 0-9 only random wins, 30-35 only normal wins, 10-29 both, 36-39 neither
    assert (pair["a"], pair["b"], pair["both"], pair["only_a"], pair["only_b"], pair["neither"]) == (
        "normal", "random", 20, 6, 10, 4)
    assert pair["p_value"] == pytest.approx(mcnemar_paired([True] * 10 + [False] * 6, [False] * 10 + [True] * 6)[
        "p_value"])
    assert rep.effects["factors"] == ["bots"]
    assert "McNemar exact" in rep.text_summary()


def test_html_is_self_contained_and_csv_hold_the_tables(drawn: Report, tmp_path: Path) -> None:
    rep = drawn
    files = write_report(rep, tmp_path / "r.html")
    assert [f.name for f in files] == ["r.html", "r-cells.csv", "r-seats.csv", "r-lengths.csv", "r-tests.csv",
                                       "r-effects.csv", "r-paired.csv"]
    doc = (tmp_path / "r.html").read_text()
    assert len(re.findall(r'<img alt="\w+" src="data:image/png;base64,', doc)) == 4
    assert not re.search(r'(src|href)="(https?:|//)', doc)  # nothing fetched from elsewhere
    data = json.loads(re.search(r'id="capes-report-data">(.*?)</script>', doc, re.S).group(1))  # type: ignore[union-attr]
    assert data["heatmap"]["win_rate"] == rep.heatmap["win_rate"]
    with open(tmp_path / "r-cells.csv", encoding="utf-8") as f:
        cells = list(csv.DictReader(f))
    assert [(c["cell"], int(c["wins"])) for c in cells] == [(c["cell"], c["wins"]) for c in rep.cells]
    assert "Pearson chi-squared" in doc and "Holm" in doc and "logistic regression" in doc
    with open(tmp_path / "r-effects.csv", encoding="utf-8") as f:
        effects = list(csv.DictReader(f))
    assert [(e["factor"], e["level"]) for e in effects] == [(r["factor"], r["level"]) for r in rep.effects["rows"]]


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


def test_cli_prints_and_draws_fitted_effects_over_villain_and_hero(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "vh.parquet"
    out.mkdir()
    wins = {("rhino", "spider_man"): 24, ("rhino", "she_hulk"): 16, ("klaw", "spider_man"): 14,
            ("klaw", "she_hulk"): 6}
    for index, ((villain, hero), w) in enumerate(wins.items()):
        grid = {"villain": villain, "heroes": [hero]}
        meta = RowMeta("champions", "0.1.0", f"villain={villain} heroes={hero}", json.dumps(grid), json.dumps(grid),
                       ("normal",), ("{}",))
        rows = [make_row(meta, {"seed": s, "outcomes": ["win" if s < w else "loss"], "scores": [0.0], "stats": {},
                                "actions": 50, "seconds": 0.01, "error": None}) for s in range(30)]
        PartDir(out).write(f"part-{index:05d}-000000000000.parquet", rows)
    assert main(["report", str(out), "--out", str(tmp_path / "vh.html"), "--interval", "clopper-pearson"]) == 0
    text = capsys.readouterr().out
    rep = build_report([str(out)], "clopper-pearson")
    rows = {f"{r['factor']}={r['level']} vs {r['versus']}": r for r in rep.effects["rows"]}
    assert set(rows) == {"villain=klaw vs rhino", "heroes=she_hulk vs spider_man"}
    for name, r in rows.items():  # each effect printed with its interval
        assert f"{name}  " in text and f"{r['ci_low']:+.3f}…{r['ci_high']:+.3f}" in text
    assert "Clopper-Pearson (exact) intervals" in text and "likelihood-ratio" in text
    doc = (tmp_path / "vh.html").read_text()
    assert '<img alt="effects" src="data:image/png;base64,' in doc
    assert main(["report", str(out), "--out", str(tmp_path / "x.html"), "--interval", "exact"]) == 2
    err = capsys.readouterr().err
    assert "interval must be one of wilson, clopper-pearson" in err and len(err.strip().splitlines()) == 1
