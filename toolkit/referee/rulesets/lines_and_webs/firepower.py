"""Firepower on the d12, read by direct combat (combat.py) and by artillery
(artillery.py) alike: who fights for a node, how many dice a unit rolls, the roll a hit
needs, and how many hits the dice make (LW-C2, LW-C9, LW-R04, LW-A3)."""

from __future__ import annotations

from toolkit.referee.rulesets.lines_and_webs.state import State, Unit
from toolkit.referee.rulesets.lines_and_webs.units import strength


def defender_at(s: State, node: int, side: str) -> Unit | None:
    """The enemy unit that fights for `node`: the strongest there (LW-C2: a port may
    hold several)."""
    there = [u for u in s.units if u.node == node and u.alive and u.side != side]
    if not there:
        return None
    return sorted(there, key=lambda u: (-strength(s, u), u.label))[0]


def is_artillery(s: State, u: Unit) -> bool:
    return s.cfg.kinds[u.kind].indirect is not None


def direct_dice(s: State, u: Unit) -> int:
    """Field artillery fights an adjacent enemy with one die (LW-C9)."""
    n = strength(s, u)
    return min(n, 1) if is_artillery(s, u) else n


def need(s: State, target: Unit) -> int:
    """The roll a hit on `target` needs: 7+, raised by its node's defence when it is the
    engagement's defender (a town or city helps a unit holding it, never one attacking
    out of it: LW-R04)."""
    f = s.fight
    if f is not None and target.uid != f.defender:
        return s.cfg.hit
    return s.cfg.hit + s.cfg.defence[target.node]


def count_hits(s: State, shooter: Unit, target: Unit, dice: tuple[int, ...]) -> int:
    """Dice at or above the hit number; an artillery 12 counts twice (suppression and a
    step loss, LW-A3)."""
    at = need(s, target)
    twelve = is_artillery(s, shooter) and s.cfg.opt("artillery_twelve") == "suppress_and_step"
    return sum((2 if twelve and d == 12 else 1) for d in dice if d >= at)
