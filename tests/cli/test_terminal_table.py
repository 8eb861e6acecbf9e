"""Issue 44 ("the table people enjoy"), the terminal: what a player reads at each game's table and how few keys a
choice costs. Each test drives a terminal session (tests/cli/helpers.py) and names the rule it shows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tests.cli.games  # noqa: F401 - registers the Steps test game
from capes.games.heroes.board import SPACE0
from capes.games.heroes.engine import DIST0
from tests.cli.helpers import session
from tests.cli.test_commands import run_main
from tests.heroes.helpers import BLANK, HIT, HIT_BOOST, TWO_HITS, new, place, play, to_actions


def _heroes_combat():  # type: ignore[no-untyped-def]
    """The Human Torch troubleshoots "Monster Rampage" (Danger, Threat 6); P2 leads with Rhino, backs him with Sandstorm and the
    Agent Hand Ninjas (-1 Defend)."""
    st = new(players=2, first=0)
    to_actions(st)
    st.heads[2] = "monster_rampage"
    place(st, 0, "human_torch", DIST0 + st.head_dist(2))
    place(st, 0, "invisible_woman", SPACE0 + 2 * 2)  # Supporting in The Village: dice boosting
    st.vhand[1] = ["rhino", "hand_ninja", "sandman"]
    st.forced = [HIT] * 8
    play(st, "trouble:village-x", "lead:rhino", "back:sandman", "agent:hand_ninja")
    return st


def test_heroes_combat_shows_faces_kos_backups_agents_and_current_ratings() -> None:
    """heroes/combat/roll, heroes/dice/boost, heroes/combat/timing/6 (Agents lower ratings all combat long),
    heroes/troubleshooting/3/backup: the board names the Backup Effects and Agents, shows both sides' KOs, the
    Powers' current ratings beside the printed ones, and each die as its face with a boost reroll and the total."""
    st = _heroes_combat()
    while st.decision.kind != "power":
        st.apply(st.decision.ids()[-1])
    st.forced = [HIT_BOOST, TWO_HITS, BLANK, HIT, TWO_HITS, HIT_BOOST, BLANK, BLANK, BLANK, BLANK]
    game = st.game
    answers = iter(["power:red", "power:orange"])

    def answer(prompt: str) -> str:
        if "press Enter" in prompt:
            return ""
        d = st_now().decision
        if d.kind == "power":
            return next(answers)
        return "pass" if d.find("pass") else d.ids()[0]

    s, out, _ = session(game, st, ["human", "human"], answer)
    st_now = lambda: s.state  # noqa: E731
    s.run(max_actions=6)
    text = out.getvalue()
    assert "Backup Effects: Sandstorm (from Sandman)" in text
    assert "Agents: Hand Ninjas (-1 Defend)" in text
    assert "red Fire Blast a4|d1|w2 (printed a4|d2|w2)" in text
    assert "The Human Torch: KOs 0/2" in text and "Rhino: KOs 0/2" in text
    # the First Attack, at the window on the dice just rolled: the Invisible Woman Supporting gives boosting
    assert "The Human Torch: [HIT/BOOST → 2 HITS] [blank] [HIT] [2 HITS] = 6 -> 6 HITS" in text
    assert "Rhino: [HIT/BOOST] [blank] [blank] = 1 -> 1 HIT" in text
    assert "Rhino: KOs 1/2" in text  # the KO of the First Attack, on the board at the next prompt


