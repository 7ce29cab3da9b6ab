"""Every sheet template declares the fields it reads (issue 27, deliverable 1), and
`frontkit check` holds a scenario to the templates its build would use: a misspelt field a
sheet reads is a positioned error with a "did you mean", a value out of the sheet's bounds
(a port's storage boxes, drawn one by one) is refused where it was written, never a build
that fails or draws 200 boxes. The declarations are held to the templates both ways: a
field a template reads that it does not declare, or declares and never reads, fails here."""

from __future__ import annotations

import contextlib
import re
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import jinja2
import pytest

import dsl
from dsl.model import Fields
from test_check_plays import CONTENT, changed, errors, line_of
from toolkit.pnp import sheets
from toolkit.pnp.sheet_needs import DECLARATION, declared_reads, sheet_problems
from toolkit.pnp.units import PressOptions

TEMPLATES = Path(sheets.TEMPLATES) / "sheets"
#: (template, game, file, old, new, where the error points, message, hint): per template
#: one field it reads misspelt, and one value beyond its bounds, in a copy of the game
CASES = [
    ('fantasy_line_battle.rml.j2', 'fantasy_line_battle', None, '    category elementalism', '    categroy elementalism', 'categroy', "deck elementalism: the reference sheet reads no field 'categroy'", "did you mean 'category'?"),
    ('fantasy_line_battle.rml.j2', 'fantasy_line_battle', None, 'setup North { money 13;', 'setup North { money 100;', '100', 'setup North: money is 100; it must be from 1 to 99', 'the reference sheet reads it'),
    ('fantasy_line_battle_aid.rml.j2', 'fantasy_line_battle', None, 'card purify x2 { cost 2; interrupt;', 'card purify x2 { cost 2; interupt;', 'interupt', "card purify: the reference sheet reads no field 'interupt'", "did you mean 'interrupt'?"),
    ('fantasy_line_battle_aid.rml.j2', 'fantasy_line_battle', None, 'answers_after_pass closed', 'answers_after_pass clsoed', 'clsoed', "options: answers_after_pass: 'clsoed' is not one of closed, open", "did you mean 'closed'?"),
    ('fantasy_line_battle_cards.rml.j2', 'fantasy_line_battle', None, 'range 1-2; targeted }', 'range 1-2; targetted }', 'targetted', "card assassin: the reference sheet reads no field 'targetted'", "did you mean 'targeted'?"),
    ('fantasy_line_battle_cards.rml.j2', 'fantasy_line_battle', None, 'card cleric x2 { cost 3; health 4; damage 0; range 1+; mana 1;', 'card cleric x2 { cost 3; health 4; damage 0; range 1+; mana 100;', '100', 'card cleric: mana is 100; it must be from 0 to 99', 'the reference sheet reads it'),
    ('fantasy_line_battle_mat.rml.j2', 'fantasy_line_battle', None, 'card knight x2 { cost 4; health 8; damage 2; range 1-1 }', 'card knight x2 { cost 4; health 8; damage 2; rnage 1-1 }', 'rnage', "card knight: the reference sheet reads no field 'rnage'", "did you mean 'range'?"),
    ('fantasy_line_battle_mat.rml.j2', 'fantasy_line_battle', None, 'card knight x2 { cost 4; health 8; damage 2; range 1-1 }', 'card knight x2 { cost 4; health 8; damage 2; range far }', 'far', 'card knight: range takes a range such as 1-2, 2+ or 3, not far', 'the reference sheet reads it'),
    ('fantasy_line_battle_rules.rml.j2', 'fantasy_line_battle', None, 'card knight x2 { cost 4; health 8;', 'card knight x2 { cost 4; helth 8;', 'helth', "card knight: the reference sheet reads no field 'helth'", "did you mean 'health'?"),
    ('fantasy_line_battle_rules.rml.j2', 'fantasy_line_battle', None, '    max_days 60', '    max_days 1000', '1000', 'options: max_days is 1000; it must be from 1 to 999', 'the reference sheet reads it'),
    ('fantasy_line_battle_tracks.rml.j2', 'fantasy_line_battle', None, 'piece stun_marker       { marker; count 4 }', 'piece stun_marker       { marker; count 4; titel "Stun" }', 'titel', "piece stun_marker: the reference sheet reads no field 'titel'", "did you mean 'title'?"),
    ('fantasy_line_battle_tracks.rml.j2', 'fantasy_line_battle', None, 'piece stun_marker       { marker; count 4 }', 'piece stun_marker       { marker; count 4; letter 5 }', '5', "piece 'stun_marker': letter takes a quoted string, not a number 5", None),
    ('front_line.rml.j2', 'front_line', 'common.scn', '  move 2\n', '  mvoe 2\n', 'mvoe', "piece infantry: the reference sheet reads no field 'mvoe'", "did you mean 'move'?"),
    ('front_line.rml.j2', 'front_line', 'common.scn', '  rounds 4 ', '  rounds 13 ', '13', 'options: rounds is 13; it must be from 1 to 12', 'the reference sheet reads it'),
    ('front_line_rules.rml.j2', 'front_line', 'common.scn', '  per_side 11\n', '  per_sied 11\n', 'per_sied', "piece infantry: the reference sheet reads no field 'per_sied'", "did you mean 'per_side'?"),
    ('front_line_rules.rml.j2', 'front_line', 'common.scn', '  regroup_cost 1 ', '  regroup_cost 5 ', '5', 'options: regroup_cost is 5; it must be from 0 to 4', 'the reference sheet reads it'),
    ('front_line_setup.rml.j2', 'front_line', 'common.scn', 'move_bonus 1; rout_disrupts }', 'move_bonus 1; rout_disrupt }', 'rout_disrupt', "terrain desert: the reference sheet reads no field 'rout_disrupt'", "did you mean 'rout_disrupts'?"),
    ('front_line_setup.rml.j2', 'front_line', 'common.scn', 'terrain beach    { height 0; colour "#efd98a"; landing;', 'terrain beach    { height 0; colour "#efd98a"; landing 3;', '3', 'terrain beach: landing is a flag: write `landing` alone (or `landing false`), not a number 3', 'the reference sheet reads it'),
    ('front_lines.rml.j2', 'front_lines', None, 'piece commander { letter C; role commander; moves 1 }', 'piece commander { letter C; role commander; moves 1; titel "Commander" }', 'titel', "piece commander: the reference sheet reads no field 'titel'", "did you mean 'title'?"),
    ('front_lines.rml.j2', 'front_lines', None, '    advance down', '    advance sideways', 'sideways', "setup North: advance: 'sideways' is not one of up, down", 'expected one of: down, up'),
    ('last_front.rml.j2', 'last_front', None, '    dig_in_value 10', '    dig_in_valeu 10', 'dig_in_valeu', "options: the reference sheet reads no field 'dig_in_valeu'", "did you mean 'dig_in_value'?"),
    ('last_front.rml.j2', 'last_front', None, '    min_raise 1', '    min_raise 10', '10', 'options: min_raise is 10; it must be from 1 to 9', 'the reference sheet reads it'),
    ('last_front_aid.rml.j2', 'last_front', None, 'card american_bonus { nation american; text', 'card american_bonus { nation american; txet', 'txet', "card american_bonus: the reference sheet reads no field 'txet'", "did you mean 'text'?"),
    ('last_front_aid.rml.j2', 'last_front', None, 'card american_bonus { nation american; text "Each Plane card in your bid counts 1 more."', 'card american_bonus { nation american; text 5', '5', 'card american_bonus: text takes a quoted string, not a number 5', 'the reference sheet reads it'),
    ('last_front_mat.rml.j2', 'last_front', None, 'setup P1 { deal 6;', 'setup P1 { dael 6;', 'dael', "setup P1: the reference sheet reads no field 'dael'", "did you mean 'deal'?"),
    ('last_front_mat.rml.j2', 'last_front', None, 'setup P1 { deal 6;', 'setup P1 { deal 100;', '100', 'setup P1: deal is 100; it must be from 1 to 20', 'the reference sheet reads it'),
    ('last_front_rules.rml.j2', 'last_front', None, 'card ambush x2 { category special; face_value 2; blitz', 'card ambush x2 { category special; face_value 2; blits', 'blits', "card ambush: the reference sheet reads no field 'blits'", "did you mean 'blitz'?"),
    ('last_front_rules.rml.j2', 'last_front', None, 'card ambush x2 { category special; face_value 2;', 'card ambush x2 { category special; face_value 1000;', '1000', 'card ambush: face_value is 1000; it must be from 0 to 999', 'the reference sheet reads it'),
    ('lines_and_webs.rml.j2', 'lines_and_webs', None, 'piece food_token       { marker; class cl1;', 'piece food_token       { marker; clas cl1;', 'clas', "piece food_token: the reference sheet reads no field 'clas'", "did you mean 'class'?"),
    ('lines_and_webs.rml.j2', 'lines_and_webs', None, '    turns 15', '    turns 100', '100', 'options: turns is 100; it must be from 1 to 99', 'the reference sheet reads it'),
    ('lines_and_webs_board.rml.j2', 'lines_and_webs', None, 'terrain town   { colour "#c9b48a"; defence 1 }', 'terrain town   { colour "#c9b48a"; defense 1 }', 'defense', "terrain town: the reference sheet reads no field 'defense'", "did you mean 'defence'?"),
    ('lines_and_webs_board.rml.j2', 'lines_and_webs', None, '    token_cost 1', '    token_cost 100', '100', 'options: token_cost is 100; it must be from 0 to 99', 'the reference sheet reads it'),
    ('lines_and_webs_rules.rml.j2', 'lines_and_webs', None, 'terrain spod; port; capacity 4;', 'terrain spod; port; capacty 4;', 'capacty', "space B1: the reference sheet reads no field 'capacty'", "did you mean 'capacity'?"),
    ('lines_and_webs_rules.rml.j2', 'lines_and_webs', None, 'terrain spod; port; capacity 4;', 'terrain spod; port; capacity 100;', '100', 'space B1: capacity is 100; it must be from 0 to 99', 'the reference sheet reads it'),
    ('lines_and_webs_setup.rml.j2', 'lines_and_webs', None, '  deck special "Special cards" {\n    each_side\n', '  deck special "Special cards" {\n    each_side\n    layuot special\n', 'layuot', "deck special: the reference sheet reads no field 'layuot'", "did you mean 'layout'?"),
    ('lines_and_webs_setup.rml.j2', 'lines_and_webs', None, 'class cl1; colour "#3a6fd8"; count 300; cost 1 }', 'class cl1; colour "#3a6fd8"; count 300; cost 1000 }', '1000', 'piece food_token: cost is 1000; it must be from 0 to 999', 'the reference sheet reads it'),
    ('lines_and_webs_trackers.rml.j2', 'lines_and_webs', None, '    storage 6; basic_food 1; basic_fuel 3; basic_ammo 2', '    storage 6; basic_fod 1; basic_fuel 3; basic_ammo 2', 'basic_fod', "piece armor: the reference sheet reads no field 'basic_fod'", "did you mean 'basic_food'?"),
    ('lines_and_webs_trackers.rml.j2', 'lines_and_webs', None, 'capacity 4; storage 20;', 'capacity 4; storage 200;', '200', 'space B1: storage is 200; it must be from 0 to 99', 'the reference sheet reads it'),
]
SHIPPED = [CONTENT / "fantasy_line_battle" / "fantasy_line_battle.scn", CONTENT / "front_lines" / "front_lines.scn",
           CONTENT / "last_front" / "last_front.scn", CONTENT / "lines_and_webs" / "lines_and_webs.scn",
           CONTENT / "skirmish" / "skirmish.scn",
           *(CONTENT / "front_line" / f"{name}.scn" for name in ("main", "lake_nogo", "great_desert", "mt_range"))]


