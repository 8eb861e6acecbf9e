"""Issue 44 ("the table people enjoy"), the terminal: what a player reads at each game's table and how few keys a
choice costs. Each test drives a terminal session (tests/cli/helpers.py) and names the rule it shows."""

from __future__ import annotations

from capes.games.heroes.board import SPACE0
from capes.games.heroes.engine import DIST0
from tests.cli.helpers import session
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
