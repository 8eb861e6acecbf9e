"""The ``champions-heuristic`` bot, the rollout policy and the evaluation used by ISMCTS.

The bot reads only ``state.decision`` and ``state.view(seat)``. Priorities: recover when hurt in
alter-ego, thwart when the main scheme is near its target, defend when a hit would be heavy, attack
the villain (minions first when they are engaged), play allies and upgrades, then end the turn.
"""

from __future__ import annotations

from typing import Any

from capes.core.rng import Rng


def _num(oid: str) -> int:
    try:
        return int(oid.rsplit(":", 1)[1])
    except (ValueError, IndexError):
        return -1


def _score(oid: str, v: dict[str, Any], seat: int, kind: str, label: str) -> float:
    from capes.games.champions.data import CARDS

    me = v["players"][seat]
    ident = me["identity"]
    hp_lost = ident.get("damage", 0)
    hero = ident["form"] == "hero"
    ms = v["main_scheme"]
    pressure = ms.get("threat", 0) / max(1, ms["target"])
    enc = {e["uid"]: e for e in v["encounter_play"]}
    hand = {c["uid"]: c["code"] for c in me.get("hand", [])}
    vil = v["villain"]["uid"]
    if kind == "turn":
        if oid.startswith("play:"):
            c = CARDS[hand.get(_num(oid), "01088")]
            base = {"ally": 62, "upgrade": 58, "support": 56, "event": 52}.get(c.type, 40)
            return base
        if oid.startswith("use:"):
            return 57
        if oid.startswith("thw:") or oid.startswith("athw:"):
            uid = _num(oid)
            e = enc.get(uid)
            if e is None:
                return 40 + 70 * pressure
            c = CARDS[e["code"]]
            icons = 30 * c.crisis + 15 * (c.accel + c.hazard)
            return 45 + 50 * pressure + icons
        if oid.startswith("atk:") or oid.startswith("aatk:"):
            uid = _num(oid)
            minion = uid in enc
            return 60 + (8 if minion else 0)
        if oid == "rec":
            return 75 if hp_lost >= 3 else 20
        if oid == "flip":  # recover early: flip to alter-ego at 5 damage (tuned on Spider-Man vs Rhino)
            if not hero:
                return 70 if hp_lost < 5 else 15
            return 45 if hp_lost >= 5 else 0
        if oid == "end":
            return 10
    if kind == "defend":
        if oid == "def:hero":
            return 30 if hp_lost >= 5 else 8
        if oid.startswith("def:"):  # keep allies for attacking/thwarting unless the hero is hurt
            return 40 if hp_lost >= 5 else 5
        return 10
    if kind in ("mulligan", "hdisc"):
        if oid == "keep":
            return 10
        c = CARDS[hand.get(_num(oid), "01088")]
        return 12 if (kind == "mulligan" and c.type == "resource") else 0
    if kind == "optwin":
        return 0 if oid == "pass" else 10
    if kind == "pay":
        if oid.startswith("res:"):
            return 20
        c = CARDS[hand.get(_num(oid), "01088")]
        return 15 if c.type == "resource" else 10 - (c.cost or 0)
    if kind == "choose":
        uid = _num(oid)
        e = enc.get(uid)
        if "threat" in label or "remove" in label.lower():
            return 10 + (e or {}).get("threat", 0) + (5 if uid == ms["uid"] and pressure > 0.6 else 0)
        if oid == "skip":
            return 0
        if e is not None:
            return 12
        if uid == vil:
            return 11
        return 10
    if kind == "over_limit":
        return 0
    if kind == "request":  # co-operative: accept a teammate's request
        return 5 if oid == "accept" else 0
    return 1


class HeuristicBot:
    name = "champions-heuristic"

    def __init__(self, game: Any, seat: int, seed: int = 0, **opts: Any) -> None:
        self.seat = seat
        self.rng = Rng(seed * 31 + seat + 1)

    def choose(self, state: Any) -> str:
        d = state.decision
        v = state.view(self.seat)
        best, bs = d.options[0].id, -1e9
        for o in d.options:
            s = _score(o.id, v, self.seat, d.kind, o.label) + self.rng.random() * 0.5
            if s > bs:
                best, bs = o.id, s
        return best


def rollout_choice(state: Any, rng: Rng) -> str:
    """Cheap rollout policy: random, but rarely ends a turn while other actions exist."""
    opts = state.decision.options
    if state.decision.kind == "turn" and len(opts) > 1 and rng.random() < 0.8:
        opts = [o for o in opts if o.id != "end" and o.id != "flip"] or opts
    return opts[rng.randbelow(len(opts))].id


def evaluate(state: Any, seat: int) -> float:
    r = state.result
    if r is not None:
        return r.reward(seat)
    vil = state.villain
    vhp = state.hp(vil)
    frac_v = 1 - state.dmg[vil] / max(1, vhp)
    stages = len(state.vstages)
    ms = state.mscheme
    thr = state.thr[ms] / max(1, state.target(ms))
    alive = sum(state.alive) / state.n
    score = 0.5 + 0.25 * (1 - (frac_v + stages) / (1 + stages)) - 0.25 * thr + 0.1 * (alive - 1)
    return min(1.0, max(0.0, score))
