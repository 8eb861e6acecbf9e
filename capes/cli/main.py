"""``capes``: play, simulate, replay, odds, rules and content for every registered game."""

from __future__ import annotations

import json
import secrets
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from typer._click.exceptions import NoArgsIsHelpError, UsageError  # typer vendors click
from typer.core import TyperGroup
from typer.exceptions import Abort

from capes.cli.common import (  # shared with capes.cli.sweep
    INTERNAL,
    MAX_GAMES,
    MAX_ITERATIONS,
    MAX_SEED,
    _check_files,
    _check_int,
    _cores,
    console,
    err,
)
from capes.cli.sweep import report as report_command
from capes.cli.sweep import sweep as sweep_command
from capes.core.config import parse_pairs, quote
from capes.core.errors import CapesError, ConfigError
from capes.core.protocol import Game
from capes.core.registry import GAMES, available, cli_extras, game_class, load
from capes.core.replay import parse_save, read_text_file

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="capes — exact rules, bots, odds and simulation for Marvel tabletop games.")
odds_app = typer.Typer(no_args_is_help=True, help="Exact dice odds, computed analytically.")
app.add_typer(odds_app, name="odds")

def _version(value: bool) -> None:
    if value:
        from capes.core.version import __version__

        console.print(f"capes {__version__}", highlight=False)
        raise typer.Exit()


@app.callback()
def _root(version: Annotated[bool, typer.Option("--version", is_eager=True, callback=_version,
                                                help="print the capes version and exit")] = False) -> None:
    """capes — exact rules, bots, odds and simulation for Marvel tabletop games."""


def _people_bot(game_id: str, config: dict[str, Any]) -> str:
    """The bot a person meets when naming none: the game's ``normal`` level (the names the lobby and --seat
    offer), else its first bot."""
    from capes.sim import default_bot

    return "normal" if "normal" in load(game_id, **config).bots() else default_bot(game_id, config)


ConfigOpt = Annotated[list[str] | None, typer.Option("--config", "-c", help="key=value (repeatable)")]


def _load(game_id: str, config: list[str] | None) -> tuple[Game, dict[str, str]]:
    cfg = parse_pairs(config or [])
    _check_files(game_id, cfg)
    return load(game_id, **cfg), cfg


@app.command()
def games() -> None:
    """List the registered games, one line each."""
    for gid in GAMES:
        if available(gid):
            k = game_class(gid)
            console.print(f"{gid:<10} {escape(k.name)} — {escape(k.summary)}")
        else:
            console.print(f"{gid:<10} (not installed in this build)")


def _check_save_target(save: Path, force: bool, same: dict[str, Any] | None = None) -> None:
    """``--save FILE`` before the game starts: a file in an existing folder, never silently another game."""
    if save.is_dir():
        raise ConfigError(f"--save {quote(str(save))} is a directory; give a file path such as {save / 'game.json'}")
    if not save.parent.is_dir():
        raise ConfigError(f"--save: folder {quote(str(save.parent))} does not exist; give a path in an existing folder")
    if not save.exists() or force:
        return
    if not save.is_file():
        raise ConfigError(f"--save {quote(str(save))} is not a regular file; give a file path")
    what = "a file that is not a capes save"
    try:
        doc = parse_save(read_text_file(save, "save file"))
        if same is not None and all(doc.get(k) == v for k, v in same.items()):
            return
        what = f"a saved {doc['game']} game (seed {doc['seed']}, {len(doc['actions'])} actions)"
    except CapesError:
        pass
    raise ConfigError(f"--save {quote(str(save))} already holds {what}; add --force to overwrite it "
                      f"or choose another file")


