"""``capes report``: the answers of a sweep, from its Parquet rows, as tables, tests and plots in one HTML file.

Every figure is a DuckDB query over the part files (any number of them); the plots are drawn from the very
numbers in the tables (:attr:`Report.heatmap`, :attr:`Report.lengths`, :attr:`Report.effects`), so a test can check
what a plot shows without looking at pixels.

The win rate of a cell is seat 1's (in a co-operative game every seat shares the outcome, so it is the team's);
the per-seat table gives every seat's. The statistics come from SciPy and statsmodels:

- intervals: 95% Wilson score or Clopper-Pearson (exact) intervals, as the user picks
  (``statsmodels.stats.proportion.proportion_confint``);
- are the cells different? Pearson's chi-squared test of homogeneity (``scipy.stats.chi2_contingency``) and, for
  each cell against the cell with the highest win rate, a two-sided pooled two-proportion z-test
  (``statsmodels.stats.proportion.proportions_ztest``) with Holm's correction (``multipletests``);
- what does each swept factor do? A logistic model of the win (``statsmodels`` GLM, binomial, logit link) over
  every factor of the grid as a categorical term (and the bot line-up when the files hold more than one), fitted to
  the games: each level's effect is its log-odds (and odds ratio) against the factor's first level, with a 95%
  Wald interval, and each factor has a likelihood-ratio test against the model without it;
- bots on the same seeds: when the files hold several bot line-ups for one cell, games are paired by seed and the
  line-ups compared with McNemar's exact test (an exact binomial test of the discordant pairs).

The chi-squared, z and logistic tests treat games as independent; cells share seeds, which makes their
differences, if anything, less noisy than the tests assume (the paired test is the one that uses it).

>>> [round(x, 3) for x in interval(50, 100)], [round(x, 4) for x in interval(0, 10, "clopper-pearson")]
([0.404, 0.596], [0.0, 0.3085])
"""

from __future__ import annotations

import base64
import csv
import html
import io
import json
import math
import os
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from capes.core.config import quote
from capes.core.errors import ConfigError
from capes.sweep import COLUMNS, SweepError, part_files

ALPHA = 0.05
#: the interval methods ``capes report --interval`` offers, by their statsmodels names
INTERVALS = {"wilson": "wilson", "clopper-pearson": "beta"}
INTERVAL_NAMES = {"wilson": "Wilson score", "clopper-pearson": "Clopper-Pearson (exact)"}


# --- statistics (SciPy and statsmodels) ------------------------------------------------------------------------

def interval(k: int, n: int, method: str = "wilson") -> tuple[float, float]:
    """The 95% interval of a proportion ``k / n``: ``wilson`` or ``clopper-pearson``; (0, 1) when ``n`` is 0."""
    from statsmodels.stats.proportion import proportion_confint

    if method not in INTERVALS:
        raise ConfigError(f"interval must be one of {', '.join(INTERVALS)} (got {quote(method)})")
    if n == 0:
        return (0.0, 1.0)
    lo, hi = proportion_confint(k, n, alpha=ALPHA, method=INTERVALS[method])
    return (max(0.0, float(lo)), min(1.0, float(hi)))


def chi2_homogeneity(wins: Sequence[int], games: Sequence[int]) -> dict[str, Any]:
    """Pearson's chi-squared test that every cell has the same win rate (a 2 × cells table, no continuity
    correction)."""
    from scipy.stats import chi2_contingency

    cells = [(w, n) for w, n in zip(wins, games, strict=True) if n > 0]
    total_w = sum(w for w, _ in cells)
    total_n = sum(n for _, n in cells)
    base = {"test": "Pearson chi-squared test of homogeneity (win/not win × cell)", "cells": len(cells)}
    if len(cells) < 2 or total_w in (0, total_n):
        return {**base, "statistic": None, "df": None, "p_value": None,
                "note": "not computable: fewer than two cells, or every game has the same outcome"}
    res = chi2_contingency([[w for w, _ in cells], [n - w for w, n in cells]], correction=False)
    return {**base, "statistic": float(res.statistic), "df": int(res.dof), "p_value": float(res.pvalue), "note": ""}


