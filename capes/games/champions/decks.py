"""Heroes, villains, pre-built decks and the MarvelCDB deck importer.

Pre-built decks are authored by the project (``source: project``): each hero's 15 signature cards plus
15 aspect and 10 basic cards. ``deck=FILE`` reads a MarvelCDB export: JSON with ``investigator_code`` or
``hero_code`` and ``slots`` {code: quantity}; deck-building rules are checked (40-50 cards, the hero's
signature cards, one aspect, at most 3 copies of a title, "Max N per deck") and unknown codes named.
"""

from __future__ import annotations

import json
from pathlib import Path

from capes.core.errors import ConfigError
from capes.games.champions.data import cards

#: hero id -> (identity code (hero side), signature set, pre-built aspect)
HEROES: dict[str, tuple[str, str, str]] = {
    "spider_man": ("01001a", "spider_man", "justice"),
    "captain_marvel": ("01010a", "captain_marvel", "leadership"),
    "she_hulk": ("01019a", "she_hulk", "aggression"),
    "iron_man": ("01029a", "iron_man", "aggression"),
    "black_panther": ("01040a", "black_panther", "protection"),
}

#: villain id -> stages, main scheme stages (B sides), setup side (A of stage 1), set, recommended modular
VILLAINS: dict[str, dict[str, object]] = {
    "rhino": {"stages": ["01094", "01095", "01096"], "main": ["01097b"], "setup": "01097a", "set": "rhino",
              "modular": "bomb_scare"},
    "klaw": {"stages": ["01113", "01114", "01115"], "main": ["01116b", "01117b"], "setup": "01116a",
             "set": "klaw", "modular": "masters_of_evil"},
    "ultron": {"stages": ["01134", "01135", "01136"], "main": ["01137b", "01138b", "01139b"],
               "setup": "01137a", "set": "ultron", "modular": "under_attack"},
}

MODULARS = ("bomb_scare", "masters_of_evil", "under_attack", "legions_of_hydra", "the_doomsday_chair")
ASPECTS = ("aggression", "justice", "leadership", "protection")

#: explicit pre-built lists (code -> copies); others are derived by :func:`prebuilt`
PREBUILT: dict[str, dict[str, int]] = {
    "spider_man": {
        "01058": 1, "01059": 1, "01060": 3, "01061": 3, "01062": 2, "01063": 1, "01064": 2, "01065": 2,
        "01088": 1, "01089": 1, "01090": 1, "01084": 1, "01083": 1, "01092": 1, "01091": 1, "01086": 1,
        "01087": 1, "01085": 1,
    },
}


def signature(hero: str) -> list[str]:
    """The hero's signature player cards (every copy)."""
    _, hset, _ = HEROES[hero]
    out = []
    for c in cards().values():
        if c.set == hset and c.type not in ("hero", "alter_ego", "obligation"):
            out += [c.code] * c.quantity
    return out


def prebuilt(hero: str) -> list[str]:
    """The pre-built deck named after ``hero`` (40 cards)."""
    sig = signature(hero)
    if hero in PREBUILT:
        extra = [c for c, k in PREBUILT[hero].items() for _ in range(k)]
        return sig + extra
    aspect = HEROES[hero][2]
    asp = [c for c in cards().values() if c.aspect == aspect and c.set == aspect]
    extra: list[str] = []
    for c in asp:
        extra += [c.code] * min(c.quantity, 2)
    extra = extra[:15]
    basics = [c.code for c in cards().values() if c.set == "basic"][:40 - len(sig) - len(extra)]
    return sig + extra + basics


def obligation(hero: str) -> list[str]:
    hset = HEROES[hero][1]
    return [c.code for c in cards().values() if c.set == hset and c.type == "obligation"]


def nemesis(hero: str) -> list[str]:
    hset = HEROES[hero][1] + "_nemesis"
    out = []
    for c in cards().values():
        if c.set == hset:
            out += [c.code] * c.quantity
    return out


def hero_of_code(code: str) -> str | None:
    for h, (idc, _, _) in HEROES.items():
        if idc == code or idc[:-1] == code or cards()[idc].back == code:
            return h
    return None


