"""The ``champions-heuristic`` bot: :func:`quick` plus a shallow determinized lookahead scored by :func:`value`."""

from __future__ import annotations

from typing import Any

from capes.core.rng import Rng
from capes.games.champions.bots.evaluation import value
from capes.games.champions.bots.policy import quick

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
    of determinizations per lookahead in the villain phase, default 6; ``pdets`` in the player phase, default 3), ``look`` (0 disables the lookahead)."""

    name = "champions-heuristic"

    def __init__(self, game: Any, seat: int, seed: int = 0, dets: int = 6, pdets: int = 3, look: int = 1,
                 stop: int = 1, **opts: Any) -> None:
        self.seat = seat
        self.stop = int(stop)
        self.rng = Rng(seed * 7919 + seat + 1)
        self.dets = int(dets)
        self.pdets = int(pdets)
        self.look = int(look)

    def choose(self, state: Any) -> str:
        d = state.decision
        opts = d.options
        if len(opts) == 1:
            return opts[0].id
        rng = self.rng
        if not self.look or d.kind not in LOOK_KINDS:
            det = state.resample(self.seat, rng)
            return quick(det, rng)
        if d.kind == "turn":
            # requests to another seat's hand are declined by the bots: not worth a lookahead; a request to use a
            # card is not made again in a turn in which its owner declined it (they could not grant it, for a
            # reason hidden in their hand, and asking again would change nothing)
            no = declined(state)
            opts = tuple(o for o in opts if not o.id.startswith("reqh:") and o.id not in no) or opts
        pp = state.turn != -1
        dets = [state.resample(self.seat, rng) for _ in range(self.dets if not pp else self.pdets)]
        seeds = [rng.next_u64() for _ in dets]
        rnd = state.rnd
        # a turn action is judged twice: followed by the quick policy to the end of the turn, and followed by
        # ending the turn at once; it scores the better of the two (averaged over the deals), so a good action
        # is not blamed for a poor move the quick policy would make after it
        stop = self.stop and pp and d.kind == "turn" and any(o.id == "end" for o in opts)
        return self._best(state, opts, dets, seeds, rnd, pp, stop)

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

