"""`frontkit check` means the scenario plays, builds and serves (issue 27, deliverable 1):
each way a shipped scenario was found to check clean and then fail is now a positioned
error at `check`, by message, line and column."""

from __future__ import annotations

import re
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

import dsl
from toolkit.inspect import beyond_language, check_paths
from toolkit.referee.rulesets.lines_and_webs import units
from toolkit.referee.rulesets.lines_and_webs.config import Kind

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "content"


def changed(tmp_path: Path, game: str, old: str, new: str, file: str | None = None) -> Path:
    """A copy of the shipped game `game` with `old` replaced by `new` once in `file`."""
    for path in (CONTENT / game).iterdir():
        if path.is_file():
            shutil.copy(path, tmp_path / path.name)
    target = tmp_path / (file or f"{game}.scn")
    text = target.read_text()
    assert text.count(old) >= 1, old
    target.write_text(text.replace(old, new, 1))
    return tmp_path / f"{game}.scn"


def errors(path: Path) -> list[tuple[int, int, str, str | None]]:
    """(line, column, message, hint) of every error `frontkit check` gives."""
    try:
        scenario = dsl.load(path)
    except dsl.DslError as err:
        found = err.diagnostics
    else:
        found = beyond_language(scenario)
    return [(d.line, d.column, d.message, d.hint) for d in found if d.is_error]


def line_of(path: Path, needle: str, file: str | None = None) -> int:
    text = (path.parent / file if file else path).read_text()
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


# ------------------------------------------------------------------ players and sides


@pytest.mark.parametrize("players, message", [
    ("3", "players 3: the scenario has 2 sides (Red, Blue), and each player plays one"),
    ("0", "players 0: a game needs at least 1 player"),
    ("1", "players 1: the ruleset skirmish is for 2 players, not 1"),
    ("1-2", "players 1-2: the ruleset skirmish is for 2 players, not 1"),
    ("3-2", "range 3-2 runs backwards"),  # the language's own message
])
def test_players_is_held_to_the_sides_and_the_ruleset(tmp_path, players, message):
    """`players 3` on two sides exited 70 at play; `players 1` was `internal error
    (StopIteration)`; `players 0` "1 bots for 0 seats": now each is an error at its value."""
    path = changed(tmp_path, "skirmish", "  sides Red, Blue\n", f"  sides Red, Blue\n  players {players}\n")
    line = line_of(path, "players")
    assert [(l, c, m) for l, c, m, _ in errors(path)] == [(line, 11, message)]


def test_a_shipped_player_range_still_checks_clean():
    for game in ("last_front", "lines_and_webs", "fantasy_line_battle"):
        assert errors(CONTENT / game / f"{game}.scn") == [], game


# ------------------------------------------------------------ fields the rules and sheets read


@pytest.mark.parametrize("old, new, field", [
    ("card squire x2 { cost 2; health 4;", "card squire x2 { cost 2; helth 4;", "health"),
    ("card knight x2 { cost 4; health 8; damage 2; range 1-1 }",
     "card knight x2 { cost 4; health 8; damage 2; rang 1-1 }", "range"),
])
def test_a_misspelt_card_field_the_rules_and_the_sheet_read_is_an_error_where_written(tmp_path, old, new,
                                                                                      field):
    """`helth` on one Fantasy Line Battle card checked clean and the build failed in the
    rules sheet (TypeError at fantasy_line_battle_rules.rml.j2:82)."""
    path = changed(tmp_path, "fantasy_line_battle", old, new)
    line = line_of(path, new[:20])
    wrong = field[:-1] if field == "range" else "helth"
    column = new.index(wrong) + 5  # two spaces of indent, then the card line
    assert errors(path) == [(line, column, f"card {new.split()[1]}: the ruleset fantasy_line_battle reads no "
                                           f"field '{wrong}'", f"did you mean '{field}'?")]


def test_the_reference_sheet_declares_the_card_fields_it_reads():
    from toolkit.pnp.sheet_needs import declared_reads
    from toolkit.pnp.sheets import template_name

    reads = dict(dict(declared_reads(template_name("fantasy_line_battle")))["deck characters"])
    assert {name for name, read in reads.items() if read.required} == {"cost", "damage", "health", "range"}