def _copy(tmp_path: Path, game: str, old: str, new: str, file: str | None) -> Path:
    path = changed(tmp_path, game, old, new, file)
    return tmp_path / "main.scn" if game == "front_line" else path


def _where(tmp_path: Path, game: str, file: str | None, new: str, at: str) -> tuple[int, int]:
    """The line and column of `at` in the changed line of the copy."""
    written = next(line for line in reversed(new.splitlines()) if at in line)
    source = tmp_path / (file or f"{game}.scn")
    line = line_of(source, written.strip())
    text = source.read_text().splitlines()[line - 1]
    return line, text.index(at, text.index(written.strip())) + 1


@pytest.mark.parametrize("template, game, file, old, new, at, message, hint", CASES,
                         ids=[f"{c[0]}-{c[5]}" for c in CASES])
def test_a_field_a_sheet_reads_misspelt_or_out_of_bounds_is_an_error_at_check(tmp_path, template, game, file, old,
                                                                              new, at, message, hint):
    """The sheet's own declaration finds it (with no help from the ruleset), and `check`
    reports an error on that line: the build never starts on it."""
    path = _copy(tmp_path, game, old, new, file)
    line, column = _where(tmp_path, game, file, new, at)
    kind = "misspelt" if hint and hint.startswith("did you mean") and "reads no field" in message else "bounds"
    assert any(d[0] == line and (kind == "bounds" or (d[3] or "").startswith("did you mean"))
               for d in errors(path)), errors(path)
    try:
        scenario = dsl.load(path)
    except dsl.DslError as err:  # the language types the press's own fields first
        assert [(d.line, d.column, d.message) for d in err.diagnostics] == [(line, column, message)]
        return
    assert template in _tree(scenario.ruleset)
    assert [(d.line, d.column, d.message, d.hint) for d in sheet_problems(scenario)] == \
        [(line, column, message, hint)]


