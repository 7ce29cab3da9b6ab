"""Where a map node's id is printed: beside the node, where nothing drawn crosses it.

A node's id goes below its circle unless something would run through it there; then
right, left, above, or one of the diagonal places, the first that is clear. Clear
means that its box (the text's width, ascent to descent, and `PAD` around) touches no
link, no river bar (a river border or a crossed link), no zone ring, no node circle and
no id already placed. A node with no clear place keeps the place below. Everything is
in board coordinates (y down), as `toolkit.pnp.hexes.Geometry` gives the centres.

    label_places(board, centres, radius, size, ring_members, text_width)
        -> {node id: (centre x, baseline y)}

The ring, river-bar and crossing-bar measures below are the ones toolkit.pnp.spaces
draws the map with (it reads them from here), so the places and the drawing agree.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 (y down)
Segment = tuple[float, float, float, float]

PAD = 1.0  # pt of clear paper around an id
RING_GAP = 3.5  # a zone ring's radius beyond the node's
RING_HALF_WIDTH = 1.0  # half the ring's 2 pt stroke
RIVER_BAR_SHARE = 0.58  # a river border bar's length, as a share of the centres' distance
CROSSING_BAR_SHARE = 1.2  # a crossed link's bar, as a share of the node radius
BAR_HALF_WIDTH = 1.5  # half a river bar's 3 pt stroke
ASCENT, DESCENT = 0.75, 0.22  # of the font size: the box of a line of capitals and digits
# the places tried, in order: (x, y) direction from the node's centre
PLACES = ((0, 1), (1, 0), (-1, 0), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1))


def river_bars(board: Any, centres: dict, radius: float) -> list[tuple[Segment, float]]:
    """The river bars the board is drawn with: (segment, half width)."""
    bars = []
    for border in getattr(board, "borders", ()):
        if "river" in border.tags and border.a in centres and border.b in centres:
            a, b = centres[border.a], centres[border.b]
            bars.append((_cross_bar(a, b, math.dist(a, b) * RIVER_BAR_SHARE), BAR_HALF_WIDTH))
    for link in board.links:
        if "crosses_river" in link.tags and link.a in centres and link.b in centres:
            bars.append((_cross_bar(centres[link.a], centres[link.b], radius * CROSSING_BAR_SHARE),
                         BAR_HALF_WIDTH))
    return bars


def _cross_bar(a: tuple[float, float], b: tuple[float, float], length: float) -> Segment:
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    d = math.dist(a, b) or 1.0
    nx, ny = -(b[1] - a[1]) / d, (b[0] - a[0]) / d
    return (mx - nx * length / 2, my - ny * length / 2, mx + nx * length / 2, my + ny * length / 2)


def label_places(board: Any, centres: dict[str, tuple[float, float]], radius: float, size: float,
                 ring_members: Iterable[str], text_width: Callable[[str], float]) -> dict[str, tuple[float, float]]:
    """Each node's id: (centre x, baseline y) of its text, in board coordinates."""
    links = [(*centres[l.a], *centres[l.b]) for l in board.links if l.a in centres and l.b in centres]
    bars = river_bars(board, centres, radius)
    rings = {m for m in ring_members if m in centres}
    placed: list[Box] = []
    out = {}
    for sp in board.spaces:
        if sp.id not in centres:
            continue
        x, y = centres[sp.id]
        w, h = text_width(sp.id), size * (ASCENT + DESCENT)
        clear = radius + RING_GAP + RING_HALF_WIDTH + PAD  # outside any ring of this node
        first = None
        for dx, dy in PLACES:
            box = _beside(x, y, w, h, dx, dy, clear)
            if first is None:
                first = box
            if _is_clear(box, links, bars, rings, centres, radius, placed):
                break
        else:
            box = first
        placed.append(box)
        out[sp.id] = ((box[0] + box[2]) / 2, box[3] - PAD - DESCENT * size)
    return out


def _beside(x: float, y: float, w: float, h: float, dx: int, dy: int, clear: float) -> Box:
    """The label's padded box next to the node, its nearest side `clear` from the centre."""
    bw, bh = w + 2 * PAD, h + 2 * PAD
    if dx and dy:  # a corner: the box's nearest corner on the diagonal at distance `clear`
        cx = x + dx * (clear / math.sqrt(2) + bw / 2)
        cy = y + dy * (clear / math.sqrt(2) + bh / 2)
    else:
        cx = x + dx * (clear + bw / 2)
        cy = y + dy * (clear + bh / 2)
    return (cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2)


def _is_clear(box: Box, links: list[Segment], bars: list[tuple[Segment, float]], rings: set[str],
              centres: dict, radius: float, placed: list[Box]) -> bool:
    if any(segment_meets_box(s, box) for s in links):
        return False
    if any(segment_meets_box(s, _grown(box, half)) for s, half in bars):
        return False
    for sid, (cx, cy) in centres.items():
        near, far = box_distances(box, cx, cy)
        if near < radius:
            return False
        if sid in rings and ring_meets(near, far, radius + RING_GAP, RING_HALF_WIDTH):
            return False
    return not any(boxes_meet(box, other) for other in placed)


def ring_meets(near: float, far: float, ring_radius: float, half_width: float) -> bool:
    """Does a ring (a circle stroked `2 * half_width` wide) touch a box whose nearest and
    farthest points lie `near` and `far` from the ring's centre?"""
    return near < ring_radius + half_width and far > ring_radius - half_width


def box_distances(box: Box, cx: float, cy: float) -> tuple[float, float]:
    """The nearest and farthest points of a box from (cx, cy)."""
    x0, y0, x1, y1 = box
    nx = min(max(cx, x0), x1)
    ny = min(max(cy, y0), y1)
    fx = x0 if abs(cx - x0) > abs(cx - x1) else x1
    fy = y0 if abs(cy - y0) > abs(cy - y1) else y1
    return math.hypot(cx - nx, cy - ny), math.hypot(cx - fx, cy - fy)


def _grown(box: Box, by: float) -> Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def boxes_meet(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def segment_meets_box(seg: Segment, box: Box) -> bool:
    """Does the segment touch the box? (Liang-Barsky clipping)"""
    x0, y0, x1, y1 = seg
    bx0, by0, bx1, by1 = box
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x0 - bx0), (dx, bx1 - x0), (-dy, y0 - by0), (dy, by1 - y0)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True
