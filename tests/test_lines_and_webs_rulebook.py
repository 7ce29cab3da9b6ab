"""Lines and Webs rulebook cases, one per rule statement of the source text
(/work/shared/rules/lines-and-webs.txt), written from the text and the rulings
(content/lines_and_webs/rulings.md), not from the ruleset's code. Positions are the
scenario plus moves in notation, with dice typed in; where a case needs a position
that play would take many turns to reach, units are stood on the map with the cubes
the case names (tests/lines_and_webs_cases.py).

Token tuples read (food CL I, fuel CL III, ammunition CL V, orange)."""

from __future__ import annotations

from toolkit.referee import game
from toolkit.referee.chance import ChanceOutcome
from toolkit.referee.kit.flow import Flow
from toolkit.referee.kit.values import evolve
from toolkit.referee.protocol import Illegal
from tests.lines_and_webs_cases import (
    RULES, at_execute, at_phase, empty, play, put, refused, roll, start, unit)
from toolkit.referee.rulesets.lines_and_webs.state import with_book, with_port

COMBAT = (1, 2, 2, 0)  # a mechanized infantry company's basic load
ARMOR = (1, 3, 2, 0)


# ------------------------------------------------------------------ helpers


def node(s, name):
    return s.cfg.index[name]


def where(s, label):
    u = unit(s, label)
    return s.cfg.names[u.node] if u.alive else None


def port(s, name):
    return s.port(node(s, name))


def all_pass(s):
    """Every side still to act in the current concurrent phase passes."""
    for side in RULES.decision(s).players:
        s, _ = play(s, side, "pass")
    return s


def until_phase(s, phase, initiative=(9, 3)):
    """Play on (everyone passing, the initiative dice as given) until `phase` begins."""
    for _ in range(60):
        if s.flow.phase == phase:
            return s
        d = RULES.decision(s)
        if d.chance is not None:
            s = roll(s, *initiative)
        else:
            s = all_pass(s)
    raise AssertionError(f"never reached {phase}")


def legal(s, side):
    return [str(m) for m in game.legal_moves(RULES, s, side)]


def at_turn(s, turn):
    return evolve(s, flow=evolve(s.flow, round=turn))


def transport(s):
    return at_phase(s, "transport")


def busy(s):
    """Give each side one more card far from the action (GAR5 on K1, DAR5 on A11), so
    the execute phase does not end, and its reset clear suppression, before a case
    has looked at the result."""
    s = put(s, "GAR5", "K1", ARMOR)
    s = put(s, "DAR5", "A11", ARMOR)
    for side, label in (("Delta", "DAR5"), ("Gamma", "GAR5")):
        b = s.book(side)
        s = with_book(s, side, execution=b.execution + (label,))
    return s


def fight(att="DMI1", att_at="D7", dfn="GMI1", dfn_at="D6", att_tokens=COMBAT,
          dfn_tokens=COMBAT, s=None):
    s = s or empty()
    s = put(s, att, att_at, att_tokens)
    s = put(s, dfn, dfn_at, dfn_tokens)
    return at_execute(s, execution={"Delta": (att,), "Gamma": (dfn,)})


# --------------------------------------------------------- the map: links


def test_units_move_only_along_links():
    # E7 and E5 are two hexes apart across the lake E6, but three links apart
    # (E7-D6-D5-E5): an air defense company (movement 2) cannot get there
    s = empty()
    s = put(s, "DAD1", "E7", (1, 2, 1, 0))
    s = at_execute(s, execution={"Delta": ("DAD1",)})
    refused(s, "Delta", "DAD1-E5")
    s2, _ = play(s, "Delta", "DAD1-D5")  # two links
    assert where(s2, "DAD1") == "D5"


def test_movement_is_limited_to_the_units_movement_in_links():
    s = empty()
    s = put(s, "DMI1", "D10", COMBAT)  # mechanized infantry moves 3 links
    s = at_execute(s, execution={"Delta": ("DMI1",)})
    s2, _ = play(s, "Delta", "DMI1-D7")  # D10 D9 D8 D7: three links
    assert where(s2, "DMI1") == "D7"
    refused(s, "Delta", "DMI1-D6")  # four links down the column


def test_a_river_with_no_crossing_link_stops_movement_and_combat():
    s = empty()
    s = put(s, "DMI1", "B6", COMBAT)
    s = put(s, "GMI1", "B5", COMBAT)
    s = at_execute(s, execution={"Delta": ("DMI1",)})
    refused(s, "Delta", "DMI1xB5")
    refused(s, "Delta", "DMI1-B5")
    # not in contact across the river: free to move away
    s2, _ = play(s, "Delta", "DMI1-B7")
    assert where(s2, "DMI1") == "B7"


def test_a_link_across_a_river_is_a_bridge_for_movement_and_combat():
    s = empty()
    s = put(s, "DMI1", "D6", COMBAT)  # D5-D6 crosses the river
    s = at_execute(s, execution={"Delta": ("DMI1",)})
    s2, _ = play(s, "Delta", "DMI1-D5")
    assert where(s2, "DMI1") == "D5"
    s = put(s, "GMI1", "D5", COMBAT)
    assert legal(s, "Delta") == ["DMI1xD5"]


def test_a_river_does_not_stop_field_artillery_firing_from_afar():
    s = empty()
    s = put(s, "DFA1", "B7", (1, 2, 3, 0))
    s = put(s, "GMI1", "B5", COMBAT)  # across the western river, no link B6-B5
    s = busy(at_execute(s, execution={"Delta": ("DFA1",)}))
    s, _ = play(s, "Delta", "DFA1 fire B5 1")
    s = roll(s, 7)
    assert unit(s, "GMI1").suppressed


def test_lakes_are_impassable():
    s = empty()
    s = put(s, "DMI1", "E7", COMBAT)  # E6 is a lake
    s = at_execute(s, execution={"Delta": ("DMI1",)})
    refused(s, "Delta", "DMI1-E6")
    assert not any(m.startswith("DMI1-E6") for m in legal(s, "Delta"))


def test_artillery_fires_over_a_lake_counting_the_lake_in_its_range():
    s = empty()
    s = put(s, "DFA1", "E7", (1, 2, 3, 0))
    s = put(s, "GMI1", "E5", COMBAT)  # E6, a lake, lies between: two hexes
    s = at_execute(s, execution={"Delta": ("DFA1",)})
    assert "DFA1 fire E5 1" in legal(s, "Delta")
    s, _ = play(s, "Delta", "DFA1 fire E5 2")
    assert unit(s, "DFA1").tokens == (1, 2, 1, 0)


def test_oceans_are_impassable_and_cannot_be_fired_over():
    s = empty()
    s = put(s, "GFA1", "G11", (1, 2, 3, 0))
    s = put(s, "DMI1", "J10", COMBAT)  # the line G11-J10 runs over the ocean at I11
    s = at_execute(s, execution={"Gamma": ("GFA1",)}, first="Gamma")
    refused(s, "Gamma", "GFA1 fire J10 1")
    s = empty()
    s = put(s, "DMI1", "J10", COMBAT)
    s = at_execute(s, execution={"Delta": ("DMI1",)})
    refused(s, "Delta", "DMI1-K10")


# ----------------------------------------------------------- node capacity


def test_a_node_holds_one_unit():
    s = empty()
    s = put(s, "DMI1", "D9", COMBAT)
    s = put(s, "DMI2", "D8", COMBAT)
    s = at_execute(s, execution={"Delta": ("DMI1",)})
    refused(s, "Delta", "DMI1-D8")


def test_a_seaport_holds_four_units_and_no_more():
    s = empty()
    for label in ("DMI2", "DMI3", "DMI4"):
        s = put(s, label, "J10", COMBAT)
    s = put(s, "DMI1", "J9", COMBAT)
    s = put(s, "DAR1", "J8", ARMOR)
    s = at_execute(s, execution={"Delta": ("DMI1", "DAR1")})
    s, _ = play(s, "Delta", "DMI1-J10")  # the fourth
    assert where(s, "DMI1") == "J10"
    s = with_book(s, "Delta", execution=("DAR1",))
    s = evolve(s, flow=evolve(s.flow, at=0))
    refused(s, "Delta", "DAR1-J10")  # a fifth


def test_an_airport_holds_three_units_and_no_more():
    s = empty()
    for label in ("DMI2", "DMI3"):
        s = put(s, label, "B8", COMBAT)
    s = put(s, "DMI1", "B9", COMBAT)
    s = put(s, "DMI4", "C9", COMBAT)
    s = at_execute(s, execution={"Delta": ("DMI1",)})
    s2, _ = play(s, "Delta", "DMI1-B8")  # the third
    assert where(s2, "DMI1") == "B8"
    s = put(s, "DMI1", "B8", COMBAT)
    s = at_execute(s, execution={"Delta": ("DMI4",)})
    refused(s, "Delta", "DMI4-B8")  # a fourth


