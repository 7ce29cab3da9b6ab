"""The proof: every card of every deck once, at actual size, named, for review.

    write_proof(scenario, "out/proof.pdf", PressOptions()) -> ComponentReport

Cards are shown at 100%, so the proof shows the text as it will print (no card text is
under 6 pt on the proof unless the layout itself asks for it). Each deck takes as many
pages as it needs, in deck order, on the paper of the build turned whichever way holds
more cards. A deck whose cards share one back design shows that back once, first
("Back of every card"), and a deck with a back per side shows each before that side's
cards ("Back of every Red card"); a deck whose backs differ shows each card's back
beside its face;
double-sided cards show the face on their other side. Under each card: its name as the
players read it (the card's title, its side for a deck each side has) and how many
copies the deck holds ("14 copies"), never the scenario's ids. Faces are drawn by the
same renderer as cards.pdf, cut at the trim (no bleed, no marks). A card larger than
the page is scaled down to fit, and the page says so.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth

from toolkit.pnp.cards import card_items
from toolkit.pnp.fonts import embedded
from toolkit.pnp.imposition import Item
from toolkit.pnp.pdfout import pages_drawn, pdf_canvas
from toolkit.pnp.press import effective
from toolkit.pnp.render import Renderer
from toolkit.pnp.report import ComponentReport
from toolkit.pnp.units import MM, PressOptions

MARGIN = 7 * MM
HEADER = 11 * MM  # the deck's title and what the page shows
GAP = 2 * MM  # between a face and its back
CELL_GAP = 3 * MM  # between two cards
LABEL = 4 * MM  # the name and copies under each card
LABEL_SIZE = 7.0
SMALLEST = 6.0  # no text of the proof's own under this
TITLE_SIZE = 12.0
NOTE_SIZE = 8.0
MAX_SHARED_BACKS = 4  # back designs shown apart from the faces (one per side, say)


@dataclass
class Cell:
    """One place on a proof page: a face, the back beside it (or None), a label."""

    front: Callable[[Any], None] | None
    back: Callable[[Any], None] | None
    label: str


@dataclass(frozen=True)
class Grid:
    """Cells of one size on a page: how many across and down, the scale, the page."""

    cols: int
    rows: int
    scale: float
    page: tuple[float, float]

    @property
    def per_page(self) -> int:
        return self.cols * self.rows


def distinct_cards(items: list[Item]) -> list[tuple[Item, int]]:
    """Each card once (the first copy), with its number of copies, in deck order."""
    seen: dict[str, list] = {}
    for item in items:
        entry = seen.setdefault(item.label, [item, 0])
        entry[1] += 1
    return [(item, n) for item, n in seen.values()]


def grid_for(cell_w: float, cell_h: float, paper: tuple[float, float]) -> Grid:
    """The page (portrait or landscape) holding most cells at 100%; a cell larger than
    both is scaled down to fit one a page."""
    best: Grid | None = None
    for page in (paper, (paper[1], paper[0])):
        area_w, area_h = page[0] - 2 * MARGIN, page[1] - 2 * MARGIN - HEADER
        scale = min(1.0, area_w / cell_w, (area_h - LABEL) / (cell_h - LABEL))
        cols = max(1, math.floor((area_w + CELL_GAP) / (cell_w * scale + CELL_GAP) + 1e-9))
        rows = max(1, math.floor((area_h + CELL_GAP) / ((cell_h - LABEL) * scale + LABEL + CELL_GAP) + 1e-9))
        grid = Grid(cols, rows, scale, page)
        if best is None or (grid.scale, grid.per_page) > (best.scale, best.per_page):
            best = grid
    assert best is not None
    return best


def card_label(scenario: Any, deck: Any, item: Item, copies: int) -> str:
    """`Heavy Tank (Red): 14 copies`, from the item's card names: the players' words."""
    rest = item.label.split("/", 1)[-1]  # "NAME (SIDE) / OTHER" as cards.card_items writes it
    names, _, other = rest.partition(" / ")
    name, _, side = names.partition(" (")
    titles = {card.name: card.title for card in deck.cards}
    text = titles.get(name, name.replace("_", " "))
    if other:
        text += " / " + titles.get(other, other.replace("_", " "))
    if side:
        text += f" ({side.rstrip(')')})"
    return f"{text}: {copies} {'copy' if copies == 1 else 'copies'}"


def _side(item: Item) -> str:
    """The side in a card's label (`card d/name (Red)`), or ""."""
    names = item.label.split("/", 1)[-1].partition(" / ")[0]
    return names.partition(" (")[2].rstrip(")")


def back_groups(cards: list[tuple[Item, int]]) -> list[list[tuple[Item, int]]] | None:
    """Runs of cards that share one back design (a deck's one back; one back per side),
    or None when the backs are too many to show apart from the faces."""
    if not cards or any(item.back is None or not hasattr(item.back, "key") for item, _ in cards):
        return None
    groups: dict[Any, list] = {}
    for item, n in cards:
        groups.setdefault(item.back.key(), []).append((item, n))
    if len(groups) > MAX_SHARED_BACKS or len(groups) * 2 > len(cards):
        return None
    return list(groups.values())


