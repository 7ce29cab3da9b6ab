"""The rules kit: what every ruleset shares, so a game is a small package of
`config`, `state`, `phases`, `moves`, `effects` and `view` modules.

- `phases`: the turn structure as data (`Phase`, who acts, how long; `Window`
  for reactions, rolls and choices opened inside a phase; the scenario's
  turn-sequence table checked against it);
- `flow`: where a game stands in that structure (a value inside the state);
- `rules`: `KitRules`, which derives `decision()` from the phases and routes
  `apply()` to the phase's handler;
- `zones`: decks, hands, piles, displays and bids with an owner and a
  visibility; draws are chance decisions made from a zone;
- `board`: a board's spaces and links as a value, with its step and reach
  tables worked out once per board;
- `pieces`: the pieces on a board, a value in the state indexed by space and side;
- `tables`: results looked up by dice (`roll_on`, column shifts);
- `effects`: the registry of effect primitives with typed parameters;
- `needs`: what a ruleset needs of a scenario, checked at `frontkit check`;
- `view`: the common view every game's display is drawn from.
"""

from toolkit.referee.kit.effects import Effects
from toolkit.referee.kit.flow import Flow, clockwise, open_window, with_flow
from toolkit.referee.kit.needs import Needs
from toolkit.referee.kit.phases import (
    ALL_PASS, AUTO, CHANCE, HANDLER, ONCE, REACT, SIDE, TOGETHER, TURNS, Phase, Window)
from toolkit.referee.kit.rules import KitRules, stable_hash
from toolkit.referee.kit.tables import roll_on
from toolkit.referee.kit.view import View
from toolkit.referee.kit.zones import Zone

__all__ = [
    "Effects", "Flow", "clockwise", "open_window", "with_flow", "Needs", "Phase", "Window",
    "ALL_PASS", "AUTO", "CHANCE", "HANDLER", "ONCE", "REACT", "SIDE", "TOGETHER", "TURNS",
    "KitRules", "stable_hash", "roll_on", "View", "Zone",
]
