"""The referee core: protocol values, errors, the generic checks and the registry."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

import dsl
from toolkit.referee import game, registry
from toolkit.referee.chance import ChanceOutcome, Dice
from toolkit.referee.protocol import (
    CHANCE,
    PASS,
    AmbiguousMoveError,
    Decision,
    DecisionKind,
    Event,
    Illegal,
    IllegalMoveError,
    MoveSyntaxError,
    Outcome,
    Ruleset,
)

TOY = Path(__file__).parent / "referee_toy" / "dice_race.scn"
registry.register("dice_race", "tests.referee_toy.dice_race:RULESET")


@pytest.fixture
def toy():
    scenario = dsl.load(TOY)
    rules = registry.get("dice_race")
    return rules, rules.new_game(scenario)


def test_illegal_reads_as_reason_and_rule():
    assert str(Illegal("FL-stack-2", "recon may not stack")) == \
        "illegal: recon may not stack (FL-stack-2)"


def test_errors_separate_cannot_read_from_cannot_do():
    illegal = IllegalMoveError("FL-stack-2", "recon may not stack", "C4-C5")
    unreadable = MoveSyntaxError("FL-notation", "a move is FROM-TO", "C9-")
    assert isinstance(illegal, ValueError) and isinstance(unreadable, ValueError)
    assert not isinstance(illegal, MoveSyntaxError)
    assert not isinstance(unreadable, IllegalMoveError)
    assert str(illegal) == "illegal: recon may not stack (FL-stack-2)"
    assert str(unreadable) == 'cannot read "C9-": a move is FROM-TO (FL-notation)'
    assert (illegal.rule, illegal.text) == ("FL-stack-2", "C4-C5")
    assert IllegalMoveError.of(Illegal("r", "no")).illegal == Illegal("r", "no")
    assert issubclass(AmbiguousMoveError, MoveSyntaxError)


def test_decisions_are_well_formed():
    assert Decision.move("Red").players == ("Red",)
    assert Decision.orders(["Red", "Blue"]).kind is DecisionKind.ORDERS
    assert Decision.roll(Dice(2, 6)).prompt == "roll 2d6"
    with pytest.raises(ValueError):
        Decision(DecisionKind.MOVE, ("Red", "Blue"))
    with pytest.raises(ValueError):
        Decision(DecisionKind.CHANCE, ("Red",), chance=Dice())
    with pytest.raises(ValueError):
        Decision(DecisionKind.ORDERS, ())


def test_pass_is_one_value_that_survives_pickling():
    assert str(PASS) == "pass"
    assert pickle.loads(pickle.dumps(PASS)) is PASS


def test_outcome_and_event_text():
    assert str(Outcome("Red", "commander killed", "FL-win-1")) == \
        "Red wins: commander killed (FL-win-1)"
    assert Outcome(None, "no casualties for 10 turns").draw
    private = Event("plan", "Red plans", to=frozenset({"Red"}))
    assert private.visible_to("Red") and not private.visible_to("Blue")
    assert not private.visible_to(None)
    assert Event("move", "public").visible_to("Blue")


def test_a_side_that_is_not_asked_is_refused_with_the_turn_rule(toy):
    rules, state = toy
    state, _ = game.play(rules, state, "Red", rules.parse_move("boost 1"))
    why = game.check(rules, state, "Red", rules.parse_move("boost 1"))
    assert why.rule == "turn" and "waiting for Blue" in why.reason


def test_chance_outcomes_are_checked_by_their_spec(toy):
    rules, state = toy
    for side in ("Red", "Blue"):
        state, _ = game.play(rules, state, side, rules.parse_move("boost 0"))
    assert rules.decision(state).kind is DecisionKind.CHANCE
    assert game.check(rules, state, "Red", ChanceOutcome((3,))).rule == "turn"
    assert game.check(rules, state, CHANCE, ChanceOutcome((7,))).rule == "chance-impossible"
    assert game.check(rules, state, CHANCE, ChanceOutcome((6,))) is None
    assert game.parse_move(rules, state, CHANCE, "4") == ChanceOutcome((4,))
    assert len(game.legal_moves(rules, state, CHANCE)) == 6
    assert game.legal_moves(rules, state, "Red") == []


def test_an_illegal_move_leaves_the_state_exactly_as_it_was(toy):
    """DR-boost: a boost above 2 is refused; the state hash is the same before and after."""
    rules, state = toy
    before = rules.state_hash(state)
    with pytest.raises(IllegalMoveError) as err:
        game.play(rules, state, "Red", rules.parse_move("boost 3"))
    assert err.value.rule == "DR-boost"
    assert rules.state_hash(state) == before


def test_pass_parses_for_every_ruleset(toy):
    rules, state = toy
    assert game.parse_move(rules, state, "Red", " pass ") is PASS
    assert game.format_move(rules, state, "Red", PASS) == "pass"


def test_nothing_is_taken_once_the_game_is_over(toy):
    rules, state = toy
    from dataclasses import replace

    over = replace(state, winner=0)
    over = rules.apply(over, "Red", rules.parse_move("boost 0"))[0]  # the kit settles: Red won
    assert rules.decision(over) is None
    assert game.check(rules, over, "Red", rules.parse_move("advance")).rule == "over"
    assert game.legal_moves(rules, over, "Red") == []


def test_the_toy_ruleset_satisfies_the_protocol_type():
    assert isinstance(registry.get("dice_race"), Ruleset)


def test_registry_finds_rulesets_by_name_and_explains_unknown_ones(monkeypatch):
    with pytest.raises(registry.UnknownRuleset, match="no ruleset called 'chess_960'"):
        registry.get("chess_960")
    with pytest.raises(registry.UnknownRuleset):
        registry.get("../evil")
    monkeypatch.setenv(registry.ENV, "race2=tests.referee_toy.dice_race:RULESET")
    assert registry.get("race2").name == "dice_race"
    assert "race2" in registry.names() and "dice_race" in registry.names()


def test_the_core_never_imports_a_ruleset_by_name():
    """Design: the core reaches rulesets only through the registry (importlib by name)."""
    import ast

    core = Path(registry.__file__).parent
    for path in list(core.glob("*.py")) + list((core.parent / "sim").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            for name in names:
                assert not name.startswith("toolkit.referee.rulesets"), f"{path.name}: {name}"


# ------------------------------------------------ outcomes for several players (kit)

def test_outcome_places_follow_the_ranking_and_ties_share_a_place():
    from toolkit.referee.protocol import Outcome

    out = Outcome("Ann", "three territories", "LF-win",
                  scores=(("Ann", 3), ("Bob", 1), ("Cy", 1)),
                  ranking=(("Ann",), ("Bob", "Cy")))
    assert out.places(("Ann", "Bob", "Cy", "Dee")) == {"Ann": 1, "Bob": 2, "Cy": 2, "Dee": 4}
    assert out.score("Bob") == 1 and out.score("Dee") is None
    assert out.as_json()["ranking"] == [["Ann"], ["Bob", "Cy"]]
    assert str(out) == "Ann wins: three territories [Ann 3, Bob 1, Cy 1] (LF-win)"


def test_outcome_without_ranking_puts_the_winner_first_and_a_draw_level():
    from toolkit.referee.protocol import Outcome

    assert Outcome("Red", "r").places(("Red", "Blue")) == {"Red": 1, "Blue": 2}
    assert Outcome(None, "r").places(("Red", "Blue")) == {"Red": 1, "Blue": 1}


def test_outcome_refuses_a_winner_that_is_not_ranked_first_alone():
    from toolkit.referee.protocol import Outcome

    with pytest.raises(ValueError):
        Outcome("Bob", "r", ranking=(("Ann",), ("Bob",)))
    with pytest.raises(ValueError):
        Outcome(None, "r", ranking=(("Ann", "Ann"),))


def test_shipped_scenarios_are_the_real_scenarios_of_that_ruleset_and_no_fragment():
    """content/front_line/ also holds common.scn, statements its scenarios include: it is
    not a scenario and is not listed; every file listed loads and names the ruleset."""
    listed = registry.shipped_scenarios("front_line")
    assert [p.name for p in listed] == ["great_desert.scn", "lake_nogo.scn", "main.scn", "mt_range.scn"]
    assert (registry.content_root() / "front_line" / "common.scn").is_file()
    for name in registry.names():
        for path in registry.shipped_scenarios(name):
            assert dsl.load(path).ruleset == name
    assert registry.shipped_scenarios("no_such_game") == []


def test_a_shipped_scenario_that_names_another_ruleset_is_not_listed(tmp_path, monkeypatch):
    (tmp_path / "game").mkdir()
    body = '  sides A, B\n  terrain t\n  board b: grid 1 x 1 { terrain t }\n}\n'
    (tmp_path / "game" / "mine.scn").write_text('scenario "Mine" {\n  ruleset game\n' + body)
    (tmp_path / "game" / "other.scn").write_text('scenario "Other" {\n  ruleset skirmish\n' + body)
    (tmp_path / "game" / "broken.scn").write_text('scenario "Broken" {\n  ruleset game\n  sides A\n')
    (tmp_path / "game" / "part.scn").write_text("# included\nterrain x\n")
    monkeypatch.setattr(registry, "content_root", lambda: tmp_path)
    # a file that does not load stays listed, so whoever loads it says why
    assert [p.name for p in registry.shipped_scenarios("game")] == ["broken.scn", "mine.scn"]
