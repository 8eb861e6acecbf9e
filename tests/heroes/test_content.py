"""Content: counts, the rulebook's printed numbers, the effect lint, user replacement and errors."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import capes
from capes.core.errors import ConfigError
from capes.games.heroes import effects as fx
from capes.games.heroes.content import (
    ACTION_EFFECTS,
    COMBAT_EFFECTS,
    DEFAULT_DIR,
    PLAN_EFFECTS,
    POWERUP_EFFECTS,
    SCENARIO_EFFECTS,
    SCHEME_EFFECTS,
    TROUBLE_EFFECTS,
    load_content,
)


def test_counts() -> None:
    c = load_content()
    assert len(c.teams) == 4 and len(c.heroes) == 16 and len(c.masterminds) == 4
    assert all(len(m.plans) == 3 for m in c.masterminds.values())
    assert len(c.headlines) == 36 and len(c.stories) == 24 and len(c.powerups) == 12 and len(c.scenarios) == 10
    assert 45 <= len(c.villain_deck) <= 55 and 45 <= len(c.resource_deck) <= 55
    assert any(s.victory["kind"] == "special" for s in c.scenarios.values())
    assert {"born_again", "house_of_m"} <= set(c.scenarios)


def test_rulebook_numbers() -> None:
    """heroes/combat/example, heroes/troubleshooting/2, heroes/troubleshooting/3: the printed numbers."""
    c = load_content()
    torch = c.heroes["human_torch"]
    assert (torch.powers[0].name, torch.powers[0].a, torch.powers[0].d, torch.powers[0].w) == ("Fire Blast", 4, 2, 2)
    assert torch.troubleshooting == (2, 1, 1) and torch.skill == "protection" and torch.level == 2
    av = c.villains["avalanche"]
    assert (av.powers[1].name, av.powers[1].a, av.powers[1].d, av.powers[1].w) == ("Shatter", 1, 2, 5)
    assert av.ko == 1 and av.requirement == 3 and av.cost == 2
    assert c.villains["crimson_dynamo"].backup.name == "Innocent Bystanders"
    assert c.villains["crimson_dynamo"].backup.cost == 1
    ycdm = c.headlines["you_cant_defeat_me"]
    assert (ycdm.type, ycdm.skills, ycdm.threat) == ("crime", ("fight",), 5)
    assert c.heroes["hulk"].support.name == "Rampage" and c.heroes["jean_grey"].support.name == "Cerebro"
    assert c.heroes["invisible_woman"].support.name == "Invisible Force Fields"
    assert c.resources["namor"].team == "avengers" and c.resources["black_widow"].kind == "ally"
    assert c.heroes["wolverine"].level == 2
    for i in ("human_torch", "hulk", "jean_grey", "invisible_woman"):
        assert c.heroes[i].source == "rulebook"
    for i in ("born_again", "house_of_m"):
        assert c.scenarios[i].source == "rulebook"


def test_effect_lint() -> None:
    """Every effect named in the data has an implementation and every implementation is used or listed."""
    assert set(COMBAT_EFFECTS) == set(fx.COMBAT)
    assert ACTION_EFFECTS == set(fx.ACTIONS)
    c = load_content()
    used = set()
    for h in c.heroes.values():
        used |= {h.combat.effect, h.support.effect}
    for m in c.masterminds.values():
        used.add(m.combat.effect)
        used.add(m.scheming.effect)
        used |= {p.effect for p in m.plans}
    for v in c.villains.values():
        for ab in (v.ability, v.backup, v.agent):
            if ab is not None:
                used.add(ab.effect)
    for r in c.resources.values():
        used.add(r.ability.effect)
    used |= {p.effect for p in c.powerups.values()}
    used |= {s.effect for s in c.scenarios.values()}
    known = set(COMBAT_EFFECTS) | ACTION_EFFECTS | SCHEME_EFFECTS | TROUBLE_EFFECTS | PLAN_EFFECTS | POWERUP_EFFECTS | SCENARIO_EFFECTS
    assert used <= known | {"agent"}
    assert set(COMBAT_EFFECTS) <= used and ACTION_EFFECTS <= used


def test_content_listing() -> None:
    entries = capes.load("heroes").content()
    kinds = {e.kind for e in entries}
    assert {"hero", "mastermind", "master-plan", "headline", "villain", "ally", "event", "story", "power-up",
            "scenario"} <= kinds
    assert {e.source for e in entries} <= {"rulebook", "project"}
    assert any(e.source == "rulebook" and e.id == "avalanche" for e in entries)


def test_user_content_replaces_a_file(tmp_path: Path) -> None:
    src = (DEFAULT_DIR / "scenarios.yaml").read_text()
    (tmp_path / "scenarios.yaml").write_text(src.replace("vp: 15, finish_round: true", "vp: 3, finish_round: true")
                                             .replace("source: rulebook, effect: none, params: {}, victory: {kind: threshold",
                                                      "source: user, effect: none, params: {}, victory: {kind: threshold"))
    g = capes.load("heroes", content=str(tmp_path))
    assert g.C.scenarios["born_again"].victory["vp"] == 3
    assert g.C.scenarios["born_again"].source == "user"
    st = g.new_game(0)
    assert not st.is_over


def test_user_content_error_names_file_entry_field(tmp_path: Path) -> None:
    shutil.copy(DEFAULT_DIR / "headlines.yaml", tmp_path / "headlines.yaml")
    p = tmp_path / "headlines.yaml"
    p.write_text(p.read_text().replace("id: riot, name: \"Riot Breaks Out After Rally\", type: danger",
                                       "id: riot, name: \"Riot Breaks Out After Rally\", type: chaos"))
    with pytest.raises(ConfigError) as e:
        capes.load("heroes", content=str(tmp_path))
    msg = str(e.value)
    assert "headlines.yaml" in msg and "'riot'" in msg and "'type'" in msg and "\n" not in msg