# ------------------------------------------------- deploy and the queue


def test_the_aerial_port_squadron_and_twelve_tokens_start_in_the_queue_and_land_on_turn_two():
    s = start()
    assert s.turn == 1
    aps = [u for u in s.units if u.side == "Delta" and u.kind == "aerial_port_squadron"][0]
    assert not aps.alive  # still at sea on turn 1
    s = until_phase(until_phase(s, "transport"), "spend")
    assert s.turn == 2
    aps = s.units[aps.uid]
    assert where(s, aps.label) == "B8"  # Delta's airport, opened by its squadron
    assert port(s, "J10").tokens == (4, 4, 4, 0)  # supplies land at the seaport


def test_a_bought_unit_lands_at_the_seaport_two_deploys_later_with_a_full_basic_load():
    s = start()
    s, _ = play(s, "Delta", "buy armor")
    s = all_pass(s)
    assert s.flow.phase == "transport"
    s = until_phase(s, "spend")  # turn 2: it is in transit
    assert s.turn == 2
    bought = [u for u in s.units if u.side == "Delta" and u.kind == "armor"
              and u.label not in ("DAR1", "DAR2", "DAR3", "DAR4", "DAR5")]
    assert all(not u.alive for u in bought)
    s = until_phase(until_phase(s, "transport"), "spend")  # turn 3
    assert s.turn == 3
    landed = [u for u in s.units if u.side == "Delta" and u.kind == "armor" and u.alive
              and s.cfg.names[u.node] == "J10"]
    assert len(landed) == 1
    assert landed[0].tokens == ARMOR and landed[0].lost == 0


def test_a_port_receives_no_supplies_beyond_its_storage():
    # the seaport stores 20 tokens (LW-R08): 12 starting tokens land on turn 2,
    # 25 fuel bought on turn 1 arrive on turn 3: only 8 fit, the rest wait offshore
    s = start()
    s, _ = play(s, "Delta", "buy 25f")
    s = all_pass(s)
    s = until_phase(s, "spend")
    s = until_phase(until_phase(s, "transport"), "spend")
    assert s.turn == 3
    assert port(s, "J10").tokens == (4, 12, 4, 0)
    assert sum(s.book("Delta").queue[-1][1]) == 17


def test_a_port_receives_no_units_beyond_its_capacity():
    s = empty()
    for label in ("DMI1", "DMI2", "DMI3", "DMI4"):
        s = put(s, label, "J10", COMBAT)
    s, _ = play(s, "Delta", "buy armor")
    s = all_pass(s)
    s = until_phase(until_phase(until_phase(s, "spend"), "transport"), "spend")
    assert s.turn == 3
    assert sum(1 for u in s.units if u.alive and where(s, u.label) == "J10") == 4
    waiting = s.book("Delta").queue[-1][0]
    assert [s.units[i].kind for i in waiting] == ["armor"]


# --------------------------------------------------------- spending


def test_each_side_gets_25_rp_a_turn():
    s = start()
    assert s.book("Delta").rp == 25 and s.book("Gamma").rp == 25
    refused(s, "Delta", "buy 26f")
    s, _ = play(s, "Delta", "buy 25f")
    assert s.book("Delta").rp == 0
    refused(s, "Delta", "buy 1a")


def test_unspent_rp_do_not_roll_over():
    s = start()
    s, _ = play(s, "Delta", "buy 5r")  # 20 left unspent
    s = all_pass(s)
    s = until_phase(until_phase(s, "transport"), "spend")
    assert s.turn == 2
    assert s.book("Delta").rp == 25
    refused(s, "Delta", "buy 26a")


def test_units_cost_their_rp_and_tokens_one_each():
    s = start()
    s, _ = play(s, "Delta", "buy armor")  # 10 RP (LW-R05)
    s, _ = play(s, "Delta", "buy 3a")
    assert s.book("Delta").rp == 25 - 10 - 3
    s, _ = play(s, "Gamma", "buy mech_infantry")  # 8 RP
    assert s.book("Gamma").rp == 17


def test_without_an_aerial_port_squadron_only_supplies_fly_to_the_airport_at_two_rp_each():
    s = start()  # turn 1: the squadron is still at sea
    s, _ = play(s, "Delta", "fly 3f")
    assert s.book("Delta").rp == 25 - 6
    refused(s, "Delta", "fly armor")
    s = all_pass(s)
    assert port(s, "B8").tokens == (0, 3, 0, 0)  # at the airport at once, no queue


def test_with_an_aerial_port_squadron_units_and_supplies_fly_in_at_their_plain_cost():
    s = start()
    aps = [u for u in s.units if u.side == "Delta" and u.kind == "aerial_port_squadron"][0]
    s = put(s, aps.label, "B8", (1, 2, 0, 0))
    s, _ = play(s, "Delta", "fly armor")
    s, _ = play(s, "Delta", "fly 3f")
    assert s.book("Delta").rp == 25 - 10 - 3
    s = all_pass(s)
    flown = [u for u in s.units if u.side == "Delta" and u.kind == "armor" and u.alive
             and where(s, u.label) == "B8"]
    assert len(flown) == 1 and flown[0].tokens == ARMOR
    assert port(s, "B8").tokens == (0, 3, 0, 0)


def test_the_squadron_controls_the_airport_only_while_it_stands_on_it():
    s = start()
    aps = [u for u in s.units if u.side == "Delta" and u.kind == "aerial_port_squadron"][0]
    s = put(s, aps.label, "B9", (1, 2, 0, 0))  # next to the airport, not on it
    refused(s, "Delta", "fly armor")
    s, _ = play(s, "Delta", "fly 2f")
    assert s.book("Delta").rp == 21  # the airlift price, 2 RP a token


def test_flown_units_do_not_exceed_the_airports_capacity():
    s = start()
    aps = [u for u in s.units if u.side == "Delta" and u.kind == "aerial_port_squadron"][0]
    s = put(s, aps.label, "B8", (1, 2, 0, 0))
    s = put(s, "DMI1", "B8", COMBAT)  # two of three places taken
    s, _ = play(s, "Delta", "fly engineer")
    refused(s, "Delta", "fly engineer")


# --------------------------------------------------------- transport


def test_an_fsc_moves_five_tokens_each_up_to_five_links():
    # Gamma's forward support company: 10 boxes, carries 5, SP 5 (the source's example)
    s = empty()
    s = put(s, "GFSC1", "D1", (3, 4, 3, 0))
    s = put(s, "GAR1", "D6", (0, 0, 0, 0))  # five links down the D column
    s = put(s, "GMI1", "D7", (0, 0, 0, 0))  # six links
    s = transport(s)
    refused(s, "Gamma", "GFSC1>GMI1 1f")
    s, _ = play(s, "Gamma", "GFSC1>GAR1 3f")
    s, _ = play(s, "Gamma", "GFSC1>GAR1 2a")
    assert unit(s, "GAR1").tokens == (0, 3, 2, 0)
    assert unit(s, "GFSC1").tokens == (3, 1, 1, 0)
    refused(s, "Gamma", "GFSC1>GAR1 1r")  # five tokens moved: its lift is spent


def test_moving_supplies_may_serve_several_units_within_the_lift():
    s = empty()
    s = put(s, "GFSC1", "D3", (3, 4, 3, 0))  # lift 5
    s = put(s, "GAR1", "D4", (1, 0, 1, 0))
    s = put(s, "GMI1", "E4", (1, 0, 2, 0))
    s = transport(s)
    s, _ = play(s, "Gamma", "GFSC1>GAR1 2f")
    s, _ = play(s, "Gamma", "GFSC1>GMI1 2f")
    s, _ = play(s, "Gamma", "GFSC1>GAR1 1a")
    assert unit(s, "GAR1").tokens == (1, 2, 2, 0) and unit(s, "GMI1").tokens == (1, 2, 2, 0)
    assert unit(s, "GFSC1").tokens == (3, 0, 2, 0)
    assert not any(m.startswith("GFSC1") for m in legal(s, "Gamma"))  # lift spent


def test_supplies_go_only_into_open_storage_boxes():
    s = empty()
    s = put(s, "GFSC1", "D3", (3, 4, 3, 0))
    s = put(s, "GMI1", "D5", (1, 2, 2, 0))  # 5 boxes, all full
    s = put(s, "GAR1", "D4", (1, 3, 1, 0))  # 6 boxes, one open
    s = transport(s)
    refused(s, "Gamma", "GFSC1>GAR1 2a")
    s, _ = play(s, "Gamma", "GFSC1>GAR1 1a")
    assert unit(s, "GAR1").tokens == (1, 3, 2, 0)