def _tree(ruleset: str) -> set[str]:
    """The files of the template the build uses for `ruleset`, with all it includes."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(sheets.TEMPLATES)))
    todo, seen = [sheets.template_name(ruleset)], set()
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            source = env.loader.get_source(env, name)[0]
            todo += [t for t in jinja2.meta.find_referenced_templates(env.parse(source)) if isinstance(t, str)]
    return {Path(name).name for name in seen}


def test_every_template_that_reads_a_field_has_a_case_above():
    reading = {path.name for path in TEMPLATES.glob("*.j2") if DECLARATION.search(path.read_text())}
    assert reading == {case[0] for case in CASES}
    assert {path.name for path in TEMPLATES.glob("*.j2")} - reading == {"generic.rml.j2", "front_line_items.rml.j2"}


def test_the_shipped_games_check_clean_against_their_sheets():
    for path in SHIPPED:
        assert sheet_problems(dsl.load(path)) == [], path.name


# ------------------------------------------------ declared and read: held both ways


def _kinds(scenario) -> dict[int, str]:
    """id of each block's fields → the kind a declaration names it by."""
    out = {id(scenario.fields): "scenario", id(scenario.options): "options"}
    for kind, catalog in (("terrain", scenario.terrains), ("pieces", scenario.pieces), ("decks", scenario.decks),
                          ("setups", scenario.setups)):
        out.update((id(block.fields), kind) for block in catalog.values())
    for board in scenario.boards.values():
        out.update((id(space.fields), "spaces") for space in board.spaces)
    for deck in scenario.decks.values():
        out.update((id(card.fields), f"deck {deck.name}") for card in deck.cards)
    for table in scenario.tables.values():
        out[id(table.fields)] = f"table {table.name}"
    return out


