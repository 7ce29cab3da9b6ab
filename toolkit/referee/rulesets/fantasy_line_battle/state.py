"""The Fantasy Line Battle position: a frozen value.

Cards live in kit zones: the character deck and one spell deck per category
(face down, counted), each side's character hand, face-down selection and spell
hand (seen by their owner), the dead (public) and the discard piles (public).
The two lines are tuples of `Fighter`, Front first; per-side figures (Money,
mana, damage on one's Front, targeted damage held, Front shield) are tuples in
side order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from toolkit.referee.kit import zones as zn
from toolkit.referee.kit.flow import Flow
from toolkit.referee.kit.values import evolve

from toolkit.referee.rulesets.fantasy_line_battle.config import (
    CATEGORIES, CHARACTERS, Character, Config)

HAND, SELECTION, SPELLS, DEAD = "character hand", "selection", "spell hand", "dead"
SET_ASIDE = "set aside"  # characters the Merchant took back, face down until the reveal
CHARACTER_DISCARD = "character discard"


def discard_of(category: str) -> str:
    return f"{category} discard"


@dataclass(frozen=True, slots=True)
class Fighter:
    """A character in a line. `health`, `damage`, range (`low`, `high`) are its card's
    unless it came back with other figures (Raise Dead). `dying`: killed this phase
    (FLB-dying); `stunned`, `bonus`, `warded` last the Day; `curse` the game."""

    uid: int
    card: str
    health: int
    damage: int
    low: int
    high: int | None
    targeted: bool
    mana: int
    spells: tuple[str, ...]
    dying: bool = False
    stunned: bool = False
    bonus: int = 0
    curse: int = 0
    warded: bool = False

    @classmethod
    def of(cls, uid: int, c: Character) -> "Fighter":
        return cls(uid, c.name, c.health, c.damage, c.low, c.high, c.targeted, c.mana,
                   c.spells)

    def reaches(self, place: int) -> bool:
        """In range of the enemy Front from `place` (1 = its own Front) (FLB-range)."""
        return place >= self.low and (self.high is None or place <= self.high)

    def hits(self) -> int:
        """Its damage this Day (never below 0)."""
        return max(0, self.damage + self.bonus + self.curse)


@dataclass(frozen=True)
class State:
    sides: tuple[str, ...]
    cfg: Config = field(metadata={"hash": False})
    flow: Flow
    zones: tuple[zn.Zone, ...]
    money: tuple[int, ...]
    mana: tuple[int, ...]
    lines: tuple[tuple[Fighter, ...], ...]
    front: tuple[int, ...] = (0, 0)  # damage waiting on each side's Front
    pool: tuple[int, ...] = (0, 0)  # targeted damage each side holds
    shield: tuple[int, ...] = (0, 0)  # damage each side's Front still ignores this Day
    done: frozenset = frozenset()  # sides whose selection is complete
    forced: str | None = None  # the side made to finish and reveal first (Farseer)
    cast: tuple[int, ...] = (0, 0)  # spells each side cast this Day
    used: tuple[int, ...] = ()  # a fighter's uid for each move ability used today
    aimed: frozenset = frozenset()  # fighters that made targeted damage today (chosen)
    lasting: tuple[tuple[str, str, int, str], ...] = ()  # (side, kind, n, whose)
    still: bool = False  # no move abilities this Day (Earthquake)
    pending: tuple | None = None  # a spell waiting for interrupts: (side, card, times, args)
    draws: tuple[tuple[str, str], ...] = ()  # cards owed: (side, deck)
    deaths: int = 0  # characters died this Day
    calm: int = 0  # Days in a row in which nobody died
    last: str | None = None  # the side that took the last turn (FLB-turns)
    result: tuple | None = None  # (winner, reason, rule) decided at the end of a Day
    next_uid: int = 1
    spending: str | None = None  # the side whose turn of kills is under way (FLB-R25)
    graced: frozenset = frozenset()  # sides wiped out on Day 1, judged at Day 2's end (FLB-R06)

    # ------------------------------------------------------------ reading

    def at(self, side: str) -> int:
        return 0 if side == self.sides[0] else 1

    def zone(self, name: str, owner: str | None = None) -> zn.Zone:
        i = zone_index(self.sides).get((name, owner))
        if i is None:
            return zn.find(self.zones, name, owner)  # raises ZoneError: no such zone
        return self.zones[i]

    def hand(self, side: str) -> tuple[str, ...]:
        return self.zone(HAND, side).cards

    def selection(self, side: str) -> tuple[str, ...]:
        return self.zone(SELECTION, side).cards

    def spells(self, side: str) -> tuple[str, ...]:
        return self.zone(SPELLS, side).cards

    def dead(self, side: str) -> tuple[str, ...]:
        return self.zone(DEAD, side).cards

    def line(self, side: str) -> tuple[Fighter, ...]:
        return self.lines[0 if side == self.sides[0] else 1]

    def live(self, side: str) -> tuple[Fighter, ...]:
        return tuple(f for f in self.line(side) if not f.dying)

    def front_fighter(self, side: str) -> Fighter | None:
        """The character that takes damage to `side`'s Front: the first not dying."""
        for f in self.line(side):
            if not f.dying:
                return f
        return None

    def get(self, seq: tuple, side: str) -> Any:
        return seq[0 if side == self.sides[0] else 1]

    # ------------------------------------------------------------ changing

    def put(self, name: str, side: str, value: Any) -> "State":
        """`self` with the per-side figure `name` of `side` set to `value`."""
        seq = getattr(self, name)
        i = self.at(side)
        return evolve(self, **{name: seq[:i] + (value,) + seq[i + 1:]})

    def add(self, name: str, side: str, n: int) -> "State":
        return self.put(name, side, getattr(self, name)[self.at(side)] + n)

    def with_line(self, side: str, line) -> "State":
        return self.put("lines", side, tuple(line))

    def with_zone(self, zone: zn.Zone, **changes: Any) -> "State":
        """`self` with `zone` in the place of the zone of its name and owner (and any
        other `changes` in the same step)."""
        i = zone_index(self.sides)[zone.name, zone.owner]
        zones = self.zones
        return evolve(self, zones=zones[:i] + (zone,) + zones[i + 1:], **changes)

    def move_cards(self, cards, source: tuple[str, str | None],
                   target: tuple[str, str | None], **changes: Any) -> "State":
        return evolve(self, zones=self.zones_moved(cards, source, target), **changes)

    def zones_moved(self, cards, source: tuple[str, str | None],
                    target: tuple[str, str | None]) -> tuple[zn.Zone, ...]:
        """The zones with `cards` moved from `source` (name, owner) to `target`."""
        index = zone_index(self.sides)
        i, j = index[source], index[target]
        cards = tuple(cards)
        zones = list(self.zones)
        zones[i] = zones[i].remove(*cards)
        zones[j] = zones[j].add(*cards)
        return tuple(zones)


