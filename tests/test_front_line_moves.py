"""Front Line: turns, supply, movement and missions (rule ids in
content/front_line/notation.md, rulings in rulings.md)."""

from __future__ import annotations

from front_line_play import at, legal, move, position, scenario, why
from toolkit.referee.rulesets.front_line.state import AVAILABLE, EXHAUSTED, Stack

QUIET = (EXHAUSTED, EXHAUSTED)


def pos(units, **kw):
    kw.setdefault("leadership", QUIET)
    return position(scenario(), units, **kw)


def test_FL_move_one_or_two_squares_orthogonally_for_infantry():
    s = pos({"B4": "Red infantry"})
    got = {m for m in legal(s, "Red") if m.startswith("B4-")}
    # two orthogonal steps (A4 and B5 are Red's own capital and industry)
    assert got == {"B4-B2", "B4-B3", "B4-B5", "B4-B6", "B4-A4", "B4-C4", "B4-D4", "B4-A3",
                   "B4-A5", "B4-C3", "B4-C5"}
    assert why(s, "Red", "B4-D5").rule == "FL-move"  # a diagonal step: infantry has 4 pointers


def test_FL_move_tanks_also_move_diagonally():
    s = pos({"B4": "Red tank"})
    assert "B4-D6" in legal(s, "Red") and "B4-D2" in legal(s, "Red")


def test_FL_move_a_desert_on_the_way_gives_one_more_square_not_cumulative():
    s = pos({"D2": "Red infantry"})  # E2 and F2 are deserts
    assert "D2-G2" in legal(s, "Red")  # three squares through the deserts
    assert why(s, "Red", "D2-H2").rule == "FL-move"  # never four
    t = pos({"C1": "Red infantry"})  # no desert in reach of the first two steps
    assert why(t, "Red", "C1-F1").rule == "FL-move"


def test_FL_move_through_own_units_but_never_through_enemy_units():
    s = pos({"B4": "Red infantry", "C4": "Red tank", "B3": "Green infantry"})
    assert "B4-D4" in legal(s, "Red")  # over its own tank
    assert why(s, "Red", "B4-B2").rule == "FL-move"  # the enemy on B3 blocks
    assert why(s, "Red", "B4-C4").rule == "FL-move"  # a move ends on an empty square


def test_FL_move_into_a_friendly_city_but_not_an_empty_unfriendly_one():
    s = pos({"H3": "Red infantry", "B3": "Red infantry"})
    assert why(s, "Red", "H3-J3").rule == "FL-move"  # Green's capital
    assert why(s, "Red", "H3-I2").rule == "FL-move"  # Green's industry, adjacent diagonal too
    assert "B3-B2" in legal(s, "Red")  # Red's own air base


def test_FL_amphibious_move_from_a_port_to_an_empty_beach_or_port_when_the_option_is_on():
    s = pos({"A1": "Red tank"}, options={"amphibious": True})
    assert {"A1~D1", "A1~F1", "A1~E6", "A1~G6", "A1~J6"} <= legal(s, "Red")
    off = pos({"A1": "Red tank"})
    assert why(off, "Red", "A1~D1").rule == "FL-amphibious"


def test_FL_unit_two_actions_a_turn_never_the_same_regular_action_twice():
    s = pos({"B4": "Red tank", "E4": "Green infantry"}, stack=("capital", 4))
    s = move(s, "Red", "B4-C4")
    assert why(s, "Red", "C4-C3").rule == "FL-unit-repeat"
    s = move(s, "Red", "C4xE4")
    assert s.attack is not None  # the dice are due
    from front_line_play import roll
    s = roll(s, 5)  # rout at range 2 ... then the defender decides or it's done
    while RULES_decision(s) and RULES_decision(s).players == ("Green",):
        s = move(s, "Green", "hold")
    assert why(s, "Red", "C4-C5").rule in ("FL-unit-two", "FL-unit-repeat")


def RULES_decision(s):
    from front_line_play import RULES
    return RULES.decision(s)


def test_FL_unit_disrupted_units_only_regroup():
    s = pos({"B4": "Red infantry disrupted"}, stack=("capital", 3))
    assert why(s, "Red", "B4-B3").rule == "FL-unit-disrupted"
    s = move(s, "Red", "regroup B4")
    assert at(s, "B4").active
    assert "B4-B3" in legal(s, "Red")  # one more action after the mission


def test_FL_supply_a_turn_uses_one_stack_and_passing_throws_the_rest_away():
    s = pos({"B4": "Red infantry"}, stack=None,
            stacks={"Red": (("air", 3), ("capital", 3), ("industry", 4))})
    assert why(s, "Red", "B4-B3").rule == "FL-supply-first"
    s = move(s, "Red", "take air")
    assert why(s, "Red", "take capital").rule == "FL-supply-one"
    s = move(s, "Red", "B4-B3")
    assert s.stack == Stack("air", 2)
    used = s.used[0]
    s = move(s, "Red", "pass")
    assert s.used[0] == used + 2 and s.stack is None
    assert [k.kind for k in s.stacks[0]] == ["capital", "industry"]


