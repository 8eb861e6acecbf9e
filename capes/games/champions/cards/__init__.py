"""Card scripts: the card-script API.

One module per data file (``cards/<file>.py`` for ``data/<file>.yaml``), each registering short functions
keyed by card code with the decorators below; the code is the first argument of every registration, so
``grep -n '"01005"' capes/games/champions/cards/`` finds a card's script, and ``SCRIPTED[code]`` names its
module (tests/champions/test_content.py checks both ways: every script names a card of the data, every
non-vanilla card of the finished sets has a script). Modules are imported by :func:`load_scripts`; a new set
needs only its YAML file and its script module (add the module name to :data:`MODULES`).

Most cards are one line built from the shared vocabulary of :mod:`capes.games.champions.cards.effects`::

    play("01005", form="hero")(attack(8))                        # Swinging Web Kick
    action("01064", can=ready_with_uses)(uses(remove_threat(1)))  # Surveillance Team

Hooks (``game`` is the game state, ``player`` the seat index, ``card`` the card instance (an int) whose
ability resolves, ``at`` the stack position of the event a triggered ability answers):

* ``@play(code)``            events: ``fn(game, player, card)`` resolves the event (after its cost is paid;
  ``game.paid`` holds the colours paid, e.g. ``"M" in game.paid``). Register ``can=`` for extra play
  conditions and ``form="hero"|"ae"`` for hero/alter-ego-only actions.
* ``@enters(code)``          after a player card enters play (forced responses and optional ones
  like Mockingbird — make them optional with ``game.choose(..., optional=True)``).
* ``@action(code, form=None, can=None)``  an action ability of a card in play (``use:<uid>``); the
  function pays its own costs (``game.exhaust(card)``, ``game.spend_uses(card)``, ``game.pay(player, 3, "P", then)``).
* ``@resource(code, produces="W", form=None, can=None)``  a resource ability producing ``produces``
  (e.g. ``"M"``, or a callable ``(game, player, card) -> str`` read when the source is offered and when it is
  used); the function pays its own cost (exhaust, spend a counter, once-per-round flag).
* ``@revealed(code)``        encounter "When Revealed": ``fn(game, player, card)``; ``game.form(player)`` tells
  hero/alter-ego.
* ``@boost(code)``           a star boost ability, ``fn(game, player, card)`` during the activation.
* ``@setup(code)``           a main scheme's setup ability (A side), or an identity's "Setup" ability
  (either side's code; runs before opening hands are drawn).
* ``@defeated(code)``        "When Defeated" of an encounter card.
* ``@trigger(code, event, kind="forced"|"optional", where="play"|"hand"|"identity", form=None,
  can=None)``  interrupts/responses, ``fn(game, player, card, at)``. ``game.event(at)`` is the event as a
  record with named fields (:data:`capes.games.champions.frames.EVENTS`), ``game.change_event(at, amount=0)``
  changes it (prevents damage; ``cancelled=1`` cancels a treachery). Events and their fields:
  ``attack_init`` (attacker, player, flags, cancelled), ``dmg`` (target, amount, source, flags: ``F_ATTACK``),
  ``threat`` (scheme, amount, cause), ``treachery`` (card, player, cancelled), ``encounter_revealed`` (card,
  player, cancelled), ``after_thwart`` (thwarter, player), ``after_attack`` (attacker, target, player, basic),
  ``minion_defeated`` (minion, by_player, source), ``minion_defeating`` (minion, by_player: forced interrupts
  before it leaves), ``form_changed`` (player), ``enemy_attacked`` / ``enemy_schemed`` (enemy, player, how),
  ``round_end``, ``minion_entered`` (minion, player), ``defended`` (defender, enemy, player: after the
  damage of a defended attack).
* ``@stat(code, "atk"|"thw"|"def"|"rec"|"hp"|"sch"|"hand"|"ally_limit")``  a constant modifier:
  ``fn(game, card, target) -> int`` added to ``target``'s stat (e.g. an upgrade on your hero).

The vocabulary (methods of the state, :mod:`capes.games.champions.vocabulary`). Within one script everything
pushed resolves in call order; ``heal``, ``stun``, ``confuse``, ``tough``, ``exhaust``, ``ready`` act at once,
the rest are queued steps: ``game.damage(target, n, src)``, ``game.heal(target, n) -> healed``,
``game.thwart(scheme, n)`` (remove threat), ``game.add_threat(scheme, n)``, ``game.draw(player, n)``,
``game.discard(uid)``, ``game.spend_uses(uid)``, ``game.indirect(player, n, src)``,
``game.villain_attacks(player)``, ``game.villain_schemes(player)``, ``game.surge(player)``,
``game.reveal_card(uid, player)``, ``game.find_encounter(code)``, ``game.discard_top(player, k)``,
``game.enc_draw()``, ``game.deal_boost(k)``, ``game.ctrl(uid)`` (the controller of a card: a card in play sits
in its controller's ``play`` list, and goes to its owner's hand/discard pile when it leaves;
``game.set_ctrl(uid, player)`` after moving it gives control to ``player``; scripts test "your card" with
``game.ctrl(card) == player``), ``game.attack_with_event(player, "attackable", n, card)`` (an attack event:
guard, stun, retaliate and after-attack responses apply), ``game.thwart_with_event(player, n, card)`` (a thwart
event: confusion applies), ``game.pay(player, n, colour, then)`` / ``game.pay_colors(player, "EMP", then)`` with
``game.can_afford(...)`` / ``game.can_afford_colors(player, "EMP")``,
``game.choose(player, selector, then, prompt, optional=False)`` where ``selector`` names an entry of
:data:`capes.games.champions.frames.SELECTORS` (``enemy``, ``attackable``, ``minion``, ``scheme``,
``thwartable``, ``character``, ``friendly``, ``ally``, ``my_ally``, ``hero``, ``player``, ``hand``,
``my_upgrade_support``...) and ``then`` a tuple of steps using ``"@"`` for the chosen card, e.g.
``game.choose(player, "enemy", (("dmg", "@", 4, card, 0),))``; ``game.modal(player, [(label, steps), ...])``.
A step is ``(name, *args)`` from :data:`capes.games.champions.frames.STEPS`: ``dmg (target, n, src,
flags)``, ``rthreat (scheme, n, src)``, ``threat (scheme, n, cause)``, ``heal``, ``stun``, ``confuse``,
``tough``, ``ready``, ``exhaust``, ``discard``, ``draw (player, n)``, ``player_draw (identity, n)``,
``attach (card, target)``, ``engage (minion, player)``, ``reveal (card, player)``, ``surge (player)``,
``flip_free (player)`` and ``call (name, *args)`` which runs a function registered with ``@cont`` as
``"<module>.<function>"`` (continuations after a choice or payment). Lasting effects are tuples in
``game.mods`` (``("cost", player, 1)`` the next card costs 1 less; ``("atk", "stun_hit", card)`` stun every
character damaged by this attack; ``("atk", "call", name)`` call ``name(game, player, enemy, hit)`` after the
attack or scheme, ``hit`` the characters that activation damaged (it is forgotten when the activation ends:
:func:`capes.games.champions.activations.end_activation`); ``("kw", uid, keyword)``); ``GRANTS[code] = (keyword, n)`` makes an attachment grant a keyword;
``CANNOT_REMOVE.add(code)`` makes a scheme keep its threat; ``game.boost_stat(uid, "atk", 2, "phase"|"round")``
is a lasting stat change. Per-round flags: ``game.used_once(player, tag)`` / ``game.use_once(player, tag)``.

Hidden information: a ``can`` of a ``where="hand"`` trigger is evaluated with ``card=-1`` and must read only
the event (the engine asks the player whenever such a card is in their hand or deck); conditions of
options offered to *other* seats must not read a hidden hand.

Testing a card: ``tests/champions/helpers.py`` has ``scenario(hero=..., hand=[codes], play=[codes],
minions=[codes], ...)`` that builds a state with the given cards in place.
"""

