"""Skirmish cards (SK-card, SK-defend): hidden hands, effects through the registry,
the defence window. Every refusal names its rule and leaves the state as it was."""

from __future__ import annotations

from tests.skirmish_cases import RULES, arrange, deciding, do, hands, legal, refused, start

from toolkit.referee import game
from toolkit.referee.kit import zones as zn
from toolkit.referee.protocol import PASS, DecisionKind


def test_SK_card_extra_move_lets_the_piece_go_further_and_is_discarded_face_up():
    s = arrange(start(), "N infantry A1, S infantry E5")
    assert "move A1 A3 +forced_march" in legal(s, "North")
    s, events = do(s, "North", "move A1 A3 +forced_march")
    assert s.at("A3").kind == "infantry"
    assert events == ["North plays forced_march", "North infantry moves A1 to A3"]
    assert "forced_march" not in s.hand_of("North")
    assert zn.find(s.zones, "discard").seen_by("South") == ("forced_march",)


def test_SK_card_a_card_you_do_not_hold_is_refused():
    s = hands(arrange(start(), "N infantry A1, S infantry E5"), North=("charge",))
    assert refused(s, "North", "move A1 A3 +forced_march", "SK-card") == \
        "you hold no forced_march card"


def test_SK_card_a_card_whose_effect_does_not_fit_the_action_is_refused():
    s = arrange(start(), "N infantry B2, S infantry C2, S infantry E5")
    assert refused(s, "North", "move B2 B4 +dig_in", "SK-card") == \
        "dig_in does nothing for a move"
    assert refused(s, "North", "attack B2 C2 +forced_march", "SK-card") == \
        "forced_march does nothing for an attack"


def test_SK_card_an_attack_card_makes_the_attacker_stronger():
    s = hands(arrange(start(), "N infantry B2, S infantry C2, S infantry E5"), South=())
    s, events = do(s, "North", "attack B2 C2 +charge")  # South holds no card: not asked
    assert events[0] == "North plays charge"
    assert events[-1].endswith("3 against 2; the infantry is destroyed and the infantry "
                               "moves in")
    assert s.at("C2").side == "North"


def test_SK_card_the_hand_is_hidden_from_the_other_side_which_sees_its_count():
    s = start()
    north = next(p for p in RULES.view(s, "North").piles if p.name == "hand"
                 and p.owner == "North")
    seen_by_south = next(p for p in RULES.view(s, "South").piles if p.name == "hand"
                         and p.owner == "North")
    assert north.cards == ("forced_march", "charge", "dig_in")
    assert seen_by_south.cards is None and seen_by_south.count == 3
    assert game.secrets(RULES, s, "North") == [north]


def test_SK_card_unknown_effects_are_check_errors(tmp_path, capsys):
    from tests.skirmish_cases import FIELD
    from toolkit.cli import main

    path = tmp_path / "bad.scn"
    path.write_text(FIELD.replace("effect defend(by=1)", "effect defnd(by=1)"))
    assert main(["check", str(path)]) == 1
    err = capsys.readouterr().err
    line = FIELD.splitlines().index(next(
        l for l in FIELD.splitlines() if "defend(by=1)" in l)) + 1
    assert f"bad.scn:{line}:" in err
    assert "error: card dig_in: unknown effect 'defnd' for the ruleset skirmish" in err
    assert "did you mean 'defend'?" in err


# --------------------------------------------------------------- SK-defend


def test_SK_defend_an_attacked_side_holding_cards_may_answer_before_the_attack_is_decided():
    s = arrange(start(), "N infantry B2, S infantry C2, S infantry E5")
    s, events = do(s, "North", "attack B2 C2 +charge")
    d = RULES.decision(s)
    assert d.kind is DecisionKind.REACTION and d.players == ("South",)
    assert legal(s, "South") == ["pass", "defend dig_in"]
    assert s.at("B2") and s.at("C2").side == "South"  # nothing decided yet
    assert RULES.view(s, "North").status == ("round 1 of 20", "South may defend")
    s, events = do(s, "South", "defend dig_in")
    assert events == ["South plays dig_in", "North infantry on B2 attacks South infantry on "
                      "C2: 3 against 3; a stand-off, both stay"]
    assert deciding(s) == "South" and s.flow.round == 1  # now South's own turn


def test_SK_defend_passing_leaves_the_attack_as_it_stands():
    s = arrange(start(), "N infantry B2, S infantry C2, S infantry E5")
    s, _ = do(s, "North", "attack B2 C2 +charge")
    s, events = do(s, "South", "pass")
    assert events[-1].endswith("3 against 2; the infantry is destroyed and the infantry "
                               "moves in")
    assert "dig_in" in s.hand_of("South")


def test_SK_defend_the_window_opens_for_any_hand_so_it_tells_nothing_of_the_cards():
    s = hands(arrange(start(), "N infantry B2, S infantry C2, S infantry E5"),
              South=("forced_march",))
    s, _ = do(s, "North", "attack B2 C2")
    assert RULES.decision(s).kind is DecisionKind.REACTION
    assert list(RULES.legal_moves(s, "South")) == [PASS]  # nothing to defend with


def test_SK_defend_only_a_defence_card_and_only_in_the_window():
    s = arrange(start(), "N infantry B2, S infantry C2, S infantry E5")
    s, _ = do(s, "North", "attack B2 C2")
    assert refused(s, "South", "defend charge", "SK-defend") == "charge does nothing for a " \
                                                               "defence"
    assert refused(s, "South", "move E5 E4", "SK-defend").startswith(
        "your piece on C2 is attacked")
    s = hands(s, South=("charge",))
    assert refused(s, "South", "defend dig_in", "SK-card") == "you hold no dig_in card"


def test_SK_defend_a_side_without_cards_is_not_asked():
    s = hands(arrange(start(), "N guard B2, S infantry C2, S infantry E5"), South=())
    s, events = do(s, "North", "attack B2 C2")
    assert RULES.decision(s).kind is DecisionKind.MOVE and deciding(s) == "South"
    assert s.at("C2").kind == "guard"
