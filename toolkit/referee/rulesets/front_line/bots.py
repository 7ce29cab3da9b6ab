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
    (my_points, my_units, my_threat), (its_points, its_units, its_threat) = \
        _board(s, side, foe)
    points = my_points - its_points
    units = my_units - its_units
    capital = my_threat - its_threat
    supply = _supply(s, side) - _supply(s, foe)
    return (POINTS * math.tanh(points / 4) + UNITS * math.tanh(units / 4)
            + CAPITAL * capital + SUPPLY * math.tanh(supply / 6))


def _board(s: State, side: str, foe: str) -> tuple[tuple[int, float, float], ...]:
    """For `side` and `foe`, read in one pass over the squares: its Occupation Points
    (victory.points), its strength (an active unit 1, a disrupted one 0.6, each unit
    in reserve 0.5) and the threat to the enemy capital (0, or 1 over the distance of
    its nearest unit), from the battlefield's table of both (`Config.standing`)."""
    cfg = s.cfg
    my_points, my_distance = cfg.standing[side]
    its_points, its_distance = cfg.standing[foe]
    mine = its = 0  # strength on the board, summed in square order
    points = [0, 0]
    near = [None, None]
    for sq, u in enumerate(s.squares):
        if u is None:
            continue
        if u.side == side:
            mine += 0.6 if u.disrupted else 1.0
            points[0] += my_points[sq]
            d = my_distance[sq]
            if near[0] is None or d < near[0]:
                near[0] = d
        else:
            its += 0.6 if u.disrupted else 1.0
            points[1] += its_points[sq]
            d = its_distance[sq]
            if near[1] is None or d < near[1]:
                near[1] = d
    out = []
    for i, (x, strength) in enumerate(((side, mine), (foe, its))):
        fallen = sum(cfg.cities[sq].fallen_op for sq in s.fallen if cfg.cities[sq].owner != x)
        reserve = 0.5 * sum(n for _, n in s.reserve[s.at(x)])
        out.append((points[i] + fallen, strength + reserve,
                    0.0 if near[i] is None else 1.0 / near[i]))
    return tuple(out)


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
