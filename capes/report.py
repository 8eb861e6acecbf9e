"""``capes report``: the answers of a sweep, from its Parquet rows, as tables, tests and plots in one HTML file.

Every figure is a DuckDB query over the part files (any number of them); the plots are drawn from the very
numbers in the tables (:attr:`Report.heatmap`, :attr:`Report.lengths`), so a test can check what a plot shows
without looking at pixels.

The win rate of a cell is seat 1's (in a co-operative game every seat shares the outcome, so it is the team's);
the per-seat table gives every seat's. Intervals are Wilson score 95% intervals. Differences between cells are
tested with Pearson's chi-squared test of homogeneity (all cells at once) and, for each cell against the cell
with the highest win rate, a two-sided two-proportion z-test with Holm's correction for the number of
comparisons. Both treat games as independent; cells share seeds, which makes their differences, if anything,
less noisy than the tests assume.

>>> round(chi2_sf(3.841458820694124, 1), 6)
0.05
"""

from __future__ import annotations

import base64
import csv
import html
import io
import json
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from capes.core.config import quote
from capes.sim import wilson
from capes.sweep import COLUMNS, SweepError, part_files

ALPHA = 0.05


# --- statistics (no SciPy needed) -----------------------------------------------------------------------------

def _gamma_q(a: float, x: float) -> float:
    """The regularised upper incomplete gamma function Q(a, x) (series below a+1, continued fraction above)."""
    if x <= 0:
        return 1.0
    gln = math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        ap = a
        for _ in range(10_000):
            ap += 1
            term *= x / ap
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(-x + a * math.log(x) - gln))
    b = x + 1 - a
    c = 1 / 1e-300
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1e-300 if abs(d) < 1e-300 else d
        c = b + an / c
        c = 1e-300 if abs(c) < 1e-300 else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return min(1.0, math.exp(-x + a * math.log(x) - gln) * h)


def chi2_sf(x: float, df: int) -> float:
    """P(X ≥ x) for X chi-squared with ``df`` degrees of freedom."""
    return _gamma_q(df / 2, x / 2)


def normal_sf2(z: float) -> float:
    """Two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


def chi2_homogeneity(wins: Sequence[int], games: Sequence[int]) -> dict[str, Any]:
    """Pearson's chi-squared test that every cell has the same win rate (a 2 × cells table)."""
    cells = [(w, n) for w, n in zip(wins, games, strict=True) if n > 0]
    total_w = sum(w for w, _ in cells)
    total_n = sum(n for _, n in cells)
    base = {"test": "Pearson chi-squared test of homogeneity (win/not win × cell)", "cells": len(cells)}
    if len(cells) < 2 or total_w in (0, total_n):
        return {**base, "statistic": None, "df": None, "p_value": None,
                "note": "not computable: fewer than two cells, or every game has the same outcome"}
    p = total_w / total_n
    stat = 0.0
    for w, n in cells:
        for observed, expected in ((w, n * p), (n - w, n * (1 - p))):
            stat += (observed - expected) ** 2 / expected
    df = len(cells) - 1
    return {**base, "statistic": stat, "df": df, "p_value": chi2_sf(stat, df), "note": ""}