@contextlib.contextmanager
def recording(scenario) -> Iterator[dict[str, set[str]]]:
    """While open, every field read by name of a block of `scenario`, by the kind of block
    (`pieces`, `deck supply`, …). Fields read by walking a whole block (`fields.items()`)
    are not reads by name; nor are those of blocks no declaration kind covers (layouts,
    zones, the press block's inner blocks, which the press's own checks hold)."""
    kinds = _kinds(scenario)
    read: dict[str, set[str]] = defaultdict(set)
    plain = Fields.__getitem__

    def recorded(self, key):
        if id(self) in kinds:
            read[kinds[id(self)]].add(key)
        return plain(self, key)

    Fields.__getitem__ = recorded
    Fields.items = lambda self: tuple((k, f.value) for k, f in self._index.items())
    Fields.values = lambda self: tuple(f.value for f in self._index.values())
    try:
        yield read
    finally:
        Fields.__getitem__ = plain
        del Fields.items, Fields.values


def reads_beyond(template: jinja2.Template, context: dict, scenario, declared: dict[str, set[str]]) -> set:
    """Render `template` and return every (kind, field) it read by name that `declared`
    does not name (a card's reads are covered by `deck NAME` or `deck *`)."""
    with recording(scenario) as read:
        template.render(**context)
    return {(kind, name) for kind, names in read.items() for name in names
            if name not in declared.get(kind, set()) | (declared.get("deck *", set()) if kind.startswith("deck ")
                                                        else set())}


