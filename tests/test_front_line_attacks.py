"""Front Line: attacks, the results table with height, icons, results, cities
and the Edge (rule ids in content/front_line/notation.md)."""

from __future__ import annotations

from front_line_play import RULES, at, legal, move, position, roll, scenario, why
from toolkit.referee.rulesets.front_line.state import EXHAUSTED, Edge

QUIET = (EXHAUSTED, EXHAUSTED)


def pos(units, **kw):
    kw.setdefault("leadership", QUIET)
    kw.setdefault("stacks", {"Green": (("air", 3), ("capital", 3), ("industry", 4))})
    return position(scenario(), units, **kw)


def asks(s):
    d = RULES.decision(s)
    return d.kind.value, d.players, d.chance.count if d.chance else None


def test_FL_attack_range_counts_squares_orthogonally_and_diagonally():
    s = pos({"B4": "Red artillery", "E1": "Green infantry", "F4": "Green tank"})
    assert "B4xE1" in legal(s, "Red")  # three squares away diagonally
    assert why(s, "Red", "B4xF4").rule == "FL-attack-range"


def test_FL_attack_same_height_reads_the_white_die_in_the_range_column():
    s = pos({"B4": "Red infantry", "C4": "Green infantry"})
    s = move(s, "Red", "B4xC4")
    assert asks(s) == ("chance", (), 1)  # the white die only
    s = roll(s, 1)  # range 1, white 1: blitz
    assert at(s, "C4") is None
    assert legal(s, "Red") == {"displace", "stay"}  # FL-result-displace
    s = move(s, "Red", "displace")
    assert at(s, "C4").side == "Red"


def test_FL_height_a_higher_attacker_rolls_both_dice_and_adv_reads_the_yellow_column():
    s = pos({"D4": "Red infantry", "E4": "Green infantry"})  # D4 is a hill
    s = move(s, "Red", "D4xE4")
    assert asks(s) == ("chance", (), 2)
    s = roll(s, 6, 1)  # white 6 at range 1 is ADV; yellow 1 is blitz
    assert at(s, "E4") is None


def test_FL_height_adv_without_the_yellow_die_is_a_miss():
    s = pos({"B4": "Red infantry", "C4": "Green infantry"})
    s = roll(move(s, "Red", "B4xC4"), 6)
    assert at(s, "C4").active and at(s, "C4").side == "Green"


def test_FL_height_a_lower_infantry_reads_one_column_right_artillery_never():
    s = pos({"B3": "Red infantry", "C3": "Green tank"})  # C3 is a hill
    s = roll(move(s, "Red", "B3xC3"), 2)  # range 2 column: white 2 is disrupt
    assert at(s, "C3").disrupted
    t = pos({"B3": "Red artillery", "C3": "Green tank"})
    t = roll(move(t, "Red", "B3xC3"), 2)  # range 1 column: white 2 is blitz
    assert at(t, "C3") is None


def test_FL_tank_higher_chooses_the_white_or_the_yellow_result():
    s = pos({"D4": "Red tank", "E4": "Green tank"})
    s = roll(move(s, "Red", "D4xE4"), 3, 1)  # white: disrupt; yellow: blitz
    assert legal(s, "Red") == {"use white", "use yellow"}
    assert at(move(s, "Red", "use white"), "E4").disrupted
    assert at(move(s, "Red", "use yellow"), "E4") is None


def test_FL_result_disrupted_units_are_blitzed_by_a_disrupt_or_a_rout():
    s = pos({"B4": "Red infantry", "C4": "Green infantry disrupted"})
    s = roll(move(s, "Red", "B4xC4"), 4)  # rout
    assert at(s, "C4") is None


def test_FL_result_rout_on_a_beach_desert_or_port_disrupts():
    s = pos({"D5": "Red infantry", "E5": "Green infantry"})  # E5 is a desert
    s = roll(move(s, "Red", "D5xE5"), 4)
    assert at(s, "E5").disrupted and RULES.decision(s).players == ("Red",)


def test_FL_result_rout_lets_the_defender_retreat_or_hold():
    s = pos({"C4": "Red infantry", "D3": "Green infantry"})  # D3 valley
    s = roll(move(s, "Red", "C4xD3"), 4)
    assert legal(s, "Green") == {"retreat", "hold"}
    held = move(s, "Green", "hold")
    assert at(held, "D3").disrupted
    s = move(s, "Green", "retreat")
    # the attacker shifts it one square, never next to an active unfriendly unit or city
    assert legal(s, "Red") == {"shift D2", "shift E3"}
    s = move(s, "Red", "shift E3")
    assert at(s, "E3").side == "Green" and at(s, "E3").active and at(s, "D3") is None


