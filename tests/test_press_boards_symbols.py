"""Front Line cities say what kind they are, and OP squares are marked (PDF read back)."""

from __future__ import annotations

from pathlib import Path

import pdfplumber

import dsl
from toolkit.pnp.boards import write_boards
from toolkit.pnp.units import PressOptions

CONTENT = Path(__file__).resolve().parent.parent / "content"


def test_air_bases_industries_and_op_squares_are_drawn_and_in_the_legend(tmp_path):
    scenario = dsl.load(CONTENT / "front_line" / "main.scn")
    pdf = tmp_path / "boards.pdf"
    write_boards(scenario, pdf, PressOptions())
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        text = page.extract_text() or ""
        op_marks = [w for w in page.extract_words() if w["text"] == "OP"]
    for label in ("Air base", "Industry", "OP square"):
        assert label in text
    board = scenario.boards["main"]
    op_sites = [sp for sp in board.spaces if "op_site" in sp.tags]
    assert len(op_marks) == len(op_sites) + 2  # one per square; the legend sample and "OP square"
