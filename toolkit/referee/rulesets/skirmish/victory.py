"""How a game of Skirmish ends (SK-capital, SK-hold, SK-wipeout, SK-limit).

Every ending carries the strength each side has on the board as its score.
"""

from __future__ import annotations

from toolkit.referee.protocol import Outcome
from toolkit.referee.rulesets.skirmish.state import SkirmishState


def scores(s: SkirmishState) -> tuple[tuple[str, float], ...]:
    return tuple((side, s.strength_on_board(side)) for side in s.sides)


def _side_on(s: SkirmishState, space: str) -> str | None:
    unit = s.at(space)
    return unit.side if unit is not None else None


def finished(s: SkirmishState) -> Outcome | None:
    cfg = s.cfg
    for side in s.sides:
        enemy = cfg.enemy_of(side)
        held = [sp for sp in cfg.capitals_of(enemy) if _side_on(s, sp) == side]
        if held and cfg.hold_turns == 0:
            return Outcome(side, f"{side} takes {enemy}'s capital {held[0]}", "SK-capital",
                           scores(s))
        if held and s.held[s.sides.index(side)] >= cfg.hold_turns > 0:
            return Outcome(side, f"{side} has held {enemy}'s capital {held[0]} for "
                           f"{cfg.hold_turns} turn(s)", "SK-hold", scores(s))
    for side in s.sides:
        enemy = cfg.enemy_of(side)
        if not s.units_of(enemy) and not s.reserve_of(enemy):
            return Outcome(side, f"{enemy} has no pieces left", "SK-wipeout", scores(s))
    if s.flow.round > cfg.turn_limit:
        points = scores(s)
        (a, pa), (b, pb) = points
        if pa == pb:
            return Outcome(None, f"after {cfg.turn_limit} rounds both sides have "
                           f"{pa} strength on the board", "SK-limit", points)
        winner = a if pa > pb else b
        return Outcome(winner, f"after {cfg.turn_limit} rounds {winner} has more strength "
                       "on the board", "SK-limit", points)
    return None
