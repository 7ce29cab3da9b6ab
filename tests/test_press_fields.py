"""Each layout element's fields have one definition (toolkit/pnp/fields.py) that the press
checks, the renderer's defaults and the docs follow (issue 16 item 2)."""

from __future__ import annotations

import re
from pathlib import Path

import dsl
import pytest
from toolkit.pnp.checks import check_press
from toolkit.pnp.fields import ELEMENT_FIELDS, default, known_fields
from toolkit.pnp.render import DEFAULT_FONT_SIZE

DOCS = Path(__file__).resolve().parent.parent / "docs" / "press.md"


def _layout(body: str):
    return dsl.loads('scenario "T" {\n  layout c 63mm x 88mm {\n    %s\n  }\n'
                     '  ruleset front_lines; sides A, B; terrain t\n'
                     '  board b: grid 1 x 1 { terrain t }\n}\n' % body, "t.scn")


def test_the_docs_name_every_element_field_of_the_table():
    text = DOCS.read_text()
    table = text[text.index("| element | fields |"):text.index("Colours are")]
    for spec in ELEMENT_FIELDS:
        assert re.search(rf"`{spec.name}[` ]", table), f"docs/press.md does not list {spec.name}"


def test_every_field_the_language_accepts_for_a_kind_is_one_the_press_draws():
    """The language (dsl.fields) refuses a field an element kind does not take at
    `check`; every field it accepts is in the press's table, so nothing that checks
    clean is silently ignored by the renderer (`color` is the press's alias only)."""
    from dsl.fields import COMMON_ELEMENT_FIELDS, ELEMENT_FIELDS as LANGUAGE

    for kind, table in LANGUAGE.items():
        assert set(table) | set(COMMON_ELEMENT_FIELDS) <= known_fields(kind), kind
    assert "radius" in known_fields("rect") and "radius" not in known_fields("text")
    with pytest.raises(dsl.DslError, match="unknown field 'radius'"):
        _layout('text at 1mm, 1mm 10mm x 5mm "x" { font_size 9; leading 1.3; radius 2mm }')


def test_a_choice_outside_the_table_is_refused_at_check_with_the_choices():
    with pytest.raises(dsl.DslError) as err:
        _layout('text at 1mm, 1mm 10mm x 5mm "x" { align centre }')
    [d] = err.value.diagnostics
    assert (d.line, d.column) == (3, 45) and "is not one of left, center, right" in d.message
    assert d.hint == "did you mean 'center'?"


def test_the_renderer_takes_its_defaults_from_the_table():
    assert DEFAULT_FONT_SIZE == default("font_size") == 9.0
    assert default("min_font_size") == 6.0  # nothing shrinks below 6 pt unless a layout says so


def test_a_layout_asking_for_text_under_6_pt_gets_a_warning():
    s = _layout('text at 1mm, 1mm 10mm x 5mm "x" { font_size 5; shrink; min_font_size 4 }')
    diags = check_press(s)
    assert [(d.severity, d.column) for d in diags] == [("warning", 39), ("warning", 60)]
    assert "font_size 5 prints under 6 pt" in diags[0].message
