"""The Marvel Heroes table drawn for the browser (issue 12), from a seat's view alone plus content looked up by id.

One SVG picture is the New York board: the six Areas (four with two players) with their four Districts each, the
Headline in the District of its icon (type, Threat, skills, VP), the Villains in play where Troubleshooting is, the
Super Heroes in Districts and on the two Support spaces of each Area, the Game Round and Action Round track, the
First Player and Archnemesis tokens, the VP track, the Story track and the Most Wanted spaces. Below it: combat as
it happens (both combatants, each side's Combat Power token face down until revealed, the dice with their faces,
hits and KOs), the seat's team as hero cards (Level, status, Wounds, Combat Powers, skill, abilities) and the
seat's hands (Resources, Villains, Story cards) with their text; other hands as counts only.

The page forbids inline styles (CSP ``style-src 'self'``), so everything is SVG presentation attributes, and SMIL
``<set>`` for selection. Sending a hero: the engine's moves are ``move:<hero>:<area>-<icon>`` (a District) and
``sup:<hero>:<area>`` (a Support space), one group per hero. Each such hero gets a selector chip on the board
(clicked or focused with Tab, it selects the hero; the first is selected at the start); the selected hero's
Districts and Support spaces light up as SVG links carrying ``data-option`` (Tab reaches them, Enter sends).
Nothing else on the board carries an option the seat does not have now.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from typing import Any

from capes.games.heroes.board import ALLY_PP, plural, where
from capes.games.heroes.content import Content, load_content
from capes.games.heroes.web.board import _board
from capes.games.heroes.web.combat import _combat
from capes.games.heroes.web.common import (
    AREAS,
    ICONS,
    INK,
    MUTED,
    POWER_FILL,
    _Ctx,
    _e,
    _svg,
    _t,
    _wrap,
)

__all__ = ["AREAS", "ICONS", "_draw", "clear_caches", "draw", "pieces"]


# ------------------------------------------------------------------------------------------------ cards
def _hero_card(ctx: _Ctx, h: str) -> str:
    st = ctx.v["heroes"][h]
    ko = st.get("ko")
    return _hero_card_of(ctx.C, h, st["loc"], ctx.fill(h), int(st.get("wound", 0)), int(st.get("ko", 0)) if ko else None)


@lru_cache(maxsize=1024)
def _hero_card_of(C: Content, h: str, loc: str, fill: str, wounds: int, ko: int | None) -> str:
    """A hero card from everything it shows: the content, the hero, where it is, its team colour, its Wounds and
    its KO tokens (None: none shown)."""
    hero = C.heroes[h]
    status = where(loc)
    o = [f'<rect x="1" y="1" width="278" height="318" rx="10" fill="#fffdf7" stroke="{fill}" stroke-width="2"/>',
         f'<path d="M1 11a10 10 0 0 1 10-10h258a10 10 0 0 1 10 10v31H1z" fill="{fill}"/>',
         _t(12, 27, hero.name, 15, "#ffffff", "800"), _t(268, 27, f"Level {hero.level}", 12, "#ffffff", "700", "end"),
         _t(12, 60, status, 11, INK, "700")]  # the whole width: "on a Support space of Central Manhattan"
    y = 72
    for i, p in enumerate(hero.powers):
        o.append(f'<rect x="10" y="{y}" width="260" height="22" rx="5" fill="{POWER_FILL[i]}"/>')
        o.append(_t(18, y + 15.5, p.name[:22], 11.5, "#ffffff", "700"))
        o.append(_t(262, y + 15.5, f"A{p.a} D{p.d} W{p.w}", 11.5, "#ffffff", "800", "end"))
        y += 26
    y = max(y, 150) + 8
    tsk = hero.troubleshooting
    o.append(_t(10, y, f"Skill: {hero.skill.capitalize()}", 10.5, INK, "700"))
    o.append(_t(268, y, f"Wounds {wounds}" + (f" · KO {ko}/{hero.ko}" if ko is not None else ""),
                10.5, "#b91c1c" if wounds else MUTED, "700", "end"))
    o.append(_t(10, y + 14, f"Troubleshooting — Crime {tsk[0]} · Danger {tsk[1]} · Mystery {tsk[2]}", 9.5, INK,
                "600"))
    y += 34
    for ab, kind in ((hero.combat, "Combat"), (hero.support, f"Support ({hero.support.kind})")):
        o.append(_t(10, y, f"{kind}: {ab.name}", 10.5, "#1f2a44", "800"))
        for ln in _wrap(ab.text, 48, 3):
            y += 13
            o.append(_t(10, y, ln, 10, INK))
        y += 18
    label = (f"{hero.name}, Level {hero.level}, {status}, Wounds {wounds}; powers: "
             + "; ".join(f"{p.name} A{p.a} D{p.d} W{p.w}" for p in hero.powers)
             + f"; {hero.combat.name}: {hero.combat.text}; {hero.support.name}: {hero.support.text}")
    return (f'<span class="hcard" tabindex="0" data-hero="{_e(h)}" data-loc="{_e(loc)}">'
            + _svg(280, 320, "".join(o), label, "hero-card", "280") + "</span>")


@lru_cache(maxsize=512)
def _card(kind: str, cid: str, title: str, sub: str, text: str, fill: str, extra: str = "") -> str:
    o = [f'<rect x="1" y="1" width="178" height="218" rx="9" fill="#fffdf7" stroke="{fill}" stroke-width="2"/>',
         f'<path d="M1 10a9 9 0 0 1 9-9h160a9 9 0 0 1 9 9v36H1z" fill="{fill}"/>']
    for i, ln in enumerate(_wrap(title, 22, 2)):
        o.append(_t(10, 19 + i * 15, ln, 12.5, "#ffffff", "800"))
    o.append(_t(10, 62, sub, 10, MUTED, "700"))
    y = 80
    if extra:
        o.append(extra)
        y = 140
    for ln in _wrap(text, 30, 8 if not extra else 5):
        o.append(_t(10, y, ln, 10, INK))
        y += 13
    return (f'<span class="hand-card" tabindex="0" data-kind="{kind}" data-card="{_e(cid)}">'
            + _svg(180, 220, "".join(o), f"{title} ({sub}): {text}", "card", "180")
            + "</span>")


@lru_cache(maxsize=1024)
def _resource_card(C: Content, rid: str) -> str:
    r = C.resources.get(rid)
    if r is None:
        return _card("resource", rid, rid, "Resource", "", "#374151")
    team = C.teams[r.team].name if r.team and r.team in C.teams else ""
    sub = ("Ally" + (f" · {team}" if team else "")) if r.kind == "ally" else "Event"
    return _card("resource", rid, r.name, sub, f"{r.ability.name}: {r.ability.text}", "#0f5132")


@lru_cache(maxsize=1024)
def _ally_card(C: Content, rid: str, pp: int) -> str:
    """An Ally in play; with a Plot Point on it (heroes/cards/allies), a badge says it can be used twice more (the
    first use spends the Point, the second the card)."""
    card = _resource_card(C, rid).replace('class="hand-card"', 'class="ally-card"').replace(
        'data-kind="resource"', f'data-kind="ally" data-pp="{pp}"')
    if pp:
        badge = ('<rect x="8" y="194" width="164" height="18" rx="9" fill="#f0a202"/>'
                 + _t(90, 207, ALLY_PP, 10, INK, "800", "middle"))
        card = card.replace("</svg>", badge + "</svg>", 1)
    return card


@lru_cache(maxsize=1024)
def _villain_card(C: Content, vid: str) -> str:
    vl = C.villains.get(vid)
    if vl is None:
        return _card("villain", vid, vid, "Villain", "", "#3b0764")
    sub = f"Requirement {vl.requirement} · Cost {vl.cost} · KO {vl.ko}"
    pw = []
    for i, p in enumerate(vl.powers):
        y = 70 + i * 20
        pw.append(f'<rect x="8" y="{y}" width="164" height="17" rx="4" fill="{POWER_FILL[i]}"/>'
                  + _t(13, y + 12.5, p.name[:15], 10, "#ffffff", "700")
                  + _t(167, y + 12.5, f"A{p.a} D{p.d} W{p.w}", 10, "#ffffff", "800", "end"))
    texts = ["Most Wanted."] if vl.most_wanted else []
    texts += [f"{a.name}: {a.text}" for a in (vl.ability, vl.backup, vl.agent) if a is not None]
    return _card("villain", vid, vl.name, sub, " · ".join(texts), "#3b0764", "".join(pw))


@lru_cache(maxsize=1024)
def _story_card(C: Content, sid: str) -> str:
    s = C.stories.get(sid)
    name = s.name if s else sid
    team = C.teams[s.team].name if s and s.team in C.teams else ""
    return _card("story", sid, name, f"Story · {team}" if team else "Story", "", "#92400e")


def _zone(title: str, items: list[str], cls: str, empty: str = "none") -> list[str]:
    """A zone of cards, in pieces: its head, each card (the memoized strings) and its tail."""
    body = items or [f'<span class="empty">{_e(empty)}</span>']
    return [f'<section class="zone {cls}" aria-label="{_e(title)}"><h3>{_e(title)}</h3><div class="options">', *body,
            "</div></section>"]


# ------------------------------------------------------------------------------------------------ the table
def draw(view: dict[str, Any], seat: int | None, content: Content | None = None) -> str:
    """The table as ``seat`` sees it (``seat`` None: a spectator), as an HTML fragment."""
    return "".join(_pieces(view, seat, content)[0])


def pieces(view: dict[str, Any], seat: int | None, content: Content | None = None) -> list[str]:
    """:func:`draw` in pieces (``Game.web_view``): the board's pictures, the combat, and each card (memoized), so
    that a page holding them is sent only the others."""
    return _pieces(view, seat, content)[0]


def _draw(view: dict[str, Any], seat: int | None, content: Content | None = None) -> tuple[str, list[str]]:
    """The drawing and the options it put on the board (tests)."""
    out, drawn = _pieces(view, seat, content)
    return "".join(out), drawn


def _pieces(view: dict[str, Any], seat: int | None, content: Content | None = None) -> tuple[list[str], list[str]]:
    C = content or load_content(None)
    ctx = _Ctx(view, seat, C)
    dec = view.get("decision") or {}
    out = ['<div class="heroes-table">']
    head = [f"Game Round {int(view['round'])}",
            "Planning phase" if view.get("phase") == "planning" else f"Action Round {int(view['action_round'])}",
            f"First Player: P{int(view['first']) + 1}"]
    if int(view.get("arch", -1)) >= 0:
        head.append(f"Archnemesis: P{int(view['arch']) + 1}")
    if view.get("over"):
        head.append("the game is over")
    elif dec.get("seat") is not None:
        head.append("deciding: " + ("you" if dec["seat"] == seat else f"P{int(dec['seat']) + 1}"))
    out.append(f'<p class="ht-head"><strong>{" · ".join(_e(h) for h in head)}</strong></p>')
    out += _board(ctx)
    out.append(_combat(ctx))
    n = ctx.n
    order = list(range(n))
    if seat is not None and 0 <= seat < n:
        order = [seat] + [s for s in order if s != seat]
    for s in order:
        team = C.teams[view["teams"][s]]
        mm = ctx.mastermind(s)
        you = s == seat
        plan_i = min(int(view["plans"][s]), len(mm.plans) - 1)
        sizes = view["hand_sizes"][s]
        bits = [f"{int(view['vp'][s])} VP", plural(int(view['pp'][s]), "Plot Point"), f"Mastermind {mm.name}",
                f"Master Plan: {mm.plans[plan_i].name}"]
        out.append(f'<section class="ht-player" data-seat="{s}" aria-label="Player {s + 1}">'
                   f"<h3>{_e(ctx.pname(s))} · {_e(team.name)} — {_e(' · '.join(bits))}</h3>")
        if you or seat is None:
            out += _zone("Super Heroes", [_hero_card(ctx, h) for h in team.heroes], "team")
        else:
            out.append('<p class="heroes-line">' + _e("; ".join(
                f"{C.heroes[h].name}: {where(view['heroes'][h]['loc'])}"
                + (f", {view['heroes'][h]['wound']} wound" if view['heroes'][h]['wound'] else "")
                for h in team.heroes)) + "</p>")
        allies = view["allies"][s]
        if allies:
            out += _zone("Allies in play", [_ally_card(C, a[0], int(a[1])) for a in allies], "allies")
        extra = []
        if view["stories"][s]:
            extra.append("Story cards: " + ", ".join(C.stories[x].name if x in C.stories else x
                                                     for x in view["stories"][s]))
        if view["powerups"][s]:
            extra.append("Power-Ups: " + ", ".join(C.powerups[x].name if x in C.powerups else x
                                                   for x in view["powerups"][s]))
        if view["scored"][s]:
            extra.append("Headlines solved: " + ", ".join(
                C.headlines[x].name if x in C.headlines else C.specials[x].name if x in C.specials else x
                for x in view["scored"][s]))
        if extra:
            out.append(f'<p class="ht-extra">{_e(" · ".join(extra))}</p>')
        if you:
            out += _zone(f"Your Resource hand ({len(view['resource_hand'] or [])})",
                         [_resource_card(C, r) for r in view["resource_hand"] or []], "hand resources")
            out += _zone(f"Your Villain hand ({len(view['villain_hand'] or [])})",
                         [_villain_card(C, x) for x in view["villain_hand"] or []], "hand villains")
            out += _zone(f"Your Story cards ({len(view['stories'][s])})",
                         [_story_card(C, x) for x in view["stories"][s]], "hand stories")
        else:
            out.append(f'<p class="hand-count" data-seat="{s}" data-resources="{int(sizes[0])}" '
                       f'data-villains="{int(sizes[1])}">Hand: {int(sizes[0])} Resource cards, '
                       f"{int(sizes[1])} Villain cards, face down</p>")
        out.append("</section>")
    out.append("</div>")
    return out, ctx.drawn


def clear_caches() -> None:
    """Forget every drawn fragment (the tests draw with cold caches to check that no cache is keyed by less than
    what it draws); caches of the content and the engine are left alone."""
    from capes.games.heroes.web import board, combat, common

    for mod in (board, combat, common, sys.modules[__name__]):
        for v in vars(mod).values():
            if callable(getattr(v, "cache_clear", None)) and str(getattr(v, "__module__", "")).startswith("capes.games.heroes.web"):
                v.cache_clear()
