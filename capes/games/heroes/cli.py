"""Marvel Heroes on the command line: ``capes odds heroes`` (registered in :data:`capes.core.registry.CLI`,
so the CLI itself imports no game module)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from capes.core.config import check_int

console = Console(highlight=False, width=None if sys.stdout.isatty() else 200)
err = Console(stderr=True, highlight=False, soft_wrap=True)


def commands() -> dict[str, Callable[..., Any]]:
    """This game's command-line extras: ``capes odds heroes``."""
    return {"odds": odds}


def odds(
    attack: Annotated[int, typer.Option(help="attacker's Attack rating (dice; at most 8 are rolled)")],
    defend: Annotated[int, typer.Option(help="defender's Defend rating (dice; at most 8 are rolled)")],
    boost: Annotated[bool, typer.Option(help="the attacker has dice boosting (reroll BOOST once)")] = False,
    defender_boost: Annotated[bool, typer.Option(help="the defender has dice boosting")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Marvel Heroes: exact HIT distributions and the KO chance of one Attack phase (also Outwit odds)."""
    from capes.games.heroes.odds import attack_odds

    check_int("--attack", attack, 0, 1000)
    check_int("--defend", defend, 0, 1000)
    o = attack_odds(attack, defend, boost, defender_boost)
    capped = [f"{name} {given} rolls {rolled}" for name, given, rolled in
              (("--attack", attack, o.attack_dice), ("--defend", defend, o.defend_dice)) if given > rolled]
    if capped:
        err.print(f"note: at most {max(o.attack_dice, o.defend_dice, 8)} dice are rolled (Marvel Heroes rulebook, "
                  f"dice limit): {'; '.join(capped)}", highlight=False)
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