def _seed(seed: int | None) -> int:
    if seed is None:
        return secrets.randbelow(1_000_000_000)
    _check_int("--seed", seed, 0, MAX_SEED)
    return seed


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="game id (see `capes games`)")],
    seat: Annotated[list[str] | None, typer.Option(
        "--seat", help="N=human|random|ismcts|<bot>[:key=value,...] (1-based; repeatable), "
                       "e.g. --seat 2=ismcts:iterations=400")] = None,
    seed: Annotated[int | None, typer.Option(help="random seed (default: a new random one, printed)")] = None,
    config: ConfigOpt = None,
    save: Annotated[Path | None, typer.Option(help="keep the game (replayable JSON) in FILE, updated as you play")] = None,
    force: Annotated[bool, typer.Option("--force", help="let --save overwrite an existing file")] = False,
    rules: Annotated[bool, typer.Option("--rules/--no-rules", help="show the rule id of each event")] = True,
    hints: Annotated[bool, typer.Option("--hints/--no-hints", help="let human seats ask the hard bot (h)")] = True,
) -> None:
    """Play in the terminal. Seats default to human (hot-seat) unless --seat says otherwise;
    any seat not named with --seat gets the game's heuristic bot when at least one --seat is given.
    At any prompt type ? for help: card texts (? NAME), the rule of a log line (r N), a hint (h), undo (u),
    quit (q)."""
    from capes.cli.play import Session, describe, parse_seats

    g, cfg = _load(game, config)
    s = _seed(seed)
    if save is not None:
        _check_save_target(save, force)
    default = _people_bot(game, cfg) if seat else "human"
    controllers = parse_seats(g, seat or [], default)
    state = g.new_game(s)
    console.print(f"[bold]{escape(g.name)}[/bold] — seed {s}" + ("" if seed is not None else
                  f" (play this game again with --seed {s})"), highlight=False)
    console.print(escape(describe(g, controllers)) + "   (type ? at any prompt for help)", highlight=False)
    session = Session(g, state, controllers, console, save, s, show_rules=rules, hints=hints)
    session.run()
    if session.stopped == "interrupted":
        raise typer.Exit(130)


def _demo_config(gid: str) -> dict[str, Any]:
    return {}


