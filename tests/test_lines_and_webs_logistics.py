"""Lines and Webs logistics: the delivery queue, spending resource points, supply
transport (exact token counts), consumption and reset, and what each side sees of
the other's secret orders."""

from __future__ import annotations

from pathlib import Path

import dsl
from tests.lines_and_webs_cases import (
    RULES, at_execute, at_phase, empty, play, put, refused, start, unit)
from toolkit.referee import game
from toolkit.referee.playable import problems
from toolkit.referee.kit.values import evolve
from toolkit.referee.rulesets.lines_and_webs.state import with_port


def test_LW_setup_starting_units_have_their_basic_load_and_sustainment_units_full_boxes():
    s = start()
    assert unit(s, "DAR1").tokens == (1, 3, 2, 0)
    fsc = unit(s, "GFSC1")  # 10 boxes: shaded food and fuel, then fuel, ammo, food in turn
    assert sum(fsc.tokens) == 10 and fsc.tokens == (3, 4, 3, 0)
    assert s.flow.phase == "spend" and s.book("Delta").rp == 25


def test_LW_R09_the_queue_lands_its_assets_at_the_seaport_two_deploys_later():
    s = start()
    b = s.book("Delta")
    assert [len(uids) for uids, _ in b.queue] == [0, 1]  # turn 1's deploy moved it on
    s = at_phase(s, "reset")  # turn 1 ends; turn 2's deploy moves the queue
    assert s.flow.phase == "spend" and s.turn == 2
    aps = unit(s, "DAPS1")
    assert s.cfg.names[aps.node] == "B8"  # the aerial port squadron flies to its airport
    assert s.port(s.cfg.index["J10"]).tokens == (4, 4, 4, 0)


def test_LW_S1_twenty_five_rp_a_turn_spent_in_secret_and_not_carried_over():
    s = start()
    s, _ = play(s, "Delta", "buy armor")
    s, _ = play(s, "Delta", "buy 10f")
    assert s.book("Delta").rp == 5
    refused(s, "Delta", "buy 6a", "LW-S1")
    assert RULES.view(s, "Gamma") == RULES.view(start(), "Gamma")
    s, _ = play(s, "Delta", "pass")
    s, _ = play(s, "Gamma", "pass")
    uids, tokens = s.book("Delta").queue[0]
    assert tokens == (0, 10, 0, 0) and s.units[uids[0]].kind == "armor"
    s = at_phase(s, "spend")
    assert s.book("Delta").rp == 25


def test_LW_S4_tokens_fly_to_the_airport_at_two_rp_without_an_aerial_port_squadron():
    s = start()
    s, _ = play(s, "Delta", "fly 5a")
    assert s.book("Delta").rp == 15
    refused(s, "Delta", "fly armor", "LW-S4")
    s, _ = play(s, "Delta", "pass")
    s, _ = play(s, "Gamma", "pass")
    assert s.port(s.cfg.index["B8"]).tokens == (0, 0, 5, 0)


def test_LW_S3_special_cards_cost_their_rp_and_three_of_each_per_side():
    s = start()
    for _ in range(3):
        s, _ = play(s, "Delta", "card scouts_out")
    assert s.book("Delta").rp == 22
    refused(s, "Delta", "card scouts_out", "LW-S3")


def transport(s):
    return at_phase(s, "transport")


def test_LW_T2_a_sustainment_unit_carries_half_its_boxes_each_token_up_to_its_sp():
    s = empty()
    s = put(s, "GFSC1", "D2", (2, 4, 4, 0))  # an FSC: 10 boxes, 5 tokens, 5 links
    s = put(s, "GAR1", "D6", (0, 0, 0, 0))   # 4 links away
    s = put(s, "GAR2", "D7", (0, 0, 0, 0))   # 5 links
    s = transport(s)
    s, _ = play(s, "Gamma", "GFSC1>GAR1 3f")
    s, _ = play(s, "Gamma", "GFSC1>GAR2 2a")
    assert unit(s, "GAR1").tokens == (0, 3, 0, 0) and unit(s, "GAR2").tokens == (0, 0, 2, 0)
    assert unit(s, "GFSC1").tokens == (2, 1, 2, 0)
    refused(s, "Gamma", "GFSC1>GAR1 1r", "LW-T2")  # five tokens moved: its lift is spent


