"""Front Line: Leadership tasks as reaction windows, and the end of the game
(rule ids in content/front_line/notation.md)."""

from __future__ import annotations

import pytest
from front_line_play import RULES, at, legal, move, position, roll, scenario, why
from toolkit.referee.kit.flow import with_flow
from toolkit.referee.rulesets.front_line import victory
from toolkit.referee.rulesets.front_line.leadership import usable
from toolkit.referee.rulesets.front_line.state import AVAILABLE, EXHAUSTED

RED_ONLY = (AVAILABLE, EXHAUSTED)
GREEN_ONLY = (EXHAUSTED, AVAILABLE)


def pos(units, **kw):
    return position(scenario(), units, **kw)


def test_FL_task_rally_is_offered_before_the_dice_of_a_supplied_attack():
    s = move(pos({"B4": "Red infantry", "C4": "Green infantry"}, leadership=GREEN_ONLY),
             "Red", "B4xC4")
    d = RULES.decision(s)
    assert d.kind.value == "reaction" and d.players == ("Green",)
    assert legal(s, "Green") == {"pass", "rally"}
    s = roll(move(s, "Green", "rally"), 1)  # blitz softened to disrupt
    assert at(s, "C4").disrupted and s.leadership[1] == EXHAUSTED


def test_FL_task_rally_softens_a_rout_to_a_miss_and_rewards_a_natural_miss():
    s = move(pos({"B4": "Red infantry", "C4": "Green infantry"}, leadership=GREEN_ONLY),
             "Red", "B4xC4")
    s = roll(move(s, "Green", "rally"), 5)  # white 5 at range 1: rout -> miss (no reward)
    assert at(s, "C4").active and RULES.decision(s).players == ("Red",)
    t = move(pos({"B3": "Red infantry", "C3": "Green infantry"}, leadership=GREEN_ONLY),
             "Red", "B3xC3")
    t = roll(move(t, "Green", "rally"), 6)  # a natural miss: the active target is rewarded
    assert legal(t, "Green") >= {"decline", "opfire C3xB3", "maneuver C3-D3"}
    t = roll(move(t, "Green", "opfire C3xB3"), 1, 1)  # free fire back, downhill: blitz
    assert at(t, "B3") is None


def test_FL_task_rally_reward_regroups_a_disrupted_target():
    s = move(pos({"B3": "Red infantry", "C3": "Green infantry disrupted"},
                 leadership=GREEN_ONLY), "Red", "B3xC3")
    s = roll(move(s, "Green", "rally"), 6)
    assert at(s, "C3").active


def test_FL_task_opportunity_fire_after_a_supplied_action_within_range():
    s = move(pos({"B4": "Red infantry", "D4": "Green artillery"}, leadership=GREEN_ONLY),
             "Red", "B4-C4")
    assert RULES.decision(s).players == ("Green",)
    assert "opfire D4xC4" in legal(s, "Green")
    s = roll(move(s, "Green", "opfire D4xC4"), 1, 1)  # from the hill: two dice
    assert at(s, "C4") is None and s.leadership[1] == EXHAUSTED
    assert legal(s, "Green") == {"displace", "stay"}  # the fire came from next door
    s = move(s, "Green", "stay")
    assert RULES.decision(s).players == ("Red",)  # Red's turn goes on


def test_FL_task_opportunity_fire_never_answers_a_task():
    s = move(pos({"B4": "Red infantry", "D4": "Green artillery"}, leadership=(AVAILABLE, AVAILABLE)),
             "Red", "maneuver B4-C4")
    assert RULES.decision(s).players == ("Red",)  # no window for Green


def test_FL_task_maneuver_relieve_and_cache_on_your_own_turn():
    s = pos({"B4": "Red infantry", "B5": "Red tank disrupted"}, leadership=RED_ONLY,
            stack=("capital", 3))
    assert "maneuver B4-C5" in legal(s, "Red")  # any unit may shift diagonally
    assert "relieve B4-B5" in legal(s, "Red")
    assert why(s, "Red", "cache").rule == "FL-task-cache"  # the stack is full
    s = move(s, "Red", "B4-B3")
    s = move(s, "Red", "cache")
    assert s.stack.count == 3 and s.leadership[0] == EXHAUSTED


def test_FL_task_cache_only_on_your_own_turn_rally_only_on_the_opponents():
    s = move(pos({"B4": "Red infantry", "D4": "Green artillery"}, leadership=GREEN_ONLY),
             "Red", "B4-C4")
    assert "maneuver D4-E4" in legal(s, "Green")  # Maneuver on any turn
    assert why(s, "Green", "cache").rule == "FL-task-cache"  # a task of its own turn
    t = pos({}, leadership=RED_ONLY, stack=("air", 2))
    from toolkit.referee.rulesets.front_line import leadership
    assert leadership.available_problem(t, "Red", "rally", True).rule == "FL-task-when"