def test_tokens_that_find_no_open_box_are_dropped_on_the_node_three_at_most():
    s = empty()
    s = put(s, "GFSC1", "D3", (3, 4, 3, 0))
    s = put(s, "GMI1", "D5", (1, 2, 2, 0))  # full
    s = transport(s)
    s, _ = play(s, "Gamma", "GFSC1>D5 3f")
    assert (node(s, "D5"), "Gamma", (0, 3, 0, 0)) in s.drops
    refused(s, "Gamma", "GFSC1>D5 1f")  # a fourth


def test_dropped_tokens_not_picked_up_are_lost_at_the_turns_end():
    s = empty()
    s = put(s, "GFSC1", "D3", (3, 4, 3, 0))
    s = put(s, "GMI1", "D5", (1, 2, 2, 0))
    s = transport(s)
    s, _ = play(s, "Gamma", "GFSC1>D5 2f")
    s = until_phase(s, "spend")
    assert s.turn == 2 and s.drops == ()
    assert unit(s, "GMI1").tokens == (1, 2, 2, 0)
    assert unit(s, "GFSC1").tokens == (3, 2, 3, 0)


def test_dropped_tokens_stay_on_the_node_and_a_unit_moving_there_picks_them_up():
    # GMI1 is full, so the fuel is dropped on D5; GMI1 moves away without it, and GMI2,
    # with an open box, moves onto D5 in Execute orders and loads it before the reset
    s = empty()
    s = put(s, "GFSC1", "D3", (3, 4, 3, 0))
    s = put(s, "GMI1", "D5", (1, 2, 2, 0))
    s = put(s, "GMI2", "C5", (1, 1, 2, 0))
    s = transport(s)
    s, _ = play(s, "Gamma", "GFSC1>D5 1f")
    s = all_pass(s)
    s = until_phase(s, "orders")
    s, _ = play(s, "Gamma", "x GMI1")
    s, _ = play(s, "Gamma", "x GMI2")
    s = all_pass(s)
    s = roll(s, 3, 9)  # Gamma first
    s, _ = play(s, "Gamma", "GMI1-E5")
    assert unit(s, "GMI1").tokens == (1, 1, 2, 0)
    s, _ = play(s, "Delta", "pass")  # Delta holds no card
    s, _ = play(s, "Gamma", "GMI2-D5")
    assert unit(s, "GMI2").tokens == (1, 1, 2, 0)  # paid one fuel, picked one up
    assert s.drops == ()


def test_dropped_tokens_are_loaded_at_the_turns_end_by_a_unit_there_with_room():
    # GMI1 was full, so the fuel went on its node; its order's fuel opens a box, and by
    # the end of the turn it has picked the dropped token up (LW-R23)
    s = empty()
    s = put(s, "GFSC1", "D3", (3, 4, 3, 0))
    s = put(s, "GMI1", "D5", (1, 2, 2, 0))
    s = transport(s)
    s, _ = play(s, "Gamma", "GFSC1>D5 1f")
    s = all_pass(s)
    s = until_phase(s, "orders")
    s, _ = play(s, "Gamma", "x GMI1")
    s = all_pass(s)
    s = roll(s, 3, 9)
    s, _ = play(s, "Gamma", "GMI1 hold")
    assert unit(s, "GMI1").tokens == (1, 2, 2, 0) and s.drops == ()
    assert s.turn == 2


def test_move_and_resupply_costs_one_fuel_and_moves_within_movement_first():
    s = empty()
    s = put(s, "GFSC1", "D1", (3, 4, 3, 0))  # movement 3
    s = put(s, "GMI1", "D9", (1, 0, 2, 0))
    s = transport(s)
    refused(s, "Gamma", "GFSC1-D5")  # four links
    s, _ = play(s, "Gamma", "GFSC1-D4")
    assert unit(s, "GFSC1").tokens == (3, 3, 3, 0) and where(s, "GFSC1") == "D4"
    s, _ = play(s, "Gamma", "GFSC1>GMI1 2f")  # D4 to D9: five links
    assert unit(s, "GMI1").tokens == (1, 2, 2, 0)


def test_each_sustainment_unit_uses_one_method_a_turn():
    s = empty()
    s = put(s, "GFSC1", "D1", (3, 4, 3, 0))
    s = put(s, "GMI1", "D4", (1, 0, 2, 0))
    s = transport(s)
    s2, _ = play(s, "Gamma", "GFSC1>GMI1 1f")  # move supplies ...
    refused(s2, "Gamma", "GFSC1-D2")  # ... so no move afterwards
    refused(s2, "Gamma", "GFSC1 displace")
    s3, _ = play(s, "Gamma", "GFSC1 displace")
    refused(s3, "Gamma", "GFSC1>GMI1 1f")
    refused(s3, "Gamma", "GFSC1-D2")


def test_a_displaced_unit_neither_gives_nor_receives_supplies_and_spends_no_fuel():
    s = empty()
    s = put(s, "GFSC1", "D1", (3, 4, 3, 0))
    s = put(s, "GFSC2", "D3", (3, 4, 3, 0))
    s = transport(s)
    s, _ = play(s, "Gamma", "GFSC2 displace")
    assert unit(s, "GFSC2").displaced and unit(s, "GFSC2").tokens == (3, 4, 3, 0)
    assert not any(m.startswith("GFSC1>GFSC2") for m in legal(s, "Gamma"))


def test_a_displaced_unit_cannot_be_targeted_by_fires_and_turns_face_up_at_the_reset():
    s = empty()
    s = put(s, "GFSC1", "E5", (3, 4, 3, 0))
    s = put(s, "DFA1", "E7", (1, 2, 3, 0))
    s = transport(s)
    s, _ = play(s, "Gamma", "GFSC1 displace")
    s = all_pass(s)
    s = until_phase(s, "orders")
    s, _ = play(s, "Delta", "x DFA1")
    s = all_pass(s)
    s = roll(s, 9, 3)
    refused(s, "Delta", "DFA1 fire E5 1")
    s, _ = play(s, "Delta", "DFA1 hold")
    s = until_phase(s, "spend")
    assert not unit(s, "GFSC1").displaced


def test_combat_units_do_not_transport_supplies():
    s = empty()
    s = put(s, "GAR1", "D3", (1, 3, 2, 0))
    s = put(s, "GMI1", "D4", (1, 0, 2, 0))
    s = transport(s)
    refused(s, "Gamma", "GAR1>GMI1 1f")


def test_cross_levelling_only_on_a_seaport_or_airport():
    s = empty()
    s = put(s, "GFSC1", "B1", (3, 4, 3, 0))
    s = put(s, "GAR1", "B1", (1, 1, 2, 0))
    s = put(s, "GFSC2", "D3", (3, 4, 3, 0))
    s = put(s, "GAR2", "D3", (1, 1, 2, 0))  # not possible in play; a plain node anyway
    s = transport(s)
    s2, _ = play(s, "Gamma", "xl GFSC1>GAR1 2f")
    assert unit(s2, "GAR1").tokens == (1, 3, 2, 0)
    refused(s, "Gamma", "xl GFSC2>GAR2 1f")


def test_combat_units_cross_level_food_and_fuel_and_ammunition_only_between_the_same_type():
    s = empty()
    s = put(s, "GAR1", "B1", (1, 2, 2, 0))
    s = put(s, "GMI1", "B1", (0, 1, 0, 0))
    s = put(s, "GAR2", "B1", (1, 3, 0, 0))
    s = transport(s)
    s2, _ = play(s, "Gamma", "xl GAR1>GMI1 1r")
    assert unit(s2, "GMI1").tokens == (1, 1, 0, 0)
    s2, _ = play(s, "Gamma", "xl GAR1>GMI1 1f")
    assert unit(s2, "GMI1").tokens == (0, 2, 0, 0)
    refused(s, "Gamma", "xl GAR1>GMI1 1a")  # armor and infantry: no ammunition
    s2, _ = play(s, "Gamma", "xl GAR1>GAR2 1a")  # two armor companies may
    assert unit(s2, "GAR2").tokens == (1, 3, 1, 0)


def test_transport_is_hidden_from_the_other_side_until_both_are_done():
    s = empty()
    s = put(s, "GFSC1", "D1", (3, 4, 3, 0))
    s = put(s, "DFSP1", "D9", (1, 2, 1, 0))
    s = transport(s)
    s, events = play(s, "Gamma", "GFSC1-D4")
    assert not any(e.visible_to("Delta") for e in events)
    seen = RULES.view(s, "Delta")
    assert not any(p.space == "D4" for p in seen.pieces)
    assert any(p.space == "D1" for p in seen.pieces)
    assert any(p.space == "D4" for p in RULES.view(s, "Gamma").pieces)
    s = all_pass(s)
    assert any(p.space == "D4" for p in RULES.view(s, "Delta").pieces)


