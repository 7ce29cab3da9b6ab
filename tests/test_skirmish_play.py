"""Skirmish at the command line: the shipped scenario played to its end by piping
moves into `frontkit play`, `frontkit simulate` finishing its games, and the
README's example and the tutorial's include step playing as written."""

from __future__ import annotations

import io
import json
import random
import re
import sys
from pathlib import Path

import dsl
from toolkit.cli import main
from toolkit.referee import game
from toolkit.referee.playable import problems
from toolkit.sim.playout import RandomBot

from tests.skirmish_cases import RULES

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ROOT / "content" / "skirmish" / "skirmish.scn"


def _play(path: Path, lines: list[str], capsys, monkeypatch) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))
    assert main(["play", str(path), "--seed", "1"]) == 0
    return capsys.readouterr().out


def test_the_shipped_scenario_plays_to_the_turn_limit_when_both_sides_pass(capsys,
                                                                          monkeypatch):
    limit = dsl.load(SHIPPED).option("turn_limit")
    out = _play(SHIPPED, ["pass"] * (2 * limit), capsys, monkeypatch)
    assert "game over: draw: after 20 rounds both sides have 8 strength on the board " \
           "[Red 8, Blue 8] (SK-limit)" in out
    assert "stopped" not in out and "end of input" not in out


def test_the_shipped_scenario_plays_to_its_end_with_every_kind_of_move(capsys, monkeypatch):
    """A random game's moves, as text, piped in: the session ends as the game did."""
    scenario = dsl.load(SHIPPED)
    rng = random.Random(7)
    bot = RandomBot(RULES)
    state = RULES.new_game(scenario)
    lines = []
    while (d := RULES.decision(state)) is not None:
        side = d.players[0]
        move = bot.choose(state, side, rng)
        lines.append(game.format_move(RULES, state, side, move))
        state, _ = game.play(RULES, state, side, move)
    verbs = {line.split()[0] for line in lines}
    assert verbs >= {"move", "attack", "enter", "defend"}
    out = _play(SHIPPED, lines, capsys, monkeypatch)
    assert f"game over: {RULES.outcome(state)}" in out
    assert "illegal" not in out and "cannot read" not in out


def test_simulate_finishes_its_games(capsys):
    assert main(["simulate", str(SHIPPED), "--games", "20", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 20
    assert sum(report["wins"].values()) + report["draws"] == 20
    assert set(report["endings"]) <= {"SK-capital", "SK-hold", "SK-wipeout", "SK-limit"}


def _checks_and_starts(path: Path, capsys, monkeypatch) -> None:
    assert main(["check", str(path)]) == 0, capsys.readouterr().err
    assert not [d for d in problems(dsl.load(path)) if d.severity != "note"]
    capsys.readouterr()
    out = _play(path, ["moves", "quit"], capsys, monkeypatch)
    assert "stopped" in out and "pass, move" in out


def test_the_readme_example_checks_clean_and_plays(tmp_path, capsys, monkeypatch):
    text = (ROOT / "README.md").read_text()
    block = next(b for b in re.findall(r"```\n(.*?)```", text, re.S) if b.startswith("scenario"))
    path = tmp_path / "ridge_run.scn"
    path.write_text(block)
    _checks_and_starts(path, capsys, monkeypatch)


def test_the_tutorial_include_step_checks_clean_and_plays(tmp_path, capsys, monkeypatch):
    text = (ROOT / "docs" / "tutorial.md").read_text()
    files = {m.group(1): m.group(0).split("\n", 1)[1]
             for m in re.finditer(r"# (ridge_\w+\.scn)\n.*?(?=```)", text, re.S)}
    assert set(files) == {"ridge_common.scn", "ridge_run.scn"}
    for name, body in files.items():
        (tmp_path / name).write_text(body)
    _checks_and_starts(tmp_path / "ridge_run.scn", capsys, monkeypatch)


def test_frontkit_new_defaults_to_skirmish_with_its_turn_sequence_from_the_phases(tmp_path):
    path = tmp_path / "mine.scn"
    assert main(["new", str(path)]) == 0
    scenario = dsl.load(path)
    assert scenario.ruleset == "skirmish"
    assert dict(scenario.tables["turn_sequence"].fields) == {
        "turn": ("in_turn", "Move, attack, enter or pass.")}
    assert {(s.id, s.owner) for s in scenario.board.spaces if "capital" in s.tags} == {
        ("B1", "North"), ("A10", "South")}


def test_frontkit_new_for_a_ruleset_without_phases_writes_no_turn_sequence(tmp_path):
    """A ruleset the referee does not know (one still being written) has no phases to
    write: the starter leaves the table out."""
    path = tmp_path / "other.scn"
    assert main(["new", str(path), "--ruleset", "my_own_game"]) == 0
    scenario = dsl.load(path)
    assert scenario.ruleset == "my_own_game" and "turn_sequence" not in scenario.tables
