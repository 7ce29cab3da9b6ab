"""The source's examples EX0-EX9, authored as positions that match their text
(the figures are lost; the squares are ours, on the Main battlefield)."""

from __future__ import annotations

from front_line_play import RULES, at, legal, move, position, roll, scenario, why
from toolkit.referee.rulesets.front_line.state import AVAILABLE, EXHAUSTED

QUIET = (EXHAUSTED, EXHAUSTED)


def pos(units, **kw):
    kw.setdefault("leadership", QUIET)
    return position(scenario(), units, **kw)


def test_EX0_a_unit_may_enter_its_own_city_but_not_an_empty_unfriendly_one():
    s = pos({"C2": "Red infantry", "H2": "Red infantry"})  # B "C2", A "H2"
    assert "C2-B2" in legal(s, "Red")
    assert why(s, "Red", "H2-I2").rule == "FL-move"


def test_EX1_an_amphibious_move_to_the_enemy_port_then_an_attack_at_range_1():
    s = pos({"A1": "Red tank", "J5": "Green infantry"}, options={"amphibious": True})
    s = move(s, "Red", "A1~J6")
    assert "J6xJ5" in legal(s, "Red")


def test_EX2_range_3_reaches_any_green_range_2_any_red():
    s = pos({"C3": "Red artillery", "E4": "Green tank", "F5": "Green infantry",
             "B1": "Red infantry", "D2": "Red tank"}, mover="Red")
    assert {"C3xE4", "C3xF5"} <= legal(s, "Red")
    g = pos({"C3": "Red artillery", "E4": "Green tank", "D2": "Red tank"}, mover="Green")
    assert {"E4xC3", "E4xD2"} <= legal(g, "Green")


def test_EX3_a_successful_attack_on_an_adjacent_empty_city_enters_it():
    s = roll(move(pos({"H5": "Red infantry"}), "Red", "H5xI5"), 2)
    assert at(s, "I5").side == "Red" and s.cfg.index["I5"] in s.fallen


def test_EX4_the_higher_unit_rolls_both_dice_artillery_below_never_shifts():
    s = pos({"D4": "Red tank", "E4": "Green infantry", "E3": "Green artillery"})
    for target in ("E4", "E3"):
        t = move(s, "Red", f"D4x{target}")
        assert RULES.decision(t).chance.count == 2
    g = pos({"D4": "Red tank", "E3": "Green artillery"}, mover="Green")
    g = move(g, "Green", "E3xD4")
    assert RULES.decision(g).chance.count == 1
    assert at(roll(g, 2), "D4") is None  # range 1 column, white 2: blitz


def test_EX5_routs_on_a_beach_desert_or_port_disrupt_and_a_boxed_in_unit_cannot_retreat():
    beach = roll(move(pos({"D6": "Red infantry", "E6": "Green tank"}), "Red", "D6xE6"), 4)
    assert at(beach, "E6").disrupted
    boxed = pos({"C4": "Red infantry", "D3": "Green infantry", "D1": "Red tank",
                 "F3": "Red tank"})
    assert at(roll(move(boxed, "Red", "C4xD3"), 4), "D3").disrupted
    free = roll(move(pos({"C4": "Red infantry", "D3": "Green infantry"}), "Red", "C4xD3"), 4)
    free = move(free, "Green", "retreat")
    assert "shift E3" in legal(free, "Red")


def test_EX6_from_the_mountain_two_dice_and_a_white_4_misses_dug_in_infantry():
    s = pos({"A3": "Red artillery", "C3": "Green infantry", "B2": "Green infantry"})
    assert RULES.decision(move(s, "Red", "A3xB2")).chance.count == 2
    t = roll(move(s, "Red", "A3xC3"), 4, 1)
    assert at(t, "C3").active


def test_EX7_a_paratrooper_landing_on_a_mountain_draws_opportunity_fire():
    s = pos({"B2": "Red infantry", "D4": "Red tank", "J3": "Green tank",
             "H3": "Green infantry"}, stack=("air", 3), leadership=(EXHAUSTED, AVAILABLE))
    s = move(s, "Red", "para B2-F4")  # land near the tank
    t = pos({"I5": "Red infantry", "H3": "Green tank", "I3": "Green artillery"},
            stack=("air", 3), leadership=(EXHAUSTED, AVAILABLE), fallen=("I5",))
    t = move(t, "Red", "para I5-J4")  # J4: Green's mountain
    assert {"opfire H3xJ4", "opfire I3xJ4"} <= legal(t, "Green")
    # on F4 nothing of Green's is in range: Green may react, but not fire
    assert not {m for m in legal(s, "Green") if m.startswith("opfire")}


def test_EX8_maneuver_into_a_friendly_city_or_between_two_units():
    s = pos({"C2": "Red infantry", "B3": "Red tank", "D3": "Red tank", "C4": "Red infantry"},
            leadership=(AVAILABLE, EXHAUSTED))
    assert {"maneuver C2-B2", "maneuver C4-C3"} <= legal(s, "Red")


def test_EX9_relieve_swaps_two_adjacent_units_one_of_them_active():
    s = pos({"D4": "Red infantry disrupted", "E4": "Red tank", "B3": "Red infantry",
             "C3": "Red artillery disrupted"}, leadership=(AVAILABLE, EXHAUSTED))
    s2 = move(s, "Red", "relieve D4-E4")
    assert at(s2, "D4").kind == "tank" and at(s2, "E4").disrupted
    assert "relieve B3-C3" in legal(s, "Red")
