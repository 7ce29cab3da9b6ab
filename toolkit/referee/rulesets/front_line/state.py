"""The Front Line state: a frozen value. Units on squares, reserves, supply stacks,
fallen cities, leadership, the Edge, the turn in progress and an attack being
resolved. The scenario's fixed tables ride along as `cfg` (not hashed, never
written to during play)."""

from __future__ import annotations

from dataclasses import dataclass, field

from toolkit.referee.kit import values
from typing import Any

from functools import lru_cache

from toolkit.referee.chance import Dice
from toolkit.referee.kit.flow import Flow
from toolkit.referee.kit.phases import Window

AVAILABLE, EXHAUSTED, COMMISSIONED = "available", "exhausted", "commissioned"


@dataclass(frozen=True, slots=True)
class Unit:
    uid: int
    side: str
    kind: str
    disrupted: bool = False

    @property
    def active(self) -> bool:
        return not self.disrupted


@dataclass(frozen=True, slots=True)
class Stack:
    """A stack of supply chits: `kind` air, capital, industry, fallen_air or
    fallen_industry (a Fallen chit, named for the city it stands for)."""

    kind: str
    count: int

    @property
    def fallen(self) -> bool:
        return self.kind.startswith("fallen")


@dataclass(frozen=True, slots=True)
class Edge:
    """The Edge token: `holder` the side at whose end it lies (None: beside the
    middle, in the Edge Is Off area); `on` which face is up."""

    holder: str | None = None
    on: bool = False


@dataclass(frozen=True, slots=True)
class Attack:
    """An attack being resolved. `stage` says what comes next (attack.proceed)."""

    side: str  # the attacking side
    src: int
    dst: int
    on_city: bool  # an empty unfriendly city, not a unit
    supplied: bool  # a supplied action (not Opportunity Fire)
    higher: bool = False
    column_shift: int = 0
    rallied: bool = False
    dice: tuple[int, ...] = ()
    choice: str = ""  # white | yellow (a higher Tank's pick)
    result: str = ""
    natural_miss: bool = False
    stage: str = "rally"


#: per byte of a mask (the first sixteen: boards of up to 128 squares), the squares each
#: of its 256 values holds: `_BYTES[k][b]` for bits `8k..8k+7`
_BYTES = tuple(tuple(tuple(8 * k + i for i in range(8) if b >> i & 1) for b in range(256))
               for k in range(16))


@lru_cache(maxsize=1 << 14)
def squares_in(m: int) -> tuple[int, ...]:
    """The squares of a mask (bit `i`: square `i`), in ascending order, as a tuple made
    once per mask (a side's units, a unit's free neighbours: the same masks come again
    decision after decision), a byte at a time (`_BYTES`): a side's units are a new mask
    after each of its moves."""
    out: tuple[int, ...] = ()
    for table in _BYTES:
        if not m:
            return out
        byte = m & 255
        if byte:
            out += table[byte]
        m >>= 8
    base = 8 * len(_BYTES)
    while m:  # squares past the tables' (a board of more than 128 squares)
        low = m & -m
        out += (base + low.bit_length() - 1,)
        m ^= low
    return out


class Squares(tuple):
    """The battlefield's squares in order, each a Unit or None, with each side's units
    as masks (bit `i` for square `i`; index 0 for the first of `sides`): `held`, the
    squares a side's units stand on, and `ready`, those of its active units. Made with
    the squares and changed with them (`put`, `shifted`, `swapped`: the masks mended
    at the squares changed), never apart, so a listing reads whose units stand where
    without a walk of the board. Equal to, and written as, the plain tuple of its
    units."""

    def __new__(cls, units, sides: tuple[str, ...], masks: tuple | None = None):
        self = tuple.__new__(cls, units)
        self.sides = sides
        if masks is None:
            masks = _masks(self, sides, range(len(self)), (0, 0), (0, 0))
        self.held, self.ready = masks
        return self

    def __reduce__(self):
        return Squares, (tuple(self), self.sides, (self.held, self.ready))

    def put(self, sq: int, unit: "Unit | None") -> "Squares":
        """These squares with `unit` (or None) on `sq`."""
        units = self[:sq] + (unit,) + self[sq + 1:]
        return Squares(units, self.sides, _masks(units, self.sides, (sq,), self.held, self.ready))

    def shifted(self, src: int, dst: int) -> "Squares":
        """These squares with the unit on `src` moved to `dst`."""
        units = list(self)
        units[dst], units[src] = units[src], None
        return Squares(units, self.sides,
                       _masks(units, self.sides, (src, dst), self.held, self.ready))

    def swapped(self, a: int, b: int) -> "Squares":
        units = list(self)
        units[a], units[b] = units[b], units[a]
        return Squares(units, self.sides,
                       _masks(units, self.sides, (a, b), self.held, self.ready))


def _masks(units, sides: tuple[str, ...], changed, held: tuple[int, int],
           ready: tuple[int, int]) -> tuple[tuple[int, int], tuple[int, int]]:
    """`held` and `ready` (per side) read again at the squares `changed` of `units`."""
    h0, h1 = held
    r0, r1 = ready
    first = sides[0]
    for i in changed:
        bit = 1 << i
        h0 &= ~bit
        h1 &= ~bit
        r0 &= ~bit
        r1 &= ~bit
        u = units[i]
        if u is None:
            continue
        if u.side == first:
            h0 |= bit
            if not u.disrupted:
                r0 |= bit
        else:
            h1 |= bit
            if not u.disrupted:
                r1 |= bit
    return (h0, h1), (r0, r1)


