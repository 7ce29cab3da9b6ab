"""Drawing a board's spaces: terrain, grid or map, owners, zones, links, symbols, ids.

A board is drawn from the same `dsl.model.Board` the referee plays on, in its own
frame: board point (x, y) at canvas (x, -y), the caller having translated (and,
for --fit, scaled) the canvas to the board's top-left corner. Colours come from
toolkit.pnp.colours, symbols from toolkit.pnp.symbols.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from reportlab.pdfgen.canvas import Canvas
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth

from toolkit.pnp.colours import INK, RIVER, ROAD, as_color, side_colour, terrain_colour, zone_colour
from toolkit.pnp.fonts import embedded
from toolkit.pnp.hexes import Geometry, boundary_edges, shared_edge
from toolkit.pnp.node_labels import CROSSING_BAR_SHARE, RING_GAP, RIVER_BAR_SHARE, label_places
from toolkit.pnp.symbols import Symbol, draw_crossing_bar, draw_hatch_box, draw_space_symbols, space_symbols

MIN_TEXT = 6.0  # pt: nothing on a board is printed smaller
GRID_LINE = colors.HexColor("#3a3a3a")
RIVER_FLAGS = ("river", "crosses_river")


@dataclass
class BoardArt:
    """A board ready to draw: its geometry and the colours of its things."""

    scenario: Any
    board: Any
    geo: Geometry

    @cached_property
    def boxes(self) -> dict[str, tuple[float, float, float, float]]:
        """Each space's bounding box, for culling spaces outside a tile."""
        return {sid: self.geo.bbox(sid) for sid in self.geo.centres}

    @property
    def label_size(self) -> float:
        s = self.geo.size
        if self.geo.kind == "map":
            return 7.0
        return max(MIN_TEXT, min(8.0, s * (0.12 if self.geo.kind == "grid" else 0.13)))

    @cached_property
    def node_labels(self) -> dict[str, tuple[float, float]]:
        """A map's node ids: (centre x, baseline y), placed where nothing crosses them."""
        font = embedded("sans-bold")
        rings = [m for _, zone in printed_zones(self.board) for m in zone.spaces]
        return label_places(self.board, self.geo.centres, self.geo.size / 2, self.label_size, rings,
                            lambda text: stringWidth(text, font, self.label_size))

    @cached_property
    def symbols(self) -> dict[str, Symbol]:
        return space_symbols(self.scenario)


def _poly(c: Canvas, path, pts) -> None:
    path.moveTo(pts[0][0], -pts[0][1])
    for x, y in pts[1:]:
        path.lineTo(x, -y)
    path.close()


def draw_board(c: Canvas, art: BoardArt, region: tuple[float, float, float, float] | None = None,
               labels: bool = True) -> None:
    """Draw the board in its own frame: (x, y) of the board at canvas (x, -y).

    The caller has translated the canvas to the board's top-left corner (and
    scaled it, for --fit). `region` (x0, y0, x1, y1) limits the work to the
    spaces that can show through it (a tile).
    """
    board, geo = art.board, art.geo

    if region is None:
        spaces = list(board.spaces)
    else:
        rx0, ry0, rx1, ry1 = region
        boxes = art.boxes
        spaces = []
        for sp in board.spaces:
            bx0, by0, bx1, by1 = boxes[sp.id]
            if bx1 >= rx0 and bx0 <= rx1 and by1 >= ry0 and by0 <= ry1:
                spaces.append(sp)
    shown = {s.id for s in spaces}
    c.saveState()
    c.setLineJoin(1)
    if geo.kind == "map":
        _draw_map(c, art, spaces, shown, labels)
    else:
        _draw_grid(c, art, spaces, shown, labels)
    c.restoreState()


def _draw_grid(c: Canvas, art: BoardArt, spaces, shown: set[str], labels: bool) -> None:
    """A square or hex grid, bottom layer first: terrain, the grid, owners, zones, links,
    rivers, features, then the labels."""
    _draw_terrain(c, art, spaces)
    _draw_grid_lines(c, art, spaces)
    _draw_owners(c, art, spaces)
    _draw_zone_outlines(c, art, shown)
    _draw_links(c, art, shown)
    _draw_river_borders(c, art, shown)
    geo = art.geo
    for sp in spaces:
        cx, cy = geo.centres[sp.id]
        _draw_features(c, sp, cx, -cy, geo.size * 0.3, art)
    if labels:
        _draw_space_labels(c, art, spaces)
        _draw_zone_names(c, art, shown)


