"""The random bot: a legal move drawn uniformly, or by the ruleset's weights; where
the ruleset chooses moves in steps (a move tree), drawn step by step."""

from __future__ import annotations

import random

from toolkit.referee import steps
from toolkit.referee.protocol import Move, Ruleset, State


class RandomBot:
    """Chooses uniformly among the legal moves, or weighted by the ruleset's optional
    `bot_weights(state, player, moves) -> list[float]` (one call per decision, the fast
    form) or `bot_weight(state, player, move) -> float` (one call per move).
    A ruleset with a move tree (`move_steps`) is drawn from step by step
    (`steps.sample`: its `sample_move`, weighted as it finds sensible per step, or a
    walk choosing uniformly at each step), without listing every leaf."""

    name = "random"

    def __init__(self, rules: Ruleset):
        self.rules = rules
        self.weights = getattr(rules, "bot_weights", None)  # batch: one call per decision
        self.weight = getattr(rules, "bot_weight", None)
        self.stepwise = steps.has_tree(rules)

    def choose(self, state: State, player: str, rng: random.Random) -> Move:
        if self.stepwise:
            return steps.sample(self.rules, state, player, rng)
        moves = self.rules.legal_moves(state, player)
        if not isinstance(moves, (list, tuple)):
            moves = list(moves)
        if not moves:
            raise RuntimeError(f"{self.rules.name}: {player} has no legal move but is "
                               "asked to decide")
        if self.weights is not None:
            weights = self.weights(state, player, moves)
        elif self.weight is not None:
            weight = self.weight
            weights = [weight(state, player, m) for m in moves]
        else:
            return moves[int(rng.random() * len(moves))]
        return rng.choices(moves, weights)[0]