def _back_label(group: list[tuple[Item, int]], groups: int) -> str:
    if groups == 1:
        return "Back of every card"
    sides = {_side(item) for item, _ in group}
    if len(sides) == 1 and "" not in sides:
        return f"Back of every {sides.pop()} card"
    return f"Back of the next {len(group)} cards"


def deck_cells(scenario: Any, deck: Any, items: list[Item]) -> tuple[list[Cell], bool]:
    """The deck's cells in order, and whether each shows a back beside its face."""
    cards = distinct_cards(items)
    groups = back_groups(cards)
    if groups is not None:
        cells = []
        for group in groups:
            cells.append(Cell(group[0][0].back, None, _back_label(group, len(groups))))
            cells += [Cell(item.front, None, card_label(scenario, deck, item, n)) for item, n in group]
        return cells, False
    pairs = any(item.back is not None for item, _ in cards)
    return [Cell(item.front, item.back, card_label(scenario, deck, item, n)) for item, n in cards], pairs


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


def _label(c: Any, text: str, x: float, y: float, width: float) -> None:
    """The label in LABEL_SIZE, down to SMALLEST, then cut short with an ellipsis."""
    font, size = embedded("sans"), LABEL_SIZE
    while size > SMALLEST and stringWidth(text, font, size) > width:
        size -= 0.5
    while len(text) > 1 and stringWidth(text, font, size) > width:
        text = text[:-2].rstrip() + "…"
    c.setFillColor(colors.black)
    c.setFont(font, size)
    c.drawString(x, y, text)


def _header(c: Any, grid: Grid, deck: Any, items: list[Item], page: tuple[int, int]) -> None:
    pw, ph = grid.page
    title = deck.title or deck.name
    side = deck.fields.get("side")
    if isinstance(side, str) and side and f"({side})" not in title:  # a side's own deck
        title += f" ({side})"
    of = f", page {page[0]} of {page[1]}" if page[1] > 1 else ""
    c.setFillColor(colors.black)
    c.setFont(embedded("sans-bold"), TITLE_SIZE)
    c.drawString(MARGIN, ph - MARGIN - 4.5 * MM, f"Proof: {title} ({len(items)} cards{of})")
    size = "at actual size" if grid.scale >= 1 else f"at {grid.scale * 100:.0f}% (larger than the page)"
    c.setFont(embedded("sans"), NOTE_SIZE)
    c.drawString(MARGIN, ph - MARGIN - 8.5 * MM,
                 f"Every card once, {size}; under each, its name and how many copies the deck holds. "
                 "Print at 100% to check the text.")


def draw_deck(c: Any, scenario: Any, deck: Any, items: list[Item], paper: tuple[float, float]) -> int:
    """The deck's proof pages; returns how many cards it shows."""
    cells, pairs = deck_cells(scenario, deck, items)
    w, h = items[0].width, items[0].height
    cell_w = 2 * w + GAP if pairs else w
    grid = grid_for(cell_w, h + LABEL, paper)
    k = grid.scale
    pages = math.ceil(len(cells) / grid.per_page)
    for p in range(pages):
        c.setPageSize(grid.page)
        _header(c, grid, deck, items, (p + 1, pages))
        top = grid.page[1] - MARGIN - HEADER
        for i, cell in enumerate(cells[p * grid.per_page:(p + 1) * grid.per_page]):
            row, col = divmod(i, grid.cols)
            x = MARGIN + col * (cell_w * k + CELL_GAP)
            y = top - row * (h * k + LABEL + CELL_GAP) - h * k
            if cell.front is not None:
                _face(c, cell.front, x, y, w, h, k)
            if cell.back is not None:
                _face(c, cell.back, x + (w + GAP) * k, y, w, h, k)
            _label(c, cell.label, x, y - LABEL + 1.3 * MM, cell_w * k)
        c.showPage()
    return len(cells)


def write_proof(scenario: Any, path: Path, options: PressOptions) -> ComponentReport:
    """proof.pdf: every deck's cards at actual size, named, on as many pages as they take."""
    scenario = effective(scenario)
    report = ComponentReport("proof", sides="document")
    renderer = Renderer.for_scenario(scenario)
    groups = card_items(scenario, renderer, options, [])
    if not groups:
        return report
    with pdf_canvas(path, options, f"{scenario.title}: proof") as c:
        for deck, items in groups:
            report.sections.append((deck.title or deck.name, pages_drawn(c)))
            draw_deck(c, scenario, deck, items, options.page_size)
            report.counts[deck.name] = len(distinct_cards(items))
        report.pages = pages_drawn(c)
    report.path = path
    report.warnings.extend(renderer.warnings)
    return report
