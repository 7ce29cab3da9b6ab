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
    the rounds run out; None while the game goes on. Each is first looked for where
    it shows at a glance (a piece on a capital not its own side's; fewer sides on
    the board than play), so a move that ends nothing costs a few lookups."""
    cfg = s.cfg
    on = s.units.occupied  # space -> the piece on it
    for capital, owner in cfg.capitals:
        unit = on.get(capital)
        if unit is not None and unit.side != owner:
            outcome = _capital_ends(s)
            if outcome is not None:
                return outcome
            break
    on_board = s.units.sides  # side -> its pieces on the board (sides with none left out)
    if len(on_board) < len(s.sides):
        for side, enemy in cfg.enemies.items():
            if enemy not in on_board and not s.reserve_of(enemy):
                return Outcome(side, f"{enemy} has no pieces left", "SK-wipeout", scores(s))
    if s.flow.round > cfg.turn_limit:
        return _limit(s)
    return None


def _capital_ends(s: SkirmishState) -> Outcome | None:
    """A side stands on an enemy capital: the first side, in the sides' order, for
    which holding it ends the game (SK-capital, SK-hold)."""
    for i, side in enumerate(s.sides):
        capital = capital_held(s, side)
        if capital is not None:
            outcome = _holding_ends(s, i, side, capital)
            if outcome is not None:
                return outcome
    return None


def _limit(s: SkirmishState) -> Outcome:
    """The rounds have run out: more strength on the board wins (SK-limit)."""
    cfg = s.cfg
    points = scores(s)
    (a, pa), (b, pb) = points
    if pa == pb:
        return Outcome(None, f"after {cfg.turn_limit} rounds both sides have "
                       f"{pa} strength on the board", "SK-limit", points)
    winner = a if pa > pb else b
    return Outcome(winner, f"after {cfg.turn_limit} rounds {winner} has more strength "
                   "on the board", "SK-limit", points)


def capital_held(s: SkirmishState, side: str) -> str | None:
    """The first enemy capital a piece of `side` stands on (the one that counts for
    SK-capital and SK-hold), or None."""
    on = s.units.occupied  # space -> the piece on it
    for capital in s.cfg.targets[side]:
        unit = on.get(capital)
        if unit is not None and unit.side == side:
            return capital
    return None


def _holding_ends(s: SkirmishState, i: int, side: str, capital: str) -> Outcome | None:
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