def test_a_card_without_a_field_the_sheet_reads_is_an_error_at_the_card(tmp_path):
    """The sheet's own declaration, without the ruleset's: a generic scenario whose rules
    read nothing still gets the sheet's reads checked."""
    from toolkit.pnp.sheet_needs import sheet_problems

    path = changed(tmp_path, "fantasy_line_battle", "card squire x2 { cost 2; health 4; damage 1;",
                   "card squire x2 { cost 2; health 4;")
    found = [(d.line, d.message) for d in sheet_problems(dsl.load(path))]
    assert found == [(line_of(path, "card squire"), "card squire: the reference sheet reads its damage, "
                                                   "and the card has no field damage")]


def test_an_unbounded_unit_field_is_an_error_at_check(tmp_path):
    """`storage 999999999999999999` on a Lines and Webs unit hung `simulate` in
    units.full_load, which filled one box at a time."""
    path = changed(tmp_path, "lines_and_webs", "storage 4; carries 2;", "storage 999999999999999999; carries 2;")
    line = line_of(path, "storage 999999999999999999")
    assert [(l, m) for l, _, m, _ in errors(path)] == [
        (line, "piece forward_support_platoon: storage: 999999999999999999 is not a whole number from 0 to 99")]


def test_a_misspelt_unit_field_is_an_error_with_did_you_mean(tmp_path):
    path = changed(tmp_path, "lines_and_webs", "storage 4; carries 2;", "storrage 4; carries 2;")
    assert [(m, h) for _, _, m, h in errors(path)] == [
        ("piece forward_support_platoon: the ruleset lines_and_webs reads no field 'storrage'",
         "did you mean 'storage'?")]


def test_LW_R07_a_full_load_fills_box_by_box_in_turn_without_a_loop_per_box():
    kind = Kind(name="truck", role="sustainment", strength=(1,), movement=3, storage=10**15,
                basic=(1, 1, 0, 0), cost=3, sp=3, carries=2)
    q, r = divmod(10**15 - 2, 3)
    assert units.full_load(kind, ("food", "fuel", "ammo")) == (1 + q + (r > 0), 1 + q + (r > 1), q, 0)
    assert units.full_load(replace(kind, storage=8), ("fuel", "ammo")) == (1, 4, 3, 0)
    assert units.full_load(replace(kind, storage=1), ("fuel",)) == (1, 1, 0, 0)  # already full


def test_a_bleed_no_paper_holds_is_an_error_at_check_not_at_build(tmp_path):
    """`bleed 300mm` checked clean and the build failed."""
    path = changed(tmp_path, "skirmish", "  options { turn_limit 20; hold_turns 1 }\n",
                   "  options { turn_limit 20; hold_turns 1 }\n  layout big 63mm x 88mm { bleed 300mm }\n")
    found = errors(path)
    line = line_of(path, "layout big")
    assert any(l == line and "layout big: bleed 300 mm is more bleed than any print shop asks for" in m
               for l, _, m, _ in found), found


def test_check_paths_reports_what_play_and_build_would_refuse(tmp_path, capsys):
    path = changed(tmp_path, "skirmish", "  sides Red, Blue\n", "  sides Red, Blue\n  players 1\n")
    assert check_paths([path]) == 1
    assert "the ruleset skirmish is for 2 players, not 1" in capsys.readouterr().err


def test_a_misspelt_last_front_card_field_is_an_error_with_did_you_mean(tmp_path):
    path = changed(tmp_path, "last_front", "card ambush x2 { category special; face_value 2;",
                   "card ambush x2 { category special; face_vaule 2;")
    assert [(m, h) for _, _, m, h in errors(path)] == [
        ("card ambush: the ruleset last_front reads no field 'face_vaule'", "did you mean 'face_value'?")]


