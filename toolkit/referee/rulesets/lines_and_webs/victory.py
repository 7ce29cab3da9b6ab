"""Victory (LW-V1..LW-V3): a side that has held all four ports for a whole turn
(from some moment of one turn to the end of the next) wins at that reset; after the
fifteenth turn the side holding more ports wins, then the one with the higher
remaining combat power (the strength facing the enemy of every unit on the map);
equal on both is a draw. The outcome carries both figures."""

from __future__ import annotations

from toolkit.referee.protocol import Outcome
from toolkit.referee.rulesets.lines_and_webs.state import State
from toolkit.referee.rulesets.lines_and_webs.units import strength


def ports_held(s: State, side: str) -> int:
    return sum(1 for p in s.ports if p.holder == side)


def combat_power(s: State, side: str) -> int:
    return sum(strength(s, u) for u in s.on_map(side))


def figures(s: State) -> str:
    a, b = s.sides
    return (f"ports {a} {ports_held(s, a)}, {b} {ports_held(s, b)}; combat power "
            f"{a} {combat_power(s, a)}, {b} {combat_power(s, b)}")


def judge(s: State) -> Outcome | None:
    """At a reset: the outcome, if the game ends now."""
    scores = tuple((side, ports_held(s, side)) for side in s.sides)
    for i, side in enumerate(s.sides):
        since = s.held_all[i]
        if since and since < s.turn:
            return Outcome(side, f"{side} has held every port for a whole turn ({figures(s)})",
                           "LW-V1", scores)
    if s.turn < s.cfg.turns:
        return None
    a, b = s.sides
    pa, pb = ports_held(s, a), ports_held(s, b)
    if pa != pb:
        w = a if pa > pb else b
        return Outcome(w, f"after turn {s.turn}, {w} holds more ports ({figures(s)})",
                       "LW-V2", scores)
    ca, cb = combat_power(s, a), combat_power(s, b)
    if ca != cb:
        w = a if ca > cb else b
        return Outcome(w, f"after turn {s.turn}, ports level; {w} has the higher combat "
                       f"power ({figures(s)})", "LW-V3", scores)
    return Outcome(None, f"after turn {s.turn}, ports and combat power level ({figures(s)})",
                   "LW-V3", scores)
