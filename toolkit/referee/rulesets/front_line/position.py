"""Positions written by hand, for tests, examples and puzzles: units by square,
a side to act with a stack in hand, Leadership and the Edge as given.

    s = position(scenario, {"C3": "Red tank", "D4": "Green infantry disrupted"},
                 mover="Red", stack=("capital", 3))
"""

from __future__ import annotations

from collections.abc import Mapping

from toolkit.referee.kit.flow import Flow
from toolkit.referee.rulesets.front_line.config import Config
from toolkit.referee.rulesets.front_line.setup import new_state
from toolkit.referee.rulesets.front_line.state import (
    AVAILABLE, Edge, Squares, Stack, State, Unit, evolve)


def position(scenario, units: Mapping[str, str], *, mover: str = "Red",
             stack: tuple[str, int] | None = ("capital", 3),
             stacks: Mapping[str, tuple[tuple[str, int], ...]] | None = None,
             leadership: tuple[str, str] = (AVAILABLE, AVAILABLE), edge: Edge = Edge(),
             fallen: tuple[str, ...] = (), round: int = 1, turns: int = 0,
             options: Mapping | None = None) -> State:
    cfg = Config(scenario, options)
    s = new_state(cfg)
    squares: list = [None] * len(cfg.names)
    uid = 0
    for name, text in units.items():
        words = text.split()
        side, kind = words[0], words[1]
        squares[cfg.index[name]] = Unit(uid, side, kind, "disrupted" in words[2:])
        uid += 1
    other = s.other(mover)
    kept = tuple(tuple(Stack(k, n) for k, n in (stacks or {}).get(side, ()))
                 for side in s.sides)
    flow = Flow("turns", round=round, order=(mover, other), at=0, begun=True, fresh=False,
                start=mover)
    chosen = Stack(*stack) if stack else None
    return evolve(s, flow=flow, squares=Squares(squares, s.sides), stacks=kept, stack=chosen,
                   stack_max=chosen.count if chosen else 0, leadership=tuple(leadership),
                   edge=edge, fallen=frozenset(cfg.index[f] for f in fallen), next_uid=uid,
                   turns=turns, placing=((), ()))
