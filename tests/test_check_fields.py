"""Every field a game or a sheet reads is declared and checked (issue 27, deliverable 1):
Front Line and Front Lines declare every card and piece field their rulesets read, with
bounds, and `frontkit check` holds every card and piece of a scenario to them: a misspelt
field is an error where it was written with a "did you mean", a value out of bounds is
refused at its line and column."""

from __future__ import annotations

import random

import pytest

import dsl
from dsl.fields import PIECE_PRESS_FIELDS, SETUP_FIELDS
from test_check_plays import CONTENT, changed, errors, line_of
from toolkit.pnp.sheet_needs import declared_reads
from toolkit.pnp.sheets import template_name
from toolkit.referee import registry
from toolkit.referee.kit.needs import ANY_DECK
from toolkit.sim.playout import PlayoutLimit, playout

# ------------------------------------------------------------------ Front Line


def _front_line(tmp_path, old: str, new: str):
    """A copy of Front Line's main battlefield with `old` replaced in common.scn."""
    changed(tmp_path, "front_line", old, new, file="common.scn")
    return tmp_path / "main.scn"


@pytest.mark.parametrize("old, new, wrong, field", [
    ("  range 3\n", "  rnage 3\n", "rnage", "range"),
    ("  build_cost 3\n", "  biuld_cost 3\n", "biuld_cost", "build_cost"),
    ("  per_side 11\n", "  per_sde 11\n", "per_sde", "per_side"),
    ("  advantage_choice ", "  advantage_chioce ", "advantage_chioce", "advantage_choice"),
    ("  dug_in_on [hill", "  dug_in_onn [hill", "dug_in_onn", "dug_in_on"),
])
def test_front_line_a_misspelt_piece_field_is_an_error_with_did_you_mean(tmp_path, old, new, wrong, field):
    """config.Kind reads each of these with a default: a misspelling played on with the
    default (a tank without `advantage_choice`) where it should have been refused."""
    path = _front_line(tmp_path, old, new)
    line = line_of(path, new.strip(), file="common.scn")
    piece = next(text.split()[1] for text in reversed((tmp_path / "common.scn").read_text()
                                                     .splitlines()[:line]) if text.startswith("piece "))
    assert errors(path) == [(line, 3, f"piece {piece}: the ruleset front_line reads no field '{wrong}'",
                             f"did you mean '{field}'?")]


def test_front_line_a_misspelt_supply_card_field_is_an_error_with_did_you_mean(tmp_path):
    """Config.grant read a missing `industry` as 0 chits a month: `industy` played on."""
    old = "emphasis air; air [4, 4, 4, 4]; capital [3, 3, 3, 3]; industry [3, 3, 3, 3]"
    path = _front_line(tmp_path, old, old.replace("industry [", "industy ["))
    line = line_of(path, "industy [", file="common.scn")
    column = (tmp_path / "common.scn").read_text().splitlines()[line - 1].index("industy") + 1
    assert (line, column, "card balanced_air: the ruleset front_line reads no field 'industy'",
            "did you mean 'industry'?") in errors(path)


