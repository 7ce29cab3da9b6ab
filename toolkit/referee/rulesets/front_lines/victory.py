"""How a game of Front Lines ends (FL-win-*, FL-draw-*).

The Commander kill is checked after every step (FL-win-1); everything else
at the end of the turn, in this order: only Commanders left (FL-draw-1),
Infantry wipe (FL-win-2), centre hold (FL-win-3), repetition (FL-draw-2),
no casualties (FL-draw-3).
"""

from __future__ import annotations

from toolkit.referee.protocol import Outcome
from toolkit.referee.rulesets.front_lines.config import Config


def commander_check(cfg: Config, alive: tuple[bool, bool]) -> Outcome | None:
    a, b = alive
    if a and b:
        return None
    if not a and not b:
        return Outcome(None, "both Commanders fell in the same step", "FL-draw-4")
    winner = cfg.sides[0] if a else cfg.sides[1]
    loser = cfg.sides[1] if a else cfg.sides[0]
    return Outcome(winner, f"{loser}'s Commander is destroyed", "FL-win-1")


def only_commanders(cfg: Config, units, pools) -> Outcome | None:
    if any(u.kind != cfg.commander for u in units) or any(sum(p.values()) for p in pools):
        return None
    return Outcome(None, "only the Commanders remain and no reserves are left", "FL-draw-1")


def infantry_wipe(cfg: Config, units, pools) -> Outcome | None:
    kind = cfg.wipe_piece
    left = [pools[0].get(kind, 0), pools[1].get(kind, 0)]
    for u in units:  # one pass over the units: this runs every turn
        if u.kind == kind:
            left[u.side] += 1
    if left[0] and left[1]:
        return None
    if not left[0] and not left[1]:
        return Outcome(None, f"both sides lost all their {kind} at once", "FL-draw-4")
    winner = 0 if left[0] else 1
    return Outcome(cfg.sides[winner], f"{cfg.sides[1 - winner]} has no {kind} left "
                   "on the board or in reserve", "FL-win-2")


def centre_count(cfg: Config, units) -> tuple[int, int]:
    """Centre squares each side holds: squares where only its units stand."""
    owners: dict[int, set[int]] = {}
    for u in units:
        if u.sq in cfg.centre:
            owners.setdefault(u.sq, set()).add(u.side)
    held = [0, 0]
    for sides in owners.values():
        if len(sides) == 1:
            held[next(iter(sides))] += 1
    return held[0], held[1]


def next_hold(cfg: Config, units, hold: tuple[int, int]) -> tuple[int, int]:
    """The hold streaks after this turn: the side holding more centre squares adds one,
    the other drops to zero (both drop on a tie)."""
    a, b = centre_count(cfg, units)
    if a > b:
        return hold[0] + 1, 0
    if b > a:
        return 0, hold[1] + 1
    return 0, 0


def hold_check(cfg: Config, hold: tuple[int, int]) -> Outcome | None:
    need = cfg.options["centre_hold_turns"]
    if need <= 0:
        return None
    for s in (0, 1):
        if hold[s] >= need:
            return Outcome(cfg.sides[s], f"{cfg.sides[s]} held more centre squares for "
                           f"{need} turns in a row", "FL-win-3")
    return None


def repetition_check(cfg: Config, seen: int) -> Outcome | None:
    need = cfg.options["repetition_draw"]
    if need and seen >= need:
        return Outcome(None, f"the same position came up {need} times", "FL-draw-2")
    return None


def quiet_check(cfg: Config, quiet: int) -> Outcome | None:
    need = cfg.options["no_casualty_draw_turns"]
    if need and quiet >= need:
        return Outcome(None, f"{need} turns passed without a casualty", "FL-draw-3")
    return None
