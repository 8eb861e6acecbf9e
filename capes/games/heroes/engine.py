"""The Marvel Heroes rules engine: :class:`HeroesState`, driven by an explicit stack of small frames.

Every pending rule step is a small tuple on ``self.stack`` (top = last): ``(name, *args)``. ``_run`` executes
automatic frames (``f_<name>`` in ``_AUTO``) until the top frame needs a player's choice; that frame's question
(``q_<name>`` in ``_ASK``) builds the current :class:`Decision`, and the chosen option id goes to its answer
(``a_<name>`` in ``_ANS``). Frames, contexts (``ts`` for a Troubleshooting action, ``cb`` for a combat) and all other
fields are plain data (state.py), so a state can be cloned, saved and resampled at any decision.

The rules live in one module per rulebook chapter, each a mixin of steps, questions and answers:

- setup.py: Initial Game Setup, Game Round Setup      - planning.py: Planning
- missions.py: Mission (the actions)                  - troubleshooting.py: Troubleshooting steps 1, 2, 4, 5
- villains.py: Play Villains (step 3), Most Wanted    - masterminds.py: Scheming, Master Plans, challenges
- combat.py: the Combat Sequence                      - powers.py: Combat Powers, ratings, boosting
- abilities.py: Timing of Special Abilities           - scenarios.py: Winning the Game, Scenarios, House of M
- cards.py: dice, decks, Headlines, Story track       - state.py: the fields; board.py: the board and its words

This module composes them and keeps the protocol hooks (decision, view, result, resample). It re-exports the
board's names (``AREAS``, ``DIST0``, ``ROUND_CAP`` ...) that game.py, bots.py, render.py and the tests import from it.
See docs/architecture-heroes.md for a walked example.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from capes.core.protocol import GAME_OVER, Decision, Result
from capes.core.rng import Rng
from capes.games.heroes.abilities import Abilities
from capes.games.heroes.board import (
    ACTION_ROUNDS,
    AREA_NAMES,
    AREAS,
    AVAIL,
    COLORS,
    DIST0,
    DIST_IDS,
    DIST_NAMES,
    F_BOOST,
    F_HITS,
    F_TROUBLE,
    ICON_SIGNS,
    ICONS,
    PASS,
    READY,
    REC,
    ROUND_CAP,
    SCEN,
    SEQ_CAP,
    SPACE0,
    STORY,
    SUPC,
    TYPES,
    hits_of,
    loc_name,
    opt,
    place_name,
    plural,
    status_name,
)
from capes.games.heroes.combat import Combat
from capes.games.heroes.masterminds import Masterminds
from capes.games.heroes.menus import _hero_menu
from capes.games.heroes.missions import Missions
from capes.games.heroes.planning import Planning
from capes.games.heroes.powers import Powers
from capes.games.heroes.scenarios import Scenarios
from capes.games.heroes.setup import Setup
from capes.games.heroes.state import _dec, _enc
from capes.games.heroes.troubleshooting import Troubleshooting
from capes.games.heroes.villains import Villains

__all__ = [
    "ACTION_ROUNDS", "AREAS", "AREA_NAMES", "AVAIL", "COLORS", "DIST0", "DIST_IDS", "DIST_NAMES", "F_BOOST", "F_HITS",
    "F_TROUBLE", "ICONS", "ICON_SIGNS", "PASS", "READY", "REC", "ROUND_CAP", "SCEN", "SEQ_CAP", "SPACE0", "STORY",
    "SUPC", "TYPES", "HeroesState", "_dec", "_enc", "_hero_menu", "hits_of", "loc_name", "opt", "place_name", "plural",
    "status_name",
]


def _redeal(deck: list[Any], hands: list[list[Any]], seat: int, rng: Rng) -> list[Any]:
    """Shuffle ``deck`` with every hand but ``seat``'s, deal those hands back at their sizes; return the new deck.
    The pool is sorted first, so the deal is a function of what ``seat`` may know and the rng, never of the hidden
    order."""
    pool = deck[:]
    for s, h in enumerate(hands):
        if s != seat:
            pool += h
    pool.sort()
    rng.shuffle(pool)
    for s, h in enumerate(hands):
        if s != seat:
            k = len(h)
            hands[s] = pool[:k]
            pool = pool[k:]
    return pool


class HeroesState(Setup, Planning, Missions, Troubleshooting, Villains, Masterminds, Combat, Abilities, Powers,
                  Scenarios):
    """A game of Marvel Heroes: the chapters' steps over the fields of state.HeroesData."""

    # ------------------------------------------------------------------ driver
    def _run(self) -> None:
        stack = self.stack
        cap = self.game.max_steps
        auto, ask, ans = _AUTO, _ASK, _ANS
        while not self.over:
            fr = stack[-1]
            name = fr[0]
            # State._tick inlined: no action may run more than Game.max_steps engine steps (past the cap _tick raises
            # EngineError naming the step, never a hang)
            self._ticks = t = self._ticks + 1
            if t > cap:
                self._ticks = t - 1
                self._tick(name)
            h = auto.get(name)
            if h is not None:
                stack.pop()
                h(self, fr)
                continue
            d = ask[name](self, fr)
            if d is None:
                continue  # the builder resolved the frame itself (no choice to make)
            if len(d.options) == 1 and not d.secret and name not in _ALWAYS_ASK:
                # the rules give no choice: just do it (pop the frame, call its answer, as _do does)
                fr = stack.pop()
                ans[fr[0]](self, fr, d.options[0].id)
                continue
            self._decision = d
            return
        self._decision = GAME_OVER

    def _compute_decision(self) -> Decision:
        if self.over:
            return GAME_OVER
        self._run()
        d = self._decision
        assert d is not None
        return d

    def _do(self, option_id: str) -> None:
        # the answer: pop the asking frame and call its a_<name>; then run to the next decision
        fr = self.stack.pop()
        _ANS[fr[0]](self, fr, option_id)
        self._run()

    # ------------------------------------------------------------------ protocol hooks
    def _result(self) -> Result | None:
        if not self.over:
            return None
        w = self.winners
        out = tuple(("win" if len(w) == 1 else "draw") if s in w else "loss" for s in range(self.n))
        summary = ("Winner: " + ", ".join(self.pname(s) for s in w)) if w else "Everybody loses."
        return Result(out, tuple(float(v) for v in self.vp), summary)

    def _view(self, seat: int | None) -> dict[str, Any]:
        n = self.n
        cb = self.cb
        v: dict[str, Any] = {
            # the Action Round marker: it stays on the last Action Round once the five are over, until the next
            # Game Round resets it (heroes/round-setup/1-2); the engine's counter goes one past it to end them
            "scenario": self.scen, "round": self.round, "action_round": min(self.ar, ACTION_ROUNDS),
            # heroes/planning, heroes/missions: the phase of the Game Round (a Planning frame is pending)
            "phase": "over" if self.over else "planning" if any(f[0] in _PLANNING for f in self.stack) else "missions",
            "first": self.first, "arch": self.arch,
            "teams": self.teams[:], "vp": self.vp[:], "pp": self.pp[:], "plans": self.plans[:],
            "heroes": {self.hero_id(s, i): {"loc": loc_name(self.hloc[s][i]), "wound": self.wound[s][i], "ko": self.ko[s][i]}
                       for s in range(n) for i in range(4)},
            "allies": [[a[:] for a in row] for row in self.allies], "stories": [x[:] for x in self.stories],
            "powerups": [x[:] for x in self.pups], "scored": [x[:] for x in self.scored],
            "headlines": {AREAS[a]: self.heads[a] for a in range(self.areas())}, "special": self.special,
            "track": self.track[:], "wanted": self.wanted[:],
            "decks": {"resource": len(self.rdeck), "villain": len(self.vdeck), "headline": len(self.hdeck),
                      "story": len(self.sdeck)},
            "discards": {"resource": self.rdisc[:], "villain": self.vdisc[:], "headline": self.hdisc[:],
                         "story": self.sdisc[:]},
            "hand_sizes": [[len(self.rhand[s]), len(self.vhand[s])] for s in range(n)],
            "resource_hand": sorted(self.rhand[seat]) if seat is not None else None,
            "villain_hand": sorted(self.vhand[seat]) if seat is not None else None,
            "troubleshooting": _enc(self.ts),
            "over": self.over, "winners": self.winners[:],
        }
        if cb is not None:
            c = dict(cb)
            # heroes/combat/1: the other side's token stays hidden until both are in
            if c["vp"] < 0 and c["hp"] >= 0 and seat != c["hs"]:
                c["hp"] = "hidden"
            v["combat"] = _enc(c)
        else:
            v["combat"] = None
        if self.stack and self.stack[-1][0] == "hompick" or self.hom_pick:
            v["house_of_m"] = self.hom_pick[:]
        v["seat"] = seat
        return v

    def _resample(self, seat: int, rng: Rng) -> None:
        # other seats' hands and the deck orders are unknown to `seat`
        self.rdeck = _redeal(self.rdeck, self.rhand, seat, rng)
        self.vdeck = _redeal(self.vdeck, self.vhand, seat, rng)
        self.hdeck.sort()  # canonical order first: the shuffle must not depend on the hidden order
        rng.shuffle(self.hdeck)
        self.sdeck.sort()
        rng.shuffle(self.sdeck)
        cb = self.cb
        if cb is not None and cb["vp"] < 0 and cb["hp"] >= 0 and seat != cb["hs"] and cb["fighter"] >= 0:
            k = len(self.hero_of(cb["hs"], cb["fighter"]).powers)
            cb["hp"] = rng.randbelow(k)


