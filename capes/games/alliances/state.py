"""The state's data in one place: the layout of every field, the lookups every chapter uses, dice, and how a
state is copied, saved, loaded and shown (rulebook: Key Concepts > Objects, Enemy Stat Cards, Character
Dashboards; Dice; Halving).

Characters, Enemies and tokens are small lists indexed by the ``C_*``, ``E_*`` and ``T_*`` constants below
(cheap to clone). Stage data (``stage``, ``board``) is static and shared between clones, never copied.

Rule ids (rules.yaml): alliances/dazed, alliances/halving, alliances/level-up.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from capes.core.jsontext import encode
from capes.core.protocol import Option, State
from capes.games.alliances import dice
from capes.games.alliances.content import COND_BIT, CONDITIONS, RESULT_NAMES

# chars[i] fields: Space (-1 off the battlefield), Stamina left, Power, XP, Level, Injured side, Dazed, special
# Conditions (COND_BIT mask), Activation tokens left, Stage tokens held ((tid, symbol), ...), Level-Up Cards kept,
# skills used this Activation
C_POS, C_STA, C_POW, C_XP, C_LVL, C_INJ, C_DAZ, C_COND, C_TOK, C_HELD, C_CARDS, C_SKUSED = range(12)
# enemies[j] fields: unique id, Enemy Stat Card id, Space, Damage, Conditions mask, Dazed (a Boss's Dazed token)
E_UID, E_ID, E_POS, E_DMG, E_COND, E_DAZ = range(6)
# tokens[k] fields: [tid, kind, pos, sym, extra]  kind: obj | ing | brace; extra is the Stage's own counter
T_ID, T_KIND, T_POS, T_SYM, T_X = range(5)

XP_NEEDED = {2: 10, 3: 15, 4: 20}  # alliances/level-up
_FACE = tuple(RESULT_NAMES.index(dice.result(f)) for f in dice.D8.faces)
_NF = len(_FACE)
SUCC_ATK = (1, 1, 1, 0, 0, 0)  # crit wild hit count for attacks
SUCC_DEF = (1, 1, 0, 1, 0, 0)  # crit wild block count for defence / dodge
MAX_POWER = 10
char_pos = itemgetter(C_POS)  # a Character's Space (for map)
enemy_pos = itemgetter(E_POS)  # an Enemy's Space (for map)
DIR_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}


def plural(n: int, one: str, many: str = "") -> str:
    """``n`` and the word in the right number.

    >>> plural(1, "Enemy", "Enemies"), plural(2, "success", "successes"), plural(0, "HIT")
    ('1 Enemy', '2 successes', '0 HITs')
    """
    return f"{n} {one if n == 1 else (many or one + 's')}"


def cond_title(name: str) -> str:
    """A special condition's name as players read it (``bleed`` -> ``Bleed``)."""
    return name.title()


def half_up(n: int) -> int:
    """alliances/halving: a halved number is always rounded up.

    >>> half_up(5), half_up(4)
    (3, 2)
    """
    return (n + 1) // 2


def cond_names(mask: int) -> list[str]:
    """The special Conditions in a ``COND_BIT`` mask, in rulebook order."""
    return [c for c in CONDITIONS if mask & COND_BIT[c]]


