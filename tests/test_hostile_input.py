"""Hostile input (issue 12): every command ends quickly, in bounded memory, with a clear
message. One test per class of the issue, and each limit at its value and just past it
(limits are lowered with `limits.raised` so the files stay small)."""

from __future__ import annotations

import io
import json
import os
import re
import shutil
from pathlib import Path

import pytest

import dsl
from dsl import DslError, limits
from dsl.errors import Diagnostic
from toolkit import jsontext
from toolkit.cli import main
from toolkit.referee import record, registry
from toolkit.terminal import printable

DATA = Path(__file__).parent / "data"
TOY = Path(__file__).parent / "referee_toy" / "dice_race.scn"
registry.register("dice_race", "tests.referee_toy.dice_race:RULESET")

HEAD = 'scenario "s" {\n ruleset none\n sides A, B\n terrain plain\n board m: grid 4 x 3 { terrain plain }\n'


def messages(text: str, **lowered: int) -> list[str]:
    with limits.raised(lowered):
        try:
            dsl.loads(text)
        except DslError as err:
            return [d.message for d in err.diagnostics]
    return []


def body(statements: str, **lowered: int) -> list[str]:
    return messages(HEAD + statements + "\n}\n", **lowered)


def names_limit(message: str, name: str) -> bool:
    return f"--limit {name}=N" in message and "the limit is" in message


# ------------------------------------------------------------------- the limits


def test_every_limit_is_documented_with_its_value_in_docs_limits():
    doc = (Path(__file__).parents[1] / "docs" / "limits.md").read_text()
    for limit in limits.DEFAULTS:
        row = next((line for line in doc.splitlines() if line.startswith(f"| `{limit.name}`")), None)
        assert row is not None, limit.name
        assert f"{limit.value:,}" in row or _human(limit.value) in row, (limit.name, row)


def _human(n: int) -> str:
    return f"{n // 1024 // 1024} MiB" if n % (1024 * 1024) == 0 else f"{n // 1024} KiB"


def test_limit_spec_reads_names_values_and_k_m_suffixes():
    assert limits.parse_spec("scenario_bytes=2M, nesting_depth=100") == {
        "scenario_bytes": 2 * 1024 * 1024, "nesting_depth": 100}
    with pytest.raises(limits.LimitSpecError, match="did you mean 'nesting_depth'"):
        limits.parse_spec("nesting_dept=3")
    with pytest.raises(limits.LimitSpecError, match="whole number above 0"):
        limits.parse_spec("nesting_depth=-3")


def test_environment_variable_sets_limits():
    chosen = limits.from_environment({limits.ENVIRONMENT: "cards=20"})
    assert chosen.cards == 20 and chosen.quantity == limits.BY_NAME["quantity"].value


def test_command_line_limit_raises_a_limit_for_one_run(tmp_path, capsys):
    f = tmp_path / "s.scn"
    f.write_text(HEAD + "}\n")
    assert main(["check", str(f), "--limit", "scenario_bytes=50"]) == 1
    assert "raise it with --limit scenario_bytes=N" in capsys.readouterr().err
    assert main(["check", str(f), "--limit", "scenario_bytes=1K"]) == 0
    with pytest.raises(SystemExit) as exit_:
        main(["check", str(f), "--limit", "no_such=1"])
    assert exit_.value.code == 2


# -------------------------------------------------------------------- files


def test_scenario_size_at_and_past_its_limit(tmp_path):
    f = tmp_path / "s.scn"
    f.write_text(HEAD + "}\n")
    size = f.stat().st_size
    with limits.raised({"scenario_bytes": size}):
        dsl.load(f)
    with limits.raised({"scenario_bytes": size - 1}), pytest.raises(DslError) as err:
        dsl.load(f)
    assert names_limit(err.value.diagnostics[0].message, "scenario_bytes")


@pytest.mark.parametrize("make, words", [
    (lambda p: os.mkfifo(p), "FIFO"),
    (lambda p: os.symlink("/dev/zero", p), "device"),
    (lambda p: p.mkdir(), "folder"),
    (lambda p: (os.symlink(p.parent / "loop_b", p), os.symlink(p, p.parent / "loop_b")), "loops"),
])
def test_a_scenario_that_is_not_a_regular_file_is_refused_without_reading(tmp_path, make, words):
    target = tmp_path / "odd.scn"
    make(target)
    with pytest.raises(DslError) as err:
        dsl.load(target)
    assert words in err.value.diagnostics[0].message


@pytest.mark.parametrize("make, words", [
    (lambda p: os.mkfifo(p), "FIFO"),
    (lambda p: os.symlink("/dev/zero", p), "leaves the scenario's folder"),
    (lambda p: p.mkdir(), "folder"),
    (lambda p: os.symlink(p, p), "loops"),
])
def test_an_include_that_is_not_a_regular_file_is_refused_without_reading(tmp_path, make, words):
    make(tmp_path / "part.scn")
    main_file = tmp_path / "main.scn"
    main_file.write_text(HEAD + ' include "part.scn"\n}\n')
    with pytest.raises(DslError) as err:
        dsl.load(main_file)
    (d,) = [d for d in err.value.diagnostics if "part.scn" in d.message]
    assert words in d.message and d.line == 6


