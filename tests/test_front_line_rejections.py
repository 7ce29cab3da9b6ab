"""Front Line: every rejection reason, each refused with its rule id and leaving the
state exactly as it was (its hash and its whole value)."""

from __future__ import annotations

import pickle
from dataclasses import fields

import pytest

from front_line_play import RULES, move, position, roll, scenario
from toolkit.referee import game
from toolkit.referee.protocol import IllegalMoveError
from toolkit.referee.rulesets.front_line.state import AVAILABLE, EXHAUSTED, Edge

QUIET = (EXHAUSTED, EXHAUSTED)


def pos(units=None, **kw):
    kw.setdefault("leadership", QUIET)
    return position(scenario(), units or {"B4": "Red infantry", "C4": "Green infantry"}, **kw)


def rally_window():
    return move(pos(leadership=(EXHAUSTED, AVAILABLE)), "Red", "B4xC4")


def rout_window():
    return roll(move(pos({"C4": "Red infantry", "D3": "Green infantry"}), "Red", "C4xD3"), 4)


def edge_window():
    return roll(move(pos(edge=Edge("Green", True)), "Red", "B4xC4"), 2)


def react_window():
    return move(pos({"B4": "Red infantry", "D4": "Green artillery"},
                    leadership=(EXHAUSTED, AVAILABLE)), "Red", "B4-C4")


def maneuver_on_opponents_turn_only():
    """A designer's variant card: Maneuver only on the opponent's turn."""
    import shutil
    import tempfile
    from pathlib import Path

    import dsl
    from front_line_play import ROOT

    folder = Path(tempfile.mkdtemp())
    for f in (ROOT / "content" / "front_line").glob("*.scn"):
        shutil.copy(f, folder / f.name)
    common = folder / "common.scn"
    common.write_text(common.read_text().replace("maneuver(when=any_turn",
                                                 "maneuver(when=opponent_turn"))
    variant = dsl.load(folder / "main.scn")
    shutil.rmtree(folder)
    return position(variant, {"B4": "Red infantry"}, leadership=(AVAILABLE, AVAILABLE))


CASES = [
    # (rule, how the position comes about, side, move)
    ("FL-turn", lambda: pos(), "Red", "decline"),
    ("FL-supply-first", lambda: pos(stack=None), "Red", "B4-B3"),
    ("FL-supply-one", lambda: pos(stacks={"Red": (("air", 3),)}), "Red", "take air"),
    ("FL-supply-stack", lambda: pos(stack=None), "Red", "take air"),
    ("FL-supply-empty", lambda: pos(stack=("capital", 0)), "Red", "B4-B3"),
    ("FL-mission-supply", lambda: pos(stack=("capital", 3)), "Red", "build tank"),
    ("FL-mission-build", lambda: pos({"B5": "Red tank"}, stack=("industry", 4)), "Red",
     "build infantry"),
    ("FL-mission-paratroop", lambda: pos(stack=("air", 3)), "Red", "para B4-D4"),
    ("FL-mission-regroup", lambda: pos(), "Red", "regroup B4"),
    ("FL-own-unit", lambda: pos(), "Red", "C4-D4"),
    ("FL-unit-disrupted", lambda: pos({"B4": "Red tank disrupted"}), "Red", "B4-B3"),
    ("FL-unit-repeat", lambda: move(pos(), "Red", "B4-B3"), "Red", "B3-B2"),
    ("FL-unit-two", lambda: move(pos({"B4": "Red infantry disrupted"}, stack=("capital", 3)),
                                 "Red", "regroup B4") and move(move(
        pos({"B4": "Red infantry disrupted"}, stack=("capital", 3)), "Red", "regroup B4"),
        "Red", "B4-B3"), "Red", "B3xC4"),
    ("FL-move", lambda: pos(), "Red", "B4-D5"),
    ("FL-amphibious", lambda: pos({"A1": "Red tank"}), "Red", "A1~D1"),
    ("FL-attack-range", lambda: pos({"B4": "Red infantry", "D4": "Green infantry"}), "Red",
     "B4xD4"),
    ("FL-attack-target", lambda: pos({"B4": "Red infantry", "C4": "Red tank"}), "Red",
     "B4xC4"),
    ("FL-attack-city", lambda: pos({"G2": "Red tank"}), "Red", "G2xI2"),
    ("FL-commission", lambda: pos(leadership=(AVAILABLE, AVAILABLE)), "Red", "commission"),
    ("FL-lead-available", lambda: pos(), "Red", "maneuver B4-B3"),
    ("FL-task-when", lambda: maneuver_on_opponents_turn_only(), "Red", "maneuver B4-B3"),
    ("FL-task-cache", lambda: pos(leadership=(AVAILABLE, AVAILABLE)), "Red", "cache"),
    ("FL-task-maneuver", lambda: pos({"B4": "Red infantry disrupted"},
                                     leadership=(AVAILABLE, AVAILABLE)), "Red",
     "maneuver B4-B3"),
    ("FL-task-relieve", lambda: pos({"B4": "Red infantry", "D4": "Red tank"},
                                    leadership=(AVAILABLE, AVAILABLE)), "Red",
     "relieve B4-D4"),
    ("FL-task-opfire", lambda: react_window(), "Green", "opfire D4xC5"),
    ("FL-task-rally", lambda: rally_window(), "Green", "reroll"),
    ("FL-edge", lambda: edge_window(), "Green", "rally"),
    ("FL-result-rout", lambda: rout_window(), "Green", "stay"),
    ("FL-result-retreat", lambda: move(rout_window(), "Green", "retreat"), "Red", "shift C3"),
    ("FL-result-displace", lambda: roll(move(pos(), "Red", "B4xC4"), 1), "Red", "hold"),
    ("FL-tank-choice", lambda: roll(move(pos({"D4": "Red tank", "E4": "Green tank"}), "Red",
                                         "D4xE4"), 3, 1), "Red", "displace"),
    ("FL-window", lambda: react_window(), "Green", "commission"),
    ("FL-square", lambda: pos(leadership=(AVAILABLE, AVAILABLE)), "Red", "maneuver B4-Z9"),
    ("FL-notation", lambda: pos({"B4": "Red infantry", "B3": "Red tank"},
                                leadership=(AVAILABLE, AVAILABLE)), "Red",
     "relieve B4-B3"),
    ("FL-setup-first", lambda: roll(RULES.new_game(scenario()), 1), "Red", "first Blue"),
    ("FL-setup-place", lambda: RULES.new_game(scenario(), {"placement": "free"}), "Red",
     "place cavalry A1"),
    ("FL-setup-country", lambda: RULES.new_game(scenario(), {"placement": "free"}), "Red",
     "place tank H1"),
]


