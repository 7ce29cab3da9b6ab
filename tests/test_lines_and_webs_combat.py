"""Lines and Webs combat and movement (content/lines_and_webs/rulings.md, notation.md):
exact cubes spent and exact dice."""

from __future__ import annotations

from tests.lines_and_webs_cases import RULES, at_execute, empty, play, put, refused, roll, unit
from toolkit.referee import game

F, A = 1, 2  # fuel, ammunition in a token tuple (food, fuel, ammo, repair)


def fight_setup(att_node="D7", def_node="D6", att="DMI1", dfn="GMI1", **kw):
    s = empty()
    s = put(s, att, att_node, (1, 2, 2, 0))
    s = put(s, dfn, def_node, kw.get("def_tokens", (1, 2, 2, 0)))
    return at_execute(s, execution={"Delta": (att,), "Gamma": (dfn,)})


def test_LW_E3_a_unit_in_contact_must_attack_and_may_not_move_away():
    s = fight_setup()
    refused(s, "Delta", "DMI1-E8", "LW-E3")
    refused(s, "Delta", "DMI1 hold")
    assert [str(m) for m in game.legal_moves(RULES, s, "Delta")] == ["DMI1xD6"]


def test_LW_C1_attacker_pays_a_fuel_and_an_ammunition_the_defender_an_ammunition():
    s = fight_setup()
    s, _ = play(s, "Delta", "DMI1xD6")
    assert unit(s, "DMI1").tokens == (1, 1, 1, 0)
    assert unit(s, "GMI1").tokens == (1, 2, 1, 0)


def test_LW_C1_armor_pays_fuel_as_well_even_defending():
    s = fight_setup(dfn="GAR1")
    s, _ = play(s, "Delta", "DMI1xD6")
    assert unit(s, "GAR1").tokens == (1, 1, 1, 0)


def test_LW_C2_the_defender_rolls_first_and_its_hits_cut_the_attackers_dice():
    s = fight_setup()
    s, _ = play(s, "Delta", "DMI1xD6")
    # Gamma's mechanized infantry rolls 3 dice at 7+: two hits -> suppression, one step
    assert s.flow.window.spec.count == 3
    s = roll(s, 7, 12, 3)
    assert unit(s, "DMI1").suppressed and unit(s, "DMI1").lost == 1
    # Delta's strength after one step lost is 3 (mech [3, 3, 2, 1]) -> 3 dice
    assert s.flow.window.spec.count == 3


def test_LW_C4_first_hit_suppresses_every_later_hit_costs_a_step_four_destroy():
    s = fight_setup()
    s, _ = play(s, "Delta", "DMI1xD6")
    s = roll(s, 1, 1, 1)  # Gamma misses
    s = roll(s, 7, 8, 9)  # three hits on steppe: suppressed and two steps
    g = unit(s, "GMI1")
    assert g.suppressed and g.lost == 2


def test_LW_C3_a_town_makes_the_attacker_need_8_and_a_city_9():
    s = fight_setup(att_node="D8", def_node="E8")  # E8 is a town
    s, _ = play(s, "Delta", "DMI1xE8")
    s = roll(s, 1, 1, 1)
    s = roll(s, 7, 7, 8)
    assert unit(s, "GMI1").suppressed and unit(s, "GMI1").lost == 0
    s = fight_setup(att_node="E8", def_node="F8")  # F8 is a city
    s, _ = play(s, "Delta", "DMI1xF8")
    s = roll(s, 1, 1, 1)
    s = roll(s, 8, 8, 9)
    assert unit(s, "GMI1").suppressed and unit(s, "GMI1").lost == 0


def test_LW_C5_a_defender_that_cannot_pay_takes_the_attack_without_rolling():
    s = fight_setup(def_tokens=(1, 2, 0, 0))
    s, _ = play(s, "Delta", "DMI1xD6")
    assert s.flow.window.spec.label.startswith("DMI1")  # only the attacker rolls
    assert unit(s, "GMI1").tokens == (1, 2, 0, 0)


def test_LW_C6_a_tie_sends_the_attacker_back_and_the_defender_holds():
    s = fight_setup(att_node="D8", def_node="D6")
    s, _ = play(s, "Delta", "DMI1-D7xD6")
    s = roll(s, 7, 1, 1)
    s = roll(s, 7, 1, 1)
    assert s.cfg.names[unit(s, "DMI1").node] == "D7"
    assert s.cfg.names[unit(s, "GMI1").node] == "D6"
    assert s.fight is None


def test_LW_C7_the_winner_retreats_the_loser_two_nodes_and_takes_the_node():
    s = fight_setup()
    s, _ = play(s, "Delta", "DMI1xD6")
    s = roll(s, 1, 1, 1)
    s = roll(s, 7, 1, 1)
    assert s.flow.window.name == "retreat" and s.flow.window.players == ("Delta",)
    refused(s, "Delta", "retreat D5", "LW-C7")  # one link away only
    s, _ = play(s, "Delta", "retreat D4")
    assert s.cfg.names[unit(s, "GMI1").node] == "D4"
    assert s.cfg.names[unit(s, "DMI1").node] == "D6"


