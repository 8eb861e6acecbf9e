"""``capes``: play, simulate, replay, odds, rules and content for every registered game."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from capes.core.config import parse_pairs
from capes.core.errors import CapesError, ConfigError, ReplayError
from capes.core.protocol import Game
from capes.core.registry import GAMES, available, game_class, load

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="capes — exact rules, bots, odds and simulation for Marvel tabletop games.")
odds_app = typer.Typer(no_args_is_help=True, help="Exact dice odds, computed analytically.")
app.add_typer(odds_app, name="odds")

console = Console(highlight=False)
err = Console(stderr=True, highlight=False, soft_wrap=True)

ConfigOpt = Annotated[list[str] | None, typer.Option("--config", "-c", help="key=value (repeatable)")]


def _load(game_id: str, config: list[str] | None) -> tuple[Game, dict[str, str]]:
    cfg = parse_pairs(config or [])
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


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="game id (see `capes games`)")],
    seat: Annotated[list[str] | None, typer.Option("--seat", help="N=human|random|ismcts|<bot> (1-based; repeatable)")] = None,
    seed: Annotated[int, typer.Option(help="random seed")] = 0,
    config: ConfigOpt = None,
    save: Annotated[Path | None, typer.Option(help="write the game (replayable JSON) to FILE")] = None,
    rules: Annotated[bool, typer.Option("--rules/--no-rules", help="show the rule id of each event")] = True,
) -> None:
    """Play in the terminal. Seats default to human (hot-seat) unless --seat says otherwise;
    any seat not named with --seat gets the game's heuristic bot when at least one --seat is given."""
    from capes.cli.play import parse_seats, run
    from capes.sim import default_bot

    g, cfg = _load(game, config)
    if save is not None and not save.parent.is_dir():
        raise ConfigError(f"--save: folder {save.parent} does not exist; give a path in an existing folder")
    default = default_bot(game, cfg) if seat else "human"
    controllers = parse_seats(g, seat or [], default)
    state = g.new_game(seed)
    console.print(f"[bold]{escape(g.name)}[/bold] seed {seed}: " + ", ".join(
        f"{g.seat_name(i)}={c}" for i, c in enumerate(controllers)))
    run(g, state, controllers, console, save, seed, show_rules=rules)


@app.command()
def demo(
    seed: Annotated[int, typer.Option(help="random seed")] = 1,
    game: Annotated[list[str] | None, typer.Option("--game", help="only these games")] = None,
) -> None:
    """A narrated bot game of every registered game, each ending with its result."""
    from capes.cli.play import run
    from capes.sim import default_bot

    ids = game or [g for g in GAMES if available(g)]
    for gid in ids:
        g = load(gid)
        bot = default_bot(gid, {})
        console.rule(f"[bold]{escape(g.name)}[/bold] — {bot} bots, seed {seed}")
        run(g, g.new_game(seed), [bot] * g.num_seats, console, None, seed)


@app.command()
def sim(
    game: Annotated[str, typer.Argument(help="game id")],
    n: Annotated[int, typer.Option("-n", help="number of games", min=1)] = 100,
    workers: Annotated[int, typer.Option(help="parallel processes", min=1)] = 1,
    bot: Annotated[list[str] | None, typer.Option(help="bot for every seat, or one --bot per seat in order")] = None,
    seed: Annotated[int, typer.Option(help="first seed; game i uses seed+i")] = 0,
    config: ConfigOpt = None,
    iterations: Annotated[int | None, typer.Option(help="ismcts iterations per decision")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON for machines")] = False,
) -> None:
    """Simulate N games with bots and summarise outcomes (95% intervals), length and speed."""
    from capes.sim import simulate

    cfg = parse_pairs(config or [])
    opts = {"iterations": iterations} if iterations else None
    if as_json:
        summary = simulate(game, n, workers, seed, cfg, bot, opts)
        print(json.dumps(summary.to_dict(), indent=1))
    else:
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                      console=err, transient=True) as prog:
            task = prog.add_task(f"{game}", total=n)
            summary = simulate(game, n, workers, seed, cfg, bot, opts, progress=lambda k: prog.advance(task, k))
        t = Table(title=f"{game}: {summary.games} games, bots {', '.join(summary.seat_bots)}")
        for col in ("seat", "bot", "wins", "losses", "draws", "win rate", "95% interval", "mean score"):
            t.add_column(col)
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
    if summary.errors:
        raise typer.Exit(1)


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="a game saved with --save")],
    narrate: Annotated[bool, typer.Option(help="print the game's events")] = False,
    resume: Annotated[bool, typer.Option(help="continue playing an unfinished game")] = False,
    seat: Annotated[list[str] | None, typer.Option("--seat", help="N=human|<bot> when resuming")] = None,
) -> None:
    """Replay a saved game exactly; says at which action and why if it cannot."""
    from capes.cli.play import Narrator, parse_seats, run
    from capes.core.replay import replay as do_replay

    try:
        text = file.read_text(encoding="utf-8")
    except OSError as e:
        raise ReplayError(f"cannot read {file}: {e.strerror}") from None
    state = do_replay(text)
    if narrate:
        Narrator(console, None).flush(state)
    if resume and not state.is_over:
        controllers = parse_seats(state.game, seat or [], "human")
        run(state.game, state, controllers, console, file, state.seed)
        return
    res = state.result
    console.print(f"{state.game.id}: {len(state.actions)} actions replayed; " + (
        f"result: {', '.join(res.outcomes)} {escape(res.summary)}" if res else "game not finished"))


