"""Last Front at two, three and five players: the protocol contract, and the
--players option of play, simulate and replay (the first N sides play; default
the fewest the scenario's `players` range allows)."""

from __future__ import annotations

import json

import pytest

from last_front_helpers import SCENARIO, scenario
from test_referee_contract import keep_the_protocol
from toolkit.cli import main
from toolkit.referee import registry


@pytest.mark.parametrize("players", [2, 3])
def test_the_contract_holds_for_last_front_at(players):
    # five players: the shipped scenario in tests/test_referee_contract.py
    keep_the_protocol(registry.get("last_front"), scenario(players),
                      f"last_front/{players}", games=4)


def test_without_players_the_fewest_the_scenario_allows_play(tmp_path, capsys, monkeypatch):
    import io
    import sys

    rec = tmp_path / "g.record"
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", str(SCENARIO), "--seed", "1", "--record", str(rec)]) == 0
    text = rec.read_text()
    assert "sides: P1, P2\n" in text and "players: 2\n" in text


def test_players_n_plays_the_first_n_sides_and_replay_uses_the_header(tmp_path, capsys,
                                                                       monkeypatch):
    import io
    import sys

    rec = tmp_path / "g.record"
    monkeypatch.setattr(sys, "stdin", io.StringIO("play troops_1\n"))
    assert main(["play", str(SCENARIO), "--seed", "4", "--players", "3",
                 "--record", str(rec)]) == 0
    assert "players: 3\n" in rec.read_text()
    capsys.readouterr()
    assert main(["replay", str(rec), "--json", "--scenario", str(SCENARIO)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["sides"] == ["P1", "P2", "P3"]


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_a_player_count_outside_the_range_is_a_clear_error(command, capsys):
    args = [command, str(SCENARIO), "--players", "6"]
    if command == "simulate":
        args += ["--games", "1", "--quiet"]
    assert main(args) == 1
    err = capsys.readouterr().err
    assert "6 players" in err and "2 to 5" in err and "Traceback" not in err


def test_simulate_plays_the_number_of_players_asked(capsys):
    assert main(["simulate", str(SCENARIO), "--games", "3", "--players", "5", "--json",
                 "--quiet"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out["wins"]) == {"P1", "P2", "P3", "P4", "P5"}