def test_LW_T2_tokens_go_only_into_open_boxes_and_no_farther_than_the_sp():
    s = empty()
    s = put(s, "DFSP1", "D9", (1, 1, 2, 0))  # a platoon: 3 links
    s = put(s, "DAR1", "D8", (1, 2, 2, 0))
    s = put(s, "DAR2", "D5", (0, 0, 0, 0))  # 4 links away
    s = transport(s)
    refused(s, "Delta", "DFSP1>DAR1 1a")  # its two ammunition boxes are full
    refused(s, "Delta", "DFSP1>DAR2 1a")
    s, _ = play(s, "Delta", "DFSP1>DAR1")  # top up: the one missing fuel
    assert unit(s, "DAR1").tokens == (1, 3, 2, 0) and unit(s, "DFSP1").tokens == (1, 0, 2, 0)


def test_LW_T3_tokens_dropped_beside_a_full_unit_are_lost_at_the_reset():
    s = empty()
    s = put(s, "DFSP1", "D9", (1, 1, 2, 0))
    s = put(s, "DAR1", "D8", (1, 3, 2, 0))
    s = transport(s)
    s, _ = play(s, "Delta", "DFSP1>D8 2a")
    assert s.drops == ((s.cfg.index["D8"], "Delta", (0, 0, 2, 0)),)
    s = at_phase(s, "reset")
    assert s.drops == ()


def test_LW_T4_move_and_resupply_costs_a_fuel_token_then_carries():
    s = empty()
    s = put(s, "DFSP1", "D10", (1, 2, 1, 0))
    s = put(s, "DAR1", "D7", (1, 0, 2, 0))
    s = transport(s)
    s, _ = play(s, "Delta", "DFSP1-D9")
    assert unit(s, "DFSP1").tokens == (1, 1, 1, 0)
    refused(s, "Delta", "DFSP1-D8", "LW-T1")  # one method, one move a turn
    s, _ = play(s, "Delta", "DFSP1>DAR1 1f")
    assert unit(s, "DAR1").tokens == (1, 1, 2, 0)


def test_LW_T6_a_displaced_unit_neither_gives_nor_takes_supplies():
    s = empty()
    s = put(s, "DFSP1", "D9", (1, 1, 2, 0))
    s = put(s, "DFSP2", "D10", (1, 1, 2, 0))
    s = transport(s)
    s, _ = play(s, "Delta", "DFSP1 displace")
    refused(s, "Delta", "DFSP1>DFSP2 1a", "LW-T6")
    refused(s, "Delta", "DFSP2>DFSP1 1a")
    s = at_phase(s, "reset")
    assert not unit(s, "DFSP1").displaced


def test_LW_T7_combat_units_cross_level_food_and_fuel_ammunition_only_with_their_own_type():
    s = empty()
    s = put(s, "DAR1", "J10", (1, 3, 2, 0))
    s = put(s, "DMI1", "J10", (1, 1, 0, 0))
    s = put(s, "DAR2", "J10", (1, 3, 1, 0))
    s = put(s, "DAR3", "J10", (1, 3, 2, 0))
    s = transport(s)
    refused(s, "Delta", "xl DAR1>DMI1 1a", "LW-T7")
    s, _ = play(s, "Delta", "xl DAR1>DMI1 1f")
    refused(s, "Delta", "xl DAR1>DAR2 1a", "LW-T7")  # each unit once a turn
    s, _ = play(s, "Delta", "xl DAR3>DAR2 1a")
    assert unit(s, "DMI1").tokens == (1, 2, 0, 0) and unit(s, "DAR2").tokens == (1, 3, 2, 0)
    assert unit(s, "DAR1").tokens == (1, 2, 2, 0) and unit(s, "DAR3").tokens == (1, 3, 1, 0)


def test_LW_T7_cross_levelling_only_on_a_port():
    s = empty()
    s = put(s, "DAR1", "D8", (1, 3, 2, 0))
    s = transport(s)
    refused(s, "Delta", "xl DAR1>DAR2 1a", "LW-T7")


