"""How Front Lines ends (FL-win-1…3, FL-draw-1…4)."""

from __future__ import annotations

from pathlib import Path

import dsl
from toolkit.referee.rulesets.front_lines import RULESET as FL
from toolkit.referee.rulesets.front_lines.position import play_turn, position

SCN = dsl.load(Path(__file__).parents[1] / "content" / "front_lines" / "front_lines.scn")
EMPTY = {"North": {}, "South": {}}


def test_FL_win_1_commander_kill_ends_the_game_in_its_step():
    s = position(SCN, {"North": ["commander A1", "infantry H1", "armor D9"],
                       "South": ["commander D10", "infantry H10"]})
    s, _ = play_turn(s, North=["AD9-D10", "pass", "pass"], South=["pass", "A@H9"])
    assert s.outcome.winner == "North" and s.outcome.rule == "FL-win-1"
    assert FL.decision(s) is None
    # the game ended after step 1: South's spawn in step 2 never happened
    assert sum(s.pools[1].values()) == 4


def test_FL_win_2_infantry_wipe_board_and_reserve():
    s = position(SCN, {"North": ["commander A1", "infantry H1", "armor D4"],
                       "South": ["commander A10", "infantry D5"]})
    s, _ = play_turn(s, North=["AD4-D5"])
    assert s.outcome.winner == "North" and s.outcome.rule == "FL-win-2"


def test_FL_win_2_infantry_in_reserve_still_counts():
    s = position(SCN, {"North": ["commander A1", "infantry H1", "armor D4"],
                       "South": ["commander A10", "infantry D5"]},
                 pools={"North": {}, "South": {"infantry": 1}})
    s, _ = play_turn(s, North=["AD4-D5"])
    assert s.outcome is None


def test_FL_win_3_holding_more_centre_squares_for_five_turns():
    s = position(SCN, {"North": ["commander A1", "infantry H1", "infantry D5"],
                       "South": ["commander A10", "infantry H10"]})
    for turn in range(1, 5):
        s, _ = play_turn(s)
        assert s.outcome is None and s.hold == (turn, 0)
    s, _ = play_turn(s)
    assert s.outcome.winner == "North" and s.outcome.rule == "FL-win-3"


def test_FL_win_3_a_tie_breaks_the_streak_and_the_length_is_an_option():
    s = position(SCN, {"North": ["commander A1", "infantry H1", "infantry D5"],
                       "South": ["commander A10", "infantry H10", "infantry E7"]},
                 options={"centre_hold_turns": 3, "repetition_draw": 0})
    s, _ = play_turn(s)
    s, _ = play_turn(s, South=["IE7-E6"])
    assert s.hold == (0, 0)                                # 1 against 1
    s, _ = play_turn(s)
    s, _ = play_turn(s)
    assert s.outcome is None
    s, _ = play_turn(s, South=["IE6-E7"])                 # backward: North holds 1-0
    s, _ = play_turn(s)
    s, _ = play_turn(s)
    assert s.outcome.winner == "North" and s.outcome.rule == "FL-win-3"


def test_FL_draw_1_only_commanders_and_no_reserves():
    s = position(SCN, {"North": ["commander A1", "armor D4"],
                       "South": ["commander A10", "armor D5"]}, pools=EMPTY)
    s, _ = play_turn(s, North=["AD4-D5"])
    assert s.outcome.winner is None and s.outcome.rule == "FL-draw-1"


def test_FL_draw_2_third_repetition_of_a_position():
    s = position(SCN, {"North": ["commander A1", "infantry C3"],
                       "South": ["commander A10", "infantry C8"]},
                 options={"no_casualty_draw_turns": 0})
    s, _ = play_turn(s, North=["IC3-C4"])                 # position B (A was seen once)
    s, _ = play_turn(s, North=["IC4-C3"])                 # A again: twice
    assert s.outcome is None
    s, _ = play_turn(s, North=["IC3-C4"])                 # B twice
    assert s.outcome is None
    s, _ = play_turn(s, North=["IC4-C3"])                 # A a third time
    assert s.outcome.winner is None and s.outcome.rule == "FL-draw-2"


def test_FL_draw_3_ten_turns_without_casualties():
    s = position(SCN, {"North": ["commander A1", "infantry C3"],
                       "South": ["commander A10", "infantry C8"]},
                 options={"repetition_draw": 0})
    for _ in range(9):
        s, _ = play_turn(s)
    assert s.outcome is None and s.quiet == 9
    s, _ = play_turn(s)
    assert s.outcome.winner is None and s.outcome.rule == "FL-draw-3"


def test_FL_draw_3_a_casualty_resets_the_count():
    s = position(SCN, {"North": ["commander A1", "infantry C3", "armor E4"],
                       "South": ["commander A10", "infantry C8", "infantry E5"]},
                 options={"repetition_draw": 0})
    s, _ = play_turn(s)
    assert s.quiet == 1
    s, _ = play_turn(s, North=["AE4-E5"])
    assert s.quiet == 0


def test_FL_draw_4_both_sides_lose_their_last_infantry_together():
    s = position(SCN, {"North": ["commander A1", "infantry D5", "armor H3"],
                       "South": ["commander A10", "infantry D6"]}, pools=EMPTY)
    s, _ = play_turn(s, North=["ID5-D6"])
    assert s.outcome.winner is None and s.outcome.rule == "FL-draw-4"
    assert "infantry" in s.outcome.reason
