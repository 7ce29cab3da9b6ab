"""Lines and Webs refusals in Execute orders: each cause in its own sentence and rule
(issue 27: a full port, an occupied node, a blocked node, a suppressed unit, an attack
that cannot be paid and artillery out of range each got one generic sentence)."""

from __future__ import annotations

from tests.lines_and_webs_cases import at_execute, empty, put, refused
from toolkit.referee.kit.values import evolve

FULL = (1, 3, 2, 0)  # rations, fuel, ammunition, repair


def _turned(*placed, card="DAR1", **marks):
    """Delta's DAR1 (or `card`) turned over in Execute orders, the units `placed`
    ((label, node[, tokens])) on the map."""
    s = empty()
    for label, node, *tokens in placed:
        s = put(s, label, node, tokens[0] if tokens else FULL,
                **(marks if label == card else {}))
    return at_execute(s, execution={"Delta": (card,), "Gamma": ()})


def test_LW_capacity_a_move_onto_a_full_port_says_the_port_is_full():
    s = _turned(("DAR1", "J9"), ("DMI1", "J10"), ("DMI2", "J10"), ("DMI3", "J10"),
                ("DMI4", "J10"))
    why = refused(s, "Delta", "DAR1-J10", "LW-capacity")
    assert why.reason == "J10 is full: the port holds 4 units already"


def test_LW_capacity_a_move_onto_a_friends_node_says_one_unit_a_node():
    s = _turned(("DAR1", "J9"), ("DMI1", "I10"))
    why = refused(s, "Delta", "DAR1-I10", "LW-capacity")
    assert why.reason == "I10 is full: DMI1 stands there (one unit a node)"


def test_LW_E2_a_move_onto_an_enemy_says_attack_it_from_next_to_it():
    s = _turned(("DAR1", "J9"), ("GMI1", "H9"))
    why = refused(s, "Delta", "DAR1-H9", "LW-E2")
    assert why.reason.startswith("H9 holds an enemy unit: attack it from a node next to it")


def test_LW_K10_a_move_into_a_node_blocked_by_special_forces_says_so():
    s = _turned(("DAR1", "J9"))
    s = evolve(s, blocked=((s.cfg.index["I9"], "Delta"),))
    why = refused(s, "Delta", "DAR1-I9", "LW-K10")
    assert why.reason == "I9 is blocked to your units by special forces until the reset"


def test_LW_E2_a_suppressed_unit_is_told_it_may_not_move():
    s = _turned(("DAR1", "J9"), suppressed=True)
    why = refused(s, "Delta", "DAR1-I9", "LW-E2")
    assert why.reason == "DAR1 is suppressed: it may fight but not move this turn"


def test_LW_E2_a_unit_without_fuel_is_told_a_move_costs_fuel():
    s = _turned(("DAR1", "J9", (1, 0, 2, 0)))
    why = refused(s, "Delta", "DAR1-I9", "LW-E2")
    assert why.reason == "DAR1 has no fuel: a move costs one fuel token"


def test_LW_E2_a_node_out_of_reach_says_how_far_the_unit_moves():
    s = _turned(("DMI1", "J9"), card="DMI1")
    why = refused(s, "Delta", "DMI1-A1", "LW-E2")
    assert why.reason.startswith("DMI1 cannot reach A1: it moves along links up to 3")


def test_LW_E3_armour_in_contact_without_ammunition_is_told_it_cannot_pay():
    s = _turned(("DAR1", "D7", (1, 3, 0, 0)), ("GMI1", "D6"))
    why = refused(s, "Delta", "DAR1xD6", "LW-E3")
    assert why.reason == ("DAR1 has no ammunition to pay for an attack: a unit in contact "
                          "that cannot pay holds")
    why = refused(s, "Delta", "DAR1-D8", "LW-E3")
    assert why.reason == "DAR1 is in contact: it must attack an enemy next to it; " \
        "it cannot pay, so it holds"


