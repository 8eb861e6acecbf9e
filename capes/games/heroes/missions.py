"""Phase 3: Mission (rulebook "Mission": The Movement Action, Free Movement of Supporting Super Heroes, The
Troubleshooting Action, The Medical Treatment Action, The Story Action, Use a Special Ability; "Event Cards").

The ``mission`` frame runs five Action Rounds of one ``act`` per player. ``q_act`` builds the action menu (the
per-hero move Options come from menus.py, kept per Game because their ids say all their labels say);
``a_act`` moves, starts a Troubleshooting action, treats, uses a Support (Action) ability or an Event card
(``effects.ACTIONS``).

Rule ids (rules.yaml) applied here:
heroes/cards/events, heroes/missions, heroes/missions/ability, heroes/missions/free-move,
heroes/missions/medical, heroes/missions/move, heroes/missions/story, heroes/missions/story-cards,
heroes/missions/troubleshoot, heroes/winning/special.
"""

from __future__ import annotations

from typing import Any

from capes.core.protocol import Decision, Event, Option
from capes.games.heroes import effects as fx
from capes.games.heroes.board import (
    ACTION_ROUNDS,
    AREA_NAMES,
    AREAS,
    DIST0,
    DIST_IDS,
    DIST_NAMES,
    READY,
    REC,
    ROUND_CAP,
    SCEN,
    SPACE0,
    STORY,
    SUPC,
)
from capes.games.heroes.cards import Cards
from capes.games.heroes.menus import (
    ABILITY,
    ABILITY_IF,
    MEDICAL,
    READY_MOVES,
    event_entry,
    ready_moves,
    seat_menus,
    support_moves,
    trouble_option,
)

#: what a hero's location allows in the action menu: nothing but Medical Treatment (Recovery), a Ready hero's moves
#: (on his card, in a District, on the Scenario card), a Supporting hero's moves (on his card, on a Support space)
_IN_RECOVERY, _READY, _SUPPORTING, _ELSEWHERE = range(4)
_WHERE = tuple(_IN_RECOVERY if lc == REC else _READY if lc == READY or DIST0 <= lc < DIST0 + 24 or lc == SCEN
               else _SUPPORTING if lc == SUPC or SPACE0 <= lc < SPACE0 + 12 else _ELSEWHERE for lc in range(SCEN + 1))
#: per location, its bit among the 12 Support spaces (0 elsewhere); per set of those bits, a bit per Area whose two
#: spaces are both in it
_SPACE_BIT = tuple(1 << (lc - SPACE0) if SPACE0 <= lc < SPACE0 + 12 else 0 for lc in range(SCEN + 1))
_FULL_AREAS = tuple(sum(1 << a for a in range(6) if bits >> 2 * a & 3 == 3) for bits in range(1 << 12))
#: the log Event that opens each Action Round
_AR_EVENTS = tuple(Event("heroes/missions", f"Action Round {a}.") for a in range(ACTION_ROUNDS + 1))
#: the Story action's constant Options
_ADVANCE = Option("advance", "Advance the Story track")
_LEAVE = Option("leave", "Leave the Story track as it is")
#: the frames of a seat's action in an Action Round: this step again, then the seat's ``act`` (shared constant tuples)
_MISSION_ACT = tuple((("mission",), ("act", s)) for s in range(4))
#: the action menu's prompt per Game Round and Action Round (both capped: heroes/ruling/round-cap, five Action Rounds)
_ACT_PROMPTS = tuple(tuple(f"Game Round {r}, Action Round {a}: choose your action" for a in range(ACTION_ROUNDS + 1))
                     for r in range(ROUND_CAP + 1))


