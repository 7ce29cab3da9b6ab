"""Imposition read back from the PDF: sizes, boxes, positions, crop marks, backs."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from toolkit.pnp.imposition import (MARK_WIDTH, FOLD_GAP, ImpositionError, Item, draw_calibration,
                                    impose, plan_block)
from toolkit.pnp.units import INCH, MM, PAPER, PressOptions

POKER = (63.5 * MM, 88.9 * MM)


def _item(label: str, w: float = POKER[0], h: float = POKER[1], bleed: float = 3 * MM,
          back: bool = True) -> Item:
    def front(c: Canvas) -> None:  # a filled rect exactly over the bleed box
        c.setFillColorRGB(1, 0, 0)
        c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)

    def back_face(c: Canvas) -> None:
        c.setFillColorRGB(0, 0, 1)
        c.rect(0, 0, w, h, stroke=0, fill=1)  # exactly the trim box
        c.setFillColorRGB(0, 0, 0)
        c.setFont("Helvetica", 8)
        c.drawString(2, 2, "BACK")

    return Item(w, h, bleed, front, back_face if back else None, label)


def _build(tmp_path: Path, items: list[Item], options: PressOptions) -> tuple[Path, list]:
    path = tmp_path / "out.pdf"
    c = Canvas(str(path), pagesize=options.page_size)
    placed = impose(c, items, options)
    c.save()
    return path, placed


def _rects(page, colour):
    return [r for r in page.rects if r.get("non_stroking_color") and
            tuple(round(v, 2) for v in r["non_stroking_color"]) == colour]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_page_size_and_items_per_sheet_fill_the_printable_area(tmp_path, paper):
    options = PressOptions(paper=paper, backs="none", bleed=None)
    block = plan_block(PAPER[paper], *POKER, 1 * MM, options)
    # as many as fit: one more column or row would cross the margin, whether neighbours
    # keep their own bleed or share a cut line (bleed only around the block)
    for n, size, space, shared in ((block.cols, POKER[0], PAPER[paper][0], block.share_x),
                                   (block.rows, POKER[1], PAPER[paper][1], block.share_y)):
        room = space - 2 * options.margin
        separate = int(room // (size + 2 * MM))
        butted = int((room - 2 * MM) // size)
        assert n == max(separate, butted) and shared == (butted > separate)
        assert block.outer_width <= room + 1e-6 and block.outer_height <= PAPER[paper][1] - 2 * options.margin
    path, placed = _build(tmp_path, [_item(str(i), bleed=1 * MM) for i in range(block.capacity + 1)],
                          options)
    reader = PdfReader(str(path))
    assert len(reader.pages) == 2
    assert [float(v) for v in reader.pages[0].mediabox] == pytest.approx([0, 0, *PAPER[paper]], abs=0.01)
    assert [p.page for p in placed].count(0) == block.capacity


def test_items_sized_and_placed_to_a_tenth_of_a_point_with_bleed(tmp_path):
    options = PressOptions(backs="none")
    path, placed = _build(tmp_path, [_item(str(i)) for i in range(9)], options)
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        reds = sorted(_rects(page, (1, 0, 0)), key=lambda r: (r["top"], r["x0"]))
        assert len(reds) == sum(1 for p in placed if p.page == 0)
        spots = sorted(((p.x, p.y) for p in placed if p.page == 0), key=lambda s: (-s[1], s[0]))
        for r, (x, y) in zip(reds, spots):
            assert r["width"] == pytest.approx(POKER[0] + 6 * MM, abs=0.1)
            assert r["height"] == pytest.approx(POKER[1] + 6 * MM, abs=0.1)
            assert r["x0"] == pytest.approx(x - 3 * MM, abs=0.1)
            assert page.height - r["bottom"] == pytest.approx(y - 3 * MM, abs=0.1)


def test_trimbox_and_bleedbox_enclose_the_block(tmp_path):
    options = PressOptions(backs="none")
    path, placed = _build(tmp_path, [_item("a"), _item("b")], options)
    page = PdfReader(str(path)).pages[0]
    trim = [float(v) for v in page.trimbox]
    bleed = [float(v) for v in page.bleedbox]
    xs = sorted(p.x for p in placed)
    assert trim[0] == pytest.approx(xs[0], abs=0.1)
    assert trim[2] == pytest.approx(xs[-1] + POKER[0], abs=0.1)
    assert bleed[0] == pytest.approx(trim[0] - 3 * MM, abs=0.1)
    assert bleed[3] == pytest.approx(trim[3] + 3 * MM, abs=0.1)
    assert trim[1] == pytest.approx(placed[0].y, abs=0.1)


def test_crop_marks_are_hairlines_outside_every_bleed_box(tmp_path):
    options = PressOptions(backs="none")
    path, placed = _build(tmp_path, [_item(str(i)) for i in range(5)], options)
    b = 3 * MM
    boxes = [(p.x - b, p.y - b, p.x + POKER[0] + b, p.y + POKER[1] + b) for p in placed]
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        marks = page.lines
        assert len(marks) >= 4 * 2
        for m in marks:
            assert 0.15 <= m["linewidth"] <= 0.25
            x0, x1 = m["x0"], m["x1"]
            y0, y1 = page.height - m["bottom"], page.height - m["top"]
            for bx0, by0, bx1, by1 in boxes:  # no overlap with any bleed box
                assert x1 < bx0 or x0 > bx1 or y1 < by0 or y0 > by1
            # marks keep clear of the paper edge (viewers would otherwise scale to fit)
            assert x0 > 1 * MM and y0 > 1 * MM and x1 < page.width - 1 * MM
        # every trim line is continued by a mark
        xs = {round(p.x, 1) for p in placed} | {round(p.x + POKER[0], 1) for p in placed}
        vertical = {round(m["x0"], 1) for m in marks if abs(m["x0"] - m["x1"]) < 0.01}
        assert xs <= vertical
    assert MARK_WIDTH == 0.2


def test_duplex_backs_are_mirrored_for_long_edge_flip_and_shifted_by_the_offset(tmp_path):
    dx, dy = 1.5 * MM, -0.75 * MM
    options = PressOptions(backs="duplex", back_offset=(dx, dy))
    path, placed = _build(tmp_path, [_item(str(i)) for i in range(4)], options)
    W = PAPER["a4"][0]
    for p in placed:
        assert p.back_page == p.page + 1
        assert p.back_x == pytest.approx(W - p.x - POKER[0] + dx, abs=0.01)
        assert p.back_y == pytest.approx(p.y + dy, abs=0.01)
    with pdfplumber.open(path) as pdf:
        back = pdf.pages[1]
        blues = _rects(back, (0, 0, 1))
        assert len(blues) == 4
        got = sorted((round(r["x0"], 1), round(back.height - r["bottom"], 1)) for r in blues)
        want = sorted((round(p.back_x, 1), round(p.back_y, 1)) for p in placed)
        assert len(got) == len(want)
        for (gx, gy), (wx, wy) in zip(got, want):
            assert (gx, gy) == (pytest.approx(wx, abs=0.1), pytest.approx(wy, abs=0.1))
        assert len(back.search("BACK")) == 4  # text stays text


def test_fold_layout_puts_backs_turned_round_below_the_fold(tmp_path):
    options = PressOptions(backs="fold")  # two poker cards per A4 half
    path, placed = _build(tmp_path, [_item(str(i)) for i in range(2)], options)
    H = PAPER["a4"][1]
    reader = PdfReader(str(path))
    assert len(reader.pages) == 1
    for p in placed:
        assert p.back_page == p.page
        assert p.back_x == pytest.approx(p.x)
        assert p.y > H / 2 + FOLD_GAP and p.back_y + POKER[1] < H / 2 - FOLD_GAP
        # mirror images across the fold line
        assert (p.y + p.back_y + POKER[1]) / 2 == pytest.approx(H / 2)
    with pdfplumber.open(path) as pdf:
        chars = [c for c in pdf.pages[0].chars if c["text"] == "B"]
        # the back's text is rotated 180 degrees: its matrix has a = -1
        assert chars and all(c["matrix"][0] == pytest.approx(-1) for c in chars)


def test_too_large_item_is_an_error_not_a_crash(tmp_path):
    with pytest.raises(ImpositionError, match="does not fit"):
        _build(tmp_path, [_item("huge", 300 * MM, 100 * MM)], PressOptions())


def test_calibration_pages_put_the_scales_behind_the_crosses(tmp_path):
    options = PressOptions(back_offset=(2 * MM, 0))
    path = tmp_path / "cal.pdf"
    c = Canvas(str(path))
    draw_calibration(c, options)
    c.save()
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) == 2
        assert "--back-offset" in pdf.pages[0].extract_text()
        W = pdf.pages[0].width
        # the back's centre scale is at the mirrored centre shifted by the offset
        back_lines = [l for l in pdf.pages[1].lines if abs(l["x0"] - l["x1"]) < 0.01
                      and l["bottom"] - l["top"] > 15 * MM]
        assert any(abs(l["x0"] - (W / 2 + 2 * MM)) < 0.1 for l in back_lines)


def test_letter_and_inch_counters_pack_tightly(tmp_path):
    options = PressOptions(paper="letter", backs="none")
    block = plan_block(PAPER["letter"], 0.5 * INCH, 0.5 * INCH, 1 * MM, options)
    assert block.capacity >= 14 * 18
