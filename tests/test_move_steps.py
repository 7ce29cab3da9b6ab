"""The move tree's core (toolkit/referee/steps.py): a whole move chosen in steps.

A ruleset without its own tree gets the core's: a decision of at most twelve moves is
one level of leaves; a bigger one is first the moves' groups (as `moves` groups them
in `frontkit play`), then the moves of the chosen group. Unknown choices are refused
in the players' words; the core's turn, over and priority rules hold on every step.
"""

from __future__ import annotations

import random

import pytest

from toolkit.referee import steps as st
from toolkit.referee.protocol import (
    PASS, Decision, Illegal, IllegalMoveError, MoveSyntaxError, Step)


class Board:
    """A stand-in ruleset: side A moves pieces; `moves` is its flat listing."""

    name = "board"

    def __init__(self, moves, over=False, reaction=None):
        self.moves = list(moves)
        self.over = over
        self.reaction = reaction

    def decision(self, state):
        if self.over:
            return None
        if self.reaction:
            return Decision.reaction(self.reaction)
        return Decision.move("A")

    def legal_moves(self, state, player):
        return list(self.moves)

    def check(self, state, player, move):
        return None if move in self.moves else Illegal("X-1", "not here")

    def format_move(self, move):
        return "pass" if move is PASS else move

    def parse_move(self, text):
        if not text:
            raise MoveSyntaxError("X-n", "empty", text)
        return text


MANY = [f"I{c}-{d}" for c in "ABC" for d in ("B1", "B2", "B3", "B4", "B5")] + ["pass"]


def test_a_decision_of_at_most_twelve_moves_is_one_level_of_leaves():
    rules = Board(["IA-B1", "IA-B2", "IB-C1", "pass"])
    offered = st.steps(rules, None, "A")
    assert [s.token for s in offered] == ["IA-B1", "IA-B2", "IB-C1", "pass"]
    assert all(s.move == s.token and s.label == s.token for s in offered)


def test_a_big_decision_is_first_its_groups_then_the_moves_of_the_chosen_group():
    rules = Board(MANY)
    top = st.steps(rules, None, "A")
    assert [s.token for s in top] == ["IA", "IB", "IC", "pass"]
    assert [s.move for s in top] == [None, None, None, "pass"]  # a group of one is a leaf
    inner = st.steps(rules, None, "A", ("IB",))
    assert [s.move for s in inner] == [f"IB-B{n}" for n in range(1, 6)]
    assert all(s.leaf for s in inner)


def test_the_leaves_of_the_core_tree_are_the_flat_listing():
    rules = Board(MANY)
    walked = [step.move for _, step in st.walk(rules, None, "A") if step.leaf]
    assert sorted(walked) == sorted(MANY)
    assert sorted(st.leaves(rules, None, "A")) == sorted(MANY)


def test_a_big_decision_all_in_one_group_is_one_level_of_leaves():
    moves = [f"IA-B{n}" for n in range(20)]
    assert [s.move for s in st.steps(Board(moves), None, "A")] == moves


def test_an_unknown_choice_is_refused_in_players_words():
    rules = Board(MANY)
    with pytest.raises(IllegalMoveError) as err:
        st.steps(rules, None, "A", ("IZ",))
    assert err.value.rule == st.RULE_STEP
    assert "IZ is not one of the choices: choose IA, IB, IC, pass" in str(err.value)
    with pytest.raises(IllegalMoveError) as err:
        st.steps(rules, None, "A", ("IB", "IB-Z9"))
    assert "IB-Z9 is not one of the choices after IB" in str(err.value)


def test_nothing_follows_a_whole_move():
    rules = Board(MANY)
    for chosen in (("pass",), ("IB", "IB-B2")):
        with pytest.raises(IllegalMoveError) as err:
            st.steps(rules, None, "A", chosen)
        assert "is already a whole move" in str(err.value)


def test_the_core_rules_hold_on_every_step():
    with pytest.raises(IllegalMoveError) as err:
        st.steps(Board(MANY), None, "B")
    assert err.value.rule == "turn"
    with pytest.raises(IllegalMoveError) as err:
        st.steps(Board(MANY, over=True), None, "A")
    assert err.value.rule == "over"
    later = Board(MANY + [PASS], reaction=("A", "B"))
    assert [s.move for s in st.steps(later, None, "B")] == [PASS]


def test_the_core_samples_by_a_uniform_walk_down_the_tree():
    rules = Board(MANY)
    rng = random.Random(3)
    drawn = [st.sample(rules, None, "A", rng) for _ in range(400)]
    assert set(drawn) <= set(MANY)
    # uniform per step: the lone `pass` is a quarter of the first step, not 1 in 16
    assert 60 < drawn.count("pass") < 140


class Tree(Board):
    """A ruleset with its own tree: a piece, then a square."""

    def __init__(self):
        super().__init__(["a-1", "a-2", "b-1"])
        self.sampled = 0

    def move_steps(self, state, player, chosen):
        if not chosen:
            return [Step("a", "the archer"), Step("b", "the baron")]
        squares = {"a": ["1", "2"], "b": ["1"]}
        if chosen[0] not in squares or len(chosen) > 2:
            raise st.unknown_choice(self.move_steps(state, player, ()), chosen[0])
        return [Step(sq, f"to square {sq}", f"{chosen[0]}-{sq}") for sq in squares[chosen[0]]]

    def sample_move(self, state, player, rng):
        self.sampled += 1
        return "b-1"


def test_a_ruleset_tree_is_used_when_it_has_one():
    rules = Tree()
    assert st.has_tree(rules) and not st.has_tree(Board(MANY))
    assert [s.label for s in st.steps(rules, None, "A")] == ["the archer", "the baron"]
    assert [s.move for s in st.steps(rules, None, "A", ("a",))] == ["a-1", "a-2"]
    assert sorted(st.leaves(rules, None, "A")) == ["a-1", "a-2", "b-1"]


def test_a_ruleset_sample_move_is_used_when_it_has_one():
    rules = Tree()
    assert st.sample(rules, None, "A", random.Random(1)) == "b-1"
    assert rules.sampled == 1


def test_a_tree_given_as_paths_branches_and_a_lone_move_is_a_leaf_at_once():
    truck, port = ("T1", "the truck T1"), ("P", "to the port")
    entries = [((truck, ("A2", "to A2"), ("f", "fuel"), ("1", "1")), "T1>A2 1f"),
               ((truck, ("A2", "to A2"), ("f", "fuel"), ("2", "2")), "T1>A2 2f"),
               ((truck, ("A2", "to A2"), ("r", "rations"), ("1", "1")), "T1>A2 1r"),
               ((truck, port, ("r", "rations"), ("1", "1")), "T1>P 1r"),
               ((("pass", "done"),), "pass")]
    top = st.branch(entries)
    assert [(s.token, s.move) for s in top] == [("T1", None), ("pass", "pass")]
    assert [(s.token, s.label, s.move) for s in st.branch(entries, ("T1",))] == [
        ("A2", "to A2", None), ("P", "to the port, rations, 1", "T1>P 1r")]
    assert [s.move for s in st.branch(entries, ("T1", "A2"))] == [None, "T1>A2 1r"]
    assert [s.move for s in st.branch(entries, ("T1", "A2", "f"))] == ["T1>A2 1f", "T1>A2 2f"]
    with pytest.raises(IllegalMoveError) as err:
        st.branch(entries, ("T1", "Z9"))
    assert "Z9 is not one of the choices after T1: choose A2, P" in str(err.value)
    with pytest.raises(IllegalMoveError):
        st.branch(entries, ("pass", "x"))
