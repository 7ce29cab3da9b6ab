"""The greedy bot: the move whose result looks best one move ahead.

With the ruleset's optional `evaluate(state, side)` hook it plays each legal
move and keeps the move with the highest evaluation for its side (ties drawn at
random). It plays them on a sample from the ruleset's `determinize(state, side,
rng)` when there is one, never on the true state: a move that completes a side's
secret orders resolves the turn, and on the true state that would show the
bot the effect of the enemy's sealed orders. Without `determinize` the ruleset
is treated as one of perfect information (as the MCTS bot does). When the move leads to a chance decision
(a die to roll), the evaluation is the mean over a few sampled outcomes.

Without `evaluate` it knows only how games end: it takes a move that wins at
once, never a move that loses at once when another move does not, and among
the rest chooses like the random bot. For simultaneous orders the result of
one order is often only known once every side has given its orders; then the
evaluation (or the win/loss test) sees no difference and the choice is the
random bot's. That is the honest limit of looking one move ahead.
"""

from __future__ import annotations

import random

from toolkit.referee.protocol import CHANCE, DecisionKind, Move, Ruleset, State
from toolkit.sim.bots.random_bot import RandomBot

CHANCE_SAMPLES = 4  # outcomes sampled when a move is followed by a roll or a draw


class GreedyBot:
    name = "greedy"

    def __init__(self, rules: Ruleset):
        self.rules = rules
        self.evaluate = getattr(rules, "evaluate", None)
        self.determinize = getattr(rules, "determinize", None)
        self.fallback = RandomBot(rules)

    def choose(self, state: State, player: str, rng: random.Random) -> Move:
        moves = list(self.rules.legal_moves(state, player))
        if len(moves) <= 1:
            return moves[0] if moves else self.fallback.choose(state, player, rng)
        sample = state if self.determinize is None else self.determinize(state, player, rng)
        if self.evaluate is None:
            return self._without_heuristic(sample, state, player, moves, rng)
        best: list[Move] = []
        top = float("-inf")
        for move in moves:
            if sample is not state and self.rules.check(sample, player, move) is not None:
                continue  # not legal in the sample: judged on another sample next time
            value = self._value(sample, player, move, rng)
            if value > top + 1e-12:
                top, best = value, [move]
            elif abs(value - top) <= 1e-12:
                best.append(move)
        if not best:
            return self.fallback.choose(state, player, rng)
        return best[int(rng.random() * len(best))]

    def _value(self, state: State, player: str, move: Move, rng: random.Random) -> float:
        after, _ = self.rules.apply(state, player, move)
        d = self.rules.decision(after)
        if d is None or d.kind is not DecisionKind.CHANCE:
            return self.evaluate(after, player)
        total = 0.0
        for _ in range(CHANCE_SAMPLES):
            rolled, _ = self.rules.apply(after, CHANCE, d.chance.sample(rng))
            total += self.evaluate(rolled, player)
        return total / CHANCE_SAMPLES

    def _without_heuristic(self, sample: State, state: State, player: str, moves: list[Move],
                           rng: random.Random) -> Move:
        safe: list[Move] = []
        for move in moves:
            if sample is not state and self.rules.check(sample, player, move) is not None:
                safe.append(move)  # not legal in the sample: nothing known against it
                continue
            after, _ = self.rules.apply(sample, player, move)
            out = self.rules.outcome(after)
            if out is None:
                safe.append(move)
            elif out.winner == player:
                return move
            elif out.winner is None:
                safe.append(move)  # a draw is not a loss
        if not safe or len(safe) == len(moves):
            return self.fallback.choose(state, player, rng)
        return safe[int(rng.random() * len(safe))]
