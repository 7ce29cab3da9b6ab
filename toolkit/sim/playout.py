"""Bots and playouts: whole games played by bots through the ruleset protocol.

A playout asks the ruleset what the state waits for, lets a bot choose among
the legal moves (enumerated with the ruleset's one legality check), answers
chance from a generator, and applies. Nothing here knows a game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from toolkit.referee.protocol import CHANCE, DecisionKind, Move, Ruleset, State


class RandomBot:
    """Chooses uniformly among the legal moves, or weighted by the ruleset's optional
    `bot_weights(state, player, moves) -> list[float]` (one call per decision, the fast
    form) or `bot_weight(state, player, move) -> float` (one call per move)."""

    def __init__(self, rules: Ruleset):
        self.rules = rules
        self.weights = getattr(rules, "bot_weights", None)  # batch: one call per decision
        self.weight = getattr(rules, "bot_weight", None)

    def choose(self, state: State, player: str, rng: random.Random) -> Move:
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


@dataclass(frozen=True, slots=True)
class GameResult:
    winner: str | None  # None: a draw
    length: int  # moves applied, chance outcomes included (the record's line count)
    player_moves: int
    reason: str
    rule: str


class PlayoutLimit(RuntimeError):
    """A playout ran past the move limit (a ruleset that never ends)."""


def playout(rules: Ruleset, state: State, rng: random.Random, *,
            limit: int = 100_000) -> GameResult:
    """Play `state` to the end with random bots on every side; chance from `rng`."""
    bot = RandomBot(rules)
    decide = rules.decision
    apply = rules.apply
    length = player_moves = 0
    while True:
        d = decide(state)
        if d is None:
            break
        if d.kind is DecisionKind.CHANCE:
            state, _ = apply(state, CHANCE, d.chance.sample(rng))
        else:
            player = d.players[0]
            state, _ = apply(state, player, bot.choose(state, player, rng))
            player_moves += 1
        length += 1
        if length > limit:
            raise PlayoutLimit(f"{rules.name}: no end after {limit} moves")
    out = rules.outcome(state)
    if out is None:
        raise RuntimeError(f"{rules.name}: decision() is None but outcome() is None too")
    return GameResult(out.winner, length, player_moves, out.reason, out.rule)


def game_rng(seed: int | str, index: int) -> random.Random:
    """The generator of game `index` of a run seeded `seed` (independent of --jobs)."""
    return random.Random(f"{seed}#{index}")


def play_games(rules: Ruleset, scenario: Any, seed: int | str, indices: range,
               options: dict | None = None) -> list[GameResult]:
    start = rules.new_game(scenario, options)
    return [playout(rules, start, game_rng(seed, i)) for i in indices]
