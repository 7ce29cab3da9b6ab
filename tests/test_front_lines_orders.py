"""Front Lines planning: every rejection names its rule and leaves the state as it was;
enumeration and the one legality function agree (FL-turn-1, FL-move-*, FL-stack-*,
FL-spawn-*, FL-skill-1/2/6, FL-deploy-*, FL-notation-2)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import dsl
from toolkit.referee import game
from toolkit.referee.protocol import PASS, IllegalMoveError
from toolkit.referee.rulesets.front_lines import RULESET as FL
from toolkit.referee.rulesets.front_lines.notation import DEPLOY, MOVE, SKILL, SPAWN, Order
from toolkit.referee.rulesets.front_lines.position import position

SCN = dsl.load(Path(__file__).parents[1] / "content" / "front_lines" / "front_lines.scn")
BASE = {"North": ["commander D1", "infantry C3", "armor C2", "anti_tank D2", "recon F3"],
        "South": ["commander E10", "infantry C8", "armor F9"]}


def plan(state, side, *texts):
    for text in texts:
        state, _ = game.play(FL, state, side, FL.parse_move(text), text)
    return state


def refused(state, side, text, rule):
    """`text` is refused with `rule`, by check and by the core, and nothing changes."""
    before = FL.state_hash(state)
    move = FL.parse_move(text)
    why = FL.check(state, side, move)
    assert why is not None and why.rule == rule, why
    assert why.reason and not why.reason.endswith(".")
    with pytest.raises(IllegalMoveError) as err:
        game.play(FL, state, side, move, text)
    assert err.value.rule == rule
    assert FL.state_hash(state) == before
    assert move not in list(FL.legal_moves(state, side))
    return why


@pytest.fixture
def state():
    return position(SCN, BASE)


def test_FL_move_1_move_needs_your_unit_of_that_type_on_the_square(state):
    refused(state, "North", "IC4-C5", "FL-move-1")      # nobody on C4
    refused(state, "North", "AC3-C4", "FL-move-1")      # C3 holds infantry, not armor
    refused(state, "North", "IC8-C7", "FL-move-1")      # an enemy unit is not yours
    # a unit is named where the plan has put it
    s = plan(state, "North", "IC3-C4")
    refused(s, "North", "IC3-C4", "FL-move-1")
    assert FL.check(s, "North", FL.parse_move("IC4-C5")) is None


def test_FL_move_2_at_most_one_backward_move_per_unit_per_turn(state):
    s = plan(state, "North", "IC3-B3", "IB3-B2")        # sideways, then back once
    refused(s, "North", "IB2-B1", "FL-move-2")
    assert FL.check(s, "North", FL.parse_move("IB2-B3")) is None  # forward again is fine
    # another unit still has its own backward move
    assert FL.check(s, "North", FL.parse_move("RF3-F2")) is None


def test_FL_move_5_forward_moves_any_number_of_times(state):
    s = plan(state, "North", "IC3-C4", "IC4-C5", "IC5-C6")
    assert len(s.plans[0].orders) == 3


def test_FL_move_2_the_count_resets_each_turn(state):
    s = plan(state, "North", "IC3-C2", "pass", "pass")
    s = plan(s, "South", "pass", "pass", "pass")
    assert s.turn == 2
    assert FL.check(s, "North", FL.parse_move("IC2-C1")) is None


def test_FL_move_3_straight_orthogonal_lines_within_reach(state):
    refused(state, "North", "IC3-D4", "FL-move-3")      # diagonal
    refused(state, "North", "IC3-C5", "FL-move-3")      # two squares for a one-square piece
    refused(state, "North", "CD1-D3", "FL-move-3")      # the commander moves one square

def test_FL_recon_4_recon_moves_up_to_two_squares_in_a_line(state):
    assert FL.check(state, "North", FL.parse_move("RF3-F5")) is None
    assert FL.check(state, "North", FL.parse_move("RF3-H3")) is None
    refused(state, "North", "RF3-G4", "FL-move-3")
    refused(state, "North", "RF3-F6", "FL-move-3")


def test_FL_move_4_sideways_moves_are_free_by_default_and_an_option():
    s = position(SCN, BASE)
    s = plan(s, "North", "IC3-B3", "IB3-A3", "IA3-B3")
    assert len(s.plans[0].orders) == 3
    s = position(SCN, BASE, options={"sideways": "forbidden"})
    refused(s, "North", "IC3-B3", "FL-move-4")
    s = position(SCN, BASE, options={"sideways": "backward"})
    s = plan(s, "North", "IC3-B3")
    refused(s, "North", "IB3-A3", "FL-move-2")
    refused(s, "North", "IB3-B2", "FL-move-2")


def test_FL_stack_1_two_combat_units_of_different_types(state):
    assert FL.check(state, "North", FL.parse_move("IC3-D3")) is None
    s = plan(state, "North", "TD2-D3")
    s2 = plan(s, "North", "IC3-D3")                      # infantry joins anti-tank: fine
    assert sorted(s2.plans[0].kinds[u] for u in s2.plans[0].occ[s2.cfg.index["D3"]]) == [
        "anti_tank", "infantry"]
    s3 = plan(state, "North", "IC3-C2")                  # infantry joins armor on C2
    refused(s3, "North", "TD2-C2", "FL-stack-1")         # a third combat unit
    t = position(SCN, {"North": ["commander D1", "infantry C3", "infantry D3"],
                       "South": ["commander E10", "infantry C8"]})
    why = refused(t, "North", "IC3-D3", "FL-stack-1")    # two of one type
    assert "infantry" in why.reason


def test_FL_stack_2_recon_and_commander_are_never_stacked():
    s = position(SCN, {"North": ["commander D1", "infantry D2", "recon E2", "armor E3"],
                       "South": ["commander E10", "infantry C8"]})
    refused(s, "North", "ID2-D1", "FL-stack-2")          # onto the commander
    refused(s, "North", "CD1-D2", "FL-stack-2")          # the commander onto infantry
    refused(s, "North", "RE2-D2", "FL-stack-2")          # the recon onto infantry
    refused(s, "North", "AE3-E2", "FL-stack-2")          # armor onto the recon
    refused(s, "North", "A@E2", "FL-stack-2")            # a spawn onto the recon
    refused(s, "North", "reinforce@D1", "FL-stack-2")    # a drop onto the commander


def test_FL_spawn_1_spawning_uses_the_reserve(state):
    s = plan(state, "North", "R@A2")
    refused(s, "North", "R@B2", "FL-spawn-1")            # the only recon is out
    s = plan(s, "North", "T@B2", "T@B1")
    s = plan(s, "South", "pass", "pass", "pass")
    refused(s, "North", "T@A1", "FL-spawn-1")
    refused(s, "North", "I@A1", "FL-spawn-1")            # infantry was never in reserve
    assert s.pools[0] == {"armor": 1, "anti_tank": 0, "recon": 0}


def test_FL_spawn_2_reserves_arrive_on_the_back_two_rows(state):
    refused(state, "North", "A@A3", "FL-spawn-2")
    refused(state, "North", "A@A9", "FL-spawn-2")
    assert FL.check(state, "North", FL.parse_move("A@A2")) is None
    assert FL.check(state, "South", FL.parse_move("A@A9")) is None
    refused(state, "South", "A@A8", "FL-spawn-2")


def test_FL_skill_1_each_skill_once_a_game(state):
    s = plan(state, "North", "airstrike@D7")
    refused(s, "North", "airstrike@E7", "FL-skill-1")
    s = plan(s, "North", "pass", "pass")
    s = plan(s, "South", "pass", "pass", "pass")
    refused(s, "North", "airstrike@E7", "FL-skill-1")
    t = position(SCN, BASE, skills={"North": ["mine"]})
    refused(t, "North", "reinforce@C4", "FL-skill-1")


def test_FL_skill_2_skills_reach_the_own_half_and_two_centre_rows_beyond(state):
    for sq in ("A1", "H5", "C6", "F7", "D7"):
        assert FL.check(state, "North", FL.parse_move(f"airstrike@{sq}")) is None, sq
    refused(state, "North", "airstrike@B6", "FL-skill-2")   # not a centre column
    refused(state, "North", "airstrike@D8", "FL-skill-2")   # three rows in
    refused(state, "North", "mine@G7", "FL-skill-2")
    refused(state, "South", "reinforce@D3", "FL-skill-2")
    assert FL.check(state, "South", FL.parse_move("reinforce@D4")) is None


def test_FL_skill_6_a_square_is_mined_once():
    s = position(SCN, BASE, mines={"North": ["D4"]}, skills={"North": ["mine"]})
    refused(s, "North", "mine@D4", "FL-skill-6")
    assert FL.check(s, "North", FL.parse_move("mine@D5")) is None
    # the enemy's mine on the same square is not a reason: that would leak it
    t = position(SCN, BASE, mines={"South": ["D4"]})
    assert FL.check(t, "North", FL.parse_move("mine@D4")) is None


def test_FL_turn_1_three_actions_then_wait(state):
    s = plan(state, "North", "IC3-C4", "pass", "pass")
    d = FL.decision(s)
    assert d.players == ("South",)
    before = FL.state_hash(s)
    why = FL.check(s, "North", FL.parse_move("IC4-C5"))
    assert why.rule == "FL-turn-1" and why.reason
    assert list(FL.legal_moves(s, "North")) == []
    with pytest.raises(IllegalMoveError):
        game.play(FL, s, "North", FL.parse_move("IC4-C5"))
    assert FL.state_hash(s) == before
    why = game.check(FL, s, "North", FL.parse_move("IC4-C5"))  # the core says it too
    assert why.rule == "FL-turn-1"
    assert why.reason == ("North has planned all its actions this turn; they are carried out "
                          "when the enemy's are given; waiting for South")


def test_FL_turn_1_options_change_the_number_of_actions():
    s = position(SCN, BASE, options={"actions_per_turn": 2})
    s = plan(s, "North", "IC3-C4", "IC4-C5")
    assert FL.decision(s).players == ("South",)


def test_FL_notation_2_unknown_letters_and_squares(state):
    refused(state, "North", "QC3-C4", "FL-notation-2")
    refused(state, "North", "IC3-C11", "FL-notation-2")
    refused(state, "North", "airstrike@J4", "FL-notation-2")


def test_FL_deploy_1_deployment_orders_only_in_deployment(state):
    refused(state, "North", "I=C3", "FL-deploy-1")
    d = FL.new_game(SCN)
    refused(d, "North", "IC3-C4", "FL-deploy-1")
    refused(d, "North", "I=C4", "FL-deploy-1")           # row 4 is not North's
    refused(d, "South", "I=C7", "FL-deploy-1")
    assert FL.check(d, "South", FL.parse_move("I=C8")) is None


def test_FL_deploy_2_exactly_the_army_is_placed():
    d = FL.new_game(SCN)
    d = plan(d, "North", "C=A1")
    refused(d, "North", "C=B1", "FL-deploy-2")
    d = plan(d, "North", "R=A3")
    refused(d, "North", "R=B3", "FL-deploy-2")
    refused(d, "North", "I=A1", "FL-stack-2")            # onto the commander


# ------------------------------------------------------- one legality function

ALL_WORDS = ("airstrike", "reinforce", "mine")


def _every_order(state):
    cfg = state.cfg
    out = [PASS]
    for sq in cfg.names:
        for letter in cfg.by_letter:
            out.append(Order(SPAWN, letter, "", sq))
            out.append(Order(DEPLOY, letter, "", sq))
        for w in ALL_WORDS:
            out.append(Order(SKILL, w, "", sq))
    for i, src in enumerate(cfg.names):
        for dst in cfg.names:
            if cfg.distance(i, cfg.index[dst]) in (1, 2, 3):
                for letter in cfg.by_letter:
                    out.append(Order(MOVE, letter, src, dst))
    return out


@pytest.mark.parametrize("seed", range(4))
def test_enumeration_is_exactly_what_check_accepts(seed):
    """FL-turn-1: legal_moves lists every order check accepts, and only those."""
    rng = random.Random(seed)
    state = FL.new_game(SCN)
    everything = None
    checked = 0
    while FL.decision(state) is not None and checked < 12:
        d = FL.decision(state)
        side = rng.choice(d.players)
        legal = list(FL.legal_moves(state, side))
        if rng.random() < 0.25:
            everything = everything or _every_order(state)
            accepted = [m for m in everything if FL.check(state, side, m) is None]
            assert set(accepted) == set(legal)
            checked += 1
        state, _ = FL.apply(state, side, rng.choice(legal))


def test_nothing_is_taken_once_the_game_is_over():
    from toolkit.referee.rulesets.front_lines.position import play_turn

    s = position(SCN, {"North": ["commander A1", "infantry H1", "armor E9"],
                       "South": ["commander E10", "infantry H10"]})
    s, _ = play_turn(s, North=["AE9-E10"])
    assert FL.decision(s) is None and FL.outcome(s).rule == "FL-win-1"
    before = FL.state_hash(s)
    assert FL.check(s, "North", PASS).rule == "over"
    assert list(FL.legal_moves(s, "South")) == []
    with pytest.raises(IllegalMoveError) as err:
        game.play(FL, s, "South", PASS)
    assert err.value.rule == "over"
    assert FL.state_hash(s) == before


# ------------------------------------------- positions with counted legal orders

POSITIONS = json.loads((Path(__file__).parent / "data" / "front_lines" /
                        "positions.json").read_text())


@pytest.mark.parametrize("case", POSITIONS, ids=[c["name"] for c in POSITIONS])
def test_legal_order_counts_counted_by_hand(case):
    """FL-turn-1, FL-move-*, FL-stack-*, FL-spawn-*, FL-skill-2: the counts in
    positions.json were worked out by hand (see each entry's `why`)."""
    s = position(SCN, case["units"], pools=case.get("pools"), skills=case.get("skills"))
    for side, given in case["orders"].items():
        s = plan(s, side, *given)
    assert len(list(FL.legal_moves(s, case["side"]))) == case["legal"]
