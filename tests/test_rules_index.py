"""Rules indexes (issue #2 §4): each game's index loads, and every rule id written in its code exists.

The contract suite checks the ids that log events cite at run time; this test also catches ids in
code paths random games rarely reach.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from capes.core.registry import BUILTIN, available
from capes.core.rules import RulesIndex

ROOT = Path(__file__).resolve().parent.parent / "capes" / "games"


@pytest.mark.parametrize("game_id", list(BUILTIN))
def test_index_loads_and_cited_ids_exist(game_id: str) -> None:
    if not available(game_id):
        pytest.skip(f"{game_id} is not installed in this build")
    idx = RulesIndex.for_game(game_id)
    assert len(idx) >= 20, "a rules index has an id for every rulebook section and step"
    pattern = re.compile(r"""["'](""" + re.escape(game_id) + r"""/[A-Za-z0-9_\-/.]+)["']""")
    missing = []
    for path in sorted((ROOT / game_id).rglob("*.py")):
        for m in pattern.finditer(path.read_text(encoding="utf-8")):
            rid = m.group(1)
            if rid.endswith("/"):
                continue  # a prefix used to build ids, not an id
            if rid not in idx:
                missing.append(f"{path.relative_to(ROOT)}: {rid}")
    assert not missing, "ids cited in code but missing from the rules index:\n" + "\n".join(missing)


def test_rules_search_matches_every_word_case_insensitively() -> None:
    idx = RulesIndex.from_yaml("x", """
- {id: x/enemy-attack/8, title: Calculate Success or Failure, where: "Enemy Attack, step 8"}
- {id: x/character-attack/8, title: Calculate Success or Failure, where: "Character Attack, step 8"}
- {id: x/spawn, title: Spawning Enemies, where: "Spawning"}
""")
    assert [r.id for r in idx.search("ENEMY success")] == ["x/enemy-attack/8"]
    assert [r.id for r in idx.search("spawn")] == ["x/spawn"]
    assert len(idx.search("")) == 3


@pytest.mark.parametrize("text, fragment", [
    ("- {id: y/a, title: A, where: here}", "must start with 'x/'"),
    ("- {id: x/a, title: A}", "lacks field 'where'"),
    ("- {id: x/a, title: A, where: w}\n- {id: x/a, title: B, where: w}", "appears twice"),
    ("{oops", "not valid YAML"),
])
def test_malformed_index_is_a_one_line_error(text: str, fragment: str) -> None:
    from capes.core.errors import ContentError

    with pytest.raises(ContentError, match=re.escape(fragment)):
        RulesIndex.from_yaml("x", text)


RULEBOOKS = {"champions": "marvel-champions.txt", "alliances": "crisis-protocol-alliances.txt",
             "heroes": "marvel-heroes.txt"}


@pytest.mark.parametrize("game_id", list(BUILTIN))
def test_every_rule_has_a_short_text(game_id: str) -> None:
    """Issue 44: every rule id shows a short text (the rule link, `capes rules`, `r N`, `? rule`)."""
    if not available(game_id):
        pytest.skip(f"{game_id} is not installed in this build")
    empty = [r.id for r in RulesIndex.for_game(game_id).rules if not r.text.strip()]
    assert not empty, f"{len(empty)} rules of {game_id} have no text: {empty[:10]}"


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


@pytest.mark.parametrize("game_id", list(RULEBOOKS))
def test_rule_texts_are_in_our_own_words(game_id: str) -> None:
    """Rule texts paraphrase the rulebook: none repeats a run of 10 words of it verbatim."""
    book = Path(__file__).resolve().parent.parent.parent / "shared" / "rulebooks" / RULEBOOKS[game_id]
    if not book.exists() or not available(game_id):
        pytest.skip("the rulebook text is not on this machine")
    n = 10
    bw = _words(book.read_text(encoding="utf-8"))
    runs = {" ".join(bw[i:i + n]) for i in range(len(bw) - n + 1)}
    copied = []
    for r in RulesIndex.for_game(game_id).rules:
        tw = _words(r.text)
        hits = [" ".join(tw[i:i + n]) for i in range(len(tw) - n + 1) if " ".join(tw[i:i + n]) in runs]
        if hits:
            copied.append(f"{r.id}: '{hits[0]}'")
    assert not copied, "rule texts copying the rulebook word for word:\n" + "\n".join(copied)
