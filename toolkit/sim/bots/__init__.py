"""Bots that play any ruleset through the referee protocol alone.

Strength order (measured by `benchmarks/bots.py`, figures in docs/balance.md):
random < greedy < mcts.

- `random`: a legal move at random, by the ruleset's `bot_weights` when it has them.
- `greedy`: the best-looking move one move ahead, by the ruleset's `evaluate`
  (without it: wins when it can, avoids losing at once).
- `mcts`: Monte Carlo tree search; `mcts:200` thinks 200 iterations a decision,
  `mcts:50ms` 50 milliseconds (not reproducible). Plays hidden information on
  samples from the ruleset's `determinize`.

A line-up is written `mcts:200,random`: one bot per seat in side order (the last
one repeats for the remaining seats).
"""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.referee.protocol import Ruleset
from toolkit.sim.bots.greedy import GreedyBot
from toolkit.sim.bots.mcts import MCTSBot
from toolkit.sim.bots.random_bot import RandomBot

KINDS = ("random", "greedy", "mcts")


class BotSpecError(ValueError):
    """A bot line-up that cannot be read; the message says which part and why."""


@dataclass(frozen=True, slots=True)
class BotSpec:
    """One seat's bot: `kind`, and for mcts a budget in `iterations` or `ms`."""

    kind: str
    iterations: int | None = None
    ms: int | None = None

    def __str__(self) -> str:
        if self.ms is not None:
            return f"{self.kind}:{self.ms}ms"
        if self.iterations is not None:
            return f"{self.kind}:{self.iterations}"
        return self.kind

    @classmethod
    def parse(cls, text: str) -> "BotSpec":
        kind, _, budget = text.strip().partition(":")
        kind = kind.strip().lower()
        if kind not in KINDS:
            raise BotSpecError(f"unknown bot {kind!r} in {text!r}: choose {', '.join(KINDS)}")
        if not budget:
            return cls(kind)
        if kind != "mcts":
            raise BotSpecError(f"{text!r}: only mcts takes a budget (mcts:200 or mcts:50ms)")
        budget = budget.strip().lower()
        ms = budget.endswith("ms")
        number = budget[:-2] if ms else budget
        if not number.isdigit() or int(number) < 1:
            raise BotSpecError(f"{text!r}: the budget is a whole number of iterations "
                               "(mcts:200) or of milliseconds (mcts:50ms)")
        return cls(kind, None, int(number)) if ms else cls(kind, int(number))

    def make(self, rules: Ruleset, sides: tuple[str, ...]):
        if self.kind == "random":
            return RandomBot(rules)
        if self.kind == "greedy":
            return GreedyBot(rules)
        if self.ms is not None:
            return MCTSBot(rules, sides, iterations=None, ms=self.ms)
        return MCTSBot(rules, sides, iterations=self.iterations or 200)


def parse_lineup(text: str) -> tuple[BotSpec, ...]:
    """`mcts:200,random` -> (BotSpec('mcts', 200), BotSpec('random'))."""
    parts = [p for p in text.split(",")]
    if not text.strip() or any(not p.strip() for p in parts):
        raise BotSpecError(f"{text!r}: write one bot per seat, comma-separated, "
                           "e.g. mcts:200,random")
    return tuple(BotSpec.parse(p) for p in parts)


def seat_lineup(specs: tuple[BotSpec, ...], sides: tuple[str, ...]) -> tuple[BotSpec, ...]:
    """One spec per side: as given, the last repeated; too many is an error."""
    if len(specs) > len(sides):
        raise BotSpecError(f"{len(specs)} bots for {len(sides)} seats "
                           f"({', '.join(sides)})")
    return tuple(specs) + (specs[-1],) * (len(sides) - len(specs))


__all__ = ["BotSpec", "BotSpecError", "GreedyBot", "KINDS", "MCTSBot", "RandomBot",
           "parse_lineup", "seat_lineup"]