def test_include_sizes_at_and_past_their_limits(tmp_path):
    (tmp_path / "part.scn").write_text("terrain hill\n")
    size = (tmp_path / "part.scn").stat().st_size
    main_file = tmp_path / "main.scn"
    main_file.write_text(HEAD + ' include "part.scn"\n}\n')
    with limits.raised({"include_bytes": size, "includes_total_bytes": size}):
        assert "hill" in dsl.load(main_file).terrains
    with limits.raised({"include_bytes": size - 1}), pytest.raises(DslError) as err:
        dsl.load(main_file)
    assert names_limit(err.value.diagnostics[0].message, "include_bytes")
    main_file.write_text(HEAD + ' include "part.scn"\n include "part.scn"\n}\n')
    with limits.raised({"includes_total_bytes": 2 * size - 1}), pytest.raises(DslError) as err:
        dsl.load(main_file)
    (d,) = err.value.diagnostics
    assert names_limit(d.message, "includes_total_bytes") and d.line == 7


def test_include_bomb_parses_each_file_once_and_stops_at_the_include_count(tmp_path, monkeypatch):
    """Each file includes the next twice: 2^30 expansions unless something stops it."""
    for i in range(30):
        (tmp_path / f"p{i}.scn").write_text(f'include "p{i + 1}.scn"\ninclude "p{i + 1}.scn"\n')
    (tmp_path / "p30.scn").write_text("terrain hill\n")
    main_file = tmp_path / "main.scn"
    main_file.write_text(HEAD + ' include "p0.scn"\n}\n')
    import dsl.loader

    parsed = []
    real = dsl.loader.parse_document
    monkeypatch.setattr(dsl.loader, "parse_document", lambda text, path: parsed.append(path) or real(text, path))
    with pytest.raises(DslError) as err:
        dsl.load(main_file)
    assert len(parsed) == len(set(parsed)) <= 32
    assert any(names_limit(d.message, "includes") for d in err.value.diagnostics)


def test_include_count_at_and_past_its_limit(tmp_path):
    (tmp_path / "part.scn").write_text("# nothing\n")
    main_file = tmp_path / "main.scn"
    main_file.write_text(HEAD + ' include "part.scn"\n' * 3 + "}\n")
    with limits.raised({"includes": 3}):
        dsl.load(main_file)
    with limits.raised({"includes": 2}), pytest.raises(DslError) as err:
        dsl.load(main_file)
    assert "number 3" in err.value.diagnostics[0].message


def test_nul_byte_in_an_included_file_is_refused(tmp_path):
    (tmp_path / "part.scn").write_bytes(b"terrain hill\n\x00\n")
    main_file = tmp_path / "main.scn"
    main_file.write_text(HEAD + ' include "part.scn"\n}\n')
    with pytest.raises(DslError) as err:
        dsl.load(main_file)
    assert "NUL byte" in err.value.diagnostics[0].message and "line 2" in err.value.diagnostics[0].message


def test_a_byte_order_mark_is_accepted_and_ignored(tmp_path):
    f = tmp_path / "s.scn"
    f.write_bytes(b"\xef\xbb\xbf" + (HEAD + "}\n").encode())
    assert dsl.load(f).title == "s"


# ---------------------------------------------------------- nesting and numbers


def test_nesting_depth_at_and_past_its_limit():
    # the scenario's braces are level 1; `x [[…]]` adds one per bracket
    assert body(" x " + "[" * 4 + "]" * 4, nesting_depth=5) == ["unknown statement 'x'"]
    (msg,) = body(" x " + "[" * 5 + "]" * 5, nesting_depth=5)
    assert msg.startswith("this bracket is nested 6 deep") and names_limit(msg, "nesting_depth")


def test_hundreds_of_nested_braces_are_a_diagnostic_not_a_recursion_error():
    for opener in "{[(":
        (msg,) = messages(HEAD + " x " + opener * 600 + "\n}\n")
        assert "nested" in msg


def test_bracket_key_symbols_do_not_count_as_nesting():
    text = HEAD + ' board b: grid 3 x 1 { key { ( plain; [ plain; ) plain }\n picture """\n ( [ )\n """ }\n}\n'
    assert messages(text, nesting_depth=3) == []


def test_number_digits_at_and_past_the_limit():
    assert body(" options { turns " + "9" * 6 + " }", number_digits=6) == []
    (msg,) = body(" options { turns " + "9" * 7 + " }", number_digits=6)
    assert msg.startswith("this number has 7 digits") and names_limit(msg, "number_digits")


