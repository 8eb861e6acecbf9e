"""Play Villains (rulebook "Troubleshooting a Normal Headline", step 3; "Villain Cards"; Most Wanted spaces).

Each Villain player clockwise from the Nemesis may draw Villain cards; then they may play a Lead Villain (from
hand or the Most Wanted spaces), Backup Effects and Agents, paying their Cost from the Trouble Level; then the
combat starts. A Villain who wins goes to a Most Wanted space.

Rule ids (rules.yaml) applied here:
heroes/troubleshooting/2, heroes/troubleshooting/3, heroes/troubleshooting/3/agents,
heroes/troubleshooting/3/backup, heroes/troubleshooting/3/draw, heroes/troubleshooting/3/lead,
heroes/troubleshooting/3/most-wanted, heroes/troubleshooting/3/pay, heroes/troubleshooting/4.
"""

from __future__ import annotations

from typing import Any

from capes.core.protocol import Decision, Option
from capes.games.heroes.board import PASS, plural
from capes.games.heroes.cards import Cards


class Villains(Cards):
    """The Villains chapter: its steps (``f_*``), questions (``q_*``) and answers (``a_*``)."""

    def villain_order(self) -> list[int]:
        """Villain players clockwise from the Hero player's Nemesis."""
        ts = self.ts
        assert ts is not None
        s = ts["seat"]
        return [(s + 1 + j) % self.n for j in range(self.n - 1)]

    def f_tsvil(self, fr: tuple[Any, ...]) -> None:
        ts = self.ts
        assert ts is not None
        if ts["trouble"] <= 0:
            return  # heroes/troubleshooting/2: straight to Headline Resolution
        st = self.stack
        st.append(("tscombat",))
        if ts["scheme_ok"]:
            st.append(("tsscheme", "boost"))
        st.append(("tsback", 0))
        st.append(("tslead", 0))
        if ts["scheme_ok"]:
            st.append(("tsscheme", "draw"))
        # heroes/troubleshooting/3/draw: each Villain player in turn from the Nemesis "may draw"
        for j in reversed(range(self.n - 1)):
            st.append(("tsdraw", j))

    def _villain_draw(self, v: int) -> int:
        """How many Villain cards seat ``v`` may draw at Play Villains (heroes/troubleshooting/3/draw)."""
        return (2 if self.n == 2 else 1) + self._scen_param("villain_draw") + self.plan_bonus(v, "mp_draw")

    def q_tsdraw(self, fr: tuple[Any, ...]) -> Decision | None:
        v = self.villain_order()[fr[1]]
        k = self._villain_draw(v)
        opts = [Option(f"draw:{j}", f"Draw {plural(j, 'Villain card')}" if j else "Draw no Villain card")
                for j in range(k, -1, -1)]
        return Decision(v, "Play Villains: draw Villain cards?", tuple(opts), kind="villains")

    def a_tsdraw(self, fr: tuple[Any, ...], oid: str) -> None:
        v = self.villain_order()[fr[1]]
        j = int(oid[5:])
        for _ in range(j):
            self._draw_v(v)
        self.emit("heroes/troubleshooting/3/draw", f"{self.pname(v)} draws {plural(j, 'Villain card')}.")

    def q_tslead(self, fr: tuple[Any, ...]) -> Decision | None:
        # heroes/troubleshooting/3/lead
        ts = self.ts
        assert ts is not None
        order = self.villain_order()
        k = fr[1]
        v = order[k]
        t = ts["trouble"]
        V = self.C.villains
        opts = []
        seen = set()
        for c in self.vhand[v]:
            card = V[c]
            if c not in seen and card.agent is None and card.requirement <= t and card.cost <= t:
                seen.add(c)
                opts.append(Option(f"lead:{c}", f"Play {card.name} as Lead Villain (Requirement {card.requirement}, Cost {card.cost})"))
        for j, c in enumerate(self.wanted):
            # heroes/troubleshooting/3/most-wanted: Requirement 0, Cost paid normally
            if V[c].cost <= t:
                opts.append(Option(f"wanted:{j}:{c}", f"Play the Most Wanted {V[c].name} as Lead Villain (Cost {V[c].cost})"))
        if not opts and not self.vhand[v]:
            self.stack.pop()
            if k + 1 < len(order):
                self.stack.append(("tslead", k + 1))
            return None
        opts.append(PASS)
        return Decision(v, f"Trouble Level {t}: play a Lead Villain?", tuple(opts), kind="villains")

    def a_tslead(self, fr: tuple[Any, ...], oid: str) -> None:
        ts = self.ts
        assert ts is not None
        order = self.villain_order()
        k = fr[1]
        v = order[k]
        if oid == "pass":
            if k + 1 < len(order):
                self.stack.append(("tslead", k + 1))
            return
        if oid.startswith("wanted:"):
            _, j, c = oid.split(":")
            self.wanted.pop(int(j))
            ts["lead_wanted"] = True
        else:
            c = oid[5:]
            self.vhand[v].remove(c)
        card = self.C.villains[c]
        ts["lead"] = c
        ts["lead_seat"] = v
        ts["trouble"] -= card.cost  # heroes/troubleshooting/3/pay
        self.emit("heroes/troubleshooting/3/lead", f"{self.pname(v)} plays {card.name} as the Lead Villain "
                  f"(Trouble Level now {ts['trouble']}).")

    def q_tsback(self, fr: tuple[Any, ...]) -> Decision | None:
        # heroes/troubleshooting/3/backup
        ts = self.ts
        assert ts is not None
        order = self.villain_order()
        k = fr[1]
        if not ts["lead"] or ts["trouble"] <= 0 or k >= len(order):
            self.stack.pop()
            return None
        v = order[k]
        t = ts["trouble"]
        V = self.C.villains
        opts = []
        seen = set()
        for c in self.vhand[v]:
            if c in seen:
                continue
            seen.add(c)
            card = V[c]
            if card.agent is not None:
                if card.cost <= t:
                    opts.append(Option(f"agent:{c}", f"Play the Agent {card.name} (Cost {card.cost})"))
            elif card.backup is not None and card.backup.cost <= t:
                opts.append(Option(f"back:{c}", f"Play {card.backup.name} as a Backup Effect (Cost {card.backup.cost})"))
        if not opts and not self.vhand[v]:
            self.stack[-1] = ("tsback", k + 1)
            return None
        opts.append(PASS)
        return Decision(v, f"Trouble Level {t}: play Backup Effects or Agents?", tuple(opts), kind="villains")

    def a_tsback(self, fr: tuple[Any, ...], oid: str) -> None:
        ts = self.ts
        assert ts is not None
        k = fr[1]
        v = self.villain_order()[k]
        if oid == "pass":
            self.stack.append(("tsback", k + 1))
            return
        kind, _, c = oid.partition(":")
        card = self.C.villains[c]
        self.vhand[v].remove(c)
        if kind == "agent":
            ts["agents"] = ts["agents"] + (c,)
            ts["trouble"] -= card.cost
            self.emit("heroes/troubleshooting/3/agents", f"{self.pname(v)} plays the Agent {card.name}.")
        else:
            assert card.backup is not None
            ts["backs"] = ts["backs"] + (c,)
            ts["trouble"] -= card.backup.cost
            self.emit("heroes/troubleshooting/3/backup", f"{self.pname(v)} plays {card.backup.name} as a Backup Effect.")
        self.stack.append(("tsback", k))

    def f_tscombat(self, fr: tuple[Any, ...]) -> None:
        ts = self.ts
        assert ts is not None
        if not ts["lead"]:
            self.emit("heroes/troubleshooting/3", "No Lead Villain is played.")
            return
        c = self.C.villains[ts["lead"]]
        s = ts["seat"]
        self._start_combat(s, ts["lead_seat"], ts["lead"], False, self._ts_heroes(), ts["area"],
                           ts["scheme"] == "boost", ts["backs"], ts["agents"], "lead")
        ts["backs"] = ()
        ts["agents"] = ()
        self.emit("heroes/troubleshooting/4", f"Combat: the Super Heroes against {c.name}.")

    def q_wanted(self, fr: tuple[Any, ...]) -> Decision | None:
        seat, v = fr[1], fr[2]
        V = self.C.villains
        opts = [Option(f"replace:{k}:{c}", f"Replace {V[c].name} with {V[v].name}") for k, c in enumerate(self.wanted)]
        opts.append(Option("discard", f"Discard {V[v].name}"))
        return Decision(seat, "The Most Wanted spaces are full", tuple(opts), kind="villains")

    def a_wanted(self, fr: tuple[Any, ...], oid: str) -> None:
        v = fr[2]
        if oid == "discard":
            self.vdisc.append(v)
            self.emit("heroes/troubleshooting/3/most-wanted", f"{self.C.villains[v].name} is discarded.")
            return
        k = int(oid.split(":")[1])
        self.vdisc.append(self.wanted[k])
        self.wanted[k] = v
        self.emit("heroes/troubleshooting/3/most-wanted", f"{self.C.villains[v].name} replaces a Most Wanted Villain.")

    def q_dropwanted(self, fr: tuple[Any, ...]) -> Decision | None:
        s = fr[1]
        if not self.wanted:
            self.stack.pop()
            return None
        opts = tuple(Option(f"dropwanted:{k}:{v}", f"Discard {self.C.villains[v].name} from the Most Wanted spaces")
                     for k, v in enumerate(self.wanted))
        return Decision(s, "Discard a Most Wanted Villain", opts, kind="action")

    def a_dropwanted(self, fr: tuple[Any, ...], oid: str) -> None:
        k = int(oid.split(":")[1])
        v = self.wanted.pop(k)
        self.vdisc.append(v)
        self.emit("heroes/troubleshooting/3/most-wanted", f"{self.C.villains[v].name} leaves the Most Wanted spaces.")
