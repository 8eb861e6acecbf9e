"""The areas of the table: the villain's side (villain, schemes, encounter cards in play, piles) and each player's
area but the hand (identity, engaged minions, cards in play, piles), each memoized by everything it reads; a card
with its notes and options, and a hand card (dimmed with its reason when it cannot be played)."""

from __future__ import annotations

import marshal
from collections import defaultdict
from typing import Any

from capes.games.champions import data
from capes.games.champions.data import Card
from capes.games.champions.web.cards import card_parts, pile_svg
from capes.games.champions.web.choices import _SLOT, _Ctx, _label_for, unplayable
from capes.games.champions.web.common import _e, _side, _zone


def _card(ctx: _Ctx, d: dict[str, Any], note: str = "", **kw: Any) -> list[str]:
    """A card in play with its notes and options, in pieces."""
    c = _side(d)
    if d.get("attached_to") is not None:
        note = (note + " · " if note else "") + f"on {ctx.names.get(d['attached_to'], '?')}"
    if d.get("controller") is not None and d.get("owner") is not None and d["owner"] != d["controller"]:
        note = (note + " · " if note else "") + f"owned by P{d['owner'] + 1}"
    uid = d["uid"]
    if not ctx.by.get(uid):  # nothing to do with it now (most cards): no label, no buttons
        return [_SLOT, *card_parts(c, d, note=note, **kw), "</span>"]
    svg = card_parts(c, d, note=note, label=_label_for(ctx, uid), **kw)
    return ctx.slot(svg, uid, d["name"])


def _hand_card(ctx: _Ctx, view: dict[str, Any], seat: int | None, h: dict[str, Any]) -> list[str]:
    """A card of the seat's hand: with its options when it has some; a card nothing can be done with now is dimmed
    and marked, the reason it cannot be played in its tooltip (as far as the view tells). In pieces."""
    c = data.CARDS[h["code"]]
    if ctx.by.get(h["uid"]):
        return ctx.slot(card_parts(c, h, label=_label_for(ctx, h["uid"])), h["uid"], h["name"])
    why = unplayable(view, seat, h, ctx.ids)
    svg = card_parts(c, h, why=why)
    if why is None:
        return ctx.slot(svg, h["uid"], h["name"])
    return [f'<span class="cslot" tabindex="0" data-unplayable="{_e(why)}" '
            f'aria-label="{_e(h["name"])}: cannot be played now: {_e(why)}">', *svg, "</span>"]


#: areas of the table drawn (their pieces), by the marshalled inputs of each (see _memo); the least recently used
#: dropped first past _AREAS_MAX (an area is ~10-30 KB: 1024 hold every area of ~200 two-seat tables' current states)
_AREAS: dict[bytes, tuple[tuple[str, ...], tuple[str, ...]]] = {}
_AREAS_MAX = 1024


class _Sub(_Ctx):
    """The part of a drawing's context that some cards read: their options, the names their notes and option
    labels name (and no other), which of them are in a hand; ``key`` lists it card by card."""

    def __init__(self, ctx: _Ctx, cards: list[dict[str, Any]]) -> None:
        self.by = {}
        self.names = {}
        self.hand_uids = set()
        self.drawn = []
        self.key: list[Any] = []
        for d in cards:
            uid = d["uid"]
            opts = ctx.by.get(uid)
            named = []
            if opts:
                self.by[uid] = opts
                for o in opts:
                    parts = o.split(":")
                    if parts[0] in ("aatk", "athw") and len(parts) > 2 and parts[2].isdigit():
                        named.append(int(parts[2]))
            t = d.get("attached_to")
            if t is not None:
                named.append(t)
            for t in named:
                if t in ctx.names:
                    self.names[t] = ctx.names[t]
            inhand = uid in ctx.hand_uids
            if inhand:
                self.hand_uids.add(uid)
            self.key.append((opts, inhand, [(t, t in ctx.names, ctx.names.get(t)) for t in named]))


_AREAS_CARDS: list[Card] = []  # the card data the memo was filled with (it is emptied if that changes)


