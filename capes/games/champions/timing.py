"""Timing windows: the questions of interrupt/response windows (optional triggers, player by player) and of
simultaneous forced abilities, and resolving a triggered card played from hand.

Rule ids: champions/rr/timing, champions/rr/forced, champions/rr/first-player, champions/rr/peril,
champions/summary/actions/interrupt-response. Finding which triggers a window has is
:mod:`capes.games.champions.abilities`.
"""

from __future__ import annotations

import re

from capes.core.words import sentence
from capes.games.champions import cards as S
from capes.games.champions.abilities import forced_trigger
from capes.games.champions.frames import ASKS, step
from capes.games.champions.state import ChampionsState

G = ChampionsState

@step("evt")
def _evt(g: G, *args) -> None:
    pass


@step("win")
def _win(g: G, event: str) -> None:
    g.window(event, len(g.stack) - 1)


def _optwin_find(g: G, f: tuple):
    _, event, i, k, used = f
    if not g.relevant(event)[4]:  # no optional trigger of this event names a card of this game
        return max(k, len(g.order())), -1, []
    order = g.order()
    alone = -1
    for m in g.mods:
        if m[0] == "peril":
            alone = m[2]
            break
    while k < len(order):
        p = order[k]
        if alone >= 0 and p != alone:  # champions/rr/peril
            k += 1
            continue
        asked, ts = g.optional_triggers(event, i, p)
        if used:
            ts = [t for t in ts if t[0] not in used]
        if ts or asked:
            return k, p, ts
        k += 1
    return k, -1, []


def _who(g: G, q: int) -> str:
    return f"player {q + 1} ({g.idcard(q).name})" if 0 <= q < g.n else "a player"


#: the moment an interrupt/response window answers, in the game's words: event -> fn(state, event frame)
_MOMENTS = {
    "attack_init": lambda g, f: f"{g.name(f[1])} is about to attack {_who(g, f[2])}",
    "dmg": lambda g, f: f"{g.name(f[1])} would take {f[2]} damage",
    "threat": lambda g, f: f"{f[2]} threat would be placed on {g.name(f[1])}",
    "treachery": lambda g, f: f"the treachery {g.name(f[1])} is revealed for {_who(g, f[2])}",
    "encounter_revealed": lambda g, f: f"{g.name(f[1])} is revealed from the encounter deck for {_who(g, f[2])}",
    "after_attack": lambda g, f: f"{g.name(f[2])} attacked {g.name(f[3])}",
    "after_thwart": lambda g, f: f"{g.name(f[2])} thwarted",
    "defended": lambda g, f: f"{g.name(f[2])} defended against {g.name(f[3])}",
    "minion_defeated": lambda g, f: f"{g.name(f[2])} was defeated",
    "minion_defeating": lambda g, f: f"{g.name(f[1])} is about to be defeated",
    "minion_entered": lambda g, f: f"{g.name(f[2])} entered play engaged with {_who(g, f[3])}",
    "form_changed": lambda g, f: f"{_who(g, f[2])} changed form",
    "enemy_attacked": lambda g, f: f"{g.name(f[2])} attacked {_who(g, f[3])}",
    "enemy_schemed": lambda g, f: f"{g.name(f[2])} schemed",
    "round_end": lambda g, f: "the round ends",
}


def moment(g: G, event: str, i: int) -> str:
    """What is happening at the event frame ``g.stack[i]``, in the game's words (for prompts)."""
    fn = _MOMENTS.get(event)
    if fn is not None and 0 <= i < len(g.stack):
        try:
            return fn(g, g.stack[i])
        except (IndexError, TypeError):
            pass
    return event.replace("_", " ")


def _optwin_build(g: G, f: tuple):
    k, p, ts = found = _optwin_find(g, f)
    if p < 0:
        return 0, "", []
    # kept for the answer to this question (_optwin_do), which comes before any other change of the state
    g._asked = (f, found)
    opts = []
    for u, t in ts:
        if t[2] == "hand":  # one copy of a card in hand is offered (optional_triggers): its name tells it
            opts.append((f"trig:{u}:{t[0]}", f"Play {g.name(u)}, cost {g.cost_of(p, u)}: {_first_line(g, u)}"))
        else:  # copies in play each answer: named as the table names them (#1, #2; contract 'labels')
            opts.append((f"trig:{u}:{t[0]}", f"Use {g.label(u)}: {_first_line(g, u)}"))
    opts.append(("pass", "Pass (do nothing now)"))
    kind = "an interrupt" if f[1] in ("attack_init", "dmg", "threat", "treachery", "encounter_revealed",
                                      "minion_defeating") else "a response"
    return p, f"Player {p + 1}: {sentence(moment(g, f[1], f[2]))} Use {kind}?", opts