def two_proportion(w1: int, n1: int, w2: int, n2: int) -> tuple[float, float]:
    """(z, two-sided p) of the pooled two-proportion z-test; (0, 1) when it is undefined."""
    if n1 == 0 or n2 == 0:
        return 0.0, 1.0
    p = (w1 + w2) / (n1 + n2)
    se = math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2))
    if se == 0:
        return 0.0, 1.0
    z = (w1 / n1 - w2 / n2) / se
    return z, normal_sf2(z)


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment of a family of p-values.

    >>> [round(p, 3) for p in holm([0.01, 0.04, 0.03])]
    [0.03, 0.06, 0.06]
    """
    order = sorted(range(len(pvalues)), key=lambda i: pvalues[i])
    out = [0.0] * len(pvalues)
    running = 0.0
    m = len(pvalues)
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        out[i] = running
    return out


# --- the report -----------------------------------------------------------------------------------------------

@dataclass
class Report:
    """The tables of a sweep and the data of each plot."""

    game: str
    files: int
    grid_keys: list[str]
    cells: list[dict[str, Any]]
    seats: list[dict[str, Any]]
    tests: dict[str, Any]
    heatmap: dict[str, Any]
    lengths: list[dict[str, Any]]
    plots: dict[str, str] = field(default_factory=dict)  # name -> PNG bytes, base64

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "files": self.files, "grid_keys": self.grid_keys, "cells": self.cells,
                "seats": self.seats, "tests": self.tests, "heatmap": self.heatmap, "lengths": self.lengths}

    def text_summary(self) -> str:
        lines = [f"{self.game}: {sum(c['games'] for c in self.cells):,} games in {len(self.cells)} cells "
                 f"({self.files} part files)"]
        width = max([len(c["cell"] or "(all)") for c in self.cells] + [4])
        lines.append(f"{'cell':<{width}}  {'games':>7}  {'win rate':>8}  {'95% interval':>13}  {'mean actions':>12}")
        for c in self.cells:
            lines.append(f"{c['cell'] or '(all)':<{width}}  {c['games']:>7,}  {c['win_rate']:>8.3f}  "
                         f"{c['ci_low']:.3f}–{c['ci_high']:.3f}  {c['mean_actions']:>12.1f}")
        chi = self.tests["chi2"]
        if chi["p_value"] is not None:
            lines.append(f"cells differ? chi-squared {chi['statistic']:.2f}, df {chi['df']}, p = {chi['p_value']:.3g}")
        else:
            lines.append(f"cells differ? {chi['note']}")
        return "\n".join(lines)


def _connect(paths: Sequence[str]) -> tuple[Any, list[str]]:
    import duckdb
    import pyarrow.parquet as pq

    files = part_files(paths)
    for f in files:  # name the bad file before DuckDB sees it
        try:
            names = set(pq.read_schema(f).names)
        except Exception as e:
            first = (str(e).strip().splitlines() or [type(e).__name__])[0]
            raise SweepError(f"{quote(f, 80)} is not a readable Parquet file ({first[:120]})") from None
        missing = [c for c in COLUMNS if c not in names]
        if missing:
            raise SweepError(f"{quote(f, 80)} does not hold capes sweep rows (no column {', '.join(missing)}); "
                             f"give files written by capes sweep or capes sim --out")
    con = duckdb.connect()
    listed = "[" + ", ".join("'" + f.replace("'", "''") + "'" for f in files) + "]"  # a view cannot take parameters
    con.execute(f"CREATE VIEW rows AS SELECT * FROM read_parquet({listed}, union_by_name = true, filename = true)")
    return con, files


def build_report(paths: Sequence[str]) -> Report:
    """Query the rows of ``paths`` (sweep folders or part files) into a :class:`Report` (plots not drawn yet)."""
    con, files = _connect(paths)
    games = [g for (g,) in con.execute("SELECT DISTINCT game FROM rows ORDER BY game").fetchall()]
    if len(games) != 1:
        raise SweepError(f"the files hold rows of {len(games)} games ({', '.join(games) or 'none'}); "
                         f"report one game at a time")
    game = games[0]
    # cells in the order the sweep made them: by the first part file holding each cell
    cell_rows = con.execute("""
        SELECT cell, any_value(grid) AS grid, count(*) AS games, count(error) AS errors,
               count(*) FILTER (WHERE error IS NULL) AS ok,
               count(*) FILTER (WHERE error IS NULL AND outcomes[1] = 'win') AS wins,
               count(*) FILTER (WHERE error IS NULL AND outcomes[1] = 'draw') AS draws,
               avg(actions) FILTER (WHERE error IS NULL) AS mean_actions,
               avg(rounds) FILTER (WHERE error IS NULL) AS mean_rounds,
               min(filename) AS first_file, min(seed) AS first_seed
        FROM rows GROUP BY cell ORDER BY first_file, cell""").fetchall()
    cells: list[dict[str, Any]] = []
    grid_keys: list[str] = []
    for cell, grid, n, errors, ok, wins, draws, mean_actions, mean_rounds, _, _ in cell_rows:
        values = json.loads(grid) if grid else {}
        for k in values:
            if k not in grid_keys:
                grid_keys.append(k)
        lo, hi = wilson(wins, ok)
        cells.append({"cell": cell, "grid": values, "games": n, "errors": errors, "wins": wins, "draws": draws,
                      "win_rate": wins / ok if ok else 0.0, "ci_low": lo, "ci_high": hi,
                      "mean_actions": float(mean_actions or 0.0),
                      "mean_rounds": None if mean_rounds is None else float(mean_rounds)})
    seats = [{"cell": cell, "seat": seat, "bot": bot, "games": ok, "wins": w, "losses": lo_, "draws": d,
              "win_rate": w / ok if ok else 0.0, "ci_low": wilson(w, ok)[0], "ci_high": wilson(w, ok)[1],
              "mean_score": float(score or 0.0)}
             for cell, seat, bot, ok, w, lo_, d, score in con.execute("""
        SELECT t.cell, s.seat, any_value(t.bots[s.seat]) AS bot, count(*) AS ok,
               count(*) FILTER (WHERE t.outcomes[s.seat] = 'win'),
               count(*) FILTER (WHERE t.outcomes[s.seat] = 'loss'),
               count(*) FILTER (WHERE t.outcomes[s.seat] = 'draw'),
               avg(t.scores[s.seat])
        FROM rows t, range(1, t.seats + 1) s(seat)
        WHERE t.error IS NULL
        GROUP BY t.cell, s.seat ORDER BY t.cell, s.seat""").fetchall()]
    order = {c["cell"]: i for i, c in enumerate(cells)}
    # the game's own figures (Game.sim_stats: rounds, stages cleared…), averaged per cell
    for cell, key, mean in con.execute("""
        SELECT cell, e.key, avg(e.value) FROM (
            SELECT cell, unnest(map_entries(stats)) AS e FROM rows WHERE error IS NULL)
        GROUP BY cell, e.key ORDER BY e.key""").fetchall():
        cells[order[cell]][f"mean_{key}"] = float(mean)
    seats.sort(key=lambda r: (order[r["cell"]], r["seat"]))
    lengths = []
    for cell, q, mean, n in con.execute("""
        SELECT cell, quantile_cont(actions, [0, 0.25, 0.5, 0.75, 1]), avg(actions), count(*)
        FROM rows WHERE error IS NULL GROUP BY cell""").fetchall():
        lengths.append({"cell": cell, "games": n, "min": q[0], "q1": q[1], "median": q[2], "q3": q[3], "max": q[4],
                        "mean": float(mean)})
    lengths.sort(key=lambda r: order[r["cell"]])
    return Report(game, len(files), grid_keys, cells, seats, _tests(cells), _heatmap(cells, grid_keys), lengths)


def _tests(cells: list[dict[str, Any]]) -> dict[str, Any]:
    ok = [c["games"] - c["errors"] for c in cells]
    chi = chi2_homogeneity([c["wins"] for c in cells], ok)
    pairwise: list[dict[str, Any]] = []
    if len(cells) >= 2:
        best = max(range(len(cells)), key=lambda i: (cells[i]["win_rate"], -i))
        others = [i for i in range(len(cells)) if i != best]
        raw = []
        for i in others:
            z, p = two_proportion(cells[best]["wins"], ok[best], cells[i]["wins"], ok[i])
            raw.append(p)
            pairwise.append({"cell": cells[i]["cell"], "versus": cells[best]["cell"],
                             "difference": cells[best]["win_rate"] - cells[i]["win_rate"], "z": z, "p_value": p})
        for row, adj in zip(pairwise, holm(raw), strict=True):
            row["p_holm"] = adj
            row["significant"] = adj < ALPHA
    return {"chi2": chi, "pairwise": pairwise,
            "pairwise_test": "two-sided pooled two-proportion z-test of each cell against the best cell, "
                             f"Holm-adjusted, significant when p_holm < {ALPHA}"}


def _heatmap(cells: list[dict[str, Any]], keys: list[str]) -> dict[str, Any]:
    """Rows: the first grid key's values; columns: the combinations of the other keys (one column if none)."""
    def row_of(c: dict[str, Any]) -> str:
        return f"{keys[0]}={c['grid'].get(keys[0])}" if keys else "all games"

    def col_of(c: dict[str, Any]) -> str:
        return " ".join(f"{k}={c['grid'].get(k)}" for k in keys[1:]) or "win rate"

    rows = list(dict.fromkeys(row_of(c) for c in cells))
    cols = list(dict.fromkeys(col_of(c) for c in cells))
    grid: dict[str, list[list[float | None]]] = {k: [[None] * len(cols) for _ in rows]
                                                  for k in ("win_rate", "ci_low", "ci_high", "games")}
    for c in cells:
        i, j = rows.index(row_of(c)), cols.index(col_of(c))
        for k in grid:
            grid[k][i][j] = c[k] if k != "games" else c["games"] - c["errors"]
    return {"rows": rows, "cols": cols, **grid}


