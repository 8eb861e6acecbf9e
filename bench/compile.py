"""The optional compiled build: capes' unchanged modules compiled with Cython, out of the source tree.

    python bench/compile.py [--out build/compiled] [--jobs 2]      # build
    python bench/compile.py --check [--out build/compiled]         # replay the corpus with it
    PYTHONPATH=build/compiled python -m capes ...                  # use it
    python bench/compile.py --pgo                                  # profile-guided build (twice as long)

The build copies the package (every module and data file) to ``OUT/capes`` and compiles the modules
of ``capes/core`` and ``capes/games`` that a game runs (engines, rules, card scripts, dice, bots,
protocol; not the packages' ``__init__.py``, nor content loading, odds tables, text/web drawing or
test helpers, which ``--all`` adds) into extension modules next to their ``.py``; Python imports the
extension first. Nothing in the source tree changes: the
pure-Python package stays complete and is what the tests cover. ``OUT/manifest.json`` records the
digest of every source, so ``--check`` (and tests/core/test_compiled.py) can tell a stale build.

``--backend mypyc`` builds with mypyc instead, for comparison only. Needs the ``compile`` extra
(``pip install -e '.[compile]'``: Cython) and a C compiler.

Why Cython (issue #14, measured 2026-12-01 on the 2-core bench machine, CPU time, same games):
Cython compiles the modules unchanged and keeps Python semantics (``annotation_typing`` off), and the
corpus replays identically (570 of 570 games); engines, rules modules and core compiled gave
+22% actions/s in champions, +20% in alliances, +15% in heroes. mypyc cannot compile the unchanged
modules: it needs code mypy accepts (the games have hundreds of mypy errors), rejects the engines'
``game`` attribute narrowed in each State subclass, and stops with an internal error on a
re-annotated local (champions/decks.py) even with the games' errors ignored.

``--pgo`` (profile-guided: gcc's -fprofile-generate, the :data:`TRAIN` workload, then -fprofile-use on the same C
files), measured 2026-12-04 on the 2-core Intel Xeon machine, four alternating runs of 2 CPU seconds of random
playouts per game against the plain build: champions +7 to +11% actions/s, alliances +6 to +9%, heroes +1 to +8%;
the corpus replays identically (877 of 877). It takes twice as long to build (about 5 minutes), so CI and ``make
compiled`` build the plain one.

Tried and dropped (2026-12-04, same machine): Cython's ``annotation_typing`` (annotations of builtin types enforced
as exact types). Every compiled module but alliances/setup.py translates with it; random playouts were no faster
(three alternating runs of 2 CPU seconds against the plain build: champions -1 to +1%, alliances +1 to +2%), and a
single inexact annotation (a tuple passed where ``list[str]`` was written, since corrected) stopped every Heroes
game with a TypeError: a risk to the same games for no gain.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "capes"
DEFAULT_OUT = ROOT / "build" / "compiled"
COMPILED = ("core", "games")  # the subpackages whose modules are compiled
#: modules that no playout runs (loading, drawing, tools): left as Python unless --all. The pydantic content models
#: (champions/data.py, heroes/content.py) stay Python too: pydantic 2.14 refuses a model whose methods are compiled
#: functions ("A non-annotated attribute was detected"); the command-line modules (cli.py) hold code Cython 3.3
#: cannot compile ([*a, *b] in a call)
NOT_PLAYED = {"web", "render", "cli", "data", "glossary", "contract", "corpus", "corpus_compare", "fuzz", "replay",
              "registry", "config", "rules", "content", "odds", "version"}
CORPUS = ROOT / "tests" / "corpus"
EXTRA = "pip install -e '.[compile]'"


def sources(package: Path = PACKAGE, everything: bool = False) -> list[Path]:
    """The modules compiled, relative to the package's parent: the .py of core and games that games run
    (``everything``: all of them) but never a package's __init__.py."""
    out = []
    for sub in COMPILED:
        for p in sorted((package / sub).rglob("*.py")):
            if p.name == "__init__.py" or "__pycache__" in p.parts:
                continue
            if not everything and (p.stem in NOT_PLAYED or NOT_PLAYED & set(p.relative_to(package).parts[:-1])):
                continue
            out.append(p.relative_to(package.parent))
    return out