def test_sustainment_units_of_both_sides_moving_onto_one_node_both_turn_back():
    # LW-R24: secret, simultaneous moves that meet cancel each other
    s = empty()
    s = put(s, "GFSC1", "D2", (3, 4, 3, 0))
    s = put(s, "DFLC1", "D7", (3, 3, 2, 0))
    s = transport(s)
    s, _ = play(s, "Gamma", "GFSC1-D5")
    s, _ = play(s, "Delta", "DFLC1-D5")
    s = all_pass(s)
    assert where(s, "GFSC1") == "D2" and where(s, "DFLC1") == "D7"
    assert unit(s, "GFSC1").tokens == (3, 3, 3, 0)  # the fuel is spent all the same


def test_a_port_defended_by_several_units_is_fought_for_by_its_strongest():
    # LW-R33
    s = empty()
    s = put(s, "GMI1", "J10", COMBAT)
    s = put(s, "GAR1", "J10", ARMOR)
    s = put(s, "DMI1", "J9", COMBAT)
    s = at_execute(s, execution={"Delta": ("DMI1",)})
    s, _ = play(s, "Delta", "DMI1xJ10")
    assert unit(s, "GAR1").tokens == (1, 2, 1, 0) and unit(s, "GMI1").tokens == COMBAT
    assert RULES.decision(s).chance.count == 4


# ----------------------------------------------------------- orders


def orders(s):
    return until_phase(s, "orders")


def test_the_reserve_deck_holds_at_most_four_cards():
    s = orders(start())
    for label in ("DMI1", "DMI2", "DMI3", "DMI4"):
        s, _ = play(s, "Delta", f"r {label}")
    refused(s, "Delta", "r DAR1", "LW-O2")
    s, _ = play(s, "Delta", "x DAR1")
    assert s.book("Delta").execution == ("DAR1",)


def test_only_combat_units_have_mission_order_cards():
    s = orders(start())
    refused(s, "Delta", "x DFSP1")
    refused(s, "Delta", "x GMI1")  # not yours


def test_a_card_in_the_execution_deck_needs_a_fuel_token_artillery_fuel_or_ammunition():
    s = empty()
    s = put(s, "DMI1", "D9", (1, 0, 2, 0))
    s = put(s, "DFA1", "E9", (1, 0, 3, 0))
    s = at_phase(s, "orders")
    refused(s, "Delta", "x DMI1")
    s, _ = play(s, "Delta", "x DFA1")


def test_every_unit_turned_over_from_the_execution_deck_spends_a_fuel_even_standing_still():
    s = empty()
    s = put(s, "DMI1", "D9", COMBAT)
    s = at_execute(s, execution={"Delta": ("DMI1",)})
    s, _ = play(s, "Delta", "DMI1 hold")
    assert unit(s, "DMI1").tokens == (1, 1, 2, 0)


def test_out_of_play_units_do_not_act_this_turn():
    s = empty()
    s = put(s, "DMI1", "D9", COMBAT)
    s = put(s, "DMI2", "C9", COMBAT)
    s = at_execute(s, execution={"Delta": ("DMI1",)})
    refused(s, "Delta", "DMI2-C10")


def test_the_decks_are_secret_from_the_other_side():
    s = orders(start())
    s, events = play(s, "Delta", "x DAR1")
    assert not any(e.visible_to("Gamma") for e in events)
    theirs = {(p.owner, p.name): p for p in RULES.view(s, "Gamma").piles}
    assert theirs["Delta", "execution deck"].cards is None
    assert theirs["Delta", "execution deck"].count is None  # not even how many, while secret
    mine = {(p.owner, p.name): p for p in RULES.view(s, "Delta").piles}
    assert mine["Delta", "execution deck"].cards == ("DAR1",)
    assert ("DAR1",) in game.secrets(RULES, s, "Delta")


# ------------------------------------------------- initiative, alternation


def test_the_higher_initiative_roll_acts_first_and_a_tie_is_rolled_again():
    s = orders(start())
    s, _ = play(s, "Delta", "x DMI1")
    s, _ = play(s, "Gamma", "x GMI1")
    s = all_pass(s)
    tied, events = game.play(RULES, s, "chance", ChanceOutcome((5, 5)))
    assert [e.text for e in events] == ["both roll 5: roll again"]  # a line in the log
    s = roll(s, 5, 5)
    assert s.flow.phase == "initiative"
    s = roll(s, 4, 11)
    assert s.flow.phase == "execute"
    assert RULES.decision(s).players == ("Gamma",)


def test_sides_alternate_turning_over_cards_initiative_first():
    s = empty()
    s = put(s, "DMI1", "D9", COMBAT)
    s = put(s, "DMI2", "C9", COMBAT)
    s = put(s, "GMI1", "D2", COMBAT)
    s = put(s, "GMI2", "E2", COMBAT)
    s = at_execute(s, execution={"Delta": ("DMI1", "DMI2"), "Gamma": ("GMI1", "GMI2")},
                   first="Gamma")
    assert RULES.decision(s).players == ("Gamma",)
    s, _ = play(s, "Gamma", "GMI1 hold")
    assert RULES.decision(s).players == ("Delta",)
    refused(s, "Delta", "DMI2 hold")  # the top card is DMI1's
    s, _ = play(s, "Delta", "DMI1 hold")
    assert RULES.decision(s).players == ("Gamma",)


def test_reserve_cards_may_be_played_while_an_execution_deck_still_holds_cards():
    s = empty()
    s = put(s, "DMI1", "D9", COMBAT)
    s = put(s, "DMI2", "C9", COMBAT)
    s = put(s, "GMI1", "D2", COMBAT)
    s = at_execute(s, execution={"Gamma": ("GMI1",)}, reserve={"Delta": ("DMI1", "DMI2")},
                   first="Delta")
    s, _ = play(s, "Delta", "DMI1 hold")  # a reserve card: Gamma still holds an execution card
    assert unit(s, "DMI1").tokens == (1, 1, 2, 0)  # the same fuel as an execution card


def test_once_both_execution_decks_are_spent_each_side_plays_one_more_reserve_card():
    s = empty()
    s = put(s, "DMI1", "D9", COMBAT)
    s = put(s, "DMI2", "C9", COMBAT)
    s = put(s, "GMI1", "D2", COMBAT)
    s = put(s, "GMI2", "E2", COMBAT)
    s = at_execute(s, reserve={"Delta": ("DMI1", "DMI2"), "Gamma": ("GMI1", "GMI2")},
                   first="Delta")
    s, _ = play(s, "Delta", "DMI1 hold")
    s, _ = play(s, "Gamma", "GMI1 hold")
    assert s.flow.phase != "execute"
    assert unit(s, "DMI2").tokens == COMBAT and unit(s, "GMI2").tokens == COMBAT


def test_after_the_last_execution_card_a_side_plays_at_most_one_reserve_card():
    s = empty()
    for label, at in (("DMI1", "D9"), ("DMI2", "C9"), ("DMI3", "E9"), ("GMI1", "D2")):
        s = put(s, label, at, COMBAT)
    s = at_execute(s, execution={"Delta": ("DMI1",)}, reserve={"Delta": ("DMI2", "DMI3")})
    s, _ = play(s, "Delta", "DMI1 hold")  # both execution decks are now spent
    s, _ = play(s, "Gamma", "pass")
    s, _ = play(s, "Delta", "DMI2 hold")
    assert s.flow.phase != "execute" and s.turn == 2
    assert unit(s, "DMI3").tokens == COMBAT  # never played


# ------------------------------------------------------------- combat


def test_moving_costs_one_fuel():
    s = empty()
    s = put(s, "DMI1", "D9", COMBAT)
    s = at_execute(s, execution={"Delta": ("DMI1",)})
    s, _ = play(s, "Delta", "DMI1-D7")
    assert unit(s, "DMI1").tokens == (1, 1, 2, 0)


def test_an_attack_costs_the_attacker_fuel_and_ammunition_and_the_defender_ammunition():
    s = fight()
    s, _ = play(s, "Delta", "DMI1xD6")
    assert unit(s, "DMI1").tokens == (1, 1, 1, 0)
    assert unit(s, "GMI1").tokens == (1, 2, 1, 0)


def test_armor_pays_fuel_and_ammunition_in_combat_even_when_defending():
    s = fight(dfn="GAR1", dfn_tokens=ARMOR)
    s, _ = play(s, "Delta", "DMI1xD6")
    assert unit(s, "GAR1").tokens == (1, 2, 1, 0)


def test_a_unit_that_moves_its_full_movement_may_still_move_one_link_to_attack():
    s = empty()
    s = put(s, "DMI1", "D10", COMBAT)  # moves 3: D10 to D7, then attacks D6
    s = put(s, "GMI1", "D6", COMBAT)
    s = at_execute(s, execution={"Delta": ("DMI1",)})
    assert "DMI1-D7xD6" in legal(s, "Delta")
    s, _ = play(s, "Delta", "DMI1-D7xD6")
    assert unit(s, "DMI1").tokens == (1, 1, 1, 0)


