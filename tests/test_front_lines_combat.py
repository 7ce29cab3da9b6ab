"""Front Lines combat (FL-combat-*, FL-recon-1/2/5): the triangle, numbers, mixed
stacks, swaps, Commanders and Recon, played through whole turns."""

from __future__ import annotations

from pathlib import Path

import pytest

import dsl
from toolkit.referee.rulesets.front_lines.combat import fight, triangle
from toolkit.referee.rulesets.front_lines.position import play_turn, position

SCN = dsl.load(Path(__file__).parents[1] / "content" / "front_lines" / "front_lines.scn")
# Commanders far apart and Infantry in reserve squares so no other ending interferes
KEEP = {"North": ["commander A1", "infantry H1"], "South": ["commander A10", "infantry H10"]}


def at(state, square):
    """(side, type) of every unit on a square, sorted."""
    cfg = state.cfg
    return sorted((cfg.sides[u.side], u.kind) for u in state.units.values()
                  if u.sq == cfg.index[square])


def battle(north, south, n_orders=(), s_orders=(), **kw):
    s = position(SCN, {"North": KEEP["North"] + north, "South": KEEP["South"] + south}, **kw)
    return play_turn(s, North=list(n_orders), South=list(s_orders))


def cfg():
    return position(SCN, KEEP).cfg


@pytest.mark.parametrize("winner,loser", [("armor", "infantry"), ("anti_tank", "armor"),
                                          ("infantry", "anti_tank")])
def test_FL_combat_2_the_triangle(winner, loser):
    letter = {"armor": "A", "anti_tank": "T", "infantry": "I"}
    # the winner attacks
    s, _ = battle([f"{winner} D4"], [f"{loser} D5"], [f"{letter[winner]}D4-D5"])
    assert at(s, "D5") == [("North", winner)]
    # the winner defends
    s, _ = battle([f"{loser} D4"], [f"{winner} D5"], [f"{letter[loser]}D4-D5"])
    assert at(s, "D5") == [("South", winner)]
    assert at(s, "D4") == []


@pytest.mark.parametrize("kind,letter", [("armor", "A"), ("infantry", "I"), ("anti_tank", "T")])
def test_FL_combat_3_same_type_cancels_one_for_one(kind, letter):
    s, events = battle([f"{kind} D4"], [f"{kind} D5"], [f"{letter}D4-D5"])
    assert at(s, "D5") == []
    assert any(e.kind == "combat" and e.to is None for e in events)


def test_FL_combat_4_numbers_overcome_type():
    # Infantry+Anti-Tank against a lone Armor: the Armor is destroyed even though it
    # beats Infantry; it takes the Infantry (the type it beats) with it
    s, _ = battle(["infantry D4", "anti_tank D4"], ["armor D5"], ["ID4-D5", "TD4-D5"])
    # step 1: infantry alone meets the armor and falls; step 2: the anti-tank beats it
    assert at(s, "D5") == [("North", "anti_tank")]
    # both arrive in one step: the extra unit survives
    assert triangle(cfg(), ["infantry", "anti_tank"], ["armor"]) == ([0], [0])


def test_FL_combat_4_unequal_numbers_take_the_same_type_first():
    c = cfg()
    dead_a, dead_b = triangle(c, ["infantry", "armor"], ["armor"])
    assert dead_a == [1] and dead_b == [0]      # the armors cancel, the infantry survives
    dead_a, dead_b = triangle(c, ["infantry"], ["armor", "anti_tank"])
    assert dead_a == [0] and dead_b == [1]      # infantry takes the anti-tank it beats


def test_FL_combat_5_mixed_stacks_of_two():
    c = cfg()
    # infantry cancel, then anti-tank beats armor
    da, db = triangle(c, ["infantry", "armor"], ["infantry", "anti_tank"])
    assert sorted(da) == [0, 1] and db == [0]
    # identical stacks destroy each other
    da, db = triangle(c, ["armor", "anti_tank"], ["anti_tank", "armor"])
    assert sorted(da) == [0, 1] and sorted(db) == [0, 1]
    # on the board: a stack moves in unit by unit, the defender stack fights each arrival
    s, _ = battle(["infantry D4", "armor D4"], ["infantry D5", "anti_tank D5"],
                  ["AD4-D5"])
    # 1 against 2: the armor falls and takes the infantry (the type it beats)
    assert at(s, "D5") == [("South", "anti_tank")]
    assert at(s, "D4") == [("North", "infantry")]


