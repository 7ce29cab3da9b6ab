"""`frontkit check` means playable (issue: the rules kit): the named ruleset's own checks
run at `check`, and whatever checks clean starts with `frontkit play`: the starter from
`frontkit new`, every tutorial step, every shipped scenario with a referee."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest

import dsl
from toolkit.cli import main
from toolkit.referee import registry
from toolkit.referee.playable import problems, unrefereed_games

ROOT = Path(__file__).resolve().parents[1]
TUTORIAL = ROOT / "docs" / "tutorial.md"
STEP = re.compile(r"```scenario\n(.*?)```", re.S)


def _checks_then_plays(path: Path, capsys, monkeypatch) -> str:
    assert main(["check", str(path)]) == 0, capsys.readouterr().err
    assert not [d for d in problems(dsl.load(path)) if d.is_error]
    capsys.readouterr()
    monkeypatch.setattr(sys, "stdin", io.StringIO("moves\nquit\n"))
    assert main(["play", str(path), "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "stopped" in out
    return out


def test_frontkit_new_writes_a_scenario_that_checks_and_plays(tmp_path, capsys, monkeypatch):
    path = tmp_path / "mine.scn"
    assert main(["new", str(path)]) == 0
    _checks_then_plays(path, capsys, monkeypatch)


@pytest.mark.parametrize("n", range(len(STEP.findall(TUTORIAL.read_text()))))
def test_every_tutorial_step_checks_and_plays(n, tmp_path, capsys, monkeypatch):
    step = STEP.findall(TUTORIAL.read_text())[n]
    path = tmp_path / f"step{n + 1}.scn"
    path.write_text(step)
    _checks_then_plays(path, capsys, monkeypatch)


SHIPPED = [p for name in registry.names() for p in registry.shipped_scenarios(name)]


@pytest.mark.parametrize("path", SHIPPED, ids=[p.name for p in SHIPPED])
def test_every_shipped_scenario_with_a_referee_checks_and_plays(path, capsys, monkeypatch):
    _checks_then_plays(path, capsys, monkeypatch)


def test_an_unknown_ruleset_close_to_a_known_one_is_an_error_with_did_you_mean(tmp_path, capsys):
    import shutil

    text = (ROOT / "content" / "front_lines" / "front_lines.scn").read_text()
    shutil.copy(ROOT / "content" / "front_lines" / "layouts.scn", tmp_path / "layouts.scn")
    path = tmp_path / "typo.scn"
    path.write_text(text.replace("ruleset front_lines", "ruleset front_lnes"))
    assert main(["check", str(path)]) == 1
    err = capsys.readouterr().err
    line = text.splitlines().index(next(l for l in text.splitlines() if "ruleset front_lines" in l)) + 1
    assert f"typo.scn:{line}:3: error: unknown ruleset 'front_lnes'" in err
    assert "hint: did you mean 'front_lines'?" in err


def test_a_shipped_game_without_a_referee_says_so_in_words_and_still_checks(capsys):
    games = unrefereed_games()
    if not games:
        pytest.skip("every shipped game has a referee")
    path = sorted((ROOT / "content" / games[0]).glob("*.scn"))
    path = next(p for p in path if f"ruleset {games[0]}" in p.read_text())
    assert main(["check", str(path)]) == 0
    assert f"note: the ruleset {games[0]} has no referee yet" in capsys.readouterr().err


def test_ruleset_problems_are_positioned_diagnostics_and_fail_check(tmp_path, capsys):
    toy = ROOT / "tests" / "referee_toy"
    registry.register("dice_race", "tests.referee_toy.dice_race:RULESET")
    text = (toy / "dice_race.scn").read_text().replace("sides Red, Blue", "sides Red")
    path = toy / "_broken_for_test.scn"
    try:
        path.write_text(text)
        assert main(["check", str(path)]) == 1
        err = capsys.readouterr().err
        assert "_broken_for_test.scn:5:3: error: the ruleset dice_race is for 2 to 4 sides, not 1" in err
        assert "    5 |   sides Red" in err
    finally:
        path.unlink()


def test_play_refuses_a_scenario_its_ruleset_cannot_play_with_the_check_diagnostics(
        tmp_path, capsys):
    registry.register("dice_race", "tests.referee_toy.dice_race:RULESET")
    toy = ROOT / "tests" / "referee_toy"
    path = toy / "_unplayable_for_test.scn"
    try:
        path.write_text((toy / "dice_race.scn").read_text().replace(
            "effect move(by=2)", "effect mvoe(by=2)"))
        assert main(["play", str(path), "--seed", "1"]) == 1
        err = capsys.readouterr().err
        assert "cannot be played" in err
        assert "error: card sprint: unknown effect 'mvoe' for the ruleset dice_race" in err
        assert "hint: did you mean 'move'?" in err
    finally:
        path.unlink()
