"""What search bots need from Dice Race: a heuristic and samples of what is hidden.

Hidden are the boosts committed but not yet revealed (DR-boost) and the trick
cards in other runners' hands (DR-trick). `determinize` redraws each other
runner's sealed boost among the amounts it could have committed, and deals the
other hands again from the cards nobody has seen (the deck and those hands);
`evaluate` reads the track and the boosts left, which everybody sees.
"""

from __future__ import annotations

import random

from tests.referee_toy.dice_race import DECK, HAND, MAX_BOOST, RaceState
from toolkit.referee.kit import zones as zn
from toolkit.referee.kit.values import evolve


def evaluate(s: RaceState, player: str) -> float:
    """Roughly -1 (lost) to 1 (won): the lead over the best other runner, and boosts."""
    i = s.sides.index(player)
    out = s.flow.outcome
    if out is not None:
        if out.winner is None:
            return 0.0
        return 1.0 if out.winner == player else -1.0
    others = [j for j in range(len(s.sides)) if j != i]
    best = max(others, key=lambda j: s.positions[j])
    lead = (s.positions[i] - s.positions[best]) / max(1, s.cfg.length - 1)
    boosts = (s.boosts[i] - s.boosts[best]) / max(1, s.cfg.max_boosts)
    return max(-0.95, min(0.95, 0.8 * lead + 0.15 * boosts))


def determinize(s: RaceState, player: str, rng: random.Random) -> RaceState:
    i = s.sides.index(player)
    pending = tuple(p if j == i or p is None else rng.randint(0, min(MAX_BOOST, s.boosts[j]))
                    for j, p in enumerate(s.pending))
    unseen = list(zn.find(s.zones, DECK).cards)
    others = [side for side in s.sides if side != player]
    sizes = {side: zn.find(s.zones, HAND, side).count for side in others}
    for side in others:
        unseen += zn.find(s.zones, HAND, side).cards
    rng.shuffle(unseen)
    zones = s.zones
    for side in others:
        dealt, unseen = unseen[:sizes[side]], unseen[sizes[side]:]
        zones = zn.put(zones, zn.Zone(HAND, "hand", side, zn.OWNER, tuple(dealt)))
    zones = zn.put(zones, zn.Zone(DECK, "deck", None, zn.COUNT, tuple(sorted(unseen))))
    return evolve(s, pending=pending, zones=zones)


def move_label(s: RaceState, player: str, move) -> str:
    return str(move).split()[0]


def turn_number(s: RaceState) -> int:
    """Rounds played: the kit counts one more once the last round wraps around."""
    return min(s.flow.round, s.cfg.rounds)


HOOKS = (staticmethod(evaluate), staticmethod(determinize), staticmethod(move_label),
         staticmethod(turn_number))
