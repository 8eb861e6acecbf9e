"""What the seat can do with each card now, read from the view's option ids: the options by card, their short labels,
the drawing's context (options, names, hand) with the slot that makes a card a button, and why a hand card cannot be
played now (as far as the view tells)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from capes.games.champions import cards as S
from capes.games.champions import data
from capes.games.champions.data import Card
from capes.games.champions.render import view_names
from capes.games.champions.web.common import _e, _side


def _uid_options(ids: list[str], seat: int | None, view: dict[str, Any]) -> dict[int, list[str]]:
    """The seat's current options by the card they belong to (an option naming a card uid)."""
    by: dict[int, list[str]] = defaultdict(list)
    ident = None
    if seat is not None and 0 <= seat < len(view["players"]):
        ident = view["players"][seat]["identity"]["uid"]
    for oid in ids:
        parts = oid.split(":")
        kind = parts[0]
        if kind in ("play", "use", "pay", "res", "d", "def", "req", "t", "trig", "aatk", "athw", "atk", "thw") \
                and len(parts) > 1 and parts[1].isdigit():
            by[int(parts[1])].append(oid)
        elif oid in ("flip", "rec", "def:hero") and ident is not None:
            by[ident].append(oid)
    if ident is not None:
        # a menu offers copies of a card in hand once (the first copy): every copy carries that option, so that a
        # person may click whichever they see (playing either is the same)
        first: dict[str, int] = {}
        for c in view["players"][seat].get("hand", []):
            u, code = c["uid"], c["code"]
            if code not in first:
                first[code] = u
            elif u not in by and first[code] in by:
                by[u] = [o for o in by[first[code]] if o.split(":")[0] in _HAND_KINDS]
    return by


#: the options on a card in hand that any copy of it may carry
_HAND_KINDS = frozenset({"play", "pay", "d", "trig"})


def _opt_label(oid: str, names: dict[int, str], in_hand: bool) -> str:
    """A short label for an option on its card, from its id and the names in the view."""
    parts = oid.split(":")
    kind = parts[0]
    if kind in ("aatk", "athw") and len(parts) > 2 and parts[2].isdigit():
        verb = "Attack" if kind == "aatk" else "Thwart"
        return f"{verb} {names.get(int(parts[2]), '')}".strip()
    return {"play": "Play", "use": "Use", "pay": "Discard to pay", "res": "Pay with it", "d": "Discard",
            "def": "Defend", "def:hero": "Defend", "req": "Ask to use", "t": "Choose", "atk": "Attack",
            "thw": "Thwart", "flip": "Change form", "rec": "Recover",
            "trig": "Play" if in_hand else "Use"}.get(kind if kind != "def" or oid != "def:hero" else oid, oid)


def _in_play(view: dict[str, Any]) -> list[tuple[bool, str, Card]]:
    """(its player is in the game, identity?, card) for every player card in play: identities by the side up."""
    out = []
    for p in view["players"]:
        alive = bool(p.get("alive", 1))
        out.append((alive, "identity", _side(p["identity"])))
        out += [(alive, "play", data.CARDS[d["code"]]) for d in p["play"]]
    return out