def _draw_terrain(c: Canvas, art: BoardArt, spaces) -> None:
    """Terrain fills, one path per terrain; impassable terrain hatched."""
    geo, scenario = art.geo, art.scenario
    by_terrain: dict[str, list] = {}
    for sp in spaces:
        by_terrain.setdefault(sp.terrain, []).append(sp)
    for name, group in by_terrain.items():
        p = c.beginPath()
        for sp in group:
            _poly(c, p, geo.outlines[sp.id])
        c.setFillColor(terrain_colour(scenario, name))
        c.drawPath(p, stroke=0, fill=1)
        terrain = scenario.terrains.get(name) if scenario is not None else None
        if terrain is not None and terrain.impassable:
            _hatch_polygons(c, [geo.outlines[sp.id] for sp in group])


def _draw_grid_lines(c: Canvas, art: BoardArt, spaces) -> None:
    p = c.beginPath()
    for sp in spaces:
        _poly(c, p, art.geo.outlines[sp.id])
    c.setStrokeColor(GRID_LINE)
    c.setLineWidth(0.6)
    c.drawPath(p, stroke=1, fill=0)


def _draw_owners(c: Canvas, art: BoardArt, spaces) -> None:
    """An owned space has an inner border in its side's colour."""
    geo = art.geo
    for sp in spaces:
        owner = sp.owner
        if isinstance(owner, str):
            cx, cy = geo.centres[sp.id]
            inset = [(cx + (x - cx) * 0.92, cy + (y - cy) * 0.92) for x, y in geo.outlines[sp.id]]
            p = c.beginPath()
            _poly(c, p, inset)
            c.setStrokeColor(as_color(side_colour(art.scenario, owner)))
            c.setLineWidth(max(1.5, geo.size * 0.03))
            c.drawPath(p, stroke=1, fill=0)


def _draw_zone_outlines(c: Canvas, art: BoardArt, shown: set[str]) -> None:
    """A zone is a dashed outline along its boundary."""
    board, geo = art.board, art.geo
    for i, zone in printed_zones(board):
        members = {m for m in zone.spaces if m in board.space_index}
        edges = [e for e in boundary_edges(geo, board, members & shown)]
        if not edges:
            continue
        c.setStrokeColor(zone_colour(art.scenario, zone, i))
        c.setLineWidth(2.2)
        c.setDash(6, 3)
        p = c.beginPath()
        for (x0, y0), (x1, y1) in edges:
            p.moveTo(x0, -y0)
            p.lineTo(x1, -y1)
        c.drawPath(p, stroke=1, fill=0)
        c.setDash()


def _draw_links(c: Canvas, art: BoardArt, shown: set[str]) -> None:
    """Roads centre to centre, rivers along the shared edge, other links as a line."""
    board, geo = art.board, art.geo
    for link, (ax, ay), (bx, by) in _visible_links(board, geo, shown):
        tags = link.tags
        if "road" in tags:
            c.setStrokeColor(ROAD)
            c.setLineWidth(2.2)
            c.setDash(4, 2)
            c.line(ax, -ay, bx, -by)
            c.setDash()
        if tags & set(RIVER_FLAGS):
            edge = shared_edge(geo, board, link.a, link.b)
            c.setStrokeColor(RIVER)
            c.setLineWidth(max(2.5, geo.size * 0.07))
            c.setLineCap(1)
            if edge is not None:
                (x0, y0), (x1, y1) = edge
                c.line(x0, -y0, x1, -y1)
            else:  # not neighbours: the river runs between their centres
                c.line(ax, -ay, bx, -by)
            c.setLineCap(0)
        elif not tags & {"road"} and shared_edge(geo, board, link.a, link.b) is None:
            c.setStrokeColor(INK)
            c.setLineWidth(1.0)
            c.line(ax, -ay, bx, -by)


