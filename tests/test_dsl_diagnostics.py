"""Every diagnostic: exact message, line and column, and the hint where one helps."""

from __future__ import annotations

from pathlib import Path

import pytest

from dsl import DslError, load, loads

HEAD = 'scenario "T" {\nruleset demo\nsides Red, Blue\nterrain plain\nterrain hill\nterrain lake { impassable }\n'
# the body starts on line 7


def diags(body: str, board: bool = True):
    text = HEAD + ("board b: grid 3 x 3 { terrain plain }\n" if board else "") + body + "\n}\n"
    with pytest.raises(DslError) as err:
        loads(text, path="t.scn")
    return [(d.line, d.column, d.message, d.hint) for d in err.value.diagnostics]


def only(body: str, board: bool = True):
    found = diags(body, board)
    assert len(found) == 1, found
    return found[0]


# ------------------------------------------------------------------ syntax


def test_syntax_error_names_what_was_expected_in_words():
    line, col, msg, hint = only("board m grid 2 x 2 { terrain plain }")
    assert (line, col) == (8, 9)
    assert msg == "unexpected 'grid'; expected ':'"
    assert hint == "a board needs a name, a colon and a kind: `board main: grid 10 x 6 { … }`"


def test_syntax_error_quantity_with_space():
    line, col, msg, hint = only("deck d { card c x 2 }")
    assert (line, col) == (8, 17)
    assert hint == "a quantity is written `x2`, with no space"


def test_syntax_error_unclosed_block_points_at_end_of_file():
    with pytest.raises(DslError) as err:
        loads('scenario "s" {\n terrain t { height 1\n', path="u.scn")
    (d,) = err.value.diagnostics
    assert (d.line, d.column) == (2, 22)
    assert d.message == "`{` opened at 2:12 is never closed"
    assert d.hint == "the parser noticed here (unexpected end of the file); add the missing '}' where the block ends"


def test_syntax_error_extra_closing_brace():
    with pytest.raises(DslError) as err:
        loads('scenario "s" {\n}\n}\n', path="u.scn")
    (d,) = err.value.diagnostics
    assert (d.line, d.column, d.message, d.hint) == (3, 1, "unexpected '}'; expected the end of the file",
                                                     "there is one '}' too many")


def test_unexpected_character():
    line, col, msg, _ = only("piece p { cost @ }")
    assert (line, col) == (8, 16)
    assert msg.startswith("unexpected '@'; expected")


def test_syntax_error_an_unterminated_string_says_it_is_never_closed():
    line, col, msg, hint = only('deck d "Cards { card c }')
    assert (line, col) == (8, 8)
    assert msg == "this string is never closed: the line ends before its closing '\"'"
    assert hint.startswith('add the closing "')
    # a string closed later on its line is not called unterminated
    line, col, msg, _ = only('deck d { card c { title "A" "B" } }')
    assert "never closed" not in msg


def test_rendering_shows_the_line_and_a_caret():
    with pytest.raises(DslError) as err:
        loads(HEAD + "board b: grid 1 x 1 { terrain plian }\n}\n", path="r.scn")
    text = str(err.value)
    assert text.splitlines()[:4] == [
        "r.scn:7:31: error: unknown terrain 'plian'",  # the caret under the name, not the field
        "    7 | board b: grid 1 x 1 { terrain plian }",
        "      |                               ^",
        "hint: did you mean 'plain'?",
    ]
    assert text.endswith("1 error")


# --------------------------------------------------------------- semantics


def test_misspelt_keyword_at_top_level_is_suggested():
    assert only("terain hill { height 1 }")[2:] == ("unknown statement 'terain'", "did you mean 'terrain'?")


def test_duplicate_names_point_at_the_second_definition():
    line, col, msg, hint = only("piece inf\npiece inf")
    assert (line, col, msg) == (9, 7, "piece 'inf' is defined twice")
    assert hint is None
    with pytest.raises(DslError) as err:
        loads(HEAD + "board b: grid 3 x 3 { terrain plain }\npiece inf\npiece inf\n}\n", path="t.scn")
    (note,) = err.value.diagnostics[0].notes
    assert (note.path, note.line, note.column, note.message, note.severity) == \
        ("t.scn", 8, 7, "first defined here", "note")