@pytest.mark.parametrize("old, new, message, hint", [
    ("  range 3\n", "  range 30\n", "piece artillery: range: 30 is not a whole number from 1 to 9", None),
    ("  move 2\n  moves orthogonal, diagonal\n", "  move 0\n  moves orthogonal, diagonal\n",
     "piece tank: move: 0 is not a whole number from 1 to 9", None),
    ("  per_side 11\n", "  per_side 61\n", "piece infantry: per_side: 61 is not a whole number from 0 to 60",
     None),
    ("  moves orthogonal, diagonal\n", "  moves orthogonal, diagnal\n",
     "piece tank: moves: diagnal is not one of orthogonal, diagonal (in [orthogonal, diagnal])",
     "did you mean 'diagonal'?"),
    ("dug_in_on [hill, mountain]", "dug_in_on [hill, mountian]",
     "piece infantry: dug_in_on: 'mountian' is not a terrain of this scenario (in [hill, mountian])",
     "did you mean 'mountain'?"),
    ("emphasis air; air [4, 4, 4, 4]", "emphasis air; air [4, 4, 400, 4]",
     "card balanced_air: air: 400 is not a whole number from 0 to 99 (in [4, 4, 400, 4])", None),
    ("emphasis air; air [4, 4, 4, 4]", "emphasis air; air [4, 4, four, 4]",
     "card balanced_air: air: four is not a whole number from 0 to 99 (in [4, 4, four, 4])", None),
])
def test_front_line_a_piece_or_card_field_out_of_bounds_is_refused_where_written(tmp_path, old, new, message,
                                                                                 hint):
    """A figure no Front Line box holds (a range of 30, 400 chits a month, a word where the
    supply card gives a number: Config.grant's int() failed at the first round) is an error
    at its field."""
    path = _front_line(tmp_path, old, new)
    changed_line = next(text for text in new.splitlines() if text not in old.splitlines())
    line = line_of(path, changed_line.strip(), file="common.scn")
    field = "air [" if changed_line.startswith("emphasis") else changed_line.split()[0]
    column = (tmp_path / "common.scn").read_text().splitlines()[line - 1].index(field) + 1
    assert errors(path) == [(line, column, message, hint)]


# ------------------------------------------------------------------ Front Lines

RECON = "piece recon     { letter R; role recon; moves 2; disguise infantry; reveals 3 }"


@pytest.mark.parametrize("new, wrong, field", [
    (RECON.replace("moves 2", "moevs 2"), "moevs", "moves"),
    (RECON.replace("reveals 3", "reveal 3"), "reveal", "reveals"),
    (RECON.replace("disguise infantry", "disguse infantry"), "disguse", "disguise"),
])
def test_front_lines_a_misspelt_piece_field_is_an_error_with_did_you_mean(tmp_path, new, wrong, field):
    path = changed(tmp_path, "front_lines", RECON, new)
    assert errors(path) == [(line_of(path, "piece recon"), new.index(wrong) + 3,
                             f"piece recon: the ruleset front_lines reads no field '{wrong}'",
                             f"did you mean '{field}'?")]


@pytest.mark.parametrize("field, value, message", [
    ("moves", "11", "piece recon: moves: 11 is not a whole number from 1 to 10 on this board"),
    ("moves", "0", "piece recon: moves: 0 is not a whole number from 1 to 10 on this board"),
    ("reveals", "999999999", "piece recon: reveals: 999999999 is not a whole number from 0 to 10 on this board"),
])
def test_front_lines_a_reach_beyond_the_board_is_refused_at_the_field(tmp_path, field, value, message):
    """Config refused `moves 11` on the 8 x 10 board only as a whole: the error stood at
    the `ruleset` line. A move or a reveal reaches at most the board's longer side."""
    old = f"{field} {'2' if field == 'moves' else '3'}"
    new = RECON.replace(old, f"{field} {value}")
    path = changed(tmp_path, "front_lines", RECON, new)
    assert errors(path) == [(line_of(path, "piece recon"), new.index(f"{field} {value}") + 3, message, None)]


def test_the_shipped_front_line_and_front_lines_scenarios_check_clean():
    for path in sorted((CONTENT / "front_line").glob("*.scn")) + [CONTENT / "front_lines" / "front_lines.scn"]:
        if path.name not in ("common.scn", "layouts.scn"):
            assert errors(path) == [], path.name


SETUP_RED = "    supply_card balanced_industry\n    leadership available\n  }\n  # Green"


