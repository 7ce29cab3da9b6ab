"""Game records: the format, golden records, cut-off records and errors with line numbers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dsl
from golden import replay
from toolkit.referee import record, registry
from toolkit.referee.match import Match
from tests.referee_toy.golden import legal_counts

DATA = Path(__file__).parent / "data"
TOY = Path(__file__).parent / "referee_toy" / "dice_race.scn"
GOLDEN = json.loads((DATA / "referee_golden.json").read_text())
registry.register("dice_race", "tests.referee_toy.dice_race:RULESET")


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_records_replay_to_their_outcome_and_state_hash(name):
    """Fixed records replay to fixed outcomes and hashes, and the number of legal moves at
    every position is pinned (perft-style). If a ruleset changed on purpose,
    rewrite them with `python3 -m tests.referee_toy.golden` and say so in the commit."""
    match = replay(DATA / name)
    expected = GOLDEN[name]
    got = {"moves": len(match.history), "outcome": str(match.outcome),
           "winner": match.outcome.winner if match.outcome else None,
           "state_hash": match.state_hash(), "legal_counts": legal_counts(match)}
    assert got == expected


def test_header_names_scenario_hash_ruleset_version_sides_and_seed():
    rec = record.load(DATA / "referee_dice_race_seed5.rec")
    h = rec.header
    assert h.scenario == "../referee_toy/dice_race.scn"
    assert h.sha256 == dsl.load(TOY).source_hash
    assert (h.ruleset, h.sides, h.seed, h.seed_value) == ("dice_race", ("Red", "Blue"), "5", 5)
    assert h.frontkit
    assert rec.scenario_path().resolve() == TOY.resolve()


def test_a_record_round_trips_through_its_text(tmp_path):
    rec = record.load(DATA / "referee_dice_race_seed5.rec")
    text = rec.header.format() + "".join(f"{line}\n" for line in rec.lines)
    again = record.parse(text, "copy")
    assert again.header == rec.header
    assert [str(x) for x in again.lines] == [str(x) for x in rec.lines]


def test_undo_lines_and_comments_are_part_of_the_format():
    rec = record.load(DATA / "referee_dice_race_seed11.rec")
    assert sum(1 for x in rec.lines if x.who == record.UNDO) == 3
    match = Match.from_record(rec, dsl.load(TOY))
    assert len(match.history) == len(rec.lines) - 2 * 3


def _copy(tmp_path: Path, text: str, name: str = "game.rec") -> Path:
    target = tmp_path / name
    target.write_text(text.replace("../referee_toy/dice_race.scn", str(TOY)))
    return target


def test_a_record_cut_off_mid_line_loads_up_to_its_last_complete_line(tmp_path, capsys):
    full = (DATA / "referee_dice_race_seed5.rec").read_text()
    cut = full[: full.rindex("Red: advance") + len("Red: adv")]
    path = _copy(tmp_path, cut)
    rec = record.load(path)
    err = capsys.readouterr().err
    total_lines = cut.count("\n") + 1
    assert f"{path}:{total_lines}: warning: the last line is cut off" in err
    assert f"loaded up to line {total_lines - 1}" in err
    match = Match.from_record(rec, dsl.load(TOY))
    assert match.outcome is None
    assert len(match.history) == GOLDEN["referee_dice_race_seed5.rec"]["moves"] - 1


def test_a_changed_scenario_is_reported_at_the_hash_line(tmp_path):
    text = (DATA / "referee_dice_race_seed5.rec").read_text()
    changed = tmp_path / "race.scn"
    changed.write_text(TOY.read_text().replace("rounds 20", "rounds 21"))
    path = tmp_path / "game.rec"
    path.write_text(text.replace("../referee_toy/dice_race.scn", "race.scn"))
    rec = record.load(path)
    with pytest.raises(record.RecordError) as err:
        Match.from_record(rec, dsl.load(rec.scenario_path()))
    assert str(err.value).startswith(f"{path}:3: error: the scenario race.scn has changed")


def test_an_illegal_move_is_reported_with_its_line_number(tmp_path):
    text = (DATA / "referee_dice_race_seed5.rec").read_text()
    lines = text.split("\n")
    n = lines.index("Blue: boost 2") if "Blue: boost 2" in lines else lines.index("Blue: boost 1")
    lines[n] = "Blue: boost 7"
    path = _copy(tmp_path, "\n".join(lines))
    with pytest.raises(record.RecordError) as err:
        Match.from_record(record.load(path), dsl.load(TOY))
    assert str(err.value) == (f"{path}:{n + 1}: error: Blue 'boost 7': "
                              "illegal: a boost is 0 to 2 (DR-boost)")


def test_an_unreadable_move_is_reported_with_its_line_number(tmp_path):
    text = (DATA / "referee_dice_race_seed5.rec").read_text()
    path = _copy(tmp_path, text.replace("Red: advance", "Red: sprint", 1))
    line = text.split("\n").index("Red: advance") + 1
    with pytest.raises(record.RecordError) as err:
        Match.from_record(record.load(path), dsl.load(TOY))
    assert str(err.value).startswith(f"{path}:{line}: error: Red 'sprint': cannot read")


def test_an_impossible_die_in_a_record_is_reported(tmp_path):
    text = (DATA / "referee_dice_race_seed5.rec").read_text()
    first = next(x for x in text.split("\n") if x.startswith("chance:"))
    path = _copy(tmp_path, text.replace(first, "chance: 9", 1))
    with pytest.raises(record.RecordError, match="a d6 shows 1 to 6, not 9"):
        Match.from_record(record.load(path), dsl.load(TOY))


def test_a_record_taking_back_a_die_roll_is_refused(tmp_path):
    text = (DATA / "referee_dice_race_seed5.rec").read_text()
    first = next(x for x in text.split("\n") if x.startswith("chance:"))
    path = _copy(tmp_path, text.replace(first, first + "\nundo", 1))
    with pytest.raises(record.RecordError, match="a chance outcome .* cannot be taken back"):
        Match.from_record(record.load(path), dsl.load(TOY))


@pytest.mark.parametrize("text,line,message", [
    ("hello\n", 1, "not a frontkit game record"),
    ("# frontkit game record\nscenario x\n\n", 2, "header lines are 'key: value'"),
    ("# frontkit game record\nscenario: x\nsha256: 0\nruleset: r\n\n", 5, "no sides: line"),
    ("# frontkit game record\nscenario: x\nsha256: 0\nruleset: r\nsides: A, B\n\nC: go\n",
     7, "'C' is not a side"),
    ("# frontkit game record\nscenario: x\nsha256: 0\nruleset: r\nsides: A, B\n\nA go\n",
     7, "a move line is 'SIDE: MOVE'"),
    ("# frontkit game record\nscenario: x\nsha256: 0\nruleset: r\nsides: A, chance\n\n",
     5, "no side may be called 'chance'"),
])
def test_malformed_records_are_reported_at_the_line(text, line, message):
    with pytest.raises(record.RecordError) as err:
        record.parse(text, "bad.rec")
    assert str(err.value).startswith(f"bad.rec:{line}: error: ")
    assert message in str(err.value)


def test_resuming_a_cut_off_record_drops_the_partial_line(tmp_path):
    path = tmp_path / "game.rec"
    path.write_text("# frontkit game record\nscenario: x\nsha256: 0\nruleset: r\n"
                    "sides: A, B\n\nA: go\nB: g")
    writer = record.Writer(path)
    writer.append("B: stop")
    assert path.read_text().endswith("A: go\nB: stop\n")


_HEAD = "# frontkit game record\nscenario: x\nsha256: 0\nruleset: r\nsides: A, B\n\n"


@settings(max_examples=200, deadline=None)
@given(body=st.text(alphabet=st.sampled_from(list("AB:chance undo#\n xyz-\t")), max_size=80))
def test_any_text_either_loads_or_fails_with_a_record_error(body):
    """The reader never raises anything but RecordError, and it keeps every complete line."""
    try:
        rec = record.parse(_HEAD + body, "fuzz.rec")
    except record.RecordError as err:
        assert err.line >= 1
        return
    complete = (_HEAD + body).split("\n")[:-1]
    for line in rec.lines:
        assert complete[line.number - 1].strip().startswith(line.who if line.who != "undo"
                                                            else "undo")


def test_a_move_line_may_carry_the_time_the_player_took(tmp_path):
    """FIELD-NOTES: records that carry time per move."""
    rec = record.parse(_HEAD + "A: go  # 4.2s\nB: stay\n", "t.rec")
    assert [(x.text, x.seconds) for x in rec.lines] == [("go", 4.2), ("stay", None)]
    assert str(rec.lines[0]) == "A: go  # 4.2s"


def test_timed_moves_replay_and_save_with_their_times(tmp_path):
    scenario = dsl.load(TOY)
    m = Match.new(scenario, record_path=tmp_path / "g.rec")
    m.play("boost 1", "Red", seconds=3.25)
    assert (tmp_path / "g.rec").read_text().endswith("Red: boost 1  # 3.2s\n")
    again = Match.from_record(record.load(tmp_path / "g.rec"), scenario)
    assert again.history[0].seconds == 3.2


def _with_options(tmp_path: Path, line: str) -> Path:
    """The seed-5 record's header with an `options:` line, and no moves."""
    head = (DATA / "referee_dice_race_seed5.rec").read_text().split("\n\n")[0]
    return _copy(tmp_path, f"{head}\noptions: {line}\n\n")


