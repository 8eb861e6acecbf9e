"""Rules indexes: an id for every rulebook section and numbered step.

Each game ships ``capes/games/<id>/rules.yaml``: a list of entries
``{id, title, where}`` (optionally ``text``, a short summary in our words). Ids look
like ``alliances/enemy-attack/8``. Every log event cites one, and the test suite
fails when an event cites an id that is not in the index.
"""

from __future__ import annotations

import importlib.resources
from dataclasses import dataclass
from functools import cache

import yaml

from capes.core.errors import ContentError


@dataclass(frozen=True)
class Rule:
    id: str
    title: str
    where: str
    text: str = ""


class RulesIndex:
    """The rules of one game, by id, in rulebook order."""

    def __init__(self, game: str, rules: list[Rule]) -> None:
        self.game = game
        self.rules = rules
        self.by_id = {r.id: r for r in rules}

    @staticmethod
    def for_game(game: str) -> RulesIndex:
        return _load_index(game)

    @classmethod
    def from_yaml(cls, game: str, text: str, origin: str = "rules.yaml") -> RulesIndex:
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as e:
            raise ContentError(f"{origin}: not valid YAML ({e})") from None
        if not isinstance(data, list):
            raise ContentError(f"{origin}: expected a list of rules")
        rules: list[Rule] = []
        seen: set[str] = set()
        for i, entry in enumerate(data):
            if not isinstance(entry, dict):
                raise ContentError(f"{origin}: entry #{i + 1} is not a mapping")
            for key in ("id", "title", "where"):
                if not isinstance(entry.get(key), str) or not entry[key]:
                    raise ContentError(f"{origin}: entry #{i + 1} ({entry.get('id')!r}) lacks field '{key}'")
            rid = entry["id"]
            if not rid.startswith(game + "/"):
                raise ContentError(f"{origin}: rule id {rid!r} must start with '{game}/'")
            if rid in seen:
                raise ContentError(f"{origin}: rule id {rid!r} appears twice")
            seen.add(rid)
            rules.append(Rule(rid, entry["title"], entry["where"], str(entry.get("text", ""))))
        return cls(game, rules)

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self.by_id

    def __len__(self) -> int:
        return len(self.rules)

    def get(self, rule_id: str) -> Rule | None:
        return self.by_id.get(rule_id)

    def search(self, query: str = "") -> list[Rule]:
        """Rules whose id, title or text contains every word of ``query`` (case-insensitive)."""
        words = query.lower().split()
        if not words:
            return list(self.rules)
        out = []
        for r in self.rules:
            hay = f"{r.id} {r.title} {r.text}".lower()
            if all(w in hay for w in words):
                out.append(r)
        return out


@cache
def _load_index(game: str) -> RulesIndex:
    try:
        res = importlib.resources.files(f"capes.games.{game}").joinpath("rules.yaml")
        text = res.read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError):
        return RulesIndex(game, [])
    return RulesIndex.from_yaml(game, text, f"capes/games/{game}/rules.yaml")
