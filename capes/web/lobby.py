"""The lobby's new-table form, built from each game's ``Param`` declarations and checked by the
same validation as ``--config`` (so an error reads the same in the terminal and in the page)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from capes.core.bots.base import CORE_BOTS
from capes.core.config import Param, validate
from capes.core.errors import CapesError
from capes.core.protocol import Game
from capes.core.registry import game_class

#: seats a form offers (the configuration decides how many are used)
MAX_FORM_SEATS = 4
#: a form never points the server at its own files
HIDDEN_KINDS = ("file",)
HIDDEN_NAMES = ("content",)


def quoted(text: object, limit: int = 40) -> str:
    """``text`` quoted for a one-line message, cut to ``limit`` characters (a message never echoes a page)."""
    t = str(text)
    return repr(t) if len(t) <= limit else f"{t[:limit]!r}… ({len(t):,} characters)"


def form_params(game_id: str) -> list[Param]:
    return [p for p in game_class(game_id).params if p.kind not in HIDDEN_KINDS and p.name not in HIDDEN_NAMES]


@dataclass
class Field:
    """One input of the form, ready for the template."""

    name: str
    kind: str  # number | select | multi | text
    label: str
    help: str
    value: Any
    choices: list[str] = field(default_factory=list)
    lo: int | None = None
    hi: int | None = None
    slots: int = 0  # for multi: how many selects
    error: str = ""


def _text(v: Any) -> str:
    if isinstance(v, list | tuple):
        return ",".join(str(x) for x in v)
    if isinstance(v, bool):
        return "true" if v else "false"
    return "" if v is None else str(v)


def build_fields(game_id: str, values: dict[str, Any] | None = None, errors: dict[str, str] | None = None) -> list[Field]:
    values = values or {}
    errors = errors or {}
    out = []
    for p in form_params(game_id):
        v = values.get(p.name, p.default)
        f = Field(p.name, "text", p.name.replace("_", " "), p.help, _text(v), error=errors.get(p.name, ""))
        if p.kind == "int":
            f.kind, f.lo, f.hi = "number", p.lo, p.hi
        elif p.kind == "bool":
            f.kind, f.choices = "select", ["false", "true"]
        elif p.kind == "choice":
            f.kind, f.choices = "select", p.allowed()
        elif p.kind == "list" and p.allowed() and p.hi is not None and p.hi <= MAX_FORM_SEATS + 1:
            items = list(v) if isinstance(v, list | tuple) else [x for x in _text(v).split(",") if x]
            f.kind, f.choices, f.slots = "multi", p.allowed(), p.hi
            f.value = items + [""] * (p.hi - len(items))
        elif p.kind == "list" and p.allowed():
            f.help = f"{p.help} (comma-separated: {', '.join(p.allowed())})"
        out.append(f)
    return out


#: how long ismcts may think, as the lobby offers it: the budget of each decision, set by the server, never by the form
#: (``create_app(bot_levels=...)``); every bot decision also stops at the level's ``time_limit`` seconds
BOT_LEVELS: dict[str, dict[str, Any]] = {
    "quick": {"iterations": 100, "time_limit": 1.0},
    "standard": {"iterations": 200, "time_limit": 2.0},
    "strong": {"iterations": 600, "time_limit": 4.0},
}
DEFAULT_LEVEL = "standard"


@dataclass
class TableRequest:
    game: Game
    seats: list[str]
    seed: int | None
    bot_options: dict[str, Any]
    public: bool = False


_KEY = re.compile(r"config '([A-Za-z0-9_]+)'")


def parse_form(game_id: str, form: Any, levels: list[str] | None = None
               ) -> tuple[TableRequest | None, dict[str, Any], dict[str, str]]:
    """(request or None, the values to show again, errors by field name; ``_`` for the whole form)."""
    from capes.core.bots.base import bot_names
    from capes.core.registry import load

    params = form_params(game_id)
    values: dict[str, Any] = {}
    errors: dict[str, str] = {}
    config: dict[str, Any] = {}
    for p in params:
        raw = [str(x).strip() for x in form.getlist(f"cfg.{p.name}")]
        if p.kind == "list":
            items = [x.strip() for r in raw for x in r.split(",") if x.strip()]
            values[p.name] = items if raw else p.default
            if raw:  # a field left out of the post keeps its default; one sent empty means none
                config[p.name] = items
        else:
            v = raw[0] if raw else ""
            values[p.name] = v
            if v != "":
                config[p.name] = v
    levels = list(BOT_LEVELS) if levels is None else levels
    for k in ("seed", "level", "public", "no_hints"):
        values[k] = str(form.get(k, "")).strip()
    values["seats"] = [str(form.get(f"seat.{i + 1}", "")) for i in range(MAX_FORM_SEATS)]
    try:
        validate(game_id, params, config)
        game = load(game_id, **config)
    except CapesError as e:
        m = _KEY.search(str(e))
        errors[m.group(1) if m and m.group(1) in values else "_"] = str(e)
        return None, values, errors
    seed: int | None = None
    if values["seed"]:
        try:
            seed = int(values["seed"])
            if not 0 <= seed < 2**63:
                raise ValueError
        except ValueError:
            errors["seed"] = f"the seed must be a whole number from 0 to 2^63-1, or empty for a random one (got {quoted(values['seed'])})"
    bot_options: dict[str, Any] = {}
    if "iterations" in form:
        errors["level"] = (f"a bot's budget is the server's: choose how long ismcts thinks "
                           f"({', '.join(levels)})")
    level = values["level"] or (DEFAULT_LEVEL if DEFAULT_LEVEL in levels else levels[0])
    if level not in levels:
        errors["level"] = f"unknown ismcts thinking level {quoted(level)}; choose one of {', '.join(levels)}"
    else:
        values["level"] = level
        bot_options["level"] = level
    if values["no_hints"] in ("on", "1", "true"):
        bot_options["hints"] = False  # stored with the bots' settings; absent: hints on (older tables too)
    allowed = ["human", *bot_names(game)]
    seats = []
    for i in range(game.num_seats):
        k = values["seats"][i] or "human"
        if k not in allowed:
            errors["seats"] = f"seat {i + 1}: unknown kind {quoted(k)}; choose one of {', '.join(allowed)}"
        seats.append(k)
    if errors:
        return None, values, errors
    return TableRequest(game, seats, seed, bot_options, public=values["public"] in ("on", "1", "true")), values, errors


def seat_choices(game_id: str) -> list[str]:
    """human, the core bots and the game's own bots (without configuring a game)."""
    from capes.core.registry import load

    try:
        extra = list(load(game_id).bots())
    except CapesError:
        extra = []
    return ["human", *CORE_BOTS, *extra]