def test_a_unit_in_contact_must_fight_and_cannot_move_out_of_contact():
    s = fight()
    refused(s, "Delta", "DMI1-D8")
    refused(s, "Delta", "DMI1 hold")


def test_a_move_stops_at_the_first_node_next_to_the_enemy():
    # LW-R30: every way from D10 to D7 passes D9 or D8, both next to E9
    s = empty()
    s = put(s, "DMI1", "D10", COMBAT)
    s = put(s, "GMI1", "E9", COMBAT)
    s = at_execute(s, execution={"Delta": ("DMI1",)})
    refused(s, "Delta", "DMI1-D7")
    refused(s, "Delta", "DMI1-D9")  # next to the enemy: only with an attack
    s, _ = play(s, "Delta", "DMI1-D9xE9")
    assert unit(s, "DMI1").tokens == (1, 1, 1, 0)


def test_a_unit_without_ammunition_cannot_move_next_to_the_enemy():
    s = empty()
    s = put(s, "DMI1", "D10", (1, 2, 0, 0))
    s = put(s, "GMI1", "E9", COMBAT)
    s = at_execute(s, execution={"Delta": ("DMI1",)})
    refused(s, "Delta", "DMI1-D9xE9")
    refused(s, "Delta", "DMI1-D9")


def test_a_unit_that_cannot_pay_may_not_initiate_combat():
    s = fight(att_tokens=(1, 2, 0, 0))
    refused(s, "Delta", "DMI1xD6")


def test_a_defender_that_cannot_pay_endures_the_attack_without_rolling():
    s = fight(dfn_tokens=(1, 2, 0, 0))
    s, _ = play(s, "Delta", "DMI1xD6")
    assert RULES.decision(s).chance.count == 3  # only the attacker's three dice
    s = roll(s, 7, 1, 1)
    assert unit(s, "GMI1").suppressed and unit(s, "GMI1").tokens == (1, 2, 0, 0)


def test_a_unit_under_a_black_cube_takes_an_attack_without_fighting_back():
    # 9-Line Recovery: the marked unit can neither move nor fight
    s = fight()
    s = put(s, "GMI1", "D6", COMBAT, pinned=True)
    s, _ = play(s, "Delta", "DMI1xD6")
    assert RULES.decision(s).chance.label.startswith("DMI1")
    assert unit(s, "GMI1").tokens == COMBAT


def test_the_defender_rolls_first_and_hits_on_seven_or_better():
    s = fight()
    s, _ = play(s, "Delta", "DMI1xD6")
    # Gamma's mechanized infantry (3 dice) rolls first: 6 misses, 7 and 12 hit
    s = roll(s, 6, 7, 12)
    d = unit(s, "DMI1")
    assert d.suppressed and d.lost == 1


def test_the_attacker_rolls_with_the_combat_power_left_after_the_defenders_hits():
    s = fight(att="DAR1", att_tokens=ARMOR)  # armor [4, 3, 2, 1]
    s, _ = play(s, "Delta", "DAR1xD6")
    s = roll(s, 7, 7, 7)  # suppressed and two steps: 2 dice left
    assert RULES.decision(s).chance.count == 2


def test_the_first_hit_suppresses_and_each_later_hit_costs_a_step():
    s = fight()
    s, _ = play(s, "Delta", "DMI1xD6")
    s = roll(s, 1, 1, 1)
    s = roll(s, 7, 1, 1)  # one hit: suppression only
    g = unit(s, "GMI1")
    assert g.suppressed and g.lost == 0


def test_a_suppressed_unit_can_fight_but_not_move():
    s = empty()
    s = put(s, "DMI1", "D9", COMBAT, suppressed=True)
    s = at_execute(s, execution={"Delta": ("DMI1",)})
    refused(s, "Delta", "DMI1-D8")
    s = put(s, "GMI1", "D8", COMBAT)
    assert legal(s, "Delta") == ["DMI1xD8"]


def test_a_town_raises_the_attackers_hit_number_to_eight():
    s = fight(att_at="D8", dfn_at="E8")  # E8 is a town
    s, _ = play(s, "Delta", "DMI1xE8")
    s = roll(s, 1, 1, 1)
    s = roll(s, 7, 7, 7)
    assert not unit(s, "GMI1").suppressed
    s = fight(att_at="D8", dfn_at="E8")
    s, _ = play(s, "Delta", "DMI1xE8")
    s = roll(s, 1, 1, 1)
    s = roll(s, 8, 1, 1)
    assert unit(s, "GMI1").suppressed


def test_a_city_or_port_raises_the_attackers_hit_number_to_nine():
    s = fight(att_at="E8", dfn_at="F8")  # F8 is a city
    s, _ = play(s, "Delta", "DMI1xF8")
    s = roll(s, 1, 1, 1)
    s = roll(s, 8, 8, 8)
    assert not unit(s, "GMI1").suppressed
    s = fight(att_at="J9", dfn_at="J10")  # J10 is a seaport
    s, _ = play(s, "Delta", "DMI1xJ10")
    s = roll(s, 1, 1, 1)
    s = roll(s, 9, 9, 8)
    g = unit(s, "GMI1")
    assert g.suppressed and g.lost == 1


def test_a_town_helps_only_the_defender_not_a_unit_attacking_out_of_it():
    s = fight(att_at="E8", dfn_at="E7")  # the attacker stands in a town
    s, _ = play(s, "Delta", "DMI1xE7")
    s = roll(s, 7, 1, 1)  # the defender still hits on 7
    assert unit(s, "DMI1").suppressed



def test_the_winner_holds_the_node_and_retreats_the_loser_two_nodes():
    s = fight()
    s, _ = play(s, "Delta", "DMI1xD6")
    s = roll(s, 1, 1, 1)
    s = roll(s, 7, 1, 1)
    assert RULES.decision(s).players == ("Delta",)  # the winner chooses
    refused(s, "Delta", "retreat D5")  # one node only
    s, _ = play(s, "Delta", "retreat D4")
    assert where(s, "GMI1") == "D4" and where(s, "DMI1") == "D6"


def test_a_defender_that_wins_retreats_the_attacker():
    s = fight()
    s, _ = play(s, "Delta", "DMI1xD6")
    s = roll(s, 7, 1, 1)
    s = roll(s, 1, 1, 1)
    assert RULES.decision(s).players == ("Gamma",)
    s, _ = play(s, "Gamma", "retreat D9")
    assert where(s, "DMI1") == "D9" and where(s, "GMI1") == "D6"


def test_a_loser_that_cannot_retreat_two_nodes_takes_a_step_loss_instead():
    s = empty()
    # Gamma's infantry at D6 hemmed in: every node two links away is taken or unreachable
    s = put(s, "GMI1", "D6", COMBAT)
    s = put(s, "DMI1", "D7", COMBAT)
    for label, at in (("DAR1", "C6"), ("DAR2", "E7"), ("DAR3", "C7"), ("DAR4", "D5")):
        s = put(s, label, at, ARMOR)
    s = at_execute(s, execution={"Delta": ("DMI1",)})
    s, _ = play(s, "Delta", "DMI1xD6")
    s = roll(s, 1, 1, 1)
    s = roll(s, 7, 1, 1)
    g = unit(s, "GMI1")
    assert g.suppressed and g.lost == 1


def test_a_tie_sends_the_attacker_back_to_its_original_node():
    s = fight(att_at="D8")
    s, _ = play(s, "Delta", "DMI1-D7xD6")
    s = roll(s, 7, 1, 1)
    s = roll(s, 7, 1, 1)
    assert where(s, "DMI1") == "D7" and where(s, "GMI1") == "D6"
    s = fight(att_at="D7")
    s, _ = play(s, "Delta", "DMI1xD6")
    s = roll(s, 1, 1, 1)
    s = roll(s, 1, 1, 1)
    assert where(s, "DMI1") == "D7" and where(s, "GMI1") == "D6"


def test_the_winner_may_attack_again_by_paying_again():
    s = fight(att_tokens=(1, 3, 3, 0))
    s = put(s, "GMI2", "E7", COMBAT)  # next to D6 as well
    s, _ = play(s, "Delta", "DMI1xD6")
    s = roll(s, 1, 1, 1)
    s = roll(s, 7, 1, 1)
    s, _ = play(s, "Delta", "retreat D4")
    assert where(s, "DMI1") == "D6"
    assert RULES.decision(s).players == ("Delta",)
    s, _ = play(s, "Delta", "DMI1xE7")
    assert unit(s, "DMI1").tokens == (1, 1, 1, 0)  # a second fuel and ammunition
    assert unit(s, "GMI2").tokens == (1, 2, 1, 0)


