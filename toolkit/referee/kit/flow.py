"""Where a game stands in its turn structure: a small immutable value.

A kit ruleset's state is a frozen dataclass with a field `flow: Flow`; the kit
(`kit.rules.KitRules`) reads and replaces it, handlers may read it (whose turn,
which round) and use the helpers below to change what only they know (the
start player, a window to open).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from toolkit.referee.kit.phases import Window
from toolkit.referee.kit.values import evolve as replace
from toolkit.referee.protocol import Outcome


@dataclass(slots=True, unsafe_hash=True)
class Flow:
    """`phase`: the current phase's name; `round`: 1, 2, … (one more each time the
    declared phases wrap around); `order`: the sides acting in this phase, in
    order; `at`: the index in `order` of the side whose turn it is (SIDE, TURNS);
    `waiting`: the sides still to answer (TOGETHER: orders owed; REACT: not yet
    passed); `out`: sides that passed for the rest of an ALL_PASS phase;
    `moved`: phase moves made in the current side's turn; `begun`: that turn's
    `begin_turn` has run; `fresh`: the phase has not been entered yet;
    `ended`: the phase is over and the next one comes; `windows`: decisions
    opened inside the phase, the last one on top; `start`: the start player;
    `outcome`: set once the game is over.

    With slots, and not frozen (a value all the same: nothing sets a field of a flow
    once made, `evolve` and the kit's `reflow` make a new one): the kit reads it at
    every step, and a slot is read several times quicker than a field of an instance
    whose dict was copied whole, while a copy made by plain assignments to slots
    (`kit.values`) is quicker than the dict copy. Hashed by value, as a frozen one.

    The kit's turn end makes a flow whole, every field given by position
    (`kit.rules`: `_enter`, `_switched`, `_turn_of`, `_last_turn`, `_turned`): a change
    to the order of these fields changes those calls too."""

    phase: str
    round: int = 1
    order: tuple[str, ...] = ()
    at: int = 0
    waiting: tuple[str, ...] = ()
    out: frozenset[str] = frozenset()
    moved: int = 0
    begun: bool = False
    fresh: bool = True
    ended: bool = False
    windows: tuple[Window, ...] = ()
    start: str | None = None
    outcome: Outcome | None = None

    @property
    def actor(self) -> str | None:
        """The side whose turn it is in a SIDE or TURNS phase."""
        return self.order[self.at] if 0 <= self.at < len(self.order) else None

    @property
    def window(self) -> Window | None:
        return self.windows[-1] if self.windows else None


def with_flow(state: Any, **changes: Any) -> Any:
    """`state` with its flow changed (`with_flow(s, start="Blue")`)."""
    return replace(state, flow=replace(state.flow, **changes))


def open_window(state: Any, window: Window, **changes: Any) -> Any:
    """`state` with `window` on top: it is decided before anything else. `changes`:
    other fields of the state changed in the same step (one new state, not two)."""
    flow = state.flow
    return replace(state, flow=replace(flow, windows=flow.windows + (window,)), **changes)


def clockwise(sides: tuple[str, ...], start: str | None) -> tuple[str, ...]:
    """The sides in seat order beginning with `start` (seat order is the scenario's
    `sides` order, clockwise round the table)."""
    if start is None or start not in sides:
        return tuple(sides)
    i = sides.index(start)
    return tuple(sides[i:]) + tuple(sides[:i])
