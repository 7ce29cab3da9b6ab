"""The pieces on a board as a value kept in the state, indexed by space and by side.

A piece is any frozen value with a `space` and a `side` (a ruleset's `Unit`).
`Pieces` holds them in the board's reading order (so two states with the same
pieces are equal and hash alike) and answers "what stands on B2" and "which
are Red's" from an index built with the value, not by scanning every piece:

    pieces = Pieces.on(board, units)
    pieces.at("B2")             # the piece on B2, or None (pieces.occupied.get("B2"))
    pieces.all_at("B2")         # every piece on B2 (a stack)
    pieces.of("Red")            # Red's pieces, in reading order
    "Red" in pieces.sides       # has Red a piece on the board? (side -> its pieces)
    "B2" in pieces.occupied     # anything on B2?
    pieces.spaces_of("Red")     # the spaces Red's pieces stand on (a frozenset)
    pieces.empty(zone)          # the spaces of `zone` no piece stands on, in its order
    pieces.reach("B2", 2)       # where a piece on B2 can end, 2 spaces through
                                # passable spaces no piece stands on (`board.reach`)
    pieces.moves(Step, "B2", 2) # [Step("B2", to) for to in pieces.reach("B2", 2)], read
                                # off the board's table of moves (`board.reached`)
    pieces.moved("B2", "C2")    # a new Pieces; the old one is unchanged

Only `all` is the value (equality, hashing, `stable_hash`); the index is made
from it when the value is made. A change to one piece (moved, removed, placed)
makes the new index from the old one, touching only that piece's space and its
side's pieces, and leaves `all` to be read off the index when something asks
for it (equality, hashing, iterating): a game's moves ask only the index.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from itertools import compress, filterfalse, repeat
from operator import attrgetter, is_not
from typing import Any

from toolkit.referee.kit.board import Board, reach, reached
from toolkit.referee.kit.values import evolve, replacer


@dataclass(frozen=True)
class Pieces:
    """`all`: the pieces in the board's reading order (pieces sharing a space in the
    order they were given); `board` orders them."""

    all: tuple[Any, ...]
    board: Board = field(compare=False, repr=False, metadata={"hash": False})
    occupied: Mapping[str, Any] = field(  # space -> the piece on it (the first of a stack)
        init=False, compare=False, repr=False, metadata={"hash": False})
    stacked: Mapping[str, tuple[Any, ...]] = field(  # space -> its pieces, where 2 or more
        init=False, compare=False, repr=False, metadata={"hash": False})
    sides: Mapping[str, tuple[Any, ...]] = field(
        init=False, compare=False, repr=False, metadata={"hash": False})
    bits: int = field(  # the occupied spaces, a bit each (`board.bits`)
        init=False, compare=False, repr=False, metadata={"hash": False})

    def __post_init__(self) -> None:
        on: dict[str, Any] = {}
        stacked: dict[str, tuple] = {}
        sides: dict[str, list] = {}
        for p in self.all:
            if p.space in on:
                stacked[p.space] = stacked.get(p.space, (on[p.space],)) + (p,)
            else:
                on[p.space] = p
            sides.setdefault(p.side, []).append(p)
        bits = self.board.bits
        set_ = object.__setattr__
        set_(self, "occupied", on)
        set_(self, "stacked", stacked)
        set_(self, "sides", {side: tuple(ps) for side, ps in sides.items()})
        set_(self, "bits", sum(bits[sp] for sp in on))

    def _with(self, occupied: dict, side: str, mine: tuple, bits: int) -> "Pieces":
        """A new value from its index: the old one's, with `occupied`, `side`'s pieces
        (`mine`, in reading order) and `bits` changed; `all` is read off it when asked
        for (`_ReadOff`). Only where no two pieces share a space."""
        sides = dict(self.sides)
        if mine:
            sides[side] = mine
        else:
            del sides[side]
        out = object.__new__(Pieces)
        object.__setattr__(out, "__dict__", {
            "board": self.board, "occupied": occupied, "stacked": _NO_STACKS,
            "sides": sides, "bits": bits})
        return out

    def _in_order(self, spaces: Iterable[str], occupied: Mapping[str, Any]) -> tuple:
        """The pieces of `occupied` on `spaces`, in the board's reading order."""
        return tuple(map(occupied.__getitem__, sorted(spaces, key=self.board.order.__getitem__)))

    @classmethod
    def on(cls, board: Board, pieces: Iterable[Any]) -> "Pieces":
        """`pieces` put in the board's reading order."""
        order = board.order
        return cls(tuple(sorted(pieces, key=lambda p: order[p.space])), board)

    # ------------------------------------------------------------ reading

    def at(self, space: str) -> Any | None:
        """The piece on `space` (the first, where several share it), or None."""
        return self.occupied.get(space)

    def all_at(self, space: str) -> tuple[Any, ...]:
        """Every piece on `space`, in the order they were given."""
        stack = self.stacked.get(space)
        if stack is not None:
            return stack
        piece = self.occupied.get(space)
        return () if piece is None else (piece,)

    def of(self, side: str) -> tuple[Any, ...]:
        return self.sides.get(side, ())

    def spaces_of(self, side: str) -> frozenset[str]:
        """The spaces `side`'s pieces stand on."""
        return frozenset(map(_SPACE, self.sides.get(side, ())))

    def empty(self, spaces: Iterable[str]) -> list[str]:
        """The spaces of `spaces` no piece stands on, in the order given."""
        return list(filterfalse(self.occupied.__contains__, spaces))

    def reach(self, frm: str, steps: int) -> tuple[str, ...]:
        """The spaces a piece on `frm` can end on going up to `steps` spaces over
        passable spaces no piece stands on, sorted by name (`board.reach`)."""
        return reach(self.board, frm, steps, self.occupied, self.bits)

    def moves(self, make: Any, frm: str, steps: int, *extra: Any) -> list[Any]:
        """The moves `make(frm, to, *extra)` of a piece on `frm` to every space it can
        reach going up to `steps` spaces (`reach`), in its order: one call for a piece's
        moves, read off the board's table of them by the pieces in the way
        (`board.reached`: one lookup by the bits of the pieces nearer than `steps`, then
        the spaces on the rim that a piece stands on left out), where a listing written
        `[make(frm, to) for to in pieces.reach(frm, steps)]` walks round the pieces and
        makes each move again in every position."""
        table = self.board._reached.get((make, frm, steps, extra)) \
            or reached(self.board, make, frm, steps, extra)
        mask = self.bits & table.inner  # the pieces nearer than `steps`
        got = table.get(mask)
        if got is None:
            got = table.walk(mask)
        occupied = self.occupied
        return [move for to, move in got if to not in occupied]

    def __iter__(self) -> Iterator[Any]:
        return iter(self.all)

    def __len__(self) -> int:
        return len(self.all)

    # ------------------------------------------------------------ changing

    def placed(self, piece: Any) -> "Pieces":
        space = piece.space
        if space in self.occupied or self.stacked:  # onto a stack: the index made again
            return Pieces.on(self.board, self.all + (piece,))
        occupied = {**self.occupied, space: piece}
        side = piece.side
        mine = self._in_order((*map(_SPACE, self.sides.get(side, ())), space), occupied)
        return self._with(occupied, side, mine, self.bits | self.board.bits[space])

    def removed(self, space: str) -> "Pieces":
        """Without the pieces on `space`."""
        piece = self.occupied.get(space)
        if piece is None:
            return self
        if self.stacked:
            return Pieces(tuple(p for p in self.all if p.space != space), self.board)
        occupied = dict(self.occupied)
        del occupied[space]
        return self._with(occupied, piece.side, _without(self.sides[piece.side], piece),
                          self.bits & ~self.board.bits[space])

    def moved(self, frm: str, to: str) -> "Pieces":
        """The pieces on `frm` moved to `to` (copied by the kit's `evolve`, or its
        `replacer` of the space: a piece's `__post_init__`, if it has one, does not
        run again)."""
        piece = self.occupied.get(frm)
        if piece is None or self.stacked or to in self.occupied or frm == to:
            return Pieces.on(self.board, (evolve(p, space=to) if p.space == frm else p
                                          for p in self.all))
        occupied = dict(self.occupied)
        del occupied[frm]
        occupied[to] = _on(piece, to)
        side = piece.side
        spaces = set(map(_SPACE, self.sides[side]))
        spaces.remove(frm)
        spaces.add(to)
        bits = self.board.bits
        return self._with(occupied, side, self._in_order(spaces, occupied),
                          self.bits & ~bits[frm] | bits[to])

    def __getstate__(self) -> dict:  # pickled without the index; made again on load
        return {"all": self.all, "board": self.board}

    def __setstate__(self, state: dict) -> None:
        object.__setattr__(self, "all", state["all"])
        object.__setattr__(self, "board", state["board"])
        self.__post_init__()


