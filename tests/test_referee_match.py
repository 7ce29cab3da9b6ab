"""Matches: play, undo (and what it may not take back), board views, save and resume."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import dsl
from toolkit.referee import record, registry
from toolkit.referee.chance import SeededChance
from toolkit.referee.match import Match, UndoError
from toolkit.referee.protocol import CHANCE, IllegalMoveError

TOY = Path(__file__).parent / "referee_toy" / "dice_race.scn"
registry.register("dice_race", "tests.referee_toy.dice_race:RULESET")


@pytest.fixture
def scenario():
    return dsl.load(TOY)


def _to_first_choice(m: Match) -> None:
    m.play("boost 1", "Red")
    m.play("boost 0", "Blue")
    m.roll()


def test_undo_takes_back_an_open_move(scenario):
    m = Match.new(scenario, chance=SeededChance(1))
    _to_first_choice(m)
    before = m.state_hash()
    m.play("advance")
    assert m.state_hash() != before
    entry = m.undo()
    assert entry.text == "advance"
    assert m.state_hash() == before


def test_undo_never_takes_back_a_chance_outcome(scenario):
    """FIELD-NOTES: drawing a random outcome ends what undo may take back."""
    m = Match.new(scenario, chance=SeededChance(1))
    _to_first_choice(m)
    before = m.state_hash()
    with pytest.raises(UndoError, match="a chance outcome .* cannot be taken back"):
        m.undo()
    assert m.state_hash() == before


def test_undo_never_takes_back_revealed_secrets(scenario):
    """FIELD-NOTES: revealing hidden information ends what undo may take back."""
    m = Match.new(scenario, chance=SeededChance(1))
    m.play("boost 1", "Red")
    m.play("boost 2", "Blue")  # the boosts are revealed
    with pytest.raises(UndoError, match="revealed hidden information"):
        m.undo()


def test_sealed_orders_cannot_be_taken_back_by_the_other_side(scenario):
    m = Match.new(scenario, chance=SeededChance(1))
    m.play("boost 2", "Red")
    assert m.deciding_player() == "Blue"
    with pytest.raises(UndoError, match="Red's orders are sealed"):
        m.undo()


def test_nothing_to_undo_at_the_start(scenario):
    with pytest.raises(UndoError, match="nothing to take back"):
        Match.new(scenario).undo()


def test_the_board_shows_only_the_deciding_sides_view(scenario):
    """Pass-and-play: Blue, asked for orders, does not see Red's sealed boost."""
    m = Match.new(scenario)
    m.play("boost 2", "Red")
    blue = m.board()
    assert "sealed boosts: Red" in blue and "your boost" not in blue
    assert "your boost (Red): 2" in m.board("Red")


def test_legal_moves_are_listed_in_notation(scenario):
    m = Match.new(scenario)
    assert m.legal() == ["boost 0", "boost 1", "boost 2"]
    assert m.legal("Blue") == ["boost 0", "boost 1", "boost 2"]


def test_a_rejected_move_changes_nothing(scenario):
    m = Match.new(scenario)
    before = m.state_hash()
    with pytest.raises(IllegalMoveError):
        m.play("boost 5")
    assert m.state_hash() == before and m.history == []


def _random_game(m: Match, rng: random.Random, stop: int | None = None) -> None:
    while not m.over and (stop is None or len(m.history) < stop):
        p = m.deciding_player()
        if p == CHANCE:
            m.roll()
        else:
            m.play(rng.choice(m.legal(p)), p)


def test_save_writes_a_record_that_replays_to_the_same_state(scenario, tmp_path):
    m = Match.new(scenario, chance=SeededChance(3), seed="3")
    _random_game(m, random.Random(3))
    m.save(tmp_path / "saved.rec")
    again = Match.from_record(record.load(tmp_path / "saved.rec"), scenario)
    assert again.state_hash() == m.state_hash()
    assert str(again.outcome) == str(m.outcome)


def test_a_resumed_seeded_game_goes_on_exactly_like_an_unbroken_one(scenario, tmp_path):
    unbroken = Match.new(scenario, chance=SeededChance(9), seed="9")
    _random_game(unbroken, random.Random(0))

    path = tmp_path / "game.rec"
    first = Match.new(scenario, chance=SeededChance(9), seed="9", record_path=path)
    rng = random.Random(0)
    _random_game(first, rng, stop=9)
    rec = record.load(path)
    resumed = Match.from_record(rec, scenario)
    resumed.chance = SeededChance(rec.header.seed_value, resumed.chance_count)
    resumed.attach(path)
    _random_game(resumed, rng)
    assert resumed.state_hash() == unbroken.state_hash()
    final = Match.from_record(record.load(path), scenario)
    assert final.state_hash() == unbroken.state_hash()


def test_orders_given_one_at_a_time_can_be_taken_back_until_sealed():
    """Front Lines plans three actions one by one: the planning side may take back its own
    action while it is still planning; once the other side is asked, the plan is sealed."""
    if "front_lines" not in registry.names():
        pytest.skip("Front Lines is not registered")
    content = Path(registry.content_root()) / "front_lines" / "front_lines.scn"
    m = Match.new(dsl.load(content), chance=SeededChance(1))
    while "plan action" not in m.decision.prompt:  # deployment: the scenario's set-up
        m.play("pass")
    planner = m.deciding_player()
    first = m.legal()[0]
    before = m.state_hash()
    m.play(first)
    assert m.deciding_player() == planner
    assert m.undo().text == first and m.state_hash() == before
    while m.deciding_player() == planner:
        m.play("pass")
    with pytest.raises(UndoError, match=f"{planner}'s orders are sealed"):
        m.undo()


def test_no_side_may_be_called_chance(tmp_path):
    from toolkit.referee.protocol import ScenarioError

    scn = tmp_path / "x.scn"
    scn.write_text(TOY.read_text().replace("sides Red, Blue", "sides Red, chance"))
    with pytest.raises(ScenarioError, match="no side may be called 'chance'"):
        Match.new(dsl.load(scn))


TOY_3 = Path(__file__).parent / "referee_toy" / "dice_race_3.scn"


def _to_a_reaction_for_two(seed_range=range(200)) -> Match:
    """A three-runner match stopped at a reaction window that lists two sides."""
    scenario = dsl.load(TOY_3)
    for seed in seed_range:
        m = Match.new(scenario, chance=SeededChance(seed))
        rng = random.Random(seed)
        while not m.over:
            d = m.decision
            if d.kind.value == "reaction" and len(d.players) == 2:
                return m
            if d.kind.value == "chance":
                m.roll()
            else:
                m.play(rng.choice(m.legal(d.players[0])), d.players[0])
    raise AssertionError("no reaction window for two sides in 200 games")


def test_a_reaction_for_several_sides_records_passes_out_of_priority_and_replays(tmp_path):
    m = _to_a_reaction_for_two()
    first, second = m.decision.players
    with pytest.raises(IllegalMoveError, match=r"\(priority\)"):
        m.play("bump", second)
    m.play("pass", second)                     # the second may pass before the first answers
    assert m.decision.players == (first,)
    m.undo()                                   # a pass in a reaction window can be taken back
    assert m.decision.players == (first, second)
    m.play("pass", second)
    m.play("bump" if "bump" in m.legal(first) else "pass", first)
    path = tmp_path / "three.rec"
    m.save(path)
    text = path.read_text()
    assert f"{second}: pass\n{first}: " in text
    again = Match.from_record(record.load(path), dsl.load(TOY_3))
    assert again.state_hash() == m.state_hash()