@pytest.mark.parametrize("path", SHIPPED, ids=[p.name for p in SHIPPED])
def test_every_field_a_sheet_reads_is_declared(path):
    """Rendered from the shipped game: each field the template tree reads by name is
    declared in it, for the kind of block it belongs to."""
    scenario = dsl.load(path)
    name = sheets.template_name(scenario.ruleset)
    declared = {kind: {field for field, _ in reads} for kind, reads in declared_reads(name)}
    template = sheets.environment().get_template(name)
    assert reads_beyond(template, sheets.sheet_context(scenario, PressOptions()), scenario, declared) == set()


def unread_declarations(source: str) -> set[str]:
    """The fields a template declares that its own text never names (as `"field"`,
    `'field'` or `.field`) outside its declarations."""
    body = DECLARATION.sub("", source)
    declared = {name for _, fields in DECLARATION.findall(source) for name in re.findall(r"(\w+)\s*(?:\([^)]*\))?",
                                                                                             fields)}
    return {name for name in declared if not re.search(rf"""["'.]{name}\b""", body)}


@pytest.mark.parametrize("path", sorted(TEMPLATES.glob("*.j2")), ids=lambda p: p.name)
def test_every_field_a_template_declares_it_reads(path):
    assert unread_declarations(path.read_text()) == set()


def test_the_audit_catches_a_field_read_but_not_declared_and_one_declared_but_not_read():
    """The two audits above can fail: a template reading a piece's `moves` that declares
    only `letter`, and a declaration of `range` no line of the template reads."""
    scenario = dsl.load(CONTENT / "front_lines" / "front_lines.scn")
    source = ('{# reads pieces: letter (text), range (whole) #}'
              '{% for p in scenario.pieces.values() %}{{ p.fields.get("letter") }}{{ p.fields.get("moves") }}'
              '{% endfor %}')
    template = jinja2.Environment(undefined=jinja2.StrictUndefined).from_string(source)
    assert reads_beyond(template, {"scenario": scenario}, scenario, {"pieces": {"letter", "range"}}) == \
        {("pieces", "moves")}
    assert unread_declarations(source) == {"range"}


def test_a_declaration_the_press_cannot_read_is_refused():
    from toolkit.pnp.sheet_needs import DeclarationError, parse_read

    assert parse_read("whole 0-99, required").spec.maximum == 99
    assert parse_read("list whole 1-12").spec.item == "whole"
    with pytest.raises(DeclarationError, match="unknown field type 'hole'"):
        parse_read("hole 0-99")


def test_an_empty_delivery_queue_checks_clean_and_its_sheets_render(tmp_path):
    """Mutating the fields the sheets read found it: `delivery_queue []` (no queue: the
    rules land purchases at once) checked clean and the board and setup sheets failed on
    `queue[0]`."""
    path = changed(tmp_path, "lines_and_webs", "delivery_queue [packaging_rsoi, in_transit]", "delivery_queue []")
    assert errors(path) == []
    assert "Arrival at a port" in sheets.render_rml(dsl.load(path))
