"""Counters: how many, what size, fronts and backs aligned (read back from the PDF)."""

from __future__ import annotations

import pdfplumber
import pytest

import dsl
from toolkit.pnp.counters import counter_counts, counter_size, write_counters
from toolkit.pnp.units import INCH, MM, PAPER, PressOptions

BASE = '''
scenario "Counters" {
  ruleset none
  sides Red, Blue
  terrain plain
  board b: grid 3 x 3 { terrain plain }
  piece infantry { range 1; move 2; faces [active, disrupted] }
  piece tank { range 2; move 3; counter_size 0.75in; faces [active, disrupted] }
  piece hq { counters 2 }
  piece chit { count 5; colour "#e2c23b"; counter_size "1/2in" }
  piece unused { range 9 }
  setup Red { infantry at A1, A2; tank at B1; reserve infantry x2; colour "#aa0000" }
  setup Blue { infantry x3 at C3; hq at C2 }
}
'''


def load(text: str = BASE):
    return dsl.loads(text, path="<test>")


def test_counts_come_from_setups_counters_field_and_box_count():
    counts = {(s, p.name): n for s, p, n in counter_counts(load())}
    assert counts == {
        ("Red", "infantry"): 4,   # two placed, two in reserve
        ("Red", "tank"): 1,
        ("Blue", "infantry"): 3,  # `infantry x3 at C3`
        ("Blue", "hq"): 2,        # `counters 2` wins over the one placed
        (None, "chit"): 5,        # `count 5`: the whole box, unsided
    }


def test_per_side_counts_every_side():
    s = load(BASE.replace("piece infantry { range 1", "piece infantry { per_side 11; range 1"))
    counts = {(side, p.name): n for side, p, n in counter_counts(s)}
    assert counts[("Red", "infantry")] == 11 and counts[("Blue", "infantry")] == 11


@pytest.mark.parametrize("written, inches", [("0.5in", 0.5), ('"5/8in"', 0.625), ("19.05mm", 0.75),
                                             ("1in", 1.0)])
def test_common_counter_sizes(written, inches):
    s = load(BASE.replace("counter_size 0.75in", f"counter_size {written}"))
    assert counter_size(s, s.pieces["tank"]) == pytest.approx(inches * INCH)
    assert counter_size(s, s.pieces["infantry"]) == pytest.approx(0.625 * INCH)  # the default


def test_counters_pdf_fronts_and_backs_align_and_sizes_are_exact(tmp_path):
    s = load()
    out = tmp_path / "counters.pdf"
    report = write_counters(s, out, PressOptions(backs="duplex"))
    assert report.counts == {"Red/infantry": 4, "Red/tank": 1, "Blue/infantry": 3, "Blue/hq": 2,
                             "chit": 5}
    W = PAPER["a4"][0]
    with pdfplumber.open(out) as pdf:
        # three sizes (5/8, 3/4, 1/2 in): one sheet and its back each
        assert len(pdf.pages) == 6
        assert [t for t, _ in report.sections] == [
            "Red counters (0.625 in)", "Blue counters (0.625 in)", "Red counters (0.75 in)",
            "Markers and chits (0.5 in)"]
        front, back = pdf.pages[0], pdf.pages[1]
        text = front.extract_text()
        assert text.count("Infantry") == 7 and text.count("R1 M2") == 7
        assert back.extract_text().count("DISRUPTED") == 4 + 3
        # the side colour fills each front including 1 mm bleed: 5/8 in + 2 mm square
        side = 0.625 * INCH + 2 * MM
        reds = [r for r in front.rects if r["non_stroking_color"] == pytest.approx((2 / 3, 0, 0), abs=0.01)]
        assert len(reds) == 4
        assert all(r["width"] == pytest.approx(side, abs=0.1) and r["height"] == pytest.approx(side, abs=0.1)
                   for r in reds)
        # backs: a red band per red counter, mirrored across the page centre
        fronts_x = sorted(round(r["x0"], 1) for r in reds)
        bands = [r for r in back.rects if r["non_stroking_color"] == pytest.approx((2 / 3, 0, 0), abs=0.01)]
        backs_x = sorted(round(W - r["x1"], 1) for r in bands)
        assert backs_x == pytest.approx(fronts_x, abs=0.1)


def test_counter_layouts_from_the_scenario(tmp_path):
    text = BASE.replace("piece hq { counters 2 }", '''piece hq { counters 2; front_layout hq_front; back_layout hq_back }
  layout hq_front 1in x 1in { bleed 2mm; background "{{ side_colour }}"
    text at 1mm, 1mm 23.4mm x 6mm "HQ {{ side }} #{{ copy }}" { align center } }
  layout hq_back 1in x 1in { text at 1mm, 1mm 23.4mm x 6mm "{{ face }}" { } }''')
    s = load(text)
    out = tmp_path / "c.pdf"
    write_counters(s, out, PressOptions(backs="none"))
    with pdfplumber.open(out) as pdf:
        words = " ".join(p.extract_text() for p in pdf.pages)
        assert "HQ Blue #1" in words and "HQ Blue #2" in words


def test_pieces_listed_in_a_setup_block_are_counted():
    s = load(BASE.replace("piece unused { range 9 }", "piece unused { range 9 }\n  piece port { range 0 }").replace(
        'colour "#aa0000" }', 'colour "#aa0000"; packaging { port 1; chit 4 } }'))
    counts = {(side, p.name): n for side, p, n in counter_counts(s)}
    assert counts[("Red", "port")] == 1
    assert counts[(None, "chit")] == 5  # its own `count` wins


def test_counter_size_that_disagrees_with_its_layout_is_a_diagnostic():
    from toolkit.pnp.checks import check_press
    s = load(BASE.replace("piece hq { counters 2 }", "piece hq { counters 2; counter_size 0.5in; front_layout big }\n"
                          '  layout big 1in x 1in { text at 1mm, 1mm 10mm x 5mm "x" { } }'))
    problems = [d for d in check_press(s) if "differs from its front layout big" in d.message]
    assert problems and problems[0].line > 0


@pytest.mark.parametrize("arm, found", [
    ("foot", []),
    ("fot", [("piece hq: arm fot is not one layout hq_front knows (its table has foot, horse)",
              "did you mean 'foot'?")]),
])
def test_a_piece_value_its_counter_layout_table_has_no_key_for_is_an_error_at_check(arm, found):
    """As a card's (the fuzz run's 'icon has no name' findings): a counter layout that looks
    a piece's field up in a table it writes out holds every piece drawn with it to the keys."""
    from toolkit.pnp.checks import check_press

    s = load(BASE.replace("piece hq { counters 2 }", f"piece hq {{ counters 2; arm {arm}; front_layout hq_front }}\n"
                          '  layout hq_front 1in x 1in { icon at 1mm, 1mm 10mm x 10mm '
                          '{ name "{{ {\'foot\': \'tank\', \'horse\': \'star\'}[piece.arm] }}" } }'))
    said = [(d.message, d.hint) for d in check_press(s) if d.is_error]
    assert said == found
    if found:
        assert check_press(s)[0].notes[0].message == "layout hq_front looks its arm up here"
