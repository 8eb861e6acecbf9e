"""The ``champions-heuristic`` bot: :func:`quick` plus a shallow determinized lookahead scored by :func:`value`."""

from __future__ import annotations

from typing import Any

from capes.core.rng import Rng
from capes.games.champions.bots.evaluation import value
from capes.games.champions.bots.policy import quick
from capes.games.champions.bots.race import form_ok, reason

LOOK_KINDS = frozenset({"turn", "defend", "modal", "choose", "optwin", "over_limit"})


def last_turn(g: Any) -> bool:
    """Whether the turn being played is the last one of this player phase (no other turn to start)."""
    return not any(f[0] == "tstart" for f in g.stack)


def playout(g: Any, rnd: int, rng: Rng, player_phase: bool, cap: int = 250,
             end_turn: int = -1) -> tuple[Any, bool]:
    """Play on with :func:`quick`: to the end of the player phase (``player_phase``), else to the next
    round's first player turn (after the villain phase). Returns the state and whether the playout stopped
    just before the last turn of the phase ended (the state is then to be valued ``as_ended``): ending a turn
    runs the end of the phase and, with no question on the way (an empty hand), on into the villain phase,
    so the playouts stop before it, all at the same point. ``end_turn``: that seat ends its turn at its first turn
    menu (answering only the questions the action being judged asks)."""
    steps = 0
    while not g.over and steps < cap:
        if player_phase and g.turn == -1:
            break
        d = g.decision
        if d.seat is None:
            break
        if d.kind == "turn" and g.rnd > rnd:
            break
        a = "end" if d.seat == end_turn and d.kind == "turn" and any(o.id == "end" for o in d.options) else quick(g, rng)
        if player_phase and a == "end" and d.kind == "turn" and last_turn(g):
            return g, True
        g.apply(a)
        steps += 1
    return g, False


def declined(state: Any) -> set[str]:
    """The requests to use a card ("req:<card>") declined since the last turn ended: a request and its answer are
    said at the table, so the actions that record them are public (the bot reads nothing else of the history, and
    keeps no memory of its own: the server makes a new bot for each decision)."""
    acts = state.actions
    out = set()
    for i in range(len(acts) - 1, 0, -1):
        a = acts[i]
        if a == "end":
            break
        if a == "decline" and acts[i - 1].startswith("req:"):
            out.add(acts[i - 1])
    return out


