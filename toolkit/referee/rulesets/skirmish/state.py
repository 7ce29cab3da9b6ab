"""The state of a game of Skirmish: a frozen value.

`units` are the pieces on the board, one per space (the kit's `Pieces`: kept in
the board's reading order, and indexed by space and by side); `reserves` the pieces each side holds off the board (kinds, sorted);
`zones` each side's hidden hand and the face-up discard pile; `held` how many of
its own turns in a row each side has begun holding an enemy capital.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from toolkit.referee.kit import zones as zn
from toolkit.referee.kit.flow import Flow
from toolkit.referee.kit.pieces import Pieces
from toolkit.referee.kit.values import evolve as replace
from toolkit.referee.rulesets.skirmish.config import Config

HAND, DISCARD = "hand", "discard"


@dataclass(frozen=True, slots=True)
class Unit:
    space: str
    side: str
    kind: str


@dataclass(frozen=True)
class SkirmishState:
    sides: tuple[str, ...]
    cfg: Config = field(metadata={"hash": False})
    flow: Flow
    units: Pieces
    reserves: tuple[tuple[str, ...], ...]  # per side, in side order
    zones: tuple[zn.Zone, ...]
    held: tuple[int, ...]  # per side: own turns begun on an enemy capital, in a row

    # ------------------------------------------------------------ reading

    def at(self, space: str) -> Unit | None:
        return self.units.at(space)

    def units_of(self, side: str) -> tuple[Unit, ...]:
        return self.units.of(side)

    def reserve_of(self, side: str) -> tuple[str, ...]:
        return self.reserves[self.sides.index(side)]

    def hand_of(self, side: str) -> zn.Zone:
        return zn.find(self.zones, HAND, side)

    def strength_on_board(self, side: str) -> int:
        return sum(self.cfg.strength[u.kind] for u in self.units_of(side))

    # ------------------------------------------------------------ changing

    def with_units(self, units: Any) -> "SkirmishState":
        return replace(self, units=Pieces.on(self.cfg.board, units))

    def place(self, unit: Unit) -> "SkirmishState":
        return replace(self, units=self.units.placed(unit))

    def remove(self, space: str) -> "SkirmishState":
        return replace(self, units=self.units.removed(space))

    def shift(self, frm: str, to: str) -> "SkirmishState":
        return replace(self, units=self.units.moved(frm, to))

    def take_reserve(self, side: str, kind: str) -> "SkirmishState":
        i = self.sides.index(side)
        left = list(self.reserves[i])
        left.remove(kind)
        reserves = self.reserves[:i] + (tuple(left),) + self.reserves[i + 1:]
        return replace(self, reserves=reserves)

    def discard(self, side: str, card: str) -> "SkirmishState":
        return replace(self, zones=zn.move(self.zones, [card], (HAND, side), (DISCARD, None)))
