"""Lines and Webs: a node-and-link wargame of supply. Fifteen turns of seven
phases: deploy from the offshore delivery queue, spend resource points, transport
supplies, issue secret mission orders, roll for initiative, execute orders in turn
(movement for fuel, combat on the d12 for ammunition, field artillery from afar),
and eat and reset. Rule ids (LW-…) are defined in content/lines_and_webs/notation.md
and rulings.md.

Modules: config (the scenario as tables), state, setup, network (the map as graph
queries), units (blocks and tracker cards), delivery (phase 1), spending (2),
transport (3), orders (4 and the initiative roll), execute (6), combat and
artillery (engagements), special (the special cards), consumption (7), victory,
view, moves (notation), bots (weights), roles (the four-player seats),
rules (the referee protocol).
"""

from toolkit.referee.rulesets.lines_and_webs.rules import RULESET, LinesAndWebs

__all__ = ["RULESET", "LinesAndWebs"]