def test_a_five_thousand_digit_number_has_a_positioned_message():
    with pytest.raises(DslError) as err:
        dsl.loads(HEAD + " options { turns " + "9" * 5000 + " }\n}\n")
    (d,) = err.value.diagnostics
    assert (d.line, d.column) == (6, 18) and "5,000 digits" in d.message


def test_template_depth_at_and_past_the_limit():
    layout = ' layout c 60mm x 80mm {{ text at 1mm, 1mm 10mm x 10mm "{{{{ {0}1{1} }}}}" }}'
    assert body(layout.format("(" * 2, ")" * 2), template_depth=4) == []
    (msg,) = body(layout.format("(" * 3, ")" * 3), template_depth=4)
    assert names_limit(msg, "template_depth")


# ----------------------------------------------------------- ranges and counts


def test_board_side_and_spaces_at_and_past_their_limits():
    assert messages(HEAD.replace("4 x 3", "10 x 2") + "}\n", board_side=10, board_spaces=20) == []
    (msg,) = messages(HEAD.replace("4 x 3", "11 x 1") + "}\n", board_side=10)
    assert names_limit(msg, "board_side")
    (msg,) = messages(HEAD.replace("4 x 3", "7 x 3") + "}\n", board_spaces=20)
    assert msg.startswith("board 'm' has 21 spaces") and names_limit(msg, "board_spaces")


def test_a_100000_by_1_board_is_refused_at_check():
    (msg,) = messages(HEAD.replace("4 x 3", "100000 x 1") + "}\n")
    assert names_limit(msg, "board_side")


def test_a_zone_range_off_the_board_is_one_error_not_millions():
    (msg,) = messages(HEAD.replace("{ terrain plain }", "{ terrain plain\n zone z: A1..ZZ9999 }") + "}\n")
    assert msg == "zone 'z': the range A1..ZZ9999 runs off board 'm' (4 x 3)"


def test_zone_range_size_at_and_past_its_limit():
    zone = HEAD.replace("{ terrain plain }", "{ terrain plain\n zone z: A1..B3 }") + "}\n"
    assert messages(zone, zone_spaces=6) == []
    (msg,) = messages(zone, zone_spaces=5)
    assert names_limit(msg, "zone_spaces")


def test_map_coordinates_at_and_past_their_limit():
    board = HEAD.replace("board m: grid 4 x 3 { terrain plain }", "board m: map { terrain plain\n node a at X, 0 }")
    assert messages(board.replace("X", "1000") + "}\n", coordinate=1000) == []
    (msg,) = messages(board.replace("X", "-1001") + "}\n", coordinate=1000)
    assert names_limit(msg, "coordinate")


def test_quantity_and_deck_size_at_and_past_their_limits():
    assert body(" deck d { card c x10; card e x10 }", quantity=10, cards=20) == []
    (msg,) = body(" deck d { card c x11 }", quantity=10)
    assert names_limit(msg, "quantity")
    (msg,) = body(" deck d { card c x10; card e x10; card f }", quantity=10, cards=20)
    assert names_limit(msg, "cards") and "card 'f'" in msg


def test_counters_at_and_past_the_limit():
    assert body(" piece p { counters 5 }", counters=10) == []  # 5 per side, 2 sides
    (msg,) = body(" piece p { counters 5 }\n piece q { count 1 }", counters=10)
    assert names_limit(msg, "counters") and "piece 'q'" in msg


def test_pieces_in_a_setup_at_and_past_the_limit():
    setup = " piece p\n setup A { p at A1\n reserve p xN }"
    assert body(setup.replace("N", "4"), pieces=5) == []
    (msg,) = body(setup.replace("N", "5"), pieces=5)
    assert names_limit(msg, "pieces")


@pytest.mark.parametrize("value", ["foo", "x3", "-1", "2.5", '"3"'])
def test_counters_must_be_a_whole_number_of_zero_or_more(value):
    (msg,) = body(f" piece p {{ counters {value} }}")  # one mistake, one error
    assert msg.startswith(("piece 'p': counters takes a whole number",
                           "piece 'p': counters is -1; it must be at least 0"))


# -------------------------------------------------------------- diagnostics


def test_diagnostics_per_file_at_and_past_the_limit():
    three = "".join(f" zz{i} 1\n" for i in range(3))
    assert len(body(three, diagnostics_per_file=3)) == 3
    four = three + " zz3 1\n"
    with limits.raised({"diagnostics_per_file": 3}), pytest.raises(DslError) as err:
        dsl.loads(HEAD + four + "}\n")
    shown = [d.message for d in err.value.diagnostics]
    assert shown[:3] == ["unknown statement 'zz0'", "unknown statement 'zz1'", "unknown statement 'zz2'"]
    assert shown[3] == "and 1 more diagnostic in this file"