def test_LW_secret_the_other_side_sees_transport_only_when_both_are_done():
    s = empty()
    s = put(s, "DFSP1", "D10", (1, 2, 1, 0))
    s = put(s, "GFSC1", "D2", (2, 4, 4, 0))
    s = transport(s)
    before = RULES.view(s, "Gamma")
    s, _ = play(s, "Delta", "DFSP1-D9")
    assert RULES.view(s, "Gamma") == before
    s, _ = play(s, "Delta", "pass")
    s, _ = play(s, "Gamma", "pass")
    assert any(p.space == "D9" for p in RULES.view(s, "Gamma").pieces)


def test_LW_T8_transport_supplies_has_a_five_minute_timer():
    s = transport(empty())
    assert RULES.time_limit(s, "Delta") == 300
    assert RULES.time_limit(at_phase(empty(), "orders"), "Delta") is None


def test_LW_F1_food_on_turn_3_a_unit_without_food_is_degraded_and_then_loses_a_step():
    s = empty()
    s = put(s, "DAR1", "D8", (0, 3, 2, 0))
    s = put(s, "DAR2", "D9", (1, 3, 2, 0))
    s = evolve(s, flow=evolve(s.flow, round=3))
    s = at_phase(s, "reset")
    assert unit(s, "DAR1").degraded and unit(s, "DAR2").tokens == (0, 3, 2, 0)
    s = evolve(s, flow=evolve(s.flow, round=6))
    s = at_phase(s, "reset")
    assert unit(s, "DAR1").lost == 1 and unit(s, "DAR2").degraded


def test_LW_R18_food_reaching_a_degraded_unit_is_eaten_and_lifts_degradation():
    s = empty()
    s = put(s, "DFSP1", "D9", (1, 1, 2, 0))
    s = put(s, "DAR1", "D8", (0, 3, 2, 0), degraded=True)
    s = transport(s)
    s, _ = play(s, "Delta", "DFSP1>DAR1 1r")
    assert not unit(s, "DAR1").degraded and unit(s, "DAR1").tokens == (0, 3, 2, 0)


def test_LW_O2_the_reserve_holds_at_most_four_cards_and_orders_stay_secret():
    s = at_phase(start(), "orders")
    before = RULES.view(s, "Gamma")
    for label in ("DAR1", "DAR2", "DAR3", "DAR4"):
        s, _ = play(s, "Delta", f"r {label}")
    refused(s, "Delta", "r DAR5", "LW-O2")
    assert RULES.view(s, "Gamma") == before
    assert ("DAR1", "DAR2", "DAR3", "DAR4") in RULES.secrets(s, "Delta")


def test_LW_O3_a_degraded_unit_gets_no_order():
    s = start()
    s = put(s, "DAR1", "D8", (0, 3, 2, 0), degraded=True)
    s = at_phase(s, "orders")
    refused(s, "Delta", "x DAR1", "LW-O3")


def test_LW_E7_reserve_cards_once_both_execution_decks_are_spent_one_more_each():
    s = empty()
    s = put(s, "DAR1", "D9", (1, 3, 2, 0))
    s = put(s, "DAR2", "E10", (1, 3, 2, 0))
    s = put(s, "GAR1", "D2", (1, 3, 2, 0))
    s = at_execute(s, reserve={"Delta": ("DAR1", "DAR2"), "Gamma": ("GAR1",)})
    s, _ = play(s, "Delta", "DAR1 hold")
    assert s.book("Delta").final
    refused(s, "Gamma", "DAR2 hold")
    s, _ = play(s, "Gamma", "pass")
    assert s.flow.phase != "execute"


def test_LW_E1_a_card_not_on_top_cannot_be_played():
    s = empty()
    s = put(s, "DAR1", "D9", (1, 3, 2, 0))
    s = put(s, "DAR2", "E10", (1, 3, 2, 0))
    s = at_execute(s, execution={"Delta": ("DAR1", "DAR2")})
    refused(s, "Delta", "DAR2 hold", "LW-E1")
    refused(s, "Delta", "pass", "LW-E7")


def test_LW_V1_all_four_ports_held_through_a_whole_turn_wins():
    from toolkit.referee.rulesets.lines_and_webs.units import claim
    s = empty()
    for k in range(len(s.ports)):
        s = claim(s, k, "Delta")
    assert s.held_all[0] == 1
    s = at_phase(s, "reset")
    assert RULES.outcome(s) is None
    s = evolve(s, flow=evolve(s.flow, round=2))
    s = at_phase(s, "reset")
    assert RULES.outcome(s).winner == "Delta" and RULES.outcome(s).rule == "LW-V1"


