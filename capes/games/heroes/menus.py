"""The Options whose label is a function of content fixed for the life of a Game, built once and kept per Game: a Super
Hero's (rulebook "Planning": Assign Super Hero Status; "Mission": The Movement Action, Medical Treatment, Use a
Special Ability), an Event card's ("Event Cards") and a Troubleshoot action's ("The Troubleshooting Action").

Rule ids (rules.yaml): heroes/planning/2, heroes/planning/keep, heroes/missions/move, heroes/missions/medical,
heroes/missions/ability, heroes/cards/events, heroes/missions/troubleshoot.

The id names the hero and the place or status (``move:cyclops:village-star``, ``ready:cyclops``) and the label adds
only the content's names and numbers (the hero's name and level, the Area's name, the ability's text), which never
change for the life of a Game. So these Options are built once per hero and kept in ``HeroesGame.hero_menus``
(bounded by the number of heroes), and a label is always what its id does. An Event card's Option is kept by the
card, a Troubleshoot Option by (Headline, District): the key names all the content its label shows, so the cache is
keyed by immutable content and bounded by it (``HeroesGame.card_options``). Everything else a menu says (prompts,
the Special Headline, Plot Points left) is built from the state at each decision.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from capes.core.protocol import Option
from capes.games.heroes.board import (
    AREA_NAMES,
    AREAS,
    DIST0,
    DIST_IDS,
    DIST_NAMES,
    READY,
    SCEN,
    SPACE0,
    SUPC,
    plural,
)
from capes.games.heroes.effects import CONDITIONAL_ACTIONS

# positions in a hero's menu
(MOVES, SCENARIO, RECOVERY, SPACES, CARD, ABILITY, MEDICAL, READY_, SUPPORTING, RECOVER, KEEP, RECALL, READY_MOVES,
 SUPPORT_MOVES, ABILITY_IF) = range(15)


def _hero_menu(C: Any, h: str) -> tuple[Any, ...]:
    """The menu of hero ``h``: (24 District moves, onto the Scenario card, to Recovery, 6 Support-space moves, back
    to the card, Support (Action) ability or None, Medical Treatment, the Planning statuses Ready, Supporting and In
    Recovery, keep on the board, recall to Recovery, a dict of the move Options of a Ready hero by (location,
    Districts in play, Special Headline in play): see :func:`ready_moves`, and a dict of the move Options of a
    Supporting hero: see :func:`support_moves`, and the ability's effect when whether it can be used depends on the
    table (effects.CONDITIONAL_ACTIONS), else None)."""
    hero = C.heroes[h]
    hn = hero.name
    g = f"Move {hn} (Ready)"
    moves = tuple(Option(f"move:{h}:{DIST_IDS[d]}", f"Move {hn} to {DIST_NAMES[d]}", g) for d in range(24))
    scen = Option(f"move:{h}:scenario", f"Move {hn} onto the Scenario card", g)
    rec = Option(f"move:{h}:recovery", f"Move {hn} to Recovery", g)
    g = f"Move {hn} (Supporting)"
    sup = tuple(Option(f"sup:{h}:{AREAS[a]}", f"Move {hn} to a Support space of {AREA_NAMES[a]}", g) for a in range(6))
    card = Option(f"sup:{h}:card", f"Move {hn} back to the Supporting position on the hero card", g)
    ab = hero.support
    abil = (Option(f"ability:{h}", f"Use {hn}'s {ab.name}: {ab.text}", "Use a Special Ability")
            if ab.kind == "action" else None)
    med = Option(f"medical:{h}", f"Medical Treatment: remove {hn}'s Wound", "Medical Treatment")
    level = plural(hero.level, "Plot Point")
    ready = Option(f"ready:{h}", f"Make {hn} Ready ({level})")
    supporting = Option(f"support:{h}", f"Make {hn} Supporting (1 Plot Point)")
    recover = Option(f"recover:{h}", f"Leave {hn} In Recovery (free)")
    keep = Option(f"keep:{h}", f"Keep {hn} on the board, Ready ({level})")
    recall = Option(f"recall:{h}", f"Move {hn} to Recovery")
    test = ab.effect if abil is not None and ab.effect in CONDITIONAL_ACTIONS else None
    return moves, scen, rec, sup, card, abil, med, ready, supporting, recover, keep, recall, {}, {}, test


def hero_menu(game: Any, h: str) -> tuple[Any, ...]:
    """Hero ``h``'s menu, built on first use and kept per Game (``game.hero_menus``)."""
    menus = game.hero_menus
    m = menus.get(h)
    if m is None:
        m = menus[h] = _hero_menu(game.C, h)
    return m  # type: ignore[no-any-return]


