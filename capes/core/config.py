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

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from capes.core.errors import ConfigError

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


def _as_bool(game: str, p: Param, v: Any) -> bool:
    if isinstance(v, bool):
        return v
    s = str(v).strip().lower()
    if s in ("1", "true", "yes", "on"):
        return True
    if s in ("0", "false", "no", "off"):
        return False
    raise ConfigError(f"{game}: config '{p.name}' must be true or false (got {v!r})")


def _coerce(game: str, p: Param, v: Any) -> Any:
    if p.kind == "int":
        if isinstance(v, bool):
            raise ConfigError(f"{game}: config '{p.name}' must be {p.describe()} (got {v!r})")
        try:
            n = int(v)
        except (TypeError, ValueError):
            raise ConfigError(f"{game}: config '{p.name}' must be {p.describe()} (got {v!r})") from None
        if (p.lo is not None and n < p.lo) or (p.hi is not None and n > p.hi):
            raise ConfigError(f"{game}: config '{p.name}' must be {p.describe()} (got {n})")
        return n
    if p.kind == "bool":
        return _as_bool(game, p, v)
    if p.kind in ("str", "file"):
        if not isinstance(v, str) or not v:
            raise ConfigError(f"{game}: config '{p.name}' must be {p.describe()} (got {v!r})")
        return v
    if p.kind == "choice":
        allowed = p.allowed()
        if not isinstance(v, str) or v not in allowed:
            raise ConfigError(f"{game}: config '{p.name}' must be {p.describe()} (got {v!r})")
        return v
    if p.kind == "list":
        if isinstance(v, str):
            items = [x.strip() for x in v.split(",") if x.strip()] if v.strip() else []
        elif isinstance(v, list | tuple):
            items = list(v)
        else:
            raise ConfigError(f"{game}: config '{p.name}' must be {p.describe()} (got {v!r})")
        allowed = p.allowed()
        for it in items:
            if not isinstance(it, str) or (allowed and it not in allowed):
                raise ConfigError(f"{game}: config '{p.name}' has unknown item {it!r}; allowed: {', '.join(allowed)}")
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
            raise ConfigError(f"{game}: unknown config key {key!r}; allowed keys: {known}")
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
            raise ConfigError(f"--config expects key=value (got {pair!r})")
        k, v = pair.split("=", 1)
        k = k.strip()
        if not k:
            raise ConfigError(f"--config expects key=value with a key (got {pair!r})")
        if k in out:
            out[k] = out[k] + "," + v.strip()
        else:
            out[k] = v.strip()
    return out
