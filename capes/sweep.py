"""Sweeps: every combination of some config values × N seeds, one Parquet row per game, resumable.

A sweep is a grid (``villain=rhino,klaw`` × ``mode=standard,expert``: one *cell* per combination), ``n`` seeds
per cell (cell games use seeds ``seed .. seed+n-1``, the same in every cell, so cells are compared on the same
deals), and bots. The work is cut into *chunks* (one cell, a run of consecutive seeds); each finished chunk is
written as one part file ``part-CCCCC-SSSSSSSSSSSS.parquet`` (cell index, first seed offset) in the output
directory, atomically (written aside, then renamed). A rerun with the same sweep skips the parts already there,
so an interrupted sweep loses only the chunks in flight. ``_sweep.json`` in the directory pins what the sweep is;
another sweep into the same directory is refused.

Chunks run in local worker processes (:func:`capes.sim.stream_pool`) or as Ray tasks (:mod:`capes.sweep_ray`);
a game depends only on its config, seed and bots, so every backend and worker count writes the same rows
(only ``seconds`` differs).

>>> grid = parse_grid("heroes", ["players=2,3"])
>>> grid
[('players', ['2', '3'])]
>>> [c.label for c in cells(grid)]
['players=2', 'players=3']
"""

from __future__ import annotations

import itertools
import json
import os
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from capes.core.config import Param, quote
from capes.core.errors import ConfigError, SweepError  # SweepError: re-exported (capes.sweep.SweepError)
from capes.core.registry import game_class, load
from capes.sim import bot_settings, default_bot, play_one, seat_bots_for, stream_pool

FORMAT = "capes-sweep/1"
MANIFEST = "_sweep.json"
#: games per chunk unless ``--chunk`` says otherwise: small enough that an interruption loses little,
#: large enough that scheduling a chunk costs nothing next to playing it
DEFAULT_CHUNK = 50
#: the most cells a sweep may have (a bound on input; a full Champions matrix is a few hundred)
MAX_CELLS = 100_000
#: in a grid value, ``+`` joins the items of a list parameter (``heroes=spider_man+iron_man`` is a 2-hero cell)
LIST_JOIN = "+"


def _schema() -> Any:
    import pyarrow as pa

    return pa.schema([
        ("game", pa.string()), ("capes", pa.string()), ("cell", pa.string()), ("grid", pa.string()),
        ("config", pa.string()), ("seed", pa.uint64()), ("seats", pa.int32()),
        ("bots", pa.list_(pa.string())), ("bot_settings", pa.list_(pa.string())),
        ("outcomes", pa.list_(pa.string())), ("scores", pa.list_(pa.float64())),
        ("actions", pa.int64()), ("rounds", pa.int64()), ("stats", pa.map_(pa.string(), pa.float64())),
        ("seconds", pa.float64()), ("error", pa.string()),
    ])


#: the columns of a row, in order (``seconds`` is the only one that depends on the machine)
COLUMNS = ("game", "capes", "cell", "grid", "config", "seed", "seats", "bots", "bot_settings", "outcomes", "scores",
           "actions", "rounds", "stats", "seconds", "error")


def _version() -> str:
    from capes import __version__

    return __version__


# --- the grid -------------------------------------------------------------------------------------------------

def parse_grid(game_id: str, args: Sequence[str]) -> list[tuple[str, list[str]]]:
    """``["villain=rhino,klaw", ...]`` → ``[("villain", ["rhino", "klaw"]), ...]``; unknown keys are one-line errors.

    Values are checked later, cell by cell, by the game's own config validation."""
    params: dict[str, Param] = {p.name: p for p in game_class(game_id).params}
    out: list[tuple[str, list[str]]] = []
    for arg in args:
        key, eq, values = arg.partition("=")
        key = key.strip()
        if not eq or not key:
            raise ConfigError(f"--grid expects key=value1,value2 (got {quote(arg)})")
        if key not in params:
            raise ConfigError(f"--grid: {game_id} has no config key {quote(key)}; allowed keys: {', '.join(params)}")
        if any(k == key for k, _ in out):
            raise ConfigError(f"--grid {key} is given twice; list all its values in one --grid {key}=v1,v2")
        vals = [v.strip() for v in values.split(",")]
        if not values.strip() or any(not v for v in vals):
            raise ConfigError(f"--grid {key}: give comma-separated values (got {quote(values)})")
        if len(set(vals)) != len(vals):
            raise ConfigError(f"--grid {key}: a value is listed twice ({values})")
        out.append((key, vals))
    return out


