"""Playing in the terminal (issue 10 §1, §2, §4, §5): hot-seat privacy, in-game help, grouped menus,
numbers that never shift, single-option decisions, undo, saves with seat kinds, Ctrl-C and EOF."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from capes.cli.prompt import can_undo, lookup
from capes.core.protocol import Game
from capes.core.registry import load
from capes.core.replay import replay
from tests.cli.games import StepsGame
from tests.cli.helpers import CLEARED, session


def segments(text: str, game: Game) -> list[tuple[int | None, str]]:
    """The screen between hand-offs, with the seat (0-based) it was handed to."""
    names = {f"{game.seat_name(i)}, press Enter": i for i in range(game.num_seats)}
    out: list[tuple[int | None, str]] = []
    for chunk in text.split(CLEARED):
        first = next((ln for ln in chunk.splitlines() if ln.strip() and "─" not in ln), "")
        out.append((names.get(first.strip()), chunk))
    return out


def test_hot_seat_clears_and_hides_each_seats_secrets_from_the_other() -> None:
    game = StepsGame()
    plan = iter(["ready", "draw", "end"] * 10)
    s, out, _ = session(game, game.new_game(3), ["human", "human"],
                        lambda p: "" if "press Enter" in p else next(plan))
    s.run()
    assert s.state.is_over
    segs = segments(out.getvalue(), game)
    owned = [(seat, text) for seat, text in segs if seat is not None]
    assert len(owned) == 6  # one hand-off per turn, each behind a cleared screen
    for seat, text in owned:
        other = 2 - seat  # the other seat's number (1-based)
        assert f"Seat {other} secretly" not in text and f"Secret hand of seat {other}" not in text, text
        assert f"Secret hand of seat {seat + 1}" in text  # each player does see their own hand


@pytest.mark.parametrize("game_id,config", [("heroes", {}), ("champions", {"heroes": "spider_man,captain_marvel"})])
def test_hot_seat_privacy_in_a_real_game(game_id: str, config: dict[str, str]) -> None:
    """No line only seat A may see (its render, its private log events) appears after seat B's prompt."""
    game = load(game_id, **config)
    state = game.new_game(5)
    private: dict[int, set[str]] = {0: set(), 1: set()}  # whole lines of a seat's picture
    events: dict[int, set[str]] = {0: set(), 1: set()}  # a seat's private log events
    seen: dict[int, set[str]] = {0: set(), 1: set()}  # every line of a seat's own pictures
    real_render = game.render

    def render(st, seat):  # type: ignore[no-untyped-def]
        text = real_render(st, seat)
        if seat in (0, 1):
            others = set(real_render(st, 1 - seat).splitlines())
            private[seat] |= {ln.strip() for ln in text.splitlines() if ln.strip() and ln not in others}
            seen[seat] |= {ln.strip() for ln in text.splitlines()}
        return text

    game.render = render  # type: ignore[method-assign]
    s, out, _ = session(game, state, ["human", "human"],
                        lambda p: "" if "press Enter" in p else s.state.decision.options[0].id)
    s.run(max_actions=250)
    for e in s.state.log:
        if e.only in (0, 1) and e.text != e.public:
            private[e.only].add(e.text)
    segs = [(seat, text) for seat, text in segments(out.getvalue(), game) if seat is not None]
    assert len(segs) >= 2, "the game never handed the terminal from one human seat to the other"
    for seat, text in segs:
        lines = {ln.strip() for ln in text.splitlines()}
        leaked = [p for p in private[1 - seat] if p in lines and p not in seen[seat]]
        leaked += [e for e in events[1 - seat] if e in text and e not in events[seat]]
        assert not leaked, f"seat {1 - seat}'s private text shown to seat {seat}: {leaked[:3]}"


def test_help_card_text_rule_of_a_log_line_and_log() -> None:
    game = StepsGame()
    answers = ["?", "? an", "show card", "?? ", "r 3", "rule steps/move", "log 3", "b", "end"]
    s, out, _ = session(game, game.new_game(1), ["human", "random"], answers)
    s.run()
    text = out.getvalue()
    assert "? NAME" in text and "r N" in text  # the command list
    assert "Ant: Ant is a hero who moves anywhere." in text  # prefix match on the glossary
    card = game.new_game(1).hands[0][0]  # type: ignore[attr-defined]
    assert f"Card {card}: Card {card} is worth {card}." in text  # the only card in view
    assert "steps/ready — Ready" in text and "where: steps rules §1" in text  # line 3 is "Seat 1 is ready."
    assert "At the start of a turn the seat readies." in text
    assert "steps/move — Move" in text and "where: steps rules §2" in text


def test_lookup_is_prefix_then_substring_then_fuzzy() -> None:
    g = {"Heroic Intuition": "a", "Hero Form": "b", "Rhino": "c"}
    assert lookup(g, "rhino") == ["Rhino"] and lookup(g, "intuit") == ["Heroic Intuition"]
    assert lookup(g, "rhyno") == ["Rhino"] and lookup(g, "zzz") == []


