"""Terminal play: human seats pick from numbered menus; bot seats play themselves; events are narrated.

Hot-seat privacy: each human seat has its own view of the log. Before a prompt to a different human seat
than the last, the screen is cleared and the session waits for "Player N, press Enter"; after that only what
that seat may see is printed, until the next hand-off. With one human seat, that seat's view is narrated
throughout; with none (a demo), the spectator's.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

from capes.cli import prompt as P
from capes.cli.seats import HUMAN, SeatKind, describe, parse_kind, parse_seats
from capes.core.bots.base import Bot
from capes.core.bots.hints import hint, reason_of
from capes.core.config import quote
from capes.core.errors import ReplayError
from capes.core.protocol import Decision, Game, State
from capes.core.replay import dumps, save_game

__all__ = ["HUMAN", "Narrator", "SeatKind", "Session", "describe", "parse_kind", "parse_seats", "run", "write_save"]

#: how many of a seat's earlier choices ``u`` can walk back through
UNDO_DEPTH = 40


class Narrator:
    """Prints log events as they happen, numbered per observer (``r N`` looks line N up)."""

    def __init__(self, console: Console, observer: int | None = None, show_rules: bool = True) -> None:
        self.console = console
        self.observer = observer
        self.show_rules = show_rules
        self.pos: dict[int | None, int] = {}
        self.count: dict[int | None, int] = {}

    def flush(self, state: State, observer: int | None | str = "default", limit: int | None = None) -> int:
        """Print the events ``observer`` has not been shown; returns how many were printed."""
        who: int | None = self.observer if observer == "default" else observer  # type: ignore[assignment]
        start = min(self.pos.get(who, 0), len(state.log))
        n = self.count.get(who)
        if n is None or start < self.pos.get(who, 0):
            n = len(P.visible_indices(_head(state, start), who))
        lines = []
        for e in state.log[start:]:
            t = e.seen_by(who)
            if t is None:
                continue
            n += 1
            lines.append((n, e.rule, t))
        if limit is not None and len(lines) > limit:
            self.console.print(f"[dim]  … {len(lines) - limit} earlier events (type log 100 to see them)[/dim]")
            lines = lines[-limit:]
        for k, rule, t in lines:
            self.print_line(k, rule, t)
        self.pos[who] = len(state.log)
        self.count[who] = n
        return len(lines)

    def print_line(self, k: int, rule: str, text: str) -> None:
        tag = f"  [dim]{escape('[' + rule + ']')}[/dim]" if self.show_rules else ""
        self.console.print(f"[dim]{k:>4}[/dim] {escape(text)}{tag}", highlight=False)

    def rewind(self, state: State) -> None:
        """After an undo: nobody has been shown more than the (shorter) log holds."""
        for who in list(self.pos):
            if self.pos[who] > len(state.log):
                self.pos[who] = len(state.log)
                self.count.pop(who, None)


def _head(state: State, n: int) -> State:
    """A stand-in whose log is the first ``n`` events of ``state`` (for counting visible lines)."""
    class _S:
        log = state.log[:n]
    return _S()  # type: ignore[return-value]


def write_save(path: Path, state: State, seats: Sequence[SeatKind]) -> None:
    """Write the replay document (with seat kinds) atomically: a crash mid-write keeps the old save."""
    tmp = path.with_name(path.name + ".tmp")
    try:
        tmp.write_text(dumps(save_game(state, [s.to_json() for s in seats])), encoding="utf-8")
        os.replace(tmp, path)
    except OSError as e:
        raise ReplayError(f"cannot write the save file {path}: {e.strerror}; choose a writable --save path") from None


class Quit(Exception):
    """The human asked to stop (q, EOF)."""


class Session:
    """One game at one terminal."""

    def __init__(self, game: Game, state: State, seats: Sequence[SeatKind | str], console: Console,
                 save: Path | None = None, seed: int | None = None, input_fn: Callable[[str], str] = input,
                 show_rules: bool = True, clear: Callable[[], None] | None = None, hints: bool = True) -> None:
        self.game = game
        self.hints = hints
        self.state = state
        self.seats = [s if isinstance(s, SeatKind) else parse_kind(game, s) for s in seats]
        self.console = console
        self.save = save
        self.seed = state.seed if seed is None else seed
        self.input_fn = input_fn
        self.humans = [i for i, s in enumerate(self.seats) if s.is_human]
        self.bots: dict[int, Bot] = {i: s.make(game, i, self.seed) for i, s in enumerate(self.seats)
                                     if not s.is_human}
        self.narrator = Narrator(console, None, show_rules)
        self.owner: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.history: list[tuple[State, int, bool]] = []  # (state before, seat, forced: its only option)
        self.applied = 0
        self.stopped: str | None = None  # "quit" | "interrupted" when the game did not reach its end
        self._clear = clear or self._default_clear
        self._last_shown: tuple[int, str] | None = None
        self._numbers: tuple[tuple[int, str], dict[str, int]] | None = None
        #: the rest of a comma list typed at a menu ("1,2,3,4"): option ids still to pick, each only while the same
        #: seat is asked the same question again and offers it (the engine checks every pick as if typed alone)
        self._queued: tuple[tuple[int, str], list[tuple[int, str, str]]] | None = None

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    # --- screen -------------------------------------------------------------------
    def _default_clear(self) -> None:
        if self.console.is_terminal:
            self.console.file.write("\033[H\033[2J\033[3J")  # clear the screen and the scrollback
            self.console.file.flush()
        else:
            self.console.print("\n" + "─" * 20 + " screen cleared " + "─" * 20 + "\n")

    def _read(self, text: str, keep_typeahead: bool = False) -> str:
        if not keep_typeahead:
            _discard_typeahead()
        return str(self.input_fn(text))

    def _only_own_since(self, seat: int) -> bool:
        """True when every action since ``seat`` last answered a menu was its own (answers, and single choices
        taken for it): keys it typed ahead were meant for this menu, so they are kept. After another seat's move,
        and at the first menu, keys typed before the menu was shown are dropped."""
        for _, who, forced in reversed(self.history):
            if who != seat:
                return False
            if not forced:
                return True
        return False

    def handoff(self, seat: int) -> None:
        """Hide the last seat's screen and wait until ``seat``'s player is at the terminal."""
        last = self.owner
        try:
            if last is not None and self.narrator.flush(self.state, last):
                self._read(f"({self.game.seat_name(last)}: press Enter to hide your screen) ")
            self._clear()
            self._read(f"{self.game.seat_name(seat)}, press Enter ")
        except EOFError:  # the input ended: save and stop, as at a menu
            raise Quit from None
        self.owner = seat
        self._last_shown = None

    # --- the loop -----------------------------------------------------------------
    def run(self, max_actions: int | None = None) -> State:
        try:
            while not self.state.is_over:
                seat = self.state.decision.seat
                assert seat is not None
                if seat in self.bots:
                    self.narrator.flush(self.state, self.owner)
                    bot = self.bots[seat]
                    choice = bot.choose(self.state)
                    if len(self.state.decision.options) > 1:  # a forced step needs no reason
                        self._say_reason(seat, reason_of(bot))
                    self._apply(choice, seat)
                else:
                    self._human_turn(seat)
                if max_actions is not None and self.applied >= max_actions:
                    return self.state
        except Quit:
            self._stop("quit", "Game saved to {save}; continue it with: capes replay {save} --resume",
                       "Game abandoned (use --save FILE to keep a game).")
            return self.state
        except KeyboardInterrupt:
            self._stop("interrupted", "Interrupted: game saved to {save}; continue it with: "
                       "capes replay {save} --resume", "Interrupted: game not saved (use --save FILE to keep a game).")
            return self.state
        self.narrator.flush(self.state, self.owner)
        self._result()
        if self.save:
            write_save(self.save, self.state, self.seats)
            self.console.print(f"Saved to {self.save}")
        return self.state

    def _say_reason(self, seat: int, reason: str | None) -> None:
        """A bot's one-line reason for the choice it is about to make, before that choice's log lines."""
        if reason:
            self.console.print(f"[dim]{escape(self.game.seat_name(seat))} (bot): {escape(reason)}[/dim]",
                               highlight=False)

    def _stop(self, why: str, saved: str, unsaved: str) -> None:
        self.stopped = why
        self.console.print()
        if self.save:
            write_save(self.save, self.state, self.seats)
            self.console.print(saved.format(save=self.save), highlight=False)
        else:
            self.console.print(unsaved)

    def _apply(self, oid: str, seat: int, forced: bool = False) -> None:
        if self._queued is not None and self._queued[0][0] != seat:
            self._queued = None  # another seat acted: a list is for one seat's run of the same question
        before = self.state.clone()
        self.state.apply(oid)
        self.applied += 1
        self.history.append((before, seat, forced))
        del self.history[:-UNDO_DEPTH]

    def _result(self) -> None:
        res = self.state.result
        if res is None:
            return
        self.console.rule("Result")
        if res.summary:
            self.console.print(escape(res.summary), highlight=False)
        self.console.print(result_line(self.game, res.outcomes, res.scores), highlight=False)

    def _human_turn(self, seat: int) -> None:
        d = self.state.decision
        if self._queued is not None:
            key, rest = self._queued
            self._queued = None
            if key == self._key(seat, d) and rest:
                num, oid, label = rest[0]
                # the option picked, or one the player cannot tell from it (its label: another copy of a card)
                opt = d.find(oid) or next((o for o in d.options if o.label == label), None)
                if opt is not None:
                    oid = opt.id
                    self.narrator.flush(self.state, seat)
                    self.console.print(f"[dim]({escape(self.game.seat_name(seat))}: {num}. {escape(opt.label)})[/dim]",
                                       highlight=False)
                    self._queued = (key, rest[1:]) if rest[1:] else None
                    self._apply(oid, seat)
                    if self.save:
                        write_save(self.save, self.state, self.seats)
                    return
            if rest:
                self.console.print(f"the rest of your list ({', '.join(str(n) for n, _, _ in rest)}) was not used: "
                                   + ("that choice is no longer offered" if key == self._key(seat, d)
                                      else "the question changed"), highlight=False)
        if len(d.options) == 1 and not self.hot_seat:
            # nothing to choose and nobody else at the terminal to learn anything from the pause
            self.narrator.flush(self.state, seat)
            self.console.print(f"[dim]({escape(self.game.seat_name(seat))}: {escape(d.prompt)} — "
                               f"only one choice: {escape(d.options[0].label)})[/dim]", highlight=False)
            self._apply(d.options[0].id, seat, forced=True)
            return
        if self.hot_seat and seat != self.owner:
            self.handoff(seat)
        self.owner = seat
        oid = self.ask(seat)
        if oid is not None:
            self._apply(oid, seat)
            if self.save:
                write_save(self.save, self.state, self.seats)

    # --- one prompt -----------------------------------------------------------------
    def ask(self, seat: int) -> str | None:
        """Show ``seat`` its board and menu; return an option id (None after an undo)."""
        state = self.state
        d = state.decision
        self.narrator.flush(state, seat)
        picture = self.game.render(state, seat)
        if self._last_shown != (seat, picture):  # the board is drawn again only when it changed (b redraws it)
            self.console.rule(f"{escape(self.game.seat_name(seat))} to decide")
            self.console.print(escape(picture), highlight=False)
            self._last_shown = (seat, picture)
        groups = P.grouped(d.options)
        group: int | None = None
        numbers = self._numbering(seat, d, [d.options[i].id for i in P.group_order(d.options)])
        by_number = {k: oid for oid, k in numbers.items()}
        keep = self._only_own_since(seat)
        while True:
            self.console.print(f"[bold]{escape(d.prompt or 'Choose')}[/bold]", highlight=False)
            for line in P.menu_lines(d, group, groups, numbers):
                self.console.print(escape(line), highlight=False)
            # the numbers this menu answers to, as shown (a flat menu keeps its numbers, so it may skip some)
            offered = P.spans(range(0 if group is not None else 1, len(groups[group][1]) + 1)) \
                if groups is not None and group is not None else (
                P.spans(range(1, len(groups) + 1)) if groups is not None else P.spans(by_number))
            try:
                who = f"{self.game.seat_name(seat)} " if self.hot_seat else ""
                raw = self._read(f"{who}[{offered}, ? for help]: ", keep).strip()
            except EOFError:
                raise Quit from None
            # keys typed after an error or a help text were not meant for the next read; after a group is opened
            # (or closed) they were typed for the options the player has just seen
            keep = False
            picks = P.parse_list(raw)
            if picks is not None:
                if groups is not None:
                    self.console.print("[red]error:[/red] a list of choices works in a menu without groups; "
                                       f"type one number ({offered})", highlight=False)
                    continue
                bad = [n for n in picks if n not in by_number]
                if bad:
                    self.console.print(f"[red]error:[/red] no choice {bad[0]}; a list is numbers of this menu "
                                       f"({offered}), e.g. {', '.join(map(str, sorted(by_number)[:3]))}",
                                       highlight=False)
                    continue
                labels = {o.id: o.label for o in d.options}
                self._queued = (self._key(seat, d), [(n, by_number[n], labels[by_number[n]]) for n in picks[1:]])
                return by_number[picks[0]]
            num = P.parse_number(raw)
            if num is not None:
                if groups is not None and group is None:
                    if 1 <= num <= len(groups):
                        if len(groups[num - 1][1]) == 1:  # a group of one option: one key picks it
                            return d.options[groups[num - 1][1][0]].id
                        group, keep = num - 1, True
                        continue
                elif groups is not None and group is not None:
                    if num == 0:
                        group, keep = None, True
                        continue
                    idx = groups[group][1]
                    if 1 <= num <= len(idx):
                        return d.options[idx[num - 1]].id
                elif num in by_number:
                    return by_number[num]
                self.console.print(f"[red]error:[/red] no choice {num}; type {offered}, or ? for help", highlight=False)
                continue
            if d.find(raw) is not None:
                return raw
            if not self.command(seat, raw):
                self.console.print(f"[red]error:[/red] {escape(quote(raw))} "
                                   f"is not a choice; type {offered}, or ? for help", highlight=False)
            elif self.state is not state:  # an undo replaced the state
                return None

    @staticmethod
    def _key(seat: int, d: Decision) -> tuple[int, str]:
        """Which question a menu asks: its kind and its prompt without the counts in it, which change as the
        question repeats ("Pay 4 more resources" ... "Pay 1 more resource", "Trouble Level 2: play Backup Effects?"
        then "Trouble Level 1: ..."); another question of the same kind ("play a Lead Villain?", "Deploy Ghost-Spider"
        after "Deploy Black Cat") is numbered afresh."""
        return (seat, d.kind + "|" + re.sub(r"(?<=[a-z])s\b", "", re.sub(r"\d+", "#", d.prompt)))

    def _numbering(self, seat: int, d: Decision, ids: list[str]) -> dict[str, int]:
        """Option numbers: an option still offered by the same question keeps the number it had (new ones take
        the lowest free numbers), so a number never moves under the player's fingers from one menu to the next."""
        key = self._key(seat, d)
        prev = self._numbers[1] if self._numbers is not None and self._numbers[0] == key else {}
        out = {oid: prev[oid] for oid in ids if oid in prev}
        used = set(out.values())
        k = 1
        for oid in ids:
            if oid not in out:
                while k in used:
                    k += 1
                out[oid] = k
                used.add(k)
        self._numbers = (key, out)
        return out

    def command(self, seat: int, raw: str) -> bool:
        """Run a help/undo/quit command; False when ``raw`` is not one."""
        c = self.console
        word, _, arg = raw.partition(" ")
        word, arg = word.lower(), arg.strip()
        if raw in ("?", "help"):
            c.print(escape(P.HELP), highlight=False)
        elif raw in ("h", "hint"):
            self.show_hint(seat)
        elif raw in ("??", "cards"):
            names = sorted(self.game.glossary(self.state, seat))
            c.print(escape(", ".join(names) if names else "this game offers no texts to read here yet"),
                    highlight=False)
        elif word in ("?", "show") and arg:
            self.show(seat, arg)
        elif raw.startswith("?") and len(raw) > 1:
            self.show(seat, raw[1:].strip())
        elif word in ("r", "rule") and arg:
            if arg.isdigit() and len(arg) < 7:
                c.print(escape(P.log_line_rule(self.state, seat, int(arg))), highlight=False)
            else:
                c.print(escape(P.rule_text(self.state, arg[:80])), highlight=False)
        elif word == "log":
            k = int(arg) if arg.isdigit() and len(arg) < 6 else 15
            vis = P.visible_indices(self.state, seat)
            for i, ix in enumerate(vis[-k:], len(vis) - min(k, len(vis)) + 1):
                e = self.state.log[ix]
                self.narrator.print_line(i, e.rule, e.seen_by(seat) or "")
        elif raw in ("b", "board"):
            c.print(escape(self.game.render(self.state, seat)), highlight=False)
        elif raw in ("u", "undo"):
            self.undo(seat)
        elif raw in ("q", "quit", "exit"):
            raise Quit
        else:
            return False
        return True

    def show_hint(self, seat: int) -> None:
        """What the ``hard`` level would choose here, and why (never applied: the choice stays the player's)."""
        if not self.hints:
            self.console.print("hints are off at this table")
            return
        self.console.print("[dim](thinking…)[/dim]")
        h = hint(self.game, self.state, seat, seed=self.seed + len(self.state.actions))
        number = self._numbers[1].get(h.option) if self._numbers is not None else None
        pick = f" (type {number})" if number is not None else ""
        self.console.print(escape(h.line()) + pick, highlight=False)

    def show(self, seat: int, query: str) -> None:
        gl = self.game.glossary(self.state, seat)
        found = P.lookup(gl, query)
        if not gl:
            self.console.print("this game offers no card texts yet")
        elif not found:
            self.console.print(f"nothing in view is called {escape(query[:40])!r}; type ?? for the names",
                               highlight=False)
        elif len(found) > 1 and P.norm(query) not in {P.norm(f) for f in found}:
            self.console.print(escape(f"{len(found)} match: {', '.join(found[:20])}; type more of the name"),
                               highlight=False)
        else:
            name = next((f for f in found if P.norm(f) == P.norm(query)), found[0])
            self.console.print(f"[bold]{escape(name)}[/bold]: {escape(gl[name])}", highlight=False)

    def undo(self, seat: int) -> None:
        """Take back ``seat``'s last real choice (with the forced single-option steps after it)."""
        k = len(self.history)
        while k > 0 and self.history[k - 1][2] and self.history[k - 1][1] == seat:
            k -= 1
        if k == 0 or self.history[k - 1][1] != seat:
            who = self.game.seat_name(self.history[k - 1][1]) if k else None
            self.console.print("nothing to take back" + (f": {who} has acted since your last choice" if who else ""),
                               highlight=False)
            return
        before = self.history[k - 1][0]
        if not P.can_undo(before, self.state, seat):
            self.console.print("cannot take that back: something hidden or random was revealed since")
            return
        del self.history[k - 1:]
        oid = self.state.actions[len(before.actions)]
        opt = before.decision.find(oid)
        self.state = before
        self.narrator.rewind(before)
        self._last_shown = None
        self.console.print(f"took back: {escape(opt.label if opt else oid)}", highlight=False)
        if self.save:
            write_save(self.save, self.state, self.seats)


def result_line(game: Game, outcomes: Sequence[str], scores: Sequence[float]) -> str:
    """``Player 1: win (score 12)  Player 2: loss (score 9)``."""
    return "  ".join(f"{game.seat_name(i)}: {o} (score {s:g})" for i, (o, s) in
                     enumerate(zip(outcomes, scores, strict=True)))


def _discard_typeahead() -> None:
    """Drop keys typed before a menu was shown, so a number never lands on a menu nobody saw."""
    if not sys.stdin.isatty():
        return
    try:
        import termios

        termios.tcflush(sys.stdin, termios.TCIFLUSH)
    except (ImportError, OSError, ValueError):
        pass


def run(game: Game, state: State, controllers: Sequence[SeatKind | str], console: Console, save: Path | None,
        seed: int | None = None, input_fn: Any = input, show_rules: bool = True, max_actions: int | None = None,
        clear: Callable[[], None] | None = None, hints: bool = True) -> State:
    """Play ``state`` to the end (or until a human quits); see :class:`Session`."""
    s = Session(game, state, controllers, console, save, seed, input_fn, show_rules, clear, hints)
    return s.run(max_actions)
