"""Text picture of a Champions state for one seat (shown before each human decision).

Everything shown comes from ``state.view(seat)``, which holds only what that seat may know; the current
statistics of cards in play (ATK, THW, SCH, DEF, hit points after modifiers) are public and read from the
state's stat functions.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from capes.core.words import named_in
from capes.games.champions.data import CARDS

_RES = {"P": "physical", "M": "mental", "E": "energy", "W": "wild"}


def _n(k: int, word: str) -> str:
    return f"{k} {word if k == 1 else word + 's'}"


def _tags(d: dict[str, Any]) -> list[str]:
    bits = []
    if d.get("exhausted"):
        bits.append("exhausted")
    if d.get("counters"):
        bits.append(_n(d["counters"], "counter"))
    bits += d.get("status", [])
    if d.get("controller") is not None:
        bits.append(f"owned by P{d['owner'] + 1}")
    return bits


def _line(state: Any, d: dict[str, Any], *, stats: str = "") -> str:
    """One card in play: name, tags, then its current numbers."""
    u, c = d["uid"], CARDS[d["code"]]
    icons = [f"{n} {k}" for k, n in (("crisis", c.crisis), ("acceleration", c.accel), ("hazard", c.hazard)) if n]
    tags = _tags(d) + icons
    parts = [d["name"] + (f" [{', '.join(tags)}]" if tags else "")]
    if c.hp is not None or c.type in ("hero", "alter_ego"):
        hp = state.hp(u)
        parts.append(f"HP {hp - d.get('damage', 0)}/{hp}")
    for key in stats.split():
        val = {"ATK": state.atk, "THW": state.thw, "SCH": state.sch, "DEF": state.defv, "REC": state.rec}[key](u)
        parts.append(f"{key} {val}")
    if "threat" in d or c.type == "side_scheme":
        parts.append(f"{d.get('threat', 0)} threat")
    return "  ".join(parts)


def _hand_card(state: Any, seat: int, d: dict[str, Any]) -> str:
    c = CARDS[d["code"]]
    res = ", ".join(_RES[ch] for ch in c.res) or "none"
    cost = "-" if c.cost is None else str(state.cost_of(seat, d["uid"]))
    why = state.why_unplayable(seat, d["uid"])
    tail = f" - cannot play now: {why}" if why else " - playable"
    return f"{d['name']} ({c.type.replace('_', ' ')}, cost {cost}, resource {res}){tail}"


def card_text(c: Any) -> str:
    """A card's rules as a player reads them: type, traits, numbers, keywords, then its text (our own words, from
    the data files)."""
    head = c.type.replace("_", " ")
    if c.aspect and c.aspect not in ("encounter", "hero"):
        head += f", {c.aspect}"
    if c.traits:
        head += " (" + ", ".join(c.traits) + ")"
    nums = []
    if c.cost is not None:
        nums.append(f"cost {c.cost}")
    if c.res:
        nums.append("resource " + ", ".join(_RES[ch] for ch in c.res))
    shown = {"hero": ("ATK", "THW", "DEF"), "alter_ego": ("REC",), "ally": ("ATK", "THW"),
             "villain": ("ATK", "SCH"), "minion": ("ATK", "SCH")}.get(c.type, ())
    for key, val in (("ATK", c.atk), ("THW", c.thw), ("DEF", c.def_), ("REC", c.rec), ("SCH", c.sch)):
        if key in shown:
            nums.append(f"{key} {'-' if val is None else val}")
    if c.hp is not None:
        nums.append(f"{c.hp}{' per player' if c.hp_per_hero else ''} hit points")
    if c.hand:
        nums.append(f"hand size {c.hand}")
    if c.threat is not None:
        nums.append(f"target {c.threat}{'' if c.threat_fixed else ' per player'} threat")
    if c.base_threat is not None and c.type == "side_scheme":
        nums.append(f"starts with {c.base_threat}{'' if c.base_fixed else ' per player'} threat")
    if c.boost:
        nums.append(f"boost {c.boost}")
    kws = [] if c.text else [k.replace("_", " ").replace(":", " ") for k in c.keywords]
    body = ". ".join(x for x in ("; ".join(nums), ", ".join(kws).capitalize(), c.text.strip()) if x)
    return f"{head}. {body}" if body else head


def glossary(state: Any, seat: int | None) -> dict[str, str]:
    """The text of every card ``seat`` can see now, by the name players see: its own hand, every card in play
    (both sides of each identity), the villain, the schemes, encounter cards revealed (in play, in the encounter
    discard pile or the victory display) and the players' discard piles. Never another seat's hand, a deck,
    facedown encounter or boost cards, or cards held facedown (Drones, Highway Robbery). Every other encounter
    card is in view wherever it is, also while it is revealed or resolves (a treachery on its way to the discard
    pile, an obligation whose choice is being made, a boost card turned faceup): the log and the prompts name it.
    A card out of view now (reshuffled into a deck, back in a hand) keeps its text here once a log line ``seat``
    can read has named it: what the seat has been told stays at hand."""
    us: list[int] = [state.villain, state.mscheme, *state.eplay, *state.edisc, *state.victory]
    hidden = {*state.edeck, *state.vstages, *state.mstages, *state.boosts[state.bup:]}
    for p in range(state.n):
        hidden.update(state.fd[p])
    us += [u for u, o in enumerate(state.owner) if o < 0 and u not in hidden]
    for p in range(state.n):
        us.append(state.ident[p])
        us += state.play[p]
        us += state.disc[p]
        if p == seat:
            us += state.hand[p]
    out: dict[str, str] = {}
    for u in us:
        c = CARDS[state.code[u]]
        cards = [state.ccard(u)]
        if state.is_ident(u):  # both sides of an identity are public
            cards = [CARDS[state.code[u]]] + ([CARDS[c.back]] if c.back and c.back in CARDS else [])
        for card in cards:
            key = card.name + (f" ({card.stage})" if card.stage and card.type in ("villain", "main_scheme")
                               else f", {card.subname}" if card.subname and card.type == "ally" else "")
            out.setdefault(key, card_text(card))
    shown = set(us)
    gone: dict[str, Any] = {}
    for u in range(len(state.code)):
        if u not in shown:
            c = CARDS[state.code[u]]
            gone.setdefault(c.name, c)
    told = [t for e in state.log if (t := e.seen_by(seat)) is not None]
    for name in sorted(named_in(told, [n for n in gone if n not in out])):
        c = gone[name]
        key = c.name + (f" ({c.stage})" if c.stage and c.type in ("villain", "main_scheme")
                        else f", {c.subname}" if c.subname and c.type == "ally" else "")
        out.setdefault(key, card_text(c))
    return out


def view_names(v: dict[str, Any]) -> dict[int, str]:
    """uid -> name of every card in play in view ``v`` (the terminal's and the browser's "on X" notes and option
    labels). Two minions of one name (Ultron's Drones) are told apart by the player each is engaged with."""
    names = {v["villain"]["uid"]: v["villain"]["name"], v["main_scheme"]["uid"]: v["main_scheme"]["name"]}
    for e in v["encounter_play"]:
        names[e["uid"]] = e["name"]
    for p in v["players"]:
        names[p["identity"]["uid"]] = p["identity"]["name"]
        for c in p["play"]:
            names[c["uid"]] = c["name"]
    twice = {n for n, k in Counter(e["name"] for e in v["encounter_play"]).items() if k > 1}
    for e in v["encounter_play"]:
        if e["name"] in twice and e.get("engaged_with") is not None:
            names[e["uid"]] = f"{e['name']} (engaged with P{e['engaged_with'] + 1})"
    return names


def render(state: Any, seat: int | None) -> str:
    v = state.view(seat)
    names = view_names(v)
    def side_up(i: int) -> str:
        """Player ``i`` by the side of their identity that is up (Peter Parker in alter-ego, Spider-Man in hero)."""
        idd = v["players"][i]["identity"]
        return f"P{i + 1} {idd['name']} ({idd['form']})"

    turn = f" - {side_up(v['turn'])}'s turn" if v.get("turn", -1) >= 0 else ""
    rnd = f"Round {v['round']}" if v["round"] else "Setup"  # champions/summary/setup: before Round 1
    lines = [f"{rnd} - first player P{v['first_player'] + 1}{turn}"]
    d = state.decision
    if d.seat is not None and 0 <= d.seat < len(v["players"]):
        lines.append(f"{side_up(d.seat)} to decide")
    vil = v["villain"]
    stage = CARDS[vil["code"]].stage or ""
    lines.append(f"VILLAIN {_line(state, vil, stats='ATK SCH')}  (stage {stage}, "
                 f"{_n(v['villain_stages_left'], 'stage')} left)")
    ms = v["main_scheme"]
    lines.append(f"MAIN SCHEME {ms['name']} ({CARDS[ms['code']].stage}): {ms.get('threat', 0)}/{ms['target']} "
                 f"threat, acceleration tokens {v['acceleration_tokens']}, "
                 f"{_n(v['main_stages_left'], 'stage')} left")
    groups: dict[str, list[str]] = {}
    for e in v["encounter_play"]:
        c = CARDS[e["code"]]
        kind = {"minion": "Minions", "side_scheme": "Side schemes", "environment": "Environments"}.get(
            c.type, "Attachments")
        text = _line(state, e, stats="ATK SCH" if c.type == "minion" else "")
        if e.get("engaged_with") is not None:
            text += f"  engaged with P{e['engaged_with'] + 1}"
        if e.get("attached_to") is not None:
            text += f"  on {names.get(e['attached_to'], '?')}"
        groups.setdefault(kind, []).append(text)
    for kind in ("Side schemes", "Minions", "Attachments", "Environments"):
        if kind in groups:
            lines.append(f"{kind}:")
            lines += [f"  {t}" for t in groups[kind]]
    lines.append(f"Encounter deck {v['encounter_deck']}, discard {len(v['encounter_discard'])}"
                 + (f", victory display {len(v['victory_display'])}" if v["victory_display"] else ""))
    if v["boost_facedown"] or v["boost_faceup"]:  # champions/rr/boost: dealt facedown, turned as the attack resolves
        lines.append("Boost cards: " + ", ".join([*(f"{CARDS[c].name} (faceup, boost {CARDS[c].boost}"
                                                   + ("★" if CARDS[c].boost_star else "") + ")"
                                                   for c in v["boost_faceup"]),
                                                 *([_n(v["boost_facedown"], "facedown card")] if v["boost_facedown"]
                                                   else [])]))
    for i, p in enumerate(v["players"]):
        idd = p["identity"]
        head = _line(state, idd, stats="ATK THW DEF" if idd["form"] == "hero" else "REC")
        status = "" if p["alive"] else "  ELIMINATED"
        fd = f", {_n(p['facedown_encounter'], 'facedown encounter card')}" if p["facedown_encounter"] else ""
        lines.append(f"P{i + 1} {head} ({idd['form']}){status}")
        lines.append(f"    hand {p['hand_size']}, deck {p['deck_size']}, discard {len(p['discard'])}{fd}")
        for c in p["play"]:
            card = CARDS[c["code"]]
            text = _line(state, c, stats="ATK THW" if card.type == "ally" else "")
            if c.get("attached_to") is not None:
                text += f"  on {names.get(c['attached_to'], '?')}"
            lines.append(f"    {card.type}: {text}")
        if "hand" in p:
            lines.append("    hand:")
            lines += [f"      {_hand_card(state, i, c)}" for c in p["hand"]]
    return "\n".join(lines)
