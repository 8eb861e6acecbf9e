"""Bad configs raise one-line ConfigErrors naming the key; user content can replace and add entries."""

import os

import pytest

import capes
from capes.core.errors import ConfigError


@pytest.mark.parametrize(("cfg", "key"), [
    ({"squad": "spectacular_spider_man,ghost_spider"}, "squad"),
    ({"squad": "spectacular_spider_man,ghost_spider,black_cat,wolverine"}, "squad"),
    ({"squad": "black_cat,black_cat,ghost_spider,ultimate_spider_man"}, "squad"),
    ({"players": 5}, "players"),
    ({"difficulty": 9}, "difficulty"),
    ({"round_limit": 2}, "round_limit"),
    ({"content": "/no/such/dir"}, "content"),
    ({"colour": "red"}, "colour"),
    ({"players": 2, "control": "1,1,1,1"}, "control"),
    ({"players": 2, "control": "1,2,3,1"}, "control"),
])
def test_bad_config(cfg: dict, key: str) -> None:
    with pytest.raises(ConfigError) as ei:
        capes.load("alliances", **cfg)
    msg = str(ei.value)
    assert "\n" not in msg and key in msg


def test_user_content_replaces_and_adds(tmp_path: str) -> None:
    """A content=DIR with characters.yaml adds a Character (usable in the squad) and replaces one by id."""
    text = """
- id: black_cat
  name: Black Cat (house stats)
  healthy: {stamina: 9, speed: 4, defense: {physical: 2, energy: 3, mystic: 2}, skills: [], attacks: [{id: claws, name: Claws, type: physical, range: 1, strength: 5}]}
  injured: {stamina: 8, speed: 4, defense: {physical: 2, energy: 3, mystic: 2}, skills: [], attacks: [{id: claws, name: Claws, type: physical, range: 1, strength: 5}]}
- id: silk
  name: Silk
  healthy: {stamina: 6, speed: 4, defense: {physical: 3, energy: 2, mystic: 2}, skills: [wall_crawler], attacks: [{id: kick, name: Kick, type: physical, range: 1, strength: 5}]}
  injured: {stamina: 5, speed: 4, defense: {physical: 3, energy: 2, mystic: 2}, skills: [wall_crawler], attacks: [{id: kick, name: Kick, type: physical, range: 1, strength: 5}]}
"""
    d = os.path.join(str(tmp_path), "mine")
    os.makedirs(d)
    with open(os.path.join(d, "characters.yaml"), "w") as f:
        f.write(text)
    g = capes.load("alliances", content=d, squad="silk,black_cat,ghost_spider,ultimate_spider_man")
    assert g.data.characters["black_cat"].healthy.stamina == 9
    s = g.new_game(0)
    assert s.chars[1][1] == 9
    ids = {e.id: e for e in g.content()}
    assert ids["silk"].source == "user"


def test_user_content_error_names_file_entry_field(tmp_path: str) -> None:
    d = os.path.join(str(tmp_path), "bad")
    os.makedirs(d)
    with open(os.path.join(d, "enemies.yaml"), "w") as f:
        f.write("- {id: x, name: X, type: goon, stamina: 2, speed: 2, range: 1, strength: 1, attack_type: fire}\n")
    with pytest.raises(ConfigError) as ei:
        capes.load("alliances", content=d)
    assert "enemies.yaml" in str(ei.value) and "'x'" in str(ei.value) and "attack_type" in str(ei.value)


def test_content_listing_sources() -> None:
    """capes content alliances: rulebook and project entries."""
    es = capes.load("alliances").content()
    src = {e.id: e.source for e in es}
    assert src["oscorp_weaponry"] == "rulebook" and src["turbo_boost"] == "rulebook"
    assert src["spider_slayer"] == "rulebook" and src["goblin_army"] == "rulebook"
    assert src["bombing_run"] == "project" and src["glider_works"] == "project" and src["black_cat"] == "project"
    assert sum(1 for e in es if e.kind == "level-up") >= 32


def test_shipped_characters_cover_every_attack_type_beam_and_area() -> None:
    """Content: the four Characters have Healthy and Injured sides, Physical/Energy/Mystic attacks, a beam and an
    area attack, and Level-Up decks of at least two cards for each Level 1-4 (some improving attacks)."""
    d = capes.load("alliances").data
    types, shapes, improves = set(), set(), 0
    for c in d.characters.values():
        for side in (c.healthy, c.injured):
            for a in side.attacks:
                types.add(a.type)
                shapes.add(a.shape)
        for lvl in (1, 2, 3, 4):
            assert len(c.cards_of_level(lvl)) >= 2
        improves += sum(1 for u in c.levelups.values() if u.kind == "improve")
    assert types == {0, 1, 2} and {"A", "B"} <= shapes and improves >= 4


def test_lint_every_scripted_id_is_implemented() -> None:
    """Every skill, attack effect, enemy rule and stage script id the content may name has code, and vice versa."""
    import inspect

    from capes.games.alliances import content, decisions, engine

    # engine.SCRIPTED indexes each id to the functions applying it (the chapter modules); the id must be in the
    # code of one of them, so an index entry without code fails
    for name in (*content.SKILLS, *content.EFFECTS, *content.ENEMY_RULES):
        assert name in engine.SCRIPTED, f"{name}: no entry in engine.SCRIPTED"
        assert any(f'"{name}"' in inspect.getsource(f) for f in engine.SCRIPTED[name]), name
    assert set(engine.SCRIPTED) <= {*content.SKILLS, *content.EFFECTS, *content.ENEMY_RULES}
    for sc in content.STAGE_SCRIPTS:
        assert sc in engine.SCRIPTS_END and sc in decisions.INTERACT_DO
    d = capes.load("alliances").data
    used = {s for c in d.characters.values() for side in (c.healthy, c.injured) for s in side.skills}
    used |= {u.skill for c in d.characters.values() for u in c.levelups.values() if u.skill}
    assert used <= set(content.SKILLS)


def test_control_assigns_characters_to_players() -> None:
    """alliances/squad: the players decide which player controls more than one Character."""
    g = capes.load("alliances", players=2, control="2,1,1,1")
    assert g.ctrl == (1, 0, 0, 0)
