"""Chance: dice, draws, shuffles and picks; seeded and table sources."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from toolkit.referee.chance import (
    ChanceOutcome,
    Dice,
    Draw,
    Pick,
    SeededChance,
    Shuffle,
    TableChance,
)
from toolkit.referee.protocol import MoveSyntaxError

SPECS = [Dice(1, 6), Dice(2, 6), Dice(3, 10), Draw(("armor", "recon", "recon", "infantry"), 2),
         Draw(("a", "b"), 1), Shuffle(("x", "y", "z", "z")), Pick(("Red", "Blue"))]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.describe())
@given(seed=st.integers(0, 10 ** 6))
def test_every_sampled_outcome_is_possible_and_its_text_reads_back(spec, seed):
    outcome = spec.sample(random.Random(seed))
    assert spec.check(outcome) is None
    assert spec.parse(str(outcome)) == outcome


def test_impossible_dice_are_rejected_with_a_reason():
    d6 = Dice(1, 6)
    assert str(d6.check(ChanceOutcome((7,)))) == \
        "illegal: a d6 shows 1 to 6, not 7 (chance-impossible)"
    assert d6.check(ChanceOutcome((0,))).rule == "chance-impossible"
    assert "needs 2 face(s), not 1" in Dice(2, 6).check(ChanceOutcome((3,))).reason
    with pytest.raises(MoveSyntaxError):
        d6.parse("six")


def test_a_card_no_longer_in_the_deck_cannot_be_drawn():
    draw = Draw(("recon", "armor"), 2)
    assert draw.check(ChanceOutcome(("recon", "armor"))) is None
    why = draw.check(ChanceOutcome(("recon", "recon")))
    assert why.rule == "chance-impossible" and "no recon is left" in why.reason
    assert Draw(("tank",)).check(ChanceOutcome(("plane",))).rule == "chance-impossible"


def test_a_shuffle_holds_every_item_once():
    s = Shuffle(("a", "b", "c"))
    assert s.check(ChanceOutcome(("c", "a", "b"))) is None
    assert s.check(ChanceOutcome(("a", "a", "b"))) is not None
    assert s.outcomes() is None


def test_pick_and_small_dice_list_their_outcomes():
    assert [str(o) for o in Pick(("Red", "Blue")).outcomes()] == ["Red", "Blue"]
    assert len(Dice(2, 6).outcomes()) == 36
    assert Dice(5, 6).outcomes() is None  # 7776: sample instead
    assert Pick(("Red", "Blue")).check(ChanceOutcome(("Green",))).rule == "chance-impossible"


def test_seeded_chance_is_reproducible_and_resumes_where_it_stopped():
    spec = Dice(2, 6)
    unbroken = SeededChance(42)
    first = [unbroken.answer(spec) for _ in range(10)]
    again = SeededChance(42)
    assert [again.answer(spec) for _ in range(10)] == first
    resumed = SeededChance(42, start=6)
    assert [resumed.answer(spec) for _ in range(4)] == first[6:]
    other = SeededChance(43)
    assert [other.answer(spec) for _ in range(10)] != first


def test_table_chance_rejects_impossible_values_and_asks_again():
    typed = iter(["7", "two", "4"])
    told: list[str] = []
    table = TableChance(lambda prompt: next(typed), told.append)
    assert table.answer(Dice(1, 6, "Red's attack")) == ChanceOutcome((4,))
    assert told[0] == "illegal: a d6 shows 1 to 6, not 7 (chance-impossible)"
    assert told[1].startswith('cannot read "two"')


def test_table_chance_stops_at_end_of_input():
    with pytest.raises(EOFError):
        TableChance(lambda prompt: None, print).answer(Dice())