def test_LW_C7_a_loser_that_cannot_retreat_two_nodes_loses_a_step_instead():
    s = fight_setup(att_node="E7", def_node="D6")
    s = put(s, "DAR1", "C6", (1, 3, 2, 0))
    s = put(s, "DAR2", "D7", (1, 3, 2, 0))
    s = put(s, "DAR3", "C7", (1, 3, 2, 0))
    s = put(s, "DAR4", "D5", (1, 3, 2, 0))
    s, _ = play(s, "Delta", "DMI1xD6")
    s = roll(s, 1, 1, 1)
    s = roll(s, 7, 1, 1)
    g = unit(s, "GMI1")
    assert g.suppressed and g.lost == 1 and s.cfg.names[g.node] == "D6"


def test_LW_C8_the_winner_may_attack_again_by_paying_again():
    s = fight_setup()
    s = put(s, "GAR1", "C6", (1, 3, 2, 0))
    s, _ = play(s, "Delta", "DMI1xD6")
    s = roll(s, 1, 1, 1)
    s = roll(s, 7, 1, 1)
    s, _ = play(s, "Delta", "retreat E5")
    assert s.flow.window.name == "again"
    s, _ = play(s, "Delta", "DMI1xC6")
    assert unit(s, "DMI1").tokens == (1, 0, 0, 0)


def test_LW_E2_moving_costs_one_fuel_and_follows_links_only():
    s = empty()
    s = put(s, "DMI1", "G8", (1, 2, 2, 0))
    s = at_execute(s, execution={"Delta": ("DMI1",)})
    refused(s, "Delta", "DMI1-I8")  # a lake
    s, _ = play(s, "Delta", "DMI1-F7")
    assert unit(s, "DMI1").tokens == (1, 1, 2, 0)


def test_LW_R02_no_movement_or_combat_across_a_river_without_a_crossing():
    s = empty()
    s = put(s, "DMI1", "B6", (1, 2, 2, 0))
    s = put(s, "GMI1", "B5", (1, 2, 2, 0))
    s = at_execute(s, execution={"Delta": ("DMI1",)})
    refused(s, "Delta", "DMI1xB5")


def test_LW_A1_artillery_fires_two_or_three_hexes_for_one_to_three_ammunition():
    s = empty()
    s = put(s, "DFA1", "G7", (1, 2, 3, 0))
    s = put(s, "GMI1", "G5", (1, 2, 2, 0))
    s = at_execute(s, execution={"Delta": ("DFA1",), "Gamma": ("GMI1",)})
    s, _ = play(s, "Delta", "DFA1 fire G5 3")
    assert unit(s, "DFA1").tokens == (1, 2, 0, 0)
    s = roll(s, 12, 7, 1)  # a 12 suppresses and costs a step; the 7 another step
    assert unit(s, "GMI1").suppressed and unit(s, "GMI1").lost == 2


def test_LW_A2_only_field_artillery_fires_back_at_artillery():
    s = empty()
    s = put(s, "DFA1", "G7", (1, 2, 3, 0))
    s = put(s, "GFA1", "G5", (1, 2, 3, 0))
    s = at_execute(s, execution={"Delta": ("DFA1",), "Gamma": ("GFA1",)})
    s, _ = play(s, "Delta", "DFA1 fire G5 1")
    s = roll(s, 1)
    assert s.flow.window.spec.count == 1 and unit(s, "GFA1").tokens == (1, 2, 2, 0)
    s = roll(s, 7)
    assert unit(s, "DFA1").suppressed


def test_LW_A1_artillery_never_fires_over_ocean_and_not_at_one_hex():
    s = empty()
    s = put(s, "DFA1", "G8", (1, 2, 3, 0))
    s = put(s, "GMI1", "G7", (1, 2, 2, 0))
    s = at_execute(s, execution={"Delta": ("DFA1",)})
    refused(s, "Delta", "DFA1 fire G7 1")


def test_LW_E6_an_engineer_repairs_one_damage_for_one_more_fuel():
    from toolkit.referee.rulesets.lines_and_webs.state import with_port
    s = empty()
    s = with_port(s, s.cfg.index["J10"], damage=2)
    s = put(s, "DEN1", "J9", (1, 3, 1, 0))
    s = at_execute(s, execution={"Delta": ("DEN1",)})
    s, _ = play(s, "Delta", "DEN1-J10 repair")
    assert s.port(s.cfg.index["J10"]).damage == 1
    assert unit(s, "DEN1").tokens == (1, 1, 1, 0)