def test_every_shipped_scenario_checks_without_a_warning_about_the_fields_it_reads():
    from toolkit.inspect import scenario_files

    files, _ = scenario_files([CONTENT])
    said = [(f.name, d.message) for f in files for d in beyond_language(dsl.load(f)) if "reads no field" in d.message]
    assert said == []


@pytest.mark.parametrize("old, new, field", [
    ("emphasis industry; air [3, 4, 3, 3]; capital [3, 3, 4, 3]",
     "emphasis industry; air [3, 4, 3, 3]; cappital [3, 3, 4, 3]", "capital"),
    ("emphasis industry; air [3, 4, 3, 3]; capital [3, 3, 4, 3]",
     "emphhasis industry; air [3, 4, 3, 3]; capital [3, 3, 4, 3]", "emphasis"),
])
def test_a_card_field_its_layout_looks_into_is_an_error_at_check(tmp_path, old, new, field):
    """The fuzz run's findings: a Front Line supply card with `cappital` (the layout reads
    `card.capital[0]`) or `emphhasis` (the icon is named by `card.emphasis`) checked clean
    and stopped `frontkit build` halfway."""
    path = changed(tmp_path, "front_line", old, new, file="common.scn")
    path = tmp_path / "main.scn"
    line = line_of(path, new, file="common.scn")
    wrong = new.split(";")[2 if field == "capital" else 0].split()[0]
    found = [(l, m, h) for l, _, m, h in errors(path)]
    assert (line, f"card centered_industry: layout supply reads its {field}, and the card has no field "
                  f"{field}", f"did you mean '{field}'?") in found, (wrong, found)


# ------------------------------------------------------------------ a field looked up in a layout's table


def test_a_card_value_its_layout_table_has_no_key_for_is_an_error_at_the_value(tmp_path):
    """Fuzz mutant 1083: `emphasis acpital` on a Front Line supply card checked clean, and the
    build stopped at "icon has no name" (the layout names the icon by
    `{'air': 'air', 'capital': 'star', 'industry': 'square'}[card.emphasis]`)."""
    path = changed(tmp_path, "front_line", "emphasis capital;", "emphasis acpital;", file="common.scn")
    path = tmp_path / "main.scn"
    line = line_of(path, "emphasis acpital", file="common.scn")
    assert errors(path) == [(line, 5, "card balanced_capital: emphasis acpital is not one layout supply knows "
                                      "(its table has air, capital, industry)", "did you mean 'capital'?")]
    found = next(d for d in beyond_language(dsl.load(path)) if d.is_error)
    note = found.notes[0]
    assert (Path(note.path).name, note.line) == ("layouts.scn", line_of(path, "[card.emphasis]", "layouts.scn"))


def test_a_deck_value_its_layout_table_has_no_key_for_is_an_error_at_the_value(tmp_path):
    """Fuzz mutant 1188: `category a` on Fantasy Line Battle's black spells checked clean, and
    the build stopped at "icon has no name" (`{…}[deck.category]`, layouts.scn:119)."""
    path = changed(tmp_path, "fantasy_line_battle", "    category black\n", "    category a\n")
    line = line_of(path, "    category a")
    message = "deck black: category a is not one layout {} knows (its table has black, elementalism, white)"
    hint = "write one of black, elementalism, white"
    assert errors(path) == [(line, 5, message.format("black"), hint), (line, 5, message.format("black_back"), hint)]


def test_a_deck_without_the_field_its_layout_table_is_looked_up_by_is_an_error_at_the_deck(tmp_path):
    """Fuzz mutants 522 and 603: Fantasy Line Battle's white spells without `category` (the
    line dropped, or the word changed) checked clean, and the build stopped at "icon has no name"."""
    path = changed(tmp_path, "fantasy_line_battle", "    category white\n", "")
    line = line_of(path, 'deck white "White spells"')
    message = ("deck white: layout {} looks up its category in a table of black, elementalism, white, "
               "and the deck has no field category")
    assert errors(path) == [(line, 8, message.format(layout), "add `category …` to the deck")
                            for layout in ("white", "white_back")]


