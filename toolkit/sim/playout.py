"""Playouts: whole games played by bots through the ruleset protocol.

A playout asks the ruleset what the state waits for, lets the deciding side's
bot choose among the legal moves, answers chance from the game's generator,
and applies. Nothing here knows a game.

Who answers: the first side listed by the decision. For secret orders
(ORDERS) the sides listed answer one at a time, the first listed first, each
through its own bot and only for itself; in a reaction window the first side
listed answers or passes (only it may answer other than pass).

Optional ruleset hooks read here (besides the bots' own):
- `move_label(state, player, move) -> str`: what a move uses, for the report's
  use table ("Armor moves", "airstrike"); default: the first word of its notation;
- `turn_number(state) -> int`: the game's own turn count, for the length
  histogram; default: the number of times the deciding side changed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from toolkit.referee import game
from toolkit.referee.protocol import CHANCE, PASS, DecisionKind, Move, Ruleset, State
from toolkit.sim.bots import BotSpec
from toolkit.sim.bots.random_bot import RandomBot

#: A game still going after this many applied moves is stopped and counted as capped.
DEFAULT_CAP = 5000
RULE_CAPPED = "capped"


@dataclass(frozen=True, slots=True)
class GameRow:
    """One game of a run, as the report and the CSV need it."""

    setting: int  # which --vary setting (0 without a sweep)
    index: int  # game number within the run: its seed is derived from (seed, index)
    bots: tuple[str, ...]  # the bot in each seat, in side order
    winner: str | None  # None: a draw, or capped
    rule: str
    reason: str
    moves: int  # moves applied, chance outcomes included (the record's line count)
    player_moves: int
    turns: int
    capped: bool
    used: tuple[tuple[int, str, int], ...] = ()  # (side index, label, times used)
    scores: tuple[tuple[str, float], ...] = ()  # Outcome.scores: the figures the game ended on
    places: tuple[tuple[str, int], ...] = ()  # each side's place (1 best; Outcome.places)
    notation: tuple[tuple[str, str], ...] = ()  # (player, move) per applied move, if kept


def game_rng(seed: int | str, index: int) -> random.Random:
    """The generator of game `index` of a run seeded `seed` (independent of jobs,
    chunks and engines)."""
    return random.Random(f"{seed}#{index}")


def seats(lineup: Sequence[BotSpec], index: int, rotate: bool) -> tuple[BotSpec, ...]:
    """The bot in each seat for game `index`: with `rotate`, game i shifts the line-up
    by i seats, so every bot sits in every seat equally often over len(lineup) games."""
    n = len(lineup)
    if not rotate or len(set(lineup)) == 1:
        return tuple(lineup)
    return tuple(lineup[(j + index) % n] for j in range(n))


def label_of(rules: Ruleset, hook, state: State, player: str, move: Move) -> str:
    if move is PASS:
        return "pass"
    if hook is not None:
        return hook(state, player, move)
    text = rules.format_move(move).split()
    return text[0] if text else "?"


def play_game(rules: Ruleset, start: State, sides: tuple[str, ...], bots: Sequence[Any],
              rng: random.Random, *, cap: int = DEFAULT_CAP, labels: bool = True,
              moves_out: list | None = None) -> tuple:
    """Play one game from `start`, `bots[j]` deciding for `sides[j]`.
    Returns (winner, rule, reason, moves, player_moves, turns, capped, used, scores,
    places): scores and places as the Outcome gives them (empty for a capped game);
    `moves_out`, if given, receives (player, notation) per applied move."""
    by_side = dict(zip(sides, bots))
    index = {side: j for j, side in enumerate(sides)}
    decide, apply = rules.decision, rules.apply
    label_hook = getattr(rules, "move_label", None)
    used: Counter = Counter()
    state = start
    moves = player_moves = changes = 0
    last = None
    while True:
        d = decide(state)
        if d is None:
            break
        if moves >= cap:
            break
        if d.kind is DecisionKind.CHANCE:
            move = d.chance.sample(rng)
            player = CHANCE
        else:
            player = d.players[0]
            move = by_side[player].choose(state, player, rng)
            player_moves += 1
            if player != last:
                changes += 1
                last = player
            if labels:
                used[index[player], label_of(rules, label_hook, state, player, move)] += 1
        if moves_out is not None:
            moves_out.append((player, game.format_move(rules, state, player, move)))
        state, _ = apply(state, player, move)
        moves += 1
    turn_hook = getattr(rules, "turn_number", None)
    turns = turn_hook(state) if turn_hook is not None else changes
    out = rules.outcome(state)
    if out is None:
        if d is None:
            raise RuntimeError(f"{rules.name}: decision() is None but outcome() is None too")
        return (None, RULE_CAPPED, f"stopped after {cap} moves without an end", moves,
                player_moves, turns, True, tuple(sorted((s, l, n) for (s, l), n in used.items())))
    return (out.winner, out.rule, out.reason, moves, player_moves, turns, False,
            tuple(sorted((s, l, n) for (s, l), n in used.items())), tuple(out.scores),
            tuple(out.places(tuple(sides)).items()))


# ---------------------------------------------------- the plain random playout


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
    """Play `state` to the end with random bots on every side; chance from `rng`
    (the fastest loop: what benchmarks/referee.py measures)."""
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


def play_games(rules: Ruleset, scenario: Any, seed: int | str, indices: range,
               options: dict | None = None) -> list[GameResult]:
    start = rules.new_game(scenario, options)
    return [playout(rules, start, game_rng(seed, i)) for i in indices]


__all__ = ["GameRow", "GameResult", "PlayoutLimit", "RandomBot", "DEFAULT_CAP", "RULE_CAPPED",
           "game_rng", "label_of", "play_game", "play_games", "playout", "seats"]
