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

Where the ruleset chooses moves in steps (a move tree, `move_steps`) and can
evaluate, greedy chooses step by step: a step that completes a move is judged by
that move, one that needs more steps by the best of COMPLETIONS moves completed
from it at random; it keeps the best and goes on from there. It judges a few
dozen moves where the flat list holds hundreds (a Lines and Webs carrier, then its
receiver, then the class, then the count), at the price of judging a carrier by
a few of its orders rather than all.
"""

from __future__ import annotations

import random

from toolkit.referee import steps
from toolkit.referee.protocol import CHANCE, DecisionKind, Move, Ruleset, State, Step
from toolkit.sim.bots.random_bot import RandomBot

CHANCE_SAMPLES = 4  # outcomes sampled when a move is followed by a roll or a draw
COMPLETIONS = 3  # random completions a step that needs more steps is judged by


class GreedyBot:
    name = "greedy"

    def __init__(self, rules: Ruleset):
        self.rules = rules
        self.evaluate = getattr(rules, "evaluate", None)
        self.determinize = getattr(rules, "determinize", None)
        self.fallback = RandomBot(rules)
        self.stepwise = steps.has_tree(rules) and self.evaluate is not None

    def choose(self, state: State, player: str, rng: random.Random) -> Move:
        if self.stepwise:
            return self._by_steps(state, player, rng)
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

    def _by_steps(self, state: State, player: str, rng: random.Random) -> Move:
        """The best step at each step of the move tree, until a whole move."""
        sample = state if self.determinize is None else self.determinize(state, player, rng)
        chosen: tuple[str, ...] = ()
        while True:
            offered = steps.steps(self.rules, state, player, chosen)
            pick = offered[0]
            if len(offered) > 1:
                best: list[Step] = []
                top = float("-inf")
                for step in offered:
                    value = self._step_value(sample, state, player, chosen, step, rng)
                    if value > top + 1e-12:
                        top, best = value, [step]
                    elif abs(value - top) <= 1e-12:
                        best.append(step)
                pick = best[int(rng.random() * len(best))]
            if pick.move is not None:
                return pick.move
            chosen += (pick.token,)

    def _step_value(self, sample: State, state: State, player: str,
                    chosen: tuple[str, ...], step: Step, rng: random.Random) -> float:
        """A whole move's value, or the best of a few completions of a partial choice;
        a move not legal in the sample counts as unknown (lowest)."""
        if step.move is not None:
            moves = [step.move]
        else:
            moves = [steps.complete(self.rules, state, player, chosen + (step.token,), rng)
                     for _ in range(COMPLETIONS)]
        values = [self._value(sample, player, m, rng) for m in moves
                  if sample is state or self.rules.check(sample, player, m) is None]
        return max(values, default=-1.0)

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
