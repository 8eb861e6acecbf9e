"""The rules of Crisis Protocol — Alliances, assembled from one module per rulebook chapter.

``AlliancesState`` is the game state: ``state.StateData`` (every field, lookups, save/load/copy/view) plus one
mixin per chapter of the rulebook, and ``flow.Flow`` (the frame stack, questions and answers). Where each
chapter lives (see docs/architecture-alliances.md for the rule id -> module map and a walked example):

=====================  =============================================================================
setup.py               Getting Ready to Play: Mission, dashboards, Stage setup, Priority, Deployment
round.py               Parts of a Round: Power Phase, Turns, pass Priority, end of Turn / Stage, Rally, Cleanup
activation.py          Character Activation Step: who Activates, the Activation menu, Interact, skills
movement.py            Movement: Advance, Throw, Push, collisions, Terrain, dodge
character_attack.py    Character Attacks (Appendix A: Character Attack, steps 1-12)
damage.py              Damage, Dazed, KO, Heroic Assists
level_up.py            XP and Level-Up Cards
enemy_move.py          Enemies Move Step (Nearest, Enemy Advances)
spawning.py            Enemies Spawn Step, Spawning, Pitfalls, Frenzy, the Spawn Tracker
enemy_attack.py        Enemies Attack Step (Appendix A: Enemy Attack), Enemy special conditions
objectives.py          Objects and Mission tokens: Secure, Contest, Complete, dropped Stage tokens
boss_battle.py         The Boss Battle Card (Green Goblin), Turbo Boost, Braces and Web Lines
stage_*.py, stages.py  Stage Card scripts and the tables the chapters call
state.py               the state's data; decisions.py the dispatch tables; flow.py the run loop
=====================  =============================================================================

This module imports every chapter; no chapter imports it (no import cycles). It re-exports the names other
modules and tests use (the field constants, ``plural``, ``half_up``, the Stage script tables).
"""

from __future__ import annotations

from typing import Any

from capes.games.alliances.activation import Activation
from capes.games.alliances.boss_battle import BossBattle
from capes.games.alliances.character_attack import CharacterAttack
from capes.games.alliances.damage import Damage
from capes.games.alliances.decisions import ANSWERS, DECIDERS, FRAMES, INTERACT_DO
from capes.games.alliances.enemy_attack import EnemyAttack
from capes.games.alliances.enemy_move import EnemyMove
from capes.games.alliances.flow import Flow
from capes.games.alliances.level_up import LevelUp
from capes.games.alliances.movement import Movement
from capes.games.alliances.objectives import Objectives
from capes.games.alliances.round import Round
from capes.games.alliances.setup import Setup
from capes.games.alliances.spawning import Spawning
from capes.games.alliances.stages import SCRIPTS_END, SCRIPTS_INTERACT, SCRIPTS_KO, SCRIPTS_SETUP
from capes.games.alliances.state import (
    C_CARDS,
    C_COND,
    C_DAZ,
    C_HELD,
    C_INJ,
    C_LVL,
    C_POS,
    C_POW,
    C_SKUSED,
    C_STA,
    C_TOK,
    C_XP,
    E_COND,
    E_DAZ,
    E_DMG,
    E_ID,
    E_POS,
    E_UID,
    MAX_POWER,
    T_ID,
    T_KIND,
    T_POS,
    T_SYM,
    T_X,
    XP_NEEDED,
    StateData,
    cond_title,
    half_up,
    plural,
)

__all__ = [
    "AlliancesState", "FRAMES", "DECIDERS", "ANSWERS", "INTERACT_DO", "SCRIPTS_SETUP", "SCRIPTS_INTERACT",
    "SCRIPTS_KO", "SCRIPTS_END", "SCRIPTED", "C_POS", "C_STA", "C_POW", "C_XP", "C_LVL", "C_INJ", "C_DAZ", "C_COND",
    "C_TOK", "C_HELD", "C_CARDS", "C_SKUSED", "E_UID", "E_ID", "E_POS", "E_DMG", "E_COND", "E_DAZ", "T_ID",
    "T_KIND", "T_POS", "T_SYM", "T_X", "XP_NEEDED", "MAX_POWER", "plural", "cond_title", "half_up",
]


class AlliancesState(Setup, Round, Activation, Movement, CharacterAttack, Damage, LevelUp, EnemyMove, Spawning,
                     EnemyAttack, Objectives, BossBattle, Flow, StateData):
    """A game of Crisis Protocol — Alliances: the data (StateData) and every chapter's rules."""


# every ``_f_<name>`` method is the rule step ``name`` (frames pushed as ``(name, *args)``)
FRAMES.update({n[3:]: getattr(AlliancesState, n) for n in dir(AlliancesState) if n.startswith("_f_")})

#: Where each scripted content id (content.SKILLS, EFFECTS, ENEMY_RULES: the names a YAML entry may give) is
#: applied — id -> the steps that read it — so a card's data entry leads to its code and back.
SCRIPTED: dict[str, tuple[Any, ...]] = {
    # Character skills
    "wall_crawler": (AlliancesState._advance_targets,),
    "flight": (AlliancesState._advance_targets,),
    "spider_sense": (AlliancesState._f_eatk, ANSWERS["react"]),
    "tag_team": (AlliancesState._f_assist,),
    "cat_burglar": (AlliancesState._interact_cost,),
    "bad_luck": (AlliancesState._act_options, ANSWERS["act"]),
    "web_zip": (AlliancesState._act_options, AlliancesState._zip_targets, ANSWERS["act"], ANSWERS["move_to"]),
    "quick_reflexes": (AlliancesState._f_eatk, AlliancesState._f_quick_reflexes, ANSWERS["reflex"]),
    "second_wind": (AlliancesState._act_options, ANSWERS["act"]),
    "web_toss": (AlliancesState._act_options, ANSWERS["act"], AlliancesState._f_toss),
    # attack special-rule effects (and the special Conditions they give)
    "bleed": (AlliancesState._f_atk_rule, AlliancesState._f_act_end, AlliancesState._f_enemy_bleed),
    "hex": (AlliancesState._f_atk_rule, AlliancesState._f_atk_one, AlliancesState._f_eatk),
    "incinerate": (AlliancesState._f_atk_rule, AlliancesState._f_atk_one, AlliancesState._f_eatk),
    "shock": (AlliancesState._f_atk_rule, AlliancesState._f_atk_one, AlliancesState._f_enemies_attack),
    "throw": (AlliancesState._f_atk_rule, AlliancesState._f_move_away, AlliancesState._f_throw_go),
    "push": (AlliancesState._f_atk_rule, AlliancesState._f_move_away, AlliancesState._f_throw_go),
    "power": (AlliancesState._f_atk_rule,),
    "heal": (AlliancesState._f_atk_rule,),
    # Enemy special rules
    "protection_programming": (AlliancesState._f_after_eatk, AlliancesState._f_pp_move),
    "goblin_war_cry": (AlliancesState._f_frenzy,),
    "crushing_grip": (AlliancesState._f_eatk,),
    "goblin_glider": (AlliancesState._enemy_advance,),
}
