"""Re-recording a corpus after a change of log text only, checked against the code before the change.

A change that rewords the log (or adds lines to it) changes every recorded game's log digest, so the corpus must be
re-recorded; re-recording blindly would also accept a change of the games themselves. This replays every game of a
corpus file twice, with the old code (a git revision or a directory holding the old ``capes`` package) and with the
code of this checkout, each in its own process, and compares them action by action: the option ids offered, the
RNG and the whole state but for the log must be identical after every action, and the results too. The log lines
that differ are listed as rewrites (old → new, only the words that changed), lines added and lines removed, counted
and grouped with their numbers shown as ``#``, so that a person can check that they are exactly the change intended.
``--write`` then re-records the file's expectations with this checkout's code (:mod:`capes.core.corpus` does), only
when nothing but the log differs.

    python -m capes.core.corpus compare tests/corpus/heroes.json.gz --old HEAD~1 [--write]
"""

from __future__ import annotations

import difflib
import io
import json
import os
import re
import subprocess
import sys
import tarfile
import tempfile
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

#: Run with the old code and with the new one, in a process of its own (``python -c``, the package found through
#: PYTHONPATH), so it uses only what every version of capes has had: one JSON line a game, each action's digest of
#: the decision's option ids, the RNG and the state without its log, and the log lines that action added.
TRACE = r'''
import hashlib, json, sys
import capes
from capes.core.corpus import load_corpus
from capes.core.registry import load

def digest(s):
    dump = s._dump_json() if hasattr(s, "_dump_json") else json.dumps(s._dump(), sort_keys=True)
    ids = ",".join(o.id for o in s.decision.options)
    return hashlib.sha256(f"{s.rng.state}|{ids}|{dump}".encode()).hexdigest()[:20]

print(json.dumps({"capes": capes.__file__}))
for e in load_corpus(__import__("pathlib").Path(sys.argv[1])):
    out = {"tag": f"{e['game']} seed {e['seed']} ({e['bot']})"}
    try:
        s = load(e["game"], **e["config"]).new_game(int(e["seed"]))
        steps = [[digest(s), [list(x) for x in s.log]]]
        for a in e["actions"]:
            n = len(s.log)
            s.apply(a)
            steps.append([digest(s), [list(x) for x in s.log[n:]]])
        r = s.result
        out["steps"] = steps
        out["result"] = None if r is None else [list(r.outcomes), list(r.scores)]
    except Exception as exc:
        out["error"] = f"{type(exc).__name__}: {exc}"[:300]
    print(json.dumps(out))
'''


