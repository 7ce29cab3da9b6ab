"""Front Line's scenario checks at `frontkit check`: what the ruleset needs is
reported as positioned diagnostics (the kit's needs, the turn-sequence table against
the phases, the Leadership card's effects, the attack results table)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import dsl
from front_line_play import RULES, ROOT

CONTENT = ROOT / "content" / "front_line"


@pytest.mark.parametrize("name", ["main", "lake_nogo", "great_desert", "mt_range"])
def test_every_battlefield_checks_clean_and_starts(name):
    scenario = dsl.load(CONTENT / f"{name}.scn")
    assert [d for d in RULES.check_scenario(scenario) if d.severity == "error"] == []
    assert RULES.decision(RULES.new_game(scenario)) is not None


def _variant(tmp_path: Path, old: str, new: str):
    for f in CONTENT.glob("*.scn"):
        shutil.copy(f, tmp_path / f.name)
    common = tmp_path / "common.scn"
    text = common.read_text()
    assert old in text
    common.write_text(text.replace(old, new))
    return dsl.load(tmp_path / "main.scn"), common


def _errors(scenario):
    return [d for d in RULES.check_scenario(scenario) if d.severity == "error"]


def test_a_turn_sequence_out_of_step_with_the_phases_is_reported_where_written(tmp_path):
    scenario, common = _variant(tmp_path, "first_choice [one_side,", "first_choice [in_turn,")
    (d,) = _errors(scenario)
    assert "first_choice" in d.message and "one_side" in d.message
    assert Path(d.path).name == "common.scn" and d.line > 1


def test_a_leadership_effect_with_a_bad_parameter_is_reported(tmp_path):
    scenario, _ = _variant(tmp_path, "effect cache(when=own_turn, n=1)",
                           "effect cache(when=my_turn, n=1)")
    (d,) = _errors(scenario)
    assert "cache" in d.message and "when" in d.message


def test_an_unknown_option_is_reported_with_a_suggestion(tmp_path):
    scenario, _ = _variant(tmp_path, "placement recommended", "placment recommended")
    (d,) = _errors(scenario)
    assert "placment" in d.message and "placement" in (d.hint or "")


def test_an_attack_results_cell_that_is_no_result_is_reported(tmp_path):
    scenario, _ = _variant(tmp_path, "range_2 [blitz, disrupt,", "range_2 [blitz, disrupted,")
    (d,) = _errors(scenario)
    assert "disrupted" in d.message


def test_the_options_the_checker_knows_are_the_options_the_rules_read():
    from toolkit.referee.rulesets.front_line.config import DEFAULT_OPTIONS
    from toolkit.referee.rulesets.front_line.rules import NEEDS
    assert set(NEEDS.options) == set(DEFAULT_OPTIONS)


def test_a_bad_start_roll_option_is_a_scenario_error_not_a_traceback():
    from toolkit.referee.protocol import ScenarioError
    scenario = dsl.load(CONTENT / "main.scn")
    with pytest.raises(ScenarioError, match="first_player_roll"):
        RULES.new_game(scenario, {"first_player_roll": (1, "Blue")})
