"""Stage Card scripts, keyed by a Stage's ``script`` id (content: stages/*.yaml ``script``).

Each Stage has its own module (rulebook: Appendix C: Stage Examples; Printed Card Text > Stage Cards);
this module gathers their hooks into the tables the chapters call:

- ``SCRIPTS_SETUP``    setup.py, at Stage setup (alliances/stage-setup)
- ``SCRIPTS_INTERACT`` activation.py, the Interact options of the Activation menu, group "Interact" (alliances/interact)
- ``INTERACT_DO``      activation.py, applying an Interact (decisions.INTERACT_DO)
- ``SCRIPTS_KO``       damage.py, when a Character KOs a Minion
- ``SCRIPTS_END``      round.py, the End of Stage check at the end of each Turn (alliances/end-turn)
"""

from __future__ import annotations

from typing import Any

from capes.core.protocol import Option
from capes.games.alliances import boss_battle, stage_glider_works, stage_oscorp_lab, stage_subway_rescue
from capes.games.alliances.decisions import INTERACT_DO
from capes.games.alliances.objectives import contested_by_enemy, securing
from capes.games.alliances.stage_glider_works import _works_launch, launch_candidates
from capes.games.alliances.stage_subway_rescue import drag_candidates, lead_spaces
from capes.games.alliances.state import StateData

__all__ = ["SCRIPTS_END", "SCRIPTS_INTERACT", "SCRIPTS_KO", "SCRIPTS_SETUP", "INTERACT_DO", "contested_by_enemy",
           "securing", "launch_candidates", "_works_launch", "drag_candidates", "lead_spaces", "no_interact", "no_ko"]


def no_interact(st: StateData, ci: int) -> list[Option]:
    return []


def no_ko(st: StateData, e: list[Any]) -> None:
    return None


SCRIPTS_SETUP: dict[str, Any] = {
    "oscorp_lab": stage_oscorp_lab._lab_setup,
    "subway_rescue": stage_subway_rescue._subway_setup,
    "goblins_last_laugh": boss_battle._boss_setup,
}
SCRIPTS_INTERACT: dict[str, Any] = {
    "oscorp_lab": stage_oscorp_lab._lab_interact,
    "glider_works": stage_glider_works._works_interact,
    "subway_rescue": stage_subway_rescue._subway_interact,
    "goblins_last_laugh": boss_battle._boss_interact,
}
INTERACT_DO.update({
    "oscorp_lab": stage_oscorp_lab._lab_do,
    "glider_works": stage_glider_works._works_do,
    "subway_rescue": stage_subway_rescue._subway_do,
    "goblins_last_laugh": boss_battle._boss_do,
})
SCRIPTS_KO: dict[str, Any] = {"oscorp_lab": stage_oscorp_lab._lab_ko}
SCRIPTS_END: dict[str, Any] = {
    "oscorp_lab": stage_oscorp_lab._lab_end,
    "glider_works": stage_glider_works._works_end,
    "subway_rescue": stage_subway_rescue._subway_end,
    "goblins_last_laugh": boss_battle._boss_end,
}
