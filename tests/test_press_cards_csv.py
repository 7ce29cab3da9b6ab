"""Card data from spreadsheets (issue 16 item 8): `deck NAME "Title" from "file.csv"`, one row
per card, columns as fields, a quantity column; mistakes are diagnostics at file:row:column."""

from __future__ import annotations

from pathlib import Path

import pytest

import dsl
from dsl.errors import DslError

ROOT = Path(__file__).resolve().parent.parent

SCENARIO = '''scenario "T" {
  ruleset none
  sides A, B
  terrain t
  board b: grid 1 x 1 { terrain t }
  deck orders "Orders" from "orders.csv" { card extra { text "written here" } }
}
'''


def _load(tmp_path: Path, csv_text: str, scenario: str = SCENARIO):
    (tmp_path / "orders.csv").write_text(csv_text)
    (tmp_path / "t.scn").write_text(scenario)
    return dsl.load(tmp_path / "t.scn")


def _error(tmp_path: Path, csv_text: str, scenario: str = SCENARIO) -> tuple[str, int, int, str]:
    with pytest.raises(DslError) as err:
        _load(tmp_path, csv_text, scenario)
    d = err.value.diagnostics[0]
    return Path(d.path).name, d.line, d.column, d.message


def test_a_row_is_a_card_with_its_quantity_and_typed_fields(tmp_path):
    s = _load(tmp_path, 'name,quantity,title,cost,range,doubles,text\n'
                        'march,3,Forced March,2,1.5,yes,"Move two, then stop."\n'
                        'dig_in,,Dig In,1,,no,\n')
    deck = s.decks["orders"]
    assert [(c.name, c.quantity) for c in deck.cards] == [("march", 3), ("dig_in", 1), ("extra", 1)]
    march = deck.card_index["march"]
    assert march.title == "Forced March" and march.text == "Move two, then stop."
    assert (march.fields["cost"], march.fields["range"], march.fields["doubles"]) == (2, 1.5, True)
    assert "range" not in deck.card_index["dig_in"].fields  # an empty cell leaves the field out
    assert deck.size == 5


def test_the_csv_is_part_of_the_scenario_hash(tmp_path):
    a = _load(tmp_path, "name,quantity\nx,1\n").source_hash
    b = _load(tmp_path, "name,quantity\nx,2\n").source_hash
    assert a != b


@pytest.mark.parametrize("csv_text, where, message", [
    ("title,quantity\nA,1\n", (1, 1), "no `name` column"),
    ("name,quantity\nmarch,three\n", (2, 7), "quantity 'three' is not a whole number"),
    ("name,quantity\nmarch,0\n", (2, 7), "quantity '0' is not a whole number"),
    ("name,quantity,text\nmarch,1,Move,then stop\n", (2, 14), "this row has 4 cells, the header 3"),
    ("name,quantity\nmarch,1\nhalt,1\nmarch,2\n", (4, 1), "card 'march' is already on row 2"),
    ("name,quantity\n,2\n", (2, 1), "a card with no name"),
    ("name,quantity\nforced march,1\n", (2, 1), "'forced march' is not a card name"),
    ("name,move bonus\nx,1\n", (1, 6), "column 'move bonus' is not a field name"),
])
def test_a_csv_mistake_is_positioned_at_its_row_and_column(tmp_path, csv_text, where, message):
    path, line, column, text = _error(tmp_path, csv_text)
    assert path == "orders.csv" and (line, column) == where
    assert message in text


def test_a_missing_card_file_is_reported_at_the_deck(tmp_path):
    (tmp_path / "t.scn").write_text(SCENARIO)
    with pytest.raises(DslError) as err:
        dsl.load(tmp_path / "t.scn")
    d = err.value.diagnostics[0]
    assert (Path(d.path).name, d.line, d.column) == ("t.scn", 6, 29)
    assert "card file \"orders.csv\" does not exist" in d.message


def test_a_card_file_outside_the_scenario_folder_is_refused(tmp_path):
    inner = tmp_path / "game"
    inner.mkdir()
    (tmp_path / "orders.csv").write_text("name\nx\n")
    (inner / "t.scn").write_text(SCENARIO.replace('"orders.csv"', '"../orders.csv"'))
    with pytest.raises(DslError, match="leaves the scenario's folder"):
        dsl.load(inner / "t.scn")


def test_last_front_keeps_its_territory_deck_in_a_spreadsheet():
    s = dsl.load(ROOT / "content" / "last_front" / "last_front.scn")
    deck = s.decks["territory"]
    assert deck.fields["from"] == "territory.csv"
    assert {c.name: (c.quantity, c.fields["nation"]) for c in deck.cards} == {
        "american": (3, "american"), "british": (3, "british"),
        "soviet": (3, "soviet"), "german": (3, "german")}
    assert Path(deck.cards[0].pos.path).name == "territory.csv"