def _optwin_do(g: G, f: tuple, oid: str) -> None:
    kept = g._asked
    g._asked = None
    # the search the question was built from (the same frame object), else found again
    k, p, ts = kept[1] if kept is not None and kept[0] is f else _optwin_find(g, f)
    _, event, i, _, used = f
    if oid == "pass":
        g.stack.append(("optwin", event, i, k + 1, used))
        return
    _, us, code = oid.split(":")
    u = int(us)
    t = next(t for uu, t in ts if uu == u and t[0] == code)
    if t[2] == "hand":
        g.hand[p].remove(u)
        g.disc[p].append(u)
        g.push(("pay", p, g.cost_of(p, u), "", u, "", ("trig_res", p, u, event, i)), ("optwin", event, i, k, used))
        g.emit("champions/summary/actions/interrupt-response", f"Player {p + 1} plays {g.name(u)}.")
    else:
        g.emit("champions/summary/actions/interrupt-response", f"Player {p + 1} uses {g.name(u)}.")
        t[5](g, p, u, i)
        g.push(("optwin", event, i, k, (*used, u)))


ASKS["optwin"] = (_optwin_build, _optwin_do)


def _forced_due(g: G, f: tuple) -> list[tuple[int, int, tuple]]:
    """The (card, n-th trigger of its code, trigger) of a ``forced_order`` frame still able to resolve."""
    _, event, i, due = f
    out = []
    for u, j in due:
        code = g.ccard(u).code
        t = forced_trigger(event, code, j)
        if t is not None and (t[4] is None or t[4](g, g._ctrl(u), u, i)):
            out.append((u, j, t))
    return out


def _forced_build(g: G, f: tuple):
    due = _forced_due(g, f)
    return g.first, "Several forced abilities happen at once: which resolves first?", [
        (f"f:{u}:{j}", f"{g.label(u)}: {_first_line(g, u)}") for u, j, _ in due]


def _first_line(g: G, u: int) -> str:
    """A short reminder of what card ``u`` does: see :func:`reminder`."""
    text = g.ccard(u).text
    line = _FIRST.get(text)
    if line is None:
        line = reminder(text)
        if len(_FIRST) < 1024:  # a function of the text alone (an immutable str); bounded
            _FIRST[text] = line
    return line


def reminder(text: str | None, width: int = 90) -> str:
    """A card text's first sentence, with the next ones while a sentence is only a name or keyword (a card's
    "Commander." says nothing of what Commander does); cut at ``width`` characters with an ellipsis.

    >>> reminder("Commander. Action, once per round: a chosen player draws 1 card.")
    'Commander. Action, once per round: a chosen player draws 1 card'
    >>> reminder("Spider-Sense. Interrupt: as the villain starts an attack against you, you may draw 1 card.")
    'Spider-Sense. Interrupt: as the villain starts an attack against you, you may draw 1 card'
    >>> reminder("Guard. Toughness."), reminder("Deal 2 damage to an enemy. Then draw 1 card."), reminder("")
    ('Guard. Toughness', 'Deal 2 damage to an enemy', 'its forced ability')
    >>> reminder("Surge. " + "x" * 100)[-12:]
    'xxxxxxxxxxx…'
    >>> reminder("Max 1 per player. Action: exhaust it to draw 1 card."), reminder("Max 2 per deck.")
    ('Action: exhaust it to draw 1 card', 'Max 2 per deck')
    """
    parts = (text or "").strip().split(". ")
    while len(parts) > 1 and _LIMIT.search(parts[0]):
        parts = parts[1:]  # a deck or control limit ("Max 1 per player.") is not what the card does in play
    k = 1
    while k < len(parts) and len(parts[k - 1].split()) <= 3 and ":" not in parts[k - 1]:
        k += 1  # the sentence before was a bare name: it needs the next one
    line = ". ".join(parts[:k]).rstrip(".")
    if len(line) > width:
        line = line[:width - 1].rstrip() + "…"
    return line or "its forced ability"


#: a sentence of a card text that limits copies or control, not an ability (reminder skips it)
_LIMIT = re.compile(r"\bmax \d+ per (deck|player)\b", re.IGNORECASE)
#: card text -> its first line (_first_line)
_FIRST: dict[str, str] = {}


def _forced_do(g: G, f: tuple, oid: str) -> None:
    _, event, i, due = f
    _, us, js = oid.split(":")
    u, j = int(us), int(js)
    for v, k, t in _forced_due(g, f):
        if (v, k) == (u, j):
            t[5](g, g._ctrl(u), u, i)
    rest = tuple(x for x in due if x != (u, j))
    if rest:
        g.push(("forced_order", event, i, rest))


ASKS["forced_order"] = (_forced_build, _forced_do)


@step("trig_res")
def _trig_res(g: G, p: int, u: int, event: str, i: int, paid: str) -> None:
    g.paid = paid
    code = g.code[u]
    for t in S.TRIGGERS.get(event, ()):
        if t[0] == code and t[2] == "hand":
            t[5](g, p, u, i)
            return