def test_the_winner_may_decline_to_attack_again():
    s = fight(att_tokens=(1, 3, 3, 0))
    s = put(s, "GMI2", "E7", COMBAT)
    s, _ = play(s, "Delta", "DMI1xD6")
    s = roll(s, 1, 1, 1)
    s = roll(s, 7, 1, 1)
    s, _ = play(s, "Delta", "retreat D4")
    s, _ = play(s, "Delta", "pass")
    assert s.fight is None and unit(s, "DMI1").tokens == (1, 2, 2, 0)


def test_a_full_strength_unit_survives_suppression_and_three_hits():
    s = fight(att="DAR1", att_tokens=ARMOR)
    s, _ = play(s, "Delta", "DAR1xD6")
    s = roll(s, 1, 1, 1)
    s = roll(s, 7, 7, 7, 7)
    g = unit(s, "GMI1")
    assert g.alive and g.suppressed and g.lost == 3


def test_a_unit_out_of_steps_is_destroyed_removed_and_the_winner_takes_the_node():
    s = fight(att="DAR1", att_tokens=ARMOR)
    s = put(s, "GMI1", "D6", COMBAT, suppressed=True)  # suppressed already
    s = with_book(s, "Gamma", execution=("GMI1",))
    s, _ = play(s, "Delta", "DAR1xD6")
    s = roll(s, 1, 1, 1)
    s = roll(s, 7, 7, 7, 7)  # four step losses
    assert not unit(s, "GMI1").alive
    assert "GMI1" not in s.book("Gamma").execution
    assert s.fight is None and where(s, "DAR1") == "D6"


# ---------------------------------------------------------- artillery


def test_artillery_fires_two_or_three_nodes_away_not_one_nor_four():
    s = empty()
    s = put(s, "DFA1", "D9", (1, 2, 3, 0))
    s = put(s, "GMI1", "D7", COMBAT)  # two
    s = put(s, "GMI2", "D6", COMBAT)  # three
    s = put(s, "GMI3", "D5", COMBAT)  # four
    s = at_execute(s, execution={"Delta": ("DFA1",)})
    moves = legal(s, "Delta")
    assert "DFA1 fire D7 1" in moves and "DFA1 fire D6 1" in moves
    refused(s, "Delta", "DFA1 fire D5 1")
    s = empty()
    s = put(s, "DFA1", "D9", (1, 2, 3, 0))
    s = put(s, "GMI1", "D8", COMBAT)  # one: a direct fight, not fire from afar
    s = at_execute(s, execution={"Delta": ("DFA1",)})
    refused(s, "Delta", "DFA1 fire D8 1")


def test_artillery_spends_one_to_three_ammunition_rolling_a_die_for_each():
    s = empty()
    s = put(s, "DFA1", "D9", (1, 2, 3, 0))
    s = put(s, "GMI1", "D7", COMBAT)
    s = at_execute(s, execution={"Delta": ("DFA1",)})
    s2, _ = play(s, "Delta", "DFA1 fire D7 3")
    assert unit(s2, "DFA1").tokens == (1, 2, 0, 0)  # no fuel for firing from afar
    assert RULES.decision(s2).chance.count == 3
    s = put(s, "DFA1", "D9", (1, 2, 5, 0))
    refused(s, "Delta", "DFA1 fire D7 4")


def test_artillery_fire_hits_on_seven_raised_by_the_targets_terrain():
    s = empty()
    s = put(s, "DFA1", "E10", (1, 2, 3, 0))
    s = put(s, "GMI1", "E8", COMBAT)  # a town: 8+
    s = busy(at_execute(s, execution={"Delta": ("DFA1",)}))
    s, _ = play(s, "Delta", "DFA1 fire E8 2")
    s = roll(s, 7, 8)
    g = unit(s, "GMI1")
    assert g.suppressed and g.lost == 0


def test_an_artillery_twelve_both_suppresses_and_costs_a_step():
    s = empty()
    s = put(s, "DFA1", "D9", (1, 2, 3, 0))
    s = put(s, "GMI1", "D7", COMBAT)
    s = busy(at_execute(s, execution={"Delta": ("DFA1",)}))
    s, _ = play(s, "Delta", "DFA1 fire D7 1")
    s = roll(s, 12)
    g = unit(s, "GMI1")
    assert g.suppressed and g.lost == 1


def test_an_artillery_twelve_on_a_suppressed_unit_costs_two_steps():
    # LW-R35: a twelve is two hits
    s = empty()
    s = put(s, "DFA1", "D9", (1, 2, 3, 0))
    s = put(s, "GMI1", "D7", COMBAT, suppressed=True)
    s = busy(at_execute(s, execution={"Delta": ("DFA1",)}))
    s, _ = play(s, "Delta", "DFA1 fire D7 1")
    s = roll(s, 12)
    assert unit(s, "GMI1").lost == 2


def test_only_field_artillery_answers_fire_from_afar_and_air_defense_does_not():
    s = empty()
    s = put(s, "DFA1", "D9", (1, 2, 3, 0))
    s = put(s, "GAD1", "D7", (1, 2, 1, 0))
    s = at_execute(s, execution={"Delta": ("DFA1",)})
    s, _ = play(s, "Delta", "DFA1 fire D7 1")
    s = roll(s, 1)
    assert s.fight is None and unit(s, "GAD1").tokens == (1, 2, 1, 0)
    s = empty()
    s = put(s, "DFA1", "D9", (1, 2, 3, 0))
    s = put(s, "GFA1", "D7", (1, 2, 3, 0))
    s = busy(at_execute(s, execution={"Delta": ("DFA1",)}))
    s, _ = play(s, "Delta", "DFA1 fire D7 1")
    s = roll(s, 1)
    assert RULES.decision(s).chance is not None  # Gamma's artillery fires back
    s = roll(s, 7)  # DFA1 fires out of the town of D9: attacking, so no cover, 7 hits
    assert unit(s, "DFA1").suppressed


def test_indirect_fire_moves_nobody_and_offers_no_second_attack():
    # LW-R48
    s = empty()
    s = put(s, "DFA1", "D9", (1, 2, 3, 0))
    s = put(s, "GMI1", "D7", COMBAT)
    s = busy(at_execute(s, execution={"Delta": ("DFA1",)}))
    s, _ = play(s, "Delta", "DFA1 fire D7 2")
    s = roll(s, 7, 8)
    assert where(s, "GMI1") == "D7" and where(s, "DFA1") == "D9"
    assert s.fight is None and RULES.decision(s).players == ("Gamma",)


def test_a_displaced_unit_may_still_be_attacked_on_its_node():
    # LW-R45: hidden from fires, not from a unit driving onto it
    s = empty()
    s = put(s, "GFSC1", "D6", (3, 4, 3, 0), displaced=True)
    s = put(s, "DMI1", "D8", COMBAT)
    s = at_execute(s, execution={"Delta": ("DMI1",)})
    s, _ = play(s, "Delta", "DMI1-D7xD6")
    assert RULES.decision(s).chance.label.startswith("GFSC1")  # it answers, one die
    assert unit(s, "GFSC1").tokens == (3, 4, 2, 0)


def test_artillery_in_a_direct_fight_rolls_a_single_die():
    s = fight(att="DFA1", att_at="D7", att_tokens=(1, 2, 3, 0))
    s, _ = play(s, "Delta", "DFA1xD6")
    s = roll(s, 1, 1, 1)
    assert RULES.decision(s).chance.count == 1


def test_artillery_may_move_for_fuel_or_fire_for_ammunition():
    s = empty()
    s = put(s, "DFA1", "D9", (1, 2, 3, 0))
    s = put(s, "GMI1", "D6", COMBAT)
    s = at_execute(s, execution={"Delta": ("DFA1",)})
    s2, _ = play(s, "Delta", "DFA1-D8")  # moves 2 links for a fuel
    assert unit(s2, "DFA1").tokens == (1, 1, 3, 0)


# ------------------------------------------------- consumption and reset


def at_reset(s, turn):
    """Run turn `turn`'s reset (consumption, then the reset) and the next turn's deploy."""
    s = at_turn(s, turn)
    return at_phase(s, "reset")


def test_each_unit_eats_one_food_on_turns_three_six_nine_twelve_and_fifteen():
    for turn, eats in ((2, False), (3, True), (6, True), (9, True), (12, True), (14, False)):
        s = empty()
        s = put(s, "DMI1", "D9", (2, 2, 2, 0))
        s = put(s, "DFSP1", "C9", (1, 2, 1, 0))
        s = at_reset(s, turn)
        assert unit(s, "DMI1").tokens[0] == (1 if eats else 2), turn
        assert unit(s, "DFSP1").tokens[0] == (0 if eats else 1), turn


