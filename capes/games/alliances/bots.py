"""Bots for the squad: ``alliances-heuristic``, the ISMCTS rollout policy and evaluation.

The heuristic bot decides from ``state.decision`` and ``state.view(seat)`` only (plus the
static Stage Board geometry): attack the Enemy it can hurt most, work on the Stage's
objectives (Samples and Ingredients, prototypes, Civilians, Braces), shake off conditions, give
Heroic Assists to whoever is most hurt, and keep moving toward what matters.
"""

from __future__ import annotations

from typing import Any

from capes.core.bots.levels import noisy, searching
from capes.core.rng import Rng

_EXP_SUCC = 0.56  # expected successes per attack die (5/8 plus a little from Criticals)


def _board(game: Any, view: dict[str, Any]) -> Any:
    return game.data.stages[view["stage"]].board


def rollout_choice(state: Any, rng: Rng) -> str:
    """Cheap greedy playout policy (reads the determinized state directly): Interact, else attack, else move
    toward the nearest Enemy; use Spider-Sense; heal with Heroic Assists; otherwise random."""
    d = state.decision
    opts = d.options
    n = len(opts)
    if d.kind == "activation" and n > 1:
        inter = [o for o in opts if o.id.startswith("interact:") and not o.id.startswith("interact:held")]
        if inter:
            return inter[rng.randbelow(len(inter))].id
        atk = [o for o in opts if o.id.startswith(("attack:", "skill:web_toss"))]
        if atk:
            return atk[rng.randbelow(len(atk))].id
        rest = [o for o in opts if o.id != "end"] or list(opts)
        return rest[rng.randbelow(len(rest))].id
    if d.kind == "destination" and state.enemies and rng.randbelow(4):
        b = state.board
        ens = [e[2] for e in state.enemies if e[2] >= 0]
        if ens:
            return min(opts, key=lambda o: min(b.dist[b.parse(o.id[5:])][x] for x in ens)).id
    if d.kind == "reactive" and n == 2 and opts[0].id == "use":
        return "use"
    if d.kind == "assist":
        heal = [o for o in opts if o.id.endswith(":heal")]
        if heal:
            return heal[0].id
    return opts[rng.randbelow(n)].id


def evaluate(state: Any) -> float:
    """Progress through the Mission (Stages, objectives) and the squad's health, in [0, 1]."""
    r = state.result
    if r is not None:
        return 1.0 if r.outcomes[0] == "win" else 0.0
    n = len(state.game.stage_ids)
    prog = state.boss_dazes / 2 if state.stage.kind == "boss" else min(state.completed, 3) / 3
    health = 0.0
    for i, c in enumerate(state.chars):
        mx = state.cside(i).stamina
        health += (0.5 if c[5] else 1.0) * (c[1] / mx if not c[6] else 0.0)
    return max(0.0, min(1.0, 0.75 * (state.stages_done + prog) / n + 0.25 * health / 4))


