"""What a human seat can type at a prompt: a choice, or help that never leaves the game.

- a number or an option id picks an option; in a long menu with groups, a number first picks the group
  (``0`` goes back to the groups; a group of one option is picked at once);
- ``N,M,...`` picks several options of one question in turn, each while the same question is asked again;
- ``?`` lists the commands; ``? NAME`` / ``show NAME`` prints the text of a card, skill, villain… in view
  (prefix and fuzzy matching over ``game.glossary(state, seat)``);
- ``r N`` / ``rule ID`` prints the rule behind log line N (its id, title, where it is and its text);
- ``h`` asks the ``hard`` bot what it would choose and why (:mod:`capes.core.bots.hints`);
- ``log [N]`` reprints the last N log lines, ``b`` redraws the board, ``u`` takes back this seat's last
  choice when nothing hidden or random was revealed since, ``q`` saves and quits.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence

from capes.core.protocol import Decision, Event, Option, State
from capes.core.rng import Rng

#: a menu longer than this, with two or more groups, is shown group first
GROUP_THRESHOLD = 12

HELP = """commands (type them at any prompt):
  N            pick option N (in a grouped menu: pick group N, then the option; 0 goes back)
  N,M,...      pick N, then M, ... while the same question is asked again (paying a cost card by card)
  ? NAME       the text of a card, skill, villain, place… in view (also: show NAME); ? alone: this list
  ?? / cards   every name whose text you can read now
  r N          the rule behind log line N (also: rule ID, e.g. rule alliances/enemy-attack/8)
  log [N]      the last N log lines (default 15), numbered
  b            draw the board again
  h            a hint: what the hard bot would choose here, and why (the choice stays yours)
  u            take back your last choice (only while nothing hidden or random was revealed since)
  q            save (with --save) and quit"""


def norm(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "", text.casefold())


def lookup(glossary: dict[str, str], query: str) -> list[str]:
    """Names in ``glossary`` that ``query`` means: exact, then prefix, then substring, then close matches.

    >>> lookup({"Heroic Intuition": "", "Hero Form": "", "Rhino": ""}, "rhin")
    ['Rhino']
    >>> lookup({"Heroic Intuition": "", "Hero Form": "", "Rhino": ""}, "hero")
    ['Hero Form', 'Heroic Intuition']
    """
    q = norm(query)
    if not q:
        return []
    names = sorted(glossary)
    keyed = {n: norm(n) for n in names}
    for test in (lambda k: k == q, lambda k: k.startswith(q), lambda k: q in k):
        found = [n for n in names if test(keyed[n])]
        if found:
            return found
    close = difflib.get_close_matches(q, list(keyed.values()), n=5, cutoff=0.6)
    return [n for n in names if keyed[n] in close]


def visible_indices(state: State, seat: int | None) -> list[int]:
    """Indices of the log events ``seat`` may see: log line N (1-based) is ``log[visible[N - 1]]``."""
    return [i for i, e in enumerate(state.log) if e.seen_by(seat) is not None]


def rule_text(state: State, rule_id: str) -> str:
    """The rule behind an id: id, title, where it is in the rulebook and its text (when the index has one)."""
    r = state.game.rules.get(rule_id)
    if r is None:
        found = state.game.rules.search(rule_id)
        if not found:
            return f"no rule {rule_id!r} in the {state.game.id} rules index (try: capes rules {state.game.id} WORDS)"
        if len(found) > 1:
            shown = ", ".join(x.id for x in found[:12])
            return f"{len(found)} rules match {rule_id!r}: {shown}{' …' if len(found) > 12 else ''}"
        r = found[0]
    lines = [f"{r.id} — {r.title}", f"where: {r.where}"]
    lines.append(r.text.strip() if r.text.strip() else "(the index has no summary of this rule; read it there)")
    return "\n".join(lines)


def log_line_rule(state: State, seat: int | None, n: int) -> str:
    vis = visible_indices(state, seat)
    if not 1 <= n <= len(vis):
        return f"there is no log line {n}; lines are numbered 1 to {len(vis)} (type log to see them)"
    e: Event = state.log[vis[n - 1]]
    return f"line {n}: {e.seen_by(seat)}\n" + rule_text(state, e.rule)


def grouped(options: Sequence[Option]) -> list[tuple[str, list[int]]] | None:
    """``[(group, [option indices])]`` when the menu is long and has two or more groups, else None."""
    if len(options) <= GROUP_THRESHOLD:
        return None
    groups: dict[str, list[int]] = {}
    for i, o in enumerate(options):
        groups.setdefault(o.group or "other", []).append(i)
    return list(groups.items()) if len(groups) >= 2 else None


def group_order(options: Sequence[Option]) -> list[int]:
    """Option indices with each group's options together, groups in the order they first appear (options
    keep their order within a group): a menu numbered this way shows each heading once."""
    first: dict[str, int] = {}
    for o in options:
        first.setdefault(o.group, len(first))
    return sorted(range(len(options)), key=lambda i: first[options[i].group])


def can_undo(before: State, now: State, seat: int, worlds: int = 4) -> bool:
    """True when going back from ``now`` to ``before`` reveals nothing ``seat`` did not know.

    Every action since ``before`` must be ``seat``'s own, and replaying them from ``before`` in a few worlds
    resampled for ``seat`` (other hidden cards, other dice) gives ``seat`` the same view and log: so no
    hidden card was shown and no die was rolled that the choice could be taken back to avoid."""
    actions = now.actions[len(before.actions):]
    if not actions:
        return False
    want_view = now.view(seat)
    want_log = [e.seen_by(seat) for e in now.log[len(before.log):]]
    for k in range(worlds):
        w = before.resample(seat, Rng(0x5EED + 7919 * k + len(actions)))
        try:
            for a in actions:
                if w.decision.seat != seat:
                    return False
                w.apply(a)
        except Exception:  # an action that does not exist in another world: something was revealed
            return False
        if w.view(seat) != want_view or [e.seen_by(seat) for e in w.log[len(before.log):]] != want_log:
            return False
    return True


def parse_list(raw: str) -> list[int] | None:
    """Several numbers given at once, ``1,2,3`` or ``1, 2, 3`` (a comma is what makes it a list); None otherwise.

    >>> parse_list("1,2,3,4"), parse_list("2, 5"), parse_list("3"), parse_list("1,,x")
    ([1, 2, 3, 4], [2, 5], None, None)
    """
    if "," not in raw:
        return None
    parts = [p.strip() for p in raw.split(",")]
    if not parts or any(not p.isdigit() or len(p) >= 6 for p in parts) or len(parts) > 40:
        return None
    return [int(p) for p in parts]


def parse_number(raw: str) -> int | None:
    return int(raw) if raw.isdigit() and len(raw) < 6 else None


def spans(numbers: Iterable[int]) -> str:
    """The numbers a menu offers, as a player reads them: runs as ranges (a menu that keeps its numbers while an
    option goes away can offer 2 and 3 but not 1).

    >>> spans([1, 2, 3]), spans([3, 2]), spans([1, 3, 4, 5, 7]), spans([4])
    ('1-3', '2-3', '1, 3-5, 7', '4')
    """
    out: list[str] = []
    run: list[int] = []
    for k in sorted(set(numbers)):
        if run and k != run[-1] + 1:
            out.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
            run = []
        run.append(k)
    if run:
        out.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
    return ", ".join(out)


def menu_lines(d: Decision, group: int | None, groups: list[tuple[str, list[int]]] | None,
               numbers: dict[str, int] | None = None) -> list[str]:
    """The numbered lines of the menu as shown (group headings, or the options of one group); a flat menu
    uses ``numbers`` (option id -> number) when given, group by group.

    >>> from capes.core.protocol import Option
    >>> d = Decision(0, "Turn", (Option("a", "Play A", "Play"), Option("r", "Recover", "other"),
    ...              Option("e", "End", "other"), Option("b", "Play B", "Play"), Option("x", "Attack", "Ally")))
    >>> print("\\n".join(menu_lines(d, None, None, {"a": 1, "r": 2, "e": 3, "b": 5, "x": 4})))
      Play:
        1. Play A
        5. Play B
      other:
        2. Recover
        3. End
      Ally:
        4. Attack
    """
    if groups is not None and group is None:
        return [f"  {i:>3}. {name} ({len(idx)} option{'s' if len(idx) != 1 else ''})"
                for i, (name, idx) in enumerate(groups, 1)]
    if groups is not None and group is not None:
        name, idx = groups[group]
        return [f"  {name}:"] + [f"  {j:>3}. {d.options[i].label}" for j, i in enumerate(idx, 1)] + [
            "    0. back to the groups"]
    out = []
    last = None
    num = numbers or {o.id: i for i, o in enumerate(d.options, 1)}
    # each group once, groups in the order of their lowest number, numbers rising within a group (an option new
    # to a repeated question takes a free number, maybe past another group's: its heading is not shown twice)
    first: dict[str, int] = {}
    for o in d.options:
        first[o.group] = min(first.get(o.group, num[o.id]), num[o.id])
    for o in sorted(d.options, key=lambda o: (first[o.group], num[o.id])):
        i = num[o.id]
        if o.group != last and (o.group or last) and len(d.options) > 4:
            out.append(f"  {o.group or 'other'}:")
            last = o.group
        out.append(f"  {i:>3}. {o.label}")
    return out