def digest(package: Path = PACKAGE) -> dict[str, str]:
    """sha256 of every .py of the package, by path: what a build was made from."""
    return {str(p.relative_to(package.parent)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(package.rglob("*.py")) if "__pycache__" not in p.parts}


def stale(out: Path = DEFAULT_OUT, package: Path = PACKAGE) -> str | None:
    """Why the build in ``out`` cannot stand for the current sources (``None``: it can)."""
    manifest = out / "manifest.json"
    if not manifest.exists():
        return f"no compiled build in {out} (run: python bench/compile.py)"
    doc = json.loads(manifest.read_text(encoding="utf-8"))
    now = digest(package)
    changed = sorted(k for k in set(now) | set(doc["sources"]) if now.get(k) != doc["sources"].get(k))
    if changed:
        more = f" and {len(changed) - 3} more" if len(changed) > 3 else ""
        return f"the compiled build in {out} is older than {', '.join(changed[:3])}{more} (rerun python bench/compile.py)"
    return None


def _copy_package(out: Path, package: Path) -> Path:
    dest = out / "capes"
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(package, dest, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.c"))
    return dest


def _build_cython(out: Path, mods: list[Path], jobs: int, flags: str = "") -> None:
    try:
        import Cython  # noqa: F401
    except ImportError:
        raise SystemExit(f"bench/compile.py: Cython is not installed; install the compile extra: {EXTRA}") from None
    # A setup script run in ``out``: the .c and .so files land next to the copied modules.
    script = f"""
import sys
from setuptools import setup
from Cython.Build import cythonize
mods = {[str(m) for m in mods]!r}
exts = cythonize(mods, nthreads={jobs}, quiet=True, language_level=3,
                 # keep Python semantics: annotations are not enforced as C types or exact builtin types
                 compiler_directives={{"annotation_typing": False, "binding": True}})
sys.argv = ["setup", "build_ext", "--inplace", "--parallel", "{jobs}", *sys.argv[1:]]
setup(name="capes-compiled", ext_modules=exts, script_args=sys.argv[1:])
"""
    _run_setup(out, script, flags)


def _build_mypyc(out: Path, mods: list[Path], jobs: int, flags: str = "") -> None:
    try:
        import mypyc  # noqa: F401
    except ImportError:
        raise SystemExit("bench/compile.py: mypyc is not installed (it ships with mypy: pip install mypy)") from None
    # mypyc compiles only code mypy accepts; the games do not pass mypy yet, so their errors are
    # silenced (ignore_errors) and mypyc trusts the annotations as they are.
    (out / "mypyc.ini").write_text("[mypy]\npython_version = 3.11\nignore_missing_imports = True\n"
                                   "[mypy-capes.games.*]\nignore_errors = True\n", encoding="utf-8")
    script = f"""
import sys
from setuptools import setup
from mypyc.build import mypycify
mods = {[str(m) for m in mods]!r}
exts = mypycify(["--config-file", "mypyc.ini", *mods], opt_level="3", multi_file=True)
sys.argv = ["setup", "build_ext", "--inplace", "--parallel", "{jobs}", *sys.argv[1:]]
setup(name="capes-compiled", ext_modules=exts, script_args=sys.argv[1:])
"""
    _run_setup(out, script, flags)


SCRIPT = "_build_compiled.py"


def _run_setup(out: Path, script: str | None, flags: str = "", *args: str) -> None:
    """Run the setup script in ``out`` (written first, unless ``script`` is None: the last one again, e.g. with
    ``--force``) with C compiler ``flags`` added."""
    path = out / SCRIPT
    if script is not None:
        path.write_text(script, encoding="utf-8")
    # -O2 without debug info: the generated C is large (megabytes per engine module) and -O3 -g,
    # Python's default, takes several times longer to build for no measurable gain here.
    env = {**os.environ, "CFLAGS": " ".join(x for x in (os.environ.get("CFLAGS", ""), "-O2 -g0", flags) if x)}
    r = subprocess.run([sys.executable, path.name, *args], cwd=out, capture_output=True, text=True, env=env)
    if r.returncode:
        tail = "\n".join((r.stdout + r.stderr).strip().splitlines()[-25:])
        raise SystemExit(f"bench/compile.py: the build failed:\n{tail}")


#: the first lines of the code run with a build (``--check``, ``--pgo``'s training): it stops, in one line, unless the
#: engines imported are the compiled ones (a PYTHONPATH that misses the build would check or train the pure package)
COMPILED_ONLY = """
import importlib, sys
for _g in ("champions", "alliances", "heroes"):
    if importlib.import_module(f"capes.games.{_g}.engine").__file__.endswith(".py"):
        sys.exit(f"the {_g} engine imported is not the compiled one")
"""


#: the workload a profile-guided build (--pgo) is trained on, run with the instrumented build: random playouts of
#: every game, and decisions of the normal bot and of a short ismcts search (what simulations and bots run)
TRAIN = COMPILED_ONLY + """
from capes.core.bots.base import make_bot
from capes.core.registry import load
from capes.core.rng import Rng
for gid, n in (("champions", 600), ("alliances", 250), ("heroes", 150)):
    g = load(gid)
    rng = Rng(1)
    for i in range(n):
        s = g.new_game(i)
        while not s.is_over:
            o = s.decision.options
            s.apply(o[rng.randbelow(len(o))])
    s = g.new_game(5)
    for k in range(40):
        if s.is_over:
            break
        name = "ismcts" if k % 8 == 0 else "normal"
        opts = {"iterations": 20} if name == "ismcts" else {}
        s.apply(make_bot(name, g, s.decision.seat, seed=k, **opts).choose(s))
"""


def _train(out: Path) -> None:
    """Run :data:`TRAIN` with the (instrumented) build in ``out``."""
    env = {**os.environ, "PYTHONPATH": str(out)}
    r = subprocess.run([sys.executable, "-c", TRAIN], env=env, cwd=out, capture_output=True, text=True)
    if r.returncode:
        tail = "\n".join((r.stdout + r.stderr).strip().splitlines()[-10:])
        raise SystemExit(f"bench/compile.py: the training run of --pgo failed:\n{tail}")


def build(out: Path, backend: str, jobs: int, package: Path = PACKAGE, everything: bool = False,
          pgo: bool = False) -> dict[str, object]:
    t0 = time.perf_counter()
    dest = _copy_package(out, package)
    mods = sources(dest, everything)
    make = _build_cython if backend == "cython" else _build_mypyc
    if pgo:
        # profile-guided: build instrumented, run the training workload, then compile the same C files again
        # (--force; they are not generated again) with the profile. Only the compiler's layout and inlining
        # change, never what the code does; --check replays the corpus with the result like any build.
        prof = out / "pgo-data"
        make(out, mods, jobs, f"-fprofile-generate -fprofile-dir={prof} -fprofile-update=single")
        _train(out)
        _run_setup(out, None, f"-fprofile-use -fprofile-dir={prof} -fprofile-correction -Wno-missing-profile",
                   "--force")
        shutil.rmtree(prof)
    else:
        make(out, mods, jobs)
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    built = [m for m in mods if (out / m).with_suffix(suffix).exists()]
    for p in list(out.rglob("*.c")) + [out / SCRIPT]:
        p.unlink()
    shutil.rmtree(out / "build", ignore_errors=True)
    doc = {"backend": backend, "pgo": pgo, "python": sys.version.split()[0], "compiled": len(built), "modules": len(mods),
           "seconds": round(time.perf_counter() - t0, 1), "sources": digest(package)}
    (out / "manifest.json").write_text(json.dumps(doc, indent=1, sort_keys=True), encoding="utf-8")
    return doc


def check(out: Path, package: Path = PACKAGE) -> int:
    """Replay every corpus file with the compiled modules (in a fresh process); 0 when all are identical."""
    reason = stale(out, package)
    if reason:
        print(f"bench/compile.py: {reason}", file=sys.stderr)
        return 2
    code = COMPILED_ONLY + (
        "from pathlib import Path\n"
        "from capes.core.corpus import load_corpus, verify\n"
        "bad = 0\n"
        f"for f in sorted(Path({str(CORPUS)!r}).glob('*.json.gz')):\n"
        "    games = load_corpus(f); diff = verify(games); bad += len(diff)\n"
        "    print(f'{f.name}: {len(games) - len(diff)} of {len(games)} games identical')\n"
        "    for line in diff: print('  ' + line)\n"
        "sys.exit(1 if bad else 0)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(out)}
    return subprocess.run([sys.executable, "-c", code], env=env, cwd=out).returncode


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="build directory (default build/compiled)")
    ap.add_argument("--backend", choices=("cython", "mypyc"), default="cython",
                    help="cython (the choice, see docs) or mypyc (for comparison)")
    ap.add_argument("--jobs", type=int, default=2, help="parallel compile jobs")
    ap.add_argument("--src", type=Path, default=PACKAGE, help="the capes package to compile (default: this tree's)")
    ap.add_argument("--all", action="store_true", help="compile every module of core and games, not only those games run")
    ap.add_argument("--pgo", action="store_true",
                    help="profile-guided: build, train on random games and bot decisions, build again (about twice as long)")
    ap.add_argument("--check", action="store_true", help="replay the corpus with an existing build")
    a = ap.parse_args(argv)
    out = a.out.resolve()
    if out == ROOT or out in PACKAGE.parents or PACKAGE in out.parents or out == PACKAGE:
        print("bench/compile.py: --out must be outside the capes package", file=sys.stderr)
        return 2
    if a.pgo and (a.backend != "cython" or a.check):
        print("bench/compile.py: --pgo builds with the cython backend only, and not with --check", file=sys.stderr)
        return 2
    src = a.src.resolve()
    if a.check:
        return check(out, src)
    doc = build(out, a.backend, max(1, a.jobs), src, a.all, a.pgo)
    how = f"{a.backend}, profile-guided" if a.pgo else a.backend
    print(f"{out}: {doc['compiled']} of {doc['modules']} modules compiled with {how} in {doc['seconds']} s; "
          f"use it with PYTHONPATH={out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