def test_FL_supply_a_round_grants_the_supply_card_and_six_turns_alternate():
    s = RULES_new()
    d = RULES_decision(s)
    assert d.kind.value == "chance"
    from front_line_play import roll
    s = roll(s, 2)  # 1-3: Red names the first player
    assert RULES_decision(s).players == ("Red",)
    s = move(s, "Red", "first Green")
    assert [(k.kind, k.count) for k in s.stacks[0]] == [("air", 3), ("capital", 3), ("industry", 4)]
    order = []
    for _ in range(6):
        side = RULES_decision(s).players[0]
        order.append(side)
        s = move(s, side, "pass")
    assert order == ["Green", "Red"] * 3
    assert s.flow.round == 2 and RULES_decision(s).players == ("Green",)


def RULES_new(**options):
    from front_line_play import RULES
    return RULES.new_game(scenario(), options)


def test_FL_mission_build_industry_pays_two_for_infantry_three_for_a_tank():
    s = pos({}, stack=("industry", 4))
    s = move(s, "Red", "build tank")
    assert at(s, "B5").kind == "tank" and s.stack.count == 1
    assert s.reserve_count("Red", "tank") == 1
    assert why(s, "Red", "build infantry").rule in ("FL-supply-empty", "FL-mission-build")
    assert "B5-B6" in legal(s, "Red")  # a built unit may act once more
    t = pos({}, stack=("capital", 3))
    assert why(t, "Red", "build infantry").rule == "FL-mission-supply"


def test_FL_mission_paratroop_an_active_infantry_from_an_air_base():
    s = pos({"B2": "Red infantry", "D4": "Red tank"}, stack=("air", 3))
    got = {m for m in legal(s, "Red") if m.startswith("para")}
    assert "para B2-F4" in got  # two from the tank on D4
    assert "para B2-G4" not in got  # three from anything friendly
    assert "para B2-B5" not in got  # never onto a city
    s = move(s, "Red", "para B2-F4")
    assert at(s, "F4").kind == "infantry"
    t = pos({"B2": "Red infantry"}, stack=("capital", 3))
    assert why(t, "Red", "para B2-C2").rule == "FL-mission-supply"
    u = pos({"C2": "Red infantry"}, stack=("air", 3))
    assert why(u, "Red", "para C2-D2").rule == "FL-mission-paratroop"


def test_FL_mission_fallen_supply_does_regular_actions_only():
    s = pos({"B4": "Red infantry disrupted", "C4": "Red infantry"}, stack=("fallen_air", 1))
    assert why(s, "Red", "regroup B4").rule == "FL-mission-supply"
    assert "C4-D4" in legal(s, "Red")


def test_FL_commission_readies_the_exhausted_card_at_the_end_of_the_turn():
    s = pos({}, stack=("air", 3), leadership=(EXHAUSTED, EXHAUSTED))
    s = move(s, "Red", "commission")
    assert s.leadership[0] == "commissioned"
    assert why(s, "Red", "cache").rule == "FL-lead-available"
    s = move(s, "Red", "pass")
    assert s.leadership[0] == AVAILABLE


def test_FL_lake_no_land_move_through_water_but_fire_passes_over_it():
    s = position(scenario("lake_nogo"), {"D2": "Red infantry", "D4": "Red artillery",
                                        "G3": "Green tank"}, leadership=QUIET)
    assert why(s, "Red", "D2-F2").rule == "FL-move"  # E2 is water
    assert "D4xG3" in legal(s, "Red")  # three squares over the lake


def test_FL_lake_a_paratroop_drop_counts_dry_land_only():
    s = position(scenario("lake_nogo"), {"B2": "Red infantry", "G3": "Red tank"},
                 stack=("air", 3), leadership=QUIET)
    # E5 is two squares from G3 as the crow flies, but F4 and F5 between are water
    assert why(s, "Red", "para B2-E5").rule == "FL-mission-paratroop"
    assert "para B2-H5" in legal(s, "Red")


def test_FL_supply_taking_a_stack_is_told_in_players_words():
    from front_line_play import RULES
    from toolkit.referee import game

    s = pos({"B4": "Red infantry"}, stack=None,
            stacks={"Red": (("fallen_air", 1), ("capital", 3))})
    _, events = game.play(RULES, s, "Red", RULES.parse_move("take fallen_air"))
    assert [e.text for e in events if e.kind == "take"] == [
        "Red takes the fallen air stack (1 chit)"]


def test_FL_unit_the_text_board_draws_a_disrupted_unit_apart_from_an_active_one():
    """A disrupted unit may only regroup: the terminal's board marks it (I') and names
    the condition under the board, where it was drawn like an active unit."""
    from front_line_play import RULES

    s = pos({"B4": "Red infantry disrupted", "B5": "Red infantry"}, stack=("capital", 3))
    text = RULES.render(RULES.view(s, "Red"))
    row4 = next(line for line in text.splitlines() if line.startswith("  4 "))
    row5 = next(line for line in text.splitlines() if line.startswith("  5 "))
    assert "I'" in row4 and "I'" not in row5 and "I" in row5
    assert "' disrupted: B4" in text.splitlines()
