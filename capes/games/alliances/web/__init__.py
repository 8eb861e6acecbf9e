"""The Alliances table drawn for the browser (issue 12): the Stage board as SVG, the Character dashboards, the
Spawn and Enemy Trackers, the Priority Character, the Round/Turn and the Stage's goal and progress.

Everything is drawn from the seat's ``view`` alone plus static content looked up by id (Stage boards, Character and
Enemy cards, Level-Up cards). The Spaces come from the Stage's :class:`~capes.games.alliances.board.Board`
(``coords`` / ``label`` / ``parse`` / ``dist``): this module knows no geometry of its own. Every text is escaped.

The table page forbids inline styles (its Content-Security-Policy says ``style-src 'self'``), so the drawing uses
SVG presentation attributes only (``fill``, ``stroke``, ``font-size``…), and SMIL ``<set>`` for hover and focus
effects; it scales with the page (``width="min(100%, …)"``): the board, the trackers and the four dashboards are
separate pictures that sit side by side on a laptop and stack on a phone.

Choosing on the board: an element carrying ``data-option`` is an option of the deciding seat (the page sends it
when clicked). Spaces named by an option id (``move:d4``, ``deploy:…``, ``place:…``, ``space:…``, ``toward:…``,
``launch:…``, ``drag:…``) are highlighted and clickable; an Enemy named by an attack (``attack:<attack>:<uid>``),
``target:<uid>``, ``first:<uid>`` or ``skill:bad_luck:<uid>`` is clickable (several attacks on one Enemy: one
small chip each); a Character named by ``activate:``, ``priority:``, ``give:`` or ``nearest:`` is clickable (on the
board and on its dashboard); an Objective token or Ingredient named by ``interact:<token id>`` is clickable.
Clickable elements are SVG links, so that Tab reaches them and Enter chooses them. Hovering or focusing a Character
shades the Spaces within the range of its longest attack.
"""

from __future__ import annotations

import sys
from types import SimpleNamespace
from typing import Any

from capes.games.alliances.glossary import STAGE_TEXT, _stage_rules_text
from capes.games.alliances.web.board import _board
from capes.games.alliances.web.common import (
    CELL,
    GOALS,
    MARGIN,
    SPACE_VERBS,
    _ident,
    _Memo,
    _t,
    option_targets,
)
from capes.games.alliances.web.dashboards import _card, _card_parts, _trackers

__all__ = ["SPACE_VERBS", "clear_caches", "option_targets", "web_view"]


# --- the whole table --------------------------------------------------------------------------------------------

def web_view(game: Any, view: dict[str, Any], seat: int | None) -> list[str]:
    """The table as ``seat`` sees it, in pieces (their concatenation is the HTML fragment): the header, the board's
    own pieces, the trackers and each Character's dashboard (memoized strings, so that a page holding them is sent
    only the others)."""
    data = game.data
    st = data.stages[view["stage"]]
    chars = view["characters"]
    names = [data.characters[c["id"]].name for c in chars]
    sides = [game.side(c["id"], int(c["injured"]), tuple(c["cards"])) for c in chars]
    spaces_opt, enemy_opt, char_opt, token_opt = option_targets(view)
    board = _board(game, view, st, names, sides, spaces_opt, enemy_opt, char_opt, token_opt)
    H = st.board.height * CELL + MARGIN
    cards = [_card_parts(game, view, i, c, names[i], sides[i]) for i, c in enumerate(chars)]
    ch = max(h for h, _ in cards)
    dash = [_card(view, i, c, names[i], parts, ch, char_opt.get(c["id"])) for i, (c, (_, parts)) in enumerate(zip(chars, cards, strict=True))]
    return ['<div class="al-table">', _header(game, view, st), '<div class="al-main">', *board,
            _trackers(game, view, st, names, H),
            '</div><div class="al-dash" role="list" aria-label="Character dashboards">', *dash, "</div></div>"]


def _header(game: Any, view: dict[str, Any], st: Any) -> str:
    """The Stage, the Mission's Stages, Round/Turn/phase and the goal with its progress (plain HTML text)."""
    mission = []
    for k, sid in enumerate(view["mission"]):
        s2 = game.data.stages[sid]
        if k < view["stage_index"]:
            mission.append(f"{s2.board_name} (done)")
        elif k == view["stage_index"]:
            mission.append(f"{s2.board_name} (now)")
        else:
            mission.append(s2.board_name)
    if st.kind == "boss":
        done, need, what = int(view["boss_dazes"]), 2, "Boss Daze Tracker"
    else:
        done, need, what = int(view["completed"]), 3, "Objectives completed"
    pips = "".join(f'<circle cx="{9 + 20 * k}" cy="9" r="7" fill="{"#ca8a04" if k < done else "#fff"}" stroke="#854d0e" stroke-width="2"/>'
                   for k in range(need))
    prog = f'<svg width="{20 * need}" height="18" viewBox="0 0 {20 * need} 18" role="img" aria-label="{_t(what)} {done} of {need}">{pips}</svg>'
    who = next((game.data.characters[c["id"]].name for c in view["characters"] if c["id"] == view.get("active")), None)
    prio = next((game.data.characters[c["id"]].name for c in view["characters"] if c["id"] == view["priority"]), "")
    if view.get("over"):
        phase = "The Mission is over" + (f": {view['why']}" if view.get("why") else "")
    elif view["round"] == 0:
        phase = "Setup"
    elif who:
        phase = f"Turn {view['turn'] + 1} of 2: {who} is activating"  # alliances/turn: two Turns a Round
    else:
        phase = f"Turn {view['turn'] + 1} of 2"
    rules = STAGE_TEXT.get(st.script) or _rules_text(game.rules, st.script) or st.note
    return (f'<h2 class="al-stage">{_t(st.name)} <small>— {_t(st.board_name)}, Stage {view["stage_index"] + 1} of '
            f'{len(view["mission"])}</small></h2>'
            f'<p class="al-status"><b>Round {view["round"]}</b> · {_t(phase)} · Priority: <b>{_t(prio)}</b><br>'
            f'<b>Goal:</b> {_t(GOALS.get(st.script, "Complete the Stage"))} · {_t(what)} {prog} {done}/{need}<br>'
            f'Mission: {_t(" → ".join(mission))}</p>'
            + (f'<details class="al-rules"><summary>Stage rules</summary><p>{_t(rules)}</p></details>' if rules else ""))


_RULES = _Memo(64)


def _rules_text(rules: Any, script: str) -> str:
    """A project-authored Stage's rules from the rules index (once per index and Stage script)."""
    return _RULES.get((_ident(rules), script), _stage_rules_text, SimpleNamespace(rules=rules), script)  # type: ignore[no-any-return]


def clear_caches() -> None:
    """Forget every drawn fragment and static drawing (the tests draw with cold caches to check that no cache is
    keyed by less than what it draws); caches of the content and the engine are left alone."""
    from capes.games.alliances.web import board, choices, common, dashboards

    for mod in (board, choices, common, dashboards, sys.modules[__name__]):
        for v in vars(mod).values():
            if isinstance(v, common._Memo):
                v.hits.clear()
            elif callable(getattr(v, "cache_clear", None)) and str(getattr(v, "__module__", "")).startswith("capes.games.alliances.web"):
                v.cache_clear()
    for d in (board._DRAWINGS, common._IDENTS, dashboards._CARDS):
        d.clear()