def value(state) -> bytes:
    return pickle.dumps([(f.name, getattr(state, f.name)) for f in fields(state)
                         if f.metadata.get("hash", True)])


@pytest.mark.parametrize("rule,make,side,text", CASES, ids=[c[0] for c in CASES])
def test_FL_rejection_names_its_rule_and_changes_nothing(rule, make, side, text):
    state = make()
    before, snapshot = RULES.state_hash(state), value(state)
    m = _parse(text)
    why = RULES.check(state, side, m)
    assert why is not None and why.rule == rule, why
    assert why.reason
    with pytest.raises(IllegalMoveError) as err:
        game.play(RULES, state, side, m)
    assert err.value.rule == rule
    assert RULES.state_hash(state) == before and value(state) == snapshot


def _parse(text):
    from toolkit.referee.rulesets.front_line.moves import Act
    if text == "relieve B4-B3":  # written out of reading order on purpose
        return Act("relieve", "B4", "B3")
    return RULES.parse_move(text)


def test_FL_notation_unreadable_text_is_a_syntax_error_naming_the_rule():
    from toolkit.referee.protocol import MoveSyntaxError
    with pytest.raises(MoveSyntaxError) as err:
        RULES.parse_move("B4--B3")
    assert err.value.rule == "FL-notation"


# ------------------------------------------------------- each cause its own sentence


def _why(state, side, text):
    with pytest.raises(IllegalMoveError) as err:
        game.play(RULES, state, side, _parse(text))
    return err.value


def test_FL_result_displace_stay_typed_with_no_displacement_asked_says_why():
    """After a compulsory city entry (or any time no displacement is asked) `stay` is
    told there is nothing to answer, not the generic turn sentence."""
    why = _why(pos(), "Red", "stay")
    assert why.rule == "FL-result-displace"
    assert why.reason.startswith("there is no displacement to answer now")
    assert "has entered it already" in why.reason
    why = _why(pos(), "Red", "rally")
    assert why.rule == "FL-task-rally" and "none is asked now" in why.reason


def test_FL_task_cache_on_the_opponents_turn_is_told_it_is_a_task_of_ones_own_turn():
    why = _why(react_window(), "Green", "cache")
    assert why.rule == "FL-task-cache"
    assert why.reason.startswith("Cache is a task of your own turn")


def test_FL_task_cache_with_no_stack_or_a_full_one_each_say_why():
    why = _why(pos(stack=None, leadership=(AVAILABLE, AVAILABLE)), "Red", "cache")
    assert why.rule == "FL-task-cache" and why.reason.endswith("take a stack first")
    why = _why(pos(leadership=(AVAILABLE, AVAILABLE)), "Red", "cache")
    assert why.rule == "FL-task-cache" and "it is full" in why.reason


def test_FL_window_an_answer_out_of_turn_cites_the_games_rule_not_the_bare_turn():
    why = _why(rally_window(), "Red", "reroll")
    assert why.rule == "FL-window"
    assert why.reason.startswith("Green answers now (") and ", not Red;" in why.reason
    why = _why(pos(), "Green", "rally")
    assert why.rule == "FL-turn"
    assert why.reason.startswith("it is Red's turn: Green may answer only when the referee")


def test_FL_mission_paratroop_onto_a_city_and_too_far_are_told_apart():
    state = pos({"B2": "Red infantry", "C4": "Green infantry"}, stack=("air", 3))
    why = _why(state, "Red", "para B2-A4")
    assert why.rule == "FL-mission-paratroop"
    assert why.reason == "A4 is a city: a drop lands on a non-city square"
    why = _why(state, "Red", "para B2-J6")
    assert why.rule == "FL-mission-paratroop"
    assert why.reason == ("J6 is more than 2 squares from every friendly city and every "
                          "other friendly active unit")
    why = _why(state, "Red", "para B2-C4")
    assert why.reason == "C4 is not an empty square a unit may stand on"
