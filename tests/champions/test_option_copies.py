"""Copies of one card in a menu (contract 'labels': no two options of a decision share a label).

Copies of a card in hand are interchangeable, so a menu offers one option for them (the first copy): playing it
(champions/summary/actions/play), discarding it to pay (champions/rr/resources), at the end of the phase
(champions/summary/flow/3) or at the mulligan (champions/rr/setup). Copies in play can differ (damage, counters,
attachments), so each keeps its option, named as the table names it (#1, #2)."""

from __future__ import annotations

from tests.champions.helpers import do, go, labels, scenario

KICK, AUNT_MAY, TRACER, WEB_SHOOTER = "01005", "01006", "01007", "01008"


def _unique(s) -> list[str]:
    labs = labels(s)
    assert len(set(labs)) == len(labs), labs
    return labs


def test_two_copies_in_hand_are_one_play_option() -> None:
    s = scenario(hand=[KICK, AUNT_MAY, AUNT_MAY, TRACER], form="hero")
    labs = _unique(s)
    assert labs.count("Play Aunt May (cost 1)") == 1
    # the option plays the first copy; the second is offered next
    first = [u for u in s.hand[0] if s.code[u] == AUNT_MAY][0]
    assert f"play:{first}" in s.decision.ids()


def test_paying_with_copies_offers_each_resource_once_and_names_copies_in_play() -> None:
    s = scenario(hand=[KICK, AUNT_MAY, AUNT_MAY, TRACER], form="hero", play=[WEB_SHOOTER, WEB_SHOOTER])
    for u in s.play[0]:
        if s.code[u] == WEB_SHOOTER:
            s.cnt[u] = 3  # its counters pay (one each)
    s._decision = None
    do(s, "play:")  # Swinging Web Kick, cost 3
    assert s.decision.kind == "pay"
    labs = _unique(s)
    assert labs.count("Discard Aunt May from your hand for 1 energy") == 1
    assert "Use Web-Shooter (player 1's, #1) for 1 wild" in labs and "Use Web-Shooter (player 1's, #2) for 1 wild" in labs
    do(s, "pay:")  # one Aunt May paid: the other copy is offered now
    assert "Discard Aunt May from your hand for 1 energy" in _unique(s)


def test_end_of_phase_discard_and_mulligan_offer_one_option_per_card() -> None:
    s = scenario(hand=[AUNT_MAY] * 4 + [TRACER] * 4, form="hero")  # 8 cards, hand size 5
    do(s, "end")
    while s.decision.kind != "hdisc":
        s.apply(s.decision.options[0].id)
    assert _unique(s) == ["Discard Aunt May", "Discard Spider-Tracer"]
    s = scenario(hand=[AUNT_MAY, AUNT_MAY, TRACER], form="alter-ego")
    go(s, ("mulligan", 0))
    assert s.decision.kind == "mulligan"
    assert _unique(s) == ["Mulligan Aunt May", "Mulligan Spider-Tracer", "Keep this hand"]
