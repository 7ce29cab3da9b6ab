"""`frontkit play`, `replay` and `simulate`, driven as a user would (piped input)."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest

import dsl
from toolkit.cli import main
from toolkit.referee import record, registry
from toolkit.referee.protocol import PASS

DATA = Path(__file__).parent / "data"
TOY = Path(__file__).parent / "referee_toy" / "dice_race.scn"
GOLDEN = json.loads((DATA / "referee_golden.json").read_text())
registry.register("dice_race", "tests.referee_toy.dice_race:RULESET")


def play(monkeypatch, capsys, args: list[str], lines: str):
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    code = main(["play", str(TOY), *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_play_is_scriptable_and_ends_cleanly_at_end_of_input(monkeypatch, capsys, tmp_path):
    rec = tmp_path / "g.rec"
    code, out, err = play(monkeypatch, capsys, ["--seed", "4", "--record", str(rec)],
                          "moves\nboost 9\nboost 1\nboost 2\nadvance\n")
    assert code == 0, err
    assert "boost 0, boost 1, boost 2" in out
    assert "boost 9: illegal: a boost is 0 to 2 (DR-boost)" in out
    assert "end of input" in out
    lines = [x.text for x in record.load(rec).lines]
    assert lines[:2] == ["boost 1", "boost 2"] and "advance" in lines


def test_play_hides_the_other_sides_secret_orders(monkeypatch, capsys):
    """Pass-and-play: after Red seals a boost of 2, Blue is shown only that Red sealed."""
    code, out, _ = play(monkeypatch, capsys, ["--seed", "1"], "boost 2\nboard\nquit\n")
    assert code == 0
    blue_part = out[out.index("---- Blue to the table ----"):]
    assert "sealed boosts: Red" in blue_part
    assert "your boost" not in blue_part and "commits a boost of 2" not in blue_part


def test_play_explains_unreadable_moves_and_refused_undo(monkeypatch, capsys):
    code, out, _ = play(monkeypatch, capsys, ["--seed", "1"], "sprint\nundo\nhelp\nquit\n")
    assert 'sprint: cannot read "sprint"' in out and "(DR-notation)" in out
    assert "cannot undo: there is nothing to take back (undo)" in out
    assert "dice_race notation:" in out


def test_table_play_asks_for_dice_and_rejects_impossible_values(monkeypatch, capsys,
                                                                 tmp_path):
    rec = tmp_path / "t.rec"
    code, out, _ = play(monkeypatch, capsys, ["--table", "--record", str(rec)],
                        "boost 0\nboost 0\n7\n3\nadvance\n")
    assert code == 0
    assert "7: illegal: a d6 shows 1 to 6, not 7 (chance-impossible)" in out
    r = record.load(rec)
    assert r.header.seed == "table"
    assert [str(x) for x in r.lines][2:4] == ["chance: 3", "Red: advance"]


def test_play_resumes_an_existing_record(monkeypatch, capsys, tmp_path):
    rec = tmp_path / "g.rec"
    play(monkeypatch, capsys, ["--seed", "8", "--record", str(rec)], "boost 1\nboost 1\n")
    code, out, _ = play(monkeypatch, capsys, ["--record", str(rec)], "advance\nquit\n")
    assert code == 0 and "resuming" in out
    lines = [str(x) for x in record.load(rec).lines]
    assert lines[:4] == ["Red: boost 1", "Blue: boost 1", lines[2], "Red: advance"]
    assert lines[2].startswith("chance: ") and lines[4].startswith("chance: ")


def test_play_to_the_end_prints_the_outcome(monkeypatch, capsys):
    moves = "\n".join(["boost 2", "boost 0", "advance", "advance", "pass"] * 8 +
                      ["boost 1", "boost 0", "advance", "advance", "pass"] * 8) + "\n"
    code, out, _ = play(monkeypatch, capsys, ["--seed", "2"], moves)
    assert code == 0
    assert "game over: " in out and "wins" in out


def test_replay_json_has_ruleset_moves_outcome_and_state_hash(capsys):
    name = "referee_dice_race_seed5.rec"
    assert main(["replay", str(DATA / name), "--json", "--scenario", str(TOY)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ruleset"] == "dice_race"
    assert len(data["moves"]) == GOLDEN[name]["moves"]
    assert data["outcome"]["winner"] == GOLDEN[name]["winner"]
    assert data["state_hash"] == GOLDEN[name]["state_hash"]


def test_replay_to_a_move_stops_there(capsys):
    assert main(["replay", str(DATA / "referee_dice_race_seed5.rec"), "--to", "2",
                 "--json", "--scenario", str(TOY)]) == 0
    data = json.loads(capsys.readouterr().out)
    first_two = [str(x) for x in record.load(DATA / "referee_dice_race_seed5.rec").lines[:2]]
    assert [f"{m['player']}: {m['move']}" for m in data["moves"]] == first_two
    assert data["outcome"] is None and data["decision"]["kind"] == "chance"
    assert main(["replay", str(DATA / "referee_dice_race_seed5.rec"), "--scenario", str(TOY)]) == 0
    text = capsys.readouterr().out
    assert "game over: Red wins" in text and "state hash: " in text


def test_replay_reports_an_illegal_record_line_and_exits_1(tmp_path, capsys):
    shutil.copy(TOY, tmp_path / "dice_race.scn")
    text = (DATA / "referee_dice_race_seed5.rec").read_text()
    text = text.replace("../referee_toy/dice_race.scn", "dice_race.scn")
    text = text.replace("Red: advance", "Red: bump", 1)
    (tmp_path / "bad.rec").write_text(text)
    line = text.split("\n").index("Red: bump") + 1
    assert main(["replay", str(tmp_path / "bad.rec")]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{tmp_path / 'bad.rec'}:{line}: error: Red 'bump': illegal: ")


def test_replay_of_a_missing_record_is_a_user_error(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "none.rec")]) == 1
    assert "no such record" in capsys.readouterr().err


def test_simulate_json_is_the_same_whatever_the_number_of_jobs(capsys):
    results = []
    for jobs in ("1", "2"):
        assert main(["simulate", str(TOY), "--games", "60", "--seed", "7", "--jobs", jobs,
                     "--json", "--quiet"]) == 0
        results.append(json.loads(capsys.readouterr().out))
    for key in ("games", "wins", "draws", "mean_length"):
        assert results[0][key] == results[1][key]
    assert results[0]["games"] == 60
    assert sum(results[0]["wins"].values()) + results[0]["draws"] == 60
    assert results[0]["moves_per_second"] > 0


def test_simulate_prints_a_table_without_a_bar_when_not_a_terminal(capsys):
    assert main(["simulate", str(TOY), "--games", "20", "--seed", "1"]) == 0
    out, err = capsys.readouterr()
    assert "Red wins" in out and "mean length" in out and "moves/s" in out
    assert err == ""


def test_simulate_with_different_seeds_differs(capsys):
    outs = []
    for seed in ("1", "2"):
        main(["simulate", str(TOY), "--games", "40", "--seed", seed, "--json", "--quiet"])
        outs.append(json.loads(capsys.readouterr().out)["mean_length"])
    assert outs[0] != outs[1]


def test_play_an_unknown_ruleset_is_a_user_error(tmp_path, capsys):
    scn = tmp_path / "x.scn"
    scn.write_text(TOY.read_text().replace("ruleset dice_race", "ruleset no_such_game"))
    dsl.load(scn)
    assert main(["simulate", str(scn), "--games", "1"]) == 1
    assert "no ruleset called 'no_such_game'" in capsys.readouterr().err


def test_replay_of_a_record_whose_scenario_is_gone_names_the_header_line(tmp_path, capsys):
    text = (DATA / "referee_dice_race_seed5.rec").read_text()
    (tmp_path / "lost.rec").write_text(text.replace("../referee_toy/dice_race.scn", "gone.scn"))
    assert main(["replay", str(tmp_path / "lost.rec")]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{tmp_path / 'lost.rec'}:2: error: the scenario 'gone.scn' does not exist "
                          "beside the record: give the scenario with --scenario PATH")


def test_replay_as_a_side_shows_other_moves_only_as_the_events_it_was_told(capsys):
    """FIELD-NOTES: per-player views apply to replay too. Issue 7 item 9: another side's
    move reads as what this side was told, its own in notation."""
    rec = str(DATA / "referee_dice_race_seed5.rec")
    assert main(["replay", rec, "--to", "3", "--as", "Blue", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    red, blue, roll = data["moves"]
    assert red == {"n": 1, "player": "Red", "move": None, "told": ["Red commits a boost"]}
    assert blue["move"] == "boost 1" and "you commit a boost of 1" in blue["told"]
    assert roll == {"n": 3, "player": "chance", "move": None, "told": ["Red rolls 6"]}
    assert data["as"] == "Blue" and data["view"]["viewer"] == "Blue"
    assert "state_hash" not in data  # a hash of the whole state: guesses of Red's could be tested
    assert data["view"]["log"][-1] == "Red rolls 6"
    assert main(["replay", rec, "--to", "3", "--as", "Blue"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:3] == ["   1. Red: [Red commits a boost]", "   2. Blue: boost 1",
                         "   3. chance: [Red rolls 6]"]
    assert main(["replay", rec, "--to", "1", "--as", "Red"]) == 0
    assert "your boost" in capsys.readouterr().out
    assert main(["replay", rec, "--as", "Green"]) == 1


def test_replay_without_as_is_the_whole_record_in_notation(capsys):
    """The record is a scoresheet: without --as every move reads in notation."""
    rec = DATA / "referee_dice_race_seed5.rec"
    assert main(["replay", str(rec), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [m["move"] for m in data["moves"]] == [x.text for x in record.load(rec).lines]
    assert all("told" not in m for m in data["moves"]) and "as" not in data
    assert data["view"]["viewer"] is None


def test_a_side_out_of_time_passes_for_everything_still_owed():
    """FL-timer-1 through the time_limit hook: the line typed after the deadline is not
    taken; the match answers `pass` until the side is no longer asked."""
    from toolkit.referee.match import Match
    from toolkit.referee.session import Session

    if "front_lines" not in registry.names():
        pytest.skip("Front Lines is not registered")
    scenario = dsl.load(registry.content_root() / "front_lines" / "front_lines.scn")
    m = Match.new(scenario, options={"timers": "hotseat"})
    limit = m.time_limit("North")
    assert limit and limit > 0
    now = [0.0]
    out = io.StringIO()
    lines = iter(["I=C2\n", "late\n", "quit\n"])

    def clock():
        return now[0]

    def lines_with_delay():
        yield next(lines)
        now[0] = limit + 1  # North dawdles
        yield from lines

    Session(m, lines_with_delay(), out, clock=clock, echo=True).run()
    text = out.getvalue()
    assert "time is up for North" in text and "('late' not taken)" in text
    assert [(e.player, e.text) for e in m.history][:2] == [("North", "I=C2"), ("North", "pass")]
    assert "North" not in m.decision.players


def test_a_late_deployment_passes_the_deployment_and_not_the_first_turn():
    """FL-timer-1: time running out passes what is owed in the decision that was timed.
    North has deployed; South's deployment clock runs out: one `pass` (the army as set
    up), and turn 1's planning is asked of both afresh. South's planning clock then
    passes South's turn-1 actions only, and North is still asked for its own."""
    from toolkit.referee.match import Match

    if "front_lines" not in registry.names():
        pytest.skip("Front Lines is not registered")
    scenario = dsl.load(registry.content_root() / "front_lines" / "front_lines.scn")
    m = Match.new(scenario, options={"timers": "hotseat"})
    m.play_move("North", PASS, "pass")
    assert m.decision.players == ("South",)
    m.time_out("South")
    assert [(e.player, e.text) for e in m.history] == [("North", "pass"), ("South", "pass")]
    assert set(m.decision.players) == {"North", "South"} and "turn 1" in m.decision.prompt
    m.time_out("South")
    passes = [(e.player, e.text) for e in m.history[2:]]
    assert passes and set(passes) == {("South", "pass")}
    assert m.decision.players == ("North",) and "turn 1" in m.decision.prompt
