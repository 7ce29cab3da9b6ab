"""What the referee and bot benchmarks play: the first shipped scenario of every
ruleset (the toy's own for dice_race), at each player count worth a row, and the
playing itself (a random playout through the core, python-chess for reference).

    from shipped_games import ROOT, scenarios, player_counts, start_of

Imported by benchmarks/referee.py and benchmarks/bots.py (run as scripts, so this
folder is on the path); it puts the checkout first on the path for them, ahead of
this folder (whose dsl.py is a script, not the scenario language).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import dsl  # noqa: E402
from toolkit.referee import registry  # noqa: E402

registry.register("dice_race", "tests.referee_toy.dice_race:RULESET")
TOY = ROOT / "tests" / "referee_toy" / "dice_race.scn"


def scenarios(only: set[str] | None) -> list[tuple[str, Path]]:
    """The first shipped scenario of every ruleset (the toy's own for dice_race)."""
    found = []
    for name in registry.names():
        if only and name not in only:
            continue
        paths = [TOY] if name == "dice_race" else registry.shipped_scenarios(name)
        found += [(name, path) for path in paths[:1]]
    return found


def player_counts(path: Path) -> list[int | None]:
    """For a scenario with a `players` range: its fewest, one more, and its most
    (Last Front: 2, 3 and 5); otherwise one row with all its sides (None)."""
    from toolkit.referee.players import declares_players, player_range

    scenario = dsl.load(path)
    if not declares_players(scenario):
        return [None]
    low, high = player_range(scenario)
    return sorted({low, min(low + 1, high), high})


def start_of(name: str, path: Path,
             players: int | None = None) -> tuple[Any, Any, str, tuple[str, ...]]:
    """The rules, the starting state, the row's label ("last_front 3p") and the sides."""
    from toolkit.referee.players import with_players

    rules = registry.get(name)
    scenario = dsl.load(path)
    if players is not None:
        scenario = with_players(scenario, players)
    label = name if players is None else f"{name} {players}p"
    return rules, rules.new_game(scenario), label, tuple(scenario.sides)