@app.command()
def demo(
    seed: Annotated[int, typer.Option(help="random seed")] = 1,
    game: Annotated[list[str] | None, typer.Option("--game", help="only these games")] = None,
    pictures: Annotated[int, typer.Option(help="how many times the board is drawn during each game")] = 3,
    lines: Annotated[int, typer.Option(help="log lines shown before each picture")] = 8,
) -> None:
    """A short bot game of every registered game: the board at a few key moments, the last events
    before each, and the labelled result."""
    from capes.cli.play import Narrator, result_line
    from capes.core.bots.base import make_bot

    _check_int("--pictures", pictures, 0, 20)
    _check_int("--lines", lines, 0, 200)
    ids = game or [g for g in GAMES if available(g)]
    for gid in ids:
        g = load(gid, **_demo_config(gid))
        bot = _people_bot(gid, {})
        console.rule(f"[bold]{escape(g.name)}[/bold] — {bot} bots, seed {seed}")
        state = g.new_game(seed)
        bots = [make_bot(bot, g, i, seed=seed) for i in range(g.num_seats)]
        # play it through once to know its length, then show it again at evenly spaced moments
        probe = state.clone()
        while not probe.is_over and len(probe.actions) < g.max_actions:
            probe.apply(bots[probe.decision.seat or 0].choose(probe))
        total = len(probe.actions)
        marks = sorted({total * k // (pictures + 1) for k in range(1, pictures + 1)} - {0, total})
        bots = [make_bot(bot, g, i, seed=seed) for i in range(g.num_seats)]
        narrator = Narrator(console, None)
        console.print(escape(g.render(state, None)), highlight=False)
        for mark in [*marks, total]:
            while len(state.actions) < mark and not state.is_over:
                state.apply(bots[state.decision.seat or 0].choose(state))
            console.rule(f"after {len(state.actions)} of {total} actions", style="dim")
            narrator.flush(state, None, limit=lines)
            if not state.is_over:
                console.print(escape(g.render(state, None)), highlight=False)
        res = state.result
        if res is not None:
            console.rule("Result")
            if res.summary:
                console.print(escape(res.summary), highlight=False)
            console.print(escape(result_line(g, res.outcomes, res.scores)), highlight=False)
            console.print(escape(g.render(state, None)), highlight=False)


@app.command()
def sim(
    game: Annotated[str, typer.Argument(help="game id")],
    n: Annotated[int, typer.Option("-n", help=f"number of games (1 to {MAX_GAMES:,})")] = 100,
    workers: Annotated[int, typer.Option(help="parallel processes (1 to the cores available)")] = 1,
    bot: Annotated[list[str] | None, typer.Option(help="bot for every seat, or one --bot per seat in order")] = None,
    seed: Annotated[int, typer.Option(help="first seed; game i uses seed+i")] = 0,
    config: ConfigOpt = None,
    iterations: Annotated[int | None, typer.Option(help=f"search iterations per decision, for ismcts and the hard levels (1 to {MAX_ITERATIONS:,})")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON for machines (seeds, bots, full config)")] = False,
    out: Annotated[Path | None, typer.Option(help="also write one Parquet row per game into this new folder "
                                                  "(the rows of capes sweep; read them with capes report)")] = None,
) -> None:
    """Simulate N games with bots and summarise outcomes (95% intervals), length and speed.
    Ctrl-C stops early and prints what finished."""
    from rich.progress import SpinnerColumn, TimeRemainingColumn

    from capes.sim import simulate

    _check_int("-n", n, 1, MAX_GAMES)
    cores = _cores()
    _check_int("--workers", workers, 1, cores, f" (the cores available to capes: {cores})")
    _check_int("--seed", seed, 0, MAX_SEED - MAX_GAMES)
    if iterations is not None:
        _check_int("--iterations", iterations, 1, MAX_ITERATIONS)
    cfg = parse_pairs(config or [])
    _check_files(game, cfg)
    opts = {"iterations": iterations} if iterations is not None else None
    writer = None
    if out is not None:
        from capes.sweep import SimWriter

        writer = SimWriter(out, game, cfg, n, seed, bot or [], opts)
    on_game = writer.add if writer is not None else None
    if as_json:
        try:
            summary = simulate(game, n, workers, seed, cfg, bot, opts, on_game=on_game)
        finally:
            if writer is not None:
                writer.flush()
        print(json.dumps(summary.to_dict(), indent=1))
    else:
        with Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(), console=err, transient=True,
                      refresh_per_second=4) as prog:
            task = prog.add_task(f"{game}", total=n)
            try:
                summary = simulate(game, n, workers, seed, cfg, bot, opts, progress=lambda k: prog.advance(task, k),
                                   on_game=on_game)
            finally:
                if writer is not None:
                    writer.flush()
        if summary.interrupted:
            err.print(f"interrupted: {summary.games} of {n} games finished; their summary follows")
        t = Table(title=f"{game}: {summary.games} games, bots {', '.join(summary.seat_bots)}")
        for col in ("seat", "bot", "wins", "losses", "draws", "win rate", "95% interval", "mean score"):
            t.add_column(col, no_wrap=True)
        for s, o in summary.outcomes.items():
            lo, hi = o["win_rate_ci95"]
            t.add_row(s, o["bot"], str(o["win"]), str(o["loss"]), str(o["draw"]), f"{o['win_rate']:.3f}",
                      f"{lo:.3f}–{hi:.3f}", f"{o['mean_score']:.2f}")
        console.print(t)
        console.print(f"mean game length: {summary.mean_actions:.1f} actions; "
                      f"{summary.actions_per_second:,.0f} actions/s per worker; "
                      f"{summary.games_per_second:.2f} games/s; errors: {summary.errors}")
        for k, v in summary.stats.items():
            console.print(f"mean {k}: {v:.3f}")
        for e in summary.error_samples:
            err.print(f"[red]error[/red] {escape(e)}")
        if out is not None:
            console.print(f"rows of {summary.games:,} games in {escape(str(out))}", highlight=False)
    if summary.interrupted:
        raise typer.Exit(130)
    if summary.errors:
        raise typer.Exit(1)


app.command()(sweep_command)
app.command("report")(report_command)


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="a game saved with --save")],
    narrate: Annotated[bool, typer.Option(help="print the game's events")] = False,
    resume: Annotated[bool, typer.Option(help="continue playing an unfinished game")] = False,
    seat: Annotated[list[str] | None, typer.Option("--seat", help="with --resume: N=human|<bot> overrides the saved seat")] = None,
) -> None:
    """Replay a saved game exactly; says at which action and why if it cannot.
    With --resume, continue it with the saved seats (human or which bot), printed first."""
    from capes.cli.play import Narrator, SeatKind, Session, describe, parse_seats
    from capes.core.replay import replay as do_replay
    from capes.core.replay import version_warning

    if seat and not resume:
        raise ConfigError("--seat only applies with --resume (it chooses who plays each seat from here on)")
    doc = parse_save(read_text_file(file, "save file"))
    warning = version_warning(doc)
    if warning:
        err.print(f"warning: {escape(warning)}", highlight=False)
    state = do_replay(doc)
    if narrate:
        Narrator(console, None).flush(state, None)
    if resume and not state.is_over:
        g = state.game
        saved = doc.get("seats")
        if isinstance(saved, list) and len(saved) == g.num_seats:
            base = [SeatKind.from_json(x, g) for x in saved]
        else:
            if saved is not None:
                err.print(f"warning: the save lists {len(saved)} seats for {g.num_seats}; every seat is human")
            else:
                console.print("(the save does not record its seats: every seat is human unless --seat says otherwise)")
            base = [SeatKind("human")] * g.num_seats
        controllers = parse_seats(g, seat or [], base)
        changed = [f"{g.seat_name(i)} {b} -> {c}" for i, (b, c) in enumerate(zip(base, controllers, strict=True))
                   if b.to_json() != c.to_json()]
        if changed:
            console.print(f"--seat changes the saved seats ({escape('; '.join(changed))}); {escape(str(file))} "
                          "now records the new ones", highlight=False)
        console.print(f"[bold]{escape(g.name)}[/bold] — seed {state.seed}, resumed after {len(state.actions)} "
                      f"actions: {escape(describe(g, controllers))}", highlight=False)
        session = Session(g, state, controllers, console, file, state.seed)
        session.narrator.pos = {k: len(state.log) for k in [None, *range(g.num_seats)]}
        session.run()
        if session.stopped == "interrupted":
            raise typer.Exit(130)
        return
    if resume:
        console.print("(the game is over; nothing to resume)")
    res = state.result
    console.print(f"{state.game.id}: {len(state.actions)} actions replayed; " + (
        f"result: {', '.join(res.outcomes)} {escape(res.summary)}" if res else "game not finished"))