class Missions(Cards):
    """The Missions chapter: its steps (``f_*``), questions (``q_*``) and answers (``a_*``)."""

    def f_mission(self, fr: tuple[Any, ...]) -> None:
        n = self.n
        if self.at < n:
            s = (self.first + self.at) % n
            self.at += 1
            self.stack += _MISSION_ACT[s]
            return
        # end of an Action Round
        self.at = 0
        if self.end_ar:
            # heroes/winning/special: the game ends when this Action Round is completed
            self._finish("heroes/winning/special")
            return
        self.ar += 1
        if self.ar <= ACTION_ROUNDS:
            self.log.append(_AR_EVENTS[self.ar])  # "Action Round {ar}." (a constant Event per Action Round)
            self.stack.append(("mission",))
        else:
            self.stack.append(("roundend",))

    def q_act(self, fr: tuple[Any, ...]) -> Decision:
        s = fr[1]
        game = self.game
        loc = self.hloc[s]
        hids = game.team_heroes[self.teams[s]]
        na = 4 if self.n == 2 else 6  # self.areas(), inlined
        nd = na * 4
        special = self.special
        menus = game.seat_menus[s] or seat_menus(game, s, hids)
        rk = (2 if nd == 24 else 0) | (1 if special else 0)  # menus.ready_key's low bits
        wound = self.wound[s]
        troubles: list[Option] = []  # heroes/missions/troubleshoot: offered first, one per District
        opts: list[Option] = []  # then each hero's moves, abilities and treatment, in hero order
        full = -1  # a bit per Area whose two Support spaces are taken (-1: not looked at yet)
        for i in range(4):
            lc = loc[i]
            where = _WHERE[lc]
            if where == _IN_RECOVERY:
                # heroes/missions/medical
                if wound[i]:
                    opts.append(menus[i][MEDICAL])
                continue
            m = menus[i]
            if where == _READY:
                if DIST0 <= lc < DIST0 + nd:
                    # heroes/missions/troubleshoot: a hero in the District of its Headline's icon
                    d = lc - DIST0
                    hl = self.heads[d // 4]
                    if hl and d % 4 == game.icon_of[hl]:
                        o = trouble_option(game, hl, d)
                        if o not in troubles:  # two heroes may stand in one District
                            troubles.append(o)
                # heroes/missions/move: a Ready hero to any District, or back to Recovery
                opts += m[READY_MOVES].get(lc << 2 | rk) or ready_moves(m, lc, nd, bool(special))
            elif where == _SUPPORTING:
                if full < 0:
                    full = self._full_areas(na)
                # heroes/missions/move: a Supporting hero to a free Support space of another Area, or back to his card
                opts += support_moves(m, lc, na, full)
                # heroes/missions/ability: Support (Action)
                if m[ABILITY] is not None and (m[ABILITY_IF] is None or fx.usable_action(self, s, m[ABILITY_IF])):
                    opts.append(m[ABILITY])
        if special and SCEN in loc:
            troubles.append(Option("trouble:scenario", f"Troubleshoot the Special Headline "
                                   f"\"{self.C.specials[special].name}\"", "Troubleshoot a Headline"))
        if troubles:
            opts[:0] = troubles
        hand = self.rhand[s]
        events = game.event_cards
        if hand and not events.keys().isdisjoint(hand):
            # heroes/cards/events: each Event card in hand (once per name) whose effect can do something now
            kept = game.event_menu
            seen = []
            for c in hand:
                if c in events and c not in seen:
                    seen.append(c)
                    o, test = kept.get(c) or event_entry(game, c)
                    if test is None or fx.usable_action(self, s, test):
                        opts.append(o)
        opts.append(STORY)
        r, ar = self.round, self.ar
        prompt = (_ACT_PROMPTS[r][ar] if r <= ROUND_CAP and 1 <= ar <= ACTION_ROUNDS
                  else f"Game Round {r}, Action Round {ar}: choose your action")
        return Decision(s, prompt, tuple(opts), (), False, "action")  # positional: cheaper than a keyword

    def _taken(self, lc: int) -> bool:
        """Whether some Super Hero stands in ``lc`` (a list scan per seat: cheaper than a set of every location)."""
        for row in self.hloc:
            if lc in row:
                return True
        return False

    def _free_space(self, a: int) -> int:
        """The first free Support space of Area ``a`` (its second when a hero stands on the first)."""
        b = SPACE0 + 2 * a
        return b + 1 if self._taken(b) else b

    def _full_areas(self, na: int) -> int:
        """A bit per Area (of the ``na`` in play) whose two Support spaces are both taken: a bit per taken Support
        space gathered over every hero, then a table (the action menu asks it whenever a hero is Supporting)."""
        bits = 0
        for row in self.hloc:
            for lc in row:
                if lc >= SPACE0:
                    bits |= _SPACE_BIT[lc]
        return _FULL_AREAS[bits] & ((1 << na) - 1)

    def _act_plan(self, s: int, oid: str) -> tuple[Any, ...]:
        """What the action ``oid`` of seat ``s`` does when it only moves a hero (heroes/missions/move): (hero index,
        new location, the log Event, the frame to push or None); ``()`` for any other action. A function of the seat,
        the id and the Game's content (the log text names the player and the hero), kept per Game and seat
        (``game.act_plans``; bounded by the ids a seat's menu can hold)."""
        kind, _, rest = oid.partition(":")
        C = self.C
        if kind == "move":
            h, _, dest = rest.partition(":")
            i = self._hidx(s, h)
            if dest == "recovery":
                ev = Event("heroes/missions/move", f"{self.pname(s)} moves {C.heroes[h].name} to Recovery.")
                return i, REC, ev, None
            if dest == "scenario":
                ev = Event("heroes/winning/special", f"{self.pname(s)} moves {C.heroes[h].name} onto the Scenario card.")
                return i, SCEN, ev, None
            d = DIST_IDS.index(dest)
            ev = Event("heroes/missions/move", f"{self.pname(s)} moves {C.heroes[h].name} to {DIST_NAMES[d]}.")
            # heroes/missions/free-move: offered for any move of a Ready hero to a District
            return i, DIST0 + d, ev, ("freesup", s, d // 4)
        if kind == "sup":
            h, _, dest = rest.partition(":")
            i = self._hidx(s, h)
            if dest == "card":
                ev = Event("heroes/missions/move", f"{self.pname(s)} moves {C.heroes[h].name} back to his card.")
                return i, SUPC, ev, None
            a = AREAS.index(dest)
            ev = Event("heroes/missions/move", f"{self.pname(s)} moves {C.heroes[h].name} to a Support space of "
                       f"{AREA_NAMES[a]}.")
            return i, -a - 1, ev, None  # a negative location: the Area's first free Support space
        return ()

    def a_act(self, fr: tuple[Any, ...], oid: str) -> None:
        s = fr[1]
        plans = self.game.act_plans[s]
        p = plans.get(oid)
        if p is None:
            p = plans[oid] = self._act_plan(s, oid)
        if p:
            i, lc, ev, then = p
            loc = self.hloc[s]
            if lc < 0:
                lc = self._free_space(-lc - 1)
            loc[i] = lc
            self.log.append(ev)
            if then is not None and SUPC in loc:
                # the free move's question pops itself unless a hero stands on his card (missions.q_freesup): it is
                # pushed only then
                self.stack.append(then)
            return
        C = self.C
        kind, _, rest = oid.partition(":")
        if kind == "story":
            self.stack.append(("story", s))
        elif kind == "trouble":
            self._start_troubleshooting(s, -1 if rest == "scenario" else DIST_IDS.index(rest))
        elif kind == "medical":
            i = self._hidx(s, rest)
            self.wound[s][i] = 0
            self.emit("heroes/missions/medical", f"{self.pname(s)} treats {C.heroes[rest].name}: the Wound is removed.")
        elif kind == "ability":
            i = self._hidx(s, rest)
            sup = C.heroes[rest].support
            self.emit("heroes/missions/ability", f"{self.pname(s)} uses {C.heroes[rest].name}'s {sup.name}.")
            fx.ACTIONS[sup.effect](self, s, sup.params, i)
        elif kind == "event":
            r = C.resources[rest]
            self.rhand[s].remove(rest)
            self.rdisc.append(rest)
            self.emit("heroes/cards/events", f"{self.pname(s)} plays the Event {r.name}.")
            fx.ACTIONS[r.ability.effect](self, s, r.ability.params, -1)

    def q_freesup(self, fr: tuple[Any, ...]) -> Decision | None:
        # heroes/missions/free-move: take one Supporting hero (from his card) to a Support space of the Area
        s, a = fr[1], fr[2]
        loc = self.hloc[s]
        if SUPC not in loc:  # nobody on his card to take along (asked first: the cheaper test)
            self.stack.pop()
            return None
        if self._taken(SPACE0 + 2 * a) and self._taken(SPACE0 + 2 * a + 1):
            self.stack.pop()
            return None
        # kept per Game and seat by everything it shows: the Area and who stands on his card (at most 6 x 16 per seat)
        key = (a, loc[0] == SUPC, loc[1] == SUPC, loc[2] == SUPC, loc[3] == SUPC)
        kept: dict[tuple[Any, ...], Decision] = self.game.freesup_decisions[s]
        d = kept.get(key)
        if d is None:
            hids = self.game.team_heroes[self.teams[s]]
            opts = [Option(f"take:{hids[i]}", f"Take {self.C.heroes[hids[i]].name} along to a Support space of "
                           f"{AREA_NAMES[a]}") for i in range(4) if loc[i] == SUPC]
            opts.append(Option("take:none", "Take nobody along"))
            d = kept[key] = Decision(s, "Free move of a Supporting Super Hero?", tuple(opts), kind="action")
        return d

    def a_freesup(self, fr: tuple[Any, ...], oid: str) -> None:
        s, a = fr[1], fr[2]
        h = oid[5:]
        if h == "none":
            return
        i = self._hidx(s, h)
        self.hloc[s][i] = self._free_space(a)
        self.emit("heroes/missions/free-move", f"{self.C.heroes[h].name} moves along to a Support space of {AREA_NAMES[a]}.")

    def q_story(self, fr: tuple[Any, ...]) -> Decision | None:
        s = fr[1]
        # heroes/missions/story: draw one Resource card first
        self.draw_resources(s, 1 + self.pu_bonus(s, "pu_draw") if self.pups[s] else 1)
        self.emit("heroes/missions/story", f"{self.pname(s)} takes a Story action and draws a Resource card.")
        self.stack[-1] = ("storych", s)
        return None

    def q_storych(self, fr: tuple[Any, ...]) -> Decision | None:
        s = fr[1]
        opts = []
        if self.sdeck or self.sdisc:
            opts.append(_ADVANCE)
        C = self.C
        last = len(self.track) - 1
        team = self.teams[s]
        for k, c in enumerate(self.track):
            if k != last and C.stories[c].team == team:
                # the Option names the position and the card's name only: kept per Game by (position, card)
                kept = self.game.card_options
                o = kept.get(("manip", k, c))
                if o is None:
                    o = kept[("manip", k, c)] = Option(f"manip:{k}", f"Move \"{C.stories[c].name}\" to the last "
                                                      f"position of the track")
                opts.append(o)
        if not opts:
            self.stack.pop()
            return None
        # heroes/missions/story: "You may then either" advance or manipulate - or do neither
        opts.append(_LEAVE)
        return Decision(s, "Story action: you may advance or manipulate the Story track", tuple(opts), kind="story")

    def a_storych(self, fr: tuple[Any, ...], oid: str) -> None:
        s = fr[1]
        C = self.C
        if oid == "advance":
            c = self._draw(self.sdeck, self.sdisc)
            assert c is not None
            self.track.insert(0, c)
            self.emit("heroes/missions/story", f"The Story track advances: \"{C.stories[c].name}\" enters it.")
            if len(self.track) > 4:
                out = self.track.pop()
                team = C.stories[out].team
                if team in self.teams:
                    t = self.teams.index(team)
                    self.stories[t].append(out)
                    gain = self._scen_param("story_vp") or 1
                    self.emit("heroes/missions/story-cards", f"\"{C.stories[out].name}\" goes to {self.pname(t)}: +{gain} VP.")
                    self.gain_vp(t, gain)
                else:
                    self.sdisc.append(out)
                    self.emit("heroes/missions/story", f"\"{C.stories[out].name}\" is discarded (its Team is not in play).")
        elif oid == "leave":
            self.emit("heroes/missions/story", f"{self.pname(s)} leaves the Story track as it is.")
        else:
            k = int(oid[6:])
            c = self.track.pop(k)
            self.track.append(c)
            self.emit("heroes/missions/story", f"{self.pname(s)} moves \"{C.stories[c].name}\" to the last position.")
