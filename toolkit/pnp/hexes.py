"""Where each space of a board lies on paper: centres and outlines, in points.

The board frame has its origin at the top-left corner of the board, x to the
right and y *down* (the way a picture is read: row 1 at the top). Drawing code
flips y once when it puts the board on a page.

Scale (a board field, any length):
  grid  `space_size` is the side of a square (default 25 mm)
  hex   `space_size` is the distance across the flats (default 20 mm)
  map   `map_scale` is the paper length of one coordinate unit (default 1 mm);
        `space_size` is the diameter of a node (default 12 mm)

Hex offsets follow `Board.neighbour_steps`: on a flat-topped board the shifted
columns (odd columns for `offset odd`, even ones for `offset even`) sit half a
hex lower; on a pointy-topped board the shifted rows sit half a hex to the right.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from toolkit.pnp.units import MM, to_points

DEFAULT_SPACE = {"grid": 25 * MM, "hex": 20 * MM, "map": 12 * MM}
DEFAULT_MAP_SCALE = 1 * MM
SQRT3 = math.sqrt(3.0)

Point = tuple[float, float]


def board_length(board: Any, name: str, default: float) -> float:
    """A length field of the board in points (`space_size 25mm`); a bare number means mm."""
    value = board.fields.get(name)
    if value is None:
        return default
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value) * MM
    try:
        points = to_points(value)
    except ValueError:
        raise ValueError(
            f"board {board.name}: {name} {value!r} is not a length (write e.g. 25mm)"
        ) from None
    if points <= 0:
        raise ValueError(f"board {board.name}: {name} must be positive")
    return points


@dataclass(frozen=True)
class Geometry:
    """The paper geometry of one board: where every space is, and how big the board is."""

    kind: str
    size: float  # square side, hex across-flats, node diameter (points)
    width: float  # board extent, points
    height: float
    centres: dict[str, Point]
    outlines: dict[str, tuple[Point, ...]]  # grids and hexes; maps have none
    orientation: str = "square"
    offset: str = "odd"
    margin: float = 0.0

    def centre_of(self, col: float, row: float) -> Point:
        """Centre of the (possibly off-board) grid position (col, row)."""
        return _grid_centre(self.kind, self.size, self.orientation, self.offset, col, row, self.margin)

    def corners_at(self, centre: Point) -> tuple[Point, ...]:
        return _corners(self.kind, self.size, self.orientation, centre)

    def bbox(self, space_id: str) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of a space, y down."""
        pts = self.outlines.get(space_id)
        if pts:
            xs = [p[0] for p in pts]
            ys = [p[1] for p in pts]
            return min(xs), min(ys), max(xs), max(ys)
        x, y = self.centres[space_id]
        r = self.size / 2 + 10  # room for the label under a node
        return x - r, y - r, x + r, y + r + 10


def _grid_centre(kind: str, s: float, orientation: str, offset: str,
                 col: float, row: float, margin: float) -> Point:
    if kind == "grid":
        return margin + (col + 0.5) * s, margin + (row + 0.5) * s
    odd_pushed = offset == "odd"
    radius = s / SQRT3  # centre to corner
    if orientation == "flat":
        shifted = (int(col) % 2 == 1) == odd_pushed
        x = margin + radius + col * 1.5 * radius
        y = margin + s / 2 + row * s + (s / 2 if shifted else 0.0)
        return x, y
    shifted = (int(row) % 2 == 1) == odd_pushed
    x = margin + s / 2 + col * s + (s / 2 if shifted else 0.0)
    y = margin + radius + row * 1.5 * radius
    return x, y


def _corners(kind: str, s: float, orientation: str, c: Point) -> tuple[Point, ...]:
    x, y = c
    if kind == "grid":
        h = s / 2
        return ((x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h))
    radius = s / SQRT3
    start = 0.0 if orientation == "flat" else 30.0
    return tuple(
        (x + radius * math.cos(math.radians(start + 60 * i)),
         y + radius * math.sin(math.radians(start + 60 * i)))
        for i in range(6)
    )