@pytest.mark.parametrize("new, message, hint", [
    ("    suply_card balanced_industry\n    leadership available\n", "setup Red: the ruleset front_line reads no field 'suply_card'",
     "did you mean 'supply_card'?"),
    ("    supply_card balanced_industri\n    leadership available\n",
     "setup Red: supply_card: 'balanced_industri' is not a card of the deck supply", "did you mean 'balanced_industry'?"),
    ("    supply_card balanced_industry\n    leadrship available\n",
     "setup Red: the ruleset front_line reads no field 'leadrship'", "did you mean 'leadership'?"),
    ("    supply_card balanced_industry\n    leadership availabel\n",
     "setup Red: leadership: availabel is not one of available, exhausted", "did you mean 'available'?"),
])
def test_front_line_a_setup_field_misspelt_or_unknown_is_an_error_where_written(tmp_path, new, message, hint):
    """`suply_card` started Red on the default card and `leadership availabel` with its
    leadership card exhausted, both checking clean; an unknown card was an error at the
    `ruleset` line only."""
    changed(tmp_path, "front_line", SETUP_RED, new + "  }\n  # Green", file="main.scn")
    path = tmp_path / "main.scn"
    wrong = next(text for text, was in zip(new.splitlines(), SETUP_RED.splitlines()) if text != was)
    line = line_of(path, wrong.strip())
    assert errors(path) == [(line, 5, message, hint)]


@pytest.mark.parametrize("old, new", [("    advance down", "    advence down"),
                                      ("    skills airstrike", "    skils airstrike")])
def test_front_lines_a_misspelt_setup_field_is_an_error_with_did_you_mean(tmp_path, old, new):
    """`advence down` let North advance by the default (down for the first side): right by
    luck, and South's `advence down` would have gone the wrong way unnoticed."""
    path = changed(tmp_path, "front_lines", old, new)
    wrong, field = new.split()[0], old.split()[0]
    assert errors(path) == [(line_of(path, new.strip()), 5,
                             f"setup North: the ruleset front_lines reads no field '{wrong}'",
                             f"did you mean '{field}'?")]


# ------------------------------------------------- the other rulesets: one of each

@pytest.mark.parametrize("game, old, new, field, message, hint", [
    ("skirmish", "piece cavalry  { moves 2;", "piece cavalry  { moevs 2;", "moevs",
     "piece cavalry: the ruleset skirmish reads no field 'moevs'", "did you mean 'moves'?"),
    ("skirmish", "piece cavalry  { moves 2;", "piece cavalry  { moves 21;", "moves",
     "piece cavalry: moves: 21 is not a whole number from 0 to 20", None),
    ("fantasy_line_battle", "card purify x2 { cost 2;", "card purify x2 { cots 2;", "cots",
     "card purify: the ruleset fantasy_line_battle reads no field 'cots'", "did you mean 'cost'?"),
    ("fantasy_line_battle", "card knight x2 { cost 4; health 8;", "card knight x2 { cost 4; health 100;", "health",
     "card knight: health: 100 is not a whole number from 1 to 99", None),
    ("last_front", "card ambush x2 { category special;", "card ambush x2 { categroy special;", "categroy",
     "card ambush: the ruleset last_front reads no field 'categroy'", "did you mean 'category'?"),
    ("last_front", "card ambush x2 { category special; face_value 2;",
     "card ambush x2 { category special; face_value 1000;", "face_value",
     "card ambush: face_value: 1000 is not a whole number from 0 to 999", None),
    ("lines_and_webs", 'title "9-Line Recovery!"; cost 1', 'title "9-Line Recovery!"; cots 1', "cots",
     "card nine_line_recovery: the ruleset lines_and_webs reads no field 'cots'", "did you mean 'cost'?"),
    ("lines_and_webs", 'title "9-Line Recovery!"; cost 1', 'title "9-Line Recovery!"; cost 1000', "cost",
     "card nine_line_recovery: cost: 1000 is not a whole number from 0 to 999", None),
    ("lines_and_webs", "storage 4; carries 2;", "storage 4; carries 200;", "carries",
     "piece forward_support_platoon: carries: 200 is not a whole number from 0 to 99", None),
])
def test_every_ruleset_refuses_a_misspelt_or_unbounded_field_where_written(tmp_path, game, old, new, field, message,
                                                                           hint):
    """One misspelling and one figure beyond its bound for each ruleset not tested above
    (Lines and Webs' special card cost is newly declared: `cots 1` bought the card at 1 RP)."""
    path = changed(tmp_path, game, old, new)
    line = line_of(path, new)
    column = path.read_text().splitlines()[line - 1].index(new) + new.index(field) + 1
    assert errors(path) == [(line, column, message, hint)]


