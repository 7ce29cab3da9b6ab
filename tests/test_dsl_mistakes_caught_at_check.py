"""The language catches every mistake at `check`, once, where it was made.

A table pins each new diagnostic (message, line, column, hint, notes); the
examples a new user tried each give one positioned error and no traceback.
"""

from __future__ import annotations

import pytest

from dsl import DslError, loads
from dsl.fields import ELEMENT_FIELDS, FieldSpec, check_fields, normalise_colour, piece_schema
from dsl.model import Field, Fields, Pos
from toolkit.cli import main

HEAD = 'scenario "T" {\nruleset demo\nsides Red, Blue\nterrain plain\n'  # the body starts on line 5
BOARD = "board b: grid 8 x 8 { terrain plain }\n"                       # a board on line 5


def diagnostics(body: str):
    with pytest.raises(DslError) as err:
        loads(HEAD + body + "\n}\n", path="t.scn")
    return err.value.diagnostics


def pinned(d):
    return (d.line, d.column, d.message, d.hint, tuple((n.line, n.column, n.message) for n in d.notes))


LAYOUT = BOARD + "layout c 60mm x 80mm {\n"  # the layout on line 6, its elements from line 7
TABLE = [
    # typed element fields
    pytest.param(LAYOUT + ' text at 1mm, 1mm 10mm x 5mm "x" { font_size 14pt }\n}',
                 (7, 46, "layout 'c': text at 1mm, 1mm: font_size takes a number, not the length 14pt",
                  "write `font_size 14` (points, no unit)", ()), id="font_size_length"),
    pytest.param(LAYOUT + ' rect at 1mm, 1mm 10mm x 5mm { fill "#f4efe" }\n}',
                 (7, 37, "layout 'c': rect at 1mm, 1mm: fill: '#f4efe' is not a colour: it has 5 hex digits",
                  'write 3 or 6 hex digits: "#rgb" or "#rrggbb"', ()), id="fill_five_digits"),
    pytest.param(LAYOUT + ' rect at 1mm, 1mm 10mm x 5mm { stroke "#12345g" }\n}',
                 (7, 39, "layout 'c': rect at 1mm, 1mm: stroke: '#12345g' is not a colour: 'g' is not a hex digit",
                  'hex colours use 0-9 and a-f: "#rgb" or "#rrggbb"', ()), id="stroke_bad_digit"),
    pytest.param(LAYOUT + ' text at 1mm, 1mm 10mm x 5mm "x" { colour "greeen" }\n}',
                 (7, 43, "layout 'c': text at 1mm, 1mm: colour: unknown colour 'greeen'",
                  "did you mean 'green'?", ()), id="colour_greeen"),
    pytest.param(LAYOUT + ' text at 1mm, 1mm 10mm x 5mm "x" { colur red }\n}',
                 (7, 36, "layout 'c': text at 1mm, 1mm: unknown field 'colur'", "did you mean 'colour'?", ()),
                 id="element_field_typo"),
    pytest.param(LAYOUT + ' text at 1mm, 1mm 10mm x 5mm "x" { align centre }\n}',
                 (7, 42, "layout 'c': text at 1mm, 1mm: align: 'centre' is not one of left, center, right",
                  "did you mean 'center'?", ()), id="align_choice"),
    pytest.param(LAYOUT + ' text at 1mm, 1mm 10mm x 5mm "x" { font Helvetca }\n}',
                 (7, 41, "layout 'c': text at 1mm, 1mm: font: unknown font 'Helvetca'",
                  'declare it with `font Helvetca "file.ttf"`, or use sans, sans-bold, sans-italic, '
                  'sans-bold-italic', ()), id="font_unknown"),
    pytest.param(LAYOUT + ' rect at 1mm, 1mm 10mm x 5mm { radius 2 }\n}',
                 (7, 39, "layout 'c': rect at 1mm, 1mm: radius takes a length, not the number 2",
                  "add a unit: `radius 2mm` (lengths take mm, cm, in, pt)", ()), id="radius_no_unit"),
    pytest.param(LAYOUT + ' text at 1mm, 1mm 10mm x 5mm "x" { shrink 2 }\n}',
                 (7, 43, "layout 'c': text at 1mm, 1mm: shrink is a flag: write `shrink` alone (or "
                  "`shrink false`), not a number 2", None, ()), id="flag_with_value"),
    pytest.param(LAYOUT + ' text at 1mm, 1mm 10mm x 5mm "x" { rotate 45 }\n}',
                 (7, 43, "layout 'c': text at 1mm, 1mm: rotate is 45; it must be a multiple of 90",
                  "write 0, 90, 180 or 270", ()), id="rotate_quarter"),
    pytest.param(LAYOUT + ' background "#zzz"\n}',
                 (7, 13, "layout 'c': background: '#zzz' is not a colour: 'z' is not a hex digit",
                  'hex colours use 0-9 and a-f: "#rgb" or "#rrggbb"', ()), id="layout_background"),
    pytest.param(LAYOUT + ' bleed 3\n}',
                 (7, 8, "layout 'c': bleed takes a length, not the number 3",
                  "add a unit: `bleed 3mm` (lengths take mm, cm, in, pt)", ()), id="layout_bleed"),
    # terrain and zones
    pytest.param('terrain g { color "#aabbcc" }\n' + BOARD,
                 (5, 13, "terrain 'g': 'color' is spelt 'colour' in scenarios",
                  "write `colour …`: every reader looks for that one spelling", ()), id="color_spelling"),
    pytest.param('terrain g { colour "greeen" }\n' + BOARD,
                 (5, 20, "terrain 'g': colour: unknown colour 'greeen'", "did you mean 'green'?", ()),
                 id="terrain_colour"),
    pytest.param('terrain g { height high }\n' + BOARD,
                 (5, 20, "terrain 'g': height takes a number, not high", "write `height 2`", ()),
                 id="terrain_height"),
    pytest.param("board b: grid 2 x 2 { terrain plain\n zone z: A1 { print maybe } }",
                 (6, 21, "zone 'z': print is a flag: write `print` alone (or `print false`), not maybe", None, ()),
                 id="zone_print"),
    pytest.param(BOARD + 'setup Red { colour "#ff00" }',
                 (6, 20, "setup 'Red': colour: '#ff00' is not a colour: it has 4 hex digits",
                  'write 3 or 6 hex digits: "#rgb" or "#rrggbb"', ()), id="setup_colour"),
    # one error per mistake
    pytest.param(BOARD + "peice infantry\nsetup Red { infantry at A1, C1\n infantry at E1 }\n"
                 "setup Blue { infantry at A8; reserve infantry x2 }",
                 (6, 1, "unknown statement 'peice'", "did you mean 'piece'?", ()), id="misspelt_keyword_once"),
    pytest.param(BOARD + "piece infantry\nsetup Red { infantri at A1, C1, E1, G1 }",
                 (7, 13, "unknown piece 'infantri'", "did you mean 'infantry'?", ()), id="unknown_piece_once"),
    pytest.param(BOARD + "piece infantry\nsetup Red { infantri at A1\n infantri at B1\n infantri at C1\n"
                 " infantri at D1\n infantri at E1\n reserve infantri }",
                 (7, 13, "unknown piece 'infantri'", "did you mean 'infantry'?",
                  ((8, 2, "also used here"), (9, 2, "also used here"),
                   (10, 2, "also used here, and 2 more uses"))), id="unknown_piece_grouped"),
    pytest.param("board b: grid 3 x 1 {\n key { . plain }\n picture \"\"\"\n q q q\n \"\"\"\n}",
                 (8, 2, "symbol 'q' is not in the key of board 'b'", "the key has: .",
                  ((8, 4, "also drawn here"), (8, 6, "also drawn here"))), id="picture_symbol_once"),
    # notes like a compiler's
    pytest.param(BOARD + "deck d {\n card a\n card a\n}",
                 (8, 7, "card 'a' is defined twice in deck 'd'", None, ((7, 7, "first defined here"),)),
                 id="card_twice_note"),
    pytest.param(BOARD + "piece inf { range 1\n range 2 }",
                 (7, 2, "piece 'inf': field 'range' is set twice", None, ((6, 13, "first defined here"),)),
                 id="field_twice_note"),
    pytest.param("board b: grid 2 x 2 {\n key { . plain\n . plain }\n terrain plain }",
                 (7, 2, "symbol '.' is already in the key (as 'plain')", None, ((6, 8, "first defined here"),)),
                 id="key_twice_note"),
    pytest.param(BOARD + "piece infantry\nsetup Red { infantry at a1 }",
                 (7, 25, "infantry at a1: a1 is not on the board", "did you mean 'A1'?", ()), id="space_case_slip"),
    pytest.param("board b: grid 2 x 2 { terrain plain\n space b2 { city } }",
                 (6, 8, "space 'b2' is not on board 'b' (2 x 2)", "did you mean 'B2'?", ()), id="space_stmt_case_slip"),
    pytest.param("board b: grid 2 x 2 { terrain plain\n zone z: A1, b1 }",
                 (6, 7, "zone 'z': space 'b1' is not on board 'b'", "did you mean 'B1'?", ()), id="zone_case_slip"),
    pytest.param("terrain Hill\n" + BOARD.replace("terrain plain", "terrain hill"),
                 (6, 31, "unknown terrain 'hill'", "did you mean 'Hill'?", ()), id="terrain_case_slip"),
    pytest.param(BOARD + "layout c 63mmm x 88mm {\n}",
                 (6, 12, "unknown unit 'mmm'; lengths take mm, cm, in, pt", None, ()), id="unknown_unit"),
]


