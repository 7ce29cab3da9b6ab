"""Front Line: an alternating-turn wargame on a 10 x 6 battlefield with heights,
an attack results table read by a white and a yellow die, supply chits and a
Leadership card.

Rule ids (FL-…) are defined in content/front_line/notation.md and rulings.md.
Modules: config (the scenario's tables), state, moves (values and notation),
setup (placement and the start roll), supply, movement, attack, results, cities,
edge, leadership, turn (checking and applying a turn's moves), actions (listing
them), windows, victory, view, position (hand-written positions for tests),
rules (the referee protocol), reach (the battlefield as bitmasks, for listing
moves quickly), bots (the heuristic search bots read).
"""

from toolkit.referee.rulesets.front_line.rules import RULESET, FrontLine

__all__ = ["RULESET", "FrontLine"]
