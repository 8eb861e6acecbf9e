"""The race a Marvel Champions game is: rounds until the main scheme's last stage completes against rounds until the
villain's last stage falls (issue 41).

:func:`race` counts both clocks from a (determinized) state, with what the deciding seat may know: threat on the
main scheme and the stages to come (excess threat does not carry over, champions/summary/easy/13, so each stage's
target is a fresh budget), the threat the next villain phase brings (:func:`estimates.inflow_dist`: acceleration,
the villain's and minions' schemes against alter-egos, encounter cards, boosts), the villain's hit points over his
stages (with the guards in the way, tough status and shields, :func:`villain_hp.villain_left`) and the damage the
heroes' side can deal in a round (identity ATK, allies' ATK and about what a hand card adds). A pure query: it
changes nothing.

The bots read it three ways: :func:`evaluation.features` scores the race deficit (the rounds by which the scheme
would win, :data:`estimates.W` ``race``), the quick policy thwarts when the scheme leads, and the levels give the
reason for a choice in these terms (:func:`reason`)."""

from __future__ import annotations

import math
from typing import Any, NamedTuple

from capes.games.champions.bots.estimates import boost_pmf, card, danger, hp_left, inflow_dist, mean, p_reach
from capes.games.champions.bots.villain_hp import _mean_stage_hp, villain_left
from capes.games.champions.data import CARDS

#: the damage (or threat removed) a hero's hand cards add in a round, on top of the basic power (a rough mean over
#: the core decks: an event or an ability every other turn)
CARD_RATE = 2.5


class Race(NamedTuple):
    """Both clocks, in rounds (villain phases), and what they rest on."""

    scheme_rounds: float   #: villain phases until the main scheme's last stage completes, at the expected inflow
    villain_rounds: float  #: rounds of attacking until the villain's last stage falls
    inflow: float          #: threat the next villain phase is expected to place on the main scheme
    budget: float          #: threat the main scheme can still take before the game is lost (all stages)
    villain_hp: float      #: damage the villain still needs over all his stages (guards, tough, shields included)
    damage_rate: float     #: damage the heroes can deal in a round when they all attack
    thwart_rate: float     #: threat the heroes can remove in a round when they all thwart
    p_next: float          #: chance the next villain phase completes the current stage of the main scheme
    final: bool            #: the current stage is the last (completing it loses the game)

    @property
    def deficit(self) -> float:
        """Rounds by which the scheme would win the race (negative: the villain falls first)."""
        return self.villain_rounds - self.scheme_rounds

    @property
    def scheme_first(self) -> bool:
        """Whether the scheme would complete before the villain falls."""
        return self.scheme_rounds < self.villain_rounds


def hero_stat(g: Any, p: int, stat: str) -> int:
    """Player p's ATK or THW in hero form (its current value in hero form, else the hero side's printed one)."""
    idu = g.ident[p]
    if g._form[p]:
        return g.atk(idu) if stat == "atk" else g.thw(idu)
    c = card(g, idu)
    b = CARDS.get(c.back or "")
    return (getattr(b, stat) or 0) if b is not None else 0


def rates(g: Any) -> tuple[float, float]:
    """Damage and threat removal per round of the living heroes' side, each when everyone does only that: the
    hero's ATK (THW, in hero form whatever the form now: the steady state of the race), the ATK (THW) of its allies,
    and :data:`CARD_RATE` for the hand."""
    d = t = 0.0
    for p in range(g.n):
        if not g.alive[p]:
            continue
        d += hero_stat(g, p, "atk") + CARD_RATE
        t += hero_stat(g, p, "thw") + CARD_RATE * 0.6
        for a in g.play[p]:
            c = card(g, a)
            if c.type == "ally":
                d += g.atk(a)
                t += g.thw(a)
    return max(1.0, d), max(0.5, t)


def rec_of(g: Any, p: int) -> int:
    """Player p's REC (printed on the alter-ego side)."""
    idu = g.ident[p]
    c = card(g, idu)
    if c.rec:
        return g.rec(idu)
    b = CARDS.get(c.back or "")
    return max(1, (b.rec or 0) if b is not None else 1)


