"""Front Lines deployment (FL-deploy-1…3) and the scenario's parameters (FL-timer-1)."""

from __future__ import annotations

from pathlib import Path

import pytest

import dsl
from toolkit.referee import game
from toolkit.referee.kit.view import PieceView
from toolkit.referee.protocol import PASS, DecisionKind, ScenarioError
from toolkit.referee.rulesets.front_lines import RULESET as FL

PATH = Path(__file__).parents[1] / "content" / "front_lines" / "front_lines.scn"
SCN = dsl.load(PATH)


def test_the_scenario_draws_an_8_by_10_board_with_its_zones():
    b = SCN.board
    assert (b.width, b.height) == (8, 10)
    z = b.zone_index
    assert sorted(z["centre"].spaces) == sorted(f"{c}{r}" for c in "CDEF" for r in (5, 6))
    assert len(z["deploy_North"].spaces) == 24 and "H3" in z["deploy_North"].spaces
    assert set(z["spawn_South"].spaces) == {f"{c}{r}" for c in "ABCDEFGH" for r in (9, 10)}
    assert [s.reserve_counts() for s in SCN.setups.values()] == [
        {"armor": 1, "anti_tank": 2, "recon": 1}] * 2


def test_FL_deploy_1_both_sides_deploy_secretly_and_at_once():
    s = FL.new_game(SCN)
    d = FL.decision(s)
    assert d.kind is DecisionKind.ORDERS and d.players == ("North", "South")
    s, events = game.play(FL, s, "North", FL.parse_move("C=B1"))
    placed = PieceView("B1", "commander", "North", "C")
    assert placed in FL.view(s, "North").pieces and placed in FL.secrets(s, "North")
    assert FL.view(s, "South").pieces == () and FL.view(s, None).pieces == ()
    # the enemy's deployment rows are in the fog while the armies deploy
    assert "B1" in FL.view(s, "South").fog and "B1" not in FL.view(s, "North").fog
    assert all("B1" not in e.text for e in events if e.visible_to("South"))
    # the other side is told how many, in words (one unit, not "1 unit(s)")
    assert [e.text for e in events if e.visible_to("South")] == ["North places 1 unit"]


def test_FL_deploy_3_pass_places_the_rest_as_the_setup_shows():
    s = FL.new_game(SCN)
    s, _ = game.play(FL, s, "North", FL.parse_move("C=B1"))
    s, _ = game.play(FL, s, "North", PASS)
    assert FL.decision(s).players == ("South",)
    s, events = game.play(FL, s, "South", PASS)
    assert s.phase == "plan" and s.turn == 1
    assert any(e.kind == "deployed" and e.reveals for e in events)
    cfg = s.cfg
    north = sorted((cfg.names[u.sq], u.kind) for u in s.units.values() if u.side == 0)
    assert ("B1", "commander") in north and ("D1", "commander") not in north
    assert ("C2", "armor") in north and ("E3", "recon") in north
    assert len(north) == 10


def test_FL_deploy_3_auto_placement_skips_a_square_that_cannot_take_the_unit():
    s = FL.new_game(SCN)
    s, _ = game.play(FL, s, "North", FL.parse_move("R=D1"))   # the commander's square
    s, _ = game.play(FL, s, "North", PASS)
    s, _ = game.play(FL, s, "South", PASS)
    cfg = s.cfg
    where = {(cfg.names[u.sq], u.kind) for u in s.units.values() if u.side == 0}
    assert ("D1", "recon") in where and ("A1", "commander") in where


def test_deployment_setup_option_skips_the_phase():
    s = FL.new_game(SCN, {"deployment": "setup"})
    assert s.phase == "plan" and len(s.units) == 20


def test_options_are_checked():
    with pytest.raises(ScenarioError):
        FL.new_game(SCN, {"sideways": "sometimes"})
    with pytest.raises(ScenarioError):
        FL.new_game(SCN, {"no_such_option": 1})
    with pytest.raises(ScenarioError):
        FL.new_game(SCN, {"actions_per_turn": 0})


def test_a_scenario_missing_what_the_rules_need_is_refused():
    text = PATH.read_text()
    with pytest.raises(ScenarioError, match="zone called centre"):
        FL.new_game(dsl.loads(text.replace("zone centre: C5..F6 { title \"Centre squares\" }", ""), path=str(PATH)))
    with pytest.raises(ScenarioError, match="exactly one commander"):
        FL.new_game(dsl.loads(text.replace("commander at D1", "infantry at D1"), path=str(PATH)))


def test_FL_combat_2_the_triangle_is_scenario_data():
    from toolkit.referee.rulesets.front_lines.position import play_turn, position

    text = PATH.read_text()
    for piece, old, new in (("infantry", "anti_tank", "armor"), ("armor", "infantry", "anti_tank"),
                            ("anti_tank", "armor", "infantry")):
        line = next(x for x in text.splitlines() if x.strip().startswith(f"piece {piece} "))
        text = text.replace(line, line.replace(f"beats {old}", f"beats {new}"))
    reversed_triangle = dsl.loads(text, path=str(PATH))
    s = position(reversed_triangle, {"North": ["commander A1", "infantry H1", "infantry D4"],
                                     "South": ["commander A10", "infantry H10", "armor D5"]})
    assert s.cfg.pieces["infantry"].beats == {"armor"}
    s, _ = play_turn(s, North=["ID4-D5"])
    assert [(u.side, u.kind) for u in s.units.values() if s.cfg.names[u.sq] == "D5"] == [
        (0, "infantry")]


def test_FL_timer_1_timers_are_off_unless_chosen():
    s = FL.new_game(SCN)
    assert FL.time_limit(s, "North") is None
    s = FL.new_game(SCN, {"timers": "online"})
    assert FL.time_limit(s, "North") == 120                 # deployment
    s = FL.new_game(SCN, {"timers": "hotseat", "deployment": "setup"})
    assert FL.time_limit(s, "South") == 60
    s = FL.new_game(SCN, {"timers": "online", "deployment": "setup"})
    assert FL.time_limit(s, "South") == 45
