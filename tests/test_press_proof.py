"""`frontkit build --proof` (issue 16 item 7): one page per deck, every card face and back
small, labelled with its quantity; for review, so kept out of kit.pdf."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

import dsl
from toolkit.cli import main
from toolkit.pnp.proof import CELL_GAP, LABEL, layout_grid
from toolkit.pnp.units import MM

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "content" / "last_front" / "last_front.scn"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("proof") / "kit"
    assert main(["build", str(SCENARIO), "--out", str(out), "--quiet", "--proof", "--backs", "none"]) == 0
    return out


def test_one_proof_page_per_deck_with_every_card_and_its_quantity(built):
    scenario = dsl.load(SCENARIO)
    with pdfplumber.open(built / "proof.pdf") as pdf:
        assert len(pdf.pages) == len(scenario.decks)
        for page, deck in zip(pdf.pages, scenario.decks.values()):
            text = page.extract_text()
            assert f"Proof: {deck.title}" in text
            labels = dict(re.findall(r"(\w+)  ?x(\d+)", text))
            assert labels == {c.name: str(c.quantity) for c in deck.cards}


def test_each_card_shows_its_face_and_its_back_side_by_side(built):
    scenario = dsl.load(SCENARIO)
    reader = PdfReader(str(built / "proof.pdf"))
    for page, deck in zip(reader.pages, scenario.decks.values()):
        drawn = page.get_contents().get_data().count(b" Do")  # faces drawn from forms
        assert drawn == 2 * len(deck.cards)  # every deck of Last Front has a back


def test_the_proof_is_listed_but_not_printed_in_kit_pdf(built):
    manifest = json.loads((built / "manifest.json").read_text())
    assert "proof.pdf" in {f["path"] for f in manifest["files"]}
    kit_pages = len(PdfReader(str(built / "kit.pdf")).pages)
    parts = sum(len(PdfReader(str(p)).pages) for p in built.glob("*.pdf")
                if p.name not in ("kit.pdf", "proof.pdf"))
    assert kit_pages == parts


@pytest.mark.parametrize("n", [1, 4, 33, 60])
def test_the_grid_fits_the_page_at_the_largest_scale(n):
    w, h, area = 130 * MM, 88 * MM, (190 * MM, 265 * MM)
    cols, rows, k = layout_grid(n, w, h, *area)
    assert cols * rows >= n
    assert cols * w * k + (cols - 1) * CELL_GAP <= area[0] + 1e-6
    assert rows * (h * k + LABEL) + (rows - 1) * CELL_GAP <= area[1] + 1e-6
    for other in range(1, n + 1):  # no other column count gives bigger cards
        r = -(-n // other)
        k2 = min((area[0] - (other - 1) * CELL_GAP) / (other * w),
                 (area[1] - r * LABEL - (r - 1) * CELL_GAP) / (r * h))
        assert k >= k2 - 1e-9
