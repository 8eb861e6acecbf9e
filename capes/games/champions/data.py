"""Static card data: YAML files per set in ``data/``, validated with pydantic.

Every card is one mapping; the fields are facts printed on the card (names, numbers, icons) plus
``text``, the card's rules *in this project's own words*, and ``keywords`` the engine understands
(``guard``, ``patrol``, ``quickstrike``, ``toughness``, ``stalwart``, ``surge``, ``incite:N``,
``retaliate:N``, ``piercing``, ``ranged``, ``overkill``, ``uses:N``, ``restricted``, ``permanent``,
``victory:N``, ``peril``, ``team_up``, ``teamwork:TRAIT``, ``villainous``, ``assault``, ``amplify``,
``hero_only``, ``alter_ego_only``, ``max_per_player:N``, ``max_per_deck:N``).
``team_up`` (the Rules Reference's Team-Up) goes with ``team``, the names of the characters that must all be in
play to play the card. ``teamwork:TRAIT`` (a minion's Teamwork (Trait)) names the trait, e.g.
``teamwork:Hydra``. ``amplify`` counts the amplify icons of an encounter card (like ``hazard`` and ``accel``).
``attach`` says what a player upgrade or encounter attachment attaches to.
``vanilla: true`` marks cards whose whole text is keywords/numbers the engine applies itself; every
other card needs a script in ``cards/<file>.py`` (the lint test checks this both ways).

Loaded once into the module table :data:`CARDS` (code -> :class:`Card`); states never copy it.
A user may point ``content=PATH`` at a directory of YAML files with the same schema: its cards
replace (by code) or add to the shipped ones.
"""

from __future__ import annotations

import importlib.resources
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from capes.core.errors import ContentError

TYPES = (
    "hero", "alter_ego", "ally", "event", "resource", "support", "upgrade", "villain", "main_scheme",
    "side_scheme", "minion", "treachery", "attachment", "obligation", "environment",
)


