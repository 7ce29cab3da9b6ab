"""What Front Lines needs of a scenario (issue 7, item 7): `check_scenario` reports every
problem that would stop play as a diagnostic at the place it was written, by exact
message, line and column; the shipped scenario checks clean and plays."""

from __future__ import annotations

from pathlib import Path

import pytest

import dsl
from toolkit.referee.rulesets.front_lines import RULESET as FL
from toolkit.referee.rulesets.front_lines.config import DEFAULT_OPTIONS
from toolkit.referee.rulesets.front_lines.needs import NEEDS

SCN_PATH = Path(__file__).parents[1] / "content" / "front_lines" / "front_lines.scn"
TEXT = SCN_PATH.read_text()


def broken(*changes: tuple[str, str]):
    text = TEXT
    for old, new in changes:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    # named beside the shipped file, so its `include "layouts.scn"` resolves; diagnostics
    # still read broken.scn
    return dsl.loads(text, str(SCN_PATH.with_name("broken.scn")))


def found(scenario) -> list[tuple]:
    return [(d.line, d.column, d.message, d.hint) for d in FL.check_scenario(scenario)]


def test_the_shipped_scenario_checks_clean_and_plays():
    scenario = dsl.load(SCN_PATH)
    assert FL.check_scenario(scenario) == []
    assert FL.decision(FL.new_game(scenario)) is not None


def test_every_option_has_a_declared_type():
    assert set(NEEDS.options) == set(DEFAULT_OPTIONS)


def test_every_problem_of_a_broken_copy_is_reported_where_it_was_written():
    scenario = broken(
        ("    sideways free ", "    sideways diagonal "),
        ("    actions_per_turn 3", "    actions_per_turn 0"),
        ("    centre_hold_turns 5", "    centre_hold 5"),
        ("    swap_fight true ", "    swap_fight 1 "),
        ("letter T; role combat; moves 1; beats armor",
         "letter A; role combat; moves 1; beats armour"),
        ("role recon; moves 2", "role scout; moves 2"),
        ("zone hidden_South:", "zone hidden_Sud:"),
        ("    recon at E3", "    recon at E5"),
        ("    skills airstrike, reinforce, land_mine\n  }\n  setup South",
         "    skills airstrike, reinforce, landmine\n  }\n  setup South"),
    )
    assert sorted(found(scenario)) == sorted([
        (13, 9, "the ruleset front_lines needs a zone hidden_South on board battlefield",
         "did you mean 'hidden_North'?"),
        (52, 21, "piece anti_tank: the letter A is armor's already",
         "each piece type needs its own letter"),
        (52, 53, "piece anti_tank: beats: 'armour' is not a piece type of this scenario",
         "did you mean 'armor'?"),
        (53, 31, "piece recon: role: scout is not one of combat, recon, commander",
         "expected one of: combat, commander, recon"),
        (61, 14, "setup North: E5 is not on North's deployment rows (zone deploy_North)", None),
        (63, 5, "setup North: unknown skill landmine", "did you mean 'land_mine'?"),
        (78, 5, "option actions_per_turn: 0 is not a whole number of at least 1", None),
        (80, 5, "option sideways: diagonal is not one of free, backward, forbidden",
         "expected one of: backward, forbidden, free"),
        (81, 5, "option swap_fight: 1 is not true or false", None),
        (84, 5, "the ruleset front_lines has no option 'centre_hold'",
         "did you mean 'centre_hold_turns'?"),
    ])


def test_the_armies_need_one_commander_type_and_one_commander_each():
    scenario = broken(("piece armor     { letter A; role combat;",
                       "piece armor     { letter A; role commander;"),
                      ("    commander at E10\n", ""))
    assert found(scenario) == [
        (51, 31, "piece armor: Front Lines has one commander type, and commander is one "
         "already", None),
        (65, 9, "setup South: the army needs exactly one commander, not 0", None),
    ]


def test_two_sides_exactly():
    scenario = broken(("sides North, South", "sides North, South, East"))
    assert (6, 3, "the ruleset front_lines is for 2 sides, not 3", None) in found(scenario)


@pytest.mark.parametrize("change, message", [
    (("    reserve armor x1, anti_tank x2, recon x1\n    skills airstrike, reinforce, land_mine\n"
      "  }\n  setup South", "    reserve armor x1, anti_tank x2, recon x1, commander x1\n"
      "    skills airstrike, reinforce, land_mine\n  }\n  setup South"),
     "setup North: a commander cannot be held in reserve"),
    (("    advance up", "    advance sideways"), "setup South: advance is up or down, not sideways"),
])
def test_setup_problems_are_reported(change, message):
    assert message in [m for _, _, m, _ in found(broken(change))]