def test_FL_result_rout_with_no_safe_square_disrupts():
    s = pos({"C4": "Red infantry", "D3": "Green infantry", "D1": "Red tank",
             "F3": "Red tank"})
    s = roll(move(s, "Red", "C4xD3"), 4)
    assert at(s, "D3").disrupted


def test_FL_icon_city_defense_makes_a_matching_result_a_miss():
    s = pos({"H5": "Red infantry", "I5": "Green infantry"})  # I5: Green's air base
    s = roll(move(s, "Red", "H5xI5"), 3)  # disrupt with the air base icon
    assert at(s, "I5").active


def test_FL_icon_dug_in_infantry_on_a_hill_ignores_a_soldier_result():
    s = pos({"A3": "Red artillery", "C3": "Green infantry"})  # mountain onto hill
    s = roll(move(s, "Red", "A3xC3"), 4, 1)  # white 4: rout, soldier icon
    assert at(s, "C3").active
    t = pos({"A3": "Red artillery", "C3": "Green tank"})
    t = roll(move(t, "Red", "A3xC3"), 4, 1)
    assert legal(t, "Green") == {"retreat", "hold"}  # a tank is not dug in: the rout stands


def test_FL_attack_empty_city_only_from_next_to_it_1_to_4_enters():
    s = pos({"H2": "Red infantry", "G2": "Red tank"})
    assert why(s, "Red", "G2xI2").rule == "FL-attack-city"
    s = roll(move(s, "Red", "H2xI2"), 3)
    assert at(s, "I2").side == "Red" and s.cfg.index["I2"] in s.fallen
    t = roll(move(pos({"H2": "Red infantry"}), "Red", "H2xI2"), 5)
    assert at(t, "H2").side == "Red" and not t.fallen


def test_FL_city_fall_swaps_the_owners_chits_for_a_fallen_chit():
    s = roll(move(pos({"H2": "Red infantry"}), "Red", "H2xI2"), 1)
    kinds = [k.kind for k in s.stacks[1]]
    assert "industry" not in kinds and "fallen_industry" in kinds


def test_FL_city_free_gives_back_this_months_stack():
    s = pos({"C2": "Red infantry"}, fallen=("B2",), stacks={"Red": (("fallen_air", 1),)})
    s = roll(move(s, "Red", "C2xB2"), 2)
    assert s.cfg.index["B2"] not in s.fallen
    assert [(k.kind, k.count) for k in s.stacks[0]] == [("air", 3)]


def test_FL_win_entering_the_enemy_capital_wins_at_once():
    s = roll(move(pos({"I3": "Red infantry"}), "Red", "I3xJ3"), 4)
    out = RULES.outcome(s)
    assert out.winner == "Red" and out.rule == "FL-win-capital"
    assert RULES.decision(s) is None


def test_FL_result_displacement_onto_a_city_is_forced():
    s = pos({"H2": "Red infantry", "I2": "Green infantry"})
    s = roll(move(s, "Red", "H2xI2"), 1)
    assert at(s, "I2").side == "Red" and s.cfg.index["I2"] in s.fallen


def test_FL_edge_the_holder_may_reroll_then_it_goes_off_to_the_middle():
    s = pos({"B4": "Red infantry", "C4": "Green infantry"}, edge=Edge("Green", True))
    s = roll(move(s, "Red", "B4xC4"), 2)
    assert asks(s)[:2] == ("reaction", ("Green",))
    s = move(s, "Green", "reroll")
    assert s.edge == Edge(None, False)
    s = roll(s, 5)
    assert at(s, "C4").active


def test_FL_edge_a_finalised_1_goes_to_the_defender_a_6_to_the_attacker():
    s = roll(move(pos({"B4": "Red infantry", "C4": "Green infantry"}), "Red", "B4xC4"), 1)
    assert s.edge == Edge("Green", False)
    t = pos({"B4": "Red infantry", "C4": "Green infantry"}, edge=Edge("Green", False))
    t = roll(move(t, "Red", "B4xC4"), 6)
    assert t.edge == Edge("Red", False)
    t = move(t, "Red", "pass")
    assert t.edge == Edge("Red", True)  # face up at the end of the turn
