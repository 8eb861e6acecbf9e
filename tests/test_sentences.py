"""What a person reads is written as sentences: a name that ends with its own mark ("The Break-In!", "Thwip!") at
the end of a log line or a prompt's sentence takes no extra full stop ("placed on The Break-In!." before)."""

from __future__ import annotations

import random
import re

import pytest

import capes

DOUBLE = re.compile(r"[!?]\.(?!\.)")


@pytest.mark.parametrize(("game", "config", "seeds"), [("champions", {}, 8), ("alliances", {}, 3), ("heroes", {}, 3)])
def test_no_sentence_ends_twice(game, config, seeds):
    g = capes.load(game, **config)
    seen = 0
    for seed in range(seeds):
        s = g.new_game(seed)
        r = random.Random(seed)
        while not s.is_over and len(s.actions) < 400:
            d = s.decision
            assert not DOUBLE.search(d.prompt), d.prompt
            assert not any(DOUBLE.search(o.label) for o in d.options), [o.label for o in d.options]
            s.apply(r.choice(d.options).id)
        for e in s.log:
            assert not DOUBLE.search(e.text), e.text
            seen += "!" in e.text
    assert seen, "no log line with a name ending in '!' was written: the test saw nothing to check"


def test_the_end_of_a_heroes_game_names_each_teams_points():
    """heroes/winning: the last log line gives each player's Victory Points in words ("Victory Points: P1 16, P2 18"),
    not a Python list ("VP: [16, 18]")."""
    g = capes.load("heroes", players=3)
    s = g.new_game(4)
    r = random.Random(4)
    while not s.is_over:
        s.apply(r.choice(s.decision.options).id)
    last = s.log[-1].text
    want = ", ".join(f"P{i + 1} {v}" for i, v in enumerate(s.view(None)["vp"]))
    assert f"Victory Points: {want}. Winner: " in last and "[" not in last, last
