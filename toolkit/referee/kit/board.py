"""The board as the rules walk it: spaces, links and what may be entered, as one
frozen value, with the tables every ruleset asks of it worked out once per board.

    board = Board.of(scenario.board, passable=spaces_not_impassable)
    board.neighbours["B2"]            # the spaces linked to B2 (sorted)
    board.ways["B2"]                  # those a piece may enter (passable; sorted)
    steps_to(board, "C5")["A1"]       # steps from A1 to C5 over passable spaces
    reach(board, "B2", 2, occupied)   # where a piece on B2 can end, 2 spaces through
                                      # passable spaces no piece stands on
    moves_from(board, Step, "B2")     # to -> Step("B2", to): the moves from B2, made
                                      # once each
    reached(board, Step, "B2", 2)     # the bits of the pieces nearer than 2 -> the
                                      # (space, move) pairs reached (`Pieces.moves`)

A ruleset reads its board once into its config; the tables (`steps_to`, the
spaces within n steps that `reach` starts from, the moves from each space that
`moves_from` keeps, and the moves by the pieces in the way that `reached` keeps)
are kept by the Board value itself, so a second config read from the same
scenario shares them and a ruleset writes no cache of its own. Equal boards share
one number, worked out when the board is made, so using a board as a key costs no
more than an identity lookup.

`reach` keeps no table of positions: one space is the board's `ways` less the
occupied spaces; further, where no piece stands nearer than the move's length
(`ball`, as bits), the spaces within it less the occupied ones; else a
breadth-first walk of a few spaces. `reached`, which a listing reads, is keyed by
the pieces nearer than the move's length only (a piece on the rim blocks only its
own space): at most 64 entries a space for a move of two on a hex grid, about
1,600 entries on Skirmish's board after 1,000 random games.
"""

from __future__ import annotations

from collections.abc import Collection, Container, Iterable, Mapping
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
    _balls: dict = field(init=False, repr=False)  # (space, steps) -> `ball`, shared likewise
    _moves: dict = field(init=False, repr=False)  # (make, space, extra) -> `moves_from`, likewise
    _reached: dict = field(init=False, repr=False)  # (make, space, steps, extra) -> `reached`

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
        set_(self, "_balls", _BALLS.setdefault(self._number, {}))
        set_(self, "_moves", _MOVES.setdefault(self._number, {}))
        set_(self, "_reached", _REACHED.setdefault(self._number, {}))

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
#: each board's number -> its `ball` table (at most a few entries a space)
_BALLS: dict[int, dict] = {}
#: each board's number -> its tables of moves (`moves_from`), shared likewise
_MOVES: dict[int, dict] = {}
#: each board's number -> its tables of moves by the pieces in the way (`reached`), likewise
_REACHED: dict[int, dict] = {}
#: the most ways round the pieces one `Reached` table keeps (past it, a walk is not kept)
REACHED_LIMIT = 4096


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


@lru_cache(maxsize=65536)
def within(board: Board, frm: str, steps: int) -> tuple[str, ...]:
    """The spaces a piece on `frm` could end on going up to `steps` spaces over
    passable spaces if no piece stood in the way (`frm` left out), sorted by name
    (the order a listing shows them in): a table of the board."""
    return _walk_round(board.ways, frm, steps, ())


class Moves(dict):
    """`to -> make(frm, to, *extra)`: the moves of one kind from one space, each made
    the first time a listing reaches its space (so the table holds only moves some
    game listed, never every pair of spaces of a large board)."""

    __slots__ = ("make", "frm", "extra")

    def __missing__(self, to: str) -> Any:
        move = self[to] = self.make(self.frm, to, *self.extra)
        return move


def moves_from(board: Board, make: Any, frm: str, extra: tuple = ()) -> Moves:
    """The board's table of the moves `make(frm, to, *extra)` from `frm` (`make`: a
    ruleset's move class, `extra`: what else the move says, a card played with it):
    a listing reads its moves off the table by the spaces reached
    (`Pieces.moves`) instead of making each move again in every position."""
    table = board._moves.get((make, frm, extra))
    if table is None:
        table = board._moves[make, frm, extra] = Moves()
        table.make, table.frm, table.extra = make, frm, extra
    return table