def test_duplicate_field():
    assert only("piece inf { moves 1; moves 2 }")[:3] == (8, 22, "piece 'inf': field 'moves' is set twice")


def test_unknown_terrain_in_key_suggests_nearest():
    line, col, msg, hint = only('board m: grid 2 x 1 {\n key { . plain  h hil }\n picture """\n . h\n """\n}',
                                board=False)
    assert msg == "unknown terrain 'hil'" and hint == "did you mean 'hill'?"


def test_picture_rows_of_different_width():
    found = diags('board m: grid 3 x 2 {\n key { . plain }\n picture """\n . . .\n . .\n """\n}', board=False)
    assert (11, 2, "picture row has 2 spaces; board 'm' is 3 wide",
            "every row needs one symbol per space, separated by spaces") in found


def test_picture_symbol_missing_from_key():
    found = diags('board m: grid 2 x 1 {\n key { . plain }\n picture """\n . ~\n """\n}', board=False)
    assert found == [(10, 4, "symbol '~' is not in the key of board 'm'", "the key has: .")]


def test_picture_with_wrong_row_count():
    found = diags('board m: grid 1 x 2 {\n key { . plain }\n picture """\n .\n """\n}', board=False)
    assert (9, 10, "picture of board 'm' has 1 rows; the board has 2", None) in found


def test_placement_off_the_board():
    line, col, msg, hint = only("piece inf\nsetup Red { inf at D4 }")
    assert (line, col, msg, hint) == (9, 20, "inf at D4: D4 is not on the board", "spaces run from A1 to C3")


def test_placement_on_impassable_space():
    body = 'board m: grid 2 x 1 {\n key { . plain  ~ lake }\n picture """\n . ~\n """\n}\npiece inf\nsetup Red { inf at B1 }'
    assert only(body, board=False)[2] == "inf at B1: B1 is lake, which is impassable"


def test_unknown_piece_in_placement_and_reserve():
    found = diags("piece infantry\nsetup Red { infantri at A1; reserve tnak x2 }")
    assert (9, 13, "unknown piece 'infantri'", "did you mean 'infantry'?") in found
    assert (9, 37, "unknown piece 'tnak' in the reserve", "expected one of: infantry") in found


def test_setup_for_unknown_side():
    assert only("setup Grene { }")[2:] == ("setup for 'Grene', which is not a side", "did you mean 'Red'?") or \
        only("setup Grene { }")[2] == "setup for 'Grene', which is not a side"


def test_unknown_card_in_hand():
    assert only("deck d { card ace x2 }\nsetup Red { hand aec }")[2:] == ("unknown card 'aec' in the hand",
                                                                          "did you mean 'ace'?")


def test_link_to_unknown_node():
    body = "board w: map { terrain plain\n node N1 at 0, 0\n node N2 at 1, 0\n link N1 N3 }"
    line, col, msg, hint = only(body, board=False)
    assert (line, col, msg) == (10, 7, "link N1–N3: unknown node 'N3'")
    assert hint == "expected one of: N1, N2"


def test_grid_link_between_squares_that_are_not_adjacent():
    assert only("board g: grid 3 x 1 { terrain plain; link A1 C1 { river } }", board=False)[2] == \
        "link A1–C1: the spaces are not adjacent"


def test_node_without_position():
    assert only("board w: map { terrain plain; node N1 }", board=False)[2:] == (
        "node 'N1' has no position", "write `node N1 at X, Y`")


def test_zero_quantity_card_and_placement():
    found = diags("piece inf\ndeck d { card c x0 }\nsetup Red { inf x0 at A1 }")
    messages = [f[2] for f in found]
    assert "card 'c': a quantity must be at least 1" in messages
    assert "a quantity must be at least 1" in messages


def test_absurd_board_size_rejected_with_a_clear_message():
    line, col, msg, hint = only("board huge: hex 1000 x 1000 { terrain plain }")
    assert msg == "board 'huge' is 1,000 x 1,000; the limit is 500 spaces along one side of a board "\
                  "(raise it with --limit board_side=N)"
    assert hint == "split it into several boards"


def test_absurd_deck_size_rejected():
    assert only("deck big { card c x9000; card d x1001 }")[2] == (
        "with card 'd' deck 'big' holds 10,001 cards; the limit is 10,000 cards in one deck "
        "(raise it with --limit cards=N)")