def two_proportion(w1: int, n1: int, w2: int, n2: int) -> tuple[float, float]:
    """(z, two-sided p) of the pooled two-proportion z-test; (0, 1) when it is undefined."""
    from statsmodels.stats.proportion import proportions_ztest

    if n1 == 0 or n2 == 0 or (w1 + w2) in (0, n1 + n2):
        return 0.0, 1.0
    z, p = proportions_ztest([w1, w2], [n1, n2])
    return float(z), float(p)


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment of a family of p-values.

    >>> [round(p, 3) for p in holm([0.01, 0.04, 0.03])]
    [0.03, 0.06, 0.06]
    """
    from statsmodels.stats.multitest import multipletests

    if not pvalues:
        return []
    return [float(p) for p in multipletests(list(pvalues), method="holm")[1]]


def logistic_effects(cells: Sequence[dict[str, Any]], factors: Sequence[str]) -> dict[str, Any]:
    """Fit ``logit P(win) ~ factor_1 + factor_2 + …`` (every factor categorical) to the games of ``cells`` (each
    with ``wins``, ``games`` minus ``errors`` played, and its factor values in ``levels``).

    Returns the model's description, one row per level other than each factor's first (``effect``: log-odds
    against that first level, ``odds_ratio``, 95% Wald ``ci_low``/``ci_high`` of the log-odds, ``p_value``), one
    likelihood-ratio test per factor, and a ``note`` when the fit is not trustworthy (too few cells, separation)."""
    import numpy as np
    import statsmodels.api as sm
    from scipy.stats import chi2

    used = [c for c in cells if c["games"] - c["errors"] > 0]
    levels = {f: list(dict.fromkeys(str(c["levels"].get(f)) for c in used)) for f in factors}
    terms = [f for f in factors if len(levels[f]) > 1]
    out: dict[str, Any] = {"model": "logistic regression of the win (binomial GLM, logit link) on "
                                    + (" + ".join(terms) if terms else "nothing (a single cell)")
                                    + "; each level against the factor's first level, 95% Wald intervals",
                           "factors": terms, "rows": [], "tests": [], "note": "", "deviance": None, "df_resid": None}
    if not terms:
        out["note"] = "no swept factor has two levels: nothing to fit"
        return out
    wins = np.array([c["wins"] for c in used], float)
    ok = np.array([c["games"] - c["errors"] for c in used], float)
    endog = np.column_stack([wins, ok - wins])

    def design(fs: Sequence[str]) -> tuple[Any, list[tuple[str, str]]]:
        cols, names = [np.ones(len(used))], [("", "")]
        for f in fs:
            for lv in levels[f][1:]:
                cols.append(np.array([1.0 if str(c["levels"].get(f)) == lv else 0.0 for c in used]))
                names.append((f, lv))
        return np.column_stack(cols), names

    def fit(fs: Sequence[str]) -> tuple[Any, list[tuple[str, str]]]:
        x, names = design(fs)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            res = sm.GLM(endog, x, family=sm.families.Binomial()).fit()
        return res, names

    x_full, _ = design(terms)
    if np.linalg.matrix_rank(x_full) < x_full.shape[1]:
        out["note"] = "the cells do not separate the factors (some combinations are missing): effects not identified"
        return out
    res, names = fit(terms)
    ci = res.conf_int(ALPHA)
    for i, (f, lv) in enumerate(names):
        if not f:
            continue
        b = float(res.params[i])
        out["rows"].append({"factor": f, "level": lv, "versus": levels[f][0], "effect": b,
                            "odds_ratio": math.exp(b) if b < 700 else math.inf,
                            "ci_low": float(ci[i][0]), "ci_high": float(ci[i][1]),
                            "se": float(res.bse[i]), "p_value": float(res.pvalues[i])})
    for f in terms:
        reduced, _ = fit([t for t in terms if t != f])
        stat = max(0.0, float(reduced.deviance - res.deviance))
        df = len(levels[f]) - 1
        out["tests"].append({"factor": f, "statistic": stat, "df": df, "p_value": float(chi2.sf(stat, df)),
                             "test": "likelihood-ratio test against the model without this factor"})
    out["deviance"], out["df_resid"] = float(res.deviance), int(res.df_resid)
    # statsmodels warns of "perfect separation" whenever the fit is exact, so separation is judged from the estimates
    if any(abs(r["effect"]) > 15 or r["se"] > 100 for r in out["rows"]):
        out["note"] = "a level wins (or loses) every game: its estimate and interval are unbounded (separation)"
    return out


def mcnemar_paired(a: Sequence[bool], b: Sequence[bool]) -> dict[str, Any]:
    """McNemar's exact test of two line-ups' wins on the same seeds (``a[i]``, ``b[i]``: game i won by each)."""
    from statsmodels.stats.contingency_tables import mcnemar

    both = sum(x and y for x, y in zip(a, b, strict=True))
    only_a = sum(x and not y for x, y in zip(a, b, strict=True))
    only_b = sum(y and not x for x, y in zip(a, b, strict=True))
    neither = len(a) - both - only_a - only_b
    p = 1.0 if only_a + only_b == 0 else float(mcnemar([[both, only_a], [only_b, neither]], exact=True).pvalue)
    return {"pairs": len(a), "both": both, "only_a": only_a, "only_b": only_b, "neither": neither,
            "difference": (only_a - only_b) / len(a) if a else 0.0, "p_value": p}


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
    interval: str = "wilson"
    #: the fitted logistic model (:func:`logistic_effects`)
    effects: dict[str, Any] = field(default_factory=dict)
    #: bot line-ups compared on the same seeds (:func:`mcnemar_paired`), when the files hold several
    paired: list[dict[str, Any]] = field(default_factory=list)
    plots: dict[str, str] = field(default_factory=dict)  # name -> PNG bytes, base64

    @property
    def interval_name(self) -> str:
        return INTERVAL_NAMES[self.interval]

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "files": self.files, "grid_keys": self.grid_keys, "cells": self.cells,
                "seats": self.seats, "tests": self.tests, "heatmap": self.heatmap, "lengths": self.lengths,
                "interval": self.interval, "effects": self.effects, "paired": self.paired}

    def text_summary(self) -> str:
        lines = [f"{self.game}: {sum(c['games'] for c in self.cells):,} games in {len(self.cells)} cells "
                 f"({self.files} part files)"]
        width = max([len(c["cell"] or "(all)") for c in self.cells] + [4])
        lines.append(f"{'cell':<{width}}  {'games':>7}  {'win rate':>8}  {'95% interval':>13}  {'mean actions':>12}"
                     f"   ({self.interval_name} intervals)")
        for c in self.cells:
            lines.append(f"{c['cell'] or '(all)':<{width}}  {c['games']:>7,}  {c['win_rate']:>8.3f}  "
                         f"{c['ci_low']:.3f}–{c['ci_high']:.3f}  {c['mean_actions']:>12.1f}")
        chi = self.tests["chi2"]
        if chi["p_value"] is not None:
            lines.append(f"cells differ? chi-squared {chi['statistic']:.2f}, df {chi['df']}, p = {chi['p_value']:.3g}")
        else:
            lines.append(f"cells differ? {chi['note']}")
        eff = self.effects
        if eff.get("rows"):
            lines.append(f"fitted effects ({eff['model']}):")
            w = max(len(f"{r['factor']}={r['level']} vs {r['versus']}") for r in eff["rows"])
            lines.append(f"  {'level':<{w}}  {'log-odds':>8}  {'95% interval':>17}  {'odds ratio':>10}  {'p':>8}")
            for r in eff["rows"]:
                name = f"{r['factor']}={r['level']} vs {r['versus']}"
                lines.append(f"  {name:<{w}}  {r['effect']:>+8.3f}  {r['ci_low']:>+8.3f}…{r['ci_high']:<+8.3f}  "
                             f"{r['odds_ratio']:>10.3g}  {r['p_value']:>8.3g}")
            for t in eff["tests"]:
                lines.append(f"  {t['factor']}: likelihood-ratio chi-squared {t['statistic']:.2f}, df {t['df']}, "
                             f"p = {t['p_value']:.3g}")
        if eff.get("note"):
            lines.append(f"fitted effects: {eff['note']}")
        for r in self.paired:
            lines.append(f"paired on {r['pairs']} seeds, {r['cell'] or 'all'}: {r['a']} won {r['only_a']} that "
                         f"{r['b']} lost, {r['only_b']} the other way; McNemar exact p = {r['p_value']:.3g}")
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


def build_report(paths: Sequence[str], interval_method: str = "wilson") -> Report:
    """Query the rows of ``paths`` (sweep folders or part files) into a :class:`Report` (plots not drawn yet);
    ``interval_method``: ``wilson`` or ``clopper-pearson``."""
    interval(0, 0, interval_method)  # a bad method is refused before any file is read
    con, files = _connect(paths)
    games = [g for (g,) in con.execute("SELECT DISTINCT game FROM rows ORDER BY game").fetchall()]
    if len(games) != 1:
        raise SweepError(f"the files hold rows of {len(games)} games ({', '.join(games) or 'none'}); "
                         f"report one game at a time")
    game = games[0]
    # several bot line-ups in one cell (sweeps run with different --bot): the line-up is then a factor too
    (most,) = con.execute("SELECT max(k) FROM (SELECT count(DISTINCT bots) AS k FROM rows GROUP BY cell)").fetchone()
    several = bool(most and most > 1)

    def label(cell: str, bots: Sequence[str]) -> str:
        """The cell's name: its grid values, and its bots when the files hold more than one line-up."""
        return f"{cell} bots={'+'.join(bots)}".strip() if several else cell

    def ci(k: int, n: int) -> tuple[float, float]:
        return interval(k, n, interval_method)

    # cells in the order the sweep made them: by the first part file holding each cell
    cell_rows = con.execute("""
        SELECT cell, bots, any_value(grid) AS grid, count(*) AS games, count(error) AS errors,
               count(*) FILTER (WHERE error IS NULL) AS ok,
               count(*) FILTER (WHERE error IS NULL AND outcomes[1] = 'win') AS wins,
               count(*) FILTER (WHERE error IS NULL AND outcomes[1] = 'draw') AS draws,
               avg(actions) FILTER (WHERE error IS NULL) AS mean_actions,
               avg(rounds) FILTER (WHERE error IS NULL) AS mean_rounds,
               min(filename) AS first_file, min(seed) AS first_seed
        FROM rows GROUP BY cell, bots ORDER BY first_file, cell""").fetchall()
    cells: list[dict[str, Any]] = []
    grid_keys: list[str] = []
    for cell, bots, grid, n, errors, ok, wins, draws, mean_actions, mean_rounds, _, _ in cell_rows:
        values = json.loads(grid) if grid else {}
        for k in values:
            if k not in grid_keys:
                grid_keys.append(k)
        lo, hi = ci(wins, ok)
        levels = {k: _level(v) for k, v in values.items()}
        if several:
            levels["bots"] = "+".join(bots)
        cells.append({"cell": label(cell, bots), "grid": values, "levels": levels, "bots": list(bots), "games": n,
                      "errors": errors, "wins": wins, "draws": draws,
                      "win_rate": wins / ok if ok else 0.0, "ci_low": lo, "ci_high": hi,
                      "mean_actions": float(mean_actions or 0.0),
                      "mean_rounds": None if mean_rounds is None else float(mean_rounds)})
    factors = grid_keys + (["bots"] if several else [])
    seats = [{"cell": label(cell, bots), "seat": seat, "bot": bots[seat - 1], "games": ok, "wins": w,
              "losses": lo_, "draws": d, "win_rate": w / ok if ok else 0.0, "ci_low": ci(w, ok)[0],
              "ci_high": ci(w, ok)[1], "mean_score": float(score or 0.0)}
             for cell, bots, seat, ok, w, lo_, d, score in con.execute("""
        SELECT t.cell, t.bots, s.seat, count(*) AS ok,
               count(*) FILTER (WHERE t.outcomes[s.seat] = 'win'),
               count(*) FILTER (WHERE t.outcomes[s.seat] = 'loss'),
               count(*) FILTER (WHERE t.outcomes[s.seat] = 'draw'),
               avg(t.scores[s.seat])
        FROM rows t, range(1, t.seats + 1) s(seat)
        WHERE t.error IS NULL
        GROUP BY t.cell, t.bots, s.seat ORDER BY t.cell, s.seat""").fetchall()]
    order = {c["cell"]: i for i, c in enumerate(cells)}
    # the game's own figures (Game.sim_stats: rounds, stages cleared…), averaged per cell
    for cell, bots, key, mean in con.execute("""
        SELECT cell, bots, e.key, avg(e.value) FROM (
            SELECT cell, bots, unnest(map_entries(stats)) AS e FROM rows WHERE error IS NULL)
        GROUP BY cell, bots, e.key ORDER BY e.key""").fetchall():
        cells[order[label(cell, bots)]][f"mean_{key}"] = float(mean)
    seats.sort(key=lambda r: (order[r["cell"]], r["seat"]))
    lengths = []
    for cell, bots, q, mean, n in con.execute("""
        SELECT cell, bots, quantile_cont(actions, [0, 0.25, 0.5, 0.75, 1]), avg(actions), count(*)
        FROM rows WHERE error IS NULL GROUP BY cell, bots""").fetchall():
        lengths.append({"cell": label(cell, bots), "games": n, "min": q[0], "q1": q[1], "median": q[2], "q3": q[3],
                        "max": q[4], "mean": float(mean)})
    lengths.sort(key=lambda r: order[r["cell"]])
    paired = _paired(con, label) if several else []
    return Report(game, len(files), grid_keys, cells, seats, _tests(cells), _heatmap(cells, factors), lengths,
                  interval_method, logistic_effects(cells, factors), paired)