def test_LW_V3_after_turn_fifteen_ports_then_combat_power_both_in_the_outcome():
    s = empty()
    s = put(s, "DAR1", "D9", (1, 3, 2, 0))
    s = put(s, "GMI1", "D2", (1, 2, 2, 0))
    s = evolve(s, flow=evolve(s.flow, round=15))
    s = at_phase(s, "reset")
    out = RULES.outcome(s)
    assert out.winner == "Delta" and out.rule == "LW-V3"
    assert dict(out.scores) == {"Delta": 2, "Gamma": 2}
    assert "combat power Delta 4, Gamma 3" in out.reason


def test_LW_R08_a_damaged_port_stores_less():
    from toolkit.referee.rulesets.lines_and_webs.delivery import port_space
    s = empty()
    assert port_space(s, s.cfg.index["J10"]) == 20
    s = with_port(s, s.cfg.index["J10"], damage=1)
    assert port_space(s, s.cfg.index["J10"]) == 15
    s = with_port(s, s.cfg.index["J10"], damage=4)
    assert port_space(s, s.cfg.index["J10"]) == 0


def test_LW_capacity_one_unit_a_node_four_on_a_seaport():
    s = empty()
    s = put(s, "DAR1", "D9", (1, 3, 2, 0))
    s = put(s, "DAR2", "D7", (1, 3, 2, 0))
    s = at_execute(s, execution={"Delta": ("DAR1",)})
    refused(s, "Delta", "DAR1-D7")
    moves = [str(m) for m in game.legal_moves(RULES, s, "Delta")]
    assert "DAR1-D8" in moves and "DAR1-D7" not in moves


def test_LW_R24_opposing_units_that_end_transport_on_one_node_both_turn_back():
    s = empty()
    s = put(s, "DFSP1", "D8", (1, 2, 1, 0))
    s = put(s, "GFSC1", "D4", (2, 4, 4, 0))
    s = transport(s)
    s, _ = play(s, "Delta", "DFSP1-D6")
    s, _ = play(s, "Gamma", "GFSC1-D6")
    s, _ = play(s, "Delta", "pass")
    s, events = play(s, "Gamma", "pass")
    assert s.cfg.names[unit(s, "DFSP1").node] == "D8" and s.cfg.names[unit(s, "GFSC1").node] == "D4"
    assert unit(s, "DFSP1").tokens == (1, 1, 1, 0)  # the fuel stays spent
    assert any("turns back" in e.text for e in events)


def _setup_problems(old: str, new: str) -> list[tuple[int, str, str | None]]:
    path = Path(__file__).resolve().parents[1] / "content" / "lines_and_webs" / "lines_and_webs.scn"
    text = path.read_text()
    assert old in text
    text = text.replace(old, new, 1)
    return [(d.line, d.message, d.hint) for d in problems(dsl.loads(text, str(path)))
            if d.severity == "error"]


def test_LW_R10_a_misspelt_starting_package_is_an_error_where_written():
    """The package is read from the setup field named after the first queue space: a
    misspelt one started the side with no package and checked clean."""
    found = _setup_problems("packaging_rsoi { aerial", "packaging_rosi { aerial")
    assert len(found) == 1
    assert "reads no field 'packaging_rosi'" in found[0][1] and "LW-R10" in found[0][1]
    assert found[0][2] == "did you mean 'packaging_rsoi'?"


def test_LW_R10_a_setup_names_a_special_deck_that_exists():
    found = _setup_problems("special_deck special", "special_deck specal")
    assert [(m, h) for _, m, h in found] == [("setup Delta: special_deck: no deck specal",
                                              "did you mean 'special'?")]


def test_LW_R10_with_no_delivery_queue_a_package_field_is_a_warning_not_an_error():
    path = Path(__file__).resolve().parents[1] / "content" / "lines_and_webs" / "lines_and_webs.scn"
    text = path.read_text().replace("delivery_queue [packaging_rsoi, in_transit]", "delivery_queue []", 1)
    found = [(d.severity, d.message) for d in problems(dsl.loads(text, str(path)))]
    assert ("warning", "setup Delta: packaging_rsoi is not read: with no delivery queue a side "
                       "starts with no package (LW-R10)") in found
    assert not [m for sev, m in found if sev == "error"]
