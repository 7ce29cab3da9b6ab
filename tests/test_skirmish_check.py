"""`frontkit check` of a Skirmish scenario: what keeps it from being played is a
positioned diagnostic, by exact message, line and column."""

from __future__ import annotations

import pytest

from tests.skirmish_cases import FIELD

import dsl
from toolkit.referee.playable import problems


def _diagnostics(text: str):
    return [(d.line, d.column, d.severity, d.message) for d in problems(dsl.loads(text, "t.scn"))]


def _line(text: str, needle: str) -> int:
    return next(i for i, l in enumerate(text.splitlines(), 1) if needle in l)


def test_the_test_field_checks_clean():
    assert _diagnostics(FIELD) == []


@pytest.mark.parametrize("old,new,needle,col,message", [
    ("options { turn_limit 20 }", "options { turn_limit 0 }", "turn_limit", 13,
     "option turn_limit: 0 is not a whole number from 1 to 500"),
    ("options { turn_limit 20 }", "options { hold_turn 2 }", "hold_turn", 13,
     "the ruleset skirmish has no option 'hold_turn'"),
    ("piece scout { moves 2; strength 1 }", "piece scout { moves many; strength 1 }",
     "piece scout", 17, "piece scout: moves: many is not a whole number from 0 to 20"),
    ("  table turn_sequence { turn [in_turn, \"One action each.\"] }",
     "  table turn_sequence { turn [together, \"One action each.\"] }", "turn_sequence", 25,
     "turn_sequence: in phase turn the referee has in_turn act, not together"),
    ("    infantry at E5\n    reserve infantry\n", "    reserve infantry\n",
     "zone south_deploy", 0, None),
])
def test_ruleset_problems_are_reported_where_they_are_written(old, new, needle, col, message):
    text = FIELD.replace(old, new)
    assert text != FIELD
    found = _diagnostics(text)
    if message is None:  # a side with only a reserve is fine
        assert found == []
        return
    assert (_line(text, needle), col, "error", message) in found


def test_a_side_with_no_pieces_is_an_error_at_its_setup():
    text = FIELD.replace("    infantry at E5\n    reserve infantry\n", "")
    line = _line(text, "setup South")
    assert (line, 9, "error", "side South has no pieces: it would lose before its first "
            "turn (SK-wipeout)") in _diagnostics(text)


def test_a_reserve_without_a_deployment_zone_is_an_error():
    text = FIELD.replace("zone south_deploy: A5..E5 { owner South }", "zone south_deploy: A5..E5")
    south = [i for i, l in enumerate(text.splitlines(), 1) if l == "    reserve infantry"][1]
    assert (south, 13, "error", "South has a reserve but no deployment zone to bring it "
            "onto (SK-enter)") in _diagnostics(text)


def test_a_piece_starting_on_the_enemy_capital_is_an_error():
    text = FIELD.replace("infantry at E5", "infantry at C1")
    assert (_line(text, "infantry at C1"), 17, "error",
            "South's infantry starts on North's capital C1: the game would be over at once "
            "(SK-capital)") in _diagnostics(text)


def test_hands_holding_more_copies_than_the_deck_are_an_error():
    text = FIELD.replace("hand forced_march, charge, dig_in\n  }\n  table",
                         "hand forced_march x2, charge, dig_in\n  }\n  table")
    assert text != FIELD
    line = _line(text, "forced_march x2, charge")
    assert (line, 10, "error", "the hands hold 3 forced_march card(s) but the deck has 2 "
            "(SK-card)") in _diagnostics(text)


def test_a_capital_without_an_owner_is_a_warning():
    text = FIELD.replace("space C1 { capital; owner North }", "space C1 { capital }")
    assert (_line(text, "space C1"), 16, "warning",
            "capital C1 has no owner: Skirmish ignores it") in _diagnostics(text)


def test_a_piece_field_skirmish_does_not_read_is_a_warning():
    text = FIELD.replace("piece guard { moves 1; strength 3 }",
                         "piece guard { moves 1; strength 3; range 2 }")
    found = _diagnostics(text)
    assert [d for d in found if d[2] == "error"] == []
    assert (_line(text, "piece guard"), 38, "warning",
            "piece guard: the ruleset skirmish reads no field 'range'") in found