def test_a_layout_table_that_lost_a_key_its_cards_use_is_an_error_at_each_card(tmp_path):
    """Fuzz mutant 957: the supply layout's icon table with `'clockwise'` for `'air'` checked
    clean, and the build stopped at "Unknown color None" on every Air card."""
    old = "{'air': 'air', 'capital': 'star', 'industry': 'square'}[card.emphasis]"
    path = changed(tmp_path, "front_line", old, old.replace("{'air'", "{'clockwise'"), file="layouts.scn")
    path = tmp_path / "main.scn"
    found = sorted((line, message) for line, _, message, _ in errors(path))
    common = (tmp_path / "common.scn").read_text().splitlines()
    air = [n for n, text in enumerate(common, 1) if "emphasis air" in text]
    assert len(air) == 3
    assert found == [(n, f"card {common[n - 2].split()[1]}: emphasis air is not one layout supply knows "
                         "(its table has capital, clockwise, industry)") for n in air]


def test_a_piece_without_the_cost_the_board_sheet_may_print_fills_the_sheets(tmp_path):
    """Fuzz mutant 889: a Lines and Webs unit with `cost` misspelt (`K7 9`) checked clean (a
    warning: the sheets declare `cost` optional) and the board sheet failed on
    `selectattr("piece.fields.cost")` (UndefinedError). The sheet now leaves such a unit out
    of its costs, as the declaration says it may."""
    from toolkit.pnp.sheets import render_rml

    old = "storage 16; carries 8; basic_food 1; basic_fuel 1; basic_ammo 0\n    cost 9"  # fle_battalion
    path = changed(tmp_path, "lines_and_webs", old, old.replace("cost 9", "K7 9"))
    assert errors(path) == []
    rml = render_rml(dsl.load(path))
    assert "Supply token" in rml


def test_a_range_of_one_number_fills_the_sheets(tmp_path):
    """The fuzz run's finding: `range 11` (one number, which the rules read as 11-11) checked
    clean and the sheets failed on `r.low`."""
    from toolkit.pnp.sheets import render_rml

    path = changed(tmp_path, "fantasy_line_battle", "card knight x2 { cost 4; health 8; damage 2; range 1-1 }",
                   "card knight x2 { cost 4; health 8; damage 2; range 1 }")
    assert errors(path) == []
    assert "An example Day" in render_rml(dsl.load(path))


def test_counters_a_press_block_asks_for_are_held_to_the_limits_at_check(tmp_path):
    """The fuzz run's hang: `per_side 100000` on a Front Lines marker of the press block
    checked clean and `build` drew 200,000 counters."""
    path = changed(tmp_path, "front_lines", "land_mine      { per_side 1;", "land_mine      { per_side 100000;",
                   file="layouts.scn")
    found = [m for _, _, m, _ in errors(path)]
    assert "with piece 'land_mine' the scenario prints up to 200,034 counters; the limit is 20,000 " \
           "counters in a scenario (raise it with --limit counters=N)" in found


def test_a_piece_without_a_field_its_counter_layout_looks_into_is_an_error_at_the_piece(tmp_path):
    """Fuzz mutant 1996 (of the run after the table lookups): a Lines and Webs unit without its
    `steps …; strength …` line checked clean, and the counters stopped at
    `{{ piece.strength[0] }}` (layouts.scn:87)."""
    old = "storage 16; carries 8; basic_food 1; basic_fuel 1; basic_ammo 0\n    cost 9"  # fle_battalion
    text = (CONTENT / "lines_and_webs" / "lines_and_webs.scn").read_text()
    start = text.index("  piece fle_battalion {")
    line = text[start:text.index(old)].split("\n")[2]  # its steps and strength
    assert "strength" in line
    path = changed(tmp_path, "lines_and_webs", line + "\n", "")
    assert ((line_of(path, "piece fle_battalion"), 9, "piece fle_battalion: layout unit_front reads its strength, "
             "and the piece has no field strength") in [(l, c, m) for l, c, m, _ in errors(path)])


