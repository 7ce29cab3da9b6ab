"""Zones a board does not print: `print false` (PDF read back)."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

import dsl
from toolkit.pnp.boards import write_boards
from toolkit.pnp.units import PressOptions

CONTENT = Path(__file__).resolve().parent.parent / "content"

BOARD = '''scenario "Zones" {
  ruleset none
  sides Red, Green
  terrain plain { colour "#9cc46b" }
  board main: BOARD_KIND {
    terrain plain
    NODES
    zone keepme: SPACES_A
    zone hideme: SPACES_B { print false }
    zone alsoshown: SPACES_B { print true }
  }
}'''

GRID = {"BOARD_KIND": "grid 4 x 4", "NODES": "", "SPACES_A": "A1..B2", "SPACES_B": "C3..D4"}
MAP = {"BOARD_KIND": "map", "NODES": "node a at 0, 0\n node b at 60, 0\n node c at 0, 60\n node d at 60, 60",
       "SPACES_A": "a, b", "SPACES_B": "c, d"}


def text_of(pdf: Path) -> str:
    with pdfplumber.open(pdf) as doc:
        return " ".join(page.extract_text() or "" for page in doc.pages)


@pytest.mark.parametrize("kind", [GRID, MAP], ids=["grid", "map"])
def test_a_zone_with_print_false_is_neither_drawn_nor_in_the_legend(tmp_path, kind):
    text = BOARD
    for k, v in kind.items():
        text = text.replace(k, v)
    scenario = dsl.loads(text, path="<test>")
    assert scenario.boards["main"].zones[1].fields.get("print") is False
    pdf = tmp_path / "boards.pdf"
    write_boards(scenario, pdf, PressOptions())
    seen = text_of(pdf)
    assert "keepme" in seen and "alsoshown" in seen  # on the board and in the legend
    assert "hideme" not in seen
    # the zone still exists for the rules
    assert [z.name for z in scenario.boards["main"].zones] == ["keepme", "hideme", "alsoshown"]



def test_front_lines_board_draws_only_the_centre_and_the_deployment_rows(tmp_path):
    scenario = dsl.load(CONTENT / "front_lines" / "front_lines.scn")
    pdf = tmp_path / "boards.pdf"
    write_boards(scenario, pdf, PressOptions())
    seen = text_of(pdf)
    for shown in ("Centre squares", "North sets up here", "South sets up here"):  # the zones' titles
        assert shown in seen
    for hidden in ("spawn", "hidden", "skills"):
        assert hidden not in seen
