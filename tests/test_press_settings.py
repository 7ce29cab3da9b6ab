"""Press settings kept apart from game data: layouts found by name, the press block."""

from __future__ import annotations

import dataclasses

import pdfplumber

import dsl
from dsl.model import Field, Fields, Length
from toolkit.pnp.cards import write_cards
from toolkit.pnp.checks import check_press
from toolkit.pnp.counters import counter_counts, counter_size, write_counters
from toolkit.pnp.press import effective
from toolkit.pnp.units import INCH, PressOptions

GAME = '''
scenario "Named" {
  ruleset none
  sides Red, Blue
  terrain plain
  board b: grid 2 x 2 { terrain plain }
  piece soldier { range 1 }
  piece cube { marker; count 30 }
  setup Red { soldier at A1 }
  deck orders "Orders" { card go x2 { text "Go now" } }
  include "layouts.scn"
}
'''
LAYOUTS = '''
layout orders 63mm x 88mm { text at 5mm, 5mm 50mm x 10mm "ORDER {{ card.title }}" { } }
layout orders_back 63mm x 88mm { text at 5mm, 5mm 50mm x 10mm "ORDERS BACK" { } }
layout unit_front 0.75in x 0.75in { text at 1mm, 1mm 15mm x 5mm "U {{ piece.name }}" { } }
layout unit_back 0.75in x 0.75in { text at 1mm, 1mm 15mm x 5mm "UB {{ side }}" { } }
'''


def load(tmp_path):
    (tmp_path / "game.scn").write_text(GAME)
    (tmp_path / "layouts.scn").write_text(LAYOUTS)
    return dsl.load(tmp_path / "game.scn")


def test_decks_and_pieces_find_their_layouts_by_name(tmp_path):
    s = load(tmp_path)
    cards = write_cards(s, tmp_path / "c.pdf", PressOptions())
    assert not [w for w in cards.warnings if "default card layout" in w]
    with pdfplumber.open(tmp_path / "c.pdf") as pdf:
        assert pdf.pages[0].extract_text().count("ORDER Go") == 2
        assert pdf.pages[1].extract_text().count("ORDERS BACK") == 2
    write_counters(s, tmp_path / "k.pdf", PressOptions())
    with pdfplumber.open(tmp_path / "k.pdf") as pdf:
        assert "U soldier" in pdf.pages[0].extract_text()
        assert "UB Red" in pdf.pages[1].extract_text()
    # the unit layout's size is the counter size when the piece names none
    assert counter_size(effective(s), effective(s).pieces["soldier"]) == 0.75 * INCH


def test_press_block_lays_fields_over_decks_and_pieces(tmp_path):
    s = load(tmp_path)
    block = Fields((
        Field("side_colours", ("#112233", "#445566")),
        Field("cube", Fields((Field("counters", 8), Field("counter_size", Length(0.5, "in"))))),
        Field("nothing", Fields((Field("counters", 1),))),
    ))
    s = dataclasses.replace(s, fields=Fields(tuple(s.fields.entries) + (Field("press", block),)))
    e = effective(s)
    counts = {(side, p.name): n for side, p, n in counter_counts(e)}
    assert counts[(None, "cube")] == 8
    assert counter_size(e, e.pieces["cube"]) == 0.5 * INCH
    assert e.fields["side_colours"] == ("#112233", "#445566")
    problems = [d.message for d in check_press(s)]
    assert any("'nothing' is neither a deck nor a piece type" in m for m in problems)
