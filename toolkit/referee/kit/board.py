"""The board as the rules walk it: spaces, links and what may be entered, as one
frozen value, with the tables every ruleset asks of it worked out once per board.

    board = Board.of(scenario.board, passable=spaces_not_impassable)
    board.neighbours["B2"]            # the spaces linked to B2 (sorted)
    board.ways["B2"]                  # those a piece may enter (passable; sorted)
    steps_to(board, "C5")["A1"]       # steps from A1 to C5 over passable spaces
    reach(board, "B2", 2, pieces)     # where a piece on B2 can end, 2 spaces through
                                      # passable spaces no piece stands on
    reach_past(board, "B2", 2, bits)  # the same, the pieces given as a bit per space
                                      # (`board.bits`; what `Pieces.reach` passes)

A ruleset reads its board once into its config; the tables (`steps_to`, and the
spaces within n steps that `reach` starts from) are kept by the Board value
itself, so a second config read from the same scenario shares them and a
ruleset writes no cache of its own. Equal boards share one number, worked out
when the board is made, so using a board as a key costs no more than an
identity lookup.

`reach_past` answers from a table of the board keyed by the move's start, its
length and which spaces within that length pieces stand on (one bit per space,
`board.bits`): a listing asks it for every piece and every card, and a position
seen before (the same corner of the board, in another game or another branch of
a search) costs a dict lookup, not a walk.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Set as AbstractSet
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import filterfalse
from typing import Any


@dataclass(frozen=True, eq=False)
class Board:
    """`spaces` in reading order; `links` each space's linked spaces (sorted);
    `passable` the spaces a piece may enter or go through. Two boards with the
    same spaces, links and passable spaces are equal (and share their tables)."""

    spaces: tuple[str, ...]
    links: tuple[tuple[str, ...], ...]  # per space of `spaces`, its linked spaces
    passable: frozenset[str]
    neighbours: Mapping[str, tuple[str, ...]] = field(init=False, repr=False)
    #: each space's linked spaces a piece may enter (passable), sorted by name: where a
    #: piece can go one space (`Pieces.reach` filters them by the pieces standing there)
    ways: Mapping[str, tuple[str, ...]] = field(init=False, repr=False)
    order: Mapping[str, int] = field(init=False, repr=False)  # space -> reading order
    bits: Mapping[str, int] = field(init=False, repr=False)  # space -> 1 << its order
    _number: int = field(init=False, repr=False)  # the same for equal boards
    _reaches: dict = field(init=False, repr=False)  # reach_past's table, shared by equal boards

    def __post_init__(self) -> None:
        key = (self.spaces, self.links, self.passable)
        set_ = object.__setattr__
        set_(self, "_number", _NUMBERS.setdefault(key, len(_NUMBERS)))
        set_(self, "neighbours", dict(zip(self.spaces, self.links)))
        passable = self.passable
        set_(self, "ways", {s: tuple(sorted(t for t in links if t in passable and t != s))
                            for s, links in zip(self.spaces, self.links)})
        set_(self, "order", {s: i for i, s in enumerate(self.spaces)})
        set_(self, "bits", {s: 1 << i for i, s in enumerate(self.spaces)})
        set_(self, "_reaches", _REACHES.setdefault(self._number, {}))

    @classmethod
    def of(cls, board: Any, passable: Iterable[str] | None = None) -> "Board":
        """The board of a scenario (`dsl.model.Board`): its graph's links; every
        space passable unless `passable` says which are."""
        graph = board.graph
        spaces = tuple(s.id for s in board.spaces)
        links = tuple(tuple(sorted(graph.neighbors(s))) for s in spaces)
        return cls(spaces, links, frozenset(spaces if passable is None else passable))

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Board) and self._number == other._number)

    def __hash__(self) -> int:
        return self._number

    def __reduce__(self):  # pickled as what it is made of; the tables are made again
        return Board, (self.spaces, self.links, self.passable)


#: every board made in this process, by what it is made of -> its number: equal boards
#: (the same scenario read again) get the same number, so the tables keyed by a board
#: compare two numbers, not every space of both
_NUMBERS: dict[tuple, int] = {}
#: each board's number -> reach_past's table for it (kept up to REACHES_LIMIT entries)
_REACHES: dict[int, dict] = {}
REACHES_LIMIT = 1 << 17


@lru_cache(maxsize=4096)
def steps_to(board: Board, space: str) -> Mapping[str, int]:
    """The fewest steps to `space` from every passable space that can get there
    over passable spaces (pieces ignored; `space` itself counts 0)."""
    ways = board.ways
    table = {space: 0}
    edge = [space]
    n = 0
    while edge:
        n += 1
        nxt = []
        for here in edge:
            for there in ways[here]:
                if there not in table:
                    table[there] = n
                    nxt.append(there)
        edge = nxt
    return table


def within(board: Board, frm: str, steps: int) -> tuple[str, ...]:
    """The spaces a piece on `frm` could end on going up to `steps` spaces over
    passable spaces if no piece stood in the way (`frm` left out), sorted by name
    (the order a listing shows them in): the walk round no walls."""
    return _round(board, frm, steps, _NO_WALLS)


_NO_WALLS: frozenset[str] = frozenset()


def reach(board: Board, frm: str, steps: int, blocked: AbstractSet[str]) -> tuple[str, ...]:
    """The spaces a piece on `frm` can end on going up to `steps` spaces over
    passable spaces that are not `blocked` (the spaces pieces stand on, e.g.
    `pieces.occupied.keys()`), sorted by name. Only the pieces nearer than `steps`
    change the way (one on the rim blocks only its own space: every other space
    there is reached through nearer ones), so the walk round them is a table of
    the board too, one per set of such pieces (`_round`)."""
    if steps <= 0:
        return ()
    near = within(board, frm, steps)
    inner = within(board, frm, steps - 1)
    if not blocked.isdisjoint(inner):
        near = _round(board, frm, steps, frozenset(s for s in inner if s in blocked))
    return near if blocked.isdisjoint(near) else tuple(filterfalse(blocked.__contains__, near))


@lru_cache(maxsize=65536)
def _round(board: Board, frm: str, steps: int, walls: frozenset[str]) -> tuple[str, ...]:
    """The spaces within `steps` of `frm` over passable spaces, going round `walls`
    (`walls` themselves left out), sorted by name."""
    ways = board.ways
    seen = {frm} | walls
    edge = [frm]
    for _ in range(steps):
        nxt = []
        for here in edge:
            for there in ways[here]:
                if there not in seen:
                    seen.add(there)
                    nxt.append(there)
        edge = nxt
    return tuple(sorted(seen - walls - {frm}))


def reach_past(board: Board, frm: str, steps: int, occupied: int) -> tuple[str, ...]:
    """`reach(board, frm, steps, spaces)` with the spaces pieces stand on given as bits
    (`board.bits[space]` for each, or-ed together; the bit of `frm` itself is ignored),
    from the board's table: the answer depends only on the pieces within `steps`."""
    table = board._reaches
    ball = table.get((frm, steps))
    if ball is None:
        bits = board.bits
        ball = table[frm, steps] = sum(bits[sp] for sp in within(board, frm, steps))
    key = (frm, steps, occupied & ball)
    got = table.get(key)
    if got is None:
        if len(table) >= REACHES_LIMIT:
            table.clear()
            table[frm, steps] = ball
        bits = board.bits
        blocked = frozenset(sp for sp in within(board, frm, steps) if occupied & bits[sp])
        got = table[key] = reach(board, frm, steps, blocked)
    return got
