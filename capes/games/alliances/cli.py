"""Crisis Protocol Alliances on the command line: ``capes odds alliances`` (registered in
:data:`capes.core.registry.CLI`, so the CLI itself imports no game module)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from capes.core.config import check_int, quote
from capes.core.errors import ConfigError

console = Console(highlight=False, width=None if sys.stdout.isatty() else 200)
#: the largest dice pool `capes odds alliances` takes (the rules give no cap; see odds).
#: The exact computation is polynomial: 1,000 dice answer in a fraction of a second.
MAX_POOL = 1000


def commands() -> dict[str, Callable[..., Any]]:
    """This game's command-line extras: ``capes odds alliances``."""
    return {"odds": odds}


def odds(
    attack: Annotated[int, typer.Option(help="attacker's dice (Character attack) or Attack Strength (Enemy attack)")],
    defense: Annotated[int, typer.Option(help="Enemy's Defense Stat, or the Character's defense dice")],
    defender: Annotated[str, typer.Option(help="who defends: enemy (a Character attacks) or character (an Enemy attacks)")] = "enemy",
    cover: Annotated[bool, typer.Option(help="the defender benefits from Cover")] = False,
    modifier: Annotated[int, typer.Option(help="dice added to (or removed from) the rolled pool; never below 1")] = 0,
    health: Annotated[int | None, typer.Option(help="remaining Health/Stamina of the defender, for the KO chance")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Crisis Protocol Alliances: the exact Damage distribution of one attack."""
    from capes.games.alliances.odds import character_attack, enemy_attack

    if defender not in ("enemy", "character"):
        raise ConfigError(f"--defender must be enemy or character (got {quote(defender)})")
    why = " (a bound on input, not a rule: the rules set no cap on a pool, and no stat or effect comes near 1000)"
    check_int("--attack", attack, 0, MAX_POOL, why)
    check_int("--defense", defense, 0, MAX_POOL, why)
    check_int("--modifier", modifier, -MAX_POOL, MAX_POOL, why)
    if health is not None:
        check_int("--health", health, 1, 1000)
    if defender == "enemy":
        o = character_attack(attack, defense, cover, modifier, health)
    else:
        o = enemy_attack(attack, defense, cover, modifier, health)
    d = o.to_dict()
    if as_json:
        print(json.dumps(d, indent=1))
        return
    who = (f"Character rolls {o.dice} attack dice vs Defense {defense}" if defender == "enemy"
           else f"Enemy Attack Strength {attack} vs {o.dice} defense dice")
    t = Table(title=f"{who}{' (cover)' if cover else ''}")
    t.add_column("damage", justify="right")
    t.add_column("probability", justify="right")
    t.add_column("exact", justify="right")
    t.add_column("at least", justify="right")
    items = sorted(o.damage.items())
    tail = 1.0
    hidden = 0
    for dmg, p in items:
        exact = str(p)
        # a big pool has hundreds of outcomes too rare to print as a percentage: counted, not listed
        if len(items) > 40 and float(p) < 0.000_000_5:
            hidden += 1
        else:
            # and exact fractions thousands of digits long, shown as such (--json has the floats)
            t.add_row(str(dmg), f"{float(p):.4%}", exact if len(exact) <= 40 else f"({len(exact)} digits)",
                      f"{tail:.4%}")
        tail -= float(p)
    console.print(t)
    if hidden:
        console.print(f"{hidden} more damage values each have a probability under 0.00005% (not listed)")
    console.print(f"hit chance {d['p_hit']:.4%}; mean damage {d['mean_damage']:.4f}"
                  + (f"; KO chance (health {health}) {d['p_ko']:.4%}" if health else "")
                  + (f"; a Failure in the attack roll {d['p_failure_in_attack_roll']:.4%}" if defender == "enemy" else ""))
