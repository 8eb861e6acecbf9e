"""The terminal picture (``capes play``): current numbers, encounter cards grouped, hidden hands stay hidden."""

from tests.champions.helpers import scenario


def test_render_shows_numbers_and_hides_other_hands():
    """champions/summary/components: the picture for a seat shows the villain's and characters' current
    ATK/SCH/THW/DEF and hit points, engaged minions with their numbers, and only that seat's own hand
    (other hands are hidden information)."""
    s = scenario(heroes=("spider_man", "she_hulk"), hands=[["01005"], ["01021"]], minions=["01101"])
    text = s.game.render(s, 0)
    assert "VILLAIN Rhino" in text and "ATK 2" in text
    assert "Minions:" in text and "engaged with P1" in text
    assert "Swinging Web Kick (event, cost 3" in text
    assert "Gamma Slam" not in text  # player 2's hand is not shown to player 1
    assert "Gamma Slam (event" in s.game.render(s, 1)
    assert "Swinging Web Kick" not in s.game.render(s, None)