def test_zero_sized_board():
    assert only("board z: grid 0 x 3 { terrain plain }")[2] == "board 'z' is 0 x 3; both sizes must be at least 1"


def test_layout_element_outside_the_card():
    found = only('layout c 60mm x 80mm {\n text at 50mm, 5mm 20mm x 5mm "x"\n}')
    assert found[:3] == (9, 2, "layout 'c': text at 50mm, 5mm reaches outside the 60mm x 80mm card")


def test_deck_with_unknown_layout():
    assert only("deck d { layout crad; card c }\nlayout card 63mm x 88mm { }")[2:] == (
        "deck 'd': unknown layout 'crad'", "did you mean 'card'?")


def test_owner_must_be_a_side():
    assert only("board o: grid 1 x 1 { terrain plain; space A1 { owner Gren } }", board=False)[2] == \
        "owner 'Gren' is not a side"


def test_missing_ruleset_sides_and_board_are_all_reported():
    with pytest.raises(DslError) as err:
        loads('scenario "empty" {\n}\n', path="e.scn")
    assert [d.message for d in err.value.diagnostics] == [
        "the scenario names no ruleset", "the scenario names no sides", "the scenario has no board"]


def test_all_diagnostics_collected_not_just_the_first():
    found = diags("piece inf\nsetup Red { inf at Z9, Y8 }\ndeck d { card c x0 }\nsetup Blu { }")
    assert len(found) == 4


def test_include_cycle(tmp_path: Path):
    (tmp_path / "a.scn").write_text('include "b.scn"\n')
    (tmp_path / "b.scn").write_text('include "a.scn"\n')
    main = tmp_path / "main.scn"
    main.write_text('scenario "T" { ruleset d; sides A, B\n include "a.scn"; terrain p; board b: grid 1 x 1 { terrain p } }')
    with pytest.raises(DslError) as err:
        load(main)
    (d,) = err.value.diagnostics
    assert d.message == "include cycle: a.scn → b.scn → a.scn"
    assert d.path.endswith("b.scn") and (d.line, d.column) == (1, 9)  # at the file name


def test_include_that_leaves_the_folder(tmp_path: Path):
    (tmp_path / "outside.scn").write_text("terrain p\n")
    (tmp_path / "game").mkdir()
    main = tmp_path / "game" / "main.scn"
    main.write_text('scenario "T" { ruleset d; sides A, B\n include "../outside.scn" }')
    with pytest.raises(DslError) as err:
        load(main)
    messages = [d.message for d in err.value.diagnostics]
    assert 'include "../outside.scn" leaves the scenario\'s folder' in messages


def test_include_of_missing_file(tmp_path: Path):
    main = tmp_path / "main.scn"
    main.write_text('scenario "T" { ruleset d; sides A, B\n include "gone.scn"\n terrain p; board b: grid 1 x 1 { terrain p } }')
    with pytest.raises(DslError) as err:
        load(main)
    (d,) = err.value.diagnostics
    assert (d.line, d.column, d.message) == (2, 10, 'included file "gone.scn" does not exist')


def test_included_whole_scenario_is_refused(tmp_path: Path):
    (tmp_path / "other.scn").write_text('scenario "X" { }\n')
    main = tmp_path / "main.scn"
    main.write_text('scenario "T" { ruleset d; sides A, B\n include "other.scn"\n terrain p; board b: grid 1 x 1 { terrain p } }')
    with pytest.raises(DslError) as err:
        load(main)
    assert err.value.diagnostics[0].message.startswith('"other.scn" is a whole scenario')


def test_binary_file_is_a_diagnostic(tmp_path: Path):
    f = tmp_path / "bin.scn"
    f.write_bytes(b"scenario \xff\xfe")
    with pytest.raises(DslError) as err:
        load(f)
    assert err.value.diagnostics[0].message == "the file is not UTF-8 text"


def test_fragment_loaded_as_scenario_is_refused(tmp_path: Path):
    f = tmp_path / "frag.scn"
    f.write_text("terrain plain\n")
    with pytest.raises(DslError) as err:
        load(f)
    assert err.value.diagnostics[0].message.startswith("this file holds no `scenario")