@pytest.mark.parametrize("body, expected", TABLE)
def test_every_new_diagnostic_is_pinned(body, expected):
    found = diagnostics(body)
    assert len(found) == 1, [d.render() for d in found]
    assert pinned(found[0]) == expected


def test_missing_closing_brace_names_the_block_and_where_the_parser_noticed():
    text = ('scenario "T" {\n  ruleset demo\n  sides Red, Blue\n  terrain plain\n'
            '  board b: grid 8 x 8 {\n    terrain plain\n    zone north: A1..H1 {\n      owner Red\n  }\n'
            '  piece inf\n  setup Red {\n    inf at A1\n  }\n}\n')
    with pytest.raises(DslError) as err:
        loads(text, path="t.scn")
    (d,) = err.value.diagnostics
    assert pinned(d) == (12, 12, "`{` opened at 7:24 is never closed",
                         "the parser noticed here (unexpected 'A1'); add the missing '}' where the block ends",
                         ((7, 24, "this block is never closed"),))
    assert "t.scn:7:24: note: this block is never closed" in d.render()


def test_a_syntax_error_in_an_included_file_does_not_cascade(tmp_path):
    (tmp_path / "units.scn").write_text("piece infantry { range 1 \n")  # never closed
    (tmp_path / "s.scn").write_text(HEAD + BOARD + 'include "units.scn"\nsetup Red { infantry at A1, B1 }\n}\n')
    from dsl import load

    with pytest.raises(DslError) as err:
        load(tmp_path / "s.scn")
    assert [d.message for d in err.value.diagnostics] == ["`{` opened at 1:16 is never closed"]