def test_a_unit_without_food_is_degraded_and_may_neither_move_nor_attack():
    s = empty()
    s = put(s, "DMI1", "D9", (0, 2, 2, 0))
    s = at_reset(s, 3)
    d = unit(s, "DMI1")
    assert d.degraded and d.lost == 0
    s = until_phase(s, "orders")
    refused(s, "Delta", "x DMI1")
    refused(s, "Delta", "r DMI1")


def test_a_degraded_sustainment_unit_cannot_move():
    s = empty()
    s = put(s, "DFLC1", "D10", (0, 3, 2, 0), degraded=True)
    s = transport(s)
    refused(s, "Delta", "DFLC1-D9")
    refused(s, "Delta", "DFLC1-D8")


def test_a_unit_still_degraded_at_the_next_consumption_loses_a_step():
    s = empty()
    s = put(s, "DMI1", "D9", (0, 2, 2, 0), degraded=True)
    s = at_reset(s, 6)
    d = unit(s, "DMI1")
    assert d.degraded and d.lost == 1


def test_a_degraded_unit_that_receives_food_consumes_it_and_recovers():
    s = empty()
    s = put(s, "DMI1", "D9", (0, 2, 2, 0), degraded=True)
    s = put(s, "DFLC1", "D10", (3, 3, 2, 0))
    s = transport(s)
    s, _ = play(s, "Delta", "DFLC1>DMI1 1r")
    assert not unit(s, "DMI1").degraded
    s = at_reset(s, 6)
    assert unit(s, "DMI1").lost == 0


def test_reset_clears_suppression_displacement_and_blocked_nodes():
    s = empty()
    s = put(s, "DMI1", "D9", COMBAT, suppressed=True)
    s = put(s, "DFSP1", "C9", (1, 2, 1, 0), displaced=True)
    s = evolve(s, blocked=((node(s, "D5"), "Delta"),))
    s = at_reset(s, 4)
    assert not unit(s, "DMI1").suppressed
    assert not unit(s, "DFSP1").displaced
    assert s.blocked == ()
    assert s.turn == 5


# --------------------------------------------------------------- victory


def gamma_holds_three(s):
    return with_port(s, node(s, "B8"), holder="Gamma")


def test_a_side_holding_all_four_ports_for_a_whole_turn_wins():
    s = gamma_holds_three(empty())
    s = put(s, "GMI1", "J9", COMBAT)
    s = at_turn(s, 7)
    s = at_execute(s, execution={"Gamma": ("GMI1",)}, first="Gamma")
    s, _ = play(s, "Gamma", "GMI1-J10")  # the fourth port, in phase 6 of turn 7
    assert port(s, "J10").holder == "Gamma"
    s = until_phase(s, "spend")
    assert s.turn == 8 and RULES.outcome(s) is None  # not yet a whole turn
    s = until_phase(s, "reset")
    s = until_phase(s, "spend") if RULES.outcome(s) is None else s
    out = RULES.outcome(s)
    assert out is not None and out.winner == "Gamma"


def test_losing_a_port_before_the_turn_is_out_denies_the_win():
    s = gamma_holds_three(empty())
    s = put(s, "GMI1", "J9", COMBAT)
    s = put(s, "DMI1", "B10", COMBAT)
    s = at_turn(s, 7)
    s = at_execute(s, execution={"Gamma": ("GMI1",)}, first="Gamma")
    s, _ = play(s, "Gamma", "GMI1-J10")
    s = until_phase(s, "orders")
    s, _ = play(s, "Delta", "x DMI1")
    s = all_pass(s)
    s = roll(s, 9, 3)
    s, _ = play(s, "Delta", "DMI1-B8")  # Delta walks back into its airport
    s = until_phase(s, "spend")
    assert s.turn == 9 and RULES.outcome(s) is None


def test_after_turn_fifteen_the_side_holding_more_ports_wins():
    s = gamma_holds_three(empty())
    s = put(s, "DAR1", "D9", ARMOR)  # Delta stronger, but fewer ports
    s = at_reset(s, 15)
    out = RULES.outcome(s)
    assert out.winner == "Gamma"
    assert out.score("Gamma") == 3 and out.score("Delta") == 1


def test_after_turn_fifteen_with_ports_level_the_higher_combat_power_wins():
    s = empty()
    s = put(s, "DAR1", "D9", ARMOR, lost=1)  # 3
    s = put(s, "GMI1", "D3", COMBAT)  # 3
    s = put(s, "GAD1", "E3", (1, 2, 1, 0), lost=3)  # 1
    s = at_reset(s, 15)
    out = RULES.outcome(s)
    assert out.winner == "Gamma"
    assert "3" in out.reason and "4" in out.reason  # both combat powers named


def test_the_game_goes_on_before_turn_fifteen_without_a_whole_turn_of_all_ports():
    s = gamma_holds_three(empty())
    s = at_reset(s, 14)
    assert RULES.outcome(s) is None


# -------------------------------------------------------- special cards


def test_special_cards_cost_their_rp_and_go_to_the_buyers_hand_at_once():
    costs = {"nine_line_recovery": 1, "air_drop_inbound": 3, "close_air_support": 1,
             "command_post": 3, "cyber_attack": 1, "drone_recon": 5, "mass_cal": 1,
             "saint_himars": 5, "scouts_out": 1, "sf_in_the_area": 3}
    for name, cost in costs.items():
        s = start()
        s, _ = play(s, "Delta", f"card {name}")
        assert s.book("Delta").rp == 25 - cost, name


def test_each_side_has_three_of_each_special_card():
    s = start()
    for _ in range(3):
        s, _ = play(s, "Delta", "card scouts_out")
    refused(s, "Delta", "card scouts_out")


def test_purchases_are_secret_until_both_sides_have_spent():
    s = start()
    s, events = play(s, "Delta", "card saint_himars")
    assert not any(e.visible_to("Gamma") for e in events)
    assert "saint_himars" not in repr(RULES.view(s, "Gamma"))
    s, events = play(s, "Delta", "pass")
    s, events = play(s, "Gamma", "pass")
    assert not any("saint_himars" in e.text for e in events if e.visible_to("Gamma"))
    assert "saint_himars" not in repr(RULES.view(s, "Gamma"))


def test_a_command_post_lets_three_units_act_together():
    s = orders(start())
    s = with_book(s, "Delta", hand=("command_post",))
    s, _ = play(s, "Delta", "x command_post")
    for label in ("DMI1", "DMI2", "DMI3"):
        s, _ = play(s, "Delta", f"x {label}")
    s, _ = play(s, "Gamma", "x GMI1")
    s = all_pass(s)
    s = roll(s, 9, 3)
    s, _ = play(s, "Delta", "command_post")
    for label in ("DMI1", "DMI2"):
        s, _ = play(s, "Delta", f"{label} hold")
        assert RULES.decision(s).players == ("Delta",)
    s, _ = play(s, "Delta", "DMI3 hold")
    assert RULES.decision(s).players == ("Gamma",)
    assert all(unit(s, x).tokens == (1, 1, 2, 0) for x in ("DMI1", "DMI2", "DMI3"))


# ------------------------------------------------------- more statements


def test_an_engineer_removes_one_damage_a_port_a_turn_for_one_more_fuel():
    s = empty()
    s = with_port(s, node(s, "J10"), damage=2)
    s = put(s, "DEN1", "J10", (1, 3, 1, 0))
    s = put(s, "DEN2", "J9", (1, 3, 1, 0))
    s = busy(at_execute(s, execution={"Delta": ("DEN1", "DEN2")}))
    s, _ = play(s, "Delta", "DEN1 repair")  # on the port: its order's fuel and one more
    assert port(s, "J10").damage == 1 and unit(s, "DEN1").tokens == (1, 1, 1, 0)
    s, _ = play(s, "Gamma", "GAR5 hold")
    refused(s, "Delta", "DEN2-J10 repair")  # one damage a port a turn


def test_flown_supplies_do_not_exceed_the_airports_storage():
    s = start()
    aps = [u for u in s.units if u.side == "Delta" and u.kind == "aerial_port_squadron"][0]
    s = put(s, aps.label, "B8", (1, 2, 0, 0))
    refused(s, "Delta", "fly 13f")  # the airport stores 12 (LW-R08)
    s, _ = play(s, "Delta", "fly 12f")
    assert s.book("Delta").rp == 13


def test_nothing_flies_to_an_airport_the_side_does_not_hold():
    s = start()
    s = with_port(s, node(s, "B8"), holder="Gamma")
    refused(s, "Delta", "fly 1f")


def test_a_sustainment_unit_arrives_with_every_box_filled():
    s = empty()
    s, _ = play(s, "Delta", "buy forward_support_platoon")
    s = all_pass(s)
    s = until_phase(until_phase(until_phase(s, "spend"), "transport"), "spend")
    landed = [u for u in s.units if u.kind == "forward_support_platoon" and u.alive]
    assert len(landed) == 1 and sum(landed[0].tokens[:3]) == 4  # all four boxes
    assert landed[0].tokens[0] >= 1 and landed[0].tokens[1] >= 1  # its shaded boxes


