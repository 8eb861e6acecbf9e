"""Game configuration parameters and their validation.

Each game declares its :class:`Param` s; :func:`validate` turns user input (Python
values from ``capes.load`` or ``key=value`` strings from the CLI) into a checked
config dict, or raises one-line :class:`~capes.core.errors.ConfigError` s that name
the key and what is allowed.

>>> ps = [Param("players", "int", 1, lo=1, hi=4), Param("mode", "choice", "standard", choices=("standard", "expert"))]
>>> validate("demo", ps, {"players": "2"})
{'players': 2, 'mode': 'standard'}
>>> validate("demo", ps, {"mode": "hard"})
Traceback (most recent call last):
...
capes.core.errors.ConfigError: demo: config 'mode' must be one of standard, expert (got 'hard')
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from capes.core.errors import ConfigError

#: the largest file a ``file`` config value may name, and the most bytes a content directory may hold
MAX_FILE_BYTES = 4 * 1024 * 1024
MAX_DIR_BYTES = 32 * 1024 * 1024
MAX_DIR_FILES = 2000
#: the longest string a config value may be
MAX_VALUE_CHARS = 4096

KINDS = ("int", "str", "bool", "choice", "list", "file")


@dataclass(frozen=True)
class Param:
    """One configuration key.

    ``kind``: ``int`` (``lo``..``hi``), ``str``, ``bool``, ``choice`` (one of ``choices``),
    ``list`` (a list of ``choices`` items, or free strings when ``choices`` is empty;
    comma-separated on the command line; ``lo``/``hi`` bound its length) or ``file``
    (a path string). ``choices`` may be a callable so a game can list content lazily.
    """

    name: str
    kind: str
    default: Any
    help: str = ""
    choices: Sequence[str] | Callable[[], Sequence[str]] = ()
    lo: int | None = None
    hi: int | None = None
    unique: bool = False

    def allowed(self) -> list[str]:
        c = self.choices() if callable(self.choices) else self.choices
        return list(c)

    def describe(self) -> str:
        if self.kind == "int":
            return f"an integer from {self.lo} to {self.hi}"
        if self.kind == "bool":
            return "true or false"
        if self.kind in ("choice", "list") and self.allowed():
            what = "one of" if self.kind == "choice" else "a comma-separated list of"
            return f"{what} {', '.join(self.allowed())}"
        if self.kind == "file":
            return "a path to a file"
        return "a string"


def quote(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for error messages.

    >>> quote("x" * 50)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'… (50 characters)"
    >>> quote(7)
    '7'
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"a {value.bit_length()}-bit number"
    if isinstance(value, str) and len(value) > limit:
        return repr(value[:limit]) + f"… ({len(value):,} characters)"
    r = repr(value)
    return r if len(r) <= limit + 2 else r[:limit] + "…"


def check_int(name: str, value: int, lo: int, hi: int, why: str = "") -> None:
    """A command-line number within bounds, or a one-line :class:`ConfigError` naming them.

    >>> check_int("-n", 0, 1, 10)
    Traceback (most recent call last):
    ...
    capes.core.errors.ConfigError: -n must be an integer from 1 to 10 (got 0)
    """
    if not lo <= value <= hi:
        raise ConfigError(f"{name} must be an integer from {lo:,} to {hi:,}{why} (got {quote(value)})")


def check_path(game: str, key: str, value: str) -> None:
    """A file (or content directory) named by config ``key``: regular files of UTF-8 text, bounded in size.

    Raises a one-line :class:`ConfigError` for a missing path, a device, a binary or oversized file."""
    import os
    import stat

    def fail(why: str) -> ConfigError:
        return ConfigError(f"{game}: config '{key}' {quote(value)}: {why}")

    try:
        st = os.stat(value)
    except (OSError, ValueError) as e:
        raise fail(f"cannot be read ({getattr(e, 'strerror', None) or 'bad path'})") from None
    if stat.S_ISDIR(st.st_mode):
        try:
            names = sorted(os.listdir(value))[: MAX_DIR_FILES + 1]
        except OSError as e:
            raise fail(f"cannot be listed ({e.strerror})") from None
        if len(names) > MAX_DIR_FILES:
            raise fail(f"holds more than {MAX_DIR_FILES} entries; a content directory holds a few YAML files")
        total = 0
        for n in names:
            if n.endswith((".yaml", ".yml", ".json")):
                total += _check_file(os.path.join(value, n), fail)
                if total > MAX_DIR_BYTES:
                    raise fail(f"holds more than {MAX_DIR_BYTES // (1024 * 1024)} MB of content files")
        return
    _check_file(value, fail)


class FileProblem(Exception):
    """Why :func:`read_text_bounded` refused a file: ``kind`` is ``unreadable`` (``detail``: the OS's reason),
    ``directory``, ``special`` (a device or pipe), ``too_large`` (``detail``: the limit in MB) or ``not_utf8``
    (``detail``: the offset of the first bad byte). Callers word it for what the file was meant to be."""

    def __init__(self, kind: str, detail: str = "") -> None:
        super().__init__(kind, detail)
        self.kind = kind
        self.detail = detail


def read_text_bounded(path: str | os.PathLike[str], limit: int) -> str:
    """The UTF-8 text of a regular file, reading at most ``limit`` + 1 bytes (a device, a pipe or a huge file
    never fills memory); anything else raises :class:`FileProblem`.

    >>> read_text_bounded("/dev/zero", 10)
    Traceback (most recent call last):
    ...
    capes.core.config.FileProblem: ('special', '')
    """
    try:
        st = os.stat(path)
    except (OSError, ValueError) as e:
        raise FileProblem("unreadable", getattr(e, "strerror", None) or "bad path") from None
    if stat.S_ISDIR(st.st_mode):
        raise FileProblem("directory")
    if not stat.S_ISREG(st.st_mode):
        raise FileProblem("special")
    try:
        with open(path, "rb") as f:
            data = f.read(limit + 1)
    except OSError as e:
        raise FileProblem("unreadable", e.strerror or type(e).__name__) from None
    if len(data) > limit:
        raise FileProblem("too_large", f"{limit // (1024 * 1024)} MB")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise FileProblem("not_utf8", str(e.start)) from None


def _check_file(path: str, fail: Callable[[str], ConfigError]) -> int:
    name = quote(os.path.basename(path))
    try:
        text = read_text_bounded(path, MAX_FILE_BYTES)
    except FileProblem as e:
        raise fail({
            "unreadable": f"{name} cannot be read ({e.detail})",
            "directory": f"{name} is not a regular file (a device, pipe or folder)",
            "special": f"{name} is not a regular file (a device, pipe or folder)",
            "too_large": f"{name} is larger than {e.detail}",
            "not_utf8": f"{name} is not UTF-8 text (byte {e.detail}); give a text file",
        }[e.kind]) from None
    return len(text.encode("utf-8"))


def _as_bool(game: str, p: Param, v: Any) -> bool:
    if isinstance(v, bool):
        return v
    s = str(v).strip().lower()
    if s in ("1", "true", "yes", "on"):
        return True
    if s in ("0", "false", "no", "off"):
        return False
    raise ConfigError(f"{game}: config '{p.name}' must be true or false (got {quote(v)})")


def _coerce(game: str, p: Param, v: Any) -> Any:
    if p.kind == "int":
        if isinstance(v, bool):
            raise ConfigError(f"{game}: config '{p.name}' must be {p.describe()} (got {quote(v)})")
        try:
            n = int(v)
        except (TypeError, ValueError):
            raise ConfigError(f"{game}: config '{p.name}' must be {p.describe()} (got {quote(v)})") from None
        if (p.lo is not None and n < p.lo) or (p.hi is not None and n > p.hi):
            raise ConfigError(f"{game}: config '{p.name}' must be {p.describe()} (got {quote(n)})")
        return n
    if p.kind == "bool":
        return _as_bool(game, p, v)
    if p.kind in ("str", "file"):
        if not isinstance(v, str) or not v or len(v) > MAX_VALUE_CHARS:
            raise ConfigError(f"{game}: config '{p.name}' must be {p.describe()} (got {quote(v)})")
        if p.kind == "file":
            check_path(game, p.name, v)
        return v
    if p.kind == "choice":
        allowed = p.allowed()
        if not isinstance(v, str) or v not in allowed:
            raise ConfigError(f"{game}: config '{p.name}' must be {p.describe()} (got {quote(v)})")
        return v
    if p.kind == "list":
        if isinstance(v, str):
            items = [x.strip() for x in v.split(",") if x.strip()] if v.strip() else []
        elif isinstance(v, list | tuple):
            items = list(v)
        else:
            raise ConfigError(f"{game}: config '{p.name}' must be {p.describe()} (got {quote(v)})")
        allowed = p.allowed()
        for it in items:
            if not isinstance(it, str) or (allowed and it not in allowed):
                raise ConfigError(f"{game}: config '{p.name}' has unknown item {quote(it)}; allowed: {', '.join(allowed)}")
        if p.unique and len(set(items)) != len(items):
            raise ConfigError(f"{game}: config '{p.name}' lists an item twice ({', '.join(items)}); each may appear once")
        if p.lo is not None and len(items) < p.lo:
            raise ConfigError(f"{game}: config '{p.name}' needs at least {p.lo} item(s) (got {len(items)})")
        if p.hi is not None and len(items) > p.hi:
            raise ConfigError(f"{game}: config '{p.name}' allows at most {p.hi} item(s) (got {len(items)})")
        return tuple(items)
    raise ConfigError(f"{game}: config '{p.name}' has unknown kind {p.kind!r}")


def validate(game: str, params: Sequence[Param], config: Mapping[str, Any]) -> dict[str, Any]:
    """Check ``config`` against ``params``; unknown keys and bad values raise ConfigError."""
    by_name = {p.name: p for p in params}
    for key in config:
        if key not in by_name:
            known = ", ".join(by_name) or "(none)"
            raise ConfigError(f"{game}: unknown config key {quote(key)}; allowed keys: {known}")
    out: dict[str, Any] = {}
    for p in params:
        if p.name in config and config[p.name] is not None:
            out[p.name] = _coerce(game, p, config[p.name])
        else:
            d = p.default
            out[p.name] = tuple(d) if isinstance(d, list) else d
    return out


def parse_pairs(pairs: Sequence[str]) -> dict[str, str]:
    """``["a=1", "b=x,y"]`` → ``{"a": "1", "b": "x,y"}`` (CLI ``--config`` values)."""
    out: dict[str, str] = {}
    for pair in pairs:
        if "=" not in pair:
            raise ConfigError(f"--config expects key=value (got {quote(pair)})")
        k, v = pair.split("=", 1)
        k = k.strip()
        if not k:
            raise ConfigError(f"--config expects key=value with a key (got {quote(pair)})")
        if k in out:
            out[k] = out[k] + "," + v.strip()
        else:
            out[k] = v.strip()
    return out
