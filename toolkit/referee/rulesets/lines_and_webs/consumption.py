"""Phase 7, CL I consumption and reset (LW-R1..LW-R4). On the food turns (3, 6, 9,
12, 15) every unit on the map eats one food token; one that cannot is degraded (it
may neither move nor attack) and, if it was already degraded, loses a step. Every
turn: displaced units turn face up, suppression and node-blocked markers go, tokens
dropped on nodes are loaded by a unit of their side standing there with room for them
(LW-R23) and the rest are lost, ports may be repaired again; then victory is judged."""

from __future__ import annotations

from toolkit.referee.kit.values import evolve
from toolkit.referee.protocol import Event
from toolkit.referee.rulesets.lines_and_webs import victory
from toolkit.referee.rulesets.lines_and_webs.config import FOOD
from toolkit.referee.rulesets.lines_and_webs.state import State, with_unit
from toolkit.referee.rulesets.lines_and_webs.transport import pick_up
from toolkit.referee.rulesets.lines_and_webs.units import pay, step_loss


def consume(s: State) -> tuple[State, list[Event]]:
    events = []
    hungry = []
    for u in list(s.units):
        if not u.alive:
            continue
        if u.tokens[FOOD] > 0:
            s = with_unit(s, pay(u, FOOD))
        elif u.degraded:
            s, what = step_loss(s, u.uid)
            hungry.append(what)
        else:
            s = with_unit(s, evolve(u, degraded=True))
            hungry.append(f"{u.label} degraded")
    events.append(Event("food", "every unit eats" + (": " + ", ".join(hungry) if hungry
                                                      else "")))
    return s, events


class Reset:
    def enter(self, s: State):
        events = []
        s = pick_up(s)  # dropped tokens a unit there has room for are loaded, not lost (LW-R23)
        if s.turn in s.cfg.food_turns:
            s, events = consume(s)
        units = tuple(evolve(u, suppressed=False, displaced=False, method="", lift=0,
                             levelled=False)
                      if (u.suppressed or u.displaced or u.method or u.lift or u.levelled)
                      else u
                      for u in s.units)
        ports = tuple(evolve(p, repaired=False) if p.repaired else p for p in s.ports)
        s = evolve(s, units=units, ports=ports, blocked=(), drops=())
        result = victory.judge(s)
        if result is not None:
            s = evolve(s, result=result)
        events.append(Event("reset", f"end of turn {s.turn}"))
        return s, tuple(events)
