"""The optional compiled build (bench/compile.py, issue #14) replays the recorded corpus identically.

The build is never made by the tests (it needs Cython and a C compiler, and minutes): the corpus
check runs only when ``build/compiled`` holds a build of the current sources, and skips with the
reason otherwise (on a clean clone). CI builds it first (``make compiled`` in .ci/run) and sets
CAPES_REQUIRE_COMPILED=1, which turns that skip into a failure. The staleness rule itself is always tested.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _compile_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("capes_bench_compile", ROOT / "bench" / "compile.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


compile_py = _compile_module()


def build_or_skip(out: Path) -> None:
    """Skip the calling test unless ``out`` holds a build of the current sources; fail instead under
    CAPES_REQUIRE_COMPILED=1 (CI)."""
    reason = compile_py.stale(out)
    if reason and os.environ.get("CAPES_REQUIRE_COMPILED") == "1":
        pytest.fail(f"the compiled build is required here (CAPES_REQUIRE_COMPILED=1): {reason}", pytrace=False)
    if reason:
        pytest.skip(reason)


def test_compiled_build_replays_the_corpus_identically() -> None:
    build_or_skip(compile_py.DEFAULT_OUT)
    r = subprocess.run([sys.executable, str(ROOT / "bench" / "compile.py"), "--check"], cwd=ROOT,
                       capture_output=True, text=True, timeout=1200)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    lines = [ln for ln in r.stdout.splitlines() if ln.endswith("games identical")]
    assert len(lines) == len(list((ROOT / "tests" / "corpus").glob("*.json.gz"))) >= 3


def test_a_build_of_other_sources_is_stale(tmp_path: Path) -> None:
    assert "no compiled build" in compile_py.stale(tmp_path)
    sources = compile_py.digest()
    (tmp_path / "manifest.json").write_text(json.dumps({"sources": sources}), encoding="utf-8")
    assert compile_py.stale(tmp_path) is None
    changed = dict(sources, **{"capes/core/protocol.py": "0" * 64})
    (tmp_path / "manifest.json").write_text(json.dumps({"sources": changed}), encoding="utf-8")
    assert "older than capes/core/protocol.py" in compile_py.stale(tmp_path)


def test_the_build_compiles_engine_modules_and_keeps_packages_plain() -> None:
    mods = {str(p) for p in compile_py.sources()}
    assert {"capes/core/protocol.py", "capes/games/heroes/engine.py", "capes/games/alliances/engine.py",
            "capes/games/champions/engine.py"} <= mods
    assert not any(m.endswith("__init__.py") for m in mods) and not any(m.startswith("capes/cli") for m in mods)


def test_ci_fails_without_a_current_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # CI builds the compiled package (make compiled) and requires it: a missing build is a failure there, a skip elsewhere
    monkeypatch.delenv("CAPES_REQUIRE_COMPILED", raising=False)
    with pytest.raises(pytest.skip.Exception, match="no compiled build"):
        build_or_skip(tmp_path)
    monkeypatch.setenv("CAPES_REQUIRE_COMPILED", "1")
    with pytest.raises(pytest.fail.Exception, match=r"required here \(CAPES_REQUIRE_COMPILED=1\): no compiled build"):
        build_or_skip(tmp_path)


def test_pgo_trains_only_on_a_compiled_build_and_only_with_cython(tmp_path: Path) -> None:
    # the training workload of --pgo refuses to run on the pure package (its profile would be of nothing)
    env = {"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"}
    r = subprocess.run([sys.executable, "-c", compile_py.TRAIN], env=env, cwd=ROOT, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 1 and r.stderr.strip() == "the champions engine imported is not the compiled one"
    assert compile_py.main(["--pgo", "--backend", "mypyc"]) == 2
