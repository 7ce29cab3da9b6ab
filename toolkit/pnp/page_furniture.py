"""A board page's furniture, shared by the whole-board pages (toolkit.pnp.board_pages)
and the tiles (toolkit.pnp.tile_pages): the page and its margin, the header and the
footer asking for actual size, the 50 mm scale bar, and where the board is placed."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from toolkit.pnp.colours import INK
from toolkit.pnp.fonts import embedded
from toolkit.pnp.units import MM


@dataclass
class Page:
    size: tuple[float, float]
    margin: float

    @property
    def area(self) -> tuple[float, float]:
        return self.size[0] - 2 * self.margin, self.size[1] - 2 * self.margin


def header(c: Canvas, page: Page, title: str, detail: str) -> None:
    w, h = page.size
    c.saveState()
    c.setFillColor(INK)
    c.setFont(embedded("sans-bold"), 8)
    c.drawString(page.margin, h - page.margin + 3.5 * MM, title)
    c.setFont(embedded("sans"), 7)
    c.drawRightString(w - page.margin, h - page.margin + 3.5 * MM, detail)
    c.drawString(page.margin, page.margin - 5 * MM,
                 "Print at actual size (100%, no 'fit to page'); then check the scale bar.")
    c.restoreState()


def scale_bar(c: Canvas, page: Page, length_mm: float = 50) -> None:
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
    c.setFont(embedded("sans"), 6)
    c.setFillColor(INK)
    c.drawRightString(x0 - 1.5 * MM, y - 0.5, f"{length_mm:g} mm")
    c.restoreState()


def place(c: Canvas, x: float, top: float, k: float = 1.0) -> None:
    """Put the board frame's origin at page (x, top), scaled by k."""
    c.translate(x, top)
    if k != 1.0:
        c.scale(k, k)
