"""The Last Front position: a frozen value. Cards live in kit zones (decks that
keep no order, hands seen by their owner, bids and displays seen by all); the
rest is the battle in progress."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from toolkit.referee.kit import zones as zn
from toolkit.referee.kit.flow import Flow
from toolkit.referee.kit.values import evolve

from toolkit.referee.rulesets.last_front.config import BATTLE, EVENT, TERRITORY, Config

HAND, BID, CAPTURED, DUG = "hand", "bid", "captured", "dug in"
BATTLE_DISCARD, EVENT_DISCARD = "battle discard", "event discard"


@dataclass(frozen=True, slots=True)
class Mod:
    """A modifier in force for the battle (an Event, Artillery Barrage, Fortify…):
    `whom` the side it applies to (None: every side in the battle), `op` one of
    mul, div, add_each, add, defence, attack; `kind` the unit kind (or "unit")."""

    source: str
    whom: str | None
    op: str
    kind: str | None = None
    n: int = 0
    value: int | None = None


@dataclass(frozen=True)
class State:
    """Without slots on purpose (as the kit's Flow): nearly every step makes a new
    State, and copying an instance dict whole is quicker than setting two dozen
    slots one by one."""

    sides: tuple[str, ...]
    cfg: Config = field(metadata={"hash": False})
    flow: Flow
    zones: tuple[zn.Zone, ...]
    faces: tuple[tuple[str, ...], ...]  # per side: bid cards declared at face value
    dug: tuple[tuple[tuple[str, ...], ...], ...]  # per side: dug-in piles
    open_card: str | None = None  # the face-up top Territory card
    contested: str | None = None  # the territory fought over
    holder: str | None = None  # who holds it (a captured territory), else None
    declarer: str | None = None  # who declared this battle (bids first)
    high_by: str | None = None  # whose bid is the one to beat
    withdrawn: frozenset = frozenset()
    mods: tuple[Mod, ...] = ()
    cancelled: tuple[tuple[str, str], ...] = ()  # (side, icon) countered to face value
    propaganda: str | None = None  # whose bid must be beaten by more (LF-R13)
    turn_done: bool = False
    played: int = 0  # cards played this turn
    winner: str | None = None  # of the battle just over (None: nobody, a ceasefire)
    over: bool = False  # the battle is over
    stuck: bool = False  # no battle can be declared: the game ends
    digging: tuple[str, ...] = ()  # a dig-in declared, waiting for Blitz answers
    holders: tuple[tuple[str, str | None], ...] = ()  # each bonus card and its holder (LF-R03)
    draws: tuple[str, ...] = ()  # Battle cards owed, one entry per card, the first being drawn

    def at(self, side: str) -> int:
        return self.sides.index(side)

    def zone(self, name: str, owner: str | None = None) -> zn.Zone:
        return self.zones[_index(self.sides)[name, owner]]

    def hand(self, side: str) -> tuple[str, ...]:
        return self.zone(HAND, side).cards

    def bid(self, side: str) -> tuple[str, ...]:
        return self.zone(BID, side).cards

    def captured(self, side: str) -> tuple[str, ...]:
        return self.zone(CAPTURED, side).cards

    def in_battle(self) -> tuple[str, ...]:
        return tuple(s for s in self.sides if s not in self.withdrawn)


@lru_cache(maxsize=64)
def _index(sides: tuple[str, ...]) -> dict:
    """Where each zone sits in `State.zones` (the order of `initial_zones`)."""
    names = [(BATTLE, None), (EVENT, None), (TERRITORY, None), (BATTLE_DISCARD, None),
             (EVENT_DISCARD, None)]
    for side in sides:
        names += [(HAND, side), (BID, side), (CAPTURED, side)]
    return {key: i for i, key in enumerate(names)}


def zone_at(s: State, name: str, owner: str | None = None) -> int:
    """Where the zone `name` (of `owner`) sits in `s.zones`."""
    return _index(s.sides)[name, owner]


def put(seq: tuple, i: int, value: Any) -> tuple:
    return seq[:i] + (value,) + seq[i + 1:]


def zones_with(s: State, zone: zn.Zone) -> tuple[zn.Zone, ...]:
    """`s.zones` with the zone of `zone`'s name and owner replaced by it."""
    i = _index(s.sides)[zone.name, zone.owner]
    return s.zones[:i] + (zone,) + s.zones[i + 1:]


def with_zone(s: State, zone: zn.Zone) -> State:
    return evolve(s, zones=zones_with(s, zone))


def moved(s: State, cards, source: tuple[str, str | None],
          target: tuple[str, str | None]) -> tuple[zn.Zone, ...]:
    """`s.zones` with `cards` moved from the zone `source` (name, owner) to `target`."""
    cards = tuple(cards)
    index = _index(s.sides)
    i, j = index[source], index[target]
    zones = list(s.zones)
    left = list(zones[i].cards)
    for card in cards:
        left.remove(card)  # ValueError: a ruleset bug (the card is not there)
    zones[i] = evolve(zones[i], cards=tuple(left))
    zones[j] = evolve(zones[j], cards=zones[j].cards + cards)
    return tuple(zones)


def move_cards(s: State, cards, source: tuple[str, str | None],
               target: tuple[str, str | None], **changes: Any) -> State:
    """`s` with `cards` moved from `source` to `target` (and `changes` made in the
    same step)."""
    return evolve(s, zones=moved(s, cards, source, target), **changes)


def initial_zones(cfg: Config, sides: tuple[str, ...]) -> tuple[zn.Zone, ...]:
    zones = [zn.Zone(BATTLE, "deck", None, zn.COUNT, cfg.decks[BATTLE]),
             zn.Zone(EVENT, "deck", None, zn.COUNT, cfg.decks[EVENT]),
             zn.Zone(TERRITORY, "deck", None, zn.COUNT, cfg.decks[TERRITORY]),
             zn.Zone(BATTLE_DISCARD, "discard"), zn.Zone(EVENT_DISCARD, "discard")]
    for side in sides:
        zones += [zn.Zone(HAND, "hand", side, zn.OWNER), zn.Zone(BID, "bid", side),
                  zn.Zone(CAPTURED, "display", side)]
    return tuple(zones)
