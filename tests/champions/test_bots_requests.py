"""The champions bots and requests to use another player's card (champions/summary/faq/1: a player may ask
another to use an action ability of a card they control; the owner may decline). The engine offers a request
whenever the card's public conditions allow it (the owner's hand stays hidden), so a request the owner cannot
grant is declined and leaves the turn as it was: a bot that asks again asks for ever (Spider-Man and She-Hulk
against Klaw: 41 requests a game over seeds 100-119, 244 in one 21-round game)."""

import random

import capes
from capes.core.rng import Rng
from capes.games.champions.bots import HeuristicBot
from capes.games.champions.bots.policy import _turn_scores
from capes.games.champions.cards import ACTION

DUO = {"heroes": ["spider_man", "she_hulk"], "villain": "klaw", "mode": "standard"}


def _ungrantable_request():
    """A turn menu of a Klaw game (random play, the first such from seed 35 on) offering a request the owner cannot
    grant now: Superhuman Law Division, whose owner holds no mental resource to spend."""
    g = capes.load("champions", **DUO)
    for seed in range(35, 235):
        s = g.new_game(seed)
        rng = random.Random(seed)
        for _ in range(400):
            d = s.decision
            if s.is_over:
                break
            if d.kind == "turn":
                for o in d.options:
                    if o.id.startswith("req:"):
                        u = int(o.id[4:])
                        spec = ACTION[s.ccard(u).code]
                        if spec[2] is not None and not spec[2](s, s.ctrl(u), u) \
                                and s.name(u) == "Superhuman Law Division":
                            return g, s, o
            s.apply(rng.choice(d.options).id)
    raise AssertionError("no such menu in 400 random actions of seeds 35-234")


def test_the_quick_policy_does_not_ask_for_what_cannot_be_granted():
    g, s, req = _ungrantable_request()
    assert s.name(int(req.id[4:])) == "Superhuman Law Division"
    end = next(o for o in s.decision.options if o.id == "end")
    assert _turn_scores(s, s.decision.seat, (req, end), Rng(1)) == "end"


def test_a_declined_request_is_not_made_again_in_the_turn():
    g, s, req = _ungrantable_request()
    bot = HeuristicBot(g, s.decision.seat, seed=3)
    # a lookahead that wants the request above all (on some deals the owner holds a mental resource)
    bot._best = lambda state, opts, *rest: next((o.id for o in opts if o.id == req.id), opts[0].id)
    assert bot.choose(s) == req.id
    s.apply(req.id)
    assert s.decision.seat != bot.seat and s.decision.ids() == ["decline"]
    s.apply("decline")
    assert s.decision.kind == "turn" and req.id in s.decision.ids()  # offered again, the same turn
    assert bot.choose(s) != req.id
    fresh = HeuristicBot(g, bot.seat, seed=3)  # the server makes a new bot for each decision
    fresh._best = bot._best
    assert fresh.choose(s) != req.id
