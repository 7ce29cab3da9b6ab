"""Letter as good as A4 and a kit.pdf safe to print double-sided (issue 16 item 4)."""

from __future__ import annotations

import io
from contextlib import redirect_stdout
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from toolkit.cli import main
from toolkit.pnp.imposition import Item, impose, plan_block
from toolkit.pnp.units import MM, PAPER, PressOptions

ROOT = Path(__file__).resolve().parent.parent
CARD = (63 * MM, 88 * MM)  # the shipped card layouts, 1.5 mm bleed
BLEED = 1.5 * MM
ROW_COLOURS = [(1, 0, 0), (0, 0, 1), (0, 0.6, 0)]


def _row_item(row: int) -> Item:
    def front(c: Canvas) -> None:  # the whole bleed box in the row's colour
        c.setFillColorRGB(*ROW_COLOURS[row])
        c.rect(-BLEED, -BLEED, CARD[0] + 2 * BLEED, CARD[1] + 2 * BLEED, stroke=0, fill=1)
    return Item(CARD[0], CARD[1], BLEED, front, None, f"row {row}")


def test_nine_shipped_cards_fit_a_letter_sheet_by_sharing_the_horizontal_cuts(tmp_path):
    options = PressOptions(paper="letter", backs="none")
    block = plan_block(PAPER["letter"], *CARD, BLEED, options)
    assert (block.cols, block.rows) == (3, 3) and block.share_y and not block.share_x
    path = tmp_path / "cards.pdf"
    c = Canvas(str(path), pagesize=options.page_size)
    placed = impose(c, [_row_item(i // 3) for i in range(9)], options)
    c.save()
    assert [p.page for p in placed] == [0] * 9
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        marks = [ln for ln in page.lines if abs(ln["y0"] - ln["y1"]) < 0.01]
        cut_ys = sorted({round(page.height - ln["y0"], 1) for ln in marks})
    # four horizontal cuts for three rows: each inner cut is shared by two cards
    assert len(cut_ys) == 4
    pitch = [round(b - a, 1) for a, b in zip(cut_ys, cut_ys[1:])]
    assert pitch == [pytest.approx(CARD[1], abs=0.2)] * 3
    # a card's art stops at a shared cut: just above it row 0's colour, just below row 1's
    image = pdfium.PdfDocument(str(path))[0].render(scale=4).to_pil().convert("RGB")
    x = int(placed[0].x * 4 + CARD[0] * 2)
    cut = int((PAPER["letter"][1] - placed[0].y) * 4)  # row 0's bottom trim, from the top
    assert image.getpixel((x, cut - 4)) == (255, 0, 0)
    assert image.getpixel((x, cut + 4)) == (0, 0, 255)


def test_the_block_keeps_its_outer_bleed_and_the_margin():
    options = PressOptions(paper="letter")
    block = plan_block(PAPER["letter"], *CARD, BLEED, options)
    x0, y0, x1, y1 = block.bleed_rect()
    assert y1 - y0 == pytest.approx(3 * CARD[1] + 2 * BLEED)
    assert min(x0, y0, PAPER["letter"][0] - x1, PAPER["letter"][1] - y1) >= options.margin - 1e-6


def _build(tmp_path: Path, *extra: str) -> tuple[str, Path]:
    out = io.StringIO()
    with redirect_stdout(out):
        rc = main(["build", str(ROOT / "content" / "front_lines" / "front_lines.scn"),
                   "--out", str(tmp_path), "--quiet", *extra])
    assert rc == 0
    return out.getvalue(), tmp_path / "kit.pdf"


def _blank(page) -> bool:
    contents = page.get_contents()
    return not (page.extract_text() or "").strip() and (contents is None or not contents.get_data().strip())


def test_kit_pdf_printed_double_sided_puts_nothing_on_a_board_or_a_component_back(tmp_path):
    said, kit = _build(tmp_path)
    reader = PdfReader(str(kit))
    pages = reader.pages
    starts = {item.title: reader.get_destination_page_number(item)
              for item in reader.outline if not isinstance(item, list)}
    # every component starts on the front of a sheet
    assert all(start % 2 == 0 for start in starts.values()), starts
    # the board page has a blank back; the counters keep their duplex pair
    board = starts["Boards"]
    assert not _blank(pages[board]) and _blank(pages[board + 1])
    assert not _blank(pages[starts["Counters"] + 1])
    parts = sum(len(PdfReader(str(f)).pages) for f in tmp_path.glob("*.pdf") if f.name != "kit.pdf")
    blanks = sum(_blank(p) for p in pages)
    assert len(pages) == parts + blanks
    # a blank page is only ever a back: the board's, or the one before a component that
    # would otherwise start on the back of the one before it
    firsts = set(starts.values())
    for i, page in enumerate(pages):
        if _blank(page):
            assert i % 2 == 1 and (i == board + 1 or i + 1 in firsts), (i, starts)
    assert "double-sided" in said and f"{blanks} blank page" in said


def test_a_kit_without_duplex_backs_is_one_sided_and_has_no_blank_pages(tmp_path):
    said, kit = _build(tmp_path, "--backs", "none")
    assert not any(_blank(p) for p in PdfReader(str(kit)).pages)
    assert "one-sided" in said
