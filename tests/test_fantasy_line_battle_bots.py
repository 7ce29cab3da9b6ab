"""Fantasy Line Battle's search-bot hooks (issue 14): `determinize` deals the other side's
hidden cards again from what the deciding side cannot see, and never touches what it can;
with it and `evaluate`, greedy and MCTS beat random play."""

from __future__ import annotations

import random
from collections import Counter

from fantasy_line_battle_helpers import RULESET, Table, scenario
from toolkit.sim.bots import BotSpec
from toolkit.sim.playout import game_rng, play_game
from walk import after


def _midgame(moves: int, seed: int):
    return after(RULESET, RULESET.new_game(scenario()), random.Random(seed), moves)


def test_determinize_keeps_what_the_side_sees_and_redeals_what_it_does_not():
    s = _midgame(60, seed=2)
    assert s.flow.phase not in ("select", "reveal")
    samples = [RULESET.determinize(s, "North", random.Random(i)) for i in range(20)]
    for t in samples:
        assert t.spells("North") == s.spells("North") and t.hand("North") == s.hand("North")
        assert RULESET.view(t, "North") == RULESET.view(s, "North")
        assert list(RULESET.invariants(t)) == []
        for category in ("elementalism", "white", "black"):
            def of(state, cat=category):
                return Counter(c for c in state.spells("South") + state.zone(cat).cards
                               if state.cfg.spells[c].category == cat)
            assert of(t) == of(s)  # the same cards, dealt again
    assert len({t.spells("South") for t in samples}) > 1


def test_determinize_while_choosing_redeals_the_face_down_selection_within_its_money():
    t = Table(hands={"South": ["giant", "knight", "squire", "archer", "scout"]})
    t.play("South", "place giant")
    s = t.state
    samples = [RULESET.determinize(s, "North", random.Random(i)) for i in range(20)]
    for u in samples:
        assert RULESET.view(u, "North") == RULESET.view(s, "North")
        cost = sum(u.cfg.characters[c].cost for c in u.selection("South"))
        assert u.get(u.money, "South") == 13 - cost >= 0
        assert len(u.selection("South")) == 1
    assert len({u.selection("South") for u in samples}) > 1


def test_evaluate_is_the_result_at_the_end_and_strength_before():
    s = _midgame(40, seed=4)
    assert -1.0 <= RULESET.evaluate(s, "North") <= 1.0
    s = after(RULESET, s, random.Random(9))
    winner = RULESET.outcome(s).winner
    if winner is not None:
        loser = next(p for p in s.sides if p != winner)
        assert RULESET.evaluate(s, winner) == 1.0 and RULESET.evaluate(s, loser) == -1.0


def test_mcts_beats_random_at_fantasy_line_battle():
    """FLB-end: MCTS on determinised samples (20 iterations a decision) wins most of a
    seeded series with the seats swapped each game."""
    s = scenario()
    sides = tuple(s.sides)
    mcts, rand = BotSpec("mcts", 20).make(RULESET, sides), BotSpec("random").make(RULESET, sides)
    wins = {"mcts": 0, "random": 0}
    for i in range(8):
        seated = [mcts, rand] if i % 2 == 0 else [rand, mcts]
        winner = play_game(RULESET, RULESET.new_game(s), sides, seated, game_rng(5, i))[0]
        if winner is not None:
            wins["mcts" if seated[sides.index(winner)] is mcts else "random"] += 1
    assert wins["mcts"] >= 6, wins


def test_random_bot_weights_each_move_by_the_first_word_of_its_notation():
    from toolkit.referee.protocol import PASS
    from toolkit.referee.rulesets.fantasy_line_battle.rules import BOT_WEIGHTS

    seen = set()
    for moves in (0, 3, 20, 45, 70):
        s = _midgame(moves, seed=5)
        for side in s.sides:
            space = [PASS] + RULESET.move_space(s, side)
            words = [str(m).split(" ")[0] for m in space]
            assert RULESET.bot_weights(s, side, space) == [BOT_WEIGHTS[w] for w in words]
            seen.update(words)
    assert {"pass", "place", "cast", "kill", "ability"} <= seen