def test_horizontal_line_element_is_allowed_but_a_point_is_not():
    ok = 'layout c 60mm x 80mm {\n line at 5mm, 40mm 50mm x 0mm\n}'
    loads(HEAD + "board b: grid 1 x 1 { terrain plain }\n" + ok + "\n}\n", path="t.scn")
    assert only('layout c 60mm x 80mm {\n line at 5mm, 40mm 0mm x 0mm\n}')[2] == \
        "layout 'c': line at 5mm, 40mm: a line needs a length"
    assert only('layout c 60mm x 80mm {\n rect at 5mm, 40mm 10mm x 0mm\n}')[2] == \
        "layout 'c': rect at 5mm, 40mm has a size that is not positive"


def test_border_between_joined_spaces_is_refused():
    body = "board w: map { terrain plain\n node N1 at 0, 0\n node N2 at 1, 0\n link N1 N2\n border N1 N2 { river } }"
    assert only(body, board=False)[2:] == ("border N1–N2: the spaces are joined",
                                           "use `link N1 N2 { … }` to mark a feature on a connection")


def test_caret_line_is_the_parsers_line_even_with_form_feeds():
    with pytest.raises(DslError) as err:
        loads('scenario "s" {\n # a \x0c form feed\n terrain t { height @ }\n}\n', path="ff.scn")
    (d,) = err.value.diagnostics
    assert d.line == 3 and d.source_line == " terrain t { height @ }"


# Every remaining diagnostic, one row each: the statements (added to a scenario
# with sides Red, Blue, terrain plain/hill/lake and, unless the statements
# declare boards, a 3 x 3 board), then the exact line, column and message.
TABLE = [
    pytest.param('piece p { size 6000mm }', 8, 11, "piece 'p': field 'size': 6000mm is larger than anything printable (limit 5 m)", id='too_long'),
    pytest.param('board w: map { terrain plain\n node N1 at 0, 0\n node N1 at 1, 1 }', 9, 7, "node 'N1' is defined twice on board 'w'", id='node_dup'),
    pytest.param('board w: map {\n node N1 at 0, 0 }', 8, 7, "node 'N1' has no terrain", id='node_no_terrain'),
    pytest.param('board w: map { terrain plain\n node N1 at 0, 0\n link N1 N1 }', 9, 7, 'link N1–N1 joins a space to itself', id='link_self'),
    pytest.param('board z: grid 2 x 1 { terrain plain\n zone a: A1\n zone a: B1 }', 9, 7, "zone 'a' is defined twice on board 'z'", id='zone_dup'),
    pytest.param('board z: grid 2 x 1 { terrain plain\n zone a: A1, C1 }', 8, 7, "zone 'a': space 'C1' is not on board 'z'", id='zone_unknown_space'),
    pytest.param('board z: grid 2 x 1 { terrain plain\n zone a: A1 { owner Gren } }', 8, 15, "owner 'Gren' is not a side", id='zone_owner'),
    pytest.param('board w: map { terrain plain\n node N1 at 0, 0\n border N1 N9 { river } }', 9, 9, "border N1–N9: unknown space 'N9'", id='border_unknown'),
    pytest.param('piece inf\nsetup Red {\n inf B1\n}', 10, 2, "setup 'Red': 'inf' is a piece, but no space is given", id='piece_as_field'),
    pytest.param('piece inf\nsetup Red { inf at A1 on nowhere }', 9, 20, "unknown board 'nowhere'", id='placement_unknown_board'),
    pytest.param('piece inf\nsetup Red { reserve inf x0 }', 9, 21, 'a quantity must be at least 1', id='reserve_qty'),
    pytest.param('deck d { card a; card a }', 8, 23, "card 'a' is defined twice in deck 'd'", id='card_twice'),
    pytest.param('layout z 0mm x 10mm { }', 8, 8, "layout 'z' is 0mm x 10mm; both sizes must be positive", id='layout_zero'),
    pytest.param('layout z 6000mm x 10mm { }', 8, 8, "layout 'z' is larger than anything printable (limit 5 m)", id='layout_huge'),
    pytest.param('image art "a.png"\nlayout c 60mm x 80mm {\n image at 1mm, 1mm 10mm x 10mm { src atr }\n}', 10, 38, "layout 'c': image at 1mm, 1mm: unknown image 'atr'", id='image_unknown'),
    pytest.param('image art "a.png"\nlayout c 60mm x 80mm {\n text at 1mm, 1mm 10mm x 10mm "x" { font art }\n}', 10, 37, "layout 'c': text at 1mm, 1mm: 'art' is an image, not a font", id='font_is_image'),
    pytest.param('board k: grid 1 x 1 {\n key { . plain  . hill }\n picture """\n .\n """\n}', 8, 17, "symbol '.' is already in the key (as 'plain')", id='key_symbol_twice'),
    pytest.param('board g: grid 1 x 1 { terrain plain\n node N1 at 0, 0 }', 8, 7, "'node' belongs on a map; board 'g' is a grid", id='node_on_grid'),
    pytest.param('board m: map { terrain plain\n picture """\n .\n """\n}', 8, 10, "board 'm' is a map; pictures are for grids", id='picture_on_map'),
    pytest.param('board m: map { terrain plain\n node N1 at 0, 0\n space A1 { city } }', 9, 8, "'space' belongs on grids; board 'm' is a map", id='space_on_map'),
    pytest.param('board e: grid 2 x 2 { }', 7, 7, "board 'e' has neither a picture nor a default terrain", id='no_picture_no_terrain'),
    pytest.param('board t: grid 1 x 1 {\n key { . plain }\n picture """\n .\n """\n picture """\n .\n """\n}', 12, 10, "board 't' has more than one picture", id='two_pictures'),
    pytest.param('board t: grid 1 x 1 {\n picture """\n .\n """\n}', 8, 10, "board 't' has a picture but no key", id='picture_no_key'),
    pytest.param('board m: map { terrain plain\n node A1 at 0, 0\n node B1 at 1, 0\n zone z: A1..B1 }', 10, 10, "zone 'z': a range A1..B1 needs two grid spaces", id='zone_range_on_map'),
    pytest.param('board g: grid 2 x 2 { terrain plain\n space C3 { city } }', 8, 8, "space 'C3' is not on board 'g' (2 x 2)", id='space_not_on_board'),
    pytest.param('piece p { range 3-1 }', 8, 17, 'range 3-1 runs backwards', id='range_backwards'),
    pytest.param('deck d { card c { effect boom } }', 8, 19, "card 'c': an effect is a primitive with parameters", id='effect_not_call'),
]


