"""Issue 9 (rules audit), Champions: conformance tests for the deviations the audit found and for their
class ("immediately" rules checked whatever caused the change; bounded searches). Each names its rule id."""

from capes.games.champions.data import CARDS
from capes.games.champions.engine import CONF, STUN
from capes.games.champions.flow import deal_boost
from tests.champions.helpers import do, enc, go, reveal, scenario, settle, to_play, uid


def _deck_of(s, k: int) -> list[int]:
    """Leave exactly ``k`` cards in the encounter deck (the rest go to its discard pile); return the discard."""
    s.edisc += s.edeck[:-k]
    s.edeck = s.edeck[-k:]
    return list(s.edisc)


# ---------------------------------------------------------------- item 1: empty encounter deck, at once
def test_encounter_deck_runs_out_while_dealing_rr_encounter_deck():
    """champions/rr/encounter-deck (champions/summary/scoring/empty-encounter): the deal takes the last card; the
    discard pile is the new deck and the acceleration token is added at once, not at the next draw."""
    s = scenario(heroes=("spider_man", "she_hulk"))
    disc = _deck_of(s, 2)
    acc = s.accel
    go(s, ("deal",))
    assert len(s.fd[0]) == len(s.fd[1]) == 1
    assert s.accel == acc + 1 and sorted(s.edeck) == sorted(disc) and not s.edisc


def test_encounter_deck_runs_out_on_a_boost_card_rr_encounter_deck():
    """champions/rr/encounter-deck: the boost card of an attack is the last card; the reshuffle (built from the
    discard pile as it is then, without the boost card) and the token come at once."""
    s = scenario(form="hero")
    disc = _deck_of(s, 1)
    acc = s.accel
    go(s, ("attack", s.villain, 0, 1))
    assert s.decision.kind == "defend"
    assert s.accel == acc + 1 and sorted(s.edeck) == sorted(disc) and len(s.boosts) == 1


def test_encounter_deck_runs_out_on_a_surge_rr_encounter_deck():
    """champions/rr/encounter-deck and champions/rr/surge: a surge reveals the last card."""
    s = scenario(form="alter-ego", clear=True)
    _deck_of(s, 1)
    acc = s.accel
    go(s, ("surge", 0))
    settle(s)
    assert s.accel == acc + 1 and s.edeck


def test_encounter_deck_runs_out_in_a_card_effect_rr_encounter_deck():
    """champions/rr/encounter-deck: a card effect (deal_boost, as Klaw's extra boost does) takes the last card
    while no draw follows: the new deck is built at once."""
    s = scenario(form="hero")
    _deck_of(s, 1)
    acc = s.accel
    had = s._decks_had()
    deal_boost(s, 1)
    s._ran_out(had)  # the check the run loop makes after every step
    assert s.accel == acc + 1 and s.edeck


# ---------------------------------------------------------------- the same class: empty player deck, at once
def test_player_deck_runs_out_on_the_last_draw_summary_scoring_empty_deck():
    """champions/summary/scoring/empty-deck: drawing the last card of a deck reshuffles the discard pile and deals
    an encounter card at once (not at the next draw, a round later)."""
    s = scenario()
    s.disc[0] = s.deck[0][:-2]
    s.deck[0] = s.deck[0][-2:]
    go(s, ("draw", 0, 2))
    assert len(s.hand[0]) == 2 and s.deck[0] and not s.disc[0] and len(s.fd[0]) == 1


def test_player_deck_runs_out_while_discarding_summary_easy_15():
    """champions/summary/easy/15 and empty-deck: a discard that takes the last card stops; the new deck is
    shuffled at once (with an encounter card) and nothing is discarded from it."""
    from capes.games.champions.flow import discard_top
    s = scenario()
    s.disc[0] = s.deck[0][:-2]
    s.deck[0] = s.deck[0][-2:]
    had = s._decks_had()
    out = discard_top(s, 0, 2)
    s._ran_out(had)
    assert len(out) == 2 and all(u in s.deck[0] for u in out) and len(s.fd[0]) == 1