def unplayable(view: dict[str, Any], seat: int | None, d: dict[str, Any], ids: list[str]) -> str | None:
    """Why the seat cannot play hand card ``d`` now, as far as its view tells (the engine's words for the same
    rules, champions/rr/playing-cards); None when it can (one of its options plays it). Only what the view shows is
    said: a card's cost after modifiers and what its condition needs are not in the view, so for those the reason
    stays "not among your options now" — never a guess."""
    me = view["players"][seat] if seat is not None and 0 <= seat < len(view["players"]) else None
    # the card, or another copy of it in hand (a menu offers copies once), has an option that plays it
    copies = {str(d["uid"])} | {str(h["uid"]) for h in (me or {}).get("hand", []) if h["code"] == d["code"]}
    if any((k := o.split(":"))[0] in ("play", "trig") and len(k) > 1 and k[1] in copies for o in ids):
        return None
    c = data.CARDS[d["code"]]
    if c.type == "resource":
        return "a resource card: discard it to pay for other cards"
    if c.cost is None:
        return "has no cost: it cannot be played"
    dec = view.get("decision") or {}
    if dec.get("over"):
        return "the game is over"
    if dec.get("seat") != seat:
        return f"not your decision now: P{int(dec['seat']) + 1} is deciding"
    if not any(o.split(":")[0] in ("play", "trig") for o in ids):
        return "no card can be played at this decision"
    me = view["players"][seat] if seat is not None else None
    hero = me is not None and me["identity"].get("form") == "hero"
    if c.kw("hero_only") and not hero:
        return "wrong form: hero form only"
    if c.kw("alter_ego_only") and hero:
        return "wrong form: alter-ego form only"
    cards = _in_play(view)
    if c.unique and any(alive and (x.name == c.name if where == "identity" else
                                   x.unique and x.name == c.name and x.subname == c.subname)
                        for alive, where, x in cards):
        return f"unique: {c.name} is already in play"
    if c.team and not all(any(alive and x.name == nm and (where == "identity" or x.type == "ally")
                              for alive, where, x in cards) for nm in c.team):  # champions/rr/team-up
        return "team-up: needs " + " and ".join(c.team) + " in play"
    mpp = c.kw("max_per_player")
    if mpp and me is not None:
        holders = [p for p in view["players"] if p.get("alive", 1)] if c.code in S.ANY_CONTROL else [me]
        if all(sum(1 for x in p["play"] if data.CARDS[x["code"]].name == c.name) >= mpp for p in holders):
            return f"limit {mpp} per player already in play"
    if c.type == "event":
        spec = S.PLAY.get(c.code)
        form = spec[1] if spec is not None else "never"
        if form == "never":
            return "played only in answer to what it names (an interrupt or response)"
        if form == "hero" and not hero:
            return "wrong form: hero form only"
        if form == "ae" and hero:
            return "wrong form: alter-ego form only"
    elif c.type == "upgrade" and c.attach == "minion" and not any(
            data.CARDS[e["code"]].type == "minion" for e in view["encounter_play"]):
        return "no target: no minion to attach it to"
    return "not among your options now"


class _Ctx:
    def __init__(self, view: dict[str, Any], seat: int | None) -> None:
        self.view = view
        dec = view.get("decision") or {}
        self.ids = [str(o) for o in dec.get("options", [])]
        self.by = _uid_options(self.ids, seat, view)
        self.names: dict[int, str] = view_names(view)
        self.hand_uids = {c["uid"] for p in view["players"] for c in p.get("hand", [])}
        self.drawn: list[str] = []  # option ids put on the board (tests)

    def slot(self, svg: Sequence[str], uid: int | None, name: str) -> list[str]:
        """A card (its drawing's pieces) with what the seat can do with it now: the card itself a button (one
        option) or buttons under it (several); just the card (focusable, its text in its tooltip) otherwise. In
        pieces: the card's own, and the wrapping's."""
        opts = self.by.get(uid, []) if uid is not None else []
        if not opts:
            return [_SLOT, *svg, "</span>"]
        labels = [_opt_label(o, self.names, uid in self.hand_uids) for o in opts]
        self.drawn += opts
        if len(opts) == 1:
            return [f'<button type="button" class="cslot act" data-option="{_e(opts[0])}" '
                    f'aria-label="{_e(labels[0])}: {_e(name)}" title="{_e(labels[0])}: {_e(name)}">', *svg,
                    "</button>"]
        btns = "".join(f'<button type="button" data-option="{_e(o)}" title="{_e(lab)}: {_e(name)}">{_e(lab)}</button>'
                       for o, lab in zip(opts, labels, strict=True))
        return [f'<span class="cslot acts" role="group" aria-label="{_e(name)}: {len(opts)} choices">', *svg,
                f'<br><span class="acts-list">{btns}</span></span>']


_SLOT = '<span class="cslot" tabindex="0">'


def _label_for(ctx: _Ctx, uid: int) -> str:
    opts = ctx.by.get(uid, [])
    if len(opts) == 1:
        return "▶ " + _opt_label(opts[0], ctx.names, uid in ctx.hand_uids)
    if opts:
        return f"▶ {len(opts)} choices"
    return ""