class Card(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    code: str
    name: str
    subname: str | None = None
    type: Literal[
        "hero", "alter_ego", "ally", "event", "resource", "support", "upgrade", "villain", "main_scheme",
        "side_scheme", "minion", "treachery", "attachment", "obligation", "environment",
    ]
    set: str
    aspect: str | None = None
    quantity: int = Field(1, ge=1, le=9)
    unique: bool = False
    cost: int | None = None
    atk: int | None = 0
    atk_cost: int = 0
    thw: int | None = 0
    thw_cost: int = 0
    def_: int | None = Field(0, alias="def")
    rec: int | None = 0
    hp: int | None = None
    hp_per_hero: bool = False
    hand: int | None = None
    sch: int | None = 0
    boost: int = 0
    boost_star: bool = False
    atk_star: bool = False
    sch_star: bool = False
    threat: int | None = None
    threat_fixed: bool = False
    base_threat: int | None = None
    base_fixed: bool = False
    escalation: int | None = None
    escalation_fixed: bool = False
    stage: str | None = None
    accel: int = 0
    crisis: int = 0
    hazard: int = 0
    amplify: int = 0
    back: str | None = None
    res: str = Field("", pattern=r"^[PMEW]*$")
    traits: list[str] = []
    keywords: list[str] = []
    #: team_up (Team-Up): the names of the characters that must be in play to play the card
    team: list[str] = []
    attach: Literal["identity", "minion", "enemy", "villain", "ally", "character", "none", "special"] | None = None
    vanilla: bool = False
    text: str = ""

    # derived, filled by the loader
    def kw(self, name: str) -> int:
        """Value of keyword ``name`` (1 for a flag or a trait keyword such as ``teamwork:Hydra``, N for
        ``name:N``, 0 if absent)."""
        return self.kws().get(name, 0) if self.keywords else 0

    def kws(self) -> dict[str, int]:
        """Every keyword's value (as :meth:`kw`) by name; the first of a name counts. Read it, never change it."""
        e = _KWS.get(id(self))
        if e is None or e[0] is not self:  # kept per card object (cards are frozen): a new object, a new entry
            if len(_KWS) >= 4096:
                _KWS.clear()
            table: dict[str, int] = {}
            for k in self.keywords:
                name, colon, v = k.partition(":")
                table.setdefault(name, (int(v) if v.isdigit() else 1) if colon else 1)
            e = _KWS[id(self)] = (self, table)
        return e[1]

    def kw_text(self, name: str) -> str:
        """Text value of keyword ``name`` (``teamwork:Hydra`` -> ``"Hydra"``; "" if absent)."""
        for k in self.keywords:
            if k.startswith(name + ":"):
                return k.split(":", 1)[1]
        return ""


#: id(card) -> (card, its keyword table) for Card.kws (the card is held, so its id is not reused; bounded)
_KWS: dict[int, tuple[Card, dict[str, int]]] = {}

_KW_NAMES = {
    "guard", "patrol", "quickstrike", "toughness", "stalwart", "surge", "incite", "retaliate", "piercing",
    "ranged", "overkill", "uses", "restricted", "permanent", "victory", "peril", "team_up", "villainous",
    "assault", "amplify", "hero_only", "alter_ego_only", "max_per_player", "max_per_deck", "setup",
    "teamwork",
}
#: keywords whose value is a trait name (``teamwork:Hydra``); every other ``name:value`` keyword takes a number
_KW_TEXT = {"teamwork"}


def parse_file(text: str, origin: str) -> list[Card]:
    """Validate one YAML file; errors name the file, the entry and the field."""
    try:
        raw = yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise ContentError(f"{origin}: not valid YAML ({e})") from None
    if not isinstance(raw, list):
        raise ContentError(f"{origin}: expected a list of cards")
    out = []
    for i, entry in enumerate(raw):
        if not isinstance(entry, dict):
            raise ContentError(f"{origin}: entry #{i + 1} is not a mapping")
        entry = dict(entry)
        entry["code"] = str(entry.get("code", ""))
        if entry.get("back") is not None:
            entry["back"] = str(entry["back"])
        label = f"entry #{i + 1} ({entry.get('code') or entry.get('name')!r})"
        try:
            card = Card.model_validate(entry)
        except ValidationError as e:
            err = e.errors()[0]
            field = ".".join(str(x) for x in err["loc"]) or "?"
            raise ContentError(f"{origin}: {label}: field '{field}': {err['msg']}") from None
        for k in card.keywords:
            name, _, val = k.partition(":")
            if name not in _KW_NAMES:
                raise ContentError(f"{origin}: {label}: field 'keywords': unknown keyword {k!r}")
            if name in _KW_TEXT:
                if not val.strip():
                    raise ContentError(f"{origin}: {label}: field 'keywords': {name!r} needs a trait "
                                       f"(e.g. '{name}:Hydra'), got {k!r}")
            elif val and not val.isdigit():
                raise ContentError(f"{origin}: {label}: field 'keywords': {k!r} needs a number after ':'")
        if card.kw_text("teamwork") and card.type != "minion":
            raise ContentError(f"{origin}: {label}: field 'keywords': teamwork (trait) is a minion keyword")
        if card.kw("team_up") and len(card.team) < 2:
            raise ContentError(f"{origin}: {label}: field 'team': a team-up card names at least two characters")
        out.append(card)
    return out


def _shipped() -> list[tuple[str, str]]:
    base = importlib.resources.files("capes.games.champions").joinpath("data")
    files = sorted((p.name, p.read_text(encoding="utf-8")) for p in base.iterdir() if p.name.endswith(".yaml"))
    return files


FILES: dict[str, list[str]] = {}  # yaml file stem -> codes
CARDS: dict[str, Card] = {}


def load_all(extra_dir: str | None = None) -> dict[str, Card]:
    """The shipped cards (plus ``extra_dir``'s YAML files, replacing by code)."""
    cards: dict[str, Card] = {}
    files: dict[str, list[str]] = {}
    sources = [(f"capes/games/champions/data/{n}", t) for n, t in _shipped()]
    if extra_dir:
        p = Path(extra_dir)
        if not p.is_dir():
            raise ContentError(f"content directory {extra_dir!r} does not exist")
        sources += [(str(f), f.read_text(encoding="utf-8")) for f in sorted(p.glob("*.yaml"))]
    for origin, text in sources:
        stem = Path(origin).stem
        for c in parse_file(text, origin):
            cards[c.code] = c
            files.setdefault(stem, []).append(c.code)
    for c in cards.values():
        if c.back is not None and c.back not in cards:
            raise ContentError(f"card {c.code} ({c.name}): field 'back': unknown card {c.back!r}")
    return cards if extra_dir else _publish(cards, files)


def _publish(cards: dict[str, Card], files: dict[str, list[str]]) -> dict[str, Card]:
    CARDS.clear()
    CARDS.update(cards)
    FILES.clear()
    FILES.update(files)
    return CARDS


def cards() -> dict[str, Card]:
    if not CARDS:
        load_all()
    return CARDS


def by_set(set_name: str) -> list[Card]:
    return [c for c in cards().values() if c.set == set_name]


def expand(codes_sets: list[str]) -> list[str]:
    """Codes of every copy in the named sets (quantity copies each)."""
    out = []
    for s in codes_sets:
        for c in by_set(s):
            out += [c.code] * c.quantity
    return out


def _unused(_: Any) -> None:  # pragma: no cover
    pass
