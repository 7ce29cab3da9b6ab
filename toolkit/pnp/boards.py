"""Boards: every board of a scenario drawn to scale in boards.pdf.

A board is drawn from the same `dsl.model.Board` the referee plays on: terrain
colours, the id of every space, features (cities, capitals, ports, victory
spaces, owners, rivers and roads on links or grid edges, zones) and a legend.
Scale comes from board fields (see toolkit.pnp.hexes). A board that does not fit
the printable area of the paper is cut into overlapping tiles with registration
crosshairs in every overlap, followed by an assembly page; with `options.fit`
it is scaled down onto one page instead.

    write_boards(scenario, "out/boards.pdf", PressOptions()) -> ComponentReport
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from dsl import limits
from toolkit.pnp.hexes import Geometry, boundary_edges, board_length, geometry, shared_edge
from toolkit.pnp.legend import (
    FONT, FONT_BOLD, INK, LINK_SYMBOLS, RIVER, ROAD, SYMBOLS, Legend, LegendItem,
    draw_crossing_bar, draw_hatch_box, outline_sample, side_colour, swatch, terrain_colour,
    zone_colour,
)
from toolkit.pnp.report import ComponentReport
from toolkit.pnp.tiling import Tile, TilePlan, plan_tiles, registration_marks, tile_count
from toolkit.pnp.units import MM, PressOptions

DEFAULT_OVERLAP = 10 * MM
PAGE_MARGIN = 10 * MM  # at least: the header, footer and scale bar live in the margin
LEGEND_GAP = 4 * MM
GRID_LINE = colors.HexColor("#3a3a3a")
RIVER_FLAGS = ("river", "crosses_river")


# ------------------------------------------------------------------ drawing


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
        return max(4.0, min(8.0, s * (0.12 if self.geo.kind == "grid" else 0.13)))


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
    board, geo, scenario = art.board, art.geo, art.scenario
    s = geo.size
    # terrain fills, one path per terrain
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
    # the grid
    p = c.beginPath()
    for sp in spaces:
        _poly(c, p, geo.outlines[sp.id])
    c.setStrokeColor(GRID_LINE)
    c.setLineWidth(0.6)
    c.drawPath(p, stroke=1, fill=0)
    # owners: an inner border in the side's colour
    for sp in spaces:
        owner = sp.owner
        if isinstance(owner, str):
            cx, cy = geo.centres[sp.id]
            inset = [(cx + (x - cx) * 0.92, cy + (y - cy) * 0.92) for x, y in geo.outlines[sp.id]]
            p = c.beginPath()
            _poly(c, p, inset)
            c.setStrokeColor(side_colour(scenario, owner))
            c.setLineWidth(max(1.5, s * 0.03))
            c.drawPath(p, stroke=1, fill=0)
    # zones: dashed outline along the zone's boundary
    for i, zone in printed_zones(board):
        members = {m for m in zone.spaces if m in board.space_index}
        edges = [e for e in boundary_edges(geo, board, members & shown)]
        if not edges:
            continue
        c.setStrokeColor(zone_colour(scenario, zone, i))
        c.setLineWidth(2.2)
        c.setDash(6, 3)
        p = c.beginPath()
        for (x0, y0), (x1, y1) in edges:
            p.moveTo(x0, -y0)
            p.lineTo(x1, -y1)
        c.drawPath(p, stroke=1, fill=0)
        c.setDash()
    # links: roads centre to centre, rivers along the shared edge
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
            c.setLineWidth(max(2.5, s * 0.07))
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
    _draw_river_borders(c, art, shown)
    # features and labels
    for sp in spaces:
        cx, cy = geo.centres[sp.id]
        _draw_features(c, sp, cx, -cy, s * 0.3, art)
    if labels:
        size = art.label_size
        c.setFillColor(INK)
        for sp in spaces:
            cx, cy = geo.centres[sp.id]
            if geo.kind == "grid":
                x0, y0 = geo.outlines[sp.id][0]
                c.setFont(FONT_BOLD, size)
                c.drawString(x0 + 0.07 * s, -(y0 + 0.07 * s + size * 0.75), sp.id)
                name_y = cy + 0.36 * s
            else:
                c.setFont(FONT_BOLD, size)
                c.drawCentredString(cx, -(cy - 0.30 * s), sp.id)
                name_y = cy + 0.38 * s
            _draw_name(c, sp, cx, -name_y, size * 0.85)
    _draw_zone_names(c, art, shown)


def printed_zones(board: Any) -> list[tuple[int, Any]]:
    """(index, zone) of the zones the board shows: `print false` hides a helper zone's
    outline, name and legend entry (the index keeps every zone's palette colour)."""
    return [(i, z) for i, z in enumerate(board.zones) if z.fields.get("print", True) is not False]


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
    tags = sp.tags
    if "victory" in tags:
        SYMBOLS["victory"][1](c, x, y, size * 2.2)
    main = "capital" if "capital" in tags else "city" if "city" in tags else None
    if main:
        SYMBOLS[main][1](c, x, y, size)
    if "port" in tags:
        if main:
            SYMBOLS["port"][1](c, x + size * 0.95, y - size * 0.55, size * 0.8)
        else:
            SYMBOLS["port"][1](c, x, y, size)
    if "op_site" in tags and not main:
        SYMBOLS["op_site"][1](c, x, y, size * 1.1)
    for k, flag in enumerate(f for f in ("air_base", "industry") if f in tags):
        # what kind of city it is: a badge at the upper right of the symbol
        SYMBOLS[flag][1](c, x + size * (1.05 + 0.95 * k), y + size * 0.6, size * 0.85)


def _draw_name(c: Canvas, sp, x: float, y: float, size: float) -> None:
    name = sp.fields.get("name") or sp.fields.get("label")
    if isinstance(name, str) and name:
        c.setFillColor(INK)
        c.setFont(FONT, size)
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
        name = zone.name.replace("_", " ")
        c.setFont("Helvetica-Oblique", 7)
        # a pale tag behind the name keeps a zone colour readable on any terrain colour
        w = c.stringWidth(name, "Helvetica-Oblique", 7)
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
            draw_crossing_bar(c, ax, -ay, bx, -by, math.dist((ax, ay), (bx, by)) * 0.58)
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
            draw_crossing_bar(c, ax, -ay, bx, -by, r * 1.2)
    for i, zone in printed_zones(board):
        colour = zone_colour(scenario, zone, i)
        c.setStrokeColor(colour)
        c.setLineWidth(2.0)
        c.setDash(4, 2)
        for m in zone.spaces:
            if m in shown and m in geo.centres:
                x, y = geo.centres[m]
                c.circle(x, -y, r + 3.5, stroke=1, fill=0)
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
            c.setStrokeColor(side_colour(scenario, sp.owner))
            c.setLineWidth(2.0)
            c.circle(x, -y, r - 1.6, stroke=1, fill=0)
        _draw_features(c, sp, x, -y, r * 0.75, art)
    if labels:
        for sp in spaces:
            x, y = geo.centres[sp.id]
            c.setFillColor(INK)
            c.setFont(FONT_BOLD, art.label_size)
            c.drawCentredString(x, -(y + r + art.label_size + 1), sp.id)
            _draw_name(c, sp, x, -(y + r + 2 * art.label_size + 2), art.label_size * 0.9)
    _draw_zone_names(c, art, shown)


# ------------------------------------------------------------------- legend


def board_legend(art: BoardArt, scale: float = 1.0) -> Legend:
    board, scenario = art.board, art.scenario
    legend = Legend(f"Legend: {board.name}")
    seen: list[str] = []
    for sp in board.spaces:
        if sp.terrain not in seen:
            seen.append(sp.terrain)
    for name in seen:
        terrain = scenario.terrains.get(name) if scenario is not None else None
        notes = []
        if terrain is not None:
            if terrain.impassable:
                notes.append("impassable")
            for key in ("height", "defence", "move_bonus", "capacity"):
                if key in terrain.fields and not isinstance(terrain.fields[key], bool):
                    notes.append(f"{key.replace('_', ' ')} {terrain.fields[key]}")
        label = name.replace("_", " ") + (f" ({', '.join(notes)})" if notes else "")
        legend.items.append(LegendItem(label, swatch(terrain_colour(scenario, name),
                                                     bool(terrain and terrain.impassable))))
    tags = set().union(*(sp.tags for sp in board.spaces)) if board.spaces else set()
    for key, (label, draw) in SYMBOLS.items():
        if key in tags:
            legend.items.append(LegendItem(label, draw))
    owners = []
    for sp in board.spaces:
        if isinstance(sp.owner, str) and sp.owner not in owners:
            owners.append(sp.owner)
    for owner in owners:
        legend.items.append(LegendItem(f"Owned by {owner}", outline_sample(side_colour(scenario, owner))))
    link_tags = set().union(*(l.tags for l in board.links)) if board.links else set()
    if river_borders(board):
        link_tags = link_tags | {"river"}
    for key, (label, draw) in LINK_SYMBOLS.items():
        if key in link_tags:
            if key == "river" and board.kind != "map":
                label = "River (along the edge)"
            legend.items.append(LegendItem(label, draw))
    for i, zone in printed_zones(board):
        legend.items.append(LegendItem(f"Zone {zone.name.replace('_', ' ')}",
                                       outline_sample(zone_colour(scenario, zone, i), 2.0, (4, 2))))
    legend.notes.append(scale_note(art))
    if scale < 0.9999:
        legend.notes.append(f"Printed at {scale * 100:.0f}% to fit one page (--fit): not to scale.")
    return legend


def scale_note(art: BoardArt) -> str:
    geo = art.geo
    mm = geo.size / MM
    if geo.kind == "grid":
        return f"Scale: one square is {mm:g} mm a side. Space ids are printed in each space."
    if geo.kind == "hex":
        return (f"Scale: one hex is {mm:g} mm across the flats ({geo.orientation}-topped, "
                f"{geo.offset} {'columns' if geo.orientation == 'flat' else 'rows'} shifted).")
    unit = board_length(art.board, "map_scale", 1 * MM) / MM
    return f"Scale: one map unit is {unit:g} mm; nodes are {mm:g} mm across."


# -------------------------------------------------------------------- pages


@dataclass
class _Page:
    size: tuple[float, float]
    margin: float

    @property
    def area(self) -> tuple[float, float]:
        return self.size[0] - 2 * self.margin, self.size[1] - 2 * self.margin


def _orientations(options: PressOptions) -> list[tuple[float, float]]:
    w, h = options.page_size
    return [(w, h), (h, w)]


def _header(c: Canvas, page: _Page, title: str, detail: str) -> None:
    w, h = page.size
    c.saveState()
    c.setFillColor(INK)
    c.setFont(FONT_BOLD, 8)
    c.drawString(page.margin, h - page.margin + 3.5 * MM, title)
    c.setFont(FONT, 7)
    c.drawRightString(w - page.margin, h - page.margin + 3.5 * MM, detail)
    c.drawString(page.margin, page.margin - 5 * MM,
                 "Print at actual size (100%, no 'fit to page'); then check the scale bar.")
    c.restoreState()


def _scale_bar(c: Canvas, page: _Page, length_mm: float = 50) -> None:
    """A 50 mm bar in the bottom margin: measure it to check the printer kept the scale."""
    w, _ = page.size
    x1 = w - page.margin
    x0 = x1 - length_mm * MM
    y = page.margin - 5 * MM
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(0.6)
    c.line(x0, y, x1, y)
    for i in range(6):
        x = x0 + i * length_mm * MM / 5
        c.line(x, y, x, y + (2 * MM if i in (0, 5) else 1 * MM))
    c.setFont(FONT, 6)
    c.setFillColor(INK)
    c.drawRightString(x0 - 1.5 * MM, y - 0.5, f"{length_mm:g} mm")
    c.restoreState()


def _place(c: Canvas, x: float, top: float, k: float = 1.0) -> None:
    """Put the board frame's origin at page (x, top), scaled by k."""
    c.translate(x, top)
    if k != 1.0:
        c.scale(k, k)


def _draw_single(c: Canvas, art: BoardArt, page: _Page, title: str, scale: float,
                 legend_on_page: bool) -> int:
    """One page: the board (scaled by `scale`), with its legend below if there is room."""
    w, h = page.size
    aw, _ = page.area
    legend = board_legend(art, scale)
    bw, bh = art.geo.width * scale, art.geo.height * scale
    c.setPageSize(page.size)
    _header(c, page, title, _detail(art, scale))
    if scale == 1.0:
        _scale_bar(c, page)
    left = page.margin + (aw - bw) / 2
    top = h - page.margin
    c.saveState()
    _place(c, left, top, scale)
    draw_board(c, art)
    c.restoreState()
    pages = 1
    if legend_on_page:
        legend.draw(c, page.margin, top - bh - LEGEND_GAP, aw)
    c.showPage()
    if not legend_on_page:
        c.setPageSize(page.size)
        _header(c, page, title, "legend")
        legend.draw(c, page.margin, h - page.margin, aw)
        c.showPage()
        pages += 1
    return pages


def _detail(art: BoardArt, scale: float) -> str:
    b = art.board
    size = f"{b.width} x {b.height} " if b.kind != "map" else ""
    extent = f"{art.geo.width / MM:.0f} x {art.geo.height / MM:.0f} mm"
    text = f"{b.kind} {size}· {extent}"
    if scale < 0.9999:
        text += f" · printed at {scale * 100:.0f}%"
    return text


def _draw_tiles(c: Canvas, art: BoardArt, page: _Page, plan: TilePlan, title: str) -> int:
    w, h = page.size
    overlap = plan.overlap
    arm = min(4 * MM, overlap * 0.4)
    marks = registration_marks(plan, inset=overlap + 8 * MM)
    by_pos = {(t.row, t.col): t for t in plan.tiles}
    for tile in plan.tiles:
        c.setPageSize(page.size)
        _header(c, page, f"{title} · tile {tile.number} of {plan.count}",
                f"row {tile.row + 1}, column {tile.col + 1} of {plan.rows} x {plan.cols} · "
                f"overlap {overlap / MM:g} mm")
        _scale_bar(c, page)
        top = h - page.margin
        left = page.margin
        c.saveState()
        # board point (x, y) lands at page (left + x - tile.x0, top - (y - tile.y0))
        c.translate(left - tile.x0, top + tile.y0)
        clip = c.beginPath()
        clip.rect(tile.x0, -tile.y1, tile.width, tile.height)
        c.clipPath(clip, stroke=0, fill=0)
        draw_board(c, art, region=(tile.x0, tile.y0, tile.x1, tile.y1))
        _overlap_guides(c, tile, by_pos)
        for mx, my in marks:
            if tile.contains(mx, my):
                _crosshair(c, mx, -my, arm)
        c.restoreState()
        _tile_map(c, page, plan, tile)
        c.showPage()
    return plan.count


def _overlap_guides(c: Canvas, tile: Tile, by_pos: dict) -> None:
    """Dotted lines where the neighbouring tiles' art begins and ends."""
    c.saveState()
    c.setStrokeColor(colors.Color(0.3, 0.3, 0.3))
    c.setLineWidth(0.4)
    c.setDash(1, 2)
    right = by_pos.get((tile.row, tile.col + 1))
    if right is not None:
        c.line(right.x0, -tile.y0, right.x0, -tile.y1)
    left = by_pos.get((tile.row, tile.col - 1))
    if left is not None:
        c.line(left.x1, -tile.y0, left.x1, -tile.y1)
    below = by_pos.get((tile.row + 1, tile.col))
    if below is not None:
        c.line(tile.x0, -below.y0, tile.x1, -below.y0)
    above = by_pos.get((tile.row - 1, tile.col))
    if above is not None:
        c.line(tile.x0, -above.y1, tile.x1, -above.y1)
    c.restoreState()


def _crosshair(c: Canvas, x: float, y: float, arm: float) -> None:
    """A registration mark: a ring and a cross, white-haloed so it shows on any terrain."""
    for colour, width in ((colors.white, 1.6), (colors.black, 0.4)):
        c.setStrokeColor(colour)
        c.setLineWidth(width)
        c.line(x - arm, y, x + arm, y)
        c.line(x, y - arm, x, y + arm)
        c.circle(x, y, arm * 0.55, stroke=1, fill=0)


def _tile_map(c: Canvas, page: _Page, plan: TilePlan, current: Tile) -> None:
    """A thumbnail of the tile grid in the bottom margin, this tile filled."""
    cell = 2.2 * MM
    x0 = page.margin + 95 * MM
    y0 = page.margin - 7.5 * MM
    if plan.rows * cell > 7 * MM:
        cell = 7 * MM / plan.rows
    c.saveState()
    c.setLineWidth(0.3)
    c.setStrokeColor(INK)
    for t in plan.tiles:
        fill = t.number == current.number
        c.setFillColor(INK if fill else colors.white)
        c.rect(x0 + t.col * cell, y0 + (plan.rows - 1 - t.row) * cell, cell, cell,
               stroke=1, fill=1)
    c.restoreState()


def _draw_assembly(c: Canvas, art: BoardArt, page: _Page, plan: TilePlan, title: str) -> int:
    """The assembly diagram: the board in miniature, each tile outlined and numbered."""
    w, h = page.size
    aw, ah = page.area
    legend = board_legend(art)
    c.setPageSize(page.size)
    _header(c, page, f"{title} · assembly", f"{plan.count} tiles, {plan.rows} rows x {plan.cols} columns")
    text_h = 16 * MM
    legend_h = legend.height(aw)
    avail_h = ah - text_h - legend_h - 6 * MM
    k = min(aw / plan.width, avail_h / plan.height)
    top = h - page.margin - text_h
    left = page.margin + (aw - plan.width * k) / 2
    c.saveState()
    c.setFont(FONT, 8)
    c.setFillColor(INK)
    lines = [
        f"Print every tile at actual size. Tiles overlap by {plan.overlap / MM:g} mm; the diagram shows where each goes.",
        "Trim the page margin off the top and left edges of each tile (not of the first row or column), lay it over",
        "its neighbour so the crosshairs in the overlap coincide, and tape or glue it down.",
    ]
    for i, line in enumerate(lines):
        c.drawString(page.margin, h - page.margin - 4 * MM - i * 4 * MM, line)
    _place(c, left, top, k)
    draw_board(c, art, labels=False)
    c.setStrokeColor(colors.Color(0.1, 0.1, 0.1))
    c.setLineWidth(1.2 / k)
    for t in plan.tiles:
        c.setFillColor(colors.Color(1, 1, 1, alpha=0.35))
        c.rect(t.x0, -t.y1, t.width, t.height, stroke=1, fill=1)
    for t in plan.tiles:
        c.setFillColor(INK)
        c.setFont(FONT_BOLD, 14 / k)
        cx = (t.x0 + t.x1) / 2
        cy = (t.y0 + t.y1) / 2
        c.drawCentredString(cx, -cy, str(t.number))
        c.setFont(FONT, 6 / k)
        c.drawCentredString(cx, -cy - 8 / k, f"row {t.row + 1}, col {t.col + 1}")
    c.restoreState()
    legend.draw(c, page.margin, top - plan.height * k - 6 * MM, aw)
    c.showPage()
    return 1


# --------------------------------------------------------------- entry point


def board_overlap(board: Any, options: Any) -> float:
    value = getattr(options, "overlap", None)
    if value is not None:
        return float(value)
    return board_length(board, "overlap", DEFAULT_OVERLAP)


def draw_board_pages(c: Canvas, scenario: Any, board: Any, options: PressOptions) -> tuple[int, int]:
    """All the pages of one board; returns (pages, tiles)."""
    art = BoardArt(scenario, board, geometry(board))
    W, H = art.geo.width, art.geo.height
    title = f"{scenario.title} · board {board.name}" if scenario is not None else f"board {board.name}"
    margin = max(float(getattr(options, "margin", 0.0)), PAGE_MARGIN)
    pages = [_Page(size, margin) for size in _orientations(options)]
    gap = LEGEND_GAP

    # fits at full scale with its legend? (portrait first)
    for page in pages:
        aw, ah = page.area
        if W <= aw + 1e-6 and H + gap + board_legend(art).height(aw) <= ah + 1e-6:
            return _draw_single(c, art, page, title, 1.0, True), 1
    for page in pages:
        aw, ah = page.area
        if W <= aw + 1e-6 and H <= ah + 1e-6:
            return _draw_single(c, art, page, title, 1.0, False), 1

    if getattr(options, "fit", False):
        best = None
        for page in pages:
            aw, ah = page.area
            avail = ah - gap - board_legend(art, 0.5).height(aw)
            k = min(1.0, aw / W, avail / H)
            if best is None or k > best[0] + 1e-9:
                best = (k, page)
        k, page = best
        return _draw_single(c, art, page, title, k, True), 1

    overlap = board_overlap(board, options)
    fewest = min(tile_count(W, H, *p.area, overlap) for p in pages)
    if fewest > limits.value("board_pages"):
        raise ValueError(f"board {board.name} at full scale would be tiled on " +
                         limits.limit_message("board_pages", f"{fewest:,} pages") +
                         "; or print it scaled with --fit")
    plans = [(plan_tiles(W, H, *p.area, overlap), p) for p in pages]
    plan, page = min(plans, key=lambda pp: pp[0].count)  # ties keep portrait
    n = _draw_tiles(c, art, page, plan, title)
    n += _draw_assembly(c, art, page, plan, title)
    return n, plan.count


def write_boards(scenario: Any, path: str | Path, options: PressOptions | None = None) -> ComponentReport:
    """Write every board of `scenario` to `path` (boards.pdf).

    Returns a ComponentReport whose counts are {board name: 1} (the press's
    convention: how many of each thing) and whose sections give each board's
    first page, with its number of tiles when it is tiled.
    """
    options = options or PressOptions()
    report = ComponentReport("boards")
    boards = list(scenario.boards.values())
    if not boards:
        return report
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    c = Canvas(str(path), pagesize=options.page_size, invariant=1, pageCompression=1)
    c.setTitle(f"{scenario.title}: boards")
    c.setCreator("frontkit")
    for board in boards:
        first = report.pages
        pages, t = draw_board_pages(c, scenario, board, options)
        report.sections.append((f"Board {board.name}" + (f" ({t} tiles)" if t > 1 else ""), first))
        report.pages += pages
        report.counts[board.name] = 1
        if t > 1:
            report.warnings.append(
                f"board {board.name}: tiled over {t} pages (use --fit for a single page)")
    c.save()
    report.path = path
    return report
