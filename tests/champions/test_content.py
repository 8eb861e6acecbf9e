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


#: Printed statistic fields: (our Card attribute, MarvelCDB field).
_STATS = (
    ("atk", "attack"), ("atk_cost", "attack_cost"), ("thw", "thwart"), ("thw_cost", "thwart_cost"),
    ("def_", "defense"), ("rec", "recover"), ("hand", "hand_size"), ("sch", "scheme"), ("threat", "threat"),
    ("base_threat", "base_threat"), ("escalation", "escalation_threat"), ("accel", "scheme_acceleration"),
    ("crisis", "scheme_crisis"), ("hazard", "scheme_hazard"), ("boost_star", "boost_star"),
    ("atk_star", "attack_star"), ("sch_star", "scheme_star"), ("unique", "is_unique"),
    ("hp_per_hero", "health_per_hero"), ("base_fixed", "base_threat_fixed"),
)
_KEYWORDS = ("Guard", "Patrol", "Quickstrike", "Toughness", "Stalwart", "Surge", "Piercing", "Ranged", "Overkill",
             "Permanent", "Peril", "Villainous", "Teamwork", "Assault", "Restricted")


@pytest.mark.skipif(not REF.exists(), reason="reference data absent")
def test_printed_stats_icons_and_keywords_match_marvelsdb():
    """Every printed number, resource icon and keyword of a core card matches the reference (champions/rr/keywords).

    Keywords are read from the reference text with reminder text removed; the engine's keyword list must hold
    exactly the keywords printed on the card (a keyword we add without it being printed would change the rules).
    """
    import re

    ref = {c["code"]: c for f in ("core.json", "core_encounter.json") for c in json.loads((REF / f).read_text())}
    wrong = []
    for code, c in data.cards().items():
        r = ref.get(code)
        if r is None:
            continue
        for ours, theirs in _STATS:
            if (getattr(c, ours) or None) != (r.get(theirs) or None):
                wrong.append(f"{code} {c.name}: {ours}={getattr(c, ours)!r}, printed {r.get(theirs)!r}")
        icons = "".join(k * (r.get(f"resource_{n}") or 0)
                        for k, n in (("P", "physical"), ("M", "mental"), ("E", "energy"), ("W", "wild")))
        if sorted(icons) != sorted(c.res):
            wrong.append(f"{code} {c.name}: resources {c.res!r}, printed {icons!r}")
        text = re.sub(r"<[^>]+>", "", r.get("text") or "")
        text = re.sub(r"\s*\((?![\d]+ )[^)]*\)", "", text)  # reminder text, keeping "Uses (3 ...)"
        printed = {k.lower() for k in _KEYWORDS if re.search(rf"(^|\n|\. ){k}\b(?! \w+ )", text)}
        for k in ("Retaliate", "Incite", "Victory"):
            m = re.search(rf"{k} (\d+)", text)
            if m:
                printed.add(f"{k.lower()}:{m.group(1)}")
        m = re.search(r"Uses \((\d+)", r.get("text") or "")
        if m:
            printed.add(f"uses:{m.group(1)}")
        known = {k.lower() for k in _KEYWORDS} | {"retaliate", "incite", "victory", "uses"}
        have = {k for k in c.keywords if k.split(":")[0] in known}
        if have != printed:
            wrong.append(f"{code} {c.name}: keywords {sorted(have)}, printed {sorted(printed)}")
    assert not wrong, "\n".join(wrong)