@lru_cache(maxsize=64)
def zone_index(sides: tuple[str, ...]) -> dict[tuple[str, str | None], int]:
    """Where each zone (name, owner) stands in `State.zones`: the order initial_zones
    lays them out in, which play never changes (zones are replaced, never added)."""
    return {(name, owner): i for i, (name, _, owner, _) in enumerate(_layout(sides))}


def _layout(sides: tuple[str, ...]) -> list[tuple[str, str, str | None, zn.Visibility]]:
    """Every zone as (name, kind, owner, visibility), in the order of `State.zones`."""
    out = [(CHARACTERS, "deck", None, zn.COUNT),
           (CHARACTER_DISCARD, "discard", None, zn.PUBLIC)]
    for category in CATEGORIES:
        out += [(category, "deck", None, zn.COUNT),
                (discard_of(category), "discard", None, zn.PUBLIC)]
    for side in sides:
        out += [(HAND, "hand", side, zn.OWNER), (SELECTION, "pile", side, zn.OWNER),
                (SET_ASIDE, "pile", side, zn.OWNER), (SPELLS, "hand", side, zn.OWNER),
                (DEAD, "display", side, zn.PUBLIC)]
    return out


def initial_zones(cfg: Config) -> tuple[zn.Zone, ...]:
    """The zones at the start: the decks full, everything else empty."""
    decks = {CHARACTERS: cfg.character_deck}
    decks.update((category, cfg.spell_decks.get(category, ())) for category in CATEGORIES)
    return tuple(zn.Zone(name, kind, owner, visibility, decks[name] if kind == "deck" else ())
                 for name, kind, owner, visibility in _layout(cfg.sides))