@dataclass(frozen=True)
class Cell:
    """One combination of grid values."""

    index: int
    values: dict[str, str]

    @property
    def label(self) -> str:
        return " ".join(f"{k}={v}" for k, v in self.values.items())

    def config(self, base: Mapping[str, str]) -> dict[str, str]:
        """The config strings of this cell: the fixed ``--config`` pairs and the cell's grid values."""
        return {**base, **{k: v.replace(LIST_JOIN, ",") for k, v in self.values.items()}}


def cells(grid: Sequence[tuple[str, Sequence[str]]]) -> list[Cell]:
    """The cells of a grid, first key slowest (the order ``--grid`` gave)."""
    keys = [k for k, _ in grid]
    return [Cell(i, dict(zip(keys, combo, strict=True)))
            for i, combo in enumerate(itertools.product(*(list(v) for _, v in grid)))]


# --- chunks and rows ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Chunk:
    """Everything a worker needs to play one chunk (picklable; Ray ships it as is)."""

    game: str
    cell: int
    label: str
    grid: str
    config: dict[str, str]
    config_json: str
    seed: int
    offset: int
    count: int
    bots: tuple[str, ...]
    bot_opts: dict[str, Any]
    settings: tuple[str, ...]
    capes: str

    @property
    def part(self) -> str:
        return f"part-{self.cell:05d}-{self.offset:012d}.parquet"


@dataclass(frozen=True)
class RowMeta:
    """What every row of one cell shares."""

    game: str
    capes: str
    cell: str
    grid: str
    config: str
    bots: tuple[str, ...]
    settings: tuple[str, ...]


def rounds_of(stats: Mapping[str, float]) -> int | None:
    """The game's length in rounds: its first ``sim_stats`` figure whose name ends in ``rounds``."""
    for k, v in stats.items():
        if k.endswith("rounds"):
            return int(v)
    return None


def make_row(meta: RowMeta, r: Mapping[str, Any]) -> dict[str, Any]:
    """One Parquet row from a :func:`capes.sim.play_one` result."""
    stats = {str(k): float(v) for k, v in sorted(r["stats"].items())}
    return {
        "game": meta.game, "capes": meta.capes, "cell": meta.cell, "grid": meta.grid, "config": meta.config,
        "seed": r["seed"], "seats": len(meta.bots), "bots": list(meta.bots), "bot_settings": list(meta.settings),
        "outcomes": r["outcomes"], "scores": None if r["scores"] is None else [float(x) for x in r["scores"]],
        "actions": r["actions"], "rounds": rounds_of(stats), "stats": list(stats.items()),
        "seconds": r["seconds"], "error": r["error"],
    }


def run_chunk(chunk: Chunk) -> tuple[Chunk, list[dict[str, Any]]]:
    """Play a chunk's games; its rows in seed order (never raises: a game that raises is a row with ``error``)."""
    meta = RowMeta(chunk.game, chunk.capes, chunk.label, chunk.grid, chunk.config_json, chunk.bots, chunk.settings)
    start = chunk.seed + chunk.offset
    rows = [make_row(meta, play_one(chunk.game, chunk.config, s, list(chunk.bots), chunk.bot_opts))
            for s in range(start, start + chunk.count)]
    return chunk, rows


# --- the sweep ------------------------------------------------------------------------------------------------

