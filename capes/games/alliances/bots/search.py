"""The search hooks: the cheap playout policy ISMCTS uses without the heuristic (``game.rollout_policy``) and the
evaluation of a position cut off in a playout (``game.evaluate``)."""

from __future__ import annotations

from typing import Any

from capes.core.rng import Rng
from capes.games.alliances.bots.forecast import W_KO, Forecast
from capes.games.alliances.state import C_DAZ, C_INJ, C_POS, C_STA, E_DMG


def rollout_choice(state: Any, rng: Rng) -> str:
    """Cheap greedy playout policy (reads the determinized state directly): Interact, else attack, else move
    toward the nearest Enemy; use Spider-Sense; heal with Heroic Assists; otherwise random."""
    d = state.decision
    opts = d.options
    n = len(opts)
    kind = d.kind
    if kind == "activation" and n > 1:
        # one pass sorts the ids into the three lists the rule of thumb picks from (each in menu order)
        inter = []
        atk = []
        rest = []
        for o in opts:
            oid = o.id
            if oid == "end":
                continue
            rest.append(oid)
            if oid.startswith("interact:"):
                if not oid.startswith("interact:held"):
                    inter.append(oid)
            elif oid.startswith(("attack:", "skill:web_toss")):
                atk.append(oid)
        if inter:
            return inter[rng.randbelow(len(inter))]
        if atk:
            return atk[rng.randbelow(len(atk))]
        if not rest:
            return opts[rng.randbelow(n)].id
        return rest[rng.randbelow(len(rest))]
    if kind == "destination" and state.enemies and rng.randbelow(4):
        ens = [e[2] for e in state.enemies if e[2] >= 0]
        if ens:
            # the options are the question's Spaces, in order (movement._move_to_d): the first nearest an Enemy
            dist = state.board.dist
            best, near = 0, None
            for i, sp in enumerate(state.pending[3]):
                d = min(map(dist[sp].__getitem__, ens))
                if near is None or d < near:  # the first nearest, as min() picks it
                    best, near = i, d
            return opts[best].id
    if kind == "reactive" and n == 2 and opts[0].id == "use":
        return "use"
    if kind == "assist":
        heal = [o for o in opts if o.id.endswith(":heal")]
        if heal:
            return heal[0].id
    return opts[rng.randbelow(n)].id


def evaluate(state: Any) -> float:
    """The Mission's prospects in [0, 1] for cut-off search: Stages and this Stage's progress, the squad's lives
    (a Healthy side is a spare life, Stamina on top), less the heuristic's forecast of the next Enemies Attack step."""
    r = state.result
    if r is not None:
        return 1.0 if r.outcomes[0] == "win" else 0.0
    n = len(state.game.stage_ids)
    if state.stage.kind == "boss":
        gg = next((e for e in state.enemies if state.is_boss(e)), None)
        dmg = gg[E_DMG] / state.ecard(gg).stamina if gg is not None else 0.0
        prog = min(1.0, (state.boss_dazes + dmg) / 2)
    else:
        prog = min(state.completed, 3) / 3
    lives = 0.0
    for i, c in enumerate(state.chars):
        mx = state.cside(i).stamina
        if c[C_DAZ]:
            lives += 0.5
        else:
            lives += (0.0 if c[C_INJ] else 0.5) + 0.5 * c[C_STA] / mx
    risk = 0.0
    if all(c[C_POS] >= 0 for c in state.chars):
        fc = Forecast(state)
        risk = min(1.0, fc.total_risk(fc.positions()) / W_KO)
    v = 0.55 * (state.stages_done + prog) / n + 0.3 * lives / 4 + 0.15 * (1.0 - risk)
    return max(0.0, min(1.0, v))