def test_version_prints_the_version(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from capes.core.version import __version__

    code, out, _ = run_main(["--version"], capsys, monkeypatch)
    assert code == 0 and out.strip() == f"capes {__version__}"


def test_demo_header_names_the_level_people_choose(capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The demo's bots are named as the lobby and --seat name them (easy, normal, hard), not by class."""
    code, out, _ = run_main(["demo", "--game", "heroes", "--pictures", "0", "--lines", "0"], capsys, monkeypatch)
    assert code == 0 and "normal bots, seed 1" in out and "heuristic" not in out.splitlines()[0]


def test_resume_with_seat_says_it_rewrites_the_saved_seats(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "g.json"
    run_main(["play", "steps", "--seed", "3", "--seat", "1=human", "--seat", "2=random", "--save", str(save)],
             capsys, monkeypatch, stdin="move:Ant:1\n")
    code, out, _ = run_main(["replay", str(save), "--resume", "--seat", "2=human", "--seat", "1=human"],
                            capsys, monkeypatch)  # the input ends at the hand-off: the game is saved, seats and all
    assert "--seat changes the saved seats (Player 2 random -> human)" in out and "now records the new ones" in out
    assert json.loads(save.read_text())["seats"][1] == {"kind": "human"}
    code, out, _ = run_main(["replay", str(save), "--resume", "--seat", "2=human"], capsys, monkeypatch)
    assert "changes the saved seats" not in out  # the same seat again: nothing changes, nothing said


def _oscorp_lab_with_an_ingredient():  # type: ignore[no-untyped-def]
    from capes.core.registry import load
    from capes.core.rng import Rng

    g = load("alliances")
    s, r = g.new_game(2), Rng(2)
    while not (s.view(0)["stage"] == "oscorp_lab" and any(t["kind"] == "ing" and t["pos"] for t in s.view(0)["tokens"])):
        o = s.decision.options
        s.apply(o[r.randbelow(len(o))].id)
    return g, s


def test_alliances_grid_shows_symbols_and_an_ingredient_on_a_sample() -> None:
    """alliances/stage/oscorp-lab/objective, alliances/stage/interact-ingredient: each Sample and Ingredient shows its
    symbol; an Ingredient in a Sample's Space no longer hides the Sample; every token is listed by Space."""
    from capes.games.alliances.state import T_KIND, T_POS, T_SYM

    g, s = _oscorp_lab_with_an_ingredient()
    sample = next(t for t in s.tokens if t[T_KIND] == "obj" and t[T_POS] >= 0)
    ing = next(t for t in s.tokens if t[T_KIND] == "ing" and t[T_POS] >= 0)
    b = s.board
    where = b.labels[sample[T_POS]]
    ing[T_POS] = sample[T_POS]  # the Ingredient lies in the Sample's Space
    sess, out, _ = session(g, s, ["human"] * g.num_seats, ["q"])
    sess.run()
    text = out.getvalue()
    row = next(ln for ln in text.splitlines() if ln.startswith(f"{int(where[1:]):>2}  ["))
    col = ord(where[0]) - 97
    cell = row[4 + 6 * col: 4 + 6 * col + 6]
    assert cell[2:4] == "Oi", (row, cell)
    from capes.games.alliances.content import RESULT_NAMES

    s_name, i_name = RESULT_NAMES[sample[T_SYM]].title(), RESULT_NAMES[ing[T_SYM]].title()
    assert f"{where} {s_name} Sample (0/2 Ingredients)" in text and f"{where} {i_name} Ingredient" in text
    others = [t for t in s.tokens if t[T_KIND] == "obj" and t[T_POS] >= 0 and t[T_POS] != sample[T_POS]]
    t = others[0]
    lab = b.labels[t[T_POS]]
    row = next(ln for ln in text.splitlines() if ln.startswith(f"{int(lab[1:]):>2}  ["))
    assert row[4 + 6 * (ord(lab[0]) - 97) + 2: 4 + 6 * (ord(lab[0]) - 97) + 4] == "O" + RESULT_NAMES[t[T_SYM]][0].upper()


def test_a_comma_list_pays_a_cost_card_by_card_champions_rr_resources() -> None:
    """champions/rr/resources: a 4-cost card paid with four cards is four answers to one question; "1,2,3,4" at the
    first prompt gives them all, each applied (and checked by the engine) as the same question comes back; the rest
    of a list is dropped, and said so, once the question changes."""
    from capes.core.registry import load
    from tests.champions.helpers import scenario, uid

    s = scenario(hand=["01058", "01006", "01004", "01008", "01003"], form="alter-ego", clear=True)
    dd = uid(s, "01058", "hand")
    four = [uid(s, c, "hand") for c in ("01006", "01004", "01008", "01003")]
    sess, out, script = session(load("champions"), s, ["human"], [f"play:{dd}", "1,2,3,4,1", "q"])
    sess.run()
    text = out.getvalue()
    assert dd in sess.state.play[0] and all(u in sess.state.disc[0] for u in four), text
    assert text.count("Pay 4 more resources for Daredevil") == 1  # one menu, four payments
    assert "(Spider-Man / Peter Parker: 2. Discard Enhanced Spider-Sense" in text
    assert "the rest of your list (1) was not used: the question changed" in text
    assert sum("[1-" in p for p in script.prompts) == 3  # the turn menu, one payment menu, the turn menu again


def test_a_comma_list_is_refused_whole_when_a_number_is_not_on_the_menu() -> None:
    from capes.core.registry import load
    from tests.champions.helpers import scenario, uid

    s = scenario(hand=["01058", "01006", "01004", "01008", "01003"], form="alter-ego", clear=True)
    dd = uid(s, "01058", "hand")
    sess, out, _ = session(load("champions"), s, ["human"], [f"play:{dd}", "1,2,9", "q"])
    sess.run()
    text = out.getvalue()
    assert "error: no choice 9; a list is numbers of this menu" in text
    assert not sess.state.disc[0]  # nothing of the refused list was applied


def test_an_option_keeps_its_number_while_a_question_repeats_with_a_new_count() -> None:
    """heroes/troubleshooting/3/backup: "Trouble Level 2: play Backup Effects or Agents?" then "Trouble Level 1: ..."
    is one question asked again (its decision kind); Pass and the Agent keep their numbers after Sandstorm is
    played, so the "3" typed for Pass still means Pass."""
    st = new(players=2, first=0)
    to_actions(st)
    st.heads[2] = "monster_rampage"
    place(st, 0, "human_torch", DIST0 + st.head_dist(2))
    st.vhand[1] = ["rhino", "hand_ninja", "sandman"]
    st.forced = [HIT] * 8
    play(st, "trouble:village-x", "lead:rhino")
    ids = st.decision.ids()
    back, pas = ids.index("back:sandman") + 1, ids.index("pass") + 1
    assert back < pas
    answers = [str(back), str(pas)]
    sess, out, _ = session(st.game, st, ["human", "human"], lambda p: "" if "press Enter" in p else answers.pop(0))
    sess.run(max_actions=2)
    text = out.getvalue()
    assert sess.state.actions[-2:] == ["back:sandman", "pass"], text
    assert text.count(f"    {pas}. Pass") == 2 and "error" not in text


def test_a_group_of_one_option_is_one_key() -> None:
    """heroes/missions/story: in the grouped action menu "Story action (1 option)" is picked by its group number."""
    st = new(players=2, first=0)
    st.apply("ready:human_torch")
    to_actions(st)
    groups = [ln for ln in _menu_groups(st)]
    k = next(i for i, g in enumerate(groups, 1) if g.startswith("Story action"))
    sess, out, script = session(st.game, st, ["human", "random"], [str(k), "q"])
    sess.run(max_actions=1)
    text = out.getvalue()
    assert f"{k}. Story action (1 option)" in text
    assert sess.state.actions[-1].startswith("story"), sess.state.actions[-1]


def _menu_groups(st):  # type: ignore[no-untyped-def]
    from capes.cli.prompt import grouped

    gs = grouped(st.decision.options)
    assert gs is not None, "the action menu is shown group first"
    return [f"{name} ({len(idx)} option{'s' if len(idx) != 1 else ''})" for name, idx in gs]


class _SoloState(tests.cli.games.StepsState):
    """Steps with one seat taking every turn: each turn starts with a single choice ("Get ready") taken for it."""

    @property
    def seat(self) -> int:
        return 0


class _SoloGame(tests.cli.games.StepsGame):
    state_class = _SoloState

    def new_game(self, seed: int = 0):  # type: ignore[no-untyped-def]
        s = _SoloState(self, seed)
        s.setup()
        return s


def test_keys_typed_ahead_survive_single_choices_taken_for_the_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keys typed before a menu shows are dropped only when another seat has moved since this seat's last answer
    (or at the first menu): a single choice taken for the seat itself ("Get ready") does not swallow them."""
    import capes.cli.play as play_mod

    flushed: list[int] = []
    game = _SoloGame()
    sess, out, script = session(game, game.new_game(1), ["human", "random"], ["1", "end", "2", "end", "q"])
    monkeypatch.setattr(play_mod, "_discard_typeahead", lambda: flushed.append(len(script.prompts)))
    sess.run()
    assert "only one choice: Get ready" in out.getvalue()
    assert flushed == [0], flushed  # the first menu only; the others follow this seat's own answers

    flushed.clear()
    steps = tests.cli.games.StepsGame()
    sess, out, script = session(steps, steps.new_game(1), ["human", "random"], ["end", "end", "q"])
    monkeypatch.setattr(play_mod, "_discard_typeahead", lambda: flushed.append(len(script.prompts)))
    sess.run()
    assert flushed == [0, 1, 2], flushed  # the random seat moved before each of these menus


def test_a_new_option_in_a_repeated_menu_joins_its_group_heading() -> None:
    """An option new to a repeated question takes a free number past another group's, and still sits under its own
    group's heading, shown once (Champions: First Aid becomes playable after an ally took damage)."""
    from capes.cli.prompt import menu_lines
    from capes.core.protocol import Decision, Option

    d = Decision(0, "your turn", (Option("p1", "Play Interrogation Room", "Play a card"),
                                  Option("rec", "Recover", "other"), Option("end", "End your turn", "other"),
                                  Option("atk", "Jessica Jones attacks Rhino", "Ally Jessica Jones"),
                                  Option("p2", "Play First Aid", "Play a card")), kind="turn")
    lines = menu_lines(d, None, None, {"p1": 1, "rec": 2, "end": 3, "atk": 4, "p2": 5})
    assert [ln.strip() for ln in lines] == ["Play a card:", "1. Play Interrogation Room", "5. Play First Aid",
                                            "other:", "2. Recover", "3. End your turn",
                                            "Ally Jessica Jones:", "4. Jessica Jones attacks Rhino"]
