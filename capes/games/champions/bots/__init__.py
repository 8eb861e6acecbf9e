"""The ``champions-heuristic`` bot, the rollout policy and the evaluation used by ISMCTS.

Three layers:

* :func:`quick` — a fast greedy policy for *any* seat, reading the state it is given. It is only ever
  run on a determinized copy (``state.resample(seat, rng)``: hidden hands, decks and facedown cards
  redealt), never on the real state, so it sees no more than the deciding seat knows. It thwarts the
  main scheme when the next villain phase could complete it, plays allies, upgrades and supports,
  attacks (minions it can defeat first), recovers when hurt, flips to alter-ego only when it is safe,
  chump-blocks with allies, pays with resource cards and abilities first.
* :func:`value` — a static evaluation of a (determinized) state for the heroes: villain hit points left over all
  stages (with tough status, damage-absorbing attachments and the guards in the way), main-scheme threat against
  its target and the chance the next villain phase completes it (a mean and a spread: acceleration is certain,
  encounter cards and boosts are not), side schemes (their threat and icons, including the one a villain stage
  still to come will reveal), engaged minions, hero hit points (worth most when few are left) against the damage
  expected next villain phase, allies, upgrades and supports in play, hand size, readiness. It is the terms of
  :func:`features` weighed by ``W``. :func:`evaluate` squashes it into [0, 1] for ISMCTS.
* :class:`HeuristicBot` — reads ``state.decision`` and ``state.view(seat)`` (through its determinized
  copies only). For the important decisions (turn actions, defence, modal choices, targets, optional
  responses) it looks ahead: for each option and each of a few determinizations (the same ones for
  every option, to compare like with like) it applies the option and plays on with :func:`quick` — in
  the player phase to the moment the last turn would end (all options valued at that same point, before
  the villain phase), in the villain phase to the next round's first turn — and scores the position with
  :func:`value`. A turn action is also judged followed by ending the turn at once, and keeps the better
  of the two scores, so it is not blamed for a poor move of :func:`quick` after it. Other decisions
  (payments, discards, mulligans) use :func:`quick` on one determinization.

Modules: :mod:`.estimates` (what the next villain phase brings, the weights), :mod:`.evaluation` (``value``,
``evaluate``), :mod:`.policy` (``quick``, ``rollout_choice``), :mod:`.lookahead` (``HeuristicBot``) and
:mod:`.levels` (``DeepBot`` and the ``BOTS`` table).
"""

from __future__ import annotations

from capes.games.champions.bots.estimates import W
from capes.games.champions.bots.evaluation import evaluate, pre_villain, value
from capes.games.champions.bots.levels import BOTS, DeepBot
from capes.games.champions.bots.lookahead import LOOK_KINDS, HeuristicBot
from capes.games.champions.bots.policy import quick, rollout_choice

__all__ = ["BOTS", "LOOK_KINDS", "W", "DeepBot", "HeuristicBot", "evaluate", "pre_villain", "quick",
           "rollout_choice", "value"]