def _draw_space_labels(c: Canvas, art: BoardArt, spaces) -> None:
    """Each space's id (top left on a square, above the centre on a hex) and its name."""
    geo, s, size = art.geo, art.geo.size, art.label_size
    c.setFillColor(INK)
    for sp in spaces:
        cx, cy = geo.centres[sp.id]
        if geo.kind == "grid":
            x0, y0 = geo.outlines[sp.id][0]
            c.setFont(embedded("sans-bold"), size)
            c.drawString(x0 + 0.07 * s, -(y0 + 0.07 * s + size * 0.75), sp.id)
            name_y = cy + 0.36 * s
        else:
            c.setFont(embedded("sans-bold"), size)
            c.drawCentredString(cx, -(cy - 0.30 * s), sp.id)
            name_y = cy + 0.38 * s
        _draw_name(c, sp, cx, -name_y, size * 0.85)


def printed_zones(board: Any) -> list[tuple[int, Any]]:
    """(index, zone) of the zones the board shows: `print false` hides a helper zone's
    outline, name and legend entry (the index keeps every zone's palette colour)."""
    return [(i, z) for i, z in enumerate(board.zones) if z.fields.get("print", True) is not False]


def zone_title(zone: Any) -> str:
    """A zone as players read it: its `title` if it has one, else its name in words."""
    return str(zone.fields.get("title") or zone.name.replace("_", " "))


