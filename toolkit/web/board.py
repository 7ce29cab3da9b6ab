"""The board's shapes for the page, drawn from the scenario model.

The page draws whatever this gives it: a polygon (square or hexagon) or a circle
(a map's node) per space, filled with its terrain's `colour` as on the printed
board, and lines for a map's links. Coordinates are SVG user units, y downwards.

Squares are SIZE wide. Hexes are SIZE across their flats: a flat-topped grid
pushes every other column half a hex down, a pointy-topped one every other row
half a hex right; `offset` odd or even says which (the same geometry as
`dsl.model.Board.neighbour_steps` and the printed board). A map places its nodes
at their coordinates, scaled so the closest two are about 2.5 node radii apart.
"""

from __future__ import annotations

import math
from typing import Any

from toolkit.pnp.colours import side_colours

#: Width of a square, or of a hex across its flats, in SVG units.
SIZE = 60.0
#: Margin around the board, in SVG units.
MARGIN = 8.0
#: Radius of a map node, in SVG units.
NODE_RADIUS = 20.0
#: Room under a map's node for its id, in SVG units.
LABEL = 14.0
#: Fill of a space whose terrain has no colour.
PLAIN = "#e8e4d8"

SQRT3 = math.sqrt(3.0)


def _rounded(points) -> list[list[float]]:
    return [[round(x, 2), round(y, 2)] for x, y in points]


def grid_centre(board: Any, col: int, row: int) -> tuple[float, float]:
    """The centre of the square or hex at (col, row), before the margin."""
    s = SIZE
    if board.kind == "grid":
        return (col + 0.5) * s, (row + 0.5) * s
    radius = s / SQRT3
    odd_pushed = board.offset == "odd"
    if board.orientation == "pointy":
        shifted = (row % 2 == 1) == odd_pushed
        return s / 2 + col * s + (s / 2 if shifted else 0.0), radius + row * 1.5 * radius
    shifted = (col % 2 == 1) == odd_pushed
    return radius + col * 1.5 * radius, s / 2 + row * s + (s / 2 if shifted else 0.0)


def corners(board: Any, x: float, y: float) -> list[tuple[float, float]]:
    """The corners of the space centred on (x, y), clockwise on screen."""
    if board.kind == "grid":
        h = SIZE / 2
        return [(x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)]
    radius = SIZE / SQRT3
    start = 0.0 if board.orientation != "pointy" else 30.0
    return [(x + radius * math.cos(math.radians(start + 60 * i)),
             y + radius * math.sin(math.radians(start + 60 * i))) for i in range(6)]


def _map_centres(board: Any) -> dict[str, tuple[float, float]]:
    points = {s.id: (float(s.coord[0]), float(s.coord[1])) for s in board.spaces}
    closest = math.inf
    items = list(points.values())
    for i, a in enumerate(items):
        for b in items[i + 1:]:
            d = math.dist(a, b)
            if 0 < d < closest:
                closest = d
    scale = 1.0 if closest is math.inf else 2.5 * NODE_RADIUS / closest
    x0 = min((p[0] for p in items), default=0.0)
    y0 = min((p[1] for p in items), default=0.0)
    return {sid: ((x - x0) * scale + NODE_RADIUS, (y - y0) * scale + NODE_RADIUS)
            for sid, (x, y) in points.items()}


def shapes(scenario: Any, board: Any | None = None) -> dict[str, Any]:
    """The board as plain data for the page: `spaces` (id, terrain, colour, centre,
    polygon `points` or circle radius `r`, flags), `links` (map connections as
    lines), `view_box` and the `piece` radius."""
    board = board if board is not None else scenario.board
    colours = {name: t.colour for name, t in scenario.terrains.items()}
    if board.kind == "map":
        centres = _map_centres(board)
    else:
        centres = {s.id: grid_centre(board, int(s.coord[0]), int(s.coord[1]))
                   for s in board.spaces}
    spaces, xs, ys = [], [], []
    for s in board.spaces:
        x, y = centres[s.id]
        item: dict[str, Any] = {
            "id": s.id, "terrain": s.terrain, "colour": colours.get(s.terrain) or PLAIN,
            "x": round(x + MARGIN, 2), "y": round(y + MARGIN, 2),
            "flags": sorted(s.tags), "owner": s.owner,
        }
        if board.kind == "map":
            item["r"] = NODE_RADIUS
            xs += [x - NODE_RADIUS, x + NODE_RADIUS]
            ys += [y - NODE_RADIUS, y + NODE_RADIUS + LABEL]  # the id under the node
        else:
            pts = [(px + MARGIN, py + MARGIN) for px, py in corners(board, x, y)]
            item["points"] = _rounded(pts)
            xs += [px - MARGIN for px, _ in pts]
            ys += [py - MARGIN for _, py in pts]
        spaces.append(item)
    links = []
    if board.kind == "map":
        for link in board.links:
            if link.a in centres and link.b in centres:
                (ax, ay), (bx, by) = centres[link.a], centres[link.b]
                links.append({"a": link.a, "b": link.b, "flags": sorted(link.tags),
                              "x1": round(ax + MARGIN, 2), "y1": round(ay + MARGIN, 2),
                              "x2": round(bx + MARGIN, 2), "y2": round(by + MARGIN, 2)})
    width = (max(xs, default=0.0) if xs else 0.0) + 2 * MARGIN
    height = (max(ys, default=0.0) if ys else 0.0) + 2 * MARGIN
    return {
        "name": board.name, "kind": board.kind, "orientation": board.orientation,
        "offset": board.offset, "spaces": spaces, "links": links,
        "view_box": [0, 0, round(width, 2), round(height, 2)],
        "piece": round(NODE_RADIUS * 0.7 if board.kind == "map" else SIZE * 0.32, 2),
        # each side's colour as the press prints it (one rule: toolkit/pnp/colours.py)
        "sides": side_colours(scenario),
    }