# ------------------------------------------- declared and read: every ruleset, both ways

RULESETS = {"skirmish": "skirmish/skirmish.scn", "front_line": "front_line/main.scn",
            "front_lines": "front_lines/front_lines.scn", "lines_and_webs": "lines_and_webs/lines_and_webs.scn",
            "last_front": "last_front/last_front.scn", "fantasy_line_battle": "fantasy_line_battle/fantasy_line_battle.scn"}


def _read_in_play(ruleset: str):
    """The scenario, its rules, and every piece and card field the rules read by name while
    starting the shipped game, playing up to 400 seeded random moves of it and drawing each
    side's view."""
    from test_sheet_fields import recording

    scenario = dsl.load(CONTENT / RULESETS[ruleset])
    rules = registry.get(ruleset)
    with recording(scenario) as read:
        state = rules.new_game(scenario)
        try:
            playout(rules, state, random.Random(1), limit=400)
        except PlayoutLimit:
            pass
        for side in scenario.sides:
            rules.view(state, side)
    return scenario, rules, read


def _declared_cards(needs, deck: str) -> set[str]:
    return set(needs.card_fields.get(deck, needs.card_fields.get(ANY_DECK, {})))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_piece_and_card_field_a_ruleset_reads_is_declared(ruleset):
    """Read but never declared: a misspelling of it would play on with the default. The
    press's fields (a piece's title, marker; a card's title and text) are every reader's."""
    scenario, rules, read = _read_in_play(ruleset)
    needs = rules.needs
    assert read["pieces"] - set(needs.piece_fields) - set(PIECE_PRESS_FIELDS) == set()
    for deck in scenario.decks:
        assert read[f"deck {deck}"] - _declared_cards(needs, deck) - {"title", "text"} == set(), deck
    if needs.setup_fields:  # every ruleset's but Lines and Webs' (its setups: the next step)
        assert read["setups"] - set(needs.setup_fields) - set(SETUP_FIELDS) == set()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_piece_and_card_field_a_ruleset_declares_is_read(ruleset):
    """Declared but never read: by the rules in play, or by the reference sheet its build
    uses (Lines and Webs declares a unit's steps and supply range for its tracker cards)."""
    scenario, rules, read = _read_in_play(ruleset)
    sheet = dict(declared_reads(template_name(ruleset)))
    sheet_pieces = {name for name, _ in sheet.get("pieces", ())}
    assert set(rules.needs.piece_fields) - read["pieces"] - sheet_pieces == set()
    for deck in scenario.decks:
        sheet_cards = {name for kind in (f"deck {deck}", "deck *") for name, _ in sheet.get(kind, ())}
        assert _declared_cards(rules.needs, deck) - read[f"deck {deck}"] - sheet_cards == set(), deck
    assert set(rules.needs.setup_fields) - read["setups"] == set()


def test_front_lines_a_skill_that_is_a_number_is_an_error_not_a_traceback(tmp_path):
    """`skills 3` stopped `frontkit check` with a TypeError in army_problems (found by
    mutating the fields the sheets read)."""
    path = changed(tmp_path, "front_lines", "    skills airstrike, reinforce, land_mine\n  }\n  setup South",
                   "    skills 3\n  }\n  setup South")
    assert [(l, c, m) for l, c, m, _ in errors(path)] == [(line_of(path, "skills 3"), 5, "setup North: unknown skill 3")]