def board(s: "State") -> Squares:
    """The state's squares as `Squares` (a plain tuple set by hand, in a test, read once)."""
    squares = s.squares
    return squares if type(squares) is Squares else Squares(squares, s.sides)


@dataclass(frozen=True)
class State:
    """Without slots on purpose: `evolve` copies its __dict__ whole, several times
    quicker than walking its fields one by one, and play changes it at every step."""

    sides: tuple[str, str]
    cfg: Any = field(metadata={"hash": False})
    flow: Flow
    squares: tuple[Unit | None, ...]  # Squares: with each side's units as masks
    reserve: tuple[tuple[tuple[str, int], ...], ...]  # per side: (kind, count)
    stacks: tuple[tuple[Stack, ...], ...]  # per side: available (unchosen) stacks
    used: tuple[int, ...]  # per side: chits in the Used Supply area
    cards: tuple[str, ...]  # per side: supply card
    fallen: frozenset[int] = frozenset()  # squares with a Fallen City marker
    leadership: tuple[str, ...] = (AVAILABLE, AVAILABLE)
    edge: Edge = Edge()
    turns: int = 0  # turns completed this round
    stack: Stack | None = None  # the stack chosen this turn
    stack_max: int = 0
    acted: tuple[tuple[int, tuple[str, ...]], ...] = ()  # uid -> actions this turn
    done: bool = False  # the active side passed: the turn is over
    attack: Attack | None = None
    acting: int | None = None  # uid of the unit that just used supply (for Opportunity Fire)
    winner: str | None = None
    next_uid: int = 0
    placing: tuple[tuple[tuple[str, int], ...], ...] = ()  # free placement: left to place
    decider: str | None = None  # who won the start roll and names the first player

    # ------------------------------------------------------------ lookups

    def at(self, side: str) -> int:
        return 0 if side == self.sides[0] else 1

    def other(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]

    def unit(self, sq: int) -> Unit | None:
        return self.squares[sq]

    def find(self, uid: int) -> int | None:
        for i, u in enumerate(self.squares):
            if u is not None and u.uid == uid:
                return i
        return None

    def actions_of(self, uid: int) -> tuple[str, ...]:
        for u, acts in self.acted:
            if u == uid:
                return acts
        return ()

    def controller(self, sq: int) -> str | None:
        """Who controls a city: its owner while free, the other side once fallen."""
        city = self.cfg.cities.get(sq)
        if city is None:
            return None
        return self.other(city.owner) if sq in self.fallen else city.owner

    def unfriendly_city(self, sq: int, side: str) -> bool:
        c = self.controller(sq)
        return c is not None and c != side

    def friendly_city(self, sq: int, side: str) -> bool:
        return self.controller(sq) == side

    def reserve_count(self, side: str, kind: str) -> int:
        for k, n in self.reserve[self.at(side)]:
            if k == kind:
                return n
        return 0

    def units_of(self, side: str):
        """(square, unit) of each of `side`'s units, in square order."""
        squares = board(self)
        for i in squares_in(squares.held[0 if side == self.sides[0] else 1]):
            yield i, squares[i]

    @property
    def mover(self) -> str | None:
        """The side whose turn it is."""
        return self.flow.actor if self.flow.phase == "turns" else None


# ------------------------------------------------------------------ changes

#: `value` with some fields changed: the kit's copy (a State's instance dict copied
#: whole; a slotted Unit or Stack slot by slot), with no copier of Front Line's own
evolve = values.evolve


def put(seq: tuple, i: int, value: Any) -> tuple:
    return seq[:i] + (value,) + seq[i + 1:]


def place(s: State, sq: int, unit: Unit | None) -> State:
    return evolve(s, squares=board(s).put(sq, unit))


def shift(s: State, src: int, dst: int) -> State:
    return evolve(s, squares=board(s).shifted(src, dst))


def swap(s: State, a: int, b: int) -> State:
    return evolve(s, squares=board(s).swapped(a, b))


def acted_with(s: State, uid: int, action: str) -> tuple:
    """`s.acted` with `action` added to the unit's actions this turn."""
    acts = s.actions_of(uid) + (action,)
    return tuple((u, a) for u, a in s.acted if u != uid) + ((uid, acts),)


def record_action(s: State, uid: int, action: str) -> State:
    return evolve(s, acted=acted_with(s, uid, action))


def with_leadership(s: State, side: str, status: str) -> State:
    return evolve(s, leadership=put(s.leadership, s.at(side), status))


def with_stacks(s: State, side: str, stacks) -> State:
    return evolve(s, stacks=put(s.stacks, s.at(side), tuple(sorted(stacks, key=lambda k: k.kind))))


def add_used(s: State, side: str, n: int) -> State:
    i = s.at(side)
    return evolve(s, used=put(s.used, i, s.used[i] + n))


#: windows and dice are immutable values, checked when made: the same one is handed
#: out again rather than made and checked at every attack and every supplied action
window = lru_cache(maxsize=1024)(Window)
dice = lru_cache(maxsize=64)(Dice)
#: a supply stack (its kind and chits: a few dozen in a game), handed out again as dice are
stack = lru_cache(maxsize=256)(Stack)
