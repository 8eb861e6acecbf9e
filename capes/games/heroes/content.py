"""Marvel Heroes content: load and validate the YAML data files.

The default data lives in ``capes/games/heroes/content/*.yaml`` (one file per kind:
``teams.yaml`` (teams, heroes, masterminds with their Master Plans), ``headlines.yaml``,
``villains.yaml``, ``resources.yaml``, ``story.yaml``, ``powerups.yaml``,
``scenarios.yaml`` (scenarios and their Special Headlines)). The schema of each entry
is the pydantic model of the same name below. Effects name a function of the shared
vocabulary in :mod:`capes.games.heroes.effects` (``effect`` + ``params``).

A user replaces content with ``capes.load("heroes", content="DIR")``: every file of the
same name in DIR replaces the default file whole. Errors name the file, the entry and
the field.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from capes.core.errors import ContentError

DEFAULT_DIR = Path(__file__).parent / "content"
FILES = ("teams", "headlines", "villains", "resources", "story", "powerups", "scenarios")

SKILLS = ("fight", "protection", "investigation", "science", "stealth", "rescue")
TYPES = ("crime", "danger", "mystery")
ICONS = ("x", "diamond", "star", "circle")
COLORS = ("red", "orange", "yellow")

#: effect vocabulary per slot (implemented in effects.py)
COMBAT_EFFECTS = {
    "plus_rating": "pre", "set_rating": "pre", "minus_opp": "pre", "gain_boost": "pre",
    "cancel_opp_boost": "post", "cap_opp_die": "post", "plus_result": "post", "minus_opp_result": "post",
    "reroll_blanks": "post", "heal_ko": "end", "seize_initiative": "end", "seq_plus_rating": "seq",
}
TROUBLE_EFFECTS = {"reduce_trouble"}
ACTION_EFFECTS = {"rampage", "cerebro", "draw_resources", "gain_pp", "medical_all", "gain_vp", "discard_wanted",
                  "story_actions"}
SCHEME_EFFECTS = {"raise_trouble", "draw_villains"}
PLAN_EFFECTS = {"mp_draw", "mp_threat", "mp_vp", "mp_hench", "mp_pp"}
POWERUP_EFFECTS = {"pu_trouble", "pu_pp", "pu_boost", "pu_draw"}
SCENARIO_EFFECTS = {"none", "plot_bonus", "threat_plus", "story_vp", "villain_draw"}
SOURCES = ("rulebook", "project", "user")


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Ability(_M):
    name: str
    effect: str
    params: dict[str, Any] = {}
    text: str = ""
    cost: int = 0  # Backup Effects: their Trouble Cost


class Power(_M):
    name: str
    a: int
    d: int
    w: int


def _powers(v: Any) -> Any:
    if not isinstance(v, list) or not 1 <= len(v) <= 3:
        raise ValueError("powers must list 1 to 3 [name, attack, defend, outwit]")
    out = []
    for p in v:
        if isinstance(p, list):
            if len(p) != 4 or not all(isinstance(x, int) and 0 <= x <= 5 for x in p[1:]):
                raise ValueError(f"power {p!r} must be [name, attack, defend, outwit] with ratings 0..5")
            p = {"name": p[0], "a": p[1], "d": p[2], "w": p[3]}
        out.append(p)
    return out


class Support(Ability):
    kind: Literal["combat", "troubleshooting", "action"]


class _Entry(_M):
    """The fields every catalogued entry shares (see the module docstring)."""

    id: str
    name: str
    source: str
    note: str = ""


class Hero(_Entry):
    level: int
    troubleshooting: tuple[int, int, int]
    skill: str
    ko: int
    powers: tuple[Power, ...]
    combat: Ability
    support: Support
    team: str = ""

    _p = field_validator("powers", mode="before")(lambda cls, v: _powers(v))

    @field_validator("skill")
    @classmethod
    def _skill(cls, v: str) -> str:
        if v not in SKILLS:
            raise ValueError(f"skill must be one of {', '.join(SKILLS)}")
        return v


class Plan(_M):
    id: str
    name: str
    stage: Literal["prologue", "development", "conclusion"]
    effect: str
    params: dict[str, Any] = {}
    text: str = ""


class Mastermind(_Entry):
    level: int
    henchmen: int
    threat: tuple[int, int, int]
    ko: int
    powers: tuple[Power, ...]
    combat: Ability
    scheming: Ability | None = None
    plans: tuple[Plan, Plan, Plan]

    _p = field_validator("powers", mode="before")(lambda cls, v: _powers(v))


class Team(_M):
    id: str
    name: str
    nemesis: str
    heroes: tuple[str, str, str, str]
    source: str


class Headline(_Entry):
    type: str
    threat: int
    skills: tuple[str, ...]
    district: str = ""
    vp: int
    mastermind: bool = False


class Villain(_Entry):
    copies: int = 1
    requirement: int = 0
    cost: int = 0
    ko: int = 1
    most_wanted: bool = False
    powers: tuple[Power, ...] = ()
    ability: Ability | None = None
    backup: Ability | None = None
    agent: Ability | None = None

    _p = field_validator("powers", mode="before")(lambda cls, v: _powers(v) if v else v)


class Resource(_Entry):
    kind: Literal["ally", "event"]
    team: str | None = None
    copies: int = 1
    ability: Ability


class Story(_M):
    id: str
    name: str
    team: str
    source: str


class PowerUp(_M):
    id: str
    team: str
    name: str
    effect: str
    params: dict[str, Any] = {}
    source: str
    text: str = ""


class Scenario(_Entry):
    effect: str
    params: dict[str, Any] = {}
    victory: dict[str, Any]
    text: str = ""


class Content:
    """All static content, by id. Built once per content directory and shared by states."""

    def __init__(self, data: dict[str, dict[str, Any]], origin: dict[str, str]) -> None:
        self.origin = origin
        self.teams: dict[str, Team] = {}
        self.heroes: dict[str, Hero] = {}
        self.masterminds: dict[str, Mastermind] = {}
        self.headlines: dict[str, Headline] = {}
        self.specials: dict[str, Headline] = {}
        self.villains: dict[str, Villain] = {}
        self.resources: dict[str, Resource] = {}
        self.stories: dict[str, Story] = {}
        self.powerups: dict[str, PowerUp] = {}
        self.scenarios: dict[str, Scenario] = {}
        self._fill("teams", data, "teams", Team, self.teams)
        self._fill("teams", data, "heroes", Hero, self.heroes)
        self._fill("teams", data, "masterminds", Mastermind, self.masterminds)
        self._fill("headlines", data, "headlines", Headline, self.headlines)
        self._fill("villains", data, "villains", Villain, self.villains)
        self._fill("resources", data, "resources", Resource, self.resources)
        self._fill("story", data, "stories", Story, self.stories)
        self._fill("powerups", data, "powerups", PowerUp, self.powerups)
        self._fill("scenarios", data, "scenarios", Scenario, self.scenarios)
        self._fill("scenarios", data, "special_headlines", Headline, self.specials)
        self._check()
        # derived tables
        self.hero_team: dict[str, str] = {}
        for t in self.teams.values():
            for h in t.heroes:
                self.hero_team[h] = t.id
        self.plans: dict[str, Plan] = {p.id: p for m in self.masterminds.values() for p in m.plans}
        self.team_powerups: dict[str, list[str]] = {t: [p.id for p in self.powerups.values() if p.team == t]
                                                    for t in self.teams}
        self.villain_deck = [v.id for v in self.villains.values() for _ in range(v.copies)]
        self.resource_deck = [r.id for r in self.resources.values() for _ in range(r.copies)]

    def _err(self, file: str, entry: Any, field: str, msg: str) -> ContentError:
        return ContentError(f"{self.origin.get(file, file)}: entry {entry!r}: field '{field}': {msg}")

    def _fill(self, file: str, data: dict[str, dict[str, Any]], key: str, model: type[_M], into: dict[str, Any]) -> None:
        items = data.get(file, {}).get(key, [])
        if not isinstance(items, list):
            raise self._err(file, key, key, "expected a list")
        for i, raw in enumerate(items):
            name = raw.get("id", f"#{i + 1}") if isinstance(raw, dict) else f"#{i + 1}"
            try:
                obj = model.model_validate(raw)
            except ValidationError as e:
                err = e.errors()[0]
                field = ".".join(str(x) for x in err["loc"]) or "?"
                raise self._err(file, name, field, err["msg"]) from None
            src = getattr(obj, "source", "project")
            if src not in SOURCES:
                raise self._err(file, name, "source", f"must be one of {', '.join(SOURCES)} (got {src!r})")
            if obj.id in into:  # type: ignore[attr-defined]
                raise self._err(file, name, "id", "appears twice")
            into[obj.id] = obj  # type: ignore[attr-defined]

    def _check(self) -> None:
        for t in self.teams.values():
            if t.nemesis not in self.masterminds:
                raise self._err("teams", t.id, "nemesis", f"unknown mastermind {t.nemesis!r}")
            for hid in t.heroes:
                if hid not in self.heroes:
                    raise self._err("teams", t.id, "heroes", f"unknown hero {hid!r}")
        for h in self.heroes.values():
            if h.combat.effect not in COMBAT_EFFECTS:
                raise self._err("teams", h.id, "combat.effect", f"unknown combat effect {h.combat.effect!r}")
            allowed = {"combat": COMBAT_EFFECTS, "troubleshooting": TROUBLE_EFFECTS, "action": ACTION_EFFECTS}
            if h.support.effect not in allowed[h.support.kind]:
                raise self._err("teams", h.id, "support.effect", f"unknown {h.support.kind} effect {h.support.effect!r}")
            if h.source not in SOURCES:
                raise self._err("teams", h.id, "source", f"must be one of {', '.join(SOURCES)}")
        for m in self.masterminds.values():
            if m.combat.effect not in COMBAT_EFFECTS:
                raise self._err("teams", m.id, "combat.effect", f"unknown combat effect {m.combat.effect!r}")
            if m.scheming is not None and m.scheming.effect not in SCHEME_EFFECTS:
                raise self._err("teams", m.id, "scheming.effect", f"unknown scheming effect {m.scheming.effect!r}")
            for p in m.plans:
                if p.effect not in PLAN_EFFECTS:
                    raise self._err("teams", m.id, "plans.effect", f"unknown plan effect {p.effect!r}")
        for hd in list(self.headlines.values()) + list(self.specials.values()):
            if hd.type not in TYPES:
                raise self._err("headlines", hd.id, "type", f"must be one of {', '.join(TYPES)}")
            for s in hd.skills:
                if s not in SKILLS:
                    raise self._err("headlines", hd.id, "skills", f"unknown skill {s!r}")
        for hd in self.headlines.values():
            if hd.district not in ICONS:
                raise self._err("headlines", hd.id, "district", f"must be one of {', '.join(ICONS)}")
        for v in self.villains.values():
            if v.agent is not None:
                if v.agent.effect != "agent":
                    raise self._err("villains", v.id, "agent.effect", "must be 'agent'")
                continue
            if not v.powers:
                raise self._err("villains", v.id, "powers", "a Lead Villain needs 1 to 3 powers")
            for slot in ("ability", "backup"):
                ab = getattr(v, slot)
                if ab is None or ab.effect not in COMBAT_EFFECTS:
                    raise self._err("villains", v.id, f"{slot}.effect", "missing or unknown combat effect")
        for r in self.resources.values():
            table = COMBAT_EFFECTS if r.kind == "ally" else ACTION_EFFECTS
            if r.ability.effect not in table:
                raise self._err("resources", r.id, "ability.effect", f"unknown {r.kind} effect {r.ability.effect!r}")
            if r.team is not None and r.team not in self.teams:
                raise self._err("resources", r.id, "team", f"unknown team {r.team!r}")
        for story in self.stories.values():
            if story.team not in self.teams:
                raise self._err("story", story.id, "team", f"unknown team {story.team!r}")
        for pu in self.powerups.values():
            if pu.effect not in POWERUP_EFFECTS:
                raise self._err("powerups", pu.id, "effect", f"unknown power-up effect {pu.effect!r}")
        for sc in self.scenarios.values():
            if sc.effect not in SCENARIO_EFFECTS:
                raise self._err("scenarios", sc.id, "effect", f"unknown scenario effect {sc.effect!r}")
            kind = sc.victory.get("kind")
            if kind not in ("threshold", "rounds", "special", "house_of_m"):
                raise self._err("scenarios", sc.id, "victory.kind", "must be threshold, rounds, special or house_of_m")
            if kind == "special" and sc.victory.get("headline") not in self.specials:
                raise self._err("scenarios", sc.id, "victory.headline", "unknown special headline")
            if kind == "house_of_m" and "magneto" not in self.masterminds:
                raise self._err("scenarios", sc.id, "victory.kind", "house_of_m needs the magneto mastermind")
        if len(self.headlines) < 8 or len(self.stories) < 5:
            raise self._err("headlines", "-", "headlines", "need at least 8 Headlines and 5 Story cards")


def _read(path: Path) -> dict[str, Any]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as e:
        raise ContentError(f"{path}: not valid YAML ({e})") from None
    except OSError as e:
        raise ContentError(f"{path}: cannot read ({e.strerror})") from None
    if not isinstance(data, dict):
        raise ContentError(f"{path}: expected a mapping at the top level")
    return data


@lru_cache(maxsize=8)
def load_content(user_dir: str | None = None) -> Content:
    """The content for a game: the defaults, with any same-named files in ``user_dir`` replacing them."""
    data: dict[str, dict[str, Any]] = {}
    origin: dict[str, str] = {}
    udir = Path(user_dir) if user_dir else None
    if udir is not None and not udir.is_dir():
        raise ContentError(f"{user_dir}: content must be a directory holding heroes YAML files")
    for f in FILES:
        path = DEFAULT_DIR / f"{f}.yaml"
        if udir is not None and (udir / f"{f}.yaml").exists():
            path = udir / f"{f}.yaml"
        data[f] = _read(path)
        origin[f] = str(path) if udir is not None and path.parent == udir else f"heroes/content/{f}.yaml"
    return Content(data, origin)