from __future__ import annotations

import importlib
import sys
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


def _caller() -> str:
    """The script module registering a card (the caller of the decorator factory): effects built from the shared
    vocabulary (:mod:`capes.games.champions.cards.effects`) are filed under the card's module, not theirs."""
    return str(sys._getframe(2).f_globals.get("__name__", "")).rsplit(".", 1)[-1]


def _mark(code: str, module: str) -> None:
    SCRIPTED.setdefault(code, module)


def play(code: str, form: str | None = None, can: Callable[..., bool] | None = None):
    module = _caller()

    def deco(fn):
        PLAY[code] = (fn, form, can)
        _mark(code, module)
        return fn
    return deco


def enters(code: str):
    module = _caller()

    def deco(fn):
        ENTERS[code] = fn
        _mark(code, module)
        return fn
    return deco


def action(code: str, form: str | None = None, can: Callable[..., bool] | None = None):
    module = _caller()

    def deco(fn):
        ACTION[code] = (fn, form, can)
        _mark(code, module)
        return fn
    return deco


def resource(code: str, produces: Any = "W", form: str | None = None, can: Callable[..., bool] | None = None):
    module = _caller()

    def deco(fn):
        RESOURCE[code] = (fn, form, can, produces)
        _mark(code, module)
        return fn
    return deco


def _simple(table: dict[str, Callable[..., Any]]):
    def reg(code: str):
        module = _caller()

        def deco(fn):
            table[code] = fn
            _mark(code, module)
            return fn
        return deco
    return reg


revealed = _simple(REVEALED)
boost = _simple(BOOST)
setup = _simple(SETUP)
defeated = _simple(DEFEATED)


def stat(code: str, which: str):
    module = _caller()

    def deco(fn):
        STAT.setdefault(which, {})[code] = fn
        _mark(code, module)
        return fn
    return deco


def trigger(code: str, event: str, kind: str = "forced", where: str = "play", form: str | None = None,
            can: Callable[..., bool] | None = None):
    module = _caller()

    def deco(fn):
        TRIGGERS.setdefault(event, []).append((code, kind, where, form, can, fn))
        _mark(code, module)
        return fn
    return deco


def cont(fn):
    """Register ``fn`` as a continuation usable in steps: ``("call", "<module>.<name>", *args)``."""
    CONT[fn.__module__.rsplit(".", 1)[-1] + "." + fn.__name__] = fn
    return fn


@cont
def exhaust_and_remove(game, player, card):
    """The obligations' shared choice: exhaust player ``p``'s alter-ego and remove card ``me`` from the game.

    Step: ``("call", "cards.exhaust_and_remove", p, me)``.
    """
    game.exhaust(game.ident[player])
    game.remove_from_zones(card)
    game.removed.append(card)


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
