"""How many play: a scenario may say `players 2-5` (its sides are seats, of which
the first N play). `with_players(scenario, n)` is the scenario narrowed to its first
`n` sides, which is all a ruleset is ever given: rulesets play the sides of the
scenario they get and never hear of `--players`. Without a count the smallest the
scenario allows is played (docs/referee.md, "Players")."""

from __future__ import annotations

import dataclasses
from typing import Any

from dsl.model import Range

#: The record header line that says how many played.
HEADER = "players"


class PlayerCountError(ValueError):
    """A player count the scenario does not allow (the message says which it does)."""


def player_range(scenario: Any) -> tuple[int, int]:
    """The fewest and most players the scenario allows: its `players` field (`2-5`,
    `2+`, `3`), capped by its number of sides; without one, exactly its sides."""
    sides = len(scenario.sides)
    value = scenario.fields.get(HEADER) if getattr(scenario, "fields", None) else None
    if isinstance(value, Range):
        return value.low, min(sides, value.high if value.high is not None else sides)
    if isinstance(value, int) and not isinstance(value, bool):
        return value, value
    return sides, sides


def default_players(scenario: Any) -> int:
    """The count played when none is given: the smallest the scenario allows."""
    return player_range(scenario)[0]


def with_players(scenario: Any, n: int | None) -> Any:
    """`scenario` with only its first `n` sides (None: the default count)."""
    low, high = player_range(scenario)
    if n is None:
        n = low
    if not low <= n <= high:
        allowed = f"{low}" if low == high else f"{low} to {high}"
        raise PlayerCountError(f"{scenario.path}: {n} players: this scenario is for {allowed} "
                               f"players (sides {', '.join(scenario.sides[:high])})")
    if n == len(scenario.sides):
        return scenario
    return dataclasses.replace(scenario, sides=tuple(scenario.sides[:n]))


def declares_players(scenario: Any) -> bool:
    return player_range(scenario) != (len(scenario.sides), len(scenario.sides))