@dataclass
class Sweep:
    """A validated sweep: the game, grid, fixed config, seeds and bots."""

    game: str
    grid: list[tuple[str, list[str]]]
    n: int
    seed: int = 0
    config: dict[str, str] = field(default_factory=dict)
    bots: list[str] = field(default_factory=list)
    bot_opts: dict[str, Any] = field(default_factory=dict)
    chunk: int = DEFAULT_CHUNK

    def __post_init__(self) -> None:
        both = sorted(set(self.config) & {k for k, _ in self.grid})
        if both:
            raise ConfigError(f"{', '.join(both)} is given both by --config and by --grid; give it once")
        self.cells = cells(self.grid)
        if len(self.cells) > MAX_CELLS:
            raise ConfigError(f"the grid has {len(self.cells):,} cells; at most {MAX_CELLS:,}")
        self._chunks: list[Chunk] = []
        for cell in self.cells:  # every cell's config and bots are checked before any game is played
            cfg = cell.config(self.config)
            try:
                game = load(self.game, **cfg)
            except ConfigError as e:
                raise ConfigError(f"--grid cell {cell.label or '(no grid)'}: {e}") from None
            bots = seat_bots_for(game, self.bots or [default_bot(self.game, cfg)])
            settings = tuple(json.dumps(bot_settings(game, s, b, self.bot_opts), sort_keys=True)
                             for s, b in enumerate(bots))
            config_json = json.dumps(game.config_json(), sort_keys=True)
            grid = json.dumps(cell.values)
            for off in range(0, self.n, self.chunk):
                self._chunks.append(Chunk(self.game, cell.index, cell.label, grid, cfg, config_json, self.seed, off,
                                          min(self.chunk, self.n - off), tuple(bots), dict(self.bot_opts), settings,
                                          _version()))

    @property
    def chunks(self) -> list[Chunk]:
        return list(self._chunks)

    @property
    def games(self) -> int:
        return self.n * len(self.cells)

    def manifest(self) -> dict[str, Any]:
        return {"format": FORMAT, "game": self.game, "grid": [[k, v] for k, v in self.grid], "n": self.n,
                "seed": self.seed, "config": self.config, "bots": self.bots, "bot_opts": self.bot_opts,
                "chunk": self.chunk, "capes": _version()}


