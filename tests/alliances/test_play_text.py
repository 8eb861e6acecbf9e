"""Issue 10, the Alliances parts: the glossary of what is in view, a log that tells every state change a player
follows (with its rule), and option labels in the game's words that tell two Enemies of one name apart."""

from __future__ import annotations

import re

import capes
from capes.games.alliances.bots import HeuristicBot
from capes.games.alliances.engine import E_POS, E_UID
from capes.games.alliances.glossary import attack_text

from .helpers import HIT, blank_stage, put_char, put_enemy, run, texts

ID_LIKE = re.compile(r"[a-z]+_[a-z_]+|#\d|\buid\b")


def _play(seed: int, cfg: dict | None = None, steps: int = 400, check=None):
    g = capes.load("alliances", **(cfg or {}))
    s = g.new_game(seed)
    bots = [HeuristicBot(g, i, seed=seed) for i in range(g.num_seats)]
    for _ in range(steps):
        if s.is_over:
            break
        if check is not None:
            check(s)
        before = {e[E_UID]: (e[1], e[E_POS]) for e in s.enemies}
        n = len(s.log)
        stage = s.stage_i
        s.apply(bots[s.decision.seat].choose(s))
        if check is not None and s.stage_i == stage:
            new = [ev.text for ev in s.log[n:]]
            for e in s.enemies:
                old = before.get(e[E_UID])
                if old is not None and old[1] != e[E_POS]:
                    # alliances/enemies-move/2, alliances/frenzy, alliances/throw...: every Enemy move is logged
                    assert any(s.lbl(e[E_POS]) in t and s.game.data.enemies[e[1]].name in t for t in new), (
                        f"{e[1]} moved {s.lbl(old[1])}->{s.lbl(e[E_POS])} without an event: {new}")
    return s


def _labels_ok(s) -> None:
    d = s.decision
    labels = [o.label for o in d.options]
    assert len(set(labels)) == len(labels), f"two options read the same: {labels}"
    for lab in [*labels, d.prompt]:
        assert lab.strip() and not ID_LIKE.search(lab), f"engine words or ids in {lab!r}"


def test_every_enemy_move_is_logged_and_labels_are_game_words() -> None:
    """alliances/enemies-move/2, alliances/frenzy, alliances/empty-spawn-tracker, alliances/enemy/protection-programming,
    alliances/throw, alliances/push, alliances/place: every change of an Enemy's Space has an event naming it and its
    new Space (14 of 22 moves had none); every decision's labels are distinct (two Enemies of one name are told
    apart by Space), non-empty and free of ids and engine words."""
    for seed in (1, 2):
        _play(seed, {"players": 2}, steps=300, check=_labels_ok)


def test_whole_game_log_has_no_negative_numbers_and_right_plurals() -> None:
    """alliances/enemy-attack/8, alliances/char-attack/8: no "final Attack Strength -1", no "1 Enemies", "1 successes"
    or "1 HITs" anywhere in a game's log."""
    s = _play(5, steps=600)
    log = "\n".join(texts(s))
    assert "Attack Strength -" not in log and not re.search(r"(?<![\w-])-\d", log)
    assert not re.search(r"\b1 (Enemies|successes|HITs|Spaces|dice)\b", log)
    assert not re.search(r"\b(0|[2-9]|\d\d+) (Enemy|success|HIT|Space|die)\b(?! [A-Z])", log)


def test_character_attack_logs_the_damage_it_deals() -> None:
    """alliances/char-attack/10: the Damage a Character's attack deals is logged (not only the roll)."""
    s = blank_stage(0)
    ci = put_char(s, "black_cat", "d5")
    ga = put_enemy(s, "oscorp_goliath", "d4")
    run(s, ("atk_one", ci, "claws", ga, 1), dice=(HIT, HIT, HIT, HIT, 4))
    ev = s.log[-1]
    assert ev.rule == "alliances/char-attack/10" and ev.text == "Claws deals 3 Damage to Oscorp Goliath at d4 (3/5 Damage)."


def test_two_enemies_of_one_name_are_told_apart_by_space() -> None:
    """alliances/char-attack/2: the attack menu names each target by its Space."""
    s = blank_stage(0)
    ci = put_char(s, "black_cat", "d5")
    put_enemy(s, "goblin_army", "d4")
    put_enemy(s, "goblin_army", "c5")
    s.active = ci
    run(s, ("act_menu",))
    attacks = [o for o in s.decision.options if o.id.startswith("attack:claws")]
    assert sorted(o.label for o in attacks) == ["Attack Goblin Army at c5 with Claws (5 dice)",
                                                "Attack Goblin Army at d4 with Claws (5 dice)"]
    assert {o.group for o in s.decision.options} >= {"Attack", "Move", "End"}


