"""Fewer part-filled sheets (issue 16 item 5): --gang puts decks of one card size on shared
sheets; --butt makes counters share every cut line."""

from __future__ import annotations

import io
import json
import math
from contextlib import redirect_stdout
from pathlib import Path

import pdfplumber
from pypdf import PdfReader

import dsl
from toolkit.cli import main

ROOT = Path(__file__).resolve().parent.parent
LAST_FRONT = ROOT / "content" / "last_front" / "last_front.scn"
FRONT_LINES = ROOT / "content" / "front_lines" / "front_lines.scn"


def _build(scn: Path, out: Path, *extra: str) -> Path:
    with redirect_stdout(io.StringIO()):
        assert main(["build", str(scn), "--out", str(out), "--quiet", "--backs", "none", *extra]) == 0
    return out


def test_gang_puts_decks_of_one_size_on_shared_sheets(tmp_path):
    decks = [d.size for d in dsl.load(LAST_FRONT).decks.values()]  # all 63 x 88 mm
    alone = len(PdfReader(str(_build(LAST_FRONT, tmp_path / "a") / "cards.pdf")).pages)
    ganged_dir = _build(LAST_FRONT, tmp_path / "g", "--gang")
    ganged = PdfReader(str(ganged_dir / "cards.pdf"))
    assert alone == sum(math.ceil(n / 9) for n in decks)
    assert len(ganged.pages) == math.ceil(sum(decks) / 9) < alone
    counts = json.loads((ganged_dir / "manifest.json").read_text())["components"]["cards"]["counts"]
    assert sum(counts.values()) == sum(decks)
    # each deck's bookmark points at the sheet its first card is on
    kit = PdfReader(str(ganged_dir / "kit.pdf"))
    firsts = [kit.get_destination_page_number(o) for o in kit.outline[1]]
    assert firsts == [sum(decks[:i]) // 9 for i in range(len(decks))]


def _cut_lines(pdf: Path) -> tuple[int, int]:
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        xs = {round(ln["x0"], 1) for ln in page.lines if abs(ln["x0"] - ln["x1"]) < 0.01}
        ys = {round(ln["y0"], 1) for ln in page.lines if abs(ln["y0"] - ln["y1"]) < 0.01}
    return len(xs), len(ys)


CHITS = """scenario "Chits" {
  ruleset none
  sides A, B
  terrain plain
  board b: grid 2 x 2 { terrain plain }
  piece chit { marker; count 20; counter_size 1in }
}
"""


def test_butt_makes_counters_share_every_cut_line(tmp_path):
    (tmp_path / "chits.scn").write_text(CHITS)
    plain = _cut_lines(_build(tmp_path / "chits.scn", tmp_path / "p") / "counters.pdf")
    butted = _cut_lines(_build(tmp_path / "chits.scn", tmp_path / "b", "--butt") / "counters.pdf")
    # 1 in chits with 1 mm bleed on A4: 7 columns either way, so only --butt shares the
    # vertical cuts: 8 lines instead of two per column
    assert plain[0] == 2 * 7 and butted[0] == 7 + 1
    assert butted[1] <= plain[1]
