"""Every shipped game's cards.pdf, read back: one item per copy (per physical card for
double-sided decks), a back behind every front, fonts embedded, card titles as text."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader
from pypdf.generic import IndirectObject

import dsl
from toolkit.pnp.cards import double_sided, write_cards
from toolkit.pnp.imposition import plan_block
from toolkit.pnp.press import effective
from toolkit.pnp.units import PressOptions, to_points

CONTENT = Path(__file__).resolve().parent.parent / "content"
GAMES = ["front_line/main.scn", "last_front/last_front.scn",
         "fantasy_line_battle/fantasy_line_battle.scn", "lines_and_webs/lines_and_webs.scn"]


@pytest.fixture(scope="module", params=GAMES, ids=lambda g: g.split("/")[0])
def built(request, tmp_path_factory):
    scenario = effective(dsl.load(CONTENT / request.param))
    pdf = tmp_path_factory.mktemp("cards") / "cards.pdf"
    options = PressOptions(backs="duplex", back_offset=(0.0, 0.0))
    report = write_cards(scenario, pdf, options)
    return scenario, pdf, report, options


def expected_items(scenario, deck) -> int:
    back = scenario.layouts.get(deck.back) if deck.back else None
    sides = len(scenario.sides) if deck.fields.flag("each_side") else 1
    if back is not None and "back_from" in back.fields:
        return sides * len(double_sided(deck, str(back.fields["back_from"]), []))
    return sides * sum(card.quantity for card in deck.cards)


def squash(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def test_every_deck_has_its_own_layout_and_back(built):
    scenario, _, report, _ = built
    for deck in scenario.decks.values():
        assert deck.layout in scenario.layouts, deck.name
        assert deck.back in scenario.layouts, deck.name
    assert not [w for w in report.warnings if "default card layout" in w or "overflows" in w]


def test_one_item_per_copy_and_a_back_page_per_front_page(built):
    scenario, pdf, report, options = built
    pages = 0
    for deck in scenario.decks.values():
        n = expected_items(scenario, deck)
        assert report.counts[deck.name] == n
        front = scenario.layouts[deck.layout]
        bleed = to_points(front.fields["bleed"])
        block = plan_block(options.page_size, to_points(front.width), to_points(front.height), bleed, options)
        pages += 2 * math.ceil(n / block.capacity)  # duplex: every front page has its back page
    assert len(PdfReader(pdf).pages) == pages == report.pages


def test_each_page_draws_one_face_per_item(built):
    """Faces are form XObjects: a sheet of k cards invokes k forms on its front and on its back."""
    scenario, pdf, report, options = built
    reader = PdfReader(pdf)
    total = 0
    for page in reader.pages:
        ops = page.get_contents().operations
        total += sum(1 for _, op in ops if op == b"Do")
    assert total == 2 * sum(report.counts.values())


def _fonts(resources, seen) -> list:
    out = []
    if resources is None:
        return out
    resources = resources.get_object()
    for font in (resources.get("/Font") or {}).values():
        font = font.get_object()
        out.append(font)
    for xobj in (resources.get("/XObject") or {}).values():
        ref = xobj.idnum if isinstance(xobj, IndirectObject) else id(xobj)
        if ref in seen:
            continue
        seen.add(ref)
        xobj = xobj.get_object()
        out += _fonts(xobj.get("/Resources"), seen)
    return out


def test_fonts_are_embedded(built):
    _, pdf, _, _ = built
    reader = PdfReader(pdf)
    fonts, seen = [], set()
    for page in reader.pages:
        fonts += _fonts(page.get("/Resources"), seen)
    assert fonts
    for font in fonts:
        descendants = font.get("/DescendantFonts")
        desc = (descendants[0].get_object() if descendants else font).get("/FontDescriptor")
        assert desc is not None, font.get("/BaseFont")
        desc = desc.get_object()
        assert any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3")), font.get("/BaseFont")


def test_card_titles_are_text(built):
    scenario, pdf, _, _ = built
    with pdfplumber.open(pdf) as doc:
        text = squash(" ".join(page.extract_text() or "" for page in doc.pages))
    for deck in scenario.decks.values():
        for card in deck.cards:
            if card.fields.get("kind") == "support":  # Last Front support cards name both values
                assert squash(f"Attack {card.fields['attack']} · Defence {card.fields['defence']}") in text
                continue
            assert squash(card.title) in text, (deck.name, card.title)
