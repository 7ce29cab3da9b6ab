"""The proof sheet: every card of a deck, face and back, small on one page, for review.

    write_proof(scenario, "out/proof.pdf", PressOptions()) -> ComponentReport

One page per deck (in deck order): each card definition once, its face and its back
side by side at the largest scale that puts the whole deck on the page, each pair
labelled with the card's name and how many copies the deck holds ("x3"). Faces are
drawn by the same renderer as cards.pdf, cut at the trim (no bleed, no marks). A
deck without a back shows its faces alone; double-sided cards show the face on
their other side.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from reportlab.lib import colors

from toolkit.pnp.cards import card_items
from toolkit.pnp.fonts import embedded
from toolkit.pnp.imposition import Item
from toolkit.pnp.pdfout import pages_drawn, pdf_canvas
from toolkit.pnp.press import effective
from toolkit.pnp.render import Renderer
from toolkit.pnp.report import ComponentReport
from toolkit.pnp.units import MM, PressOptions

MARGIN = 10 * MM
HEADER = 12 * MM
GAP = 2 * MM  # between a face and its back
CELL_GAP = 5 * MM  # between two cards
LABEL = 4 * MM  # the name and quantity under each pair
LABEL_SIZE = 7.0


def distinct_cards(items: list[Item]) -> list[tuple[Item, int]]:
    """Each card once (the first copy), with its number of copies, in deck order."""
    seen: dict[str, list] = {}
    for item in items:
        entry = seen.setdefault(item.label, [item, 0])
        entry[1] += 1
    return [(item, n) for item, n in seen.values()]


def layout_grid(n: int, pair_w: float, pair_h: float, area_w: float, area_h: float
                ) -> tuple[int, int, float]:
    """(columns, rows, scale): the largest scale at which n cells fit the area."""
    best = (1, n, 0.0)
    for cols in range(1, n + 1):
        rows = math.ceil(n / cols)
        k = min((area_w - (cols - 1) * CELL_GAP) / (cols * pair_w),
                (area_h - rows * LABEL - (rows - 1) * CELL_GAP) / (rows * pair_h))
        if k > best[2]:
            best = (cols, rows, k)
    return best


def _face(c: Any, draw: Any, x: float, y: float, w: float, h: float, k: float) -> None:
    c.saveState()
    c.translate(x, y)
    c.scale(k, k)
    p = c.beginPath()
    p.rect(0, 0, w, h)
    c.clipPath(p, stroke=0, fill=0)
    draw(c)
    c.restoreState()
    c.saveState()
    c.setStrokeColor(colors.Color(0.5, 0.5, 0.5))
    c.setLineWidth(0.3)
    c.rect(x, y, w * k, h * k, stroke=1, fill=0)
    c.restoreState()


def write_proof(scenario: Any, path: Path, options: PressOptions) -> ComponentReport:
    """proof.pdf: one page per deck, every card face and back, labelled with its quantity."""
    scenario = effective(scenario)
    report = ComponentReport("proof", sides="document")
    renderer = Renderer.for_scenario(scenario)
    groups = card_items(scenario, renderer, options, [])
    if not groups:
        return report
    pw, ph = options.page_size
    with pdf_canvas(path, options, f"{scenario.title}: proof") as c:
        for deck, items in groups:
            cards = distinct_cards(items)
            w, h = items[0].width, items[0].height
            backs = any(item.back is not None for item, _ in cards)
            pair_w = 2 * w + GAP if backs else w
            cols, rows, k = layout_grid(len(cards), pair_w, h, pw - 2 * MARGIN,
                                        ph - 2 * MARGIN - HEADER)
            report.sections.append((deck.title or deck.name, pages_drawn(c)))
            c.setPageSize((pw, ph))
            c.setFont(embedded("sans-bold"), 12)
            c.drawString(MARGIN, ph - MARGIN - 5 * MM,
                         f"Proof: {deck.title or deck.name} ({len(items)} cards, {len(cards)} different)")
            c.setFont(embedded("sans"), 8)
            c.drawString(MARGIN, ph - MARGIN - 9 * MM,
                         "Each card once, face" + (" and back" if backs else "") +
                         f", at {k * 100:.0f}% of its size; x N is how many copies the deck holds.")
            top = ph - MARGIN - HEADER
            gap_k = GAP if backs else 0.0
            for i, (item, n) in enumerate(cards):
                row, col = divmod(i, cols)
                x = MARGIN + col * (pair_w * k + CELL_GAP)
                y = top - row * (h * k + LABEL + CELL_GAP) - h * k
                _face(c, item.front, x, y, w, h, k)
                if item.back is not None:
                    _face(c, item.back, x + w * k + gap_k, y, w, h, k)
                name = item.label.split("/", 1)[-1]
                c.setFillColor(colors.black)
                c.setFont(embedded("sans"), LABEL_SIZE)
                c.drawString(x, y - LABEL + 1.2 * MM, f"{name}  x{n}")
            c.showPage()
            report.counts[deck.name] = len(cards)
        report.pages = pages_drawn(c)
    report.path = path
    report.warnings.extend(renderer.warnings)
    return report
