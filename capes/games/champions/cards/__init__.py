"""Card scripts: the card-script API.

One module per data file (``cards/<file>.py`` for ``data/<file>.yaml``), each registering short functions
keyed by card code with the decorators below. Modules are imported by :func:`load_scripts`; a new set
needs only its YAML file and its script module (add the module name to :data:`MODULES`).

Hooks (``g`` is the game state, ``p`` the seat/player index, ``me`` the card instance id, an int):

* ``@play(code)``            events: ``fn(g, p, me)`` resolves the event (after its cost is paid;
  ``g.paid`` holds the colours paid, e.g. ``"M" in g.paid``). Register ``can=`` for extra play
  conditions and ``form="hero"|"ae"`` for hero/alter-ego-only actions.
* ``@enters(code)``          after a player card enters play (forced responses and optional ones
  like Mockingbird — make them optional with ``g.choose(..., optional=True)``).
* ``@action(code, form=None, can=None)``  an action ability of a card in play (``use:<uid>``); the
  function pays its own costs (``g.exhaust(me)``, ``g.spend_uses(me)``, ``g.pay(p, 3, "P", then)``).
* ``@resource(code, produces="W", form=None, can=None)``  a resource ability producing ``produces``
  (e.g. ``"M"``, or a callable ``(g, p, me) -> str`` read when the source is offered and when it is
  used); the function pays its own cost (exhaust, spend a counter, once-per-round flag).
* ``@revealed(code)``        encounter "When Revealed": ``fn(g, p, me)``; ``g.form(p)`` tells hero/alter-ego.
* ``@boost(code)``           a star boost ability, ``fn(g, p, me)`` during the activation.
* ``@setup(code)``           a main scheme's setup ability (A side), or an identity's "Setup" ability
  (either side's code; runs before opening hands are drawn).
* ``@defeated(code)``        "When Defeated" of an encounter card.
* ``@trigger(code, event, kind="forced"|"optional", where="play"|"hand"|"identity", form=None,
  can=None)``  interrupts/responses. ``fn(g, p, me, ev)`` where ``ev`` is the index of the event frame
  on ``g.stack``: ``g.ev(ev)`` reads it, ``g.ev_set(ev, field, value)`` changes it (e.g. prevents damage).
  Events: ``attack_init`` (attacker, player), ``dmg`` (target, amount, source, flags), ``threat``
  (scheme, amount, cause), ``treachery`` (card, player), ``after_thwart`` (character, player),
  ``after_attack`` (attacker, target, player, basic), ``minion_defeated`` (minion, by_player),
  ``form_changed`` (player), ``enemy_attacked`` (enemy, player, "attack": after an enemy attack that
  happened), ``enemy_schemed`` (enemy, player, "scheme": after an enemy schemes), ``minion_defeating`` (minion, by_player: forced interrupts before it leaves),
  ``round_end``, ``minion_entered`` (minion, player), ``defended`` (defender, enemy, player: after the
  damage of a defended attack).
* ``@stat(code, "atk"|"thw"|"def"|"rec"|"hp"|"sch"|"hand"|"ally_limit")``  a constant modifier:
  ``fn(g, me, target) -> int`` added to ``target``'s stat (e.g. an upgrade on your hero).

The vocabulary (methods of the state). Within one script everything pushed resolves in call order;
``heal``, ``stun``, ``confuse``, ``tough``, ``exhaust``, ``ready`` act at once, the rest are queued steps:
``g.damage(target, n, src)``, ``g.heal(target, n) -> healed``, ``g.thwart(scheme, n)`` (remove threat),
``g.add_threat(scheme, n)``, ``g.draw(p, n)``, ``g.discard(uid)``, ``g.spend_uses(uid)``,
``g.indirect(p, n, src)``, ``g.villain_attacks(p)``, ``g.villain_schemes(p)``, ``g.surge(p)``,
``g.reveal_card(uid, p)``, ``g.find_encounter(code)``, ``g.ctrl(uid)`` (the controller of a card: a card
in play sits in its controller's ``play`` list, and goes to its owner's hand/discard pile when it leaves;
``g.set_ctrl(uid, p)`` after moving it gives control to ``p``; scripts test "your card" with
``g.ctrl(me) == p``), ``g.attack_with_event(p, "attackable", n, me)``
(an attack event: guard, stun, retaliate and after-attack responses apply),
``g.thwart_with_event(p, n, me)`` (a thwart event: confusion applies), ``g.pay(p, n, colour, then)`` /
``g.pay_colors(p, "EMP", then)`` with ``g.can_afford(...)`` / ``g.can_afford_colors(p, "EMP")``,
``g.choose(p, selector, then, prompt, optional=False)`` where ``selector`` names an entry of
:data:`capes.games.champions.engine.SELECTORS` (``enemy``, ``attackable``, ``minion``, ``scheme``,
``thwartable``, ``character``, ``friendly``, ``ally``, ``my_ally``, ``hero``, ``player``, ``hand``,
``my_upgrade_support``...) and ``then`` a tuple of steps using ``"@"`` for the chosen card, e.g.
``g.choose(p, "enemy", (("dmg", "@", 4, me, 0),))``; ``g.modal(p, [(label, steps), ...])``.
A step is ``(name, *args)`` from :data:`capes.games.champions.engine.STEPS`: ``dmg (target, n, src,
flags)``, ``rthreat (scheme, n, src)``, ``threat (scheme, n, cause)``, ``heal``, ``stun``, ``confuse``,
``tough``, ``ready``, ``exhaust``, ``discard``, ``draw (p, n)``, ``player_draw (identity, n)``,
``attach (card, target)``, ``engage (minion, p)``, ``reveal (card, p)``, ``surge (p)``, ``flip_free (p)``
and ``call (name, *args)`` which runs a function registered with ``@cont`` as ``"<module>.<function>"``
(continuations after a choice or payment). Lasting effects are tuples in ``g.mods`` (``("cost", p, 1)``
the next card costs 1 less; ``("atk", "stun_hit", me)`` stun every character damaged by this attack;
``("atk", "call", name)`` call ``name(g, p, enemy, hit)`` after the attack; ``("kw", uid, keyword)``);
``GRANTS[code] = (keyword, n)`` makes an attachment grant a keyword; ``CANNOT_REMOVE.add(code)`` makes a
scheme keep its threat; ``g.boost_stat(uid, "atk", 2, "phase"|"round")`` is a lasting stat change. Per-round flags:
``g.used_once(p, tag)`` / ``g.use_once(p, tag)``.

Hidden information: a ``can`` of a ``where="hand"`` trigger is evaluated with ``me=-1`` and must read only
the event (the engine asks the player whenever such a card is in their hand or deck); conditions of
options offered to *other* seats must not read a hidden hand.

Testing a card: ``tests/champions/helpers.py`` has ``scenario(hero=..., hand=[codes], play=[codes],
minions=[codes], ...)`` that builds a state with the given cards in place.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

MODULES = ["spider_man", "justice", "basic", "rhino", "bomb_scare", "standard", "expert",
           "she_hulk", "aggression", "klaw", "protection", "leadership", "captain_marvel", "iron_man",
           "black_panther", "ultron", "masters_of_evil", "under_attack", "legions_of_hydra",
           "the_doomsday_chair"]

PLAY: dict[str, tuple[Callable[..., Any], str | None, Callable[..., bool] | None]] = {}
ENTERS: dict[str, Callable[..., Any]] = {}
ACTION: dict[str, tuple[Callable[..., Any], str | None, Callable[..., bool] | None]] = {}
RESOURCE: dict[str, tuple[Callable[..., Any], str | None, Callable[..., bool] | None, Any]] = {}
#: named continuations: steps ``("call", name, *args)`` run ``CONT[name](g, *args)``
CONT: dict[str, Callable[..., Any]] = {}
REVEALED: dict[str, Callable[..., Any]] = {}
BOOST: dict[str, Callable[..., Any]] = {}
SETUP: dict[str, Callable[..., Any]] = {}
DEFEATED: dict[str, Callable[..., Any]] = {}
STAT: dict[str, dict[str, Callable[..., int]]] = {}  # stat -> code -> fn
#: event -> list of (code, kind, where, form, can, fn)
TRIGGERS: dict[str, list[tuple[str, str, str, str | None, Callable[..., bool] | None, Callable[..., Any]]]] = {}
#: attachment code -> (keyword, value) it grants to the card it is attached to
GRANTS: dict[str, tuple[str, int]] = {}
#: scheme codes from which threat cannot be removed ("cannot" is absolute: champions/rr/cannot)
CANNOT_REMOVE: set[str] = set()
#: codes "played under any player's control": ``max_per_player`` then counts per controller
#: (the script picks the controller when the card enters play and calls ``g.set_ctrl``)
ANY_CONTROL: set[str] = set()
#: every code that has any script, with the module that scripted it
SCRIPTED: dict[str, str] = {}


def _mark(code: str, fn: Callable[..., Any]) -> None:
    SCRIPTED.setdefault(code, fn.__module__.rsplit(".", 1)[-1])


def play(code: str, form: str | None = None, can: Callable[..., bool] | None = None):
    def deco(fn):
        PLAY[code] = (fn, form, can)
        _mark(code, fn)
        return fn
    return deco


def enters(code: str):
    def deco(fn):
        ENTERS[code] = fn
        _mark(code, fn)
        return fn
    return deco


def action(code: str, form: str | None = None, can: Callable[..., bool] | None = None):
    def deco(fn):
        ACTION[code] = (fn, form, can)
        _mark(code, fn)
        return fn
    return deco


def resource(code: str, produces: Any = "W", form: str | None = None, can: Callable[..., bool] | None = None):
    def deco(fn):
        RESOURCE[code] = (fn, form, can, produces)
        _mark(code, fn)
        return fn
    return deco


def _simple(table: dict[str, Callable[..., Any]]):
    def reg(code: str):
        def deco(fn):
            table[code] = fn
            _mark(code, fn)
            return fn
        return deco
    return reg


revealed = _simple(REVEALED)
boost = _simple(BOOST)
setup = _simple(SETUP)
defeated = _simple(DEFEATED)


def stat(code: str, which: str):
    def deco(fn):
        STAT.setdefault(which, {})[code] = fn
        _mark(code, fn)
        return fn
    return deco


def trigger(code: str, event: str, kind: str = "forced", where: str = "play", form: str | None = None,
            can: Callable[..., bool] | None = None):
    def deco(fn):
        TRIGGERS.setdefault(event, []).append((code, kind, where, form, can, fn))
        _mark(code, fn)
        return fn
    return deco


def cont(fn):
    """Register ``fn`` as a continuation usable in steps: ``("call", "<module>.<name>", *args)``."""
    CONT[fn.__module__.rsplit(".", 1)[-1] + "." + fn.__name__] = fn
    return fn


@cont
def exhaust_and_remove(g, p, me):
    """The obligations' shared choice: exhaust player ``p``'s alter-ego and remove card ``me`` from the game.

    Step: ``("call", "cards.exhaust_and_remove", p, me)``.
    """
    g.exhaust(g.ident[p])
    g.remove_from_zones(me)
    g.removed.append(me)


def mark(code: str, module: str) -> None:
    """Declare a card handled by the engine's generic rules (e.g. a pure stat attachment)."""
    SCRIPTED.setdefault(code, module)


_loaded = False


def load_scripts() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for m in MODULES:
        try:
            importlib.import_module(f"capes.games.champions.cards.{m}")
        except ModuleNotFoundError as e:
            if e.name != f"capes.games.champions.cards.{m}":
                raise