# ---------------------------------------------------------------- item 4: Masterplan
def _masterplan_state(side_in_discard: bool):
    s = scenario(mode="expert", form="alter-ego", clear=True)
    sides = [u for u in s.edeck + s.edisc if CARDS[s.code[u]].type == "side_scheme"]
    for u in sides:
        s.remove_from_zones(u)
        s.removed.append(u)
    mp = enc(s, "01192")
    for u in [u for u in s.edeck if s.code[u] == "01192"]:
        s.edeck.remove(u)
        s.removed.append(u)
    if side_in_discard:
        s.removed.remove(sides[0])
        s.edisc.append(sides[0])
    return s, mp, sides


def test_masterplan_with_no_side_scheme_anywhere_ends_rr_encounter_deck():
    """champions/rr/expert-mode (Masterplan) and champions/rr/encounter-deck: "discard until a side scheme" with no
    side scheme in the deck stops when the deck runs out (one reshuffle, one token); it never loops."""
    s, mp, _ = _masterplan_state(False)
    n = len(s.edeck)
    acc = s.accel
    reveal(s, "01192")
    assert s.accel == acc + 1 and len(s.edeck) >= n and not any(
        CARDS[s.code[u]].type == "side_scheme" for u in s.eplay)


def test_masterplan_does_not_dig_into_the_reshuffled_discard_rr_encounter_deck():
    """Ruling 60: a side scheme in the discard pile (not in the deck) is not found: the search ends when the
    deck runs out, before the reshuffled discard pile would be searched."""
    s, mp, sides = _masterplan_state(True)
    reveal(s, "01192")
    assert sides[0] not in s.eplay and sides[0] in s.edeck


# ---------------------------------------------------------------- item 3: a replaced ally attack/thwart
def test_stunned_ally_attack_replaced_takes_no_consequential_damage_rr_ally():
    """champions/rr/ally, champions/rr/stunned (ruling 18): a stunned ally's attack is replaced by discarding the
    stun; the attack does not happen, so the ally takes no consequential damage."""
    s = scenario(play=["01051"])  # Tigra: ATK and THW each with 1 consequential damage
    t = uid(s, "01051", "play")
    s.st[t] |= STUN
    do(s, f"aatk:{t}:{s.villain}")
    assert not s.st[t] & STUN and s.exh[t] and s.dmg[s.villain] == 0 and s.dmg[t] == 0


def test_confused_ally_thwart_replaced_takes_no_consequential_damage_rr_ally():
    """champions/rr/ally, champions/rr/confused (ruling 18): likewise a confused ally's thwart."""
    s = scenario(play=["01051"], threat=3)
    t = uid(s, "01051", "play")
    s.st[t] |= CONF
    do(s, f"athw:{t}:{s.mscheme}")
    assert not s.st[t] & CONF and s.exh[t] and s.thr[s.mscheme] == 3 and s.dmg[t] == 0


# ---------------------------------------------------------------- item 2: defending for another player
def _two_heroes():
    s = scenario(heroes=("spider_man", "she_hulk"), form="hero", clear=True, bare=True)
    s.first = 0
    return s


def test_another_players_hero_may_defend_rr_defense():
    """champions/rr/defense (ruling 9): the villain attacks player 1; player 1 declines; player 2 declares their
    ready hero, who takes the damage reduced by their own DEF; player 1's hero takes none."""
    s = _two_heroes()
    go(s, ("attack", s.villain, 0, 0))
    assert s.decision.kind == "defend" and s.decision.seat == 0
    do(s, "nodef")
    assert s.decision.kind == "defend" and s.decision.seat == 1
    assert "Player 1" in s.decision.prompt or "player 1" in s.decision.prompt
    do(s, "def:hero")
    sh = s.ident[1]
    assert s.exh[sh] and s.dmg[s.ident[0]] == 0
    assert s.dmg[sh] == max(0, s.atk(s.villain) - s.defv(sh))


