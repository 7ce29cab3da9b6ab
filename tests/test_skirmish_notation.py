"""Skirmish notation (content/skirmish/notation.md): one text form per move, read and
printed back the same; unreadable text refused with SK-notation; the short game in
notation.md plays as it says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import dsl
from toolkit.referee import game
from toolkit.referee.protocol import PASS, MoveSyntaxError
from toolkit.referee.rulesets.skirmish.moves import Attack, Defend, Enter, Step

from tests.skirmish_cases import RULES

ROOT = Path(__file__).resolve().parents[1]
NOTATION = ROOT / "content" / "skirmish" / "notation.md"


@pytest.mark.parametrize("text,move", [
    ("move B1 B3", Step("B1", "B3")),
    ("move B1 B4 +forced_march", Step("B1", "B4", "forced_march")),
    ("attack C2 C3", Attack("C2", "C3")),
    ("attack C2 C3 +charge", Attack("C2", "C3", "charge")),
    ("enter infantry A1", Enter("infantry", "A1")),
    ("defend dig_in", Defend("dig_in")),
    ("move north-gate 12", Step("north-gate", "12")),  # map node names
])
def test_SK_notation_every_form_reads_and_prints_back_the_same(text, move):
    assert RULES.parse_move(text) == move
    assert RULES.format_move(move) == text


def test_SK_notation_pass_is_the_cores_pass():
    assert game.parse_move(RULES, None, "North", "pass") is PASS


@pytest.mark.parametrize("text,reason", [
    ("move B1", "moves are move FROM TO [+CARD], attack FROM TO [+CARD], enter PIECE SPACE, "
                "defend CARD, pass"),
    ("move B1 B3 forced_march", "a card played with a move is written +CARD, e.g. "
                                "move B1 B3 +forced_march"),
    ("attack B2 B3 +", "a card played with an attack is written +CARD, e.g. "
                       "attack B2 B3 +CARD"),
    ("", "empty move; moves are move FROM TO [+CARD], attack FROM TO [+CARD], "
         "enter PIECE SPACE, defend CARD, pass"),
    ("B1-B3", "moves are move FROM TO [+CARD], attack FROM TO [+CARD], enter PIECE SPACE, "
              "defend CARD, pass"),
])
def test_SK_notation_unreadable_text_is_refused_with_its_rule(text, reason):
    with pytest.raises(MoveSyntaxError) as err:
        RULES.parse_move(text)
    assert err.value.rule == "SK-notation" and err.value.reason == reason


def test_the_short_game_in_notation_md_plays_as_described():
    text = NOTATION.read_text()
    block = re.search(r"## A short game.*?```\n(.*?)```", text, re.S).group(1)
    state = RULES.new_game(dsl.load(ROOT / "content" / "skirmish" / "skirmish.scn"))
    told = []
    for line in block.strip().splitlines():
        side, move = line.split(": ")
        assert game.deciding_player(RULES.decision(state)) == side
        state, events = game.play(RULES, state, side, game.parse_move(RULES, state, side, move))
        told += [e.text for e in events]
    assert "Red infantry on F3 attacks Blue infantry on E4: 3 against 3; a stand-off, " \
           "both stay" in told
    assert state.at("A5").kind == "cavalry" and state.flow.round == 3


def test_SK_moves_are_grouped_by_the_piece_they_move_for_the_moves_command():
    from toolkit.referee.rulesets.skirmish.moves import Attack, Defend, Enter, Step, group

    assert group(Step("B2", "B3")) == "B2" and group(Attack("B2", "C3", "charge")) == "B2"
    assert group(Enter("infantry", "A1")) == "enter infantry"
    assert group(Defend("dig_in")) == "defend"
