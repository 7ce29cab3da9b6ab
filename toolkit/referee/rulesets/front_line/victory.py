"""The end: entering the enemy Capital wins at once; otherwise, after the last
round, Occupation Points decide, then most units, else a draw (FL-win-*)."""

from __future__ import annotations

from toolkit.referee.protocol import Outcome
from toolkit.referee.rulesets.front_line.state import State


def points(s: State, side: str) -> int:
    """Occupation Points: 1 per unit of `side` on a purple square or on a non-city
    square of the enemy country; an enemy Air Base or Industry under a Fallen marker
    gives its fallen_op (2 and 3) (FL-win-op)."""
    cfg = s.cfg
    enemy = cfg.country[s.other(side)]
    total = 0
    for sq, u in s.units_of(side):
        if cfg.op[sq]:
            total += cfg.op[sq]
        elif sq in enemy and sq not in cfg.cities:
            total += 1
    for sq in s.fallen:
        city = cfg.cities[sq]
        if city.owner != side:
            total += city.fallen_op
    return total


def units(s: State, side: str) -> int:
    return sum(1 for _ in s.units_of(side))


def outcome(s: State) -> Outcome | None:
    cfg = s.cfg
    if s.winner is None and s.flow.round <= cfg.rounds:
        return None
    scores = tuple((side, float(points(s, side))) for side in s.sides)
    if s.winner is not None:
        loser = s.other(s.winner)
        return Outcome(s.winner, f"{s.winner} entered {loser}'s capital", "FL-win-capital",
                       scores, ((s.winner,), (loser,)))
    a, b = s.sides
    pa, pb = points(s, a), points(s, b)
    if pa != pb:
        win = a if pa > pb else b
        return Outcome(win, f"{win} has more Occupation Points", "FL-win-op", scores,
                       ((win,), (s.other(win),)))
    ua, ub = units(s, a), units(s, b)
    if cfg.opt("tie_break") == "most_units" and ua != ub:
        win = a if ua > ub else b
        return Outcome(win, f"Occupation Points tie; {win} has more units", "FL-win-units",
                       scores, ((win,), (s.other(win),)))
    return Outcome(None, "Occupation Points and units tie: peace in our time", "FL-win-tie",
                   scores, ((a, b),))
