"""The heuristic bot, the rollout policy and the evaluation used by ISMCTS.

The heuristic bot decides from ``state.decision`` and the public facts of :func:`seen` only (each the same value
``state.view(seat)`` shows; tests/heroes/test_bots.py checks it along games).
"""

from __future__ import annotations

from typing import Any

from capes.core.bots.levels import noisy, searching
from capes.core.protocol import State
from capes.core.rng import Rng
from capes.games.heroes.board import AREAS, COLORS, loc_name

#: the combat facts the heuristic reads (public: the secret Combat Power pick is not among them)
_COMBAT_KEYS = ("hs", "fighter", "init", "foe", "mm")


def seen(state: Any, seat: int) -> dict[str, Any]:
    """The part of ``state.view(seat)`` the heuristic reads, taken straight from public fields: Plot Points, teams,
    Headlines, the locations of the seat's own heroes and the combat's public facts. Building the whole view cost
    most of a playout's time (the search plays thousands of heuristic moves per decision)."""
    team = state.teams[seat]
    heroes = state.game.team_heroes[team]
    cb = state.cb
    return {"pp": state.pp, "teams": state.teams,
            "headlines": {AREAS[a]: state.heads[a] for a in range(state.areas())},
            "heroes": {h: {"loc": loc_name(state.hloc[seat][i])} for i, h in enumerate(heroes)},
            "combat": None if cb is None else {k: cb[k] for k in _COMBAT_KEYS}}

_PREFER = ("trouble:", "use:", "lead:", "wanted:", "back:", "agent:", "scheme:", "plan:", "challenge", "keep:",
           "extra:yes", "take:", "discard:", "powerup:", "fighter:", "replace:", "champion:", "dropwanted:")


class HeuristicBot:
    """Greedy play: troubleshoot when a hero is on a Headline, move Ready heroes onto Headlines they suit,
    fill the Plot Point budget, play the strongest affordable Villain, use abilities when offered."""

    name = "heroes-heuristic"

    def __init__(self, game: Any, seat: int, seed: int = 0, **_: Any) -> None:
        self.game = game
        self.seat = seat
        self.rng = Rng(seed * 7919 + seat + 17)

    def choose(self, state: State) -> str:
        d = state.decision
        ids = d.ids()
        k = d.kind
        C = self.game.C
        if k in ("planning", "action"):
            view = seen(state, self.seat)
        if k == "planning":
            for pre in ("keep:", "ready:", "support:", "ally:", "extra:yes", "powerup:", "drop:"):
                for i in ids:
                    if i.startswith(pre) and i != "ally:none" and i != "powerup:none":
                        if pre == "ready:" and view["pp"][self.seat] < 4 and self._readies(view) >= 2:
                            continue
                        return i
            return ids[-1]
        if k == "action":
            tr = [i for i in ids if i.startswith("trouble:")]
            if tr:
                return tr[0]
            mv = self._best_move(ids, view)
            if mv:
                return mv
            for pre in ("take:", "event:", "medical:", "ability:"):
                for i in ids:
                    if i.startswith(pre) and i != "take:none":
                        return i
            return "story" if "story" in ids else ids[0]
        if k == "power":
            return self._power(ids, state)
        if k == "villains":
            draws = [i for i in ids if i.startswith("draw:")]
            if draws:
                return draws[0]  # the most cards: hands have no limit
            best, bv = None, -1
            for i in ids:
                if i.startswith("lead:") or i.startswith("wanted:"):
                    v = C.villains[i.split(":")[-1]]
                    score = v.cost * 2 + v.ko
                    if score > bv:
                        best, bv = i, score
            if best:
                return best
            for pre in ("back:", "agent:", "replace:"):
                for i in ids:
                    if i.startswith(pre):
                        return i
            return "pass" if "pass" in ids else ids[-1]
        for pre in _PREFER:
            for i in ids:
                if i.startswith(pre) and not i.endswith(":no") and i != "take:none":
                    return i
        return ids[0]

    def ranking(self, state: State) -> list[str]:
        """Every option, this bot's choice first, then the others from most to least promising: Troubleshooting,
        moves onto Headlines by the score :meth:`choose` uses, cards and abilities, the rest in menu order.
        The search bot (``hard``) widens over this order."""
        d = state.decision
        ids = d.ids()
        first = self.choose(state)
        rank: dict[str, float] = {}
        if d.kind == "action":
            scores = self._move_scores(ids, seen(state, self.seat))
            for i in ids:
                if i.startswith("trouble:"):
                    rank[i] = 100.0
                elif i in scores:
                    rank[i] = scores[i]
                elif i.startswith(("take:", "event:", "medical:", "ability:")) and i != "take:none":
                    rank[i] = -50.0
                elif i == "story":
                    rank[i] = -60.0
        order = {a: k for k, a in enumerate(ids)}
        rest = sorted((a for a in ids if a != first), key=lambda a: (-rank.get(a, -99.0), order[a]))
        return [first, *rest]

    def _readies(self, view: dict[str, Any]) -> int:
        team = view["teams"][self.seat]
        hs = self.game.team_heroes[team]
        return sum(1 for h in hs if view["heroes"][h]["loc"] not in ("recovery", "available", "supporting"))

    def _best_move(self, ids: list[str], view: dict[str, Any]) -> str | None:
        best, bs = None, -99.0
        for i, sc in self._move_scores(ids, view).items():
            if sc > bs:
                best, bs = i, sc
        return best

    def _move_scores(self, ids: list[str], view: dict[str, Any]) -> dict[str, float]:
        """The score of each move worth making: a Ready hero onto a free Headline that suits him, or the Scenario."""
        C = self.game.C
        targets: dict[str, Any] = {}
        for area, h in view["headlines"].items():
            if h:
                targets[f"{area}-{C.headlines[h].district}"] = C.headlines[h]
        occupied = set()
        team = view["teams"][self.seat]
        for hid in self.game.team_heroes[team]:
            occupied.add(view["heroes"][hid]["loc"])
        scores: dict[str, float] = {}
        for i in ids:
            if not i.startswith("move:"):
                continue
            _, hid, dest = i.split(":")
            if dest == "scenario":
                sc = 5.0
            elif dest not in targets or dest in occupied:
                continue
            else:
                hl = targets[dest]
                hero = C.heroes[hid]
                t = ("crime", "danger", "mystery").index(hl.type)
                sc = hl.vp + hero.troubleshooting[t] + (1.5 if hero.skill in hl.skills else 0) - hl.threat * 0.3
            if view["heroes"][hid]["loc"] in targets:
                continue  # already on a Headline
            scores[i] = sc
        return scores

    def _power(self, ids: list[str], state: State) -> str:
        v = seen(state, self.seat)
        cb = v["combat"] or {}
        mine_h = cb.get("hs") == self.seat
        # pick the power with the best total, leaning to attack when holding Initiative
        if mine_h:
            s = cb["hs"]
            hero = self.game.C.heroes[self.game.team_heroes[v["teams"][s]][cb["fighter"]]]
            powers = hero.powers
            init = cb.get("init") == "H"
        else:
            foe = cb["foe"]
            powers = self.game.C.masterminds[foe].powers if cb["mm"] else self.game.C.villains[foe].powers
            init = cb.get("init") == "V"
        best, bs = ids[0], -1.0
        for k, p in enumerate(powers):
            oid = f"power:{COLORS[k]}"
            if oid not in ids:
                continue
            sc = p.a * (1.3 if init else 1.0) + p.d + p.w * 0.9 + self.rng.random() * 0.5
            if sc > bs:
                best, bs = oid, sc
        return best


