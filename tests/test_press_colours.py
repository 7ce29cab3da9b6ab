"""One colour per side: boards, counters, cards and legends draw a side in the same colour
(issue 16 item 1), read back from the PDFs."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

import dsl
from toolkit.pnp.boards import write_boards
from toolkit.pnp.colours import PALETTE, as_color, side_colour, side_colours
from toolkit.pnp.counters import write_counters
from toolkit.pnp.units import PressOptions

CONTENT = Path(__file__).resolve().parent.parent / "content"


def _rgb(hex_colour: str) -> tuple[float, float, float]:
    c = as_color(hex_colour)
    return (round(c.red, 2), round(c.green, 2), round(c.blue, 2))


def _colours(pdf: Path, key: str) -> set[tuple[float, ...]]:
    out = set()
    with pdfplumber.open(pdf) as doc:
        for page in doc.pages:
            for obj in page.rects + page.curves + page.lines:
                value = obj.get(key)
                if value and len(value) == 3:
                    out.add(tuple(round(v, 2) for v in value))
    return out


@pytest.mark.parametrize("scn", ["front_lines/front_lines.scn", "lines_and_webs/lines_and_webs.scn",
                                 "front_line/main.scn"])
def test_a_side_has_one_colour_on_its_board_and_its_counters(tmp_path, scn):
    scenario = dsl.load(CONTENT / scn)
    write_boards(scenario, tmp_path / "boards.pdf", PressOptions())
    write_counters(scenario, tmp_path / "counters.pdf", PressOptions())
    board_strokes = _colours(tmp_path / "boards.pdf", "stroking_color")
    counter_fills = _colours(tmp_path / "counters.pdf", "non_stroking_color")
    colours = side_colours(scenario)
    assert len(set(colours.values())) == len(colours), "two sides share a colour"
    for side, colour in colours.items():
        assert _rgb(colour) in counter_fills, f"{side}'s counters are not {colour}"
        assert _rgb(colour) in board_strokes, f"{side} is not {colour} on the board"


def _scenario(text: str):
    return dsl.loads(text, "t.scn")


BASE = """scenario "T" {
  ruleset front_lines
  sides %s
  terrain field { colour "#a8c686" }
  board b: grid 2 x 2 {
    key { . field }
    picture \"\"\"
      . .
      . .
    \"\"\"
  }
  piece infantry { moves 1 }
  %s
}
"""


def test_the_setup_colour_wins_then_side_colours_then_the_name_then_the_palette():
    s = _scenario(BASE % ("North, South", 'setup North { colour "#123456"; infantry at A1 }\n'
                          '  setup South { infantry at B2 }'))
    assert side_colour(s, "North") == "#123456"
    assert side_colour(s, "South") == PALETTE[0]  # the first palette colour nobody took
    named = _scenario(BASE % ("Red, Blue", "setup Red { infantry at A1 }"))
    assert side_colours(named) == {"Red": "#a8322b", "Blue": "#2c5d8f"}


def test_a_palette_side_never_takes_the_colour_another_side_was_given():
    s = _scenario(BASE % ("Alpha, Beta", 'setup Beta { colour "#a8322b"; infantry at A1 }'))
    colours = side_colours(s)
    assert colours["Beta"] == "#a8322b"
    assert colours["Alpha"] != colours["Beta"]


def test_a_symbol_shape_the_press_cannot_draw_is_an_error_at_its_position():
    from toolkit.pnp.checks import check_press

    s = _scenario(BASE % ("A, B", 'press { symbols { op_site { shape dimond } } }'))
    [d] = [d for d in check_press(s) if "shape" in d.message]
    assert d.is_error and (d.line, d.column) == (13, 31) and "unknown shape 'dimond'" in d.message
    assert "diamond" in (d.hint or "")