def trace(corpus: Path, package_root: Path) -> list[dict[str, Any]]:
    """Every game of ``corpus`` replayed by the ``capes`` package under ``package_root`` (see :data:`TRACE`)."""
    env = {**os.environ, "PYTHONPATH": str(package_root)}
    with tempfile.TemporaryDirectory() as cwd:  # an empty working directory: nothing there shadows a module
        proc = subprocess.run([sys.executable, "-c", TRACE, str(corpus.resolve())], cwd=cwd, env=env,
                              capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        last = (proc.stderr.strip().splitlines() or ["no error text"])[-1]
        raise RuntimeError(f"replaying {corpus} with the code in {package_root} failed: {last}")
    lines = proc.stdout.splitlines()
    if not lines:
        raise RuntimeError(f"replaying {corpus} with the code in {package_root} printed nothing")
    head = json.loads(lines[0])
    want = (package_root / "capes").resolve()
    if not Path(head["capes"]).resolve().is_relative_to(want):
        raise RuntimeError(f"the replay imported capes from {head['capes']}, not from {want}")
    return [json.loads(x) for x in lines[1:]]


def old_package(old: str, tmp: Path) -> Path:
    """The directory holding the old ``capes`` package: ``old`` itself when it is one, else git revision ``old`` of
    the repository in the working directory, extracted into ``tmp``."""
    p = Path(old)
    if (p / "capes" / "__init__.py").is_file():
        return p
    proc = subprocess.run(["git", "archive", "--format=tar", old, "capes"], capture_output=True, check=False)
    if proc.returncode != 0:
        err = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        raise RuntimeError(f"--old {old!r} is neither a directory holding capes/ nor a git revision here "
                           f"({err[-1] if err else 'git failed'})")
    with tarfile.open(fileobj=io.BytesIO(proc.stdout)) as tar:
        if hasattr(tarfile, "data_filter"):  # Python 3.11.4 and later: refuse links and paths out of tmp
            tar.extractall(tmp, filter="data")
        else:  # git archive of this repository: its own files only
            tar.extractall(tmp)  # noqa: S202
    return tmp


_NUM = re.compile(r"\d+")
#: (kind: "~" rewrite, "+" added, "-" removed; old text; new text) -> how many log lines
LogDiff = Counter[tuple[str, str, str]]


def _shape(text: str) -> str:
    return _NUM.sub("#", text)


def _text(entry: Sequence[Any]) -> str:
    """A log entry as the comparison shows it: its text, and for a line private to one seat what the others see."""
    if len(entry) > 2 and entry[2] is not None:
        return f"{entry[1]} (seat {entry[2]} only; the others see: {entry[3] if len(entry) > 3 else None})"
    return str(entry[1])


def _change(a: str, b: str) -> tuple[str, str]:
    """What a rewrite changed: ``a`` and ``b`` without the words they share at the start and at the end (``…`` where
    some were cut), numbers shown as ``#``.

    >>> _change("Spider-Man attacks Goblin Army at a4 with Thwip!.", "Spider-Man attacks Goblin Army at a4 with Thwip!")
    ('…Thwip!.', '…Thwip!')
    >>> _change("The game ends. VP: [16, 18].", "The game ends. Victory Points: P1 16, P2 18.")
    ('…VP: [#, #].', '…Victory Points: P# #, P# #.')
    """
    wa, wb = a.split(" "), b.split(" ")
    i = 0
    while i < min(len(wa), len(wb)) - 1 and wa[i] == wb[i]:
        i += 1
    j = 0
    while j < min(len(wa), len(wb)) - i - 1 and wa[-1 - j] == wb[-1 - j]:
        j += 1
    cut = ("…" if i else "", "…" if j else "")
    return (_shape(cut[0] + " ".join(wa[i:len(wa) - j]) + cut[1]),
            _shape(cut[0] + " ".join(wb[i:len(wb) - j]) + cut[1]))


def compare(old: Sequence[Mapping[str, Any]], new: Sequence[Mapping[str, Any]]) -> tuple[list[str], LogDiff]:
    """(games whose play differs, one line each; the log differences counted by kind and shape of text).

    Play is the option ids, RNG and state but for the log after each action, and the result. Log differences are
    ``("~", old, new)`` rewrites (only the words changed: :func:`_change`), ``("+", "", text)`` added and
    ``("-", text, "")`` removed lines, with the numbers of each text replaced by ``#``.
    """
    bad: list[str] = []
    log: LogDiff = Counter()
    if len(old) != len(new):
        return [f"the old code replayed {len(old)} games and the new {len(new)}"], log
    for o, n in zip(old, new, strict=True):
        tag = n["tag"]
        if "error" in o or "error" in n:
            if o.get("error") != n.get("error"):
                bad.append(f"{tag}: replay failed: old {o.get('error', 'ok')}, new {n.get('error', 'ok')}")
            continue
        if len(o["steps"]) != len(n["steps"]):
            bad.append(f"{tag}: {len(o['steps']) - 1} actions replayed by the old code, {len(n['steps']) - 1} by the new")
            continue
        first = next((k for k, (a, b) in enumerate(zip(o["steps"], n["steps"], strict=True)) if a[0] != b[0]), None)
        if first is not None:
            bad.append(f"{tag}: the options, RNG or state differ " +
                       ("after setup" if first == 0 else f"after action #{first}"))
            continue
        if o["result"] != n["result"]:
            bad.append(f"{tag}: the results differ ({o['result']} against {n['result']})")
            continue
        for (_, a), (_, b) in zip(o["steps"], n["steps"], strict=True):
            if a == b:
                continue
            # a line private to one seat (x[2]) is shown with what the others see (x[3]): a change of either counts
            ta, tb = [_text(x) for x in a], [_text(x) for x in b]
            ka, kb = [json.dumps(x) for x in a], [json.dumps(x) for x in b]
            for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, ka, kb, autojunk=False).get_opcodes():
                if op == "equal":
                    continue
                pairs = min(i2 - i1, j2 - j1) if op == "replace" else 0
                for k in range(pairs):
                    log["~", *_change(ta[i1 + k], tb[j1 + k])] += 1
                for k in range(i1 + pairs, i2):
                    log["-", _shape(ta[k]), ""] += 1
                for k in range(j1 + pairs, j2):
                    log["+", "", _shape(tb[k])] += 1
    return bad, log


def report(bad: Sequence[str], log: LogDiff, games: int, limit: int = 30) -> str:
    lines = []
    if bad:
        lines.append(f"{len(bad)} of {games} games play differently (not a change of log text only):")
        lines += [f"  {x}" for x in bad[:limit]]
        if len(bad) > limit:
            lines.append(f"  … and {len(bad) - limit} more")
    else:
        lines.append(f"all {games} games: the same options, RNG, state and result after every action")
    if not log:
        lines.append("the logs are identical")
        return "\n".join(lines)
    total = sum(log.values())
    lines.append(f"{total} log line{'s differ' if total != 1 else ' differs'}, in {len(log)} "
                 f"shape{'s' if len(log) != 1 else ''} (numbers shown as #):")
    for (kind, a, b), k in log.most_common(limit):
        what = {"~": f"{a!r} → {b!r}", "+": f"added {b!r}", "-": f"removed {a!r}"}[kind]
        lines.append(f"  {k:>6} × {what}")
    if len(log) > limit:
        lines.append(f"  … and {len(log) - limit} more shapes")
    return "\n".join(lines)


def run(file: Path, old: str) -> bool:
    """``python -m capes.core.corpus compare``: print the comparison of ``file``'s games replayed by the code of
    ``old`` and by this checkout's; True when they play the same (only the log may differ). The caller re-records."""
    here = Path(__file__).resolve().parents[2]
    with tempfile.TemporaryDirectory() as tmp:
        root = old_package(old, Path(tmp))
        before = trace(file, root)
    after = trace(file, here)
    bad, log = compare(before, after)
    print(report(bad, log, len(after)))
    return not bad
