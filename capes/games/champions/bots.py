"""The ``champions-heuristic`` bot, the rollout policy and the evaluation used by ISMCTS.

The bot reads only ``state.decision`` and ``state.view(seat)``. Priorities: recover when hurt in
alter-ego, thwart when the main scheme is near its target (estimated villain phases left, from the
scheme's escalation, acceleration, the villain's SCH against alter-egos and the encounter cards), defend
when the likely hit would leave the hero low, attack the villain (minions first when they are engaged),
play allies and upgrades, then end the turn; change to alter-ego only when the next villain phase could
defeat the hero and the main scheme can take the extra schemes.
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
    urgent = _urgency(v)
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
            if e is None:  # the main scheme: thwart when it would complete within a villain phase or two
                return 95 if urgent <= U1 else 40 + 70 * pressure + MULTI * (len(v["players"]) - 1)
            c = CARDS[e["code"]]
            icons = 30 * c.crisis + 15 * (c.accel + c.hazard)
            return 45 + 50 * pressure + icons
        if oid.startswith("atk:") or oid.startswith("aatk:"):
            uid = _num(oid)
            minion = uid in enc
            return 60 + (8 if minion else 0)
        if oid == "rec":
            return 75 if hp_lost >= 2 else 20
        if oid == "flip":
            # alter-ego form makes the villain and every engaged minion scheme: only when the hero is in
            # danger (next villain phase could defeat him) and the main scheme can take it
            hp_left = (CARDS[ident["code"]].hp or 10) - hp_lost
            danger = _danger(v, seat)
            ae_sch = _ae_threat(v, seat)
            margin = urgent - ae_sch / max(1.0, _per_phase(v))
            if not hero:
                if hp_left >= danger + FLIP_BACK or (margin < 1.0 and hp_left > danger + 1):
                    return 70
                return 15
            if hp_left <= danger + FLIP_AE and margin >= 1.0 or hp_left <= danger + 0.5:
                return 11
            return 0
        if oid == "end":
            return 10
    if kind == "defend":
        # the attack's likely damage (ATK + a boost) against the hero's remaining hit points
        hp_left = (CARDS[ident["code"]].hp or 10) - hp_lost
        atk = _attack_estimate(v)
        hurt = hp_left - atk <= DEF_MARGIN
        if oid == "def:hero":
            return 30 if hurt else 8
        if oid.startswith("def:"):  # keep allies for attacking/thwarting unless the hero is hurt
            return 40 if hurt else 5
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


FLIP_AE, FLIP_BACK, DANGER_EXTRA = 4.0, 5.0, 1.5


DEF_MARGIN = 3.0
U1 = 1.2  # thwart the main scheme first when it would complete within this many villain phases
MULTI = 10  # extra weight of main-scheme thwarts per extra player


def _attack_estimate(v: dict[str, Any]) -> float:
    from capes.games.champions.data import CARDS

    return (CARDS[v["villain"]["code"]].atk or 0) + DANGER_EXTRA


def _danger(v: dict[str, Any], seat: int) -> float:
    """Damage the hero may take in the next villain phase in hero form (villain + boost + engaged minions)."""
    from capes.games.champions.data import CARDS

    d = (CARDS[v["villain"]["code"]].atk or 0) + DANGER_EXTRA
    for e in v["encounter_play"]:
        if e.get("engaged_with") == seat:
            d += CARDS[e["code"]].atk or 0
    return d


def _ae_threat(v: dict[str, Any], seat: int) -> float:
    """Extra threat if this player is in alter-ego form: the villain's and engaged minions' schemes."""
    from capes.games.champions.data import CARDS

    t = (CARDS[v["villain"]["code"]].sch or 0) + 1
    for e in v["encounter_play"]:
        if e.get("engaged_with") == seat:
            t += CARDS[e["code"]].sch or 0
    return t


def _per_phase(v: dict[str, Any]) -> float:
    ms = v["main_scheme"]
    left = ms["target"] - ms.get("threat", 0)
    u = _urgency(v)
    return left / u if u > 0 else 1.0


def _urgency(v: dict[str, Any]) -> float:
    """Villain phases until the main scheme completes, estimated from the view: threat per phase is its
    escalation, acceleration tokens and icons, the villain's scheme against each alter-ego (plus a boost) and
    about one threat per encounter card."""
    from capes.games.champions.data import CARDS

    ms = v["main_scheme"]
    c = CARDS[ms["code"]]
    esc = (c.escalation or 0) * (1 if c.escalation_fixed else max(1, len(v["players"])))
    esc += v["acceleration_tokens"] + sum(CARDS[e["code"]].accel for e in v["encounter_play"])
    vsch = CARDS[v["villain"]["code"]].sch or 0
    for p in v["players"]:
        if p["alive"]:
            esc += 1  # the encounter card dealt to each player, on average
            if p["identity"]["form"] != "hero":
                esc += vsch + 1
    left = ms["target"] - ms.get("threat", 0)
    return left / max(1, esc)


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