class StateData(State):
    """Every field of an Alliances game and the lookups on them; the rules live in the chapter mixins."""

    game: Any  # the AlliancesGame (game.py imports the engine, so it is not imported here)

    def _new_fields(self) -> None:
        """Every field a game has, at the start of the Mission (setup.py then runs the first frames)."""
        g = self.game
        self.over = 0  # 0 running, 1 win, 2 loss
        self.order = list(g.stage_ids)  # the Mission's Stages in play order (the players pick the first)
        self.why = ""  # why the game ended
        self._set_stage(0)  # stage_i, stage, board
        self.stages_done = 0
        self.round = 0  # Round of this Stage
        self.rounds_total = 0  # Rounds of the whole Mission (the house rule round_limit counts these)
        self.turn = 0  # 0 or 1: the Turn of the Round
        self.chars = [[-1, g.side(cid, 0, ()).stamina, 0, 0, 1, 0, 0, 0, 2, (), (), ()] for cid in g.squad]
        self.enemies: list[list[Any]] = []
        self.next_uid = 1
        self.tracker: list[str] = []  # Spawn Tracker spots: an Enemy id, "*" (a Challenge token) or ""
        self.waiting: list[str] = []  # KO'd Minions waiting for a free Spawn Tracker spot (ruling 13)
        self.terrain: tuple[int, ...] = ()  # Spaces holding a Terrain Feature
        self.tokens: list[list[Any]] = []
        self.next_tid = 1
        self.pool = [0, 0, 0, 0]  # face-down Ingredients per symbol (Oscorp Lab)
        self.completed = 0  # Objectives Completed this Stage
        self.interacted: tuple[tuple[int, int], ...] = ()  # (Character, token) Interacts this Turn
        self.priority = 0  # the Character holding the Priority token
        self.active = -1  # the Activating Character
        self.action_used = 0
        self.gg_gone = 0  # Mini-Boss KO'd this Stage
        self.boss_dazes = 0  # Boss Daze Tracker
        self.target = -1  # Target token's Space (Boss Battle)
        self.braces: list[int] = []  # each Brace turned (1) or not (Boss Battle)
        self.forced: list[int] = []  # dice results tests force (rolled first)
        self.stack: list[tuple[Any, ...]] = []  # pending rule frames (flow.py)
        self.pending: tuple[Any, ...] | None = None  # the open question (kind, seat, *data)

    # --- lookups
    def seat_of(self, ci: int) -> int:
        return self.game.ctrl[ci]

    @property
    def prio_seat(self) -> int:
        return self.game.ctrl[self.priority]

    def roll(self, n: int) -> list[int]:
        """Roll ``n`` dice (forced results first: tests use ``state.forced``)."""
        f = self.forced
        if not f:
            return list(map(_FACE.__getitem__, self.rng.dice(n, _NF)))  # dice: the numbers of n randbelow(_NF)
        out = []
        for _ in range(n):
            if f:
                out.append(f.pop(0))
            else:
                out.append(_FACE[self.rng.randbelow(_NF)])
        return out

    def cname(self, ci: int) -> str:
        return self.game.cnames[ci]

    def cside(self, ci: int) -> Any:
        c = self.chars[ci]
        row = self.game.side_rows[ci][c[C_INJ]]
        s = row.get(c[C_CARDS])
        if s is None:
            s = row[c[C_CARDS]] = self.game.side(self.game.squad[ci], c[C_INJ], c[C_CARDS])
        return s

    def has_skill(self, ci: int, skill: str) -> bool:
        c = self.chars[ci]
        if c[C_DAZ]:  # alliances/dazed: Dazed Characters don't have skills
            return False
        return skill in self.cside(ci).skills

    def ecard(self, e: list[Any]) -> Any:
        """The Enemy's Stat Card (the Boss side for the Boss in the Boss Battle): ``self.ecards[e[E_ID]]``."""
        return self.ecards[e[E_ID]]

    def is_boss(self, e: list[Any]) -> bool:
        return e[E_ID] == self.game.boss_id and self.stage.kind == "boss"

    def ename(self, e: list[Any]) -> str:
        return self.game.enames[e[E_ID]]

    def ewhere(self, e: list[Any]) -> str:
        """The Enemy as players tell it apart: its name and its Space."""
        p = e[E_POS]
        return f"{self.game.enames[e[E_ID]]} at {self.board.labels[p]}" if p >= 0 else self.game.enames[e[E_ID]]

    def etype(self, e: list[Any]) -> str:
        return "boss" if self.is_boss(e) else self.game.data.enemies[e[E_ID]].type

    def _set_stage(self, i: int) -> None:
        """Point ``stage``/``board``/``ecards`` (static data, shared, never copied) at Mission Stage ``i``."""
        self.stage_i = i
        self.stage = self.game.data.stages[self.order[i]]
        self.board = self.stage.board
        self.ecards = self.game.stage_cards(self.stage.kind)  # Enemy Stat Card id -> card (static, shared)

    def lbl(self, s: int) -> str:
        return self.board.labels[s]

    def enemy(self, uid: int) -> list[Any] | None:
        for e in self.enemies:
            if e[E_UID] == uid:
                return e
        return None

    def char_at(self) -> dict[int, int]:
        return {c[C_POS]: i for i, c in enumerate(self.chars) if c[C_POS] >= 0}

    def enemy_at(self) -> dict[int, list[Any]]:
        return {e[E_POS]: e for e in self.enemies}

    def occupied(self) -> set[int]:
        """The Spaces a Character or an Enemy is in."""
        s = {*map(char_pos, self.chars), *map(enemy_pos, self.enemies)}
        s.discard(-1)  # off the battlefield (a Character, or the Boss before it enters)
        return s

    def awake(self) -> list[int]:
        return [i for i, c in enumerate(self.chars) if not c[C_DAZ] and c[C_POS] >= 0]

    # --- copy, save, load, show
    _FIELDS = ("order", "over", "why", "stage_i", "stages_done", "round", "rounds_total", "turn", "next_uid", "tracker",
               "terrain", "next_tid", "pool", "completed", "interacted", "priority", "active", "action_used",
               "gg_gone", "boss_dazes", "target", "braces", "forced", "waiting")
    def _dump(self) -> Any:
        # Plain data as it is (JSON writes a tuple as a list); frames hold names, numbers, strs and tuples of them,
        # and only the open question may hold Options.
        d = {k: _copy(getattr(self, k)) for k in self._FIELDS}
        d["chars"] = [c[:] for c in self.chars]
        d["enemies"] = [e[:] for e in self.enemies]
        d["tokens"] = [t[:] for t in self.tokens]
        d["stack"] = self.stack[:]
        d["pending"] = _jsonable(self.pending)
        return d

    def _dump_json(self) -> str:
        """The text of ``encode(self._dump())`` without _dump's copies: the fields are encoded at once, before the
        state can change them."""
        d = dict(zip(self._FIELDS, _fields_of(self.__dict__), strict=True))
        d["chars"] = self.chars
        d["enemies"] = self.enemies
        d["tokens"] = self.tokens
        d["stack"] = self.stack
        d["pending"] = _jsonable(self.pending)
        return encode(d)

    def _load(self, data: Any) -> None:
        for k in self._FIELDS:
            setattr(self, k, data.get(k, []) if k == "waiting" else data[k])
        self._set_stage(self.stage_i)
        self.terrain = tuple(self.terrain)
        self.interacted = tuple(tuple(x) for x in self.interacted)
        self.chars = [[*c[:C_HELD], tuple(tuple(h) for h in c[C_HELD]), tuple(c[C_CARDS]), tuple(c[C_SKUSED])] for c in data["chars"]]
        self.enemies = [list(e) for e in data["enemies"]]
        self.tokens = [list(t) for t in data["tokens"]]
        self.stack = [_untuple(f) for f in data["stack"]]
        self.pending = _untuple(data["pending"]) if data["pending"] is not None else None

    def _copy_into(self, o: State) -> None:
        assert isinstance(o, self.__class__)  # the exact class: isinstance answers at once, no ABC lookup
        # every field (ints, strs, tuples and the static Stage data shared), but the protocol's own fields that
        # State.clone has already set (rng, actions, log...) win
        o.__dict__ = {**self.__dict__, **o.__dict__}
        # what the rules change in place is copied; ``order`` and ``waiting`` are only ever replaced, so shared
        o.chars = list(map(list.copy, self.chars))
        o.enemies = list(map(list.copy, self.enemies))
        o.tokens = list(map(list.copy, self.tokens))
        o.tracker = self.tracker[:]
        o.pool = self.pool[:]
        o.braces = self.braces[:]
        o.forced = self.forced[:]
        o.stack = self.stack[:]

    def _view(self, seat: int | None) -> dict[str, Any]:
        # Nothing is hidden: pools and Level-Up decks are drawn at random when used.
        b = self.board
        g = self.game
        return {
            "stage": self.stage.id, "stage_name": self.stage.name, "stage_index": self.stage_i,
            "mission": list(self.order),
            "stages_done": self.stages_done, "round": self.round, "rounds_total": self.rounds_total,
            "turn": self.turn, "priority": g.squad[self.priority],
            "active": g.squad[self.active] if self.active >= 0 else None,
            "characters": [
                {"id": g.squad[i], "seat": g.ctrl[i], "pos": b.label(c[C_POS]) if c[C_POS] >= 0 else None,
                 "stamina": c[C_STA], "max_stamina": self.cside(i).stamina, "power": c[C_POW], "xp": c[C_XP],
                 "level": c[C_LVL], "injured": bool(c[C_INJ]), "dazed": bool(c[C_DAZ]),
                 "conditions": cond_names(c[C_COND]), "activation_tokens": c[C_TOK],
                 "holding": [RESULT_NAMES[x] for _, x in c[C_HELD]], "cards": list(c[C_CARDS])}
                for i, c in enumerate(self.chars)],
            "enemies": [{"uid": e[E_UID], "id": e[E_ID], "type": self.etype(e), "pos": b.label(e[E_POS]) if e[E_POS] >= 0 else None,
                         "damage": e[E_DMG], "stamina": self.ecard(e).stamina, "conditions": cond_names(e[E_COND]),
                         "dazed": bool(e[E_DAZ])} for e in self.enemies],
            "tracker": list(self.tracker),
            "terrain": [b.label(s) for s in self.terrain],
            "tokens": [{"id": t[T_ID], "kind": t[T_KIND], "pos": b.label(t[T_POS]) if t[T_POS] >= 0 else None,
                        "symbol": RESULT_NAMES[t[T_SYM]], "extra": t[T_X]} for t in self.tokens],
            "ingredient_pool": list(self.pool), "completed": self.completed, "boss_dazes": self.boss_dazes,
            "target": b.label(self.target) if self.target >= 0 else None, "braces": list(self.braces),
            "over": self.over, "why": self.why,
        }


_SCALARS = frozenset({int, str, bool, float, type(None)})


#: the values of StateData._FIELDS in a state's __dict__, in that order
_fields_of = itemgetter(*StateData._FIELDS)


def _copy(x: Any) -> Any:
    """A field's value for ``_dump``: a list copied (the state goes on changing it), anything else as it is."""
    return x[:] if x.__class__ is list else x


def _jsonable(x: Any) -> Any:
    """A question as JSON data: lists for tuples, ``{"o": [id, label, group]}`` for an Option."""
    if isinstance(x, list | tuple):
        return [v if v.__class__ in _SCALARS else _jsonable(v) for v in x]
    if isinstance(x, Option):
        return {"o": [x.id, x.label, x.group]}
    return x


def _untuple(x: Any) -> Any:
    """JSON lists back to frame tuples (frames and their tuple arguments)."""
    if isinstance(x, list):
        return tuple(_untuple(v) for v in x)
    if isinstance(x, dict):
        return Option(*x["o"][:3])
    return x