def _memo(ctx: _Ctx, inputs: tuple[Any, ...], cards: list[dict[str, Any]], draw: Any) -> tuple[str, ...]:
    """``draw(inputs, sub)`` for an area of the table, memoized by everything it reads: ``inputs`` (parts of the
    view, plain JSON data) and what the context gives its ``cards`` (``sub``); marshal's bytes tell 1 from True
    and 1.0. ``draw`` is given nothing else, so nothing else can change what it draws. The options it puts on
    the board are added to ``ctx.drawn`` as a drawing would. The area comes in pieces (the same strings on every hit,
    so that a page holding them is not sent them again)."""
    first = next(iter(data.CARDS.values()))
    if not _AREAS_CARDS or _AREAS_CARDS[0] is not first:
        _AREAS.clear()
        _AREAS_CARDS[:] = [first]
    sub = _Sub(ctx, cards)
    try:
        key = marshal.dumps((inputs, sub.key), 0)
    except ValueError:  # not plain data: drawn without the memo
        key = None
    hit = _AREAS.pop(key, None) if key is not None else None
    if hit is not None:
        _AREAS[key] = hit  # now the most recently used
    else:
        hit = (tuple(draw(inputs, sub)), tuple(sub.drawn))
        if key is not None:
            if len(_AREAS) >= _AREAS_MAX:
                del _AREAS[next(iter(_AREAS))]
            _AREAS[key] = hit
    ctx.drawn += hit[1]
    return hit[0]


def _villain_area(ctx: _Ctx, view: dict[str, Any], n: int, enc: list[dict[str, Any]],
                  attached: dict[int, list[dict[str, Any]]]) -> tuple[str, ...]:
    """The villain's side of the table: the villain, the schemes, other encounter cards in play, the piles."""
    vil = view["villain"]
    disc = view["encounter_discard"]
    holders = {vil["uid"], *(p["identity"]["uid"] for p in view["players"]),
               *(e["uid"] for e in enc if data.CARDS[e["code"]].type == "minion")}
    inputs = (vil, view["main_scheme"], n, view.get("acceleration_tokens", 0), enc, view.get("villain_stages_left"),
              view.get("main_stages_left"), view["encounter_deck"], len(disc), disc[-1] if disc else None,
              view.get("boost_facedown"), len(view.get("victory_display") or ()), list(holders),
              list(view.get("boost_faceup") or ()))
    cards = [vil, *attached.get(vil["uid"], []), view["main_scheme"],
             *(e for e in enc if data.CARDS[e["code"]].type == "side_scheme"),
             *(e for e in enc if data.CARDS[e["code"]].type not in ("side_scheme", "minion")
               and e.get("attached_to") not in holders)]
    return _memo(ctx, inputs, cards, _draw_villain_area)


def _draw_villain_area(inputs: tuple[Any, ...], ctx: _Ctx) -> list[str]:
    vil, ms, n, accel_tokens, enc, vil_left, ms_left, deck, n_disc, top_code, boost, victory, holders, up = inputs
    attached: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for e in enc:
        if e.get("attached_to") is not None:
            attached[e["attached_to"]].append(e)
    vc = data.CARDS[vil["code"]]
    mc = data.CARDS[ms["code"]]
    esc = mc.escalation
    esc_note = ""
    if esc:
        esc_note = f"+{esc if mc.escalation_fixed else esc * n} threat each villain phase"
    accel = int(accel_tokens)
    vrow = [_card(ctx, vil, big=True, villain_hp=vil.get("hp")),
            *(_card(ctx, a) for a in attached.get(vil["uid"], []))]
    stage_txt = f"Villain {vc.stage}" if vc.stage else "Villain"
    if vil_left:
        stage_txt += f" · {vil_left} more stage{'s' if vil_left > 1 else ''}"
    srow = [_card(ctx, ms, big=True, threat_target=ms.get("target"), note=esc_note)]
    if accel:
        srow.append([pile_svg("acceleration tokens", accel, "#9a3412", "+1 threat each")])
    sides = [e for e in enc if data.CARDS[e["code"]].type == "side_scheme"]
    srow += [_card(ctx, s) for s in sides]
    # an attachment is drawn beside the villain, an identity or a minion it is on; anything else here
    others = [e for e in enc if data.CARDS[e["code"]].type not in ("side_scheme", "minion")
              and e.get("attached_to") not in holders]
    top = data.CARDS[top_code].name if n_disc else ""
    piles = [[pile_svg("deck", int(deck), "#4a1d0f")],
             [pile_svg("discard", n_disc, "#6b4f3a", top)]]
    if boost:
        piles.append([pile_svg("boost cards", int(boost), "#3b0764", "facedown")])
    # champions/rr/boost: the boost cards turned faceup for the attack or scheme now resolving, until it ends
    piles += [[_SLOT, *card_parts(data.CARDS[code], {"code": code, "name": data.CARDS[code].name},
                                  note="faceup boost"), "</span>"] for code in up if code in data.CARDS]
    if victory:
        piles.append([pile_svg("victory display", victory, "#14532d")])
    ms_txt = f"Scheme {mc.stage}" if mc.stage else "Scheme"
    if ms_left:
        ms_txt += f" · {ms_left} more"
    return ['<div class="ct-villain bar">', *_zone(stage_txt, vrow, "villain"),
            *_zone(ms_txt + (" · side schemes" if sides else ""), srow, "schemes"),
            *_zone("In play", [_card(ctx, o) for o in others], "env"), *_zone("Encounter", piles, "piles"), "</div>"]


