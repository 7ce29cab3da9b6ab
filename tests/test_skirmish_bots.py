"""Skirmish's hooks for bots: weights for random play, an evaluation from what a side
may see, and determinized states that redraw only the hidden enemy hand."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.skirmish_cases import RULES, arrange, hands, start

from toolkit.referee.kit import zones as zn
from toolkit.referee.protocol import PASS
from toolkit.referee.rulesets.skirmish.rules import MATERIAL


def test_random_bots_pass_less_often_than_they_act():
    s = start()
    moves = list(RULES.legal_moves(s, "North"))
    weights = RULES.bot_weights(s, "North", moves)
    by_move = dict(zip(map(str, moves), weights))
    assert by_move["pass"] < by_move["move A1 A2"] < by_move["enter infantry B1"]
    assert moves[0] is PASS and len(weights) == len(moves)


def test_evaluate_compares_strength_on_the_board_and_in_reserve():
    # 3 + 2 reserve against 2 + 2; each piece six steps from the enemy capital
    s = arrange(start(), "N guard A1, S infantry E5")
    assert RULES.evaluate(s, "North") == pytest.approx(MATERIAL * (5 - 4) / 9)
    assert RULES.evaluate(s, "South") == pytest.approx(-MATERIAL * (5 - 4) / 9)


def test_evaluate_prefers_a_piece_nearer_the_enemy_capital():
    """SK-capital: with equal strength, the side whose closest piece stands nearer the
    enemy capital (steps along the links, round the lake) is ahead."""
    far = arrange(start(), "N guard C2, S guard A5")  # C2: five steps round the lake
    near = arrange(start(), "N guard C4, S guard A5")  # C4 is next to C5
    on = arrange(start(), "N guard C5, S guard A5")  # on South's capital
    values = [RULES.evaluate(s, "North") for s in (far, near, on)]
    assert 0 < values[0] < values[1] < values[2]
    assert values[1] == pytest.approx((1 - MATERIAL) * (1 / 2 - 1 / 7))  # A5 is 6 from C1
    assert RULES.evaluate(near, "South") == pytest.approx(-values[1])


def test_determinize_redraws_only_the_enemy_hand_from_the_cards_not_seen():
    s = hands(start(), North=("dig_in", "forced_march"), South=("charge", "charge"))
    s = s.discard("North", "forced_march")  # face up: seen by both
    seen = Counter()
    for seed in range(30):
        d = RULES.determinize(s, "North", random.Random(seed))
        assert d.hand_of("North") == s.hand_of("North")
        assert d.units == s.units and d.flow == s.flow
        south = d.hand_of("South").cards
        assert len(south) == 2
        pool = Counter(["forced_march"] * 1 + ["charge"] * 2 + ["dig_in"] * 1)
        assert not Counter(south) - pool  # never a card North holds or has seen
        seen.update(south)
    assert len(seen) == 3  # the real hand is not simply copied
    assert zn.find(d.zones, "discard").cards == ("forced_march",)