def test_supplies_stored_in_a_port_may_be_moved_by_a_sustainment_unit_there():
    s = empty()
    s = with_port(s, node(s, "J10"), tokens=(0, 6, 0, 0))
    s = put(s, "DFLB1", "J10", (5, 6, 5, 0))
    s = put(s, "DMI1", "J8", (1, 0, 2, 0))
    s = transport(s)
    s, _ = play(s, "Delta", "DFLB1/J10>DMI1 2f")
    assert port(s, "J10").tokens == (0, 4, 0, 0)
    assert unit(s, "DMI1").tokens == (1, 2, 2, 0)
    assert unit(s, "DFLB1").tokens == (5, 6, 5, 0)


def test_a_sustainment_unit_and_a_combat_unit_cross_level_any_class():
    s = empty()
    s = put(s, "GFSC1", "B1", (3, 4, 3, 0))
    s = put(s, "GMI1", "B1", (1, 2, 0, 0))
    s = transport(s)
    s, _ = play(s, "Gamma", "xl GFSC1>GMI1 2a")
    assert unit(s, "GMI1").tokens == (1, 2, 2, 0)
    assert unit(s, "GFSC1").tokens == (3, 4, 1, 0)


def test_transport_supplies_is_limited_to_five_minutes():
    s = transport(empty())
    assert RULES.time_limit(s, "Delta") == 300 and RULES.time_limit(s, "Gamma") == 300
    assert RULES.time_limit(at_phase(empty(), "orders"), "Delta") is None


def test_field_artillery_may_move_and_attack_for_fuel_and_ammunition_with_one_die():
    s = empty()
    s = put(s, "DFA1", "D9", (1, 2, 3, 0))
    s = put(s, "GMI1", "D7", COMBAT)
    s = at_execute(s, execution={"Delta": ("DFA1",)})
    s, _ = play(s, "Delta", "DFA1-D8xD7")
    assert unit(s, "DFA1").tokens == (1, 1, 2, 0)
    s = roll(s, 1, 1, 1)
    assert RULES.decision(s).chance.count == 1


def test_a_unit_taking_an_enemy_port_takes_control_of_it():
    s = empty()
    s = put(s, "GMI1", "B7", COMBAT)
    s = at_execute(s, execution={"Gamma": ("GMI1",)}, first="Gamma")
    s, _ = play(s, "Gamma", "GMI1-B8")
    assert port(s, "B8").holder == "Gamma"


def test_after_turn_fifteen_level_ports_and_level_combat_power_is_a_draw():
    s = empty()
    s = put(s, "DMI1", "D9", COMBAT)
    s = put(s, "GMI1", "D3", COMBAT)
    s = at_reset(s, 15)
    out = RULES.outcome(s)
    assert out is not None and out.winner is None


def test_armor_without_fuel_cannot_fight_back_even_with_ammunition():
    s = fight(dfn="GAR1", dfn_tokens=(1, 0, 2, 0))
    s, _ = play(s, "Delta", "DMI1xD6")
    assert RULES.decision(s).chance.label.startswith("DMI1")  # only the attacker rolls
    assert unit(s, "GAR1").tokens == (1, 0, 2, 0)


def test_tokens_dropped_in_secret_are_hidden_from_the_other_side_until_both_are_done():
    s = empty()
    s = put(s, "GFSC1", "D3", (3, 4, 3, 0))
    s = put(s, "GMI1", "D5", (1, 2, 2, 0))
    s = transport(s)
    s, _ = play(s, "Gamma", "GFSC1>D5 2f")
    assert "dropped at D5" not in [name for name, _ in RULES.view(s, "Delta").panels]
    assert "dropped at D5" in [name for name, _ in RULES.view(s, "Gamma").panels]


def test_a_node_blocked_marker_stops_the_marked_side_moving_through_the_node():
    s = empty()
    s = put(s, "DMI1", "D10", COMBAT)
    s = put(s, "GMI1", "D2", COMBAT)
    s = evolve(s, blocked=((node(s, "D8"), "Delta"),))
    s = at_execute(s, execution={"Delta": ("DMI1",)})
    refused(s, "Delta", "DMI1-D8")
    refused(s, "Delta", "DMI1-D7")  # through D8
    s2, _ = play(s, "Delta", "DMI1-D9")
    assert where(s2, "DMI1") == "D9"


def test_a_node_blocked_marker_binds_only_the_side_of_its_colour():
    s = empty()
    s = put(s, "DMI1", "D10", COMBAT)
    s = evolve(s, blocked=((node(s, "D8"), "Gamma"),))
    s = at_execute(s, execution={"Delta": ("DMI1",)})
    s, _ = play(s, "Delta", "DMI1-D7")
    assert where(s, "DMI1") == "D7"


def test_a_node_blocked_marker_stops_supplies_moving_through_the_node():
    s = empty()
    s = put(s, "GFSC1", "D1", (3, 4, 3, 0))
    s = put(s, "GMI1", "D5", (1, 0, 2, 0))
    # D1 to D5 is four links; with C2, D2 and E2 closed the shortest way is seven (SP 5)
    s = evolve(s, blocked=tuple((node(s, n), "Gamma") for n in ("C2", "D2", "E2")))
    s = transport(s)
    refused(s, "Gamma", "GFSC1>GMI1 1f")
    s = evolve(s, blocked=())
    s = transport(s)
    s, _ = play(s, "Gamma", "GFSC1>GMI1 1f")
    assert unit(s, "GMI1").tokens == (1, 1, 2, 0)


def test_supplies_are_not_carried_through_nodes_held_by_the_enemy():
    # LW-R49: with Delta units on C2, D2 and E2, D1 to D5 is seven links for Gamma's supplies
    s = empty()
    s = put(s, "GFSC1", "D1", (3, 4, 3, 0))
    s = put(s, "GMI1", "D5", (1, 0, 2, 0))
    for label, at in (("DFSP1", "C2"), ("DFSP2", "D2"), ("DFSP3", "E2")):
        s = put(s, label, at, (1, 2, 1, 0))
    s = transport(s)
    refused(s, "Gamma", "GFSC1>GMI1 1f")


def test_a_damaged_port_stores_fewer_tokens():
    # LW-R08: each damage token takes a quarter of the seaport's 20 boxes
    s = empty()
    s = with_port(s, node(s, "J10"), damage=2)
    s = until_phase(until_phase(s, "transport"), "spend")  # the starting 12 tokens land
    assert s.turn == 2 and sum(port(s, "J10").tokens) == 10
    assert sum(s.book("Delta").queue[-1][1]) == 2


# ----------------------------------------------------------------- setup


STARTING = {
    "Delta": {"forward_support_platoon": 12, "fle_company": 4, "fle_battalion": 1, "armor": 5,
              "mech_infantry": 4, "field_artillery": 3, "aerial_port_squadron": 1,
              "air_defense": 1},
    "Gamma": {"mech_infantry": 4, "armor": 5, "field_artillery": 3,
              "forward_support_company": 4, "brigade_support_battalion": 1, "air_defense": 1,
              "aerial_port_squadron": 1, "division_service_support_battalion": 1},
}


def test_each_side_starts_with_its_package_at_full_strength_behind_its_grey_line():
    s = start()
    for side, package in STARTING.items():
        zone = s.cfg.zones[f"{side.lower()}_start"]
        counts: dict[str, int] = {}
        for u in s.units:
            if u.side != side:
                continue
            if u.alive:
                assert u.node in zone, u.label
                assert u.lost == 0
            queued = any(u.uid in uids for uids, _ in s.book(side).queue)
            if u.alive or queued:
                counts[u.kind] = counts.get(u.kind, 0) + 1
        assert counts == package, side


def test_each_side_starts_holding_its_seaport_and_airport():
    s = start()
    assert port(s, "J10").holder == "Delta" and port(s, "B8").holder == "Delta"
    assert port(s, "B1").holder == "Gamma" and port(s, "J3").holder == "Gamma"


def test_orange_cubes_are_bought_at_one_rp_and_restore_a_step_on_arrival():
    # LW-R19
    s = start()
    s, _ = play(s, "Delta", "buy 2o")
    assert s.book("Delta").rp == 23
    s = empty()
    s = put(s, "DFLC1", "D10", (3, 3, 1, 1))
    s = put(s, "DMI1", "D9", COMBAT, lost=2)
    s = transport(s)
    s, _ = play(s, "Delta", "DFLC1>DMI1 1o")
    assert unit(s, "DMI1").lost == 1 and unit(s, "DFLC1").tokens == (3, 3, 1, 0)