def test_file_level_errors_print_without_a_fake_position(tmp_path, capsys):
    assert main(["check", str(tmp_path / "missing.scn")]) == 1
    err = capsys.readouterr().err
    assert f"{tmp_path / 'missing.scn'}: error: no such file or folder" in err
    assert ":0:0" not in err


def test_hash_rgb_is_the_doubled_rrggbb_for_check_and_press():
    assert normalise_colour("#Abc") == "#aabbcc"
    from toolkit.pnp.render import colour

    assert colour("#abc", "x").hexval() == colour("#aabbcc", "x").hexval() == "0xaabbcc"


# ------------------------------------------------- a schema passed from outside


RULESET_PIECES = {"strength": FieldSpec("whole", None, "attack strength", minimum=0),
                  "moves": FieldSpec("whole", 1, "squares a turn")}


def test_a_ruleset_schema_reports_piece_field_typos_and_types():
    fields = Fields((Field("strenght", 2, Pos("t.scn", 3, 5), (Pos("t.scn", 3, 14),)),
                     Field("moves", "one", Pos("t.scn", 4, 5), (Pos("t.scn", 4, 11),)),
                     Field("counters", 4, Pos("t.scn", 5, 5), (Pos("t.scn", 5, 14),))))
    found = check_fields(fields, piece_schema(RULESET_PIECES), "piece 'infantry'")
    assert [pinned(d) for d in found] == [
        (3, 5, "piece 'infantry': unknown field 'strenght'", "did you mean 'strength'?", ()),
        (4, 11, "piece 'infantry': moves takes a whole number, not one", "write `moves 2`", ()),
    ]


def test_every_element_field_has_a_type_and_a_doc():
    for kind, schema in ELEMENT_FIELDS.items():
        for name, spec in schema.items():
            assert spec.doc, (kind, name)


# ------------------------------------------------- the mistakes new users made