def drain(g: Any) -> tuple[float, float]:
    """What the damage the heroes take each round costs in the long run: a hero in hero form takes about
    :func:`estimates.danger` a villain phase (the villain's attack with its boost, the engaged minions' attacks) and
    must heal it some day, one alter-ego turn of recovering per REC of damage; each such turn lets the villain and
    the engaged minions scheme (their SCH and a boost) and spends the basic power on recovering instead of attacking.
    Returns (threat per round, damage per round lost)."""
    thr = dmg = 0.0
    v = g.villain
    eb = mean(boost_pmf(g))
    for p in range(g.n):
        if not g.alive[p]:
            continue
        per = min(1.0, danger(g, p) / rec_of(g, p))  # one recovery a round at most
        s = g.sch(v) + eb
        for m in g.eplay:
            if g.eng[m] == p and card(g, m).type == "minion":
                s += g.sch(m)
        thr += per * s
        dmg += 0.5 * per * hero_stat(g, p, "atk")  # a recovering turn still plays cards, its allies still attack
    return thr, dmg


def villain_hp(g: Any) -> float:
    """The damage the villain still needs, over this stage and those to come (see villain_hp.villain_left)."""

    return villain_left(g) * _mean_stage_hp(g, card(g, g.villain))


def race(g: Any, ae: dict[int, bool] | None = None) -> Race:
    """Both clocks of ``g`` (see the module docstring). ``ae``: who is taken to be in alter-ego (as
    :func:`estimates.inflow_dist`; default: each player's form now)."""
    ms = g.mscheme
    tgt = g.target(ms)
    thr = g.thr[ms]
    t0, pmf = inflow_dist(g, ae)
    inflow = max(0.5, t0 + mean(pmf))
    final = not g.mstages
    budget = max(0.0, tgt - thr) + sum(g.target(u) for u in g.mstages)
    p_next = p_reach(thr + t0, pmf, tgt)
    d, t = rates(g)
    hp = villain_hp(g)
    rs, rv = clocks_of(g, budget, inflow, hp, d)
    return Race(rs, rv, inflow, budget, hp, d, t, p_next, final)


def clocks_of(g: Any, budget: float, inflow: float, hp: float, d: float) -> tuple[float, float]:
    """Rounds until the scheme completes and until the villain falls: the next villain phase brings ``inflow``; the
    rounds after it bring the threat of the heroes in hero form plus what healing the damage they take costs
    (:func:`drain`)."""
    dthr, ddmg = drain(g)
    steady = max(0.5, inflow_dist_mean(g) + dthr)
    rs = budget / inflow if budget <= inflow else 1.0 + (budget - inflow) / steady
    return rs, hp / max(0.5 * d, d - ddmg)


def inflow_dist_mean(g: Any) -> float:
    """Threat per villain phase with every hero in hero form."""
    t0, pmf = inflow_dist(g, dict.fromkeys(range(g.n), False))
    return t0 + mean(pmf)


def in_danger(g: Any, p: int, margin: float = 1.0) -> bool:
    """Whether the next villain phase could defeat player p's hero (its hit points against the villain's attack
    with a large boost and the engaged minions' attacks, :func:`estimates.danger`, plus ``margin``)."""
    return hp_left(g, g.ident[p]) <= danger(g, p) + margin


def _r(x: float) -> str:
    """Rounds as a person counts them: whole villain phases, at least 1."""
    if x > 20:
        return "over 20 rounds"
    k = max(1, math.ceil(x - 1e-9))
    return f"{k} round" + ("s" if k > 1 else "")


def clocks(r: Race) -> str:
    """The race in words: "the scheme would complete in 2 rounds, the villain needs 4"."""
    return f"the scheme would complete in {_r(r.scheme_rounds)}, the villain needs {_r(r.villain_rounds)}"


