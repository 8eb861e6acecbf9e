"""Card data validation, the script lint and the reference cross-check."""

import json
from pathlib import Path

import pytest

import capes
from capes.core.errors import ContentError
from capes.games.champions import cards as S
from capes.games.champions import data

REF = Path("/work/shared/reference/marvelsdb")


def test_every_scripted_card_exists():
    S.load_scripts()
    cards = data.cards()
    for code in S.SCRIPTED:
        assert code in cards, f"script for unknown card {code}"


def test_content_reports_implemented_per_card():
    g = capes.load("champions")
    entries = [e for e in g.content() if e.kind == "card"]
    assert len(entries) == len(data.cards())
    impl = {e.id for e in entries if e.implemented}
    for code in ("01001a", "01005", "01094", "01109", "01186"):
        assert code in impl


FIRST_PATH = ("spider_man", "spider_man_nemesis", "justice", "basic", "rhino", "bomb_scare", "standard", "expert",
              "she_hulk", "she_hulk_nemesis", "aggression", "klaw", "masters_of_evil")


def test_priority_sets_fully_scripted():
    S.load_scripts()
    missing = [c.code for c in data.cards().values() if c.set in FIRST_PATH and not c.vanilla
               and c.code not in S.SCRIPTED]
    assert not missing, missing


def test_bad_yaml_names_file_entry_and_field():
    with pytest.raises(ContentError, match=r"x.yaml: entry #1 \('09999'\): field 'type'"):
        data.parse_file("- {code: '09999', name: X, type: hero_card, set: s}", "x.yaml")
    with pytest.raises(ContentError, match="field 'keywords'"):
        data.parse_file("- {code: '09999', name: X, type: ally, set: s, keywords: [flying]}", "x.yaml")


@pytest.mark.skipif(not REF.exists(), reason="reference data absent")
def test_names_and_numbers_match_marvelsdb():
    ref = {c["code"]: c for f in ("core.json", "core_encounter.json") for c in json.loads((REF / f).read_text())}
    cards = data.cards()
    assert {k for k in cards if k[:2] == "01"} == {k for k in ref if k[:2] == "01"}
    for code, c in cards.items():
        if code not in ref:
            continue
        r = ref[code]
        assert c.name == r["name"], code
        assert c.quantity == r.get("quantity", 1), code
        assert (c.cost or None) == (r.get("cost") or None), code
        assert (c.hp or None) == (r.get("health") or None), code
        assert c.boost == (r.get("boost") or 0), code


def test_shield_trait_is_one_trait():
    """Card data: the trait "S.H.I.E.L.D." is one trait, never split into letters."""
    cards = data.cards()
    assert not any(t in ("S", "H", "I", "E", "L", "D") for c in cards.values() for t in c.traits)
    assert "S.H.I.E.L.D." in cards["01083"].traits