def test_FL_combat_1_fights_happen_only_where_both_sides_stand():
    s, events = battle(["armor D4"], ["infantry E5"], ["AD4-D5"])
    assert at(s, "D5") == [("North", "armor")] and at(s, "E5") == [("South", "infantry")]
    assert not any(e.kind == "combat" for e in events)


def test_FL_combat_6_units_that_swap_squares_fight_on_the_way():
    s, events = battle(["armor D4"], ["infantry D5"], ["AD4-D5"], ["ID5-D4"])
    assert at(s, "D5") == [("North", "armor")]
    assert at(s, "D4") == []
    assert any("meet between" in e.text for e in events)


def test_FL_combat_6_swapping_without_a_fight_is_an_option():
    s, _ = battle(["armor D4"], ["infantry D5"], ["AD4-D5"], ["ID5-D4"],
                  options={"swap_fight": False})
    assert at(s, "D5") == [("North", "armor")]
    assert at(s, "D4") == [("South", "infantry")]


def test_FL_combat_5_any_combat_unit_destroys_a_commander():
    s0 = position(SCN, {"North": ["commander A1", "infantry E9"],
                        "South": ["commander E10", "infantry H10"]})
    s, _ = play_turn(s0, North=["IE9-E10"])
    assert s.outcome.winner == "North" and s.outcome.rule == "FL-win-1"


def test_FL_combat_8_commanders_on_one_square_both_fall():
    s0 = position(SCN, {"North": ["commander D5", "infantry H1"],
                        "South": ["commander D6", "infantry H10"]})
    s, _ = play_turn(s0, North=["CD5-D6"])
    assert s.outcome.winner is None and s.outcome.rule == "FL-draw-4"


def test_FL_recon_5_recon_dies_to_any_combat_unit():
    for kind, letter in (("infantry", "I"), ("armor", "A"), ("anti_tank", "T")):
        s, _ = battle([f"{kind} D4"], ["recon D5"], [f"{letter}D4-D5"])
        assert at(s, "D5") == [("North", kind)]
        s, _ = battle(["recon D4"], [f"{kind} D5"], ["RD4-D5"])
        assert at(s, "D5") == [("South", kind)]


def test_FL_recon_1_recon_against_recon_both_die():
    s, _ = battle(["recon D4"], ["recon D5"], ["RD4-D5"])
    assert at(s, "D5") == [] and at(s, "D4") == []


def test_FL_recon_2_recon_assassinates_from_any_adjacent_square():
    for recon_sq in ("D6", "E6", "C4", "C5", "D4"):   # diagonal, orthogonal, diagonal…
        s0 = position(SCN, {"North": ["commander A1", "infantry H1", f"recon {recon_sq}"],
                            "South": ["commander D5", "infantry H10"]})
        s, events = play_turn(s0)
        assert s.outcome is not None and s.outcome.winner == "North", recon_sq
        assert s.outcome.rule == "FL-win-1"
        assert any(e.kind == "assassination" for e in events)
    # two squares away: nothing happens
    s0 = position(SCN, {"North": ["commander A1", "infantry H1", "recon D7"],
                        "South": ["commander D5", "infantry H10"]})
    s, _ = play_turn(s0)
    assert s.outcome is None


def test_FL_recon_2_a_commander_walking_next_to_a_recon_is_assassinated():
    s0 = position(SCN, {"North": ["commander D3", "infantry H1"],
                        "South": ["commander A10", "infantry H10", "recon E5"]})
    s, _ = play_turn(s0, North=["CD3-D4"])
    assert s.outcome.winner == "South"


def test_fight_covers_recon_and_commander_meetings():
    c = cfg()
    assert fight(c, ["recon"], ["commander"]) == ([], [0])
    assert fight(c, ["commander"], ["recon"]) == ([0], [])
    assert fight(c, ["armor", "infantry"], ["recon"]) == ([], [0])


def test_FL_combat_7_destruction_tells_both_sides_the_true_types():
    s, events = battle(["armor D4"], ["recon D5"], ["AD4-D5"])
    combat = [e for e in events if e.kind == "combat"]
    assert len(combat) == 1 and combat[0].to is None and combat[0].reveals
    assert "South recon destroyed" in combat[0].text        # not "infantry"


def test_FL_combat_7_a_recon_that_survives_a_meeting_is_revealed():
    s0 = position(SCN, {"North": ["commander A1", "infantry H1", "recon D4"],
                        "South": ["commander D6", "infantry H10"]})
    # the recon steps next to the commander: assassination, and the recon is unmasked
    s, events = play_turn(s0, North=["RD4-D5"])
    recon = next(u for u in s.units.values() if u.kind == "recon")
    assert not recon.disguised
    assert s.outcome.winner == "North"