def test_a_game_played_under_options_says_so_and_replays_under_them(tmp_path):
    match = Match.new(dsl.load(TOY), options={"rounds": 3})
    path = tmp_path / "short.rec"
    match.save(path)
    assert "options: rounds=3\n" in path.read_text()
    again = Match.from_record(record.load(path), dsl.load(TOY))
    assert again.options == {"rounds": 3} and again.state.cfg.rounds == 3
    assert again.header(path).format() == match.header(path).format()


@pytest.mark.parametrize("line, message", [
    ("colour=red", "the scenario declares no option colour (its options: boosts, rounds)"),
    ("rounds", "options: write NAME=VALUE, NAME=VALUE, not 'rounds'"),
    ("rounds=3, rounds=4", "options: rounds is given twice"),
    ("boosts=many", "option boosts: many is not a whole number from 0 to 9"),
    ("rounds=1e999", "option rounds: inf is not a whole number from 1 to 200"),
    ("rounds=0", "option rounds: 0 is not a whole number from 1 to 200"),
    ("rounds=" + "9" * 5000, "this line has 5,016 characters; the limit is 4,000"),
])
def test_options_a_record_cannot_be_played_under_are_reported_at_their_line(
        tmp_path, line, message):
    path = _with_options(tmp_path, line)
    with pytest.raises(record.RecordError) as err:
        Match.from_record(record.load(path), dsl.load(TOY))
    assert str(err.value).startswith(f"{path}:8: error: {message}")


@pytest.mark.parametrize("ruleset, option, value, message", [
    ("fantasy_line_battle", "character_hand", 10**9,
     "option character_hand: 1000000000 is not a whole number from 1 to 20"),
    ("lines_and_webs", "token_cost", "x", "option token_cost: x is not a whole number"),
])
def test_an_override_is_held_to_the_options_types_as_the_scenario_is(
        ruleset, option, value, message):
    """`frontkit check` holds a scenario's options to the ruleset's types; an override
    (balance --vary, a record's options line) is held to the same, at once: a hand of a
    billion characters took 8 GB and 20 s before it failed, and a token cost of `x`
    passed the start and failed at the first purchase."""
    from toolkit.referee.protocol import ScenarioError

    scenario = dsl.load(registry.shipped_scenarios(ruleset)[0])
    with pytest.raises(ScenarioError) as err:
        Match.new(scenario, options={option: value})
    assert str(err.value).startswith(message)