def _level(v: Any) -> str:
    """A grid value as a factor level (a list value joins its items with +, as ``--grid`` writes it)."""
    return "+".join(map(str, v)) if isinstance(v, list) else str(v)


def _paired(con: Any, label: Any) -> list[dict[str, Any]]:
    """Each cell's bot line-ups compared two by two on the seeds both played (McNemar's exact test)."""
    won: dict[tuple[str, tuple[str, ...]], dict[int, bool]] = {}
    for cell, bots, seed, win in con.execute("""
        SELECT cell, bots, seed, outcomes[1] = 'win' FROM rows WHERE error IS NULL ORDER BY cell, bots, seed""").fetchall():
        won.setdefault((cell, tuple(bots)), {})[seed] = bool(win)
    out: list[dict[str, Any]] = []
    by_cell: dict[str, list[tuple[str, ...]]] = {}
    for cell, bots in won:
        by_cell.setdefault(cell, []).append(bots)
    for cell, lineups in by_cell.items():
        for i, a in enumerate(lineups):
            for b in lineups[i + 1:]:
                seeds = sorted(set(won[cell, a]) & set(won[cell, b]))
                if not seeds:
                    continue
                t = mcnemar_paired([won[cell, a][s] for s in seeds], [won[cell, b][s] for s in seeds])
                out.append({"cell": cell, "a": "+".join(a), "b": "+".join(b), **t,
                            "test": "McNemar's exact test on the seeds both line-ups played"})
    raw = [r["p_value"] for r in out]
    for r, adj in zip(out, holm(raw), strict=True):
        r["p_holm"] = adj
        r["significant"] = adj < ALPHA
    return out


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
        return f"{keys[0]}={c['levels'].get(keys[0])}" if keys else "all games"

    def col_of(c: dict[str, Any]) -> str:
        return " ".join(f"{k}={c['levels'].get(k)}" for k in keys[1:]) or "win rate"

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
    ax.set_title(f"{rep.game}: win rate (seat 1) with {rep.interval_name} 95% intervals")
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
    ax.set_xlabel(f"win rate (seat 1), {rep.interval_name} 95% interval")
    rep.plots["win_rates"] = _png(fig)
    plt.close(fig)

    rows = rep.effects.get("rows", [])
    fig, ax = plt.subplots(figsize=(7, max(1.8, 0.35 * len(rows) + 1.2)))
    if rows:
        ys = list(range(len(rows)))
        # intervals cut at ±12 log-odds (a separated level's bound is infinite in effect); the table keeps the numbers
        eff = [max(-12.0, min(12.0, r["effect"])) for r in rows]
        lo = [max(-12.0, r["ci_low"]) for r in rows]
        hi = [min(12.0, r["ci_high"]) for r in rows]
        ax.errorbar(eff, ys, xerr=[[e - a for e, a in zip(eff, lo, strict=True)],
                                   [b - e for e, b in zip(eff, hi, strict=True)]], fmt="o", capsize=3)
        ax.axvline(0, color="grey", lw=0.8)
        ax.set_yticks(ys, [f"{r['factor']}={r['level']} vs {r['versus']}" for r in rows], fontsize=8)
        ax.invert_yaxis()
    else:
        ax.text(0.5, 0.5, rep.effects.get("note") or "no effects fitted", ha="center", va="center",
                transform=ax.transAxes, fontsize=9)
    ax.set_xlabel("effect on the log-odds of a win (logistic model), 95% interval")
    ax.set_title(f"{rep.game}: fitted effects of the swept factors", fontsize=10)
    rep.plots["effects"] = _png(fig)
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
EFFECT_COLUMNS = ("factor", "level", "versus", "effect", "ci_low", "ci_high", "odds_ratio", "se", "p_value")
FACTOR_TEST_COLUMNS = ("factor", "statistic", "df", "p_value")
PAIRED_COLUMNS = ("cell", "a", "b", "pairs", "both", "only_a", "only_b", "neither", "difference", "p_value",
                  "p_holm", "significant")


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
              "lengths": (rep.lengths, LENGTH_COLUMNS), "tests": (rep.tests["pairwise"], TEST_COLUMNS),
              "effects": (rep.effects.get("rows", []), EFFECT_COLUMNS), "paired": (rep.paired, PAIRED_COLUMNS)}
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
<p>Win rate is seat 1's (in a co-operative game, the team's), with {html.escape(rep.interval_name)} 95% intervals.
Rows from {rep.files} Parquet part file(s).</p>
{img}
<h2>Cells</h2>{_table_html(rep.cells, cell_columns)}
<h2>Do the cells differ?</h2><p>{html.escape(chi['test'])}: {html.escape(chi_text)}.</p>
<p>{html.escape(rep.tests['pairwise_test'])}.</p>{_table_html(rep.tests['pairwise'], TEST_COLUMNS)}
<h2>What each factor does</h2><p>{html.escape(rep.effects.get('model', ''))}.
{html.escape(rep.effects.get('note', ''))}</p>{_table_html(rep.effects.get('rows', []), EFFECT_COLUMNS)}
{_table_html(rep.effects.get('tests', []), FACTOR_TEST_COLUMNS)}
<h2>Bot line-ups on the same seeds</h2><p>McNemar's exact test of the games one line-up won and the other lost,
seed by seed, Holm-adjusted{'' if rep.paired else ' (the files hold one line-up per cell: nothing to pair)'}.</p>
{_table_html(rep.paired, PAIRED_COLUMNS)}
<h2>Seats</h2>{_table_html(rep.seats, SEAT_COLUMNS)}
<h2>Game length (actions)</h2>{_table_html(rep.lengths, LENGTH_COLUMNS)}
<script type="application/json" id="capes-report-data">{data}</script>
</body></html>
"""
    out.write_text(doc, "utf-8")
    return written