class _ReadOff:
    """`Pieces.all` of a value made from another's index (`Pieces._with`), which has no
    `all` of its own: the pieces on the occupied spaces in the board's reading order,
    read off the index once, when first asked for. (A class attribute that only reads:
    a value that has its `all` finds it in its own dict first, and every other field is
    read as plainly as before, where a `__getattr__` slows every read of the value.)"""

    def __get__(self, pieces: Pieces | None, owner: type | None = None) -> Any:
        if pieces is None:
            return self
        occupied = pieces.occupied
        all_ = tuple(map(occupied.__getitem__,
                         sorted(occupied, key=pieces.board.order.__getitem__)))
        pieces.__dict__["all"] = all_
        return all_


Pieces.all = _ReadOff()  # type: ignore[assignment]  (after @dataclass has read the fields)
_SPACE = attrgetter("space")
_NO_STACKS: Mapping[str, tuple[Any, ...]] = {}


#: a piece's class -> its copier with another space (`values.replacer`: one call that
#: sets each field, where `evolve` builds and checks a dict of changes)
_ONTO: dict[type, Any] = {}


def _on(piece: Any, space: str) -> Any:
    """`piece` on `space`."""
    onto = _ONTO.get(type(piece))
    if onto is None:
        onto = _ONTO[type(piece)] = replacer(type(piece), "space")
    return onto(piece, space)


def _without(pieces: tuple, piece: Any) -> tuple:
    """`pieces` without `piece` (this very object)."""
    return tuple(compress(pieces, map(is_not, pieces, repeat(piece))))