class HeuristicBot:
    """Heuristic + shallow determinized lookahead (see the module docstring). Options: ``dets`` (number
    of determinizations per lookahead in the villain phase, default 6; ``pdets`` in the player phase, default 3),
    ``look`` (0 disables the lookahead), ``ply`` (2: a turn action is judged followed by the best next action of
    the same turn, :meth:`_two_step`), ``prune`` (1: leave out of a turn's lookahead the flips to alter-ego of a hero
    not in danger and recoveries with less than 2 damage, :func:`race.form_ok`; 0 by default, it lost games).

    Every choice carries a reason: :meth:`choose_with_reason` returns ``(action, reason)``, :attr:`last_reason` is
    the reason for the last :meth:`choose`, and :meth:`explain` gives the reason for any action (see
    docs/bots.md)."""

    name = "champions-heuristic"

    def __init__(self, game: Any, seat: int, seed: int = 0, dets: int = 6, pdets: int = 3, look: int = 1,
                 stop: int = 1, ply: int = 1, prune: int = 0, **opts: Any) -> None:
        self.seat = seat
        self.prune = int(prune)
        self.ply = int(ply)
        self.stop = int(stop)
        self.rng = Rng(seed * 7919 + seat + 1)
        self.dets = int(dets)
        self.pdets = int(pdets)
        self.look = int(look)

    #: the reason for the bot's last choice (:meth:`choose`), one line a person can read; "" before the first
    last_reason: str = ""

    def choose_with_reason(self, state: Any) -> tuple[str, str]:
        """The bot's choice and the reason for it (see :meth:`explain`)."""
        a = self.choose(state)
        return a, self.last_reason

    def explain(self, state: Any, action: str | None = None) -> str:
        """One line on why ``action`` (default: what the bot would choose now) suits the position, in the race's
        terms (:func:`race.reason`): "thwart: the scheme would complete in 2 rounds, the villain needs 4".
        Read on a determinized copy of ``state`` (hidden cards redealt), so it tells nothing the seat cannot
        know. Choosing to explain does not change the bot's later choices (its own random stream is left alone)."""
        if action is None:
            keep = self.rng.state
            try:
                action = self._choose(state)
            finally:
                self.rng.state = keep
        return reason(state.resample(self.seat, Rng(self._explain_seed(state))), self.seat, action)

    def _explain_seed(self, state: Any) -> int:
        return (len(state.actions) * 1_000_003 + self.seat) & 0xFFFFFFFF

    def choose(self, state: Any) -> str:
        a = self._choose(state)
        d = state.decision
        if len(d.options) == 1:
            self.last_reason = f"{(d.prompt or 'answer').rstrip(' :?')}: the only option"
        elif d.kind != "turn":
            self.last_reason = reason(state, self.seat, a)  # names the option only: reads nothing hidden
        else:
            self.last_reason = reason(state.resample(self.seat, Rng(self._explain_seed(state))), self.seat, a)
        return a

    def _choose(self, state: Any) -> str:
        d = state.decision
        opts = d.options
        if len(opts) == 1:
            return opts[0].id
        rng = self.rng
        if not self.look or d.kind not in LOOK_KINDS:
            det = state.resample(self.seat, rng)
            return quick(det, rng)
        if d.kind == "turn":
            opts = self._worth(state, opts, self.prune)
        pp = state.turn != -1
        dets = [state.resample(self.seat, rng) for _ in range(self.dets if not pp else self.pdets)]
        seeds = [rng.next_u64() for _ in dets]
        rnd = state.rnd
        if self.ply >= 2 and pp and d.kind == "turn":
            return self._two_step(state, opts, dets, seeds, rnd)
        # a turn action is judged twice: followed by the quick policy to the end of the turn, and followed by
        # ending the turn at once; it scores the better of the two (averaged over the deals), so a good action
        # is not blamed for a poor move the quick policy would make after it
        stop = self.stop and pp and d.kind == "turn" and any(o.id == "end" for o in opts)
        return self._best(state, opts, dets, seeds, rnd, pp, stop)

    @staticmethod
    def _worth(state: Any, opts: Any, prune: int = 1) -> Any:
        """The turn options worth a lookahead: requests to another seat's hand are declined by the bots, so not
        worth one; a request to use a card is not made again in a turn in which its owner declined it (they could
        not grant it, for a reason hidden in their hand, and asking again would change nothing)."""
        no = declined(state)
        out = tuple(o for o in opts if not o.id.startswith("reqh:") and o.id not in no
                    and not (prune and o.id in ("flip", "rec") and not form_ok(state, o.id))) or opts
        return out

    def _best(self, state: Any, opts: Any, dets: list[Any], seeds: list[int], rnd: int, pp: bool, stop: bool) -> str:
        d = state.decision
        best, bs = opts[0].id, -1e18
        for o in opts:
            tot = tot_end = 0.0
            for det, sd in zip(dets, seeds, strict=True):
                g = det.clone()
                g.rng = Rng(sd)
                if pp and o.id == "end" and d.kind == "turn" and last_turn(g):
                    tot += value(g, self.seat, as_ended=True)  # the phase ends: value it before the villain's
                    tot_end = -1e18
                    continue
                g.apply(o.id)
                if stop and o.id != "end":
                    h, ended = playout(g.clone(), rnd, Rng(sd ^ 0x5DEECE66D), pp, end_turn=d.seat)
                    tot_end += value(h, self.seat, as_ended=ended)
                else:
                    tot_end = -1e18
                g, ended = playout(g, rnd, Rng(sd ^ 0x5DEECE66D), pp)
                tot += value(g, self.seat, as_ended=ended)
            tot = max(tot, tot_end)
            if tot > bs:
                best, bs = o.id, tot
        return best

    def _leaf(self, g: Any, sd: int, rnd: int, seat: int) -> float:
        """The value of a player-phase position: the better of playing on with :func:`quick` to the end of the
        phase and of ``seat`` ending its turn at once (the two judgements of :meth:`_best`, on one deal)."""
        h, ended = playout(g.clone(), rnd, Rng(sd ^ 0x5DEECE66D), True)
        v = value(h, self.seat, as_ended=ended)
        h, ended = playout(g, rnd, Rng(sd ^ 0x5DEECE66D), True, end_turn=seat)
        return max(v, value(h, self.seat, as_ended=ended))

    def _two_step(self, state: Any, opts: Any, dets: list[Any], seeds: list[int], rnd: int) -> str:
        """A turn action judged followed by the best next action of the same turn (``ply`` 2, the ``hard``
        level): on each deal, each action of the menu that follows is tried and judged as :meth:`_leaf` does, and
        the action scores the best of them (averaged over the deals). The quick policy's choice of the next
        action no longer decides what an action is worth. Not after a change of form: the other form's menu
        offers more actions, and a best of more options scores higher by chance alone (with it, Iron Man flipped
        to Tony Stark too often and lost to the scheme: 49 of 200 Rhino games against 70 for ``normal``)."""
        d = state.decision
        seat = d.seat
        best, bs = opts[0].id, -1e18
        for o in opts:
            tot = 0.0
            for det, sd in zip(dets, seeds, strict=True):
                g = det.clone()
                g.rng = Rng(sd)
                if o.id == "end" and last_turn(g):
                    tot += value(g, self.seat, as_ended=True)  # the phase ends: value it before the villain's
                    continue
                g.apply(o.id)
                d2 = g.decision
                if o.id != "flip" and not g.over and g.turn != -1 and d2.kind == "turn" and d2.seat == seat \
                        and len(d2.options) > 1:
                    top = -1e18
                    for o2 in self._worth(g, d2.options):
                        h = g.clone()
                        if o2.id == "end" and last_turn(h):
                            top = max(top, value(h, self.seat, as_ended=True))
                            continue
                        h.apply(o2.id)
                        top = max(top, self._leaf(h, sd, rnd, seat))
                    tot += top
                elif o.id == "end":
                    h, ended = playout(g, rnd, Rng(sd ^ 0x5DEECE66D), True)
                    tot += value(h, self.seat, as_ended=ended)
                else:
                    tot += self._leaf(g, sd, rnd, seat)
            if tot > bs:
                best, bs = o.id, tot
        return best
