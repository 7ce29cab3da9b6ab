"""How a game of Skirmish ends (SK-capital, SK-hold, SK-wipeout, SK-limit).

Every ending carries the strength each side has on the board as its score.
"""

from __future__ import annotations

from toolkit.referee.protocol import Outcome
from toolkit.referee.rulesets.skirmish.state import SkirmishState


def scores(s: SkirmishState) -> tuple[tuple[str, float], ...]:
    return tuple((side, s.strength_on_board(side)) for side in s.sides)


def finished(s: SkirmishState) -> Outcome | None:
    """Asked after every move (the kit's settle): a capital held, a side wiped out,
    the rounds run out; None while the game goes on."""
    cfg = s.cfg
    on = s.units.occupied  # space -> the piece on it
    for i, side in enumerate(s.sides):
        for capital in cfg.targets[side]:
            unit = on.get(capital)
            if unit is not None and unit.side == side:
                outcome = _capital_held(s, i, side, capital)
                if outcome is not None:
                    return outcome
                break  # the first enemy capital it holds is the one that counts
    for side, enemy in cfg.enemies.items():
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


def _capital_held(s: SkirmishState, i: int, side: str, capital: str) -> Outcome | None:
    """`side` (the i-th) stands on the enemy capital `capital`: it wins at once, or
    once it has begun `hold_turns` of its turns there (SK-capital, SK-hold)."""
    cfg = s.cfg
    enemy = cfg.enemy_of(side)
    if cfg.hold_turns == 0:
        return Outcome(side, f"{side} takes {enemy}'s capital {capital}", "SK-capital",
                       scores(s))
    if s.held[i] >= cfg.hold_turns:
        return Outcome(side, f"{side} has held {enemy}'s capital {capital} for "
                       f"{cfg.hold_turns} turn(s)", "SK-hold", scores(s))
    return None
