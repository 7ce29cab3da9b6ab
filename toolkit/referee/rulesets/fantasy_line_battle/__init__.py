"""Fantasy Line Battle: two lines of characters, Front to rear, trading spells and
damage to the Front (content/fantasy_line_battle/: notation.md, rulings.md).

Modules: config (cards and options read from the scenario), state, moves
(notation), draws (hands, draws, limits), line (places, damage, Dying), effects
(every ability and spell as a registered primitive), select (the setup), day
(the phases of a Day), victory, view, rules.
"""

from toolkit.referee.rulesets.fantasy_line_battle.rules import RULESET, FantasyLineBattle

__all__ = ["RULESET", "FantasyLineBattle"]
