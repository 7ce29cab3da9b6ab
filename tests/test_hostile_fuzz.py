"""The fuzz harness of issue 12, a bounded run on every test run.

Hypothesis builds hostile scenarios, include trees, templates and records
(tests/hostile_cases.py); each example must end with nothing but the project's own
errors, within generous time and memory bounds, with an output no larger than a
multiple of its input. The examples are derandomized, so a run is repeatable; the long
run with fresh random examples is `python benchmarks/fuzz_hostile.py` (by hand).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings

from tests import hostile_cases as cases
from toolkit.referee import registry

registry.register("dice_race", "tests.referee_toy.dice_race:RULESET")

BOUNDED = settings(max_examples=40, deadline=None, derandomize=True, database=None,
                   suppress_health_check=list(HealthCheck))


@BOUNDED
@given(cases.hostile_scenarios())
def test_hostile_scenarios_end_in_diagnostics(text):
    with tempfile.TemporaryDirectory() as folder:
        cases.run_scenario(text, Path(folder))


@settings(BOUNDED, max_examples=25)
@given(cases.include_trees())
def test_hostile_include_trees_end_in_diagnostics(files):
    with tempfile.TemporaryDirectory() as folder:
        cases.run_includes(files, Path(folder))


@settings(BOUNDED, max_examples=60)
@given(cases.templates())
def test_hostile_templates_fill_or_fail_with_a_press_error(source):
    cases.run_template(source)


@settings(BOUNDED, max_examples=40)
@given(cases.records())
def test_hostile_records_replay_or_are_refused_clearly(text):
    with tempfile.TemporaryDirectory() as folder:
        cases.run_record(text, Path(folder))


@settings(BOUNDED, max_examples=6)
@given(cases.press_scenarios())
def test_hostile_press_values_build_or_stop_with_one_clear_message(text):
    with tempfile.TemporaryDirectory() as folder:
        cases.run_build(text, Path(folder))
