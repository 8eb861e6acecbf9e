"""capes sweep on Ray (one local Ray session of 2 CPUs for the module: starting Ray costs seconds): the same rows
as local processes, resume, and the CLI path (issue #16)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from capes.cli.main import main
from capes.sweep import run_sweep
from tests.sweep.helpers import rows_without_timing, small_sweep

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def local_rows(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    """The reference: the sweep on one local process (played before Ray starts, so nothing forks beside Ray)."""
    out = tmp_path_factory.mktemp("local") / "l.parquet"
    run_sweep(small_sweep(), out, workers=1)
    return rows_without_timing(out)


@pytest.fixture(scope="module")
def ray_session(local_rows: list[dict[str, Any]]) -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR", log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def test_ray_writes_the_rows_local_processes_write(local_rows: list[dict[str, Any]], ray_session: None,
                                                   tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r.parquet"
    code = main(["sweep", "champions", "--grid", "villain=rhino,klaw", "--grid", "mode=standard,expert", "-n", "6",
                 "--seed", "3", "--bot", "random", "--chunk", "3", "--backend", "ray", "--workers", "2",
                 "--out", str(out)])
    text = capsys.readouterr().out
    assert code == 0 and "24 games played" in text
    assert rows_without_timing(out) == local_rows
    # resume on Ray: only the lost chunk is played again
    (out / "part-00002-000000000003.parquet").unlink()
    seen: list[int] = []
    run = run_sweep(small_sweep(chunk=3), out, backend="ray", workers=2, progress=seen.append)
    assert (run.games, run.skipped, sum(seen)) == (3, 21, 24)
    assert rows_without_timing(out) == local_rows