def geometry(board: Any) -> Geometry:
    """The paper geometry of `board` (a `dsl.model.Board`)."""
    kind = board.kind
    if kind not in DEFAULT_SPACE:
        raise ValueError(f"board {board.name}: unknown kind {kind!r}")
    size = board_length(board, "space_size", DEFAULT_SPACE[kind])
    if kind == "map":
        return _map_geometry(board, size)
    orientation = board.orientation if kind == "hex" else "square"
    offset = board.offset
    if kind == "hex" and orientation not in ("flat", "pointy"):
        raise ValueError(f"board {board.name}: orientation must be flat or pointy, not {orientation!r}")
    margin = board_length(board, "board_margin", 4 * MM)
    centres: dict[str, Point] = {}
    outlines: dict[str, tuple[Point, ...]] = {}
    for s in board.spaces:
        c = _grid_centre(kind, size, orientation, offset, s.coord[0], s.coord[1], margin)
        centres[s.id] = c
        outlines[s.id] = _corners(kind, size, orientation, c)
    if outlines:
        x1 = max(p[0] for pts in outlines.values() for p in pts)
        y1 = max(p[1] for pts in outlines.values() for p in pts)
    else:
        x1 = y1 = 0.0
    return Geometry(kind, size, x1 + margin, y1 + margin, centres, outlines,
                    orientation, offset, margin)


def _map_geometry(board: Any, size: float) -> Geometry:
    scale = board_length(board, "map_scale", DEFAULT_MAP_SCALE)
    margin = board_length(board, "board_margin", size / 2 + 8 * MM)
    if not board.spaces:
        return Geometry("map", size, 2 * margin, 2 * margin, {}, {}, margin=margin)
    xs = [float(s.coord[0]) for s in board.spaces]
    ys = [float(s.coord[1]) for s in board.spaces]
    # the board starts at coordinate (0, 0) unless a node lies left of or above it
    x0, y0 = min(0.0, min(xs)), min(0.0, min(ys))
    centres = {
        s.id: (margin + (float(s.coord[0]) - x0) * scale, margin + (float(s.coord[1]) - y0) * scale)
        for s in board.spaces
    }
    width = margin * 2 + (max(xs) - x0) * scale
    height = margin * 2 + (max(ys) - y0) * scale
    return Geometry("map", size, width, height, centres, {}, margin=margin)


def shared_edge(geo: Geometry, board: Any, a: str, b: str) -> tuple[Point, Point] | None:
    """The edge between two adjacent grid or hex spaces (None if they do not touch)."""
    pts = geo.outlines.get(a)
    if not pts or b not in geo.centres:
        return None
    cb = geo.centres[b]
    ca = geo.centres[a]
    if math.dist(ca, cb) > geo.size * 1.01 + 1e-6:
        return None
    return _nearest_edge(pts, cb)


def _nearest_edge(pts: tuple[Point, ...], target: Point) -> tuple[Point, Point]:
    """The edge of polygon `pts` whose midpoint is closest to `target`."""
    best = None
    best_d = float("inf")
    n = len(pts)
    for i in range(n):
        p, q = pts[i], pts[(i + 1) % n]
        mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
        d = math.dist(mid, target)
        if d < best_d:
            best, best_d = (p, q), d
    assert best is not None
    return best


def boundary_edges(geo: Geometry, board: Any, members: set[str]) -> list[tuple[Point, Point]]:
    """Edges of the spaces in `members` that face a space outside it (or the board edge)."""
    edges: list[tuple[Point, Point]] = []
    at = {(int(s.coord[0]), int(s.coord[1])): s.id for s in board.spaces}
    for sid in members:
        space = board.space_index.get(sid)
        pts = geo.outlines.get(sid)
        if space is None or not pts:
            continue
        col, row = int(space.coord[0]), int(space.coord[1])
        for dc, dr in board.neighbour_steps(col, row):
            c2, r2 = col + dc, row + dr
            if at.get((c2, r2)) in members:
                continue
            edges.append(_nearest_edge(pts, geo.centre_of(c2, r2)))
    return edges

