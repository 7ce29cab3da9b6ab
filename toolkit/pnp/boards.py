"""Boards: every board of a scenario drawn to scale in boards.pdf.

A board is drawn from the same `dsl.model.Board` the referee plays on. The work
is split by what it is about:

  toolkit.pnp.spaces       drawing the spaces (terrain, grid or map, owners,
                           zones, links, symbols, ids)
  toolkit.pnp.symbols      the shapes of space flags and links
  toolkit.pnp.colours      side, terrain and zone colours (one place for a side's colour)
  toolkit.pnp.legend       the legend under a board
  toolkit.pnp.board_pages  one board on pages: single page, --fit, or tiles
  toolkit.pnp.tile_pages   tile pages and the assembly page

    write_boards(scenario, "out/boards.pdf", PressOptions()) -> ComponentReport
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from toolkit.pnp.board_pages import PAGE_MARGIN, draw_board_pages
from toolkit.pnp.colours import colour_space
from toolkit.pnp.fonts import embedded
from toolkit.pnp.report import ComponentReport
from toolkit.pnp.units import PressOptions

__all__ = ["PAGE_MARGIN", "write_boards"]


def write_boards(scenario: Any, path: str | Path, options: PressOptions | None = None) -> ComponentReport:
    """Write every board of `scenario` to `path` (boards.pdf).

    Returns a ComponentReport whose counts are {board name: 1} (the press's
    convention: how many of each thing) and whose sections give each board's
    first page, with its number of tiles when it is tiled.
    """
    options = options or PressOptions()
    report = ComponentReport("boards")
    # `print false`: a board the rules need but players play on printed sheets instead
    # (Last Front's table is a play mat of card-sized spaces on its sheets)
    boards = [b for b in scenario.boards.values() if b.printed]
    if not boards:
        return report
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    c = Canvas(str(path), pagesize=options.page_size, invariant=1, pageCompression=1,
               initialFontName=embedded(), enforceColorSpace=colour_space(options))
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