def test_a_layout_a_press_block_names_for_a_deck_must_exist(tmp_path):
    """Fuzz mutant 2221 (of the rerun): Lines and Webs' order cards given `back mm` in the press
    block's `unit_cards` checked clean, and the build stopped at "no layout named 'mm'"."""
    old = "layout order_card; back special_back }"
    path = changed(tmp_path, "lines_and_webs", old, old.replace("special_back", "mm"), file="layouts.scn")
    line = line_of(path, "back mm }", "layouts.scn")
    assert [(l, m) for l, _, m, _ in errors(path)] == [
        (line, f"deck orders_{side}: no layout named 'mm'") for side in ("delta", "gamma")]


def test_a_scenario_field_a_layout_reads_misspelt_at_the_field_is_an_error_there(tmp_path):
    """Fuzz mutant 1560: Front Line's `side_colours` misspelt where it is written checked
    clean, and the build stopped at the leadership card's "has no attribute 'side_colours'"."""
    path = changed(tmp_path, "front_line", "  side_colours [", "  side__colours [", file="layouts.scn").with_name("main.scn")
    line = line_of(path, "side__colours [", "layouts.scn")
    found = {(l, m, h) for l, _, m, h in errors(path)}
    assert found == {(line, f"layout {name} reads scenario.side_colours, and the scenario has no "
                            "field side_colours", "did you mean 'side_colours'?")
                     for name in ("leadership", "leadership_back")}


def test_a_scenario_field_misspelt_where_a_layout_reads_it_is_an_error_at_the_read(tmp_path):
    old = 'background "{{ scenario.side_colours[card.copy - 1] }}"'
    path = changed(tmp_path, "front_line", old, old.replace("side_colours", "side_colour"),
                   file="layouts.scn").with_name("main.scn")
    line = line_of(path, "scenario.side_colour[", "layouts.scn")
    assert [(l, m, h) for l, _, m, h in errors(path)] == [
        (line, "layout leadership reads scenario.side_colour, and the scenario has no field "
               "side_colour", "did you mean 'scenario.side_colours'?")]


def test_a_hex_board_orientation_misspelt_is_an_error_at_the_value(tmp_path):
    """Fuzz run of 10,000 (mutants 4814, 5345, …): Skirmish's `orientation pointy` misspelt
    checked clean, and the build stopped at "orientation must be flat or pointy"."""
    path = changed(tmp_path, "skirmish", "orientation pointy", "orientation poinyt")
    line = line_of(path, "orientation poinyt")
    assert [(l, m, h) for l, _, m, h in errors(path)] == [
        (line, "board 'ford': orientation is flat or pointy, not 'poinyt'", "did you mean 'pointy'?")]


def test_a_bad_template_in_a_layouts_own_background_is_an_error_at_check(tmp_path):
    """Fuzz mutant 5919: Last Front's territory background `card.colour ro '#6e6e6e'` checked
    clean, and the build stopped at the template."""
    old = "{{ card.colour or '#6e6e6e' }}"
    path = changed(tmp_path, "last_front", old, old.replace(" or ", " ro "), file="layouts.scn")
    line = line_of(path, "card.colour ro", "layouts.scn")
    found = [(l, m) for l, _, m, _ in errors(path)]
    assert (line, "layout territory: background: bad template: expected token 'end of print "
                  "statement', got 'ro'") in found


def test_a_board_too_big_to_tile_at_full_scale_is_an_error_at_check(tmp_path):
    """Fuzz mutants 8107, 8629, 9268: a Lines and Webs node moved 100 m away checked clean,
    and the build stopped at "would be tiled on 750 pages; the limit is 400"."""
    text = (CONTENT / "lines_and_webs" / "lines_and_webs.scn").read_text()
    line = next(i for i, l in enumerate(text.splitlines(), 1) if " at " in l and "node " in l)
    old = text.splitlines()[line - 1]
    moved = re.sub(r"at [0-9.]+", "at 100000", old, count=1)
    path = changed(tmp_path, "lines_and_webs", old, moved)
    found = [m for _, _, m, _ in errors(path)]
    assert any(m.startswith("board theatre at full scale would be tiled on") and "--fit" in m
               for m in found), found
