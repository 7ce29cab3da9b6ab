"""Skirmish, rule by rule (content/skirmish/rules.md): turns, movement, attacks,
reserves. Every refusal names its rule and leaves the state byte for byte as it was."""

from __future__ import annotations

from tests.skirmish_cases import RULES, arrange, deciding, do, legal, refused, start

from toolkit.referee.protocol import DecisionKind


# ------------------------------------------------------------------ SK-turn


def test_SK_turn_the_first_side_starts_and_the_sides_alternate_one_action_each():
    s = start()
    assert deciding(s) == "North" and s.flow.round == 1
    s, _ = do(s, "North", "move A1 A2")
    assert deciding(s) == "South" and s.flow.round == 1
    s, _ = do(s, "South", "move E5 E4")
    assert deciding(s) == "North" and s.flow.round == 2


def test_SK_turn_a_side_may_always_pass_even_when_boxed_in():
    s = arrange(start(), "N infantry A1, S guard A2, S guard B1")
    s = s.take_reserve("North", "infantry")
    assert legal(s, "North")[0] == "pass"
    s, events = do(s, "North", "pass")
    assert events == ["North passes"] and deciding(s) == "South"


def test_SK_turn_a_defence_card_is_no_action_of_its_own():
    s = start()
    reason = refused(s, "North", "defend dig_in", "SK-defend")
    assert "only when your piece is attacked" in reason


# ------------------------------------------------------------------ SK-move


def test_SK_move_a_piece_goes_up_to_its_moves_spaces_along_the_board():
    s = arrange(start(), "N scout A1, S infantry E5")
    assert {m for m in legal(s, "North") if m.startswith("move") and "+" not in m} == {
        "move A1 A2", "move A1 A3", "move A1 B1", "move A1 B2", "move A1 C1"}
    s, events = do(s, "North", "move A1 A3")
    assert s.at("A3").kind == "scout" and s.at("A1") is None
    assert events == ["North scout moves A1 to A3"]


def test_SK_move_further_than_its_moves_is_refused():
    s = arrange(start(), "N infantry A1, S infantry E5")
    reason = refused(s, "North", "move A1 A3", "SK-move")
    assert reason == ("your infantry on A1 cannot reach A3: it goes up to 1 space(s) "
                      "through empty, passable spaces")


def test_SK_move_no_piece_passes_through_another_piece_friend_or_foe():
    s = arrange(start(), "N scout A1, N infantry A2, S infantry B1, S infantry E5")
    refused(s, "North", "move A1 A3", "SK-move")  # through its own infantry
    refused(s, "North", "move A1 C1", "SK-move")  # through the enemy
    refused(s, "North", "move A1 A2", "SK-move")  # onto a piece


def test_SK_move_an_impassable_space_blocks_the_way():
    s = arrange(start(), "N scout B4, S infantry E5")
    refused(s, "North", "move B4 C3", "SK-move")  # the lake
    assert "move B4 D4" in legal(s, "North")  # round it, not across


def test_SK_move_only_your_own_pieces_and_only_spaces_on_the_board():
    s = start()
    assert refused(s, "North", "move E5 E4", "SK-move") == "you have no piece on E5"
    assert refused(s, "North", "move Z9 A2", "SK-move") == "there is no space Z9 on the board"


MAP = '''scenario "Crossroads" {
  ruleset skirmish
  sides North, South
  terrain road
  terrain swamp { impassable }
  board roads: map {
    terrain road
    node north-gate at 0, 0
    node mill at 10, 0
    node bog at 20, 0 { terrain swamp }
    node bridge at 50, 50
    node south-gate at 60, 0
    link north-gate mill bridge south-gate
    link mill bog south-gate
  }
  piece rider { moves 2 }
  setup North { rider at north-gate }
  setup South { rider at south-gate }
  table turn_sequence { turn [in_turn, "One action each."] }
}
'''


def test_SK_move_on_a_map_follows_the_links_whatever_the_drawing():
    s = start(MAP)
    assert sorted(m for m in legal(s, "North") if m != "pass") == [
        "move north-gate bridge", "move north-gate mill"]
    refused(s, "North", "move north-gate bog", "SK-move")  # impassable node


def test_SK_move_on_a_hex_grid_a_space_has_six_neighbours():
    hexes = '''scenario "Hexes" {
  ruleset skirmish
  sides North, South
  terrain plain
  board h: hex 5 x 5 { terrain plain }
  piece infantry
  setup North { infantry at C3 }
  setup South { infantry at A1 }
  table turn_sequence { turn [in_turn, "One action each."] }
}
'''
    s = start(hexes)
    steps = [m for m in legal(s, "North") if m.startswith("move")]
    assert len(steps) == 6


# ---------------------------------------------------------------- SK-attack


