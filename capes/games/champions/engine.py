"""The Marvel Champions rules engine: the state class and the rules, assembled from one module per chapter.

Importing this module registers every rules step and question. Where each chapter of the Rules Reference lives:

==================  ==========================================================================================
module              chapter (rule ids in ``rules.yaml``)
==================  ==========================================================================================
``state``           the state's data, clone/save/view/resample, the run loop
``frames``          constants, the step/question registries, event records (champions/rr/timing)
``queries``         what a card is now: stats, keywords, control, lists of cards (champions/rr/control)
``vocabulary``      what scripts call: damage, heal, thwart, status, choices, lasting effects
``resources``       resources, costs, playability (champions/rr/resources, /unique, /team-up)
``abilities``       finding forced and optional triggers of a window (champions/rr/forced, /timing)
``piles``           decks, drawing, the empty-deck rules (champions/summary/scoring/empty-deck)
``setup``           setup (champions/summary/setup, champions/rr/setup, /mulligan)
``player_phase``    the round, the turn menu, change form, requests (champions/summary/flow/1, /2, faq/1)
``playing``         playing a card, paying, limits (champions/summary/actions/play, champions/rr/ally-limit)
``basic_powers``    attack, thwart, recover; event attacks and thwarts (champions/summary/actions/basic-attack-hero ...)
``timing``          interrupt/response windows and forced ordering (champions/rr/timing, /peril)
``villain_phase``   threat, activations, dealing and revealing (champions/summary/flow/4 to /8)
``activations``     enemy attacks, boost, defense, schemes (champions/rr/attack, /boost, /defense)
``encounter``       revealing encounter cards, surge, keywords (champions/rr/encounter-cards, /surge)
``schemes``         threat placed and removed, schemes defeated (champions/rr/threat, /thwart)
``damage``          damage, defeat, elimination (champions/rr/damage, /defeated)
``status``          status-card steps (champions/rr/status-cards)
``zones``           leaving play: discard, permanent (champions/rr/ownership, /permanent)
``choices``         generic questions: choose, modal, continuations
``end_of_round``    end of the player phase and of the round (champions/summary/flow/3, 9-10)
==================  ==========================================================================================

This module and :mod:`capes.games.champions.flow` keep the names other modules and tests import.
"""

from __future__ import annotations

from capes.games.champions import (  # noqa: F401  (imported to register their steps and questions)
    activations,
    basic_powers,
    choices,
    damage,
    encounter,
    end_of_round,
    player_phase,
    playing,
    schemes,
    setup,
    status,
    timing,
    villain_phase,
    zones,
)
from capes.games.champions.abilities import _FORCED, forced_nth, forced_of, forced_trigger
from capes.games.champions.frames import (
    AE,
    ASKS,
    AUTO_SINGLE,
    CONF,
    EVENTS,
    F_ATTACK,
    F_INDIRECT,
    F_OVERKILL,
    F_PIERCE,
    HERO,
    NAMES,
    ON_EMPTY,
    ROUND_CAP,
    SELECTORS,
    STEPS,
    STUN,
    TOUGH,
    TURN_CAP,
    C,
    ask,
    step,
)
from capes.games.champions.state import ChampionsState, _tup

__all__ = ["AE", "ASKS", "AUTO_SINGLE", "CONF", "EVENTS", "F_ATTACK", "F_INDIRECT", "F_OVERKILL", "F_PIERCE", "HERO",
           "NAMES", "ON_EMPTY", "ROUND_CAP", "SELECTORS", "STEPS", "STUN", "TOUGH", "TURN_CAP", "C", "ChampionsState",
           "_FORCED", "_tup", "ask", "forced_nth", "forced_of", "forced_trigger", "step"]
