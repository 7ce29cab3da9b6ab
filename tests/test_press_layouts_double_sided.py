"""Double-sided cards: `back_from reverses` prints the named face behind each card (PDF read back)."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

import dsl
from toolkit.pnp.cards import write_cards
from toolkit.pnp.units import MM, PressOptions

ROOT = Path(__file__).resolve().parent.parent

SCENARIO = '''
scenario "Two faces" {
  ruleset none
  sides Red, Green
  terrain plain
  board table: grid 2 x 2 { terrain plain }
  layout supply 63mm x 88mm {
    bleed 1.5mm
    text at 4mm, 40mm 55mm x 8mm "{{ card.name }}" { font_size 12; align center }
  }
  layout supply_back 63mm x 88mm {
    bleed 1.5mm
    back_from reverses
    text at 4mm, 40mm 55mm x 8mm "plainback" { font_size 12; align center }
  }
  deck supply "Supply" {
    card alpha x2 { reverses [beta, gamma] }
    card beta { reverses alpha }
    card gamma { reverses alpha }
    card delta { }
  }
}
'''


def words_by_x(page) -> list[tuple[float, str]]:
    """(centre x, word) of every upright word of the page, left to right."""
    out = []
    for w in page.extract_words(extra_attrs=["upright"]):
        if w["upright"] and w["text"] in ("alpha", "beta", "gamma", "delta", "plainback"):
            out.append(((w["x0"] + w["x1"]) / 2, w["text"]))
    return sorted(out)


def build(tmp_path: Path, text: str = SCENARIO, backs: str = "duplex") -> tuple[Path, object]:
    src = tmp_path / "two.scn"
    src.write_text(text)
    scenario = dsl.load(src)
    pdf = tmp_path / "cards.pdf"
    report = write_cards(scenario, pdf, PressOptions(backs=backs, back_offset=(0.0, 0.0)))
    return pdf, report


def test_each_back_is_the_named_reverse_mirrored_behind_its_front(tmp_path):
    pdf, report = build(tmp_path)
    # beta and gamma are used up as backs of alpha's two copies: three physical cards
    assert report.counts["supply"] == 3
    with pdfplumber.open(pdf) as doc:
        assert len(doc.pages) == 2
        width = float(doc.pages[0].width)
        fronts = words_by_x(doc.pages[0])
        backs = {round(width - x): name for x, name in words_by_x(doc.pages[1])}
    assert [name for _, name in fronts] == ["alpha", "alpha", "delta"]
    behind = [backs[round(x)] for x, _ in fronts]  # the same spot seen through the sheet
    assert behind == ["beta", "gamma", "plainback"]


def test_fold_backs_follow_the_reverse_too(tmp_path):
    pdf, _ = build(tmp_path, backs="fold")
    with pdfplumber.open(pdf) as doc:
        words = [w["text"] for w in doc.pages[0].extract_words()]
    fronts = sorted(w for w in words if w in ("alpha", "delta"))
    backs = sorted(w[::-1] for w in words if w[::-1] in ("beta", "gamma", "plainback"))  # turned 180°
    assert fronts == ["alpha", "alpha", "delta"]
    assert backs == ["beta", "gamma", "plainback"]


def test_a_reverse_that_is_not_a_card_is_a_note(tmp_path):
    text = SCENARIO.replace("card delta { }", "card delta { reverses omega }")
    _, report = build(tmp_path, text)
    assert any("omega" in w for w in report.warnings)
    assert report.counts["supply"] == 3


def cell_text(page, x: float, y: float, w: float, h: float) -> str:
    """Upright text inside one card's trim box (x, y: PDF bottom-left corner)."""
    top = float(page.height) - y - h
    cell = page.crop((x, top, x + w, top + h)).filter(
        lambda o: o.get("object_type") != "char" or o.get("upright", True))
    return " ".join((cell.extract_text() or "").split())


@pytest.mark.parametrize("field", ["main", "lake_nogo"])
def test_front_line_supply_cards_print_their_other_face_behind(tmp_path, field):
    from toolkit.pnp.imposition import mirror_x, plan_block
    scenario = dsl.load(ROOT / "content" / "front_line" / f"{field}.scn")
    supply = scenario.decks["supply"]
    faces = {c.name: c for c in supply.cards}
    options = PressOptions(backs="duplex", back_offset=(0.0, 0.0))
    pdf = tmp_path / "cards.pdf"
    report = write_cards(scenario, pdf, options)
    assert report.counts["supply"] == sum(c.quantity for c in supply.cards) // 2 == 6
    expected = []  # (front title, back title) per physical card, in deck order
    for card in supply.cards:
        rev = card.fields.get("reverses")
        if isinstance(rev, tuple):
            expected += [(card.title, faces[r].title) for r in rev]
    w, h, bleed = 63 * MM, 88 * MM, 1.5 * MM
    block = plan_block(options.page_size, w, h, bleed, options)
    titles = sorted({c.title for c in supply.cards}, key=len, reverse=True)
    found = []
    with pdfplumber.open(pdf) as doc:
        front, back = doc.pages[0], doc.pages[1]
        for slot in range(len(expected)):
            x, y = block.trim_origin(slot)
            seen_front = cell_text(front, x, y, w, h)
            seen_back = cell_text(back, mirror_x(float(front.width), x, w), y, w, h)
            found.append((next(t for t in titles if t in seen_front),
                          next(t for t in titles if t in seen_back)))
    assert found == expected
