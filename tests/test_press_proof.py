"""`frontkit build --proof`: every card of every deck once, at actual size (nothing under
6 pt), named in the players' words with its copies, as many pages a deck as it takes; for
review, so kept out of kit.pdf."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

import dsl
from toolkit.cli import main
from toolkit.pnp import proof
from toolkit.pnp.proof import CELL_GAP, MARGIN, grid_for, write_proof
from toolkit.pnp.units import MM, PAPER, PressOptions

ROOT = Path(__file__).resolve().parent.parent
LAST_FRONT = ROOT / "content" / "last_front" / "last_front.scn"
LABEL = re.compile(r"\s*(.+?): (\d+) cop(?:ies|y)\b")
BACK = re.compile(r"Back of (?:every (?:\w+ )?card|the next \d+ cards)")
SNAKE = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")

SMALL = '''
scenario "Small" {
  ruleset none
  sides A, B
  terrain plain
  board b: grid 2 x 2 { terrain plain }
  piece soldier { range 1 }
  layout face 63mm x 88mm {
    bleed 1.5mm
    rect at 0mm, 0mm 63mm x 88mm { fill "#d0e0f0" }
    text at 5mm, 5mm 53mm x 10mm "{{ card.title }}" { font_size 12 }
    text at 5mm, 80mm 53mm x 4mm "small print" { font_size 6 }
  }
  layout back 63mm x 88mm { background "#223344" }
  layout named_back 63mm x 88mm { background "#223344"; text at 5mm, 5mm 53mm x 10mm "{{ card.title }}" { font_size 9 } }
  deck shared "Shared backs" { layout face; back back
    card scout_1 x3 { title "Scout" }; card heavy_tank x2; card ace_pilot { title "Ace Pilot" } }
  deck own "Own backs" { layout face; back named_back; card first_one x2; card second_one }
}
'''


def _labels(pdf: pdfplumber.PDF) -> list[tuple[str, int]]:
    """(name, copies) of every card label, read back from the proof's 7 pt label lines."""
    out = []
    for page in pdf.pages:
        for line in page.extract_text_lines():
            text = BACK.sub("", line["text"])
            out += [(m.group(1), int(m.group(2))) for m in LABEL.finditer(text)]
    return out


