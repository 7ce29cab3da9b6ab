"""Each layout element's fields have one definition, the language's `dsl.fields.ELEMENT_FIELDS`:
`frontkit check` refuses what it does not allow, the renderer draws an omitted field with its
default, and docs/press.md lists every field (issue 16 item 2)."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pdfplumber
import pytest

import dsl
from dsl import fields as language
from dsl.fields import ELEMENT_FIELDS, element_defaults
from toolkit.pnp.cards import write_cards
from toolkit.pnp.checks import check_press
from toolkit.pnp.units import PressOptions

DOCS = Path(__file__).resolve().parent.parent / "docs" / "press.md"


def _layout(body: str):
    return dsl.loads('scenario "T" {\n  layout c 63mm x 88mm {\n    %s\n  }\n'
                     '  ruleset front_lines; sides A, B; terrain t\n'
                     '  board b: grid 1 x 1 { terrain t }\n}\n' % body, "t.scn")


def _deck(body: str):
    """A one-card deck whose face is the layout `body`."""
    return dsl.loads('scenario "T" {\n  ruleset none; sides A, B; terrain t\n'
                     '  board b: grid 1 x 1 { terrain t }\n'
                     '  layout c 63mm x 88mm {\n    %s\n  }\n'
                     '  deck d "D" { layout c; card one { text "Wide words" } }\n}\n' % body, "t.scn")


def _sizes(scenario, tmp_path: Path, letter: str = "W") -> set[float]:
    out = tmp_path / "cards.pdf"
    write_cards(scenario, out, PressOptions(backs="none"))
    with pdfplumber.open(out) as pdf:
        return {round(c["size"], 2) for c in pdf.pages[0].chars if c["text"] == letter}


@pytest.fixture
def table_default(monkeypatch):
    """Change one default in the language's table for the length of a test."""
    def change(kind: str, name: str, value) -> None:
        specs = dict(ELEMENT_FIELDS[kind])
        specs[name] = dataclasses.replace(specs[name], default=value)
        monkeypatch.setitem(ELEMENT_FIELDS, kind, specs)
    return change


def test_the_press_keeps_no_table_of_element_fields_of_its_own():
    """toolkit/pnp/fields.py (the press's copy of the table) is gone; nothing imports it."""
    root = Path(__file__).resolve().parent.parent / "toolkit"
    assert not (root / "pnp" / "fields.py").exists()
    assert not [p for p in root.rglob("*.py") if "pnp.fields" in p.read_text()]


def test_the_docs_name_every_element_field_of_the_table():
    text = DOCS.read_text()
    table = text[text.index("| element | fields |"):text.index("Colours are")]
    for kind, specs in ELEMENT_FIELDS.items():
        assert f"| `{kind}` |" in table or kind == "box", kind
        for name in specs:
            assert re.search(rf"`{name}[` ]", table), f"docs/press.md does not list {name}"


def test_the_text_defaults_are_the_documented_ones():
    text = element_defaults("text")
    assert (text["font"], text["font_size"], text["min_font_size"], text["leading"]) == ("sans", 9.0, 6.0, 1.2)
    assert (text["align"], text["valign"], text["colour"], text["shrink"]) == ("left", "top", "black", False)
    assert element_defaults("rect")["bleed"] is True and element_defaults("image")["fit"] == "contain"
    assert element_defaults("box") == text


def test_the_renderer_draws_text_at_the_tables_font_size_when_the_layout_gives_none(tmp_path, table_default):
    layout = 'text at 4mm, 4mm 55mm x 20mm "{{ card.text }}"'
    assert _sizes(_deck(layout), tmp_path) == {9.0}
    table_default("text", "font_size", 14.0)
    assert _sizes(_deck(layout), tmp_path) == {14.0}
    assert _sizes(_deck(layout + " { font_size 11 }"), tmp_path) == {11.0}  # a layout's own value wins


def test_shrink_stops_at_the_tables_min_font_size_when_the_layout_gives_none(tmp_path, table_default):
    layout = 'text at 4mm, 4mm 5mm x 5mm "{{ card.text }}" { font_size 12; shrink }'
    assert _sizes(_deck(layout), tmp_path) == {6.0}  # far too long for 5 mm: shrunk as far as allowed
    table_default("text", "min_font_size", 8.0)
    assert _sizes(_deck(layout), tmp_path) == {8.0}


def _chars(scenario, tmp_path: Path) -> list[dict]:
    out = tmp_path / "cards.pdf"
    write_cards(scenario, out, PressOptions(backs="none"))
    with pdfplumber.open(out) as pdf:
        return [c for c in pdf.pages[0].chars if c["text"] != " "]


def test_the_renderer_takes_the_text_colour_and_alignment_from_the_table(tmp_path, table_default):
    layout = 'text at 4mm, 4mm 55mm x 20mm "{{ card.text }}"'
    left = _chars(_deck(layout), tmp_path)
    assert {tuple(c["non_stroking_color"]) for c in left} == {(0, 0, 0)}  # black: the table's default
    table_default("text", "colour", "#ff0000")
    table_default("text", "align", "right")
    right = _chars(_deck(layout), tmp_path)
    assert {tuple(round(v, 2) for v in c["non_stroking_color"]) for c in right} == {(1.0, 0.0, 0.0)}
    # left-aligned text starts at the box's left edge, right-aligned ends at its right: 55 mm apart
    span = (max(c["x1"] for c in right) - min(c["x0"] for c in left)) / 72 * 25.4
    assert abs(span - 55) < 0.3


def test_the_counter_faces_never_print_under_the_tables_min_font_size():
    from toolkit.pnp import counters

    assert counters.MIN_TEXT == element_defaults("text")["min_font_size"] == 6.0


def test_check_refuses_a_field_the_table_does_not_give_that_kind():
    assert "radius" in ELEMENT_FIELDS["rect"] and "radius" not in ELEMENT_FIELDS["text"]
    with pytest.raises(dsl.DslError, match="unknown field 'radius'"):
        _layout('text at 1mm, 1mm 10mm x 5mm "x" { font_size 9; leading 1.3; radius 2mm }')


def test_check_refuses_color_and_names_the_one_spelling():
    with pytest.raises(dsl.DslError, match="'color' is spelt 'colour'"):
        _layout('text at 1mm, 1mm 10mm x 5mm "x" { color "#ff0000" }')


def test_a_choice_outside_the_table_is_refused_at_check_with_the_choices():
    with pytest.raises(dsl.DslError) as err:
        _layout('text at 1mm, 1mm 10mm x 5mm "x" { align centre }')
    [d] = err.value.diagnostics
    assert (d.line, d.column) == (3, 45) and "is not one of left, center, right" in d.message
    assert d.hint == "did you mean 'center'?"


def test_a_new_choice_in_the_table_is_one_check_accepts(monkeypatch):
    specs = dict(ELEMENT_FIELDS["text"])
    specs["align"] = dataclasses.replace(specs["align"], choices=("left", "center", "right", "justify"))
    monkeypatch.setitem(language.ELEMENT_FIELDS, "text", specs)
    _layout('text at 1mm, 1mm 10mm x 5mm "x" { align justify }')  # no DslError


def test_a_layout_asking_for_text_under_6_pt_gets_a_warning():
    s = _layout('text at 1mm, 1mm 10mm x 5mm "x" { font_size 5; shrink; min_font_size 4 }')
    diags = check_press(s)
    assert [(d.severity, d.column) for d in diags] == [("warning", 39), ("warning", 60)]
    assert "font_size 5 prints under 6 pt" in diags[0].message
