"""How a game of Skirmish ends (SK-capital, SK-hold, SK-wipeout, SK-limit), every
ending scored by strength on the board; and what the common view shows."""

from __future__ import annotations

from dataclasses import replace

from tests.skirmish_cases import RULES, arrange, deciding, do, hands, start

from toolkit.referee.protocol import PASS


def test_SK_capital_a_piece_entering_the_enemy_capital_wins_at_once():
    s = arrange(start(), "N infantry C4, S guard E5")
    s, _ = do(s, "North", "move C4 C5")
    out = RULES.outcome(s)
    assert out.winner == "North" and out.rule == "SK-capital"
    assert out.reason == "North takes South's capital C5"
    assert out.scores == (("North", 2), ("South", 3))
    assert RULES.decision(s) is None


def test_SK_capital_winning_an_attack_on_the_capital_wins_too():
    s = hands(arrange(start(), "N guard C4, S infantry C5, S infantry E5"), South=())
    s, _ = do(s, "North", "attack C4 C5")
    assert RULES.outcome(s).rule == "SK-capital"


def test_SK_hold_with_hold_turns_the_capital_must_be_held_at_the_start_of_N_own_turns():
    s = arrange(start(hold_turns=2), "N infantry C4, S infantry E5")
    s, _ = do(s, "North", "move C4 C5")
    assert RULES.outcome(s) is None and s.held == (0, 0)
    s, _ = do(s, "South", "pass")
    assert s.held == (1, 0) and RULES.outcome(s) is None  # round 2: one turn begun on it
    s, _ = do(s, "North", "pass")
    s, events = do(s, "South", "pass")
    out = RULES.outcome(s)
    assert out.winner == "North" and out.rule == "SK-hold"
    assert events[-1] == "North begins its turn holding an enemy capital (2 of 2)"


def test_SK_hold_leaving_the_capital_starts_the_count_again():
    s = arrange(start(hold_turns=2), "N infantry C4, S infantry E5")
    s, _ = do(s, "North", "move C4 C5")
    s, _ = do(s, "South", "pass")
    assert s.held == (1, 0)
    s, _ = do(s, "North", "move C5 D5")
    s, _ = do(s, "South", "pass")
    assert s.held == (0, 0) and RULES.outcome(s) is None


def test_SK_wipeout_a_side_with_no_piece_on_the_board_and_none_in_reserve_loses():
    s = hands(arrange(start(), "N guard B2, S infantry C2"), South=())
    s = s.take_reserve("South", "infantry")
    s, _ = do(s, "North", "attack B2 C2")
    out = RULES.outcome(s)
    assert out.winner == "North" and out.rule == "SK-wipeout"
    assert out.scores == (("North", 3), ("South", 0))


def test_SK_wipeout_a_side_with_a_reserve_left_plays_on():
    s = hands(arrange(start(), "N guard B2, S infantry C2"), South=())
    s, _ = do(s, "North", "attack B2 C2")
    assert RULES.outcome(s) is None and deciding(s) == "South"
    assert [m for m in RULES.legal_moves(s, "South") if m is not PASS][0].__str__() \
        .startswith("enter infantry")


def _play_out_passing(s):
    while RULES.decision(s) is not None:
        s, _ = do(s, deciding(s), "pass")
    return s


def test_SK_limit_after_turn_limit_rounds_more_strength_on_the_board_wins():
    s = arrange(start(turn_limit=3), "N guard A1, S infantry E5")
    s = _play_out_passing(s)
    out = RULES.outcome(s)
    assert s.flow.round == 4
    assert out.winner == "North" and out.rule == "SK-limit"
    assert out.scores == (("North", 3), ("South", 2))


def test_SK_limit_equal_strength_is_a_draw_and_reserves_do_not_count():
    s = arrange(start(turn_limit=2), "N infantry A1, S infantry E5")
    s = s.take_reserve("North", "infantry")  # South keeps its reserve infantry
    out = RULES.outcome(_play_out_passing(s))
    assert out.winner is None and out.rule == "SK-limit"
    assert out.scores == (("North", 2), ("South", 2))


# -------------------------------------------------------------------- view


def test_the_view_shows_capitals_as_marks_a_round_marker_reserves_and_strength():
    s = start()
    v = RULES.view(s, "South")
    assert v.marks == (("C1", "North capital"), ("C5", "South capital"))
    assert [(m.name, m.value) for m in v.markers] == [("round", "1 of 20")]
    assert [(p.space, p.kind, p.side, p.label) for p in v.pieces] == [
        ("A1", "infantry", "North", "2"), ("E5", "infantry", "South", "2")]
    reserves = [(p.owner, p.cards) for p in v.piles if p.name == "reserve"]
    assert reserves == [("North", ("infantry",)), ("South", ("infantry",))]
    assert v.tracks[0].values == (("North", 2), ("South", 2))
    text = RULES.render(v)
    assert "round 1 of 20 · North to act" in text and "North's hand: 3 cards" in text


def test_the_view_shows_how_long_a_capital_has_been_held():
    s = replace(start(hold_turns=3), held=(2, 0))
    assert ("North holds a capital", "2 of 3 turns") in [
        (m.name, m.value) for m in RULES.view(s, None).markers]
