"""The state of a game of Skirmish: a frozen value.

`units` are the pieces on the board, one per space, kept in the board's reading
order; `reserves` the pieces each side holds off the board (kinds, sorted);
`zones` each side's hidden hand and the face-up discard pile; `held` how many of
its own turns in a row each side has begun holding an enemy capital.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from toolkit.referee.kit import zones as zn
from toolkit.referee.kit.flow import Flow
from toolkit.referee.rulesets.skirmish.config import Config

HAND, DISCARD = "hand", "discard"


@dataclass(frozen=True, slots=True)
class Unit:
    space: str
    side: str
    kind: str


@dataclass(frozen=True, slots=True)
class SkirmishState:
    sides: tuple[str, ...]
    cfg: Config = field(metadata={"hash": False})
    flow: Flow
    units: tuple[Unit, ...]
    reserves: tuple[tuple[str, ...], ...]  # per side, in side order
    zones: tuple[zn.Zone, ...]
    held: tuple[int, ...]  # per side: own turns begun on an enemy capital, in a row

    # ------------------------------------------------------------ reading

    def at(self, space: str) -> Unit | None:
        for u in self.units:
            if u.space == space:
                return u
        return None

    def occupied(self) -> dict[str, Unit]:
        return {u.space: u for u in self.units}

    def units_of(self, side: str) -> Iterator[Unit]:
        return (u for u in self.units if u.side == side)

    def reserve_of(self, side: str) -> tuple[str, ...]:
        return self.reserves[self.sides.index(side)]

    def hand_of(self, side: str) -> zn.Zone:
        return zn.find(self.zones, HAND, side)

    def strength_on_board(self, side: str) -> int:
        return sum(self.cfg.strength[u.kind] for u in self.units_of(side))

    # ------------------------------------------------------------ changing

    def with_units(self, units: Any) -> "SkirmishState":
        order = self.cfg.order
        return replace(self, units=tuple(sorted(units, key=lambda u: order[u.space])))

    def place(self, unit: Unit) -> "SkirmishState":
        return self.with_units(self.units + (unit,))

    def remove(self, space: str) -> "SkirmishState":
        return self.with_units(u for u in self.units if u.space != space)

    def shift(self, frm: str, to: str) -> "SkirmishState":
        return self.with_units(replace(u, space=to) if u.space == frm else u for u in self.units)

    def take_reserve(self, side: str, kind: str) -> "SkirmishState":
        i = self.sides.index(side)
        left = list(self.reserves[i])
        left.remove(kind)
        reserves = self.reserves[:i] + (tuple(left),) + self.reserves[i + 1:]
        return replace(self, reserves=reserves)

    def discard(self, side: str, card: str) -> "SkirmishState":
        return replace(self, zones=zn.move(self.zones, [card], (HAND, side), (DISCARD, None)))