def seat_menus(game: Any, s: int, hids: Sequence[str]) -> list[tuple[Any, ...]]:
    """The menus of seat ``s``'s four heroes (``hids``), in hero order, kept per Game (``game.seat_menus``)."""
    out = game.seat_menus[s] = [hero_menu(game, h) for h in hids]
    return out


def ready_moves(m: tuple[Any, ...], lc: int, nd: int, special: bool) -> tuple[Any, ...]:
    """The moves of a Ready hero at location ``lc`` (heroes/missions/move): to every other District in play (``nd``
    of them), onto the Scenario card when a Special Headline is there, and back to Recovery unless on the hero card.
    A function of its arguments, kept in the hero's menu by :func:`ready_key` (at most 26 x 2 x 2 entries)."""
    key = ready_key(lc, nd, special)
    cache = m[READY_MOVES]
    out = cache.get(key)
    if out is None:
        mv = m[MOVES]
        if DIST0 <= lc < DIST0 + nd:
            k = lc - DIST0
            out = mv[:k] + mv[k + 1:nd]
        else:
            out = mv[:nd]
        if special and lc != SCEN:
            out += (m[SCENARIO],)
        if lc != READY:
            out += (m[RECOVERY],)
        cache[key] = out
    return out  # type: ignore[no-any-return]


def ready_key(lc: int, nd: int, special: bool) -> int:
    """The key of :func:`ready_moves`'s arguments: the location, then a bit for 24 Districts, a bit for the Special
    Headline (callers compute the last two bits once per menu)."""
    return lc << 2 | (2 if nd == 24 else 0) | (1 if special else 0)


def support_moves(m: tuple[Any, ...], lc: int, na: int, full: int) -> tuple[Any, ...]:
    """The moves of a Supporting hero at location ``lc`` (on his card or on a Support space; heroes/missions/move): to
    a Support space of every other Area in play (``na`` of them) that has a free one (``full``: a bit per Area whose
    two spaces are taken), and back to his card unless he is on it. A function of its arguments, kept in the hero's
    menu (at most 13 locations x 2 board sizes x 64 ``full`` masks)."""
    key = lc << 7 | (64 if na == 6 else 0) | full  # full has six bits; bit 6 tells the board sizes (4 or 6 Areas) apart
    cache = m[SUPPORT_MOVES]
    out = cache.get(key)
    if out is None:
        sp = m[SPACES]
        moves = []
        for a in range(na):
            b = SPACE0 + 2 * a
            if lc == b or lc == b + 1 or full >> a & 1:
                continue
            moves.append(sp[a])
        if lc != SUPC:
            moves.append(m[CARD])
        out = cache[key] = tuple(moves)
    return out  # type: ignore[no-any-return]


def event_option(game: Any, c: str) -> Option:
    """Play the Event card ``c`` (heroes/cards/events): the id names the card, the label adds its name and text, so
    the Option is kept per Game (``game.card_options``, at most one per card)."""
    key = ("event", c)
    o: Option | None = game.card_options.get(key)
    if o is None:
        r = game.C.resources[c]
        o = game.card_options[key] = Option(f"event:{c}", f"Play {r.name}: {r.ability.text}", "Play an Event card")
    return o


def ally_option(game: Any, c: str) -> Option:
    """Play the Ally card ``c`` in Planning (heroes/planning/4, heroes/cards/allies): the id names the card, the label
    adds its name, so the Option is kept per Game (``game.card_options``, at most one per card)."""
    key = ("ally", c)
    o: Option | None = game.card_options.get(key)
    if o is None:
        o = game.card_options[key] = Option(f"ally:{c}", f"Play the Ally {game.C.resources[c].name} (1 Plot Point)")
    return o


def event_entry(game: Any, c: str) -> tuple[Option, str | None]:
    """The Event card ``c``'s Option and its effect when whether it can be used depends on the table (else None),
    kept per Game (``game.event_menu``, at most one per card)."""
    eff = game.C.resources[c].ability.effect
    out = game.event_menu[c] = (event_option(game, c), eff if eff in CONDITIONAL_ACTIONS else None)
    return out


def trouble_option(game: Any, h: str, d: int) -> Option:
    """Troubleshoot the Headline ``h`` in District ``d`` (heroes/missions/troubleshoot). The id names the District
    only, so the Option is kept by (Headline, District): its label is a function of that key (at most one per
    Headline and Area)."""
    key = ("trouble", h, d)
    o: Option | None = game.card_options.get(key)
    if o is None:
        o = game.card_options[key] = Option("trouble:" + DIST_IDS[d], f"Troubleshoot \"{game.C.headlines[h].name}\" in "
                                            f"{DIST_NAMES[d]}", "Troubleshoot a Headline")
    return o