def _player_area(ctx: _Ctx, p: dict[str, Any], i: int, seat: int | None, first: Any, enc: list[dict[str, Any]],
                 attached: dict[int, list[dict[str, Any]]]) -> tuple[str, ...]:
    """Player ``i``'s area but the hand: the heading, identity, minions engaged, cards in play and piles."""
    idd = p["identity"]
    mins = [e for e in enc if e.get("engaged_with") == i]
    atts = [(m["uid"], attached[m["uid"]]) for m in [idd, *mins] if m["uid"] in attached]
    disc = p["discard"]
    inputs = (i, i == seat, i == first, idd, p.get("alive", 1), p["play"], len(disc), disc[-1] if disc else None,
              p["deck_size"], "hand" in p, p.get("hand_size") if "hand" not in p else None,
              p.get("facedown_encounter"), mins, atts)
    cards = [idd, *mins, *p["play"], *(a for _, aa in atts for a in aa)]
    return _memo(ctx, inputs, cards, _draw_player_area)


def _draw_player_area(inputs: tuple[Any, ...], ctx: _Ctx) -> list[str]:
    i, mine, first, idd, alive, play, n_disc, top_code, deck_size, has_hand, hand_size, facedown, mins, atts = inputs
    attached = dict(atts)
    out: list[str] = []
    you = " (you)" if mine else ""
    tags = [f"{'hero' if idd['form'] == 'hero' else 'alter-ego'} form"]
    if not alive:
        tags.append("ELIMINATED")
    if first:
        tags.append("first player")
    out.append(f'<section class="ct-player" aria-label="Player {i + 1}">'
               f"<h3>P{i + 1} · {_e(idd['name'])}{you} — {_e(', '.join(tags))}</h3><div class=\"bar\">")
    row = [_card(ctx, idd, big=True)]
    row += [_card(ctx, a) for a in attached.get(idd["uid"], [])]
    out += _zone("Identity", row, "identity")
    mrow = []
    for m in mins:
        mrow.append(_card(ctx, m))
        mrow += [_card(ctx, a) for a in attached.get(m["uid"], [])]
    out += _zone("Engaged with you" if mine else f"Engaged with P{i + 1}", mrow, "minions")
    kinds: dict[str, list[list[str]]] = defaultdict(list)
    for d in play:
        t = data.CARDS[d["code"]].type
        kinds[_KIND.get(t, "Other cards")].append(_card(ctx, d))
    for k in ("Allies", "Upgrades", "Supports", "Other cards"):
        out += _zone(k, kinds.get(k, []), k.lower().replace(" ", "-"))
    top = data.CARDS[top_code].name if n_disc else ""
    ppiles = [[pile_svg("deck", int(deck_size), "#1f3a5f")],
              [pile_svg("discard", n_disc, "#51606f", top)]]
    if not has_hand:
        ppiles.append([pile_svg("cards in hand", int(hand_size), "#0b5cad")])
    if facedown:
        ppiles.append([pile_svg("facedown encounter", int(facedown), "#4a1d0f")])
    out += _zone("Piles", ppiles, "piles")
    out.append("</div>")
    return out


_KIND = {"ally": "Allies", "upgrade": "Upgrades", "support": "Supports"}
