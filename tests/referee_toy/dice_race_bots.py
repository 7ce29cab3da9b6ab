"""What search bots need from Dice Race: a heuristic and samples of the hidden boost.

The only hidden fact of the game is a boost committed but not yet revealed
(DR-boost). `determinize` redraws the other side's sealed boost among the
amounts it could have committed; `evaluate` reads the track and the boosts
left, which everybody sees.
"""

from __future__ import annotations

import random
from dataclasses import replace

from tests.referee_toy.dice_race import MAX_BOOST, RaceState


def evaluate(s: RaceState, player: str) -> float:
    """Roughly -1 (lost) to 1 (won): the lead on the track, and boosts in hand."""
    i = s.sides.index(player)
    if s.phase == "over":
        if s.winner is None:
            return 0.0
        return 1.0 if s.winner == i else -1.0
    lead = (s.positions[i] - s.positions[1 - i]) / max(1, s.length - 1)
    boosts = (s.boosts[i] - s.boosts[1 - i]) / max(1, s.max_boosts)
    return max(-0.95, min(0.95, 0.8 * lead + 0.15 * boosts))


def determinize(s: RaceState, player: str, rng: random.Random) -> RaceState:
    i = s.sides.index(player)
    other = 1 - i
    if s.pending[other] is None:
        return s
    pending = list(s.pending)
    pending[other] = rng.randint(0, min(MAX_BOOST, s.boosts[other]))
    return replace(s, pending=tuple(pending))


def move_label(s: RaceState, player: str, move) -> str:
    return str(move).split()[0]


def turn_number(s: RaceState) -> int:
    return s.round


HOOKS = (staticmethod(evaluate), staticmethod(determinize), staticmethod(move_label),
         staticmethod(turn_number))
