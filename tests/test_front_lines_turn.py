"""Front Lines turn resolution and skills (FL-turn-2/3/4, FL-move-5, FL-spawn-2/3,
FL-recon-3, FL-skill-3…6)."""

from __future__ import annotations

from pathlib import Path

import dsl
from toolkit.referee.kit.view import PieceView
from toolkit.referee.rulesets.front_lines import RULESET as FL
from toolkit.referee.rulesets.front_lines.position import play_turn, position

SCN = dsl.load(Path(__file__).parents[1] / "content" / "front_lines" / "front_lines.scn")
KEEP = {"North": ["commander A1", "infantry H1"], "South": ["commander A10", "infantry H10"]}


def start(north=(), south=(), **kw):
    return position(SCN, {"North": KEEP["North"] + list(north),
                          "South": KEEP["South"] + list(south)}, **kw)


def at(state, square):
    cfg = state.cfg
    return sorted((cfg.sides[u.side], u.kind) for u in state.units.values()
                  if u.sq == cfg.index[square])


def test_FL_turn_2_steps_resolve_in_order_one_action_per_side():
    # North's step-1 move meets South's step-1 move; South's step-2 move comes after
    s = start(["armor D4"], ["infantry D6", "anti_tank E6"])
    s, _ = play_turn(s, North=["AD4-D5"], South=["ID6-D5", "TE6-E5", "TE5-D5"])
    # step 1: armor and infantry arrive on D5 together: armor wins;
    # step 3: the anti-tank arrives and beats the armor
    assert at(s, "D5") == [("South", "anti_tank")]


def test_FL_turn_2_skills_resolve_after_the_steps_movement_and_combat():
    # the airstrike is ordered in step 1 on D5, where South's infantry arrives in step 1
    s = start(["infantry D3"], ["infantry D6"])
    s, events = play_turn(s, North=["airstrike@D5"], South=["ID6-D5"])
    assert at(s, "D5") == []
    kinds = [e.kind for e in events if e.to is None]
    assert kinds.index("airstrike") > kinds.index("turn")


def test_FL_skill_3_a_skill_takes_an_action_slot():
    s = start(["infantry D3"])
    s, _ = play_turn(s, North=["airstrike@D6", "ID3-D4", "ID4-D5"])
    assert at(s, "D5") == [("North", "infantry")]
    assert "airstrike" not in s.skills[0]


def test_FL_turn_3_pass_holds():
    s = start(["infantry D3"])
    before = {u.sq for u in s.units.values()}
    s, _ = play_turn(s)
    assert {u.sq for u in s.units.values()} == before
    assert s.turn == 2


def test_FL_turn_4_orders_of_destroyed_units_lapse():
    s = start(["infantry D4"], ["armor D6"])
    s, events = play_turn(s, North=["ID4-D5", "ID5-D6"], South=["AD6-D5"])
    assert at(s, "D5") == [("South", "armor")]
    lapsed = [e for e in events if e.kind == "lapse"]
    assert lapsed and lapsed[0].to == frozenset({"North"})


def test_FL_move_5_moving_onto_the_enemy_is_an_attack():
    s = start(["anti_tank D4"], ["armor D5"])
    s, events = play_turn(s, North=["TD4-D5"])
    assert at(s, "D5") == [("North", "anti_tank")]
    assert any(e.kind == "combat" for e in events)


def test_FL_spawn_2_a_spawn_arrives_in_its_step_and_can_move_later():
    s = start()
    s, _ = play_turn(s, North=["A@C2", "AC2-C3", "AC3-C4"])
    assert at(s, "C4") == [("North", "armor")]
    assert s.pools[0]["armor"] == 0


def test_FL_spawn_2_a_spawn_onto_the_enemy_fights():
    s = start([], ["infantry B2"])
    s, _ = play_turn(s, North=["A@B2"])
    assert at(s, "B2") == [("North", "armor")]


def test_FL_spawn_3_and_FL_recon_3_recon_starts_disguised():
    s = start()
    s, _ = play_turn(s, North=["R@C2", "RC2-C3"])
    recon = next(u for u in s.units.values() if u.kind == "recon")
    assert recon.disguised
    v = FL.view(s, "South")
    assert PieceView("C3", "infantry", "North", "I") in v.pieces
    assert PieceView("C3", "recon", "North", "R") not in v.pieces


def test_FL_recon_3_moving_two_squares_reveals_the_recon():
    s = start(["recon C3"])
    s, events = play_turn(s, North=["RC3-C5"])
    recon = next(u for u in s.units.values() if u.kind == "recon")
    assert not recon.disguised
    assert PieceView("C5", "recon", "North", "R") in FL.view(s, "South").pieces
    assert any(e.kind == "reveal" and e.reveals for e in events)
    # later one-square moves do not disguise it again
    s, _ = play_turn(s, North=["RC5-C6"])
    assert PieceView("C6", "recon", "North", "R") in FL.view(s, "South").pieces


def test_FL_recon_4_the_recon_passes_over_the_middle_square():
    s = start(["recon C3"], ["armor C4"])
    s, _ = play_turn(s, North=["RC3-C5"])
    assert at(s, "C5") == [("North", "recon")]
    assert at(s, "C4") == [("South", "armor")]


def test_FL_skill_4_airstrike_destroys_everything_on_its_square_yours_too():
    s = start(["infantry D5", "armor D5"])
    s, _ = play_turn(s, North=["airstrike@D5"])
    assert at(s, "D5") == []
    s = position(SCN, {"North": ["commander A1", "infantry H1"],
                       "South": ["commander D6", "infantry H10"]})
    s, _ = play_turn(s, North=["airstrike@D6"])
    assert s.outcome.winner == "North" and s.outcome.rule == "FL-win-1"


def test_FL_skill_5_reinforce_drops_one_infantry_that_may_fight():
    s = start()
    s, _ = play_turn(s, North=["reinforce@E5", "IE5-E6"])
    assert at(s, "E6") == [("North", "infantry")]
    s = start([], ["anti_tank F6"])
    s, _ = play_turn(s, North=["reinforce@F6"])
    assert at(s, "F6") == [("North", "infantry")]      # infantry beats anti-tank


def test_FL_skill_6_a_mine_destroys_all_on_its_square_when_a_unit_arrives():
    s = start(["armor D4"], ["infantry D6", "anti_tank E5"])
    s, events = play_turn(s, North=["mine@D5"], South=["pass", "ID6-D5"])
    assert at(s, "D5") == []
    assert not s.mines[0]
    assert any(e.kind == "mine" and e.reveals for e in events)


def test_FL_skill_6_mines_hit_their_owner_too_and_ignore_units_already_there():
    s = start(["armor D4", "infantry D5"], [], mines={"North": ["D5"]}, skills={"North": []})
    s, _ = play_turn(s)
    assert at(s, "D5") == [("North", "infantry")]        # sitting on it is safe
    s, _ = play_turn(s, North=["AD4-D5"])
    assert at(s, "D5") == []                              # arriving sets it off


def test_FL_skill_6_mines_go_off_before_combat():
    s = start(["armor D4"], ["infantry D6"], mines={"South": ["D5"]})
    s, events = play_turn(s, North=["AD4-D5"], South=["ID6-D5"])
    assert at(s, "D5") == []
    assert not any(e.kind == "combat" for e in events)