class HeuristicBot:
    """A sensible squad player; see the module docstring."""

    name = "alliances-heuristic"

    def __init__(self, game: Any, seat: int, seed: int = 0, **opts: Any) -> None:
        self.game = game
        self.seat = seat
        self.rng = Rng(seed * 7919 + seat + 1)

    def choose(self, state: Any) -> str:
        d = state.decision
        opts = d.options
        if len(opts) == 1:
            return opts[0].id
        view = state.view(self.seat)
        f = getattr(self, "_k_" + d.kind, None)
        if f is not None:
            got = f(view, d, opts)
            if got is not None:
                return got
        return opts[0].id

    # --- helpers ---------------------------------------------------------------------
    def _chars(self, view: dict[str, Any]) -> dict[str, Any]:
        return {c["id"]: c for c in view["characters"]}

    def _active(self, view: dict[str, Any], d: Any) -> dict[str, Any]:
        return self._chars(view)[view["active"]]

    def _goals(self, view: dict[str, Any], me: dict[str, Any]) -> list[str]:
        """Spaces this Character would like to be near, most important first."""
        st = view["stage"]
        script = self.game.data.stages[st].script
        toks = [t for t in view["tokens"] if t["pos"]]
        out: list[str] = []
        if script == "oscorp_lab":
            held = set(me["holding"])
            out += [t["pos"] for t in toks if t["kind"] == "obj" and t["symbol"] in held]
            if len(me["holding"]) < 2:
                out += [t["pos"] for t in toks if t["kind"] == "ing"]
        elif script == "glider_works":  # prototypes still without a Charge, else those with one (to guard)
            free = [t["pos"] for t in toks if t["kind"] == "obj" and t["extra"] == 0]
            out += free or [t["pos"] for t in toks if t["kind"] == "obj"]
        elif script == "subway_rescue":  # Civilians to lead out
            out += [t["pos"] for t in toks if t["kind"] == "obj"]
        else:
            out += [t["pos"] for t in toks if t["kind"] == "brace" and not view["braces"][t["extra"]]]
        return out

    # --- decision kinds ----------------------------------------------------------------
    def _k_levelup(self, view: dict[str, Any], d: Any, opts: Any) -> str:
        return opts[self.rng.randbelow(len(opts))].id

    def _k_priority(self, view: dict[str, Any], d: Any, opts: Any) -> str:
        return opts[0].id

    def _k_activate(self, view: dict[str, Any], d: Any, opts: Any) -> str:
        chars = self._chars(view)
        b = _board(self.game, view)
        ens = [b.parse(e["pos"]) for e in view["enemies"] if e["pos"]]

        weak = [b.parse(e["pos"]) for e in view["enemies"] if e["pos"] and e["stamina"] - e["damage"] <= 2]

        def score(o: Any) -> float:
            c = chars[o.id.split(":", 1)[1]]
            s = 0.0
            if c["dazed"]:
                s += 10
            if c["pos"] and weak and min(b.dist[b.parse(c["pos"])][w] for w in weak) <= 2:
                s += 3
            if c["pos"] and ens:
                p = b.parse(c["pos"])
                s += 5 - min(b.dist[p][e] for e in ens)
            return s + c["power"] * 0.1
        return max(opts, key=score).id

    def _k_activation(self, view: dict[str, Any], d: Any, opts: Any) -> str:
        me = self._active(view, d)
        b = _board(self.game, view)
        ens = {e["uid"]: e for e in view["enemies"]}
        best, best_s = "end", 0.0
        here = b.parse(me["pos"]) if me["pos"] else 0
        side = self.game.side(me["id"], int(me["injured"]), tuple(me["cards"]))
        atks = {a.id: a for a in side.attacks}
        for o in opts:
            p = o.id.split(":")
            s = 0.0
            if p[0] == "interact":
                s = self._interact_value(view, me, p)
            elif p[0] == "attack":
                a = atks.get(p[1])
                if a is None:
                    continue
                exp = a.strength * _EXP_SUCC
                if a.shape == "":
                    e = ens.get(int(p[2]))
                    card = self.game.data.enemies[e["id"]] if e else None
                    df = (card.defense if card else 1)
                    left = (e["stamina"] - e["damage"]) if e else 9
                    dmg = max(0.0, exp - df)
                    s = 10 + dmg * 4 + (15 if dmg >= left else 0) + (8 if e and e["type"] in ("boss", "mini_boss") else 0)
                else:
                    n = len(ens) if a.shape == "A" else 1
                    if a.shape == "A":
                        n = sum(1 for e in view["enemies"] if e["pos"] and b.dist[here][b.parse(e["pos"])] <= a.range)
                    else:
                        line = b.line(here, b.dir_index(p[2]), a.range)
                        n = sum(1 for e in view["enemies"] if e["pos"] and b.parse(e["pos"]) in line)
                    s = 10 + n * max(0.5, exp - 1) * 4
                s -= a.cost * 1.5
            elif p[0] == "shake":
                s = 12.0 if p[1] == "bleed" else 6.0
            elif p[0] == "skill":
                if p[1] == "second_wind":
                    s = 30.0 if me["stamina"] <= 2 else 2.0
                elif p[1] == "bad_luck":
                    s = 3.0
                elif p[1] == "web_toss":
                    s = 14.0 if any(e["pos"] and b.parse(e["pos"]) in b.line(here, b.dir_index(p[3]), 4)
                                    for e in view["enemies"]) else 0.0
                elif p[1] == "web_zip":
                    s = 0.5
            elif p[0] == "move":
                s = 1.0  # where to: see _k_destination
            if s > best_s:
                best, best_s = o.id, s
        return best

    def _interact_value(self, view: dict[str, Any], me: dict[str, Any], p: list[str]) -> float:
        if p[1] == "held":
            return 0.0
        tok = next((t for t in view["tokens"] if t["id"] == int(p[1])), None)
        if tok is None:
            return 0.0
        if tok["kind"] == "ing":
            needed = {t["symbol"] for t in view["tokens"] if t["kind"] == "obj" and t["pos"] and t["extra"] < 2}
            have = me["holding"]
            if len(have) >= 2 or tok["symbol"] not in needed or have.count(tok["symbol"]) >= 2:
                return 0.0
            return 45.0
        return 60.0

    def _move_value(self, b: Any, here: int, t: int, goals: list[int], ens: list[int],
                    threat: list[tuple[int, int, int]] = (), fragile: bool = False, terrain: frozenset = frozenset()) -> float:
        def near(x: int, pts: list[int]) -> int:
            return min((b.dist[x][g] for g in pts), default=0)

        def danger(x: int) -> int:
            return sum(st for p, reach, st in threat if b.dist[p][x] <= reach)
        s = 0.0
        if goals:
            s += 3.0 * (near(here, goals) - near(t, goals))
        if ens and not fragile:
            s += 1.0 * (near(here, ens) - near(t, ens))
        if threat:
            s += (1.5 if fragile else 0.0) * (danger(here) - danger(t))
        if t in terrain:
            s += 0.5
        return s + 0.5 if s > 0 else 0.0

    def _k_destination(self, view: dict[str, Any], d: Any, opts: Any) -> str:
        me = self._chars(view)[view["active"]]
        b = _board(self.game, view)
        here = b.parse(me["pos"])
        goals = [b.parse(g) for g in self._goals(view, me)]
        ens_pos = [b.parse(e["pos"]) for e in view["enemies"] if e["pos"]]
        threat = []
        for e in view["enemies"]:
            if e["pos"]:
                card = self.game.data.enemies[e["id"]]
                card = card.boss if (e["type"] == "boss" and card.boss) else card
                threat.append((b.parse(e["pos"]), card.speed + card.range, card.strength))
        fragile = me["stamina"] <= 3 or (me["injured"] and me["stamina"] <= 4)
        terrain = frozenset(b.parse(x) for x in view["terrain"])
        return max(opts, key=lambda o: self._move_value(b, here, b.parse(o.id.split(":")[1]), goals, ens_pos,
                                                        threat, fragile, terrain)).id

    def _k_nearest(self, view: dict[str, Any], d: Any, opts: Any) -> str:
        chars = self._chars(view)
        return max(opts, key=lambda o: (chars[o.id.split(":", 1)[1]]["stamina"], not chars[o.id.split(":", 1)[1]]["injured"])).id

    def _k_reactive(self, view: dict[str, Any], d: Any, opts: Any) -> str:
        ids = [o.id for o in opts]
        return "use" if "use" in ids else "pass" if "pass" in ids else ids[0]

    def _k_assist(self, view: dict[str, Any], d: Any, opts: Any) -> str:
        chars = self._chars(view)

        def score(o: Any) -> float:
            p = o.id.split(":")
            c = chars[p[1]]
            if p[2] == "heal":
                return 10 - c["stamina"] + (5 if c["injured"] else 0)
            if p[2] == "cond":
                return 6
            if p[2] == "power":
                return 3 - c["power"] * 0.1
            return 0
        return max(opts, key=score).id

    def _k_rally(self, view: dict[str, Any], d: Any, opts: Any) -> str:
        ids = [o.id for o in opts]
        for pref in ("rally:heal", "rally:cond:bleed"):
            if pref in ids:
                return pref
        return ids[-1] if ids[-1].startswith("rally:cond") else "rally:xp"

    def _k_spawn(self, view: dict[str, Any], d: Any, opts: Any) -> str:
        b = _board(self.game, view)
        cs = [b.parse(c["pos"]) for c in view["characters"] if c["pos"]]
        return max(opts, key=lambda o: sum(b.dist[b.parse(o.id.split(":")[1])][c] for c in cs)).id


#: the decisions the hard bot searches (what a Character does, who activates, where it goes)
SEARCH_KINDS = frozenset({"activation", "activate", "destination"})

#: the bots alliances offers by name (game.bots() returns a copy): the heuristic under its own name, and
#: the levels for people (easy: the heuristic with random moves; normal: the heuristic; hard: ISMCTS over it)
BOTS: dict[str, type] = {
    "alliances-heuristic": HeuristicBot,
    "easy": noisy(HeuristicBot, "easy", 0.3),
    "normal": HeuristicBot,
    "hard": searching(HeuristicBot, "hard", heuristic_rollouts=True, iterations=24, rollout_depth=16,
                      prior_weight=1.0, kinds=SEARCH_KINDS),
}
