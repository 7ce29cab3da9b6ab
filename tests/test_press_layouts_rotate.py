"""The element field `rotate`: text turned a quarter at a time about the element's centre."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

import dsl
from toolkit.pnp.cards import write_cards
from toolkit.pnp.units import MM, PressOptions

SCENARIO = '''
scenario "Turned" {
  ruleset none
  sides Red, Green
  terrain plain
  board table: grid 2 x 2 { terrain plain }
  layout turned 60mm x 80mm {
    bleed 0mm
    text at 0mm, 0mm 60mm x 10mm "UPRIGHT" { font_size 10; align center }
    text at 50mm, 10mm 10mm x 60mm "RIGHTEDGE" { font_size 10; align center; rotate ANGLE }
  }
  deck turned "Turned" { card one { } }
}
'''


def chars_of(tmp_path: Path, angle: str) -> list[dict]:
    src = tmp_path / "t.scn"
    src.write_text(SCENARIO.replace("ANGLE", angle))
    pdf = tmp_path / "cards.pdf"
    write_cards(dsl.load(src), pdf, PressOptions(backs="none"))
    with pdfplumber.open(pdf) as doc:
        return doc.pages[0].chars


def test_rotate_90_runs_text_up_the_right_edge(tmp_path):
    chars = chars_of(tmp_path, "90")
    upright = "".join(c["text"] for c in chars if c["upright"])
    turned = [c for c in chars if not c["upright"]]
    assert "UPRIGHT" in upright
    assert "".join(c["text"] for c in turned) == "RIGHTEDGE"
    # laid out along the 60 mm side: spread vertically, in a 10 mm wide column
    xs = [c["x0"] for c in turned]
    tops = [c["top"] for c in turned]
    assert max(xs) - min(xs) < 10 * MM
    assert max(tops) - min(tops) > 12 * MM  # nine letters at 10 pt: about 18 mm
    assert tops == sorted(tops, reverse=True)  # reading order goes up the page


def test_rotate_must_be_a_quarter_turn(tmp_path):
    with pytest.raises(dsl.DslError, match="rotate is 45; it must be a multiple of 90"):  # refused at check
        chars_of(tmp_path, "45")