def test_long_menu_picks_the_group_then_the_option() -> None:
    game = StepsGame()
    # ready is asked of nobody (one human, one option); group 2 is Bee, option 3 is Gate
    s, out, _ = session(game, game.new_game(1), ["human", "random"], ["2", "0", "2", "3", "end"])
    s.run(max_actions=3)
    text = out.getvalue()
    assert "1. Ant (6 options)" in text and "0. back to the groups" in text
    assert "Seat 1 moves Bee to Gate." in text
    assert "only one choice: Get ready" in text


def test_single_option_is_still_asked_when_another_human_shares_the_terminal() -> None:
    game = StepsGame()
    s, out, script = session(game, game.new_game(1), ["human", "human"], ["", "1"])
    s.run()
    assert any("Player 1 [1, ? for help]" in p for p in script.prompts)  # one choice: "1", not "1-1"


def test_a_number_applies_to_the_menu_on_screen_only() -> None:
    """After each choice the menu is shown again before the next number is read."""
    game = StepsGame()
    s, out, script = session(game, game.new_game(1), ["human", "random"], ["4", "1", "4", "2", "end"])
    s.run(max_actions=4)
    menus = out.getvalue().count("Your move")
    assert menus >= len([p for p in script.prompts if "[1-" in p])


def test_undo_takes_back_own_choices_but_not_past_a_reveal() -> None:
    game = StepsGame()
    answers = ["1", "1", "u", "1", "2", "u", "u", "draw", "u", "roll", "u", "end"]
    s, out, _ = session(game, game.new_game(2), ["human", "random"], answers)
    s.run(max_actions=8)
    text = out.getvalue()
    assert text.count("took back:") == 2  # each move, never the forced "ready", the draw or the roll
    assert "nothing to take back" in text
    assert text.count("cannot take that back: something hidden or random was revealed since") == 2


def test_can_undo_checks_resampled_worlds() -> None:
    game = StepsGame()
    st = game.new_game(4)
    st.apply("ready")
    before = st.clone()
    st.apply("move:Ant:2")
    assert can_undo(before, st, 0)
    st.apply("draw")
    assert not can_undo(before, st, 0)  # the drawn card differs in other worlds
    other = before.clone()
    other.apply("roll")
    assert not can_undo(before, other, 0)


def test_eof_and_quit_save_with_seat_kinds(tmp_path: Path) -> None:
    game = StepsGame()
    save = tmp_path / "g.json"
    s, out, _ = session(game, game.new_game(7), ["human", "ismcts:iterations=30"], ["move:Ant:1"], save)
    s.run()
    doc = json.loads(save.read_text())
    assert doc["seed"] == 7 and doc["seats"] == [{"kind": "human"},
                                                   {"kind": "bot", "bot": "ismcts", "settings": {"iterations": 30}}]
    assert "Game saved to" in out.getvalue() and s.stopped == "quit"
    assert replay(doc).actions == s.state.actions


def test_ctrl_c_while_a_bot_thinks_saves(tmp_path: Path) -> None:
    game = StepsGame()
    save = tmp_path / "g.json"
    s, out, _ = session(game, game.new_game(7), ["human", "random"], ["end"], save)

    class Stop:
        name, seat = "random", 1

        def choose(self, state):  # type: ignore[no-untyped-def]
            raise KeyboardInterrupt

    s.bots[1] = Stop()  # type: ignore[assignment]
    s.run()
    assert s.stopped == "interrupted" and "Interrupted: game saved to" in out.getvalue()
    assert json.loads(save.read_text())["actions"] == ["ready", "end"]


def test_an_option_keeps_its_number_while_the_same_prompt_repeats() -> None:
    """Mulligan card 1: "Keep this hand" is still 7 and 1 is no longer a choice (issue 10 §4); the prompt and the
    error name the numbers the menu answers to (2-7), never a range that includes the one gone."""
    game = load("champions")
    s, out, _ = session(game, game.new_game(2), ["human"], ["1", "1", "7"])
    s.run(max_actions=2)
    text = out.getvalue()
    assert text.count("7. Keep this hand") >= 2 and "error: no choice 1; type 2-7, or ? for help" in text
    assert "[1-7, ? for help]" in text and "[2-7, ? for help]" in text
    assert len(s.state.actions) == 2 and s.state.actions[1] == "keep"


def test_a_short_grouped_menu_shows_each_heading_once() -> None:
    """Option.group: a flat menu is numbered group by group, so "2 Spaces away" is one heading over all its
    Spaces even when the game lists the Spaces by index (alliances Move, seed 77: Spectacular Spider-Man)."""
    game = load("alliances")
    answers = ["2"] + ["1"] * 10  # Stage order, 4 Level-Up Cards, Priority, 4 deploys, then Move
    s, out, _ = session(game, game.new_game(77), ["human"], answers)
    s.run(max_actions=12)
    menu = out.getvalue().split("where to Advance?")[-1]
    heads = [ln.strip() for ln in menu.splitlines() if ln.strip().endswith("away:")]
    assert heads and len(heads) == len(set(heads)), heads
    numbers = [int(ln.split(".")[0]) for ln in menu.splitlines() if ln.strip()[:1].isdigit() and ". Advance" in ln]
    assert numbers == sorted(numbers) and numbers[0] == 1