def test_a_long_line_is_shown_cut_around_the_caret():
    line = "a" * 500 + "X" + "b" * 500
    d = Diagnostic("f.scn", 1, 501, "here", source_line=line)
    with limits.raised({"diagnostic_line_chars": 40}):
        shown, caret = d.render().split("\n")[1:3]
    text = shown.split("| ", 1)[1]
    assert len(text) <= 42 and text.startswith("…") and text.endswith("…")
    assert text[caret.index("^") - caret.index("| ") - 2] == "X"


def test_diagnostic_output_is_linear_in_the_input():
    """One 30 KB line with thousands of errors: the output stays within a few times the input."""
    text = HEAD + " setup A { inf at " + ", ".join(f"Q{i}" for i in range(5000)) + " }\n}\n"
    with pytest.raises(DslError) as err:
        dsl.loads(text)
    assert len(err.value.render()) < 2 * len(text)


def test_control_characters_from_a_file_are_shown_escaped():
    with pytest.raises(DslError) as err:
        dsl.loads(HEAD + ' zz\x1b[31m 1\n}\n')
    rendered = err.value.render()
    assert "\x1b" not in rendered and "\\x1b" in rendered


def test_printable_escapes_controls_and_bidi_overrides_but_keeps_line_breaks():
    assert printable("a\x1b[2J\u202eb\n\tc") == "a\\x1b[2J\\u202eb\n\tc"
    assert printable("a\nb", keep="") == "a\\x0ab"


# ---------------------------------------------------------------- templates


def cards(tmp_path: Path, template: str, **lowered: int):
    from toolkit.pnp.cards import write_cards
    from toolkit.pnp.units import PressOptions

    text = (HEAD + f' layout c 63mm x 88mm {{ text at 4mm, 4mm 55mm x 8mm "{template}" }}\n'
            ' deck d { layout c; card the_card }\n}\n')
    f = tmp_path / "t.scn"
    f.write_text(text)
    scenario = dsl.load(f)
    with limits.raised(lowered):
        return write_cards(scenario, tmp_path / "cards.pdf", PressOptions())


@pytest.mark.parametrize("template, limit", [
    ("{{ 'x' * 10**9 }}", "template_output_chars"),
    ("{{ 9 ** 9999999 }}", "template_output_chars"),
    ("{% for i in range(10**9) %}{% endfor %}", "template_output_chars"),
    ("{{ 'a'|center(10**9) }}", "template_output_chars"),
    ("{{ 'a'.ljust(10**9) }}", "template_output_chars"),
    ("{{ '%0999999999d' % 1 }}", "template_output_chars"),
    ("{{ '{:>999999999}'.format(1) }}", "template_output_chars"),
    ("{% for a in range(20000) %}{% for b in range(20000) %}{% endfor %}{% endfor %}", "template_operations"),
])
def test_templates_that_would_cost_minutes_stop_at_a_named_limit(tmp_path, template, limit):
    from toolkit.pnp.render import PressError

    with pytest.raises(PressError) as err:
        cards(tmp_path, template)
    assert "card d/the_card" in str(err.value) and "text at 4mm, 4mm" in str(err.value)
    assert names_limit(str(err.value), limit)


def test_lipsum_is_not_available_to_card_templates(tmp_path):
    from toolkit.pnp.render import PressError

    with pytest.raises(PressError):
        cards(tmp_path, "{{ lipsum(n=10**6) }}")


def test_template_output_at_and_past_its_limit(tmp_path):
    from toolkit.pnp.render import PressError

    cards(tmp_path, "{{ 'x' * 50 }}", template_output_chars=50)
    with pytest.raises(PressError) as err:
        cards(tmp_path, "{{ 'x' * 51 }}", template_output_chars=50)
    assert names_limit(str(err.value), "template_output_chars")


def test_template_operations_at_and_past_its_limit(tmp_path):
    from toolkit.pnp.render import PressError

    cards(tmp_path, "{% for i in range(10) %}{% endfor %}", template_operations=40)
    with pytest.raises(PressError) as err:
        cards(tmp_path, "{% for i in range(50) %}{% endfor %}", template_operations=40)
    assert names_limit(str(err.value), "template_operations")


def test_a_busy_template_stops_at_its_time_limit(tmp_path):
    from toolkit.pnp.render import PressError

    loop = "{% set s = 'x' * 20000 %}{% for a in s %}{% for b in s %}{% endfor %}{% endfor %}"
    with pytest.raises(PressError) as err:
        cards(tmp_path, loop, template_milliseconds=100, template_operations=10**9)
    assert names_limit(str(err.value), "template_milliseconds")


def test_a_when_condition_has_the_same_budget_and_names_its_field(tmp_path):
    from toolkit.pnp.cards import write_cards
    from toolkit.pnp.render import PressError
    from toolkit.pnp.units import PressOptions

    f = tmp_path / "w.scn"
    f.write_text(HEAD + ' layout c 63mm x 88mm { text at 4mm, 4mm 55mm x 8mm "x" { when "\'x\' * 10**9" } }\n'
                 ' deck d { layout c; card k }\n}\n')
    with pytest.raises(PressError) as err:
        write_cards(dsl.load(f), tmp_path / "c.pdf", PressOptions())
    assert "card d/k" in str(err.value) and "field when" in str(err.value)