@app.command()
def rules(
    game: Annotated[str, typer.Argument(help="game id")],
    query: Annotated[str | None, typer.Argument(help="a rule id (prints the rule), or words to search for")] = None,
) -> None:
    """Print a rule (by its exact id: title, where it is in the rulebook, and its text), or search a game's
    rules index (the ids every log event cites)."""
    from capes.core.rules import RulesIndex

    game_class(game)
    idx = RulesIndex.for_game(game)
    if query and len(query) > 200:
        raise ConfigError(f"rules: the query is at most 200 characters (got {len(query):,})")
    exact = idx.get(query) if query else None
    if exact is not None:
        console.print(f"[bold]{escape(exact.id)}[/bold] — {escape(exact.title)}", highlight=False)
        console.print(f"where: {escape(exact.where)}", highlight=False)
        console.print(escape(exact.text.strip()) if exact.text.strip() else
                      "(the index has no summary of this rule; read it in the rulebook at the place above)",
                      highlight=False)
        return
    found = idx.search(query or "")
    if query and not found:
        raise ConfigError(f"no {game} rule matches {quote(query)}; try fewer words, or capes rules {game} to list all")
    t = Table(title=f"{game} rules" + (f" matching {query!r}" if query else "") + f": {len(found)}")
    t.add_column("id", overflow="fold")
    t.add_column("title", overflow="fold")
    t.add_column("where", overflow="fold")
    t.add_column("rule", overflow="fold")
    for r in found:
        t.add_row(r.id, escape(r.title), escape(r.where), escape(r.text.strip()))
    console.print(t)
    if query and len(found) == 1:
        console.print(f"(capes rules {game} {found[0].id} prints it alone)")


