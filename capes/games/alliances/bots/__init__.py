"""Bots for the squad: ``alliances-heuristic`` (the ``normal`` level), ``easy``, ``hard`` and the search hooks.

The heuristic bot reads only what ``view(seat)`` shows (Alliances hides nothing: positions, Stamina, Power,
conditions, the Spawn Tracker, tokens) plus the static Stage Board and stat cards. Its rules of thumb, from the
losses they fixed (a Mission fails as soon as one Character is KO'd, that is Dazed a second time before a Level-Up
flips it back to Healthy):

* a **threat forecast**: each Minion Advances Toward its nearest Character as the rulebook moves it (Terrain ends
  the Advance, Characters block), then attacks every Character in Range, together with what Spawns next; the
  forecast gives each Character the chance the Enemies Attack step Dazes it (KO's it, when Injured) and the
  Damage it expects, with its Defense dice, Spider-Sense and Cover;
* every action (an attack, a Move to each Space, an Interact) is scored by the forecast after it plus the Stage's
  progress: Synthesizing Samples, planting Charges, leading Civilians, turning Braces, Dazing the Boss;
* attacks by the chance to KO (Enemies gone from the forecast) and the Damage they deal;
* who Activates: the Character whose best action gains most; Level-Up Cards by a ranking (Power-free attacks,
  Second Wind, Spider-Sense); a Rally takes XP when it completes a Level-Up of an Injured Character;
* the Standard Stage played first is Grounded for Good (its Objectives give XP early).

Modules: :mod:`.chances` (what one attack does, from the engine's exact odds), :mod:`.forecast` (the Enemies' next
steps and what they cost each Character), :mod:`.goals` (what each Stage asks for), :mod:`.heuristic`
(``HeuristicBot``), :mod:`.search` (the playout policy and the cut-off evaluation ISMCTS uses) and :mod:`.levels`
(``easy``, ``normal``, ``hard``: the ``BOTS`` table).
"""

from __future__ import annotations

from capes.games.alliances.bots.forecast import W_DAZE, W_DMG, W_KO, Forecast
from capes.games.alliances.bots.goals import can_pay, goals, stage_value
from capes.games.alliances.bots.heuristic import LEVELUP_RANK, HeuristicBot
from capes.games.alliances.bots.levels import BOTS, SEARCH_KINDS
from capes.games.alliances.bots.search import evaluate, rollout_choice

__all__ = ["BOTS", "LEVELUP_RANK", "SEARCH_KINDS", "W_DAZE", "W_DMG", "W_KO", "Forecast", "HeuristicBot",
           "can_pay", "evaluate", "goals", "rollout_choice", "stage_value"]