@pytest.mark.parametrize("when, own, other", [
    ("own_turn", True, False), ("opponent_turn", False, True), ("any_turn", True, True),
    ("never", False, False)])
def test_FL_task_when_a_cards_when_decides_whose_turn_a_task_may_be_used_on(when, own, other):
    assert usable(when, own_turn=True) is own and usable(when, own_turn=False) is other


def test_FL_win_occupation_points_after_december():
    s = pos({"E3": "Red infantry", "H1": "Red tank", "I3": "Red tank", "C2": "Green tank"},
            fallen=("I5",))
    # Red: purple E3 1, H1 and I3 in Green's country 2, Green's air base fallen 2
    assert victory.points(s, "Red") == 5 and victory.points(s, "Green") == 1
    over = with_flow(s, round=5)
    out = RULES.finished(over)
    assert out.winner == "Red" and out.rule == "FL-win-op" and out.score("Red") == 5


def test_FL_win_a_tie_on_points_goes_to_most_units_else_a_draw():
    s = with_flow(pos({"B4": "Red infantry", "C4": "Red tank", "I4": "Green tank"}), round=5)
    assert RULES.finished(s).rule == "FL-win-units" and RULES.finished(s).winner == "Red"
    t = with_flow(pos({"B4": "Red infantry", "I4": "Green tank"}), round=5)
    assert RULES.finished(t).winner is None and RULES.finished(t).rule == "FL-win-tie"
    u = with_flow(pos({"B4": "Red infantry", "C4": "Red tank", "I4": "Green tank"},
                      options={"tie_break": "draw"}), round=5)
    assert RULES.finished(u).winner is None


def test_FL_setup_free_placement_in_your_own_country():
    s = RULES.new_game(scenario(), {"placement": "free"})
    d = RULES.decision(s)
    assert d.players == ("Red",)
    assert why(s, "Red", "place tank E4").rule == "FL-setup-country"
    s = move(s, "Red", "place tank C4")
    assert RULES.decision(s).players == ("Green",)
    for _ in range(29):
        side = RULES.decision(s).players[0]
        s = move(s, side, sorted(legal(s, side))[0])
    assert RULES.decision(s).kind.value == "chance"  # the start roll
    assert sum(1 for u in s.squares if u) == 30


def test_FL_task_rally_is_not_offered_without_leadership_or_against_an_empty_city():
    s = move(pos({"B4": "Red infantry", "C4": "Green infantry"},
                 leadership=(EXHAUSTED, EXHAUSTED)), "Red", "B4xC4")
    assert RULES.decision(s).kind.value == "chance"
    t = move(pos({"H2": "Red infantry"}, leadership=GREEN_ONLY), "Red", "H2xI2")
    assert RULES.decision(t).kind.value == "chance"  # no unit to rally


def test_FL_task_rally_reward_maneuver_moves_the_target_for_free():
    t = move(pos({"B3": "Red infantry", "C3": "Green infantry"}, leadership=GREEN_ONLY),
             "Red", "B3xC3")
    t = roll(move(t, "Green", "rally"), 6)
    t = move(t, "Green", "maneuver C3-D3")
    assert at(t, "D3").side == "Green" and at(t, "C3") is None
    assert RULES.decision(t).players == ("Red",)


def test_FL_task_opportunity_fire_needs_range_and_answers_a_build():
    s = move(pos({"G4": "Green artillery", "C4": "Green tank"}, leadership=GREEN_ONLY,
                 stack=("industry", 4)), "Red", "build infantry")  # onto B5
    assert "opfire C4xB5" in legal(s, "Green")  # a tank reaches two squares
    assert "opfire G4xB5" not in legal(s, "Green")  # five away
    assert why(s, "Green", "opfire G4xB5").rule == "FL-attack-range"


def test_FL_task_commission_is_a_supply_use_that_opens_the_reaction_window():
    s = move(pos({"C4": "Green tank"}, leadership=(EXHAUSTED, AVAILABLE), stack=("air", 3)),
             "Red", "commission")
    assert RULES.decision(s).players == ("Green",)
    assert not {m for m in legal(s, "Green") if m.startswith("opfire")}  # no unit to fire at


def test_FL_edge_off_by_option_gives_no_reroll_and_never_moves():
    s = pos({"B4": "Red infantry", "C4": "Green infantry"}, leadership=(EXHAUSTED, EXHAUSTED),
            options={"edge": False})
    from toolkit.referee.rulesets.front_line.state import Edge
    s = roll(move(s, "Red", "B4xC4"), 1)
    assert s.edge == Edge()
