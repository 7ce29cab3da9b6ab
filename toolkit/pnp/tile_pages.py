"""A board larger than the paper, as tiles: each tile page, then the assembly page.

Tiles overlap (toolkit.pnp.tiling plans them); every overlap carries
registration crosshairs, dotted guides show where the neighbours' art begins,
and a thumbnail in the margin shows which tile this is. The assembly page draws
the board in miniature with each tile outlined and numbered, and the legend.
"""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from toolkit.pnp.page_furniture import Page, header, place, scale_bar
from toolkit.pnp.colours import INK
from toolkit.pnp.legend import board_legend
from toolkit.pnp.fonts import embedded
from toolkit.pnp.spaces import BoardArt, draw_board
from toolkit.pnp.tiling import Tile, TilePlan, registration_marks
from toolkit.pnp.units import MM


def draw_tiles(c: Canvas, art: BoardArt, page: Page, plan: TilePlan, title: str) -> int:
    w, h = page.size
    overlap = plan.overlap
    arm = min(4 * MM, overlap * 0.4)
    marks = registration_marks(plan, inset=overlap + 8 * MM)
    by_pos = {(t.row, t.col): t for t in plan.tiles}
    for tile in plan.tiles:
        c.setPageSize(page.size)
        header(c, page, f"{title} · tile {tile.number} of {plan.count}",
                f"row {tile.row + 1}, column {tile.col + 1} of {plan.rows} x {plan.cols} · "
                f"overlap {overlap / MM:g} mm")
        scale_bar(c, page)
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


def _tile_map(c: Canvas, page: Page, plan: TilePlan, current: Tile) -> None:
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


def draw_assembly(c: Canvas, art: BoardArt, page: Page, plan: TilePlan, title: str) -> int:
    """The assembly diagram: the board in miniature, each tile outlined and numbered."""
    w, h = page.size
    aw, ah = page.area
    legend = board_legend(art)
    c.setPageSize(page.size)
    header(c, page, f"{title} · assembly", f"{plan.count} tiles, {plan.rows} rows x {plan.cols} columns")
    text_h = 16 * MM
    legend_h = legend.height(aw)
    avail_h = ah - text_h - legend_h - 6 * MM
    k = min(aw / plan.width, avail_h / plan.height)
    top = h - page.margin - text_h
    left = page.margin + (aw - plan.width * k) / 2
    c.saveState()
    c.setFont(embedded("sans"), 8)
    c.setFillColor(INK)
    lines = [
        f"Print every tile at actual size. Tiles overlap by {plan.overlap / MM:g} mm; the diagram shows where each goes.",
        "Trim the page margin off the top and left edges of each tile (not of the first row or column), lay it over",
        "its neighbour so the crosshairs in the overlap coincide, and tape or glue it down.",
    ]
    for i, line in enumerate(lines):
        c.drawString(page.margin, h - page.margin - 4 * MM - i * 4 * MM, line)
    place(c, left, top, k)
    draw_board(c, art, labels=False)
    c.setStrokeColor(colors.Color(0.1, 0.1, 0.1))
    c.setLineWidth(1.2 / k)
    for t in plan.tiles:
        c.setFillColor(colors.Color(1, 1, 1, alpha=0.35))
        c.rect(t.x0, -t.y1, t.width, t.height, stroke=1, fill=1)
    for t in plan.tiles:
        c.setFillColor(INK)
        c.setFont(embedded("sans-bold"), 14 / k)
        cx = (t.x0 + t.x1) / 2
        cy = (t.y0 + t.y1) / 2
        c.drawCentredString(cx, -cy, str(t.number))
        c.setFont(embedded("sans"), 6 / k)
        c.drawCentredString(cx, -cy - 8 / k, f"row {t.row + 1}, col {t.col + 1}")
    c.restoreState()
    legend.draw(c, page.margin, top - plan.height * k - 6 * MM, aw)
    c.showPage()
    return 1
