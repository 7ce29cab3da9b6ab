"""Records that travel and stay where they were made (issue 27, deliverable 2): a record
`play` or `balance` writes replays in the folder it was made in, as printed; a stranger's
record stays confined; `replay --to N` shows move N before a later bad line; undo costs
no more than the move it takes back."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pytest

import dsl
from toolkit.cli import main
from toolkit.referee import record, registry
from toolkit.referee.match import Match

DATA = Path(__file__).parent / "data"
TOY = Path(__file__).parent / "referee_toy" / "dice_race.scn"
SKIRMISH = Path(__file__).resolve().parents[1] / "content" / "skirmish" / "skirmish.scn"
registry.register("dice_race", "tests.referee_toy.dice_race:RULESET")


def toy_record(folder: Path, body: str) -> Path:
    """The seed-5 dice race record's header, beside a copy of its scenario, and `body`."""
    shutil.copy(TOY, folder / "dice_race.scn")
    head = (DATA / "referee_dice_race_seed5.rec").read_text().split("\n\n")[0]
    path = folder / "g.rec"
    path.write_text(head.replace("../referee_toy/dice_race.scn", "dice_race.scn") + "\n\n" + body)
    return path


def test_a_record_played_in_another_folder_replays_there(tmp_path, monkeypatch, capsys):
    """`play --record game.record` run in a folder other than the scenario's wrote a record
    that `replay game.record` refused there ("outside the record's folder")."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", str(SKIRMISH), "--seed", "3", "--record", "game.record"]) == 0
    header = record.load(tmp_path / "game.record").header
    assert header.scenario.startswith("../") and header.sha256 == dsl.load(SKIRMISH).source_hash
    capsys.readouterr()
    assert main(["replay", "game.record"]) == 0
    assert "after move 0" in capsys.readouterr().out


def test_the_replay_command_balance_prints_works_as_printed(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["balance", str(SKIRMISH), "--games", "4", "--seed", "1", "--quiet"]) == 0
    printed = re.search(r"open one with: (frontkit replay \S+)\)", capsys.readouterr().out)
    assert printed, "balance printed no replay command"
    assert main(printed.group(1).split()[1:]) == 0
    assert "state hash:" in capsys.readouterr().out


def test_a_strangers_record_naming_a_file_outside_stays_refused(tmp_path, capsys):
    """A record may name a file outside its folder only when that file is the scenario it
    was made with, byte for byte: another file is refused, and nothing of it shown."""
    inner = tmp_path / "records"
    inner.mkdir()
    secret = tmp_path / "secret.scn"
    secret.write_text('scenario "Not yours" {\n  ruleset dice_race\n  sides Red, Blue\n}\n')
    path = toy_record(inner, "Red: boost 2\n")
    path.write_text(path.read_text().replace("scenario: dice_race.scn", "scenario: ../secret.scn"))
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}:2: error: the scenario '../secret.scn' is outside the record's folder" in err
    assert "Not yours" not in err


def test_a_record_naming_its_own_scenario_outside_its_folder_replays(tmp_path, capsys):
    inner = tmp_path / "records"
    inner.mkdir()
    path = toy_record(inner, "Red: boost 2\n")
    shutil.move(inner / "dice_race.scn", tmp_path / "dice_race.scn")
    path.write_text(path.read_text().replace("scenario: dice_race.scn", "scenario: ../dice_race.scn"))
    assert main(["replay", str(path)]) == 0
    assert "1. Red: boost 2" in capsys.readouterr().out


def test_replay_to_n_shows_move_n_then_reports_the_later_bad_line(tmp_path, capsys):
    path = toy_record(tmp_path, "Red: boost 2\nBlue: boost 1\nchance: 6\nRed: fly away\n")
    assert main(["replay", str(path), "--to", "2"]) == 1
    out, err = capsys.readouterr()
    assert "   2. Blue: boost 1" in out and "after move 2" in out and "chance: 6" not in out
    assert f"{path}:12: error: Red 'fly away'" in err


def test_replay_without_to_still_only_reports_the_bad_line(tmp_path, capsys):
    path = toy_record(tmp_path, "Red: boost 2\nBlue: boost 1\nchance: 6\nRed: fly away\n")
    assert main(["replay", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and f"{path}:12: error: Red 'fly away'" in err
    assert main(["replay", str(path), "--to", "4"]) == 1  # past the bad line: nothing to show
    out, err = capsys.readouterr()
    assert out == "" and ":12: error:" in err


def test_undo_costs_no_more_than_the_move_it_takes_back(tmp_path, monkeypatch):
    """Each move of a record is applied once, however many undos follow it: a record of
    many move/undo pairs replays in time linear in its lines."""
    from toolkit.referee import game

    applied = []
    real = game.play

    def counting(*args, **kwargs):
        applied.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(game, "play", counting)
    pairs = 500
    opening = "Red: boost 2\nBlue: boost 1\nchance: 6\n"
    path = toy_record(tmp_path, opening + "Red: hold\nundo\n" * pairs + "Red: hold\n")
    match = Match.from_record(record.load(path), dsl.load(tmp_path / "dice_race.scn"))
    assert len(applied) == 3 + pairs + 1 and len(match.history) == 4