class Reached(dict):
    """`mask -> ((to, move), ...)`: the moves `make(frm, to, *extra)` of a piece on `frm`
    going up to `steps` spaces, where `mask` (`board.bits`) is the pieces standing in
    `inner`, the spaces nearer than `steps` (only those can bar a way: a piece on the
    rim blocks only its own space, which the caller leaves out). Each way round the
    pieces is walked the first time a listing meets it (`walk`; read with `get`, as a
    subscript of a subclass of dict takes Python's slow path); a space of a hex grid
    has at most 64 ways round the pieces for a move of two."""

    __slots__ = ("board", "moves", "frm", "steps", "inner")

    def walk(self, mask: int) -> tuple[tuple[str, Any], ...]:
        board, frm, steps = self.board, self.frm, self.steps
        bits = board.bits
        blocked = [sp for sp in within(board, frm, steps - 1) if bits[sp] & mask]
        moves = self.moves
        got = tuple((to, moves[to]) for to in _walk_round(board.ways, frm, steps, blocked))
        if len(self) < REACHED_LIMIT:
            self[mask] = got
        return got


def reached(board: Board, make: Any, frm: str, steps: int, extra: tuple = ()) -> Reached:
    """The board's table of the moves `make(frm, to, *extra)` up to `steps` spaces by
    the pieces in the way (`Reached`): `Pieces.moves` reads a piece's moves off it,
    one lookup by the bits of the pieces nearer than `steps`, where `reach` walked or
    filtered the spaces within reach in every position."""
    key = (make, frm, steps, extra)
    table = board._reached.get(key)
    if table is None:
        table = board._reached[key] = Reached()
        table.board, table.frm, table.steps = board, frm, steps
        table.moves = moves_from(board, make, frm, extra)
        table.inner = ball(board, frm, steps - 1)[1] if steps > 1 else 0
    return table


def reach(board: Board, frm: str, steps: int, blocked: Collection[str],
          bits: int | None = None) -> tuple[str, ...]:
    """The spaces a piece on `frm` can end on going up to `steps` spaces over
    passable spaces that are not `blocked` (the spaces pieces stand on: a set, or
    `pieces.occupied`), sorted by name; `bits`: the same spaces as `board.bits` (or-ed
    together), where the caller keeps them (`Pieces.bits`). No table of positions:
    one space is the board's `ways` less the blocked spaces; further, where nothing
    blocks a space nearer than `steps` (the board's `ball` of `steps - 1` round
    `frm`), the spaces within `steps` less the blocked ones (a piece on the rim
    blocks only its own space); else a breadth-first walk of a few spaces."""
    if steps <= 0:
        return ()
    if steps == 1:
        return tuple(filterfalse(blocked.__contains__, board.ways[frm]))
    if bits is None:
        order = board.bits
        bits = sum(order[sp] for sp in blocked if sp in order)
    got = board._balls.get((frm, steps)) or _ball(board, frm, steps)
    if not bits & got[2]:  # nothing stands nearer than `steps`
        return tuple(filterfalse(blocked.__contains__, got[0]))
    return _walk_round(board.ways, frm, steps, blocked)


def _walk_round(ways: Mapping[str, tuple[str, ...]], frm: str, steps: int,
                blocked: Container[str]) -> tuple[str, ...]:
    """The spaces reached from `frm` in up to `steps` steps along `ways`, never onto
    a `blocked` space (`frm` left out), sorted by name: one walk, no table."""
    seen, edge, out = {frm}, [frm], []
    for _ in range(steps):
        nxt = []
        for here in edge:
            for there in ways[here]:
                if there not in seen:
                    seen.add(there)
                    if there not in blocked:
                        nxt.append(there)
        out += nxt
        edge = nxt
    out.sort()
    return tuple(out)


def ball(board: Board, frm: str, steps: int) -> tuple[tuple[str, ...], int]:
    """The spaces within `steps` of `frm` over passable spaces (`within`: sorted by
    name, `frm` left out), and the same as bits (`board.bits`): a table of the board,
    made once per (space, length)."""
    got = board._balls.get((frm, steps)) or _ball(board, frm, steps)
    return got[0], got[1]


def _ball(board: Board, frm: str, steps: int) -> tuple[tuple[str, ...], int, int]:
    """`ball`'s entry of the board's table, made: the spaces, their bits, and the bits
    of the spaces nearer than `steps` (those a piece must not stand on for `reach` to
    read the spaces off the table)."""
    bits = board.bits
    spaces = within(board, frm, steps)
    inner = within(board, frm, steps - 1) if steps > 1 else ()
    got = board._balls[frm, steps] = (spaces, sum(bits[sp] for sp in spaces),
                                      sum(bits[sp] for sp in inner))
    return got