@pytest.fixture(scope="module")
def small(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("proof")
    (tmp / "small.scn").write_text(SMALL)
    out = tmp / "kit"
    assert main(["build", str(tmp / "small.scn"), "--out", str(out), "--quiet", "--proof", "--backs", "none"]) == 0
    return out


@pytest.fixture(scope="module")
def last_front(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("proof_lf") / "proof.pdf"
    write_proof(dsl.load(LAST_FRONT), path, PressOptions())
    return path


def test_cards_are_labelled_with_their_names_and_copies_not_their_ids(small):
    with pdfplumber.open(small / "proof.pdf") as pdf:
        assert _labels(pdf) == [("Scout", 3), ("Heavy Tank", 2), ("Ace Pilot", 1),
                                ("First One", 2), ("Second One", 1)]
        text = "\n".join(page.extract_text() for page in pdf.pages)
    assert not SNAKE.findall(text), SNAKE.findall(text)
    assert " x3" not in text


def test_a_back_shared_by_every_card_is_shown_once_and_differing_backs_beside_their_faces(small):
    with pdfplumber.open(small / "proof.pdf") as pdf:
        shared, own = pdf.pages[0], pdf.pages[1]
        assert "Back of every card" in shared.extract_text()
        assert "Back of every card" not in own.extract_text()
    reader = PdfReader(str(small / "proof.pdf"))
    forms = [page.get_contents().get_data().count(b" Do") for page in reader.pages]
    assert forms == [1 + 3, 2 * 2]  # one back and three faces; two faces each with its back


def test_cards_are_shown_at_actual_size(small):
    with pdfplumber.open(small / "proof.pdf") as pdf:
        for page in pdf.pages:
            frames = [r for r in page.rects if r["stroking_color"] is not None and r["linewidth"] == pytest.approx(0.3)]
            assert frames, page.page_number
            for r in frames:
                assert (r["width"], r["height"]) == pytest.approx((63 * MM, 88 * MM), abs=0.05)


def test_nothing_on_the_proof_of_last_fronts_decks_is_under_6_pt(last_front):
    """Issue 26: its battle deck was shown at 27% (1.6 pt text) to fit one page."""
    with pdfplumber.open(last_front) as pdf:
        sizes = [ch["size"] for page in pdf.pages for ch in page.chars]
    assert sizes and min(sizes) >= 6 - 1e-6


def test_each_deck_takes_as_many_pages_as_it_needs_and_every_label_is_a_card_title(last_front):
    scenario = dsl.load(LAST_FRONT)
    with pdfplumber.open(last_front) as pdf:
        labels = _labels(pdf)
        headers = [page.extract_text().splitlines()[0] for page in pdf.pages]
    want = [(card.title, card.quantity) for deck in scenario.decks.values() for card in deck.cards]
    assert labels == want
    for name, _ in labels:
        assert not SNAKE.search(name) and "_" not in name, name
    battle = [h for h in headers if h.startswith("Proof: Battle cards")]
    deck = scenario.decks["battle"]
    cells = 1 + len(deck.cards)  # its one back design, then every card
    pages = -(-cells // 6)  # 3 x 2 poker-ish cards to an A4 page at 100%
    assert len(battle) == pages > 1
    assert battle[-1] == f"Proof: Battle cards ({deck.size} cards, page {pages} of {pages})"


def test_the_proof_is_listed_but_not_printed_in_kit_pdf(small):
    manifest = json.loads((small / "manifest.json").read_text())
    assert "proof.pdf" in {f["path"] for f in manifest["files"]}
    kit_pages = len(PdfReader(str(small / "kit.pdf")).pages)
    parts = sum(len(PdfReader(str(p)).pages) for p in small.glob("*.pdf")
                if p.name not in ("kit.pdf", "proof.pdf"))
    assert kit_pages == parts


@pytest.mark.parametrize("paper,cols,rows,turned", [("a4", 3, 2, False), ("letter", 4, 2, True)])
def test_63_by_88_mm_cards_at_100_percent_on_the_page_turned_to_hold_most(paper, cols, rows, turned):
    grid = grid_for(63 * MM, 88 * MM + proof.LABEL, PAPER[paper])
    assert (grid.cols, grid.rows, grid.scale) == (cols, rows, 1.0)
    assert grid.page == (PAPER[paper][::-1] if turned else PAPER[paper])


def test_a_card_larger_than_the_page_is_scaled_to_fit_one_page():
    w, h = 400 * MM, 300 * MM
    grid = grid_for(w, h + proof.LABEL, PAPER["a4"])
    assert grid.per_page == 1 and grid.scale < 1
    pw, ph = grid.page
    assert w * grid.scale <= pw - 2 * MARGIN + 1e-6
    assert h * grid.scale + proof.LABEL <= ph - 2 * MARGIN + 1e-6 - 11 * MM


def test_face_and_back_pairs_fit_across_the_page():
    w, h = 2 * 63 * MM + 2 * MM, 88 * MM + proof.LABEL
    grid = grid_for(w, h, PAPER["a4"])
    assert grid.scale == 1.0
    assert grid.cols * w + (grid.cols - 1) * CELL_GAP <= grid.page[0] - 2 * MARGIN + 1e-6


def test_a_deck_with_a_back_per_side_shows_each_back_before_that_sides_cards(tmp_path):
    (tmp_path / "sides.scn").write_text(SMALL.replace(
        'deck own "Own backs" { layout face; back named_back; card first_one x2; card second_one }',
        'layout side_back 63mm x 88mm { background "#223344"; text at 5mm, 5mm 53mm x 10mm "{{ side }}" }\n'
        '  deck each "Each side" { layout face; back side_back; each_side; card first_one x2; card second_one }'))
    path = tmp_path / "proof.pdf"
    write_proof(dsl.load(tmp_path / "sides.scn"), path, PressOptions())
    with pdfplumber.open(path) as pdf:
        text = " ".join(page.extract_text() for page in pdf.pages[1:])
        assert _labels(pdf)[3:] == [("First One (A)", 2), ("Second One (A)", 1),
                                    ("First One (B)", 2), ("Second One (B)", 1)]
    assert text.count("Back of every A card") == 1 and text.count("Back of every B card") == 1
    assert text.index("Back of every A card") < text.index("First One (A)") < text.index("Back of every B card")
