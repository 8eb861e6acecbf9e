"""Content loading: Characters, Enemies, Stages and the Mission as validated data.

Data lives in ``data/*.yaml``. A user directory given with the ``content=DIR`` config
key may hold ``characters.yaml``, ``enemies.yaml`` and/or ``stages.yaml`` in the same
format: each entry replaces the shipped entry with the same ``id`` or adds a new one
(marked ``source: user`` unless it says otherwise). Validation errors raise
:class:`~capes.core.errors.ContentError` naming the file, the entry and the field.
Static content is parsed once per directory and shared by every state (never copied).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import yaml

from capes.core.errors import ContentError
from capes.games.alliances import dice
from capes.games.alliances.board import GEOMETRIES, Board

DATA = os.path.join(os.path.dirname(__file__), "data")

#: die results as small ints, in dice.RESULTS order
CRIT, WILD, HIT, BLOCK, BLANK, FAIL = range(6)
RESULT_NAMES = dice.RESULTS
R_INDEX = {r: i for i, r in enumerate(dice.RESULTS)}
ATTACK_TYPES = ("physical", "energy", "mystic")
CONDITIONS = ("bleed", "hex", "incinerate", "shock")
COND_BIT = {c: 1 << i for i, c in enumerate(CONDITIONS)}
EFFECTS = ("bleed", "hex", "incinerate", "shock", "throw", "push", "power", "heal")
SKILLS = ("wall_crawler", "flight", "spider_sense", "tag_team", "cat_burglar", "bad_luck", "web_zip",
          "quick_reflexes", "second_wind", "web_toss")
ENEMY_RULES = ("protection_programming", "goblin_war_cry", "crushing_grip", "goblin_glider")
ENEMY_TYPES = ("goon", "sentry", "brute", "mini_boss", "boss")
STAGE_SCRIPTS = ("oscorp_lab", "glider_works", "subway_rescue", "goblins_last_laugh")
SPAWN_ICONS = ("critical", "wild", "hit", "block")


@dataclass(frozen=True)
class SpecialRule:
    name: str
    need: tuple[tuple[int, int], ...]  # (result, count) thresholds
    effect: str
    n: int


@dataclass(frozen=True)
class Attack:
    id: str
    name: str
    type: int  # index into ATTACK_TYPES
    range: int
    shape: str  # "" normal, "B" beam, "A" area
    strength: int
    cost: int
    rules: tuple[SpecialRule, ...]

    @property
    def range_text(self) -> str:
        return f"{self.shape}{self.range}"


@dataclass(frozen=True)
class Side:
    stamina: int
    speed: int
    defense: tuple[int, int, int]
    skills: tuple[str, ...]
    attacks: tuple[Attack, ...]


@dataclass(frozen=True)
class LevelUp:
    id: str
    level: int
    name: str
    kind: str
    attack: Attack | None
    replaces: str
    skill: str


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    source: str
    healthy: Side
    injured: Side
    levelups: dict[str, LevelUp]

    def cards_of_level(self, level: int) -> list[str]:
        return [c.id for c in self.levelups.values() if c.level == level]


@dataclass(frozen=True)
class EnemyCard:
    id: str
    name: str
    type: str
    source: str
    stamina: int
    speed: int
    range: int
    strength: int
    defense: int
    attack_type: int
    rules: tuple[str, ...]
    boss: EnemyCard | None = None
    project_stats: tuple[str, ...] = ()


@dataclass(frozen=True)
class Stage:
    id: str
    name: str
    board_name: str
    kind: str  # standard | boss
    source: str
    script: str
    note: str
    objective_tokens: tuple[int, ...]
    board: Board
    space_type: tuple[str, ...]  # per space: . T O D S A X #
    spawn_icon: tuple[int, ...]  # per space: result int or -1 (spawn Spaces only)
    start_enemy: tuple[str, ...]  # per space: enemy type or ""
    arrows: dict[int, tuple[int, int]]  # die result -> (space, direction)
    tags: dict[str, tuple[int, ...]]
    tracker_spawns: tuple[int, ...]
    tracker_start: tuple[str, ...]
    _spaces_of: dict[str, tuple[int, ...]] = field(default_factory=dict, compare=False, repr=False)

    def spaces_of(self, t: str) -> list[int]:
        """The Spaces of type ``t``, in index order (kept per type: the Stage never changes)."""
        got = self._spaces_of.get(t)
        if got is None:
            got = self._spaces_of[t] = tuple(s for s, k in enumerate(self.space_type) if k == t)
        return list(got)


@dataclass
class Content:
    characters: dict[str, Character] = field(default_factory=dict)
    enemies: dict[str, EnemyCard] = field(default_factory=dict)
    stages: dict[str, Stage] = field(default_factory=dict)
    mission: dict[str, Any] = field(default_factory=dict)


# --- validation helpers ---------------------------------------------------------------

class _Where:
    def __init__(self, file: str, entry: str) -> None:
        self.file, self.entry = file, entry

    def fail(self, fld: str, msg: str) -> ContentError:
        return ContentError(f"{self.file}: entry {self.entry!r}: field '{fld}' {msg}")

    def get(self, d: Any, key: str, typ: type | tuple[type, ...], default: Any = ...) -> Any:
        if not isinstance(d, dict):
            raise self.fail(key, "belongs to something that is not a mapping")
        if key not in d:
            if default is ...:
                raise self.fail(key, "is missing")
            return default
        v = d[key]
        if typ is int and isinstance(v, bool):
            raise self.fail(key, f"must be an integer (got {v!r})")
        if not isinstance(v, typ):
            raise self.fail(key, f"has the wrong type (got {v!r})")
        return v


def _attack(w: _Where, d: Any, path: str) -> Attack:
    aid = w.get(d, "id", str)
    typ = w.get(d, "type", str)
    if typ not in ATTACK_TYPES:
        raise w.fail(f"{path}.type", f"must be one of {', '.join(ATTACK_TYPES)} (got {typ!r})")
    rng = w.get(d, "range", (int, str))
    shape = ""
    if isinstance(rng, str):
        if len(rng) < 2 or rng[0] not in "AB" or not rng[1:].isdigit():
            raise w.fail(f"{path}.range", f"must be an integer, 'B<n>' or 'A<n>' (got {rng!r})")
        shape, rng = rng[0], int(rng[1:])
    rules = []
    for i, r in enumerate(w.get(d, "rules", list, [])):
        eff = w.get(r, "effect", str)
        if eff not in EFFECTS:
            raise w.fail(f"{path}.rules[{i}].effect", f"must be one of {', '.join(EFFECTS)} (got {eff!r})")
        need: dict[int, int] = {}
        for ic in w.get(r, "icons", list):
            if ic not in R_INDEX:
                raise w.fail(f"{path}.rules[{i}].icons", f"has unknown icon {ic!r}")
            need[R_INDEX[ic]] = need.get(R_INDEX[ic], 0) + 1
        rules.append(SpecialRule(w.get(r, "name", str), tuple(sorted(need.items())), eff, w.get(r, "n", int, 1)))
    return Attack(aid, w.get(d, "name", str), ATTACK_TYPES.index(typ), rng, shape, w.get(d, "strength", int),
                  w.get(d, "cost", int, 0), tuple(rules))


def _side(w: _Where, d: Any, name: str) -> Side:
    d = w.get(d, name, dict)
    de = w.get(d, "defense", dict)
    skills = tuple(w.get(d, "skills", list, []))
    for s in skills:
        if s not in SKILLS:
            raise w.fail(f"{name}.skills", f"has unscripted skill {s!r}; known: {', '.join(SKILLS)}")
    attacks = tuple(_attack(w, a, f"{name}.attacks[{i}]") for i, a in enumerate(w.get(d, "attacks", list)))
    if not attacks:
        raise w.fail(f"{name}.attacks", "needs at least one attack")
    return Side(w.get(d, "stamina", int), w.get(d, "speed", int),
                (w.get(de, "physical", int), w.get(de, "energy", int), w.get(de, "mystic", int)), skills, attacks)


def _character(file: str, d: Any, default_source: str) -> Character:
    w = _Where(file, str(d.get("id") if isinstance(d, dict) else d))
    cid = w.get(d, "id", str)
    ups: dict[str, LevelUp] = {}
    for i, u in enumerate(w.get(d, "levelups", list, [])):
        kind = w.get(u, "kind", str)
        lvl = w.get(u, "level", int)
        if not 1 <= lvl <= 4:
            raise w.fail(f"levelups[{i}].level", f"must be 1 to 4 (got {lvl})")
        atk = _attack(w, w.get(u, "attack", dict), f"levelups[{i}].attack") if kind in ("attack", "improve") else None
        skill = w.get(u, "skill", str, "")
        if kind == "skill" and skill not in SKILLS:
            raise w.fail(f"levelups[{i}].skill", f"must be a scripted skill (got {skill!r})")
        if kind not in ("attack", "improve", "skill"):
            raise w.fail(f"levelups[{i}].kind", f"must be attack, improve or skill (got {kind!r})")
        lu = LevelUp(w.get(u, "id", str), lvl, w.get(u, "name", str), kind, atk, w.get(u, "replaces", str, ""), skill)
        ups[lu.id] = lu
    return Character(cid, w.get(d, "name", str), w.get(d, "source", str, default_source),
                     _side(w, d, "healthy"), _side(w, d, "injured"), ups)


def _enemy(file: str, d: Any, default_source: str, w: _Where | None = None) -> EnemyCard:
    w = w or _Where(file, str(d.get("id") if isinstance(d, dict) else d))
    typ = w.get(d, "type", str, "boss")
    if typ not in ENEMY_TYPES:
        raise w.fail("type", f"must be one of {', '.join(ENEMY_TYPES)} (got {typ!r})")
    at = w.get(d, "attack_type", str)
    if at not in ATTACK_TYPES:
        raise w.fail("attack_type", f"must be one of {', '.join(ATTACK_TYPES)}")
    rules = tuple(w.get(d, "rules", list, []))
    for r in rules:
        if r not in ENEMY_RULES:
            raise w.fail("rules", f"has unscripted rule {r!r}; known: {', '.join(ENEMY_RULES)}")
    boss = None
    if "boss" in d:
        bd = dict(w.get(d, "boss", dict))
        bd.setdefault("id", d["id"])
        bd.setdefault("name", d.get("name"))
        bd["type"] = "boss"
        boss = _enemy(file, bd, default_source, w)
    return EnemyCard(w.get(d, "id", str), w.get(d, "name", str), typ, w.get(d, "source", str, default_source),
                     w.get(d, "stamina", int), w.get(d, "speed", int), w.get(d, "range", int),
                     w.get(d, "strength", int), w.get(d, "defense", int), ATTACK_TYPES.index(at), rules, boss,
                     tuple(w.get(d, "project_stats", list, [])))


def _stage(file: str, d: Any, default_source: str) -> Stage:
    w = _Where(file, str(d.get("id") if isinstance(d, dict) else d))
    geo = w.get(d, "geometry", str, "square")
    if geo not in GEOMETRIES:
        raise w.fail("geometry", f"must be one of {', '.join(GEOMETRIES)}")
    rows = [r.split() for r in w.get(d, "map", str).strip().splitlines()]
    width = len(rows[0])
    if any(len(r) != width for r in rows):
        raise w.fail("map", "rows must all have the same number of cells")
    holes = [(x, y) for y, r in enumerate(rows) for x, c in enumerate(r) if c == "#"]
    board = GEOMETRIES[geo](width, len(rows), holes)
    n = board.n
    stype, icon, start = ["#"] * n, [-1] * n, [""] * n
    arrows: dict[int, tuple[int, int]] = {}
    tags: dict[str, list[int]] = {}
    for y, r in enumerate(rows):
        for x, c in enumerate(r):
            s = board.index(x, y)
            parts = c.split(":")
            k = parts[0]
            if k not in (".", "T", "O", "D", "S", "A", "X", "#"):
                raise w.fail("map", f"cell {board.label(s)} has unknown kind {c!r}")
            stype[s] = k
            if k == "S":
                if len(parts) > 1 and parts[1]:
                    if parts[1] not in SPAWN_ICONS:
                        raise w.fail("map", f"cell {board.label(s)}: spawn icon must be one of {', '.join(SPAWN_ICONS)}")
                    icon[s] = R_INDEX[parts[1]]
                if len(parts) > 2:
                    if parts[2] not in ENEMY_TYPES:
                        raise w.fail("map", f"cell {board.label(s)}: unknown enemy type {parts[2]!r}")
                    start[s] = parts[2]
            elif k == "A":
                if len(parts) != 3 or parts[1] not in R_INDEX or parts[2] not in board.dir_names:
                    raise w.fail("map", f"cell {board.label(s)}: arrow Spaces are A:<die result>:<N|E|S|W>")
                arrows[R_INDEX[parts[1]]] = (s, board.dir_index(parts[2]))
            elif k == "X":
                if len(parts) != 2:
                    raise w.fail("map", f"cell {board.label(s)}: tagged Spaces are X:<tag>")
                tags.setdefault(parts[1], []).append(s)
    spots = w.get(d, "spawn_tracker", list)
    sp, st = [], []
    for i, spot in enumerate(spots):
        sp.append(w.get(spot, "spawns", int))
        t = w.get(spot, "start", str, "")
        if t and t not in ENEMY_TYPES:
            raise w.fail(f"spawn_tracker[{i}].start", f"unknown enemy type {t!r}")
        st.append(t)
    script = w.get(d, "script", str)
    if script not in STAGE_SCRIPTS:
        raise w.fail("script", f"must be one of {', '.join(STAGE_SCRIPTS)} (got {script!r})")
    kind = w.get(d, "kind", str)
    if kind not in ("standard", "boss"):
        raise w.fail("kind", "must be standard or boss")
    toks = []
    for t in w.get(d, "objective_tokens", list, ["critical", "wild", "hit", "block", "failure"]):
        if t not in R_INDEX:
            raise w.fail("objective_tokens", f"unknown symbol {t!r}")
        toks.append(R_INDEX[t])
    if len(toks) > stype.count("O"):
        raise w.fail("objective_tokens", "lists more tokens than the map has Objective Spaces")
    if stype.count("D") < 4:
        raise w.fail("map", "needs at least 4 Deployment Spaces")
    return Stage(w.get(d, "id", str), w.get(d, "name", str), w.get(d, "board_name", str, ""), kind,
                 w.get(d, "source", str, default_source), script, w.get(d, "note", str, ""), tuple(toks), board,
                 tuple(stype), tuple(icon), tuple(start), arrows, {k: tuple(v) for k, v in tags.items()},
                 tuple(sp), tuple(st))


def _read(path: str) -> list[Any]:
    try:
        with open(path, encoding="utf-8") as f:
            data = yaml.safe_load(f)
    except OSError as e:
        raise ContentError(f"{path}: cannot be read ({e.strerror})") from None
    except yaml.YAMLError as e:
        raise ContentError(f"{path}: not valid YAML ({e})") from None
    if not isinstance(data, list):
        raise ContentError(f"{path}: expected a list of entries")
    return data


@lru_cache(maxsize=8)
def load_content(user_dir: str | None = None) -> Content:
    c = Content()
    for d, src in ((DATA, "project"), (user_dir, "user")):
        if d is None:
            continue
        if src == "user" and not os.path.isdir(d):
            raise ContentError(f"{d}: content directory does not exist")
        for fname, loader, table in (("characters.yaml", _character, c.characters),
                                     ("enemies.yaml", _enemy, c.enemies),
                                     ("stages.yaml", _stage, c.stages)):
            p = os.path.join(d, fname)
            if src == "user" and not os.path.exists(p):
                continue
            for e in _read(p):
                obj = loader(p, e, src)
                table[obj.id] = obj  # type: ignore[index]
    with open(os.path.join(DATA, "mission.yaml"), encoding="utf-8") as f:
        c.mission = yaml.safe_load(f)
    return c
