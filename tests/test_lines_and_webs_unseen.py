"""Lines and Webs `determinize` (issue 14: search bots play on samples of what they
cannot see, never on the true hidden state): in every phase the sample looks to the
deciding side exactly as the true position does, keeps the rules' invariants, plays on,
and really deals the other side's decks and special cards again."""

from __future__ import annotations

import random

import dsl
from toolkit.referee import game, registry
from toolkit.referee.protocol import DecisionKind
from toolkit.sim.playout import RandomBot
from walk import random_walk

RULES = registry.get("lines_and_webs")
SCENARIO = dsl.load(registry.shipped_scenarios("lines_and_webs")[0])


def test_a_sample_is_the_true_position_as_the_side_sees_it_in_every_phase():
    rng, bot = random.Random(3), RandomBot(RULES)
    phases: dict[str, int] = {}
    redealt = 0
    for step, (s, d) in zip(range(700), random_walk(RULES, RULES.new_game(SCENARIO), rng, bot)):
        if d.kind is DecisionKind.CHANCE:
            continue
        if step % 3 == 0:
            for side in s.sides:
                t = RULES.determinize(s, side, random.Random(step))
                assert RULES.view(t, side) == RULES.view(s, side), (step, s.flow.phase, side)
                assert list(RULES.invariants(t)) == []
                foe = s.other(side)
                assert t.book(side) == s.book(side)  # its own decks and cards untouched
                redealt += (t.book(foe).execution, t.book(foe).reserve) != (
                    s.book(foe).execution, s.book(foe).reserve)
                p = RULES.decision(t).players[0]  # the sample plays on
                t, _ = game.play(RULES, t, p, bot.choose(t, p, rng))
                phases[s.flow.phase] = phases.get(s.flow.phase, 0) + 1
    assert set(phases) == {"spend", "transport", "orders", "execute"}, phases
    assert redealt > 0


def test_a_secret_purchase_is_not_in_the_other_sides_sample():
    """During Spend the other side's basket is sealed: the sample forgets it."""
    s = next(s for s, _ in random_walk(RULES, RULES.new_game(SCENARIO), random.Random(1))
             if s.flow.phase == "spend")
    delta, gamma = s.sides
    s, _ = game.play(RULES, s, delta, RULES.parse_move("buy 3f"))
    assert sum(s.book(delta).basket_tokens) == 3
    t = RULES.determinize(s, gamma, random.Random(0))
    assert sum(t.book(delta).basket_tokens) == 0 and t.book(delta).rp > s.book(delta).rp
    assert RULES.determinize(s, delta, random.Random(0)).book(delta) == s.book(delta)
