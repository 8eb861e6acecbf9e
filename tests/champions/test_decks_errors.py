"""A MarvelCDB deck file that is not a deck export is refused with a one-line ConfigError naming the file,
what was wrong and what is expected (DESIGN.md: bad input gives a one-line error; decks.import_marvelcdb)."""

from __future__ import annotations

import json

import pytest

from capes.core.errors import ConfigError
from capes.games.champions import decks


@pytest.mark.parametrize(("doc", "kind"), [([], "array"), ("01001a", "string"), (7, "number"), (None, "null"),
                                           (True, "boolean")])
def test_deck_json_that_is_not_an_object_is_a_config_error(tmp_path, doc, kind):
    f = tmp_path / "deck.json"
    f.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(ConfigError) as e:
        decks.import_marvelcdb(str(f))
    msg = str(e.value)
    assert "\n" not in msg and str(f) in msg and f"JSON {kind}" in msg and "JSON object with 'hero_code'" in msg


@pytest.mark.parametrize("qty", ["two", -1, 1.5, None, True, [2]])
def test_deck_slot_quantity_must_be_a_whole_number(tmp_path, qty):
    f = tmp_path / "deck.json"
    f.write_text(json.dumps({"hero_code": "01001a", "slots": {"01005": qty}}), encoding="utf-8")
    with pytest.raises(ConfigError) as e:
        decks.import_marvelcdb(str(f))
    msg = str(e.value)
    assert "\n" not in msg and "'01005'" in msg and "whole number of copies" in msg


def test_deck_path_that_is_a_directory_or_not_text(tmp_path):
    with pytest.raises(ConfigError, match="cannot be read") as e:
        decks.import_marvelcdb(str(tmp_path))
    assert "\n" not in str(e.value)
    f = tmp_path / "deck.json"
    f.write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(ConfigError, match="not UTF-8 text"):
        decks.import_marvelcdb(str(f))