def _hatch_polygons(c: Canvas, polygons) -> None:
    """Diagonal hatching over impassable spaces: one clip path, one set of lines."""
    if not polygons:
        return
    c.saveState()
    p = c.beginPath()
    for pts in polygons:
        _poly(c, p, pts)
    c.clipPath(p, stroke=0, fill=0)
    xs = [x for pts in polygons for x, _ in pts]
    ys = [-y for pts in polygons for _, y in pts]
    draw_hatch_box(c, min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    c.restoreState()


def _draw_features(c: Canvas, sp, x: float, y: float, size: float, art: BoardArt) -> None:
    """Symbols for the space's flags, centred on (x, y) in canvas orientation."""
    draw_space_symbols(c, art.symbols, sp.tags, x, y, size)


def _draw_name(c: Canvas, sp, x: float, y: float, size: float) -> None:
    name = sp.fields.get("name") or sp.fields.get("label")
    if isinstance(name, str) and name:
        c.setFillColor(INK)
        c.setFont(embedded("sans"), size)
        c.drawCentredString(x, y, name)


def _draw_zone_names(c: Canvas, art: BoardArt, shown: set[str]) -> None:
    board, geo = art.board, art.geo
    for i, zone in printed_zones(board):
        members = [m for m in zone.spaces if m in geo.centres]
        if not members:
            continue
        mx = sum(geo.centres[m][0] for m in members) / len(members)
        my = sum(geo.centres[m][1] for m in members) / len(members)
        anchor = min(members, key=lambda m: math.dist(geo.centres[m], (mx, my)))
        if anchor not in shown:
            continue
        x, y = geo.centres[anchor]
        # grids: under the centre symbols; maps: above the node (its id is below)
        y = y + geo.size * 0.2 + 6 if geo.kind != "map" else y - geo.size / 2 - 6
        name = zone_title(zone)
        c.setFont(embedded("sans-italic"), 7)
        # a pale tag behind the name keeps a zone colour readable on any terrain colour
        w = c.stringWidth(name, embedded("sans-italic"), 7)
        c.saveState()
        c.setFillColorRGB(1, 1, 1)
        c.setFillAlpha(0.8)
        c.roundRect(x - w / 2 - 2, -y - 2.2, w + 4, 9, 2, stroke=0, fill=1)
        c.restoreState()
        ink = zone_colour(art.scenario, zone, i)
        c.setFillColorRGB(ink.red * 0.7, ink.green * 0.7, ink.blue * 0.7)  # darker: readable text
        c.drawCentredString(x, -y, name)


def river_borders(board: Any) -> list[tuple[str, str]]:
    """`border A B { river }`: two spaces a river divides with no link (not graph edges)."""
    return [(b.a, b.b) for b in getattr(board, "borders", ()) if "river" in b.tags]


def _draw_river_borders(c: Canvas, art: BoardArt, shown: set[str]) -> None:
    geo = art.geo
    for a, b in river_borders(art.board):
        if a not in geo.centres or b not in geo.centres or (a not in shown and b not in shown):
            continue
        edge = shared_edge(geo, art.board, a, b) if geo.kind != "map" else None
        c.setStrokeColor(RIVER)
        c.setLineWidth(max(2.5, geo.size * 0.07) if geo.kind != "map" else 3.0)
        c.setLineCap(1)
        if edge is not None:
            (x0, y0), (x1, y1) = edge
            c.line(x0, -y0, x1, -y1)
        else:  # a river segment across the gap between the two centres
            (ax, ay), (bx, by) = geo.centres[a], geo.centres[b]
            draw_crossing_bar(c, ax, -ay, bx, -by, math.dist((ax, ay), (bx, by)) * RIVER_BAR_SHARE)
        c.setLineCap(0)


def _visible_links(board: Any, geo: Geometry, shown: set[str]):
    """The links with an end in `shown` (the tile being drawn), with both centres."""
    for link in board.links:
        if (link.a in shown or link.b in shown) and link.a in geo.centres and link.b in geo.centres:
            yield link, geo.centres[link.a], geo.centres[link.b]


def _draw_map(c: Canvas, art: BoardArt, spaces, shown: set[str], labels: bool) -> None:
    board, geo, scenario = art.board, art.geo, art.scenario
    r = geo.size / 2
    _draw_river_borders(c, art, shown)
    for link, (ax, ay), (bx, by) in _visible_links(board, geo, shown):
        tags = link.tags
        if "river" in tags:
            c.setStrokeColor(RIVER)
            c.setLineWidth(3.0)
        elif "road" in tags:
            c.setStrokeColor(ROAD)
            c.setLineWidth(2.2)
            c.setDash(4, 2)
        else:
            c.setStrokeColor(INK)
            c.setLineWidth(1.2)
        c.line(ax, -ay, bx, -by)
        c.setDash()
        if "crosses_river" in tags:
            draw_crossing_bar(c, ax, -ay, bx, -by, r * CROSSING_BAR_SHARE)
    for i, zone in printed_zones(board):
        colour = zone_colour(scenario, zone, i)
        c.setStrokeColor(colour)
        c.setLineWidth(2.0)
        c.setDash(4, 2)
        for m in zone.spaces:
            if m in shown and m in geo.centres:
                x, y = geo.centres[m]
                c.circle(x, -y, r + RING_GAP, stroke=1, fill=0)
        c.setDash()
    for sp in spaces:
        x, y = geo.centres[sp.id]
        c.setFillColor(terrain_colour(scenario, sp.terrain))
        c.setStrokeColor(INK)
        c.setLineWidth(0.8)
        c.circle(x, -y, r, stroke=1, fill=1)
        terrain = scenario.terrains.get(sp.terrain) if scenario is not None else None
        if terrain is not None and terrain.impassable:
            _hatch_polygons(c, [[(x - r * 0.7, y - r * 0.7), (x + r * 0.7, y - r * 0.7),
                                (x + r * 0.7, y + r * 0.7), (x - r * 0.7, y + r * 0.7)]])
        if isinstance(sp.owner, str):
            c.setStrokeColor(as_color(side_colour(scenario, sp.owner)))
            c.setLineWidth(2.0)
            c.circle(x, -y, r - 1.6, stroke=1, fill=0)
        _draw_features(c, sp, x, -y, r * 0.75, art)
    if labels:
        places = art.node_labels
        for sp in spaces:
            x, y = places[sp.id]
            c.setFillColor(INK)
            c.setFont(embedded("sans-bold"), art.label_size)
            c.drawCentredString(x, -y, sp.id)
            _draw_name(c, sp, x, -(y + art.label_size + 1), art.label_size * 0.9)
    if labels:
        _draw_zone_names(c, art, shown)