# ------------------------------------------------------- clean check, clean build


def build(tmp_path: Path, text: str, capsys) -> tuple[int, str]:
    f = tmp_path / "b.scn"
    f.write_text(text)
    code = main(["build", str(f), "--out", str(tmp_path / "out"), "--quiet"])
    return code, capsys.readouterr().err


def test_control_characters_in_card_text_build_the_sheets(tmp_path, capsys):
    code, err = build(tmp_path, HEAD + ' deck d { card c { text "a\x01b\x1b[31m red" } }\n}\n', capsys)
    assert code == 0, err
    assert (tmp_path / "out" / "sheets.pdf").exists() and "\x1b" not in err


def test_a_six_thousand_character_word_builds_with_a_warning(tmp_path, capsys):
    code, err = build(tmp_path, HEAD + ' deck d { card c { text "' + "w" * 6000 + '" } }\n}\n', capsys)
    assert code == 0, err
    assert "is cut to 1,500" in err


@pytest.mark.parametrize("field, words", [
    # refused by the language's typed fields at check, before the press draws anything
    ("font_size 0", "font_size"),
    ("font_size foo", "font_size"),
    ("leading 0", "leading"),
    ("padding foo", "padding"),
    ("stroke_width -1mm", "stroke_width"),
])
def test_press_values_are_refused_with_their_position_before_drawing(tmp_path, capsys, field, words):
    text = HEAD + f' layout c 63mm x 88mm {{ text at 4mm, 4mm 55mm x 8mm "x" {{ {field} }} }}\n deck d {{ layout c; card k }}\n}}\n'
    code, err = build(tmp_path, text, capsys)
    assert code == 1 and "Traceback" not in err
    assert re.search(r"b\.scn:6:\d+: error: .*" + words, err)


# ------------------------------------------------------------------ records


def toy_record(tmp_path: Path, body: str = "", scenario: str = "dice_race.scn") -> Path:
    shutil.copy(TOY, tmp_path / "dice_race.scn")
    text = (DATA / "referee_dice_race_seed5.rec").read_text()
    head = text.split("\n\n")[0].replace("../referee_toy/dice_race.scn", scenario)
    path = tmp_path / "g.rec"
    path.write_text(head + "\n\n" + body)
    return path


def test_record_size_lines_and_line_length_at_and_past_their_limits(tmp_path):
    path = toy_record(tmp_path, "Red: boost 2\nBlue: boost 1\n")
    text = path.read_text()
    with limits.raised({"record_bytes": len(text.encode()), "record_lines": text.count("\n"),
                        "record_line_chars": max(len(x) for x in text.split("\n"))}):
        record.load(path)
    for name, value in (("record_bytes", len(text.encode()) - 1), ("record_lines", text.count("\n") - 1),
                        ("record_line_chars", max(len(x) for x in text.split("\n")) - 1)):
        with limits.raised({name: value}), pytest.raises(record.RecordError) as err:
            record.load(path)
        assert names_limit(str(err.value), name), name


@pytest.mark.parametrize("make, words", [
    (lambda p: os.mkfifo(p), "FIFO"),
    (lambda p: os.symlink("/dev/zero", p), "device"),
    (lambda p: p.mkdir(), "folder"),
])
def test_a_record_that_is_not_a_regular_file_is_refused(tmp_path, capsys, make, words):
    make(tmp_path / "odd.rec")
    assert main(["replay", str(tmp_path / "odd.rec")]) == 1
    assert words in capsys.readouterr().err