def _json_kind(doc: object) -> str:
    """The JSON name of a parsed value's type, for messages (``array``, ``string``...)."""
    if doc is None:
        return "null"
    return {list: "array", str: "string", bool: "boolean", int: "number", float: "number"}.get(type(doc), "value")


def import_marvelcdb(path: str) -> tuple[str, list[str]]:
    """Read a MarvelCDB deck export; return (hero id, card codes). Raises ConfigError naming problems."""
    p = Path(path)
    try:
        doc = json.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"champions: config 'deck' file {path!r} does not exist") from None
    except json.JSONDecodeError as e:
        raise ConfigError(f"champions: config 'deck' file {path!r} is not JSON ({e.msg})") from None
    except UnicodeDecodeError:
        raise ConfigError(f"champions: config 'deck' file {path!r} is not UTF-8 text; a MarvelCDB deck export is "
                          "a JSON file") from None
    except OSError as e:
        raise ConfigError(f"champions: config 'deck' file {path!r} cannot be read ({e.strerror}); give the path of "
                          "a MarvelCDB deck export (a JSON file)") from None
    if not isinstance(doc, dict):
        raise ConfigError(f"champions: config 'deck' file {path!r} holds a JSON {_json_kind(doc)}; a MarvelCDB deck "
                          "export is a JSON object with 'hero_code' and 'slots' (card code -> quantity)")
    hcode = str(doc.get("hero_code") or doc.get("investigator_code") or "")
    hero = hero_of_code(hcode)
    if hero is None:
        raise ConfigError(f"champions: config 'deck' names hero code {hcode!r}, which is not a playable hero; "
                          f"allowed: {', '.join(v[0] for v in HEROES.values())}")
    slots = doc.get("slots")
    if not isinstance(slots, dict):
        raise ConfigError("champions: config 'deck' file has no 'slots' mapping of card code to quantity")
    bad = next(((c, k) for c, k in slots.items() if isinstance(k, bool) or not isinstance(k, int) or k < 0), None)
    if bad is not None:
        raise ConfigError(f"champions: config 'deck' slot {bad[0]!r} has quantity {bad[1]!r}; a quantity is a whole "
                          "number of copies (0 or more)")
    cs = cards()
    unknown = [c for c in slots if str(c) not in cs]
    if unknown:
        raise ConfigError(f"champions: config 'deck' has card codes this engine cannot play: {', '.join(map(str, unknown))}")
    out: list[str] = []
    aspects = set()
    sig = signature(hero)
    for code, k in slots.items():
        c = cs[str(code)]
        if c.type in ("hero", "alter_ego", "obligation", "villain", "main_scheme", "minion", "treachery",
                      "attachment", "side_scheme", "environment"):
            raise ConfigError(f"champions: config 'deck' lists {c.name} ({code}), which is not a player card")
        if c.set in ASPECTS:
            aspects.add(c.set)
        elif c.set != "basic" and str(code) not in sig:
            raise ConfigError(f"champions: config 'deck' lists {c.name} ({code}), a signature card of another hero")
        if c.team:  # champions/rr/team-up: your identity (either side) must be one of the named characters
            idc = cs[HEROES[hero][0]]
            names = {idc.name} | ({cs[idc.back].name} if idc.back else set())
            if not names & set(c.team):
                raise ConfigError(f"champions: config 'deck' lists {c.name} ({code}), a team-up card for "
                                  f"{' and '.join(c.team)}; the deck's identity is neither")
        limit = c.kw("max_per_deck") or 3
        if int(k) > limit:
            raise ConfigError(f"champions: config 'deck' has {k} copies of {c.name}; at most {limit} allowed")
        out += [str(code)] * int(k)
    if len(aspects) > 1:
        raise ConfigError(f"champions: config 'deck' mixes aspects ({', '.join(sorted(aspects))}); one is allowed")
    for code in set(sig):
        if out.count(code) < sig.count(code):
            out += [code] * (sig.count(code) - out.count(code))  # the signature cards are always included
    if not 40 <= len(out) <= 50:
        raise ConfigError(f"champions: config 'deck' has {len(out)} cards; a deck has 40 to 50")
    return hero, out