_ROLL_PREF = ("draw:", "trouble:", "lead:", "wanted:", "back:", "agent:", "use:", "challenge", "keep:", "ready:", "support:",
              "plan:", "scheme:", "take:", "powerup:")


def rollout_choice(state: State, rng: Rng) -> str:
    """A cheap biased rollout: usually the first option with a promising prefix, moves toward Headlines."""
    opts = state.decision.options
    n = len(opts)
    if n == 1 or rng.random() < 0.25:
        return opts[rng.randbelow(n)].id
    ids = [o.id for o in opts]
    if state.decision.kind == "action":
        for i in ids:
            if i.startswith("trouble:"):
                return i
        heads = state.heads  # type: ignore[attr-defined]
        game = state.game
        targets = {f"{a}-{game.C.headlines[h].district}" for a, h in zip(("upper", "central", "village", "lower",
                                                                           "queens", "brooklyn"), heads, strict=False) if h}
        moves = [i for i in ids if i.startswith("move:") and i.rsplit(":", 1)[1] in targets]
        if moves:
            return moves[rng.randbelow(len(moves))]
        return ids[rng.randbelow(n)]
    for pre in _ROLL_PREF:
        for i in ids:
            if i.startswith(pre) and not i.endswith(":no") and i != "take:none":
                return i
    return ids[rng.randbelow(n)]


def _strength(state: Any, s: int) -> float:
    """Victory Points plus a little for what turns into them: heroes on Headlines, Plot Points, Power-Ups."""
    v = float(state.vp[s])
    heads = state.heads
    game = state.game
    on_head = 0
    for a, h in enumerate(heads):
        if h:
            d = 10 + state.head_dist(a)
            if d in state.hloc[s]:
                on_head += game.C.headlines[h].vp
    return v + 0.4 * on_head + 0.2 * state.pp[s] + 0.5 * len(state.pups[s]) + 0.3 * len(state.rhand[s])


def evaluate(state: State, seat: int) -> float:
    """A value in [0, 1]: the seat's strength against the best other seat's."""
    n = state.n  # type: ignore[attr-defined]
    mine = _strength(state, seat)
    best_other = max(_strength(state, s) for s in range(n) if s != seat)
    x = (mine - best_other) / 10.0
    return max(0.0, min(1.0, 0.5 + x / 2))


#: the decisions the hard bot searches: the action of each Action Round (which hero goes where, when to
#: Troubleshoot); the heuristic answers the rest at once
SEARCH_KINDS = frozenset({"action"})

#: the bots heroes offers by name (game.bots() returns a copy): the heuristic under its own name, and
#: the levels for people (easy: the heuristic with random moves; normal: the heuristic; hard: a paired
#: search over the heuristic's three best-ranked actions, 16 deals each, heuristic playouts of 30 actions
#: scored by ``evaluate``, overruling the heuristic only on a difference of one standard error)
BOTS: dict[str, type] = {
    "heroes-heuristic": HeuristicBot,
    "easy": noisy(HeuristicBot, "easy", 0.3),
    "normal": HeuristicBot,
    "hard": searching(HeuristicBot, "hard", heuristic_rollouts=True, paired=True, candidates=3, iterations=48,
                      rollout_depth=30, switch_z=1.0, kinds=SEARCH_KINDS),
}