def test_a_record_scenario_outside_its_folder_needs_scenario_option(tmp_path, capsys):
    for named in ("/dev/zero", "../elsewhere.scn", str(TOY)):
        path = toy_record(tmp_path, "Red: boost 2\n", scenario=named)
        assert main(["replay", str(path)]) == 1
        err = capsys.readouterr().err
        assert ":2: error: " in err and "--scenario PATH" in err
    assert main(["replay", str(path), "--scenario", str(TOY), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["moves"][0]["move"] == "boost 2"


def test_play_with_a_record_that_is_a_fifo_is_refused(tmp_path, capsys, monkeypatch):
    os.mkfifo(tmp_path / "fifo.rec")
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", str(TOY), "--seed", "1", "--record", str(tmp_path / "fifo.rec")]) == 1
    assert "not a regular file" in capsys.readouterr().err


def test_a_record_scenario_given_with_option_must_match_the_hash(tmp_path, capsys):
    path = toy_record(tmp_path, "Red: boost 2\n")
    other = tmp_path / "other.scn"
    other.write_text(TOY.read_text() + "\n# changed\n")
    assert main(["replay", str(path), "--scenario", str(other)]) == 1
    assert "has changed since this record was made" in capsys.readouterr().err


def test_a_huge_timing_comment_is_refused_and_json_stays_json(tmp_path, capsys):
    path = toy_record(tmp_path, "Red: boost 2  # " + "9" * 400 + "s\n")
    assert main(["replay", str(path), "--json"]) == 1
    assert "is not a time a move took" in capsys.readouterr().err
    path = toy_record(tmp_path, "Red: boost 2  # 4.5s\n")
    assert main(["replay", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out, parse_constant=lambda c: pytest.fail(f"not JSON: {c}"))
    assert data["moves"][0]["seconds"] == 4.5


def test_a_record_with_a_byte_order_mark_loads(tmp_path):
    path = toy_record(tmp_path, "Red: boost 2\n")
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert record.load(path).lines[0].text == "boost 2"


def test_escape_sequences_in_a_record_are_shown_escaped(tmp_path, capsys):
    path = toy_record(tmp_path, "Red: boost \x1b[2J\n")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\\x1b[2J" in err


def test_strict_json_writes_null_for_non_finite_numbers():
    assert jsontext.dumps({"a": float("inf"), "b": [float("nan"), 1.5]}) == '{"a": null, "b": [null, 1.5]}'


def test_check_json_is_strict_json(tmp_path, capsys):
    f = tmp_path / "s.scn"
    f.write_text(HEAD + " zz\x1b 1\n}\n")
    main(["check", str(f), "--json"])
    json.loads(capsys.readouterr().out, parse_constant=lambda c: pytest.fail(f"not JSON: {c}"))


# -------------------------------------------------------------------- play


def test_play_refuses_a_line_with_a_bad_byte_and_keeps_the_lines_around_it(monkeypatch, capsys, tmp_path):
    rec = tmp_path / "g.rec"
    stdin = io.TextIOWrapper(io.BytesIO(b"boost 1\nboost \xff\nboost 2\nquit\n"), encoding="utf-8")
    monkeypatch.setattr("sys.stdin", stdin)
    assert main(["play", str(TOY), "--seed", "4", "--record", str(rec)]) == 0
    out = capsys.readouterr().out
    assert "not UTF-8 text" in out
    assert [x.text for x in record.load(rec).lines][:2] == ["boost 1", "boost 2"]


def test_play_output_escapes_control_characters(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("boost \x1b[2J\nquit\n"))
    assert main(["play", str(TOY), "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\\x1b[2J" in out


# ------------------------------------------------------------ assets, folders


@pytest.mark.parametrize("make, words", [
    (lambda folder: (folder / "art.png").mkdir(), "not a regular file"),
    (lambda folder: os.mkfifo(folder / "art.png"), "not a regular file"),
    (lambda folder: os.symlink("/etc/hostname", folder / "art.png"), "outside the scenario's folder"),
    (lambda folder: (folder / "art.png").write_bytes(b"x" * 101), "the limit is 100 bytes"),
])
def test_images_must_be_regular_files_inside_the_folder_and_under_the_limit(tmp_path, capsys, make, words):
    make(tmp_path)
    text = HEAD + ' image art "art.png"\n}\n'
    f = tmp_path / "b.scn"
    f.write_text(text)
    assert main(["build", str(f), "--out", str(tmp_path / "out"), "--quiet", "--limit", "asset_bytes=100"]) == 1
    err = capsys.readouterr().err
    assert re.search(r"b\.scn:6:\d+: error: image art: .*" + re.escape(words), err), err


def test_checking_a_folder_never_reads_a_fifo_named_like_a_scenario(tmp_path, capsys):
    (tmp_path / "good.scn").write_text(HEAD + "}\n")
    os.mkfifo(tmp_path / "pipe.scn")
    assert main(["check", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "pipe.scn: error: is a FIFO (named pipe), not a regular file" in err


def test_layout_elements_at_and_past_the_limit():
    layout = " layout c 60mm x 80mm {\n" + "  rect at 1mm, 1mm 2mm x 2mm\n" * 3 + " }"
    assert body(layout, layout_elements=3) == []
    (msg,) = body(layout, layout_elements=2)
    assert names_limit(msg, "layout_elements")


def test_a_long_name_is_quoted_cut_in_every_diagnostic():
    long = "q" * 5000
    d = Diagnostic("f.scn", 1, 1, f"unknown terrain '{long}'", hint=f"did you mean '{long}'?")
    with limits.raised({"diagnostic_message_chars": 100}):
        text = d.render()
    assert len(text) < 400 and "…(4,9" in text


def test_templates_of_one_component_share_a_total_time(tmp_path):
    """Many cards each just under the per-template time would run for hours: the
    evaluations of one component share templates_total_milliseconds."""
    from toolkit.pnp.render import PressError, Renderer

    renderer = Renderer.for_scenario(dsl.loads(HEAD + "}\n"))
    loop = "{% for a in range(2000) %}{% for b in range(40) %}{% endfor %}{% endfor %}"
    with limits.raised({"templates_total_milliseconds": 150, "template_operations": 10**9}):
        with pytest.raises(PressError) as err:
            for _ in range(1000):
                renderer.render(loop, {}, "card d/k", None)
    assert names_limit(str(err.value), "templates_total_milliseconds")


# ------------------------------------------------------- the ruleset's values

FRONT_LINES = Path(__file__).parents[1] / "content" / "front_lines" / "front_lines.scn"


@pytest.mark.parametrize("stat", ["moves foo", "moves 99999999", "moves -1", "reveals 99999999"])
def test_a_front_lines_statistic_the_rules_count_with_is_checked_by_check_and_play(tmp_path, capsys,
                                                                                   monkeypatch, stat):
    text = FRONT_LINES.read_text().replace("piece recon     { letter R; role recon; moves 2;",
                                           f"piece recon     {{ letter R; role recon; {stat};")
    if stat.startswith("reveals"):
        text = text.replace("reveals 3 }", "}")
    f = tmp_path / "fl.scn"
    f.write_text(text)
    shutil.copy(FRONT_LINES.with_name("layouts.scn"), tmp_path / "layouts.scn")
    name = stat.split()[0]
    assert main(["check", str(f)]) == 1
    err = capsys.readouterr().err
    assert "piece recon" in err and name in err and "Traceback" not in err
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", str(f), "--seed", "1"]) == 1
    err = capsys.readouterr().err
    assert "cannot be played" in err and "piece recon" in err and name in err


def test_a_ruleset_that_trips_on_a_value_gives_a_scenario_error_not_a_traceback():
    from toolkit.referee.match import new_game
    from toolkit.referee.protocol import ScenarioError

    class Fragile:
        name = "fragile"

        def new_game(self, scenario, options=None):
            return int(scenario)

    with pytest.raises(ScenarioError, match="the fragile rules cannot use this scenario: ValueError"):
        new_game(Fragile(), "foo")


def test_board_pages_at_and_past_the_limit(tmp_path, capsys):
    """A 20 x 20 grid of 5 m spaces would be tiled on about 190,000 pages."""
    from toolkit.pnp.tiling import plan_tiles, tile_count

    assert tile_count(1000, 500, 300, 300, 20) == plan_tiles(1000, 500, 300, 300, 20).count == 8
    text = HEAD.replace("{ terrain plain }", "{ terrain plain; space_size SIZE }") + "}\n"
    f = tmp_path / "b.scn"
    f.write_text(text.replace("SIZE", "100mm"))  # 400 x 300 mm: 4 A4 pages
    out = str(tmp_path / "out")
    assert main(["build", str(f), "--out", out, "--quiet", "--limit", "board_pages=4"]) == 0
    assert main(["build", str(f), "--out", out, "--quiet", "--limit", "board_pages=3"]) == 1
    assert names_limit(capsys.readouterr().err, "board_pages")
    f.write_text(text.replace("SIZE", "5000mm").replace("4 x 3", "20 x 20"))
    assert main(["build", str(f), "--out", out, "--quiet"]) == 1
    assert "--fit" in capsys.readouterr().err


def test_shrinking_a_long_text_lays_it_out_a_dozen_times_not_once_per_half_point(monkeypatch):
    """A 90,000-word box shrunk from 200 pt to 0.5 pt took 141 s when every half point was
    tried; fitting is monotone in the size, so bisection finds the same size."""
    from toolkit.pnp import text as T

    calls = []
    real = T.wrap
    monkeypatch.setattr(T, "wrap", lambda *a, **k: calls.append(1) or real(*a, **k))
    words = " ".join(["word"] * 3000)
    fitted = T.fit_text(words, "Helvetica", 200, 150, 220, min_size=0.5)
    assert len(calls) <= 12
    size = fitted.size  # the largest half point that fits, and the next one up does not
    assert not fitted.overflow
    assert T.fit_text(words, "Helvetica", size + 0.5, 150, 220, min_size=size + 0.5).overflow


def test_sheet_rows_at_and_past_the_limit():
    """14,000 terrain types made a 96 s, 800 MB reference sheet: rows past the limit are
    left out with a warning that says how many."""
    from toolkit.pnp.sheets import render_rml
    from toolkit.pnp.units import PressOptions

    scenario = dsl.loads(HEAD + "".join(f" terrain t{i}\n" for i in range(9)) + "}\n")  # 10 terrain types
    warnings: list[str] = []
    with limits.raised({"sheet_rows": 11}):  # 10 terrain types and 1 board
        rml = render_rml(scenario, PressOptions(), warnings)
    assert warnings == [] and "t8" in rml
    with limits.raised({"sheet_rows": 10}):
        rml = render_rml(scenario, PressOptions(), warnings)
    (warning,) = warnings
    assert "leaves out 1 boards" in warning and names_limit(warning, "sheet_rows")


def test_save_refuses_a_fifo_instead_of_blocking(monkeypatch, capsys, tmp_path):
    os.mkfifo(tmp_path / "pipe")
    monkeypatch.setattr("sys.stdin", io.StringIO(f"save {tmp_path / 'pipe'}\nquit\n"))
    assert main(["play", str(TOY), "--seed", "4"]) == 0
    assert "not a regular file" in capsys.readouterr().out


def test_boards_and_definitions_at_and_past_their_limits():
    boards = "".join(f" board b{i}: grid 1 x 1 {{ terrain plain }}\n" for i in range(2))
    assert body(boards, boards=3) == []
    (msg,) = body(boards, boards=2)
    assert msg == "the scenario has 3 boards; " + "the limit is 2 boards in a scenario (raise it with --limit boards=N)"
    pieces = "".join(f" piece p{i}\n" for i in range(3))
    assert body(pieces, definitions=3) == []
    (msg,) = body(pieces, definitions=2)
    assert msg.startswith("the scenario has 3 piece types") and names_limit(msg, "definitions")


def test_no_did_you_mean_among_thousands_of_names():
    from dsl.errors import suggest

    assert suggest("hil", ["hill", "plain"]) == "did you mean 'hill'?"
    assert suggest("n12", {f"n{i}": 1 for i in range(5000)}) is None


def test_image_pixels_at_and_past_the_limit_and_unreadable_images(tmp_path, capsys):
    """Pixels are counted from the header: a small PNG can unpack to gigabytes."""
    from PIL import Image

    Image.new("L", (40, 25)).save(tmp_path / "art.png")
    (tmp_path / "junk.png").write_bytes(b"not an image" * 10)
    f = tmp_path / "b.scn"
    layout = ' layout c 63mm x 88mm { image at 1mm, 1mm 20mm x 20mm { src art } }\n deck d { layout c; card k }\n'
    f.write_text(HEAD + ' image art "art.png"\n' + layout + "}\n")
    out = str(tmp_path / "out")
    assert main(["build", str(f), "--out", out, "--quiet", "--limit", "image_pixels=1000"]) == 0
    assert main(["build", str(f), "--out", out, "--quiet", "--limit", "image_pixels=999"]) == 1
    err = capsys.readouterr().err
    assert "image art: 40 x 25 is 1,000 pixels" in err and names_limit(err, "image_pixels")
    f.write_text(HEAD + ' image art "junk.png"\n' + layout + "}\n")
    assert main(["build", str(f), "--out", out, "--quiet"]) == 1
    assert "is not an image the press can read" in capsys.readouterr().err


@pytest.mark.parametrize("where", [
    ' layout c 63mm x 88mm { text at 4mm, 4mm 55mm x 8mm "x" { colour [1, 2] } }\n deck d { layout c; card k }\n',
    ' piece p { counters 2; colour "#zz" }\n',
    ' piece p { counters 2 }\n setup A { colour [1, 2]; p at A1 }\n',
])
def test_a_value_that_is_no_colour_stops_the_build_with_one_line(tmp_path, capsys, where):
    """Found by the fuzz run: ReportLab asserts on "(1, 2)" instead of raising ValueError."""
    code, err = build(tmp_path, HEAD + where + "}\n", capsys)
    assert code == 1 and "Traceback" not in err and "colour" in err


def test_check_json_output_is_bounded_like_the_text(tmp_path, capsys):
    long = "q" * 50_000
    f = tmp_path / "s.scn"
    f.write_text(HEAD + "".join(f" {long}{i} 1\n" for i in range(5)) + "}\n")
    main(["check", str(f), "--json"])
    out = capsys.readouterr().out
    assert len(out) < 20_000
    assert len(json.loads(out)["diagnostics"]) == 5


HOSTILE_VALUES = (10**9, -10**9, 0, 1, "x", 1e308, True, 10**18)


@pytest.mark.parametrize("name", sorted(n for n in registry.names()
                                        if registry.shipped_scenarios(n)))
def test_every_option_set_to_a_hostile_value_is_refused_or_starts(name):
    """An override (a record's `options:` line, `balance --vary`) of any option the shipped
    scenario declares, set to a hostile value, is refused with a ScenarioError or gives
    a game whose first decision lists its moves: never a crash, never a hand of a
    billion cards (it took 8 GB before the kit held overrides to the option types)."""
    import tracemalloc

    from toolkit.referee.match import Match
    from toolkit.referee.protocol import ScenarioError

    scenario = dsl.load(registry.shipped_scenarios(name)[0])
    for option, _ in scenario.options.items():
        for value in HOSTILE_VALUES:
            tracemalloc.start()
            try:
                match = Match.new(scenario, options={option: value})
                d = match.decision
                if d is not None and d.players:
                    list(match.rules.legal_moves(match.state, d.players[0]))
            except ScenarioError:
                pass
            finally:
                peak = tracemalloc.get_traced_memory()[1]
                tracemalloc.stop()
            assert peak < 100_000_000, (option, value, peak)
