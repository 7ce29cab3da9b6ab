"""Front Lines: a simultaneous-orders wargame on an 8 x 10 grid with fog of war.

Rules ids (FL-…) are defined in content/front_lines/rulings.md and notation.md.
Modules: config (the scenario's tables, all made when it is built), stacking,
order_table (every order value, made with the config), state, notation, orders
(legality and planning), combat, skills, turn (step-by-step resolution), fog
(views), victory, invariants, needs (what a scenario must hold, for `frontkit
check`), rules (the referee protocol).
"""

from toolkit.referee.rulesets.front_lines.rules import RULESET, FrontLines

__all__ = ["RULESET", "FrontLines"]