def test_LW_E3_a_unit_in_contact_that_can_pay_is_told_to_attack():
    s = _turned(("DAR1", "D7"), ("GMI1", "D6"))
    why = refused(s, "Delta", "DAR1-D8", "LW-E3")
    assert why.reason == "DAR1 is in contact: it must attack an enemy next to it (UNITxNODE)"


def test_LW_A1_fire_out_of_range_without_ammunition_and_at_no_target_each_say_why():
    s = _turned(("DFA1", "J9"), ("GMI1", "I9"), ("GMI2", "G9"), card="DFA1")
    why = refused(s, "Delta", "DFA1 fire I9 1", "LW-A1")
    assert why.reason == "I9 is 1 hex away: field artillery fires 2 to 3 hexes"
    why = refused(s, "Delta", "DFA1 fire H8 1", "LW-A1")
    assert why.reason.startswith("no enemy unit that may be fired on stands at H8")
    s = _turned(("DFA1", "J9", (1, 3, 0, 0)), ("GMI2", "G9"), card="DFA1")
    why = refused(s, "Delta", "DFA1 fire G9 1", "LW-A1")
    assert why.reason == "DFA1 has no ammunition to fire"


def _holding(s, *cards):
    from toolkit.referee.rulesets.lines_and_webs.state import with_book

    return with_book(s, "Delta", hand=tuple(cards))


def test_LW_K8_saint_himars_on_a_displaced_unit_says_it_cannot_reach_it():
    s = _holding(_turned(("DAR1", "J9"), ("GMI1", "D6")), "saint_himars")
    s = put(s, "GMI1", "D6", FULL, displaced=True)
    why = refused(s, "Delta", "play saint_himars GMI1", "LW-K0")
    assert why.reason == "GMI1 is displaced: saint_himars cannot reach it"


def test_LW_K3_close_air_support_out_of_range_says_how_far_it_reaches():
    s = _holding(_turned(("DAR1", "J9"), ("GMI1", "B2")), "close_air_support")
    why = refused(s, "Delta", "play close_air_support GMI1", "LW-K0")
    assert why.reason == ("GMI1 is more than 2 hexes from every unit of yours: "
                          "close_air_support reaches only that far")


def test_LW_K0_a_card_not_held_and_a_cut_too_deep_each_say_why():
    s = _turned(("DAR1", "J9"))
    assert refused(s, "Delta", "play cyber_attack 1", "LW-K0").reason == \
        "you hold no cyber_attack"
    s = _holding(s, "cyber_attack")
    from toolkit.referee.rulesets.lines_and_webs.state import with_book

    s = with_book(s, "Gamma", execution=("GMI1", "GAR1"))
    assert refused(s, "Delta", "play cyber_attack 5", "LW-K0").reason == \
        "the enemy's execution deck holds 2 cards: cut it by 1 to 1"


def _transport(*placed):
    from tests.test_lines_and_webs_logistics import transport

    s = empty()
    for label, node, tokens in placed:
        s = put(s, label, node, tokens)
    return transport(s)


def test_LW_T6_carrying_to_a_displaced_unit_says_it_takes_no_supplies():
    from tests.lines_and_webs_cases import play

    s = _transport(("DFSP1", "D9", (1, 1, 2, 0)), ("DFSP2", "D10", (1, 1, 2, 0)))
    s, _ = play(s, "Delta", "DFSP1 displace")
    why = refused(s, "Delta", "DFSP2>DFSP1 1a", "LW-T6")
    assert why.reason == "DFSP1 is displaced this turn: it takes no supplies"


def test_LW_K10_carrying_or_moving_into_a_node_blocked_by_special_forces_says_so():
    s = _transport(("DFSP1", "D10", (1, 2, 2, 0)), ("DAR1", "D8", (1, 0, 0, 0)))
    s = evolve(s, blocked=((s.cfg.index["D8"], "Delta"), (s.cfg.index["D9"], "Delta")))
    why = refused(s, "Delta", "DFSP1>DAR1 1f", "LW-K10")
    assert why.reason == ("D8 is blocked to your units and supplies by special forces "
                          "until the reset")
    assert refused(s, "Delta", "DFSP1-D9", "LW-K10").reason.startswith("D9 is blocked")
