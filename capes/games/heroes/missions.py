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

from capes.core.protocol import Decision, Option
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
    SCEN,
    SPACE0,
    STORY,
    SUPC,
)
from capes.games.heroes.cards import Cards
from capes.games.heroes.menus import (
    ABILITY,
    CARD,
    MEDICAL,
    SPACES,
    event_option,
    hero_menu,
    ready_moves,
    trouble_option,
)


class Missions(Cards):
    """The Missions chapter: its steps (``f_*``), questions (``q_*``) and answers (``a_*``)."""

    def f_mission(self, fr: tuple[Any, ...]) -> None:
        n = self.n
        if self.at < n:
            s = (self.first + self.at) % n
            self.at += 1
            self.stack.append(("mission",))
            self.stack.append(("act", s))
            return
        # end of an Action Round
        self.at = 0
        if self.end_ar:
            # heroes/winning/special: the game ends when this Action Round is completed
            self._finish("heroes/winning/special")
            return
        self.ar += 1
        if self.ar <= ACTION_ROUNDS:
            self.emit("heroes/missions", f"Action Round {self.ar}.")
            self.stack.append(("mission",))
        else:
            self.stack.append(("roundend",))

    def q_act(self, fr: tuple[Any, ...]) -> Decision:
        s = fr[1]
        game = self.game
        loc = self.hloc[s]
        hids = game.team_heroes[self.teams[s]]
        opts: list[Option] = []
        na = self.areas()
        nd = na * 4
        heads = self.heads
        icon_of = game.icon_of
        occupied: set[int] | tuple[()] = ()
        troubled: list[int] = []  # Districts already offered (two heroes may stand in one)
        for lc in loc:
            if DIST0 <= lc < DIST0 + nd:
                # heroes/missions/troubleshoot
                d = lc - DIST0
                h = heads[d // 4]
                if h and d % 4 == icon_of[h] and d not in troubled:
                    troubled.append(d)
                    opts.append(trouble_option(game, h, d))
            elif (lc == SUPC or SPACE0 <= lc < SPACE0 + 12) and not occupied:
                occupied = self._occupied()
        special = self.special
        if special and SCEN in loc:
            opts.append(Option("trouble:scenario", f"Troubleshoot the Special Headline \"{self.C.specials[special].name}\"",
                               "Troubleshoot a Headline"))
        menus = game.hero_menus
        for i in range(4):
            lc = loc[i]
            if lc == REC:
                # heroes/missions/medical
                if self.wound[s][i]:
                    opts.append((menus.get(hids[i]) or hero_menu(game, hids[i]))[MEDICAL])
                continue
            h = hids[i]
            m = menus.get(h) or hero_menu(game, h)
            if lc == READY or DIST0 <= lc < DIST0 + 24 or lc == SCEN:
                # heroes/missions/move: a Ready hero to any District, or back to Recovery
                opts.extend(ready_moves(m, lc, nd, bool(special)))
            elif lc == SUPC or SPACE0 <= lc < SPACE0 + 12:
                sp = m[SPACES]
                for a in range(na):
                    b = SPACE0 + 2 * a
                    if lc == b or lc == b + 1 or (b in occupied and b + 1 in occupied):
                        continue
                    opts.append(sp[a])
                if lc != SUPC:
                    opts.append(m[CARD])
                # heroes/missions/ability: Support (Action)
                if m[ABILITY] is not None and fx.usable_action(self, s, self.C.heroes[h].support.effect):
                    opts.append(m[ABILITY])
        hand = self.rhand[s]
        if hand:
            # heroes/cards/events: each Event card in hand (once per name) whose effect can do something now
            events = game.event_cards
            seen = []
            for c in hand:
                if c in events and c not in seen:
                    seen.append(c)
                    if fx.usable_action(self, s, events[c].ability.effect):
                        opts.append(event_option(game, c))
        opts.append(STORY)
        return Decision(s, f"Game Round {self.round}, Action Round {self.ar}: choose your action", tuple(opts), kind="action")

    def _occupied(self) -> set[int]:
        """Every location some Super Hero stands in (callers ask it about Support spaces)."""
        return set().union(*self.hloc)

    def a_act(self, fr: tuple[Any, ...], oid: str) -> None:
        s = fr[1]
        C = self.C
        kind, _, rest = oid.partition(":")
        if kind == "story":
            self.stack.append(("story", s))
        elif kind == "move":
            h, _, dest = rest.partition(":")
            i = self._hidx(s, h)
            if dest == "recovery":
                self.hloc[s][i] = REC
                self.emit("heroes/missions/move", f"{self.pname(s)} moves {C.heroes[h].name} to Recovery.")
                return
            if dest == "scenario":
                self.hloc[s][i] = SCEN
                self.emit("heroes/winning/special", f"{self.pname(s)} moves {C.heroes[h].name} onto the Scenario card.")
                return
            d = DIST_IDS.index(dest)
            self.hloc[s][i] = DIST0 + d
            self.emit("heroes/missions/move", f"{self.pname(s)} moves {C.heroes[h].name} to {DIST_NAMES[d]}.")
            # heroes/missions/free-move: offered for any move of a Ready hero to a District
            self.stack.append(("freesup", s, d // 4))
        elif kind == "sup":
            h, _, dest = rest.partition(":")
            i = self._hidx(s, h)
            if dest == "card":
                self.hloc[s][i] = SUPC
                self.emit("heroes/missions/move", f"{self.pname(s)} moves {C.heroes[h].name} back to his card.")
                return
            a = AREAS.index(dest)
            occ = self._occupied()
            self.hloc[s][i] = SPACE0 + 2 * a + (0 if SPACE0 + 2 * a not in occ else 1)
            self.emit("heroes/missions/move", f"{self.pname(s)} moves {C.heroes[h].name} to a Support space of {AREA_NAMES[a]}.")
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
        occ = self._occupied()
        if SPACE0 + 2 * a in occ and SPACE0 + 2 * a + 1 in occ:
            self.stack.pop()
            return None
        hids = self.game.team_heroes[self.teams[s]]
        opts = [Option(f"take:{hids[i]}", f"Take {self.C.heroes[hids[i]].name} along to a Support space of {AREA_NAMES[a]}")
                for i in range(4) if loc[i] == SUPC]
        opts.append(Option("take:none", "Take nobody along"))
        return Decision(s, "Free move of a Supporting Super Hero?", tuple(opts), kind="action")

    def a_freesup(self, fr: tuple[Any, ...], oid: str) -> None:
        s, a = fr[1], fr[2]
        h = oid[5:]
        if h == "none":
            return
        i = self._hidx(s, h)
        occ = self._occupied()
        self.hloc[s][i] = SPACE0 + 2 * a + (0 if SPACE0 + 2 * a not in occ else 1)
        self.emit("heroes/missions/free-move", f"{self.C.heroes[h].name} moves along to a Support space of {AREA_NAMES[a]}.")

    def q_story(self, fr: tuple[Any, ...]) -> Decision | None:
        s = fr[1]
        # heroes/missions/story: draw one Resource card first
        self.draw_resources(s, 1 + self.pu_bonus(s, "pu_draw"))
        self.emit("heroes/missions/story", f"{self.pname(s)} takes a Story action and draws a Resource card.")
        self.stack[-1] = ("storych", s)
        return None

    def q_storych(self, fr: tuple[Any, ...]) -> Decision | None:
        s = fr[1]
        opts = []
        if self.sdeck or self.sdisc:
            opts.append(Option("advance", "Advance the Story track"))
        C = self.C
        last = len(self.track) - 1
        for k, c in enumerate(self.track):
            if k != last and C.stories[c].team == self.teams[s]:
                opts.append(Option(f"manip:{k}", f"Move \"{C.stories[c].name}\" to the last position of the track"))
        if not opts:
            self.stack.pop()
            return None
        # heroes/missions/story: "You may then either" advance or manipulate - or do neither
        opts.append(Option("leave", "Leave the Story track as it is"))
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
