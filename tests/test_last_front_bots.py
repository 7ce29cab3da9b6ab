"""Last Front's search-bot hooks (issue 14): `determinize` deals the other players' hands
again from what the deciding player cannot see, and never touches what it can; with it and
`evaluate`, MCTS beats random play. benchmarks/bots.py measures more games and greedy."""

from __future__ import annotations

import random

import dsl
from toolkit.referee import registry
from toolkit.referee.players import with_players
from toolkit.sim.bots import BotSpec
from toolkit.sim.playout import game_rng, play_game
from walk import after

RULES = registry.get("last_front")
SCENARIO = dsl.load(registry.shipped_scenarios("last_front")[0])


def _midgame(players: int, moves: int, seed: int):
    return after(RULES, RULES.new_game(with_players(SCENARIO, players)), random.Random(seed), moves)


def test_determinize_keeps_what_the_side_sees_and_redeals_what_it_does_not():
    s = _midgame(3, 60, seed=2)
    hidden = sorted(s.zone("battle").cards + s.hand("P2") + s.hand("P3"))
    samples = [RULES.determinize(s, "P1", random.Random(i)) for i in range(20)]
    for t in samples:
        assert t.hand("P1") == s.hand("P1")  # its own hand, card for card
        assert [len(t.hand(p)) for p in t.sides] == [len(s.hand(p)) for p in s.sides]
        assert sorted(t.zone("battle").cards + t.hand("P2") + t.hand("P3")) == hidden
        assert all(t.bid(p) == s.bid(p) and t.captured(p) == s.captured(p) for p in s.sides)
        assert RULES.view(t, "P1") == RULES.view(s, "P1")  # the same position to P1's eyes
        assert list(RULES.invariants(t)) == []
    assert len({t.hand("P2") for t in samples}) > 1  # the others' hands are really dealt again


def test_evaluate_is_the_result_at_the_end_and_progress_before():
    s = _midgame(2, 40, seed=4)
    assert -1.0 <= RULES.evaluate(s, "P1") <= 1.0
    s = after(RULES, s, random.Random(9))
    winner = RULES.outcome(s).winner
    loser = next(p for p in s.sides if p != winner)
    assert RULES.evaluate(s, winner) == 1.0 and RULES.evaluate(s, loser) == -1.0


def test_mcts_beats_random_at_last_front():
    """LF-victory: MCTS on determinised samples (20 iterations a decision) wins most of a
    seeded series with the seats rotated."""
    scenario = with_players(SCENARIO, 2)
    sides = tuple(scenario.sides)
    mcts, rand = BotSpec("mcts", 20).make(RULES, sides), BotSpec("random").make(RULES, sides)
    wins = {"mcts": 0, "random": 0}
    for i in range(6):
        seated = [mcts, rand] if i % 2 == 0 else [rand, mcts]
        winner = play_game(RULES, RULES.new_game(scenario), sides, seated, game_rng(5, i))[0]
        if winner is not None:
            wins["mcts" if seated[sides.index(winner)] is mcts else "random"] += 1
    assert wins["mcts"] >= 5, wins
