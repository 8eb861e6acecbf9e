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