# --- plots and files ------------------------------------------------------------------------------------------

def _png(fig: Any) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight")
    return base64.b64encode(buf.getvalue()).decode("ascii")


def draw(rep: Report) -> None:
    """Draw the plots of ``rep`` (matplotlib, no display) from its own tables."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    hm = rep.heatmap
    nr, nc = len(hm["rows"]), len(hm["cols"])
    fig, ax = plt.subplots(figsize=(max(4.0, 1.9 * nc + 2), max(2.0, 0.7 * nr + 1.2)))
    data = [[math.nan if v is None else v for v in row] for row in hm["win_rate"]]
    im = ax.imshow(data, vmin=0, vmax=1, cmap="RdYlGn", aspect="auto")
    for i in range(nr):
        for j in range(nc):
            if hm["win_rate"][i][j] is not None:
                ax.text(j, i, f"{hm['win_rate'][i][j]:.0%}\n[{hm['ci_low'][i][j]:.0%}–{hm['ci_high'][i][j]:.0%}]\n"
                              f"n={hm['games'][i][j]}", ha="center", va="center", fontsize=8)
    ax.set_xticks(range(nc), hm["cols"], rotation=30, ha="right", fontsize=8)
    ax.set_yticks(range(nr), hm["rows"], fontsize=8)
    ax.set_title(f"{rep.game}: win rate (seat 1) with Wilson 95% intervals")
    fig.colorbar(im, ax=ax, fraction=0.04)
    rep.plots["heatmap"] = _png(fig)
    plt.close(fig)

    labels = [c["cell"] or "all games" for c in rep.cells]
    fig, ax = plt.subplots(figsize=(7, max(1.8, 0.3 * len(labels) + 1)))
    ys = list(range(len(labels)))
    rates = [c["win_rate"] for c in rep.cells]
    ax.errorbar(rates, ys, xerr=[[r - c["ci_low"] for r, c in zip(rates, rep.cells, strict=True)],
                                 [c["ci_high"] - r for r, c in zip(rates, rep.cells, strict=True)]],
                fmt="o", capsize=3)
    ax.set_yticks(ys, labels, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (seat 1), 95% interval")
    rep.plots["win_rates"] = _png(fig)
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(7, max(1.8, 0.3 * len(rep.lengths) + 1)))
    stats = [{"label": r["cell"] or "all games", "whislo": r["min"], "q1": r["q1"], "med": r["median"],
              "q3": r["q3"], "whishi": r["max"], "mean": r["mean"], "fliers": []} for r in rep.lengths]
    if stats:
        ax.bxp(stats, orientation="horizontal", showmeans=True)
        ax.invert_yaxis()
    ax.set_xlabel("game length (actions): min, quartiles, max; triangle = mean")
    ax.tick_params(axis="y", labelsize=8)
    rep.plots["lengths"] = _png(fig)
    plt.close(fig)


def _table_html(rows: Sequence[dict[str, Any]], columns: Sequence[str]) -> str:
    def fmt(v: Any) -> str:
        if isinstance(v, float):
            return f"{v:.4g}"
        return "" if v is None else str(v)

    head = "".join(f"<th>{html.escape(c)}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(fmt(r.get(c)))}</td>" for c in columns) + "</tr>" for r in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


CELL_COLUMNS = ("cell", "games", "errors", "wins", "draws", "win_rate", "ci_low", "ci_high", "mean_actions",
                "mean_rounds")
SEAT_COLUMNS = ("cell", "seat", "bot", "games", "wins", "losses", "draws", "win_rate", "ci_low", "ci_high",
                "mean_score")
LENGTH_COLUMNS = ("cell", "games", "min", "q1", "median", "q3", "max", "mean")
TEST_COLUMNS = ("cell", "versus", "difference", "z", "p_value", "p_holm", "significant")


def write_report(rep: Report, out: str | os.PathLike[str]) -> list[Path]:
    """Write the HTML report (plots embedded) and its CSV tables beside it; returns the files written."""
    if not rep.plots:
        draw(rep)
    out = Path(out)
    written = [out]
    stat_columns = tuple(dict.fromkeys(k for c in rep.cells for k in c if k.startswith("mean_")
                                       and k not in CELL_COLUMNS))
    cell_columns = CELL_COLUMNS + stat_columns
    tables = {"cells": (rep.cells, cell_columns), "seats": (rep.seats, SEAT_COLUMNS),
              "lengths": (rep.lengths, LENGTH_COLUMNS), "tests": (rep.tests["pairwise"], TEST_COLUMNS)}
    for name, (rows, cols) in tables.items():
        f = out.with_name(f"{out.stem}-{name}.csv")
        with open(f, "w", newline="", encoding="utf-8") as fh:
            w = csv.DictWriter(fh, fieldnames=list(cols), extrasaction="ignore")
            w.writeheader()
            w.writerows(rows)
        written.append(f)
    chi = rep.tests["chi2"]
    chi_text = (f"χ² = {chi['statistic']:.3f}, df = {chi['df']}, p = {chi['p_value']:.4g}"
                if chi["p_value"] is not None else chi["note"])
    data = json.dumps(rep.to_dict()).replace("</", "<\\/")  # safe inside <script>
    img = "".join(f'<figure><img alt="{k}" src="data:image/png;base64,{v}"></figure>' for k, v in rep.plots.items())
    doc = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>capes report: {html.escape(rep.game)}</title>
<style>body{{font-family:system-ui,sans-serif;margin:2em;max-width:80em}}table{{border-collapse:collapse;margin:1em 0}}
td,th{{border:1px solid #ccc;padding:.2em .5em;text-align:right}}td:first-child{{text-align:left}}
img{{max-width:100%}}</style></head><body>
<h1>{html.escape(rep.game)}: {sum(c['games'] for c in rep.cells):,} games, {len(rep.cells)} cells</h1>
<p>Win rate is seat 1's (in a co-operative game, the team's), with Wilson score 95% intervals.
Rows from {rep.files} Parquet part file(s).</p>
{img}
<h2>Cells</h2>{_table_html(rep.cells, cell_columns)}
<h2>Do the cells differ?</h2><p>{html.escape(chi['test'])}: {html.escape(chi_text)}.</p>
<p>{html.escape(rep.tests['pairwise_test'])}.</p>{_table_html(rep.tests['pairwise'], TEST_COLUMNS)}
<h2>Seats</h2>{_table_html(rep.seats, SEAT_COLUMNS)}
<h2>Game length (actions)</h2>{_table_html(rep.lengths, LENGTH_COLUMNS)}
<script type="application/json" id="capes-report-data">{data}</script>
</body></html>
"""
    out.write_text(doc, "utf-8")
    return written