def test_another_players_ally_may_defend_and_one_defender_per_attack_rr_defense():
    """champions/rr/defense: player 2's ready ally may defend player 1; once a defender is declared nobody else
    is asked (one defender per attack)."""
    s = _two_heroes()
    a = to_play(s, 1, "01058")  # Daredevil, controlled by player 2
    go(s, ("attack", s.villain, 0, 0))
    do(s, "nodef")
    assert s.decision.seat == 1 and f"def:{a}" in s.decision.ids()
    do(s, f"def:{a}")
    assert s.exh[a] and s.dmg[s.ident[0]] == 0 and s.decision.kind != "defend"
    s2 = _two_heroes()
    go(s2, ("attack", s2.villain, 0, 0))
    do(s2, "def:hero")
    assert s2.decision.kind != "defend" and not s2.exh[s2.ident[1]]


def test_defence_is_asked_of_the_attacked_player_first_rr_defense():
    """champions/rr/defense (ruling 9, rewritten for issue 40): RR 'Attack (Enemy Activation)' step 2, "If a player
    wishes to defend, that player exhausts a hero or ally as the defender. If a player other than the target player
    defends, the defending player becomes the target player for this attack": the attack is the target player's,
    so with player 2 first an attack on player 1 asks player 1 first, then player 2; a player with no ready hero in
    hero form and no ready ally is not asked."""
    s = _two_heroes()
    s.first = 1
    go(s, ("attack", s.villain, 0, 0))
    assert s.decision.seat == 0
    do(s, "nodef")
    assert s.decision.seat == 1
    s2 = _two_heroes()
    s2.exh[s2.ident[1]] = 1
    go(s2, ("attack", s2.villain, 0, 0))
    do(s2, "nodef")
    assert s2.decision.kind != "defend"
    settle(s2)
    assert s2.dmg[s2.ident[0]] > 0


# ---------------------------------------------------------------- the class: defeat checked whatever lowered hit points
def test_losing_a_hit_point_upgrade_defeats_at_once_rr_defeated():
    """champions/rr/defeated: Iron Man with Mark V Armor (+6 hit points) and more damage than his printed hit
    points is defeated at once when the armor is discarded (not at the next damage)."""
    s = scenario(heroes=("iron_man",), form="hero", clear=True, bare=True)
    armor = to_play(s, 0, "01036")
    idu = s.ident[0]
    s.dmg[idu] = s.hp(idu) - 1
    assert s.hp(idu) - 6 <= s.dmg[idu]
    go(s, ("discard", armor))
    assert s.over == "loss"


# ---------------------------------------------------------------- rulings that narrowed a rule, re-read
def test_explosion_targets_are_picked_by_the_first_player_summary_faq_6():
    """champions/summary/faq/6 (ruling 10): Explosion ("assign X damage among heroes and allies") revealed for
    player 2: the first player picks among the eligible targets."""
    s = scenario(heroes=("spider_man", "she_hulk"), modulars=("bomb_scare",), form="hero", clear=True)
    s.first = 0
    from tests.champions.helpers import side
    side(s, "01109", threat=2)
    reveal(s, "01111", p=1)
    assert s.decision.kind == "choose" and s.decision.seat == 0


def test_basic_thwart_is_offered_against_a_scheme_with_no_threat_summary_actions_basic_thwart():
    """champions/summary/actions/basic-thwart (ruling 5 withdrawn): thwarting a scheme with no threat is legal
    (it exhausts the hero and answers "after you thwart"), so it is offered."""
    s = scenario(form="hero", threat=0)
    assert f"thw:{s.mscheme}" in s.decision.ids()


def test_another_player_may_play_an_action_event_by_request_summary_faq_1():
    """champions/summary/faq/1 (ruling 8): "Action abilities may be triggered … by request during other players'
    turns": on player 1's turn, player 2 may play an action event from their hand (paid by player 2); the
    request is always offered, so it reveals nothing about that hand."""
    s = scenario(heroes=("spider_man", "she_hulk"), hands=[[], ["01021", "01088", "01088", "01088"]], form="hero")
    assert "reqh:1" in s.decision.ids()
    gs = uid(s, "01021", "hand")  # Gamma Slam (hero action event)
    do(s, "reqh:1")
    assert s.decision.seat == 1 and f"play:{gs}" in s.decision.ids()
    do(s, f"play:{gs}")
    while s.decision.kind == "pay":
        do(s, s.decision.ids()[0])
    settle(s, ("turn",))
    assert gs in s.disc[1] and s.decision.seat == 0