@app.command()
def rules(
    game: Annotated[str, typer.Argument(help="game id")],
    query: Annotated[str | None, typer.Argument(help="words to search for in ids, titles and summaries")] = None,
) -> None:
    """List and search a game's rules index (the ids every log event cites)."""
    from capes.core.rules import RulesIndex

    game_class(game)
    idx = RulesIndex.for_game(game)
    found = idx.search(query or "")
    t = Table(title=f"{game} rules" + (f" matching {query!r}" if query else "") + f": {len(found)}")
    t.add_column("id", overflow="fold")
    t.add_column("title")
    t.add_column("where")
    for r in found:
        t.add_row(r.id, escape(r.title), escape(r.where))
    console.print(t)
    if query and not found:
        raise typer.Exit(1)


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
) -> None:
    """Serve the lobby and the tables in the browser: private seats, server-side bots, nothing lost."""
    from capes.web.server import run as run_server

    run_server(host=host, port=port, db=db)


@odds_app.command("alliances")
def odds_alliances(
    attack: Annotated[int, typer.Option(help="attacker's dice (Character attack) or Attack Strength (Enemy attack)", min=0)],
    defense: Annotated[int, typer.Option(help="Enemy's Defense stat, or the Character's defence dice", min=0)],
    defender: Annotated[str, typer.Option(help="who defends: enemy (a Character attacks) or character (an Enemy attacks)")] = "enemy",
    cover: Annotated[bool, typer.Option(help="the defender benefits from Cover")] = False,
    modifier: Annotated[int, typer.Option(help="dice added to (or removed from) the rolled pool; never below 1")] = 0,
    health: Annotated[int | None, typer.Option(help="remaining Health/Stamina of the defender, for the KO chance", min=1)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Crisis Protocol Alliances: the exact Damage distribution of one attack."""
    from capes.games.alliances.odds import character_attack, enemy_attack

    if defender not in ("enemy", "character"):
        raise ConfigError(f"--defender must be enemy or character (got {defender!r})")
    if defender == "enemy":
        o = character_attack(attack, defense, cover, modifier, health)
    else:
        o = enemy_attack(attack, defense, cover, modifier, health)
    d = o.to_dict()
    if as_json:
        print(json.dumps(d, indent=1))
        return
    who = (f"Character rolls {o.dice} attack dice vs Defense {defense}" if defender == "enemy"
           else f"Enemy Attack Strength {attack} vs {o.dice} defence dice")
    t = Table(title=f"{who}{' (cover)' if cover else ''}")
    t.add_column("damage", justify="right")
    t.add_column("probability", justify="right")
    t.add_column("exact", justify="right")
    t.add_column("at least", justify="right")
    items = sorted(o.damage.items())
    tail = 1.0
    for dmg, p in items:
        t.add_row(str(dmg), f"{float(p):.4%}", str(p), f"{tail:.4%}")
        tail -= float(p)
    console.print(t)
    console.print(f"hit chance {d['p_hit']:.4%}; mean damage {d['mean_damage']:.4f}"
                  + (f"; KO chance (health {health}) {d['p_ko']:.4%}" if health else "")
                  + (f"; a Failure in the attack roll {d['p_failure_in_attack_roll']:.4%}" if defender == "enemy" else ""))


@odds_app.command("heroes")
def odds_heroes(
    attack: Annotated[int, typer.Option(help="attacker's Attack rating (dice; at most 8 are rolled)", min=0)],
    defend: Annotated[int, typer.Option(help="defender's Defend rating (dice; at most 8 are rolled)", min=0)],
    boost: Annotated[bool, typer.Option(help="the attacker has dice boosting (reroll BOOST once)")] = False,
    defender_boost: Annotated[bool, typer.Option(help="the defender has dice boosting")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Marvel Heroes: exact HIT distributions and the KO chance of one Attack phase (also Outwit odds)."""
    from capes.games.heroes.odds import attack_odds

    o = attack_odds(attack, defend, boost, defender_boost)
    if as_json:
        print(json.dumps(o.to_dict(), indent=1))
        return
    t = Table(title=f"{o.attack_dice} attack dice{' (boost)' if boost else ''} vs "
                    f"{o.defend_dice} defend dice{' (boost)' if defender_boost else ''}")
    t.add_column("HITs", justify="right")
    t.add_column("attacker", justify="right")
    t.add_column("defender", justify="right")
    for k in range(max([*o.attack, *o.defend]) + 1):
        t.add_row(str(k), f"{float(o.attack.get(k, 0)):.4%}", f"{float(o.defend.get(k, 0)):.4%}")
    console.print(t)
    console.print(f"KO chance {float(o.p_ko):.4%} ({o.p_ko}); as an Outwit contest: "
                  f"attacker side wins {float(o.p_win_outwit):.4%}, tie {float(o.p_tie):.4%}")


def main() -> None:
    """Console entry point: bad input becomes a one-line error, never a traceback."""
    try:
        app()  # standalone: usage errors print Typer's message and exit 2
    except CapesError as e:
        err.print(f"error: {escape(str(e))}")
        sys.exit(2)
    except KeyboardInterrupt:
        err.print("interrupted")
        sys.exit(130)


if __name__ == "__main__":
    main()
