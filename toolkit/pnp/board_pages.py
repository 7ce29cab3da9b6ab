"""Board pages: one board on as few pages as the paper allows.

A board that fits the printable area (portrait or landscape) is one page, with
its legend below it or on a page of its own; with `options.fit` a larger board
is scaled down onto one page; otherwise it is cut into overlapping tiles
(toolkit.pnp.tile_pages) followed by an assembly page. Every page has a header,
a footer asking for actual size, and (at full scale) a 50 mm bar to measure.
"""

from __future__ import annotations

from typing import Any

from reportlab.pdfgen.canvas import Canvas

from dsl import limits

from toolkit.pnp.hexes import board_length, geometry
from toolkit.pnp.legend import board_legend
from toolkit.pnp.page_furniture import Page, header, place, scale_bar
from toolkit.pnp.spaces import BoardArt, draw_board
from toolkit.pnp.tile_pages import draw_assembly, draw_tiles
from toolkit.pnp.tiling import plan_tiles, tile_count
from toolkit.pnp.units import MM, PressOptions

DEFAULT_OVERLAP = 10 * MM
PAGE_MARGIN = 10 * MM  # at least: the header, footer and scale bar live in the margin
LEGEND_GAP = 4 * MM


def _orientations(options: PressOptions) -> list[tuple[float, float]]:
    w, h = options.page_size
    return [(w, h), (h, w)]


def _draw_single(c: Canvas, art: BoardArt, page: Page, title: str, scale: float,
                 legend_on_page: bool) -> int:
    """One page: the board (scaled by `scale`), with its legend below if there is room."""
    w, h = page.size
    aw, _ = page.area
    legend = board_legend(art, scale)
    bw, bh = art.geo.width * scale, art.geo.height * scale
    c.setPageSize(page.size)
    header(c, page, title, _detail(art, scale))
    if scale == 1.0:
        scale_bar(c, page)
    left = page.margin + (aw - bw) / 2
    top = h - page.margin
    c.saveState()
    place(c, left, top, scale)
    draw_board(c, art)
    c.restoreState()
    pages = 1
    if legend_on_page:
        legend.draw(c, page.margin, top - bh - LEGEND_GAP, aw)
    c.showPage()
    if not legend_on_page:
        c.setPageSize(page.size)
        header(c, page, title, "legend")
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


def too_many_tiles(board: Any, W: float, H: float, pages: list[Page], overlap: float) -> str | None:
    """Why a `W` x `H` board cannot be tiled at full scale on `pages`, if it cannot."""
    fewest = min(tile_count(W, H, *p.area, overlap) for p in pages)
    if fewest <= limits.value("board_pages"):
        return None
    return (f"board {board.name} at full scale would be tiled on " +
            limits.limit_message("board_pages", f"{fewest:,} pages") + "; or print it scaled with --fit")


def full_scale_problem(board: Any, options: PressOptions) -> str | None:
    """What `draw_board_pages` would refuse about `board` before drawing: too many tiles at
    full scale (`check` asks this, so a board that checks clean builds)."""
    if getattr(options, "fit", False):
        return None
    geo = geometry(board)
    margin = max(float(getattr(options, "margin", 0.0)), PAGE_MARGIN)
    pages = [Page(size, margin) for size in _orientations(options)]
    return too_many_tiles(board, geo.width, geo.height, pages, board_overlap(board, options))


def board_overlap(board: Any, options: Any) -> float:
    value = getattr(options, "overlap", None)
    if value is not None:
        return float(value)
    return board_length(board, "overlap", DEFAULT_OVERLAP)


def _page_title(scenario: Any, board: Any) -> str:
    """The page header in players' words: the scenario's title, and the board's (its `title`,
    else its name in words) where the scenario has more than one board."""
    name = str(board.fields.get("title") or board.name.replace("_", " "))
    if scenario is None:
        return name
    return scenario.title if len(scenario.boards) == 1 else f"{scenario.title} · {name}"


def draw_board_pages(c: Canvas, scenario: Any, board: Any, options: PressOptions) -> tuple[int, int]:
    """All the pages of one board; returns (pages, tiles)."""
    art = BoardArt(scenario, board, geometry(board))
    W, H = art.geo.width, art.geo.height
    title = _page_title(scenario, board)
    margin = max(float(getattr(options, "margin", 0.0)), PAGE_MARGIN)
    pages = [Page(size, margin) for size in _orientations(options)]
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
    too_many = too_many_tiles(board, W, H, pages, overlap)
    if too_many:  # counted before a page is planned or drawn
        raise ValueError(too_many)
    plans = [(plan_tiles(W, H, *p.area, overlap), p) for p in pages]
    plan, page = min(plans, key=lambda pp: pp[0].count)  # ties keep portrait
    n = draw_tiles(c, art, page, plan, title)
    n += draw_assembly(c, art, page, plan, title)
    return n, plan.count
