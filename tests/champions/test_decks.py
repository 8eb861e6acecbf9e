"""Pre-built decks and the MarvelCDB importer (``deck=FILE``)."""

import collections
import json

import pytest

import capes
from capes.core.errors import ConfigError
from capes.games.champions import decks


@pytest.mark.parametrize("hero", list(decks.HEROES))
def test_prebuilt_decks_have_40_cards_and_signature(hero):
    d = decks.prebuilt(hero)
    assert len(d) == 40
    sig = collections.Counter(decks.signature(hero))
    have = collections.Counter(d)
    assert all(have[c] >= k for c, k in sig.items())


def _write(tmp_path, doc):
    p = tmp_path / "deck.json"
    p.write_text(json.dumps(doc))
    return str(p)


def test_marvelcdb_import_plays(tmp_path):
    slots = collections.Counter(decks.prebuilt("spider_man"))
    path = _write(tmp_path, {"hero_code": "01001a", "slots": dict(slots)})
    g = capes.load("champions", deck=path)
    s = g.new_game(0)
    assert len(s.deck[0]) + len(s.hand[0]) + len(s.disc[0]) == 40


def test_marvelcdb_investigator_code_key(tmp_path):
    slots = collections.Counter(decks.prebuilt("spider_man"))
    path = _write(tmp_path, {"investigator_code": "01001a", "slots": dict(slots)})
    assert capes.load("champions", deck=path)


def test_marvelcdb_unknown_codes_are_named(tmp_path):
    path = _write(tmp_path, {"hero_code": "01001a", "slots": {"99999": 1, "01088": 1}})
    with pytest.raises(ConfigError, match="99999"):
        capes.load("champions", deck=path)


def test_marvelcdb_copy_limit_and_aspects(tmp_path):
    path = _write(tmp_path, {"hero_code": "01001a", "slots": {"01088": 2}})
    with pytest.raises(ConfigError, match="at most 1"):
        capes.load("champions", deck=path)
    path = _write(tmp_path, {"hero_code": "01001a", "slots": {"01060": 3, "01054": 3}})
    with pytest.raises(ConfigError, match="mixes aspects"):
        capes.load("champions", deck=path)


def test_marvelcdb_size_and_hero_mismatch(tmp_path):
    path = _write(tmp_path, {"hero_code": "01001a", "slots": {"01060": 3}})
    with pytest.raises(ConfigError, match="40 to 50"):
        capes.load("champions", deck=path)
    slots = collections.Counter(decks.prebuilt("spider_man"))
    path = _write(tmp_path, {"hero_code": "01001a", "slots": dict(slots)})
    with pytest.raises(ConfigError, match="first hero"):
        capes.load("champions", heroes=["she_hulk"], deck=path)