NEW_USER_EXAMPLES = {
    "font_size_14pt": LAYOUT + ' text at 1mm, 1mm 10mm x 5mm "x" { font_size 14pt }\n}',
    "fill_f4efe": LAYOUT + ' rect at 1mm, 1mm 10mm x 5mm { fill "#f4efe" }\n}',
    "colour_greeen": 'terrain g { colour "greeen" }\n' + BOARD,
    "color": 'terrain g { color "#aabbcc" }\n' + BOARD,
    "peice": BOARD + "peice infantry\nsetup Red { infantry at A1, B1, C1, D1\n infantry at E1, F1, G1, H1, A2 }",
    "infantri": BOARD + "piece infantry\nsetup Red { infantri at A1, C1, E1, G1 }",
    "missing_brace": BOARD + "piece infantry\nsetup Red {\n infantry at A1\nsetup Blue {\n infantry at A8\n}",
    "63mmm": BOARD + "layout c 63mmm x 88mm {\n}",
    "duplicate_card": BOARD + "deck d {\n card a\n card a\n}",
    "a1": BOARD + "piece infantry\nsetup Red { infantry at a1 }",
}


@pytest.mark.parametrize("name", sorted(NEW_USER_EXAMPLES))
def test_each_mistake_a_new_user_made_gives_one_positioned_error(name, tmp_path, capsys):
    path = tmp_path / f"{name}.scn"
    path.write_text(HEAD + NEW_USER_EXAMPLES[name] + "\n}\n")
    assert main(["check", str(path)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    errors = [line for line in err.splitlines() if ": error: " in line]
    assert len(errors) == 1, err
    assert errors[0].startswith(f"{path}:") and errors[0].split(":")[1].isdigit()


# ------------------------------------------------------------------- folders


def test_check_folder_warns_about_a_stray_fragment_and_counts_it(tmp_path, capsys):
    (tmp_path / "units.scn").write_text("piece infantry\n")
    (tmp_path / "old.scn").write_text("# left over\npiece tank\n")
    (tmp_path / "s.scn").write_text(HEAD + BOARD + 'include "units.scn"\nsetup Red { infantry at A1 }\n}\n')
    assert main(["check", str(tmp_path)]) == 0  # a warning, not an error
    out, err = capsys.readouterr()
    assert f"{tmp_path / 'old.scn'}: warning: this file is neither a scenario nor included by one" in err
    assert "units.scn" not in err
    assert "checked 1 scenario: 1 ok, 0 with errors (0 errors); 1 stray file not checked" in out


def test_the_language_reference_lists_every_typed_field_with_its_type():
    from pathlib import Path

    from dsl.fields import LAYOUT_FIELDS, TERRAIN_FIELDS, ZONE_FIELDS

    doc = (Path(__file__).resolve().parent.parent / "docs" / "language.md").read_text()
    for schema in (LAYOUT_FIELDS, TERRAIN_FIELDS, ZONE_FIELDS):
        for name, spec in schema.items():
            assert f"| `{name}` | {spec.type}" in doc or f"| `{name}` | list of {spec.item}s" in doc, name
    for kind, schema in ELEMENT_FIELDS.items():
        row = next(line for line in doc.splitlines() if line.startswith(f"| `{kind}` | "))
        assert row.count("`") // 2 - 1 == len(schema), kind
        for name, spec in schema.items():
            assert f"`{name}` ({spec.type})" in row, (kind, name)


def test_check_json_carries_the_notes(tmp_path, capsys):
    import json

    path = tmp_path / "dup.scn"
    path.write_text(HEAD + BOARD + "deck d {\n card a\n card a\n}\n}\n")
    assert main(["check", "--json", str(path)]) == 1
    (d,) = json.loads(capsys.readouterr().out)["diagnostics"]
    assert (d["line"], d["column"], d["message"]) == (8, 7, "card 'a' is defined twice in deck 'd'")
    assert [(n["line"], n["column"], n["message"], n["severity"]) for n in d["notes"]] == \
        [(7, 7, "first defined here", "note")]


@pytest.mark.parametrize("text, opened", [
    pytest.param('a {\n  b "{" # {\n  c """\n{ {\n"""\n}\n', None, id="braces_in_strings_and_comments"),
    pytest.param("a {\n  b {\n    c\n}\n", (2, 5), id="inner_block_open_at_the_end"),
    pytest.param("a {\n  b {\n    c\n  d {\n  }\n}\n", (2, 5), id="closed_by_indentation"),
    pytest.param("a { b { c } }\n", None, id="balanced_on_one_line"),
])
def test_the_unclosed_block_is_found_by_nesting_and_indentation(text, opened):
    from dsl.parse import unclosed_brace

    assert unclosed_brace(text) == opened
