"""What every real-browser test shares: where Debian's Chromium is, where screenshots go, and the rule that
such a test skips with a one-line hint when Playwright or Chromium is missing — or fails, when
CAPES_REQUIRE_BROWSER=1 (set by .ci/run) says the browser tests must run."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("CAPES_CHROMIUM", "/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / ".screenshots"


def missing() -> str:
    """Why browser tests cannot run here ('' when they can)."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install -e '.[dev]')"
    if not os.path.exists(CHROMIUM):
        return f"no Chromium at {CHROMIUM}; install it with `apt-get install chromium` (or run .ci/run)"
    return ""


def require_browser() -> None:
    """Call at the top of a browser test module: skip it (or fail, under CAPES_REQUIRE_BROWSER=1) without one."""
    why = missing()
    if why and os.environ.get("CAPES_REQUIRE_BROWSER") == "1":
        pytest.fail(f"browser tests are required here (CAPES_REQUIRE_BROWSER=1) but {why}", pytrace=False)
    if why:
        pytest.skip(f"browser tests skipped: {why}", allow_module_level=True)
