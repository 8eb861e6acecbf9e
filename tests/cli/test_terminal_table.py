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