@pytest.mark.parametrize("body, line, column, message", TABLE)
def test_diagnostic_table(body, line, column, message):
    found = diags(body, board=not body.startswith("board"))
    assert [(f[0], f[1], f[2]) for f in found] == [(line, column, message)]


def test_side_named_twice():
    with pytest.raises(DslError) as err:
        loads('scenario "T" {\nruleset demo\nsides Red, Red\nterrain plain\nboard b: grid 1 x 1 { terrain plain }\n}\n',
              path="t.scn")
    (d,) = err.value.diagnostics
    assert (d.line, d.column, d.message) == (3, 1, "a side is named twice")


def test_loading_a_folder_is_a_diagnostic(tmp_path: Path):
    with pytest.raises(DslError) as err:
        load(tmp_path)
    (d,) = err.value.diagnostics
    assert d.message == "is a folder, not a file"


def test_nul_byte_is_a_diagnostic_with_its_line(tmp_path: Path):
    f = tmp_path / "nul.scn"
    f.write_bytes(b'scenario "T" {\n\x00\n}\n')
    with pytest.raises(DslError) as err:
        load(f)
    (d,) = err.value.diagnostics
    assert (d.line, d.message) == (2, "the file holds a NUL byte; it is not a text file")


def test_oversized_file_is_refused_before_parsing(tmp_path: Path, monkeypatch):
    from dsl import limits

    f = tmp_path / "big.scn"
    f.write_text('scenario "Too big" { }')
    with limits.raised({"scenario_bytes": 10}), pytest.raises(DslError) as err:
        load(f)
    assert err.value.diagnostics[0].message == ("the file is 22 bytes; the limit is 10 bytes in a scenario "
                                                "file (raise it with --limit scenario_bytes=N)")


def test_piece_with_unknown_counter_layout():
    assert only("piece inf { front_layout unit_frnt }\nlayout unit_front 16mm x 16mm { }")[2:] == (
        "piece 'inf': unknown layout 'unit_frnt'", "did you mean 'unit_front'?")
