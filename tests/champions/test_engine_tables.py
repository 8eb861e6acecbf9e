"""Issue 14 (speed, same games): the tables the engine derives from a game's card instances and the fast paths of
its queries give the answers the plain rules give. Each test fails if its table is stale or its fast path wrong."""

import capes
from capes.games.champions.abilities import relevant_for
from capes.games.champions.data import CARDS
from tests.champions.helpers import minion, scenario


def test_new_games_share_one_table_made_afresh_when_a_card_is_replaced(monkeypatch):
    """New games of one configuration are dealt the same instances and share one table; replacing a card's data
    (as a ``content`` directory does) gives the next game a table of the new data (here: Rhino's second stage
    renamed, so that "Rhino" is no longer a name two instances may show)."""
    g = capes.load("champions")
    a, b = g.new_game(1), g.new_game(2)
    assert a._relevant() is b._relevant() and a.code is b.code
    assert "Rhino" in a._relevant().shared_names
    rhino2 = next(c for c in a.code if CARDS[c].name == "Rhino" and c != a.code[a.villain])
    monkeypatch.setitem(CARDS, rhino2, CARDS[rhino2].model_copy(update={"name": "Rhino Again"}))
    c = g.new_game(3)
    assert c._relevant() is not a._relevant() and "Rhino" not in c._relevant().shared_names
    assert relevant_for(c.code) is c._relevant()


def test_labels_tell_apart_only_instances_in_play_that_show_one_name():
    """Two Hydra Mercenaries in play get different labels; with one in play (the other in the encounter deck)
    the label is the bare name, as is the villain's (its other stages are not in play)."""
    s = scenario(heroes=("spider_man", "she_hulk"))
    a = minion(s, "01101", 0, placed=True)  # Hydra Mercenary engaged with player 1
    assert s.label(a) == "Hydra Mercenary"
    assert s.label(s.villain) == "Rhino"
    b = minion(s, "01101", 1, placed=True)
    assert s.label(a) != s.label(b) and "player 1" in s.label(a) and "player 2" in s.label(b)
    assert s.label(a, among=[a]) == "Hydra Mercenary" and s.label(a, among=[a, b]) == s.label(a)


def test_stats_without_a_script_in_the_game_read_lasting_effects_only():
    """_mod skips the @stat scripts when no card of the game has one for that stat; lasting effects still count."""
    s = scenario()
    idu = s.ident[0]
    assert not s._relevant().modifies("atk")
    before = s.atk(idu)
    s.mods.append(("stat", idu, "atk", 2, "round"))
    assert s.atk(idu) == before + 2


def test_no_name_is_both_a_step_and_a_question():
    """The run loop looks a frame's name up among the steps first: a name registered as both would change meaning."""
    capes.load("champions")
    from capes.games.champions.frames import ASKS, STEPS

    assert not set(ASKS) & set(STEPS)
