"""A refused payment is rolled back (champions/summary/actions/play, ruling 21): the cards discarded for it
return to the hand, the resource abilities used for it are restored (ready again, counters and
once-per-round uses back, a Uses card discarded by its last counter back in play)."""

from __future__ import annotations

from capes.games.champions import flow
from capes.games.champions.engine import AE, HERO, ChampionsState
from tests.champions.helpers import new_uid, scenario


def _start(g: ChampionsState, p: int, u: int) -> None:
    g.stack = [("turn", p)]
    flow._start_play(g, p, u)
    g._decision = None
    g.run()


def test_refused_payment_restores_web_shooter_summary_actions_play():
    """Web-Shooter (01008) used for its last counter (so discarded) and a card discarded from the hand, then
    no source is left: the play is refused; Web-Shooter is back in play, ready, with its counter."""
    g = scenario(modulars=("bomb_scare",), seed=1, clear=True)
    g._form[0] = HERO
    ws = new_uid(g, "01008", 0)
    g.play[0].append(ws)
    g.att[ws] = g.ident[0]
    g.cnt[ws] = 1
    kick = new_uid(g, "01005", 0)  # Swinging Web Kick: cost 3
    r = new_uid(g, "01067", 0)     # one mental resource
    g.hand[0] += [kick, r]
    _start(g, 0, kick)
    assert g.decision.kind == "pay" and f"res:{ws}" in g.decision.ids()
    g.apply(f"res:{ws}")
    assert ws in g.disc[0] and ws not in g.play[0]  # its last use: discarded at once (champions/rr/uses)
    g.apply(f"pay:{r}")
    assert g.decision.kind == "turn"  # refused
    assert ws in g.play[0] and ws not in g.disc[0] and g.cnt[ws] == 1 and not g.exh[ws]
    assert g.att[ws] == g.ident[0]
    assert sorted(g.hand[0]) == sorted([kick, r]) and not g.disc[0]
    assert not any(m[0] in ("undo", "limbo") for m in g.mods)
    assert f"play:{kick}" not in g.decision.ids()


def test_refused_payment_restores_a_once_per_round_resource_summary_actions_play():
    """Peter Parker's resource ability (once per round, 01001b) used for a refused payment can be used again."""
    g = scenario(modulars=("bomb_scare",), seed=1, clear=True)
    g._form[0] = AE
    kick = new_uid(g, "01005", 0)  # Swinging Web Kick: cost 3, more than Peter Parker's one mental resource
    g.hand[0].append(kick)
    g.mods.append(("cost", 0, -2))  # a cost modifier used by the play (+2), given back with the refusal
    _start(g, 0, kick)
    idu = g.ident[0]
    assert g.decision.kind == "pay" and f"res:{idu}" in g.decision.ids()
    g.apply(f"res:{idu}")
    assert g.decision.kind == "turn"
    assert not g.used_once(0, "scientist") and kick in g.hand[0]
    assert ("cost", 0, -2) in g.mods


def test_refused_colour_chain_drops_its_effect_summary_actions_play():
    """A chain of one-colour payments (State.pay_colors) refused half-way: what was paid comes back and
    neither the rest of the chain nor its effect happens."""
    g = scenario(modulars=("bomb_scare",), seed=1, clear=True)
    w = new_uid(g, "01011", 0)  # Spider-Woman: one wild resource
    g.hand[0].append(w)
    g.stack = [("turn", 0)]
    g.pay_colors(0, "EMP", ("dmg", g.villain, 5, -1, 0))
    g._decision = None
    g.run()
    assert g.decision.kind == "pay"
    g.apply(f"pay:{w}")
    assert g.decision.kind == "turn"
    assert g.hand[0] == [w] and not g.disc[0] and g.dmg[g.villain] == 0
    assert g.stack == [("turn", 0)] and not any(m[0] == "undo" for m in g.mods)


def test_completed_payment_keeps_what_it_spent_summary_actions_play():
    """A payment that completes closes its record: nothing is given back later."""
    g = scenario(modulars=("bomb_scare",), seed=1, clear=True)
    w = new_uid(g, "01011", 0)
    m = new_uid(g, "01067", 0)
    g.hand[0] += [w, m]
    g.stack = [("turn", 0)]
    g.pay_colors(0, "EM", ("nop_paid",))
    g._decision = None
    g.run()
    g.apply(f"pay:{w}")
    g.apply(f"pay:{m}")
    assert g.decision.kind == "turn" and sorted(g.disc[0]) == sorted([w, m]) and not g.hand[0]
    assert not any(x[0] == "undo" for x in g.mods)
