"""Tiling: a board larger than the paper cut into overlapping page-sized tiles.

Coordinates are board points with y down (see toolkit.pnp.hexes). Neighbouring
tiles share a band `overlap` wide; registration crosshairs sit in the middle of
every shared band, at the same board position on both tiles, so laying one tile
over the other until the crosshairs coincide reassembles the board exactly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Tile:
    """One page of a tiled board: the board rectangle [x0, x1] × [y0, y1] it shows."""

    number: int  # 1-based, reading order
    row: int  # 0-based
    col: int
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    def contains(self, x: float, y: float, pad: float = 0.0) -> bool:
        return self.x0 + pad <= x <= self.x1 - pad and self.y0 + pad <= y <= self.y1 - pad

    def touches(self, box: tuple[float, float, float, float]) -> bool:
        bx0, by0, bx1, by1 = box
        return bx1 >= self.x0 and bx0 <= self.x1 and by1 >= self.y0 and by0 <= self.y1


@dataclass(frozen=True)
class TilePlan:
    width: float  # the board
    height: float
    cols: int
    rows: int
    overlap: float
    tiles: tuple[Tile, ...]

    @property
    def count(self) -> int:
        return len(self.tiles)


def _starts(extent: float, window: float, overlap: float) -> list[float]:
    if extent <= window + 1e-6:
        return [0.0]
    step = window - overlap
    if step <= 0:
        raise ValueError("the overlap must be smaller than the printable area")
    n = math.ceil((extent - overlap) / step - 1e-9)
    return [i * step for i in range(n)]


def _count(extent: float, window: float, overlap: float) -> int:
    """len(_starts(...)), computed."""
    if extent <= window + 1e-6:
        return 1
    step = window - overlap
    if step <= 0:
        raise ValueError("the overlap must be smaller than the printable area")
    return math.ceil((extent - overlap) / step - 1e-9)


def tile_count(width: float, height: float, area_w: float, area_h: float, overlap: float) -> int:
    """How many tiles `plan_tiles` would make, without making them."""
    return _count(width, area_w, overlap) * _count(height, area_h, overlap)


def plan_tiles(width: float, height: float, area_w: float, area_h: float,
               overlap: float) -> TilePlan:
    """Cut a `width` × `height` board into tiles of at most `area_w` × `area_h`."""
    xs = _starts(width, area_w, overlap)
    ys = _starts(height, area_h, overlap)
    tiles = []
    for r, y in enumerate(ys):
        for c, x in enumerate(xs):
            tiles.append(Tile(len(tiles) + 1, r, c, x, y,
                              min(x + area_w, width), min(y + area_h, height)))
    return TilePlan(width, height, len(xs), len(ys), overlap, tuple(tiles))


def registration_marks(plan: TilePlan, inset: float) -> list[tuple[float, float]]:
    """Board positions of the crosshairs: the middle of every shared band.

    Along each band the marks sit `inset` from the ends of the stretch two tiles
    share and at its middle, so every tile carries at least two per shared edge.
    """
    marks: set[tuple[float, float]] = set()
    by_pos = {(t.row, t.col): t for t in plan.tiles}
    for t in plan.tiles:
        right = by_pos.get((t.row, t.col + 1))
        if right is not None:
            x = (right.x0 + t.x1) / 2
            for y in _along(t.y0, t.y1, inset):
                marks.add((round(x, 4), round(y, 4)))
        below = by_pos.get((t.row + 1, t.col))
        if below is not None:
            y = (below.y0 + t.y1) / 2
            for x in _along(t.x0, t.x1, inset):
                marks.add((round(x, 4), round(y, 4)))
    return sorted(marks)


def _along(a: float, b: float, inset: float) -> list[float]:
    if b - a <= 4 * inset:
        return [(a + b) / 2]
    return [a + inset, (a + b) / 2, b - inset]