def test_glossary_has_the_text_of_everything_in_view() -> None:
    """Issue 10 (read the cards in the game): Game.glossary gives, by the name players see, the text of each
    Character, Level-Up Card (held or being chosen), skill, Enemy, the Stage, the Pitfall, the Enemy Modifier and the
    tokens and special conditions in view; the same for every seat (nothing is hidden)."""
    g = capes.load("alliances", players=2)
    s = g.new_game(4)
    while s.decision.kind != "levelup":
        s.apply(s.decision.options[0])
    gl = g.glossary(s, s.decision.seat)
    for o in s.decision.options:
        assert o.label.removeprefix("Keep ").split(" (Level")[0] in gl
    s = _play(4, {"players": 2}, steps=120)
    gl = g.glossary(s, 0)
    assert gl == g.glossary(s, 1) == g.glossary(s, None)
    data = g.data
    for ci, cid in enumerate(g.squad):
        ch = data.characters[cid]
        assert ch.name in gl
        for card in s.chars[ci][10]:
            assert ch.levelups[card].name in gl
        for a in s.cside(ci).attacks:
            assert a.name in gl[ch.name]
            # an attack and each of its special rules, as the log names them, are looked up by name
            assert ch.name in gl[a.name] and attack_text(a) in gl[a.name]
            for r in a.rules:
                assert a.name in gl[r.name], r.name
    for e in s.enemies:
        assert data.enemies[e[1]].name in gl
    assert s.stage.name in gl and "Oscorp Weaponry" in gl
    assert ("Bombing Run" in gl) != ("Turbo Boost" in gl)
    assert all(k and v and not ID_LIKE.search(k) for k, v in gl.items())


def test_every_name_the_log_shows_can_be_looked_up_then() -> None:
    """Issue 10 (read the cards in the game), and what a person sees is true: a name of the game's content that a
    log line shows (a Stage still to come, a special condition as it ends, the Ingredients of the Oscorp Lab, an
    attack's special rule) is in the glossary at that moment, so `? NAME` and the browser can show its text."""
    from capes.core.rng import Rng

    g = capes.load("alliances")
    names: set[str] = set()
    for seed in range(6):  # the names the glossary ever gives in these games
        s, r = g.new_game(seed), Rng(seed)
        while not s.is_over and len(s.actions) < 300:
            names |= set(g.glossary(s, 0))
            o = s.decision.options
            s.apply(o[r.randbelow(len(o))])
    names = {n for n in names if len(n) > 4}
    assert len(names) > 40
    for seed in range(6):
        s, r, seen = g.new_game(seed), Rng(seed), 0
        while not s.is_over and len(s.actions) < 300:
            vis = s.visible_log(0, seen)
            seen = len(s.log)
            if vis:
                gl = g.glossary(s, 0)
                for _, text in vis:
                    missing = [n for n in names if n in text and n not in gl]
                    assert not missing, (missing, text)
            o = s.decision.options
            s.apply(o[r.randbelow(len(o))])


def test_power_and_cleanup_phases_are_in_the_log() -> None:
    """alliances/power-phase/1 and alliances/cleanup/4: each Round's Power Phase gives every Character 1 Power (10 at
    most) and its Cleanup Phase returns the Activation tokens; both change every dashboard at once, so the log says
    so where it happens (right after "Round N begins." / at the end of the Round), and the numbers agree."""
    from capes.games.alliances.engine import C_POW, C_TOK
    from capes.games.alliances.round import CLEANUP_TEXT, POWER_PHASE_TEXT

    g = capes.load("alliances")
    s = g.new_game(3)
    bot = HeuristicBot(g, 0, seed=3)
    rounds = cleanups = checked = 0
    while not s.is_over and s.rounds_total < 4:
        n = len(s.log)
        before = [c[C_POW] for c in s.chars]
        s.apply(bot.choose(s))
        new = [e[1] for e in s.log[n:]]
        for i, t in enumerate(new):
            if re.fullmatch(r"Round \d+ begins\.", t):
                rounds += 1
                assert new[i + 1] == POWER_PHASE_TEXT
            if t == CLEANUP_TEXT:
                cleanups += 1
                assert all(c[C_TOK] == 2 for c in s.chars) or s.is_over
        if (POWER_PHASE_TEXT in new and len(new) == new.index(POWER_PHASE_TEXT) + 1
                and not any("Power" in t for t in new[:new.index(POWER_PHASE_TEXT)])):
            # nothing after the Power Phase in this action, and no Power gained or spent before it in the same
            # action (a Heroic Assist's or a hit's Power): every Character has 1 more Power (10 at most)
            assert [c[C_POW] for c in s.chars] == [min(10, p + 1) for p in before]
            checked += 1
    assert rounds >= 3 and cleanups >= 2 and checked, (rounds, cleanups, checked)


def test_stage_setup_is_called_setup_not_round_0() -> None:
    """alliances/deployment then alliances/round: choosing the Stage order, Level-Up Cards, the Priority token and
    deploying come before Round 1; the terminal says "Setup" there (it said "Round 0 Turn 1"), as the browser does."""
    g = capes.load("alliances")
    s = g.new_game(4)
    assert s.view(0)["round"] == 0
    head = g.render(s, 0).splitlines()[0]
    assert head.endswith(", Setup") and "Round 0" not in head
    while s.view(0)["round"] == 0:
        s.apply(s.decision.options[0].id)
    assert "Round 1 Turn 1 (Mission Round 1)" in g.render(s, 0).splitlines()[0]