def test_SK_attack_a_stronger_attacker_destroys_the_defender_and_moves_in():
    s = arrange(start(), "N guard B2, S infantry C2, S infantry E5")
    s, events = do(s, "North", "attack B2 C2")  # South holds cards: it may defend
    assert RULES.decision(s).kind is DecisionKind.REACTION
    reason = refused(s, "North", "move B2 B3", "SK-defend")  # the attacker waits, told why
    assert reason.startswith("South answers the attack on C2 first (defend CARD or "
                             "pass); North goes on after")
    s, events = do(s, "South", "pass")
    assert s.at("C2").side == "North" and s.at("C2").kind == "guard" and s.at("B2") is None
    assert events[-1] == ("North guard on B2 attacks South infantry on C2: 3 against 2; "
                          "the infantry is destroyed and the guard moves in")


def test_SK_attack_a_weaker_attacker_is_destroyed():
    s = arrange(start(), "N scout B2, S infantry C2, S infantry E5")
    s, _ = do(s, "North", "attack B2 C2")
    s, events = do(s, "South", "pass")
    assert s.at("B2") is None and s.at("C2").side == "South"
    assert events[-1].endswith("1 against 2; the attacking scout is destroyed")


def test_SK_attack_equal_totals_are_a_stand_off_and_both_stay():
    s = arrange(start(), "N infantry B2, S infantry C2, S infantry E5")
    s, _ = do(s, "North", "attack B2 C2")
    s, events = do(s, "South", "pass")
    assert s.at("B2").side == "North" and s.at("C2").side == "South"
    assert events[-1].endswith("2 against 2; a stand-off, both stay")
    assert deciding(s) == "South"  # the attack was North's whole turn


def test_SK_attack_the_defenders_terrain_defence_counts():
    s = arrange(start(), "N guard A3, S infantry B3, S infantry E5")  # B3 is a hill
    s, _ = do(s, "North", "attack A3 B3")
    s, events = do(s, "South", "pass")
    assert events[-1].endswith("3 against 3; a stand-off, both stay")


def test_SK_attack_only_an_enemy_on_a_neighbouring_space():
    s = arrange(start(), "N guard A1, N infantry B1, S infantry A3, S infantry E5")
    assert refused(s, "North", "attack A1 A3", "SK-attack") == "A3 is not next to A1"
    assert refused(s, "North", "attack A1 B1", "SK-attack") == "there is no enemy piece on B1"
    assert refused(s, "North", "attack A3 A2", "SK-attack") == "you have no piece on A3"


# ----------------------------------------------------------------- SK-enter


def test_SK_enter_a_reserve_piece_onto_an_empty_space_of_your_deployment_zone():
    s = start()
    entries = [m for m in legal(s, "North") if m.startswith("enter")]
    assert entries == ["enter infantry B1", "enter infantry C1", "enter infantry D1",
                       "enter infantry E1"]  # A1 is taken
    s, events = do(s, "North", "enter infantry D1")
    assert s.at("D1").kind == "infantry" and s.reserve_of("North") == ()
    assert events == ["North brings infantry from its reserve onto D1"]


def test_SK_enter_is_refused_outside_the_zone_on_a_taken_space_or_without_a_reserve():
    s = start()
    assert refused(s, "North", "enter infantry B2", "SK-enter") == \
        "B2 is not in your deployment zone"
    assert refused(s, "North", "enter infantry A1", "SK-enter") == "A1 is not empty"
    assert refused(s, "North", "enter guard B1", "SK-enter") == "you have no guard in reserve"
    assert refused(s, "North", "enter infantry A5", "SK-enter") == \
        "A5 is not in your deployment zone"  # the enemy's zone


# ------------------------------------------------------- SK-board, SK-pieces


def test_SK_board_one_piece_a_space_is_a_check_error():
    import dsl
    from tests.skirmish_cases import FIELD
    from toolkit.referee.playable import problems

    text = FIELD.replace("    infantry at A1\n", "    infantry at A1\n    guard at E5\n")
    found = [(d.line, d.message) for d in problems(dsl.loads(text, "t.scn"))]
    north = next(i for i, l in enumerate(text.splitlines(), 1) if "guard at E5" in l)
    south = next(i for i, l in enumerate(text.splitlines(), 1) if "infantry at E5" in l)
    assert (south, f"E5 already holds North's piece (line {north}); one piece per space") \
        in found


def test_SK_pieces_moves_and_strength_are_one_when_left_out():
    s = start(MAP.replace("piece rider { moves 2 }", "piece rider"))
    assert s.cfg.moves["rider"] == 1 and s.cfg.strength["rider"] == 1
    assert sorted(m for m in legal(s, "North") if m != "pass") == ["move north-gate mill"]
