"""docs/audits/ (issue 40): every test an audit names exists, and every audit file of the ten classes is there, so
an audit cannot point at a test that was renamed or never written."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
AUDITS = ROOT / "docs" / "audits"
CLASSES = ("replacement", "player-order", "ties", "elimination", "limits", "scoped-state", "who-decides",
           "no-stacking", "just-rolled", "may")
_REF = re.compile(r"`((?:[a-z_]+/)?test_[a-z0-9_]+\.py)?::(test_[A-Za-z0-9_]+)`")


def _test_file(name: str, game: str) -> Path | None:
    for cand in ([ROOT / "tests" / name] if "/" in name else [ROOT / "tests" / game / name, ROOT / "tests" / name]):
        if cand.exists():
            return cand
    return None


def test_the_ten_audits_exist():
    assert sorted(p.stem for p in AUDITS.glob("*.md") if p.stem != "README") == sorted(CLASSES)


def test_every_test_an_audit_names_exists():
    missing = []
    for md in sorted(AUDITS.glob("*.md")):
        game = "champions"
        last: Path | None = None
        for line in md.read_text(encoding="utf-8").splitlines():
            if line.startswith("## "):
                game = {"Heroes": "heroes", "Alliances": "alliances"}.get(line[3:].split()[0], "champions")
            for m in _REF.finditer(line):
                f = _test_file(m.group(1), game) if m.group(1) else last
                if f is None:
                    missing.append(f"{md.name}: {m.group(0)} (file not found)")
                    continue
                last = f
                if not re.search(rf"^def {m.group(2)}\b", f.read_text(encoding="utf-8"), re.M):
                    missing.append(f"{md.name}: {m.group(0)} (no such test in {f.relative_to(ROOT)})")
    assert not missing, "\n".join(missing)
