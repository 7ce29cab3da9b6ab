"""What search bots need from Front Line (toolkit/sim): a heuristic.

`evaluate(state, side)` says how well `side` stands, roughly -1 (lost) to 1
(won), from what both sides see (Front Line hides nothing, FL-R20):

- Occupation Points, mine against the enemy's (victory.points): what decides
  the game after December (FL-win-op);
- units on the board, an active unit worth more than a disrupted one, and the
  reserve: what the points are won and held with;
- the threat to the capitals: the nearest unit to the enemy capital against the
  nearest enemy unit to mine (entering it wins at once, FL-win-capital);
- supply still to spend this round: the stack in hand and the unused stacks the
  side still has turns for (one stack a turn; leftovers are lost, FL-R14).
"""

from __future__ import annotations

import math

from toolkit.referee.rulesets.front_line import victory
from toolkit.referee.rulesets.front_line.state import State

#: weights of the terms (they sum to 1)
POINTS, UNITS, CAPITAL, SUPPLY = 0.45, 0.3, 0.15, 0.1


def evaluate(s: State, side: str) -> float:
    outcome = s.flow.outcome
    if outcome is not None:
        if outcome.winner is None:
            return 0.0
        return 1.0 if outcome.winner == side else -1.0
    if s.winner is not None:
        return 1.0 if s.winner == side else -1.0
    foe = s.other(side)
    points = victory.points(s, side) - victory.points(s, foe)
    units = _strength(s, side) - _strength(s, foe)
    capital = _threat(s, side) - _threat(s, foe)
    supply = _supply(s, side) - _supply(s, foe)
    return (POINTS * math.tanh(points / 4) + UNITS * math.tanh(units / 4)
            + CAPITAL * capital + SUPPLY * math.tanh(supply / 6))


def _strength(s: State, side: str) -> float:
    on_board = sum(1.0 if u.active else 0.6 for _, u in s.units_of(side))
    return on_board + 0.5 * sum(n for _, n in s.reserve[s.at(side)])


def _threat(s: State, side: str) -> float:
    """0 (no unit of `side` near the enemy capital) to 1 (next to it)."""
    cfg = s.cfg
    capital = cfg.capital_of(s.other(side))
    nearest = min((cfg.distance(sq, capital) for sq, _ in s.units_of(side)), default=None)
    if nearest is None:
        return 0.0
    return 1.0 / nearest


def _supply(s: State, side: str) -> int:
    """Chits `side` can still spend this round: the stack in hand, and its largest
    unused stacks, one for each of its turns still to come."""
    flow = s.flow
    per_player = int(s.cfg.opt("turns_per_player"))
    first = flow.order[0] if flow.order else s.sides[0]
    done = (s.turns + 1) // 2 if side == first else s.turns // 2
    left = per_player - done
    mine = s.mover == side and not s.done
    total = 0
    if mine and s.stack is not None:
        total += s.stack.count
        left -= 1
    stacks = sorted((k.count for k in s.stacks[s.at(side)]), reverse=True)
    return total + sum(stacks[:max(left, 0)])