#: the frames of the Planning phase (planning.py): while one is pending, the Game Round is in its Planning phase
_PLANNING = frozenset(("plan", "heal", "keep", "status", "ally", "allydrop", "allyextra", "pup"))

Step = Callable[[HeroesState, tuple[Any, ...]], None]
Ask = Callable[[HeroesState, tuple[Any, ...]], Decision | None]
Answer = Callable[[HeroesState, tuple[Any, ...], str], None]

#: automatic frames: name -> ``f_<name>`` (the chapter that defines it in the comment)
_AUTO: dict[str, Step] = {
    "round": HeroesState.f_round,  # setup.py
    "plan": HeroesState.f_plan, "heal": HeroesState.f_heal,  # planning.py
    "mission": HeroesState.f_mission,  # missions.py
    "roundend": HeroesState.f_roundend, "homnext": HeroesState.f_homnext,  # scenarios.py
    "homfight": HeroesState.f_homfight,
    "tsroll": HeroesState.f_tsroll, "tsreduce": HeroesState.f_tsreduce,  # troubleshooting.py
    "tsresolve": HeroesState.f_tsresolve, "tsend": HeroesState.f_tsend,
    "tsvil": HeroesState.f_tsvil, "tscombat": HeroesState.f_tscombat,  # villains.py
    "tsmmres": HeroesState.f_tsmmres,  # masterminds.py
    "cbseq": HeroesState.f_cbseq, "cbreveal": HeroesState.f_cbreveal, "cbatk": HeroesState.f_cbatk,  # combat.py
    "cbout": HeroesState.f_cbout, "cbroll": HeroesState.f_cbroll, "cbcmp": HeroesState.f_cbcmp,
    "cbend": HeroesState.f_cbend,
}
#: frames that ask a player: name -> ``q_<name>`` (and its answer ``a_<name>``)
_NAMES = ("keep", "status", "ally", "allydrop", "allyextra", "pup",  # planning.py
          "act", "freesup", "story", "storych",  # missions.py
          "tssup",  # troubleshooting.py
          "tsdraw", "tslead", "tsback", "wanted", "dropwanted",  # villains.py
          "tsplan", "tsscheme", "tschal", "mmpup",  # masterminds.py
          "cbfighter", "cbpow",  # combat.py
          "cbwin", "rpay", "vpay",  # abilities.py
          "hompick")  # scenarios.py
_ASK: dict[str, Ask] = {k: getattr(HeroesState, "q_" + k) for k in _NAMES}
_ANS: dict[str, Answer] = {k: getattr(HeroesState, "a_" + k) for k in _NAMES if hasattr(HeroesState, "a_" + k)}
#: frames asked on public facts only: a single option is still shown, so the other seats cannot learn from
#: whether the question was asked what is in a hidden hand
_ALWAYS_ASK: frozenset[str] = frozenset({"act", "ally", "tslead", "tsback", "rpay", "vpay"})
