"""Front Lines notation (content/front_lines/notation.md, FL-notation-1): every legal
order of random games round-trips; unreadable text is refused as such."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dsl
from toolkit.referee import game
from toolkit.referee.protocol import PASS, MoveSyntaxError
from toolkit.referee.rulesets.front_lines import RULESET as FL
from toolkit.referee.rulesets.front_lines.notation import Order

SCN = dsl.load(Path(__file__).parents[1] / "content" / "front_lines" / "front_lines.scn")


@pytest.mark.parametrize("seed", range(6))
def test_every_legal_order_of_random_games_round_trips(seed):
    rng = random.Random(seed)
    state = FL.new_game(SCN)
    seen = 0
    while FL.decision(state) is not None:
        d = FL.decision(state)
        side = rng.choice(d.players)
        legal = list(FL.legal_moves(state, side))
        for m in legal:
            text = game.format_move(FL, state, side, m)
            assert game.parse_move(FL, state, side, text) == m
            assert FL.format_move(FL.parse_move(text)) == text
        seen += len(legal)
        state, _ = FL.apply(state, side, rng.choice(legal))
    assert seen > 1000


@pytest.mark.parametrize("text,expected", [
    ("IC2-C3", Order("move", "I", "C2", "C3")),
    ("RE3-E5", Order("move", "R", "E3", "E5")),
    ("A@B9", Order("spawn", "A", "", "B9")),
    ("airstrike@D6", Order("skill", "airstrike", "", "D6")),
    ("reinforce@E5", Order("skill", "reinforce", "", "E5")),
    ("mine@C4", Order("skill", "mine", "", "C4")),
    ("I=C2", Order("deploy", "I", "", "C2")),
    ("pass", PASS),
])
def test_each_form_of_notation_md(text, expected):
    assert FL.parse_move(text) == expected
    assert FL.format_move(expected) == text


@pytest.mark.parametrize("text", ["C3-C4", "ic2-c3", "IC2C3", "I C2-C3", "nuke@D6", "A@", "",
                                  "IC0-C1", "I=", "pass!"])
def test_FL_notation_1_unreadable_text_is_refused(text):
    with pytest.raises(MoveSyntaxError) as err:
        FL.parse_move(text)
    assert err.value.rule == "FL-notation-1"
    assert "cannot read" in str(err.value)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ACDIRT=@-0123456789abcdeimnprstu ", max_size=14))
def test_parse_either_reads_back_exactly_or_refuses(text):
    try:
        move = FL.parse_move(text)
    except MoveSyntaxError:
        return
    assert FL.format_move(move) == text.strip()