class PartDir:
    """The output directory of a sweep: its manifest and its finished parts."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)

    def open(self, manifest: Mapping[str, Any]) -> None:
        """Create the directory, or check that it holds this very sweep (then it is resumed)."""
        p = self.path
        if p.exists() and not p.is_dir():
            raise SweepError(f"--out {quote(str(p), 120)} is a file; give a directory name such as runs/x.parquet "
                             f"(the sweep writes its parts inside it)")
        if not p.parent.is_dir():
            raise SweepError(f"--out: folder {quote(str(p.parent), 120)} does not exist")
        m = p / MANIFEST
        if p.is_dir() and m.exists():
            try:
                old = json.loads(m.read_text("utf-8"))
            except (OSError, ValueError) as e:
                raise SweepError(f"--out {quote(str(p), 120)}: unreadable {MANIFEST} ({type(e).__name__}); "
                                 f"choose another --out") from None
            new = dict(manifest)
            diff = [k for k in sorted(set(old) | set(new)) if k != "capes" and old.get(k) != new.get(k)]
            if diff:
                raise SweepError(f"--out {quote(str(p), 120)} holds another sweep (its {', '.join(diff)} differ); "
                                 f"choose another --out, or rerun that sweep's command to resume it")
            return
        if p.is_dir() and any(p.iterdir()):
            raise SweepError(f"--out {quote(str(p), 120)} is a folder that is not a capes sweep; choose a new path")
        p.mkdir(exist_ok=True)
        tmp = m.with_suffix(".tmp")
        tmp.write_text(json.dumps(manifest, indent=1, sort_keys=True), "utf-8")
        os.replace(tmp, m)

    def finished(self, name: str, count: int) -> bool:
        """Whether part ``name`` is complete (a readable footer and ``count`` rows)."""
        import pyarrow.parquet as pq

        f = self.path / name
        if not f.is_file():
            return False
        try:
            return bool(pq.read_metadata(f).num_rows == count)
        except Exception:  # a torn or foreign file is played again and replaced
            return False

    def write(self, name: str, rows: Sequence[Mapping[str, Any]]) -> None:
        """Write a part atomically: a reader (or a resumed sweep) never sees half a part."""
        import pyarrow as pa
        import pyarrow.parquet as pq

        table = pa.Table.from_pylist([dict(r) for r in rows], schema=_schema())
        tmp = self.path / f".{name}.{os.getpid()}.tmp"
        pq.write_table(table, tmp, compression="zstd")
        os.replace(tmp, self.path / name)


@dataclass
class SweepRun:
    """What a sweep did: games played now, games found already done, wall time, games per second."""

    games: int
    skipped: int
    errors: int
    wall: float
    backend: str
    workers: int
    interrupted: bool = False
    error_samples: list[str] = field(default_factory=list)

    @property
    def games_per_second(self) -> float:
        return self.games / self.wall if self.wall > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "games_per_second": self.games_per_second}


def run_sweep(sweep: Sweep, out: str | os.PathLike[str], backend: str = "local", workers: int = 1,
              address: str | None = None, progress: Callable[[int], None] | None = None) -> SweepRun:
    """Play every unfinished chunk of ``sweep`` and write its part into ``out``; returns what was done.

    ``progress(k)`` is told of every ``k`` games finished (including, at the start, the games already done)."""
    if backend not in ("local", "ray"):
        raise ConfigError(f"--backend must be local or ray (got {quote(backend)})")
    if backend == "ray":
        from capes.sweep_ray import preflight

        preflight(address)
    parts = PartDir(out)
    parts.open(sweep.manifest())
    todo = [c for c in sweep.chunks if not parts.finished(c.part, c.count)]
    skipped = sweep.games - sum(c.count for c in todo)
    if progress and skipped:
        progress(skipped)
    run = SweepRun(0, skipped, 0, 0.0, backend, workers)

    def done(result: tuple[Chunk, list[dict[str, Any]]]) -> None:
        chunk, rows = result
        parts.write(chunk.part, rows)
        run.games += len(rows)
        for r in rows:
            if r["error"] is not None:
                run.errors += 1
                if len(run.error_samples) < 5:
                    run.error_samples.append(f"{chunk.label or chunk.game} seed {r['seed']}: {r['error']}")
        if progress:
            progress(len(rows))

    t0 = time.perf_counter()
    try:
        if backend == "ray":
            from capes.sweep_ray import run_ray

            run_ray(run_chunk, todo, workers, address, done)
        elif workers <= 1:
            for c in todo:
                done(run_chunk(c))
        else:
            stream_pool(run_chunk, todo, workers, done, ahead=2)
    except KeyboardInterrupt:
        run.interrupted = True
    run.wall = time.perf_counter() - t0
    return run


# --- rows from `capes sim --out` ------------------------------------------------------------------------------

class SimWriter:
    """Rows of a ``capes sim`` run written as parts of ``rows_per_part`` games (seed order within a part)."""

    def __init__(self, out: str | os.PathLike[str], game_id: str, config: Mapping[str, str], n: int, seed: int,
                 bots: Sequence[str], bot_opts: Mapping[str, Any] | None, rows_per_part: int = 1000) -> None:
        game = load(game_id, **config)
        seat_bots = seat_bots_for(game, list(bots) or [default_bot(game_id, dict(config))])
        settings = tuple(json.dumps(bot_settings(game, s, b, bot_opts), sort_keys=True)
                         for s, b in enumerate(seat_bots))
        self.meta = RowMeta(game_id, _version(), "", "{}", json.dumps(game.config_json(), sort_keys=True),
                            tuple(seat_bots), settings)
        self.parts = PartDir(out)
        if self.parts.path.exists() and self.parts.path.is_dir() and any(self.parts.path.iterdir()):
            raise SweepError(f"--out {quote(str(out), 120)} already exists and is not empty; choose a new path")
        self.parts.open({"format": FORMAT, "kind": "sim", "game": game_id, "config": dict(config), "n": n,
                         "seed": seed, "bots": list(seat_bots), "bot_opts": dict(bot_opts or {}),
                         "capes": _version()})
        self.rows: list[dict[str, Any]] = []
        self.size = rows_per_part
        self.written = 0

    def add(self, r: Mapping[str, Any]) -> None:
        self.rows.append(make_row(self.meta, r))
        if len(self.rows) >= self.size:
            self.flush()

    def flush(self) -> None:
        if self.rows:
            self.rows.sort(key=lambda r: r["seed"])
            self.parts.write(f"part-sim-{self.written:06d}.parquet", self.rows)
            self.written += 1
            self.rows = []


def iter_rows(paths: Sequence[str | os.PathLike[str]]) -> Iterator[dict[str, Any]]:
    """Every row of the given part files and sweep directories, ordered by cell index, cell and seed."""
    import pyarrow.parquet as pq

    for f in part_files(paths):
        yield from pq.read_table(f).to_pylist()


def part_files(paths: Sequence[str | os.PathLike[str]]) -> list[str]:
    """The Parquet files named, or held (at any depth) in the folders named, sorted; one-line error if none."""
    files: list[str] = []
    for p in map(Path, paths):
        if p.is_dir():
            found = sorted(str(f) for f in p.rglob("*.parquet") if f.is_file() and not f.name.startswith("."))
            if not found:
                raise SweepError(f"{quote(str(p), 120)} holds no .parquet files; give a sweep's --out folder or its parts")
            files += found
        elif p.is_file():
            files.append(str(p))
        else:
            raise SweepError(f"cannot read {quote(str(p), 120)}: no such file or folder")
    return list(dict.fromkeys(files))