@app.command()
def content(
    game: Annotated[str, typer.Argument(help="game id")],
    coverage: Annotated[bool, typer.Option(help="show implementation status; exit 1 if anything lacks one")] = False,
    config: ConfigOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """List a game's content with its source (rulebook, rules-reference, project, user)."""
    g, _ = _load(game, config)
    entries = g.content()
    missing = [e for e in entries if not e.implemented]
    if as_json:
        print(json.dumps([e.__dict__ for e in entries], indent=1))
    else:
        t = Table(title=f"{game} content: {len(entries)} entries" + (f", {len(missing)} not implemented" if coverage else ""))
        for col in ("kind", "id", "name", "source") + (("implemented",) if coverage else ()):
            t.add_column(col, overflow="fold")
        for e in entries:
            row = [e.kind, e.id, escape(e.name), e.source]
            if coverage:
                row.append("yes" if e.implemented else f"[red]NO[/red] {escape(e.note)}")
            t.add_row(*row)
        console.print(t)
    if coverage and missing:
        err.print(f"{len(missing)} of {len(entries)} entries lack an implementation")
        raise typer.Exit(1)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="address to bind (loopback by default)")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port", min=1, max=65535)] = 8000,
    db: Annotated[Path, typer.Option(help="SQLite file holding every table and its actions")] = Path("capes.db"),
    allow_host: Annotated[list[str] | None, typer.Option(
        help="a name players reach the server by, besides the loopback names (repeat for several); every "
        "request's Host and every browser's Origin must be one of them")] = None,
    allow_origin: Annotated[list[str] | None, typer.Option(
        help="an exact origin (scheme://host[:port]) whose pages may use the server too")] = None,
    idle_days: Annotated[float, typer.Option(help="end open tables no player acted at for this many days",
                                             min=0.0001, max=3650)] = 7.0,
    tables_per_address: Annotated[int, typer.Option(
        help="tables one address may create at once, then one per --create-every seconds", min=1)] = 5,
    create_every: Annotated[float, typer.Option(help="seconds per table created after the burst", min=0)] = 60.0,
    trust_proxy: Annotated[list[str] | None, typer.Option(
        help="the address of an HTTPS proxy in front of the server: its X-Forwarded-For and X-Forwarded-Proto "
        "name the client and the scheme")] = None,
) -> None:
    """Serve the lobby and the tables in the browser: private seats, server-side bots, nothing lost. More limits:
    ``python -m capes.web.server --help``; README "Running it in public"."""
    from capes.web.guard import Limits
    from capes.web.server import run as run_server

    run_server(host=host, port=port, db=db, allowed_hosts=tuple(allow_host or ()),
               allowed_origins=tuple(allow_origin or ()),
               limits=Limits(idle_expiry=idle_days * 86400, create_burst=tables_per_address, create_every=create_every),
               trusted_proxies=tuple(trust_proxy or ()))


def _add_game_commands() -> None:
    """Each game's own command-line extras (``capes odds GAME``), found through the registry's CLI table."""
    for gid, extras in cli_extras().items():
        for group, command in extras.items():
            if group == "odds":
                odds_app.command(gid)(command)


_add_game_commands()


def _usage_error(e: UsageError) -> str:
    """Click's usage error as one line that names what is allowed."""
    msg = e.format_message().replace("\n", " ").strip()
    ctx = e.ctx
    if ctx is not None and isinstance(ctx.command, TyperGroup) \
            and "No such command" in msg:
        names = [c for c in ctx.command.list_commands(ctx) if not getattr(ctx.command.get_command(ctx, c), "hidden", False)]
        where = ctx.command_path
        return f"{msg.rstrip('.')} under '{where}'; allowed: {', '.join(names)} (see '{where} --help')"
    if "argument 'game'" in msg:
        msg = f"{msg.rstrip('.')}: give a game id ({', '.join(GAMES)})."
    if ctx is not None:
        return f"{msg} (see '{ctx.command_path} --help')"
    return msg


def main(argv: list[str] | None = None) -> int:
    """Console entry point: bad input becomes a one-line ``error:`` and exit code 2, never a traceback."""
    code = 0
    try:
        rv = app(args=argv, standalone_mode=False, prog_name="capes")
        code = rv if isinstance(rv, int) else 0
    except NoArgsIsHelpError as e:
        console.print(escape(e.format_message()), highlight=False)
    except UsageError as e:
        err.print(f"error: {escape(_cut(_usage_error(e)))}", highlight=False)
        code = 2
    except CapesError as e:
        err.print(f"error: {escape(_cut(str(e)))}", highlight=False)
        code = 2
    except Abort:
        err.print("interrupted")
        code = 130
    except KeyboardInterrupt:
        err.print("interrupted")
        code = 130
    except (UnicodeDecodeError, RecursionError, MemoryError) as e:  # last line of defence for unread input
        err.print(f"error: the input could not be read ({type(e).__name__}); give UTF-8 text files capes wrote",
                  highlight=False)
        code = 2
    except BrokenPipeError:
        sys.stderr.close()
        code = 1
    except Exception as e:  # a bug met on some input: still one line, never a traceback
        err.print(f"error: {escape(_cut(INTERNAL + f'{type(e).__name__}: {e}'))}", highlight=False)
        code = 2
    if argv is None:
        sys.exit(code)
    return code


def _cut(msg: str, limit: int = 400) -> str:
    """One line, at most ``limit`` characters."""
    one = " ".join(msg.split())
    return one if len(one) <= limit else one[:limit] + "…"


if __name__ == "__main__":
    main()
