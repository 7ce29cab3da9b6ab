"""The pieces on a board as a value kept in the state, indexed by space and by side.

A piece is any frozen value with a `space` and a `side` (a ruleset's `Unit`).
`Pieces` holds them in the board's reading order (so two states with the same
pieces are equal and hash alike) and answers "what stands on B2" and "which
are Red's" from an index built with the value, not by scanning every piece:

    pieces = Pieces.on(board, units)
    pieces.at("B2")             # the piece on B2, or None (pieces.occupied.get("B2"))
    pieces.all_at("B2")         # every piece on B2 (a stack)
    pieces.of("Red")            # Red's pieces, in reading order
    "B2" in pieces.occupied     # anything on B2?
    pieces.moved("B2", "C2")    # a new Pieces; the old one is unchanged

Only `all` is the value (equality, hashing, `stable_hash`); the index is made
from it when the value is made.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from toolkit.referee.kit.board import Board
from toolkit.referee.kit.values import evolve


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
        set_ = object.__setattr__
        set_(self, "occupied", on)
        set_(self, "stacked", stacked)
        set_(self, "sides", {side: tuple(ps) for side, ps in sides.items()})

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

    def __iter__(self) -> Iterator[Any]:
        return iter(self.all)

    def __len__(self) -> int:
        return len(self.all)

    # ------------------------------------------------------------ changing

    def placed(self, piece: Any) -> "Pieces":
        return Pieces.on(self.board, self.all + (piece,))

    def removed(self, space: str) -> "Pieces":
        """Without the pieces on `space`."""
        return Pieces(tuple(p for p in self.all if p.space != space), self.board)

    def moved(self, frm: str, to: str) -> "Pieces":
        """The pieces on `frm` moved to `to` (copied by the kit's `evolve`: a piece's
        `__post_init__`, if it has one, does not run again)."""
        return Pieces.on(self.board, (evolve(p, space=to) if p.space == frm else p
                                      for p in self.all))

    def __getstate__(self) -> dict:  # pickled without the index; made again on load
        return {"all": self.all, "board": self.board}

    def __setstate__(self, state: dict) -> None:
        object.__setattr__(self, "all", state["all"])
        object.__setattr__(self, "board", state["board"])
        self.__post_init__()