#: how a reason names the questions other than the turn menu
_KINDS = {"pay": "pay", "defend": "defence", "choose": "target", "optwin": "response", "mulligan": "mulligan",
          "hdisc": "discard", "over_limit": "over the ally limit", "indirect": "indirect damage"}


def reason(g: Any, seat: int, action: str) -> str:
    """One line a person can read on why ``action`` suits this position of ``g``, in the race's terms. Reads only
    the position (for a bot, its determinized copy or the real state seen from its seat: the counts it uses are
    public: threat, hit points, forms, cards in play, the encounter deck's size and the boost icons in its
    discard)."""
    d = g.decision
    opt = next((o for o in d.options if o.id == action), None)
    label = opt.label if opt is not None and getattr(opt, "label", "") else action
    if d.kind != "turn":  # a question inside an action (a payment, a target, a defence...): what was answered
        # named by its kind where we have a word for it, else by the question's own prompt (never an internal id)
        return f"{_KINDS[d.kind] if d.kind in _KINDS else (d.prompt or 'answer').rstrip(' :?')}: {label}"
    r = race(g)
    k = action.split(":", 1)[0]
    idu = g.ident[seat]
    hl = hp_left(g, idu)
    if k in ("thw", "athw"):
        s = int(action.rsplit(":", 1)[1])
        if s == g.mscheme:
            if r.final and r.p_next >= 0.05:
                why = f"the next villain phase completes the scheme with chance {r.p_next:.0%}"
            elif r.scheme_first:
                why = clocks(r)
            else:
                why = f"threat {g.thr[s]}/{g.target(s)}, {clocks(r)}"
            return f"thwart: {why}"
        c = card(g, s)
        what = ", ".join(w for w, n in (("acceleration", c.accel), ("hazard", c.hazard), ("crisis", c.crisis)) if n)
        return f"thwart {c.name}" + (f" ({what}: it costs every round it stays)" if what else "") + f"; {clocks(r)}"
    if k in ("atk", "aatk"):
        e = int(action.rsplit(":", 1)[1])
        if e == g.villain:
            return f"attack the villain: {clocks(r)}"
        c = card(g, e)
        return f"attack {c.name} (ATK {g.atk(e)}, SCH {g.sch(e)}, {hp_left(g, e)} hit points left): {clocks(r)}"
    if k == "flip":
        if g._form[seat]:
            if in_danger(g, seat):
                return (f"alter-ego: the next villain phase could deal about {danger(g, seat):.0f} damage, "
                        f"{hl} hit points left")
            return (f"alter-ego (its hand size and powers; the villain schemes instead of attacking): {hl} hit "
                    f"points, {clocks(r)}")
        return f"hero form: {clocks(r)}; {hl} hit points, the next villain phase may deal about {danger(g, seat):.0f}"
    if k == "rec":
        return f"recover: {g.dmg[idu]} damage to heal, {hl} hit points left"
    if k == "end":
        return f"end the turn: nothing left worth doing; {clocks(r)}"
    return f"{label}: {clocks(r)}"


def form_ok(g: Any, action: str) -> bool:
    """Whether a change of form or a recovery is worth weighing at all, by the rules of thumb issue 41 quotes (a
    strong player "never recovers at full health" and "flips to alter-ego only when the next villain phase could
    defeat the hero"): ``rec`` with at least 2 damage to heal (1 when REC is 1), ``flip`` from hero form when the
    hero is in danger (:func:`in_danger`) or draws few cards in hero form (Iron Man: 1), from alter-ego always.
    Used by the ``prune`` option of the levels, off by default: it lost games (docs/bots.md)."""
    p = g.decision.seat
    idu = g.ident[p]
    if action == "rec":
        return g.dmg[idu] >= min(2, rec_of(g, p))
    if not g._form[p]:
        return True
    return in_danger(g, p, FLIP_MARGIN) or g.hand_size(p) <= 2


#: how close to the next villain phase's danger a hero's hit points must be for the flip to alter-ego to be weighed
FLIP_MARGIN = 0.0
